"""Build Doolhof as a standalone app, and put its Linux desktop files in place.

    python scripts/build_app.py                    # dist/doolhof/: the one-folder app for this platform
    python scripts/build_app.py --check            # build, then check the app against the package
    python scripts/build_app.py --check-only       # check an app built before
    python scripts/build_app.py --check --archive  # ... and pack it to hand out: dist/doolhof-<version>-<platform>.*
    python scripts/build_app.py --icons            # re-render packaging/linux/icons/ from our SVG
    python scripts/build_app.py --install-desktop  # menu entry, icons and metainfo for the current user

The build uses PyInstaller (``pip install -e '.[build]'``) and only what pip installed: nothing is
downloaded. It makes ``dist/doolhof/`` holding the ``doolhof`` executable (``doolhof.exe`` without
a console window on Windows; on macOS also ``dist/doolhof.app``) with every drawing, sound and
translation inside, and the app icon. The data files are taken from the installed ``doolhof``
package (what ``doolhof.gui.kit.assets.assets_dir`` and ``doolhof.i18n.locale_dir`` find), so the
app holds exactly what the package plays with. Each app also gets ``LICENSE.txt`` and
``THIRD-PARTY-NOTICES.txt``, written from what is really inside it (:func:`notices_text`); the
Windows ``.exe`` a version resource, the macOS bundle our ``Info.plist`` entries, the Linux folder
its menu files and ``install.sh``.

``--check`` renders ``doolhof screenshot OUT --scene play --size 800x600 --seed 3 --turns 3`` with
the built app and with the package, in strict mode (a missing drawing is an error), and fails
unless both PNGs are the same bytes, the app printed nothing on stderr and its licence and notices
are complete (:func:`notice_problems`). It also reports the
app's size and its start-up time to the first frame. Only the Linux build has been tried; the
Windows and macOS branches follow PyInstaller's documentation (see ``docs/releasing.md``).
"""

from __future__ import annotations

import argparse
import filecmp
import importlib
import importlib.metadata
import json
import os
import platform as host
import plistlib
import re
import shutil
import stat
import statistics
import struct
import subprocess
import sys
import sysconfig
import tempfile
import time
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.doolhof.Doolhof"
NAME = "doolhof"
LINUX = ROOT / "packaging" / "linux"
ICONS = LINUX / "icons" / "hicolor"
#: The hicolor sizes a desktop looks for (the SVG covers the rest as ``scalable``).
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
DIST = ROOT / "dist"
WORK = ROOT / "build" / "app"
#: The asset files the package ships (as in pyproject.toml's package-data).
ASSET_PATTERNS = ("*.svg", "*.wav", "*.ogg", "*.ttf", "*.json")
#: Data files beside the package's code (as in pyproject.toml's package-data): the puzzle book, the release's relays.
PACKAGE_DATA = ("engine/puzzles.json", "online/relays.txt")
#: The screenshot both the package and the built app draw for --check.
CHECK_SHOT = ("screenshot", "{out}", "--scene", "play", "--size", "800x600", "--seed", "3", "--turns", "3")
#: Modules PyInstaller would pull in through optional imports, which the game never uses.
#: Windows apps are built without a console (no stdout): the checks cannot read what they print.
WINDOWED = sys.platform.startswith("win")
EXCLUDES = ("tkinter", "numpy", "PIL", "pytest", "hypothesis", "mypy", "setuptools", "pydoc", "unittest")


# ----- icons ------------------------------------------------------------------------------
def app_icon_svg() -> Path:
    """The app icon's SVG in the installed package."""
    from doolhof.gui.kit.assets import APP_ICON, asset

    return asset(*APP_ICON)


def render_png(svg: Path, px: int) -> bytes:
    """*svg* rendered at *px* x *px* as PNG bytes (pygame's SVG renderer, as in the game)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.image.load_sized_svg(str(svg), (px, px))
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "icon.png"
        pygame.image.save(surface, str(out))
        return out.read_bytes()


def write_icons(root: Path = ICONS) -> list[Path]:
    """Render the hicolor icons (``<n>x<n>/apps/<id>.png``) and copy the SVG as ``scalable``; returns the files."""
    svg = app_icon_svg()
    written = []
    for px in ICON_SIZES:
        target = root / f"{px}x{px}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(render_png(svg, px))
        written.append(target)
    scalable = root / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(svg, scalable)
    return [*written, scalable]


def ico_bytes(pngs: Sequence[tuple[int, bytes]]) -> bytes:
    """A Windows ``.ico`` holding the PNG images *pngs* (size, bytes); PNG entries work since Windows Vista."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = 6 + 16 * len(pngs)
    entries, blobs = b"", b""
    for px, data in pngs:
        side = 0 if px >= 256 else px  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def icns_bytes(pngs: Sequence[tuple[int, bytes]]) -> bytes:
    """A macOS ``.icns`` holding the PNG images *pngs* (size, bytes) of the sizes macOS names."""
    types = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
    chunks = b"".join(types[px] + struct.pack(">I", 8 + len(data)) + data for px, data in pngs if px in types)
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


