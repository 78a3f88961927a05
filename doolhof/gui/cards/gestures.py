"""Pointer gestures on the card screen become intents: choose a card, turn it, lay it, pick, take.

One pointer counts (see :mod:`~doolhof.gui.kit.pointer`; pressing, dragging and tapping follow
:mod:`~doolhof.gui.kit.press`, like the maze's play screen). A press picks what it is on (a hand
card, the rotate button, a table cell, a take button, a corner icon); moving farther than
:data:`DRAG_START` from a hand card turns the press into a drag of that card; the release decides:

- a tap acts when released on what it pressed: choose a hand card (tapped again: turn it), turn
  the chosen card, lay it on a lit cell (a free cell where it does not fit: a gentle refusal),
  pick or unpick a joined card (one that may not be taken answers with the cards it would cut
  off), take the picked cards (before a pick the take place only nudges the glowing cards: it
  never ends the turn), press the icon. "Done" (end the turn taking nothing) wants holding: a tap
  on it only starts its ring and makes the takeable cards hop (the scene times the hold, so a
  take is never thrown away by one tap). Once a card is picked "done" is not there at all (a
  child presses and holds: nothing picked is thrown away by a hold either), until the picks are
  put back;
- a press on the table that moves farther than :data:`DRAG_START` pans the view when the table is
  larger than its area (a still finger on it is a resting hand and never pans);
- a dragged card snaps to the nearest lit cell within reach and is laid there when let go; let go
  elsewhere it flies back (over a free cell where it does not fit, that cell shakes).

:class:`Gestures` keeps only the gesture state and returns intents (small frozen dataclasses);
the scene applies them and never changes the game from here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Protocol

from doolhof.cards.ports import Cell
from doolhof.gui.cards.layout import CardLayout
from doolhof.gui.kit.pointer import PointerEvent
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

#: A dragged card snaps to a lit cell whose centre is within this many cell sides.
SNAP_REACH = 0.75
#: A tap on a table card counts for a lit cell whose centre is within this many cell sides (small cells).
TAP_REACH = 0.62
#: Seconds "done" (end the turn taking nothing) must be held: taking is optional (C7), but a take is
#: never thrown away by one tap. A mere tap leaves its ring this full (seconds), falling back.
DONE_HOLD = 1.2
DONE_TAP_RING = 0.35


@dataclass(frozen=True)
class Choose:
    """Choose hand card *index*."""

    index: int


@dataclass(frozen=True)
class LayAt:
    """Lay the chosen card, as turned now, on *cell*; *dropped*: let go there by a drag (no travel)."""

    cell: Cell
    dropped: tuple[int, int] | None = None


@dataclass(frozen=True)
class Refuse:
    """A cell that does not fit (or no card chosen yet): a gentle no at *cell* (None: at the hand)."""

    cell: Cell | None


@dataclass(frozen=True)
class Pick:
    """Pick (or unpick) the takeable card on *cell*."""

    cell: Cell


@dataclass(frozen=True)
class Take:
    """Take the picked cards (only asked for once something is picked)."""


@dataclass(frozen=True)
class Nudge:
    """The take place was tapped before any pick: the glowing cards hop, "tap us first"; nothing else happens."""


@dataclass(frozen=True)
class DoneTap:
    """"Done" was only tapped, not held: its ring starts to fill and falls back, the glowing cards hop."""


@dataclass(frozen=True)
class LayHint:
    """The hint's ghost slot was tapped: lay the hinted card there, turned as the hint shows it."""


@dataclass(frozen=True)
class Pan:
    """Move the view by (*dx*, *dy*) pixels (a drag on the table)."""

    dx: int
    dy: int


Intent = Choose | TurnCard | LayAt | Refuse | CardBack | Pick | Take | Nudge | DoneTap | LayHint | Pan | PressIcon

Part = Literal["rotate", "take", "done"]


@dataclass(frozen=True)
class OnHand:
    """Big hand slot *index*."""

    index: int


@dataclass(frozen=True)
class OnCell:
    """Table cell *cell* (free or not)."""

    cell: Cell


Target = Part | OnHand | OnCell | OnIcon


class Table(IconTable, Protocol):
    """What gestures read from the card scene (besides whether a person may act, and the corner icons)."""

    layout: CardLayout
    chosen: int | None
    #: The cards picked to take so far.
    picks: set[Cell]

    def phase_now(self) -> str:
        """The phase a person acts in now ("place", "take"), or "" when nobody may act."""

    def hand_size(self) -> int:
        """How many cards the mover holds."""

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The table cell under *pos* (None outside the table area)."""

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        """Where *cell*'s centre is drawn now."""

    def cell_side(self) -> float:
        """A table cell's side in pixels now."""

    def lit(self) -> frozenset[Cell]:
        """Free cells where the chosen card fits as turned now."""

    def free(self) -> frozenset[Cell]:
        """Free cells touching the table."""

    def takeable(self) -> frozenset[Cell]:
        """Cards that may be picked now."""

    def joined_now(self) -> frozenset[Cell]:
        """Cards joined to the card just laid (takeable or not), while a person takes."""

    def ghost_tap_cell(self) -> Cell | None:
        """The cell of the hint's see-through card a tap lays the hinted card on (shown as the finger went
        down), or None."""

    def can_pan(self) -> bool:
        """True when the table is larger than its area, so a drag on it moves the view."""


