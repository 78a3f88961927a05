"""Build Doolhof as a standalone app, and put its Linux desktop files in place.

    python scripts/build_app.py                    # dist/doolhof/: the one-folder app for this platform
    python scripts/build_app.py --check            # build, then check the app against the package
    python scripts/build_app.py --check-only       # check an app built before
    python scripts/build_app.py --check --archive  # ... and pack it to hand out: dist/doolhof-<version>-<platform>.*
    python scripts/build_app.py --icons            # re-render packaging/linux/icons/ from our SVG
    python scripts/build_app.py --install-desktop  # menu entry, icons and metainfo for the current user

The build uses PyInstaller (``pip install -e '.[build]'``) and only what pip installed: nothing is
downloaded. It makes ``dist/doolhof/`` holding the ``doolhof`` executable (``doolhof.exe`` without
a console window on Windows; on macOS also ``dist/Doolhof.app``) with every drawing, sound and
translation inside, and the app icon. The data files are taken from the installed ``doolhof``
package (what ``doolhof.gui.kit.assets.assets_dir`` and ``doolhof.i18n.locale_dir`` find), so the
app holds exactly what the package plays with.

``--check`` renders ``doolhof screenshot OUT --scene play --size 800x600 --seed 3 --turns 3`` with
the built app and with the package, in strict mode (a missing drawing is an error), and fails
unless both PNGs are the same bytes and the app printed nothing on stderr. It also reports the
app's size and its start-up time to the first frame. Only the Linux build has been tried; the
Windows and macOS branches follow PyInstaller's documentation (see ``docs/releasing.md``).
"""

from __future__ import annotations

import argparse
import filecmp
import importlib
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

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
        args += ["--windowed", "--icon", str(icon)]
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
    return app


def archive(app: Path = DIST / NAME, platform: str = sys.platform) -> Path:
    """Pack the built app for handing out: ``doolhof-<version>-<system>-<machine>.tar.gz`` (``.zip`` on Windows and
    macOS, holding ``doolhof.app`` there); returns the file."""
    import platform as host

    import doolhof

    system = {"win32": "windows", "darwin": "macos", "linux": "linux"}.get(platform, platform)
    base = DIST / f"{NAME}-{doolhof.__version__}-{system}-{host.machine().lower()}"
    if platform == "darwin":  # untried: the .app bundle is what a family opens
        return Path(shutil.make_archive(str(base), "zip", DIST, f"{NAME}.app"))
    kind = "zip" if platform.startswith("win") else "gztar"
    return Path(shutil.make_archive(str(base), kind, app.parent, app.name))


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
    """Every drawing, sound and compiled translation of the package that is not inside *app*, byte for byte."""
    from doolhof.gui.kit.assets import assets_dir
    from doolhof.i18n import locale_dir

    inside = data_root(app)
    wanted = [(source, inside / "assets" / source.relative_to(assets_dir()))
              for pattern in ASSET_PATTERNS for source in assets_dir().rglob(pattern)]
    wanted += [(source, inside / "locale" / source.relative_to(locale_dir()))
               for source in locale_dir().glob("*/LC_MESSAGES/*.mo")]
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
        packed = archive()
        print(f"packed {packed} ({packed.stat().st_size / 1e6:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
