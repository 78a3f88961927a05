"""to_dict / from_dict: JSON-safe, versioned, round trips equal; foreign, damaged or impossible data is refused."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from doolhof.cards import DECK, CardGame

from .helpers import EW, position, row
from .test_saved_games import played


def midgame() -> CardGame:
    game = CardGame.new(players=3, seed=21)
    for _ in range(7):
        game.place(game.legal_places()[-1])
        if game.phase == "take":
            game.take(set())
    return game


def test_round_trip_through_json() -> None:
    game = midgame()
    data = json.loads(json.dumps(game.to_dict()))
    again = CardGame.from_dict(data)
    assert again == game and again.to_dict() == game.to_dict() and again.standard
    assert again.legal_places() == game.legal_places()


def test_round_trip_in_the_take_phase_and_after_the_end() -> None:
    game = played(3, 1, 8, take=True)
    assert game.phase == "take"
    again = CardGame.from_dict(game.to_dict())
    assert again.takeable() == game.takeable() and dict(again.joined()) == dict(game.joined())
    game = played(2, 4, 10**6)
    over = CardGame.from_dict(game.to_dict())
    assert over.is_over() and over.outcome() == game.outcome()


def test_copy_is_independent() -> None:
    game = midgame()
    before = game.to_dict()
    other = game.copy()
    other.place(other.legal_places()[0])
    if other.phase == "take":
        other.take(set())
    assert game.to_dict() == before and other != game


def broken(change: Any) -> dict[str, Any]:
    data = midgame().to_dict()
    data = copy.deepcopy(data)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="doolhof.game"), "not a saved game of the labyrinth card game"),
        (lambda d: d.update(version=2), "version 2 is not supported"),
        (lambda d: d.update(version="1"), "version '1' is not supported"),
        (lambda d: d.pop("pile"), "lacks 'pile'"),
        (lambda d: d.update(deck="mine"), "deck kind 'mine' is not the game's deck"),
        (lambda d: d.update(deck="custom"), "saved games hold the 50-card deck"),
        (lambda d: d.update(table="x"), "the table is damaged"),
        (lambda d: d["table"].append([0, 0, "0:", 0]), r"two cards lie on \(0, 0\)"),
        (lambda d: d["table"][0].__setitem__(3, 4), "the table is damaged"),
        (lambda d: d["table"][0].__setitem__(2, "9:x"), "a saved card is damaged"),
        (lambda d: d["hands"][1].append(d["pile"].pop()), "more than 2 cards"),
        (lambda d: d["hands"][1].append(d["hands"][0][0]), "more than 2 cards"),
        (lambda d: d["pile"].append(d["pile"][0]), "appears 2 times"),
        (lambda d: d["pile"].pop(), "1 cards of the deck are missing"),
        (lambda d: d["pile"].__setitem__(0, "01234567:apple,star"), "not a card of the deck"),
        (lambda d: d["pile"].append(d["hands"][1].pop()), "seat 1 holds 1 cards while the pile lasts"),
        (lambda d: d.update(current=5), "the player to move, 5, is not at the table"),
        (lambda d: d.update(current=True), "the current is damaged"),
        (lambda d: d.update(turn=3), "cards have been laid in 3 turns"),
        (lambda d: d.update(turn=-1), "turn count is negative"),
        (lambda d: d.update(phase="walk"), "unknown phase 'walk'"),
        (lambda d: d.update(phase="over"), "over although cards are left"),
        (lambda d: d.update(phase="take"), "card just laid is not on the table"),
        (lambda d: d.update(winners=[0]), "no card just laid and no winners"),
        (lambda d: d.update(hands=[[]] * 7, taken=[[]] * 7), "2 to 6 players, not 7"),
        (lambda d: d.update(taken=[[]]), "taken cards do not match the players"),
        (lambda d: d["table"].pop(0), "missing|not one piece"),
        (lambda d: d.update(laid=[0]), "the card just laid is damaged"),
    ],
)
def test_damaged_or_impossible_data_is_refused(change: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        CardGame.from_dict(broken(change))


@pytest.mark.parametrize("data", [None, [], "doolhof.cards", {"format": "doolhof.cards"}])
def test_foreign_data_is_refused(data: Any) -> None:
    with pytest.raises(ValueError):
        CardGame.from_dict(data)


def test_a_split_table_is_refused() -> None:
    game = position(row(EW, EW, EW), [[EW], [EW]])
    data = {**game.to_dict(), "deck": "standard"}  # the table is looked at before the deck
    data["table"] = [r for r in data["table"] if r[0] != 1]
    with pytest.raises(ValueError, match="not one piece"):
        CardGame.from_dict(data)


def test_custom_games_may_repeat_cards_but_a_saved_game_always_holds_the_real_deck() -> None:
    game = position(row(EW, EW), [[EW], [EW]])
    assert not game.standard
    with pytest.raises(ValueError, match="saved games hold the 50-card deck"):
        CardGame.from_dict(game.to_dict())  # a hand-edited "custom" mark does not switch off the deck check
    data = game.to_dict()
    data["deck"] = "standard"
    with pytest.raises(ValueError, match=r"not a card of the deck|appears"):
        CardGame.from_dict(data)
    assert len(DECK) == 50


def test_games_compare_by_value_and_are_not_hashable() -> None:
    game = CardGame.new(players=2, seed=1)
    assert game == game.copy() and game != "a game"
    with pytest.raises(TypeError):
        hash(game)
