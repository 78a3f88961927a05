"""Card faces of the labyrinth card game: sand corridors on a hedge-green card, pictures on the paths.

:class:`CardFaces` renders a card turned any way at any size once and keeps it in a bounded LRU
cache, so a frame only blits. Corridors are drawn at twice the size and smooth-scaled down (cheap
anti-aliasing); the pictures come from the SVG art at their exact size and stay upright whatever the
card's rotation (the paths turn, the pictures do not). Where the paths and pictures lie is worked out
by :mod:`doolhof.gui.cardtable.shape`.

The face-down :meth:`CardFaces.back`, the glowing overlay of a joined path (:meth:`CardFaces.glow`)
and the small see-through pieces the table painter lays over cells (slots, rings, tints) are cached
the same way.
"""

from __future__ import annotations

import itertools
import math
import random
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from doolhof.cards.card import Card
from doolhof.gui.cardtable.shape import PATH_RIM, PATH_WIDTH, PORT_XY, CardShape, NetShape, card_shape
from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.theme import Color

#: How many surfaces each cache keeps (least recently used dropped first).
FACE_CACHE = 400
MISC_CACHE = 160
#: Above this side the corridors are drawn at 1.5x instead of 2x before smooth-scaling (saves time).
BIG_SIDE = 300
#: The gap round a card inside its cell, and its corner radius, as shares of the side.
CARD_GAP = 0.022
CARD_RADIUS = 0.11
#: Picture size on its plate.
PICTURE_SHARE = 0.9
#: Quantised face sizes used while the camera moves: every size is a step of this ladder.
LADDER = 2 ** (1 / 6)


def _convert(surface: pygame.Surface) -> pygame.Surface:
    """convert_alpha() once a window exists (tests may draw before that)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def quantised(side: float) -> int:
    """The smallest size of the ladder (powers of 2^(1/6)) at least *side*: faces rendered while zooming."""
    side = max(8.0, float(side))
    k = math.floor(math.log(side) / math.log(LADDER)) - 1
    while math.ceil(LADDER ** k - 1e-9) < side:
        k += 1
    return math.ceil(LADDER ** k - 1e-9)


class _Lru:
    """A small least-recently-used cache of surfaces."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.data: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surface = self.data.get(key)
        if surface is None:
            surface = _convert(make())
            self.data[key] = surface
            while len(self.data) > self.limit:
                self.data.popitem(last=False)
        else:
            self.data.move_to_end(key)
        return surface

    def clear(self) -> None:
        self.data.clear()

    def __len__(self) -> int:
        return len(self.data)


def port_point(port: int, rect: pygame.Rect) -> tuple[float, float]:
    """Where port position *port* (0-7, already turned) lies on the edge of the card drawn in *rect*."""
    x, y = PORT_XY[port % 8]
    return (rect.x + x * rect.w, rect.y + y * rect.h)


def treasure_point(card: Card, rotation: int, treasure: str, rect: pygame.Rect) -> tuple[float, float]:
    """The centre of *treasure*'s picture on *card* turned *rotation*, drawn in *rect* (its centre when absent)."""
    where = card_shape(card, rotation % 4).pictures.get(treasure)
    if where is None:
        return (float(rect.centerx), float(rect.centery))
    (x, y), _ = where
    return (rect.x + x * rect.w, rect.y + y * rect.h)


