"""Drawing the maze, for the play screen and the rules pages alike.

:class:`BoardArt` renders corridor cards, arrows, glows and figures once per size. Tiles are drawn
with pygame shapes at twice the wanted size and smooth-scaled down (cheap anti-aliasing), then
cached per (openings, size, fixed, home colour, picture plate) and converted, so a frame only
blits. Pictures keep upright on their card (they come from the SVG art cache); the corridor
underneath turns with the card.

The ``draw_*`` functions paint the parts of a board that both screens show: the wooden frame,
the cards, the reachable cells, the target's glow, the arrows, an outlined row or column, a ring
of sparkles and the figures (several on one cell stand apart, see :func:`cluster_offset`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Mapping, Sequence

import pygame

from doolhof.engine import Board, Variant
from doolhof.engine.board import Cell
from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.theme import Color

N, E, S, W = 1, 2, 4, 8
#: Quarter turns (clockwise) that point an arrow drawn for the north side at each side.
SIDE_TURNS = {"N": 0, "E": 1, "S": 2, "W": 3}
#: Breathing arrows are drawn at this many sizes (no scaling per frame).
BREATH_LEVELS = 8
#: The smallest breath's scale of an arrow (the full breath is 1).
LEAST_SCALE = 0.86
#: Depth of the arrow band around the board, in cells.
BAND = 0.62
#: Figure size on the board, as a fraction of a cell.
FIGURE = 0.64
#: Where several figures sharing a cell stand (cell fractions), by how many share it.
CLUSTER = {
    1: ((0.0, 0.0),),
    2: ((-0.17, 0.0), (0.17, 0.0)),
    3: ((-0.17, -0.12), (0.17, -0.12), (0.0, 0.16)),
    4: ((-0.17, -0.15), (0.17, -0.15), (-0.17, 0.15), (0.17, 0.15)),
}


def _convert(surface: pygame.Surface) -> pygame.Surface:
    """convert_alpha() once a window exists (tests may draw before that)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _shade(color: Color, factor: float) -> Color:
    """*color* darker (factor < 1) or lighter (factor > 1)."""
    if factor <= 1:
        return (int(color[0] * factor), int(color[1] * factor), int(color[2] * factor))
    r, g, b = (int(v + (255 - v) * (factor - 1)) for v in color[:3])
    return (r, g, b)


