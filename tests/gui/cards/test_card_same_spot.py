"""A control never changes meaning under a finger that stays where it was, on the card screen.

- after the lay, a tap or a long press where the rotate button was (a child who turned the card there and
  keeps pressing) does nothing: "done" lies elsewhere, and the rotate button's spot stays empty while taking;
- "done" still sits where it always sits while taking, apart from every control of the lay step, and held
  it still ends the turn taking nothing (C7);
- "take these" lies only where the hand cards were (before a pick it only makes the glowing cards hop);
- a press that ended a turn ("done" held, and held on) never reveals the next person's hidden hand when it
  lifts: only a tap made while the hand-over screen shows does.

Every test runs at 1280x800, 800x600 and 800x1280, by mouse and by finger.
"""

from __future__ import annotations

import itertools
from typing import Any

import pygame
import pytest

from doolhof.cards import Place
from doolhof.gui.cards.gestures import DONE_HOLD
from doolhof.gui.cards.layout import card_layout
from doolhof.gui.cards.scene import CardPlayScene
from doolhof.gui.kit.pointer import REST_SECONDS
from tests.gui.cards import helpers as h
from tests.gui.helpers import finger, mouse, run, tap, touch_tap

SIZES = [(1280, 800), (800, 600), (800, 1280)]
ODD = [(1024, 768), (1920, 1080), (640, 480), (1000, 1000), (600, 1024), (1366, 600), (900, 700)]
HOW = pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])


def down(app: Any, pos: tuple[int, int], touch: bool) -> None:
    """A finger (or the mouse button) goes down at *pos*."""
    run(app, 0, [finger("down", app, pos)] if touch else [mouse("move", pos), mouse("down", pos)])


def up(app: Any, pos: tuple[int, int], touch: bool) -> None:
    """The finger (or the mouse button) lifts at *pos*."""
    run(app, 0, [finger("up", app, pos)] if touch else [mouse("up", pos)])


def turned_with_rotate_and_laid(app: Any, touch: bool) -> tuple[Any, CardPlayScene, tuple[int, int]]:
    """The chain position: the child chooses the card, turns it all the way round with the rotate button (four
    taps, back to the turn that fits) and taps the lit cell (game, scene, where the rotate button was)."""
    game = h.chain()
    h.fast(app)
    scene = h.start_cards(app, game, h.PEOPLE2)
    press = touch_tap if touch else tap
    press(app, h.point(scene.layout.hand[0]))
    rotate = h.point(scene.layout.rotate)
    for _ in range(4):
        press(app, rotate)
    assert scene.rotations[0] == 4, "the rotate button turned the card"
    h.step_until(app, lambda: abs(scene.angles[0] - 360) < 0.01)
    assert (0, 0) in scene.lit()
    press(app, h.cell_point(scene, (0, 0)))
    assert game.phase == "take" and game.laid == (0, 0), "laid: the take step begins"
    return game, scene, rotate


@HOW
@pytest.mark.parametrize("size", SIZES)
def test_a_tap_where_rotate_was_right_after_the_lay_does_nothing(make_app: Any, size: tuple[int, int],
                                                                  touch: bool) -> None:
    app = make_app(size)
    game, scene, rotate = turned_with_rotate_and_laid(app, touch)
    assert h.step_until(app, h.ready(scene))
    (touch_tap if touch else tap)(app, rotate)
    assert scene.done_ring == 0, "no ring starts: nothing is there"
    assert not [e for e in scene.effects if e.kind == "nudge"], "not even the take place's nudge"
    run(app, DONE_HOLD + 0.3)
    assert game.phase == "take" and game.current_player == 0 and game.scores == (0, 0)


