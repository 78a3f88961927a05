"""The card game's rules pages: short texts, each beside a drawing of real cards in a telling position.

Every page is drawn with the card table's own painter (:mod:`doolhof.gui.cardtable`): the setup,
laying a card so a path goes on (C5), a path joining two same pictures and taking that card (C7),
a take refused because the table would fall apart (C7), drawing back up to two cards (C8) and the
end (C9). The positions are found in seeded games of the real deck, so they are real ones.

    pages = card_rules_pages()
    image = render_card_picture(pages[1].picture, faces, figures, (400, 400))
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol

import pygame

from doolhof.cards import Card, CardGame, PathJoined
from doolhof.cards.ports import Cell
from doolhof.gui.cardtable.camera import Camera
from doolhof.gui.cardtable.faces import CardFaces
from doolhof.gui.cardtable.painter import TableLook, draw_card_at, draw_table
from doolhof.gui.kit import theme
from doolhof.gui.rules.trays import draw_tray_row, draw_trophy, tray_rows
from doolhof.i18n import N_

Spot = tuple[float, float]


class FigureSource(Protocol):
    """Anything that draws the seats' figures and the icons (the rules screen's :class:`BoardArt`)."""

    def figure(self, seat: int, px: int) -> pygame.Surface:
        """Seat *seat*'s figure."""
        ...

    def icon(self, name: str, px: int) -> pygame.Surface:
        """A user-interface icon."""
        ...


@dataclass(frozen=True)
class CardTray:
    """A row of the end page: a figure and how many cards it took; *winner* gets a trophy."""

    seat: int
    cards: tuple[Card, ...]
    winner: bool = False


@dataclass(frozen=True)
class CardPicture:
    """What one card-game illustration shows: a table, the look over it, hands, the pile and arrows."""

    #: The cards on the table: cell -> (card, rotation).
    table: dict[Cell, tuple[Card, int]] = field(default_factory=dict)
    #: Lit cells, glowing path, pulsing, picked and refused cards (as the play screen shows them).
    look: TableLook = field(default_factory=TableLook)
    #: The hand near the bottom (face up), the seat it belongs to, and which card is chosen (raised).
    hand: tuple[Card, ...] = ()
    hand_seat: int = 0
    chosen: int | None = None
    chosen_rotation: int = 0
    #: Another player's hand, small at the top (face up: hands are open).
    other_hand: tuple[Card, ...] = ()
    other_seat: int = 1
    #: Cards left on the pile (a stack of backs at the right; 0: no pile).
    pile: int = 0
    #: A card on its way: (card, rotation, from, to); from/to are "hand0", "hand1", "pile", "tray" or a cell.
    flight: tuple[Card, int, str | Cell, str | Cell] | None = None
    #: Cards the mover took, shown as a little stack by its figure at the bottom left.
    taken: tuple[Card, ...] = ()
    #: The end page: rows of taken cards instead of a table.
    trays: tuple[CardTray, ...] = ()


# ----- the texts ------------------------------------------------------------------------------
CARD_TEXTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "cards_setup": (N_("The card game"), (
        N_("2 to 6 players · ages 7 and up"),
        N_("Four cards lie open on the table. Everyone holds two cards; the rest are the pile."),
        N_("Collect the most cards by joining paths from one picture to the same picture."),
    )),
    "cards_lay": (N_("Lay a card"), (
        N_("Lay one of your cards next to the table so that a path goes on."),
        N_("Tap the card to turn it: the bright places fit as it is turned now, the small rings fit "
           "when it is turned another way."),
    )),
    "cards_join": (N_("Join two same pictures"), (
        N_("Does a path now run from a picture on your new card to the same picture on another card? "
           "The path lights up."),
        N_("Take that card: it is a point for you. You may also take nothing."),
    )),
    "cards_split": (N_("The table stays in one piece"), (
        N_("You may not take a card if other cards would end up alone. The cards that would be cut "
           "off blink red, and the card stays."),
        N_("The card you just laid always stays."),
    )),
    "cards_draw": (N_("Draw back up to two"), (
        N_("After your turn, take cards from the pile until you hold two again. Then it is the next "
           "player's turn."),
    )),
    "cards_end": (N_("The end"), (
        N_("When the pile is empty and every card is laid, the game is over. Whoever took the most "
           "cards wins; a tie is a shared victory."),
        N_("Playing with a computer far away: each screen shows only its own hands, the undo button is "
           "off (the other computer has seen the move) and the light bulb helps only at its own screen."),
    )),
}
#: The order of the card game's pages.
CARD_ORDER: tuple[str, ...] = ("cards_setup", "cards_lay", "cards_join", "cards_split", "cards_draw", "cards_end")


