"""Maze puzzles for one child alone: an exact solver, the puzzle book and the daily puzzle.

A puzzle is a maze position with one figure and one picture: "bring your figure to the picture in
N turns". A turn is a game turn (turn the card, push, walk any distance, R6-R10); the forbidden
arrow (R8) applies between the child's own pushes, pictures travel with their cards, a picture
pushed out comes back in with the card. It is solved when the figure stands on the picture at
the end of a walk. See docs/puzzles.md.

>>> puzzle = BOOK[0]
>>> puzzle.name, puzzle.variant, puzzle.minimum
('1-01', 'junior', 1)
>>> game = puzzle.game()
>>> sol = solve(game, max_turns=3)
>>> sol.turns
1
>>> push, cell = sol.steps[0]
>>> _ = game.push(push)
>>> game.board.picture_at(cell) == puzzle.target
True
"""

from __future__ import annotations

import datetime
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from . import fast
from .board import Board, Cell
from .game import Game, Push
from .tiles import distinct_rotations, rotate
from .variants import VARIANTS

__all__ = [
    "BOOK", "Puzzle", "Solution", "again", "book", "chapters", "daily", "first_push_share", "make_puzzle",
    "solve",
]

#: The shipped puzzle book (JSON, written by scripts/make_puzzles.py).
BOOK_FILE = "puzzles.json"
BOOK_FORMAT = "doolhof.puzzles"
PUZZLE_FORMAT = "doolhof.puzzle"

#: Each opening mask -> the smallest of its four turns: the spare's shape, whichever way it lies.
_SHAPE = tuple(min(rotate(m, k) for k in range(4)) for m in range(16))
#: Each opening mask -> its different turns as (quarter turns, the turned card).
_TURNS = tuple(tuple((r, rotate(m, r)) for r in distinct_rotations(m)) for m in range(16))
_CROSS = 15


@dataclass(frozen=True)
class Solution:
    """A shortest way to the picture: ``turns`` turns, each a push and the cell walked to."""

    turns: int
    #: One (push, cell) per turn: the push (its rotation counted from the spare as it lies then)
    #: and the cell the figure walks to after it; the last cell shows the picture.
    steps: tuple[tuple[Push, Cell], ...]


#: One arrow's row of :func:`_rows`.
_Row = tuple[fast.Arrow, fast.Arrow, int, int, int, tuple[int, ...], int, int, int, int, tuple[int, ...]]


class _Node:
    """One state of the search: the board after a push, and every cell the figure may stand on."""

    __slots__ = ("bits", "spare", "target", "closed", "cells", "parent", "arrow", "rotation", "near")

    def __init__(
        self, bits: int, spare: int, target: int, closed: fast.Arrow | None, cells: int,
        parent: _Node | None, arrow: fast.Arrow | None, rotation: int,
    ):
        self.bits = bits
        self.spare = spare  # the spare as it lies (rotations are counted from here)
        self.target = target  # the picture's cell index, -1 while its card is the spare
        self.closed = closed  # the arrow the next push may not use (R8)
        self.cells = cells  # cell set: where the figure may stand (after this turn's walk)
        self.parent = parent
        self.arrow = arrow  # the push that made this node (None for the start)
        self.rotation = rotation
        self.near: tuple[int, int] | None = None  # see _near


@dataclass(frozen=True)
class _Found:
    """The end of a shortest solution: the node before the last turn, and the last push."""

    node: _Node
    arrow: fast.Arrow
    rotation: int
    bits: int  # the board after the last push
    target: int  # the picture's cell after it


def _arrow_of(size: int, closed: tuple[str, int] | None) -> fast.Arrow | None:
    return None if closed is None else fast.arrow(size, *closed)


