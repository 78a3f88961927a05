"""The one pointer on a play screen: a press, a drag, a tap, and the corner icons (shared by both games).

:class:`PressGestures` follows the pointer events of :mod:`~doolhof.gui.kit.pointer` the same way
on the maze's and the card game's play screens: a press picks what it is on (a corner icon that is
shown now comes first; anything else only while a person may act), a press on something other than
an icon is dropped when the person may no longer act, and the release ends a drag or makes a tap.
What a press can be on, how a drag moves and what a tap or a release asks for are the screen's
(its ``Gestures`` class fills in :meth:`~PressGestures.hit`, :meth:`~PressGestures._move`,
:meth:`~PressGestures._follow`, :meth:`~PressGestures._tap` and :meth:`~PressGestures._release`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

import pygame

from doolhof.gui.kit.pointer import PointerEvent

#: A press that moves farther than this (pixels) becomes a drag.
DRAG_START = 12


@dataclass(frozen=True)
class OnIcon:
    """The corner icon in slot *name*."""

    name: str


@dataclass(frozen=True)
class PressIcon:
    """A corner icon was tapped."""

    name: str


@dataclass(frozen=True)
class TurnCard:
    """Turn the card in hand (the chosen card, the sliding card) by *quarters* (clockwise positive)."""

    quarters: int


@dataclass(frozen=True)
class CardBack:
    """A dragged card let go where it cannot go (away from the lit cells, the open arrows) flies back from *pos*."""

    pos: tuple[int, int]


T = TypeVar("T")


@dataclass(frozen=True)
class Press(Generic[T]):
    """A finger went down on *on* at *pos*."""

    on: T
    pos: tuple[int, int]


class IconStrip(Protocol):
    """A layout with corner icons."""

    @property
    def icons(self) -> dict[str, pygame.Rect]:
        """The corner icon slots by name."""
        ...


class IconTable(Protocol):
    """What the shared pointer handling reads of a play scene."""

    @property
    def layout(self) -> IconStrip:
        """The screen's layout now."""
        ...

    def accepting(self) -> bool:
        """True when a person may act now."""
        ...

    def corner_icon(self, name: str) -> object | None:
        """The corner icon in slot *name*, or None when the slot is empty now."""
        ...


TableT = TypeVar("TableT", bound=IconTable)
TargetT = TypeVar("TargetT")
IntentT = TypeVar("IntentT")


def turn_asked(event: pygame.event.Event) -> int:
    """The quarter turns a key or the wheel asks of the card in hand: R clockwise (1), shift-R back (-1),
    the wheel down clockwise and up back; 0 for anything else."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
        return -1 if event.mod & pygame.KMOD_SHIFT else 1
    if event.type == pygame.MOUSEWHEEL:
        y = getattr(event, "y", 0)
        if isinstance(y, (int, float)) and y:
            return 1 if y < 0 else -1
    return 0


def icon_pressed(layout: IconStrip, on: OnIcon, pos: tuple[int, int]) -> bool:
    """True when a press on the icon *on* was let go on that icon again (a tap)."""
    return layout.icons[on.name].collidepoint(pos)


class PressGestures(Generic[TableT, TargetT, IntentT]):
    """The state of the one pointer: a press on a *TargetT* (or a corner icon), and a drag; intents *IntentT*."""

    #: The finger down and what it is on. None: no press.
    press: Press[TargetT | OnIcon] | None
    #: What is being dragged, or None.
    drag: object | None

    def reset(self) -> None:
        """Forget the press and any drag (no intent: the scene is leaving, or the game was replaced)."""
        raise NotImplementedError

    def pointer(self, event: PointerEvent, table: TableT) -> list[IntentT]:
        """Follow one pointer event; the intents it completes (usually none until the release)."""
        if event.kind == "cancel":
            return self._release(None, table)
        if event.kind == "down":
            self.reset()
            for name, rect in table.layout.icons.items():
                if rect.collidepoint(event.pos) and table.corner_icon(name) is not None:
                    self.press = Press(OnIcon(name), event.pos)
                    return []
            if table.accepting():
                on = self.hit(event.pos, table)
                self.press = None if on is None else Press(on, event.pos)
            return []
        if self.press is None:
            return []
        if not table.accepting() and not isinstance(self.press.on, OnIcon):
            self.reset()
            return []
        if event.kind == "move":
            return self._move(self.press, event.pos, table)
        press, self.press = self.press, None
        if self.drag is not None:
            # Where it is let go counts, not the last move: the window may have been resized in between.
            self._follow(event.pos, table)
            return self._release(event.pos, table)
        return self._tap(press, event.pos, table)

    def draggable(self) -> bool:
        """True while the press is on something a finger may drag (a still finger there keeps its press)."""
        press = self.press
        return press is not None and not isinstance(press.on, OnIcon) and self._drags(press.on)

    def hit(self, pos: tuple[int, int], table: TableT) -> TargetT | None:
        """What a press at *pos* would act on now (icons aside)."""
        raise NotImplementedError

    def _drags(self, on: TargetT) -> bool:
        """True when a press on *on* may still become a drag."""
        return False

    def _move(self, press: Press[TargetT | OnIcon], pos: tuple[int, int], table: TableT) -> list[IntentT]:
        """The finger pressed on *press* moved to *pos*: maybe start or go on dragging."""
        raise NotImplementedError

    def _follow(self, pos: tuple[int, int], table: TableT) -> None:
        """The dragged thing follows the finger to *pos*."""
        raise NotImplementedError

    def _tap(self, press: Press[TargetT | OnIcon], pos: tuple[int, int], table: TableT) -> list[IntentT]:
        """A press released at *pos* without dragging: act if it was released on what it pressed."""
        raise NotImplementedError

    def _release(self, pos: tuple[int, int] | None, table: TableT) -> list[IntentT]:
        """End a drag (let go at *pos*; None: the press was cancelled)."""
        raise NotImplementedError


def tap_released(event: PointerEvent, pressed: T | None, target_at: Callable[[tuple[int, int]], T | None],
                 ) -> tuple[T | None, T | None]:
    """One tap on named targets (a page of stones, a calendar): (what is pressed now, what to act on).

    Down presses the target under the pointer; up acts on it when released on the same target; a
    cancel lets go. Any other event changes nothing.
    """
    if event.kind == "down":
        return target_at(event.pos), None
    if event.kind == "up":
        return None, pressed if pressed is not None and pressed == target_at(event.pos) else None
    if event.kind == "cancel":
        return None, None
    return pressed, None

