"""scripts/build_app.py without a full build (CI builds the app and runs its --check, see .ci/run)."""

from __future__ import annotations

import importlib
import os
import plistlib
import shutil
import stat
import struct
import subprocess
import sys
import types
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


tool = load_script("build_app", "doolhof_build_app_tool")
PNG = b"\x89PNG\r\n\x1a\n"


def test_the_stage_holds_the_code_and_every_data_file(tmp_path: Path) -> None:
    from doolhof.gui.kit.assets import assets_dir
    from doolhof.i18n import locale_dir

    tool._stage(tmp_path)
    src, data = tmp_path / "src" / "doolhof", tmp_path / "data" / "doolhof"
    assert (src / "cli.py").is_file() and (src / "assets" / "__init__.py").is_file()
    assert (src / "session" / "paths.py").is_file()
    svgs = sorted(p.relative_to(assets_dir()) for p in assets_dir().rglob("*.svg"))
    wavs = sorted(p.relative_to(assets_dir()) for p in assets_dir().rglob("*.wav"))
    assert len(svgs) > 40 and len(wavs) > 5
    assert sorted(p.relative_to(data / "assets") for p in (data / "assets").rglob("*.svg")) == svgs
    assert sorted(p.relative_to(data / "assets") for p in (data / "assets").rglob("*.wav")) == wavs
    mos = sorted(p.relative_to(locale_dir()) for p in locale_dir().glob("*/LC_MESSAGES/*.mo"))
    assert len(mos) == 3 and sorted(p.relative_to(data / "locale") for p in (data / "locale").rglob("*.mo")) == mos
    assert not list(data.rglob("*.po")) and not list(data.rglob("*.py"))  # data only
    book = ROOT / "doolhof" / "engine" / "puzzles.json"
    assert (data / "engine" / "puzzles.json").read_bytes() == book.read_bytes()  # the puzzle book
    relays = ROOT / "doolhof" / "online" / "relays.txt"
    assert (data / "online" / "relays.txt").read_bytes() == relays.read_bytes()  # the release's relays


def test_missing_data_names_what_a_build_left_out(tmp_path: Path) -> None:
    tool._stage(tmp_path / "stage")
    app = tmp_path / "app"
    (app / "_internal").mkdir(parents=True)
    (tmp_path / "stage" / "data" / "doolhof").rename(app / "_internal" / "doolhof")
    assert tool.missing_data(app) == []
    (app / "_internal" / "doolhof" / "assets" / "pictures" / "star.svg").unlink()
    (app / "_internal" / "doolhof" / "locale" / "nl" / "LC_MESSAGES" / "doolhof.mo").write_bytes(b"old")
    (app / "_internal" / "doolhof" / "engine" / "puzzles.json").unlink()
    assert sorted(tool.missing_data(app)) == [
        "missing or different in the app: _internal/doolhof/assets/pictures/star.svg",
        "missing or different in the app: _internal/doolhof/engine/puzzles.json",
        "missing or different in the app: _internal/doolhof/locale/nl/LC_MESSAGES/doolhof.mo",
    ]


def test_the_windows_icon_holds_png_images() -> None:
    images = [(16, PNG + b"a"), (256, PNG + b"bbb")]
    data = tool.ico_bytes(images)
    assert struct.unpack("<HHH", data[:6]) == (0, 1, 2)
    first = struct.unpack("<BBBBHHII", data[6:22])
    second = struct.unpack("<BBBBHHII", data[22:38])
    assert first[:2] == (16, 16) and second[:2] == (0, 0)  # 0 means 256
    assert data[first[7]:first[7] + first[6]] == PNG + b"a"
    assert data[second[7]:second[7] + second[6]] == PNG + b"bbb"


def test_the_mac_icon_holds_png_images() -> None:
    data = tool.icns_bytes([(128, PNG + b"x"), (512, PNG + b"yy"), (48, PNG)])
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    assert data[8:12] == b"ic07" and struct.unpack(">I", data[12:16])[0] == 8 + len(PNG) + 1
    assert b"ic09" in data and len(data) == 8 + (8 + 9) + (8 + 10)  # 48 px has no icns type: left out


def test_the_check_runs_headless_strict_and_out_of_the_users_folders() -> None:
    env = tool.check_env()
    assert env["DOOLHOF_STRICT"] == "1" and env["SDL_VIDEODRIVER"] == "dummy"
    assert Path(env["DOOLHOF_HOME"]).is_dir() and "DOOLHOF_EXIT_AFTER_FIRST_FRAME" not in env


