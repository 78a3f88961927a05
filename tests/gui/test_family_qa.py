"""Fixes found by playing the game in a real X window as a family would (see docs of the QA round)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from doolhof.engine import Game
from doolhof.gui.seats import SeatConfig, TableSetup
from doolhof.gui.setup_scene import SetupScene
from doolhof.gui.widgets import PRIMARY, SECONDARY, text_of
from tests.gui.conftest import center, run, tap

savegame = pytest.importorskip("doolhof.savegame")

ENTER = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def _saved_setup(make_app: Any, size: tuple[int, int] = (1280, 800)) -> tuple[Any, SetupScene, Game, TableSetup]:
    table = TableSetup("junior", (SeatConfig("person"), SeatConfig("computer", "gentle")), 6)
    game = table.new_game(11)
    assert savegame.save_game(savegame.SavedGame(game, table)) is None
    app = make_app(size)
    scene = SetupScene(app, table)
    app.push_scene(scene)
    run(app)
    return app, scene, game, table


def _record_starts(app: Any) -> list[tuple[Game, TableSetup]]:
    started: list[tuple[Game, TableSetup]] = []
    app.start_game = lambda game, table: started.append((game, table))
    return started


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
def test_with_a_saved_game_continue_is_the_big_button(make_app: Any, size: tuple[int, int]) -> None:
    """Seen under Xvfb: after a restart the big yellow Play! started a new game and threw the saved one away."""
    _app, scene, _game, _table = _saved_setup(make_app, size)
    cont, play = scene.continue_button, scene.play_button
    assert cont.visible and cont.style is PRIMARY
    assert play.style is SECONDARY
    assert cont.rect.width * cont.rect.height > play.rect.width * play.rect.height
    assert text_of(play.label) == "New game"
    assert not cont.rect.colliderect(play.rect)


def test_enter_continues_the_saved_game(make_app: Any) -> None:
    app, _scene, game, table = _saved_setup(make_app)
    started = _record_starts(app)
    run(app, 0, [ENTER])
    assert started == [(game, table)], "Enter continues; it does not start over"


def test_new_game_is_still_one_tap_away(make_app: Any) -> None:
    app, scene, game, _table = _saved_setup(make_app)
    started = _record_starts(app)
    tap(app, center(scene.play_button.rect))
    assert len(started) == 1 and started[0][0] is not game


def test_without_a_saved_game_play_is_the_big_button(make_app: Any) -> None:
    app = make_app((1280, 800))
    scene = SetupScene(app, None)
    app.push_scene(scene)
    run(app)
    assert not scene.continue_button.visible
    assert scene.play_button.style is PRIMARY
    assert text_of(scene.play_button.label) == "Play!"
