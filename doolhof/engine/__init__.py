"""The rules of Doolhof, pure Python and standard library only (never pygame).

>>> from doolhof.engine import Game, Push
>>> game = Game.new(variant="junior", players=2, seed=7)
>>> events = game.push(game.legal_pushes()[0])
>>> game.phase
'walk'
"""

from .board import Board, Cell
from .events import (
    CardPushedIn,
    CardPushedOut,
    Event,
    FigureCarried,
    FigureWalked,
    FigureWrapped,
    GameOver,
    LineShifted,
    SecretCollected,
    SecretRevealed,
    TurnPassed,
)
from .game import Game, IllegalMoveError, Outcome, Push
from .variants import VARIANTS, Variant

__all__ = [
    "Board", "Cell", "Game", "Push", "IllegalMoveError", "Outcome", "Variant", "VARIANTS", "Event",
    "CardPushedIn", "CardPushedOut", "LineShifted", "FigureCarried", "FigureWrapped",
    "FigureWalked", "SecretCollected", "SecretRevealed", "TurnPassed", "GameOver",
]
