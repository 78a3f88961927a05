"""The card that asks before a new game replaces the game waiting of the same kind.

Shown over the setup screen when "New game" is tapped while a game of that kind waits. It needs
no reading: the waiting game's own little picture, a big Continue button (the child's way out:
keep playing it), and a round "play" button that must be held for two seconds (the parents'
gesture, as the parents' menu button) before the new game replaces the waiting one. A tap on the
shade around the card closes it and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.hold_button import HoldButton
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.text import draw_text
from doolhof.gui.kit.widgets import PRIMARY, Button, ButtonSet, draw_card
from doolhof.i18n import _
from doolhof.session.savegame import SavedGame


class ReplaceCard:
    """Keep the waiting game (Continue) or, held, replace it by a new one; *draw_picture* paints the waiting game."""

    def __init__(self, keep: Callable[[], None], replace: Callable[[], None], close: Callable[[], None],
                 draw_picture: Callable[[pygame.Surface, pygame.Rect, SavedGame, Art | None], None],
                 on_tap: Callable[[], None] | None = None) -> None:
        """A closed card: :meth:`open` shows it for one waiting game."""
        self.close = close
        self.draw_picture = draw_picture
        #: The waiting game that would go, or None while the card is closed.
        self.saved: SavedGame | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.picture_rect = pygame.Rect(0, 0, 0, 0)
        self.hint_rect = pygame.Rect(0, 0, 0, 0)
        self.keep_button = Button(keep, icon="again", label=lambda: _("Continue"), style=PRIMARY, name="keep")
        self.buttons = ButtonSet(on_press=on_tap)
        self.buttons.add(self.keep_button)
        self.replace_button = HoldButton(replace, icon="play", face=theme.PANEL_DARK)

    @property
    def shown(self) -> bool:
        """True while the card is open."""
        return self.saved is not None

    def open(self, saved: SavedGame) -> None:
        """Ask about *saved*, the game a new one would replace."""
        self.saved = saved

    def hide(self) -> None:
        """Close the card; the hold starts over next time."""
        self.saved = None
        self.replace_button.reset()

    def layout(self, w: int, h: int, pad: int) -> None:
        """The card in the middle of a *w* x *h* window: the picture at the left, the two buttons at the right
        (in a tall window the picture on top, Continue below it, the hold button and its words at the foot)."""
        if h > w:
            self._layout_tall(w, h, pad)
            return
        card_w = min(w - 4 * pad, max(320, int(w * 0.62)))
        card_h = min(h - 4 * pad, max(220, int(h * 0.5)))
        self.rect = pygame.Rect(0, 0, max(1, card_w), max(1, card_h))
        self.rect.center = (w // 2, h // 2)
        inner = self.rect.inflate(-3 * pad, -3 * pad)
        side = max(1, min(inner.height, inner.width // 2 - pad))
        self.picture_rect = pygame.Rect(inner.x, inner.centery - side // 2, side, side)
        right = pygame.Rect(self.picture_rect.right + 2 * pad, inner.y, max(1, inner.right - self.picture_rect.right
                                                                           - 2 * pad), inner.height)
        button_h = max(1, min(right.height // 3, max(64, h // 9)))
        self.keep_button.rect = pygame.Rect(right.x, right.y, right.width, button_h)
        round_side = max(1, min(button_h + pad, right.width, right.height - button_h - 2 * pad))
        self.replace_button.rect = pygame.Rect(right.x, right.bottom - round_side, round_side, round_side)
        self.hint_rect = pygame.Rect(right.x + round_side + pad, right.bottom - round_side,
                                     max(1, right.width - round_side - pad), round_side)

    def _layout_tall(self, w: int, h: int, pad: int) -> None:
        card_w = max(1, min(w - 4 * pad, max(320, int(w * 0.8))))
        card_h = max(1, min(h - 4 * pad, max(320, int(h * 0.62))))
        self.rect = pygame.Rect(0, 0, card_w, card_h)
        self.rect.center = (w // 2, h // 2)
        inner = self.rect.inflate(-3 * pad, -3 * pad)
        button_h = max(1, min(inner.height // 6, max(64, h // 12)))
        round_side = max(1, min(button_h + pad, inner.width // 3))
        side = max(1, min(inner.width, inner.height - button_h - round_side - 4 * pad))
        self.picture_rect = pygame.Rect(inner.centerx - side // 2, inner.y, side, side)
        self.keep_button.rect = pygame.Rect(inner.x, self.picture_rect.bottom + 2 * pad, inner.width, button_h)
        self.replace_button.rect = pygame.Rect(inner.x, inner.bottom - round_side, round_side, round_side)
        self.hint_rect = pygame.Rect(inner.x + round_side + pad, inner.bottom - round_side,
                                     max(1, inner.width - round_side - pad), round_side)

    def handle(self, event: PointerEvent) -> None:
        """The card's buttons take the pointer; a tap beside the card closes it."""
        if self.replace_button.handle(event) or self.buttons.handle(event):
            return
        if event.kind == "up" and not self.rect.collidepoint(event.pos):
            self.close()

    def update(self, dt: float) -> None:
        """The hold button's ring fills (and fires) with scene time."""
        self.replace_button.update(dt)

    def busy(self) -> bool:
        """True while the hold button is held or wiggles."""
        return self.replace_button.busy()

    def draw(self, surface: pygame.Surface, art: Art | None) -> None:
        """The dimmed screen, the card, the waiting game's picture, Continue and the hold button."""
        if self.saved is None:
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((*theme.SHADE, 140))
        surface.blit(shade, (0, 0))
        draw_card(surface, self.rect)
        self.draw_picture(surface, self.picture_rect, self.saved, art)
        self.buttons.draw(surface, art)
        self.replace_button.draw(surface, art)
        # For the parent: the hold button's meaning (the child needs no words: the picture and Continue).
        draw_text(surface, _("Hold to start a new game instead of this one"), self.hint_rect, theme.INK_SOFT,
                  align="left", max_px=max(12, self.hint_rect.height // 3))
