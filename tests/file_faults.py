"""File systems that refuse to write: stand-ins (tests run as root, where chmod stops nothing), and a real
tiny disk (:func:`small_disk`, a tmpfs) that fills up and turns read-only for real."""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from doolhof.session import paths

#: The system's own words for the errors the stand-ins raise.
REASONS = {errno.ENOSPC: "No space left on device", errno.EACCES: "Permission denied",
           errno.EROFS: "Read-only file system"}


def failing_writes(monkeypatch: pytest.MonkeyPatch, code: int) -> Callable[[bool], None]:
    """Make every atomic write fail with the system's error *code*; returns a switch (False: writes work again)."""
    real = paths.atomic_write_text
    failing = [True]

    def write(path: Path, text: str) -> None:
        if failing[0]:
            raise OSError(code, REASONS.get(code, os.strerror(code)), str(path))
        real(path, text)

    monkeypatch.setattr(paths, "atomic_write_text", write)
    return lambda on: failing.__setitem__(0, on)


class SmallDisk:
    """A real, tiny file system (a tmpfs) mounted on a folder: it fills up, frees and turns read-only for real."""

    def __init__(self, folder: Path) -> None:
        """The tmpfs mounted on *folder* (see :func:`small_disk`)."""
        self.folder = folder
        self._filler = folder / "filler"

    def fill(self) -> None:
        """Take every free byte (the next write anywhere on the disk fails with ENOSPC)."""
        fd = os.open(self._filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            for size in (65536, 4096, 1):
                try:
                    while os.write(fd, b"\0" * size):
                        pass
                except OSError as error:
                    assert error.errno == errno.ENOSPC, error
        finally:
            os.close(fd)

    def free(self) -> None:
        """Give the space back."""
        self._filler.unlink(missing_ok=True)

    def read_only(self, on: bool = True) -> None:
        """Mount the disk read-only (*on*) or writable again: refused even to root, unlike ``chmod``."""
        _mount("-o", f"remount,{'ro' if on else 'rw'}", str(self.folder))


def _mount(*args: str) -> None:
    result = subprocess.run(["mount", *args], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise OSError(f"mount {' '.join(args)}: {result.stderr.strip()}")


@contextmanager
def small_disk(folder: Path, size: str = "64k") -> Iterator[SmallDisk]:
    """Mount a tmpfs of *size* on *folder* for the block; skips the test where that cannot be done (not root)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root (a real full or read-only folder)")
    folder.mkdir(parents=True, exist_ok=True)
    try:
        _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder))
    except OSError as error:
        pytest.skip(f"cannot mount a small tmpfs here: {error}")
    try:
        yield SmallDisk(folder)
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)
