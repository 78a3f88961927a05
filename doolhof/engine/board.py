"""The board: corridor openings as bit boards, pictures per cell, pushes and flood fill.

All four opening directions of all cells live in one integer. Cell ``i = row * size + col`` is
bit ``d * area + i`` for direction ``d`` (0 north, 1 east, 2 south, 3 west). Pushing a row or
column is then a handful of shifts and masks, and reachability is a bit-parallel flood fill.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TypeAlias

from .tiles import CHAR_OF_MASK, char, mask

#: A cell of the board as (row, column), (0, 0) at the top left: the engine's one cell type.
Cell: TypeAlias = tuple[int, int]
SIDES = ("N", "E", "S", "W")


@dataclass(frozen=True)
class _LineGeometry:
    """Precomputed masks for pushing at one (side, index) on one board size."""

    line: int  # all four direction bits of every cell of the line
    keep: int  # line bits that stay on the board (the pushed-out cell removed)
    shift: int  # positive: shift left by this; negative: shift right
    out_cell: int  # index of the cell pushed out
    in_cell: int  # index of the cell pushed in
    cells: tuple[int, ...]  # the line's cell indices in push direction (in_cell first)
    spread: tuple[int, ...]  # opening mask (0-15) -> its bits placed at in_cell
    gather: dict[int, int]  # out_cell's four bits, shifted down to bit 0, area, 2 area, 3 area -> mask
    picture_dst: slice  # where the line's pictures move to ...
    picture_src: slice  # ... from (one cell towards the pushed-in end)


@dataclass(frozen=True)
class _SizeGeometry:
    """Precomputed masks for one board size."""

    size: int
    area: int
    full: int
    not_first_col: int
    not_last_col: int
    cells: tuple[Cell, ...]


@cache
def _size_geometry(size: int) -> _SizeGeometry:
    area = size * size
    full = (1 << area) - 1
    first = sum(1 << (r * size) for r in range(size))
    last = first << (size - 1)
    cells = tuple((i // size, i % size) for i in range(area))
    return _SizeGeometry(size, area, full, full & ~first, full & ~last, cells)


@cache
def _spaced_nibble(size: int) -> int:
    """Bits 0, area, 2 area and 3 area: one cell's four direction bits, shifted down to cell 0."""
    area = size * size
    return sum(1 << (d * area) for d in range(4))


@cache
def _line_geometry(size: int, side: str, index: int) -> _LineGeometry:
    area = size * size
    if side in ("W", "E"):
        cells = [index * size + c for c in range(size)]
        step = 1
    else:
        cells = [r * size + index for r in range(size)]
        step = size
    if side in ("E", "S"):
        cells.reverse()
        step = -step
    in_cell, out_cell = cells[0], cells[-1]
    line = 0
    for i in cells:
        for d in range(4):
            line |= 1 << (d * area + i)
    keep = line
    for d in range(4):
        keep &= ~(1 << (d * area + out_cell))
    spread = tuple(
        sum(1 << (d * area + in_cell) for d in range(4) if m >> d & 1) for m in range(16)
    )
    gather = {sum(1 << (d * area) for d in range(4) if m >> d & 1): m for m in range(16)}
    # The pictures shift one cell along the line; as slices, the list does the moving in C.
    first, last = min(cells), max(cells)
    stride = abs(step)
    if step > 0:
        dst, src = slice(first + stride, last + 1, stride), slice(first, last + 1 - stride, stride)
    else:
        dst, src = slice(first, last + 1 - stride, stride), slice(first + stride, last + 1, stride)
    return _LineGeometry(line, keep, step, out_cell, in_cell, tuple(cells), spread, gather, dst, src)


