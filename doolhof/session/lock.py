"""One Doolhof at a time per data folder: a lock that the operating system drops when the program ends.

Two copies of the game writing the same ``game.json`` would overwrite each other's game, so
``doolhof play`` takes this lock on the data folder before it reads anything, and a second copy
that finds it taken does not start. The lock is the operating system's own (``fcntl.flock`` on
Linux and macOS, ``msvcrt.locking`` on Windows) on an open file, so it goes away with the process
however that ends: closed, crashed, or killed with ``kill -9``. The lock file itself stays behind
and means nothing when nobody holds its lock::

    lock = FolderLock(paths.data_dir())
    if not lock.acquire():          # OSError when the folder cannot hold a lock at all
        ...                         # another copy is running
    ...
    lock.release()                  # or simply let the process end

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> first, second = FolderLock(folder), FolderLock(folder)
>>> first.acquire(), second.acquire()
(True, False)
>>> first.release(); second.acquire()
True
>>> second.release()
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from doolhof.i18n import N_

log = logging.getLogger(__name__)

#: The lock file in the data folder.
LOCK_FILE = "doolhof.lock"
#: What a second copy tells the parent (translate with ``_`` when shown).
MSG_ALREADY_OPEN = N_("Doolhof is already open on this computer, so this window does not start a game. Please carry on"
                      " in the Doolhof window that is already open; nothing is lost.")


class FolderLock:
    """The lock on one folder, held by at most one process (and one :class:`FolderLock`) at a time."""

    def __init__(self, folder: Path, name: str = LOCK_FILE) -> None:
        """A lock on *folder*, through the file *name* in it (created when needed); not taken yet."""
        self.path = folder / name
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock: True when it is ours now, False when another process (or object) holds it.

        Never waits. Raises ``OSError`` when the folder cannot hold a lock (it cannot be created,
        the lock file cannot be opened, or the file system has no locks).
        """
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except PermissionError:
            fd = os.open(self.path, os.O_RDONLY)  # a lock file we may not write still locks
        try:
            if not _try_lock(fd):
                os.close(fd)
                return False
        except OSError:
            os.close(fd)
            raise
        self._fd = fd
        _note_owner(fd)
        return True

    def release(self) -> None:
        """Let go of the lock (nothing when not held). The file stays; the process ending does the same."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            _unlock(fd)
        except OSError as error:
            log.debug("cannot unlock %s: %s", self.path, error)
        os.close(fd)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except PermissionError:  # the byte is locked by another process
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

    def _note_owner(fd: int) -> None:
        """Windows locks the byte the process number would go into; the lock alone says enough."""

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # EWOULDBLOCK: another open file holds it
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

    def _note_owner(fd: int) -> None:
        """Write our process number into the lock file (for people looking; nothing reads it back)."""
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        except OSError:
            pass
