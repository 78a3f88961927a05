"""Fixes found by playing the game in a real X window as a family would (see docs of the QA round)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from doolhof.engine import Game
from doolhof.gui.kit.widgets import PRIMARY, SECONDARY, text_of
from doolhof.gui.setup.scene import SetupScene
from doolhof.session import savegame
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import center, hold, run, tap

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
    app.screens.start_game = lambda game, table, undo=None, kept=None: started.append((game, table))
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


def test_new_game_over_a_waiting_game_asks_a_parent_first(make_app: Any) -> None:
    app, scene, game, _table = _saved_setup(make_app)
    started = _record_starts(app)
    tap(app, center(scene.play_button.rect))
    assert started == [] and scene.replace_card.shown, "a child's tap does not throw the waiting game away"
    hold(app, center(scene.replace_card.replace_button.rect), 2.5)
    assert len(started) == 1 and started[0][0] is not game


def test_without_a_saved_game_play_is_the_big_button(make_app: Any) -> None:
    app = make_app((1280, 800))
    scene = SetupScene(app, None)
    app.push_scene(scene)
    run(app)
    assert not scene.continue_button.visible
    assert scene.play_button.style is PRIMARY
    assert text_of(scene.play_button.label) == "Play!"


def _won_by_one(table: TableSetup) -> Game:
    """A finished game of *table* (3 seats, 4 secrets) that seat 1 won alone, 3 to 1."""
    data = table.new_game(5).to_dict()
    secrets = [data["face_up"], *data["deck"]]
    data.update(deck=[], face_up=None, phase="over", winners=[1], collected=[secrets[:1], secrets[1:], []])
    return Game.from_dict(data)


def test_the_decider_is_offered_only_after_a_tie(make_app: Any) -> None:
    """Seen: after a clear 1-0 win the end screen offered "Decider: 1 secrets" (a tie-breaker without a tie)."""
    from doolhof.gui.end.scene import EndScene
    from tests.gui.helpers import TIED_TABLE, tied_game

    app = make_app((1280, 800))
    app.push_scene(EndScene(app, _won_by_one(TIED_TABLE), TIED_TABLE))
    run(app)
    scene = app.scene
    assert not scene.decider_button.visible
    assert scene.again_button.visible and scene.setup_button.visible
    assert not scene.again_button.rect.colliderect(scene.setup_button.rect)
    started = _record_starts(app)
    tap(app, scene.decider_button.rect.center)
    assert started == [], "the hidden decider cannot be tapped"
    tied = EndScene(app, tied_game(), TIED_TABLE)
    app.replace_scene(tied)
    run(app)
    assert tied.decider_button.visible


def test_decider_label_counts_in_the_singular(make_app: Any) -> None:
    from doolhof.gui.end.scene import EndScene

    table = TableSetup("junior", (SeatConfig("person"), SeatConfig("person")), 2)
    data = table.new_game(2).to_dict()
    secrets = [data["face_up"], *data["deck"]]
    data.update(deck=[], face_up=None, phase="over", winners=[0, 1], collected=[secrets[:1], secrets[1:]])
    app = make_app((1280, 800))
    scene = EndScene(app, Game.from_dict(data), table)
    app.push_scene(scene)
    run(app)
    assert scene.decider_button.visible
    assert text_of(scene.decider_button.label) == "Tie-breaker: 1 secret"


def test_a_win_by_getting_home_shows_the_house(make_app: Any) -> None:
    """Seen on the big board: the winner and another figure both had 6 pictures; nothing said why one won."""
    from doolhof.gui.end.scene import EndScene
    from tests.gui.helpers import TIED_TABLE, played_out, tied_game

    table = TableSetup("junior-own", (SeatConfig(), SeatConfig()), 2)
    game = played_out(table, 4)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "home"
    (winner,) = outcome.winners
    app = make_app((1280, 800))
    scene = EndScene(app, game, table)
    app.push_scene(scene)
    run(app)
    assert scene.badges(winner) == ("trophy", "home")
    assert scene.badges(1 - winner) == ()
    tied = EndScene(app, tied_game(), TIED_TABLE)
    assert tied.badges(0) == ("trophy",) and tied.badges(1) == ()
