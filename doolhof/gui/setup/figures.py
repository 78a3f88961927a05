"""The figure picker: a child taps their face on the setup screen and chooses which figure they play.

It is the puzzle book's row of figures (``gui/puzzles/``) on a calm card under the row of seats: the seat's
own figure stands tall on a ring of its colour, every figure no seat in play wears waits beside it, each a
big target, no words. A tap on one gives it to the seat (the seat card that had it gets the seat's old
figure, so every seat card keeps a figure of its own); a tap on the seat's own figure, on the shade, or on
the face again closes the card and changes nothing. The card never covers the row of seats: the face stays
where the finger is and keeps its one meaning (open or close this seat's picker), and no tap on it ever
takes a player away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.press import tap_released
from doolhof.gui.kit.widgets import darken, draw_card, lighten, safe_art

#: The share of an option's box its figure fills (the seat's own, on its ring, a little more).
OPTION_SHARE = 0.78
OWN_SHARE = 0.9


class FigurePicker:
    """The picker of one seat at a time; *choose* (seat, figure) gives a seat a figure."""

    def __init__(self, choose: Callable[[int, int], None], on_tap: Callable[[], None] | None = None) -> None:
        """A closed picker: :meth:`open` shows it for a seat."""
        self.choose = choose
        self.on_tap = on_tap
        #: The seat choosing, or None while the picker is closed.
        self.seat: int | None = None
        #: The seat's own figure (on the ring).
        self.own = 0
        #: The figures on the card, in figure order (the seat's own among them).
        self.options: list[int] = []
        #: Where the card lies: under the row of seats (set by :meth:`layout`).
        self.area = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: The face the card belongs to (its tail points at it).
        self.anchor = pygame.Rect(0, 0, 0, 0)
        self.option_rects: dict[int, pygame.Rect] = {}
        self._pressed: int | None = None
        self._inside = False

    @property
    def shown(self) -> bool:
        """True while the picker is open."""
        return self.seat is not None

    def open(self, seat: int, own: int, free: Sequence[int], anchor: pygame.Rect) -> None:
        """Show the picker of *seat* (wearing figure *own*): its own figure and the *free* ones, below *anchor*."""
        self.seat, self.own = seat, own
        self.options = sorted({own, *free})
        self.anchor = anchor.copy()
        self._pressed = None
        self._inside = False
        self._place()

    def hide(self) -> None:
        """Close the picker (nothing chosen)."""
        self.seat = None
        self._pressed = None
        self._inside = False

    def layout(self, area: pygame.Rect, anchor: pygame.Rect | None = None) -> None:
        """The room the card may take (under the row of seats); *anchor*: the face it belongs to, when it moved."""
        self.area = area.copy()
        if anchor is not None:
            self.anchor = anchor.copy()
        self._place()

    def _place(self) -> None:
        area = self.area
        n = max(1, len(self.options))
        if area.width <= 8 or area.height <= 8:
            self.rect = pygame.Rect(0, 0, 0, 0)
            self.option_rects = {}
            return
        pad = max(4, min(area.width, area.height) // 16)
        # One row of big figures; two rows when one would make them too small in a narrow window.
        rows = 1 if (area.width - 2 * pad) / n >= (area.height - 2 * pad) * 0.55 or n <= 2 else 2
        across = -(-n // rows)
        side = int(min((area.width - 2 * pad) / across, (area.height - 2 * pad) / rows, area.height * 0.7))
        side = max(1, side)
        card_w = min(area.width, across * side + 2 * pad)
        card_h = min(area.height, rows * side + 2 * pad)
        self.rect = pygame.Rect(0, 0, card_w, card_h)
        self.rect.midtop = (min(max(self.anchor.centerx, area.x + card_w // 2), area.right - card_w // 2), area.y)
        self.option_rects = {}
        for index, figure in enumerate(self.options):
            row, col = divmod(index, across)
            in_row = min(across, n - row * across)
            left = self.rect.centerx - in_row * side // 2
            self.option_rects[figure] = pygame.Rect(left + col * side, self.rect.y + pad + row * side, side, side)

    def figure_at(self, pos: tuple[int, int]) -> int | None:
        """The figure under *pos* (None: none)."""
        return next((f for f, rect in self.option_rects.items() if rect.collidepoint(pos)), None)

    def handle(self, event: PointerEvent, passes: Callable[[tuple[int, int]], bool]) -> bool:
        """Feed one pointer event while open; True when the picker took it.

        A press on the card is the picker's; a press elsewhere closes the picker, and goes on to the screen
        where *passes* says so (the row of seats: a face, a plus, the minus keep their meaning) while a press on
        the shade only closes it.
        """
        if self.seat is None:
            return False
        if event.kind == "down":
            self._inside = self.rect.collidepoint(event.pos)
            if not self._inside:
                self.hide()
                return not passes(event.pos)
        if not self._inside:
            return False
        self._pressed, act = tap_released(event, self._pressed, self.figure_at)
        if event.kind == "down" and self._pressed is not None and self.on_tap is not None:
            self.on_tap()
        if event.kind in ("up", "cancel"):
            self._inside = False
        if act is not None:
            seat = self.seat
            self.hide()
            if act != self.own:
                self.choose(seat, act)
        return True

    def draw(self, surface: pygame.Surface, art: Art | None) -> None:
        """The soft shade under the row of seats, the card with its tail to the face, and the figures."""
        if self.seat is None or self.rect.width <= 0:
            return
        below = pygame.Rect(0, self.area.y, surface.get_width(), max(1, surface.get_height() - self.area.y))
        shade = pygame.Surface(below.size, pygame.SRCALPHA)
        shade.fill((*theme.SHADE, 110))
        surface.blit(shade, below)
        color = theme.SEAT_COLORS[self.own % len(theme.SEAT_COLORS)]
        tail = max(6, min(self.rect.height // 8, 32))
        x = min(max(self.anchor.centerx, self.rect.x + 2 * tail), self.rect.right - 2 * tail)
        pygame.draw.polygon(surface, darken(color, 0.2), [(x - tail, self.rect.y + 2), (x + tail, self.rect.y + 2),
                                                           (x, self.rect.y - tail)])
        draw_card(surface, self.rect, lighten(color, 0.82), darken(color, 0.2))
        for figure, rect in self.option_rects.items():
            own = figure == self.own
            share = OWN_SHARE if own else OPTION_SHARE
            if own:
                ring = theme.SEAT_COLORS[figure % len(theme.SEAT_COLORS)]
                radius = int(rect.w * 0.47)
                pygame.draw.circle(surface, ring, rect.center, radius)
                pygame.draw.circle(surface, theme.PANEL, rect.center, radius - max(2, rect.w // 12))
            px = int(rect.w * share * (0.92 if self._pressed == figure else 1.0))
            image = _figure(art, figure, px)
            if image is None:
                pygame.draw.circle(surface, theme.SEAT_COLORS[figure % len(theme.SEAT_COLORS)], rect.center, px // 2)
            else:
                surface.blit(image, image.get_rect(center=rect.center))


def _figure(art: Art | None, figure: int, px: int) -> pygame.Surface | None:
    """Figure *figure* at *px* pixels, or None without art (or when its drawing fails)."""
    if art is None:
        return None
    return safe_art(f"figure {figure}", lambda: art.figure(figure, max(8, px)))