# ----- the positions --------------------------------------------------------------------------
def _random_lays(seed: int, lays: int) -> CardGame:
    """A 2-player game after *lays* random lays in which nobody took anything."""
    rng = random.Random(seed)
    game = CardGame.new(players=2, seed=seed)
    for _ in range(lays):
        if game.phase == "take":
            game.take(set())
        game.place(rng.choice(game.legal_places()))
    if game.phase == "take":
        game.take(set())
    return game


@cache
def _joining() -> tuple[CardGame, CardGame, PathJoined]:
    """(before, after, join): a small table where a lay joins a picture through another card to a card
    that may be taken."""
    for seed in range(1, 400):
        for lays in (1, 2, 3):
            game = _random_lays(seed, lays)
            for place in game.legal_places():
                after = game.copy()
                joins = [e for e in after.place(place) if isinstance(e, PathJoined)]
                good = [j for j in joins if len(j.cells) == 3]
                if good and after.phase == "take" and len(joins) == 1:
                    return game, after, good[0]
    raise AssertionError("no seed joins a path")  # pragma: no cover - the deck is seeded


@cache
def _splitting() -> tuple[CardGame, Cell, str, frozenset[Cell]]:
    """(after a lay, a joined card that may not be taken, its treasure, the cards taking it would cut off)."""
    for seed in range(1, 400):
        for lays in (2, 3, 4):
            game = _random_lays(seed, lays)
            for place in game.legal_places():
                after = game.copy()
                after.place(place)
                if after.phase != "take":
                    continue
                laid = after.laid
                assert laid is not None
                for cell, names in after.joined().items():
                    if cell in after.takeable():
                        continue
                    layout = after.layout
                    kept = layout.reach(laid, (cell,))
                    cut = frozenset(layout.cards.keys() - kept - {cell})
                    if 1 <= len(cut) <= 2 and len(layout.cards) <= 9:
                        return after, cell, min(names), cut
    raise AssertionError("no seed refuses a take")  # pragma: no cover - the deck is seeded


def _chain(game: CardGame, start: Cell, treasure: str, target: Cell) -> tuple[tuple[Cell, str], ...]:
    return tuple((cell, treasure) for cell in game.layout.path(start, treasure, target))


def _setup() -> CardPicture:
    game = CardGame.new(players=2, seed=3)
    return CardPicture(dict(game.table), hand=game.hand(0), other_hand=game.hand(1), pile=game.pile_size)


def _lay() -> CardPicture:
    before, after, _join = _joining()
    laid = after.laid
    assert laid is not None
    card, rotation = after.table[laid]
    index = before.hand(before.current_player).index(card)
    places = [p for p in before.legal_places() if p.hand_index == index]
    lit = frozenset(p.cell for p in places if p.rotation == rotation)
    faint = frozenset(p.cell for p in places) - lit
    look = TableLook(lit=lit, faint=faint)
    return CardPicture(dict(before.table), look, hand=before.hand(before.current_player),
                       hand_seat=before.current_player, chosen=index, chosen_rotation=rotation,
                       flight=(card, rotation, f"hand{index}", laid))


def _join() -> CardPicture:
    _, after, join = _joining()
    target = join.cells[-1]
    look = TableLook(glow=_chain(after, join.cells[0], join.treasure, target), picked=frozenset({target}),
                     laid=join.cells[0])
    card, rotation = after.table[target]
    return CardPicture(dict(after.table), look, hand_seat=after.current_player,
                       flight=(card, rotation, target, "tray"), taken=(card,))


def _split() -> CardPicture:
    after, cell, treasure, cut = _splitting()
    laid = after.laid
    assert laid is not None
    look = TableLook(glow=_chain(after, laid, treasure, cell), picked=frozenset({cell}), refused=cut, laid=laid)
    return CardPicture(dict(after.table), look, hand_seat=after.current_player)


def _draw() -> CardPicture:
    game = _random_lays(5, 3)
    seat = game.current_player
    hand = game.hand(seat)
    top = game.pile[0]
    return CardPicture(dict(game.table), hand=hand[:1], hand_seat=seat, pile=game.pile_size,
                       flight=(top, 0, "pile", "hand1"))


