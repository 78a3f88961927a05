"""Gestures on the play screen: the figure held to the corridors, a resize mid-drag, and a draw that changes nothing."""

from __future__ import annotations

import math

import pygame
import pytest

from doolhof.engine import Push
from doolhof.gui.play.gestures import nearest_lit_cell
from doolhof.gui.play.layout import play_layout
from doolhof.session.seats import SeatConfig, TableSetup
from doolhof.session.settings import Settings
from tests.gui.helpers import FRAME, mouse, run, settle, start_play, tap

PEOPLE = TableSetup(seats=(SeatConfig(), SeatConfig()))

Cell = tuple[int, int]


def _center(rect: pygame.Rect) -> tuple[int, int]:
    return (rect.centerx, rect.centery)


def _walk_phase(app, seed: int = 6):  # type: ignore[no-untyped-def]
    """A play scene in the walk phase where the mover reaches at least three cells."""
    game = PEOPLE.new_game(seed=seed)
    scene = start_play(app, game, PEOPLE)
    for arrow in game.legal_arrows():
        trial = game.copy()
        trial.push(Push(*arrow))
        if len(trial.reachable()) >= 3:
            break
    tap(app, _center(scene.arrow_rect(*arrow)))
    settle(app)
    assert game.phase == "walk" and len(game.reachable()) >= 3
    return scene, game


def _press_figure(app, scene) -> None:  # type: ignore[no-untyped-def]
    start = scene.figure_center(0)
    run(app, 0, [mouse("move", start), mouse("down", start)])


