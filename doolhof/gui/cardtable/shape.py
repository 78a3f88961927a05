"""Where a card's paths and pictures lie, in unit coordinates (0..1 across the card, y down).

The ports sit at 1/3 and 2/3 of each side (C2). Every network's paths are drawn as smooth
Bezier arms from its ports to a *hub*: a single port ends there (a dead end), two ports make one
smooth corridor through it, three or more meet on a little round square. On a card with two
networks the hubs are nudged apart until the two networks keep a clear band of hedge between them,
and the pictures are then placed on their own network's path, as big as they can be without
touching the other network, the card's edge or each other.

The layout depends only on the turned port masks and the treasures, so it is computed once per
(card, rotation) and remembered. Everything here is plain arithmetic (no pygame).

>>> from doolhof.cards import Card
>>> shape = card_shape(Card.from_text("07:apple|34:fish,key"), 0)
>>> len(shape.networks), sorted(shape.pictures)
(2, ['apple', 'fish', 'key'])
>>> all(0.0 < x < 1.0 and 0.0 < y < 1.0 for (x, y), _ in shape.pictures.values())
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from doolhof.cards.card import Card

Point = tuple[float, float]

#: Where each port position lies on the card (unit square, y down), clockwise from the north's western one.
PORT_XY: Final[tuple[Point, ...]] = (
    (1 / 3, 0.0), (2 / 3, 0.0), (1.0, 1 / 3), (1.0, 2 / 3), (2 / 3, 1.0), (1 / 3, 1.0), (0.0, 2 / 3), (0.0, 1 / 3),
)
#: The direction into the card at each port.
PORT_IN: Final[tuple[Point, ...]] = (
    (0.0, 1.0), (0.0, 1.0), (-1.0, 0.0), (-1.0, 0.0), (0.0, -1.0), (0.0, -1.0), (1.0, 0.0), (1.0, 0.0),
)
#: Width of a corridor (the sand), as a share of the card's side.
PATH_WIDTH: Final = 0.155
#: The dark rim on each side of a corridor.
PATH_RIM: Final = 0.022
#: How far a path runs straight into the card before it bends.
STRAIGHT: Final = 0.2
#: The largest picture, as a share of the side (its half is the radius of its plate).
MAX_PICTURE: Final = 0.42
#: Samples per Bezier arm when the layout is judged (drawing samples more finely).
JUDGE_SAMPLES: Final = 7


@dataclass(frozen=True)
class Arm:
    """One Bezier arm of a network: four control points, from a port (p0) to the hub (p3)."""

    p0: Point
    p1: Point
    p2: Point
    p3: Point

    def at(self, t: float) -> Point:
        """The point at parameter *t* (0 at the port, 1 at the hub)."""
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        return (a * self.p0[0] + b * self.p1[0] + c * self.p2[0] + d * self.p3[0],
                a * self.p0[1] + b * self.p1[1] + c * self.p2[1] + d * self.p3[1])

    def samples(self, n: int) -> list[Point]:
        """*n* + 1 points evenly in t from the port to the hub."""
        return [self.at(k / n) for k in range(n + 1)]


@dataclass(frozen=True)
class NetShape:
    """One network as drawn: its ports (turned), arms, hub, and whether the hub is a round square."""

    index: int
    ports: tuple[int, ...]
    arms: tuple[Arm, ...]
    hub: Point
    plaza: bool
    treasures: frozenset[str]
    spurs: tuple[tuple[Point, Point], ...] = ()


@dataclass(frozen=True)
class CardShape:
    """A card turned one way as drawn: its networks and each picture's (centre, size), unit coordinates."""

    networks: tuple[NetShape, ...]
    pictures: dict[str, tuple[Point, float]]

    def network_of(self, treasure: str) -> NetShape | None:
        """The drawn network carrying *treasure*, or None."""
        for net in self.networks:
            if treasure in net.treasures:
                return net
        return None


def _add(a: Point, b: Point, k: float = 1.0) -> Point:
    return (a[0] + b[0] * k, a[1] + b[1] * k)


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _norm(v: Point) -> Point:
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n) if n > 1e-9 else (0.0, 0.0)


def _natural_hub(ports: tuple[int, ...]) -> Point:
    """Where the network's hub lies before two networks are pushed apart."""
    if len(ports) == 1:
        return _add(PORT_XY[ports[0]], PORT_IN[ports[0]], 0.36)
    inner = [_add(PORT_XY[p], PORT_IN[p], STRAIGHT) for p in ports]
    cx = sum(x for x, _ in inner) / len(inner)
    cy = sum(y for _, y in inner) / len(inner)
    if len(ports) == 2:
        return (cx, cy)
    pull = 0.6  # three or more arms meet nearer the middle, so none of them is cramped
    return (0.5 + (cx - 0.5) * pull, 0.5 + (cy - 0.5) * pull)


