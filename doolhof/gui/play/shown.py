"""The side panel of the play screen: whose turn, what to find, the sliding card's slot, the trays.

Pure drawing helpers: they read a :class:`Shown` snapshot and the layout and paint; no state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from doolhof.engine import Board, Game
from doolhof.engine.board import Cell
from doolhof.gui.board.painter import BoardArt, _shade
from doolhof.gui.kit import theme
from doolhof.gui.kit.boxes import grid_fit
from doolhof.gui.kit.widgets import CARD, draw_card
from doolhof.gui.play.layout import PlayLayout

#: Where the screen keeps a figure it does not show (a puzzle's stand-in in seat 1): off the board.
OFF_BOARD: Cell = (-100, -100)


@dataclass
class Shown:
    """What the screen shows while nothing moves; it lags the game while animations play."""

    board: Board
    positions: list[Cell]
    spare: int
    spare_picture: str | None
    collected: list[list[str]]
    piles: list[int]
    current: int
    phase: str
    forbidden: tuple[str, int] | None
    target_picture: str | None
    #: True when the mover's target is their home corner (own piles, pile empty).
    target_home: bool
    winners: frozenset[int]
    #: True in the variants where each player has an own pile (the trays keep room for it).
    own_piles: bool = False

    def on_screen(self, seat: int) -> bool:
        """True when *seat*'s figure is shown (not parked at :data:`OFF_BOARD`)."""
        return self.positions[seat] != OFF_BOARD

    @classmethod
    def of(cls, game: Game, seats: int | None = None) -> Shown:
        """A snapshot of *game* as it stands; with *seats*, only the first *seats* figures are on screen.

        The others stand at :data:`OFF_BOARD`, so they are neither drawn nor shared a cell with.
        """
        own = game.variant.own_piles
        current = game.current_player
        picture = game.target_picture(current)
        outcome = game.outcome()
        return cls(
            board=game.board.copy(), positions=[p if seats is None or s < seats else OFF_BOARD
                                                for s, p in enumerate(game.positions)], spare=game.spare,
            spare_picture=game.spare_picture, collected=[list(c) for c in game.collected],
            piles=[len(game.pile(s)) for s in range(game.players)] if own else [0] * game.players,
            current=current, phase=game.phase, forbidden=game.forbidden, target_picture=picture,
            target_home=own and picture is None and not game.is_over(),
            winners=outcome.winners if outcome else frozenset(),
            own_piles=own,
        )


#: The panel's blocks: rounder than the parents' cards, on a deeper edge.
BLOCK = CARD.but(corner=8, least_radius=6, drop=40, least_drop=2)


