"""The rules for parents: a few short pages, each a small drawing of the real board beside its text.

Open it from the parents' menu with ``app.push_scene(RulesScene(app))`` (the card game's pages:
``RulesScene(app, game="cards")``); the close button (top
right), Escape, or "Done" on the last page pops it again. Big back/next buttons turn the pages;
the dots between them jump to a page; the arrow keys work too. The pages themselves (texts and
drawings) live in :mod:`doolhof.gui.rules.pages`.

Text is laid out by :func:`layout_text`: wrapped on spaces, bullets with a hanging indent, as
large as fits the box (down to :data:`MIN_TEXT_PX`, then scaled), so every language fits at
800×600 and still looks generous at 1920×1080.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from doolhof.gui.board.painter import BoardArt
from doolhof.gui.cardtable.faces import CardFaces
from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host, Scene
from doolhof.gui.kit.text import LINE_SPACING, draw_text, fit_text, font, wrap
from doolhof.gui.kit.theme import Color
from doolhof.gui.kit.widgets import (
    CARD,
    PRIMARY,
    QUIET,
    SECONDARY,
    Button,
    ButtonSet,
    ButtonStyle,
    Label,
    draw_card,
    garden_background,
)
from doolhof.gui.rules.pages import GAMES, Page, render_picture, rules_pages
from doolhof.i18n import _

#: The smallest font height (pixels) the page text shrinks to before it is scaled as an image.
MIN_TEXT_PX = 13
BULLET = "• "
#: The card under the page text.
TEXT_CARD = CARD.but(corner=18, least_drop=2)


@dataclass(frozen=True)
class TextBlock:
    """Page text laid out for a box: font size, lines as (x, y, text, bullet before it), size."""

    px: int
    lines: tuple[tuple[int, int, str, bool], ...]
    height: int
    width: int


def layout_text(paragraphs: list[str], width: int, height: int, max_px: int,
                min_px: int = MIN_TEXT_PX) -> TextBlock:
    """Wrap *paragraphs* into *width* at the largest font size (<= *max_px*) whose block fits *height*.

    A paragraph starting with ``"• "`` is a bullet: the bullet hangs, its lines are indented.
    When even *min_px* does not fit, the *min_px* layout is returned (its height says by how much).
    """
    px = max(min_px, max_px)
    while True:
        block = _layout_at(paragraphs, width, px)
        if block is not None and block.height <= height:
            return block
        if px <= min_px:
            return block if block is not None else _forced_layout(paragraphs, width, px)
        px = max(min_px, int(px * 0.92))


def _forced_layout(paragraphs: list[str], width: int, px: int) -> TextBlock:
    """The layout at *px* even where a word is wider than *width* (it then sticks out)."""
    block = _layout_at(paragraphs, width, px, force=True)
    assert block is not None  # forced, every paragraph is laid out
    return block


def _layout_at(paragraphs: list[str], width: int, px: int, force: bool = False) -> TextBlock | None:
    f = font(px)
    step = int(f.get_linesize() * LINE_SPACING)
    gap = step // 2
    indent = f.size(BULLET)[0]
    lines: list[tuple[int, int, str, bool]] = []
    y = 0
    widest = 0
    for k, paragraph in enumerate(paragraphs):
        bullet = paragraph.startswith(BULLET)
        body = paragraph[len(BULLET):] if bullet else paragraph
        left = indent if bullet else 0
        wrapped = wrap(body, f, max(1, width - left))
        if wrapped is None:
            if not force:
                return None
            wrapped = [body]
        if k:
            y += gap
        for j, line in enumerate(wrapped):
            lines.append((left, y, line, bullet and j == 0))
            widest = max(widest, left + f.size(line)[0])
            y += step
    height = y - step + f.get_height() if lines else 0
    return TextBlock(px, tuple(lines), height, widest)


def render_text(block: TextBlock, color: Color, box: tuple[int, int]) -> pygame.Surface:
    """The laid-out *block* as an image no larger than *box* (scaled down only if it cannot fit)."""
    f = font(block.px)
    surface = pygame.Surface((max(1, block.width), max(1, block.height)), pygame.SRCALPHA)
    for x, y, line, bullet in block.lines:
        if bullet:
            surface.blit(f.render(BULLET.strip(), True, color), (0, y))
        surface.blit(f.render(line, True, color), (x, y))
    w, h = surface.get_size()
    if w > box[0] or h > box[1]:
        scale = min(box[0] / w, box[1] / h)
        surface = pygame.transform.smoothscale(surface, (max(1, int(w * scale)), max(1, int(h * scale))))
    return surface


class ArrowButton(Button):
    """A big button with a chunky arrow (left or right) beside its word."""

    def __init__(self, on_tap: Callable[[], None], direction: int, label: Label, style: ButtonStyle, name: str) -> None:
        """*direction* is -1 (back, arrow on the left) or +1 (next, arrow on the right)."""
        super().__init__(on_tap, label=label, style=style, name=name)
        self.direction = direction
        #: Draw a check mark instead of the arrow (the last page's "Done").
        self.done = False

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect, ink: Color, art: Art | None) -> None:
        """The arrow at the outer end, the word beside it."""
        size = min(area.h, area.w // 3)
        if self.done and art is not None:
            icon = art.icon("check", size)
            mark = icon.get_rect(midright=area.midright)
            surface.blit(icon, mark)
        else:
            mark = pygame.Rect(0, 0, size, size)
            if self.direction > 0:
                mark.midright = area.midright
            else:
                mark.midleft = area.midleft
            _draw_arrow(surface, mark, self.direction, ink)
        text_area = area.copy()
        text_area.width = area.width - mark.width - area.h // 5
        if self.direction < 0:
            text_area.right = area.right
        draw_text(surface, self.label() if callable(self.label) else str(self.label or ""), text_area, ink,
                  max_px=int(area.h * 0.62))


def _draw_arrow(surface: pygame.Surface, rect: pygame.Rect, direction: int, ink: Color) -> None:
    """A fat arrow pointing right (+1) or left (-1) filling *rect*."""
    w, h = rect.w, rect.h
    pts = [(0.05, 0.38), (0.5, 0.38), (0.5, 0.12), (0.95, 0.5), (0.5, 0.88), (0.5, 0.62), (0.05, 0.62)]
    if direction < 0:
        pts = [(1 - x, y) for x, y in pts]
    poly = [(rect.x + x * w, rect.y + y * h) for x, y in pts]
    pygame.draw.polygon(surface, ink, poly)


class RulesScene(Scene):
    """The illustrated rules, one page at a time."""

    def __init__(self, host: Host, page: int = 0, game: str = "maze") -> None:
        """The rules screen, opened at *page* (0 = the goal); *game* is ``"maze"`` or ``"cards"``."""
        super().__init__(host)
        self.game = game if game in GAMES else "maze"
        self.pages: tuple[Page, ...] = rules_pages(self.game)
        self.page = max(0, min(page, len(self.pages) - 1))
        self.view = BoardArt(host.art)
        self.faces = CardFaces(host.art)
        self.size = (1, 1)
        self._pictures: dict[tuple[int, tuple[int, int]], pygame.Surface] = {}
        self.buttons = ButtonSet(on_press=lambda: self.host.play_sound("tap"))
        self.back_button = self.buttons.add(ArrowButton(self.back, -1, lambda: _("Back"), SECONDARY, "back"))
        self.next_button: ArrowButton = self.buttons.add(
            ArrowButton(self.forward, 1, self._next_label, PRIMARY, "next"))
        self.close_button = self.buttons.add(Button(self.close, icon="cross", style=QUIET, name="close"))
        #: The page dots' tap areas, and the size of a dot drawn in the middle of one.
        self.dots: list[pygame.Rect] = []
        self.dot_px = 14
        self._update_buttons()

    # ----- actions -------------------------------------------------------------------------
    def _next_label(self) -> str:
        return _("Done") if self.page == len(self.pages) - 1 else _("Next")

    def go(self, page: int) -> None:
        """Show page *page* (clamped to the pages there are)."""
        self.page = max(0, min(page, len(self.pages) - 1))
        self._update_buttons()
        self.host.request_redraw()

    def back(self) -> None:
        """The previous page."""
        self.go(self.page - 1)

    def forward(self) -> None:
        """The next page; on the last page, close."""
        if self.page == len(self.pages) - 1:
            self.close()
        else:
            self.go(self.page + 1)

    def close(self) -> None:
        """Back to wherever the rules were opened from."""
        if self.host.scenes and self.host.scenes[-1] is self:
            self.host.pop_scene()

    def _update_buttons(self) -> None:
        self.back_button.enabled = self.page > 0
        self.next_button.done = self.page == len(self.pages) - 1

    # ----- layout --------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Lay out title bar, picture, text panel and the bottom buttons for *size*."""
        self.size = (max(1, size[0]), max(1, size[1]))
        w, h = self.size
        short = min(w, h)
        pad = max(8, int(short * 0.025))
        bar = max(44, int(h * 0.09))
        foot = max(56, int(h * 0.12))
        self.close_button.rect = pygame.Rect(w - pad - bar, pad, bar, bar)
        self.title_rect = pygame.Rect(pad, pad, self.close_button.rect.x - 2 * pad, bar)
        count = len(self.pages)
        least = least_tap((w, h))
        # Back and Next leave a fingertip's width for every page dot (its tap area; the dot drawn is smaller);
        # where even that does not fit (a tall window), the dots get a row of their own above them.
        foot_w = w - 2 * pad
        button_w = min(int(foot_w * 0.34), int(foot * 4.2), max(foot, (foot_w - count * least - 8) // 2))
        dots_h = least if foot_w - 2 * button_w - 8 < count * least else 0
        if dots_h:
            button_w = min(int(foot_w * 0.34), int(foot * 4.2))
        body = pygame.Rect(pad, pad + bar + pad, w - 2 * pad, h - bar - foot - dots_h - 4 * pad)
        wide = w >= h * 1.2
        if wide:
            side = min(body.h, int(body.w * 0.47))
            self.picture_rect = pygame.Rect(body.x, body.centery - side // 2, side, side)
            self.text_panel = pygame.Rect(self.picture_rect.right + pad, body.y, body.right - self.picture_rect.right
                                          - pad, body.h)
        else:
            side = min(body.w, int(body.h * 0.5))
            self.picture_rect = pygame.Rect(body.centerx - side // 2, body.y, side, side)
            self.text_panel = pygame.Rect(body.x, self.picture_rect.bottom + pad, body.w,
                                          body.bottom - self.picture_rect.bottom - pad)
        inner = max(8, int(short * 0.03))
        self.text_rect = self.text_panel.inflate(-2 * inner, -2 * inner)
        foot_rect = pygame.Rect(pad, h - pad - foot, foot_w, foot)
        self.back_button.rect = pygame.Rect(foot_rect.x, foot_rect.y, button_w, foot)
        self.next_button.rect = pygame.Rect(foot_rect.right - button_w, foot_rect.y, button_w, foot)
        if dots_h:
            middle = pygame.Rect(foot_rect.x, foot_rect.y - dots_h, foot_w, dots_h)
        else:
            middle = pygame.Rect(self.back_button.rect.right, foot_rect.y, self.next_button.rect.x
                                 - self.back_button.rect.right, foot)
        room = (middle.w - 8) // max(1, count)
        self.dot_px = max(14, min(middle.h // 2, room))
        each = max(self.dot_px, min(least, room))
        x0 = middle.centerx - each * count // 2
        self.dots = [pygame.Rect(x0 + k * each, middle.y, each, middle.h) for k in range(count)]
        self._pictures.clear()
        self.view.clear()
        self.faces.clear()

    def text_max_px(self) -> int:
        """The largest text size for this window (grows with it, but stays a comfortable reading size)."""
        return max(MIN_TEXT_PX, min(64, int(min(self.size) * 0.058)))

    def text_block(self, page: int | None = None) -> TextBlock:
        """The text of *page* (default: the current one) laid out for the text box, in the current language."""
        number = self.page if page is None else page
        paragraphs = [_(p) for p in self.pages[number].paragraphs]
        return layout_text(paragraphs, self.text_rect.w, self.text_rect.h, self.text_max_px())

    def text_placement(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(box, where the current page's text lands): the text stays inside the box."""
        image = render_text(self.text_block(), theme.INK, self.text_rect.size)
        where = image.get_rect(midleft=self.text_rect.midleft)
        return self.text_rect, where

    def title_placement(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(box, where the current title lands)."""
        image = fit_text(_(self.pages[self.page].title), self.title_rect.size, theme.WHITE,
                         max_px=int(self.title_rect.h * 0.72), align="left")
        where = image.get_rect(midleft=self.title_rect.midleft)
        return self.title_rect, where

    # ----- input ---------------------------------------------------------------------------
    def handle_pointer(self, event: PointerEvent) -> None:
        """Buttons first; a tap on a page dot jumps there."""
        if self.buttons.handle(event):
            return
        if event.kind == "up":
            for k, rect in enumerate(self.dots):
                if rect.collidepoint(event.pos):
                    self.host.play_sound("tap")
                    self.go(k)
                    return

    def handle_event(self, event: pygame.event.Event) -> None:
        """Left/right arrows turn pages; Escape closes."""
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE):
            if self.page < len(self.pages) - 1:
                self.go(self.page + 1)
        elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self.back()
        elif event.key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
            self.close()

    # ----- drawing -------------------------------------------------------------------------
    def _picture(self) -> pygame.Surface:
        key = (self.page, self.picture_rect.size)
        image = self._pictures.get(key)
        if image is None:
            image = render_picture(self.pages[self.page].picture, self.view, self.picture_rect.size, self.faces)
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            self._pictures[key] = image
        return image

    def draw(self, surface: pygame.Surface) -> None:
        """Background, title, picture, text panel, page dots and buttons."""
        surface.blit(garden_background(self.size), (0, 0))
        box, where = self.title_placement()
        title = fit_text(_(self.pages[self.page].title), box.size, theme.WHITE, max_px=int(box.h * 0.72),
                         align="left")
        shadow = fit_text(_(self.pages[self.page].title), box.size, theme.HEDGE_DARK, max_px=int(box.h * 0.72),
                          align="left")
        offset = max(1, where.h // 18)
        surface.blit(shadow, where.move(offset, offset))
        surface.blit(title, where)
        surface.blit(self._picture(), self.picture_rect)
        panel = self.text_panel
        draw_card(surface, panel, shape=TEXT_CARD)
        text = render_text(self.text_block(), theme.INK, self.text_rect.size)
        spot = self.text_placement()[1]
        surface.blit(text, spot)
        for k, rect in enumerate(self.dots):
            current = k == self.page
            r = self.dot_px * (0.36 if current else 0.22)
            pygame.draw.circle(surface, theme.ARROW if current else theme.PANEL_DARK, rect.center, r)
            pygame.draw.circle(surface, theme.ARROW_OUTLINE if current else theme.PANEL_EDGE, rect.center, r,
                               width=max(1, int(r // 4)))
        self.buttons.draw(surface, self.host.art)
