"""The scene lifecycle every screen follows (setup, play, end, ...).

A scene gets input through :meth:`Scene.handle_pointer` (one pointer, already filtered) and
:meth:`Scene.handle_event` (keys, wheel, anything else), advances its animations in
:meth:`Scene.update`, and paints in :meth:`Scene.draw`, which must not change state. While
:meth:`Scene.busy` is True the app runs at the frame rate; otherwise it sleeps until input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from doolhof.gui.kit.pointer import PointerEvent

if TYPE_CHECKING:
    from doolhof.gui.app import App


class Scene:
    """Base class: override what you need."""

    def __init__(self, app: App) -> None:
        """Remember the app (for scene changes, art, sound, settings)."""
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top scene."""

    def exit(self) -> None:
        """Called when the scene stops being the top scene."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now *size*; recompute the layout."""

    def handle_pointer(self, event: PointerEvent) -> None:
        """A pointer press, move, release or cancel."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """Any other pygame event (keys, mouse wheel, ...)."""

    def update(self, dt: float) -> None:
        """Advance animations by *dt* seconds."""

    def busy(self) -> bool:
        """True while something moves, so the app keeps drawing frames."""
        return False

    def wake_after(self) -> float | None:
        """Seconds until the scene wants an update while idle (a timed hint, say); None: sleep."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole scene onto *surface*. Must not change state."""
