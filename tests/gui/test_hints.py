"""Hints on the play screen: the ghost card, the hinted cell, the automatic hint, speed and calm motion."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame

from doolhof.engine import Push
from doolhof.engine.ai import suggest_push, suggest_walk
from doolhof.engine.tiles import rotate
from doolhof.gui.kit.anim import FigureLook
from doolhof.gui.play import hint_view
from doolhof.gui.play.scene import AUTO_HINT_DELAY
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import (
    FRAME,
    SoundLog,
    drag,
    mouse,
    run,
    settle,
    start_play,
    step_until,
    tap,
    tap_by,
    touch_drag,
    wait_for_workers,
)

PEOPLE = TableSetup(seats=(SeatConfig(), SeatConfig()))


def _center(rect: pygame.Rect) -> tuple[int, int]:
    return (rect.centerx, rect.centery)


def _settings(app, **changes: object) -> None:  # type: ignore[no-untyped-def]
    app.settings = replace(app.settings, **changes)


def _wait_for_hint(app, scene, seconds: float = 5.0) -> None:  # type: ignore[no-untyped-def]
    """Step frames until the hint shows (*seconds* of scene time; the worker thread gets wall-clock time)."""
    assert step_until(app, lambda: scene.hint is not None, limit=seconds), "no hint appeared"


def _same_angle(a: float, b: float) -> bool:
    return abs((a - b + 180) % 360 - 180) < 0.5


def _looks_turned(spare: int, angle: float, rotation: int) -> bool:
    """True when the card *spare* drawn at *angle* looks as pushed with *rotation* (a straight turned twice looks
    unturned)."""
    quarters = round(angle / 90)
    return _same_angle(angle, quarters * 90) and rotate(spare, quarters % 4) == rotate(spare, rotation)


def test_the_light_bulb_sends_a_ghost_card_to_the_suggested_push(make_app) -> None:  # type: ignore[no-untyped-def]
    for size in [(800, 600), (1280, 800)]:
        app = make_app(size)
        app._sound = SoundLog()
        game = PEOPLE.new_game(seed=21)
        scene = start_play(app, game, PEOPLE)
        before = game.to_dict()
        expected = suggest_push(game.copy())
        assert expected.rotation != 0, "pick a seed whose hint turns the card (the test checks the rotation)"
        tap(app, _center(scene.layout.icons["hint"]))
        _wait_for_hint(app, scene)
        assert scene.hint.push == expected
        assert "hint" in app.sound.played
        # The ghost starts at the card's slot, then flies to the suggested arrow turning as suggested.
        x, y, angle, alpha = scene.ghost_pose()
        assert math.dist((x, y), scene.spare_rect().center) < scene.layout.cell * 0.3
        entry = scene.layout.cell_center(scene.layout.entry_cell(expected.side, expected.index))
        run(app, hint_view.GHOST_FLY * 0.5)
        mid = scene.ghost_pose()
        assert math.dist(mid[:2], entry) < math.dist((x, y), entry) - scene.layout.cell  # on its way
        run(app, hint_view.GHOST_FLY * 0.6)
        x, y, angle, alpha = scene.ghost_pose()
        assert math.dist((x, y), entry) <= scene.layout.cell * 0.5 + 1  # at the arrow, dipping in ("push here")
        assert _looks_turned(game.spare, angle, expected.rotation) and alpha > 0.5
        # Only a hint: the child still turns and pushes the card.
        assert game.to_dict() == before and scene.rotation == 0
        # It stops moving after a while so the loop can rest, but stays on screen.
        settle(app)
        assert scene.ghost_pose() is not None and not scene.busy()


def test_after_the_push_the_hinted_cell_is_the_picture_when_reachable(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=21)
    scene = start_play(app, game, PEOPLE)
    tap(app, _center(scene.layout.icons["hint"]))
    _wait_for_hint(app, scene)
    push = scene.hint.push
    trial = game.copy()
    trial.push(push)
    assert trial.target() in trial.reachable(), "pick a seed where the hinted push reaches the picture"
    for _ in range(push.rotation):
        tap(app, _center(scene.layout.rotate))
    tap(app, _center(scene.arrow_rect(push.side, push.index)))
    assert scene.hint is None  # the push hint goes as soon as the child pushes
    settle(app)
    assert game.phase == "walk"
    # The help asked for this turn goes on: the cell to walk to lights up by itself.
    _wait_for_hint(app, scene)
    assert scene.hint.cell == game.target() == suggest_walk(game.copy())
    path = scene.hint.path
    assert path[0] == game.positions[0] and path[-1] == game.target()
    assert all(c in game.reachable() for c in path)
    run(app, 1.0)  # the ring pulses and the path shows (drawn without trouble)
    tap(app, _center(scene.cell_rect(game.target())))
    assert scene.hint is None
    settle(app)
    assert game.scores[0] == 1


def test_a_hint_asked_while_walking_shows_the_best_cell(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    game = PEOPLE.new_game(seed=6)
    scene = start_play(app, game, PEOPLE)
    tap(app, _center(scene.arrow_rect("N", 1)))
    settle(app)
    assert scene.hint is None and game.phase == "walk"
    tap(app, _center(scene.layout.icons["hint"]))
    _wait_for_hint(app, scene)
    assert scene.hint.push is None and scene.hint.cell == suggest_walk(game.copy())
    assert scene.hint.cell in game.reachable()


def test_no_light_bulb_on_a_computers_turn(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    table = TableSetup(seats=(SeatConfig("computer", "clever"), SeatConfig()))
    game = table.new_game(seed=3)
    scene = start_play(app, game, table)
    assert scene.corner_icon("hint") is None and not scene.hint_available()
    scene.show_hint()
    run(app, 0.5)
    assert scene.hint is None and scene.hints.job is None
    settle(app)
    assert game.current_player == 1
    assert scene.corner_icon("hint") is not None


def test_the_automatic_hint_comes_after_the_delay_only_when_on(make_app) -> None:  # type: ignore[no-untyped-def]
    for enabled in (True, False):
        app = make_app((800, 600))
        _settings(app, auto_hint=enabled)
        game = PEOPLE.new_game(seed=21)
        scene = start_play(app, game, PEOPLE)
        scene.wall_clock = lambda: 0.0  # scene time only: deterministic
        if enabled:
            assert 0 < scene.wake_after() <= AUTO_HINT_DELAY
        else:
            assert scene.wake_after() is None
        run(app, AUTO_HINT_DELAY - 2)
        tap(app, _center(scene.spare_rect()))  # input starts the wait again
        run(app, AUTO_HINT_DELAY - 1)
        assert scene.hint is None and scene.hints.job is None
        run(app, 1.5)
        if enabled:
            _wait_for_hint(app, scene)
            assert scene.hint.push == suggest_push(game.copy())
        else:
            run(app, AUTO_HINT_DELAY)
            assert scene.hint is None and scene.hints.job is None


def test_the_automatic_hint_wakes_the_sleeping_loop(make_app) -> None:  # type: ignore[no-untyped-def]
    """While the app sleeps it passes at most 0.1 s per step: the wall clock carries the delay."""
    app = make_app((800, 600))
    _settings(app, auto_hint=True)
    game = PEOPLE.new_game(seed=21)
    scene = start_play(app, game, PEOPLE)
    now = [100.0]
    scene.wall_clock = lambda: now[0]
    scene.hints.note_input()
    settle(app)
    assert not scene.busy()
    wait = scene.wake_after()
    assert wait is not None and AUTO_HINT_DELAY - 1 < wait <= AUTO_HINT_DELAY
    now[0] += wait  # the loop slept that long ...
    app.step([], 0.1)  # ... and wakes with a capped step
    assert scene.busy()
    _wait_for_hint(app, scene)


def test_no_automatic_hint_for_computers(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    _settings(app, auto_hint=True, animation_speed="slow")
    table = TableSetup(seats=(SeatConfig("computer", "gentle"), SeatConfig("computer", "gentle")))
    game = table.new_game(seed=5)
    scene = start_play(app, game, table)
    scene.wall_clock = lambda: 0.0
    for _ in range(int(3 * AUTO_HINT_DELAY / FRAME)):
        app.step([], FRAME)
        assert scene.wake_after() is None
        assert scene.hint is None and scene.hints.job is None
    assert game.turn >= 2


def _push_time(app, scene) -> float:  # type: ignore[no-untyped-def]
    tap(app, _center(scene.arrow_rect("N", 1)))
    t = FRAME
    while scene.timeline.busy():
        assert t < 10, "the push never ended"
        app.step([], FRAME)
        t += FRAME
    return t


def test_animation_speed_scales_every_duration(make_app) -> None:  # type: ignore[no-untyped-def]
    times = {}
    thinks = {}
    for speed in ("slow", "normal", "fast"):
        app = make_app((800, 600))
        _settings(app, animation_speed=speed, auto_hint=False)
        table = TableSetup(seats=(SeatConfig(), SeatConfig("computer", "clever")))
        game = table.new_game(seed=7)
        scene = start_play(app, game, table)
        times[speed] = _push_time(app, scene)
        tap(app, scene.figure_center(0))
        assert step_until(app, lambda g=game, s=scene: g.current_player != 0 and not s.timeline.busy(), limit=10)
        # The paced thinking pause in scene time: each frame waits for the thinking thread first, so how
        # quickly the thread is scheduled does not change the count.
        t = 0.0
        while scene.timeline.current is None or scene.timeline.current.name != "travel":
            assert t < 10, "the computer never started its move"
            wait_for_workers(app)
            app.step([], FRAME)
            t += FRAME
        thinks[speed] = t
    normal = times["normal"]
    assert abs(times["slow"] - 1.5 * normal) < 3 * FRAME
    assert abs(times["fast"] - 0.6 * normal) < 3 * FRAME
    assert thinks["slow"] > thinks["normal"] > thinks["fast"]
    assert abs(thinks["slow"] - 1.5 * thinks["normal"]) < 3 * FRAME


def test_reduced_motion_is_calm_but_still_moves(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    _settings(app, reduced_motion=True, auto_hint=False)
    game = PEOPLE.new_game(seed=6)
    scene = start_play(app, game, PEOPLE, ambient=3.0)
    assert not scene.busy()  # no breathing arrows
    calm = _push_time(app, scene)
    assert game.phase == "walk"
    start = game.positions[0]
    goal = max(game.reachable(), key=lambda c: abs(c[0] - start[0]) + abs(c[1] - start[1]))
    tap(app, _center(scene.cell_rect(goal)))
    lifts = []
    frames = 0
    while scene.timeline.busy():
        frames += 1
        assert frames < 10 / FRAME, "the walk never ended"
        for sprite, t in scene.timeline.sprites():
            if isinstance(sprite.look, FigureLook):
                lifts.append(sprite.pose(t).lift)
        if scene.timeline.current and scene.timeline.current.name == "handover":
            app.step([], FRAME)
            assert not any(e.kind in ("bounce", "pop") for e in scene.effects)
        app.step([], FRAME)
    assert lifts and max(lifts) == 0.0  # the figure glides cell by cell, no hops
    # Shorter than full motion at the same speed, but still there.
    app2 = make_app((800, 600))
    _settings(app2, auto_hint=False)
    scene2 = start_play(app2, PEOPLE.new_game(seed=6), PEOPLE)
    full = _push_time(app2, scene2)
    assert 0.5 * full < calm < full


def test_reduced_motion_ghost_glides_once_and_rests(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    _settings(app, reduced_motion=True)
    game = PEOPLE.new_game(seed=21)
    scene = start_play(app, game, PEOPLE)
    tap(app, _center(scene.layout.icons["hint"]))
    _wait_for_hint(app, scene)
    push = scene.hint.push
    run(app, hint_view.CALM_FLY * scene.motion.scale + 0.1)
    assert not scene.busy()
    x, y, angle, _ = scene.ghost_pose()
    entry = scene.layout.cell_center(scene.layout.entry_cell(push.side, push.index))
    dipped = scene.layout.cell * 0.5 * hint_view.REST_NUDGE  # resting a little way in, beside its arrow
    assert abs(math.dist((x, y), entry) - dipped) < 2 and _looks_turned(game.spare, angle, push.rotation)


def test_hint_pose_math() -> None:
    from doolhof.gui.kit.anim import Motion
    from doolhof.gui.play.computer import HintAdvice

    show = hint_view.HintShow(HintAdvice(0, 0, "push", push=Push("W", 1, 3)), start_angle=0.0)
    assert show.end_angle == -90.0  # three quarters right: the short way is one to the left
    full = Motion()
    assert show.ghost_pose(full).u == 0.0
    show.age = hint_view.GHOST_FLY
    assert show.ghost_pose(full).u == 1.0
    cycle = hint_view.GHOST_FLY + hint_view.GHOST_HOLD + hint_view.GHOST_FADE
    show.age = cycle + 0.01  # the second loop starts again at the slot
    assert show.ghost_pose(full).u < 0.01
    show.age = 100.0
    assert not show.moving(full) and show.ghost_pose(full).u == 1.0
    assert hint_view.shortest_turn(350, 10) == 20 and hint_view.shortest_turn(0, 180) == 180
    straight, corner = 0b0101, 0b0011  # N+S, N+E
    assert hint_view.nearest_look(straight, 2, 0.0) == 0.0  # no spin for a look that does not change
    assert hint_view.nearest_look(straight, 3, 0.0) in (90.0, -90.0)
    assert hint_view.nearest_look(corner, 3, 0.0) == -90.0
    assert hint_view.nearest_look(corner, 2, 350.0) == 180.0


def test_a_game_with_hints_every_turn_reaches_the_end(make_app) -> None:  # type: ignore[no-untyped-def]
    """Follow the light bulb only: every hint is legal and leads to a finished game."""
    app = make_app((800, 600))
    table = TableSetup(seats=(SeatConfig(), SeatConfig()), secrets=2)
    game = table.new_game(seed=22)
    scene = start_play(app, game, table)
    replaced: list[object] = []
    app.replace_scene = replaced.append  # type: ignore[method-assign]
    for _ in range(80):
        if game.is_over():
            break
        tap(app, _center(scene.layout.icons["hint"]))
        _wait_for_hint(app, scene)
        push = scene.hint.push
        scene.rotation = push.rotation
        tap(app, _center(scene.arrow_rect(push.side, push.index)))
        settle(app)
        assert game.phase == "walk" or game.is_over()
        _wait_for_hint(app, scene)
        tap(app, _center(scene.cell_rect(scene.hint.cell)))
        settle(app)
    assert game.is_over() and replaced


SIZES = [(1280, 800), (800, 600), (800, 1280)]


def _hinted(app, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    """A two-person game whose light-bulb hint turns the card into a look of its own, the hint on screen."""
    game = PEOPLE.new_game(seed=21)
    scene = start_play(app, game, PEOPLE)
    tap(app, _center(scene.layout.icons["hint"]))
    _wait_for_hint(app, scene)
    push = scene.hint.push
    assert rotate(game.spare, push.rotation) != game.spare, "pick a seed whose hint turns the card visibly"
    run(app, 1.0)
    assert scene.ghost_pose() is not None and scene.rotation == 0
    return scene, game, push


def test_a_tap_on_the_arrow_the_hint_shows_pushes_the_card_turned_as_shown(make_app) -> None:  # type: ignore[no-untyped-def]
    """A child who taps the arrow the ghost card went to gets the push the ghost showed, turned and all (the
    card turns on its way), by mouse and by finger, at every window size."""
    for size in SIZES:
        for by_finger in (False, True):
            app = make_app(size)
            scene, game, push = _hinted(app, size)
            expected = game.copy()
            expected.push(push)
            tap_by(app, _center(scene.arrow_rect(push.side, push.index)), by_finger)
            assert game.to_dict() == expected.to_dict(), (size, by_finger)
            # The card is seen turning on its way to the arrow: the travel ends at the hint's look.
            clip = scene.timeline.current
            assert clip is not None and clip.name == "travel"
            settle(app)
            assert game.phase == "walk"


def test_a_card_dropped_on_the_hinted_arrow_goes_in_as_the_hint_shows(make_app) -> None:  # type: ignore[no-untyped-def]
    for size in SIZES:
        for by_finger in (False, True):
            app = make_app(size)
            scene, game, push = _hinted(app, size)
            expected = game.copy()
            expected.push(push)
            start = _center(scene.spare_rect())
            end = _center(scene.arrow_rect(push.side, push.index))
            (touch_drag if by_finger else drag)(app, start, end)
            assert game.to_dict() == expected.to_dict(), (size, by_finger)


def test_the_child_s_own_turn_counts_on_an_arrow_the_hint_did_not_show(make_app) -> None:  # type: ignore[no-untyped-def]
    """Only the hinted arrow pushes as the hint shows; any other arrow takes the card as the child turned it,
    and so does the hinted arrow when the hint came while the finger was already down."""
    for size in SIZES:
        app = make_app(size)
        scene, game, push = _hinted(app, size)
        other = next(a for a in game.legal_arrows() if a != push.arrow)
        tap(app, _center(scene.layout.rotate))
        settle(app)
        expected = game.copy()
        expected.push(Push(*other, 1))
        tap(app, _center(scene.arrow_rect(*other)))
        assert game.to_dict() == expected.to_dict(), size
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=21)
    scene = start_play(app, game, PEOPLE)
    hinted = suggest_push(game.copy())
    pos = _center(scene.arrow_rect(hinted.side, hinted.index))
    run(app, 0, [mouse("move", pos), mouse("down", pos)])
    scene.show_hint()  # the hint comes while the finger is down
    _wait_for_hint(app, scene)
    expected = game.copy()
    expected.push(Push(hinted.side, hinted.index, 0))
    run(app, 0, [mouse("up", pos)])
    assert game.to_dict() == expected.to_dict()
