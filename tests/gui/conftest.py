"""Fixtures for headless GUI tests: an app on the dummy video driver, kept out of the real user folders.

The helpers the tests import (synthetic input, stepping frames, waiting for worker threads) are in
``tests/gui/helpers.py``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from doolhof.gui.app import App
from doolhof.gui.launch import build_app

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Errors inside scenes are raised in tests instead of being logged and survived (see App.guard).
os.environ.setdefault("DOOLHOF_STRICT", "1")


@pytest.fixture(autouse=True)
def _doolhof_home(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep settings and saved games of tests out of the real user folders."""
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))


@pytest.fixture
def make_app() -> Iterator[object]:
    """A factory: ``make_app((w, h))`` returns an :class:`App` on a dummy display, muted."""
    pygame.init()

    apps: list[App] = []

    def factory(size: tuple[int, int] = (1280, 800)) -> App:
        import argparse

        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        app = build_app(screen, argparse.Namespace(mute=True, size=size, fullscreen=False, lang="en"))
        if app.settings is not None:  # games start without the first-game tutorial (tests/gui/test_tutorial.py)
            app.settings = replace(app.settings, tutorial_done=True, cards_tutorial_done=True)
        apps.append(app)
        return app

    yield factory
    for app in apps:
        if app.session.writer is not None:
            app.session.writer.close()
    pygame.quit()
