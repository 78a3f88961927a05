"""Our own SVG art, rendered once per size and cached.

Every drawing lives in ``assets/`` as a square SVG and is rendered with
``pygame.image.load_sized_svg`` at exactly the pixel size asked for, so it stays sharp at any window size::

    art = Art()
    star = art.picture("star", 40)        # a 40x40 surface with per-pixel alpha
    portrait = art.figure(2, 200)         # seat 2's figure, for the "whose turn" portrait
    bulb = art.icon("hint", 48)

The same (kind, name, size) always returns the *same* surface object until :meth:`Art.clear` is called or
the entry falls out of the LRU bound, so callers must not draw onto returned surfaces (copy them first).
Surfaces are ``convert_alpha()``-ed when a display surface exists; entries made before the window opened
are converted on their next lookup. A missing or broken file never raises in play: a placeholder (a grey
card with a red cross) is returned instead and one warning is logged per file. In strict mode
(``DOOLHOF_STRICT=1``: the tests and the built-app check) it raises :class:`MissingArt` instead, so a
drawing left out of a build cannot go unnoticed. Nothing here touches the display at import time.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path
from typing import Protocol

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.assets import asset, strict

log = logging.getLogger(__name__)

#: How many figure seats have their own drawing (``figures/seat0.svg`` ..): the maze game seats 0-3, the
#: card game all six.
FIGURE_SEATS = 6
#: Every icon in ``assets/icons/``, by the name :meth:`Art.icon` takes.
ICON_NAMES: tuple[str, ...] = (
    "rotate", "hint", "sound_on", "sound_off", "menu", "play", "again", "home", "stay", "closed",
    "plus", "minus", "person", "trophy", "check", "cross", "fullscreen", "hand", "pass", "wait",
    "globe", "join", "erase", "ended",  # playing with a computer far away (gui/online/)
)


class MissingArt(FileNotFoundError):
    """A drawing could not be loaded while strict mode (:func:`doolhof.gui.kit.assets.strict`) is on."""


class IconSource(Protocol):
    """Anything that draws the user-interface icons: the :class:`Art` cache, or a cache built on it."""

    def icon(self, name: str, px: int) -> pygame.Surface:
        """The icon *name* as a *px* x *px* surface."""
        ...


class Art:
    """A cache of rendered SVG drawings: pictures, figures, the robot badge and icons.

    *root* is the assets folder (default: the game's own); *max_entries* bounds the cache, dropping the
    least recently used surface first, so resizing the window many times cannot grow memory without end.
    """

    def __init__(self, root: Path | None = None, max_entries: int = 384) -> None:
        self._root = root
        self._max_entries = max(1, max_entries)
        self._cache: OrderedDict[tuple[str, str, int], tuple[pygame.Surface, bool]] = OrderedDict()
        self._warned: set[Path] = set()

    def picture(self, name: str, px: int) -> pygame.Surface:
        """The secret/treasure picture *name* (e.g. ``"star"``) as a *px* x *px* surface."""
        return self._get("pictures", name, px)

    def figure(self, seat: int, px: int) -> pygame.Surface:
        """The figure of *seat*: 0-5 are round vermillion, square sky blue, hatted yellow, star-eared green,
        bunny-eared blue and flower-headed reddish purple (4 and 5 sit only at the card game's table)."""
        return self._get("figures", f"seat{seat}", px)

    def robot(self, px: int) -> pygame.Surface:
        """The small robot badge that marks a computer-played seat."""
        return self._get("figures", "robot", px)

    def far_badge(self, px: int) -> pygame.Surface:
        """The small far-away badge that marks a seat played on the other computer (an online game)."""
        return self._get("figures", "far", px)

    def icon(self, name: str, px: int) -> pygame.Surface:
        """The user-interface icon *name* (one of :data:`ICON_NAMES`) as a *px* x *px* surface."""
        return self._get("icons", name, px)

    def clear(self) -> None:
        """Forget every rendered surface, e.g. after the window changed size."""
        self._cache.clear()

    def __len__(self) -> int:
        """How many rendered surfaces the cache holds."""
        return len(self._cache)

    def path(self, kind: str, name: str) -> Path:
        """The SVG file behind ``kind``/``name`` (kind is ``pictures``, ``figures`` or ``icons``)."""
        if self._root is not None:
            return self._root / kind / f"{name}.svg"
        return asset(kind, f"{name}.svg")

    def _get(self, kind: str, name: str, px: int) -> pygame.Surface:
        px = max(1, int(px))
        key = (kind, name, px)
        hit = self._cache.get(key)
        can_convert = pygame.display.get_init() and pygame.display.get_surface() is not None
        if hit is not None:
            surface, converted = hit
            if not converted and can_convert:
                surface = surface.convert_alpha()
                self._cache[key] = (surface, True)
            self._cache.move_to_end(key)
            return surface
        surface = self._render(self.path(kind, name), px)
        if can_convert:
            surface = surface.convert_alpha()
        self._cache[key] = (surface, can_convert)
        while len(self._cache) > self._max_entries:
            self._cache.popitem(last=False)
        return surface

    def _render(self, path: Path, px: int) -> pygame.Surface:
        try:
            loaded = pygame.image.load_sized_svg(str(path), (px, px))
        except (OSError, pygame.error, ValueError) as error:
            if strict():
                raise MissingArt(f"cannot draw {path} ({error})") from error
            if path not in self._warned:
                self._warned.add(path)
                log.warning("cannot draw %s (%s); using a placeholder", path, error)
            return placeholder(px)
        if loaded.get_size() == (px, px):
            return loaded
        # load_sized_svg keeps the aspect ratio: centre a non-square drawing in the square asked for.
        square = pygame.Surface((px, px), pygame.SRCALPHA)
        square.blit(loaded, loaded.get_rect(center=(px // 2, px // 2)))
        return square


def placeholder(px: int) -> pygame.Surface:
    """A plain stand-in for a drawing that could not be loaded: a grey card with a red cross."""
    surface = pygame.Surface((px, px), pygame.SRCALPHA)
    inset = max(1, px // 10)
    box = pygame.Rect(inset, inset, px - 2 * inset, px - 2 * inset)
    width = max(1, px // 16)
    pygame.draw.rect(surface, (*theme.PLACEHOLDER, 255), box, border_radius=max(1, px // 8))
    pygame.draw.line(surface, (*theme.PLACEHOLDER_INK, 255), box.topleft, box.bottomright, width)
    pygame.draw.line(surface, (*theme.PLACEHOLDER_INK, 255), box.topright, box.bottomleft, width)
    return surface