class BoardArt:
    """Caches for every board drawing, plus pictures and figures from the shared SVG art."""

    def __init__(self, art: Art, looks: Mapping[int, int] | None = None) -> None:
        """*art* is the app's SVG cache (``picture``, ``figure``, ``robot``, ``icon``); *looks* maps a seat to
        the figure it wears (default: its own; a puzzle's seat 0 wears the figure of the child playing)."""
        self.art = art
        self.looks: dict[int, int] = dict(looks or {})
        self._tiles: dict[tuple[object, ...], pygame.Surface] = {}
        self._misc: dict[tuple[object, ...], pygame.Surface] = {}
        #: The least tap target of the window (:func:`doolhof.gui.kit.boxes.least_tap`): an arrow a child taps
        #: is drawn at least this long and this wide at every breath, so it shows how big it is (0: as its slot).
        self.least = 0

    def clear(self) -> None:
        """Forget every cached surface (after a resize)."""
        self._tiles.clear()
        self._misc.clear()

    # ----- corridor cards --------------------------------------------------------------------
    def corridor(self, mask: int, px: int, fixed: bool = False, home: Color | None = None,
                 plate: bool = False) -> pygame.Surface:
        """The card with openings *mask* as a *px* square (without its picture)."""
        px = max(4, int(px))
        key = (mask, px, fixed, home, plate)
        surface = self._tiles.get(key)
        if surface is None:
            big = _draw_corridor(mask, px * 2, fixed, home, plate)
            surface = _convert(pygame.transform.smoothscale(big, (px, px)))
            self._tiles[key] = surface
        return surface

    def picture(self, name: str, px: int) -> pygame.Surface:
        """A picture from the SVG art."""
        return self.art.picture(name, max(4, int(px)))

    def icon(self, name: str, px: int) -> pygame.Surface:
        """A user-interface icon from the SVG art."""
        return self.art.icon(name, max(4, int(px)))

    def look(self, seat: int) -> int:
        """The figure seat *seat* wears (see :attr:`looks`)."""
        return self.looks.get(seat, seat)

    def color(self, seat: int) -> Color:
        """The colour of the figure seat *seat* wears."""
        return theme.SEAT_COLORS[self.look(seat) % len(theme.SEAT_COLORS)]

    def figure(self, seat: int, px: int) -> pygame.Surface:
        """The figure seat *seat* wears, from the SVG art."""
        return self.art.figure(self.look(seat), max(4, int(px)))

    def robot(self, px: int) -> pygame.Surface:
        """The robot badge of computer seats."""
        return self.art.robot(max(4, int(px)))

    def far_badge(self, px: int) -> pygame.Surface:
        """The far-away badge of seats played on the other computer."""
        return self.art.far_badge(max(4, int(px)))

    def _cached(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surface = self._misc.get(key)
        if surface is None:
            surface = _convert(make())
            self._misc[key] = surface
        return surface

    # ----- arrows and glows ------------------------------------------------------------------
    def arrow(self, side: str, w: int, h: int, state: str, level: int = BREATH_LEVELS - 1,
              alpha: int = 255) -> pygame.Surface:
        """The arrow in a (w, h) slot pointing into the board from *side*.

        *state* is ``"open"``, ``"hot"`` (the card hovers over it), ``"rest"`` (not time to push) or
        ``"closed"``; *level* (0 .. BREATH_LEVELS-1) is the breathing size; *alpha* its opacity.
        """
        key = ("arrow", side, w, h, state, level, alpha, self.least)
        surface = self._misc.get(key)
        if surface is None and alpha < 255:
            surface = self.arrow(side, w, h, state, level).copy()
            surface.set_alpha(alpha)
            self._misc[key] = surface
        elif surface is None:
            turns = SIDE_TURNS[side]
            along, depth = (w, h) if side in ("N", "S") else (h, w)
            scale = LEAST_SCALE + (1 - LEAST_SCALE) * level / (BREATH_LEVELS - 1)
            if state == "hot":
                scale = 1.08
            base = _draw_arrow(along, depth, state, scale, self.least)
            surface = _convert(pygame.transform.rotate(base, -90 * turns))
            self._misc[key] = surface
        return surface

    def dim(self, px: int) -> pygame.Surface:
        """A dark veil over a cell the mover cannot reach."""
        return self._cached(("dim", px), lambda: _veil(px))

    def lit(self, px: int) -> pygame.Surface:
        """A warm glowing ring around a reachable cell."""
        return self._cached(("lit", px), lambda: _lit_ring(px))

    def halo(self, px: int, level: int = 8) -> pygame.Surface:
        """A soft warm glow of diameter *px* behind the face-up picture; *level* 0-8 is its strength."""
        level = max(0, min(8, level))
        return self._cached(("halo", px, level), lambda: _halo(px, theme.REACH_GLOW, 0.4 + 0.6 * level / 8))

    def sparkle(self, px: int) -> pygame.Surface:
        """A little four-pointed star for celebrations."""
        return self._cached(("sparkle", px), lambda: _sparkle(px))

    def ghost(self, mask: int, picture: str | None, px: int) -> pygame.Surface:
        """The hint's ghost of the sliding card: the card and its picture in a golden glow (1.4 *px* square)."""
        px = max(8, int(px))

        def make() -> pygame.Surface:
            side = round(px * 1.4)
            surface = pygame.Surface((side, side), pygame.SRCALPHA)
            halo = _halo(side, theme.REACH_GLOW, 0.9)
            surface.blit(halo, (0, 0))
            card = self.corridor(mask, px, plate=picture is not None).copy()
            # Golden: the ghost must not look like one more card of the board.
            card.fill((*theme.GHOST_GOLD, 0), special_flags=pygame.BLEND_RGBA_ADD)
            if picture is not None:
                img = self.picture(picture, int(px * 0.52))
                card.blit(img, img.get_rect(center=(px // 2, px // 2)))
            rect = card.get_rect(center=(side // 2, side // 2))
            surface.blit(card, rect)
            rim = max(3, px // 12)
            radius = round(px * 0.14)
            pygame.draw.rect(surface, theme.ARROW_OUTLINE, rect.inflate(rim + 2, rim + 2), width=rim + 2,
                             border_radius=radius)
            pygame.draw.rect(surface, theme.REACH_RING, rect.inflate(rim, rim), width=rim, border_radius=radius)
            return surface

        return self._cached(("ghost", mask, picture, px), make)

    def token(self, name: str, px: int) -> pygame.Surface:
        """A round secret token showing picture *name*."""
        return self._cached(("token", name, px), lambda: _token(self.picture(name, int(px * 0.72)), px))


# ----- the drawings themselves ----------------------------------------------------------------
def _draw_corridor(mask: int, size: int, fixed: bool, home: Color | None, plate: bool) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    gap = max(1, round(size * 0.025))
    radius = round(size * 0.12)
    body = pygame.Rect(gap, gap, size - 2 * gap, size - 2 * gap)
    pygame.draw.rect(surface, theme.HEDGE_DARK, body, border_radius=radius)
    inner = body.inflate(-round(size * 0.05), -round(size * 0.05))
    pygame.draw.rect(surface, theme.HEDGE, inner, border_radius=radius)
    # Leafy texture: a few lighter and darker blobs, the same for every card of this shape.
    rng = random.Random(mask * 7919 + size)
    for _ in range(26):
        x, y = rng.uniform(inner.left, inner.right), rng.uniform(inner.top, inner.bottom)
        r = size * rng.uniform(0.035, 0.07)
        color = theme.HEDGE_LIGHT if rng.random() < 0.5 else theme.HEDGE_DARK
        pygame.draw.circle(surface, color, (x, y), r)
    if fixed:
        pygame.draw.rect(surface, theme.FIXED_RIM, body, width=round(size * 0.045), border_radius=radius)
        stud = round(size * 0.045)
        for fx, fy in ((0.13, 0.13), (0.87, 0.13), (0.13, 0.87), (0.87, 0.87)):
            centre = (size * fx, size * fy)
            pygame.draw.circle(surface, theme.FIXED_RIM, centre, stud + 2)
            pygame.draw.circle(surface, theme.STUD, centre, stud)
    half = size / 2
    width = size * 0.40
    edge = size * 0.035

    def arms(color: Color, grow: float) -> None:
        w = width + 2 * grow
        pygame.draw.circle(surface, color, (half, half), w / 2)
        if mask & N:
            pygame.draw.rect(surface, color, pygame.Rect(half - w / 2, 0, w, half))
        if mask & S:
            pygame.draw.rect(surface, color, pygame.Rect(half - w / 2, half, w, size - half))
        if mask & W:
            pygame.draw.rect(surface, color, pygame.Rect(0, half - w / 2, half, w))
        if mask & E:
            pygame.draw.rect(surface, color, pygame.Rect(half, half - w / 2, size - half, w))

    arms(theme.PATH_EDGE, edge)
    arms(theme.PATH_SHADE, 0)
    arms(theme.PATH, -edge * 0.6)
    # A few pebbles so the path reads as sand.
    for _ in range(7):
        x, y = rng.uniform(half - width / 3, half + width / 3), rng.uniform(half - width / 3, half + width / 3)
        pygame.draw.circle(surface, theme.PATH_SHADE, (x, y), size * 0.012)
    if home is not None:
        r = size * 0.30
        pygame.draw.circle(surface, _shade(home, 0.55), (half, half), r + size * 0.025)
        pygame.draw.circle(surface, home, (half, half), r)
        pygame.draw.circle(surface, _shade(home, 1.35), (half, half), r * 0.72, width=max(2, round(size * 0.02)))
    elif plate:
        pygame.draw.circle(surface, theme.PLATE, (half, half), size * 0.30)
    return surface


def _draw_arrow(along: int, depth: int, state: str, scale: float, least: int = 0) -> pygame.Surface:
    """An arrow pointing down (into the board from the north) in an (along x depth) slot.

    With *least*, the arrow at its smallest breath is at least *least* pixels long and wide (never wider
    than most of its slot): where the band is shallower than that, the image is deeper than the slot
    and reaches a little past it on both sides.
    """
    k = 3  # supersampling
    head_w = min(along * 0.62, depth * 1.25)
    total = depth * 0.82
    if least > 0:
        head_w = max(head_w, min(least / LEAST_SCALE, along * 0.86))
        total = max(total, least / LEAST_SCALE)
    depth = max(depth, int(total * scale) + 4)
    w, h = max(2, along) * k, max(2, depth) * k
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    head_w *= k * scale
    total *= k * scale
    shaft_w = head_w * 0.42
    top = cy - total / 2
    head_top = top + total * 0.38
    bottom = top + total
    points = [
        (cx - shaft_w / 2, top), (cx + shaft_w / 2, top), (cx + shaft_w / 2, head_top),
        (cx + head_w / 2, head_top), (cx, bottom), (cx - head_w / 2, head_top), (cx - shaft_w / 2, head_top),
    ]
    fill = {"open": theme.ARROW, "hot": theme.ARROW_HOT, "closed": theme.ARROW_CLOSED, "rest": theme.ARROW_REST}[state]
    outline = theme.ARROW_OUTLINE if state in ("open", "hot") else theme.ARROW_CLOSED_OUTLINE
    shadow = [(x + k * 2, y + k * 3) for x, y in points]
    pygame.draw.polygon(surface, (*theme.SHADOW, 70), shadow)
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, outline, points, width=max(2, round(k * max(2, depth / 22))))
    if state in ("open", "hot"):
        shine = [(cx - shaft_w / 4, top + total * 0.08), (cx, top + total * 0.08), (cx, head_top - total * 0.04),
                 (cx - shaft_w / 4, head_top - total * 0.04)]
        pygame.draw.polygon(surface, theme.ARROW_SHINE, shine)
    return pygame.transform.smoothscale(surface, (max(2, along), max(2, depth)))


def _veil(px: int) -> pygame.Surface:
    surface = pygame.Surface((px, px), pygame.SRCALPHA)
    gap = max(1, round(px * 0.0125))
    pygame.draw.rect(surface, (*theme.VEIL, 105), pygame.Rect(gap, gap, px - 2 * gap, px - 2 * gap),
                     border_radius=round(px * 0.06))
    return surface


def _lit_ring(px: int) -> pygame.Surface:
    big = px * 2
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, big, big).inflate(-round(big * 0.05), -round(big * 0.05))
    radius = round(big * 0.12)
    for k, alpha in enumerate((50, 90, 150)):
        pygame.draw.rect(surface, (*theme.REACH_GLOW, alpha), rect.inflate(-k * big * 0.02, -k * big * 0.02),
                         width=round(big * 0.05), border_radius=radius)
    pygame.draw.rect(surface, (*theme.REACH_RING, 255), rect.inflate(-big * 0.03, -big * 0.03),
                     width=max(2, round(big * 0.022)), border_radius=radius)
    return pygame.transform.smoothscale(surface, (px, px))


def _halo(px: int, color: Color, strength: float) -> pygame.Surface:
    px = max(4, px)
    surface = pygame.Surface((px, px), pygame.SRCALPHA)
    steps = 16
    for k in range(steps):
        r = px / 2 * (1 - k / steps)
        alpha = int(255 * strength * (0.15 + 0.85 * (k + 1) / steps) ** 1.5)
        pygame.draw.circle(surface, (*color, min(255, alpha)), (px / 2, px / 2), r)
    pygame.draw.circle(surface, (*theme.REACH_RING, int(255 * strength)), (px / 2, px / 2), px * 0.30,
                       width=max(2, px // 28))
    return surface


def _sparkle(px: int) -> pygame.Surface:
    big = max(4, px) * 2
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    thin = big * 0.12
    points = [(c, 0), (c + thin, c - thin), (big, c), (c + thin, c + thin), (c, big), (c - thin, c + thin),
              (0, c), (c - thin, c - thin)]
    pygame.draw.polygon(surface, theme.SPARKLE, points)
    pygame.draw.circle(surface, theme.WHITE, (c, c), big * 0.12)
    return pygame.transform.smoothscale(surface, (max(4, px), max(4, px)))


def _token(picture: pygame.Surface, px: int) -> pygame.Surface:
    px = max(8, px)
    big = px * 2
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(surface, (*theme.SHADOW, 60), (big / 2 + big * 0.03, big / 2 + big * 0.05), big * 0.47)
    pygame.draw.circle(surface, theme.INK, (big / 2, big / 2), big * 0.47)
    pygame.draw.circle(surface, theme.TOKEN, (big / 2, big / 2), big * 0.43)
    small = pygame.transform.smoothscale(surface, (px, px))
    small.blit(picture, picture.get_rect(center=(px // 2, px // 2)))
    return small


#: Where the fingertip is in the ``hand`` icon, as fractions of its size (see assets/icons/hand.svg).
FINGERTIP = ((40 + 4) / 108, (6 + 4) / 108)


def draw_hand(surface: pygame.Surface, view: BoardArt, tip: tuple[float, float], px: int,
              alpha: int = 255, press: float = 0.0) -> pygame.Rect:
    """The pointing hand with its fingertip on *tip*; *press* (0-1) squashes it a little. Returns its rect."""
    px = max(8, int(px * (1 - 0.08 * press)))
    img = view.icon("hand", px)
    if alpha < 255:
        img = faded(img, alpha)
    where = img.get_rect(topleft=(round(tip[0] - FINGERTIP[0] * px), round(tip[1] - FINGERTIP[1] * px)))
    surface.blit(img, where)
    return where


# ----- the board, as both screens draw it ------------------------------------------------------
def cluster_offset(
    positions: list[Cell] | tuple[Cell, ...], seat: int, cell: Cell | None = None
) -> tuple[float, float]:
    """(dx, dy) in cells of where *seat* stands on its cell among the figures sharing it.

    With *cell*, as if *seat* stood there (the others where *positions* says).

    >>> cluster_offset([(0, 0), (0, 0)], 1), cluster_offset([(0, 0), (0, 0)], 1, (2, 2))
    ((0.17, 0.0), (0.0, 0.0))
    """
    spots = list(positions)
    if cell is not None:
        spots[seat] = cell
    sharing = [s for s, p in enumerate(spots) if p == spots[seat]]
    return CLUSTER[len(sharing)][sharing.index(seat)]


def arrow_rect(board: pygame.Rect, cell: int, band: int, side: str, index: int) -> pygame.Rect:
    """Where the arrow for (side, index) is drawn around *board*: one *cell* wide, the *band* deep."""
    if side == "N":
        return pygame.Rect(board.x + index * cell, board.y - band, cell, band)
    if side == "S":
        return pygame.Rect(board.x + index * cell, board.bottom, cell, band)
    if side == "W":
        return pygame.Rect(board.x - band, board.y + index * cell, band, cell)
    return pygame.Rect(board.right, board.y + index * cell, band, cell)


def line_rect(board: pygame.Rect, cell: int, side: str, index: int) -> pygame.Rect:
    """The row or column of *board* that a push at (side, index) moves."""
    if side in ("N", "S"):
        return pygame.Rect(board.x + index * cell, board.y, cell, board.h)
    return pygame.Rect(board.x, board.y + index * cell, board.w, cell)


def faded(image: pygame.Surface, alpha: int) -> pygame.Surface:
    """A copy of *image* at opacity *alpha* (0 .. 255), so a cached surface is never changed."""
    image = image.copy()
    image.set_alpha(max(0, min(255, alpha)))
    return image


def draw_mini_maze(image: pygame.Surface, masks: Sequence[int], n: int, path_share: float) -> None:
    """Paint a little *n* x *n* maze of hedge and sand over all of *image* (row-major *masks*).

    Flat shapes with no art: the setup's variant cards and the puzzle book's pages use it.
    """
    cell = image.get_width() / n
    for index, m in enumerate(masks):
        r, c = divmod(index, n)
        x, y = c * cell, r * cell
        box = pygame.Rect(round(x + cell * 0.06), round(y + cell * 0.06), round(cell * 0.88), round(cell * 0.88))
        pygame.draw.rect(image, theme.HEDGE, box, border_radius=max(1, int(cell // 6)))
        path = max(1, round(cell * path_share))
        hub = pygame.Rect(0, 0, path, path)
        hub.center = (round(x + cell / 2), round(y + cell / 2))
        pygame.draw.rect(image, theme.PATH, hub)
        if m & N:
            pygame.draw.rect(image, theme.PATH, pygame.Rect(hub.x, box.y, path, hub.y - box.y))
        if m & S:
            pygame.draw.rect(image, theme.PATH, pygame.Rect(hub.x, hub.bottom, path, box.bottom - hub.bottom))
        if m & W:
            pygame.draw.rect(image, theme.PATH, pygame.Rect(box.x, hub.y, hub.x - box.x, path))
        if m & E:
            pygame.draw.rect(image, theme.PATH, pygame.Rect(hub.right, hub.y, box.right - hub.right, path))


def draw_frame(surface: pygame.Surface, board: pygame.Rect, cell: int, band: int,
               least: tuple[int, int, int] = (8, 3, 4)) -> None:
    """The wooden tray: the arrow band round *board* on its darker edge, and the dark bed under the cards.

    *least* are the smallest corner radius of the tray, depth of its edge and corner radius of the bed.
    """
    frame = board.inflate(2 * band, 2 * band)
    radius = max(least[0], band // 2)
    pygame.draw.rect(surface, theme.BOARD_BASE_DARK, frame.move(0, max(least[1], cell // 20)), border_radius=radius)
    pygame.draw.rect(surface, theme.BOARD_BASE, frame, border_radius=radius)
    pygame.draw.rect(surface, theme.BOARD_BASE_DARK, board.inflate(cell // 12, cell // 12),
                     border_radius=max(least[2], cell // 10))


def draw_cards(surface: pygame.Surface, view: BoardArt, board: Board, variant: Variant, cell: int,
               centre: Callable[[Cell], tuple[int, int]]) -> None:
    """Every card of *board* centred on ``centre(cell)``, its picture upright on top.

    Fixed cards look their part, and the start corners wear the colour of the figure each seat plays.
    """
    homes = {variant.home(seat): view.color(seat) for seat in range(4)}  # the start corners: the figure's colour (R5)
    for spot in board.cells():
        fixed = spot in variant.fixed
        picture = board.picture_at(spot)
        tile = view.corridor(board.mask_at(spot), cell, fixed, homes.get(spot) if fixed else None,
                             plate=picture is not None)
        where = centre(spot)
        surface.blit(tile, tile.get_rect(center=where))
        if picture is not None:
            img = view.picture(picture, int(cell * 0.52))
            surface.blit(img, img.get_rect(center=where))


def draw_reach(surface: pygame.Surface, view: BoardArt, board: Board, reach: Collection[Cell], cell: int,
               origin: tuple[int, int]) -> None:
    """A warm ring round every cell in *reach* and a dark veil over every other; the board's corner at *origin*."""
    lit, dim = view.lit(cell), view.dim(cell)
    for r, c in board.cells():
        surface.blit(lit if (r, c) in reach else dim, (origin[0] + c * cell, origin[1] + r * cell))


def draw_glow(surface: pygame.Surface, view: BoardArt, centre: tuple[float, float], cell: int, level: int,
              picture: str | None, picture_px: int) -> None:
    """The warm glow (strength *level*, 0-8) behind the picture everyone looks for, and the picture on it."""
    halo = view.halo(int(cell * 0.98), level)
    surface.blit(halo, halo.get_rect(center=centre))
    if picture is not None:
        img = view.picture(picture, picture_px)
        surface.blit(img, img.get_rect(center=centre))


def draw_arrow(surface: pygame.Surface, view: BoardArt, side: str, rect: pygame.Rect, state: str,
               level: int | None = None, shift: tuple[float, float] = (0.0, 0.0)) -> None:
    """The arrow of *side* in its slot *rect*, in *state* (see :meth:`BoardArt.arrow`), moved *shift* pixels.

    *level* is the breathing size (default: the smallest at rest, else the full size); a closed
    arrow gets the "closed" mark on top.
    """
    if level is None:
        level = 0 if state == "rest" else BREATH_LEVELS - 1
    img = view.arrow(side, rect.w, rect.h, state, level)
    centre = (rect.centerx + shift[0], rect.centery + shift[1])
    surface.blit(img, img.get_rect(center=centre))
    if state == "closed":
        mark = view.icon("closed", int(min(rect.w, rect.h) * 0.6))
        surface.blit(mark, mark.get_rect(center=centre))


def draw_line_ring(surface: pygame.Surface, rect: pygame.Rect, cell: int, width_share: int = 16) -> None:
    """A golden outline round the row or column *rect*, cell // *width_share* wide (at least 3 pixels)."""
    pygame.draw.rect(surface, theme.REACH_RING, rect, width=max(3, cell // width_share),
                     border_radius=max(4, cell // 8))


def draw_sparkle_ring(surface: pygame.Surface, star: pygame.Surface, centre: tuple[float, float],
                      radius: float | tuple[float, ...], count: int, spin: float, alpha: int | None = None,
                      squash: float = 1.0) -> None:
    """*count* stars evenly round *centre*, turned *spin* radians, at opacity *alpha*; *squash* flattens it.

    *radius* may be several radii, taken in turn star by star.
    """
    if alpha is not None:
        star = faded(star, alpha)
    radii = radius if isinstance(radius, tuple) else (radius,)
    x, y = centre
    for k in range(count):
        a = k * math.tau / count + spin
        r = radii[k % len(radii)]
        surface.blit(star, star.get_rect(center=(round(x + math.cos(a) * r), round(y + math.sin(a) * r * squash))))


def draw_figure(surface: pygame.Surface, view: BoardArt, seat: int, centre: tuple[float, float], px: int) -> None:
    """Seat *seat*'s figure, *px* pixels, standing on its shadow at *centre*."""
    shadow_w = int(px * 0.7)
    shadow = pygame.Rect(0, 0, shadow_w, max(3, shadow_w // 3))
    x, y = centre
    shadow.center = (round(x), round(y + px * 0.42))
    pygame.draw.ellipse(surface, theme.HEDGE_DARK, shadow)
    img = view.figure(seat, px)
    surface.blit(img, img.get_rect(center=(round(x), round(y))))
