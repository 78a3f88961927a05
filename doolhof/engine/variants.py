"""The three variants as data: board size, corridor cards, pictures and fixed tiles (R1-R4, R14, R15).

Everything about *which* cards exist lives in this one table; the rules code only reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from ..rules import checks
from .board import Cell
from .tiles import CORNER, STRAIGHT, T_SHAPE, mask

#: The twelve Junior pictures, one per secret (R4).
JUNIOR_PICTURES: tuple[str, ...] = (
    "star", "apple", "fish", "key", "crown", "sun",
    "moon", "flower", "ball", "boat", "house", "tree",
)
#: The 24 treasures of the big game: the Junior twelve plus twelve more.
CLASSIC_PICTURES: tuple[str, ...] = JUNIOR_PICTURES + (
    "heart", "bell", "car", "cat", "bird", "cake",
    "hat", "leaf", "rocket", "umbrella", "cup", "mushroom",
)


@dataclass(frozen=True)
class Variant:
    """One way to play: the board and card table plus how secrets are hunted."""

    name: str
    size: int
    #: The movable corridor cards (board cards plus the spare): (openings, picture or None).
    movable: tuple[tuple[int, str | None], ...]
    #: The fixed tiles: (row, col) -> (openings, picture or None).
    fixed: Mapping[Cell, tuple[int, str | None]]
    #: Every picture of this variant, in a fixed order.
    pictures: tuple[str, ...]
    #: True when every player hunts their own pile and must return home (R14, R15).
    own_piles: bool

    @property
    def shift_lines(self) -> tuple[int, ...]:
        """The row/column indices that can be shifted (R1): the odd ones."""
        return _odd_lines(self.size)

    def home(self, seat: int) -> Cell:
        """The start corner of *seat*: clockwise from the top left."""
        last = self.size - 1
        return ((0, 0), (0, last), (last, last), (last, 0))[checks.seat(seat, 4)]


@cache
def _odd_lines(size: int) -> tuple[int, ...]:
    return tuple(range(1, size, 2))


def _cards(count: int, openings: int, pictures: tuple[str, ...] = ()) -> list[tuple[int, str | None]]:
    """*count* cards of one shape, the first ones carrying *pictures*."""
    named: list[tuple[int, str | None]] = [(openings, p) for p in pictures]
    return named + [(openings, None)] * (count - len(pictures))


def _fixed(
    rows: tuple[str, ...], pictures: Mapping[Cell, str]
) -> dict[Cell, tuple[int, str | None]]:
    """Fixed tiles from a text diagram in which movable cells are written ``.``."""
    table: dict[Cell, tuple[int, str | None]] = {}
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch != ".":
                table[(r, c)] = (mask(ch), pictures.get((r, c)))
    return table


JUNIOR_FIXED = _fixed(
    (
        "┌.┬.┐",
        ".....",
        "├.┼.┤",
        ".....",
        "└.┴.┘",
    ),
    {(0, 2): "crown", (2, 4): "sun", (4, 2): "house", (2, 0): "tree"},
)
JUNIOR_MOVABLE = tuple(
    _cards(6, STRAIGHT)
    + _cards(7, CORNER, ("star", "apple", "fish", "key"))
    + _cards(4, T_SHAPE, ("moon", "flower", "ball", "boat"))
)

CLASSIC_FIXED = _fixed(
    (
        "┌.┬.┬.┐",
        ".......",
        "├.├.┬.┤",
        ".......",
        "├.┴.┤.┤",
        ".......",
        "└.┴.┴.┘",
    ),
    {
        (0, 2): "crown", (0, 4): "sun", (2, 0): "tree", (2, 2): "house",
        (2, 4): "heart", (2, 6): "bell", (4, 0): "car", (4, 2): "cat",
        (4, 4): "bird", (4, 6): "cake", (6, 2): "hat", (6, 4): "leaf",
    },
)
CLASSIC_MOVABLE = tuple(
    _cards(12, STRAIGHT)
    + _cards(16, CORNER, ("star", "apple", "fish", "key", "rocket", "umbrella"))
    + _cards(6, T_SHAPE, ("moon", "flower", "ball", "boat", "cup", "mushroom"))
)

VARIANTS: Mapping[str, Variant] = MappingProxyType({
    "junior": Variant("junior", 5, JUNIOR_MOVABLE, MappingProxyType(JUNIOR_FIXED), JUNIOR_PICTURES, False),
    "junior-own": Variant("junior-own", 5, JUNIOR_MOVABLE, MappingProxyType(JUNIOR_FIXED), JUNIOR_PICTURES, True),
    "classic": Variant("classic", 7, CLASSIC_MOVABLE, MappingProxyType(CLASSIC_FIXED), CLASSIC_PICTURES, True),
})