# ----- the desktop files ------------------------------------------------------------------
def xdg_data_home(environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset or not absolute (as the XDG spec says)."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local" / "share"


def installed_command() -> str:
    """What the menu entry starts: the built app when there is one, else the installed ``doolhof`` command."""
    built = DIST / NAME / NAME
    if built.is_file():
        return str(built)
    found = shutil.which(NAME) or str(Path(sys.executable).with_name(NAME))
    return found if Path(found).is_file() else f"{sys.executable} -m {NAME}"


def install_desktop(data_home: Path | None = None, command: str | None = None) -> list[Path]:
    """Put the menu entry, the icons and the metainfo into *data_home* (default: the user's); returns the files.

    The entry's ``Exec`` is *command* (default :func:`installed_command`), since the user's folders
    are usually not on the menu's ``PATH``.
    """
    home = data_home or xdg_data_home()
    exec_line = command or installed_command()
    quoted = exec_line if " " not in exec_line or exec_line.startswith(sys.executable) else f'"{exec_line}"'
    desktop = (LINUX / f"{APP_ID}.desktop").read_text(encoding="utf-8").replace("Exec=doolhof", f"Exec={quoted}")
    written = []
    target = home / "applications" / f"{APP_ID}.desktop"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(desktop, encoding="utf-8")
    written.append(target)
    metainfo = home / "metainfo" / f"{APP_ID}.metainfo.xml"
    metainfo.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(LINUX / f"{APP_ID}.metainfo.xml", metainfo)
    written.append(metainfo)
    for icon in sorted(ICONS.rglob(f"{APP_ID}.*")):
        target = home / "icons" / "hicolor" / icon.relative_to(ICONS)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(icon, target)
        written.append(target)
    for tool in (["update-desktop-database", str(home / "applications")],
                 ["gtk-update-icon-cache", "-f", "-t", str(home / "icons" / "hicolor")]):
        if shutil.which(tool[0]):  # menus pick the entry up sooner; without the tools they do at next login
            subprocess.run(tool, check=False, capture_output=True)
    return written


# ----- licences and notices ---------------------------------------------------------------
#: The licence texts (one per SPDX id) and what the app bundles besides Python packages.
LICENSES = ROOT / "packaging" / "licenses"
NOTICES = "THIRD-PARTY-NOTICES.txt"
#: Distributions in the app besides the game's requirements: PyInstaller's bootloader starts it.
EMBEDDED_TOOLS = ("pyinstaller",)
_LIBRARY = re.compile(r"\.(dll|dylib)$|\.so(\.\d+)*$", re.IGNORECASE)
_EXTENSION = re.compile(r"\.(cpython-|abi3\.|pypy)", re.IGNORECASE)
LGPL_NOTE = """\
Replacing the LGPL libraries
----------------------------
The libraries above marked [LGPL] are under the GNU Lesser General Public License. You may replace
them with versions of your own (modified or not), and the licence lets you:

* The native libraries are separate files inside the app folder (the paths are listed with each
  library). Build your version of the same library with the same name and interface, and put it in
  place of the file; the app loads whatever file is there when it starts.
* pygame-ce: its compiled modules are the files in the app's "pygame" folder, its Python modules are
  inside the app's archive. Doolhof's complete source is public (MIT licence, see LICENSE.txt):
  install your version of pygame-ce (or of any library here) into a Python environment with Doolhof's
  source, and run "python scripts/build_app.py" there to get the same app built with your version.
  docs/releasing.md in the source explains the build.
* The source code of each LGPL library, in the version named here, is at the address listed with it
  (for pygame-ce also as its source release on PyPI, https://pypi.org/project/pygame-ce/).
"""


@dataclass(frozen=True)
class Component:
    """One third-party work inside the app, as its notice names it."""

    name: str
    licence: str
    copyright: str = ""
    url: str = ""
    version: str = ""
    files: tuple[str, ...] = ()  # where it is in the app, relative to the app folder
    texts: tuple[tuple[str, str], ...] = ()  # its own licence files (title, text); else the texts of `licence`
    lgpl: bool = False

    @property
    def title(self) -> str:
        """The component's heading line in the notices."""
        return f"* {self.name}{' ' + self.version if self.version else ''}: {self.licence}{' [LGPL]' * self.lgpl}"


def _components_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LICENSES / "components.json").read_text(encoding="utf-8"))
    return data


