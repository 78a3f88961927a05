"""Hints for a human player, from the same search as the computer players.

>>> from doolhof.engine import Game
>>> game = Game.new(variant="junior", players=2, seed=5)
>>> push = suggest_push(game)
>>> _ = game.push(push)
>>> game.walk(suggest_walk(game))[0].seat
0
"""

from __future__ import annotations

from ..board import Cell
from ..game import Game, Push
from .search import rate_pushes, walk_choice


def suggest_push(game: Game) -> Push:
    """The push to suggest now: one that lets the mover reach their goal whenever such a push
    exists, otherwise the one that leaves them best placed. Does not change *game*.

    Raises :class:`~doolhof.engine.IllegalMoveError` outside the push phase.
    """
    return rate_pushes(game)[0].push


def suggest_walk(game: Game) -> Cell:
    """The cell to suggest after the push: the goal if reachable, else the best-placed cell.

    Raises :class:`~doolhof.engine.IllegalMoveError` outside the walk phase.
    """
    return walk_choice(game)
