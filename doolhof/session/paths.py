"""Where Doolhof keeps its files, and how it writes them safely.

The folders come from `platformdirs <https://platformdirs.readthedocs.io>`_ (what pip itself uses):
settings in the user config folder, the saved game in the user data folder.

- Linux and other Unixes: ``$XDG_CONFIG_HOME/doolhof`` (default ``~/.config/doolhof``) and
  ``$XDG_DATA_HOME/doolhof`` (default ``~/.local/share/doolhof``);
- macOS: ``~/Library/Application Support/Doolhof`` for both;
- Windows: settings in ``%APPDATA%\\Doolhof`` (they roam with the user), the saved game in
  ``%LOCALAPPDATA%\\Doolhof`` (a game in progress belongs to this computer).

The environment variable ``DOOLHOF_HOME`` overrides both (tests and CI point it at a temporary
folder). Folders are looked up on every call, so a changed environment takes effect at once.

Files that Doolhof 0.1 kept in its own folders (:func:`legacy_dir`; on Windows the saved game was
in ``%APPDATA%``) are moved to the new place the first time :func:`settings_path` or
:func:`game_path` is asked for them (:func:`adopt_legacy_files`): nothing is overwritten that is
newer, nothing is lost, and a move that fails leaves the file where it was and says so in the log.

>>> config_dir(platform="linux", environ={"DOOLHOF_HOME": "/tmp/t"}).as_posix()
'/tmp/t'
"""

from __future__ import annotations

import errno
import logging
import os
import stat
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from platformdirs.api import PlatformDirsABC

log = logging.getLogger(__name__)

#: The environment variable that puts every Doolhof file into one folder of your choice.
HOME_VARIABLE = "DOOLHOF_HOME"
SETTINGS_FILE = "settings.json"
GAME_FILE = "game.json"
#: The (old, new) places :func:`adopt_legacy_files` has looked at in this process: once is enough.
_adopted: set[tuple[Path, Path]] = set()


def _platform_dirs(platform: str, roaming: bool = False) -> PlatformDirsABC:
    """platformdirs' folders for *platform* (a ``sys.platform`` value), so tests can ask for any of them."""
    if platform.startswith("win"):
        from platformdirs.windows import Windows

        return Windows(appname="Doolhof", appauthor=False, roaming=roaming)
    if platform == "darwin":
        from platformdirs.macos import MacOS

        return MacOS(appname="Doolhof")
    from platformdirs.unix import Unix

    return Unix(appname="doolhof")


def _override(environ: Mapping[str, str] | None) -> Path | None:
    value = (os.environ if environ is None else environ).get(HOME_VARIABLE)
    return Path(value).expanduser() if value else None


def config_dir(*, platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The folder for the settings file (not created here; see :func:`atomic_write_text`).

    *platform* (a ``sys.platform`` value) defaults to the running system's; *environ* (default
    ``os.environ``) is only asked for ``DOOLHOF_HOME``: platformdirs reads the environment itself.
    """
    override = _override(environ)
    if override is not None:
        return override
    # Roaming (Windows): settings travel with a roaming profile; the saved game stays on this computer.
    plat = sys.platform if platform is None else platform
    return _absolute(Path(_platform_dirs(plat, roaming=True).user_config_dir), "config", plat)


def data_dir(*, platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The folder for the saved game (not created here; see :func:`atomic_write_text`)."""
    override = _override(environ)
    if override is not None:
        return override
    plat = sys.platform if platform is None else platform
    return _absolute(Path(_platform_dirs(plat).user_data_dir), "data", plat)


def _absolute(folder: Path, kind: str, platform: str) -> Path:
    """*folder*, unless a relative ``XDG_*_HOME`` made it relative: the XDG spec says to ignore those, which
    platformdirs before 4.4 did not (Python 3.10 gets such a version)."""
    return folder if folder.is_absolute() else legacy_dir(kind, platform=platform)


