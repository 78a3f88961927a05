"""Where Doolhof keeps its files, and how it writes them safely.

The folders come from `platformdirs <https://platformdirs.readthedocs.io>`_ (what pip itself uses):
settings and puzzle stars in the user config folder, the waiting games in the user data folder.

- Linux and other Unixes: ``$XDG_CONFIG_HOME/doolhof`` (default ``~/.config/doolhof``) and
  ``$XDG_DATA_HOME/doolhof`` (default ``~/.local/share/doolhof``);
- macOS: ``~/Library/Application Support/Doolhof`` for both;
- Windows: settings in ``%APPDATA%\\Doolhof`` (they roam with the user), the saved game in
  ``%LOCALAPPDATA%\\Doolhof`` (a game in progress belongs to this computer).

The environment variable ``DOOLHOF_HOME`` overrides both (tests and CI point it at a temporary
folder). Folders are looked up on every call, so a changed environment takes effect at once.

The log (``doolhof.log``, see :mod:`doolhof.session.logfile`) goes into platformdirs' user log
folder (``~/.local/state/doolhof/log`` on Linux, ``~/Library/Logs/Doolhof`` on macOS,
``%LOCALAPPDATA%\\Doolhof\\Logs`` on Windows).

>>> config_dir(platform="linux", environ={"DOOLHOF_HOME": "/tmp/t"}).as_posix()
'/tmp/t'
"""

from __future__ import annotations

import errno
import glob
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
#: The file of each kind's waiting game: a maze game and a card game can wait at the same time.
GAME_FILES = {"maze": GAME_FILE, "cards": "card-game.json"}
#: Files that could be neither read nor moved aside (:func:`protect`): writes refuse to replace them.
_protected: set[Path] = set()


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


def log_dir(*, platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The folder for the log file (``DOOLHOF_HOME/log`` when that is set; not created here)."""
    override = _override(environ)
    if override is not None:
        return override / "log"
    plat = sys.platform if platform is None else platform
    return _absolute(Path(_platform_dirs(plat).user_log_dir), "state", plat)


def _absolute(folder: Path, kind: str, platform: str) -> Path:
    """*folder*, unless a relative ``XDG_*_HOME`` made it relative: the XDG spec says to ignore those, which
    platformdirs before 4.4 did not (Python 3.10 gets such a version); then the spec's default is used."""
    if folder.is_absolute():
        return folder
    default = {"config": ".config", "data": ".local/share", "state": ".local/state"}[kind]
    tail = ("doolhof", "log") if kind == "state" else ("doolhof",)
    return Path.home().joinpath(default, *tail)


def settings_path() -> Path:
    """The settings file: ``settings.json`` in :func:`config_dir`."""
    return config_dir() / SETTINGS_FILE


def game_path(kind: str = "maze") -> Path:
    """The waiting game of *kind* (``"maze"`` or ``"cards"``, see :data:`GAME_FILES`) in :func:`data_dir`."""
    if kind not in GAME_FILES:
        raise ValueError(f"no saved game of kind {kind[:40]!r}")
    return data_dir() / GAME_FILES[kind]


def protect(path: Path) -> None:
    """Never write over *path* in this run: it holds something we could not read nor keep aside."""
    _protected.add(path.absolute())


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


def read_file(path: Path, limit: int | None = None) -> bytes:
    """The bytes of the regular file *path* (at most *limit* of them); raises ``OSError`` (``FileNotFoundError``
    when there is none).

    Anything that is not a regular file (a folder, a pipe that would block) raises at once.
    """
    check_readable(path)
    with path.open("rb") as handle:
        return handle.read() if limit is None else handle.read(limit)


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
    if path.absolute() in _protected:
        raise PermissionError(errno.EPERM, "kept: Doolhof could not read this file nor move it aside", str(path))
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
    writes over it. A copy of the same bytes kept before (at an earlier start, the file still
    unrenamable) is that copy: its path is returned and nothing new is written. Raises ``OSError``
    when the copy cannot be written (nothing is left half-written).
    """
    kept = _same_copy(path, content, reason)
    if kept is not None:
        return kept
    target = _aside_name(path, reason, now)
    _write_new(target, content)
    return target


def _same_copy(path: Path, content: bytes, reason: str) -> Path | None:
    """A file ``<name>.<reason>-...`` beside *path* that holds exactly *content*, or None."""
    try:
        siblings = sorted(path.parent.glob(f"{glob.escape(path.name)}.{reason}-*"))
    except OSError:
        return None
    for sibling in siblings:
        try:
            if sibling.stat().st_size == len(content) and read_file(sibling, len(content) + 1) == content:
                return sibling
        except OSError:
            continue
    return None


def _aside_name(path: Path, reason: str, now: float | None) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    target = path.with_name(f"{path.name}.{reason}-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{reason}-{stamp}-{counter}")
        counter += 1
    return target
