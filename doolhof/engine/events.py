"""What happened, in order: the small records :meth:`Game.push` and :meth:`Game.walk` return.

The GUI turns each event into an animation and a sound; nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.events import GameOver, TurnPassed
from .board import Cell


@dataclass(frozen=True)
class CardPushedIn:
    """The spare, turned *rotation* quarters, went in at (side, index) onto *cell*."""

    side: str
    index: int
    rotation: int
    cell: Cell
    openings: int
    picture: str | None


@dataclass(frozen=True)
class LineShifted:
    """Every card of the line moved one cell; *cells* run from the pushed-in to the pushed-out end."""

    side: str
    index: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class CardPushedOut:
    """The card at *cell* left the board and is now the spare."""

    cell: Cell
    openings: int
    picture: str | None


@dataclass(frozen=True)
class FigureCarried:
    """A figure rode along with its card from *start* to *end* (not walking)."""

    seat: int
    start: Cell
    end: Cell


@dataclass(frozen=True)
class FigureWrapped:
    """A figure on the pushed-out card was put on the pushed-in card (R9)."""

    seat: int
    start: Cell
    end: Cell


@dataclass(frozen=True)
class FigureWalked:
    """The mover walked along *path* (a shortest corridor path; one cell when staying put)."""

    seat: int
    path: tuple[Cell, ...]


@dataclass(frozen=True)
class SecretCollected:
    """*seat* took the secret showing *picture* at *cell*."""

    seat: int
    picture: str
    cell: Cell


@dataclass(frozen=True)
class SecretRevealed:
    """*picture* is the next secret to find: for everybody (seat None) or for *seat*'s own pile."""

    picture: str
    seat: int | None


Event = (
    CardPushedIn | LineShifted | CardPushedOut | FigureCarried | FigureWrapped | FigureWalked
    | SecretCollected | SecretRevealed | TurnPassed | GameOver
)

__all__ = [
    "CardPushedIn", "LineShifted", "CardPushedOut", "FigureCarried", "FigureWrapped", "FigureWalked",
    "SecretCollected", "SecretRevealed", "TurnPassed", "GameOver", "Event",
]
