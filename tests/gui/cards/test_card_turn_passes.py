"""A press that went down before the turn passed to another person does nothing on the new turn.

B lays a card that leaves nothing to take; the turn passes to A on its own, with A's rotate button and
hand cards where B's were. A press B made before that (held on, lifted anywhere) neither turns nor
chooses A's card; a tap A makes once the turn is A's acts at once.

The press goes down while the laid card still flies (normal speed: A's controls take input about 0.47 s
after the lay). Every test runs at 1280x800, 800x600 and 800x1280, by mouse and by finger.
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
@pytest.mark.parametrize("late", [0.0, 0.4])
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
