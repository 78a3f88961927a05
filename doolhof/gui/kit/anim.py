"""Easing, key-framed sprites and a queue of clips: the motion of the play scene.

A :class:`Clip` is one beat of the story ("the row glides", "the figure walks"): sprites that move
along key frames, cells and figures it hides from the static picture meanwhile, timed cues (sounds,
state changes) and a callback at its end. A :class:`Timeline` plays clips one after the other.
Positions are *anchors* (small frozen dataclasses such as :class:`CellAnchor`) that the scene
resolves to pixels at draw time, so an animation survives a window resize. What a sprite shows is
its *look* (:class:`TileLook`, :class:`FigureLook`, :class:`TokenLook`, :class:`SparkleLook`).

Effects (:class:`Effect`) are purely cosmetic (a shake, a bounce): they run alongside the clips
and never block input.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise

Ease = Callable[[float], float]


# ----- anchors: logical places, resolved to pixels under the current layout --------------------
@dataclass(frozen=True)
class CellAnchor:
    """The centre of board cell (*row*, *col*), moved by (*dx*, *dy*) cells.

    Fractional and off-board cells are allowed (the arrow band); the offset is a figure's spot
    beside the others sharing its cell.
    """

    row: float
    col: float
    dx: float = 0.0
    dy: float = 0.0


@dataclass(frozen=True)
class SpareAnchor:
    """The sliding card's slot in the panel."""


@dataclass(frozen=True)
class ScreenAnchor:
    """A fixed window point (where a finger let something go)."""

    x: float
    y: float


@dataclass(frozen=True)
class TrayAnchor:
    """Slot *k* of seat *seat*'s tray of collected secrets."""

    seat: int
    k: int


@dataclass(frozen=True)
class FigureAnchor:
    """Where seat *seat*'s figure stands now."""

    seat: int


Anchor = CellAnchor | SpareAnchor | ScreenAnchor | TrayAnchor | FigureAnchor
#: The spare slot (it has no parameters: one value serves everyone).
SPARE = SpareAnchor()


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_out(t: float) -> float:
    """Fast start, gentle stop (cubic)."""
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Gentle start and stop (cubic)."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a pop."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def smooth(t: float) -> float:
    """Gentle start and stop (smoothstep), with *t* held to 0..1: the tutorial hand's moves."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def hop(t: float) -> float:
    """0 at both ends, 1 in the middle: the height of a little jump."""
    return math.sin(math.pi * max(0.0, min(1.0, t)))


@dataclass(frozen=True)
class Key:
    """Where a sprite is at time *t* (seconds from the clip start), and how it gets there."""

    t: float
    at: Anchor
    scale: float = 1.0
    angle: float = 0.0  # degrees clockwise
    alpha: float = 1.0
    ease: Ease = ease_out  # easing of the segment that ends at this key
    lift: float = 0.0  # height of a hop (in cells) during the segment that ends here


@dataclass(frozen=True)
class Pose:
    """A sprite sampled at one moment: between anchors *a* and *b* at fraction *u*."""

    a: Anchor
    b: Anchor
    u: float
    scale: float
    angle: float
    alpha: float
    lift: float  # current hop height in cells


# ----- looks: what a sprite shows ----------------------------------------------------------------
@dataclass(frozen=True)
class TileLook:
    """A corridor card with openings *mask*, showing *picture* (None: a card without one)."""

    mask: int
    picture: str | None


@dataclass(frozen=True)
class FigureLook:
    """Seat *seat*'s figure."""

    seat: int


@dataclass(frozen=True)
class TokenLook:
    """A collected secret's *picture* on its way to the tray."""

    picture: str


@dataclass(frozen=True)
class SparkleLook:
    """A ring of stars."""


Look = TileLook | FigureLook | TokenLook | SparkleLook


@dataclass
class Sprite:
    """Something drawn over the static picture while a clip runs: its *look*, moving along *keys*.

    *layer* orders drawing (low first; 2 and up are drawn over the figures).
    """

    look: Look
    keys: list[Key]
    layer: int = 0

    def pose(self, t: float) -> Pose:
        """Interpolate the key frames at time *t*."""
        keys = self.keys
        if t <= keys[0].t or len(keys) == 1:
            k = keys[0]
            return Pose(k.at, k.at, 0.0, k.scale, k.angle, k.alpha, 0.0)
        for prev, nxt in pairwise(keys):
            if t <= nxt.t:
                span = nxt.t - prev.t
                raw = 1.0 if span <= 0 else (t - prev.t) / span
                u = nxt.ease(raw)
                return Pose(
                    prev.at, nxt.at, u,
                    prev.scale + (nxt.scale - prev.scale) * u,
                    prev.angle + (nxt.angle - prev.angle) * u,
                    prev.alpha + (nxt.alpha - prev.alpha) * u,
                    nxt.lift * hop(raw),
                )
        k = keys[-1]
        return Pose(k.at, k.at, 1.0, k.scale, k.angle, k.alpha, 0.0)


