"""Doolhof: the children's sliding-maze board game, for the family computer."""

__version__ = "0.1.0"
