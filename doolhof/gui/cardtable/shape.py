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
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from doolhof.cards.card import Card
from doolhof.cards.ports import MASK_PORTS

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
PATH_WIDTH: Final = 0.17
#: The dark rim on each side of a corridor.
PATH_RIM: Final = 0.022
#: How far a path runs straight into the card before it bends.
STRAIGHT: Final = 0.2
#: The largest picture, as a share of the side (its half is the radius of its plate).
MAX_PICTURE: Final = 0.42
#: Samples per Bezier arm when the layout is judged (drawing samples more finely).
JUDGE_SAMPLES: Final = 9


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


def _separate(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[Point, Point]:
    """Hubs for two networks, nudged from their natural places until the networks stand clear apart."""
    nat = [_natural_hub(a), _natural_hub(b)]
    hubs = list(nat)

    def score(h: list[Point]) -> float:
        gap = _gap(_points(_arms(a, h[0])), _points(_arms(b, h[1])))
        value = min(gap, WANTED_GAP) * 4 - 0.3 * (_dist(h[0], nat[0]) + _dist(h[1], nat[1]))
        for p in h:
            value -= max(0.0, 0.2 - _edge_room(p)) * 6  # a hub hugging the edge squeezes its picture
        return value

    best = score(hubs)
    step = 0.08
    moves = [(math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)) for k in range(8)]
    while step > 0.01:
        improved = False
        for which in (0, 1):
            for mx, my in moves:
                trial = list(hubs)
                trial[which] = (hubs[which][0] + mx * step, hubs[which][1] + my * step)
                if not (0.08 < trial[which][0] < 0.92 and 0.08 < trial[which][1] < 0.92):
                    continue
                value = score(trial)
                if value > best + 1e-6:
                    best, hubs, improved = value, trial, True
        if not improved:
            step /= 2
    return hubs[0], hubs[1]


def _candidates(net: NetShape) -> list[Point]:
    """Points on a network's path where a picture may sit (not at its openings)."""
    found = [net.hub]
    for arm in net.arms:
        found.extend(arm.at(t) for t in (0.35, 0.45, 0.55, 0.65, 0.75, 0.85, 0.93))
    return found


def _room(p: Point, others: list[Point], openings: list[Point]) -> float:
    """Half the size of the biggest picture at *p* that keeps off the other network, the edge and the openings."""
    other = _gap([p], others) - PATH_WIDTH / 2 - PATH_RIM - 0.025 if others else 1.0
    edge = _edge_room(p) - 0.045
    door = _gap([p], openings) - 0.1
    return max(0.02, min(other, edge, door, MAX_PICTURE / 2))


def _place_pictures(net: NetShape, others: list[Point], openings: list[Point]) -> dict[str, tuple[Point, float]]:
    names = sorted(net.treasures)
    if not names:
        return {}
    cands = _candidates(net)
    rooms = [_room(p, others, openings) for p in cands]
    if len(names) == 1:
        k = max(range(len(cands)), key=lambda i: rooms[i] - 0.15 * _dist(cands[i], net.hub))
        return {names[0]: (cands[k], rooms[k] * 2)}
    best = (-1.0, 0, 0)
    for i in range(len(cands)):
        for j in range(i + 1, len(cands)):
            half = min(rooms[i], rooms[j], _dist(cands[i], cands[j]) / 2 - 0.01)
            # Of equally roomy places, prefer pictures side by side near the hub.
            value = min(half, 0.17) * 4 + half - 0.05 * (_dist(cands[i], net.hub) + _dist(cands[j], net.hub))
            if value > best[0]:
                best = (value, i, j)
    _, i, j = best
    half = max(0.02, min(rooms[i], rooms[j], _dist(cands[i], cands[j]) / 2 - 0.01))
    first, second = sorted((cands[i], cands[j]))  # the western (or northern) picture gets the first name
    return {names[0]: (first, half * 2), names[1]: (second, half * 2)}


@lru_cache(maxsize=1024)
def card_shape(card: Card, rotation: int) -> CardShape:
    """The drawn layout of *card* turned *rotation* quarter turns clockwise (remembered)."""
    geometry = card.geometry(rotation % 4)
    ports = [MASK_PORTS[m] for m in geometry.nets]
    if len(ports) == 2:
        hubs = list(_separate(ports[0], ports[1]))
    else:
        hubs = [_natural_hub(ports[0])]
    nets = tuple(
        NetShape(k, ports[k], _arms(ports[k], hubs[k]), hubs[k], len(ports[k]) >= 3, geometry.treasures[k])
        for k in range(len(ports))
    )
    pictures: dict[str, tuple[Point, float]] = {}
    openings = [PORT_XY[p] for net in nets for p in net.ports]
    for net in nets:
        others = [pt for o in nets if o is not net for pt in _points(o.arms)]
        pictures.update(_place_pictures(net, others, openings))
    return CardShape(nets, pictures)


__all__ = ["Arm", "CardShape", "NetShape", "PORT_XY", "PORT_IN", "PATH_WIDTH", "PATH_RIM", "card_shape"]