def _start(game: Game) -> _Node:
    """The search's start: the position before the first push, the figure on its own cell."""
    if game.phase != "push":
        raise ValueError(f"a puzzle starts in the push phase, not the {game.phase} phase")
    board, size = game.board, game.board.size
    picture = game.target_picture()
    if picture is None:
        goal = game.target()
        if goal is None:
            raise ValueError("the player to move has nothing to look for")
        target = goal[0] * size + goal[1]
    else:
        cell = board.find_picture(picture)
        if cell is not None:
            target = cell[0] * size + cell[1]
        elif game.spare_picture == picture:
            target = -1
        else:
            raise ValueError(f"the picture {picture!r} is on no card")
    figure = game.positions[game.current_player]
    return _Node(board.bits, game.spare, target, _arrow_of(size, game.forbidden), fast.cell_bit(figure, size),
                 None, None, 0)


def _deepen(start: _Node, size: int, max_turns: int) -> tuple[int, _Found] | None:
    """A shortest solution from *start* within *max_turns*: searches to depth 1, 2, ... in turn.

    The last turn of a search is cheap (only "is the picture joined now?", with a quick test
    that rules out whole arrows), the turns before it are not (every state is kept), so a
    position that needs 2 turns is found faster by a 2-turn search than by a 3-turn one, and
    the shallow searches cost little next to the deep one that follows them.
    """
    for turns in range(1, max_turns + 1):
        found = _search(start, size, turns)
        if found is not None:
            return found
    return None


def _search(start: _Node, size: int, max_turns: int) -> tuple[int, _Found] | None:
    """Breadth first by turns from *start*; a solution within fewer turns must already be ruled out
    (:func:`_deepen` calls this for 1, 2, 3 ... turns), so the first solution found is a shortest one.

    After a push only the *set* of cells the figure could walk to matters, so one node stands for
    every walk at once; nodes with the same board, spare shape, picture cell, closed arrow and cell
    set are one (a straight turned twice, two orders of the same pushes). The turns before the
    last but one are built whole; the states of the last but one are tested for the last turn as
    soon as each is made, so a solvable position usually stops long before the whole turn is
    built. Their parents go nearest-picture first; from each parent the likeliest pushes go first,
    and those that cannot lead to the picture not at all (:func:`_hopeful`), one turn of the card
    at every arrow before the next turn, since the turns of one card at one arrow mostly all work
    or all fail. (Sorting the new states themselves by distance or size before testing them was
    measured slower than testing them as they come.)
    The order changes only how soon a solution is met: every push not proved hopeless is still
    tried before a turn count is ruled out.
    """
    if max_turns <= 0:
        return None
    if max_turns == 1:
        found = _last_turn(start, size)
        return None if found is None else (1, found)
    seen: set[tuple[int, int, int, fast.Arrow, int]] = set()
    level = [start]
    for turn in range(1, max_turns):
        early = turn == max_turns - 1
        if early and len(level) > 1:
            level.sort(key=lambda node: _distance(node, size))
        nxt: list[_Node] = []
        for node in level:
            bits, target, cells = node.bits, node.target, node.cells
            turns = _TURNS[node.spare]
            if early:  # one turn of the card at each arrow before the next turn: arrows matter more
                likely = _hopeful(node, size)
                pushes = [(row, rc) for rc in turns for row in likely]
            else:
                pushes = [(row, rc) for row in _rows(size) for rc in turns]
            for row, (r, card) in pushes:
                a, closed = row[0], row[1]
                if a is node.closed:
                    continue
                moved = fast.carry(cells, a)  # the figures ride along (R7, R9) ...
                new_target = _target_after(target, a)
                pushed, out = fast.push(bits, a, card)
                reach = fast.reach(pushed, size, moved)
                if new_target >= 0 and reach >> new_target & 1:
                    return turn, _Found(node, a, r, pushed, new_target)
                key = (pushed, _SHAPE[out], new_target, closed, reach)
                if key in seen:
                    continue
                seen.add(key)
                child = _Node(pushed, out, new_target, closed, reach, node, a, r)
                if not early:
                    nxt.append(child)
                    continue
                found = _last_turn(child, size)
                if found is not None:
                    return max_turns, found
        level = nxt
        if not level:
            return None
    return None


