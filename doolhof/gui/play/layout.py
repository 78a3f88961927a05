"""Where everything of the play screen goes: pure functions of the window and board size.

The board (with a band for the yellow arrows around it, never shallower than a tap target, so the drawn
arrows fill their tap targets) fills the short side of the window;
the side panel takes the rest: to the right in a wide window, below in a tall one. The panel
holds, in reading order, the turn block (big portrait of whose turn it is and the picture they
look for), the sliding-card block (the spare and its rotate button) and the players' trays. A
strip of small corner icons (sound, hint, parent menu) sits at the panel's far corner.

Nothing here draws or needs a display: the rects are plain :class:`pygame.Rect` values.

>>> lay = play_layout((1280, 800), 5, 2)
>>> lay.wide, lay.cell >= 64
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

import pygame

from doolhof.engine.board import Cell
from doolhof.gui.board.painter import BAND, arrow_rect, cluster_offset
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.boxes import pair as _pair
from doolhof.gui.kit.boxes import stack as _stack

#: Gap between window edge, board and panel, as a fraction of the short window side.
PAD = 0.012
#: Corner icon slots, from the far corner inwards.
CORNER_ICONS = ("menu", "sound", "hint")
#: A puzzle's corner icons: the game's, and the way back to the puzzle book.
PUZZLE_ICONS = (*CORNER_ICONS, "book")


@dataclass(frozen=True)
class PlayLayout:
    """The rects of one window size. Coordinates are window pixels."""

    window: pygame.Rect
    #: True: panel right of the board; False: panel below it.
    wide: bool
    #: Cells per board side (5 Junior, 7 Classic).
    size: int
    #: Edge of one cell in pixels.
    cell: int
    #: Depth of the arrow band in pixels.
    band: int
    #: The cells only.
    board: pygame.Rect
    #: The board plus the arrow band around it.
    frame: pygame.Rect
    #: The whole side panel.
    panel: pygame.Rect
    #: The block holding portrait and target (drawn as one panel).
    turn_box: pygame.Rect
    #: The block holding the spare and its round button.
    spare_box: pygame.Rect
    #: The turn block: big portrait of the mover.
    portrait: pygame.Rect
    #: The picture the mover looks for.
    target: pygame.Rect
    #: The sliding card's home spot.
    spare: pygame.Rect
    #: The round button beside the spare (rotate while pushing, stay while walking).
    rotate: pygame.Rect
    #: One tray per seat.
    trays: tuple[pygame.Rect, ...]
    #: Small corner icons by name (see :data:`CORNER_ICONS`).
    icons: dict[str, pygame.Rect]

    def cell_rect(self, cell: tuple[float, float]) -> pygame.Rect:
        """The rect of board cell (row, col); fractional and outside cells are allowed."""
        r, c = cell
        return pygame.Rect(
            round(self.board.x + c * self.cell), round(self.board.y + r * self.cell), self.cell, self.cell
        )

    def cell_center(self, cell: tuple[float, float]) -> tuple[float, float]:
        """The centre of (row, col) in pixels; fractional and outside cells are allowed."""
        r, c = cell
        return (self.board.x + (c + 0.5) * self.cell, self.board.y + (r + 0.5) * self.cell)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The board cell under *pos*, or None."""
        if not self.board.collidepoint(pos):
            return None
        return ((pos[1] - self.board.y) // self.cell, (pos[0] - self.board.x) // self.cell)

    def entry_cell(self, side: str, index: int) -> tuple[float, float]:
        """Where a card waits to go in at (side, index): centred on the arrow band, just off the board.

        Fractional (row, col), e.g. about (-0.8, 1) for the north arrow of column 1.
        """
        off = 0.5 + self.band / (2 * self.cell)
        last = self.size - 1
        return {"N": (-off, index), "S": (last + off, index), "W": (index, -off), "E": (index, last + off)}[side]

    def arrow_rect(self, side: str, index: int) -> pygame.Rect:
        """Where the arrow for (side, index) is drawn: one cell wide, the band deep."""
        return arrow_rect(self.board, self.cell, self.band, side, index)

    def arrow_hit(self, side: str, index: int) -> pygame.Rect:
        """The generous hit area of an arrow: its slot, widened, and reaching a little onto the board.

        Arrows only count while pushing, when the board cells themselves do nothing.
        """
        rect = self.arrow_rect(side, index)
        grow = self.cell // 5
        return rect.inflate(2 * grow, 2 * grow).clip(self.frame)


def play_layout(window: tuple[int, int], size: int, players: int,
                icons: tuple[str, ...] = CORNER_ICONS) -> PlayLayout:
    """The layout for a *window* (w, h), a board of *size* cells, *players* trays and the corner *icons*."""
    w, h = max(1, window[0]), max(1, window[1])
    pad = max(6, round(min(w, h) * PAD))
    wide_side, tall_side = _board_side(w, h, pad, True), _board_side(h, w, pad, True)
    wide = wide_side >= tall_side
    side = wide_side if wide else tall_side
    cell = max(8, int(side / (size + 2 * BAND)))
    band = round(cell * BAND)
    least = least_tap((w, h))
    if band < least:  # the arrows fill their tap targets (the big board in a small window): the cells give way
        band = least
        cell = max(8, int((side - 2 * band) / size))
    frame_side = size * cell + 2 * band
    if wide:
        frame = pygame.Rect(pad, (h - frame_side) // 2, frame_side, frame_side)
        panel = pygame.Rect(frame.right + pad, pad, w - frame.right - 2 * pad, h - 2 * pad)
    else:
        frame = pygame.Rect((w - frame_side) // 2, pad, frame_side, frame_side)
        panel = pygame.Rect(pad, frame.bottom + pad, w - 2 * pad, h - frame.bottom - 2 * pad)
    board = pygame.Rect(frame.x + band, frame.y + band, size * cell, size * cell)
    blocks = _panel_blocks(panel, wide, players, pad, icons, least_tap((w, h)))
    return PlayLayout(
        window=pygame.Rect(0, 0, w, h), wide=wide, size=size, cell=cell, band=band, board=board,
        frame=frame, panel=panel, **blocks,
    )


def _board_side(long: int, short: int, pad: int, _wide: bool) -> int:
    """The frame side when the panel sits along the *long* axis next to the board."""
    panel_min = max(190, int(long * 0.28))
    return max(40, min(short - 2 * pad, long - panel_min - 3 * pad))


class _PanelBlocks(TypedDict):
    """The panel's rects, named as :class:`PlayLayout` names them."""

    turn_box: pygame.Rect
    spare_box: pygame.Rect
    portrait: pygame.Rect
    target: pygame.Rect
    spare: pygame.Rect
    rotate: pygame.Rect
    trays: tuple[pygame.Rect, ...]
    icons: dict[str, pygame.Rect]


def _panel_blocks(panel: pygame.Rect, wide: bool, players: int, pad: int,
                  names: tuple[str, ...] = CORNER_ICONS, least: int = 32) -> _PanelBlocks:
    """Split the panel into icon strip, turn block, spare block and trays; an icon is at least *least* pixels."""
    icon = max(least, min(56, min(panel.w, panel.h) // 6))
    gap = max(4, pad)
    # The icon strip runs along the panel's top edge, icons packed into the far (right) corner.
    strip = pygame.Rect(panel.x, panel.y, panel.w, icon)
    icons = {
        name: pygame.Rect(strip.right - (k + 1) * icon - k * gap // 2, strip.y, icon, icon)
        for k, name in enumerate(names)
    }
    body = pygame.Rect(panel.x, strip.bottom + gap, panel.w, panel.bottom - strip.bottom - gap)
    if wide:
        turn_h = int(body.h * 0.30)
        spare_h = int(body.h * 0.27)
        turn = pygame.Rect(body.x, body.y, body.w, turn_h)
        spare_block = pygame.Rect(body.x, turn.bottom + gap, body.w, spare_h)
        trays_area = pygame.Rect(body.x, spare_block.bottom + gap, body.w, body.bottom - spare_block.bottom - gap)
        trays = _stack(trays_area, players, gap, vertical=True)
    else:
        top_h = int(body.h * 0.55)
        turn = pygame.Rect(body.x, body.y, body.w // 2 - gap // 2, top_h)
        spare_block = pygame.Rect(turn.right + gap, body.y, body.right - turn.right - gap, top_h)
        trays_area = pygame.Rect(body.x, turn.bottom + gap, body.w, body.bottom - turn.bottom - gap)
        trays = _stack(trays_area, players, gap, vertical=False)
    inner = max(4, min(turn.w, turn.h) // 16)
    portrait, target = _pair(turn.inflate(-2 * inner, -2 * inner), gap, 1.0, 1.0)
    spare, rotate = _pair(spare_block.inflate(-2 * inner, -2 * inner), gap, 1.0, 0.55)
    return {"turn_box": turn, "spare_box": spare_block, "portrait": portrait, "target": target, "spare": spare,
            "rotate": rotate, "trays": trays, "icons": icons}


def figure_spot(lay: PlayLayout, positions: list[Cell], seat: int) -> tuple[float, float]:
    """Where *seat*'s figure stands on *positions* (several on one cell stand apart)."""
    dx, dy = cluster_offset(positions, seat)
    x, y = lay.cell_center(positions[seat])
    return (x + dx * lay.cell, y + dy * lay.cell)
