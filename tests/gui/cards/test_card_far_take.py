"""An online card game seen from the far side while the other player chooses a take.

The two computers' rooms are made in memory (``started_here``, no relay); the screen followed is the
far computer's, where seat 0 (the host's child) is far. The host's lay comes as the network thread
would hand it over; then, while the host's child chooses, this screen shows which cards may be taken
(from the rules, C7: ringed and hopping, as on the chooser's own screen) and that the other player is
choosing (their take place with an empty slot per card, their figure thinking beside it). A tap here
(mouse or finger) changes nothing; their take, when it comes, is picked card by card and flies.

Every test runs at 1280x800, 800x600 and 800x1280.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from doolhof.cards import CardGame, Place
from doolhof.gui.cards.scene import CardPlayScene
from doolhof.gui.kit.far_sign import FarSign
from doolhof.online.client import OnlineRoom
from doolhof.online.follow import OnlineGame
from doolhof.online.moves import lay_move, take_move
from doolhof.online.room import MoveMade, started_here
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from tests.gui.cards import helpers as h
from tests.gui.helpers import tap, touch_tap

SIZES = [(1280, 800), (800, 600), (800, 1280)]
TABLE = TableSetup(CARDS, (SeatConfig(), SeatConfig()))


def far_screen(app: Any) -> tuple[CardPlayScene, Place]:
    """The far computer's card screen (seat 0 is far), and a lay of seat 0 that lets it take."""
    for k in itertools.count():
        assert k < 60, "no deal lets the first player take at once"
        _, away = started_here(TABLE, frozenset({1}), room_id=f"pictureroom{k:04d}")
        game = away.game
        assert isinstance(game, CardGame)
        for place in game.legal_places():
            trial = game.copy()
            trial.place(place)
            if trial.phase == "take":
                scene = CardPlayScene(app, game.copy(), TABLE)
                scene.online_game = OnlineGame(OnlineRoom(away, ["127.0.0.1:1"]))  # never started: no connection
                scene.overlays.append(FarSign(scene, 2))
                app.push_scene(scene)
                return scene, place
    raise AssertionError("unreachable")


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])
@pytest.mark.parametrize("size", SIZES)
def test_the_far_side_sees_the_cards_to_take_and_that_the_other_player_chooses(
        make_app: Any, size: tuple[int, int], touch: bool) -> None:
    app = make_app(size)
    h.fast(app)
    scene, place = far_screen(app)
    assert scene.is_far(0) and scene.local_person(1)
    online_game = scene.online_game
    assert online_game is not None
    online_game.room.events.put(MoveMade(1, 0, lay_move(place.hand_index, place.cell, place.rotation), False))
    assert h.step_until(app, lambda: scene.game.phase == "take" and not scene.timeline.busy()), "their card lies"
    takeable = scene.game.takeable()
    assert takeable
    look = scene.painter.table_look(None)
    assert look.pulse == takeable, "the cards they may take ring and hop, as on their own screen"
    assert scene.far_choosing() and scene.far_takeable() == takeable
    assert scene.far_thinking(), "their figure breathes: they are choosing"
    scene.draw(app.screen)  # their take place and their thinking figure draw
    assert not scene.hint_available() and scene.phase_now() == "", "nobody here acts"
    # A child here taps the ringed card and the take place: nothing changes.
    cell = min(takeable)
    h.into_view(app, scene, cell, touch)
    press = touch_tap if touch else tap
    press(app, h.cell_point(scene, cell))
    press(app, h.point(scene.layout.take))
    assert scene.picks == set() and scene.game.phase == "take" and scene.game.current_player == 0
    # Their take comes: picked card by card, then taken; the choosing is over.
    chosen = next(frozenset({c}) for c in sorted(takeable) if scene.game.can_take({c}))
    online_game.room.events.put(MoveMade(2, 0, take_move(chosen), False))
    assert h.step_until(app, lambda: bool(scene.picks) or scene.game.phase != "take")
    assert not scene.far_choosing() and scene.painter.table_look(None).pulse == frozenset()
    assert h.step_until(app, lambda: scene.game.current_player == 1 and not scene.timeline.busy())
    assert scene.game.scores == (1, 0)


@pytest.mark.parametrize("size", SIZES)
def test_while_the_far_side_lays_nothing_looks_takeable(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    h.fast(app)
    scene, _ = far_screen(app)
    h.settle(app)
    assert scene.game.phase == "place" and not scene.far_choosing()
    assert scene.painter.table_look(None).pulse == frozenset()
    scene.draw(app.screen)