def licence_ids(expression: str) -> list[str]:
    """The licence (and exception) ids of an SPDX *expression*, as named by the files in ``packaging/licenses``.

    >>> licence_ids("GPL-3.0-or-later WITH GCC-exception-3.1"), licence_ids("IJG AND (MIT OR Zlib)")
    (['GPL-3.0', 'GCC-exception-3.1'], ['IJG', 'MIT', 'Zlib'])
    """
    tokens = re.findall(r"[A-Za-z0-9.+-]+", expression)
    ids = [re.sub(r"(-only|-or-later|\+)$", "", t) for t in tokens if t not in ("AND", "OR", "WITH")]
    return list(dict.fromkeys(ids))


def library_stem(filename: str) -> str:
    """A native library's file name without ``lib``, build hash, processor, version and extension, lower case.

    >>> [library_stem(n) for n in ("libSDL2-2-50d19f93.0.so.0.3200.10", "zlib1.dll", "libcrypto-3-x64.dll")]
    ['sdl2-2', 'zlib1', 'crypto-3']
    """
    stem = filename.lower().removeprefix("lib").split(".")[0]
    return re.sub(r"-([0-9a-f]{8}|x64|x86|arm64)$", "", stem)


def native_component(filename: str, table: Sequence[dict[str, Any]] | None = None) -> dict[str, Any] | None:
    """The entry of ``components.json`` whose pattern names the library *filename*, or None.

    >>> [native_component(n)["name"] for n in ("libSDL2_mixer-2-6719e6f6.0.so.0.800.2", "SDL2.dll", "libz.so.1")]
    ['SDL_mixer', 'SDL 2', 'zlib']
    >>> native_component("libmystery.so.1") is None
    True
    """
    stem = library_stem(filename)
    for entry in _components_data()["native"] if table is None else table:
        if re.fullmatch(f"(?:{entry['pattern']})[-_\\d]*", stem):
            return entry
    return None


def bundled_libraries(app: Path) -> list[Path]:
    """The native shared libraries inside *app* (Python's extension modules are parts of their packages)."""
    return sorted(p for p in app.rglob("*") if p.is_file() and not p.is_symlink() and _LIBRARY.search(p.name)
                  and not _EXTENSION.search(p.name) and p.suffix.lower() != ".pyd")


def _requirement_names(dist: importlib.metadata.Distribution) -> list[str]:
    """The names of what *dist* needs at run time on this system (extras left out)."""
    names = []
    for line in dist.requires or []:
        requirement, _, marker = line.partition(";")
        if "extra" in marker:
            continue
        if marker.strip():
            from packaging.markers import Marker  # PyInstaller's own dependency, so present at build time

            if not Marker(marker).evaluate():
                continue
        names.append(re.split(r"[\s<>=!~\[(]", requirement.strip(), maxsplit=1)[0])
    return names


def python_distributions(root: str = NAME) -> list[importlib.metadata.Distribution]:
    """The installed distributions the app carries: what *root* needs at run time (and what that needs), and
    :data:`EMBEDDED_TOOLS`; *root* itself is not third-party."""
    seen: dict[str, importlib.metadata.Distribution] = {}
    todo = [*_requirement_names(importlib.metadata.distribution(root)), *EMBEDDED_TOOLS]
    while todo:
        name = todo.pop(0)
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            continue
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue  # not installed here, so not in the app either
        seen[key] = dist
        if name not in EMBEDDED_TOOLS:
            todo += _requirement_names(dist)
    return sorted(seen.values(), key=lambda d: _field(d, "Name").lower())


def _own_licence_texts(dist: importlib.metadata.Distribution) -> tuple[tuple[str, str], ...]:
    """The licence files *dist* installed, as (title, text)."""
    wanted = {Path(name).name for name in dist.metadata.get_all("License-File") or []}
    texts = []
    for file in dist.files or []:
        if file.name in wanted or "licenses" in file.parts[:-1]:
            path = Path(str(file.locate()))
            if path.is_file():
                texts.append((f"{_field(dist, 'Name')} {dist.version}: {file.name}",
                              path.read_text(encoding="utf-8", errors="replace")))
    return tuple(dict.fromkeys(texts))


def _field(dist: importlib.metadata.Distribution, key: str) -> str:
    """The metadata field *key* of *dist*, or "" (PackageMetadata's ``[]`` of a missing key is deprecated)."""
    return str((dist.metadata.get_all(key) or [""])[0]).strip()


def _home_page(dist: importlib.metadata.Distribution) -> str:
    """*dist*'s home page (or source repository) among its project URLs, else its Home-page field."""
    urls: dict[str, str] = {}
    for entry in dist.metadata.get_all("Project-URL") or []:
        label, _, url = str(entry).partition(",")
        urls.setdefault(label.strip().lower(), url.strip())
    for label in ("homepage", "home", "source", "source code", "repository"):
        if urls.get(label):
            return urls[label]
    return _field(dist, "Home-page")