# ----- licence and notices ----------------------------------------------------------------
def _fake_app(root: Path, libraries: tuple[str, ...] = ("libSDL2-2-50d19f93.0.so.0.3200.10", "libz.so.1",
                                                        "libmpg123-8b3c3c9e.so.0.49.4")) -> Path:
    """A stand-in app folder: a few bundled libraries, an extension module and pygame's font."""
    app = root / "doolhof"
    (app / "_internal" / "pygame_ce.libs").mkdir(parents=True)
    for name in libraries:
        (app / "_internal" / "pygame_ce.libs" / name).write_bytes(b"\x7fELF")
    (app / "_internal" / "pygame").mkdir()
    (app / "_internal" / "pygame" / "base.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
    (app / "_internal" / "pygame" / "freesansbold.ttf").write_bytes(b"font")
    return app



def test_every_package_folder_is_installed() -> None:
    """``pip install .`` (not editable) installs only the packages pyproject names: a new folder must be named
    there, or the installed game and its sdist cannot import it."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(setup["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "doolhof").rglob("__init__.py")}
    assert found <= listed, f"not installed: {sorted(found - listed)}"
    for package, folder in setup.get("package-dir", {}).items():
        assert package in listed and (ROOT / folder).is_dir()


def test_the_project_is_mit_licensed_by_its_developers() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # tomllib is Python 3.11+
    assert 'license = "MIT"' in text and 'license-files = ["LICENSE"]' in text
    assert 'requires = ["setuptools>=77"]' in text  # the first setuptools that reads both
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "the Doolhof developers" in licence
    assert (tool.LICENSES / "MIT.txt").read_text(encoding="utf-8") in licence


def test_the_notices_name_every_bundled_work_with_its_licence_text(tmp_path: Path) -> None:
    app = _fake_app(tmp_path)
    assert tool.write_notices(app) == [] and tool.notice_problems(app) == []
    assert (app / "LICENSE.txt").read_bytes() == (ROOT / "LICENSE").read_bytes()
    text = (app / tool.NOTICES).read_text(encoding="utf-8")
    assert "* SDL 2: Zlib" in text and "_internal/pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10" in text
    assert "* zlib: Zlib" in text and "* mpg123: LGPL-2.1-only [LGPL]" in text
    assert "* pygame-ce " in text and "* platformdirs " in text and "* Python " in text
    assert "GNU FreeFont" in text and "base.cpython" not in text  # extension modules are parts of their package
    assert tool.LGPL_NOTE in text and "GNU LESSER GENERAL PUBLIC LICENSE" in text
    assert (tool.LICENSES / "Zlib.txt").read_text(encoding="utf-8").strip() in text
    assert text.count("----- Zlib -----") == 1  # each licence text once


def test_the_online_packages_are_in_the_notices_with_their_licences(tmp_path: Path) -> None:
    """paho-mqtt, spake2, cryptography and what cryptography needs, each with its licence, and a text of every
    licence they name in packaging/licenses in case a package comes without its own files."""
    app = _fake_app(tmp_path)
    found, problems = tool.components(app)
    assert problems == []
    licences = {c.name.lower(): c.licence for c in found}
    expected = {"paho-mqtt": "EPL-2.0 OR BSD-3-Clause", "spake2": "MIT",
                "cryptography": "Apache-2.0 OR BSD-3-Clause", "pycparser": "BSD-3-Clause"}
    assert {name: licences.get(name) for name in expected} == expected
    assert licences.get("cffi") in ("MIT", "MIT-0")  # cffi 2 is MIT No Attribution, cffi 1 was MIT
    for name in [*expected, "cffi"]:
        for lid in tool.licence_ids(licences[name]):
            assert (tool.LICENSES / f"{lid}.txt").is_file(), lid
    tool.write_notices(app)
    text = (app / tool.NOTICES).read_text(encoding="utf-8")
    assert "* paho-mqtt " in text and "Eclipse Public License - v 2.0" in text and "* spake2 " in text


def test_the_check_fails_on_missing_or_incomplete_notices(tmp_path: Path) -> None:
    app = _fake_app(tmp_path)
    tool.write_notices(app)
    notices = app / tool.NOTICES
    notices.write_text(notices.read_text(encoding="utf-8").replace("* mpg123: LGPL-2.1-only [LGPL]\n", ""),
                       encoding="utf-8")
    assert tool.notice_problems(app) == [f"doolhof/{tool.NOTICES} does not name: * mpg123: LGPL-2.1-only [LGPL]"]
    notices.write_text(notices.read_text(encoding="utf-8").replace(tool.LGPL_NOTE, ""), encoding="utf-8")
    assert f"doolhof/{tool.NOTICES} does not name: how to replace the LGPL libraries" in tool.notice_problems(app)
    tool.write_notices(app)
    notices.write_text(notices.read_text(encoding="utf-8").replace("freely", "fairly"), encoding="utf-8")
    assert tool.notice_problems(app) == [f"doolhof/{tool.NOTICES} is out of date (licence texts differ): build again"]
    notices.unlink()
    (app / "LICENSE.txt").write_text("all rights reserved", encoding="utf-8")
    assert tool.notice_problems(app) == ["doolhof/LICENSE.txt is missing or not our LICENSE",
                                         f"doolhof/{tool.NOTICES} is missing"]


def test_a_library_without_a_known_licence_fails_the_check(tmp_path: Path) -> None:
    app = _fake_app(tmp_path, ("libSDL2-2.0.so.0", "libmystery-0123abcd.so.2"))
    expected = ["no licence known for the bundled library _internal/pygame_ce.libs/libmystery-0123abcd.so.2: add it"
                " to packaging/licenses/components.json"]
    assert tool.write_notices(app) == expected
    assert tool.notice_problems(app) == expected


def test_every_known_library_has_its_licence_text() -> None:
    data = tool._components_data()
    for entry in [*data["native"], *data["fonts"], *data["python"].values()]:
        for lid in tool.licence_ids(entry["licence"]):
            assert (tool.LICENSES / f"{lid}.txt").is_file() or lid == "Bootloader-exception", lid
    # The libraries pygame-ce's wheels bundle on Linux, Windows and macOS find their entry.
    for name in ("libSDL2_image-2-d6906c81.0.so.0.800.12", "SDL2_ttf.dll", "libfreetype.6.dylib", "zlib1.dll",
                 "libpng16-16.dll", "libwebpdemux-cecf59a9.so.2.0.17", "libvorbisfile-3.dll", "libFLAC-8.dll",
                 "libopusfile-0.dll", "libxmp.dll", "libwavpack-1.dll", "portmidi.dll", "libgme.dll",
                 "libpython3.11.so.1.0", "python312.dll", "vcruntime140_1.dll", "libcrypto-3-x64.dll", "libavif-16.dll",
                 "libmodplug-1.dll"):
        assert tool.native_component(name) is not None, name


# ----- what each system's app carries ------------------------------------------------------
def test_the_windows_version_resource_says_our_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compat = pytest.importorskip("PyInstaller.compat")
    # PyInstaller reads the file with the parser of its Windows builds, which imports pefile and win32api
    # (Windows only) for reading .exe files, not for this: stand-ins let it parse here.
    monkeypatch.setitem(sys.modules, "pefile", sys.modules.get("pefile") or types.ModuleType("pefile"))
    monkeypatch.setattr(compat, "win32api", getattr(compat, "win32api", None), raising=False)
    monkeypatch.delitem(sys.modules, "PyInstaller.utils.win32.versioninfo", raising=False)
    versioninfo = importlib.import_module("PyInstaller.utils.win32.versioninfo")
    path = tmp_path / "version.txt"
    path.write_text(tool.windows_version_file("1.2.3"), encoding="utf-8")
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert (info.ffi.fileVersionMS, info.ffi.fileVersionLS) == (1 << 16 | 2, 3 << 16)
    text = str(info)
    assert "'ProductVersion', '1.2.3'" in text and "'OriginalFilename', 'doolhof.exe'" in text
    assert "1.2.3".encode("utf-16-le") in info.toRaw()  # the resource's bytes, as they go into the .exe


def test_the_mac_bundle_says_its_id_version_and_category() -> None:
    plist = tool.info_plist({"CFBundleExecutable": "doolhof", "CFBundleIdentifier": "doolhof"}, "1.2.3")
    assert plist["CFBundleExecutable"] == "doolhof"  # PyInstaller's entries stay
    assert plist["CFBundleIdentifier"] == "io.github.doolhof.Doolhof"
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == "1.2.3"
    assert plist["LSApplicationCategoryType"] == "public.app-category.kids-games"
    assert plistlib.loads(plistlib.dumps(plist)) == plist


def _tree(root: Path) -> dict[str, tuple[str, str | bytes, int]]:
    """Every path below *root*: (kind, link target or bytes, permission bits)."""
    found: dict[str, tuple[str, str | bytes, int]] = {}
    for path in sorted(root.rglob("*")):
        mode = stat.S_IMODE(os.lstat(path).st_mode)
        if path.is_symlink():
            found[path.relative_to(root).as_posix()] = ("link", os.readlink(path), 0)
        elif path.is_dir():
            found[path.relative_to(root).as_posix()] = ("dir", b"", 0)
        else:
            found[path.relative_to(root).as_posix()] = ("file", path.read_bytes(), mode & 0o111)
    return found


@pytest.mark.skipif(shutil.which("unzip") is None, reason="Info-ZIP's unzip is not installed")
def test_the_mac_archive_keeps_the_bundles_symlinks(tmp_path: Path) -> None:
    bundle = tmp_path / "doolhof.app"
    versions = bundle / "Contents" / "Frameworks" / "Python.framework" / "Versions"
    (versions / "3.11").mkdir(parents=True)
    (versions / "3.11" / "Python").write_bytes(b"\xcf\xfa\xed\xfe binary")
    (versions / "Current").symlink_to("3.11")  # a directory link
    (versions.parent / "Python").symlink_to("Versions/Current/Python")  # a file link through it
    (bundle / "Contents" / "MacOS").mkdir()
    (bundle / "Contents" / "MacOS" / "doolhof").write_bytes(b"#!/bin/sh\n")
    (bundle / "Contents" / "MacOS" / "doolhof").chmod(0o755)
    (bundle / "Contents" / "Resources" / "doolhof").mkdir(parents=True)
    (bundle / "Contents" / "Resources" / "doolhof" / "star.svg").write_text("<svg/>", encoding="utf-8")
    (bundle / "Contents" / "Frameworks" / "doolhof").symlink_to("../Resources/doolhof")
    packed = tool.zip_tree(bundle, tmp_path / "doolhof-mac.zip")
    out = tmp_path / "unpacked"
    done = subprocess.run(["unzip", "-q", str(packed), "-d", str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert _tree(out / "doolhof.app") == _tree(bundle)
    assert (out / "doolhof.app" / "Contents" / "Frameworks" / "Python.framework" / "Python").read_bytes().startswith(
        b"\xcf\xfa\xed\xfe")
    assert _tree(out / "doolhof.app")["Contents/MacOS/doolhof"][2] == 0o111  # still executable


def test_the_linux_app_carries_its_menu_entry_and_a_user_install_script(tmp_path: Path) -> None:
    app = tmp_path / "Games and more" / "doolhof"  # a space in the path, as in many home folders
    app.mkdir(parents=True)
    (app / "doolhof").write_text("#!/bin/sh\n", encoding="utf-8")
    (app / "doolhof").chmod(0o755)
    tool.add_linux_desktop_files(app)
    home = tmp_path / "home"
    home.mkdir()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home)}
    done = subprocess.run(["sh", str(app / "install.sh")], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    data = home / ".local" / "share"
    entry = (data / "applications" / f"{tool.APP_ID}.desktop").read_text(encoding="utf-8")
    assert f'Exec="{app}/doolhof"' in entry.splitlines()
    assert (data / "metainfo" / f"{tool.APP_ID}.metainfo.xml").is_file()
    icons = sorted(p.relative_to(data / "icons" / "hicolor") for p in (data / "icons").rglob(f"{tool.APP_ID}.*"))
    assert icons == sorted(p.relative_to(tool.ICONS) for p in tool.ICONS.rglob(f"{tool.APP_ID}.*"))
    if shutil.which("desktop-file-validate"):
        valid = subprocess.run(["desktop-file-validate", str(data / "applications" / f"{tool.APP_ID}.desktop")],
                               capture_output=True, text=True, check=False)
        assert valid.returncode == 0 and not valid.stdout.strip(), valid.stdout
    done = subprocess.run(["sh", str(app / "install.sh"), "--uninstall"], capture_output=True, text=True, env=env,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    left = [p for p in data.rglob("*") if p.is_file() and p.suffix != ".cache"]  # the menu tools' own caches stay
    assert left == [] and (app / "doolhof").is_file()


def test_the_install_script_refuses_a_folder_menus_cannot_start(tmp_path: Path) -> None:
    app = tmp_path / "price$5" / "doolhof"
    app.mkdir(parents=True)
    (app / "doolhof").write_text("#!/bin/sh\n", encoding="utf-8")
    (app / "doolhof").chmod(0o755)
    tool.add_linux_desktop_files(app)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)}
    done = subprocess.run(["sh", str(app / "install.sh")], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 1 and "move the doolhof folder elsewhere" in done.stderr
    assert not (tmp_path / ".local").exists()


@pytest.mark.skipif(tool.find_makensis() is None, reason="NSIS (makensis) is not installed")
def test_the_windows_installer_script_compiles_around_a_stand_in_app(tmp_path: Path) -> None:
    app = tmp_path / "doolhof"
    (app / "_internal").mkdir(parents=True)
    (app / "doolhof.exe").write_bytes(b"MZ stand-in")
    (app / "_internal" / "data.bin").write_bytes(bytes(range(256)) * 64)
    icon = tmp_path / "doolhof.ico"
    icon.write_bytes(tool.ico_bytes([(px, tool.render_png(tool.app_icon_svg(), px)) for px in (16, 32, 48)]))
    out = tool.windows_installer(app, tmp_path / "doolhof-1.2.3-windows-amd64-setup.exe", "1.2.3", icon=icon)
    data = out.read_bytes()
    assert data[:2] == b"MZ" and len(data) > 30_000  # a Windows program holding the NSIS stub and our files
    assert "1.2.3".encode("utf-16-le") in data  # the installer's own version resource
