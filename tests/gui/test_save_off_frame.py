"""The tap comes first, the disk second: a push's animation starts in the frame of the tap while the save
waits on its own thread, and nothing is lost when the window closes right after."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pygame
import pytest

from doolhof.session import paths, savegame
from tests.gui.family import start_game, table_of
from tests.gui.helpers import FRAME, center, mouse


def held_writes(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, list[str]]:
    """Every write waits until the returned event is set (a very slow disk); the list names the files written."""
    real = paths.atomic_write_text
    release = threading.Event()
    written: list[str] = []

    def write(path: Path, text: str) -> None:
        release.wait(20)
        real(path, text)
        written.append(path.name)

    monkeypatch.setattr(paths, "atomic_write_text", write)
    return release, written


def tap_an_arrow(app: Any, scene: Any) -> None:
    """Tap the first legal arrow, one frame for the press and one for the release (the push)."""
    side, index = scene.game.legal_arrows()[0]
    pos = center(scene.arrow_rect(side, index))
    app.step([mouse("move", pos), mouse("down", pos)], FRAME)
    app.step([mouse("up", pos)], FRAME)


def test_the_push_animates_in_the_frame_of_the_tap_while_the_save_waits(make_app: Any,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    release, written = held_writes(monkeypatch)
    tap_an_arrow(app, scene)  # the push happens in the frame of the release
    assert scene.game.phase == "walk" and scene.timeline.busy(), "the push is animating"
    assert written == [], "the frame did not wait for the disk"
    release.set()
    app.session.flush()
    saved = savegame.load_game().game
    assert saved is not None and saved.game == scene.game


def test_closing_the_window_right_after_a_tap_loses_nothing(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    release, _written = held_writes(monkeypatch)
    tap_an_arrow(app, scene)
    threading.Timer(0.05, release.set).start()  # the slow disk finishes while the window closes
    app.step([pygame.event.Event(pygame.QUIT)], FRAME)
    app.session.close()  # what the program does on its way out (gui.launch)
    saved = savegame.load_game().game
    assert saved is not None and saved.game == scene.game
