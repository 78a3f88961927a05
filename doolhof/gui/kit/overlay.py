"""What lies over a play screen for a while (the first-game tutorial), as a small interface.

Overlays sit on top of their scene: they see pointer events first, update after it, draw last,
keep frames coming while busy, and are removed once done. Both play screens (the maze's and the
card game's) keep a list of them and feed it through :func:`overlay_took` and
:func:`overlays_updated`.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from doolhof.gui.kit.pointer import PointerEvent


class Overlay(Protocol):
    """Something shown over the scene for a while (the tutorial): it watches, and may take a few taps."""

    @property
    def done(self) -> bool:
        """True once it is over: the scene removes it."""
        ...

    def handle_pointer(self, event: PointerEvent) -> bool:
        """See a pointer event before the board or table; True when it took the event (the scene does not get it)."""
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


def overlay_took(overlays: list[Overlay], event: PointerEvent) -> bool:
    """Offer *event* to *overlays*, topmost first; True once one took it (the scene does not get it)."""
    return any(overlay.handle_pointer(event) for overlay in reversed(overlays))


def overlays_holding(overlays: list[Overlay]) -> bool:
    """True while one of *overlays* is held by the pointer on a control that wants holding (the tutorial's
    hide button): a finger still there is no resting hand."""
    return any(bool(getattr(overlay, "holding", lambda: False)()) for overlay in overlays)


def overlays_updated(overlays: list[Overlay], dt: float) -> list[Overlay] | None:
    """Move each of *overlays* on by *dt*; the ones left when some are done now, else None (nothing changed)."""
    for overlay in list(overlays):
        overlay.update(dt)
    if any(overlay.done for overlay in overlays):
        return [overlay for overlay in overlays if not overlay.done]
    return None
