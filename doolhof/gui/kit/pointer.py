"""One pointer for mouse and fingers: raw pygame events in, simple pointer events out.

Scenes see one logical pointer (:class:`PointerEvent`: down, move, up, cancel) and never know
whether a mouse or a finger moves it. :class:`Pointer` decides which physical source *owns* it:

- **The mouse**: only the left button counts; right and middle clicks and a second press while one
  is held are dropped. Mouse events SDL makes from touches (``event.touch`` True) are dropped, and
  so is the mouse while a finger presses or just after a finger went down or lifted
  (:data:`MOUSE_QUIET`): Windows sometimes sends its own copy of a tap as a plain mouse click.
- **Fingers** (``FINGERDOWN``/``FINGERMOTION``/``FINGERUP``, positions 0..1 times the window size).
  Finger events SDL makes from the mouse (touch id ``SDL_MOUSE_TOUCHID``, -1) are dropped. The first
  finger down owns the pointer until it lifts; fingers landing meanwhile are ignored until they lift
  (two taps at once: the first wins, nothing happens twice; a drag is never cancelled by another
  finger). A finger that stays within :data:`STILL_PX` of where it went down for
  :data:`REST_SECONDS` and is not holding a control that wants holding (the parents' menu button)
  is a **resting hand**: its press is cancelled and it is ignored until it lifts. A finger that
  landed while that resting hand owned the pointer then takes the pointer over (down where it
  landed, then a move to where it is; a tap it already finished is played then), so a resting hand
  never blocks anyone, not even in its first half second.
- A still press on something a finger drags (the sliding card, a hand card: the scene says so) is
  **kept**, as a young child often holds a card still while looking where to put it before sliding
  it. It gives way to any other finger (it is then a resting hand, and the other finger takes over),
  and its lift without a drag does nothing (a cancel): a palm lifted off a card neither turns it
  nor lays it.
- A finger lifted outside the window cancels instead of tapping; focus lost, the window minimised or
  a scene change (:meth:`Pointer.cancel`) cancel and forget every finger.

Time for the resting rule comes from :meth:`Pointer.tick` (the app's frame time), so tests with fixed
frames are deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import pygame

#: A finger that moved farther than this (pixels) from where it went down is not resting
#: (the same distance that turns a press into a drag, :data:`doolhof.gui.kit.press.DRAG_START`).
STILL_PX = 12
#: Seconds a finger must stay still (and hold nothing) before it counts as a resting hand.
REST_SECONDS = 0.5
#: Seconds after the last finger event during which mouse events are taken for copies of the touch.
MOUSE_QUIET = 0.5
#: The touch id SDL gives finger events it makes from the mouse (``SDL_MOUSE_TOUCHID``).
MOUSE_TOUCH_ID = -1

#: The mouse as the pointer's owner (a finger is its ``(touch_id, finger_id)``).
MOUSE = "mouse"


@dataclass(frozen=True)
class PointerEvent:
    """``kind`` is ``"down"``, ``"move"``, ``"up"`` or ``"cancel"``; ``pos`` in window pixels."""

    kind: str
    pos: tuple[int, int]


@dataclass
class _Finger:
    """One finger on the screen: where it went down, where it is, how long it has been down."""

    start: tuple[int, int]
    pos: tuple[int, int]
    age: float = 0.0
    #: It went farther than :data:`STILL_PX` from *start* at some point.
    moved: bool = False
    #: Found resting: ignored until it lifts.
    resting: bool = False
    #: It landed while a still, young press owned the pointer: it may take over if that one rests.
    waiting: bool = False
    #: Order of landing (earlier fingers take over first).
    order: int = field(default=0)
    #: Still for :data:`REST_SECONDS` on something it may drag: its press is kept, its lift does nothing.
    lingering: bool = False


FingerKey = tuple[int, int]


class Pointer:
    """Tracks which source owns the single logical pointer and translates pygame events."""

    def __init__(self) -> None:
        """Start with nothing held and no finger down."""
        #: True while the logical pointer is pressed (by the mouse or the owning finger).
        self.held = False
        #: Where the pointer was last seen ((-1, -1): nowhere, e.g. after a finger lifted).
        self.pos: tuple[int, int] = (-1, -1)
        #: Who presses now: :data:`MOUSE`, a finger's key, or None.
        self.owner: str | FingerKey | None = None
        self._fingers: dict[FingerKey, _Finger] = {}
        #: Taps finished while waiting for a still press to turn out a resting hand: (finger, lifted inside).
        self._lifted: list[tuple[_Finger, bool]] = []
        self._landed = 0
        #: Seconds since the last finger event (large: none yet).
        self._since_finger = MOUSE_QUIET

    @property
    def fingers(self) -> int:
        """How many fingers are down now (resting and ignored ones too)."""
        return len(self._fingers)

    def deciding(self) -> bool:
        """True while a finger down may still turn out to be a resting hand (the app keeps its clock running)."""
        return any(not f.resting and not f.moved and f.age < REST_SECONDS for f in self._fingers.values())

    def translate(self, event: pygame.event.Event, window: tuple[int, int] = (1, 1)) -> PointerEvent | None:
        """The pointer event for *event*, or None when it is not one (or must be ignored).

        *window* is the window size in pixels: finger positions arrive as fractions of it.
        """
        etype = event.type
        if etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return self._mouse(event)
        if etype in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            return self._finger(event, window)
        if etype in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            return self._drop_all()
        return None

    def tick(self, dt: float, holding: bool = False, draggable: bool = False) -> list[PointerEvent]:
        """Let *dt* seconds pass; the events that follow (a resting hand's press cancelled, a finger taking over).

        *holding* is True while the press is on a control that wants holding (it never rests then);
        *draggable* while it is on something a finger may drag (it is kept until another finger lands).
        """
        self._since_finger += dt
        events: list[PointerEvent] = []
        waiting = any(f.waiting and not f.resting for f in self._fingers.values()) or bool(self._lifted)
        for key, finger in self._fingers.items():
            finger.age += dt
            if finger.resting or finger.moved or finger.age < REST_SECONDS:
                continue
            if key == self.owner and (holding or (draggable and not waiting)):
                finger.lingering = not holding
                continue
            finger.resting = True
            if key == self.owner:
                events.append(PointerEvent("cancel", self.pos))
                self._release()
                events.extend(self._take_over())
        return events

    def cancel(self) -> None:
        """Forget a held button and every finger (a scene change mid-press): nothing they do counts any more."""
        self._release()
        self._fingers.clear()
        self._lifted.clear()

    # ----- the mouse --------------------------------------------------------------------------------
    def _mouse(self, event: pygame.event.Event) -> PointerEvent | None:
        etype = event.type
        if getattr(event, "touch", False):
            return None  # SDL's copy of a touch: the finger events count
        if self.owner != MOUSE and (isinstance(self.owner, tuple) or self._since_finger < MOUSE_QUIET):
            return None  # while a finger presses, or Windows' own late copy of a tap
        if etype == pygame.MOUSEMOTION:
            pos = _pos(event.pos)
            if pos == self.pos:
                return None
            self.pos = pos
            return PointerEvent("move", pos)
        if getattr(event, "button", 0) != 1:
            return None
        if etype == pygame.MOUSEBUTTONDOWN:
            if self.owner is not None:
                return None
            self.held, self.owner = True, MOUSE
            self.pos = _pos(event.pos)
            return PointerEvent("down", self.pos)
        if self.owner != MOUSE:
            return None
        self._release()
        self.pos = _pos(event.pos)
        return PointerEvent("up", self.pos)

    # ----- fingers ----------------------------------------------------------------------------------
    def _finger(self, event: pygame.event.Event, window: tuple[int, int]) -> PointerEvent | None:
        touch_id = getattr(event, "touch_id", MOUSE_TOUCH_ID)
        if touch_id == MOUSE_TOUCH_ID:
            return None  # SDL made it from the mouse, which speaks for itself
        if event.type != pygame.FINGERMOTION:
            self._since_finger = 0.0
        key = (_int(touch_id), _int(getattr(event, "finger_id", 0)))
        x, y = _fraction(getattr(event, "x", -1.0)), _fraction(getattr(event, "y", -1.0))
        pos = (int(x * window[0]), int(y * window[1]))
        if event.type == pygame.FINGERDOWN:
            return self._finger_down(key, pos)
        finger = self._fingers.get(key)
        if finger is None:
            return None  # went down before a cancel, or before the window saw it
        finger.pos = pos
        if abs(pos[0] - finger.start[0]) > STILL_PX or abs(pos[1] - finger.start[1]) > STILL_PX:
            if not finger.moved and key == self.owner:
                self._stop_waiting()  # a drag started: it owns the pointer until it lifts
            finger.moved = True
            finger.lingering = False
        if event.type == pygame.FINGERMOTION:
            if key != self.owner or pos == self.pos:
                return None
            self.pos = pos
            return PointerEvent("move", pos)
        del self._fingers[key]
        inside = 0.0 <= x <= 1.0 and 0.0 <= y <= 1.0
        if key != self.owner:
            if finger.waiting and not finger.resting:
                self._lifted.append((finger, inside))  # played if the press it waits for is a resting hand
            return None
        self._release()
        self._stop_waiting()  # one tap wins: fingers down with it stay ignored
        return PointerEvent("up" if inside and not finger.lingering else "cancel", pos)

    def _finger_down(self, key: FingerKey, pos: tuple[int, int]) -> PointerEvent | None:
        self._landed += 1
        owner = self._fingers.get(self.owner) if isinstance(self.owner, tuple) else None
        finger = _Finger(start=pos, pos=pos, order=self._landed)
        self._fingers[key] = finger
        if self.owner is not None:
            # Another finger (or the mouse) has the pointer: this one waits, in case that is a resting hand.
            finger.waiting = owner is not None and not owner.moved
            return None
        self.held, self.owner = True, key
        self.pos = pos
        return PointerEvent("down", pos)

    def _take_over(self) -> list[PointerEvent]:
        """After a resting hand let go of the pointer: the first finger that waited for it takes over.

        A finger still down presses where it landed and moves to where it is; one that already lifted
        plays its whole tap.
        """
        down: list[tuple[int, FingerKey | None, _Finger, bool]] = [
            (f.order, k, f, True) for k, f in self._fingers.items() if f.waiting and not f.resting]
        down += [(f.order, None, f, inside) for f, inside in self._lifted]
        self._stop_waiting()
        for _order, key, finger, inside in sorted(down, key=lambda item: item[0]):
            if key is not None and not finger.moved and finger.age >= REST_SECONDS:
                finger.resting = True  # a second resting hand
                continue
            events = [PointerEvent("down", finger.start)]
            if finger.pos != finger.start:
                events.append(PointerEvent("move", finger.pos))
            if key is None:
                events.append(PointerEvent("up" if inside else "cancel", finger.pos))
                return events
            self.held, self.owner = True, key
            self.pos = finger.pos
            return events
        return []

    def _stop_waiting(self) -> None:
        """No finger waits any more: the press they waited for was no resting hand (or has been handled)."""
        for finger in self._fingers.values():
            finger.waiting = False
        self._lifted.clear()

    def _drop_all(self) -> PointerEvent | None:
        """Focus lost or minimised: cancel a press and forget every finger."""
        held, pos = self.held, self.pos
        self.cancel()
        return PointerEvent("cancel", pos) if held else None

    def _release(self) -> None:
        """Nobody presses any more; a finger leaves no position behind (no hover where it lifted)."""
        if isinstance(self.owner, tuple):
            self.pos = (-1, -1)
        self.held, self.owner = False, None


def _pos(value: object) -> tuple[int, int]:
    """An event's position as whole pixels; (-1, -1) when it is not a pair of numbers."""
    if not isinstance(value, Iterable):
        return (-1, -1)
    try:
        x, y = value
        return int(x), int(y)
    except (TypeError, ValueError):
        return (-1, -1)


def _fraction(value: object) -> float:
    """A finger coordinate (a fraction of the window); -1.0 (outside) when it is not a number."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
        return float(value)
    return -1.0


def _int(value: object) -> int:
    """A touch or finger id as an int (0 when it is not one)."""
    return value if isinstance(value, int) else 0
