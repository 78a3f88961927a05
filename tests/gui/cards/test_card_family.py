"""What a new family met on the card screen: "done" never throws a take away, a hint never looks like a pick
and always shows something where the child looks, the ghost's slot lays the card, a long table keeps its
cells big (the view pans: dragged by mouse or finger, never by a resting palm, and following the play).

Every test runs at the window sizes a family uses: 1280x800, 800x600 and the tall 800x1280.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from doolhof.cards import Card, CardGame, Place
from doolhof.cards.ai import suggest_place
from doolhof.gui.cards.computer import Advice
from doolhof.gui.cards.gestures import DONE_HOLD
from doolhof.gui.cards.tutorial import CardTutorial
from doolhof.gui.cardtable.painter import card_mark
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.pointer import REST_SECONDS
from tests.gui.cards import helpers as h
from tests.gui.helpers import finger, mouse, run, tap, touch_tap

SIZES = [(1280, 800), (800, 600), (800, 1280)]


def tutorial_at_its_take_step(make_app: Any, size: tuple[int, int]) -> tuple[Any, CardGame, Any, CardTutorial]:
    """The first-game tutorial's hand showing the take after a lay that joins a path (app, game, scene, tutorial)."""
    app = make_app(size)
    h.fast(app)
    game = h.chain()
    scene = h.start_cards(app, game, h.PEOPLE2)
    tutorial = CardTutorial(scene)
    scene.overlays.append(tutorial)
    h.lay_by_taps(app, scene, Place(0, (0, 0), 0))
    assert h.step_until(app, h.ready(scene)) and tutorial.step == "take"
    run(app, 1.0)
    return app, game, scene, tutorial


# ----- "done" never throws a take away ---------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_tap_on_done_keeps_the_take_and_shows_it_wants_holding(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    game = h.chain()
    scene = h.laid(app, game)
    tap(app, h.point(scene.layout.done))
    assert game.phase == "take" and game.current_player == 0 and game.scores == (0, 0), "the take is still there"
    assert scene.done_ring > 0, "its ring starts to fill: it wants holding"
    assert {e.target for e in scene.effects if e.kind == "nudge"} == game.takeable(), "the cards to take hop"
    tap(app, h.cell_point(scene, (2, 0)))
    tap(app, h.point(scene.layout.done))
    assert scene.picks == {(2, 0)} and game.phase == "take", "a pick is not thrown away either"
    run(app, 1.0)
    assert scene.done_ring == 0, "let go, the ring falls back"
    tap(app, h.point(scene.layout.take))
    assert game.scores == (1, 0)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])
@pytest.mark.parametrize("size", SIZES)
def test_holding_done_ends_the_turn_taking_nothing(make_app: Any, size: tuple[int, int], touch: bool) -> None:
    """Taking stays optional (C7): held, "done" ends the turn (a still finger on it is no resting hand)."""
    app = make_app(size)
    game = h.chain()
    scene = h.laid(app, game)
    at = h.point(scene.layout.done)
    run(app, 0, [finger("down", app, at)] if touch else [mouse("move", at), mouse("down", at)])
    run(app, DONE_HOLD * 0.6)
    assert game.phase == "take" and 0 < scene.done_ring < DONE_HOLD, "not yet: the ring fills"
    assert DONE_HOLD * 0.6 > REST_SECONDS, "longer than a resting hand's half second"
    run(app, DONE_HOLD * 0.5)
    assert game.scores == (0, 0) and game.current_player == 1, "held long enough: the turn ended, taking nothing"
    run(app, 0, [finger("up", app, at)] if touch else [mouse("up", at)])


