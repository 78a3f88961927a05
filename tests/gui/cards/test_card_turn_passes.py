"""A press that went down before the turn passed to another person does nothing on the new turn.

B lays a card that leaves nothing to take; the turn passes to A on its own, with A's rotate button and
hand cards where B's were. A press B made before that (held on, lifted anywhere) neither turns nor
chooses A's card; a tap A makes once the turn is A's acts at once.

The press goes down while the laid card still flies (normal speed: A's controls take input about 0.42 s
after the lay, the moment A's hand shows). A's hand takes A's first tap the moment it shows. Every test
runs at 1280x800, 800x600 and 800x1280, by mouse and by finger.
"""

from __future__ import annotations

from typing import Any

import pytest

from doolhof.cards import Card, CardGame
from doolhof.gui.kit.pointer import REST_SECONDS
from tests.gui.cards import helpers as h
from tests.gui.helpers import SoundLog, finger, mouse, run, tap, touch_tap

SIZES = [(1280, 800), (800, 600), (800, 1280)]
HOW = pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])


def lonely() -> CardGame:
    """Laying LAID on (0, 0) joins nothing that may be taken: the turn passes to the next person on its own."""
    table = {(1, 0): (Card.from_text("2367:"), 0)}
    return CardGame.from_position(table=table, hands=[[h.LAID, h.LAID], [Card.from_text("2367:"), h.LAID]],
                                  pile=[], current_player=0)


def down(app: Any, pos: tuple[int, int], touch: bool) -> None:
    run(app, 0, [finger("down", app, pos)] if touch else [mouse("move", pos), mouse("down", pos)])


def up(app: Any, pos: tuple[int, int], touch: bool) -> None:
    run(app, 0, [finger("up", app, pos)] if touch else [mouse("up", pos)])


@HOW
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("where", ["rotate", "hand"])
@pytest.mark.parametrize("late", [0.0, 0.3])
def test_a_press_from_the_last_turn_does_nothing_on_the_next_persons_turn(
        make_app: Any, size: tuple[int, int], touch: bool, where: str, late: float) -> None:
    app = make_app(size)
    game = lonely()
    app.sound = SoundLog()
    scene = h.start_cards(app, game, h.PEOPLE2)
    press = touch_tap if touch else tap
    press(app, h.point(scene.layout.hand[0]))
    assert (0, 0) in scene.lit()
    press(app, h.cell_point(scene, (0, 0)))
    spot = h.point(scene.layout.rotate if where == "rotate" else scene.layout.hand[0])
    run(app, late)
    assert not scene.accepting(), "the card still flies, the turn passes on screen"
    down(app, spot, touch)  # B presses on while the card flies
    assert h.step_until(app, lambda: game.current_player == 1 and h.ready(scene)()), "A's turn"
    run(app, 1.5)
    assert 1.5 > REST_SECONDS
    up(app, spot, touch)
    run(app, 0.3)
    assert scene.chosen is None and scene.rotations == [0, 0], "A's cards are as A's turn began"
    assert game.current_player == 1 and game.phase == "place"
    press(app, spot)  # A's own tap acts at once
    assert scene.chosen == 0


def _hand_drawn(scene: Any, seat: int) -> bool:
    """True when the big hand at the bottom shows *seat*'s cards (theirs, face up, none of them flying in)."""
    return scene.shown.current == seat and not scene.face_down(seat) and not scene.handover


@HOW
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("speed", ["normal", "slow"])
def test_the_next_persons_hand_takes_a_tap_the_moment_it_shows(make_app: Any, size: tuple[int, int], touch: bool,
                                                               speed: str) -> None:
    """A fast child taps a card of their hand as soon as it is there: that tap chooses it (no hand on screen
    that ignores a tap while the turn's pop and bounce play)."""
    from dataclasses import replace

    app = make_app(size)
    app.settings = replace(app.settings, animation_speed=speed)
    game = lonely()
    app.sound = SoundLog()
    scene = h.start_cards(app, game, h.PEOPLE2)
    press = touch_tap if touch else tap
    press(app, h.point(scene.layout.hand[0]))
    press(app, h.cell_point(scene, (0, 0)))
    for _ in range(600):
        if _hand_drawn(scene, 1):
            break
        app.step([], 1 / 60)
    assert _hand_drawn(scene, 1), "the turn passed to the second child, whose hand shows"
    press(app, h.point(scene.layout.hand[1]))
    assert scene.chosen == 1, "the first tap on the hand that shows chooses the card"
    assert scene.accepting()
