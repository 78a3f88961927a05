"""One pointer for mouse and touch: raw pygame events in, simple pointer events out.

SDL turns the first finger of a touch screen into mouse events (``event.touch`` is True on
those), so the game listens to mouse events only and ignores the FINGER* events. Only the left
button counts; a second press while one is held, right and middle clicks, and duplicate events
are dropped, so stray fingers and palms do no harm.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class PointerEvent:
    """``kind`` is ``"down"``, ``"move"``, ``"up"`` or ``"cancel"``; ``pos`` in window pixels."""

    kind: str
    pos: tuple[int, int]


class Pointer:
    """Tracks the single active pointer and translates pygame events."""

    def __init__(self) -> None:
        """Start with no button held."""
        self.held = False
        self.pos: tuple[int, int] = (-1, -1)

    def translate(self, event: pygame.event.Event) -> PointerEvent | None:
        """The pointer event for *event*, or None when it is not one (or must be ignored)."""
        etype = event.type
        if etype == pygame.MOUSEBUTTONDOWN:
            if event.button != 1 or self.held:
                return None
            self.held = True
            self.pos = _pos(event.pos)
            return PointerEvent("down", self.pos)
        if etype == pygame.MOUSEBUTTONUP:
            if event.button != 1 or not self.held:
                return None
            self.held = False
            self.pos = _pos(event.pos)
            return PointerEvent("up", self.pos)
        if etype == pygame.MOUSEMOTION:
            pos = _pos(event.pos)
            if pos == self.pos:
                return None
            self.pos = pos
            return PointerEvent("move", pos)
        if etype in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED) and self.held:
            self.held = False
            return PointerEvent("cancel", self.pos)
        return None

    def cancel(self) -> None:
        """Forget a held button (e.g. when a scene changes mid-press)."""
        self.held = False


def _pos(value: object) -> tuple[int, int]:
    """An event's position as whole pixels; (-1, -1) when it is not a pair of numbers."""
    if not isinstance(value, Iterable):
        return (-1, -1)
    try:
        x, y = value
        return int(x), int(y)
    except (TypeError, ValueError):
        return (-1, -1)
