"""How a finished game ended."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: *winners* share the victory (a tie is a shared victory)."""

    winners: frozenset[int]
    scores: tuple[int, ...]
    #: Why they won: ``"most-points"`` (cards, C9), ``"most-secrets"`` (maze, R12) or ``"home"`` (R14).
    reason: str = "most-points"


__all__ = ["Outcome"]
