"""What the card screen shows while nothing moves, and the flights that move cards between places.

:class:`Shown` lags the game while clips play (the engine applies a lay or a take at once; the
screen catches up beat by beat). A :class:`Flight` is a card on its way between two *anchors*
(logical places such as a table cell or a hand slot, resolved to pixels at draw time, so a resize
mid-flight keeps it on course); a :class:`CardClip` is a :class:`~doolhof.gui.kit.anim.Clip` that
carries flights and says which cards it draws itself.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from doolhof.cards import Card, CardGame
from doolhof.cards.ports import Cell
from doolhof.gui.kit.anim import Clip, Ease, ease_in_out, hop


@dataclass
class Shown:
    """A snapshot of the game as the screen shows it."""

    table: dict[Cell, tuple[Card, int]]
    hands: list[list[Card]]
    taken: list[list[Card]]
    pile: int
    current: int
    phase: str
    laid: Cell | None
    #: (cell, treasure) of the joined paths, laid card first (see :class:`~doolhof.cards.PathJoined`).
    glow: tuple[tuple[Cell, str], ...] = ()
    #: The joined paths one by one, each from the card just laid to a card that may be taken.
    chains: tuple[tuple[Cell, ...], ...] = ()
    winners: frozenset[int] = frozenset()

    @classmethod
    def of(cls, game: CardGame) -> Shown:
        """A snapshot of *game* as it stands (the glow is not known from the game alone)."""
        outcome = game.outcome()
        return cls(
            table=dict(game.table), hands=[list(game.hand(s)) for s in range(game.players)],
            taken=[list(game.taken(s)) for s in range(game.players)], pile=game.pile_size,
            current=game.current_player, phase=game.phase, laid=game.laid,
            winners=outcome.winners if outcome else frozenset(),
        )


# ----- anchors -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class AtCell:
    """The centre of table cell *cell* (as the camera shows it now)."""

    cell: Cell


@dataclass(frozen=True)
class AtHand:
    """Slot *index* of the big hand."""

    index: int


@dataclass(frozen=True)
class AtSeatHand:
    """Slot *index* of *seat*'s small hand in its panel."""

    seat: int
    index: int


@dataclass(frozen=True)
class AtTray:
    """The top of *seat*'s tray of taken cards (*slot*: that place in the tray, counted from its first card)."""

    seat: int
    slot: int | None = None


@dataclass(frozen=True)
class AtPile:
    """The top of the pile."""


@dataclass(frozen=True)
class AtPoint:
    """A fixed window point (where a finger let a card go)."""

    x: float
    y: float


Anchor = AtCell | AtHand | AtSeatHand | AtTray | AtPile | AtPoint
PILE = AtPile()


@dataclass(frozen=True)
class Stop:
    """Where a flight is at time *t* (seconds from the clip start) and how it gets there."""

    t: float
    at: Anchor
    angle: float = 0.0  # degrees clockwise
    ease: Ease = ease_in_out
    lift: float = 0.0  # a hop, as a share of the card size, during the segment that ends here
    rise: float = 0.0  # how high the card stands above its anchor here, as a share of its size
    grow: float = 1.0  # its size here, as a share of the anchor's card size


@dataclass(frozen=True)
class Pose:
    """A flight at one moment: between anchors *start* and *end* at *fraction*, turned *angle* degrees,
    raised *lift* (a share of its size) and sized *grow* times the anchors' card size."""

    start: Anchor
    end: Anchor
    fraction: float
    angle: float
    lift: float
    grow: float


@dataclass
class Flight:
    """A card moving along *stops*: *card* face up at its own rotation *rotation*, or a back (*card* None).

    *flip_at*: a back that shows its face from this clip time on (a computer's card turned over);
    *gone_at*: from this clip time on it is not drawn (it has landed where the still picture shows it).
    """

    card: Card | None
    rotation: int
    stops: list[Stop]
    flip_at: float | None = None
    alpha: float = 1.0
    gone_at: float | None = None

    def pose(self, t: float) -> Pose:
        """Where the flight is at clip time *t*."""
        stops = self.stops
        if t <= stops[0].t or len(stops) == 1:
            s = stops[0]
            return Pose(s.at, s.at, 0.0, s.angle, s.rise, s.grow)
        for a, b in itertools.pairwise(stops):
            if t <= b.t:
                span = b.t - a.t
                raw = 1.0 if span <= 0 else (t - a.t) / span
                u = b.ease(raw)
                return Pose(a.at, b.at, u, a.angle + (b.angle - a.angle) * u,
                            b.lift * hop(raw) + a.rise + (b.rise - a.rise) * u, a.grow + (b.grow - a.grow) * u)
        s = stops[-1]
        return Pose(s.at, s.at, 1.0, s.angle, s.rise, s.grow)

    def shown_at(self, t: float) -> bool:
        """True when the flight is drawn at clip time *t*."""
        return self.gone_at is None or t < self.gone_at

    def face_up(self, t: float) -> bool:
        """True when the face shows at clip time *t*."""
        return self.card is not None and (self.flip_at is None or t >= self.flip_at)


@dataclass
class CardClip(Clip):
    """A clip with card flights; it hides the cards it moves from the still picture meanwhile."""

    flights: list[Flight] = field(default_factory=list)
    #: Big hand slots drawn by the clip (or emptied by it).
    hide_hand: frozenset[int] = frozenset()
    #: (seat, slot) of small hands drawn by the clip.
    hide_seat_hand: frozenset[tuple[int, int]] = frozenset()
    #: Cards already flying off the top of the pile.
    pile_out: int = 0
    #: Glow progress 0..1 over the clip (None: the glow is not growing in this clip).
    glow_grows: bool = False
