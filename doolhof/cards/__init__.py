"""The labyrinth card game (decisions C1-C10): pure Python, the standard library and doolhof.rules only, never pygame.

>>> from doolhof.cards import CardGame, Card, Place, DECK, IllegalMoveError
>>> len(DECK)
50
>>> game = CardGame.new(players=2, seed=7)
>>> place = game.legal_places()[0]
>>> type(game.place(place)[0]).__name__
'CardLaid'
"""

from .card import Card, Network
from .deck import DECK, TREASURES
from .events import CardLaid, CardsDrawn, CardsTaken, Event, GameOver, PathJoined, TurnPassed
from .game import CardGame, IllegalMoveError, Outcome, Place

__all__ = [
    "CardGame", "Card", "Network", "Place", "DECK", "TREASURES", "IllegalMoveError", "Outcome", "Event",
    "CardLaid", "PathJoined", "CardsTaken", "CardsDrawn", "TurnPassed", "GameOver",
]
