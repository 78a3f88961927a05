"""The setup screen: taps change seats, kinds, levels, secrets and variant; Play starts exactly that table."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from doolhof.engine import Game
from doolhof.gui.setup.scene import REMOVE_HOLD, SetupScene
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import center, hold, mouse, run, tap


def _setup(make_app: Any, size: tuple[int, int] = (1280, 800), table: TableSetup | None = None) -> tuple[Any, Any]:
    app = make_app(size)
    scene = SetupScene(app, table)
    app.push_scene(scene)
    run(app)
    return app, scene


def _record_starts(app: Any) -> list[tuple[Game, TableSetup]]:
    started: list[tuple[Game, TableSetup]] = []
    app.screens.start_game = lambda game, table, undo=None, kept=None: started.append((game, table))
    return started


def test_tapping_free_figures_adds_seats_and_the_held_minus_removes_the_last(make_app: Any) -> None:
    app, scene = _setup(make_app)
    assert len(scene.table().seats) == 2
    assert scene.remove_button.rect.width == 0, "never fewer than two seats: no minus"
    tap(app, center(scene.figure_buttons[3].rect))
    assert len(scene.table().seats) == 4, "tapping the 4th figure adds seats up to it"
    assert scene.seat_cards[3].contains(scene.remove_button.rect), "the minus sits on the last seat's card"
    hold(app, center(scene.remove_button.rect), REMOVE_HOLD + 0.1)
    assert len(scene.table().seats) == 3, "the held minus removes the last seat"
    assert scene.seat_cards[2].contains(scene.remove_button.rect), "the minus moved on to the new last seat"
    hold(app, center(scene.remove_button.rect), REMOVE_HOLD + 0.1, by_finger=True)
    assert len(scene.table().seats) == 2
    assert scene.remove_button.rect.width == 0


def test_person_computer_and_levels(make_app: Any) -> None:
    app, scene = _setup(make_app)
    assert scene.table().seats[0] == SeatConfig("person", scene.slots[0].level)
    assert not scene.level_buttons[0].visible
    tap(app, center(scene.kind_buttons[0].rect))
    assert scene.table().seats[0].kind == "computer"
    assert scene.level_buttons[0].visible
    levels = []
    for _ in range(3):
        tap(app, center(scene.level_buttons[0].rect))
        levels.append(scene.table().seats[0].level)
    assert sorted(levels) == ["clever", "expert", "gentle"], "the level cycles through all three"
    tap(app, center(scene.kind_buttons[0].rect))
    assert scene.table().seats[0].kind == "person"


def test_a_free_seat_has_no_switches(make_app: Any) -> None:
    app, scene = _setup(make_app)
    assert not scene.kind_buttons[3].visible
    tap(app, center(scene.kind_buttons[3].rect))  # nothing there: nothing happens
    assert len(scene.table().seats) == 2


def test_number_of_secrets(make_app: Any) -> None:
    app, scene = _setup(make_app)
    assert scene.table().secrets is None and scene.effective_secrets() == 12
    assert not scene.plus_button.enabled
    for _ in range(6):
        tap(app, center(scene.minus_button.rect))
    assert scene.table().secrets == 6
    tap(app, center(scene.minus_button.rect))
    tap(app, center(scene.minus_button.rect))
    assert scene.table().secrets == 4
    for _ in range(10):
        tap(app, center(scene.minus_button.rect))
    assert scene.table().secrets == 1 and not scene.minus_button.enabled
    tap(app, center(scene.plus_button.rect))
    assert scene.table().secrets == 2
    for _ in range(10):
        tap(app, center(scene.plus_button.rect))
    assert scene.table().secrets is None and not scene.plus_button.enabled


def test_variants_and_their_secret_limits(make_app: Any) -> None:
    app, scene = _setup(make_app)
    tap(app, center(scene.variant_buttons["classic"].rect))
    assert scene.table().variant == "classic" and scene.effective_secrets() == 24
    scene.set_secrets(12)
    assert scene.table().secrets == 12
    tap(app, center(scene.plus_button.rect))
    assert scene.table().secrets == 13, "the big board allows up to 24"
    tap(app, center(scene.variant_buttons["junior-own"].rect))
    assert scene.table().variant == "junior-own"
    assert scene.table().secrets is None, "13 of 24 is more than Junior has: all 12"
    tap(app, center(scene.figure_buttons[3].rect))  # four players with own piles need at least four secrets
    for _ in range(15):
        tap(app, center(scene.minus_button.rect))
    assert scene.table().secrets == 4
    tap(app, center(scene.variant_buttons["junior"].rect))
    assert scene.table().variant == "junior"


def test_play_starts_a_game_of_exactly_that_table(make_app: Any) -> None:
    app, scene = _setup(make_app)
    app.options.seed = 77
    started = _record_starts(app)
    tap(app, center(scene.figure_buttons[2].rect))
    tap(app, center(scene.kind_buttons[1].rect))  # seat 1 was a computer: now a person
    tap(app, center(scene.kind_buttons[2].rect))
    tap(app, center(scene.level_buttons[2].rect))
    tap(app, center(scene.variant_buttons["junior-own"].rect))
    for _ in range(6):
        tap(app, center(scene.minus_button.rect))
    expected = TableSetup("junior-own", (SeatConfig("person"), SeatConfig("person", "gentle"),
                                         SeatConfig("computer", "expert")), 6)
    assert scene.table() == expected
    tap(app, center(scene.play_button.rect))
    assert len(started) == 1
    game, table = started[0]
    assert table == expected
    assert game == expected.new_game(77), "the seed comes from --seed, counting up"
    assert app.options.seed == 78


def test_play_opens_the_play_scene(make_app: Any) -> None:
    from doolhof.gui.play.scene import PlayScene

    app, scene = _setup(make_app)
    app.options.seed = 5
    tap(app, center(scene.figure_buttons[3].rect))
    table = scene.table()
    tap(app, center(scene.play_button.rect))
    assert isinstance(app.scene, PlayScene)
    assert app.scene.game == table.new_game(5)
    assert app.scene.table == table


def test_enter_key_plays(make_app: Any) -> None:
    app, _scene = _setup(make_app)
    started = _record_starts(app)
    run(app, 0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
    assert len(started) == 1


def test_sliding_off_a_button_cancels_the_tap(make_app: Any) -> None:
    app, scene = _setup(make_app)
    rect = scene.kind_buttons[0].rect
    run(app, 0, [mouse("move", rect.center), mouse("down", rect.center)])
    assert scene.kind_buttons[0].pressed
    run(app, 0, [mouse("move", (5, 5)), mouse("up", (5, 5))])
    assert scene.table().seats[0].kind == "person"


def test_continue_offers_the_saved_game(make_app: Any) -> None:
    from doolhof.session import savegame

    table = TableSetup("junior", (SeatConfig("person"), SeatConfig("computer", "expert"), SeatConfig("person")))
    game = table.new_game(3)
    assert savegame.save_game(savegame.SavedGame(game, table)) is None
    app, scene = _setup(make_app)
    assert scene.continue_button.visible
    started = _record_starts(app)
    tap(app, center(scene.continue_button.rect))
    assert started == [(game, table)]


def test_no_continue_without_a_saved_game(make_app: Any) -> None:
    app, scene = _setup(make_app)
    assert not scene.continue_button.visible
    started = _record_starts(app)
    tap(app, center(scene.continue_button.rect))
    assert started == []


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (800, 1280)])
def test_targets_are_big(make_app: Any, size: tuple[int, int]) -> None:
    _app, scene = _setup(make_app, size)
    scene.tap_figure(3)
    for k in range(4):
        scene.toggle_kind(k)  # every seat a computer: all switches and level chips visible
    for button in scene.buttons.items:
        if button.visible:
            assert min(button.rect.size) >= 64, button


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (800, 1280), (640, 480), (1000, 300)])
def test_layout_keeps_buttons_apart_and_on_screen(make_app: Any, size: tuple[int, int]) -> None:
    app, scene = _setup(make_app, size)
    scene.tap_figure(3)
    for k in range(4):
        scene.toggle_kind(k)
    screen = pygame.Rect((0, 0), size)
    visible = [b for b in scene.buttons.items if b.visible]
    for i, a in enumerate(visible):
        assert screen.contains(a.rect), a
        for b in visible[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a, b)
    run(app)


def test_random_pointer_storm_does_not_crash(make_app: Any) -> None:
    app, scene = _setup(make_app, (800, 600))
    started = _record_starts(app)
    app.toggle_fullscreen = lambda: None
    rng = random.Random(11)
    for _ in range(400):
        pos = (rng.randrange(-20, 820), rng.randrange(-20, 620))
        kind = rng.choice(["down", "up", "move", "move"])
        run(app, 0, [mouse(kind, pos, button=rng.choice([1, 1, 1, 2, 3]))])
    table = scene.table()
    assert 2 <= len(table.seats) <= 4
    for game, chosen in started:
        assert game.players == len(chosen.seats)
