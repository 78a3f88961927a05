"""What lies over the card scene for a while (the first-game tutorial), as a small interface."""

from __future__ import annotations

from typing import Protocol

import pygame

from doolhof.gui.kit.pointer import PointerEvent


class Overlay(Protocol):
    """Something shown over the card scene for a while: it watches, and may take a few taps."""

    @property
    def done(self) -> bool:
        """True once it is over: the scene removes it."""
        ...

    def handle_pointer(self, event: PointerEvent) -> bool:
        """See a pointer event before the table; True when it took the event."""
        ...

    def update(self, dt: float) -> None:
        """Move on by *dt* seconds (after the scene has)."""
        ...

    def busy(self) -> bool:
        """True while it moves."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Paint over the scene (changes nothing)."""
        ...
