"""The card game in the session: tables of 2-6 seats, saved and continued like a maze game, one step of undo."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from doolhof.cards import CardGame
from doolhof.cards.ai import make_player
from doolhof.engine import Game
from doolhof.i18n import set_language
from doolhof.session import paths
from doolhof.session.game_session import GameSession
from doolhof.session.games import game_from_dict, same_kind
from doolhof.session.keeper import GameKeeper, fingerprint
from doolhof.session.savegame import SavedGame, load_game, load_waiting, save_game
from doolhof.session.seats import CARDS, SeatConfig, TableSetup, seat_range
from doolhof.session.settings import Settings, load_settings, save_settings
from tests.cards.helpers import act, lay

ASIDE = re.compile(r"^card-game\.json\.corrupt-\d{8}-\d{6}(-\d+)?$")


def cards_path() -> Path:
    return paths.game_path("cards")


def cards_table(*kinds: str) -> TableSetup:
    return TableSetup(CARDS, tuple(SeatConfig(kind, "clever") for kind in kinds))


PEOPLE3 = cards_table("person", "person", "person")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    set_language("en")


def played(seed: int, actions: int, players: int = 3) -> tuple[CardGame, CardGame | None]:
    """A card game after *actions* random lays and takes, and the state before the last one."""
    rng = random.Random(seed)
    game = CardGame.new(players=players, seed=seed)
    previous = None
    for _ in range(actions):
        if game.is_over():
            break
        previous = game.copy()
        act(game, rng)
    return game, previous


def in_take_phase(seed: int) -> CardGame:
    """A game whose current player has just laid a card and may take (found by playing clever lays)."""
    game = CardGame.new(players=3, seed=seed)
    bot = make_player("clever", seed=seed)
    while not game.is_over():
        game.place(bot.choose_place(game))
        if game.phase == "take":
            return game
    raise AssertionError("no take phase in a whole game")


# ----- the table -------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_a_card_table_has_2_to_6_seats_and_starts_a_card_game(seats: int) -> None:
    table = TableSetup(CARDS, tuple(SeatConfig() for _ in range(seats)), first_player=seats - 1)
    assert table.is_cards and seat_range(CARDS) == (2, 6)
    game = table.fresh(5)
    assert isinstance(game, CardGame) and game.players == seats and game.current_player == seats - 1
    assert table.new_card_game(5) == game, "the same seed gives the same game"
    assert TableSetup.from_dict(json.loads(json.dumps(table.to_dict()))) == table
    with pytest.raises(ValueError, match="card game"):
        table.new_game(5)


def test_a_maze_table_starts_a_maze_game_and_refuses_a_card_game() -> None:
    table = TableSetup("classic", (SeatConfig(), SeatConfig()))
    assert not table.is_cards and isinstance(table.fresh(2), Game)
    with pytest.raises(ValueError, match="maze game"):
        table.new_card_game(2)


@pytest.mark.parametrize(
    ("variant", "count", "ok"),
    [(CARDS, 1, False), (CARDS, 2, True), (CARDS, 6, True), (CARDS, 7, False),
     ("junior", 1, False), ("junior", 4, True), ("junior", 5, False), ("classic", 6, False)],
)
def test_from_dict_checks_the_seats_for_the_game(variant: str, count: int, ok: bool) -> None:
    data = {"variant": variant, "seats": [{"kind": "person"}] * count, "secrets": None, "first_player": 0}
    if ok:
        assert len(TableSetup.from_dict(data).seats) == count
    else:
        with pytest.raises(ValueError, match="seats"):
            TableSetup.from_dict(data)


def test_a_card_table_ignores_a_stray_secret_count() -> None:
    data = {"variant": CARDS, "seats": [{}, {}], "secrets": 10**30, "first_player": 1}
    table = TableSetup.from_dict(data)
    assert table.secrets is None and table.first_player == 1


@pytest.mark.parametrize("variant", [None, 3, ["cards"], {"cards": 1}, "Cards"])
def test_a_table_of_no_known_game_is_refused(variant: object) -> None:
    with pytest.raises(ValueError):
        TableSetup.from_dict({"variant": variant, "seats": [{}, {}]})


def test_game_from_dict_reads_either_game() -> None:
    maze = Game.new("junior", players=2, seed=1)
    cards = CardGame.new(players=5, seed=1)
    assert game_from_dict(json.loads(json.dumps(maze.to_dict()))) == maze
    assert game_from_dict(json.loads(json.dumps(cards.to_dict()))) == cards
    assert same_kind(cards, cards.copy()) and not same_kind(cards, maze)
    assert not same_kind(cards, CardGame.new(players=4, seed=1))
    for bad in (None, [], {"format": "doolhof.card"}, {}):
        with pytest.raises(ValueError):
            game_from_dict(bad)


# ----- saving ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("seed", "actions"), [(1, 0), (2, 1), (3, 9), (4, 40)])
def test_a_card_game_saves_and_loads_with_its_undo(seed: int, actions: int) -> None:
    game, previous = played(seed, actions)
    saved = SavedGame(game, PEOPLE3, undo=previous, extra={"hand": 1})
    assert save_game(saved) is None
    loaded = load_game(cards_path())
    assert loaded.message is None and loaded.game is not None
    assert isinstance(loaded.game.game, CardGame) and loaded.game.game == game
    assert loaded.game.game.to_dict() == game.to_dict()
    assert loaded.game.undo == previous and loaded.game.table == PEOPLE3 and loaded.game.extra == {"hand": 1}
    assert fingerprint(loaded.game.game) == fingerprint(game)


def test_a_card_game_saved_in_its_take_phase_plays_on_alike() -> None:
    game = in_take_phase(11)
    save_game(SavedGame(game, PEOPLE3))
    loaded = load_game(cards_path()).game
    assert loaded is not None and isinstance(loaded.game, CardGame)
    assert loaded.game.phase == "take" and loaded.game.takeable() == game.takeable()
    rng_a, rng_b = random.Random(4), random.Random(4)
    a, b = game, loaded.game
    while not a.is_over():
        act(a, rng_a)
        act(b, rng_b)
    assert a == b and a.outcome() == b.outcome()


def test_a_card_game_and_a_maze_game_wait_side_by_side() -> None:
    maze_table = TableSetup("junior", (SeatConfig(), SeatConfig()))
    maze = maze_table.new_game(1)
    save_game(SavedGame(maze, maze_table))
    game, _ = played(7, 5)
    save_game(SavedGame(game, PEOPLE3))
    waiting, messages = load_waiting()
    assert messages == [] and set(waiting) == {"maze", "cards"}
    assert waiting["cards"].game == game and waiting["maze"].game == maze
    save_game(SavedGame(maze_table.new_game(2), maze_table))
    assert load_waiting()[0]["cards"].game == game, "a new maze game leaves the card game alone"


def test_todays_one_file_holding_a_card_game_becomes_the_card_games_file() -> None:
    game, _ = played(7, 5)
    save_game(SavedGame(game, PEOPLE3), paths.game_path())  # where the one waiting game of either kind lived
    waiting, _messages = load_waiting()
    assert set(waiting) == {"cards"} and waiting["cards"].game == game
    assert not paths.game_path().exists() and load_game(cards_path()).game is not None


def test_a_saved_card_game_must_match_its_table_and_undo() -> None:
    game, _ = played(2, 4)
    with pytest.raises(ValueError, match="does not match"):
        SavedGame(game, cards_table("person", "person"))
    with pytest.raises(ValueError, match="does not match"):
        SavedGame(game, TableSetup("junior", PEOPLE3.seats))
    with pytest.raises(ValueError, match="undo"):
        SavedGame(game, PEOPLE3, undo=CardGame.new(players=2, seed=1))
    with pytest.raises(ValueError, match="undo"):
        SavedGame(game, PEOPLE3, undo=Game.new("junior", players=3, seed=1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="does not match"):
        SavedGame(Game.new("junior", players=3, seed=1), PEOPLE3)


def damage(data: dict[str, object], how: str) -> dict[str, object]:
    game = data["game"]
    assert isinstance(game, dict)
    if how == "bad cards":
        game["hands"] = [["not a card"]] * 3
    elif how == "table for the maze":
        data["table"] = {"variant": "junior", "seats": [{}, {}, {}]}
    elif how == "seven seats":
        data["table"] = {"variant": CARDS, "seats": [{}] * 7}
    elif how == "undo of the maze":
        data["undo"] = Game.new("junior", players=3, seed=1).to_dict()
    elif how == "no format":
        del game["format"]
    elif how == "two players in the table":
        data["table"] = {"variant": CARDS, "seats": [{}, {}]}
    return data


@pytest.mark.parametrize("how", ["bad cards", "table for the maze", "seven seats", "undo of the maze", "no format",
                                 "two players in the table"])
def test_a_damaged_card_save_is_moved_aside_with_a_message(how: str, tmp_path: Path) -> None:
    game, previous = played(5, 6)
    save_game(SavedGame(game, PEOPLE3, undo=previous))
    data = json.loads(cards_path().read_text(encoding="utf-8"))
    cards_path().write_text(json.dumps(damage(data, how)), encoding="utf-8")
    result = load_game(cards_path())
    assert result.game is None and result.message is not None and "could not be read" in result.message
    aside = [p.name for p in tmp_path.iterdir() if p.name.startswith("card-game.json.")]
    assert len(aside) == 1 and ASIDE.match(aside[0]) and not cards_path().exists()


def test_a_newer_card_game_is_moved_aside_as_newer(tmp_path: Path) -> None:
    game, _ = played(5, 2)
    save_game(SavedGame(game, PEOPLE3))
    data = json.loads(cards_path().read_text(encoding="utf-8"))
    data["game"]["version"] = 99
    cards_path().write_text(json.dumps(data), encoding="utf-8")
    result = load_game(cards_path())
    assert result.game is None and result.message is not None and "newer version" in result.message


# ----- undo -----------------------------------------------------------------------------------
def test_undo_takes_back_a_persons_lay_and_then_nothing_more() -> None:
    table = cards_table("person", "computer")
    game = table.new_card_game(3)
    keeper = GameKeeper(game, table, autosave=False)
    before = game.copy()
    lay(game, random.Random(1))
    keeper.record(game)
    assert keeper.can_undo()
    restored = keeper.take_undo()
    assert restored == before and restored is not before
    assert keeper.game == before and not keeper.can_undo() and keeper.take_undo() is None


def test_undo_takes_back_a_persons_take_only() -> None:
    game = in_take_phase(11)
    table = PEOPLE3
    keeper = GameKeeper(game, table, autosave=False)
    laid = game.copy()
    game.take(set(sorted(game.takeable())[:1]) if game.can_take(sorted(game.takeable())[:1]) else set())
    keeper.record(game)
    assert keeper.take_undo() == laid, "back to choosing what to take"
    assert keeper.game.phase == "take"


def test_a_computers_action_keeps_the_persons_undo_step_no_longer_recent() -> None:
    """After the computers played, the person's last action can still be taken back (a parent looks late),
    the computers' actions with it; only it is no longer the last action (the quick Undo button is gone)."""
    table = cards_table("person", "computer")
    game = table.new_card_game(8)
    keeper = GameKeeper(game, table, autosave=False)
    rng = random.Random(2)
    before = game.copy()
    while game.current_player == 0:  # the person's lay (and take)
        before = game.copy()
        act(game, rng)
        keeper.record(game)
    assert keeper.can_undo() and keeper.undo_recent()
    while game.current_player == 1 and not game.is_over():  # the computer's lay (and take)
        act(game, rng)
        keeper.record(game)
        assert keeper.can_undo() and not keeper.undo_recent()
    again = GameKeeper(keeper.game.copy(), table, keeper.undo_state, autosave=False)
    assert again.can_undo() and not again.undo_recent(), "read from the states: the same after a restart"
    assert keeper.take_undo() == before and keeper.take_undo() is None