def _arms(ports: tuple[int, ...], hub: Point) -> tuple[Arm, ...]:
    """The Bezier arms from each port to *hub* (two ports: one smooth corridor through it)."""
    starts = [PORT_XY[p] for p in ports]
    outs = [_add(PORT_XY[p], PORT_IN[p], STRAIGHT) for p in ports]
    if len(ports) == 1:
        p0, p1 = starts[0], _add(starts[0], PORT_IN[ports[0]], STRAIGHT * 0.7)
        mid = ((p1[0] + hub[0]) / 2, (p1[1] + hub[1]) / 2)
        return (Arm(p0, p1, mid, hub),)
    if len(ports) == 2:
        d = _norm((outs[1][0] - outs[0][0], outs[1][1] - outs[0][1]))
        reach = min(0.16, _dist(outs[0], hub) * 0.6, _dist(outs[1], hub) * 0.6)
        return (Arm(starts[0], outs[0], _add(hub, d, -reach), hub),
                Arm(starts[1], outs[1], _add(hub, d, reach), hub))
    return tuple(
        Arm(s, o, (hub[0] + (o[0] - hub[0]) * 0.35, hub[1] + (o[1] - hub[1]) * 0.35), hub)
        for s, o in zip(starts, outs)
    )


def _points(arms: tuple[Arm, ...]) -> list[Point]:
    return [pt for arm in arms for pt in arm.samples(JUDGE_SAMPLES)]


def _gap(a: list[Point], b: list[Point]) -> float:
    """The smallest distance between two point clouds."""
    best = 4.0
    for ax, ay in a:
        for bx, by in b:
            d = (ax - bx) * (ax - bx) + (ay - by) * (ay - by)
            if d < best:
                best = d
    return math.sqrt(best)


def _edge_room(p: Point) -> float:
    return min(p[0], p[1], 1 - p[0], 1 - p[1])


#: The clear band wanted between two networks' centre lines: two half corridors, two rims and hedge.
WANTED_GAP: Final = PATH_WIDTH + 2 * PATH_RIM + 0.2


def _room(p: Point, others: list[Point], openings: list[Point]) -> float:
    """Half the size of the biggest picture at *p* that keeps off the other network, the edge and the openings."""
    other = _gap([p], others) - PATH_WIDTH / 2 - PATH_RIM - 0.015 if others else 1.0
    edge = _edge_room(p) - 0.035
    door = _gap([p], openings) - 0.07
    return max(0.0, min(other, edge, door, MAX_PICTURE / 2))


#: A hub layout scoring this well (a clear gap and roomy pictures) is not searched further.
GOOD_ENOUGH: Final = 4 * WANTED_GAP + 0.3
#: Pairs of offsets from a hub where two pictures could sit side by side (judged while hubs move).
PAIR_OFFSETS: Final[tuple[Point, ...]] = ((0.15, 0.0), (0.0, 0.15), (0.106, 0.106), (0.106, -0.106))


def _separate(a: tuple[int, ...], b: tuple[int, ...], pictured: list[int]) -> tuple[Point, Point]:
    """Hubs for two networks, nudged from their natural places until the networks stand clear apart
    and each network's pictures have room round its hub."""
    nat = [_natural_hub(a), _natural_hub(b)]
    openings = [PORT_XY[p] for p in (*a, *b)]

    def score(h: list[Point]) -> float:
        pa, pb = _points(_arms(a, h[0])), _points(_arms(b, h[1]))
        gap = _gap(pa, pb)
        value = min(gap, WANTED_GAP) * 4 - 0.3 * (_dist(h[0], nat[0]) + _dist(h[1], nat[1]))
        for k, (hub, other) in enumerate(((h[0], pb), (h[1], pa))):
            if pictured[k] == 1:
                value += 3 * min(_room(hub, other, openings), 0.14)
            elif pictured[k] == 2:
                room = max(min(_room(_add(hub, d), other, openings), _room(_add(hub, d, -1), other, openings))
                           for d in PAIR_OFFSETS)
                value += 3 * min(room, 0.13)
        for p in h:
            value -= max(0.0, 0.2 - _edge_room(p)) * 6  # a hub hugging the edge squeezes its picture
        return value

    def clamp(p: Point) -> Point:
        return (min(0.85, max(0.15, p[0])), min(0.85, max(0.15, p[1])))

    # Start from the natural places and from each hub pushed away from the other (the search is local).
    away = _norm((nat[0][0] - nat[1][0], nat[0][1] - nat[1][1]))
    starts = [nat, [clamp(_add(nat[0], away, 0.25)), nat[1]], [nat[0], clamp(_add(nat[1], away, -0.25))]]
    best = _descend(starts[0], score)
    if best[0] < GOOD_ENOUGH:  # cramped: try the other starts too
        best = max([best, *(_descend(start, score) for start in starts[1:])], key=lambda f: f[0])
    return best[1]


