"""A message for the parent on its own, with one button: shown instead of the game when it cannot start.

``doolhof play`` shows it when Doolhof is already open on this computer (see
:func:`doolhof.gui.launch.run`): the message sits on a card over the garden background, and the
button (or Enter, or Escape) closes the window. A waiting online game another Doolhof window plays
is told the same way, over the setup screen, with a picture for the child above the message (two
windows, the game in the one in front: :func:`draw_two_windows`); its OK goes back.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host, Scene
from doolhof.gui.kit.text import draw_text
from doolhof.gui.kit.widgets import PRIMARY, Button, ButtonSet, draw_card, garden_background
from doolhof.i18n import _

#: Draws a notice's picture into a rectangle of the surface.
Picture = Callable[[pygame.Surface, pygame.Rect], None]


def draw_two_windows(surface: pygame.Surface, rect: pygame.Rect, inside: Picture) -> None:
    """Two windows in *rect*, one behind the other: *inside* draws what the one in front shows ("this game is
    open in another window", for a child)."""
    side = min(rect.w, rect.h)
    w, h = side * 3 // 4, side * 3 // 5
    bar = max(4, h // 7)
    radius = max(3, side // 30)
    edge = max(2, side // 60)
    for k, spot in enumerate(((rect.x + (rect.w - side) // 2, rect.y), (rect.x + (rect.w - side) // 2 + side - w,
                                                                       rect.y + side - h))):
        frame = pygame.Rect(spot, (w, h))
        pygame.draw.rect(surface, theme.PANEL if k else theme.PANEL_EDGE, frame, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_DARK, (frame.x, frame.y, frame.w, bar), border_top_left_radius=radius,
                         border_top_right_radius=radius)
        pygame.draw.rect(surface, theme.INK, frame, edge, border_radius=radius)
        if k:
            inside(surface, frame.inflate(-2 * bar, -bar).move(0, bar // 2 + edge))


class NoticeScene(Scene):
    """*message* (a callable, so it follows the language) on a card, and a button that runs *on_close*."""

    def __init__(self, host: Host, message: Callable[[], str], on_close: Callable[[], None],
                 picture: Picture | None = None) -> None:
        """The card; *on_close* runs when the button is pressed (or Enter or Escape); *picture* draws what the
        message says for a child, above it."""
        super().__init__(host)
        self.message = message
        self.on_close = on_close
        self.picture = picture
        self.card = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.picture_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons = ButtonSet(on_press=lambda: self.host.play_sound("tap"))
        self.close_button = self.buttons.add(Button(self.on_close, icon="check", label=lambda: _("OK"),
                                                    style=PRIMARY, name="close"))
        self._background: pygame.Surface | None = None

    def resize(self, size: tuple[int, int]) -> None:
        """The card in the middle, the text above the button."""
        w, h = max(1, size[0]), max(1, size[1])
        pad = max(6, int(min(w, h) * 0.025))
        card_w = min(w - 4 * pad, max(300, int(w * 0.6)))
        card_h = min(h - 4 * pad, max(200, int(h * 0.45)))
        self.card = pygame.Rect(0, 0, card_w, card_h)
        self.card.center = (w // 2, h // 2)
        inner = self.card.inflate(-3 * pad, -3 * pad)
        button_h = max(1, min(int(inner.h * 0.3), max(64, h // 9)))
        self.close_button.rect = pygame.Rect(0, 0, min(inner.w, button_h * 3), button_h)
        self.close_button.rect.midbottom = inner.midbottom
        self.text_rect = pygame.Rect(inner.x, inner.y, inner.w, max(1, inner.h - button_h - pad))
        if self.picture is not None:  # the picture on top, the message under it
            side = max(1, min(inner.w, self.text_rect.h * 3 // 5))
            self.picture_rect = pygame.Rect(0, inner.y, side, side)
            self.picture_rect.centerx = inner.centerx
            self.text_rect = pygame.Rect(inner.x, self.picture_rect.bottom + pad, inner.w,
                                         max(1, self.close_button.rect.y - pad - self.picture_rect.bottom - pad))

    def handle_pointer(self, event: PointerEvent) -> None:
        """The button takes the pointer."""
        self.buttons.handle(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter and Escape press the button."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.on_close()

    def draw(self, surface: pygame.Surface) -> None:
        """The garden, the card, the message and the button."""
        if self._background is None or self._background.get_size() != surface.get_size():
            self._background = garden_background(surface.get_size())
        surface.blit(self._background, (0, 0))
        draw_card(surface, self.card)
        if self.picture is not None:
            self.picture(surface, self.picture_rect)
        draw_text(surface, self.message(), self.text_rect, theme.INK, max_px=max(14, self.card.h // 9))
        self.buttons.draw(surface, self.host.art)
