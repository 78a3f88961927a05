"""One turn in detail: picks that would split the table, picks that bring their cut-off cards along, the light bulb."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from doolhof.cards import Card, CardGame
from doolhof.cards.ai import suggest_place, suggest_take
from tests.gui.cards.helpers import (
    PEOPLE2,
    cell_point,
    chain,
    fast,
    hold_done,
    laid,
    lay_by_taps,
    point,
    ready,
    settle,
    square,
    start_cards,
    step_until,
)
from tests.gui.helpers import run, tap


def test_a_pick_that_would_split_the_table_is_refused_and_shows_what_would_fall_off(make_app: Any) -> None:
    app = make_app((1280, 800))
    game = square()
    scene = laid(app, game)
    assert scene.phase_now() == "take"
    assert game.takeable() == {(1, 0), (0, 1)}
    assert {cell for cell, _ in scene.shown.glow} == {(0, 0), (1, 0), (0, 1)}
    tap(app, cell_point(scene, (1, 0)))
    assert scene.picks == {(1, 0)}
    tap(app, cell_point(scene, (0, 1)))
    assert scene.picks == {(1, 0)}, "refused"
    assert scene.refused == {(1, 1)}, "the card that would be cut off is shown"
    assert app.sound.played[-1] == "nope"
    run(app, 2.0)
    assert scene.refused == frozenset(), "only briefly"
    tap(app, cell_point(scene, (1, 0)))
    assert scene.picks == set(), "tapped again: unpicked"
    tap(app, cell_point(scene, (0, 1)))
    tap(app, point(scene.layout.take))
    assert game.taken(0) == (Card.from_text("01:apple"),)
    settle(app)
    assert (0, 1) not in scene.shown.table and len(scene.shown.taken[0]) == 1


def test_a_pick_that_cuts_off_takeable_cards_brings_them_along(make_app: Any) -> None:
    app = make_app((1280, 800))
    game = chain()
    scene = laid(app, game)
    assert scene.phase_now() == "take"
    tap(app, cell_point(scene, (1, 0)))
    assert scene.picks == {(1, 0), (2, 0)}
    tap(app, cell_point(scene, (2, 0)))
    assert scene.picks == {(1, 0)} or scene.picks == set()
    assert game.can_take(scene.picks)


def test_take_nothing_is_always_there(make_app: Any) -> None:
    """Taking is optional (C7): a pick put back, "done" held ends the turn taking nothing."""
    app = make_app((800, 600))
    game = chain()
    scene = laid(app, game)
    tap(app, cell_point(scene, (2, 0)))
    tap(app, cell_point(scene, (2, 0)))
    hold_done(app, scene)
    assert game.scores == (0, 0) and game.is_over() is False and game.current_player == 1


def test_the_light_bulb_shows_a_ghost_card_then_the_cards_to_take(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app)
    game = chain()
    scene = start_cards(app, game, PEOPLE2)
    assert scene.corner_icon("hint") is not None
    tap(app, point(scene.layout.icons["hint"]))
    assert step_until(app, lambda: scene.hint is not None)
    best = suggest_place(game).place
    assert scene.ghost() == (game.hand(0)[best.hand_index], best.rotation, best.cell)
    assert "hint" in app.sound.played
    run(app, 0.1)
    lay_by_taps(app, scene, best)
    assert scene.ghost() is None
    assert step_until(app, ready(scene)) and scene.phase_now() == "take"
    tap(app, point(scene.layout.icons["hint"]))
    assert step_until(app, lambda: scene.hint is not None and scene.hint.phase == "take")
    assert scene.hint.take == suggest_take(game)
    look = scene.painter.table_look(None)
    assert suggest_take(game) <= look.suggested and not look.picked, "suggested, not picked"


def test_no_light_bulb_on_a_computers_turn(make_app: Any) -> None:
    from tests.gui.cards.helpers import table_of

    app = make_app((1280, 800))
    fast(app)
    scene = start_cards(app, CardGame.new(players=2, seed=3), table_of("computer", "person"))
    assert scene.corner_icon("hint") is None
    scene.show_hint()
    assert scene.hint_job is None


def test_the_hint_comes_by_itself_after_a_while_without_input(make_app: Any) -> None:
    from doolhof.gui.cards.scene import AUTO_HINT_DELAY

    app = make_app((1280, 800))
    fast(app)
    game = chain()
    scene = start_cards(app, game, PEOPLE2)
    now = [100.0]
    scene.wall_clock = lambda: now[0]
    scene.note_input()
    run(app, 0.2)
    assert scene.hint is None and scene.wake_after() is not None
    now[0] += AUTO_HINT_DELAY / 2
    tap(app, (2, 2))  # input: the wait starts again
    now[0] += AUTO_HINT_DELAY * 0.6
    run(app, 0.1)
    assert scene.hint is None and scene.hint_job is None
    now[0] += AUTO_HINT_DELAY
    assert step_until(app, lambda: scene.hint is not None)
    assert scene.ghost() is not None
    app.settings = replace(app.settings, auto_hint=False)
    assert scene.wake_after() is None


def test_a_tap_just_over_the_edge_of_a_lit_cell_still_lays_there(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app)
    game = chain()
    scene = start_cards(app, game, PEOPLE2)
    tap(app, point(scene.layout.hand[0]))
    assert (0, 0) in scene.lit()
    x, y = cell_point(scene, (0, 0))
    side = scene.cell_side()
    tap(app, (round(x + side * 0.56), y))  # on the card at (1, 0), just past the lit cell's edge
    assert (0, 0) in game.table and game.phase == "take"
