"""Argument checks for the public face of both games: a bad argument is refused, never reinterpreted.

Every check raises :class:`~doolhof.rules.errors.IllegalMoveError` (a ``ValueError``) with a short
message that quotes the value cut to :data:`~doolhof.rules.errors.SHOWN` characters; none answers
for another seat or cell (``-1`` is not the last seat, ``True`` is not seat 1).

>>> whole(3, "the players", 2, 4), seat(None, 4, default=2), cell((1, 2), 5)
(3, 2, (1, 2))
>>> seat(-1, 4)
Traceback (most recent call last):
...
doolhof.rules.errors.IllegalMoveError: a seat is a whole number from 0 to 3, not -1
"""

from __future__ import annotations

from .errors import IllegalMoveError, shown

#: What :class:`random.Random` accepts as a seed (besides None).
SEED_TYPES = (int, float, str, bytes, bytearray)


def is_whole(value: object) -> bool:
    """A real integer: ``True`` and ``1.0`` are not seats, lines or turns."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: object, what: str, low: int, high: int) -> int:
    """*value* when it is a whole number from *low* to *high*; refused otherwise."""
    if not is_whole(value) or not low <= value <= high:  # type: ignore[operator]
        raise IllegalMoveError(f"{what} must be a whole number from {low} to {high}, not {shown(value)}")
    return value  # type: ignore[return-value]


def seat(value: object, players: int, *, default: int | None = None) -> int:
    """*value* as a seat of a game of *players*; None means *default* when one is given."""
    if value is None and default is not None:
        return default
    if not is_whole(value) or not 0 <= value < players:  # type: ignore[operator]
        raise IllegalMoveError(f"a seat is a whole number from 0 to {players - 1}, not {shown(value)}")
    return value  # type: ignore[return-value]


def cell(value: object, size: int | None = None, what: str = "a cell") -> tuple[int, int]:
    """*value* as a (row, column) pair of whole numbers, on a *size* x *size* board when given.

    *what* names the cell in the message (``"the start"``).
    """
    r: object
    c: object
    try:
        r, c = value  # type: ignore[misc]
    except (TypeError, ValueError):
        raise IllegalMoveError(f"{shown(value)} is not {what}; give (row, column)") from None
    if not (isinstance(r, int) and isinstance(c, int) and is_whole(r) and is_whole(c)) or isinstance(
        value, (str, bytes, dict, set, frozenset)
    ):
        raise IllegalMoveError(f"{shown(value)} is not {what}; give (row, column)")
    if size is not None and not (0 <= r < size and 0 <= c < size):
        raise IllegalMoveError(f"{shown(value)} is not on the {size}x{size} board")
    return (r, c)


def seed(value: object) -> None:
    """Refuse a seed :class:`random.Random` cannot use (None, a number or a text are fine)."""
    if value is not None and not isinstance(value, SEED_TYPES):
        raise IllegalMoveError(f"a seed is a number or a text, not {shown(value)}")


def text(value: object, what: str) -> str:
    """*value* when it is a text; refused otherwise."""
    if not isinstance(value, str):
        raise IllegalMoveError(f"{what} must be a text, not {shown(value)}")
    return value


__all__ = ["SEED_TYPES", "cell", "is_whole", "seat", "seed", "text", "whole"]