def _python_licence(dist: importlib.metadata.Distribution) -> str:
    expression = _field(dist, "License-Expression")
    if expression:
        return expression
    licence = _field(dist, "License")
    if licence and "\n" not in licence and len(licence) < 80:
        return licence
    classifiers = [c.split(" :: ")[-1] for c in dist.metadata.get_all("Classifier") or [] if c.startswith("License ::")]
    return " AND ".join(classifiers)


def components(app: Path) -> tuple[list[Component], list[str]]:
    """Every third-party work in *app* with its licence, and the problems found (an unknown library, a licence
    without its text)."""
    data = _components_data()
    problems: list[str] = []
    found: list[Component] = []
    python_text = _python_licence_file()
    found.append(Component("Python", "PSF-2.0", "Copyright (c) 2001 Python Software Foundation. All rights reserved.",
                           "https://www.python.org", host.python_version(), (),
                           (("Python: LICENSE", python_text.read_text(encoding="utf-8")),)))
    for dist in python_distributions():
        name = _field(dist, "Name")
        extra = data["python"].get(name.lower(), {})
        own = _own_licence_texts(dist)
        found.append(Component(name, extra.get("licence") or _python_licence(dist), extra.get("copyright", ""),
                               extra.get("url") or _home_page(dist), dist.version, (), own,
                               bool(extra.get("lgpl"))))
    by_entry: dict[str, list[str]] = {}
    for library in bundled_libraries(app):
        entry = native_component(library.name, data["native"])
        if entry is None:
            problems.append(f"no licence known for the bundled library {library.relative_to(app)}: add it to "
                            "packaging/licenses/components.json")
            continue
        if entry["name"] == "Python":
            continue  # the interpreter is listed first
        by_entry.setdefault(entry["name"], []).append(library.relative_to(app).as_posix())
    for entry in data["native"]:
        if entry["name"] in by_entry:
            found.append(Component(entry["name"], entry["licence"], entry["copyright"], entry["url"], "",
                                   tuple(by_entry[entry["name"]]), (), bool(entry.get("lgpl"))))
    for font in sorted(p for p in app.rglob("*") if p.suffix.lower() in (".ttf", ".otf") and p.is_file()):
        entry = next((f for f in data["fonts"] if f["file"] == font.name), None)
        if entry is None:
            problems.append(f"no licence known for the bundled font {font.relative_to(app)}: add it to "
                            "packaging/licenses/components.json")
            continue
        found.append(Component(entry["name"], entry["licence"], entry["copyright"], entry["url"], "",
                               (font.relative_to(app).as_posix(),)))
    for component in found:
        if not component.licence:
            problems.append(f"{component.name} {component.version} names no licence")
        elif not component.texts:
            problems += [f"no text of the licence {lid} ({component.name}): add packaging/licenses/{lid}.txt"
                         for lid in licence_ids(component.licence) if not (LICENSES / f"{lid}.txt").is_file()]
    return found, problems


def _python_licence_file() -> Path:
    """The running Python's own LICENSE.txt (python.org and Debian builds carry it), else our copy of it."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    for candidate in (stdlib / "LICENSE.txt", Path(sys.base_prefix) / "LICENSE.txt"):
        if candidate.is_file():
            return candidate
    return LICENSES / "PSF-2.0.txt"


def notices_text(app: Path) -> tuple[str, list[str]]:
    """The text of *app*'s :data:`NOTICES` and the problems found while writing it (see :func:`components`)."""
    import doolhof

    found, problems = components(app)
    title = f"Doolhof {doolhof.__version__}: third-party notices"
    lines = [title, "=" * len(title), "",
             "Doolhof itself (its code, drawings and sounds) is free software under the MIT licence (LICENSE.txt",
             "beside this file). The app also holds the following works of others, each under its own licence;",
             "the licence texts follow at the end.",
             ""]
    sections = (("Python and its packages", [c for c in found if not c.files]),
                ("Native libraries", [c for c in found if c.files and not c.files[0].endswith((".ttf", ".otf"))]),
                ("Fonts", [c for c in found if c.files and c.files[0].endswith((".ttf", ".otf"))]))
    for heading, members in sections:
        lines += [heading, "-" * len(heading)]
        for c in members:
            lines.append(c.title)
            lines += [f"  {text}" for text in (c.copyright, c.url) if text]
            lines += [f"  in the app: {file}" for file in c.files]
        lines.append("")
    if any(c.lgpl for c in found):
        lines += [LGPL_NOTE]
    lines += ["Licence texts", "=============", ""]
    shown: set[str] = set()
    for c in found:
        texts = c.texts or tuple((lid, (LICENSES / f"{lid}.txt").read_text(encoding="utf-8"))
                                 for lid in licence_ids(c.licence) if (LICENSES / f"{lid}.txt").is_file())
        for name, text in texts:
            if name not in shown:
                shown.add(name)
                lines += [f"----- {name} -----", "", text.strip(), ""]
    return "\n".join(lines), problems


