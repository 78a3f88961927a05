"""Little pictures of maze cards for the screens around the card game (setup, settings, end).

Not the card table's faces (those are :mod:`doolhof.gui.cardtable`): these are small and simple, a
hedge square with sand corridors from each port (two per side, C2) to the middle of its network and
the treasures on them, or a face-down card. They are drawn straight onto the target surface.

>>> import pygame
>>> surface = pygame.Surface((60, 60))
>>> draw_card_face(surface, pygame.Rect(0, 0, 60, 60), [((0, 5), ())])
>>> surface.get_at((20, 30))[:3] == theme.PATH   # the corridor from port 0 (north) to port 5 (south)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art

#: Where each port meets its side, as fractions of the card (x, y): two per side, clockwise from the
#: north side's western one (see docs/cards.md).
PORT_SPOTS: dict[int, tuple[float, float]] = {
    0: (1 / 3, 0.0), 1: (2 / 3, 0.0), 2: (1.0, 1 / 3), 3: (1.0, 2 / 3),
    4: (2 / 3, 1.0), 5: (1 / 3, 1.0), 6: (0.0, 2 / 3), 7: (0.0, 1 / 3),
}
#: How far a corridor runs straight in from its port before it bends to the middle of its network.
INWARD = 0.24

#: One network of a card: its open ports (already turned) and the treasures on it.
Net = tuple[Iterable[int], Sequence[str]]


def card_nets(networks: Iterable[tuple[Iterable[int], Iterable[str]]], rotation: int = 0) -> list[Net]:
    """The networks of a card (``(ports, treasures)`` pairs, e.g. from a :class:`doolhof.cards.Card`)
    turned by *rotation* quarter turns clockwise, treasures in a fixed order."""
    return [(tuple((p + 2 * rotation) % 8 for p in ports), tuple(sorted(treasures))) for ports, treasures in networks]


def _inward(port: int) -> tuple[float, float]:
    x, y = PORT_SPOTS[port]
    if y == 0.0:
        return x, INWARD
    if y == 1.0:
        return x, 1 - INWARD
    if x == 0.0:
        return INWARD, y
    return 1 - INWARD, y


def draw_card_face(surface: pygame.Surface, rect: pygame.Rect, nets: Sequence[Net], art: Art | None = None,
                   alpha: int = 255) -> None:
    """A face-up card in *rect*: hedge, a corridor from every port to the middle of its network, treasures."""
    if rect.width < 4 or rect.height < 4:
        return
    side = min(rect.width, rect.height)
    image = pygame.Surface(rect.size, pygame.SRCALPHA)
    box = image.get_rect()
    radius = max(2, side // 9)
    pygame.draw.rect(image, theme.HEDGE, box, border_radius=radius)
    pygame.draw.rect(image, theme.HEDGE_LIGHT, box.inflate(-max(2, side // 10), -max(2, side // 10)),
                     width=max(1, side // 40), border_radius=radius)
    wide = max(3, int(side * 0.2))
    rim = max(1, side // 28)

    def at(point: tuple[float, float]) -> tuple[int, int]:
        return round(point[0] * (box.width - 1)), round(point[1] * (box.height - 1))

    spots: list[tuple[tuple[int, int], Sequence[str], list[tuple[int, int]]]] = []
    for ports, treasures in nets:
        ports = tuple(ports)
        if not ports:
            continue
        inner = [_inward(p) for p in ports]
        hub: tuple[float, float]
        if len(ports) == 1:  # a dead end: it runs on to the middle, where its treasure lies
            x, y = inner[0]
            hub = (x + (0.5 - x) * 0.55, y + (0.5 - y) * 0.55)
        else:
            hub = (sum(p[0] for p in inner) / len(inner), sum(p[1] for p in inner) / len(inner))
        lines = [[at(PORT_SPOTS[p]), at(q), at(hub)] for p, q in zip(ports, inner)]
        for color, width in ((theme.PATH_EDGE, wide + 2 * rim), (theme.PATH, wide)):
            for points in lines:
                pygame.draw.lines(image, color, False, points, width)
                for point in points[1:]:
                    pygame.draw.circle(image, color, point, width // 2)
        spots.append((at(hub), treasures, [at(q) for q in inner]))
    if art is not None:
        px = max(4, int(side * 0.3))
        for middle, treasures, ends in spots:
            places = [middle] if len(treasures) == 1 else [*ends[: len(treasures)], middle][: len(treasures)]
            if len(treasures) == 2 and len(ends) < 2:
                places = [middle, ends[0]]
            for name, point in zip(treasures, places):
                pygame.draw.circle(image, theme.PLATE, point, int(px * 0.6))
                try:
                    picture = art.picture(name, px)
                except Exception:  # a missing picture leaves its plate empty, never a crash
                    continue
                image.blit(picture, picture.get_rect(center=point))
    if alpha < 255:
        image.set_alpha(alpha)
    surface.blit(image, rect)


def draw_card_back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A face-down card in *rect*: dark hedge with a sand rim and a little maze knot in the middle."""
    if rect.width < 4 or rect.height < 4:
        return
    side = min(rect.width, rect.height)
    radius = max(2, side // 9)
    pygame.draw.rect(surface, theme.HEDGE_DARK, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.PATH_SHADE, rect.inflate(-max(2, side // 8), -max(2, side // 8)),
                     width=max(1, side // 22), border_radius=radius)
    ring = max(2, side // 5)
    pygame.draw.circle(surface, theme.HEDGE_LIGHT, rect.center, ring, max(1, side // 18))
    pygame.draw.circle(surface, theme.PATH_SHADE, rect.center, max(1, ring // 3))
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=max(1, side // 40), border_radius=radius)


def draw_pile(surface: pygame.Surface, rect: pygame.Rect, layers: int) -> pygame.Rect:
    """A pile of *layers* face-down cards standing in *rect* (bottom-aligned); returns the top card's rect."""
    layers = max(1, layers)
    side = max(2, int(min(rect.width, rect.height / (1 + (layers - 1) / 14))))
    step = max(1, side // 14)
    card = pygame.Rect(0, 0, side, side)
    top = card
    for k in range(layers):
        top = card.copy()
        top.midbottom = (rect.centerx, rect.bottom - k * step)
        draw_card_back(surface, top)
    return top
