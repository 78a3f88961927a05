"""Bad inputs: each is refused with a message a person understands, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

from doolhof.cards import Card, CardGame, IllegalMoveError, Place

from .helpers import EW, card, position, refused, row


def corridor() -> CardGame:
    """Seat 0 holds an apple corridor and a plain one; apples lie on the table at (0, 0) and (2, 0)."""
    return position(row("2367:apple", EW, "2367:apple"), [["2367:apple", EW], [EW, EW]], pile=[EW, EW])


# ----- places ------------------------------------------------------------------------------------
def test_a_place_touching_nothing() -> None:
    game = corridor()
    refused(game, lambda: game.place(Place(0, (9, 9), 0)), r"\(9, 9\) touches no card: lay the card beside")


def test_a_place_joining_no_path() -> None:
    game = corridor()
    error = refused(game, lambda: game.place(Place(0, (3, 0), 1)), r"turned 1 on \(3, 0\), the card joins no path")
    assert isinstance(error, ValueError)  # IllegalMoveError is a ValueError


def test_a_place_on_a_card() -> None:
    game = corridor()
    refused(game, lambda: game.place(Place(0, (1, 0), 0)), r"\(1, 0\) already holds a card; a card is never laid")


@pytest.mark.parametrize("index", [2, -1, "0", 1.0, None])
def test_a_card_not_in_hand(index: Any) -> None:
    game = corridor()
    refused(game, lambda: game.place(Place(index, (3, 0), 0)), r"is not in the hand: seat 0 holds 2, numbered 0 to 1")


@pytest.mark.parametrize("cell", [(3,), (3, 0, 0), "30", [3, 0], (3.0, 0), (True, 0), None])
def test_a_place_on_something_that_is_not_a_cell(cell: Any) -> None:
    game = corridor()
    refused(game, lambda: game.place(Place(0, cell, 0)), r"is not a cell; give \(x, y\)")


@pytest.mark.parametrize("rotation", [4, -1, "1", 1.5, None])
def test_a_rotation_out_of_range(rotation: Any) -> None:
    game = corridor()
    refused(game, lambda: game.place(Place(0, (3, 0), rotation)), r"rotation must be 0 to 3 quarter turns")


@pytest.mark.parametrize("place", [(0, (3, 0), 0), "0 (3, 0) 0", None])
def test_a_place_that_is_not_a_place(place: Any) -> None:
    game = corridor()
    refused(game, lambda: game.place(place), r"is not a Place; write Place\(hand_index, \(x, y\), rotation\)")


# ----- takes -------------------------------------------------------------------------------------
def taking() -> CardGame:
    game = corridor()
    game.place(Place(0, (3, 0), 0))
    assert game.phase == "take" and game.takeable() == {(0, 0)}
    return game


def test_taking_the_card_just_laid() -> None:
    game = taking()
    refused(game, lambda: game.take({(3, 0)}), r"the card just laid on \(3, 0\) stays on the table \(C7\)")


def test_taking_a_card_that_is_not_joined() -> None:
    game = taking()
    refused(game, lambda: game.take({(1, 0)}), r"the card on \(1, 0\) is not joined by a path to the same treasure")


def test_taking_from_an_empty_cell() -> None:
    game = taking()
    refused(game, lambda: game.take({(7, 7)}), r"there is no card on \(7, 7\)")


def test_taking_a_set_that_splits_the_table() -> None:
    game = taking()
    refused(game, lambda: game.take({(2, 0)}), r"taking \(2, 0\) would split the table: the cards left must stay")
    refused(game, lambda: game.take({(0, 0), (2, 0)}), r"taking \(0, 0\), \(2, 0\) would split the table")


@pytest.mark.parametrize("cells", [(0, 0), "00", [(0, 0, 0)], [[0, 0]], 5, None])
def test_taking_something_that_is_not_a_set_of_cells(cells: Any) -> None:
    game = taking()
    refused(game, lambda: game.take(cells), r"is not a set of cells; give e\.g\. \{\(1, 0\)\} or an empty set")


# ----- wrong phase and after the end ------------------------------------------------------------------
def test_placing_twice() -> None:
    game = taking()
    refused(game, lambda: game.place(Place(0, (4, 0), 0)), r"a card has already been laid this turn; now take")


def test_taking_before_placing() -> None:
    game = corridor()
    refused(game, lambda: game.take(set()), r"lay a card first: taking comes after laying \(C7\)")


def test_any_move_after_the_end() -> None:
    game = position(row(EW, EW), [[EW], []])
    game.place(Place(0, (2, 0), 0))
    assert game.is_over()
    refused(game, lambda: game.place(Place(0, (3, 0), 0)), "the game is over; start a new one")
    refused(game, lambda: game.take(set()), "the game is over; start a new one")


# ----- seats and setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 7, 0, -2, "4", None])
def test_a_bad_seat_count(players: Any) -> None:
    with pytest.raises(IllegalMoveError, match=r"the card game is played by 2 to 6 players, not"):
        CardGame.new(players=players, seed=1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": [[]]}, "played by 2 to 6 players, not 1"),
        ({"hands": [[]] * 7}, "played by 2 to 6 players, not 7"),
        ({"hands": [[EW, EW, EW], []]}, "more than 2 cards"),
        ({"hands": [[], [EW]]}, "seat 0, holds no card"),
        ({"current_player": 2}, "the player to move, 2, is not at the table"),
        ({"table": {}}, "the table is empty"),
        ({"table": {(0, 0): (EW, 0), (2, 0): (EW, 0)}}, "not one piece"),
        ({"table": {(0, 0): (EW, 4)}}, r"give \(card, rotation 0-3\)"),
        ({"table": {(0, 0.5): (EW, 0)}}, "is not a cell"),
        ({"hands": "ab"}, "one list of cards per seat"),
        ({"pile": ["2367:"]}, "the pile must be a list of cards"),
        ({"taken": [[]]}, "taken must be one list of cards per seat"),
        ({"taken": 5}, "taken must be one list of cards per seat"),
        ({"current_player": "0"}, "the current player must be a seat number"),
    ],
)
def test_from_position_refuses_what_cannot_be_a_position(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"table": {(0, 0): (EW, 0)}, "hands": [[EW], [EW]], "pile": []}
    args.update(kwargs)
    if isinstance(args["table"], dict):
        args["table"] = {c: (card(v[0]) if isinstance(v[0], str) else v[0], v[1]) for c, v in args["table"].items()}
    if isinstance(args["hands"], list):
        args["hands"] = [[card(t) for t in h] for h in args["hands"]]
    with pytest.raises(IllegalMoveError, match=message):
        CardGame.from_position(**args)


def test_card_text_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.from_text("apple")
    with pytest.raises(ValueError, match="must be a string"):
        Card.from_text(7)  # type: ignore[arg-type]
