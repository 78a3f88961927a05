"""Drawing the open card table: free cells, laid cards, glowing paths, and every state a turn shows.

:func:`draw_table` paints what the camera sees: the ring of free cells touching the table (soft
dashed slots), lit cells where the chosen card fits, small markers where another turn would fit,
the cards on their shadows, the joined path glowing card by card with little stars running along
it, takeable cards in a thick bright ring, standing lifted and hopping now and then, picked cards
higher in a white ring, refused cards, the hint's see-through ghost and the card just laid. A card
the hint suggests taking is not picked: it keeps its takeable ring and height, and a light bulb
bobs over its corner (picked, suggested and takeable differ in shape and height, not only colour).
:func:`draw_card_at` draws one card anywhere (cards in flight and turning).

While the camera zooms, the faces come from a quantised size and are scaled to the cell size, so
no face is rendered anew on every frame. Once it rests, the faces are rendered sharp at the new
size a few per frame (:data:`RENDER_BUDGET`); :func:`draw_table` says when a frame was all sharp,
so a caller may keep that picture while nothing on the table changes.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from doolhof.cards.card import Card
from doolhof.cards.ports import MASK_PORTS, PORT_STEPS, Cell
from doolhof.gui.cardtable.camera import Camera
from doolhof.gui.cardtable.faces import CardFaces, quantised
from doolhof.gui.kit import theme

#: Seconds of one gentle pulse of a takeable card, and one breath of a lit cell.
PULSE_PERIOD = 1.4
#: How high a takeable card stands lifted, and hops at the top of its bounce, as shares of the side.
LIFT = 0.03
HOP = 0.07
#: A picked card stands this high (share of the side): it has been lifted off the table.
PICKED_LIFT = 0.12
#: The share of a pulse spent hopping (the rest the card stands still, lifted).
HOP_SHARE = 0.35
#: Cells per second a sparkle runs along a glowing path, and its size as a share of the side.
SPARK_SPEED = 2.2
SPARK_SIZE = 0.34
#: Seconds a frame may spend rendering faces at a new size; the others are scaled until a later frame.
#: (4 ms made the frames after a zoom take 11 ms at 1920x1080: scripts/bench_frames.py.)
RENDER_BUDGET = 0.0015
#: Opacity of the hint's ghost card, and its size as a share of a cell (smaller than a laid card).
GHOST_ALPHA = 130
GHOST_SIZE = 0.78
#: The light bulb over a card the hint suggests taking: its size as a share of the side, and its bob.
BULB_SIZE = 0.42
BULB_BOB = 0.06


@dataclass
class TableLook:
    """What the table shows besides its cards (the play scene fills it in every frame)."""

    lit: frozenset[Cell] = frozenset()          # free cells where the chosen card fits as turned now
    faint: frozenset[Cell] = frozenset()        # free cells where another rotation would fit
    glow: tuple[tuple[Cell, str], ...] = ()     # (cell, treasure): networks to draw glowing, in path order
    glow_progress: float = 1.0                  # 0..1 along the glow list, for the growing path
    pulse: frozenset[Cell] = frozenset()        # takeable cards (pulse)
    picked: frozenset[Cell] = frozenset()       # cards the child picked to take
    suggested: frozenset[Cell] = frozenset()    # cards the hint suggests taking (not picked: a bulb over them)
    refused: frozenset[Cell] = frozenset()      # cards that would be cut off (shown briefly)
    hidden: frozenset[Cell] = frozenset()       # cards not drawn (in flight)
    ghost: tuple[Card, int, Cell] | None = None  # hint: a see-through card
    laid: Cell | None = None                    # the card just laid (a soft outline)
    chains: tuple[tuple[Cell, ...], ...] = ()   # paths from the laid card to each takeable card: sparkles run
    hops: tuple[tuple[Cell, float], ...] = ()   # extra lift (share of the side) of cards hopping now
    calm: bool = False                          # reduced motion: no bounce, no running sparkles


def free_ring(table: Mapping[Cell, object]) -> set[Cell]:
    """The empty cells sharing a side with a card of *table*."""
    ring: set[Cell] = set()
    for x, y in table:
        for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if n not in table:
                ring.add(n)
    return ring


def _scaled(img: pygame.Surface, side: int, source_side: int) -> pygame.Surface:
    """*img* (drawn for cells of *source_side*) smooth-scaled for cells of *side*."""
    if source_side == side:
        return img
    k = side / source_side
    return pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)), max(1, round(img.get_height() * k))))


class _Pieces:
    """The cell-sized pieces of one frame: exact and cached when the camera rests, scaled while it zooms.

    While the side changes every frame, every piece comes from a quantised size and is scaled once
    per frame, and each face from the size it was last drawn at, so zooming renders nothing new.
    """

    def __init__(self, faces: CardFaces, side: int, moving: bool) -> None:
        self.faces, self.side, self.moving = faces, side, moving
        self.start = time.perf_counter()
        self.rendered = 0
        #: False once a face or glow of this frame was scaled from another size (not yet rendered sharp).
        self.sharp = not moving
        rest = faces.rest_side
        if not moving:
            self.q = side
            faces.rest_side = side
        elif rest is not None and 0.5 < side / rest < 2.0:
            self.q = rest  # scale what the table was drawn with when it last stood still
        else:
            self.q = quantised(side)
        self._memo: dict[tuple[object, ...], pygame.Surface] = {}

    def piece(self, key: tuple[object, ...], make: Callable[[int], pygame.Surface]) -> pygame.Surface:
        hit = self._memo.get(key)
        if hit is None:
            hit = _scaled(make(self.q), self.side, self.q)
            self._memo[key] = hit
        return hit

    def _may_render(self) -> bool:
        """True while this frame's budget for rendering new faces lasts (the rest are scaled for now);
        one face per frame is always allowed, so a busy machine still gets every face sharp in the end."""
        if self.rendered and time.perf_counter() - self.start >= RENDER_BUDGET:
            return False
        self.rendered += 1
        return True

    def face(self, card: Card, rotation: int) -> pygame.Surface:
        if not self.moving:
            exact = self.faces.peek(card, rotation, self.side)
            if exact is not None:
                return exact
            if self._may_render() or not self.faces.has_near(card, rotation):
                return self.faces.face(card, rotation, self.side)
        self.sharp = False
        near = self.faces.face_near(card, rotation, self.side)
        return _scaled(near, self.side, near.get_width())

    def glow(self, card: Card, rotation: int, network: int) -> pygame.Surface:
        if not self.moving:
            exact = self.faces.peek(card, rotation, self.side, network)
            if exact is not None:
                return exact
            if self._may_render():
                return self.faces.glow_network(card, rotation, self.side, network)
        self.sharp = False
        near = self.faces.glow_near(card, rotation, self.side, network)
        return _scaled(near, self.side, near.get_width())


def _blit_centred(surface: pygame.Surface, img: pygame.Surface, center: tuple[float, float]) -> None:
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


def draw_table(surface: pygame.Surface, camera: Camera, faces: CardFaces, table: Mapping[Cell, tuple[Card, int]],
               look: TableLook, clock: float) -> bool:
    """Paint *table* as *camera* sees it now, with everything *look* asks for; *clock* (s) drives pulses.

    True when the picture is final: the camera rests and every face was drawn sharp at its size
    (not scaled for now while faces are rendered a few per frame).
    """
    side = max(8, round(camera.side))
    moving = camera.moving
    pieces = _Pieces(faces, side, moving)
    clip = surface.get_clip()
    view = camera.area.clip(clip) if clip.w and clip.h else camera.area
    # Cell centres by arithmetic from one reference centre (the same as camera.center_of, faster).
    s = camera.side
    x0, y0 = camera.center_of((0, 0))
    reach = side  # a cell whose centre is farther outside the view than this is not drawn
    left, top, right, bottom = view.left - reach, view.top - reach, view.right + reach, view.bottom + reach

    def centre(cell: Cell) -> tuple[float, float] | None:
        cx, cy = x0 + cell[0] * s, y0 + cell[1] * s
        if left <= cx <= right and top <= cy <= bottom:
            return (cx, cy)
        return None

    batch: list[tuple[pygame.Surface, tuple[int, int]]] = []

    def put(img: pygame.Surface, cx: float, cy: float) -> None:
        batch.append((img, (round(cx - img.get_width() / 2), round(cy - img.get_height() / 2))))

    # The free cells round the table: dashed slots, lit where the chosen card fits, a marker where a turn would.
    breath = 0.5 + 0.5 * math.sin(clock * math.tau / PULSE_PERIOD)
    level = round(breath * 7)
    slot = pieces.piece(("slot",), faces.slot)
    lit = pieces.piece(("lit", level), lambda q: faces.lit(q, level))
    mark = pieces.piece(("mark",), faces.mark)
    ring_level = 7 if look.calm else level
    pulse_rim = pieces.piece(("take ring", ring_level), lambda q: faces.ring(q, theme.TAKE_RING, ring_level))
    for cell in free_ring(table):
        if cell in look.hidden:
            continue
        here = centre(cell)
        if here is None:
            continue
        if cell in look.lit:
            put(lit, *here)
        else:
            put(slot, *here)
            if cell in look.faint:
                put(mark, *here)

    # The cards: shadows first, so no shadow falls on a neighbouring card.
    shadow = pieces.piece(("shadow",), faces.shadow)
    lifts: dict[Cell, float] = {}
    for cell in look.pulse | look.picked:
        if cell in table:
            if cell in look.picked:
                lifts[cell] = PICKED_LIFT * side
                continue
            phase = (clock / PULSE_PERIOD + (cell[0] * 0.13 + cell[1] * 0.21)) % 1.0
            bounce = 0.0 if look.calm or phase >= HOP_SHARE else math.sin(math.pi * phase / HOP_SHARE)
            lifts[cell] = side * (LIFT + HOP * bounce)
    for cell, share in look.hops:
        if cell in table:
            lifts[cell] = lifts.get(cell, 0.0) + share * side
    shown: list[tuple[Cell, Card, int, float, float]] = []
    drop = side * 0.035
    for cell, (card, rotation) in table.items():
        if cell in look.hidden:
            continue
        here = centre(cell)
        if here is None:
            continue
        lift = lifts.get(cell, 0.0)
        off = drop + lift * 0.8
        put(shadow, here[0] + off * 0.6, here[1] + off)
        shown.append((cell, card, rotation, here[0], here[1] - lift))

    glow_upto = _glow_count(look)
    glowing: dict[Cell, list[tuple[int, float]]] = {}
    for k, (cell, network) in enumerate(glow_networks(table, look.glow) if look.glow else ()):
        strength = min(1.0, max(0.0, glow_upto - k))
        if strength > 0 and network >= 0:
            glowing.setdefault(cell, []).append((network, strength))

    marked = look.refused or look.laid is not None
    picked_rim = pieces.piece(("picked",), lambda q: faces.ring(q, theme.PICKED_RIM))

    def put_card(cell: Cell, card: Card, rotation: int, cx: float, cy: float) -> None:
        if cell in look.picked:
            put(picked_rim, cx, cy)  # the ring is a mat under the card: it covers no picture
        elif cell in look.pulse:
            put(pulse_rim, cx, cy)
        put(pieces.face(card, rotation), cx, cy)
        if cell in glowing:
            for network, strength in glowing[cell]:
                overlay = pieces.glow(card, rotation, network)
                if strength < 1.0:
                    overlay = overlay.copy()
                    overlay.set_alpha(round(255 * strength))
                put(overlay, cx, cy)
        if not marked:
            return
        if cell in look.refused:
            put(pieces.piece(("refused",), lambda q: faces.tint(q, theme.REFUSED_TINT, 120)), cx, cy)
            put(pieces.piece(("refused rim",), lambda q: faces.outline(q, theme.REFUSED_TINT, 0.04)), cx, cy)
        if cell == look.laid:
            put(pieces.piece(("laid",), lambda q: faces.outline(q, theme.REACH_GLOW, 0.025, 200)), cx, cy)

    # Cards that may be taken (or are picked) come last: lifted on their rings, over their neighbours' edges.
    raised = look.pulse | look.picked
    for item in shown:
        if item[0] not in raised:
            put_card(*item)
    for item in shown:
        if item[0] in raised:
            put_card(*item)
    surface.fblits(batch)
    if look.chains and not look.calm and glow_upto >= len(look.glow):
        _draw_sparks(surface, faces, look.chains, centre, side, clock)

    if look.suggested:
        _draw_bulbs(surface, faces, look, centre, lifts, side, clock)

    if look.ghost is not None:
        card, rotation, cell = look.ghost
        if cell not in table:
            # A hint, not a laid card: smaller, see-through, floating a little, on the lit cell's golden slot.
            center = camera.center_of(cell)
            bob = 0.0 if look.calm else math.sin(clock * 2.4) * side * 0.03
            _blit_centred(surface, pieces.piece(("lit", 7), lambda q: faces.lit(q, 7)), center)
            draw_card_at(surface, faces, card, rotation, (center[0], center[1] - side * 0.04 + bob), side * GHOST_SIZE,
                         alpha=GHOST_ALPHA)
    return pieces.sharp


def card_mark(look: TableLook, cell: Cell) -> tuple[str, float]:
    """How a laid card on *cell* is marked: ("picked" | "suggested" | "takeable" | "", its resting lift as a
    share of the side). The three marks differ in more than colour: picked stands highest in a white ring,
    suggested keeps the takeable ring and height with a light bulb over it."""
    if cell in look.picked:
        return "picked", PICKED_LIFT
    if cell in look.suggested:
        return "suggested", LIFT
    if cell in look.pulse:
        return "takeable", LIFT
    return "", 0.0


def _draw_bulbs(surface: pygame.Surface, faces: CardFaces, look: TableLook,
                centre: Callable[[Cell], tuple[float, float] | None], lifts: Mapping[Cell, float], side: int,
                clock: float) -> None:
    """A light bulb on a soft disc over each suggested card's corner, bobbing gently."""
    px = max(8, round(side * BULB_SIZE))
    try:
        bulb = faces.art.icon("hint", px)
    except Exception:  # art missing: the disc alone still marks the card
        bulb = None
    for cell in sorted(look.suggested):
        here = centre(cell)
        if here is None:
            continue
        bob = 0.0 if look.calm else math.sin(clock * 3.0) * side * BULB_BOB
        at = (round(here[0] + side * 0.36), round(here[1] - lifts.get(cell, 0.0) - side * 0.36 - bob))
        pygame.draw.circle(surface, theme.TAKE_RING_EDGE, (at[0], at[1] + 2), px // 2 + 3)
        pygame.draw.circle(surface, theme.REACH_GLOW, at, px // 2 + 1)
        if bulb is not None:
            surface.blit(bulb, bulb.get_rect(center=at))


def _draw_sparks(surface: pygame.Surface, faces: CardFaces, chains: Sequence[tuple[Cell, ...]],
                 centre: Callable[[Cell], tuple[float, float] | None], side: int, clock: float) -> None:
    """Little stars running along each glowing path, from the card just laid to the card that may be taken."""
    star = faces.sparkle(max(6, round(side * SPARK_SIZE)))
    for k, chain in enumerate(chains):
        points = [centre(cell) for cell in chain]
        if len(points) < 2 or any(p is None for p in points):
            continue
        length = len(points) - 1
        for offset in (0.0, 0.5):
            run = (clock * SPARK_SPEED / length + offset + k * 0.17) % 1.0 * (length + 0.5)
            if run > length:
                continue  # a short rest at the far card before the next run
            i = min(length - 1, int(run))
            a, b = points[i], points[i + 1]
            assert a is not None and b is not None
            u = run - i
            _blit_centred(surface, star, (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u))


def glow_networks(table: Mapping[Cell, tuple[Card, int]],
                  glow: Sequence[tuple[Cell, str]]) -> list[tuple[Cell, int]]:
    """Which network of each card in a glowing chain lights up: (cell, network index, -1 for none).

    A card showing the treasure lights the network carrying it; a card between two treasures lights
    the network that joins a network already lit on a neighbouring card (so each chain should be
    listed from one treasure on, as ``PathJoined.cells`` are).
    """
    lit: list[tuple[Cell, int]] = []
    done: set[tuple[Cell, int]] = set()
    for cell, treasure in glow:
        laid = table.get(cell)
        if laid is None:
            lit.append((cell, -1))
            continue
        card, rotation = laid
        geometry = card.geometry(rotation % 4)
        index = geometry.net_of.get(treasure, -1)
        if index < 0:
            index = _joining(table, cell, geometry.nets, done)
        lit.append((cell, index))
        if index >= 0:
            done.add((cell, index))
    return lit


def _joining(table: Mapping[Cell, tuple[Card, int]], cell: Cell, nets: Sequence[int],
             done: set[tuple[Cell, int]]) -> int:
    """The first of *nets* (port masks on *cell*) whose path goes on into a network in *done*."""
    x, y = cell
    for k, mask in enumerate(nets):
        for port in MASK_PORTS[mask]:
            dx, dy, facing_port = PORT_STEPS[port]
            other = (x + dx, y + dy)
            laid = table.get(other)
            if laid is None:
                continue
            j = laid[0].geometry(laid[1] % 4).port_net[facing_port]
            if j >= 0 and (other, j) in done:
                return k
    return -1


def _glow_count(look: TableLook) -> float:
    """How many of the glow entries show (fractional: the last one fades in)."""
    n = len(look.glow)
    return max(0.0, min(1.0, look.glow_progress)) * n


def draw_card_at(surface: pygame.Surface, faces: CardFaces, card: Card, rotation: int,
                 center: tuple[float, float], side: float, angle: float = 0.0, alpha: int = 255,
                 sharp: bool = False) -> None:
    """*card* turned *rotation*, *side* pixels, centred on *center*, on its shadow (cards in flight).

    *angle* (degrees, clockwise) turns the whole face, pictures included, for a card turning on its
    way; *alpha* 0-255 makes it see-through. A card whose size changes from frame to frame (growing
    on its way to the table) is scaled from a face already rendered; once it keeps a size, that size
    is rendered sharp (*sharp* renders it at once: still pictures).
    """
    px = max(8, round(side))
    key = (card.text(), rotation % 4)
    face = faces.peek(card, rotation, px)
    if face is None:
        steady = faces.asked.get(key) == px
        if sharp or steady or not faces.has_near(card, rotation):
            face = faces.face(card, rotation, px)
        else:
            near = faces.face_near(card, rotation, px)
            face = _scaled(near, px, near.get_width())
    faces.asked[key] = px
    q = quantised(px)
    shadow = _scaled(faces.shadow(q), px, q)
    if angle % 360:
        face = pygame.transform.rotozoom(face, -angle, 1.0)
        shadow = pygame.transform.rotozoom(shadow, -angle, 1.0)
    elif alpha < 255:
        face = face.copy()
    if alpha < 255:
        face.set_alpha(max(0, int(alpha)))
        shadow = shadow.copy() if q == px else shadow
        shadow.set_alpha(max(0, int(alpha)) // 2)
    off = px * 0.05
    _blit_centred(surface, shadow, (center[0] + off * 0.6, center[1] + off))
    _blit_centred(surface, face, center)


__all__ = ["TableLook", "card_mark", "draw_table", "draw_card_at", "free_ring", "glow_networks"]