def legacy_dir(kind: str, *, platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """Where Doolhof 0.1 kept *kind* (``"config"`` or ``"data"``) files, worked out by hand as it did then.

    Only :func:`adopt_legacy_files` needs it: it finds files left there and moves them.

    >>> legacy_dir("data", platform="linux", environ={"HOME": "/home/ann"}).as_posix()
    '/home/ann/.local/share/doolhof'
    >>> legacy_dir("config", platform="darwin", environ={"HOME": "/Users/ann"}).as_posix()
    '/Users/ann/Library/Application Support/Doolhof'
    """
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    home_text = env.get("HOME") or env.get("USERPROFILE")
    home = Path(home_text) if home_text else Path.home()
    if plat.startswith("win"):
        appdata = env.get("APPDATA")
        return (Path(appdata) if appdata else home / "AppData" / "Roaming") / "Doolhof"
    if plat == "darwin":
        return home / "Library" / "Application Support" / "Doolhof"
    variable, default = ("XDG_CONFIG_HOME", ".config") if kind == "config" else ("XDG_DATA_HOME", ".local/share")
    xdg = env.get(variable, "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / default
    return base / "doolhof"


def settings_path() -> Path:
    """The settings file: ``settings.json`` in :func:`config_dir` (moved there from :func:`legacy_dir` once)."""
    return _placed(config_dir(), "config", SETTINGS_FILE)


def game_path() -> Path:
    """The saved game in progress: ``game.json`` in :func:`data_dir` (moved there from :func:`legacy_dir` once)."""
    return _placed(data_dir(), "data", GAME_FILE)


def _placed(folder: Path, kind: str, name: str) -> Path:
    """*folder* / *name*, after moving Doolhof 0.1's *kind* file of that name there (not with ``DOOLHOF_HOME``)."""
    path = folder / name
    if _override(None) is None:
        adopt_legacy_files(legacy_dir(kind) / name, path)
    return path


def adopt_legacy_files(old: Path, new: Path) -> list[Path]:
    """Move *old* and the copies kept aside beside it (``<name>.corrupt-...``) to *new*'s folder; returns what moved.

    Nothing is lost and nothing newer is overwritten:

    - no file at *new*: *old* moves there;
    - the same bytes at *new*: the old copy is removed;
    - a newer file at *new*: it stays, and *old* is kept beside it as ``<name>.older-YYYYMMDD-HHMMSS``;
    - an older file at *new*: that one is kept as ``<name>.older-...`` and *old* takes its place.

    A move that fails (a full disk, no permission) leaves *old* where it was and logs a warning
    saying where it is; the next run tries again. Does nothing when both paths are the same.
    """
    if old == new or (old, new) in _adopted:
        return []
    _adopted.add((old, new))
    try:
        found = old.is_file()
        asides = sorted(p for p in old.parent.glob(f"{old.name}.*") if p.is_file()) if old.parent.is_dir() else []
    except OSError as error:
        log.warning("cannot look for Doolhof's old files in %s: %s", old.parent, error)
        return []
    moved: list[Path] = []
    for source in ([old] if found else []) + asides:
        try:
            if source == old:
                target: Path | None = _adopt_main(old, new)
            else:
                target = new.with_name(source.name)
                if target.exists():
                    target = _aside_name(new, "older", source.stat().st_mtime)
                _move_file(source, target)
        except OSError as error:
            log.warning("cannot move Doolhof's file %s to %s (%s); it stays where it was", source, new.parent, error)
            continue
        if target is not None:
            moved.append(target)
            log.info("moved Doolhof's file %s to %s", source, target)
    return moved


def _adopt_main(old: Path, new: Path) -> Path | None:
    """Move the file *old* to *new* as :func:`adopt_legacy_files` says; returns where it went (None: removed,
    as *new* holds the same bytes)."""
    if not new.exists():
        _move_file(old, new)
        return new
    if read_file(new) == read_file(old):
        old.unlink()
        return None
    old_time, new_time = old.stat().st_mtime, new.stat().st_mtime
    if new_time >= old_time:  # the new place is newer: never overwrite it
        target = _aside_name(new, "older", old_time)
        _move_file(old, target)
        return target
    move_aside(new, "older", new_time)
    _move_file(old, new)
    return new


def _move_file(source: Path, target: Path) -> None:
    """Move *source* to *target* (which must not exist), across drives too; *source* stays until *target* is whole."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists():
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target))
    try:
        os.rename(source, target)
        return
    except OSError as error:
        if error.errno != errno.EXDEV:
            raise
    content = read_file(source)
    _write_new(target, content)
    os.utime(target, (source.stat().st_atime, source.stat().st_mtime))
    source.unlink()


def _write_new(target: Path, content: bytes) -> None:
    """Write *content* to the new file *target* (which must not exist) and flush it to the disk.

    Raises ``OSError``; a half-written *target* is removed again.
    """
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        try:
            os.unlink(target)
        except OSError:
            pass
        raise


def read_file(path: Path) -> bytes:
    """The bytes of the regular file *path*; raises ``OSError`` (``FileNotFoundError`` when there is none).

    Anything that is not a regular file (a folder, a pipe that would block) raises at once.
    """
    check_readable(path)
    with path.open("rb") as handle:
        return handle.read()


def check_readable(path: Path) -> None:
    """Raise ``OSError`` unless *path* is a regular file we can open for reading (``FileNotFoundError``: none)."""
    mode = path.stat().st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    with path.open("rb"):
        pass


def atomic_write_text(path: Path, text: str) -> None:
    """Replace *path* with *text* (UTF-8) so that a crash at any moment leaves the old or the new file.

    Writes a temporary file in the same folder, flushes and fsyncs it, then renames it over
    *path*. Creates the folder when needed. Raises ``OSError`` when the folder or file cannot
    be written; the temporary file is removed then.

    A file we cannot read is never replaced (it may be the only copy of something we could not
    look at; see :func:`check_readable`): its ``OSError`` is raised instead. Readers move such a
    file aside (:func:`move_aside`), which makes room for the next write.
    """
    try:
        check_readable(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX); best effort."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temp_files(path: Path, min_age: float = 60.0) -> int:
    """Delete temporary files that :func:`atomic_write_text` left beside *path* when killed mid-write.

    Only files older than *min_age* seconds go, so a save in progress elsewhere is not disturbed.
    Returns how many were removed; problems are ignored (this is tidying, nothing depends on it).
    """
    removed = 0
    cutoff = time.time() - min_age
    try:
        candidates = list(path.parent.glob(f".{path.name}.*.tmp"))
    except OSError:
        return 0
    for candidate in candidates:
        try:
            if candidate.stat().st_mtime <= cutoff:
                candidate.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def move_aside(path: Path, reason: str = "corrupt", now: float | None = None) -> Path:
    """Rename a damaged (or unreadable) file to ``<name>.<reason>-YYYYMMDD-HHMMSS`` beside it; returns the new path.

    A number is added when that name is taken. Raises ``OSError`` when the rename fails.
    """
    target = _aside_name(path, reason, now)
    os.replace(path, target)
    return target


def copy_aside(path: Path, content: bytes, reason: str = "corrupt", now: float | None = None) -> Path:
    """Keep *content* (what *path* held) in a new file named as :func:`move_aside` would; returns its path.

    For a file that could be read but not renamed: its bytes are kept beside it before anything
    writes over it. Raises ``OSError`` when the copy cannot be written (nothing is left half-written).
    """
    target = _aside_name(path, reason, now)
    _write_new(target, content)
    return target


def _aside_name(path: Path, reason: str, now: float | None) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    target = path.with_name(f"{path.name}.{reason}-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{reason}-{stamp}-{counter}")
        counter += 1
    return target
