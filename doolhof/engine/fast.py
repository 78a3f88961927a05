"""The engine's fast core: pushes and flood fills on plain integers, with no checks and no events.

:class:`~doolhof.engine.board.Board` and :class:`~doolhof.engine.game.Game` are the checked public
face: they refuse illegal moves, move pictures and figures, and report events for the screen. Under
them sits this core, the way python-chess keeps a fast core under its checked public moves. A
search that tries thousands of pushes (the puzzle solver) calls it directly, on plain integers:

* a board's openings are one integer, bit ``d * area + i`` for direction ``d`` (0 north, 1 east,
  2 south, 3 west) of cell ``i = row * size + col`` (what :attr:`Board.bits` gives);
* a set of cells is one integer, bit ``i`` for cell ``i`` (:func:`cell_bit`).

Nothing here checks its input: an arrow must be one of the board's (:func:`arrow`), a card a valid
opening mask. Every table is built once per board size and is read-only, so threads may share them.

>>> from doolhof.engine import Board
>>> board = Board.from_text("┌─┬─┐\\n│││││\\n├─┼─┤\\n│││││\\n└─┴─┘")
>>> w1 = arrow(5, "W", 1)
>>> bits, out = push(board.bits, w1, 0b1010)  # a ─ card in at the left of row 1
>>> out  # the │ pushed out at the right
5
>>> cells_of(reach(bits, 5, cell_bit((0, 0), 5)), 5)[:7]
[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 4)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TypeAlias

#: A cell of the board as (row, column), (0, 0) at the top left: the engine's one cell type.
Cell: TypeAlias = tuple[int, int]
#: The four sides, in the order of the opening bits.
SIDES = ("N", "E", "S", "W")
_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass(frozen=True)
class Geometry:
    """Masks of one board size."""

    size: int
    area: int
    #: Every cell (``area`` bits).
    full: int
    #: Every cell but those of the first (west) column, and of the last (east) column.
    not_first_col: int
    not_last_col: int
    #: Every cell but those of the last (south) row.
    not_last_row: int
    #: The cells in reading order: ``cells[i]`` is cell ``i``.
    cells: tuple[Cell, ...]
    #: Bits 0, area, 2 area and 3 area: one cell's four direction bits, shifted down to cell 0.
    nibble: int


@cache
def geometry(size: int) -> Geometry:
    """The (cached, read-only) masks of a *size* x *size* board."""
    area = size * size
    full = (1 << area) - 1
    first = sum(1 << (r * size) for r in range(size))
    last = first << (size - 1)
    cells = tuple((i // size, i % size) for i in range(area))
    nibble = sum(1 << (d * area) for d in range(4))
    return Geometry(size, area, full, full & ~first, full & ~last, (1 << (area - size)) - 1, cells, nibble)


@dataclass(frozen=True, eq=False)
class Arrow:
    """Everything a push at one arrow (side, index) does on one board size, as masks and tables.

    There is one object per arrow and board size (:func:`arrow` caches them), so arrows compare
    and hash by identity, which is fast.
    """

    side: str
    index: int
    size: int
    #: The line's cell indices in push direction: the pushed-in cell first, the pushed-out cell last.
    cells: tuple[int, ...]
    in_cell: int
    out_cell: int
    #: Opening bits: all four direction bits of the line's cells; those that stay on the board
    #: (the pushed-out cell's removed); everything off the line.
    line: int
    keep: int
    clear: int
    #: How far every bit of the line moves: positive shifts left, negative shifts right.
    shift: int
    #: Opening mask (0-15) -> its bits placed at the pushed-in cell.
    spread: tuple[int, ...]
    #: The pushed-out cell's four bits, shifted down to bits 0, area, 2 area, 3 area -> its mask.
    gather: dict[int, int]
    #: Cell sets: the line's cells; the line's cells but the pushed-out one; the two end cells' bits.
    cell_line: int
    cell_keep: int
    in_bit: int
    out_bit: int
    #: Cell index -> where whatever stands there is after the push (R7, R9): one cell along the
    #: line, the pushed-out cell's figure onto the pushed-in card; cells off the line stay.
    moves: tuple[int, ...]
    #: The arrow closed for the next push (R8): the one across the board.
    closes: tuple[str, int]


@cache
def arrow(size: int, side: str, index: int) -> Arrow:
    """The (cached, read-only) tables of the arrow (side, index) on a *size* board."""
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
    line = sum(1 << (d * area + i) for i in cells for d in range(4))
    keep = line & ~sum(1 << (d * area + out_cell) for d in range(4))
    spread = tuple(sum(1 << (d * area + in_cell) for d in range(4) if m >> d & 1) for m in range(16))
    gather = {sum(1 << (d * area) for d in range(4) if m >> d & 1): m for m in range(16)}
    cell_line = sum(1 << i for i in cells)
    moves = list(range(area))
    for k, i in enumerate(cells):
        moves[i] = cells[(k + 1) % size]
    return Arrow(
        side, index, size, tuple(cells), in_cell, out_cell, line, keep, ~line, step, spread, gather,
        cell_line, cell_line & ~(1 << out_cell), 1 << in_cell, 1 << out_cell, tuple(moves),
        (_OPPOSITE[side], index),
    )


@cache
def arrows(size: int) -> tuple[Arrow, ...]:
    """Every arrow of a *size* board (the odd lines, R1), side by side in ``SIDES`` order."""
    return tuple(arrow(size, side, i) for side in SIDES for i in range(1, size, 2))


def push(bits: int, a: Arrow, card: int) -> tuple[int, int]:
    """Push *card* (an opening mask, already turned) in at *a*: the new openings and the card pushed out."""
    out = a.gather[bits >> a.out_cell & geometry(a.size).nibble]
    moved = bits & a.keep
    moved = moved << a.shift if a.shift > 0 else moved >> -a.shift
    return (bits & a.clear) | moved | a.spread[card], out


def carry(cells: int, a: Arrow) -> int:
    """Where the figures standing on the cell set *cells* stand after a push at *a* (R7, R9)."""
    moved = cells & a.cell_keep
    moved = moved << a.shift if a.shift > 0 else moved >> -a.shift
    moved |= cells & ~a.cell_line
    return moved | a.in_bit if cells & a.out_bit else moved


def uncarry(cells: int, a: Arrow) -> int:
    """The cell set whose figures stand on *cells* after a push at *a*: the inverse of :func:`carry`."""
    on_line = cells & a.cell_line
    moved = on_line & ~a.in_bit
    moved = moved >> a.shift if a.shift > 0 else moved << -a.shift
    moved |= cells & ~a.cell_line
    return moved | a.out_bit if on_line & a.in_bit else moved


@cache
def picture_moves(a: Arrow) -> tuple[int, ...]:
    """Where a picture on each cell index goes in a push at *a* (it rides with its card, R7); index
    ``area`` stands for "on the spare": the pushed-out picture goes there, the spare's comes in."""
    area = a.size * a.size
    moves = [area if i == a.out_cell else a.moves[i] for i in range(area)]
    return (*moves, a.in_cell)


