"""Stand-ins for a file system that refuses to write (tests run as root, where chmod stops nothing)."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
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