class CardFaces:
    """Every drawing of the card table, rendered once per size and cached (bounded)."""

    def __init__(self, art: Art) -> None:
        """*art* is the app's SVG cache (pictures come from it)."""
        self.art = art
        self._faces = _Lru(FACE_CACHE)
        self._misc = _Lru(MISC_CACHE)
        self._recent: dict[tuple[str, int], int] = {}  # (card text, rotation) -> the side last drawn
        #: The cell side the table was last drawn at while the camera stood still (set by the painter).
        self.rest_side: int | None = None
        #: (card text, rotation) -> the size draw_card_at last drew it at (a steady size is rendered sharp).
        self.asked: dict[tuple[str, int], int] = {}

    def clear(self) -> None:
        """Forget every cached surface."""
        self._faces.clear()
        self._misc.clear()
        self._recent.clear()
        self.asked.clear()

    def cached(self) -> int:
        """How many surfaces the caches hold now."""
        return len(self._faces) + len(self._misc)

    # ----- cards ------------------------------------------------------------------------------------------
    def face(self, card: Card, rotation: int, side: int) -> pygame.Surface:
        """*card* turned *rotation* quarter turns clockwise as a *side* x *side* surface (cached).

        Do not draw onto it (copy it first).
        """
        side = max(8, int(side))
        rotation %= 4
        self._recent[(card.text(), rotation)] = side
        return self._faces.get(("face", card.text(), rotation, side),
                               lambda: self._draw_face(card, rotation, side))

    def peek(self, card: Card, rotation: int, side: int, network: int | None = None) -> pygame.Surface | None:
        """The face (or the glow overlay of *network*) if it is cached at exactly *side*, else None."""
        rotation %= 4
        key: tuple[object, ...] = ("face", card.text(), rotation, int(side))
        if network is not None:
            key = ("glow", card.text(), rotation, int(side), network)
        hit = self._faces.data.get(key)
        if hit is not None:
            self._faces.data.move_to_end(key)
            if network is None:
                self._recent[(card.text(), rotation)] = int(side)
        return hit

    def has_near(self, card: Card, rotation: int) -> bool:
        """True when some size of this face is cached (so it can be scaled instead of rendered)."""
        key = (card.text(), rotation % 4)
        last = self._recent.get(key)
        return last is not None and ("face", key[0], key[1], last) in self._faces.data

    def face_near(self, card: Card, rotation: int, side: float) -> pygame.Surface:
        """A face of *card* already rendered near *side* (to be scaled while the camera zooms).

        The size it was last drawn at when still cached, else the quantised size just above *side*:
        a zooming table scales faces it has, instead of rendering every face anew on every frame.
        """
        key = (card.text(), rotation % 4)
        last = self._recent.get(key)
        hit = self._faces.data.get(("face", key[0], key[1], last)) if last is not None else None
        if hit is not None and last is not None and 0.5 < side / last < 2.0:
            return hit
        return self.face(card, rotation, quantised(side))

    def glow_near(self, card: Card, rotation: int, side: float, network: int) -> pygame.Surface:
        """Like :meth:`face_near` for the glowing overlay of *network*."""
        key = (card.text(), rotation % 4)
        last = self._recent.get(key)
        hit = self._faces.data.get(("glow", key[0], key[1], last, network)) if last is not None else None
        if hit is not None and 0.5 < side / hit.get_width() < 2.0:
            return hit
        return self.glow_network(card, rotation, quantised(side), network)

    def back(self, side: int) -> pygame.Surface:
        """A face-down card (the game's own hedge-maze back with a golden labyrinth emblem)."""
        side = max(8, int(side))
        return self._misc.get(("back", side), lambda: _draw_back(side))

    def glow(self, card: Card, rotation: int, side: int, treasure: str) -> pygame.Surface:
        """An overlay for :meth:`face`: the network carrying *treasure* drawn glowing, its pictures on top.

        A card without *treasure* gives a fully transparent overlay.
        """
        net = card_shape(card, rotation % 4).network_of(treasure)
        return self.glow_network(card, rotation, side, -1 if net is None else net.index)

    def glow_network(self, card: Card, rotation: int, side: int, index: int) -> pygame.Surface:
        """Like :meth:`glow` for the card's network number *index* (as in ``card.networks``), with or
        without treasures: a joined path passes through such networks between its two treasures."""
        side = max(8, int(side))
        rotation %= 4
        return self._faces.get(("glow", card.text(), rotation, side, index),
                               lambda: self._draw_glow(card, rotation, side, index))

    def _draw_face(self, card: Card, rotation: int, side: int) -> pygame.Surface:
        shape = card_shape(card, rotation)
        k = 2.0 if side <= BIG_SIDE else 1.5
        big = max(16, round(side * k))
        surface = pygame.Surface((big, big), pygame.SRCALPHA)
        body = _card_body(surface, big, zlib.crc32(card.text().encode()))
        surface.set_clip(body)
        for net in shape.networks:
            _draw_network(surface, net, big, (theme.PATH_EDGE, theme.PATH_SHADE, theme.PATH))
        surface.set_clip(None)
        _draw_plates(surface, shape, big, None)
        face = pygame.transform.smoothscale(surface, (side, side))
        self._draw_pictures(face, shape, side, None)
        return face

    def _draw_glow(self, card: Card, rotation: int, side: int, index: int) -> pygame.Surface:
        shape = card_shape(card, rotation)
        if not 0 <= index < len(shape.networks):
            return pygame.Surface((side, side), pygame.SRCALPHA)
        net = shape.networks[index]
        k = 2.0 if side <= BIG_SIDE else 1.5
        big = max(16, round(side * k))
        surface = pygame.Surface((big, big), pygame.SRCALPHA)
        gap = round(big * CARD_GAP)
        surface.set_clip(pygame.Rect(gap, gap, big - 2 * gap, big - 2 * gap))
        w = PATH_WIDTH * big
        for grow, alpha in ((2.1, 45), (1.7, 70), (1.35, 110)):
            _stroke_network(surface, net, big, w * grow, (*theme.PATH_GLOW, alpha))
        _stroke_network(surface, net, big, w + 2 * PATH_RIM * big, (*theme.PATH_GLOW, 255))
        _stroke_network(surface, net, big, w * 0.8, (*theme.PATH_GLOW_CORE, 255))
        surface.set_clip(None)
        _draw_plates(surface, shape, big, net)
        overlay = pygame.transform.smoothscale(surface, (side, side))
        self._draw_pictures(overlay, shape, side, net)
        return overlay

    def _draw_pictures(self, surface: pygame.Surface, shape: CardShape, side: int, only: NetShape | None) -> None:
        for name, ((x, y), size) in shape.pictures.items():
            if only is not None and name not in only.treasures:
                continue
            px = max(4, round(size * side * PICTURE_SHARE))
            img = self.art.picture(name, px)
            surface.blit(img, img.get_rect(center=(round(x * side), round(y * side))))

    # ----- the pieces the painter lays over cells -----------------------------------------------------------
    def shadow(self, side: int) -> pygame.Surface:
        """A soft shadow for a card of *side* (a little larger than the card; centre it lower right)."""
        side = max(8, int(side))
        return self._misc.get(("shadow", side), lambda: _draw_shadow(side))

    def slot(self, side: int) -> pygame.Surface:
        """A free cell next to the table: a faint floor with a soft dashed outline."""
        side = max(8, int(side))
        return self._misc.get(("slot", side), lambda: _draw_slot(side))

    def lit(self, side: int, level: int) -> pygame.Surface:
        """A free cell where the chosen card fits: a bright glowing slot; *level* 0-7 breathes."""
        side, level = max(8, int(side)), max(0, min(7, int(level)))
        return self._misc.get(("lit", side, level), lambda: _draw_lit(side, level))

    def mark(self, side: int) -> pygame.Surface:
        """The small marker of a free cell where the chosen card would fit turned another way."""
        side = max(8, int(side))
        return self._misc.get(("mark", side), lambda: _draw_mark(side))

    def outline(self, side: int, color: Color, share: float, alpha: int = 255) -> pygame.Surface:
        """A rounded outline round a card, *share* of the side thick, in *color* at *alpha*."""
        side = max(8, int(side))
        return self._misc.get(("outline", side, color, share, alpha), lambda: _draw_outline(side, color, share, alpha))

    def ring(self, side: int, color: Color, level: int = 7) -> pygame.Surface:
        """A thick ring round a card, drawn under it (larger than the cell): *color* (brightness *level* 0-7)
        between two dark bands, so it stands out on the green table, the sand paths and for colour-blind eyes."""
        side, level = max(8, int(side)), max(0, min(7, int(level)))
        return self._misc.get(("ring", side, color, level), lambda: _draw_ring(side, color, level))

    def sparkle(self, px: int) -> pygame.Surface:
        """A small four-pointed star that runs along a glowing path."""
        px = max(6, int(px))
        return self._misc.get(("sparkle", px), lambda: _draw_sparkle(px))

    def tint(self, side: int, color: Color, alpha: int) -> pygame.Surface:
        """A see-through veil in the card's shape."""
        side = max(8, int(side))
        return self._misc.get(("tint", side, color, alpha), lambda: _draw_tint(side, color, alpha))


