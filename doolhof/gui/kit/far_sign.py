"""The calm "waiting for them" sign of an online game, over either play screen.

While the far side is away (it left, or this computer lost the relay) the sign shows the far
figure, faded, beside an hourglass whose sand runs slowly: a child sees that the game waits for
them. Beside it one short sentence in the parents' language says what is going on (the parents'
menu says what to do; both sentences: :mod:`doolhof.gui.online.trouble_words`). While the game waits for the far
side, the sign lies over the turn block; while this side plays, only a small hourglass lies on the
far seat's tray, so nothing this side needs is ever covered. The sign never takes a tap: where it
is this side's turn, the child plays on, and the move waits for the far side. It eases in and out,
so a connection that flickers for a moment never flashes it.
"""

from __future__ import annotations

import math
from typing import Any, Final, Protocol

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.text import draw_text, readable_px
from doolhof.gui.kit.widgets import draw_card, safe_icon
from doolhof.gui.online.trouble_words import sign_sentence
from doolhof.online.follow import OnlineGame
from doolhof.online.trouble import Trouble
from doolhof.session.games import AnyGame

#: Seconds the far side must be away before the sign shows (a short drop never flashes it), and of its fade.
SHOW_AFTER = 1.0
FADE = 0.4
#: The troubles that keep a game waiting (they show the sign); a game with none waits while the far side is away.
WAITING: Final = (Trouble.LOST, Trouble.VERSION)


class SignHost(Protocol):
    """What the sign reads of its play scene."""

    @property
    def online_game(self) -> OnlineGame | None:
        """The online game followed."""
        ...

    @property
    def clock(self) -> float:
        """The scene's clock (seconds)."""
        ...

    @property
    def host(self) -> Host:
        """The app (its art and settings)."""
        ...

    @property
    def game(self) -> AnyGame:
        """The game on screen."""
        ...

    @property
    def layout(self) -> Any:
        """The play screen's layout (its ``turn_box``)."""
        ...

    def is_far(self, seat: int) -> bool:
        """True when *seat* is played from the far computer."""
        ...

    def figure_of(self, seat: int) -> int:
        """The figure *seat* plays."""
        ...

    def seat_box(self, seat: int) -> pygame.Rect:
        """Where *seat*'s own tray lies on the screen."""
        ...


