"""The rules of playing one puzzle (see docs/puzzles.md): the turn budget, the stars, the run and the hint.

The play screen draws a :class:`PuzzleRun` and calls it; nothing here draws or waits for input.

- one figure only: the puzzle's game has a silent stand-in in seat 1 that never gets a turn;
- the turn budget (:func:`budget_for`: the proved minimum + :data:`BUDGET_EXTRA`);
- after each walk (:meth:`PuzzleRun.walked`): on the picture, solved (stars: :func:`stars_for`);
  missed with turns left, the turn goes back to the child (:func:`again_keeping_turn`); the last
  turn used up, ``"out"`` (the screen offers to start afresh; never a failure);
- the hint (:func:`puzzle_hint`): the first step of a shortest solution from where the child is
  now, re-solved on the spot with :func:`~doolhof.engine.puzzles.solve`.

>>> from doolhof.engine.puzzles import BOOK
>>> run = PuzzleRun(BOOK[0])
>>> run.budget == budget_for(BOOK[0].minimum), run.state, run.left() == run.budget
(True, 'play', True)
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..rules import IllegalMoveError, shown
from . import events as ev
from .ai import suggest_push, suggest_walk
from .board import Cell
from .game import Game, Push
from .puzzles import Puzzle, again, solve

#: Turns a child may take beyond the proved minimum.
BUDGET_EXTRA = 2
#: The most turns a hint searches ahead (3-turn searches on the big board take up to a few tens of
#: milliseconds, proofs of "impossible" the longest).
HINT_DEPTH = 3
#: Seconds a walk hint may spend trying cells before it settles for the nearest one.
WALK_HINT_LIMIT = 2.0
#: What decides the rest of a puzzle from a walk phase (see :func:`position_key`).
PositionKey = tuple[object, ...]


def _count(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise IllegalMoveError(f"{what} must be a whole number from 0 on, not {shown(value)}")
    return value


def budget_for(minimum: int) -> int:
    """The turns a puzzle allows: its proved minimum plus :data:`BUDGET_EXTRA`.

    >>> budget_for(1), budget_for(3)
    (3, 5)
    """
    return max(1, _count(minimum, "a puzzle's minimum")) + BUDGET_EXTRA


def stars_for(turns: int, minimum: int) -> int:
    """Stars for solving in *turns* turns: 3 for the proved minimum, 2 for one more, 1 for solving at all.

    >>> [stars_for(t, 2) for t in (2, 3, 4)]
    [3, 2, 1]
    """
    turns, minimum = _count(turns, "the turns"), _count(minimum, "a puzzle's minimum")
    if turns <= minimum:
        return 3
    return 2 if turns == minimum + 1 else 1


def again_keeping_turn(game: Game) -> Game:
    """:func:`~doolhof.engine.puzzles.again` (the child pushes again), keeping the turn count.

    The play screen keys hints and the tutorial on ``game.turn``, so it must keep counting.
    """
    handed = again(game)
    return Game(
        handed.variant, handed.board, handed.spare, handed.spare_picture, handed.positions,
        current_player=handed.current_player, phase=handed.phase, forbidden=handed.forbidden,
        deck=handed.deck, face_up=handed.face_up, piles=[handed.pile(s) for s in range(handed.players)],
        collected=handed.collected, turn=game.turn,
    )


def solved_by(events: list[ev.Event]) -> bool:
    """True when *events* (of a walk) collected the picture for the child (seat 0)."""
    return any(isinstance(e, ev.SecretCollected) and e.seat == 0 for e in events)


class PuzzleRun:
    """One puzzle being played: its budget, the turns used, and what happens next.

    ``state`` is ``"play"``, ``"solved"`` (``stars`` earned) or ``"out"`` (the budget is used up).
    The screens set the callbacks: *on_solved* gets the stars (it saves them), *on_next* opens the
    next puzzle (None when there is none), *on_book* goes back to the book.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        """Play *puzzle* with the budget :func:`budget_for` its minimum."""
        if not isinstance(puzzle, Puzzle):
            raise IllegalMoveError(f"a puzzle run needs a Puzzle, not {shown(puzzle)}")
        self.puzzle = puzzle
        self.budget = budget_for(puzzle.minimum)
        self.used = 0
        self.state = "play"
        self.stars = 0
        #: How often the puzzle was started afresh (tests and the overlay's animations read it).
        self.tries = 1
        self.on_solved: Callable[[int], None] = lambda stars: None
        self.on_next: Callable[[], None] | None = None
        self.on_book: Callable[[], None] = lambda: None
        #: Walk hints known from push hints: the position after the hinted push -> the cell to walk to.
        self.plans: dict[PositionKey, Cell] = {}

    def left(self) -> int:
        """Turns still to take."""
        return max(0, self.budget - self.used)

    def fresh_game(self) -> Game:
        """The puzzle's game from its start."""
        return self.puzzle.game()

    def restart(self) -> None:
        """Start afresh: no turns used, playing again."""
        self.used = 0
        self.state = "play"
        self.stars = 0
        self.tries += 1

    def walked(self, events: list[ev.Event]) -> str:
        """Count the turn that *events* ended; returns the new state (``"solved"``, ``"play"`` or ``"out"``)."""
        if self.state != "play":
            return self.state
        self.used += 1
        if solved_by(events):
            self.state = "solved"
            self.stars = stars_for(self.used, self.puzzle.minimum)
            self.on_solved(self.stars)
        elif self.used >= self.budget:
            self.state = "out"
        return self.state

    def learn(self, hint: PuzzleHint) -> None:
        """Keep the walk that *hint* (a push hint) planned, for the walk hint after that push."""
        if hint.plan is not None:
            key, cell = hint.plan
            self.plans[key] = cell


