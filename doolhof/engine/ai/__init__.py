"""Computer players and hints (pure engine code, no pygame).

>>> from doolhof.engine import Game
>>> from doolhof.engine.ai import make_player
>>> game = Game.new(variant="junior", players=2, seed=3)
>>> bot = make_player("expert", seed=1)
>>> _ = game.push(bot.choose_push(game))
>>> _ = game.walk(bot.choose_walk(game))
>>> game.current_player
1

Levels (:data:`LEVELS`): ``"random"``, ``"gentle"``, ``"clever"``, ``"expert"``. Players and
hints never change the game they are given and share no mutable state, so the GUI may call
them from a worker thread (on a :meth:`~doolhof.engine.Game.copy` it does not touch meanwhile).
"""

from ..players import LEVELS
from .hints import suggest_push, suggest_walk
from .players import CleverPlayer, ExpertPlayer, GentlePlayer, make_player

__all__ = ["LEVELS", "CleverPlayer", "ExpertPlayer", "GentlePlayer", "make_player", "suggest_push", "suggest_walk"]