# ----- the drawings -------------------------------------------------------------------------------------------
def _body_rect(size: int) -> pygame.Rect:
    gap = round(size * CARD_GAP)
    return pygame.Rect(gap, gap, size - 2 * gap, size - 2 * gap)


def _card_frame(surface: pygame.Surface, size: int, face: theme.Color) -> tuple[pygame.Rect, pygame.Rect, int]:
    """A card's dark edge with its *face* colour inside (fronts and backs alike): (body, inner, inner radius)."""
    body = _body_rect(size)
    radius = round(size * CARD_RADIUS)
    pygame.draw.rect(surface, theme.HEDGE_DARK, body, border_radius=radius)
    rim = max(2, round(size * 0.03))
    inner = body.inflate(-2 * rim, -2 * rim)
    inner_radius = max(1, radius - rim)
    pygame.draw.rect(surface, face, inner, border_radius=inner_radius)
    return body, inner, inner_radius


def _card_body(surface: pygame.Surface, size: int, seed: int) -> pygame.Rect:
    """The hedge-green card with rounded corners, leafy texture and a soft light rim; returns its rect."""
    body, inner, inner_radius = _card_frame(surface, size, theme.HEDGE)
    rng = random.Random(seed)
    texture = pygame.Surface((size, size), pygame.SRCALPHA)
    for _ in range(34):
        x, y = rng.uniform(inner.left, inner.right), rng.uniform(inner.top, inner.bottom)
        r = size * rng.uniform(0.03, 0.06)
        color = theme.HEDGE_LIGHT if rng.random() < 0.5 else theme.HEDGE_DARK
        pygame.draw.circle(texture, (*color, 150), (x, y), r)
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), inner, border_radius=inner_radius)
    texture.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(texture, (0, 0))
    pygame.draw.rect(surface, theme.CARD_RIM_LIGHT, inner, width=max(1, round(size * 0.012)),
                     border_radius=inner_radius)
    return body