def daily_day(name: str) -> datetime.date | None:
    """The day of a daily puzzle's name (``"daily-2026-12-01"``, see :func:`~doolhof.engine.puzzles.daily`).

    None for a book puzzle's name; a ``"daily-"`` name with no real date in it is a daily puzzle of
    an unknown day, today's.

    >>> daily_day("daily-2026-12-01"), daily_day("2-05")
    (datetime.date(2026, 12, 1), None)
    """
    if not isinstance(name, str):
        raise IllegalMoveError(f"a puzzle's name is a text, not {shown(name)}")
    if not name.startswith("daily-"):
        return None
    try:
        return datetime.date.fromisoformat(name.removeprefix("daily-"))
    except ValueError:
        return datetime.date.today()


# ----- the hint ------------------------------------------------------------------------------
@dataclass(frozen=True)
class PuzzleHint:
    """A puzzle hint: the *push* to make (push phase) or the *cell* to walk to (walk phase).

    *plan*, after a push hint found in a solution, is that solution's walk after the push: the
    position key after the push and the cell (:meth:`PuzzleRun.learn` keeps it).
    """

    push: Push | None = None
    cell: Cell | None = None
    plan: tuple[PositionKey, Cell] | None = None


def position_key(game: Game) -> PositionKey:
    """What decides the rest of a puzzle from *game*'s walk phase: board, spare, figure, closed arrow."""
    return (tuple(game.board.masks()), tuple(game.board.pictures()), game.spare, game.spare_picture,
            game.positions[0], game.forbidden)


def _distance(a: Cell, b: Cell | None) -> int:
    return 0 if b is None else abs(a[0] - b[0]) + abs(a[1] - b[1])


def puzzle_hint(game: Game, left: int, plans: Mapping[PositionKey, Cell]) -> PuzzleHint:
    """The hint from *game* (a copy; it may be changed): the first step of a shortest way to the picture.

    Push phase: the first push of :func:`~doolhof.engine.puzzles.solve` (searched up to the turns
    *left*, at most :data:`HINT_DEPTH`; the maze hint's push when none is found), with its walk as
    the hint's ``plan``. Walk phase: the walk *plans* hold when the child pushed as hinted; else
    the picture when it can be reached, else the reachable cell from which the fewest turns remain
    (nearest the picture first, for at most :data:`WALK_HINT_LIMIT` seconds). *plans* is only read.
    """
    if not isinstance(game, Game):
        raise IllegalMoveError(f"a puzzle hint needs a Game, not {shown(game)}")
    left = _count(left, "the turns left")
    if game.phase == "push":
        depth = max(1, min(HINT_DEPTH, left))
        sol = solve(game, max_turns=depth) or (solve(game, max_turns=HINT_DEPTH) if depth < HINT_DEPTH else None)
        if sol is None:
            return PuzzleHint(push=suggest_push(game))
        push, cell = sol.steps[0]
        after = game.copy()
        after.push(push)
        return PuzzleHint(push=push, plan=(position_key(after), cell))
    planned = plans.get(position_key(game))
    if planned is not None and planned in game.reachable():
        return PuzzleHint(cell=planned)
    return PuzzleHint(cell=_best_walk(game, left))


def _best_walk(game: Game, left: int) -> Cell:
    reach = sorted(game.reachable())
    target = game.target()
    if target is not None and target in reach:
        return target
    order = sorted(reach, key=lambda c: (_distance(c, target), c))
    deadline = time.monotonic() + WALK_HINT_LIMIT
    for depth in range(1, max(1, min(HINT_DEPTH, left - 1)) + 1):
        for cell in order:
            if time.monotonic() > deadline:
                return order[0]
            trial = game.copy()
            trial.walk(cell)
            if trial.is_over():
                return cell
            if solve(again(trial), max_turns=depth) is not None:
                return cell
    try:
        r, c = suggest_walk(game)
        return (int(r), int(c))
    except Exception:  # the maze hint is a fallback only
        return order[0]


__all__ = [
    "BUDGET_EXTRA", "HINT_DEPTH", "WALK_HINT_LIMIT", "PositionKey", "PuzzleHint", "PuzzleRun", "again_keeping_turn",
    "budget_for", "daily_day", "position_key", "puzzle_hint", "solved_by", "stars_for",
]