def _hopeful(node: _Node, size: int) -> list[_Row]:
    """The arrows of :func:`_rows` that may start a 2-turn way from *node*, likeliest first.

    A push whose line touches neither the figure's part of the maze nor the picture's (see
    :func:`_near`) leaves both as they are, so its last turn needs a line that touches both: with
    no such line, those pushes are left out. With no line touching the figure's part (or, when
    the picture is on a card, the picture's), no push can change it and none is left. The rest
    go those touching both parts first, then those touching one.
    """
    near_figure, near_picture = _near(node, size)
    on_card = node.target >= 0
    near_picture = near_picture | 1 << node.target if on_card else fast.geometry(size).full
    scored = [(bool(row[2] & near_figure) + bool(row[2] & near_picture), row) for row in _rows(size)]
    figure_lines = any(row[2] & near_figure for row in _rows(size))
    picture_lines = any(row[2] & near_picture for row in _rows(size))
    if not figure_lines or not picture_lines:
        return []
    both = any(score == 2 for score, _ in scored)
    return [row for score, row in sorted(scored, key=lambda pair: -pair[0]) if score or both]


def _target_after(target: int, a: fast.Arrow) -> int:
    """The picture rides with its card; pushed out, it waits on the spare (-1), pushed in, it comes back."""
    if target < 0:
        return a.in_cell
    if target == a.out_cell:
        return -1
    return a.moves[target]


@cache
def _rows(size: int) -> tuple[_Row, ...]:
    """Per arrow of a *size* board: the arrow, the arrow it closes (R8), and its push as masks and
    shifts (what :func:`fast.push` reads, unpacked once so the last turn's loop reads a tuple)."""
    return tuple(
        (a, fast.arrow(size, *a.closes), a.cell_line, a.in_cell, a.out_cell, a.moves, a.keep, a.clear,
         max(a.shift, 0), max(-a.shift, 0), a.spread)
        for a in fast.arrows(size)
    )


def _last_turn(node: _Node, size: int) -> _Found | None:
    """The last turn from *node*: a push after which the figure can walk to the picture, if any.

    Two quick tests rule out most arrows before any flood fill after the push. A push changes only
    its own line, so when the figure's part of the maze (every cell it could walk to now) neither
    lies on that line nor opens towards it, that part stays as it is and cannot gain the picture;
    the same holds for the picture's part, unless the picture itself rides along the line. (Both
    need the figure's part not to hold the picture already; if it does, they are skipped.) Then a
    crossing pushed in joins at least as much as any real card, so when even it cannot, no turn of
    the card can: that rules out most of the arrows left with one flood fill.
    """
    bits, cells, target, closed = node.bits, node.cells, node.target, node.closed
    turns = _TURNS[node.spare]
    near_figure, near_picture = _near(node, size)
    masks = _masks(size)
    carry = fast.carry
    for a, _, line, in_cell, out_cell, moves, keep, clear, left, right, spread in _rows(size):
        if a is closed or not near_figure & line:
            continue
        if target < 0:
            new_target = in_cell
        elif target == out_cell:
            continue
        elif line >> target & 1:
            new_target = moves[target]
        elif near_picture & line:
            new_target = target
        else:
            continue
        moved = carry(cells, a)
        goal = 1 << new_target
        base = bits & clear | (bits & keep) << left >> right
        if not _joined(base | spread[_CROSS], size, goal, moved, masks):
            continue
        for r, card in turns:
            pushed = base | spread[card]
            if _joined(pushed, size, goal, moved, masks):
                return _Found(node, a, r, pushed, new_target)
    return None


def _near(node: _Node, size: int) -> tuple[int, int]:
    """The figure's part of the maze (every cell joined to the node's cells) and the picture's (none
    while it is on the spare), each with the cells it opens towards; both every cell if the parts
    are one. Kept on the node: the last but one turn orders its arrows with it too."""
    if node.near is not None:
        return node.near
    bits, cells, target = node.bits, node.cells, node.target
    area, full, not_first, not_last, not_bottom = _masks(size)
    east = bits >> area & (bits >> (3 * area + 1)) & not_last
    south = bits >> (2 * area) & (bits >> size) & not_bottom
    region = fast.flood(east, south, size, cells)  # the start's cells are the figure's cell alone
    picture = 0 if target < 0 else fast.flood(east, south, size, 1 << target)
    if picture & region:
        node.near = full, full
        return node.near
    north_open, east_open, south_open, west_open = (
        bits & full, bits >> area & full, bits >> (2 * area) & full, bits >> (3 * area))
    node.near = (
        region | (region & east_open) << 1 & not_first | (region & west_open) >> 1 & not_last
        | (region & south_open) << size & full | (region & north_open) >> size,
        picture | (picture & east_open) << 1 & not_first | (picture & west_open) >> 1 & not_last
        | (picture & south_open) << size & full | (picture & north_open) >> size,
    )
    return node.near


