"""What every game's state answers the same way: whose turn, how many turns, over or not, equality."""

from __future__ import annotations

from typing import Any


class TurnGame:
    """The part of a game both games share; each keeps ``_current``, ``_phase`` (``"over"`` at the
    end) and ``_turn`` in its own slots and says what it is in :meth:`to_dict`."""

    __slots__ = ()
    _current: int
    _phase: str
    _turn: int

    @property
    def current_player(self) -> int:
        """The seat whose turn it is."""
        return self._current

    @property
    def turn(self) -> int:
        """How many turns have been completed."""
        return self._turn

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._phase == "over"

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-safe data (each game writes its own)."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        """Equal games have equal :meth:`to_dict` data (games change, so they are not hashable)."""
        if not isinstance(other, TurnGame) or not (isinstance(other, type(self)) or isinstance(self, type(other))):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


__all__ = ["TurnGame"]