def _descend(hubs: list[Point], score: Callable[[list[Point]], float]) -> tuple[float, tuple[Point, Point]]:
    """Move the two hubs step by step while the score grows; returns the best score and hubs."""
    best = score(hubs)
    step = 0.08
    while step > 0.012:
        improved = False
        for which in (0, 1):
            for mx, my in MOVES:
                trial = list(hubs)
                trial[which] = (hubs[which][0] + mx * step, hubs[which][1] + my * step)
                if not (0.08 < trial[which][0] < 0.92 and 0.08 < trial[which][1] < 0.92):
                    continue
                value = score(trial)
                if value > best + 1e-6:
                    best, hubs, improved = value, trial, True
        if not improved:
            step /= 2
    return best, (hubs[0], hubs[1])


MOVES: Final = tuple((math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)) for k in range(8))


#: The grid of places a picture may sit on (symmetric under quarter turns).
GRID: Final[tuple[Point, ...]] = tuple((0.1 + 0.8 * i / 16, 0.1 + 0.8 * j / 16) for i in range(17) for j in range(17))
#: Two pictures on one network may overlap their plates a little (the drawings are round-ish inside them).
OVERLAP: Final = 1.12
#: A picture this far (or farther) from its path's centre line gets a little side path to it.
SPUR_FROM: Final = PATH_WIDTH * 0.3


