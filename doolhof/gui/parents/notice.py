"""A message for the parent on its own, with one button: shown instead of the game when it cannot start.

``doolhof play`` shows it when Doolhof is already open on this computer (see
:func:`doolhof.gui.launch.run`): the message sits on a card over the garden background, and the
button (or Enter, or Escape) closes the window.
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


class NoticeScene(Scene):
    """*message* (a callable, so it follows the language) on a card, and a button that runs *on_close*."""

    def __init__(self, host: Host, message: Callable[[], str], on_close: Callable[[], None]) -> None:
        """The card; *on_close* runs when the button is pressed (or Enter or Escape)."""
        super().__init__(host)
        self.message = message
        self.on_close = on_close
        self.card = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
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
        draw_text(surface, self.message(), self.text_rect, theme.INK, max_px=max(14, self.card.h // 9))
        self.buttons.draw(surface, self.host.art)
