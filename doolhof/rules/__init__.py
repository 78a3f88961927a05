"""What the maze game (:mod:`doolhof.engine`) and the card game (:mod:`doolhof.cards`) share.

Standard library only; both rules packages import it, it imports neither: the error a refused move
or argument raises, how a game ends, the two events every game sends, the player protocol and one
random-playout harness (:mod:`doolhof.rules.playout`) that checks a game's invariants every step.

>>> from doolhof.rules import IllegalMoveError, shown
>>> issubclass(IllegalMoveError, ValueError), shown("x" * 100)
(True, "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…")
"""

from .errors import IllegalMoveError, shown
from .events import GameOver, TurnPassed
from .outcome import Outcome
from .players import Player

__all__ = ["IllegalMoveError", "shown", "GameOver", "TurnPassed", "Outcome", "Player"]