class Board:
    """A square board of corridor cards with optional pictures.

    Boards compare equal when openings and pictures are equal. A board is changed only by the
    game (through :meth:`push`); use :meth:`copy` for an independent one.
    """

    __slots__ = ("size", "_bits", "_pictures", "_conn")

    def __init__(self, size: int, masks: Iterable[int], pictures: Iterable[str | None] | None = None):
        """Build a board of *size* from cell masks in reading order (and pictures, if any)."""
        geo = _size_geometry(size)
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
        rows = [line.strip() for line in text.strip().splitlines() if line.strip()]
        size = len(rows)
        if size < 2 or any(len(row) != size for row in rows):
            raise ValueError("a board text must be a square of box-drawing characters, one line per row")
        return cls(size, (mask(ch) for row in rows for ch in row))

    def text(self) -> str:
        """The board as ``size`` lines of box-drawing characters (openings only)."""
        s = self.size
        return "\n".join("".join(char(self.mask_at((r, c))) for c in range(s)) for r in range(s))

    def mask_at(self, cell: Cell) -> int:
        """The opening mask of the card at *cell*."""
        r, c = cell
        area = self.size * self.size
        i = r * self.size + c
        b = self._bits
        return (
            (b >> i & 1) | (b >> (area + i) & 1) << 1 | (b >> (2 * area + i) & 1) << 2 | (b >> (3 * area + i) & 1) << 3
        )

    def picture_at(self, cell: Cell) -> str | None:
        """The picture printed on the card at *cell*, if any."""
        r, c = cell
        return self._pictures[r * self.size + c]

    def find_picture(self, picture: str) -> Cell | None:
        """The cell whose card shows *picture*, or None when it is not on the board."""
        try:
            i = self._pictures.index(picture)
        except ValueError:
            return None
        return (i // self.size, i % self.size)

    def masks(self) -> list[int]:
        """All cell masks in reading order."""
        return [self.mask_at(cell) for cell in _size_geometry(self.size).cells]

    def pictures(self) -> list[str | None]:
        """All cell pictures in reading order."""
        return list(self._pictures)

    def cells(self) -> tuple[Cell, ...]:
        """Every cell of the board in reading order."""
        return _size_geometry(self.size).cells

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
        if side not in SIDES or not 0 <= index < self.size:
            raise ValueError(f"there is no line {index} on side {side!r}")
        geo = _line_geometry(self.size, side, index)
        b = self._bits
        out = geo.gather[b >> geo.out_cell & _spaced_nibble(self.size)]
        moved = b & geo.keep
        moved = moved << geo.shift if geo.shift > 0 else moved >> -geo.shift
        self._bits = (b & ~geo.line) | moved | geo.spread[card]
        self._conn = None
        pics = self._pictures
        out_picture = pics[geo.out_cell]
        pics[geo.picture_dst] = pics[geo.picture_src]
        pics[geo.in_cell] = picture
        return out, out_picture

    # ----- walking -------------------------------------------------------------------------
    def connections(self) -> tuple[int, int, int, int]:
        """Bit boards of cells joined to their north, east, south and west neighbour."""
        if self._conn is None:
            geo = _size_geometry(self.size)
            s, area, full = self.size, geo.area, geo.full
            b = self._bits
            n, e, so, w = b & full, b >> area & full, b >> (2 * area) & full, b >> (3 * area) & full
            self._conn = (
                n & (so << s),
                e & (w >> 1) & geo.not_last_col,
                so & (n >> s),
                w & (e << 1) & geo.not_first_col,
            )
        return self._conn

    def reach_bits(self, start: Cell) -> int:
        """Bit set of every cell connected to *start* (start included)."""
        cn, ce, cs, cw = self.connections()
        s = self.size
        reach = 1 << (start[0] * s + start[1])
        while True:
            grown = reach | (reach & cn) >> s | (reach & ce) << 1 | (reach & cs) << s | (reach & cw) >> 1
            if grown == reach:
                return reach
            reach = grown

    def reachable(self, start: Cell) -> frozenset[Cell]:
        """Every cell connected to *start* through open corridors (start included)."""
        return frozenset(cells_of_bits(self.reach_bits(start), self.size))

    def path(self, start: Cell, goal: Cell) -> tuple[Cell, ...] | None:
        """A shortest corridor path from *start* to *goal* (both included), or None."""
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
        cells = _size_geometry(s).cells
        return tuple(cells[i] for i in reversed(steps))


def cells_of_bits(bits: int, size: int) -> list[Cell]:
    """The cells whose bits are set, in reading order."""
    out: list[Cell] = []
    # A byte at a time from a table: several times faster than peeling off one bit at a time.
    for chunk in _byte_cells(size):
        if not bits:
            break
        byte = bits & 255
        if byte:
            out.extend(chunk[byte])
        bits >>= 8
    return out


@cache
def _byte_cells(size: int) -> tuple[tuple[tuple[Cell, ...], ...], ...]:
    """For each group of 8 cells, the cells of each of the 256 bytes."""
    cells = _size_geometry(size).cells
    return tuple(
        tuple(tuple(cells[k + j] for j in range(8) if byte >> j & 1 and k + j < len(cells)) for byte in range(256))
        for k in range(0, len(cells), 8)
    )


@cache
def line_cells(size: int, side: str, index: int) -> tuple[Cell, ...]:
    """The cells of the line pushed at (side, index), from the pushed-in end to the pushed-out end."""
    cells = _size_geometry(size).cells
    return tuple(cells[i] for i in _line_geometry(size, side, index).cells)
