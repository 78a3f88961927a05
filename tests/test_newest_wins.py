"""The newest state of a waiting game wins, on disk and on screen (doolhof/session/waiting.py).

The setup screen asks :meth:`GameSession.offer`; these tests drive the session the way the screens do
(leave to the setup screen, come back home, close) while saves fail with the system's own error.
"""

from __future__ import annotations

import errno
import tempfile
from pathlib import Path

import pytest

from doolhof.engine import Game
from doolhof.session import paths, savegame
from doolhof.session.game_session import GameSession
from doolhof.session.seats import SeatConfig, TableSetup
from tests.file_faults import failing_writes

TABLE = TableSetup("junior", (SeatConfig("person"), SeatConfig("person")))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()


def play(session: GameSession, game: Game, actions: int) -> None:
    """*actions* legal pushes and walks, each recorded as the play screen does."""
    for _ in range(actions):
        if game.phase == "push":
            game.push(game.legal_pushes()[0])
        else:
            game.walk(sorted(game.reachable())[0])
        session.record(game)


def test_coming_home_after_the_disk_freed_offers_the_newest_game_not_the_older_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession()
    game = Game.new(players=2, seed=3)
    session.start(game, TABLE)
    play(session, game, 2)
    writes = failing_writes(monkeypatch, errno.ENOSPC)
    play(session, game, 8)
    session.leave()
    shown, _ = session.offer()
    assert shown["maze"].game == game
    writes(False)  # the disk frees; the screen is rebuilt (back from the puzzle book)
    shown, _ = session.offer()
    assert shown["maze"].game == game
    assert savegame.load_game(paths.game_path("maze")).game.game == game  # type: ignore[union-attr]


def test_a_game_kept_in_memory_is_written_at_close_once_the_disk_frees(monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession()
    game = Game.new(players=2, seed=3)
    session.start(game, TABLE)
    writes = failing_writes(monkeypatch, errno.ENOSPC)
    play(session, game, 6)
    session.leave()
    writes(False)
    session.close()
    assert savegame.load_game(paths.game_path("maze")).game.game == game  # type: ignore[union-attr]


def test_closed_while_the_disk_is_full_the_next_start_offers_the_spare_copy_and_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession()
    game = Game.new(players=2, seed=3)
    session.start(game, TABLE)
    play(session, game, 2)
    real = paths.atomic_write_text

    def data_folder_full(path: Path, text: str) -> None:
        if path.parent == paths.data_dir():
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, text)

    monkeypatch.setattr(paths, "atomic_write_text", data_folder_full)
    play(session, game, 8)
    session.close()
    monkeypatch.setattr(paths, "atomic_write_text", real)
    shown, messages = GameSession().offer()  # the next start
    assert shown["maze"].game == game
    assert any(f"turn {game.turn + 1}" in m for m in messages), messages
    assert savegame.load_game(paths.game_path("maze")).game.game == game  # type: ignore[union-attr]


def test_an_absurd_player_to_move_gives_a_short_message() -> None:
    from doolhof.cards import CardGame
    from doolhof.rules import IllegalMoveError

    table = dict(CardGame.new(players=2, seed=1).table)
    with pytest.raises(IllegalMoveError) as refused:
        CardGame.from_position(table, [[], []], [], current_player=-10**400)
    assert len(str(refused.value)) < 160


def test_a_log_file_that_cannot_be_written_fails_quietly_once(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    import logging

    from doolhof.session.logfile import start_log

    path = start_log(tmp_path / "log" / "doolhof.log")
    assert path is not None
    root = logging.getLogger()
    handler = next(h for h in root.handlers if getattr(h, "baseFilename", None) == str(path))
    others = [h for h in root.handlers if h is not handler]  # left by other tests (their streams may be closed)
    try:
        for other in others:
            root.removeHandler(other)
        handler.stream = open("/dev/full", "w", encoding="utf-8")  # type: ignore[attr-defined]
        for k in range(5):
            logging.getLogger("doolhof.test").error("record %d", k)
        err = capsys.readouterr().err
        assert "Logging error" not in err and "Traceback" not in err
        assert err.count(f"the log file {path} cannot be written") == 1, err  # said once, not per record
    finally:
        import io

        for other in others:
            root.addHandler(other)
        root.removeHandler(handler)
        handler.stream = io.StringIO()  # type: ignore[attr-defined]
        handler.close()


def test_a_game_won_on_a_read_only_disk_never_comes_back_from_its_spare_copy(tmp_path: Path) -> None:
    """Saves fail (a real read-only disk), a spare copy of each position is kept elsewhere; the last action
    wins the game, and its file cannot be removed: the spare copy of the position before the win must go
    (the file the disk would not let go of is all that stays, and the parent was told it was not removed)."""
    import random

    from doolhof.cards import CardGame
    from doolhof.session.seats import CARDS
    from tests.cards.helpers import act
    from tests.file_faults import small_disk

    table = TableSetup(CARDS, (SeatConfig("person"), SeatConfig("person")))
    with small_disk(tmp_path / "home") as disk:
        session = GameSession()
        game = CardGame.new(players=2, seed=4)
        session.start(game, table)
        rng = random.Random(4)
        act(game, rng)
        session.record(game)
        on_file = game.copy()
        disk.read_only()
        try:
            while not game.is_over():
                act(game, rng)
                session.record(game)
            assert "could not be removed" in (session.save() or "")
            session.close()
        finally:
            disk.read_only(False)
        shown, messages = GameSession().offer()  # the next start
    assert shown[CARDS].game == on_file, "not the spare copy of the position before the win"
    assert not any("kept a copy" in m for m in messages), messages
