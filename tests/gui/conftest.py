"""Shared helpers for headless GUI tests: an app on the dummy video driver and synthetic input."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import replace

import pygame
import pytest

from doolhof.gui.app import App

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Errors inside scenes are raised in tests instead of being logged and survived (see App.guard).
os.environ.setdefault("DOOLHOF_STRICT", "1")

FRAME = 1 / 60
#: Seconds a waiting helper sleeps after a frame while a worker thread works (lets it run).
YIELD = 0.002
#: Wall-clock seconds a helper waits for worker threads before it fails (a thinking computer gives up
#: after ``THINK_LIMIT`` = 6 s of wall time and plays a random push, so a healthy scene never needs this).
WORKER_WAIT = 30.0


@pytest.fixture(autouse=True)
def _doolhof_home(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep settings and saved games of tests out of the real user folders."""
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))


@pytest.fixture
def make_app() -> Iterator[object]:
    """A factory: ``make_app((w, h))`` returns an :class:`App` on a dummy display, muted."""
    pygame.init()

    def factory(size: tuple[int, int] = (1280, 800)) -> App:
        import argparse

        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        app = App(screen, argparse.Namespace(mute=True, size=size, fullscreen=False, lang="en"))
        if app.settings is not None:  # games start without the first-game tutorial (tests/gui/test_tutorial.py)
            app.settings = replace(app.settings, tutorial_done=True)
        return app

    yield factory
    pygame.quit()


def mouse(kind: str, pos: tuple[int, int], button: int = 1, touch: bool = False) -> pygame.event.Event:
    """A synthetic mouse event: kind is ``down``, ``up`` or ``move``."""
    if kind == "move":
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=touch)
    etype = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
    return pygame.event.Event(etype, pos=pos, button=button, touch=touch)


def run(app: App, seconds: float = 0.0, events: list[pygame.event.Event] | None = None) -> None:
    """Feed *events* in one frame, then step the app for *seconds* of fixed 60 Hz frames."""
    app.step(list(events or []), FRAME)
    for _ in range(int(seconds / FRAME)):
        app.step([], FRAME)


def tap(app: App, pos: tuple[int, int]) -> None:
    """Press and release the left button at *pos* (one frame each)."""
    run(app, 0, [mouse("move", pos), mouse("down", pos)])
    run(app, 0, [mouse("up", pos)])


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 12) -> None:
    """Press at *start*, move in *steps* frames to *end*, release there."""
    run(app, 0, [mouse("move", start), mouse("down", start)])
    for k in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * k // steps
        y = start[1] + (end[1] - start[1]) * k // steps
        run(app, 0, [mouse("move", (x, y))])
    run(app, 0, [mouse("up", end)])


def worker_busy(app: App) -> bool:
    """True while a worker thread of any scene on *app* works: a computer thinking, or a hint worked out.

    Read from the play scene's thinking turn (``_thinking.still_thinking``) and its hint coach's job
    (``hints.job.done()``), the only threads the game starts (see :mod:`doolhof.gui.play.computer`).
    """
    for scene in getattr(app, "scenes", ()):
        thinking = getattr(scene, "_thinking", None)
        if thinking is not None and thinking.still_thinking:
            return True
        job = getattr(getattr(scene, "hints", None), "job", None)
        if job is not None and not job.done():
            return True
    return False


def step_until(app: App, done: Callable[[], bool], limit: float = 30.0, wait: float = WORKER_WAIT) -> bool:
    """Step 60 Hz frames until ``done()`` holds, and return ``done()``.

    Frames while no worker thread works count against *limit* (seconds of scene time: an animation
    that never ends). While a worker thread works, each frame is followed by a short sleep so the
    thread gets the processor, and those frames count against *wait* (seconds of wall-clock time)
    instead: a thread's progress is measured in real time, not in frames.
    """
    moved = 0.0
    waited = 0.0
    while not done():
        if worker_busy(app):
            if waited >= wait:
                break
            start = time.monotonic()
            app.step([], FRAME)
            time.sleep(YIELD)
            waited += time.monotonic() - start
        else:
            if moved >= limit:
                break
            app.step([], FRAME)
            moved += FRAME
    return done()


def settle(app: App, limit: float = 30.0, wait: float = WORKER_WAIT) -> None:
    """Step frames until the scene is no longer busy (animations, computer turns and hints done).

    *limit* bounds scene time spent on motion, *wait* the wall-clock time spent waiting for worker
    threads (see :func:`step_until`).
    """
    assert step_until(app, lambda: not app.scene.busy(), limit, wait), "the scene never settled"


def center(rect: pygame.Rect) -> tuple[int, int]:
    """The middle of *rect*, as a tap position."""
    return (rect.centerx, rect.centery)


class SoundLog:
    """A stand-in sound player that records what was played: ``app._sound = SoundLog()``."""

    muted = True

    def __init__(self) -> None:
        """Nothing played yet."""
        self.played: list[str] = []

    def play(self, name: str, *args: object, **kwargs: object) -> None:
        """Remember *name*."""
        self.played.append(name)


def start_play(app: App, game: object, table: object, ambient: float = 0.0) -> object:
    """Put a :class:`PlayScene` for *game* on *app* and draw its first frame.

    *ambient* is how long the gentle idle motion runs after input (0 keeps :func:`settle` quick).
    """
    from doolhof.gui.play.scene import PlayScene

    scene = PlayScene(app, game, table)  # type: ignore[arg-type]
    scene.ambient_time = ambient
    scene.ambient_until = ambient
    app.push_scene(scene)
    app.step([], FRAME)
    return scene