def _move(app, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:  # type: ignore[no-untyped-def]
    for k in range(1, steps + 1):
        x = round(start[0] + (end[0] - start[0]) * k / steps)
        y = round(start[1] + (end[1] - start[1]) * k / steps)
        run(app, 0, [mouse("move", (x, y))])


def _far_cell(game) -> Cell:  # type: ignore[no-untyped-def]
    """The lit cell with the longest corridor path from the mover."""
    home = game.positions[game.current_player]
    return max(sorted(game.reachable()), key=lambda c: len(game.board.path(home, c) or ()))


def test_a_held_figure_sits_on_the_nearest_lit_cell_with_the_path_traced(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    scene, game = _walk_phase(app)
    lay = scene.layout
    home = game.positions[0]
    goal = _far_cell(game)
    _press_figure(app, scene)
    _move(app, scene.figure_center(0), lay.cell_center(goal))
    held = scene.gestures.held
    assert scene.gestures.drag == "figure" and held is not None
    assert held.cell == goal and held.path == game.board.path(home, goal) and len(held.path) >= 2
    assert scene.busy()
    run(app, 0.5)
    x, y = scene.gestures.figure_at(lay)
    gx, gy = lay.cell_center(goal)
    assert math.dist((x, y), (gx, gy)) < 1.0, "the figure glides onto the held cell"
    # Over a dark cell beside a lit one, the figure stays on the lit cell nearest the finger.
    lit = game.reachable()
    pairs = []
    for cell in sorted(lit):
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            dark = (cell[0] + dr, cell[1] + dc)
            if dark in lit or not (0 <= dark[0] < game.board.size and 0 <= dark[1] < game.board.size):
                continue
            cx, cy = lay.cell_center(cell)
            point = (cx + dc * lay.cell * 0.8, cy + dr * lay.cell * 0.8)
            if all(math.dist(lay.cell_center(o), point) >= lay.cell for o in lit if o != cell):
                pairs.append((cell, point))
    assert pairs, "this board has a dark cell beside a lit one"
    cell, point = pairs[0]
    _move(app, (gx, gy), point)
    assert lay.cell_at((round(point[0]), round(point[1]))) not in lit
    assert scene.gestures.held.cell == cell
    assert scene.gestures.held.path == game.board.path(home, cell)
    run(app, 0, [mouse("up", (round(point[0]), round(point[1])))])
    settle(app)
    assert game.positions[0] == cell and game.current_player == 1


def test_let_go_away_from_the_lit_cells_the_figure_stays_put(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    scene, game = _walk_phase(app)
    home = game.positions[0]
    before = scene.figure_center(0)
    goal = _far_cell(game)
    _press_figure(app, scene)
    _move(app, before, scene.layout.cell_center(goal))
    assert scene.gestures.held.cell == goal
    away = _center(scene.layout.trays[0])  # the panel: no lit cell near
    _move(app, scene.layout.cell_center(goal), away)
    assert scene.gestures.held.cell is None and scene.gestures.held.path == ()
    run(app, 0, [mouse("up", away)])
    settle(app)
    assert game.phase == "walk" and game.positions[0] == home and game.current_player == 0
    assert scene.figure_center(0) == before and scene.gestures.held is None
    # Not stuck: a tap on a lit cell still walks.
    tap(app, _center(scene.cell_rect(goal)))
    settle(app)
    assert game.positions[0] == goal


def test_nearest_lit_cell_reaches_half_a_cell_beyond_its_edge() -> None:
    lay = play_layout((1280, 800), 5, 2)
    x, y = lay.cell_center((2, 2))
    lit = frozenset({(2, 2), (0, 0)})
    assert nearest_lit_cell(lay, lit, (x, y)) == (2, 2)
    assert nearest_lit_cell(lay, lit, (x + lay.cell * 0.9, y)) == (2, 2)
    assert nearest_lit_cell(lay, lit, (x, y + lay.cell * 1.1)) is None
    assert nearest_lit_cell(lay, frozenset(), (x, y)) is None


def _resize(app, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    pygame.display.set_mode(size, pygame.RESIZABLE)
    run(app, 0, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])


def test_a_card_dragged_before_a_resize_goes_where_it_is_let_go(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=3)
    scene = start_play(app, game, PEOPLE)
    before = game.to_dict()
    start = _center(scene.spare_rect())
    run(app, 0, [mouse("move", start), mouse("down", start)])
    _move(app, start, _center(scene.arrow_rect("N", 3)))
    assert scene.gestures.snap == ("N", 3)
    _resize(app, (800, 1280))
    middle = _center(scene.cell_rect((2, 2)))  # in the new layout: the board's middle, far from any arrow
    run(app, 0, [mouse("up", middle)])
    settle(app)
    assert game.to_dict() == before, "let go far from the arrows in the new layout: no push"


def test_a_figure_held_through_a_resize_stays_on_its_cell(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    scene, game = _walk_phase(app)
    goal = _far_cell(game)
    _press_figure(app, scene)
    _move(app, scene.figure_center(0), scene.layout.cell_center(goal))
    run(app, 0.5)
    _resize(app, (800, 600))
    x, y = scene.gestures.figure_at(scene.layout)
    assert math.dist((x, y), scene.layout.cell_center(goal)) < 1.0
    run(app, 0, [mouse("up", _center(scene.cell_rect(goal)))])
    settle(app)
    assert game.positions[0] == goal


def _state(scene) -> tuple[object, ...]:  # type: ignore[no-untyped-def]
    s = scene.shown
    g = scene.gestures
    held = (g.held.spot, g.held.cell, g.held.path) if g.held is not None else None
    clip = scene.timeline.current
    return (
        repr(scene.game.to_dict()), tuple(s.board.masks()), tuple(s.positions), s.phase, s.spare, s.current,
        repr(s.collected), tuple(s.piles), s.target_picture, scene.rotation, scene.angle, scene.clock,
        scene.ambient_until, scene.timeline.time, id(clip), len(scene.timeline.queue),
        tuple((e.kind, e.age) for e in scene.effects), g.press, g.drag, g.pos, g.snap, held, scene.aim,
        scene.hint, tuple((type(o).__name__, vars(o).get("step"), vars(o).get("shown_for")) for o in scene.overlays),
    )


def _draw_changes_nothing(app, scene) -> None:  # type: ignore[no-untyped-def]
    before = _state(scene)
    for _ in range(3):
        scene.draw(app.screen)
    assert _state(scene) == before


def test_draw_changes_nothing(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=6)
    scene = start_play(app, game, PEOPLE, ambient=2.0)
    _draw_changes_nothing(app, scene)
    tap(app, _center(scene.arrow_rect(*game.legal_arrows()[0])))
    for _ in range(12):  # through the push animation
        run(app, 0.05)
        _draw_changes_nothing(app, scene)
    settle(app)
    scene, game = _walk_phase(make_app((800, 600)))
    _press_figure(app := scene.host, scene)
    _move(app, scene.figure_center(0), scene.layout.cell_center(_far_cell(game)))
    _draw_changes_nothing(app, scene)
    run(app, FRAME)
    _draw_changes_nothing(app, scene)


def test_draw_changes_nothing_under_the_tutorial(make_app) -> None:  # type: ignore[no-untyped-def]
    from doolhof.gui.play.tutorial import offer_tutorial

    app = make_app((800, 600))
    app.settings = Settings()
    game = PEOPLE.new_game(seed=3)
    scene = start_play(app, game, PEOPLE)
    offer_tutorial(app, scene)
    assert scene.overlays
    for _ in range(10):
        run(app, 0.3)
        _draw_changes_nothing(app, scene)


def test_a_tap_more_where_the_rotate_button_was_never_ends_the_turn(make_app) -> None:  # type: ignore[no-untyped-def]
    """Right after the push, one more tap (mouse or finger) on the round button's spot does nothing: the
    button turned the card and does not become "stay" under the finger; the figure still walks, and
    staying is a tap on the figure."""
    from tests.gui.helpers import touch_tap

    for size in [(1280, 800), (800, 600), (800, 1280)]:
        for by_finger in (False, True):
            app = make_app(size)
            press = touch_tap if by_finger else tap
            game = PEOPLE.new_game(seed=6)
            scene = start_play(app, game, PEOPLE)
            spot = _center(scene.layout.rotate)
            press(app, spot)
            press(app, spot)
            press(app, _center(scene.arrow_rect(*game.legal_arrows()[0])))
            settle(app)
            assert game.phase == "walk"
            for _ in range(3):
                press(app, spot)
                settle(app)
            assert game.phase == "walk" and game.turn == 0 and game.current_player == 0, (size, by_finger)
            press(app, scene.figure_center(0))  # the figure tapped: stay put
            settle(app)
            assert game.turn == 1 and game.phase == "push", (size, by_finger)


def test_a_press_from_the_last_childs_walk_never_turns_the_next_childs_card(make_app) -> None:  # type: ignore[no-untyped-def]
    """The first child walks and presses on where the round button is while the figure moves; held on past the
    moment the second child's turn begins and lifted there, it turns nothing (it went down on the last turn);
    the second child's own tap on the button turns the card at once."""
    from tests.gui.helpers import finger, touch_tap

    for size in [(1280, 800), (800, 600), (800, 1280)]:
        for by_finger in (False, True):
            app = make_app(size)
            press = touch_tap if by_finger else tap
            game = PEOPLE.new_game(seed=6)
            scene = start_play(app, game, PEOPLE)
            press(app, _center(scene.arrow_rect(*game.legal_arrows()[0])))
            settle(app)
            assert game.phase == "walk"
            others = sorted(c for c in game.reachable() if c != game.positions[0])
            press(app, _center(scene.cell_rect(others[0] if others else game.positions[0])))
            assert game.turn == 1
            spot = _center(scene.layout.rotate)
            run(app, 0, [finger("down", app, spot)] if by_finger else [mouse("move", spot), mouse("down", spot)])
            settle(app)
            assert game.current_player == 1 and scene.accepting(), (size, by_finger)
            run(app, 1.5)
            run(app, 0, [finger("up", app, spot)] if by_finger else [mouse("up", spot)])
            run(app, 0.3)
            assert scene.rotation == 0 and game.phase == "push", (size, by_finger)
            press(app, spot)
            assert scene.rotation == 1, "the second child's own tap turns the card"


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("by_finger", [False, True])
def test_the_next_childs_arrow_takes_a_tap_the_moment_their_turn_shows(make_app, size, by_finger) -> None:  # type: ignore[no-untyped-def]
    """Two children at one computer: the second one's turn shows (their figure raised, the arrows breathing)
    and the first tap on an arrow pushes at once, never lost to the turn's pop and bounce."""
    from tests.gui.helpers import tap_by

    app = make_app(size)
    table = TableSetup("junior", (SeatConfig("person"), SeatConfig("person")))
    game = table.new_game(5)
    scene = start_play(app, game, table)
    settle(app)
    tap_by(app, _center(scene.arrow_rect(*game.legal_arrows()[0])), by_finger)
    for _ in range(600):
        if game.phase == "walk" and scene.accepting():
            break
        app.step([], FRAME)
    run(app, 0.6)
    tap_by(app, _center(scene.layout.cell_rect(game.positions[0])), by_finger)  # stay put: the turn passes
    for _ in range(600):
        if scene.shown.current == 1:
            break
        app.step([], FRAME)
    assert scene.shown.current == 1 and game.current_player == 1, "the second child's turn shows"
    pushes = game.turn
    tap_by(app, _center(scene.arrow_rect(*game.legal_arrows()[0])), by_finger)
    assert game.phase == "walk" or game.turn != pushes, "the first tap on an arrow pushed"
