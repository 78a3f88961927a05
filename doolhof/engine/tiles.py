"""Corridor cards as 4-bit opening masks, and their box-drawing characters.

A card's openings are one integer: bit 0 north, bit 1 east, bit 2 south, bit 3 west.
Turning a card a quarter clockwise moves every opening one bit up (north becomes east).
"""

from __future__ import annotations

from typing import Final

from ..rules import IllegalMoveError, shown

N: Final = 1
E: Final = 2
S: Final = 4
W: Final = 8

#: The side across from each side (the arrow closed after a push there, R8).
OPPOSITE: Final = {"N": "S", "S": "N", "E": "W", "W": "E"}

STRAIGHT: Final = N | S
CORNER: Final = N | E
T_SHAPE: Final = E | S | W

#: Box-drawing character for every mask a card can have (arms are the openings).
CHAR_OF_MASK: Final = {
    N | S: "│",
    E | W: "─",
    N | E: "└",
    E | S: "┌",
    S | W: "┐",
    N | W: "┘",
    N | E | S: "├",
    E | S | W: "┬",
    N | S | W: "┤",
    N | E | W: "┴",
    N | E | S | W: "┼",
}
MASK_OF_CHAR: Final = {char: mask for mask, char in CHAR_OF_MASK.items()}


def rotate(mask: int, quarter_turns: int = 1) -> int:
    """Return *mask* turned *quarter_turns* quarters clockwise (negative turns anticlockwise)."""
    k = quarter_turns % 4
    return ((mask << k) | (mask >> (4 - k))) & 15


def char(mask: int) -> str:
    """The box-drawing character of a card mask."""
    try:
        return CHAR_OF_MASK[mask]
    except KeyError:
        raise ValueError(f"no corridor card has openings {mask:#06b}") from None


def mask(character: str) -> int:
    """The opening mask of a box-drawing character (inverse of :func:`char`)."""
    try:
        return MASK_OF_CHAR[character]
    except (KeyError, TypeError):
        known = " ".join(CHAR_OF_MASK.values())
        raise IllegalMoveError(f"{shown(character)} is not a corridor card; use one of {known}") from None


def shape(mask: int) -> str:
    """The card's shape name: ``"straight"``, ``"corner"``, ``"t"`` or ``"cross"``."""
    count = bin(mask).count("1")
    if count == 4:
        return "cross"
    if count == 3:
        return "t"
    if count == 2:
        return "straight" if mask in (N | S, E | W) else "corner"
    raise ValueError(f"no corridor card has openings {mask:#06b}")


def distinct_rotations(mask: int) -> tuple[int, ...]:
    """Quarter turns (0-3) giving different cards: 4 for corners and T's, 2 straight, 1 cross."""
    seen: dict[int, int] = {}
    for k in range(4):
        seen.setdefault(rotate(mask, k), k)
    return tuple(seen.values())