def licence_folders(app: Path) -> list[Path]:
    """Where *app* carries its LICENSE.txt and notices: the app folder, and inside a macOS ``.app`` beside it."""
    bundle = app.parent / f"{NAME}.app" / "Contents" / "Resources"
    return [app, *([bundle] if bundle.is_dir() else [])]


def write_notices(app: Path) -> list[str]:
    """Put LICENSE.txt and :data:`NOTICES` into *app* (see :func:`licence_folders`); returns the problems found."""
    text, problems = notices_text(app)
    for folder in licence_folders(app):
        shutil.copyfile(ROOT / "LICENSE", folder / "LICENSE.txt")
        (folder / NOTICES).write_text(text, encoding="utf-8")
    return problems


def notice_problems(app: Path) -> list[str]:
    """What is missing from *app*'s licence and notices: a file, a component, a licence text, or a stale notice."""
    expected, problems = notices_text(app)
    found, _ = components(app)
    for folder in licence_folders(app):
        where = folder.relative_to(app.parent)
        notice, licence = folder / NOTICES, folder / "LICENSE.txt"
        if not licence.is_file() or licence.read_bytes() != (ROOT / "LICENSE").read_bytes():
            problems.append(f"{where / 'LICENSE.txt'} is missing or not our LICENSE")
        if not notice.is_file():
            problems.append(f"{where / NOTICES} is missing")
            continue
        text = notice.read_text(encoding="utf-8")
        missing = [c.title for c in found if c.title not in text]
        missing += [file for c in found for file in c.files if file not in text]
        if any(c.lgpl for c in found) and LGPL_NOTE not in text:
            missing.append("how to replace the LGPL libraries")
        problems += [f"{where / NOTICES} does not name: {item}" for item in missing]
        if not missing and text != expected:
            problems.append(f"{where / NOTICES} is out of date (licence texts differ): build again")
    return problems


# ----- what each system's app carries besides PyInstaller's output ------------------------
WINDOWS = ROOT / "packaging" / "windows"
NSIS_SCRIPT = WINDOWS / "doolhof.nsi"
#: The macOS bundle's Info.plist entries beyond PyInstaller's (the category shows in Finder and the App Store).
MAC_CATEGORY = "public.app-category.kids-games"
#: The Linux user install script inside the tarball (packaging/linux/install.sh).
INSTALL_SCRIPT = LINUX / "install.sh"


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """*version* as the four numbers of a Windows version resource.

    >>> version_tuple("0.1.0"), version_tuple("1.2.3rc1"), version_tuple("2.0.0.post4")
    ((0, 1, 0, 0), (1, 2, 3, 0), (2, 0, 0, 4))
    """
    release = re.match(r"\d+(?:\.\d+)*", version)
    parts = [int(n) for n in release.group(0).split(".")] if release else []
    post = re.search(r"\.post(\d+)", version)
    major, minor, micro = (parts + [0, 0, 0])[:3]
    return (major, minor, micro, int(post.group(1)) if post else 0)


