"""Cheap look-ahead for the computer players: push a board copy, track figures and goals, count chances.

Everything here works on :class:`~doolhof.engine.board.Board` copies and plain values, never on
the :class:`~doolhof.engine.game.Game` passed in, so it is safe to call from a worker thread.
The only shared data are immutable per-board-size tables built once (``functools.cache``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from ..board import Board, Cell, line_cells
from ..game import Game, Push, figure_moves
from ..tiles import OPPOSITE, distinct_rotations, rotate

#: What a player is heading for: a picture (it travels with its card) or a fixed cell (home).
Goal = str | Cell | None


@dataclass(frozen=True)
class Line:
    """One arrow's line on one board size: its cells and how a push moves figures along it."""

    side: str
    index: int
    cells: tuple[Cell, ...]  # from the pushed-in end to the pushed-out end
    bits: int  # the line's cells as a bit set (bit row * size + col)
    moved: Mapping[Cell, Cell]  # where a figure on each line cell ends up (:func:`figure_moves`, R9)
    before: tuple[tuple[int, int], ...]  # (bit after the push, bit before it) for every line cell


@cache
def line(size: int, side: str, index: int) -> Line:
    """The (cached, read-only) line data of the arrow (side, index) on a *size* board."""
    cells = line_cells(size, side, index)
    moved = figure_moves(size, side, index)
    bit = {cell: 1 << (cell[0] * size + cell[1]) for cell in cells}
    before = tuple((bit[moved[cell]], bit[cell]) for cell in cells)
    return Line(side, index, cells, sum(bit.values()), moved, before)


@dataclass(frozen=True)
class Option:
    """One distinct push in a position, already applied to a board copy."""

    push: Push
    board: Board  # the board after the push (do not change it)
    spare: int  # the card pushed out, now the spare
    spare_picture: str | None
    line: Line

    @property
    def forbidden(self) -> tuple[str, int]:
        """The arrow closed for the push after this one (R8)."""
        return (OPPOSITE[self.push.side], self.push.index)

    def carry(self, cell: Cell) -> Cell:
        """Where a figure standing on *cell* before the push stands after it."""
        return self.line.moved.get(cell, cell)

    def uncarry(self, bits: int) -> int:
        """The cells (bit set) *before* the push whose figures end up in the cells *bits* after it."""
        line = self.line
        out = bits & ~line.bits
        for after, before in line.before:
            if bits & after:
                out |= before
        return out


def options(
    board: Board, spare: int, spare_picture: str | None, arrows: Iterable[tuple[str, int]]
) -> list[Option]:
    """Apply every distinct push at *arrows* to its own copy of *board*."""
    turns = distinct_rotations(spare)
    size = board.size
    out: list[Option] = []
    for side, index in arrows:
        geo = line(size, side, index)
        for r in turns:
            new = board.copy()
            pushed_out, picture = new.push(side, index, rotate(spare, r), spare_picture)
            out.append(Option(Push(side, index, r), new, pushed_out, picture, geo))
    return out


def next_arrows(game: Game, forbidden: tuple[str, int] | None) -> list[tuple[str, int]]:
    """Every arrow of *game*'s board except *forbidden*."""
    return [a for a in game.arrows() if a != forbidden]


def goal_cell(board: Board, goal: Goal) -> Cell | None:
    """Where *goal* is on *board*: the picture's card (None while it is the spare) or the fixed cell."""
    if goal is None:
        return None
    if isinstance(goal, str):
        return board.find_picture(goal)
    return goal


def bit(cell: Cell, size: int) -> int:
    """The bit of *cell* in a board bit set."""
    return 1 << (cell[0] * size + cell[1])


def popcount(bits: int) -> int:
    """How many cells a bit set holds."""
    return bin(bits).count("1")


def known_goal(game: Game, seat: int) -> Goal:
    """What *seat* is heading for, as far as the mover may know it (no peeking at hidden cards).

    Junior: the shared face-up secret. Own piles: the mover's own top secret, or home once a
    pile is empty (pile sizes are public); another seat's hidden top secret is None.
    """
    if game.is_over():
        return None
    if not game.variant.own_piles:
        return game.face_up
    pile = game.pile(seat)
    if not pile:
        return game.home(seat)
    return pile[0] if seat == game.current_player else None


@dataclass
class Chances:
    """For one position before a push: from which cells the next push can bring a figure to *goal*.

    ``good[k]`` is the bit set of cells (before push *k*) whose figure can walk to the goal
    after push *k*; the same table answers for every figure with that goal.
    """

    good: list[int]
    size: int

    @property
    def pushes(self) -> int:
        """How many distinct pushes were tried."""
        return len(self.good)

    def count(self, cell: Cell) -> int:
        """How many of the pushes let a figure on *cell* reach the goal."""
        b = bit(cell, self.size)
        return sum(1 for g in self.good if g & b)

    def fraction(self, cell: Cell) -> float:
        """The share of pushes that let a figure on *cell* reach the goal (0 to 1)."""
        return self.count(cell) / len(self.good) if self.good else 0.0


def chances(
    board: Board, spare: int, spare_picture: str | None, arrows: Iterable[tuple[str, int]], goal: Goal
) -> Chances:
    """The :class:`Chances` of reaching *goal* with one push from *board* (spare and arrows given)."""
    size = board.size
    good: list[int] = []
    if goal is None:
        return Chances(good, size)
    for opt in options(board, spare, spare_picture, arrows):
        target = goal_cell(opt.board, goal)
        good.append(0 if target is None else opt.uncarry(opt.board.reach_bits(target)))
    return Chances(good, size)


def manhattan(a: Cell, b: Cell) -> int:
    """Grid distance between two cells (walls ignored)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
