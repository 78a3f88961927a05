"""Who sits at the table: a person or a computer player (with its level) per seat."""

from __future__ import annotations

from dataclasses import dataclass

from doolhof.engine import VARIANTS, Game
from doolhof.engine.players import LEVELS as ENGINE_LEVELS

#: The computer levels a seat offers, easiest first: the engine's levels but "random".
LEVELS = tuple(level for level in ENGINE_LEVELS if level != "random")


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


@dataclass(frozen=True)
class TableSetup:
    """Everything the parent chose on the setup screen: enough to start (or restart) a game."""

    variant: str = "junior"
    seats: tuple[SeatConfig, ...] = (SeatConfig(), SeatConfig("computer", "gentle"))
    secrets: int | None = None  # None: all of the variant's pictures
    first_player: int = 0

    def new_game(self, seed: int | None = None) -> Game:
        """A fresh game for this table."""
        return Game.new(
            variant=self.variant, players=len(self.seats), secrets=self.secrets, seed=seed,
            first_player=self.first_player,
        )

    def is_computer(self, seat: int) -> bool:
        """True when *seat* is played by the computer (False for a seat the table does not have)."""
        return 0 <= seat < len(self.seats) and self.seats[seat].is_computer

    def with_secrets(self, secrets: int | None) -> TableSetup:
        """The same table with another number of secrets (e.g. the half-secrets decider)."""
        return TableSetup(self.variant, self.seats, secrets, self.first_player)

    def to_dict(self) -> dict[str, object]:
        """JSON-safe form."""
        return {
            "variant": self.variant, "seats": [s.to_dict() for s in self.seats],
            "secrets": self.secrets, "first_player": self.first_player,
        }

    @classmethod
    def from_dict(cls, data: object) -> TableSetup:
        """Read :meth:`to_dict` data; raises ValueError when it cannot be a table."""
        if not isinstance(data, dict):
            raise ValueError("the table setup is damaged")
        seats = data.get("seats")
        if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
            raise ValueError("the table setup needs 2 to 4 seats")
        variant = data.get("variant")
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}")
        secrets = data.get("secrets")
        if secrets is not None and (not isinstance(secrets, int) or isinstance(secrets, bool)):
            raise ValueError("the number of secrets is damaged")
        first = data.get("first_player", 0)
        if not isinstance(first, int) or not 0 <= first < len(seats):
            first = 0
        table = cls(str(variant), tuple(SeatConfig.from_dict(s) for s in seats), secrets, first)
        try:  # the engine knows which secret counts this variant and these seats allow (R13, R14)
            table.new_game(seed=0)
        except ValueError as error:
            raise ValueError(f"the table setup cannot start a game: {error}") from None
        return table
