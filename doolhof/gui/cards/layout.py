"""Where everything of the card game's screen goes: pure functions of the window size and seat count.

The table (the camera's area) takes the big part of the window; the side panel takes the rest:
to the right in a wide window, below in a tall one, like the maze game's play screen. The panel
holds, in reading order, a strip of corner icons (hint, sound, menu), the turn block (the big
figure of whose turn it is and the pile as a stack of backs; while a person here takes, the calm
"done" button that ends the turn taking nothing stands in the pile's place), the hand block (the
current hand, two big cards, with the round rotate button; while taking, the big "take these"
place where the cards lay, and nothing where rotate was) and one small seat panel per player
(figure, small hand, tray of taken cards).

Nothing here draws or needs a display: the rects are plain :class:`pygame.Rect` values.

>>> lay = card_layout((1280, 800), 4)
>>> lay.wide, lay.hand[0].w >= 100, len(lay.seats)
(True, True, 4)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from doolhof.gui.kit.boxes import least_tap, pair, stack

#: Gap between window edge, table and panel, as a fraction of the short window side.
PAD = 0.012
#: Corner icon slots, from the far corner inwards (the maze screen's names: the parents' layer finds "menu").
CORNER_ICONS = ("menu", "sound", "hint")


@dataclass(frozen=True)
class SeatPanel:
    """One seat's small panel: its *box*, the *figure* disc, two *hand* slots and the *tray* area."""

    box: pygame.Rect
    figure: pygame.Rect
    hand: tuple[pygame.Rect, pygame.Rect]
    tray: pygame.Rect


@dataclass(frozen=True)
class CardLayout:
    """The rects of one window size. Coordinates are window pixels."""

    window: pygame.Rect
    #: True: panel right of the table; False: panel below it.
    wide: bool
    #: The part of the window the table (camera) may use.
    table: pygame.Rect
    #: The whole side panel.
    panel: pygame.Rect
    #: The block with the big figure and the pile.
    turn_box: pygame.Rect
    #: The big figure of whose turn it is.
    portrait: pygame.Rect
    #: Where the pile's stack stands (its bottom card).
    pile: pygame.Rect
    #: The block holding the hand (or, while taking, the take buttons).
    hand_box: pygame.Rect
    #: The two big hand slots.
    hand: tuple[pygame.Rect, pygame.Rect]
    #: The round rotate button beside the hand.
    rotate: pygame.Rect
    #: The big "take these" button (while taking, where the hand cards lay; before a pick an inert place that
    #: only nudges the glowing cards).
    take: pygame.Rect
    #: The calm "done" button: end the turn taking nothing (while taking; in the turn block, in the pile's place).
    done: pygame.Rect
    #: The hand block's part right of "take these", where rotate was: no control while taking (the far player's
    #: thinking figure while they choose a take).
    aside: pygame.Rect
    #: One small panel per seat.
    seats: tuple[SeatPanel, ...]
    #: Small corner icons by name (see :data:`CORNER_ICONS`).
    icons: dict[str, pygame.Rect]

    @property
    def card(self) -> int:
        """The side of a big hand card in pixels."""
        return self.hand[0].w


