"""Pointer gestures on the play screen become intents: turn the card, push here, walk there.

One pointer counts (see :mod:`~doolhof.gui.kit.pointer`; pressing, dragging and tapping follow
:mod:`~doolhof.gui.kit.press`, like the card game's play screen). A press picks what it is on (the card, the
round button, an arrow, the figure, a lit cell, a corner icon); moving farther than
:data:`DRAG_START` turns it into a drag of the card or the figure; the release decides:

- a tap acts when released on what it pressed: turn the card, push at the arrow (or gently
  refuse a closed one), walk to the cell (the figure's own cell, or the figure: stay), press the icon.
  The round button turns the card and is there only while pushing: after the push nothing takes its
  place, so a tap more where it was does nothing (a control never changes meaning under a finger);
- a dragged card snaps to the nearest open arrow within reach and goes in there when let go;
  let go elsewhere it flies back (and a closed arrow nearby shakes);
- a dragged figure is held to the corridors: it sits on (glides to) the lit cell nearest the
  finger, with the corridor path from its cell traced; let go, it walks there; let go away from
  the lit cells, it goes back and stays put.

:class:`Gestures` keeps only the gesture state and returns intents (small frozen dataclasses);
the play scene applies them. It never changes the game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Protocol

from doolhof.engine import Game
from doolhof.engine.board import Cell
from doolhof.gui.kit.press import (
    DRAG_START,
    CardBack,
    IconTable,
    OnIcon,
    Press,
    PressGestures,
    PressIcon,
    TurnCard,
    icon_pressed,
)
from doolhof.gui.play.layout import PlayLayout, figure_spot
from doolhof.gui.play.shown import Shown

Point = tuple[float, float]

#: A dragged card snaps to an arrow whose entry slot is within this many cells.
SNAP_REACH = 1.05
#: A dragged figure holds to a lit cell while the finger is within this many cells of that cell's edge.
HOLD_REACH = 0.5
#: How quickly a held figure glides to its cell (per second; larger is snappier).
HOLD_GLIDE = 18.0


@dataclass(frozen=True)
class PushAt:
    """Push at (side, index); *dropped*: the card was let go on the arrow (it goes in from there, no travel)."""

    side: str
    index: int
    dropped: bool = False


@dataclass(frozen=True)
class Refuse:
    """A closed arrow was asked for: it shakes gently."""

    side: str
    index: int


@dataclass(frozen=True)
class WalkTo:
    """Walk the mover to *cell*; *put_down* is the screen point a held figure was let go at (else None)."""

    cell: Cell
    put_down: Point | None = None


@dataclass(frozen=True)
class FigureBack:
    """A held figure was let go away from the lit cells: it goes back from *pos* and stays put."""

    pos: Point


Intent = TurnCard | PushAt | Refuse | WalkTo | CardBack | FigureBack | PressIcon

#: What a press can be on that needs no further words: the sliding card, the round button ("rotate",
#: only while pushing), the mover's figure.
Part = Literal["spare", "rotate", "figure"]


@dataclass(frozen=True)
class OnArrow:
    """The arrow at (side, index)."""

    side: str
    index: int


@dataclass(frozen=True)
class OnCell:
    """A lit board cell."""

    cell: Cell


#: What a press is on.
Target = Part | OnArrow | OnCell | OnIcon


class Table(IconTable, Protocol):
    """What gestures read from the play scene (besides whether a person may act, and the corner icons)."""

    layout: PlayLayout
    game: Game
    shown: Shown


@dataclass
class HeldFigure:
    """The figure in the finger: the lit *cell* it sits on (None: off the lit cells) and the *path* there.

    *spot* is where it is drawn, in fractional (row, col), gliding towards *cell* (or its own cell).
    """

    home: Cell
    spot: tuple[float, float]
    cell: Cell | None = None
    path: tuple[Cell, ...] = ()

    @property
    def goal(self) -> Cell:
        """The cell the figure glides to: the held cell, else its own."""
        return self.cell if self.cell is not None else self.home


class Gestures(PressGestures[Table, Target, Intent]):
    """The state of the one pointer on the play screen: a press, and a drag of the card or the figure."""

    def __init__(self) -> None:
        """Nothing pressed."""
        #: The finger down and what it is on. None: no press.
        self.press: Press[Target] | None = None
        #: "spare" or "figure" while dragging, else None.
        self.drag: str | None = None
        #: The finger's last position during a drag.
        self.pos: tuple[int, int] = (0, 0)
        #: The open arrow a dragged card would go in at, or None.
        self.snap: tuple[str, int] | None = None
        #: The dragged figure, or None.
        self.held: HeldFigure | None = None

    def reset(self) -> None:
        """Forget the press and any drag (no intent: the scene is leaving, or the game was replaced)."""
        self.press = None
        self.drag = None
        self.snap = None
        self.held = None

    def active(self) -> bool:
        """True while a finger is down on something."""
        return self.press is not None or self.drag is not None

    # ----- events --------------------------------------------------------------------------
    def _move(self, press: Press[Target], pos: tuple[int, int], table: Table) -> list[Intent]:
        on = press.on
        moved = math.dist(press.pos, pos) > DRAG_START
        if on == "spare" and (moved or self.drag == "spare"):
            self.drag = "spare"
            self._follow(pos, table)
        elif on == "figure" and (moved or self.drag == "figure"):
            if self.drag != "figure":
                self.drag = "figure"
                self.held = self._pick_up(table)
            self._follow(pos, table)
        return []

    def _follow(self, pos: tuple[int, int], table: Table) -> None:
        if self.drag == "spare":
            self.pos = pos
            self.snap = nearest_arrow(table.layout, table.game.legal_arrows(), pos)
        elif self.drag == "figure":
            self.pos = pos
            self._hold(table)

    def _drags(self, on: Target) -> bool:
        return on == "spare" or on == "figure"

    def hit(self, pos: tuple[int, int], table: Table) -> Target | None:
        """What a press at *pos* would act on now (icons aside)."""
        lay = table.layout
        game = table.game
        if game.phase == "push":
            if lay.spare.collidepoint(pos):
                return "spare"
            if lay.rotate.collidepoint(pos):
                return "rotate"
            for side, index in game.arrows():
                if lay.arrow_hit(side, index).collidepoint(pos):
                    return OnArrow(side, index)
            return None
        if math.dist(figure_spot(lay, table.shown.positions, game.current_player), pos) < lay.cell * 0.42:
            return "figure"
        cell = lay.cell_at(pos)
        if cell is not None and cell in game.reachable():
            return OnCell(cell)
        return None

    def _tap(self, press: Press[Target], pos: tuple[int, int], table: Table) -> list[Intent]:
        """A press released without dragging: act if it was released on what it pressed."""
        on = press.on
        if isinstance(on, OnIcon):
            return [PressIcon(on.name)] if icon_pressed(table.layout, on, pos) else []
        if self.hit(pos, table) != on:
            return []
        game = table.game
        if on == "spare" or on == "rotate":
            return [TurnCard(1)]
        if isinstance(on, OnArrow):
            side, index = on.side, on.index
            return [PushAt(side, index)] if (side, index) in game.legal_arrows() else [Refuse(side, index)]
        if isinstance(on, OnCell):
            return [WalkTo(on.cell)]
        return [WalkTo(game.positions[game.current_player])]  # the figure tapped: stay put

    def _release(self, pos: tuple[int, int] | None, table: Table) -> list[Intent]:
        """End a drag: push or walk where it was let go, or send the card or figure back."""
        drag, held, snap = self.drag, self.held, self.snap
        last = self.pos
        self.reset()
        lay = table.layout
        game = table.game
        if drag == "spare":
            if pos is not None and snap is not None and snap in game.legal_arrows():
                return [PushAt(*snap, dropped=True)]
            intents: list[Intent] = []
            near = nearest_arrow(lay, game.arrows(), pos) if pos is not None else None
            if near is not None and near not in game.legal_arrows():
                intents.append(Refuse(*near))
            intents.append(CardBack(last))
            return intents
        if drag == "figure" and held is not None:
            at = lay.cell_center(held.spot)
            if pos is not None and held.cell is not None and held.cell in game.reachable():
                return [WalkTo(held.cell, put_down=at)]
            return [FigureBack(at)]
        return []

    # ----- the held figure -----------------------------------------------------------------
    def _pick_up(self, table: Table) -> HeldFigure:
        lay = table.layout
        seat = table.game.current_player
        x, y = figure_spot(lay, table.shown.positions, seat)
        spot = ((y - lay.board.y) / lay.cell - 0.5, (x - lay.board.x) / lay.cell - 0.5)
        return HeldFigure(home=table.game.positions[seat], spot=spot)

    def _hold(self, table: Table) -> None:
        """Sit the held figure on the lit cell nearest the finger (or nowhere, off the lit cells)."""
        held = self.held
        if held is None:
            return
        game = table.game
        cell = nearest_lit_cell(table.layout, game.reachable(), self.pos)
        if cell != held.cell:
            held.cell = cell
            held.path = (game.board.path(held.home, cell) or ()) if cell is not None else ()

    def update(self, dt: float) -> None:
        """Let a held figure glide towards its cell (*dt* seconds)."""
        held = self.held
        if held is None:
            return
        gr, gc = held.goal
        r, c = held.spot
        if math.dist((r, c), (gr, gc)) < 0.01:
            held.spot = (float(gr), float(gc))
            return
        u = 1.0 - math.exp(-HOLD_GLIDE * max(0.0, dt))
        held.spot = (r + (gr - r) * u, c + (gc - c) * u)

    def gliding(self) -> bool:
        """True while a held figure is still on its way to its cell (frames are needed)."""
        held = self.held
        return held is not None and held.spot != (float(held.goal[0]), float(held.goal[1]))

    def figure_at(self, lay: PlayLayout) -> Point:
        """Where the held figure is drawn under *lay* (its spot is in cells, so a resize keeps it in place)."""
        assert self.held is not None
        return lay.cell_center(self.held.spot)


def nearest_arrow(lay: PlayLayout, arrows: list[tuple[str, int]] | tuple[tuple[str, int], ...],
                  pos: tuple[int, int]) -> tuple[str, int] | None:
    """The arrow of *arrows* under *pos*, else the one whose entry slot is nearest, within :data:`SNAP_REACH`."""
    best, best_d = None, lay.cell * SNAP_REACH
    for side, index in arrows:
        if lay.arrow_hit(side, index).collidepoint(pos):
            return (side, index)
        d = math.dist(lay.cell_center(lay.entry_cell(side, index)), pos)
        if d < best_d:
            best, best_d = (side, index), d
    return best


def nearest_lit_cell(lay: PlayLayout, lit: frozenset[Cell] | set[Cell], pos: Point) -> Cell | None:
    """The lit cell nearest *pos*, when *pos* is within :data:`HOLD_REACH` cells of it; else None."""
    best: Cell | None = None
    best_d = math.inf
    for cell in lit:
        d = math.dist(lay.cell_center(cell), pos)
        if d < best_d or (d == best_d and best is not None and cell < best):
            best, best_d = cell, d
    if best is None:
        return None
    margin = round(lay.cell * HOLD_REACH)
    return best if lay.cell_rect(best).inflate(2 * margin, 2 * margin).collidepoint(pos) else None

