"""A button that only acts when held down for a while: the parents' gesture.

A child's tap on it just makes it wiggle; holding it for :data:`HOLD_SECONDS` fills a ring around
it and then fires. Time comes from :meth:`HoldButton.update` (scene time), so tests with fixed
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
        #: Seconds the current press has lasted, or None when not pressed.
        self.held: float | None = None
        #: True once this press has fired (the rest of the press is ignored).
        self.fired = False
        #: Seconds left of the wiggle (0 when still).
        self.wiggle = 0.0

    def __repr__(self) -> str:
        return f"<HoldButton {self.icon!r} at {tuple(self.rect)}>"

    @property
    def progress(self) -> float:
        """How full the ring is, 0..1."""
        if self.held is None:
            return 0.0
        return min(1.0, self.held / self.hold_seconds) if self.hold_seconds > 0 else 1.0

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when *pos* is on the button."""
        return self.rect.width > 0 and self.rect.collidepoint(pos)

    def handle(self, event: PointerEvent) -> bool:
        """Feed one pointer event; True when the button took it."""
        if event.kind == "down":
            if not self.hit(event.pos):
                return False
            self.held = 0.0
            self.fired = False
            return True
        if self.held is None:
            return False
        if event.kind == "move":
            if not self.hit(event.pos):
                self.held = None  # slid off: cancelled, no wiggle
            return True
        # up or cancel
        short = not self.fired and event.kind == "up" and self.hit(event.pos)
        self.held = None
        self.fired = False
        if short:
            self.wiggle = WIGGLE_SECONDS
            if self.on_tap is not None:
                self.on_tap()
        return True

    def update(self, dt: float) -> None:
        """Advance the hold timer and the wiggle by *dt* seconds; fire when the hold is long enough."""
        self.wiggle = max(0.0, self.wiggle - dt)
        if self.held is None or self.fired:
            return
        self.held += dt
        if self.held >= self.hold_seconds:
            self.fired = True
            self.held = None
            self.on_hold()

    def busy(self) -> bool:
        """True while held or wiggling (the app then keeps drawing frames)."""
        return self.held is not None or self.wiggle > 0

    def angle(self) -> float:
        """The wiggle's current tilt in degrees."""
        if self.wiggle <= 0:
            return 0.0
        t = WIGGLE_SECONDS - self.wiggle
        return 16.0 * math.sin(t * math.tau * 4) * (self.wiggle / WIGGLE_SECONDS)

    def draw(self, surface: pygame.Surface, art: Art | None = None) -> None:
        """The round button (tilted while wiggling) and, while held, the ring filling clockwise from the top."""
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
        progress = self.progress
        if progress > 0:
            width = max(3, rect.w // 9)
            ring = rect.copy()  # inside the button: it often sits in the window's very corner
            pygame.draw.circle(surface, theme.PANEL_EDGE, ring.center, ring.w // 2, width)
            # pygame angles run counter-clockwise from the right; fill clockwise from twelve o'clock.
            stop = math.pi / 2
            start = stop - progress * math.tau
            pygame.draw.arc(surface, theme.REACH_RING, ring, start, stop, width)