def card_layout(window: tuple[int, int], players: int) -> CardLayout:
    """The layout for a *window* (w, h) and *players* seats (tiny windows give tiny, valid rects)."""
    w, h = max(1, window[0]), max(1, window[1])
    pad = max(4, round(min(w, h) * PAD))
    wide = w >= h
    if wide:
        panel_w = max(min(260, w // 2), int(w * 0.3))
        panel = pygame.Rect(w - panel_w - pad, pad, panel_w, max(1, h - 2 * pad))
        table = pygame.Rect(pad, pad, max(1, panel.x - 2 * pad), max(1, h - 2 * pad))
    else:
        panel_h = max(min(300, h // 2), int(h * 0.36))
        panel = pygame.Rect(pad, h - panel_h - pad, max(1, w - 2 * pad), panel_h)
        table = pygame.Rect(pad, pad, max(1, w - 2 * pad), max(1, panel.y - 2 * pad))
    gap = max(3, pad)
    least = least_tap((w, h))
    icon = max(least, min(56, min(panel.w, panel.h) // 6))
    strip = pygame.Rect(panel.x, panel.y, panel.w, icon)
    icons = {
        name: pygame.Rect(strip.right - (k + 1) * icon - k * gap // 2, strip.y, icon, icon)
        for k, name in enumerate(CORNER_ICONS)
    }
    body = pygame.Rect(panel.x, strip.bottom + gap, panel.w, max(1, panel.bottom - strip.bottom - gap))
    if wide:
        turn_h = int(body.h * 0.2)
        hand_h = int(body.h * 0.3)
        turn = pygame.Rect(body.x, body.y, body.w, turn_h)
        hand_box = pygame.Rect(body.x, turn.bottom + gap, body.w, hand_h)
        seats_area = pygame.Rect(body.x, hand_box.bottom + gap, body.w, max(1, body.bottom - hand_box.bottom - gap))
        seats = stack(seats_area, players, gap, vertical=True, least=8)
    else:
        # Icons share the strip's row with the turn block: the figure and pile sit left of the icons.
        top_h = int(body.h * 0.55)
        turn = pygame.Rect(body.x, body.y, int(body.w * 0.34), top_h)
        hand_box = pygame.Rect(turn.right + gap, body.y, body.right - turn.right - gap, top_h)
        seats_area = pygame.Rect(body.x, turn.bottom + gap, body.w, max(1, body.bottom - turn.bottom - gap))
        seats = stack(seats_area, players, gap, vertical=False, least=8)
    inner = max(3, min(turn.w, turn.h) // 14)
    portrait, pile = pair(turn.inflate(-2 * inner, -2 * inner), gap * 2, 1.0, 0.8)
    hand_inner = hand_box.inflate(-2 * inner, -2 * inner)
    side = max(8, int(min(hand_inner.h, (hand_inner.w - 2 * gap) / 2.5)))
    rot = max(8, min(hand_inner.h, max(least, int(side * 0.5))))  # a fingertip's size even beside small cards
    side = max(8, min(side, (hand_inner.w - rot - 2 * gap) // 2))
    total = 2 * side + rot + 2 * gap
    x = hand_inner.centerx - total // 2
    hand = (
        pygame.Rect(x, hand_inner.centery - side // 2, side, side),
        pygame.Rect(x + side + gap, hand_inner.centery - side // 2, side, side),
    )
    rotate = pygame.Rect(hand[1].right + gap, hand_inner.centery - rot // 2, rot, rot)
    # While taking, "take these" lies where the hand cards lay and nothing where rotate was; "done" stands in
    # for the pile beside the big figure, where no control of the lay step ever was: a finger that stays
    # where it turned the card never finds a control that means something else (see docs/gui.md).
    take = pygame.Rect(hand[0].x, hand_inner.y, max(8, hand[1].right - hand[0].x), hand_inner.h)
    aside = pygame.Rect(take.right + gap, hand_inner.y, max(8, hand_inner.right - take.right - gap), hand_inner.h)
    turn_inner = turn.inflate(-2 * inner, -2 * inner)
    room = pygame.Rect(portrait.right + gap, turn_inner.y, max(8, turn_inner.right - portrait.right - gap),
                       turn_inner.h)
    done_side = max(8, min(room.w, room.h, max(pile.w, int(portrait.w * 0.9))))
    done = pygame.Rect(0, 0, done_side, done_side)
    done.center = pile.center
    done.clamp_ip(room)
    return CardLayout(
        window=pygame.Rect(0, 0, w, h), wide=wide, table=table, panel=panel, turn_box=turn, portrait=portrait,
        pile=pile, hand_box=hand_box, hand=hand, rotate=rotate, take=take, done=done, aside=aside,
        seats=tuple(_seat_panel(rect) for rect in seats), icons=icons,
    )


def _seat_panel(rect: pygame.Rect) -> SeatPanel:
    """A seat's figure, small hand and tray inside its slot *rect* (a row when wide, a column when tall)."""
    box = rect.inflate(-max(2, rect.w // 40), -max(2, rect.h // 12))
    inner = box.inflate(-max(4, box.h // 8), -max(4, box.h // 8))
    if inner.w >= inner.h * 1.6:
        side = max(6, min(inner.h, inner.w // 5))  # a fifth: the tray keeps room to show many cards apart
        figure = pygame.Rect(inner.x, inner.centery - side // 2, side, side)
        card = max(5, int(side * 0.7))
        gap = max(2, side // 10)
        y = inner.centery - card // 2
        first = pygame.Rect(figure.right + gap * 2, y, card, card)
        second = pygame.Rect(first.right + gap, y, card, card)
        tray = pygame.Rect(second.right + gap * 3, inner.y, max(6, inner.right - second.right - gap * 3), inner.h)
    else:
        side = max(6, min(inner.w // 2, inner.h // 3))
        figure = pygame.Rect(inner.centerx - side // 2, inner.y, side, side)
        card = max(5, min(int(side * 0.8), (inner.w - 4) // 2))
        gap = max(2, side // 10)
        y = figure.bottom + gap
        x = inner.centerx - card - gap // 2
        first = pygame.Rect(x, y, card, card)
        second = pygame.Rect(first.right + gap, y, card, card)
        tray = pygame.Rect(inner.x, first.bottom + gap * 2, inner.w, max(6, inner.bottom - first.bottom - gap * 2))
    return SeatPanel(box=box, figure=figure, hand=(first, second), tray=tray)