@cache
def _masks(size: int) -> tuple[int, int, int, int, int]:
    """The area and the cell masks of a *size* board: every cell, all but the first column, all but
    the last column, all but the last row."""
    geo = fast.geometry(size)
    return geo.area, geo.full, geo.not_first_col, geo.not_last_col, geo.not_last_row


def _distance(node: _Node, size: int) -> int:
    """How far (grid steps, walls ignored) the picture lies from the nearest cell of *node*."""
    if node.target < 0:
        return size  # on the spare: it comes in next to wherever the last push goes in
    for d, ring in enumerate(fast.rings(size, node.target)):
        if ring & node.cells:
            return d
    return 2 * size


def _joined(bits: int, size: int, goal: int, cells: int, masks: tuple[int, int, int, int, int]) -> bool:
    """Does a corridor join the cell set *goal* to the cell set *cells*? (Flood fill from *goal*.)
    *masks* are the board size's :func:`_masks`."""
    area, _, _, not_last, not_bottom = masks
    east = bits >> area & (bits >> (3 * area + 1)) & not_last  # fast.links, written out
    south = bits >> (2 * area) & (bits >> size) & not_bottom
    reach = goal
    while not reach & cells:
        # fast.flood_step, written out: this loop is most of the solver's time
        grown = reach | (reach & east) << 1 | (reach >> 1) & east | (reach & south) << size | (reach >> size) & south
        if grown == reach:
            return False
        reach = grown
    return True


def _steps(found: _Found, size: int) -> tuple[tuple[Push, Cell], ...]:
    """The pushes and walks of a solution, read back from its last node; each walk as short as it
    can be for the pushes that follow it.

    Backwards first: the last walk must end on the picture; an earlier walk must end in that
    turn's cell set on a cell from which the next push carries the figure into the part of the
    maze joined to a good end of the next walk. Then forwards from the figure's cell: each walk
    goes to the nearest good end (staying put when it can). One always exists, since every cell
    set was flooded from the cells the figure could be carried to.
    """
    cells = fast.geometry(size).cells
    path: list[tuple[fast.Arrow, int, int, int]] = [(found.arrow, found.rotation, found.bits, 0)]
    node: _Node = found.node
    while node.parent is not None:
        assert node.arrow is not None
        path.append((node.arrow, node.rotation, node.bits, node.cells))
        node = node.parent
    path.reverse()
    # good[j]: where walk j may end. The cell sets are those of each push's node; the last is the picture.
    good = [0] * len(path)
    good[-1] = 1 << found.target
    for j in range(len(path) - 2, -1, -1):
        a, bits = path[j + 1][0], path[j + 1][2]
        joined = fast.reach(bits, size, good[j + 1])
        good[j] = path[j][3] & fast.uncarry(joined, a)  # carry moves each cell to one cell
    here = node.cells  # the start: the figure's own cell
    steps: list[tuple[Push, Cell]] = []
    for (a, r, bits, _), ends in zip(path, good):
        here = fast.carry(here, a)
        east, south = fast.links(bits, size)
        ring = here  # grow the walk one corridor step at a time until it meets a good end
        while not ring & ends:
            grown = ring | (ring & east) << 1 | (ring >> 1) & east | (ring & south) << size | (ring >> size) & south
            assert grown != ring, "a solution's walk ends out of reach"
            ring = grown
        here = (ring & ends) & -(ring & ends)  # the first such cell in reading order
        steps.append((_push_of(a.side, a.index, r), cells[here.bit_length() - 1]))
    return tuple(steps)


