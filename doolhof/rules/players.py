"""What every player of either game has; each game adds the choices of its own turn."""

from __future__ import annotations

from typing import Protocol


class Player(Protocol):
    """A seat's player: a person's stand-in, a computer level or a random mover."""

    @property
    def name(self) -> str:
        """What kind of player this is, e.g. a computer level (``"random"``, ``"expert"``)."""
        ...


__all__ = ["Player"]