def _stroke_network(surface: pygame.Surface, net: NetShape, size: int, width: float,
                    color: tuple[int, ...]) -> None:
    """Every arm of *net* as a thick round-capped stroke *width* wide (a chain of discs)."""
    r = width / 2
    step = max(1.0, r / 3)
    for arm in net.arms:
        length = sum(math.dist(arm.at(k / 8), arm.at((k + 1) / 8)) for k in range(8)) * size
        n = max(4, math.ceil(length / step))
        start = arm.at(0)
        # The opening: the corridor runs on through the card's rim to its very edge.
        out = (start[0] - (arm.p1[0] - start[0]) * 0.4, start[1] - (arm.p1[1] - start[1]) * 0.4)
        pygame.draw.line(surface, color, (out[0] * size, out[1] * size), (start[0] * size, start[1] * size),
                         max(1, round(width)))
        for j in range(n + 1):
            x, y = arm.at(j / n)
            pygame.draw.circle(surface, color, (x * size, y * size), r)
    if net.plaza:
        pygame.draw.circle(surface, color, (net.hub[0] * size, net.hub[1] * size), r * 1.45)
    for (ax, ay), (bx, by) in net.spurs:
        n = max(2, math.ceil(math.hypot(bx - ax, by - ay) * size / step))
        for j in range(n + 1):
            t = j / n
            pygame.draw.circle(surface, color, ((ax + (bx - ax) * t) * size, (ay + (by - ay) * t) * size), r)


def _draw_network(surface: pygame.Surface, net: NetShape, size: int, colors: tuple[Color, Color, Color]) -> None:
    rim, shade, sand = colors
    w = PATH_WIDTH * size
    _stroke_network(surface, net, size, w + 2 * PATH_RIM * size, rim)
    _stroke_network(surface, net, size, w, shade)
    _stroke_network(surface, net, size, w * 0.74, sand)


def _draw_plates(surface: pygame.Surface, shape: CardShape, size: int, only: NetShape | None) -> None:
    """The light discs the pictures sit on; on a glowing network (*only*) they glow too."""
    for name, ((x, y), s) in shape.pictures.items():
        if only is not None and name not in only.treasures:
            continue
        r = s * size / 2
        centre = (x * size, y * size)
        if only is not None:
            for grow, alpha in ((0.5, 50), (0.34, 80), (0.2, 130)):
                pygame.draw.circle(surface, (*theme.PATH_GLOW, alpha), centre, r + PATH_WIDTH * size * grow)
        rim = theme.PATH_GLOW if only is not None else theme.PATH_EDGE
        pygame.draw.circle(surface, rim, centre, r + PATH_RIM * size * (1.4 if only is not None else 0.8))
        pygame.draw.circle(surface, theme.PLATE, centre, r)