@cache
def _push_of(side: str, index: int, rotation: int) -> Push:
    """The (frozen, so shareable) push at (side, index) with the spare turned *rotation* quarters."""
    return Push(side, index, rotation)


def solve(game: Game, max_turns: int = 3) -> Solution | None:
    """A shortest way for the player to move to reach their target within *max_turns* turns, or None.

    *game* must be in its push phase. The player to move moves every turn; their target is
    ``game.target()`` (the picture's card, or home once an own pile is empty); the game's closed
    arrow applies to the first push, and after that the arrow across from the child's own last
    push (R8). Other figures never move. ``solve`` does not change *game*. The answer is exact:
    ``turns`` is the proved minimum (at least 1, since every turn starts with a push), and None
    proves that no way exists within *max_turns*.
    """
    if not isinstance(max_turns, int) or isinstance(max_turns, bool) or max_turns < 0:
        raise ValueError(f"max_turns must be a whole number of turns, 0 or more, not {max_turns!r}")
    start = _start(game)
    size = game.board.size
    found = _deepen(start, size, max_turns)
    if found is None:
        return None
    turns, end = found
    return Solution(turns, _steps(end, size))


def first_push_share(game: Game, turns: int) -> float:
    """The share of the first pushes now (every arrow, every different turn of the card) after which
    the target can still be reached within *turns* turns in all: how much the first push matters.
    """
    share = _share(game, turns, 1.0)
    assert share is not None
    return share


def _share(game: Game, turns: int, limit: float) -> float | None:
    """:func:`first_push_share`, or None as soon as it is sure to be above *limit*."""
    start = _start(game)
    size = game.board.size
    pushes = [(a, r) for a in fast.arrows(size) if a is not start.closed for r in distinct_rotations(start.spare)]
    most = int(limit * len(pushes) + 1e-9)  # the most good pushes within the limit
    good = 0
    for a, r in pushes:
        child = _push_node(start, size, a, r)
        if (child.target >= 0 and child.cells >> child.target & 1) or (
            turns > 1 and _deepen(child, size, turns - 1) is not None
        ):
            good += 1
            if good > most:
                return None
    return good / len(pushes)


def _push_node(node: _Node, size: int, a: fast.Arrow, r: int) -> _Node:
    """The node after pushing at *a* with the spare turned *r* quarters, then walking anywhere."""
    bits, out = fast.push(node.bits, a, rotate(node.spare, r))
    if node.target < 0:
        target = a.in_cell
    elif node.target == a.out_cell:
        target = -1
    else:
        target = a.moves[node.target]
    cells = fast.reach(bits, size, fast.carry(node.cells, a))
    return _Node(bits, out, target, fast.arrow(size, *a.closes), cells, node, a, r)


def again(game: Game, seat: int = 0) -> Game:
    """*game* with *seat* to push again: how a puzzle goes on after a walk that missed the picture.

    The engine passes the turn after every walk; a puzzle has one player, so the screen (and the
    tests) hand it back with this. The board, spare, figures, secrets and closed arrow stay.
    """
    variant = game.variant
    secrets: list[str] = []
    piles = None
    if variant.own_piles:
        piles = [list(game.pile(s)) for s in range(game.players)]
    elif game.face_up is not None:
        secrets = [game.face_up, *game.deck]
    return Game.from_position(
        game.board.copy(), game.spare, variant=variant.name, players=game.players, positions=game.positions,
        current_player=seat, forbidden=game.forbidden, spare_picture=game.spare_picture, secrets=secrets,
        piles=piles,
    )


