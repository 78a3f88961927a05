"""The two games a table can play, seen as one: the maze game and the labyrinth card game.

The session keeps, saves and undoes either game the same way; only the screens care which one
runs. :data:`AnyGame` is the type of "a game of either kind", and :func:`game_from_dict` reads a
saved game of either kind by the format name in its data.

The card game's package is imported only when a card game is met (it is not needed for the first
frame of the setup screen, which keeps start-up quick).

>>> from doolhof.cards import CardGame
>>> game = game_from_dict(CardGame.new(players=3, seed=1).to_dict())
>>> type(game).__name__, game.players
('CardGame', 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

from doolhof.engine import Game
from doolhof.engine.game import FORMAT as MAZE_FORMAT
from doolhof.engine.game import VERSION as MAZE_VERSION

if TYPE_CHECKING:
    from doolhof.cards import CardGame

#: A game of either kind: the maze game (:class:`~doolhof.engine.Game`) or the card game
#: (:class:`~doolhof.cards.CardGame`).
AnyGame: TypeAlias = "Game | CardGame"
#: The ``"format"`` of a card game's data (:data:`doolhof.cards.game.FORMAT`, checked by the tests).
CARDS_FORMAT = "doolhof.cards"


def game_from_dict(data: Any) -> AnyGame:
    """Read a game written by ``to_dict`` of either game, chosen by its ``"format"``; raises ValueError.

    >>> game_from_dict({"format": "chess"})
    Traceback (most recent call last):
    ...
    ValueError: not a Doolhof game ('chess')
    """
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == MAZE_FORMAT:
        return Game.from_dict(data)
    if kind == CARDS_FORMAT:
        from doolhof.cards import CardGame

        return CardGame.from_dict(data)
    text = repr(kind)
    raise ValueError(f"not a Doolhof game ({text[:40]})")


def newer_version(data: Any) -> int | None:
    """The version of a game's data when it is newer than this program reads, else None."""
    if not isinstance(data, dict):
        return None
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        return None
    kind = data.get("format")
    if kind == MAZE_FORMAT:
        newest = MAZE_VERSION
    elif kind == CARDS_FORMAT:
        from doolhof.cards.game import VERSION as CARDS_VERSION

        newest = CARDS_VERSION
    else:
        return None
    return version if version > newest else None


#: The kinds of game that can each have one game waiting (:func:`kind_of`).
KINDS = ("maze", "cards")


def kind_of(game: AnyGame) -> str:
    """``"cards"`` for a card game, ``"maze"`` for a maze game of any variant."""
    return "maze" if isinstance(game, Game) else "cards"


def is_cards(game: AnyGame) -> bool:
    """True for a card game."""
    return not isinstance(game, Game)


def same_kind(one: AnyGame, other: AnyGame) -> bool:
    """True when *one* and *other* are games of the same kind, seats (and, for the maze, variant).

    An undo snapshot must be of the same kind as the game it belongs to.
    """
    if isinstance(one, Game) and isinstance(other, Game):
        return one.players == other.players and one.variant == other.variant
    if not isinstance(one, Game) and not isinstance(other, Game):
        return one.players == other.players
    return False