def test_no_undo_once_the_card_game_is_over() -> None:
    table = cards_table("person", "person")
    game = table.new_card_game(4)
    keeper = GameKeeper(game, table, autosave=False)
    rng = random.Random(4)
    while not game.is_over():
        act(game, rng)
        keeper.record(game)
    assert not keeper.can_undo() and keeper.take_undo() is None


def test_the_session_saves_every_action_and_the_undo_survives_a_restart() -> None:
    table = cards_table("person", "computer")
    game = table.new_card_game(6)
    session = GameSession()
    assert session.start(game, table) is None
    before = game.copy()
    lay(game, random.Random(3))
    session.record(game)
    loaded = load_game(cards_path()).game
    assert loaded is not None and loaded.game == game and loaded.undo == before
    # A restart: the saved game continues with its undo step.
    again = GameSession()
    again.start(loaded.game, loaded.table, loaded.undo)
    assert again.can_undo()
    restored = again.undo()
    assert restored == before and load_game(cards_path()).game.game == before  # type: ignore[union-attr]
    assert again.leave() is None and not again.running


def test_a_maze_undo_is_not_offered_for_a_card_game() -> None:
    table = cards_table("person", "person", "person")
    keeper = GameKeeper(table.new_card_game(1), table, Game.new("junior", players=3, seed=1), autosave=False)
    assert not keeper.can_undo()


# ----- settings -------------------------------------------------------------------------------
def test_hidden_hands_is_off_by_default_and_saved() -> None:
    assert Settings().hidden_hands is False
    assert save_settings(Settings(hidden_hands=True)) is None
    assert load_settings().settings.hidden_hands is True


def test_a_card_table_is_remembered_in_the_settings() -> None:
    table = TableSetup(CARDS, tuple(SeatConfig("computer" if k % 2 else "person", "expert") for k in range(6)), None, 5)
    save_settings(Settings(table=table))
    assert load_settings().settings.table == table


def test_the_card_format_name_is_the_card_games() -> None:
    from doolhof.cards.game import FORMAT
    from doolhof.session.games import CARDS_FORMAT

    assert CARDS_FORMAT == FORMAT


def test_the_setup_screen_starts_without_the_card_game_package() -> None:
    """The card game's rules are imported when a card game is met, not for the first frame (start-up time)."""
    import subprocess
    import sys

    code = ("import sys, doolhof.gui.launch, doolhof.gui.screens, doolhof.gui.setup.scene, doolhof.session.savegame;"
            " print('doolhof.cards' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={"SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": ""})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
