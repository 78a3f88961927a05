"""A family's week with the session's files: two games waiting, the win final at once, nothing lost when saving fails.

Each test here failed before each kind of game had its own file, before a finished game was
made final the moment it was won, and before a game left while saving failed was kept in memory.
"""

from __future__ import annotations

import errno
import random
from pathlib import Path

import pytest

from doolhof.cards import CardGame
from doolhof.session import paths
from doolhof.session.game_session import GameSession
from doolhof.session.games import AnyGame
from doolhof.session.savegame import SavedGame, load_game, load_waiting, save_game
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from tests.cards.helpers import act
from tests.file_faults import failing_writes

MAZE = TableSetup("junior", (SeatConfig("person"), SeatConfig("person")))
CARD_TABLE = TableSetup(CARDS, (SeatConfig("person"), SeatConfig("person"), SeatConfig("person")))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))


def card_action(game: CardGame, rng: random.Random) -> None:
    """One random lay or take (as the card session's tests play)."""
    act(game, rng)


def maze_action(game: AnyGame) -> None:
    """The first legal push, or a walk to stay put."""
    from doolhof.engine import Game

    assert isinstance(game, Game)
    if game.phase == "push":
        game.push(game.legal_pushes()[0])
    else:
        game.walk(game.positions[game.current_player])


def test_starting_a_maze_game_keeps_the_waiting_card_game() -> None:
    session = GameSession()
    cards = CARD_TABLE.new_card_game(3)
    session.start(cards, CARD_TABLE)
    rng = random.Random(3)
    for _ in range(5):
        card_action(cards, rng)
        session.record(cards)
    session.leave()
    session.start(MAZE.new_game(1), MAZE)  # the younger child starts a maze game
    waiting, messages = load_waiting()
    assert messages == [] and set(waiting) == {"maze", "cards"}
    assert waiting["cards"].game == cards, "the older child's card game is still there"


def test_a_won_game_is_final_on_disk_at_the_moment_it_is_won() -> None:
    session = GameSession()
    game = CARD_TABLE.new_card_game(4)
    session.start(game, CARD_TABLE)
    rng = random.Random(4)
    while not game.is_over():
        before = game.copy()
        card_action(game, rng)
        if not game.is_over():
            session.record(game)
    assert load_game(paths.game_path("cards")).game is not None
    assert not before.is_over()
    session.record(game)  # the winning action; the window is closed during the celebration
    assert not paths.game_path("cards").exists(), "the position before the win is gone"
    assert "cards" not in load_waiting()[0]


def test_a_won_game_whose_file_cannot_be_removed_is_kept_as_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession()
    game = CARD_TABLE.new_card_game(4)
    session.start(game, CARD_TABLE)
    rng = random.Random(4)
    while not game.is_over():
        card_action(game, rng)
    real_unlink = Path.unlink

    def refuse(self: Path, missing_ok: bool = False) -> None:
        if self.name == "card-game.json":
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", refuse)
    session.record(game)
    saved = load_game(paths.game_path("cards")).game
    assert saved is not None and saved.game.is_over() and "cards" not in load_waiting()[0]
    assert session.problem is None


def test_a_game_left_while_saving_fails_is_offered_as_it_was_and_saved_once_it_can_be(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession()
    game = MAZE.new_game(2)
    session.start(game, MAZE)
    maze_action(game)
    session.record(game)
    on_disk = game.copy()
    writes = failing_writes(monkeypatch, errno.ENOSPC)
    for _ in range(5):
        maze_action(game)
        session.record(game)
    assert session.problem is not None and game.turn > on_disk.turn
    session.leave()  # to the setup screen
    assert load_game().game.game == on_disk  # type: ignore[union-attr]  # the file is older ...
    kept = session.waiting()
    assert kept["maze"].game == game, "... but Continue gets the game as it was left"
    writes(False)  # the disk has room again
    assert session.waiting() == {} and session.problem is None
    assert load_game().game.game == game  # type: ignore[union-attr]  # saved the moment it could be


def test_a_new_game_of_the_same_kind_replaces_the_game_kept_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession()
    game = MAZE.new_game(2)
    session.start(game, MAZE)
    failing_writes(monkeypatch, errno.ENOSPC)
    maze_action(game)
    session.record(game)
    session.leave()
    assert set(session.waiting()) == {"maze"}
    session.start(MAZE.new_game(3), MAZE)
    assert session.unsaved == {}


def test_a_card_game_saved_in_the_one_file_of_old_is_found() -> None:
    cards = CARD_TABLE.new_card_game(5)
    save_game(SavedGame(cards, CARD_TABLE), paths.game_path())
    assert load_waiting()[0]["cards"].game == cards
