"""``doolhof screenshot`` onto a full disk (or any write that fails) is an error with a
clear message and exit status 1, and leaves no empty or half-written PNG behind.

The full disk is a stand-in that raises the same ``OSError`` (ENOSPC) a full file system gives, at each
step of the write, so the test runs the same on every machine (a real 64 KiB tmpfs gives the same result).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pygame
import pytest

import doolhof.gui.screenshot as screenshot
from doolhof.cli import main

ARGS = ("--scene", "setup", "--size", "320x200")


def full_disk_open(path: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
    """``open`` on a disk with no space left: the file is made, every write fails with ENOSPC."""
    real = open(path, mode, *args, **kwargs)  # the wrapper closes it

    class Full:
        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            real.close()

        def write(self, data: bytes) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def flush(self) -> None:
            real.flush()

        def fileno(self) -> int:
            return real.fileno()

    return Full()


def fail_with(code: int) -> Any:
    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))
    return fail


@pytest.mark.parametrize(("where", "code", "words"), [
    ("write", errno.ENOSPC, "the disk is full (No space left on device)"),
    ("fsync", errno.ENOSPC, "the disk is full (No space left on device)"),
    ("replace", errno.EROFS, "the disk or folder is read-only (Read-only file system)"),
    ("replace", errno.EACCES, "there is no permission to write there (Permission denied)"),
    ("fsync", errno.EIO, "the disk reported an error (Input/output error)"),
    ("fsync", errno.EBADF, "Bad file descriptor"),
])
def test_a_failed_write_is_an_error_and_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], where: str, code: int,
    words: str,
) -> None:
    out = tmp_path / "shot.png"
    if where == "write":
        assert code == errno.ENOSPC
        monkeypatch.setattr(screenshot, "open", full_disk_open, raising=False)
    else:
        monkeypatch.setattr(os, where, fail_with(code))
    status = main(["screenshot", str(out), *ARGS])
    monkeypatch.undo()
    captured = capsys.readouterr()
    assert status == 1
    assert captured.err == f"doolhof screenshot: error: could not write {out}: {words}; no picture was saved\n"
    assert "wrote" not in captured.out
    assert list(tmp_path.iterdir()) == [], "no empty PNG and no hidden part file are left"


def test_an_older_picture_is_kept_when_the_new_one_cannot_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "shot.png"
    assert main(["screenshot", str(out), *ARGS]) == 0
    before = out.read_bytes()
    monkeypatch.setattr(screenshot, "open", full_disk_open, raising=False)
    assert main(["screenshot", str(out), "--scene", "play", "--size", "320x200"]) == 1
    monkeypatch.undo()
    assert "the disk is full" in capsys.readouterr().err
    assert out.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["shot.png"]


def test_a_good_write_is_a_whole_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "shot.png"
    assert main(["screenshot", str(out), *ARGS]) == 0
    assert capsys.readouterr().out == f"wrote {out} (320x200, scene setup)\n"
    assert pygame.image.load(str(out)).get_size() == (320, 200)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shot.png"]


def test_write_file_removes_its_part_file_when_the_move_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "replace", fail_with(errno.ENOSPC))
    with pytest.raises(OSError, match="No space left"):
        screenshot.write_file(tmp_path / "x.png", b"\x89PNG")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_picture_is_refused_and_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "shot.png"
    out.write_bytes(b"old")
    out.chmod(0o444)
    assert main(["screenshot", str(out), *ARGS]) == 2  # refused like any unwritable path, before drawing
    assert capsys.readouterr().err == (f"doolhof screenshot: error: {str(out)!r} is read-only;"
                                       " give another file name or make it writable\n")
    assert out.read_bytes() == b"old" and out.stat().st_mode & 0o777 == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shot.png"]