class FarSign:
    """The waiting sign (an :class:`~doolhof.gui.kit.overlay.Overlay` that never finishes while the game runs)."""

    def __init__(self, scene: SignHost, seats: int) -> None:
        """A sign over *scene*, an online game of *seats* seats."""
        self.scene = scene
        self.seats = seats
        self.away_for = 0.0
        #: How much of the sign shows, 0..1 (it eases in and out).
        self.shown = 0.0

    @property
    def done(self) -> bool:
        """Never: the sign stays with its game (it only shows while the far side is away)."""
        return False

    def handle_pointer(self, event: PointerEvent) -> bool:
        """The sign takes no tap: the game below goes on where it can."""
        return False

    def reason(self) -> Trouble | None:
        """What keeps the game waiting now (one of :data:`WAITING`, or :attr:`~Trouble.AWAY`), or None."""
        online_game = self.scene.online_game
        if online_game is None:
            return None
        if online_game.trouble in WAITING:
            return online_game.trouble
        return Trouble.AWAY if online_game.away else None

    def wanted(self) -> bool:
        """True while the sign should show: the far side is away, or the relay is out of reach."""
        return self.reason() is not None

    def update(self, dt: float) -> None:
        """Count how long the far side has been away; ease the sign in or out."""
        self.away_for = self.away_for + dt if self.wanted() else 0.0
        goal = 1.0 if self.away_for >= SHOW_AFTER else 0.0
        step = dt / FADE
        self.shown = min(goal, self.shown + step) if goal > self.shown else max(goal, self.shown - step)

    def busy(self) -> bool:
        """True while the sign eases in or out, or while it shows (its sand runs)."""
        return 0.0 < self.shown < 1.0 or (self.shown > 0 and not self.wanted()) or (
            self.wanted() and self.away_for < SHOW_AFTER + FADE)

    def far_seat(self) -> int:
        """The far seat the sign shows (the first one)."""
        return next((s for s in range(self.seats) if self.scene.is_far(s)), 0)

    def message(self) -> str:
        """The parents' sentence now, in their language."""
        return sign_sentence(self.reason() or Trouble.AWAY)

    def waiting_on_them(self) -> bool:
        """True when the far side is to move: the game itself waits (the big sign); else this side plays on."""
        game = self.scene.game
        return not game.is_over() and self.scene.is_far(game.current_player)

    def rect(self) -> pygame.Rect:
        """Where the sign lies: over the turn block while the game waits for the far side (the block shows
        their turn anyway), else small over the far seat's own tray, so nothing this side needs is covered."""
        if self.waiting_on_them():
            box: pygame.Rect = self.scene.layout.turn_box
            return box.copy()
        return self.scene.seat_box(self.far_seat())

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the sign while it shows (changes nothing)."""
        if self.shown <= 0:
            return
        card = self.rect()
        if card.w < 8 or card.h < 8:
            return
        layer = pygame.Surface(card.size, pygame.SRCALPHA)
        local = layer.get_rect()
        art = self.scene.host.art
        if self.waiting_on_them():
            self._draw_big(layer, local, art, surface.get_size())
        else:
            self._draw_small(layer, local, art)
        layer.set_alpha(round(255 * self.shown))
        surface.blit(layer, card)

    def _glass(self, art: Art, px: int) -> pygame.Surface | None:
        """The hourglass at *px*, rocking gently (still with reduced motion)."""
        glass = safe_icon(art, "wait", px)
        if glass is None or self._calm():
            return glass
        return pygame.transform.rotozoom(glass, 6 * math.sin(self.scene.clock * 1.3), 1.0)

    def _draw_big(self, layer: pygame.Surface, local: pygame.Rect, art: Art, size: tuple[int, int]) -> None:
        """The turn block's sign: the far figure faded with its badge, the hourglass, the parents' line."""
        draw_card(layer, local.inflate(0, -max(2, local.h // 14)).move(0, -max(1, local.h // 28)), theme.PANEL)
        pics = min(local.h * 6 // 10, local.w // 3)
        pad = max(4, local.h // 12)
        figure_box = pygame.Rect(pad, pad, pics, pics)
        figure = art.figure(self.scene.figure_of(self.far_seat()), int(pics * 0.9)).copy()
        figure.set_alpha(120)
        layer.blit(figure, figure.get_rect(center=figure_box.center))
        badge = art.far_badge(max(12, pics // 2))
        layer.blit(badge, badge.get_rect(bottomright=figure_box.bottomright))
        glass = self._glass(art, int(pics * 0.8))
        glass_box = pygame.Rect(local.right - pad - pics, pad, pics, pics)
        if glass is not None:
            layer.blit(glass, glass.get_rect(center=glass_box.center))
        text_box = pygame.Rect(pad, figure_box.bottom, local.w - 2 * pad, local.bottom - figure_box.bottom - pad)
        if text_box.h > 8:
            draw_text(layer, self.message(), text_box, theme.INK, max_px=max(readable_px(size), text_box.h // 2),
                      bold=False)

    def _draw_small(self, layer: pygame.Surface, local: pygame.Rect, art: Art) -> None:
        """The far seat's tray: an hourglass on its free end (the faded figure is the tray's own)."""
        px = int(min(local.h * 0.7, local.w * 0.3))
        glass = self._glass(art, px)
        if glass is not None:
            layer.blit(glass, glass.get_rect(center=(local.right - px * 0.75, local.centery)))

    def _calm(self) -> bool:
        return bool(getattr(self.scene.host.settings, "reduced_motion", False))


__all__ = ["FADE", "SHOW_AFTER", "WAITING", "FarSign"]