# ----- the puzzle record -----------------------------------------------------------------------
@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a position, the figure, the picture to reach and the proved minimum of turns."""

    #: Its name in the book (``"2-05"``: chapter 2, puzzle 5) or ``"daily-2026-12-01"``.
    name: str
    #: The chapter in the book (1 is the gentlest; 0 for the daily puzzle).
    chapter: int
    #: ``"junior"`` (5x5) or ``"classic"`` (7x7).
    variant: str
    #: Every cell's openings and picture, in reading order.
    cells: tuple[int, ...]
    pictures: tuple[str | None, ...]
    spare: int
    spare_picture: str | None
    figure: Cell
    #: The picture to bring the figure to.
    target: str
    #: The proved smallest number of turns.
    minimum: int
    #: The arrow closed for the first push (R8), if any.
    forbidden: tuple[str, int] | None = None

    def board(self) -> Board:
        """A fresh board of the puzzle's position."""
        return Board(VARIANTS[self.variant].size, self.cells, self.pictures)

    def game(self) -> Game:
        """The puzzle as a two-seat game with seat 0 to push: the child, heading for the picture.

        The engine needs two seats; seat 1 is a silent stand-in on the child's cell that never
        moves by itself (screens draw seat 0 only). After a walk that misses, :func:`again` hands
        the turn back. Walking onto the picture collects it (``SecretCollected``); on the Junior
        board that also ends the game.
        """
        own = VARIANTS[self.variant].own_piles
        return Game.from_position(
            self.board(), self.spare, variant=self.variant, players=2, positions=[self.figure, self.figure],
            forbidden=self.forbidden, spare_picture=self.spare_picture,
            secrets=() if own else [self.target], piles=[[self.target], []] if own else None,
        )

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as JSON-safe data; :meth:`from_dict` reads it back."""
        return {
            "name": self.name,
            "chapter": self.chapter,
            "variant": self.variant,
            "cells": list(self.cells),
            "pictures": list(self.pictures),
            "spare": self.spare,
            "spare_picture": self.spare_picture,
            "figure": list(self.figure),
            "target": self.target,
            "minimum": self.minimum,
            "forbidden": list(self.forbidden) if self.forbidden else None,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        """Read :meth:`to_dict` data back; anything malformed raises ValueError."""
        try:
            forbidden = data["forbidden"]
            puzzle = cls(
                str(data["name"]), int(data["chapter"]), str(data["variant"]), tuple(data["cells"]),
                tuple(data["pictures"]), int(data["spare"]), data["spare_picture"],
                (int(data["figure"][0]), int(data["figure"][1])), str(data["target"]), int(data["minimum"]),
                None if forbidden is None else (str(forbidden[0]), int(forbidden[1])),
            )
            puzzle.game()  # checks the board, the cards, the figure and the closed arrow
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise ValueError(f"this is not a Doolhof puzzle ({error})") from None
        if puzzle.target not in (*puzzle.pictures, puzzle.spare_picture):
            raise ValueError(f"the puzzle's picture {puzzle.target!r} is on no card")
        if not 1 <= puzzle.minimum:
            raise ValueError(f"a puzzle needs at least 1 turn, not {puzzle.minimum}")
        return puzzle

    @classmethod
    def from_game(cls, game: Game, minimum: int, name: str = "", chapter: int = 0) -> Puzzle:
        """The puzzle of *game*'s mover heading for their target picture (which must be on a card)."""
        picture = game.target_picture()
        if picture is None:
            raise ValueError("a puzzle needs a picture to look for")
        board = game.board
        return cls(
            name, chapter, game.variant.name, tuple(board.masks()), tuple(board.pictures()), game.spare,
            game.spare_picture, game.positions[game.current_player], picture, minimum, game.forbidden,
        )


# ----- making puzzles --------------------------------------------------------------------------
def _gap(game: Game) -> int:
    """How many steps (across walls) the target lies from the nearest cell the figure can reach now."""
    target = game.target()
    if target is None:
        return game.board.size * 2
    return min(abs(r - target[0]) + abs(c - target[1]) for r, c in game.reachable())