def _draw_back(side: int) -> pygame.Surface:
    size = side * 2
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    _, inner, inner_radius = _card_frame(surface, size, theme.BACK_FACE)
    # A little maze of hedge lines (the same on every back).
    rng = random.Random(1913)
    cells = 7
    cell = inner.w / cells
    lw = max(1, round(size * 0.018))
    for i in range(cells):
        for j in range(cells):
            x, y = inner.x + i * cell, inner.y + j * cell
            if rng.random() < 0.5:
                pygame.draw.line(surface, theme.BACK_LINE, (x, y), (x + cell, y), lw)
            else:
                pygame.draw.line(surface, theme.BACK_LINE, (x, y), (x, y + cell), lw)
    pygame.draw.rect(surface, theme.CARD_RIM_LIGHT, inner, width=max(1, round(size * 0.012)),
                     border_radius=inner_radius)
    # The emblem: a round golden labyrinth of three rings, each open on another side.
    c = size / 2
    r0 = size * 0.27
    pygame.draw.circle(surface, theme.BACK_EMBLEM_EDGE, (c, c), r0 + size * 0.025)
    pygame.draw.circle(surface, theme.BACK_FACE, (c, c), r0)
    ring = size * 0.035
    for k, gap_angle in enumerate((math.pi / 2, -math.pi / 2, 0.0)):
        r = r0 - ring * 0.5 - k * ring * 2.2
        pygame.draw.circle(surface, theme.BACK_EMBLEM, (c, c), r, width=round(ring))
        gx, gy = c + math.cos(gap_angle) * r, c - math.sin(gap_angle) * r
        pygame.draw.circle(surface, theme.BACK_FACE, (gx, gy), ring * 1.1)
    pygame.draw.circle(surface, theme.BACK_EMBLEM, (c, c), ring * 1.2)
    return pygame.transform.smoothscale(surface, (side, side))


