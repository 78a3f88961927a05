"""The two events both games send: the turn passes, the game ends."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TurnPassed:
    """It is now *seat*'s turn (the card game skips seats without cards, C8)."""

    seat: int


@dataclass(frozen=True)
class GameOver:
    """The game ended; *winners* share the victory, *scores* are every seat's points or secrets."""

    winners: frozenset[int]
    scores: tuple[int, ...]


__all__ = ["TurnPassed", "GameOver"]
