"""The app shell: F11, resizing to any size, an idle loop that does not redraw, and scene errors survived."""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest

from doolhof.gui.app import App
from doolhof.gui.end.scene import EndScene
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Scene
from doolhof.gui.setup.scene import SetupScene
from tests.gui.helpers import TIED_TABLE, mouse, run, tap, tied_game

F11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)


class Broken(Scene):
    """A scene with a bug in its pointer handler."""

    def handle_pointer(self, event: PointerEvent) -> None:
        raise RuntimeError("bug")


def test_f11_toggles_full_screen_and_back(make_app: Any) -> None:
    app = make_app((900, 600))
    app.push_scene(SetupScene(app))
    run(app, 0, [F11])
    assert app.fullscreen
    assert app.screen.get_size() == pygame.display.get_desktop_sizes()[0]
    assert app.scene.size == app.screen.get_size(), "the scene was laid out again"
    run(app, 0, [F11])
    assert not app.fullscreen and app.screen.get_size() == (900, 600)


@pytest.mark.parametrize("size", [(1, 1), (10, 300), (300, 10), (120, 90), (640, 480), (3000, 400)])
def test_resizing_to_any_size_does_not_crash(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app((1280, 800))
    app.push_scene(SetupScene(app))
    for scene in (SetupScene(app), EndScene(app, tied_game(), TIED_TABLE)):
        app.replace_scene(scene)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        run(app, 0.1, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        assert app.screen.get_size() == size
        tap(app, (size[0] // 2, size[1] // 2))
        pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
        run(app, 0, [pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800)])


def test_idle_setup_screen_is_not_redrawn(make_app: Any) -> None:
    app = make_app()
    app.push_scene(SetupScene(app))
    run(app)
    drawn = app.frames_drawn
    assert drawn == 1
    run(app, 2.0)
    assert app.frames_drawn == drawn, "no events, nothing moving: no frames"
    run(app, 0, [mouse("move", (400, 400))])
    assert app.frames_drawn == drawn + 1, "input draws one frame"
    run(app, 1.0)
    assert app.frames_drawn == drawn + 1


def test_a_scene_error_is_logged_and_survived(make_app: Any, monkeypatch: pytest.MonkeyPatch,
                                              caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.delenv("DOOLHOF_STRICT", raising=False)
    app = make_app()
    app.push_scene(Broken(app))
    tap(app, (10, 10))
    assert app.errors == 3 and app.running  # the move, the press and the release all failed
    assert "a scene failed" in caplog.text


def test_strict_mode_raises_scene_errors(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOOLHOF_STRICT", "1")
    app = make_app()
    app.push_scene(Broken(app))
    with pytest.raises(RuntimeError):
        tap(app, (10, 10))


def test_run_sleeps_until_an_event_and_quits(make_app: Any) -> None:
    app = make_app()
    app.push_scene(SetupScene(app))
    timer = threading.Timer(0.3, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    timer.start()
    app.run()
    timer.join()
    assert not app.running
    assert app.frames_drawn <= 2, "while waiting for the QUIT event the loop did not draw"


def test_seeds_count_up_from_the_option(make_app: Any) -> None:
    app = make_app()
    app.options.seed = 10
    assert [app.next_seed(), app.next_seed()] == [10, 11]
    del app.options.seed
    assert isinstance(app.next_seed(), int)


def test_sound_failure_is_silent() -> None:
    class Options:
        mute = True

    app = App.__new__(App)
    app.options = Options()  # type: ignore[assignment]
    app._sound = None
    assert app.sound is not None


def test_run_shows_the_first_frame_and_can_leave_at_once(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from doolhof.gui.launch import run as run_app

    monkeypatch.setenv("DOOLHOF_EXIT_AFTER_FIRST_FRAME", "1")
    options = argparse.Namespace(size=(800, 600), fullscreen=False, mute=True, lang="de")
    assert run_app(options) == 0
    out = capsys.readouterr().out
    assert out.startswith("first-frame ")
    assert float(out.split()[1]) > 0  # seconds since this (long-running) interpreter started: scripts/bench_frames.py


def test_the_chosen_table_is_remembered_in_the_settings(make_app: Any) -> None:
    from doolhof.session import settings
    from doolhof.session.seats import SeatConfig, TableSetup

    app = make_app()
    app.settings = settings.Settings()
    table = TableSetup("classic", (SeatConfig(), SeatConfig("computer", "expert")), 8)
    setup = SetupScene(app, table)
    app.push_scene(setup)
    app.screens.start_game = lambda game, chosen, undo=None, kept=None: None
    tap(app, setup.play_button.rect.center)
    assert settings.load_settings().settings.table == table
    assert SetupScene(app, settings.load_settings().settings.table).table() == table


def test_the_settings_screen_shows_the_command_lines_choices() -> None:
    """``--lang en`` with Svenska saved: the settings in effect say English (QA B6); nothing else changes."""
    import argparse

    from doolhof.gui.launch import settings_shown
    from doolhof.session.settings import Settings

    saved = Settings(language="sv", sound=True, fullscreen=False, volume=0.3)
    shown = settings_shown(saved, argparse.Namespace(lang="en", mute=True, fullscreen=True))
    assert (shown.language, shown.sound, shown.fullscreen, shown.volume) == ("en", False, True, 0.3)
    assert settings_shown(saved, argparse.Namespace()) == saved
