"""The player protocol of the card game and the random player (the simulator's default seat).

A player chooses a place in the ``"place"`` phase and a set of cells in the ``"take"`` phase. It
keeps only its own seeded random generator and never changes the game it is given.

>>> from doolhof.cards.game import CardGame
>>> game = CardGame.new(players=2, seed=4)
>>> bot = RandomPlayer(seed=1)
>>> bot.choose_place(game) in game.legal_places()
True
"""

from __future__ import annotations

import random
from typing import Protocol

from .. import rules
from .game import CardGame, IllegalMoveError, Place
from .ports import Cell


class CardPlayer(rules.Player, Protocol):
    """Anything that can choose a place and then a take for the current player."""

    #: The level name (``"random"``, ``"gentle"``, ``"clever"``, ``"expert"``) or any label.
    name: str

    def choose_place(self, game: CardGame) -> Place:
        """The place to play now (phase ``"place"``)."""
        ...

    def choose_take(self, game: CardGame) -> frozenset[Cell]:
        """The cells to take now (phase ``"take"``); an empty set takes none."""
        ...


def require_phase(game: CardGame, phase: str) -> None:
    """Raise :class:`IllegalMoveError` unless *game* is in *phase*."""
    if game.phase != phase:
        raise IllegalMoveError(f"the game is in the {game.phase!r} phase, not {phase!r}")


class RandomPlayer:
    """Uniformly random legal places and random allowed takes, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None):
        """A random player; the same *seed* gives the same choices."""
        self.rng = random.Random(seed)

    def choose_place(self, game: CardGame) -> Place:
        """A random legal place."""
        require_phase(game, "place")
        return self.rng.choice(game.legal_places())

    def choose_take(self, game: CardGame) -> frozenset[Cell]:
        """Each takeable card with even chance, as long as the table stays in one piece."""
        require_phase(game, "take")
        chosen: set[Cell] = set()
        for cell in sorted(game.takeable()):
            if self.rng.random() < 0.5 and game.can_take(chosen | {cell}):
                chosen.add(cell)
        return frozenset(chosen)


__all__ = ["CardPlayer", "RandomPlayer", "require_phase"]
