"""The one error both games raise for a move, question or setup the rules do not allow."""

from __future__ import annotations

from typing import Final

#: The most characters of a refused value a message quotes.
SHOWN: Final = 60


class IllegalMoveError(ValueError):
    """A move, setup or question with an argument the rules do not allow. The game is left unchanged."""


def shown(value: object, limit: int = SHOWN) -> str:
    """``repr(value)``, cut to *limit* characters (ending in ``…`` when cut), for error messages.

    >>> shown([1, 2]), shown("ab", limit=3)
    ('[1, 2]', "'a…")
    """
    try:
        text = repr(value)
    except Exception:  # a value whose repr breaks is still refused with a message
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def count_words(n: int) -> str:
    """*n* with thousands separators, or its size alone when it is too long to read (or to print at all).

    >>> count_words(1234), count_words(10**40)
    ('1,234', 'about 10^40')
    """
    return f"{n:,}" if abs(n) < 10**15 else f"about 10^{int(abs(n).bit_length() * 0.30103)}"


__all__ = ["IllegalMoveError", "SHOWN", "count_words", "shown"]