def _end() -> CardPicture:
    game = CardGame.new(players=3, seed=9)
    cards = list(game.pile)
    return CardPicture(trays=(
        CardTray(0, tuple(cards[0:7]), True),
        CardTray(1, tuple(cards[7:12])),
        CardTray(2, tuple(cards[12:15])),
    ))


_BUILDERS = {
    "cards_setup": _setup, "cards_lay": _lay, "cards_join": _join, "cards_split": _split, "cards_draw": _draw,
    "cards_end": _end,
}


def card_picture(key: str) -> CardPicture:
    """The illustration of card page *key*."""
    return _BUILDERS[key]()


# ----- drawing --------------------------------------------------------------------------------
def render_card_picture(pic: CardPicture, faces: CardFaces, figures: FigureSource,
                        size: tuple[int, int]) -> pygame.Surface:
    """The illustration drawn as large as fits into *size* (a transparent surface of exactly that size)."""
    w, h = max(8, int(size[0])), max(8, int(size[1]))
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    if pic.trays:
        _draw_trays(surface, pic.trays, faces, figures)
        return surface
    short = min(w, h)
    hand_h = int(short * 0.26) if (pic.hand or pic.taken or pic.flight) else 0
    top_h = int(short * 0.16) if pic.other_hand else 0
    pile_w = int(short * 0.2) if pic.pile else 0
    area = pygame.Rect(0, top_h, w - pile_w, h - top_h - hand_h)
    camera = Camera()
    camera.set_area(area)
    camera.fit(pic.table, instant=True)
    draw_table(surface, camera, faces, pic.table, pic.look, 0.35)
    side = max(12, round(camera.side))
    card_px = max(12, min(int(hand_h * 0.8), int(side * 1.15))) if hand_h else side

    spots: dict[str, tuple[float, float]] = {}
    hand_y = h - hand_h / 2
    for k in range(2):
        lift = card_px * 0.16 if pic.chosen == k else 0.0
        spots[f"hand{k}"] = (w / 2 + (k - 0.5) * card_px * 1.15, hand_y - lift)
    # Taken cards stack up beside the figure (at the far right when a hand is shown).
    spots["tray"] = (hand_h * 1.25, hand_y) if not pic.hand else (w - hand_h * 0.55, hand_y)
    pile_spot = (w - pile_w / 2, h / 2 - hand_h / 2 + top_h / 2)
    layers = min(6, max(2, pic.pile // 6))
    spots["pile"] = (pile_spot[0] + layers * 2, pile_spot[1] - layers * 3)

    def where(spot: str | Cell) -> tuple[float, float]:
        if isinstance(spot, str):
            return spots.get(spot, (w / 2, h / 2))
        return camera.center_of(spot)

    if hand_h and pic.hand:
        for k in range(len(pic.hand), 2):  # an empty place in the hand, waiting for a card from the pile
            x, y = spots[f"hand{k}"]
            slot = faces.slot(card_px)
            surface.blit(slot, slot.get_rect(center=(round(x), round(y))))
    if pic.flight is not None:
        _draw_trail(surface, where(pic.flight[2]), where(pic.flight[3]), side)
    if hand_h:
        fig = figures.figure(pic.hand_seat, int(hand_h * 0.62))
        surface.blit(fig, fig.get_rect(center=(round(hand_h * 0.4), round(hand_y))))
        for k in range(2):
            x, y = spots[f"hand{k}"]
            if k >= len(pic.hand):
                continue
            turned = pic.chosen_rotation if pic.chosen == k else 0
            draw_card_at(surface, faces, pic.hand[k], turned, (x, y), card_px, sharp=True)
            if pic.chosen == k:
                rim = faces.outline(card_px, theme.REACH_RING, 0.05)
                surface.blit(rim, rim.get_rect(center=(round(x), round(y))))
        tray = spots["tray"]
        for k, card in enumerate(pic.taken):
            draw_card_at(surface, faces, card, 0, (tray[0] + k * 3, tray[1] - k * 3), card_px * 0.8, sharp=True)
    if pic.other_hand:
        px = int(top_h * 0.8)
        fig = figures.figure(pic.other_seat, int(top_h * 0.7))
        surface.blit(fig, fig.get_rect(center=(round(w / 2 - px * 1.6), round(top_h / 2))))
        for k, card in enumerate(pic.other_hand):
            draw_card_at(surface, faces, card, 0, (w / 2 + (k - 0.5) * px * 1.15, top_h / 2), px, sharp=True)
    if pic.pile:
        px = int(pile_w * 0.75)
        for k in range(layers):
            back = faces.back(px)
            surface.blit(back, back.get_rect(center=(round(pile_spot[0] + k * 2), round(pile_spot[1] - k * 3))))
    if pic.flight is not None:
        card, rotation, start, end = pic.flight
        a, b = where(start), where(end)
        if start == "pile":
            mid = (a[0] + (b[0] - a[0]) * 0.6, a[1] + (b[1] - a[1]) * 0.6)
            back = faces.back(int(card_px * 0.9))
            surface.blit(back, back.get_rect(center=(round(mid[0]), round(mid[1]))))
        elif end != "tray":  # a card being laid, halfway, turning a little on its way
            mid = (a[0] + (b[0] - a[0]) * 0.55, a[1] + (b[1] - a[1]) * 0.55)
            draw_card_at(surface, faces, card, rotation, mid, side * 0.92, angle=-12.0, sharp=True)
    if pic.look.refused:
        mark = figures.icon("cross", max(16, int(side * 0.5)))
        for cell in pic.look.picked:
            x, y = camera.center_of(cell)
            surface.blit(mark, mark.get_rect(center=(round(x + side * 0.32), round(y - side * 0.32))))
    return surface


def _draw_trail(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], cell: float) -> None:
    """A dotted golden arc from *a* to *b* with an arrowhead at *b*."""
    dist = math.dist(a, b)
    if dist < 4:
        return
    nx, ny = (b[1] - a[1]) / dist, -(b[0] - a[0]) / dist
    bend = dist * 0.18
    points = [(a[0] + (b[0] - a[0]) * t + nx * bend * math.sin(math.pi * t),
               a[1] + (b[1] - a[1]) * t + ny * bend * math.sin(math.pi * t)) for t in (k / 40 for k in range(41))]
    dot = max(2, int(cell // 16))
    gap = max(6.0, cell * 0.22)
    walked = gap
    for p, q in itertools.pairwise(points):
        walked += math.dist(p, q)
        if walked >= gap:
            walked = 0.0
            pygame.draw.circle(surface, theme.ARROW_OUTLINE, q, dot + max(1, dot // 2))
            pygame.draw.circle(surface, theme.ARROW, q, dot)
    (x0, y0), (x1, y1) = points[-3], points[-1]
    angle = math.atan2(y1 - y0, x1 - x0)
    size = cell * 0.3
    wing1 = (x1 - math.cos(angle - 0.5) * size, y1 - math.sin(angle - 0.5) * size)
    wing2 = (x1 - math.cos(angle + 0.5) * size, y1 - math.sin(angle + 0.5) * size)
    pygame.draw.polygon(surface, theme.ARROW, ((x1, y1), wing1, wing2))
    pygame.draw.polygon(surface, theme.ARROW_OUTLINE, ((x1, y1), wing1, wing2), width=max(2, dot // 2 + 1))


def _draw_trays(surface: pygame.Surface, trays: tuple[CardTray, ...], faces: CardFaces,
                figures: FigureSource) -> None:
    for tray, row in zip(trays, tray_rows(surface.get_size(), len(trays)), strict=True):
        row_h = row.h
        draw_tray_row(surface, row, tray.winner, figures.figure(tray.seat, int(row_h * 0.86)))
        # The cards side by side, so they can be counted: one row, or two when one would not fit.
        room = row.w - 2.1 * row_h  # between the figure and the trophy
        count = max(1, len(tray.cards))
        per_row = count
        px = min(row_h * 0.72, room / (count * 1.08))
        if px < row_h * 0.45 and count > 1:
            per_row = math.ceil(count / 2)
            px = min(row_h * 0.44, room / (per_row * 1.08))
        step = px * 1.08
        left = row.x + row_h * 1.05 + px / 2
        rows_used = math.ceil(count / per_row)
        for j, card in enumerate(tray.cards):
            r, c = divmod(j, per_row)
            y = row.centery + (r - (rows_used - 1) / 2) * step
            draw_card_at(surface, faces, card, j % 4, (left + c * step, y), px, sharp=True)
        if tray.winner:
            draw_trophy(surface, row, figures.icon("trophy", int(row_h * 0.78)))


__all__ = ["CARD_ORDER", "CARD_TEXTS", "CardPicture", "CardTray", "card_picture", "render_card_picture"]
