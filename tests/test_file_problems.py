"""Files that cannot be read or written: kept, never overwritten, said in the parent's words,
short in the log; one copy of the game at a time.

These tests may run as root, where ``chmod`` stops nothing: a folder or file is made unwritable or
unreadable for real, and when that does not stop this process a stand-in raises the very
``OSError`` the system would have raised.
"""

from __future__ import annotations

import errno
import io
import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from doolhof.i18n import set_language
from doolhof.session import paths
from doolhof.session.game_session import GameSession
from doolhof.session.savegame import SavedGame, load_game, save_game
from doolhof.session.seats import SeatConfig, TableSetup
from doolhof.session.settings import Settings, load_settings, save_settings
from tests.file_faults import REASONS, failing_writes

ROOT = Path(__file__).resolve().parent.parent
TABLE = TableSetup("junior", (SeatConfig("person"), SeatConfig("computer", "gentle")))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    set_language("en")


def state(seed: int = 3) -> SavedGame:
    return SavedGame(TABLE.new_game(seed), TABLE)


def half_turn(game: Any) -> None:
    """One push, or one walk that stays put."""
    if game.phase == "push":
        game.push(game.legal_pushes()[0])
    else:
        game.walk(game.positions[game.current_player])


def make_unreadable(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Take away the permission to read *path*; where that does not stop us (root), refuse opening it anyway."""
    path.chmod(0)
    try:
        with path.open("rb"):
            pass
    except PermissionError:
        return
    real_open = io.open

    def refuse(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, (str, os.PathLike)) and Path(file) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", refuse)


def unwritable_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make *folder* read-only for real; when we can still write in it (root), stand in with EACCES."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o555)
    probe = folder / ".probe"
    try:
        probe.write_text("x")
    except PermissionError:
        return
    probe.unlink()
    failing_writes(monkeypatch, errno.EACCES)


def test_a_newer_file_that_cannot_be_renamed_is_copied_aside_once_not_at_every_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Someone else's file in a sticky folder (/tmp, a shared folder): it can be read, not renamed nor replaced.
    path = paths.game_path()
    newer = {"format": "doolhof.saved-game", "version": 99}
    path.write_text(json.dumps(newer), encoding="utf-8")
    real_replace = os.replace

    def sticky(src: Any, dst: Any) -> None:
        if Path(src) == path or Path(dst) == path:
            raise PermissionError(errno.EPERM, "Operation not permitted", str(src))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", sticky)
    messages = [load_game().message or "" for _ in range(3)]  # three starts
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("game.json.newer-")]
    assert all(kept.name in message for message in messages), messages
    assert json.loads(kept.read_text(encoding="utf-8")) == newer
    assert json.loads(path.read_text(encoding="utf-8")) == newer


# ----- 2: a file we could not read is kept, never overwritten ----------------------------------
def test_an_unreadable_saved_game_is_moved_aside_and_the_message_says_where(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = paths.game_path()
    path.write_bytes(b"the only copy of a game we cannot read")
    make_unreadable(path, monkeypatch)
    result = load_game()
    monkeypatch.undo()
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("game.json.unreadable-")]
    assert result.game is None
    assert result.message == (f"The saved game could not be opened (no permission), so a new game starts."
                              f" The old file was kept as {kept}.")
    assert save_game(state()) is None and load_game().game is not None, "the next save has room"
    kept.chmod(0o644)
    assert kept.read_bytes() == b"the only copy of a game we cannot read", "nothing was written over"


@pytest.mark.parametrize("which", ["game", "settings"])
def test_an_unreadable_file_that_cannot_be_moved_is_never_written_over(which: str, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = paths.game_path() if which == "game" else paths.settings_path()
    path.write_bytes(b"precious")
    make_unreadable(path, monkeypatch)

    def cannot_move(*args: object, **kwargs: object) -> Path:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(paths, "move_aside", cannot_move)
    message = load_game().message if which == "game" else load_settings().message
    assert message is not None and f"untouched at {path}" in message and "will not save over it" in message
    saved = save_game(state()) if which == "game" else save_settings(Settings(sound=False))
    assert saved is not None and "(no permission)" in saved
    monkeypatch.undo()
    path.chmod(0o644)
    assert path.read_bytes() == b"precious"


def test_unreadable_settings_are_moved_aside_and_the_message_says_where(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = paths.settings_path()
    path.write_text(json.dumps({**Settings(sound=False).to_dict()}), encoding="utf-8")
    make_unreadable(path, monkeypatch)
    result = load_settings()
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.unreadable-")]
    assert result.settings == Settings()
    assert result.message == (f"The settings could not be read (no permission), so the usual settings are used."
                              f" The old file was kept as {kept}.")
    assert save_settings(Settings(volume=0.5)) is None
    monkeypatch.undo()
    kept.chmod(0o644)
    assert json.loads(kept.read_text(encoding="utf-8"))["sound"] is False


def test_a_folder_where_the_saved_game_belongs_is_moved_aside_whole(tmp_path: Path) -> None:
    path = paths.game_path()
    path.mkdir()
    (path / "inside.txt").write_text("kept")
    result = load_game()
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("game.json.unreadable-")]
    assert result.message is not None and "(a folder is in the way)" in result.message and str(kept) in result.message
    assert (kept / "inside.txt").read_text() == "kept"
    assert save_game(state()) is None, "saving works again"


def test_a_damaged_file_that_cannot_be_renamed_is_copied_aside_first(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    paths.game_path().write_text("garbage", encoding="utf-8")

    def cannot_move(*args: object, **kwargs: object) -> Path:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(paths, "move_aside", cannot_move)
    message = load_game().message
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("game.json.corrupt-")]
    assert message is not None and kept.name in message
    assert kept.read_text(encoding="utf-8") == "garbage"


# ----- 7: the system's reasons in the parent's words; long values cut --------------------------
DUTCH = {errno.ENOSPC: "de schijf is vol", errno.EACCES: "geen toestemming", errno.EROFS: "de schijf is alleen-lezen"}


@pytest.mark.parametrize("code", sorted(REASONS))
def test_the_common_reasons_are_translated_and_the_log_keeps_the_raw_text(code: int, monkeypatch: pytest.MonkeyPatch,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    failing_writes(monkeypatch, code)
    set_language("nl")
    with caplog.at_level(logging.ERROR):
        game_message = save_game(state())
        settings_message = save_settings(Settings())
    assert game_message is not None and game_message.startswith(f"Het spel kon niet worden opgeslagen ({DUTCH[code]}).")
    assert settings_message is not None and f"({DUTCH[code]})" in settings_message
    assert REASONS[code] not in game_message + settings_message
    assert caplog.text.count(REASONS[code]) == 2, "the log keeps the system's own words"


@pytest.mark.parametrize(("lang", "words"), [("de", "keine Berechtigung"), ("sv", "ingen behörighet"),
                                             ("en", "no permission")])
def test_the_reason_follows_the_language(lang: str, words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    failing_writes(monkeypatch, errno.EACCES)
    set_language(lang)
    message = save_game(state())
    assert message is not None and f"({words})" in message


def test_a_huge_value_in_the_settings_is_cut_in_the_log(caplog: pytest.LogCaptureFixture) -> None:
    huge = "x" * 10_000_000
    paths.settings_path().write_text(json.dumps({"format": "doolhof.settings", "version": 1, "language": huge,
                                                 "volume": [0.5] * 1_000_000}), encoding="utf-8")
    with caplog.at_level(logging.DEBUG):
        result = load_settings()
    assert result.settings == Settings() and result.message is None
    assert caplog.records and max(len(r.getMessage()) for r in caplog.records) < 1000
    assert "10000000 characters" in caplog.text, "the log says how long the value was"


def test_a_huge_value_in_a_saved_game_is_cut_in_the_log_and_the_message(caplog: pytest.LogCaptureFixture) -> None:
    data = state().to_dict()
    paths.game_path().write_text(json.dumps({**data, "version": "9" * 10_000_000}), encoding="utf-8")
    with caplog.at_level(logging.DEBUG):
        result = load_game()
    assert result.message is not None and len(result.message) < 300
    assert caplog.records and max(len(r.getMessage()) for r in caplog.records) < 1000


# ----- 1: a lasting failure is logged once, and the session knows until a save works -----------
def test_a_failing_save_is_told_once_retried_quietly_and_cleared_when_it_works(monkeypatch: pytest.MonkeyPatch,
                                                                              caplog: pytest.LogCaptureFixture) -> None:
    switch = failing_writes(monkeypatch, errno.ENOSPC)
    session = GameSession()
    game = TABLE.new_game(4)
    with caplog.at_level(logging.INFO):
        session.start(game, TABLE)
        for _ in range(20):
            half_turn(game)
            session.record(game)
        assert session.problem is not None
        assert session.problem.message().startswith("The game could not be saved (the disk is full).")
        assert session.keeper is not None and session.keeper.saves == 0
        warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(warnings) == 1, f"one line for 21 failed saves, not {len(warnings)}"
        switch(False)
        half_turn(game)
        session.record(game)
    assert session.problem is None, "a save that works clears the problem"
    assert load_game().game is not None
    assert "saved again" in caplog.records[-1].getMessage()


def test_a_failure_outlives_the_game_it_came_from(monkeypatch: pytest.MonkeyPatch) -> None:
    failing_writes(monkeypatch, errno.EROFS)
    session = GameSession()
    session.start(TABLE.new_game(1), TABLE)
    session.leave()
    assert not session.running and session.problem is not None, "the setup screen can still show it"


def test_a_read_only_data_folder_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    unwritable_folder(tmp_path, monkeypatch)
    try:
        message = GameSession().start(TABLE.new_game(2), TABLE)
    finally:
        tmp_path.chmod(0o755)
    assert message is not None and message.startswith("The game could not be saved (no permission).")


def test_doolhof_home_on_a_file_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a-file").write_text("x")
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path / "a-file"))
    session = GameSession()
    session.start(TABLE.new_game(2), TABLE)
    assert session.problem is not None and "(a file is in the way)" in session.problem.message()


# ----- 5: one copy at a time, and a lock that dies with its process ---------------------------
HOLD = """
import sys, time
from pathlib import Path
from doolhof.session.lock import FolderLock
lock = FolderLock(Path(sys.argv[1]))
print("got" if lock.acquire() else "busy", flush=True)
time.sleep(float(sys.argv[2]))
"""


def hold_lock(folder: Path, seconds: float) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(folder), str(seconds)], cwd=ROOT,
                               stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.stdout is not None
    return process, process.stdout.readline().strip()


def test_the_data_folder_lock_is_held_by_one_process_and_dies_with_it(tmp_path: Path) -> None:
    from doolhof.session.lock import FolderLock

    first, said = hold_lock(tmp_path, 60)
    try:
        assert said == "got"
        assert FolderLock(tmp_path).acquire() is False, "a second process finds it taken"
        second, said = hold_lock(tmp_path, 0)
        second.wait(timeout=30)
        assert said == "busy"
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    assert (tmp_path / "doolhof.lock").exists(), "the killed process left its lock file behind"
    deadline = time.monotonic() + 10
    mine = FolderLock(tmp_path)
    while not mine.acquire():  # the kernel drops the lock as the killed process goes
        assert time.monotonic() < deadline, "a lock left by kill -9 blocks the next start"
        time.sleep(0.05)
    mine.release()
