"""A button that only acts when held down for a while: the parents' gesture.

Holding it for :data:`HOLD_SECONDS` fills a ring around it and then fires. A control that wants
holding shows so the moment it is tapped: the ring appears as the press starts, and a short tap
makes it wiggle while the ring goes on filling a little (to :data:`TEASE_SHARE`) and then falls
back, so a parent learns that it wants holding without reading the rules; a press that slides off
lets the ring fall back from where it got. Time comes from :meth:`HoldButton.update` (scene time), so tests with fixed
frames are deterministic::

    menu = HoldButton(open_menu, icon="menu")
    menu.rect = pygame.Rect(...)
    menu.handle(pointer_event)   # True when the button took the event
    menu.update(dt)              # fills the ring; fires after two seconds
    menu.draw(surface, art)
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.widgets import safe_icon

#: How long the button must be held before it acts (seconds).
HOLD_SECONDS = 2.0
#: How long the "not like that" wiggle after a short tap lasts (seconds).
WIGGLE_SECONDS = 0.45
#: How far the ring fills by itself after a short tap before it falls back (a share of the ring).
TEASE_SHARE = 0.3
#: After a press ends without firing: seconds the ring keeps rising towards its peak, then falls back.
RISE_SECONDS = 0.3
FALL_SECONDS = 0.55


class HoldButton:
    """A round icon button that fires *on_hold* after being held *hold_seconds*; a short tap wiggles it.

    Sliding off the button while holding cancels. *on_tap* (optional) runs on a short tap, after
    the wiggle starts (a hint sound, say).
    """

    def __init__(self, on_hold: Callable[[], None], icon: str = "menu", *, hold_seconds: float = HOLD_SECONDS,
                 on_tap: Callable[[], None] | None = None, face: tuple[int, int, int] = theme.PANEL_DARK) -> None:
        """A hold button with nothing laid out yet: set :attr:`rect` before use."""
        self.on_hold = on_hold
        self.on_tap = on_tap
        self.icon = icon
        self.hold_seconds = hold_seconds
        self.face = face
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: Where a press counts as on the button when that is more than :attr:`rect` (a small button's
        #: fingertip-sized tap area); None: the rect itself.
        self.area: pygame.Rect | None = None
        #: Seconds the current press has lasted, or None when not pressed.
        self.held: float | None = None
        #: True once this press has fired (the rest of the press is ignored).
        self.fired = False
        #: Seconds left of the wiggle (0 when still).
        self.wiggle = 0.0
        #: Seconds since a press ended without firing, while its ring still falls back (None: no ring left).
        self.echo: float | None = None
        self._echo_from = 0.0
        self._echo_peak = 0.0

    def __repr__(self) -> str:
        return f"<HoldButton {self.icon!r} at {tuple(self.rect)}>"

    @property
    def progress(self) -> float:
        """How full the ring is, 0..1: the hold so far, or the ring falling back after a press that ended."""
        if self.held is not None:
            return min(1.0, self.held / self.hold_seconds) if self.hold_seconds > 0 else 1.0
        if self.echo is None:
            return 0.0
        if self.echo < RISE_SECONDS:  # eases on up to the peak
            t = self.echo / RISE_SECONDS
            return self._echo_from + (self._echo_peak - self._echo_from) * (1 - (1 - t) ** 2)
        t = min(1.0, (self.echo - RISE_SECONDS) / FALL_SECONDS)
        return self._echo_peak * (1 - t * t)

    def ring_shown(self) -> bool:
        """True while the ring is drawn: from the moment of the press until it has fallen back."""
        return self.held is not None or self.echo is not None

    def reset(self) -> None:
        """Forget any press, wiggle and falling ring (the button went away, or its card closed)."""
        self.held = None
        self.fired = False
        self.wiggle = 0.0
        self.echo = None

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when *pos* is on the button (its :attr:`area` when set)."""
        area = self.area if self.area is not None else self.rect
        return self.rect.width > 0 and area.collidepoint(pos)

    def handle(self, event: PointerEvent) -> bool:
        """Feed one pointer event; True when the button took it."""
        if event.kind == "down":
            if not self.hit(event.pos):
                return False
            self.held = 0.0
            self.fired = False
            self.echo = None
            return True
        if self.held is None:
            return False
        if event.kind == "move":
            if not self.hit(event.pos):
                self._fall_back(tease=False)  # slid off: cancelled, no wiggle
            return True
        # up or cancel
        short = not self.fired and event.kind == "up" and self.hit(event.pos)
        self._fall_back(tease=short)
        self.fired = False
        if short:
            self.wiggle = WIGGLE_SECONDS
            if self.on_tap is not None:
                self.on_tap()
        return True

    def _fall_back(self, tease: bool) -> None:
        """The press ends without firing: the ring (teased on a little after a short tap) falls back."""
        start = self.progress
        self.held = None
        self.echo = 0.0 if start > 0 or tease else None
        self._echo_from = start
        self._echo_peak = max(start, TEASE_SHARE) if tease else start

    def update(self, dt: float) -> None:
        """Advance the hold timer and the wiggle by *dt* seconds; fire when the hold is long enough."""
        self.wiggle = max(0.0, self.wiggle - dt)
        if self.echo is not None:
            self.echo += dt
            if self.echo >= RISE_SECONDS + FALL_SECONDS:
                self.echo = None
        if self.held is None or self.fired:
            return
        self.held += dt
        if self.held >= self.hold_seconds:
            self.fired = True
            self.held = None
            self.on_hold()

    def busy(self) -> bool:
        """True while held, wiggling or while the ring falls back (the app then keeps drawing frames)."""
        return self.held is not None or self.wiggle > 0 or self.echo is not None

    def angle(self) -> float:
        """The wiggle's current tilt in degrees."""
        if self.wiggle <= 0:
            return 0.0
        t = WIGGLE_SECONDS - self.wiggle
        return 16.0 * math.sin(t * math.tau * 4) * (self.wiggle / WIGGLE_SECONDS)

    def draw(self, surface: pygame.Surface, art: Art | None = None) -> None:
        """The round button (tilted while wiggling) and, from the press on, the ring filling clockwise from the top."""
        rect = self.rect
        if rect.width <= 0:
            return
        radius = rect.w // 2
        pygame.draw.circle(surface, self.face, rect.center, radius)
        icon = safe_icon(art, self.icon, int(rect.w * 0.7))
        if icon is not None:
            angle = self.angle()
            if angle:
                icon = pygame.transform.rotate(icon, angle)
            surface.blit(icon, icon.get_rect(center=rect.center))
        if not self.ring_shown():
            return
        width = max(3, rect.w // 9)
        ring = rect.copy()  # inside the button: it often sits in the window's very corner
        pygame.draw.circle(surface, theme.PANEL_EDGE, ring.center, ring.w // 2, width)
        progress = self.progress
        if progress > 0:
            # pygame angles run counter-clockwise from the right; fill clockwise from twelve o'clock.
            stop = math.pi / 2
            start = stop - progress * math.tau
            pygame.draw.arc(surface, theme.REACH_RING, ring, start, stop, width)