def _draw_shadow(side: int) -> pygame.Surface:
    pad = max(2, side // 10)
    size = side + 2 * pad
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    body = _body_rect(side).move(pad, pad)
    radius = round(side * CARD_RADIUS)
    for k in range(pad, 0, -max(1, pad // 4)):
        pygame.draw.rect(surface, (*theme.SHADOW, 18), body.inflate(k, k), border_radius=radius + k // 2)
    pygame.draw.rect(surface, (*theme.SHADOW, 40), body, border_radius=radius)
    return surface


def _dashed_round_rect(surface: pygame.Surface, rect: pygame.Rect, radius: float, color: tuple[int, ...],
                       width: int, dash: float) -> None:
    """A dashed rounded rectangle: short strokes along its outline."""
    pts: list[tuple[float, float]] = []
    x0, y0, x1, y1 = rect.left + radius, rect.top + radius, rect.right - radius, rect.bottom - radius
    # Walk the outline: straight sides and quarter arcs, sampled finely.
    corners = ((x1, y0, -math.pi / 2), (x1, y1, 0.0), (x0, y1, math.pi / 2), (x0, y0, math.pi))
    for cx, cy, a0 in corners:
        for j in range(9):
            a = a0 + j / 8 * math.pi / 2
            pts.append((cx + math.cos(a) * radius, cy + math.sin(a) * radius))
    pts.append(pts[0])
    # Re-sample by length and draw every other dash.
    walked = 0.0
    on = True
    for (ax, ay), (bx, by) in itertools.pairwise(pts):
        seg = math.hypot(bx - ax, by - ay)
        t = 0.0
        while t < seg:
            left = dash - walked
            step = min(left, seg - t)
            if on:
                p = (ax + (bx - ax) * t / seg, ay + (by - ay) * t / seg)
                q = (ax + (bx - ax) * (t + step) / seg, ay + (by - ay) * (t + step) / seg)
                pygame.draw.line(surface, color, p, q, width)
                pygame.draw.circle(surface, color, p, width / 2)
                pygame.draw.circle(surface, color, q, width / 2)
            t += step
            walked += step
            if walked >= dash - 1e-6:
                walked = 0.0
                on = not on


def _draw_slot(side: int) -> pygame.Surface:
    size = side * 2
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = _body_rect(size).inflate(-round(size * 0.04), -round(size * 0.04))
    radius = round(size * CARD_RADIUS)
    pygame.draw.rect(surface, (*theme.SLOT_FILL, 90), rect, border_radius=radius)
    _dashed_round_rect(surface, rect, radius, (*theme.SLOT_DASH, 150), max(2, round(size * 0.014)),
                       rect.w / 9)
    return pygame.transform.smoothscale(surface, (side, side))


def _draw_lit(side: int, level: int) -> pygame.Surface:
    size = side * 2
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = _body_rect(size)
    radius = round(size * CARD_RADIUS)
    strength = 0.75 + 0.25 * level / 7
    # A warm light pool: brighter towards the middle, a golden ring round it.
    steps = 16
    for k in range(steps):
        inset = round(k * size * 0.016)
        alpha = int((120 + 7 * k) * strength)
        pygame.draw.rect(surface, (*theme.LIT_FILL, min(255, alpha)), rect.inflate(-2 * inset, -2 * inset),
                         border_radius=max(2, radius - inset // 2))
    pygame.draw.rect(surface, (*theme.REACH_GLOW, int(200 * strength)), rect, width=round(size * 0.05),
                     border_radius=radius)
    pygame.draw.rect(surface, (*theme.REACH_RING, 255), rect.inflate(-size * 0.045, -size * 0.045),
                     width=max(2, round(size * 0.03)), border_radius=radius)
    return pygame.transform.smoothscale(surface, (side, side))


def _draw_mark(side: int) -> pygame.Surface:
    size = side * 2
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(surface, (*theme.FAINT_MARK, 90), (c, c), size * 0.11)
    pygame.draw.circle(surface, (*theme.FAINT_MARK, 200), (c, c), size * 0.11, width=max(2, round(size * 0.02)))
    pygame.draw.circle(surface, (*theme.FAINT_MARK, 200), (c, c), size * 0.035)
    return pygame.transform.smoothscale(surface, (side, side))


def _draw_outline(side: int, color: Color, share: float, alpha: int) -> pygame.Surface:
    size = side * 2
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    width = max(2, round(size * share))
    rect = _body_rect(size).inflate(width * 0.6, width * 0.6)
    pygame.draw.rect(surface, (*color, alpha), rect, width=width, border_radius=round(size * CARD_RADIUS) + width // 2)
    return pygame.transform.smoothscale(surface, (side, side))


def _draw_ring(side: int, color: Color, level: int) -> pygame.Surface:
    # A mat larger than the cell, drawn under the card: only its rim shows round the card, over the gap and
    # the neighbours' edges, so it never covers the card's own pictures.
    size = side * 2
    edge = max(3, round(size * 0.02))
    # At least 5 window pixels of colour even on small cells (46 cards at 800x600: about 39 px).
    band = max(10, round(size * 0.08))
    pad = band + 2 * edge
    surface = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    body = _body_rect(size).move(pad, pad)
    radius = round(size * CARD_RADIUS)
    outer = body.inflate(2 * (band + edge), 2 * (band + edge))
    pygame.draw.rect(surface, (*theme.TAKE_RING_EDGE, 255), outer, border_radius=radius + band + edge)
    bright = tuple(round(c * (0.82 + 0.18 * level / 7)) for c in color)
    pygame.draw.rect(surface, (*bright, 255), outer.inflate(-2 * edge, -2 * edge), border_radius=radius + band)
    pygame.draw.rect(surface, (*theme.TAKE_RING_EDGE, 255), body.inflate(2 * edge, 2 * edge),
                     border_radius=radius + edge)
    return pygame.transform.smoothscale(surface, (round(surface.get_width() / 2), round(surface.get_height() / 2)))


def _draw_sparkle(px: int) -> pygame.Surface:
    size = px * 2
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    points = []
    for k in range(8):
        a = k * math.pi / 4 - math.pi / 2
        r = c * (0.95 if k % 2 == 0 else 0.3)
        points.append((c + math.cos(a) * r, c + math.sin(a) * r))
    pygame.draw.polygon(surface, (*theme.TAKE_RING_EDGE, 200), points, width=max(2, size // 10))
    pygame.draw.polygon(surface, (*theme.SPARKLE, 255), points)
    pygame.draw.circle(surface, (255, 255, 255, 255), (c, c), size * 0.12)
    return pygame.transform.smoothscale(surface, (px, px))


def _draw_tint(side: int, color: Color, alpha: int) -> pygame.Surface:
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(surface, (*color, alpha), _body_rect(side), border_radius=round(side * CARD_RADIUS))
    return surface


__all__ = ["CardFaces", "port_point", "treasure_point", "quantised"]
