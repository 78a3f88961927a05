"""The card screen's layout at any window: on screen, apart, big where a child taps; tiny windows and resizes."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

import pygame
import pytest

from doolhof.cards import CardGame
from doolhof.gui.cards.layout import card_layout
from doolhof.gui.parents.menu import ParentMenuScene
from tests.gui.cards.helpers import PEOPLE2, lay_by_taps, point, ready, start_cards, step_until, table_of
from tests.gui.helpers import SoundLog, open_menu, run

SIZES = [(800, 600), (1280, 800), (1920, 1080), (800, 1280), (640, 480), (1024, 768)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_nothing_overlaps_or_leaves_the_window(size: tuple[int, int], players: int) -> None:
    lay = card_layout(size, players)
    window = pygame.Rect(0, 0, *size)
    rects = {"table": lay.table, "turn": lay.turn_box, "hand_box": lay.hand_box}
    rects.update({f"seat{k}": s.box for k, s in enumerate(lay.seats)})
    rects.update({f"icon-{name}": r for name, r in lay.icons.items()})
    for name, rect in rects.items():
        assert window.contains(rect), f"{name} {rect} is off screen at {size}"
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}"
    for part in (*lay.hand, lay.rotate, lay.take, lay.aside):
        assert lay.hand_box.contains(part)
    assert not lay.hand[0].colliderect(lay.hand[1]) and not lay.hand[1].colliderect(lay.rotate)
    assert not lay.take.colliderect(lay.done) and not lay.take.colliderect(lay.aside)
    assert lay.turn_box.contains(lay.portrait) and lay.turn_box.contains(lay.pile)
    assert lay.turn_box.contains(lay.done) and not lay.done.colliderect(lay.portrait)
    for seat in lay.seats:
        for part in (seat.figure, *seat.hand, seat.tray):
            assert seat.box.contains(part), (part, seat.box)
    assert set(lay.icons) == {"hint", "sound", "menu"}


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize(("size", "least"), [((1280, 800), 64), ((800, 600), 48), ((800, 1280), 64)])
def test_the_take_and_done_buttons_are_big_enough_to_tap(size: tuple[int, int], least: int, players: int) -> None:
    lay = card_layout(size, players)
    for rect in (lay.take, lay.done):
        assert min(rect.size) >= least, (size, rect)
    assert lay.take.w >= 2 * least, "the take button holds the picked cards"


@pytest.mark.parametrize("size", [(1280, 800), (800, 1280), (1920, 1080)])
def test_what_a_child_taps_is_big(size: tuple[int, int]) -> None:
    lay = card_layout(size, 6)
    for rect in (*lay.hand, lay.rotate, lay.done):
        assert min(rect.size) >= 64, rect
    assert lay.take.w >= 160 and lay.take.h >= 64


@pytest.mark.parametrize("size", [(1, 1), (60, 40), (200, 900), (320, 200)])
def test_tiny_windows_lay_out_and_draw(make_app: Any, size: tuple[int, int]) -> None:
    lay = card_layout(size, 6)
    assert all(r.w > 0 and r.h > 0 for r in (lay.table, *lay.hand, lay.rotate))
    app = make_app((320, 240))
    app.sound = SoundLog()
    scene = start_cards(app, CardGame.new(players=6, seed=2), table_of(*["person"] * 6))
    scene.resize(size)
    surface = pygame.Surface((max(1, size[0]), max(1, size[1])))
    scene.draw(surface)
    scene.update(0.1)
    scene.draw(surface)


def test_a_resize_in_the_middle_of_a_lay_keeps_everything(make_app: Any) -> None:
    app = make_app((1280, 800))
    app.settings = replace(app.settings, animation_speed="fast")
    app.sound = SoundLog()
    game = CardGame.new(players=2, seed=3)
    scene = start_cards(app, game, PEOPLE2)
    lay_by_taps(app, scene, game.legal_places()[0])
    run(app, 0.05)
    assert scene.timeline.busy()
    for size in ((800, 1280), (640, 480), (1920, 1080)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        run(app, 0.05, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])])
        assert scene.layout.window.size == size
    assert step_until(app, ready(scene))
    assert scene.shown.table == dict(game.table)


def test_the_parents_menu_opens_from_the_cards_corner(make_app: Any) -> None:
    app = make_app((1280, 800))
    app.sound = SoundLog()
    app.screens.start_game(CardGame.new(players=2, seed=4), PEOPLE2)
    run(app)
    assert app.controls.menu.rect.colliderect(app.scene.layout.icons["menu"])
    assert isinstance(open_menu(app), ParentMenuScene)


def test_tapping_the_sound_icon_mutes(make_app: Any) -> None:
    app = make_app((1280, 800))
    scene = start_cards(app, CardGame.new(players=2, seed=5), PEOPLE2)
    before = app.sound.muted
    from tests.gui.helpers import tap

    tap(app, point(scene.layout.icons["sound"]))
    assert app.sound.muted != before