def make_puzzle(
    variant: str,
    rng: random.Random,
    turns: int,
    *,
    max_share: float = 1.0,
    max_gap: int | None = None,
    min_gap: int = 0,
    tries: int = 10_000,
) -> tuple[Puzzle, float]:
    """A random puzzle with a proved minimum of exactly *turns*, and its first-push share.

    Positions are dealt like a new game (``Game.new`` from a seed drawn from *rng*), the figure on
    a random cell, the target a random picture on the board that the figure cannot reach yet.
    Kept only when at most *max_share* of the first pushes still allow the minimum (the first
    push matters) and the picture lies *min_gap* to *max_gap* steps (across walls) from the
    nearest cell the figure can reach (far pictures need more turns more often). The same *rng*
    state gives the same puzzle on every computer.
    """
    size = VARIANTS[variant].size
    for _ in range(tries):
        seed = rng.getrandbits(32)
        figure = (rng.randrange(size), rng.randrange(size))
        base = Game.new(variant=variant, players=2, seed=seed)
        on_board = sorted(p for p in base.board.pictures() if p is not None)
        picture = on_board[rng.randrange(len(on_board))]
        board = base.board
        own = base.variant.own_piles
        game = Game.from_position(
            board, base.spare, variant=variant, players=2, positions=[figure, figure],
            spare_picture=base.spare_picture, secrets=() if own else [picture],
            piles=[[picture], []] if own else None,
        )
        target = game.target()
        if target is None or target in game.reachable():
            continue
        if min_gap or max_gap is not None:
            gap = _gap(game)
            if gap < min_gap or (max_gap is not None and gap > max_gap):
                continue
        sol = solve(game, turns)
        if sol is None or sol.turns != turns:
            continue
        share = _share(game, turns, max_share)
        if share is None:
            continue
        return Puzzle.from_game(game, turns), share
    raise RuntimeError(f"no {turns}-turn {variant} puzzle found in {tries} tries")


@lru_cache(maxsize=8)
def daily(day: datetime.date) -> Puzzle:
    """The puzzle of *day*, made on the fly from the date alone.

    Monday to Friday a 2-turn puzzle on the Junior board, at the weekend (when a grown-up is more
    often near) a 3-turn puzzle on the big board; always one where the first push matters. The
    generator is seeded with the date's text (independent of Python's hash seed), so every
    computer has the same puzzle on the same day. Making one takes milliseconds on a weekday and
    up to about a second at the weekend, so a screen should make it off its frame loop; the last
    few days' puzzles are kept.
    """
    rng = random.Random(f"doolhof-daily-{day.isoformat()}")
    if day.weekday() < 5:
        puzzle, _ = make_puzzle("junior", rng, 2, max_share=0.5)
    else:
        puzzle, _ = make_puzzle("classic", rng, 3, max_share=0.6, min_gap=4)
    return Puzzle(
        f"daily-{day.isoformat()}", 0, puzzle.variant, puzzle.cells, puzzle.pictures, puzzle.spare,
        puzzle.spare_picture, puzzle.figure, puzzle.target, puzzle.minimum, puzzle.forbidden,
    )


# ----- the book --------------------------------------------------------------------------------
def book_from_dict(data: Any) -> list[Puzzle]:
    """The puzzles of a book file's data (see scripts/make_puzzles.py)."""
    if not isinstance(data, dict) or data.get("format") != BOOK_FORMAT or not isinstance(data.get("puzzles"), list):
        raise ValueError("this is not a Doolhof puzzle book")
    return [Puzzle.from_dict(p) for p in data["puzzles"]]


@cache
def book() -> tuple[Puzzle, ...]:
    """The shipped puzzle book, read once."""
    text = resources.files("doolhof.engine").joinpath(BOOK_FILE).read_text(encoding="utf-8")
    return tuple(book_from_dict(json.loads(text)))


def chapters() -> dict[int, tuple[Puzzle, ...]]:
    """The book's puzzles by chapter, gentlest first."""
    out: dict[int, list[Puzzle]] = {}
    for puzzle in book():
        out.setdefault(puzzle.chapter, []).append(puzzle)
    return {k: tuple(v) for k, v in sorted(out.items())}


class _Book(Sequence[Puzzle]):
    """The book as a read-only list that reads the data file the first time it is used."""

    def __getitem__(self, index: Any) -> Any:
        return book()[index]

    def __len__(self) -> int:
        return len(book())

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(book())

    def __repr__(self) -> str:
        return f"<puzzle book: {len(self)} puzzles>"


#: The puzzle book, in order (loaded from the package's data file when first used).
BOOK: Sequence[Puzzle] = _Book()