@pytest.mark.parametrize("size", SIZES)
def test_sliding_off_done_lets_its_hold_go(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    game = h.chain()
    scene = h.laid(app, game)
    at = h.point(scene.layout.done)
    run(app, 0, [mouse("move", at), mouse("down", at)])
    run(app, DONE_HOLD * 0.5)
    run(app, 0, [mouse("move", h.point(scene.layout.take))])
    run(app, DONE_HOLD)
    run(app, 0, [mouse("up", h.point(scene.layout.take))])
    assert game.phase == "take" and game.current_player == 0


@pytest.mark.parametrize("size", SIZES)
def test_in_the_first_game_tutorial_a_tap_on_done_loses_nothing(make_app: Any, size: tuple[int, int]) -> None:
    app, game, scene, tutorial = tutorial_at_its_take_step(make_app, size)
    assert tutorial.showing(), "the hand points at the card to take"
    touch_tap(app, h.point(scene.layout.done))
    assert game.phase == "take" and game.scores == (0, 0) and tutorial.step == "take"


# ----- hints -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_suggested_take_does_not_look_picked_on_the_table(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    game = h.chain()
    scene = h.laid(app, game)
    app.settings = replace(app.settings, auto_hint=True)
    assert h.step_until(app, lambda: scene.hint_visible(), limit=30.0), "the automatic hint comes"
    assert scene.hint is not None and scene.hint.take
    look = scene.painter.table_look(None)
    assert look.picked == frozenset() and look.suggested == scene.hint.take, "suggested, not picked"
    hinted = next(c for c in sorted(scene.hint.take) if game.can_take(frozenset({c})))
    assert card_mark(look, hinted)[0] == "suggested"
    tap(app, h.cell_point(scene, hinted))
    look = scene.painter.table_look(None)
    assert card_mark(look, hinted)[0] == "picked"
    other = next((c for c in sorted(scene.hint.take) if c != hinted), None)
    if other is not None:
        assert card_mark(look, other) != card_mark(look, hinted), "picked and suggested differ (height and ring)"
    assert card_mark(look, hinted)[1] > card_mark(replace(look, picked=frozenset()), hinted)[1], \
        "a picked card stands higher than a suggested one"
    scene.draw(app.screen)  # the bulb over the card and the see-through cards in the take place draw


@pytest.mark.parametrize("size", SIZES)
def test_a_hint_for_the_other_card_shows_where_the_child_looks(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    h.fast(app)
    game = CardGame.new(players=2, seed=3)
    best = suggest_place(game).place
    scene = h.start_cards(app, game, h.PEOPLE2)
    tap(app, h.point(scene.layout.hand[1 - best.hand_index]))
    assert scene.chosen == 1 - best.hand_index
    tap(app, h.point(scene.layout.icons["hint"]))
    assert h.step_until(app, lambda: scene.hint is not None)
    assert scene.chosen == 1 - best.hand_index, "the hint never moves the child's choice"
    ghost = scene.ghost()
    assert ghost is not None and ghost[2] == best.cell, "and shows it on the table"
    assert h.step_until(app, lambda: not scene.camera.moving)
    assert scene.camera.in_view(best.cell), "where the child can see it"
    tap(app, h.point(scene.layout.hand[1 - best.hand_index]))
    assert scene.ghost() is not None, "choosing the other card again keeps the ghost"


@pytest.mark.parametrize("size", SIZES)
def test_a_tap_on_the_ghosts_slot_lays_the_card_as_the_hint_shows_it(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    h.fast(app)
    game = CardGame.new(players=2, seed=3)
    scene = h.start_cards(app, game, h.PEOPLE2)
    tap(app, h.point(scene.layout.icons["hint"]))
    assert h.step_until(app, lambda: scene.hint is not None)
    hint = scene.hint
    assert hint is not None
    # A place that needs turning: the card as it lies does not fit there (no turn was made).
    turned = next(p for p in game.legal_places() if p.rotation != 0 and not any(
        q.hand_index == p.hand_index and q.cell == p.cell and q.rotation == 0 for q in game.legal_places()))
    scene.hint = Advice(hint.seat, hint.turn, hint.phase, place=turned)
    h.into_view(app, scene, turned.cell)
    assert scene.ghost_cell() == turned.cell and turned.cell not in scene.lit()
    card = game.hand(0)[turned.hand_index]
    tap(app, h.cell_point(scene, turned.cell))
    assert game.table.get(turned.cell) == (card, turned.rotation), "laid, turned as the hint showed"
    assert "nope" not in app.sound.played


# ----- a long, thin table: a panning camera ------------------------------------------------------------
def long_table(length: int = 30, computer_first: bool = False) -> CardGame:
    """A row of *length* straight east-west cards, closed at its west end: fitted whole, its cells would be tiny,
    and cards fit only at its east end."""
    table = {(x, 0): (Card.from_text("2367:" if x else "23:"), 0) for x in range(length)}
    hands = [[Card.from_text("2367:"), Card.from_text("67:")], [Card.from_text("2367:"), Card.from_text("23:")]]
    return CardGame.from_position(table=table, hands=hands, pile=[Card.from_text("2367:")] * 4,
                                  current_player=1 if computer_first else 0)


def length_of(game: CardGame) -> int:
    """Where the row of :func:`long_table` ends (its east end's free cell)."""
    return max(x for x, _ in game.table) + 1


@pytest.mark.parametrize("size", SIZES)
def test_a_long_table_keeps_its_cells_big_enough_to_tap(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    h.fast(app)
    game = long_table()
    scene = h.start_cards(app, game, h.PEOPLE2)
    least = least_tap(size)
    assert scene.camera.side >= least and scene.camera.can_pan()
    area = scene.layout.table
    h.drag_table(app, area.center, (area.centerx + area.w * 3, area.centery))  # the child looks at the west end
    tap(app, h.point(scene.layout.hand[0]))
    assert h.step_until(app, lambda: not scene.camera.moving)
    shown = [c for c in scene.lit() if scene.camera.in_view(c)]
    assert shown == [(length_of(game), 0)], "a card chosen, the view goes where it fits"
    for cell in shown:
        rect = scene.cell_rect(cell)
        assert rect.w >= least and rect.h >= least, (cell, rect)
    h.lay_by_taps(app, scene, Place(0, shown[0], 0))
    assert shown[0] in game.table


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])
@pytest.mark.parametrize("size", SIZES)
def test_dragging_the_table_pans_it(make_app: Any, size: tuple[int, int], touch: bool) -> None:
    app = make_app(size)
    h.fast(app)
    game = long_table()
    scene = h.start_cards(app, game, h.PEOPLE2)
    area = scene.layout.table
    before = scene.camera.center_of((0, 0))
    h.drag_table(app, area.center, (area.centerx + area.w // 4, area.centery), touch=touch)
    after = scene.camera.center_of((0, 0))
    assert after != before, "the table moved with the finger"
    assert game.turn == 0 and game.phase == "place" and scene.chosen is None, "a pan is no tap"
    h.drag_table(app, area.center, (area.centerx + area.w * 3, area.centery), touch=touch)
    h.step_until(app, lambda: not scene.camera.moving)
    assert scene.camera.in_view((-1, 0)), "dragged far: it stops at the table's free ring"
    assert scene.camera.rect_of((-1, 0)).left >= area.left - 2


@pytest.mark.parametrize("size", SIZES)
def test_a_resting_palm_never_pans(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    h.fast(app)
    scene = h.start_cards(app, long_table(), h.PEOPLE2)
    area = scene.layout.table
    before = scene.camera.center_of((0, 0))
    palm = (area.centerx, area.bottom - 20)
    run(app, REST_SECONDS + 0.2, [finger("down", app, palm, 5)])
    for k in range(1, 9):
        run(app, 0, [finger("move", app, (palm[0] + 25 * k, palm[1]), 5)])
    run(app, 0, [finger("up", app, (palm[0] + 200, palm[1]), 5)])
    assert scene.camera.center_of((0, 0)) == before


@pytest.mark.parametrize("size", SIZES)
def test_the_view_follows_a_computers_card_to_the_far_end(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    h.fast(app)
    game = long_table(computer_first=True)
    scene = h.start_cards(app, game, h.table_of("person", "computer"))
    area = scene.layout.table
    h.drag_table(app, area.center, (area.centerx + area.w * 3, area.centery))  # the child looks at the west end
    before = set(game.table)
    assert h.step_until(app, lambda: game.turn > 0 and not scene.timeline.busy() and not scene.camera.moving)
    (laid,) = set(game.table) - before
    assert laid[0] > 20, "it went to the far end"
    assert scene.camera.in_view(laid), "the computer's card landed in view"


@pytest.mark.parametrize("size", SIZES)
def test_in_the_first_game_tutorial_the_light_bulb_shows_the_hands_card(make_app: Any, size: tuple[int, int]) -> None:
    """The hand and the hint never point at different cards: the light bulb shows what the hand shows."""
    app = make_app(size)
    h.fast(app)
    game = CardGame.new(players=2, seed=3)
    scene = h.start_cards(app, game, h.PEOPLE2)
    tutorial = CardTutorial(scene)
    scene.overlays.append(tutorial)
    run(app, 2.0)
    plan = tutorial.plan()
    assert tutorial.showing() and plan is not None
    assert suggest_place(game).place.hand_index != plan.hand_index, "the expert alone would choose the other card"
    tap(app, h.point(scene.layout.icons["hint"]))
    assert h.step_until(app, lambda: scene.hint is not None)
    ghost = scene.ghost()
    assert ghost is not None and ghost[0] == game.hand(0)[plan.hand_index], "the hint shows the hand's card"
    assert scene.chosen is None, "and leaves the choosing to the child"
    assert (ghost[1], ghost[2]) == (plan.rotation, plan.cell), "and shows it where the hand lays it"
    assert tutorial.showing(), "the hand still shows the same"


@pytest.mark.parametrize("size", SIZES)
def test_in_the_tutorials_take_step_the_light_bulb_marks_the_hands_card(make_app: Any, size: tuple[int, int]) -> None:
    app, game, scene, tutorial = tutorial_at_its_take_step(make_app, size)
    assert tutorial.showing()
    tap(app, h.point(scene.layout.icons["hint"]))
    assert h.step_until(app, lambda: scene.hint is not None)
    assert scene.hint is not None and scene.hint.take == {min(game.takeable())}, "the card the hand taps"
