"""Small hand-made cards and positions for the card-game tests (built with Card.from_text), and random actions."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

import pytest

from doolhof.cards import Card, CardGame, IllegalMoveError

Cell = tuple[int, int]

#: A plain east-west corridor (ports 2, 3, 6, 7) with no treasure.
EW = "2367:"


def card(text: str) -> Card:
    """Card.from_text, short."""
    return Card.from_text(text)


def row(*texts: str, y: int = 0, x: int = 0) -> dict[Cell, tuple[Card, int]]:
    """Cards in a row from (x, y) eastwards, unturned."""
    return {(x + k, y): (card(t), 0) for k, t in enumerate(texts)}


def position(
    table: Mapping[Cell, tuple[Card, int]],
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = (),
    current_player: int = 0,
) -> CardGame:
    """CardGame.from_position with hands and pile written as card text; one hand gets an empty
    second seat (the game needs two)."""
    seats = [[card(t) for t in h] for h in hands]
    if len(seats) == 1:
        seats.append([])
    return CardGame.from_position(
        table=table, hands=seats, pile=[card(t) for t in pile],
        current_player=current_player,
    )


def refused(game: CardGame, action: Callable[[], object], message: str) -> IllegalMoveError:
    """Run *action*, expect an IllegalMoveError matching *message*, and check *game* did not change."""
    before = game.to_dict()
    places = game.legal_places()
    takeable = game.takeable()
    with pytest.raises(IllegalMoveError, match=message) as caught:
        action()
    assert game.to_dict() == before
    assert game.legal_places() == places and game.takeable() == takeable
    return caught.value


def lay(game: CardGame, rng: random.Random) -> None:
    """Lay a random legal place."""
    game.place(rng.choice(game.legal_places()))


def take_some(game: CardGame, rng: random.Random) -> None:
    """Take a random allowed set (maybe none) of the takeable cards."""
    cells = sorted(game.takeable())
    pick = {c for c in cells if rng.random() < 0.5}
    game.take(pick if game.can_take(pick) else set())


def act(game: CardGame, rng: random.Random) -> None:
    """One action of the current player: a lay, or a take when the phase asks for one."""
    if game.phase == "take":
        take_some(game, rng)
    else:
        lay(game, rng)
