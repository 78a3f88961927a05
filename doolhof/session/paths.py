"""Where Doolhof keeps its files, and how it writes them safely.

Settings live in the platform's user config folder, saved games in the user data folder:

- Linux and other Unixes: ``$XDG_CONFIG_HOME/doolhof`` (default ``~/.config/doolhof``) and
  ``$XDG_DATA_HOME/doolhof`` (default ``~/.local/share/doolhof``);
- macOS: ``~/Library/Application Support/Doolhof`` for both;
- Windows: ``%APPDATA%\\Doolhof`` for both.

The environment variable ``DOOLHOF_HOME`` overrides both (tests and CI point it at a temporary
folder). Folders are looked up on every call, so a changed environment takes effect at once.

>>> config_dir(platform="linux", environ={"HOME": "/home/ann"}).as_posix()
'/home/ann/.config/doolhof'
>>> data_dir(platform="linux", environ={"HOME": "/home/ann", "XDG_DATA_HOME": "/data"}).as_posix()
'/data/doolhof'
>>> data_dir(platform="darwin", environ={"HOME": "/Users/ann"}).as_posix()
'/Users/ann/Library/Application Support/Doolhof'
>>> config_dir(platform="linux", environ={"DOOLHOF_HOME": "/tmp/t"}).as_posix()
'/tmp/t'
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

#: The environment variable that puts every Doolhof file into one folder of your choice.
HOME_VARIABLE = "DOOLHOF_HOME"
SETTINGS_FILE = "settings.json"
GAME_FILE = "game.json"


def _home(environ: Mapping[str, str]) -> Path:
    home = environ.get("HOME") or environ.get("USERPROFILE")
    return Path(home) if home else Path.home()


def _base_dir(kind: str, platform: str | None, environ: Mapping[str, str] | None) -> Path:
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    override = env.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser()
    if plat.startswith("win"):
        appdata = env.get("APPDATA")
        return (Path(appdata) if appdata else _home(env) / "AppData" / "Roaming") / "Doolhof"
    if plat == "darwin":
        return _home(env) / "Library" / "Application Support" / "Doolhof"
    variable, default = ("XDG_CONFIG_HOME", ".config") if kind == "config" else ("XDG_DATA_HOME", ".local/share")
    xdg = env.get(variable, "")
    # The XDG spec says relative paths are invalid and must be ignored.
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else _home(env) / default
    return base / "doolhof"


def config_dir(*, platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The folder for the settings file (not created here; see :func:`atomic_write_text`).

    *platform* (a ``sys.platform`` value) and *environ* default to the running system's.
    """
    return _base_dir("config", platform, environ)


def data_dir(*, platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The folder for the saved game (not created here; see :func:`atomic_write_text`)."""
    return _base_dir("data", platform, environ)


def settings_path() -> Path:
    """The settings file: ``settings.json`` in :func:`config_dir`."""
    return config_dir() / SETTINGS_FILE


def game_path() -> Path:
    """The saved game in progress: ``game.json`` in :func:`data_dir`."""
    return data_dir() / GAME_FILE


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
    return target


def _aside_name(path: Path, reason: str, now: float | None) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    target = path.with_name(f"{path.name}.{reason}-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{reason}-{stamp}-{counter}")
        counter += 1
    return target
