"""The card game's saves: ``CardGame.from_dict`` refuses saves no game could reach, the
same way as the maze game's saves; whatever it accepts can be played to the end by computer players.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from doolhof.cards import CardGame
from doolhof.cards.ai import make_player
from doolhof.cards.game import MAX_TURN

from .helpers import EW, position, row

#: Any game that loads ends within this many turns (the 50-card deck lasts 46).
TURN_BOUND = 200


def played(players: int, seed: int, turns: int, take: bool = False) -> CardGame:
    """A standard game after *turns* turns of computer play (stopped mid-turn, taking, when *take*)."""
    game = CardGame.new(players=players, seed=seed)
    seats = [make_player("gentle", seed + s) for s in range(players)]
    while not game.is_over() and game.turn < turns:
        mover = seats[game.current_player]
        game.place(mover.choose_place(game))
        if game.phase == "take":
            if take and game.turn + 1 >= turns:
                break
            game.take(mover.choose_take(game))
    return game


def shifted(dx: int, dy: int = 0) -> Callable[[dict[str, Any]], None]:
    def shift(data: dict[str, Any]) -> None:
        for cell in data["table"]:
            cell[0] += dx
            cell[1] += dy
        if data["laid"] is not None:
            data["laid"] = [data["laid"][0] + dx, data["laid"][1] + dy]
    return shift


def standard() -> dict[str, Any]:
    return played(3, 21, 7).to_dict()


def custom() -> dict[str, Any]:
    return position(row(EW, EW), [[EW], [EW]]).to_dict()


DAMAGED: list[tuple[str, Callable[[], dict[str, Any]], Callable[[dict[str, Any]], None], str]] = [
    ("standard table moved 10^30 cells away", standard, shifted(10**30),
     r"a card lies on \(about 10\^30, -?\d+\), out of range"),
    ("standard table moved just out of reach", standard, shifted(0, 9),
     r"farther than 7 cards laid beside the first four can reach \(x and y from -7 to 8"),
    ("standard table moved far to the north-west", standard, shifted(-40, -40), "farther than 7 cards laid"),
    ("standard game at turn 10^30", standard, lambda d: d.update(turn=10**30),
     r"the turn count \(about 10\^30\) is out of range \(0 to 1,000,000,000\)"),
    ("standard game just past the last turn", standard, lambda d: d.update(turn=MAX_TURN + 1),
     r"the turn count \(1,000,000,001\) is out of range"),
    ("standard table 10^30 cells away both ways", standard, shifted(10**30, -(10**30)),
     r"a card lies on \(about 10\^30, about 10\^30\), out of range \(x and y from -1,000,000,000 to 1,000,000,000\)"),
]


@pytest.mark.parametrize(("what", "make", "damage", "message"), DAMAGED, ids=[d[0] for d in DAMAGED])
def test_a_save_no_game_could_reach_is_refused(
    what: str, make: Callable[[], dict[str, Any]], damage: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = make()
    CardGame.from_dict(copy.deepcopy(data))  # undamaged, it loads
    damage(data)
    with pytest.raises(ValueError, match=message) as caught:
        CardGame.from_dict(data)
    assert type(caught.value) is ValueError


def test_a_table_that_drifted_in_play_still_loads() -> None:
    """Laying at one edge and taking at the other moves the table: within reach, that is allowed."""
    data = standard()
    low = min(min(x, y) for x, y, *_ in data["table"])
    high = max(max(x, y) for x, y, *_ in data["table"])
    shift = shifted(-7 - low) if low > -7 else shifted(8 - high)
    shift(data)
    assert CardGame.from_dict(data).to_dict() == data


# ----- fuzz: damaged saves either are refused or can be played to the end -------------------------------
def _saves() -> list[dict[str, Any]]:
    out = [CardGame.new(players=2, seed=1).to_dict(), custom()]
    for players, seed, turns in ((2, 3, 5), (3, 4, 12), (6, 5, 20), (4, 6, 40)):
        out.append(played(players, seed, turns).to_dict())
        taking = played(players, seed, turns, take=True)
        out.append(taking.to_dict())
    out.append(played(2, 7, 1000).to_dict())
    return out


SAVES = _saves()
NUMBERS = st.sampled_from([-5, -1, 0, 1, 2, 5, 30, 46, 10**30, MAX_TURN, MAX_TURN + 1])


@st.composite
def damaged_saves(draw: st.DrawFn) -> dict[str, Any]:
    """A real save with one to three kinds of damage (or a harmless edit such as a turned card)."""
    data = copy.deepcopy(draw(st.sampled_from(SAVES)))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(
            ["shift", "cell", "rotation", "turn", "current", "phase", "deck", "card moved", "card dropped", "winners"]
        ))
        table = data["table"]
        if kind == "shift":
            shifted(draw(NUMBERS), draw(NUMBERS))(data)
        elif kind == "cell" and table:
            laid = draw(st.sampled_from(table))
            laid[draw(st.integers(0, 1))] = draw(NUMBERS)
        elif kind == "rotation" and table:
            draw(st.sampled_from(table))[3] = draw(st.integers(0, 3))
        elif kind in ("turn", "current"):
            data[kind] = draw(NUMBERS)
        elif kind == "phase":
            data["phase"] = draw(st.sampled_from(["place", "take", "over"]))
        elif kind == "deck":
            data["deck"] = draw(st.sampled_from(["standard", "custom"]))
        elif kind in ("card moved", "card dropped"):
            groups = [data["pile"], *data["hands"], *data["taken"]]
            source = draw(st.sampled_from(groups))
            if source:
                card = source.pop(draw(st.integers(0, len(source) - 1)))
                if kind == "card moved":
                    draw(st.sampled_from(groups)).append(card)
        elif kind == "winners":
            data["winners"] = draw(st.none() | st.lists(st.integers(0, 5), min_size=1, max_size=3))
    return data


def play_to_the_end(game: CardGame, seed: int) -> None:
    seats = [make_player("clever", seed + s) for s in range(game.players)]
    start = game.turn
    while not game.is_over():
        assert game.turn - start < TURN_BOUND, f"no end after {TURN_BOUND} turns"
        mover = seats[game.current_player]
        if game.phase == "place":
            game.place(mover.choose_place(game))
        if game.phase == "take":
            game.take(mover.choose_take(game))
    assert game.outcome() is not None


@settings(max_examples=150, deadline=None)
@given(damaged_saves(), st.integers(0, 1000))
def test_damaged_saves_are_refused_or_can_be_played_to_the_end(data: dict[str, Any], seed: int) -> None:
    try:
        game = CardGame.from_dict(data)
    except ValueError as error:
        assert str(error)
        event("refused")
        return
    event("loaded, then played to the end")
    assert CardGame.from_dict(game.to_dict()).to_dict() == game.to_dict()
    play_to_the_end(game, seed)
