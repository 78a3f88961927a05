"""Who sits at the table: a person or a computer player (with its level) per seat, and which game they play.

A table plays one of the maze game's variants (``"junior"``, ``"junior-own"``, ``"classic"``: 2 to
4 seats) or the labyrinth card game (:data:`CARDS`: 2 to 6 seats, no secrets).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from doolhof.engine import VARIANTS, Game
from doolhof.engine.players import LEVELS as ENGINE_LEVELS

if TYPE_CHECKING:
    from doolhof.cards import CardGame

#: The computer levels a seat offers, easiest first: the engine's levels but "random".
LEVELS = tuple(level for level in ENGINE_LEVELS if level != "random")
#: The variant name of the labyrinth card game (every other variant is one of the maze game's).
CARDS = "cards"
#: The fewest and most seats of a maze table and of a card table.
MAZE_SEATS = (2, 4)
CARD_SEATS = (2, 6)
#: How many figures there are to choose from (at either game; each has its own colour and shape).
FIGURES = 6


def seat_range(variant: str) -> tuple[int, int]:
    """The fewest and the most seats a table of *variant* may have.

    >>> seat_range("cards"), seat_range("junior")
    ((2, 6), (2, 4))
    """
    return CARD_SEATS if variant == CARDS else MAZE_SEATS


def fill_figures(chosen: Sequence[int], seats: int) -> tuple[int, ...]:
    """The figures of *seats* seats: the *chosen* ones first, then the lowest figures nobody chose.

    The maze's four start corners all need a colour, also those nobody starts on (R5):

    >>> fill_figures((2, 0), 4)
    (2, 0, 1, 3)
    """
    out = list(chosen[:seats])
    free = (f for f in range(FIGURES) if f not in out)
    return tuple(out + [next(free) for _ in range(seats - len(out))])


def read_figures(data: object, seats: int) -> tuple[int, ...]:
    """*data* as the figures of *seats* seats (one each, all different, 0 to :data:`FIGURES` - 1), or ``()``
    (every seat its own figure) when it is missing or damaged.

    >>> read_figures([2, 0], 2), read_figures([1, 1], 2), read_figures(None, 2)
    ((2, 0), (), ())
    """
    if not isinstance(data, list) or len(data) != seats:
        return ()
    if not all(isinstance(f, int) and not isinstance(f, bool) and 0 <= f < FIGURES for f in data):
        return ()
    return tuple(data) if len(set(data)) == seats else ()


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
    """Everything the parent chose on the setup screen: enough to start (or restart) a game.

    *figures* is the figure each seat plays (chosen on the setup screen; ``()``: seat *k* plays figure *k*).
    The rules never see it: seat *k* starts on corner *k* and the turn goes round the seats (R5, R16);
    the start corner wears the colour of the figure that starts there.
    """

    variant: str = "junior"
    seats: tuple[SeatConfig, ...] = (SeatConfig(), SeatConfig("computer", "gentle"))
    secrets: int | None = None  # None: all of the variant's pictures
    first_player: int = 0
    figures: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.figures and read_figures(list(self.figures), len(self.seats)) != self.figures:
            raise ValueError(f"the figures {self.figures!r} do not fit {len(self.seats)} seats")

    def figure(self, seat: int) -> int:
        """The figure *seat* plays (its colour and shape on every screen)."""
        return self.figures[seat] if 0 <= seat < len(self.figures) else seat

    def all_figures(self, seats: int = 0) -> tuple[int, ...]:
        """Every seat's figure, and beyond the table's seats (up to *seats*) figures nobody plays (the maze's
        empty start corners wear those)."""
        return fill_figures([self.figure(k) for k in range(len(self.seats))], max(seats, len(self.seats)))

    @property
    def is_cards(self) -> bool:
        """True when this table plays the card game."""
        return self.variant == CARDS

    def new_game(self, seed: int | None = None) -> Game:
        """A fresh maze game for this table; raises ValueError for a card table (see :meth:`fresh`)."""
        if self.is_cards:
            raise ValueError("this table plays the card game; use new_card_game or fresh")
        return Game.new(
            variant=self.variant, players=len(self.seats), secrets=self.secrets, seed=seed,
            first_player=self.first_player,
        )

    def new_card_game(self, seed: int | None = None) -> CardGame:
        """A fresh card game for this table; raises ValueError for a maze table."""
        if not self.is_cards:
            raise ValueError(f"this table plays the maze game ({self.variant}); use new_game or fresh")
        from doolhof.cards import CardGame  # only when a card game is played: start-up stays quick

        return CardGame.new(players=len(self.seats), seed=seed, first_player=self.first_player)

    def fresh(self, seed: int | None = None) -> Game | CardGame:
        """A fresh game of whichever game this table plays (raises ValueError when it cannot start one)."""
        return self.new_card_game(seed) if self.is_cards else self.new_game(seed)

    def is_computer(self, seat: int) -> bool:
        """True when *seat* is played by the computer (False for a seat the table does not have)."""
        return 0 <= seat < len(self.seats) and self.seats[seat].is_computer

    def with_secrets(self, secrets: int | None) -> TableSetup:
        """The same table with another number of secrets (e.g. the half-secrets decider)."""
        return TableSetup(self.variant, self.seats, secrets, self.first_player, self.figures)

    def to_dict(self) -> dict[str, object]:
        """JSON-safe form; ``figures`` only when a seat plays another figure than its own, so a table of the
        seats' own figures reads exactly as before (an older Doolhof reads a chosen one as its own figures)."""
        data: dict[str, object] = {
            "variant": self.variant, "seats": [s.to_dict() for s in self.seats],
            "secrets": self.secrets, "first_player": self.first_player,
        }
        if any(f != k for k, f in enumerate(self.figures)):
            data["figures"] = list(self.figures)
        return data

    @classmethod
    def from_dict(cls, data: object) -> TableSetup:
        """Read :meth:`to_dict` data; raises ValueError when it cannot be a table."""
        if not isinstance(data, dict):
            raise ValueError("the table setup is damaged")
        variant = data.get("variant")
        if not isinstance(variant, str) or (variant != CARDS and variant not in VARIANTS):
            raise ValueError(f"unknown variant {str(variant)[:40]!r}")
        fewest, most = seat_range(str(variant))
        seats = data.get("seats")
        if not isinstance(seats, list) or not fewest <= len(seats) <= most:
            raise ValueError(f"the table setup needs {fewest} to {most} seats")
        secrets = data.get("secrets")
        if variant == CARDS:
            secrets = None  # the card game has no secrets; a stray number means nothing
        elif secrets is not None and (not isinstance(secrets, int) or isinstance(secrets, bool)):
            raise ValueError("the number of secrets is damaged")
        first = data.get("first_player", 0)
        if not isinstance(first, int) or not 0 <= first < len(seats):
            first = 0
        figures = read_figures(data.get("figures"), len(seats))  # missing (an older file) or damaged: their own
        table = cls(str(variant), tuple(SeatConfig.from_dict(s) for s in seats), secrets, first, figures)
        try:  # the engine knows which secret counts this variant and these seats allow (R13, R14)
            table.fresh(seed=0)
        except ValueError as error:
            raise ValueError(f"the table setup cannot start a game: {error}") from None
        return table