def windows_version_file(version: str) -> str:
    """PyInstaller's ``--version-file`` text: the version and names Windows shows in the ``.exe``'s properties."""
    numbers = version_tuple(version)
    strings = {
        "CompanyName": "The Doolhof developers", "FileDescription": "Doolhof", "FileVersion": version,
        "InternalName": NAME, "LegalCopyright": "Copyright (c) 2026 the Doolhof developers (MIT licence)",
        "OriginalFilename": f"{NAME}.exe", "ProductName": "Doolhof", "ProductVersion": version,
    }
    fields = ",\n".join(f"          StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return f"""\
# Made by scripts/build_app.py from doolhof.__version__: the .exe's version resource.
VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
{fields}
      ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def info_plist(plist: dict[str, Any], version: str) -> dict[str, Any]:
    """PyInstaller's Info.plist *plist* with our bundle id, version, names, category and languages."""
    return {
        **plist, "CFBundleIdentifier": APP_ID, "CFBundleName": "Doolhof", "CFBundleDisplayName": "Doolhof",
        "CFBundleShortVersionString": version, "CFBundleVersion": version,
        "LSApplicationCategoryType": MAC_CATEGORY, "NSHighResolutionCapable": True,
        "CFBundleDevelopmentRegion": "en", "CFBundleLocalizations": ["en", "nl", "de", "sv"],
        "NSHumanReadableCopyright": "Copyright (c) 2026 the Doolhof developers (MIT licence)",
    }


def finish_mac_bundle(bundle: Path, version: str) -> None:
    """Write our Info.plist entries into *bundle* and sign it again (ad hoc), since the plist is sealed."""
    path = bundle / "Contents" / "Info.plist"
    with path.open("rb") as handle:
        plist = plistlib.load(handle)
    with path.open("wb") as handle:
        plistlib.dump(info_plist(plist, version), handle)
    if shutil.which("codesign"):
        subprocess.run(["codesign", "--force", "--deep", "--sign", "-", str(bundle)], check=True)


def add_linux_desktop_files(app: Path) -> None:
    """Put the menu entry, metainfo, icons and ``install.sh`` (menu entry for this user) into the Linux *app*."""
    share = app / "share"
    _copy(LINUX / f"{APP_ID}.desktop", share / "applications" / f"{APP_ID}.desktop")
    _copy(LINUX / f"{APP_ID}.metainfo.xml", share / "metainfo" / f"{APP_ID}.metainfo.xml")
    for icon in sorted(ICONS.rglob(f"{APP_ID}.*")):
        _copy(icon, share / "icons" / "hicolor" / icon.relative_to(ICONS))
    _copy(INSTALL_SCRIPT, app / "install.sh")
    (app / "install.sh").chmod(0o755)


def zip_tree(root: Path, out: Path) -> Path:
    """Zip the folder *root* (as ``<root name>/...``) into *out*, keeping symlinks as links and Unix modes.

    ``shutil.make_archive`` follows links: a directory link becomes a copy or an empty folder, a file link
    a copy, and a macOS ``.app`` made by PyInstaller needs them (``Contents/Frameworks`` links into
    ``Resources``). A link is stored as Info-ZIP does (and Archive Utility and ``ditto`` read it): mode
    ``S_IFLNK`` in the entry's external attributes, the link's target as its content.
    """
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in [root, *sorted(root.rglob("*"))]:
            name = path.relative_to(root.parent).as_posix()
            mode = os.lstat(path).st_mode
            if path.is_symlink():
                info = zipfile.ZipInfo(name)
                info.create_system = 3  # Unix: the external attributes hold the mode
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                archive.writestr(info, os.readlink(path), zipfile.ZIP_STORED)
            elif path.is_dir():
                info = zipfile.ZipInfo(name + "/")
                info.create_system = 3
                info.external_attr = (stat.S_IFDIR | stat.S_IMODE(mode)) << 16 | 0x10  # 0x10: MS-DOS directory
                archive.writestr(info, b"")
            else:
                archive.write(path, name)  # zipfile stores a file's Unix mode itself
    return out


def find_makensis() -> str | None:
    """NSIS's compiler: on the PATH, or where the NSIS installer puts it on Windows."""
    found = shutil.which("makensis")
    folders = [os.environ.get(v, "") for v in ("ProgramFiles(x86)", "ProgramFiles")]
    candidates = [Path(f) / "NSIS" / "makensis.exe" for f in folders if f]
    return found or next((str(c) for c in candidates if c.is_file()), None)


def windows_installer(app: Path, out: Path, version: str, makensis: str | None = None,
                      icon: Path = WORK / "doolhof.ico") -> Path:
    """Compile ``packaging/windows/doolhof.nsi`` around the app folder *app* into the installer *out*."""
    compiler = makensis or find_makensis()
    if compiler is None:
        raise SystemExit("NSIS is missing: install it (https://nsis.sourceforge.io, or `choco install nsis`)"
                         " to make the Windows installer")
    flag = "/" if compiler.lower().endswith(".exe") else "-"  # makensis on Windows takes /D, elsewhere -D
    done = subprocess.run([compiler, f"{flag}V2", f"{flag}WX", f"{flag}DVERSION={version}",
                           f"{flag}DNUMERIC_VERSION={'.'.join(map(str, version_tuple(version)))}",
                           f"{flag}DSOURCE={app.resolve()}", f"{flag}DOUTFILE={out.resolve()}",
                           f"{flag}DLICENSE={(ROOT / 'LICENSE').resolve()}", f"{flag}DICON={icon.resolve()}",
                           str(NSIS_SCRIPT)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0 or not out.is_file():
        raise SystemExit(f"makensis failed:\n{done.stdout}\n{done.stderr}")
    return out


# ----- the app ----------------------------------------------------------------------------
def _stage(stage: Path) -> None:
    """Copy the installed package into *stage*: its code to ``src/doolhof`` (where PyInstaller looks for it;
    an editable install's import hook is invisible to it) and its data files (drawings, sounds, compiled
    translations) to ``data/doolhof``."""
    import doolhof
    from doolhof.gui.kit.assets import assets_dir
    from doolhof.i18n import locale_dir

    if stage.exists():
        shutil.rmtree(stage)
    package = Path(doolhof.__file__).resolve().parent
    for source in package.rglob("*.py"):
        _copy(source, stage / "src" / "doolhof" / source.relative_to(package))
    _copy(assets_dir() / "__init__.py", stage / "src" / "doolhof" / "assets" / "__init__.py")
    for pattern in ASSET_PATTERNS:
        for source in assets_dir().rglob(pattern):
            _copy(source, stage / "data" / "doolhof" / "assets" / source.relative_to(assets_dir()))
    for source in locale_dir().glob("*/LC_MESSAGES/*.mo"):
        _copy(source, stage / "data" / "doolhof" / "locale" / source.relative_to(locale_dir()))
    for name in PACKAGE_DATA:  # importlib.resources finds them beside the frozen modules
        _copy(package / name, stage / "data" / "doolhof" / name)


def _package() -> Path:
    """The installed ``doolhof`` package's folder."""
    import doolhof

    return Path(doolhof.__file__).resolve().parent


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def build(platform: str = sys.platform) -> Path:
    """Build the one-folder app for this platform with PyInstaller; returns ``dist/doolhof``."""
    try:
        pyinstaller = importlib.import_module("PyInstaller.__main__")
    except ImportError:
        raise SystemExit("PyInstaller is missing: pip install -e '.[build]'") from None
    import doolhof

    stage = WORK / "stage"
    _stage(stage)
    svg = app_icon_svg()
    pngs = [(px, render_png(svg, px)) for px in (16, 32, 48, 64, 128, 256, 512)]
    args = [
        str(ROOT / "packaging" / "app_main.py"), "--name", NAME, "--onedir", "--noconfirm", "--clean",
        "--distpath", str(DIST), "--workpath", str(WORK / "work"), "--specpath", str(WORK),
        "--paths", str(stage / "src"), "--add-data", f"{stage / 'data' / 'doolhof'}{os.pathsep}doolhof",
        "--hidden-import", "doolhof.assets", "--log-level", "WARN",
    ]
    for module in EXCLUDES:
        args += ["--exclude-module", module]
    if platform.startswith("win"):  # untried: no console window, the icon on the .exe, version in its properties
        icon = WORK / "doolhof.ico"
        icon.write_bytes(ico_bytes([(px, data) for px, data in pngs if px <= 256]))
        version_file = WORK / "version.txt"
        version_file.write_text(windows_version_file(doolhof.__version__), encoding="utf-8")
        args += ["--windowed", "--icon", str(icon), "--version-file", str(version_file)]
    elif platform == "darwin":  # untried: --windowed makes dist/doolhof.app beside dist/doolhof/
        icon = WORK / "doolhof.icns"
        icon.write_bytes(icns_bytes(pngs))
        args += ["--windowed", "--icon", str(icon), "--osx-bundle-identifier", APP_ID]
    else:  # Linux: the menu entry carries the icon (--install-desktop); the SVG is inside for the window
        args += ["--strip"]  # debugging symbols out of the shared libraries: a third smaller
    WORK.mkdir(parents=True, exist_ok=True)
    pyinstaller.run(args)
    app = DIST / NAME
    (app / "VERSION").write_text(doolhof.__version__ + "\n", encoding="utf-8")
    if platform.startswith("linux"):
        add_linux_desktop_files(app)
    bundle = DIST / f"{NAME}.app"
    for problem in write_notices(app):  # --check fails on these; the build itself goes on
        print(f"WARNING: {problem}", file=sys.stderr)
    if platform == "darwin" and bundle.is_dir():  # last: it signs the bundle again
        finish_mac_bundle(bundle, doolhof.__version__)
    return app


def archive(app: Path = DIST / NAME, platform: str = sys.platform) -> list[Path]:
    """Pack the built app for handing out; returns the files made in ``dist/``.

    ``doolhof-<version>-<system>-<machine>.tar.gz`` on Linux, a ``.zip`` on Windows (with the installer
    ``...-setup.exe`` beside it) and on macOS (holding ``doolhof.app``, its symlinks kept: :func:`zip_tree`).
    """
    import doolhof

    system = {"win32": "windows", "darwin": "macos", "linux": "linux"}.get(platform, platform)
    base = DIST / f"{NAME}-{doolhof.__version__}-{system}-{host.machine().lower()}"
    if platform == "darwin":  # untried: the .app bundle is what a family opens
        return [zip_tree(DIST / f"{NAME}.app", base.with_name(base.name + ".zip"))]
    if platform.startswith("win"):  # untried: the portable zip and the Start-menu installer
        portable = Path(shutil.make_archive(str(base), "zip", app.parent, app.name))
        return [portable, windows_installer(app, base.with_name(base.name + "-setup.exe"), doolhof.__version__)]
    return [Path(shutil.make_archive(str(base), "gztar", app.parent, app.name))]


def executable(app: Path = DIST / NAME) -> Path:
    """The built app's executable."""
    return app / (NAME + ".exe" if sys.platform.startswith("win") else NAME)


def folder_size(folder: Path) -> int:
    """Bytes of all files below *folder*."""
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def check_env() -> dict[str, str]:
    """The environment of the check runs: headless, quiet, strict, and out of the user's folders."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOOLHOF_")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DOOLHOF_STRICT="1",
               PYGAME_HIDE_SUPPORT_PROMPT="1", DOOLHOF_HOME=tempfile.mkdtemp(prefix="doolhof-check-"))
    return env


def check(app: Path = DIST / NAME) -> dict[str, float]:
    """Compare the built app with the package (see the module notes); returns its size and start-up time.

    Raises SystemExit on any difference.
    """
    exe = executable(app)
    if not exe.is_file():
        raise SystemExit(f"no built app at {exe}: run python scripts/build_app.py first")
    env = check_env()
    with tempfile.TemporaryDirectory() as folder:
        ours, theirs = Path(folder) / "app.png", Path(folder) / "package.png"
        built = subprocess.run([str(exe), *(a.format(out=ours) for a in CHECK_SHOT)], capture_output=True,
                               text=True, env=env, timeout=300, check=False)
        package = subprocess.run([sys.executable, "-m", NAME, *(a.format(out=theirs) for a in CHECK_SHOT)],
                                 capture_output=True, text=True, env=env, timeout=300, check=False)
        problems = []
        if built.returncode != 0 or package.returncode != 0:
            problems.append(f"exit status: app {built.returncode}, package {package.returncode}")
        if built.stderr.strip():
            problems.append(f"the app printed on stderr:\n{built.stderr}")
        if "warn" in built.stdout.lower():
            problems.append(f"the app printed a warning:\n{built.stdout}")
        if not problems and not filecmp.cmp(ours, theirs, shallow=False):
            problems.append("the app's screenshot differs from the package's")
        import doolhof

        # A windowed Windows app has no stdout to say its version on (untried): its VERSION file tells.
        said = (app / "VERSION").read_text(encoding="utf-8").strip() if WINDOWED else subprocess.run(
            [str(exe), "--version"], capture_output=True, text=True, env=env, timeout=120, check=False,
        ).stdout.strip().removeprefix("doolhof ")
        if said != doolhof.__version__:
            problems.append(f"the app says {said!r}, the package is {doolhof.__version__}")
        problems += missing_data(app)
        problems += notice_problems(app)
        if problems:
            raise SystemExit("app check failed:\n" + "\n".join(problems))
    try:
        return {"size_mb": folder_size(app) / 1e6, "first_frame_s": first_frame(exe, env)}
    finally:
        shutil.rmtree(env["DOOLHOF_HOME"], ignore_errors=True)


def data_root(app: Path = DIST / NAME) -> Path:
    """The folder inside the built app that holds the ``doolhof`` package's data files."""
    return app / "_internal" / "doolhof"


def missing_data(app: Path = DIST / NAME) -> list[str]:
    """Every drawing, sound, compiled translation and data file of the package that is not inside *app*, byte for
    byte."""
    from doolhof.gui.kit.assets import assets_dir
    from doolhof.i18n import locale_dir

    inside = data_root(app)
    wanted = [(source, inside / "assets" / source.relative_to(assets_dir()))
              for pattern in ASSET_PATTERNS for source in assets_dir().rglob(pattern)]
    wanted += [(source, inside / "locale" / source.relative_to(locale_dir()))
               for source in locale_dir().glob("*/LC_MESSAGES/*.mo")]
    wanted += [(_package() / name, inside / name) for name in PACKAGE_DATA]
    return [f"missing or different in the app: {target.relative_to(app)}" for source, target in wanted
            if not target.is_file() or not filecmp.cmp(source, target, shallow=False)]


def first_frame(exe: Path, env: dict[str, str], runs: int = 3) -> float:
    """Median wall time in seconds from starting the app to its first frame (the first-frame dev hook)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([str(exe), "--size", "1280x800"], capture_output=True, text=True, timeout=120,
                              env={**env, "DOOLHOF_EXIT_AFTER_FIRST_FRAME": "1"}, check=False)
        if done.returncode != 0 or ("first-frame" not in done.stdout and not WINDOWED):
            raise SystemExit(f"the app did not show a first frame:\n{done.stdout}\n{done.stderr}")
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="after building, compare the app with the package")
    parser.add_argument("--check-only", action="store_true", help="only compare an app built before")
    parser.add_argument("--archive", action="store_true", help="pack the built app into one file to hand out")
    parser.add_argument("--icons", action="store_true", help="re-render packaging/linux/icons from the SVG")
    parser.add_argument("--install-desktop", action="store_true",
                        help="put the menu entry, icons and metainfo into the user's XDG data folder")
    args = parser.parse_args(argv)
    if args.icons:
        for path in write_icons():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if args.install_desktop:
        for path in install_desktop():
            print(f"installed {path}")
        return 0
    if not args.check_only:
        started = time.perf_counter()
        app = build()
        print(f"built {app} in {time.perf_counter() - started:.0f} s")
    if args.check or args.check_only:
        figures = check()
        print(f"app check passed: same screenshot as the package; {figures['size_mb']:.0f} MB,"
              f" first frame after {figures['first_frame_s']:.2f} s")
    if args.archive:
        for packed in archive():
            print(f"packed {packed} ({packed.stat().st_size / 1e6:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
