"""Nothing jumps: where a figure is drawn moves smoothly from frame to frame.

Figures sharing a cell stand beside each other; a figure leaving, reaching or being carried with
such a group used to snap a sixth of a cell when its still picture and its moving picture met.
Each frame we work out where every figure is drawn (its sprite while a clip moves it, else its
still spot) and check the hand-overs between the two and the still frames.
"""

from __future__ import annotations

import math
from itertools import pairwise

from doolhof.engine import Game, Push
from doolhof.gui.kit.anim import FigureLook
from doolhof.gui.play.draw import sprite_spot
from doolhof.gui.play.layout import figure_spot
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import FRAME, center, mouse, run, start_play, tap

THREE = TableSetup(seats=(SeatConfig(), SeatConfig(), SeatConfig()))
TWO = TableSetup(seats=(SeatConfig(), SeatConfig()))

Cell = tuple[int, int]


def drawn(scene) -> dict[int, tuple[float, float, str, tuple[float, float], tuple[float, float]]]:  # type: ignore[no-untyped-def]
    """Where each figure is drawn now (bounces aside): (x, y, source, first spot, last spot).

    *source* is ``"still"`` or the name of the clip moving it; first and last spot are where that
    clip's sprite starts and ends (for a still figure, its spot).
    """
    lay = scene.layout
    hidden = scene.timeline.hidden_figures()
    sprites = scene.timeline.sprites()
    out = {}
    for seat in range(scene.game.players):
        if seat in hidden:
            for sprite, t in sprites:
                if sprite.look == FigureLook(seat):
                    x, y, _ = sprite_spot(lay, scene.shown, sprite, t)
                    first = sprite_spot(lay, scene.shown, sprite, sprite.keys[0].t)[:2]
                    last = sprite_spot(lay, scene.shown, sprite, sprite.keys[-1].t)[:2]
                    out[seat] = (x, y, scene.timeline.current.name, first, last)
        elif not (scene.gestures.drag == "figure" and seat == scene.game.current_player):
            x, y = figure_spot(lay, scene.shown.positions, seat)
            out[seat] = (x, y, "still", (x, y), (x, y))
    return out


def watch(app, scene, frames: int = 400) -> list[dict[int, tuple[float, float, str]]]:  # type: ignore[no-untyped-def]
    """Step *frames* frames (or until nothing moves), recording :func:`drawn` after each."""
    seen = [drawn(scene)]
    for _ in range(frames):
        app.step([], FRAME)
        seen.append(drawn(scene))
        if not scene.busy():
            break
    return seen


def assert_no_snap(scene, seen) -> None:  # type: ignore[no-untyped-def]
    """A figure drawn still stays put; a clip picks it up where it stands and puts it down where it will stand."""
    cell = scene.layout.cell
    for before, after in pairwise(seen):
        for seat in set(before) & set(after):
            (x0, y0, s0, _, last), (x1, y1, s1, first, _) = before[seat], after[seat]
            if s0 == "still" and s1 == "still":
                gap = math.dist((x0, y0), (x1, y1)) / cell
            elif s0 == "still":
                gap = math.dist((x0, y0), first) / cell
            elif s1 == "still":
                gap = math.dist(last, (x1, y1)) / cell
            else:
                continue
            assert gap < 0.02, f"figure {seat} snapped {gap:.2f} cells between {s0} and {s1}"


def _shared_start(seed: int) -> tuple[Game, tuple[str, int], Cell]:
    """Seats 0 and 1 share the top-left corner; seat 2 stands on a cell seat 0 reaches after a push."""
    for k in range(40):
        base = THREE.new_game(seed=seed + k).to_dict()
        for arrow in THREE.new_game(seed=seed + k).legal_arrows():
            side, index = arrow
            for r in range(5):
                for c in range(5):
                    on_line = (side in "WE" and r == index) or (side in "NS" and c == index)
                    if on_line or (r, c) == (0, 0):
                        continue
                    data = dict(base, positions=[[0, 0], [0, 0], [r, c]])
                    game = Game.from_dict(data)
                    trial = game.copy()
                    trial.push(Push(side, index))
                    if (r, c) in trial.reachable():
                        return game, arrow, (r, c)
    raise AssertionError("no such position found")


def test_leaving_and_reaching_a_shared_cell_glides(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game, arrow, goal = _shared_start(3)
    scene = start_play(app, game, THREE)
    tap(app, center(scene.arrow_rect(*arrow)))
    assert_no_snap(scene, watch(app, scene))
    tap(app, center(scene.cell_rect(goal)))
    seen = watch(app, scene)
    assert game.positions[0] == goal == game.positions[2]
    assert any(s[0][2] == "walk" for s in seen), "the figure walked"
    assert_no_snap(scene, seen)
    # At rest, the two on the goal stand apart and the one left behind stands in the middle of its cell.
    lay = scene.layout
    assert figure_spot(lay, list(game.positions), 1) == lay.cell_center((0, 0))
    assert figure_spot(lay, list(game.positions), 0) != figure_spot(lay, list(game.positions), 2)


def test_a_figure_put_down_by_hand_beside_another_glides(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game, arrow, goal = _shared_start(3)
    scene = start_play(app, game, THREE)
    tap(app, center(scene.arrow_rect(*arrow)))
    watch(app, scene)
    start = scene.figure_center(0)
    run(app, 0, [mouse("move", start), mouse("down", start)])
    end = center(scene.cell_rect(goal))
    for k in range(1, 9):
        run(app, 0, [mouse("move", (start[0] + (end[0] - start[0]) * k // 8, start[1] + (end[1] - start[1]) * k // 8))])
    run(app, 0.3)
    run(app, 0, [mouse("up", end)])
    seen = watch(app, scene)
    assert game.positions[0] == goal == game.positions[2]
    assert_no_snap(scene, seen)


def test_figures_sharing_a_cell_ride_a_push_together_without_a_snap(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    data = dict(TWO.new_game(seed=4).to_dict(), positions=[[1, 2], [1, 2]])
    game = Game.from_dict(data)
    scene = start_play(app, game, TWO)
    tap(app, center(scene.arrow_rect("W", 1)))
    seen = watch(app, scene)
    assert game.positions == ((1, 3), (1, 3))
    assert any(s[0][2] == "shift" for s in seen), "the figures rode the push"
    assert_no_snap(scene, seen)


def test_a_figure_wrapping_round_shrinks_away_instead_of_jumping(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    data = dict(TWO.new_game(seed=4).to_dict(), positions=[[1, 4], [4, 4]])
    game = Game.from_dict(data)
    scene = start_play(app, game, TWO)
    lay = scene.layout
    tap(app, center(scene.arrow_rect("W", 1)))
    biggest_visible_step = 0.0
    previous = None
    for _ in range(200):
        app.step([], FRAME)
        here = None
        for sprite, t in scene.timeline.sprites():
            if sprite.look == FigureLook(0):
                x, y, _ = sprite_spot(lay, scene.shown, sprite, t)
                here = (x, y, sprite.pose(t).scale)
        if here is not None and previous is not None and here[2] * lay.cell * 0.64 >= 3 and previous[2] > 0:
            biggest_visible_step = max(biggest_visible_step, math.dist(here[:2], previous[:2]) / lay.cell)
        previous = here
        if not scene.busy():
            break
    assert game.positions[0] == (1, 0), "the figure went off the east edge and came back in on the west"
    assert biggest_visible_step < 0.5, f"a drawn figure crossed {biggest_visible_step:.2f} cells in one frame"
