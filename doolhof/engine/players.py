"""What a player is (:class:`Player`) and the simplest one (:class:`RandomPlayer`).

Shared by the simulator (:mod:`doolhof.engine.simulate`) and the computer players
(:mod:`doolhof.engine.ai`); pure engine code.

>>> from doolhof.engine import Game
>>> game = Game.new(variant="junior", players=2, seed=3)
>>> mover = RandomPlayer(seed=1)
>>> _ = game.push(mover.choose_push(game))
>>> mover.choose_walk(game) in game.reachable()
True
"""

from __future__ import annotations

import random
from typing import Final, Protocol

from .. import rules
from .board import Cell
from .game import Game, Push

#: The computer levels, weakest first: the one list (:mod:`doolhof.engine.ai` builds a player for
#: each; the setup screen offers all but ``"random"``). Kept here, away from the search code, so
#: the session layer can read it without importing the computer players.
LEVELS: Final = ("random", "gentle", "clever", "expert")


class Player(rules.Player, Protocol):
    """Anything that can choose a push and then a walk for the current player (and has a ``name``)."""

    def choose_push(self, game: Game) -> Push:
        """The push to play now."""
        ...

    def choose_walk(self, game: Game) -> Cell:
        """The cell to walk to now (after the push)."""
        ...


class RandomPlayer:
    """Uniformly random legal pushes and walks, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None):
        """A random mover; the same *seed* gives the same choices."""
        self.rng = random.Random(seed)

    def choose_push(self, game: Game) -> Push:
        """A random legal push."""
        return self.rng.choice(game.legal_pushes())

    def choose_walk(self, game: Game) -> Cell:
        """A random reachable cell."""
        return self.rng.choice(sorted(game.reachable()))


__all__ = ["Player", "RandomPlayer"]