def _nearest(p: Point, points: list[Point]) -> Point:
    return min(points, key=lambda q: (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2)


def _spur_clear(p: Point, own: list[Point], others: list[Point]) -> bool:
    """True when a side path from the nearest point of the own path to *p* keeps off the other network."""
    if not others:
        return True
    q = _nearest(p, own)
    line = [(q[0] + (p[0] - q[0]) * t / 6, q[1] + (p[1] - q[1]) * t / 6) for t in range(7)]
    return _gap(line, others) > PATH_WIDTH + 2 * PATH_RIM + 0.03


def _place_pictures(net: NetShape, others: list[Point], openings: list[Point]) -> dict[str, tuple[Point, float]]:
    """Each treasure's (centre, size): as big as the room allows, on or just beside its own path."""
    names = sorted(net.treasures)
    if not names:
        return {}
    own = _points(net.arms)
    spots: list[tuple[Point, float, float]] = []  # (place, room, distance off the path)
    for p in (net.hub, *GRID):
        off = _gap([p], own)
        if off > 0.3:
            continue
        room = _room(p, others, openings)
        if room < 0.04 or (off > SPUR_FROM and not _spur_clear(p, own, others)):
            continue
        spots.append((p, room, off))
    if not spots:
        spots = [(net.hub, 0.04, 0.0)]

    def cost(off: float, p: Point) -> float:
        # A picture on its path is best; a short side path is fine when it makes the picture bigger.
        return 0.2 * max(0.0, off - 0.02) + 0.05 * _dist(p, net.hub)

    if len(names) == 1:
        p, room, off = max(spots, key=lambda s: min(s[1], MAX_PICTURE / 2) - cost(s[2], s[0]))
        return {names[0]: (p, room * 2)}
    spots.sort(key=lambda s: s[1] - cost(s[2], s[0]), reverse=True)
    spots = spots[:70]
    best: tuple[float, int, int] = (-9.0, 0, 0)
    for i in range(len(spots)):
        pi, ri, oi = spots[i]
        for j in range(i + 1, len(spots)):
            pj, rj, oj = spots[j]
            half = min(ri, rj, _dist(pi, pj) / 2 * OVERLAP, 0.19)
            value = half - cost(oi, pi) - cost(oj, pj)
            if value > best[0]:
                best = (value, i, j)
    _, i, j = best
    half = max(0.02, min(spots[i][1], spots[j][1], _dist(spots[i][0], spots[j][0]) / 2 * OVERLAP, 0.19))
    first, second = sorted((spots[i][0], spots[j][0]))  # the western (or northern) picture gets the first name
    return {names[0]: (first, half * 2), names[1]: (second, half * 2)}


def _spurs(net: NetShape, pictures: dict[str, tuple[Point, float]]) -> tuple[tuple[Point, Point], ...]:
    """Little side paths from the network's path to pictures that sit beside it."""
    own = [pt for arm in net.arms for pt in arm.samples(24)]
    found = []
    for name in sorted(net.treasures):
        p, _ = pictures[name]
        if _gap([p], own) > SPUR_FROM:
            found.append((_nearest(p, own), p))
    return tuple(found)


def _turn(p: Point, rotation: int) -> Point:
    """*p* turned *rotation* quarter turns clockwise about the card's centre (y down)."""
    x, y = p
    for _ in range(rotation % 4):
        x, y = 1 - y, x
    return (x, y)


def _turned(shape: CardShape, rotation: int) -> CardShape:
    """The same drawing turned: paths and picture places move, the pictures themselves stay upright."""
    if rotation % 4 == 0:
        return shape

    def arm(a: Arm) -> Arm:
        return Arm(_turn(a.p0, rotation), _turn(a.p1, rotation), _turn(a.p2, rotation), _turn(a.p3, rotation))

    nets = tuple(
        NetShape(n.index, tuple((p + 2 * rotation) % 8 for p in n.ports), tuple(arm(a) for a in n.arms),
                 _turn(n.hub, rotation), n.plaza, n.treasures,
                 tuple((_turn(a, rotation), _turn(b, rotation)) for a, b in n.spurs))
        for n in shape.networks
    )
    pictures = {name: (_turn(p, rotation), size) for name, (p, size) in shape.pictures.items()}
    return CardShape(nets, pictures)


Layout = tuple[tuple[Point, ...], dict[str, tuple[Point, float]]]


def _pictures_for(ports: list[tuple[int, ...]], hubs: list[Point],
                  treasures: list[frozenset[str]]) -> dict[str, tuple[Point, float]]:
    nets = [NetShape(k, ports[k], _arms(ports[k], hubs[k]), hubs[k], len(ports[k]) >= 3, treasures[k])
            for k in range(len(ports))]
    pictures: dict[str, tuple[Point, float]] = {}
    openings = [PORT_XY[p] for net in nets for p in net.ports]
    for net in nets:
        others = [pt for o in nets if o is not net for pt in _points(o.arms)]
        pictures.update(_place_pictures(net, others, openings))
    return pictures


def compute_layout(card: Card) -> Layout:
    """Work out where *card*'s hubs and pictures lie, unturned (slow: tens of milliseconds).

    The deck's layouts are worked out ahead (:mod:`doolhof.gui.cardtable.deck_layouts`).
    """
    ports = [tuple(sorted(n.ports)) for n in card.networks]
    treasures = [n.treasures for n in card.networks]
    if len(ports) == 1:
        hubs = [_natural_hub(ports[0])]
        return tuple(hubs), _pictures_for(ports, hubs, treasures)
    hubs = list(_separate(ports[0], ports[1], [len(t) for t in treasures]))
    pictures = _pictures_for(ports, hubs, treasures)
    return tuple(hubs), pictures


def build_shape(card: Card, layout: Layout) -> CardShape:
    """The drawing of *card* unturned from its hubs and pictures (quick)."""
    hubs, pictures = layout
    nets = [
        NetShape(k, tuple(sorted(n.ports)), _arms(tuple(sorted(n.ports)), hubs[k]), hubs[k], len(n.ports) >= 3,
                 n.treasures)
        for k, n in enumerate(card.networks)
    ]
    nets = [NetShape(n.index, n.ports, n.arms, n.hub, n.plaza, n.treasures, _spurs(n, pictures)) for n in nets]
    return CardShape(tuple(nets), dict(pictures))


@lru_cache(maxsize=256)
def _upright(card: Card) -> CardShape:
    """The drawing of *card* unturned (every rotation is this one turned, so a card looks the same each way)."""
    from doolhof.gui.cardtable.deck_layouts import LAYOUTS

    layout = LAYOUTS.get(card.text())
    return build_shape(card, layout if layout is not None else compute_layout(card))


@lru_cache(maxsize=1024)
def card_shape(card: Card, rotation: int) -> CardShape:
    """The drawn layout of *card* turned *rotation* quarter turns clockwise (worked out once per card)."""
    return _turned(_upright(card), rotation % 4)


__all__ = ["Arm", "CardShape", "NetShape", "PORT_XY", "PORT_IN", "PATH_WIDTH", "PATH_RIM", "card_shape"]
