"""What a hint looks like on the play screen, and how it moves.

A hint follows the advice of the rule text: *look where the picture is, and which row or column
can bring it to you*. Before the push it lights the picture and the line that will move, lights
the arrow, and sends a glowing ghost of the sliding card from its slot to that arrow, turning it
the way the hint suggests (the child still turns and pushes the real card). After the push it
lights the cell to walk to with a pulsing ring and a dotted path from the figure.

:class:`HintShow` is the state of one hint on screen (what, and for how long it has shown). Its
timing is pure arithmetic (:meth:`HintShow.ghost_pose`), so tests can check it without drawing.
Times are *motion* seconds: the play scene already scales them with the animation speed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

import pygame

from doolhof.engine import Push
from doolhof.engine.board import Cell
from doolhof.engine.tiles import rotate
from doolhof.gui.board.painter import draw_line_ring
from doolhof.gui.kit import theme
from doolhof.gui.kit.anim import Motion, ease_in_out, ease_out, hop
from doolhof.gui.play.computer import HintAdvice

#: The ghost card: flies from the slot to the arrow, waits there, fades; this many times.
GHOST_FLY = 0.9
GHOST_HOLD = 0.9
GHOST_FADE = 0.35
GHOST_LOOPS = 3
#: With reduced motion the ghost glides once, more quickly, and then rests at the arrow.
CALM_FLY = 0.5
#: How opaque the ghost is while it flies, and once it rests at the arrow.
GHOST_ALPHA = 0.95
REST_ALPHA = 0.8
#: How far (0 .. 1 of the dip) the resting ghost stays dipped in, so its shape shows beside the arrow.
REST_NUDGE = 0.6
#: The ring on the cell to walk to pulses this long, then stays lit.
WALK_PULSE = 4.5


@dataclass(frozen=True)
class GhostPose:
    """Where the ghost card is: *u* 0 (slot) .. 1 (arrow), *turn* 0 .. 1 of its turning, *alpha*.

    *nudge* 0 .. 1 is how far it dips into the board at the arrow ("push here"), as a share of the
    scene's nudge distance.
    """

    u: float
    turn: float
    alpha: float
    nudge: float = 0.0


@dataclass
class HintShow:
    """One hint being shown: the advice, how long it has shown, and the walk path (walk hints)."""

    advice: HintAdvice
    #: Drawn angle (degrees) of the real card when the hint appeared: the ghost starts from it.
    start_angle: float = 0.0
    #: Cells from the figure to the hinted cell (walk hints), both included.
    path: tuple[Cell, ...] = ()
    age: float = 0.0
    #: The ghost's final drawn angle when known (see :func:`nearest_look`); else from the push alone.
    turn_to: float | None = None

    @property
    def push(self) -> Push | None:
        """The suggested push (push hints)."""
        return self.advice.push

    @property
    def cell(self) -> Cell | None:
        """The suggested cell to walk to (walk hints)."""
        return self.advice.cell

    @property
    def end_angle(self) -> float:
        """The ghost's final drawn angle: the suggested rotation, reached by the shortest turn."""
        if self.push is None:
            return self.start_angle
        if self.turn_to is not None:
            return self.turn_to
        return self.start_angle + shortest_turn(self.start_angle, self.push.rotation * 90.0)

    def active_time(self, motion: Motion) -> float:
        """How long the hint keeps moving (after that it rests, drawn still, and the loop may sleep)."""
        if self.advice.phase == "walk":
            return 0.6 if motion.reduced else WALK_PULSE
        if motion.reduced:
            return CALM_FLY
        return GHOST_LOOPS * (GHOST_FLY + GHOST_HOLD + GHOST_FADE) - GHOST_FADE

    def moving(self, motion: Motion) -> bool:
        """True while the hint still animates."""
        return self.age < self.active_time(motion)

    def ghost_pose(self, motion: Motion) -> GhostPose:
        """The ghost card at the hint's current age."""
        t = self.age
        if motion.reduced:
            u = ease_out(min(1.0, t / CALM_FLY))
            return GhostPose(u, u, REST_ALPHA + (GHOST_ALPHA - REST_ALPHA) * (1 - u), REST_NUDGE * u)
        cycle = GHOST_FLY + GHOST_HOLD + GHOST_FADE
        if t >= self.active_time(motion):
            return GhostPose(1.0, 1.0, REST_ALPHA, REST_NUDGE)
        k = t % cycle
        last = t >= (GHOST_LOOPS - 1) * cycle
        if k < GHOST_FLY:
            raw = k / GHOST_FLY
            u = ease_in_out(raw)
            return GhostPose(u, u, GHOST_ALPHA * min(1.0, raw / 0.15))
        if k < GHOST_FLY + GHOST_HOLD or last:
            held = min(1.0, (k - GHOST_FLY) / GHOST_HOLD)
            if last:  # the last time it dips in and stays there
                return GhostPose(1.0, 1.0, GHOST_ALPHA, REST_NUDGE * ease_in_out(held))
            return GhostPose(1.0, 1.0, GHOST_ALPHA, hop(held))
        fade = (k - GHOST_FLY - GHOST_HOLD) / GHOST_FADE
        return GhostPose(1.0, 1.0, GHOST_ALPHA * (1 - fade))

    def pulse(self, motion: Motion) -> float:
        """0 .. 1: the brightness wave of rings and lines (steady once the hint rests or with calm motion)."""
        if motion.reduced or not self.moving(motion):
            return 1.0
        return 0.5 + 0.5 * math.cos(self.age * 2 * math.pi / 1.1)


