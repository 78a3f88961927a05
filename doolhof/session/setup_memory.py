"""What the setup screen remembers: every choice on it, for both kinds of game, until the parent changes it.

The setup screen is left for the puzzle book, the parents' menu, a game, an invitation; it is built
again when the family comes back, and again at the next start. Each time it shows exactly what was
chosen last (nothing a child chose is lost by a tap elsewhere):

- the game chosen (a maze variant or the card game) and the maze variant the secrets count for;
- every seat card's person or computer (and level), also of the seats not in play now, so a seat
  taken away and added again comes back as it was;
- how many seats a maze table and a card table have, each its own (a 3-seat card game and a
  2-seat maze game are both kept);
- the number of secrets, the first player;
- the figure each seat card plays (every seat card has its own, all six different, so a seat taken away
  and added again comes back with its figure);
- the seats marked far away (played on the other computer), kept also while online play is off;
- when it was chosen (``at``), so a game played later than that can come to the front at the next start.

It is kept in the settings file (``Settings.setup``); reading it never fails (anything odd gives
that part's default).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from doolhof.engine import VARIANTS
from doolhof.session.seats import CARDS, SeatConfig, TableSetup, fill_figures, read_figures, seat_range

#: The maze variants, in the setup screen's order; the card game comes after them.
MAZE_VARIANTS = ("junior", "junior-own", "classic")
#: The seats offered before the parent changes anything: a child and a gentle computer (the rest for more seats).
DEFAULT_SLOTS = (SeatConfig("person"), SeatConfig("computer", "gentle"), SeatConfig("person"),
                 SeatConfig("computer", "clever"), SeatConfig("person"), SeatConfig("computer", "clever"))
#: Seat cards the setup screen has (the card game's most seats).
SLOTS = seat_range(CARDS)[1]


def kind_of(variant: str) -> str:
    """``"cards"`` for the card game, else ``"maze"`` (the kinds of :mod:`doolhof.session.games`).

    >>> kind_of("cards"), kind_of("classic")
    ('cards', 'maze')
    """
    return "cards" if variant == CARDS else "maze"


@dataclass(frozen=True)
class SetupMemory:
    """Every choice of the setup screen (see the module text)."""

    #: The game chosen: a maze variant or :data:`~doolhof.session.seats.CARDS`.
    variant: str = "junior"
    #: The maze variant the secrets count for (the last maze variant chosen).
    maze: str = "junior"
    #: Each seat card's person or computer, in play or not (:data:`SLOTS` of them).
    slots: tuple[SeatConfig, ...] = DEFAULT_SLOTS
    #: Seats in play at a maze table and at a card table.
    counts: tuple[int, int] = (2, 2)
    #: The maze's secrets (None: all of the variant's pictures).
    secrets: int | None = None
    first_player: int = 0
    #: The seats marked far away (only used while online play is on).
    marked_far: frozenset[int] = field(default_factory=frozenset)
    #: When these choices were made (seconds since the epoch; 0: never chosen).
    at: float = 0.0
    #: The figure each seat card plays, in play or not: all :data:`SLOTS` different.
    figures: tuple[int, ...] = tuple(range(SLOTS))

    @property
    def is_cards(self) -> bool:
        """True while the card game is chosen."""
        return self.variant == CARDS

    def count(self, variant: str | None = None) -> int:
        """Seats in play at *variant*'s table (default: the chosen game's)."""
        return self.counts[1 if kind_of(variant or self.variant) == "cards" else 0]

    def table(self) -> TableSetup:
        """The chosen game's table (the card game has no secrets)."""
        n = self.count()
        first = self.first_player if self.first_player < n else 0
        figures = self.figures[:n] if any(f != k for k, f in enumerate(self.figures[:n])) else ()
        return TableSetup(self.variant, self.slots[:n], None if self.is_cards else self.secrets, first, figures)

    def far_seats(self) -> frozenset[int]:
        """The seats in play now marked far away."""
        return frozenset(k for k in self.marked_far if k < self.count())

    def with_table(self, table: TableSetup, far_seats: Iterable[int] = (), at: float | None = None) -> SetupMemory:
        """These choices with *table* chosen (its kind's seats and secrets; the other kind's stay), its
        seats *far_seats* marked far away."""
        n = len(table.seats)
        slots = tuple(table.seats[k] if k < n else self.slots[k] for k in range(SLOTS))
        counts = (self.counts[0], n) if table.is_cards else (n, self.counts[1])
        # The table's seats wear its figures; the seat cards not in play keep theirs where they can.
        mine = [table.figure(k) for k in range(n)]
        rest = [f for f in self.figures[n:] if f not in mine]
        figures = fill_figures(mine + rest, SLOTS)
        changes: dict[str, Any] = {"variant": table.variant, "slots": slots, "counts": counts,
                                   "first_player": table.first_player,
                                   "marked_far": frozenset(k for k in far_seats if k < n),
                                   "figures": figures}
        if not table.is_cards:
            changes.update(maze=table.variant, secrets=table.secrets)
        if at is not None:
            changes["at"] = at
        return replace(self, **changes)

    @classmethod
    def from_table(cls, table: TableSetup) -> SetupMemory:
        """Choices that show *table* (the last table played, from a settings file made before this memory)."""
        return cls().with_table(table)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {"variant": self.variant, "maze": self.maze, "slots": [s.to_dict() for s in self.slots],
                "counts": list(self.counts), "secrets": self.secrets, "first_player": self.first_player,
                "far": sorted(self.marked_far), "at": self.at, "figures": list(self.figures)}

    @classmethod
    def from_dict(cls, data: object) -> SetupMemory:
        """Read :meth:`to_dict` data; a part that is damaged or out of range gets its default."""
        base = cls()
        if not isinstance(data, dict):
            return base
        variant = data.get("variant")
        variant = variant if variant == CARDS or variant in MAZE_VARIANTS else base.variant
        maze = data.get("maze")
        maze = maze if maze in MAZE_VARIANTS else (variant if variant in MAZE_VARIANTS else base.maze)
        raw_slots = data.get("slots")
        slots = list(base.slots)
        if isinstance(raw_slots, list):
            for k, raw in enumerate(raw_slots[:SLOTS]):
                slots[k] = SeatConfig.from_dict(raw)
        counts = list(base.counts)
        raw_counts = data.get("counts")
        if isinstance(raw_counts, list) and len(raw_counts) == 2:
            for k, (raw, kind) in enumerate(zip(raw_counts, ("junior", CARDS), strict=True)):
                low, high = seat_range(kind)
                if isinstance(raw, int) and not isinstance(raw, bool) and low <= raw <= high:
                    counts[k] = raw
        secrets = data.get("secrets")
        total = len(VARIANTS[maze].pictures)
        if not (isinstance(secrets, int) and not isinstance(secrets, bool) and 1 <= secrets < total):
            secrets = None
        first = data.get("first_player")
        first = first if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < SLOTS else 0
        far_raw = data.get("far")
        far_seats = frozenset(k for k in far_raw if isinstance(k, int) and not isinstance(k, bool) and 0 <= k < SLOTS) \
            if isinstance(far_raw, list) else frozenset()
        at = data.get("at")
        at = float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) and math.isfinite(at) else 0.0
        figures = read_figures(data.get("figures"), SLOTS) or base.figures  # missing (older settings): their own
        memory = cls(variant, maze, tuple(slots), (counts[0], counts[1]), secrets, first, far_seats, at, figures)
        try:  # the engine knows which secret counts this variant and these seats allow (R13, R14)
            replace(memory, variant=maze).table().fresh(seed=0)
        except ValueError:
            memory = replace(memory, secrets=None)
        return memory


__all__ = ["DEFAULT_SLOTS", "MAZE_VARIANTS", "SLOTS", "SetupMemory", "kind_of"]