@dataclass
class Clip:
    """One beat of animation. Cues run once when their time is reached; *on_end* when it is over.

    What the callbacks return is ignored (a scene method that reports success may serve as one).
    """

    duration: float
    sprites: list[Sprite] = field(default_factory=list)
    hide_cells: frozenset[tuple[int, int]] = frozenset()
    hide_figures: frozenset[int] = frozenset()
    hide_spare: bool = False
    cues: list[tuple[float, Callable[[], object]]] = field(default_factory=list)
    on_start: Callable[[], object] | None = None
    on_end: Callable[[], object] | None = None
    name: str = ""

    def cue(self, t: float, action: Callable[[], object]) -> Clip:
        """Run *action* once at time *t*; returns the clip for chaining."""
        self.cues.append((t, action))
        return self


class Timeline:
    """Plays clips in order; clips may be queued while one plays (also from callbacks)."""

    def __init__(self) -> None:
        """An empty timeline."""
        self.queue: deque[Clip] = deque()
        self.current: Clip | None = None
        self.time = 0.0
        self._fired = 0

    def add(self, *clips: Clip) -> None:
        """Queue *clips* after everything already queued."""
        self.queue.extend(clips)

    def clear(self) -> None:
        """Drop everything (no callbacks run)."""
        self.queue.clear()
        self.current = None
        self.time = 0.0
        self._fired = 0

    def busy(self) -> bool:
        """True while a clip plays or waits."""
        return self.current is not None or bool(self.queue)

    def update(self, dt: float) -> None:
        """Advance by *dt* seconds, starting and finishing as many clips as that covers."""
        budget = dt
        guard = 0
        while guard < 100:
            guard += 1
            if self.current is None:
                if not self.queue:
                    return
                self.current = self.queue.popleft()
                self.time = 0.0
                self._fired = 0
                self.current.cues.sort(key=lambda cue: cue[0])
                if self.current.on_start is not None:
                    self.current.on_start()
                if self.current is None:  # the start callback cleared the timeline
                    continue
            clip = self.current
            step = min(budget, max(0.0, clip.duration - self.time))
            self.time += step
            budget -= step
            while self._fired < len(clip.cues) and clip.cues[self._fired][0] <= self.time + 1e-9:
                action = clip.cues[self._fired][1]
                self._fired += 1
                action()
                if self.current is not clip:
                    break
            if self.current is not clip:
                continue
            if self.time >= clip.duration - 1e-9:
                self.current = None
                if clip.on_end is not None:
                    clip.on_end()
                continue
            return

    def sprites(self) -> list[tuple[Sprite, float]]:
        """The sprites of the playing clip with the clip time, for drawing."""
        if self.current is None:
            return []
        return [(s, self.time) for s in sorted(self.current.sprites, key=lambda s: s.layer)]

    def hidden_cells(self) -> frozenset[tuple[int, int]]:
        """Board cells the playing clip draws itself (leave them out of the static picture)."""
        return self.current.hide_cells if self.current else frozenset()

    def hidden_figures(self) -> frozenset[int]:
        """Seats whose figure the playing clip draws itself."""
        return self.current.hide_figures if self.current else frozenset()

    def hides_spare(self) -> bool:
        """True when the playing clip draws the spare card itself."""
        return bool(self.current and self.current.hide_spare)


@dataclass
class Effect:
    """A cosmetic motion that does not block input: *kind* on *target* for *duration* seconds."""

    kind: str  # "shake" (arrow), "bounce" (figure), "pop" (panel picture), "jump" (winner)
    target: object
    duration: float
    age: float = 0.0

    @property
    def done(self) -> bool:
        """True once the effect has played."""
        return self.age >= self.duration

    @property
    def progress(self) -> float:
        """0 at the start, 1 at the end."""
        return min(1.0, self.age / self.duration) if self.duration > 0 else 1.0


def shake_offset(progress: float, amplitude: float) -> float:
    """A damped side-to-side wobble (pixels) for a gentle refusal."""
    return amplitude * math.sin(progress * math.pi * 6) * (1 - progress)


def bounce_height(progress: float) -> float:
    """Two hops, the second smaller (fraction of a cell)."""
    if progress < 0.6:
        return 0.35 * hop(progress / 0.6)
    return 0.15 * hop((progress - 0.6) / 0.4)


#: Duration factor of each animation speed setting (slow lasts longer, fast shorter).
SPEED_SCALE = {"slow": 1.5, "normal": 1.0, "fast": 0.6}
#: Reduced motion also shortens every animation a little (calmer, quicker to settle).
REDUCED_SCALE = 0.8


@dataclass(frozen=True)
class Motion:
    """How the play scene moves: *scale* multiplies every duration; *reduced* asks for calm motion.

    Calm motion means no bounces or overshoots, no breathing or pulsing, no hops while walking, no
    repeating hint loops; every change still moves from cause to effect, only shorter.

    >>> Motion.of("slow", False).scale, Motion.of("fast", True).reduced
    (1.5, True)
    """

    scale: float = 1.0
    reduced: bool = False

    @classmethod
    def of(cls, speed: object, reduced: object) -> Motion:
        """From the settings' ``animation_speed`` and ``reduced_motion`` (unknown values: normal, full motion)."""
        scale = SPEED_SCALE.get(speed, 1.0) if isinstance(speed, str) else 1.0
        calm = reduced is True
        return cls(scale * (REDUCED_SCALE if calm else 1.0), calm)

    @classmethod
    def from_settings(cls, settings: object) -> Motion:
        """From a :class:`doolhof.session.settings.Settings` (or None: the defaults)."""
        return cls.of(getattr(settings, "animation_speed", "normal"), getattr(settings, "reduced_motion", False))