def pile_width(size: int) -> int:
    """How wide the stack of face-down secrets at a tray's far end may be, for tokens of *size*.

    The stack packs its cards closer when there are many, so this room never changes in a game
    (collected tokens never shift, nor land on the stack).
    """
    return int(size * 0.56) + PILE_SPREAD * max(3, size // 7) + size // 5


#: The face-down stack spreads over at most this many card steps.
PILE_SPREAD = 3


def tray_parts(lay: PlayLayout, seat: int, slots: int,
               pile: bool = False) -> tuple[pygame.Rect, int, list[tuple[int, int]]]:
    """The portrait rect of *seat*'s tray, the token size and centres for *slots* tokens.

    *pile*: keep room at the far end for the stack of own secrets still to find.
    """
    tray = lay.trays[seat].inflate(-max(4, lay.trays[seat].h // 10), -max(4, lay.trays[seat].h // 10))
    if lay.wide or tray.w >= tray.h:
        side = min(tray.h, tray.w // 3)
        portrait = pygame.Rect(tray.x + side // 10, tray.centery - side // 2, side, side)
        area = pygame.Rect(portrait.right + side // 6, tray.y, tray.right - portrait.right - side // 6, tray.h)
    else:
        side = min(tray.w, tray.h // 3)
        portrait = pygame.Rect(tray.centerx - side // 2, tray.y + side // 10, side, side)
        area = pygame.Rect(tray.x, portrait.bottom + side // 6, tray.w, tray.bottom - portrait.bottom - side // 6)
    size = max(8, min(int(side * 0.72), area.h, area.w))
    if pile:
        area.w = max(size, area.w - pile_width(size) - size // 10)
        size = max(8, min(size, area.w))
    slots = max(1, slots)
    size, _rows, _per_row = token_grid(area.size, slots, size)
    pitch = size * TOKEN_PITCH
    # Rows as long as the size allows and the grid placed as if full: while the size stays, a token found never
    # moves when the next one lands (only a smaller size moves them).
    per_row = max(1, int((area.w - size) / pitch) + 1)
    rows = max(1, int((area.h - size) / pitch) + 1, -(-slots // per_row))
    top = area.centery - (rows - 1) * pitch / 2
    centres = [
        (round(area.x + size / 2 + (k % per_row) * pitch), round(top + (k // per_row) * pitch)) for k in range(slots)
    ]
    return portrait, size, centres


#: A token's place in the tray: the token and a little air to its neighbour, as a share of its size.
TOKEN_PITCH = 1.08


def token_grid(room: tuple[int, int], slots: int, most: int) -> tuple[int, int, int]:
    """(token size, rows, tokens per row) of the grid that shows *slots* tokens biggest in *room*, at most *most*
    pixels each: every token whole and apart, so a child sees and counts what they found (no overlapping
    blob); fewer rows when two grids give the same size."""
    return grid_fit(room, slots, most, TOKEN_PITCH)


def tray_slots(shown: Shown, seat: int) -> int:
    """How many token places a tray lays out (room for one more than it holds)."""
    return max(4, len(shown.collected[seat]) + 1)


def draw_trays(surface: pygame.Surface, lay: PlayLayout, shown: Shown, view: BoardArt,
               computers: Sequence[bool], raised: int | None, far_opacity: Sequence[int] = ()) -> None:
    """Every player's tray: portrait, robot badge, collected tokens, own pile left.

    *far_opacity* gives, per seat of an online game, 0 for a seat played here, else the opacity of its
    far-away figure (255, or less while the far side is away); the figure then wears the far-away badge.
    """
    for seat, rect in enumerate(lay.trays):
        color = view.color(seat)
        current = seat == raised
        box = tray_box(rect, current)
        draw_card(surface, box, theme.PANEL if current else theme.PANEL_DARK, shape=BLOCK)
        if current:
            pygame.draw.rect(surface, color, box, width=max(3, rect.h // 14), border_radius=max(6, box.h // 6))
        portrait, size, centres = tray_parts(lay, seat, tray_slots(shown, seat), shown.own_piles)
        pygame.draw.circle(surface, _shade(color, 0.55), portrait.center, portrait.w // 2)
        pygame.draw.circle(surface, color, portrait.center, portrait.w // 2 - max(2, portrait.w // 14))
        figure = view.figure(seat, int(portrait.w * 0.86))
        opacity = far_opacity[seat] if seat < len(far_opacity) else 0
        if 0 < opacity < 255:
            figure = figure.copy()
            figure.set_alpha(opacity)
        surface.blit(figure, figure.get_rect(center=portrait.center))
        badge = view.robot(max(12, portrait.w // 2)) if computers[seat] else (
            view.far_badge(max(12, portrait.w // 2)) if opacity else None)
        if badge is not None:
            surface.blit(badge, badge.get_rect(center=(portrait.right - badge.get_width() // 5,
                                                      portrait.bottom - badge.get_height() // 5)))
        for picture, centre in zip(shown.collected[seat], centres):
            token = view.token(picture, size)
            surface.blit(token, token.get_rect(center=centre))
        left = shown.piles[seat]
        if left:
            _draw_pile(surface, box, left, size)


def pile_cards(box: pygame.Rect, count: int, size: int) -> list[pygame.Rect]:
    """The rects of the face-down secrets still to find: a little stack at the far end of tray *box*."""
    w, h = int(size * 0.56), int(size * 0.76)
    step = max(3, size // 7) * PILE_SPREAD / max(PILE_SPREAD, count - 1)
    base = pygame.Rect(0, 0, w, h)
    base.bottomright = (box.right - size // 5, box.centery + h // 2)
    return [base.move(-round(k * step), 0) for k in range(count)]


def tray_box(rect: pygame.Rect, current: bool) -> pygame.Rect:
    """The drawn block of a tray in slot *rect* (the current player's is raised to the full slot)."""
    return rect if current else rect.inflate(-max(4, rect.w // 30), -max(4, rect.h // 10))


def _draw_pile(surface: pygame.Surface, box: pygame.Rect, count: int, size: int) -> None:
    """The face-down secrets still to find, as a little stack at the tray's far end."""
    for card in pile_cards(box, count, size):
        w = card.w
        pygame.draw.rect(surface, theme.INK, card, border_radius=max(3, w // 6))
        pygame.draw.rect(surface, theme.PANEL_BACK, card.inflate(-4, -4), border_radius=max(3, w // 6))


def draw_spare_slot(surface: pygame.Surface, lay: PlayLayout) -> None:
    """The place where the sliding card rests."""
    draw_card(surface, lay.spare_box, theme.PANEL_DARK, shape=BLOCK)
    pygame.draw.rect(surface, theme.HEDGE_DARK, lay.spare, border_radius=max(6, lay.spare.w // 8))


def draw_turn_block(surface: pygame.Surface, lay: PlayLayout, shown: Shown, view: BoardArt,
                    seat: int, pop: float = 1.0, opacity: int = 255) -> None:
    """The big portrait of whose turn it is, in their colour (*pop* scales it for the hand-over and the
    far side's breathing; *opacity* fades the figure while the far side is away)."""
    color = view.color(seat)
    rect = lay.portrait
    radius = max(8, int(rect.w / 2 * pop))
    pygame.draw.circle(surface, _shade(color, 0.5), rect.center, radius)
    pygame.draw.circle(surface, color, rect.center, max(4, radius - max(3, rect.w // 18)))
    pygame.draw.circle(surface, _shade(color, 1.3), rect.center, max(4, radius - max(3, rect.w // 18)),
                       width=max(2, rect.w // 30))
    figure = view.figure(seat, max(8, int(rect.w * 0.84 * pop)))
    if opacity < 255:
        figure = figure.copy()
        figure.set_alpha(opacity)
    surface.blit(figure, figure.get_rect(center=rect.center))


def draw_target(surface: pygame.Surface, lay: PlayLayout, shown: Shown, view: BoardArt,
                home_mask: int, pop: float = 1.0, hidden: bool = False) -> None:
    """The secret to find, large: its picture on a card, or the mover's home corner (*hidden*: the far
    side's own secret, shown face down)."""
    rect = lay.target
    card = rect.inflate(-rect.w // 14, -rect.h // 14)
    draw_card(surface, card, theme.PANEL, shape=BLOCK)
    pygame.draw.rect(surface, theme.REACH_RING, card, width=max(3, card.w // 28), border_radius=max(6, card.w // 8))
    px = max(8, int(card.w * 0.78 * pop))
    if hidden:  # face down, as the secrets wait in the trays
        back = card.inflate(-card.w // 4, -card.h // 6)
        pygame.draw.rect(surface, theme.INK, back, border_radius=max(4, back.w // 6))
        pygame.draw.rect(surface, theme.PANEL_BACK, back.inflate(-6, -6), border_radius=max(4, back.w // 6))
    elif shown.target_picture is not None:
        picture = view.picture(shown.target_picture, px)
        surface.blit(picture, picture.get_rect(center=card.center))
    elif shown.target_home:
        color = view.color(shown.current)
        tile = view.corridor(home_mask, px, True, color)
        surface.blit(tile, tile.get_rect(center=card.center))
        figure = view.figure(shown.current, int(px * 0.55))
        surface.blit(figure, figure.get_rect(center=card.center))
