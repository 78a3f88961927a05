"""Text for parents that always fits its box: wrapped on spaces, then shrunk, cached.

Only pygame's own bundled font is used (no system font scan, which costs time at start-up, and
nothing downloaded); it covers the Latin letters of our four languages (ä ö ü å é ë ß ...). A font
file ``assets/fonts/ui.ttf`` is used instead when someone adds one. Text is set with
``pygame.freetype`` with kerning off: the bundled font's kerning table spaces letters unevenly
("pic ture", "i f"), and ``pygame.font`` cannot switch kerning off in pygame-ce 2.5.

    surface = fit_text(_("Computer player"), (200, 64), INK)
    draw_text(screen, _("Play"), button_rect, WHITE)

:func:`fit_text` guarantees the returned surface is never larger than the box: if even the
smallest readable size is too wide (one endless word), the rendering is scaled down to fit.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

import pygame
import pygame.freetype

from doolhof.gui.kit.assets import asset
from doolhof.gui.kit.theme import Color

#: Never shrink below this many pixels of font height before falling back to scaling the image.
MIN_FONT_PX = 10
#: How many rendered texts are kept.
CACHE_SIZE = 512
#: Line height relative to the font size.
LINE_SPACING = 1.05

_cache: OrderedDict[tuple[str, int, int, int, Color, bool, str], pygame.Surface] = OrderedDict()
#: How each cached text was set: key -> (font px, lines, scaled down below the smallest size).
_how: dict[tuple[str, int, int, int, Color, bool, str], tuple[int, int, bool]] = {}


@dataclass(frozen=True)
class SetText:
    """How one text was drawn: its font size in pixels, its number of lines and whether it had to be scaled
    below :data:`MIN_FONT_PX` to fit (see :func:`measuring`)."""

    text: str
    px: int
    lines: int
    scaled: bool


#: While :func:`measuring` runs: every text drawn, in order.
_measured: list[SetText] | None = None


@contextmanager
def measuring() -> Iterator[list[SetText]]:
    """Collect how every text drawn meanwhile was set (for tests that compare the sizes of a screen's texts)."""
    global _measured
    before, _measured = _measured, []
    try:
        yield _measured
    finally:
        _measured = before


def readable_px(window: tuple[int, int]) -> int:
    """The smallest font size a parent reads comfortably in a *window* of that size (15 px at 800x600, 20 at
    1280x800): a role's texts are never set smaller; a longer translation wraps instead."""
    return max(15, min(window) // 40)


def shared_px(texts: Iterable[str], size: tuple[int, int], max_px: int | None = None, lines: int = 1) -> int:
    """The one font size at which every text of *texts* fits a box of *size* on at most *lines* lines (at most
    *max_px*, at least :data:`MIN_FONT_PX`): texts of one role (the labels of a row of buttons) drawn with it
    as their *max_px* come out the same size."""
    return _shared_px(tuple(texts), max(1, int(size[0])), max(1, int(size[1])),
                      int(max_px if max_px is not None else size[1]), lines)


@lru_cache(maxsize=256)
def _shared_px(texts: tuple[str, ...], width: int, height: int, top: int, most_lines: int) -> int:
    px = max(MIN_FONT_PX, min(top, height))
    while px > MIN_FONT_PX:
        f = font(px)
        if all(_fits(text, f, width, height, most_lines) for text in texts):
            break
        px = max(MIN_FONT_PX, int(px * 0.94))
    return px


def _fits(text: str, f: UIFont, width: int, height: int, most_lines: int) -> bool:
    if most_lines <= 1:
        return f.get_height() <= height and f.size(text)[0] <= width
    lines = wrap(text, f, width)
    return lines is not None and len(lines) <= most_lines and _block_height(f, len(lines)) <= height


#: ``pygame.font`` draws its bundled default font this much smaller than the size asked for;
#: :class:`UIFont` does the same, so sizes mean what they meant with ``pygame.font``.
DEFAULT_FONT_SCALE = 0.6875


class UIFont:
    """The few ``pygame.font.Font`` methods the screens use, set with ``pygame.freetype``, no kerning."""

    def __init__(self, path: str | None, px: int, bold: bool) -> None:
        """The font file at *path* (None: pygame's bundled font) about *px* pixels high."""
        self._face = pygame.freetype.Font(path, px * DEFAULT_FONT_SCALE if path is None else px)
        self._face.kerning = False
        self._face.pad = True  # boxes as tall as the font, like pygame.font, so lines stack evenly
        if path is not None:  # the bundled font is bold already
            self._face.strong = bold

    def size(self, text: str) -> tuple[int, int]:
        """Width and height of *text* rendered in this font."""
        if not text:
            return (0, self.get_height())
        box = self._face.get_rect(text)
        return (box.width, box.height)

    def render(self, text: str, antialias: bool, color: Color, background: Color | None = None) -> pygame.Surface:
        """*text* in *color* on *background* (default transparent); *antialias* is always on."""
        return self._face.render(text, fgcolor=color, bgcolor=background)[0]

    def get_linesize(self) -> int:
        """The distance from one baseline to the next."""
        return int(self._face.get_sized_height(0))  # size 0: the face's own size

    def get_height(self) -> int:
        """The height of a line of text (ascender to descender)."""
        return int(self._face.get_sized_ascender(0) - self._face.get_sized_descender(0))


_fonts: dict[tuple[int, bool], UIFont] = {}


def font(px: int, bold: bool = True) -> UIFont:
    """The UI font at a height of about *px* pixels (cached per size, renewed after ``pygame.quit``)."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    key = (max(1, int(px)), bold)
    f = _fonts.get(key)
    if f is not None:
        try:
            f.get_linesize()
            return f
        except pygame.error:  # the font module was shut down and restarted since: every font is stale
            _fonts.clear()
            _cache.clear()
            _how.clear()
    custom = asset("fonts", "ui.ttf")
    f = UIFont(str(custom) if custom.is_file() else None, key[0], bold)
    _fonts[key] = f
    return f


def wrap(text: str, f: UIFont, width: int) -> list[str] | None:
    """*text* broken on spaces into lines no wider than *width*; None when a single word is too wide.

    Explicit newlines are kept as line breaks.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if f.size(candidate)[0] <= width:
                line = candidate
                continue
            if f.size(word)[0] > width:
                return None
            lines.append(line)
            line = word
        lines.append(line)
    return lines


def fit_text(
    text: str, size: tuple[int, int], color: Color, max_px: int | None = None, bold: bool = True,
    align: str = "center",
) -> pygame.Surface:
    """*text* rendered as large as possible (up to *max_px* font pixels) inside *size*, never bigger.

    *align* is ``"center"``, ``"left"`` or ``"right"`` for the lines within the block. The result
    is cached per (text, box, size limit, colour, weight, alignment).
    """
    width, height = max(1, int(size[0])), max(1, int(size[1]))
    top = int(max_px if max_px is not None else height)
    key = (text, width, height, top, (int(color[0]), int(color[1]), int(color[2])), bold, align)
    hit = _cache.get(key)
    if hit is not None:
        _cache.move_to_end(key)
        _note(text, key)
        return hit
    surface, how = _render_fitting(text, width, height, max(1, min(top, height)), color, bold, align)
    _cache[key] = surface
    _how[key] = how
    while len(_cache) > CACHE_SIZE:
        _how.pop(_cache.popitem(last=False)[0], None)
    _note(text, key)
    return surface


def _note(text: str, key: tuple[str, int, int, int, Color, bool, str]) -> None:
    if _measured is not None and key in _how:
        px, lines, scaled = _how[key]
        _measured.append(SetText(text, px, lines, scaled))


def _render_fitting(
    text: str, width: int, height: int, top: int, color: Color, bold: bool, align: str
) -> tuple[pygame.Surface, tuple[int, int, bool]]:
    px = top
    lines: list[str] | None = None
    while True:
        f = font(px, bold)
        lines = wrap(text, f, width)
        if lines is not None and _block_height(f, len(lines)) <= height:
            break
        if px <= MIN_FONT_PX:
            break
        px = max(MIN_FONT_PX, int(px * 0.9))
    f = font(px, bold)
    if lines is None:
        lines = text.split("\n")
    block = _render_lines(lines, f, color, align)
    scaled = block.get_width() > width or block.get_height() > height
    if scaled:
        scale = min(width / block.get_width(), height / block.get_height())
        new_size = (max(1, int(block.get_width() * scale)), max(1, int(block.get_height() * scale)))
        block = pygame.transform.smoothscale(block, new_size)
    return block, (px, len(lines), scaled)


def _block_height(f: UIFont, count: int) -> int:
    return int(f.get_linesize() * LINE_SPACING * (count - 1)) + f.get_height()


def _render_lines(lines: list[str], f: UIFont, color: Color, align: str) -> pygame.Surface:
    rendered = [f.render(line, True, color) for line in lines]
    width = max(1, *(s.get_width() for s in rendered))
    block = pygame.Surface((width, max(1, _block_height(f, len(lines)))), pygame.SRCALPHA)
    step = int(f.get_linesize() * LINE_SPACING)
    for k, line in enumerate(rendered):
        if align == "left":
            x = 0
        elif align == "right":
            x = width - line.get_width()
        else:
            x = (width - line.get_width()) // 2
        block.blit(line, (x, k * step))
    return block


def draw_text(
    surface: pygame.Surface, text: str, rect: pygame.Rect, color: Color, max_px: int | None = None,
    bold: bool = True, align: str = "center", shadow: Color | None = None,
) -> pygame.Rect:
    """Draw *text* fitted into *rect* (centred vertically; horizontally by *align*); returns where it went.

    *shadow* adds a soft offset copy underneath, for text on busy backgrounds.
    """
    image = fit_text(text, rect.size, color, max_px, bold, align)
    where = image.get_rect(center=rect.center)
    if align == "left":
        where.left = rect.left
    elif align == "right":
        where.right = rect.right
    if shadow is not None:
        below = fit_text(text, rect.size, shadow, max_px, bold, align)
        offset = max(1, where.height // 16)
        surface.blit(below, where.move(offset, offset))
    surface.blit(image, where)
    return where
