"""Who sits at the table: a person or a computer player (with its level) per seat."""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("gentle", "clever", "expert")


@dataclass(frozen=True)
class SeatConfig:
    """One seat: ``kind`` is ``"person"`` or ``"computer"``; ``level`` matters for computers."""

    kind: str = "person"
    level: str = "clever"

    @property
    def is_computer(self) -> bool:
        """True for a computer player."""
        return self.kind == "computer"

    def to_dict(self) -> dict[str, str]:
        """JSON-safe form."""
        return {"kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: object) -> SeatConfig:
        """Read :meth:`to_dict` data; anything odd becomes a person seat."""
        if isinstance(data, dict):
            kind = data.get("kind") if data.get("kind") in ("person", "computer") else "person"
            level = data.get("level") if data.get("level") in LEVELS else "clever"
            return cls(str(kind), str(level))
        return cls()
