"""Bad inputs: each is refused with a message a person understands, and nothing changes."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doolhof.engine import Game, IllegalMoveError, Push

from .boards import GRID, board


def refused(game: Game, action: Callable[[], object], message: str) -> IllegalMoveError:
    """Run *action*, expect an IllegalMoveError matching *message*, and check *game* did not change."""
    before = game.to_dict()
    with pytest.raises(IllegalMoveError, match=message) as caught:
        action()
    assert game.to_dict() == before
    return caught.value


def fresh() -> Game:
    return Game.from_position(board(GRID, {(2, 2): "star"}), "│", secrets=["star"])


# ----- moves -------------------------------------------------------------------------------------
def test_the_forbidden_arrow_is_refused_with_a_reason() -> None:
    game = fresh()
    game.push(Push("W", 1))
    game.walk((0, 0))
    error = refused(game, lambda: game.push(Push("E", 1, 3)), r"arrow E1 is closed this turn.*\(R8\)")
    assert isinstance(error, ValueError)  # IllegalMoveError is a ValueError


def test_pushing_twice_is_refused() -> None:
    game = fresh()
    game.push(Push("W", 1))
    refused(game, lambda: game.push(Push("N", 1)), "already been pushed this turn; now walk")


def test_walking_before_pushing_is_refused() -> None:
    game = fresh()
    refused(game, lambda: game.walk((0, 0)), r"push the sliding card in first")


def test_walking_to_an_unreachable_cell_is_refused() -> None:
    game = fresh()
    game.push(Push("W", 3))
    refused(game, lambda: game.walk((1, 1)), r"\(1, 1\) cannot be reached from \(0, 0\): a wall is in the way")


@pytest.mark.parametrize("cell", [(5, 0), (0, 5), (-1, 2), (2, -1), (99, 99)])
def test_walking_off_the_board_is_refused(cell: tuple[int, int]) -> None:
    game = fresh()
    game.push(Push("W", 3))
    refused(game, lambda: game.walk(cell), r"is not on the 5x5 board")


@pytest.mark.parametrize("cell", [None, "a1", "12", (1,), (1, 2, 3), (1.5, 2), ("1", "2"), 7, (True, False)])
def test_walking_to_a_non_cell_is_refused(cell: Any) -> None:
    game = fresh()
    game.push(Push("W", 3))
    refused(game, lambda: game.walk(cell), r"is not a cell; give \(row, column\)")


def test_every_move_after_the_game_is_over_is_refused() -> None:
    game = fresh()
    game.push(Push("W", 3))
    game.walk((2, 2))
    assert game.is_over()
    refused(game, lambda: game.push(Push("W", 1)), "the game is over; start a new one")
    refused(game, lambda: game.walk((2, 2)), "the game is over; start a new one")


@pytest.mark.parametrize(
    ("push", "message"),
    [
        (Push("X", 1), r"'X' is not a side; use N, E, S or W"),
        (Push("w", 1), r"'w' is not a side"),
        (Push(3, 1), r"3 is not a side"),  # type: ignore[arg-type]
        (Push("W", 2), r"line 2 cannot be shifted; the movable lines are 1, 3"),
        (Push("W", 0), r"line 0 cannot be shifted"),
        (Push("W", 5), r"line 5 cannot be shifted"),
        (Push("W", -1), r"line -1 cannot be shifted"),
        (Push("W", True), r"line True cannot be shifted"),  # a bool is not a line number
        (Push("W", 1.0), r"line 1.0 cannot be shifted"),  # type: ignore[arg-type]
        (Push("W", 1, 4), r"rotation must be 0 to 3 quarter turns, not 4"),
        (Push("W", 1, -1), r"rotation must be 0 to 3 quarter turns, not -1"),
        (Push("W", 1, True), r"rotation must be 0 to 3 quarter turns, not True"),
        (Push("W", 1, 1.0), r"rotation must be 0 to 3 quarter turns, not 1.0"),  # type: ignore[arg-type]
    ],
)
def test_bad_side_index_or_rotation_is_refused(push: Push, message: str) -> None:
    game = fresh()
    refused(game, lambda: game.push(push), message)


def test_a_push_must_be_a_push() -> None:
    game = fresh()
    refused(game, lambda: game.push("W1"), r"'W1' is not a Push")  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "W", "1W", "Q1", "W1r4", "W1r", "W-1", "w1", "W1 r2", "W1r2x", "N 3"])
def test_push_parse_refuses_garbage(text: str) -> None:
    with pytest.raises(ValueError, match=r"is not a push; write a side N/E/S/W, a line number"):
        Push.parse(text)


@pytest.mark.parametrize("push", [Push("W", 1), Push("N", 3, 2), Push("E", 5, 1), Push("S", 1, 3)])
def test_push_text_round_trips(push: Push) -> None:
    assert Push.parse(str(push)) == push
    assert Push.parse(f"  {push}  ") == push


# ----- setting up --------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["chess", "Junior", "", None, 5])
def test_an_unknown_variant_is_refused(variant: Any) -> None:
    with pytest.raises(IllegalMoveError, match=r"unknown variant .*; choose one of junior, junior-own, classic"):
        Game.new(variant=variant)


@pytest.mark.parametrize("players", [0, 1, 5, -2, "2", 2.0, True])
def test_a_wrong_seat_count_is_refused(players: Any) -> None:
    with pytest.raises(IllegalMoveError, match="Doolhof is played by 2 to 4 players"):
        Game.new(players=players)


@pytest.mark.parametrize(("variant", "secrets"), [("junior", 0), ("junior", 13), ("junior", -1), ("junior", "6"),
                                                  ("junior", True), ("classic", 25), ("junior", 6.0)])
def test_a_bad_secrets_count_is_refused(variant: str, secrets: Any) -> None:
    with pytest.raises(IllegalMoveError, match=r"the number of secrets must be 1 to (12|24)"):
        Game.new(variant=variant, secrets=secrets)


def test_own_piles_need_a_secret_for_every_player() -> None:
    with pytest.raises(IllegalMoveError, match="with own piles every player needs a secret: use at least 4"):
        Game.new(variant="junior-own", players=4, secrets=3)


@pytest.mark.parametrize("first", [-1, 3, True])
def test_a_bad_first_player_is_refused(first: Any) -> None:
    with pytest.raises(IllegalMoveError, match="the first player must be a seat from 0 to 2"):
        Game.new(players=3, first_player=first)


def test_from_position_refuses_a_board_of_the_wrong_size() -> None:
    with pytest.raises(IllegalMoveError, match=r"the junior board is 5x5, not 7x7"):
        Game.from_position(Game.new(variant="classic").board, "│")


def test_board_text_must_be_box_characters_in_a_square() -> None:
    with pytest.raises(ValueError, match="is not a corridor card"):
        Game.from_position(GRID.replace("┼", "+"), "│")
    with pytest.raises(ValueError, match="must be a square"):
        Game.from_position("┌─┐\n└─┘", "│")


# ----- loading saved games -------------------------------------------------------------------------
def saved() -> dict[str, Any]:
    game = Game.new(variant="junior", players=3, seed=8)
    game.push(game.legal_pushes()[3])
    return game.to_dict()


def with_change(key: str, value: Any) -> dict[str, Any]:
    data = saved()
    data[key] = value
    return data


def without(key: str) -> dict[str, Any]:
    data = saved()
    del data[key]
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "this is not a saved Doolhof game"),
        ([1, 2], "this is not a saved Doolhof game"),
        ("doolhof.game", "this is not a saved Doolhof game"),
        (with_change("format", "chess.game"), "this is not a saved Doolhof game"),
        (with_change("version", 2), r"saved game version 2 is not supported \(this program reads 1\)"),
        (with_change("version", True), "saved game version True is not supported"),
        (with_change("version", "1"), "saved game version '1' is not supported"),
        (without("version"), "saved game version None is not supported"),
        (without("cells"), "the saved game lacks 'cells'"),
        (without("turn"), "the saved game lacks 'turn'"),
        (with_change("variant", "chess"), "unknown variant 'chess'"),
        (with_change("variant", ["junior"]), "unknown variant"),
        (with_change("cells", [5] * 24), "the board is damaged"),
        (with_change("cells", [True] * 25), "the board is damaged"),
        (with_change("cells", [0] * 25), r"cell \(0, 0\) has no valid openings"),
        (with_change("pictures", [1] * 25), "the board is damaged"),
        (with_change("positions", [[0, 0]]), "the figures' places are damaged"),
        (with_change("positions", [[0, 0], [0, 4], [9, 9]]), "a figure stands off the board"),
        (with_change("positions", [[0, 0], [0, 4], [4, -1]]), "a figure stands off the board"),
        (with_change("positions", [[0, 0], [0, True], [4, 4]]), "the figures' places are damaged"),
        (with_change("positions", [[0, 0], [0, 4], [4, 4.0]]), "the figures' places are damaged"),
        (with_change("forbidden", ["E", True]), "the closed arrow is damaged"),
        (with_change("forbidden", ["E", 2]), "the closed arrow is not an arrow of this board"),
        (with_change("forbidden", "E1"), "the closed arrow is damaged"),
        (with_change("spare", True), "the spare is damaged"),
        (with_change("spare", 0), "the spare card is damaged"),
        (with_change("current", 3), "the player to move is not at the table"),
        (with_change("current", 1.0), "the current is damaged"),
        (with_change("turn", -1), "the turn is damaged"),
        (with_change("phase", "dance"), "unknown phase 'dance'"),
        (with_change("phase", "over"), "the game's end is damaged"),
        (with_change("winners", [0]), "the game's end is damaged"),
        (with_change("winners", [True]), "the winners are damaged"),
        (with_change("deck", ["star", "star"]), "a picture appears twice"),
        (with_change("deck", ["dragon"]), "a picture does not belong to this game"),
        (with_change("deck", "star"), "the deck is damaged"),
        (with_change("piles", [[], []]), "the piles are damaged"),
        (with_change("collected", [[1], [], []]), "the collected are damaged"),
        (with_change("face_up", 3), "the face_up is damaged"),
        (with_change("spare_picture", "crown"), "a picture appears twice"),  # crown is printed on a fixed tile
    ],
)
def test_from_dict_rejects_malformed_or_foreign_data(data: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        Game.from_dict(data)
    assert type(caught.value) is ValueError  # not an IllegalMoveError: loading is not a move


def test_from_dict_accepts_extra_keys_and_json_text() -> None:
    data = with_change("comment", "saved by a newer build")
    assert Game.from_dict(json.loads(json.dumps(data))).to_dict() == saved()


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4) | st.sampled_from(["N", "E", "walk", "over", "star", "junior", "classic"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=10,
)


@st.composite
def mutated_saves(draw: st.DrawFn) -> dict[str, Any]:
    """A valid save with one to three random changes: a value replaced, a key removed, a list item changed."""
    data = copy.deepcopy(draw(st.sampled_from(SAVES)))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(data)))
        action = draw(st.sampled_from(["replace", "delete", "item"]))
        if action == "delete":
            del data[key]
        elif action == "item" and isinstance(data[key], list) and data[key]:
            items = data[key]
            i = draw(st.integers(0, len(items) - 1))
            if isinstance(items[i], list) and items[i]:
                j = draw(st.integers(0, len(items[i]) - 1))
                items[i][j] = draw(JSON_VALUES)
            else:
                items[i] = draw(JSON_VALUES)
        else:
            data[key] = draw(JSON_VALUES)
    return data


def _saves() -> list[dict[str, Any]]:
    out = []
    for variant, seed in (("junior", 1), ("junior-own", 2), ("classic", 3)):
        game = Game.new(variant=variant, players=3, seed=seed)
        game.push(game.legal_pushes()[seed])
        out.append(game.to_dict())
        game.walk(game.positions[game.current_player])
        out.append(game.to_dict())
    return out


SAVES = _saves()


@settings(max_examples=150, deadline=None)
@given(mutated_saves())
def test_from_dict_fuzz_loads_or_raises_value_error(data: dict[str, Any]) -> None:
    try:
        game = Game.from_dict(data)
    except ValueError:
        return
    # Whatever loads is a usable game that saves back to the same data.
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()
    game.legal_pushes()
    game.reachable()
    game.target()
    game.outcome()
