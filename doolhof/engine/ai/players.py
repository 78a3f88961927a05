"""The computer players, one class per level, and :func:`make_player` to build one by name.

The "random" level is :class:`~doolhof.engine.players.RandomPlayer`, shared with the simulator.

Every player keeps only its own seeded random generator: the same seed and the same game give
the same choices, and two players never share mutable state (safe in worker threads). None of
them changes the game it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Final

from ..board import Cell, cells_of_bits
from ..game import Game, Push
from ..players import LEVELS, Player, RandomPlayer
from . import expert
from .lookahead import goal_cell, known_goal, manhattan
from .search import Rated, rate_pushes, require_phase, walk_choice


def _pick(rated: list[Rated], rng: random.Random) -> Rated:
    """The best-rated push; equal values are decided by *rng* so seeds vary the play."""
    top = rated[0].value
    return rng.choice([r for r in rated if r.value >= top - 1e-9])


class GentlePlayer:
    """Plays sensibly but kindly: only sometimes looks for the best push, never blocks.

    On a "seeking" turn (probability *seek*) it plays like :class:`CleverPlayer`; otherwise it
    pushes at random. It always walks onto the goal when it can, else towards it.
    """

    name = "gentle"

    def __init__(self, seed: int | None = None, seek: float = 0.1):
        """A gentle player; *seek* is the share of turns on which it searches for a good push.

        0.1 keeps a four-year-old in the game: against a child stand-in (random push, then walk
        as close to the picture as possible) it wins about two in three decided games (0.25: 84 %).
        """
        self.rng = random.Random(seed)
        self.seek = seek

    def choose_push(self, game: Game) -> Push:
        """A good push on seeking turns, a random legal one otherwise."""
        require_phase(game, "push")
        if self.rng.random() < self.seek:
            return _pick(rate_pushes(game), self.rng).push
        return self.rng.choice(game.legal_pushes())

    def choose_walk(self, game: Game) -> Cell:
        """The goal when reachable, else the reachable cell nearest to it (grid distance, walls ignored)."""
        require_phase(game, "walk")
        seat = game.current_player
        start = game.positions[seat]
        target = goal_cell(game.board, known_goal(game, seat))
        reach = cells_of_bits(game.board.reach_bits(start), game.board.size)
        if target is None:
            return start
        return min(reach, key=lambda cell: (manhattan(cell, target), cell))


class CleverPlayer:
    """One turn deep: scores whenever some push allows it, else leaves itself best placed."""

    name = "clever"

    def __init__(self, seed: int | None = None):
        """A clever player; the seed only decides between equally good pushes."""
        self.rng = random.Random(seed)

    def choose_push(self, game: Game) -> Push:
        """The scoring push if there is one, else the best-placed one (see :func:`rate_pushes`)."""
        return _pick(rate_pushes(game), self.rng).push

    def choose_walk(self, game: Game) -> Cell:
        """The goal when reachable, else the best-placed cell."""
        return walk_choice(game)


class ExpertPlayer:
    """Searches pushes and walks together, a few turns deep (see :mod:`doolhof.engine.ai.expert`).

    Two players: the full-width search of :func:`~doolhof.engine.ai.expert.plan`, the walk chosen
    inside it. More players: clever plus the next player (avoids handing them the secret).
    """

    name = "expert"

    def __init__(self, seed: int | None = None, nodes: int | None = None, time_cap: float | None = None):
        """An expert player; the seed only decides between equally good scoring pushes.

        *nodes* is the search budget in pushes tried (None: the board's default,
        :data:`~doolhof.engine.ai.expert.NODES`), *time_cap* a wall-clock limit in seconds.
        """
        self.rng = random.Random(seed)
        self.nodes = nodes
        self.time_cap = time_cap
        self._plan: expert.Plan | None = None

    def choose_push(self, game: Game) -> Push:
        """The scoring push if any; else the push of the best push-and-walk pair the search finds."""
        require_phase(game, "push")
        self._plan = None
        if game.players != 2:
            return _pick(rate_pushes(game, opponents=True), self.rng).push
        found, scores = expert.plan(game, self.nodes, self.time_cap)
        if scores and not game.variant.own_piles:
            # Among the scoring pushes, leave the next player few of the pictures that may come next.
            return _pick(rate_pushes(game, opponents=True), self.rng).push
        self._plan = found
        return found.push

    def choose_walk(self, game: Game) -> Cell:
        """The goal when reachable, else the walk the search planned with the push."""
        require_phase(game, "walk")
        if game.players != 2:
            return walk_choice(game)
        found = self._plan
        if found is not None and found.after == expert.position_after(game):
            return found.walk
        return expert.walk_after_push(game, self.nodes, self.time_cap)


#: The player of every computer level, weakest first.
_PLAYERS: Final[Mapping[str, Callable[[int | None], Player]]] = {
    "random": RandomPlayer,
    "gentle": GentlePlayer,
    "clever": CleverPlayer,
    "expert": ExpertPlayer,
}
if tuple(_PLAYERS) != LEVELS:
    raise RuntimeError("doolhof.engine.ai needs one player per level of doolhof.engine.players.LEVELS")


def make_player(level: str, seed: int | None = None) -> Player:
    """A computer player of *level* (one of :data:`LEVELS`) with its own seeded generator."""
    try:
        build = _PLAYERS[level]
    except (KeyError, TypeError):
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}") from None
    return build(seed)