@HOW
@pytest.mark.parametrize("size", SIZES)
def test_a_press_held_where_rotate_was_right_after_the_lay_does_not_end_the_turn(
        make_app: Any, size: tuple[int, int], touch: bool) -> None:
    app = make_app(size)
    game, scene, rotate = turned_with_rotate_and_laid(app, touch)
    assert h.step_until(app, h.ready(scene))
    down(app, rotate, touch)
    run(app, 1.5)  # a child presses and holds
    assert 1.5 > DONE_HOLD and 1.5 > REST_SECONDS
    up(app, rotate, touch)
    run(app, 0.3)
    assert game.phase == "take" and game.current_player == 0 and game.scores == (0, 0), "the turn goes on"
    h.hold_done(app, scene, touch)  # "done" is where it always is while taking: held, it ends the turn
    assert game.current_player == 1 and game.scores == (0, 0)


@HOW
@pytest.mark.parametrize("size", SIZES)
def test_a_press_going_down_where_rotate_was_during_the_lay_does_not_end_the_turn(
        make_app: Any, size: tuple[int, int], touch: bool) -> None:
    app = make_app(size)
    game, scene, rotate = turned_with_rotate_and_laid(app, touch)
    assert scene.timeline.busy(), "the card still flies to its cell"
    down(app, rotate, touch)
    run(app, 1.5)
    assert h.step_until(app, h.ready(scene))
    run(app, 1.5)
    up(app, rotate, touch)
    run(app, 0.3)
    assert game.phase == "take" and game.current_player == 0 and game.scores == (0, 0)


@pytest.mark.parametrize("size", SIZES + ODD)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_control_of_the_take_step_lies_where_rotate_or_a_hand_card_lay(size: tuple[int, int],
                                                                          players: int) -> None:
    lay = card_layout(size, players)
    window = pygame.Rect(0, 0, *size)
    assert not lay.done.colliderect(lay.rotate), "done is never where rotate was"
    for card in lay.hand:
        assert not lay.done.colliderect(card), "nor where a hand card was"
    assert not lay.take.colliderect(lay.rotate), "the rotate button's spot stays empty while taking"
    assert not lay.take.colliderect(lay.done)
    assert window.contains(lay.done) and lay.turn_box.contains(lay.done)
    assert not lay.done.colliderect(lay.portrait), "the big figure stays whole beside it"
    for a, b in itertools.combinations((*lay.hand, lay.rotate), 2):
        assert not a.colliderect(b)


@pytest.mark.parametrize("size", SIZES)
def test_done_stays_big_and_near_take_these(size: tuple[int, int]) -> None:
    lay = card_layout(size, 4)
    least = 64 if min(size) >= 800 else 48
    assert min(lay.done.size) >= least
    assert min(lay.done.size) >= min(lay.pile.size), "at least as big as the pile it stands in for"
    gap = max(lay.take.x - lay.done.right, lay.done.x - lay.take.right, lay.take.y - lay.done.bottom,
              lay.done.y - lay.take.bottom)
    assert gap <= lay.card, 'beside or just above "take these"'


@HOW
@pytest.mark.parametrize("size", SIZES)
def test_the_finger_that_ended_the_turn_does_not_reveal_the_next_hidden_hand(
        make_app: Any, size: tuple[int, int], touch: bool) -> None:
    app = make_app(size)
    game = h.chain()
    h.fast(app, hidden_hands=True)
    scene = h.start_cards(app, game, h.PEOPLE2)
    assert scene.handover == 0
    (touch_tap if touch else tap)(app, scene.layout.table.center)
    assert scene.handover is None
    run(app, 0.6)  # the mouse is quiet a moment after a finger (a tap is never counted twice)
    h.lay_by_taps(app, scene, Place(0, (0, 0), 0))
    assert h.step_until(app, h.ready(scene))
    at = h.point(scene.layout.done)
    down(app, at, touch)
    run(app, DONE_HOLD + 0.1)
    assert game.current_player == 1, "held, done ended the turn"
    assert h.step_until(app, lambda: scene.handover == 1), "the hand-over screen for the next child"
    run(app, 0.5)  # the child still holds on
    up(app, at, touch)
    run(app, 0.3)
    assert scene.handover == 1 and scene.face_down(1), "the next child's hand stays hidden"
    (touch_tap if touch else tap)(app, at)
    assert scene.handover is None and not scene.face_down(1), "a tap on the hand-over screen shows it"
