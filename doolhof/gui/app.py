"""The application: window, scene stack and the frame loop that sleeps when nothing moves."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any

import pygame

from .pointer import Pointer
from .scene import Scene

FPS = 60
MIN_SIZE = (640, 480)


class App:
    """Owns the window surface and the scene stack, and runs the loop."""

    def __init__(self, screen: pygame.Surface, options: argparse.Namespace | None = None) -> None:
        """Wrap an open display surface; *options* are the command-line options (may be None)."""
        self.screen = screen
        self.options = options or argparse.Namespace()
        self.scenes: list[Scene] = []
        self.pointer = Pointer()
        self.clock = pygame.time.Clock()
        self.running = True
        self.dirty = True
        self.frame_hook: Callable[[App], None] | None = None
        self._art: Any = None
        self._sound: Any = None

    # ----- shared services -----------------------------------------------------------------
    @property
    def art(self) -> Any:
        """The SVG art cache (created on first use)."""
        if self._art is None:
            from .art import Art

            self._art = Art()
        return self._art

    @property
    def sound(self) -> Any:
        """The sound player (created on first use)."""
        if self._sound is None:
            from .sound import SoundPlayer

            self._sound = SoundPlayer(muted=bool(getattr(self.options, "mute", False)))
        return self._sound

    # ----- scenes --------------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        """The scene on top."""
        return self.scenes[-1]

    def push_scene(self, scene: Scene) -> None:
        """Put *scene* on top (the one below stays, paused)."""
        if self.scenes:
            self.scene.exit()
        self.pointer.cancel()
        self.scenes.append(scene)
        scene.resize(self.screen.get_size())
        scene.enter()
        self.dirty = True

    def pop_scene(self) -> None:
        """Remove the top scene and return to the one below."""
        self.scenes.pop().exit()
        self.pointer.cancel()
        if self.scenes:
            self.scene.resize(self.screen.get_size())
            self.scene.enter()
        self.dirty = True

    def replace_scene(self, scene: Scene) -> None:
        """Swap the top scene for *scene*."""
        if self.scenes:
            self.scenes.pop().exit()
        self.push_scene(scene)

    def request_redraw(self) -> None:
        """Draw a frame soon even if nothing is busy."""
        self.dirty = True

    def quit(self) -> None:
        """Leave the loop after this frame."""
        self.running = False

    # ----- the loop ------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one pygame event to the app or the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface() or self.screen
            for scene in self.scenes:
                scene.resize(self.screen.get_size())
            self.dirty = True
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.dirty = True
        pointer_event = self.pointer.translate(event)
        if pointer_event is not None:
            self.scene.handle_pointer(pointer_event)
            self.dirty = True
        elif event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.scene.handle_event(event)
            if event.type in (pygame.KEYDOWN, pygame.MOUSEWHEEL):
                self.dirty = True

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: dispatch *events*, update by *dt* seconds, draw if needed."""
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        scene = self.scene
        scene.update(dt)
        if self.dirty or scene.busy():
            scene.draw(self.screen)
            pygame.display.flip()
            self.dirty = False
        if self.frame_hook is not None:
            self.frame_hook(self)

    def run(self) -> None:
        """Run until :meth:`quit`: frame-rate while busy, asleep on events otherwise."""
        while self.running and self.scenes:
            if self.dirty or self.scene.busy():
                events = pygame.event.get()
                dt = self.clock.tick(FPS) / 1000
            else:
                wake = self.scene.wake_after()
                first = pygame.event.wait() if wake is None else pygame.event.wait(max(1, int(wake * 1000)))
                events = [e for e in (first, *pygame.event.get()) if e.type != pygame.NOEVENT]
                dt = self.clock.tick() / 1000
            self.step(events, min(dt, 0.1))


def default_window_size() -> tuple[int, int]:
    """A comfortable window for this screen: 85 % of the desktop at most, 16:10 if it fits."""
    try:
        desktop_w, desktop_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return (1280, 800)
    w = min(1440, int(desktop_w * 0.85))
    h = min(int(w * 10 / 16), int(desktop_h * 0.85))
    return (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))


def run(options: argparse.Namespace) -> int:
    """Open the window and play until the window is closed; returns the exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame.mixer.pre_init(44100, -16, 1, 512)
    pygame.init()
    pygame.display.set_caption("Doolhof")
    size = getattr(options, "size", None) or default_window_size()
    flags = pygame.RESIZABLE
    if getattr(options, "fullscreen", False):
        flags |= pygame.FULLSCREEN
        size = (0, 0)
    screen = pygame.display.set_mode(size, flags)
    app = App(screen, options)
    from .setup_scene import SetupScene

    app.push_scene(SetupScene(app))
    try:
        app.run()
    finally:
        pygame.quit()
    return 0
