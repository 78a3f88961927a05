"""Events: small frozen records in the order things happened, enough for the screen to animate."""

from __future__ import annotations

import dataclasses

import pytest

from doolhof.cards import CardGame, Place
from doolhof.cards.events import CardLaid, CardsDrawn, CardsTaken, GameOver, PathJoined, TurnPassed

from .helpers import EW, card, position, row


def test_a_turn_with_a_take_in_order() -> None:
    game = position(row("2367:apple", EW, "2367:apple"), [["2367:apple"], [EW]], pile=[EW, "0:"])
    laid = game.place(Place(0, (3, 0), 0))
    assert laid == [
        CardLaid(0, 0, card("2367:apple"), (3, 0), 0),
        PathJoined(0, "apple", ((3, 0), (2, 0), (1, 0), (0, 0))),
    ]
    taken = game.take({(0, 0)})
    assert taken == [CardsTaken(0, ((0, 0),), (card("2367:apple"),)), CardsDrawn(0, 2), TurnPassed(1)]


def test_a_turn_without_a_take_ends_at_once() -> None:
    game = position(row(EW, EW), [[EW], [EW]], pile=[])
    assert game.place(Place(0, (2, 0), 0)) == [CardLaid(0, 0, card(EW), (2, 0), 0), TurnPassed(1)]
    assert game.place(Place(0, (-1, 0), 2))[-1] == GameOver(frozenset({0, 1}), (0, 0))


def test_path_joined_gives_one_shortest_chain_per_takeable_card() -> None:
    """A ring: the way round the north is 3 cards shorter than round the south."""
    table = {
        (0, 0): (card("23:apple"), 0), (1, 0): (card("2367:"), 0), (2, 0): (card("4567:"), 0),
        (0, 1): (card("0145:"), 0), (0, 2): (card("0123:"), 0), (1, 2): (card("2367:"), 0),
        (2, 2): (card("0167:"), 0),
    }
    game = position(table, [["0145:apple"]])
    events = game.place(Place(0, (2, 1), 0))
    joined = [e for e in events if isinstance(e, PathJoined)]
    assert game.takeable() == {(0, 0)}
    assert joined == [PathJoined(0, "apple", ((2, 1), (2, 0), (1, 0), (0, 0)))]


def test_events_are_frozen() -> None:
    game = CardGame.new(players=2, seed=1)
    event = game.place(game.legal_places()[0])[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seat = 1  # type: ignore[misc]
    assert hash(event) == hash(dataclasses.replace(event))


def test_chains_step_side_to_side_in_random_games() -> None:
    for seed in range(6):
        game = CardGame.new(players=3, seed=seed)
        while not game.is_over():
            events = game.place(game.legal_places()[seed % len(game.legal_places())])
            for e in events:
                if isinstance(e, PathJoined):
                    assert e.cells[0] == game.laid and e.cells[-1] in game.takeable()
                    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(e.cells, e.cells[1:]))
                    assert e.treasure in game.table[e.cells[0]][0].treasures & game.table[e.cells[-1]][0].treasures
            if game.phase == "take":
                game.take(sorted(game.takeable())[:1])