class Gestures(PressGestures[Table, Target, Intent]):
    """The state of the one pointer on the card screen: a press, and a drag of a hand card."""

    def __init__(self) -> None:
        """Nothing pressed."""
        self.press: Press[Target] | None = None
        #: The hand slot being dragged, or None.
        self.drag: int | None = None
        #: The finger's last position during a drag.
        self.pos: tuple[int, int] = (0, 0)
        #: The lit cell a dragged card would be laid on, or None.
        self.snap: Cell | None = None
        #: Where a press on the table went down (it may become a pan), and the last point of a pan going on.
        self.table_down: tuple[int, int] | None = None
        self.pan_last: tuple[int, int] | None = None

    def reset(self) -> None:
        """Forget the press, any drag and any pan."""
        self.press = None
        self.drag = None
        self.snap = None
        self.table_down = None
        self.pan_last = None

    @property
    def panning(self) -> bool:
        """True while a drag on the table moves the view."""
        return self.pan_last is not None

    def pointer(self, event: PointerEvent, table: Table) -> list[Intent]:
        """Follow one pointer event (see the module notes): a drag on the table pans, at any time."""
        if event.kind == "down":
            on_icon = any(rect.collidepoint(event.pos) and table.corner_icon(name) is not None
                          for name, rect in table.layout.icons.items())
            intents = super().pointer(event, table)
            if not on_icon and table.layout.table.collidepoint(event.pos):
                self.table_down = event.pos
            return intents
        if self.table_down is not None:
            if event.kind == "move":
                if self.pan_last is None and math.dist(self.table_down, event.pos) > DRAG_START and table.can_pan():
                    self.pan_last = self.table_down
                    self.press = None  # a pan is no tap
                if self.pan_last is not None:
                    last, self.pan_last = self.pan_last, event.pos
                    return [Pan(event.pos[0] - last[0], event.pos[1] - last[1])]
            elif self.pan_last is not None:  # the pan ends: nothing else happens
                self.reset()
                return []
            else:
                self.table_down = None
        down = self.table_down
        intents = super().pointer(event, table)
        if event.kind == "move":
            self.table_down = down  # a press dropped because the turn moved on may still become a pan
        return intents

    def _move(self, press: Press[Target], pos: tuple[int, int], table: Table) -> list[Intent]:
        on = press.on
        if on == "done" and not table.layout.done.collidepoint(pos):
            self.press = None  # slid off "done": its hold is let go
            return []
        if isinstance(on, OnHand) and (self.drag is not None or math.dist(press.pos, pos) > DRAG_START):
            intents: list[Intent] = []
            if self.drag is None:
                self.drag = on.index
                if table.chosen != on.index:
                    intents.append(Choose(on.index))
            self._follow(pos, table)
            return intents
        return []

    def _follow(self, pos: tuple[int, int], table: Table) -> None:
        self.pos = pos
        self.snap = nearest_lit(table, pos)

    def _drags(self, on: Target) -> bool:
        return isinstance(on, OnHand)

    def hit(self, pos: tuple[int, int], table: Table) -> Target | None:
        """What a press at *pos* would act on now (icons aside)."""
        lay = table.layout
        phase = table.phase_now()
        if phase == "place":
            for index in range(min(2, table.hand_size())):
                if lay.hand[index].collidepoint(pos):
                    return OnHand(index)
            if lay.rotate.collidepoint(pos):
                return "rotate"
        elif phase == "take":
            if lay.take.collidepoint(pos):
                return "take"
            if lay.done.collidepoint(pos) and not table.picks:
                return "done"
        cell = table.cell_at(pos)
        return None if cell is None else OnCell(cell)

    def _tap(self, press: Press[Target], pos: tuple[int, int], table: Table) -> list[Intent]:
        on = press.on
        if isinstance(on, OnIcon):
            return [PressIcon(on.name)] if icon_pressed(table.layout, on, pos) else []
        if self.hit(pos, table) != on:
            return []
        if isinstance(on, OnHand):
            return [TurnCard(1)] if table.chosen == on.index else [Choose(on.index)]
        if on == "rotate":
            return [TurnCard(1)] if table.chosen is not None else [Choose(0), TurnCard(1)]
        if on == "take":
            return [Take()] if table.picks else [Nudge()]
        if on == "done":
            return [DoneTap()]  # held long enough, the scene has ended the turn already (and dropped the press)
        assert isinstance(on, OnCell)
        cell = on.cell
        if table.phase_now() == "take":
            return [Pick(cell)] if cell in table.takeable() or cell in table.joined_now() else []
        if cell == table.ghost_tap_cell():
            return [LayHint()]
        if cell in table.lit():
            return [LayAt(cell)]
        if cell in table.free():
            return [Refuse(cell)]
        # On a table card (where tapping does nothing) just beside a lit cell: a small finger meant that cell.
        near = nearest_lit(table, pos, TAP_REACH)
        return [LayAt(near)] if near is not None else []

    def _release(self, pos: tuple[int, int] | None, table: Table) -> list[Intent]:
        """End a drag: lay where it was let go, or send the card back."""
        drag, snap, last = self.drag, self.snap, self.pos
        self.reset()
        if drag is None:
            return []
        if pos is not None and snap is not None and snap in table.lit():
            return [LayAt(snap, dropped=pos)]
        intents: list[Intent] = []
        if pos is not None:
            cell = table.cell_at(pos)
            if cell is not None and cell in table.free():
                intents.append(Refuse(cell))
        intents.append(CardBack(last))
        return intents


def nearest_lit(table: Table, pos: tuple[int, int], reach: float = 0.0) -> Cell | None:
    """The lit cell whose centre is nearest *pos*, within *reach* (default :data:`SNAP_REACH`) cell sides; else None."""
    best: Cell | None = None
    best_d = table.cell_side() * (reach or SNAP_REACH)
    for cell in sorted(table.lit()):
        d = math.dist(table.cell_center(cell), pos)
        if d < best_d:
            best, best_d = cell, d
    return best