@cache
def rings(size: int, cell: int) -> tuple[int, ...]:
    """Cell sets at grid distance 0, 1, 2 ... from cell index *cell* (walls ignored)."""
    row, col = divmod(cell, size)
    out = [0] * (2 * size - 1)
    for i in range(size * size):
        out[abs(i // size - row) + abs(i % size - col)] |= 1 << i
    return tuple(out)


def links(bits: int, size: int) -> tuple[int, int]:
    """Cell sets of the open joints: cells joined to their east neighbour, and to their south one."""
    geo = geometry(size)
    area = geo.area
    east = bits >> area & (bits >> (3 * area + 1)) & geo.not_last_col
    south = bits >> (2 * area) & (bits >> size) & geo.not_last_row
    return east, south


def flood(east: int, south: int, size: int, start: int) -> int:
    """Every cell joined to the cell set *start* through the joints *east* and *south* (:func:`links`)."""
    reach = start
    while True:
        grown = reach | (reach & east) << 1 | (reach >> 1) & east | (reach & south) << size | (reach >> size) & south
        if grown == reach:
            return reach
        reach = grown


def flood_step(east: int, south: int, size: int, cells: int) -> int:
    """The cell set *cells* and every cell one open step from it (one round of :func:`flood`)."""
    return cells | (cells & east) << 1 | (cells >> 1) & east | (cells & south) << size | (cells >> size) & south


def reach(bits: int, size: int, start: int) -> int:
    """Every cell joined through open corridors to a cell of the set *start* (the set itself included)."""
    east, south = links(bits, size)
    return flood(east, south, size, start)


def cell_bit(cell: Cell, size: int) -> int:
    """The one-cell set of *cell*."""
    return 1 << (cell[0] * size + cell[1])


def cells_of(cells: int, size: int) -> list[Cell]:
    """The cells of the set *cells*, in reading order."""
    out: list[Cell] = []
    # A byte at a time from a table: several times faster than peeling off one bit at a time.
    for chunk in _byte_cells(size):
        if not cells:
            break
        byte = cells & 255
        if byte:
            out.extend(chunk[byte])
        cells >>= 8
    return out


@cache
def _byte_cells(size: int) -> tuple[tuple[tuple[Cell, ...], ...], ...]:
    """For each group of 8 cells, the cells of each of the 256 bytes."""
    cells = geometry(size).cells
    return tuple(
        tuple(tuple(cells[k + j] for j in range(8) if byte >> j & 1 and k + j < len(cells)) for byte in range(256))
        for k in range(0, len(cells), 8)
    )