def nearest_look(base: int, rotation: int, from_angle: float) -> float:
    """The drawn angle nearest *from_angle* at which card *base* looks turned *rotation* quarters.

    A straight turned twice looks the same as not turned, so it need not spin (pictures stay upright).
    """
    want = rotate(base, rotation % 4)
    best = from_angle + shortest_turn(from_angle, rotation * 90.0)
    for q in range(4):
        if rotate(base, q) == want:
            angle = from_angle + shortest_turn(from_angle, q * 90.0)
            if abs(angle - from_angle) < abs(best - from_angle):
                best = angle
    return best


def shortest_turn(start: float, goal: float) -> float:
    """Degrees to add to *start* to look like *goal* (mod 360), the short way round (-180 .. 180]."""
    delta = (goal - start) % 360.0
    return delta - 360.0 if delta > 180.0 else delta


# ----- drawing --------------------------------------------------------------------------------
def draw_line_glow(surface: pygame.Surface, rect: pygame.Rect, cell: int, pulse: float) -> None:
    """A glowing outline round the row or column that the hinted push will move."""
    width = max(3, cell // 14)
    radius = max(4, cell // 8)
    glow = pygame.Surface(rect.inflate(width * 4, width * 4).size, pygame.SRCALPHA)
    inner = glow.get_rect().inflate(-width * 2, -width * 2)
    pygame.draw.rect(glow, (*theme.REACH_GLOW, int(60 + 70 * pulse)), inner, width=width * 2, border_radius=radius)
    surface.blit(glow, glow.get_rect(center=rect.center))
    draw_line_ring(surface, rect, cell, 14)


def draw_look_here(surface: pygame.Surface, centre: tuple[int, int], cell: int, pulse: float) -> None:
    """A bright ring round the picture to find ("look, there it is")."""
    radius = int(cell * (0.5 + 0.06 * pulse))
    width = max(3, cell // 16)
    pygame.draw.circle(surface, theme.ARROW_OUTLINE, centre, radius + width // 2, width=width + 2)
    pygame.draw.circle(surface, theme.REACH_RING, centre, radius, width=width)


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, pulse: float) -> None:
    """The pulsing ring on the cell the hint says to walk to."""
    grow = int(rect.w * 0.08 * pulse)
    box = rect.inflate(grow, grow)
    width = max(4, rect.w // 11)
    radius = max(6, box.w // 5)
    pygame.draw.rect(surface, theme.ARROW_OUTLINE, box.inflate(4, 4), width=width + 4, border_radius=radius)
    pygame.draw.rect(surface, theme.ARROW, box, width=width, border_radius=radius)


def draw_path(surface: pygame.Surface, points: list[tuple[float, float]], cell: int, age: float, moving: bool) -> None:
    """Footstep dots from the figure to the hinted cell; while *moving*, a bright wave runs along them."""
    if len(points) < 2:
        return
    dots: list[tuple[float, float]] = []
    for (ax, ay), (bx, by) in pairwise(points):
        for f in (1 / 3, 2 / 3):  # between cells: the pictures on the path stay visible
            dots.append((ax + (bx - ax) * f, ay + (by - ay) * f))
    radius = max(3, cell // 13)
    wave = (age * 8.0) % (len(dots) + 6) if moving else -99.0
    for k, (x, y) in enumerate(dots):
        bright = max(0.0, 1 - abs(k - wave) / 2.5)
        r = radius + int(radius * 0.6 * bright)
        pygame.draw.circle(surface, theme.ARROW_OUTLINE, (round(x), round(y)), r + 2)
        pygame.draw.circle(surface, theme.ARROW_HOT if bright > 0.3 else theme.ARROW, (round(x), round(y)), r)
