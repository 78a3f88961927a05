"""The board: corridor openings as bit boards, pictures per cell, pushes and flood fill.

All four opening directions of all cells live in one integer. Cell ``i = row * size + col`` is
bit ``d * area + i`` for direction ``d`` (0 north, 1 east, 2 south, 3 west). Pushing a row or
column is then a handful of shifts and masks, and reachability is a bit-parallel flood fill. The
shifting and filling themselves are the fast core's (:mod:`doolhof.engine.fast`); the board adds
checks, pictures and cells.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from functools import cache

from ..rules import IllegalMoveError, checks, shown
from . import fast
from .fast import SIDES, Cell
from .tiles import CHAR_OF_MASK, char, mask

__all__ = ["SIDES", "Board", "Cell", "cells_of_bits", "line_cells"]


@cache
def _picture_slices(size: int, side: str, index: int) -> tuple[slice, slice]:
    """Where a push moves the line's pictures to, and from (one cell towards the pushed-in end).

    As slices of the picture list, the list does the moving in C.
    """
    a = fast.arrow(size, side, index)
    first, last = min(a.cells), max(a.cells)
    stride = abs(a.shift)
    tail, head = slice(first + stride, last + 1, stride), slice(first, last + 1 - stride, stride)
    return (tail, head) if a.shift > 0 else (head, tail)


class Board:
    """A square board of corridor cards with optional pictures.

    Boards compare equal when openings and pictures are equal. A board is changed only by the
    game (through :meth:`push`); use :meth:`copy` for an independent one.
    """

    __slots__ = ("size", "_bits", "_pictures", "_conn")

    def __init__(self, size: int, masks: Iterable[int], pictures: Iterable[str | None] | None = None):
        """Build a board of *size* from cell masks in reading order (and pictures, if any)."""
        geo = fast.geometry(size)
        masks = list(masks)
        if len(masks) != geo.area:
            raise ValueError(f"a {size}x{size} board needs {geo.area} cells, got {len(masks)}")
        bits = 0
        for i, m in enumerate(masks):
            if m not in CHAR_OF_MASK:
                raise ValueError(f"cell {geo.cells[i]} has no valid openings ({m!r})")
            for d in range(4):
                if m >> d & 1:
                    bits |= 1 << (d * geo.area + i)
        self.size = size
        self._bits = bits
        self._pictures: list[str | None] = list(pictures) if pictures is not None else [None] * geo.area
        if len(self._pictures) != geo.area:
            raise ValueError(f"a {size}x{size} board needs {geo.area} pictures, got {len(self._pictures)}")
        self._conn: tuple[int, int, int, int] | None = None

    # ----- reading -------------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> Board:
        """Read a board drawn as box-drawing characters, one line per row (see :meth:`text`)."""
        checks.text(text, "a board text")
        rows = [line.strip() for line in text.strip().splitlines() if line.strip()]
        size = len(rows)
        if size < 2 or any(len(row) != size for row in rows):
            raise ValueError("a board text must be a square of box-drawing characters, one line per row")
        return cls(size, (mask(ch) for row in rows for ch in row))

    def text(self) -> str:
        """The board as ``size`` lines of box-drawing characters (openings only)."""
        s = self.size
        return "\n".join("".join(char(self._mask(r * s + c)) for c in range(s)) for r in range(s))

    @property
    def bits(self) -> int:
        """All openings as one integer, the fast core's board (see :mod:`doolhof.engine.fast`)."""
        return self._bits

    def mask_at(self, cell: Cell) -> int:
        """The opening mask of the card at *cell*."""
        r, c = checks.cell(cell, self.size)
        return self._mask(r * self.size + c)

    def _mask(self, i: int) -> int:
        area = self.size * self.size
        b = self._bits
        return (
            (b >> i & 1) | (b >> (area + i) & 1) << 1 | (b >> (2 * area + i) & 1) << 2 | (b >> (3 * area + i) & 1) << 3
        )

    def picture_at(self, cell: Cell) -> str | None:
        """The picture printed on the card at *cell*, if any."""
        r, c = checks.cell(cell, self.size)
        return self._pictures[r * self.size + c]

    def find_picture(self, picture: str) -> Cell | None:
        """The cell whose card shows *picture*, or None when it is not on the board."""
        checks.text(picture, "a picture")
        try:
            i = self._pictures.index(picture)
        except ValueError:
            return None
        return (i // self.size, i % self.size)

    def masks(self) -> list[int]:
        """All cell masks in reading order."""
        return [self._mask(i) for i in range(self.size * self.size)]

    def pictures(self) -> list[str | None]:
        """All cell pictures in reading order."""
        return list(self._pictures)

    def cells(self) -> tuple[Cell, ...]:
        """Every cell of the board in reading order."""
        return fast.geometry(self.size).cells

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cells())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.size == other.size and self._bits == other._bits and self._pictures == other._pictures

    def __hash__(self) -> int:
        return hash((self.size, self._bits, tuple(self._pictures)))

    def __repr__(self) -> str:
        return f"Board.from_text({self.text()!r})"

    def copy(self) -> Board:
        """An independent copy."""
        new = Board.__new__(Board)
        new.size = self.size
        new._bits = self._bits
        new._pictures = list(self._pictures)
        new._conn = self._conn
        return new

    # ----- changing ------------------------------------------------------------------------
    def push(self, side: str, index: int, card: int, picture: str | None) -> tuple[int, str | None]:
        """Push *card* (openings, already turned) in at (side, index); return the card pushed out.

        Only checks that the line exists; which lines may move is the game's business.
        """
        if not isinstance(side, str) or side not in SIDES or not checks.is_whole(index) or not 0 <= index < self.size:
            raise IllegalMoveError(f"there is no line {shown(index)} on side {shown(side)}")
        if not checks.is_whole(card) or card not in CHAR_OF_MASK:
            raise IllegalMoveError(f"{shown(card)} is not the openings of a card")
        if picture is not None and not isinstance(picture, str):
            raise IllegalMoveError(f"a picture must be a text or None, not {shown(picture)}")
        a = fast.arrow(self.size, side, index)
        self._bits, out = fast.push(self._bits, a, card)
        self._conn = None
        pics = self._pictures
        out_picture = pics[a.out_cell]
        dst, src = _picture_slices(self.size, side, index)
        pics[dst] = pics[src]
        pics[a.in_cell] = picture
        return out, out_picture

    # ----- walking -------------------------------------------------------------------------
    def connections(self) -> tuple[int, int, int, int]:
        """Bit boards of cells joined to their north, east, south and west neighbour."""
        if self._conn is None:
            s = self.size
            east, south = fast.links(self._bits, s)
            self._conn = (south << s, east, south, east << 1)
        return self._conn

    def reach_bits(self, start: Cell) -> int:
        """Bit set of every cell connected to *start* (start included)."""
        start = checks.cell(start, self.size, "a start cell")
        _, east, south, _ = self.connections()
        return fast.flood(east, south, self.size, fast.cell_bit(start, self.size))

    def reachable(self, start: Cell) -> frozenset[Cell]:
        """Every cell connected to *start* through open corridors (start included)."""
        return frozenset(cells_of_bits(self.reach_bits(start), self.size))

    def path(self, start: Cell, goal: Cell) -> tuple[Cell, ...] | None:
        """A shortest corridor path from *start* to *goal* (both included), or None."""
        start, goal = checks.cell(start, self.size, "a start cell"), checks.cell(goal, self.size, "a goal cell")
        cn, ce, cs, cw = self.connections()
        s = self.size
        a, z = start[0] * s + start[1], goal[0] * s + goal[1]
        came: dict[int, int] = {a: a}
        queue = deque([a])
        while queue:
            i = queue.popleft()
            if i == z:
                break
            bit = 1 << i
            for ok, j in ((cn & bit, i - s), (ce & bit, i + 1), (cs & bit, i + s), (cw & bit, i - 1)):
                if ok and j not in came:
                    came[j] = i
                    queue.append(j)
        if z not in came:
            return None
        steps = [z]
        while steps[-1] != a:
            steps.append(came[steps[-1]])
        cells = fast.geometry(s).cells
        return tuple(cells[i] for i in reversed(steps))


def cells_of_bits(bits: int, size: int) -> list[Cell]:
    """The cells whose bits are set, in reading order."""
    return fast.cells_of(bits, size)


@cache
def line_cells(size: int, side: str, index: int) -> tuple[Cell, ...]:
    """The cells of the line pushed at (side, index), from the pushed-in end to the pushed-out end."""
    cells = fast.geometry(size).cells
    return tuple(cells[i] for i in fast.arrow(size, side, index).cells)
