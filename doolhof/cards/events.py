"""What happened, in order: the small records :meth:`CardGame.place` and :meth:`CardGame.take` return.

The screen turns each event into an animation and a sound; nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.events import GameOver, TurnPassed
from .card import Card
from .ports import Cell


@dataclass(frozen=True)
class CardLaid:
    """*seat* laid *card* (its hand card number *hand_index*) turned *rotation* on *cell*."""

    seat: int
    hand_index: int
    card: Card
    cell: Cell
    rotation: int


@dataclass(frozen=True)
class PathJoined:
    """A path joins *treasure* on the card just laid (*cells[0]*) to the same treasure on *cells[-1]*.

    *cells* is one shortest chain of cells along the paths, laid card first; there is one event per
    card that may be taken.
    """

    seat: int
    treasure: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class CardsTaken:
    """*seat* took the *cards* from *cells* (same order) as points."""

    seat: int
    cells: tuple[Cell, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class CardsDrawn:
    """*seat* drew *count* cards from the pile (their faces are the seat's own business)."""

    seat: int
    count: int


Event = CardLaid | PathJoined | CardsTaken | CardsDrawn | TurnPassed | GameOver

__all__ = ["CardLaid", "PathJoined", "CardsTaken", "CardsDrawn", "TurnPassed", "GameOver", "Event"]
