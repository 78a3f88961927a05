"""The play scene driven by synthetic pointer, key and wheel events (headless)."""

from __future__ import annotations

import pygame

from doolhof.engine import Board, Game, Push
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import FRAME, drag, mouse, run, settle, start_play, step_until, tap

PEOPLE = TableSetup(seats=(SeatConfig(), SeatConfig()))


def _center(rect: pygame.Rect) -> tuple[int, int]:
    return (rect.centerx, rect.centery)


def _expected_after(game: Game, push: Push) -> dict[str, object]:
    copy = game.copy()
    copy.push(push)
    return copy.to_dict()


def test_drag_the_card_onto_an_arrow_pushes_there(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=3)
    scene = start_play(app, game, PEOPLE)
    expected = _expected_after(game, Push("N", 3, 0))
    actions: list[str] = []
    scene.on_action = lambda g: actions.append(g.phase)
    drag(app, _center(scene.spare_rect()), _center(scene.arrow_rect("N", 3)))
    settle(app)
    assert game.to_dict() == expected
    assert game.forbidden == ("S", 3)
    assert actions == ["walk"]


def test_a_drag_released_near_an_arrow_snaps_to_it(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=3)
    scene = start_play(app, game, PEOPLE)
    expected = _expected_after(game, Push("W", 1, 0))
    slot = scene.cell_rect((1, -1))
    near = (slot.centerx - scene.layout.cell // 3, slot.centery + scene.layout.cell // 3)
    drag(app, _center(scene.spare_rect()), near)
    settle(app)
    assert game.to_dict() == expected


def test_a_drag_released_far_from_arrows_flies_back(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=3)
    scene = start_play(app, game, PEOPLE)
    before = game.to_dict()
    drag(app, _center(scene.spare_rect()), _center(scene.cell_rect((2, 2))))
    settle(app)
    assert game.to_dict() == before
    # A tap on the card still turns it afterwards (the scene is not stuck in a drag).
    tap(app, _center(scene.spare_rect()))
    assert scene.rotation == 1


def test_the_forbidden_arrow_refuses_gently(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=4)
    scene = start_play(app, game, PEOPLE)
    tap(app, _center(scene.arrow_rect("W", 1)))
    settle(app)
    tap(app, scene.figure_center(0))  # stay
    settle(app)
    assert game.phase == "push" and game.forbidden == ("E", 1)
    before = game.to_dict()
    tap(app, _center(scene.arrow_rect("E", 1)))
    assert any(e.kind == "shake" for e in scene.effects)
    settle(app)
    assert game.to_dict() == before
    # Dragging the card onto it is refused too.
    drag(app, _center(scene.spare_rect()), _center(scene.arrow_rect("E", 1)))
    settle(app)
    assert game.to_dict() == before


def test_rotation_by_tap_key_and_wheel_reaches_the_engine(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=5)
    scene = start_play(app, game, PEOPLE)
    tap(app, _center(scene.spare_rect()))  # +1
    tap(app, _center(scene.layout.rotate))  # +1
    run(app, 0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r")])  # +1
    run(app, 0, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)])
    run(app, 0, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)])
    run(app, 0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=pygame.KMOD_SHIFT, unicode="R")])  # -1
    assert scene.rotation % 4 == 2
    expected = _expected_after(game, Push("S", 1, 2))
    tap(app, _center(scene.arrow_rect("S", 1)))
    settle(app)
    assert game.to_dict() == expected


def _arrow_that_opens_a_walk(game: Game) -> tuple[str, int]:
    """An allowed arrow after whose push the mover can walk somewhere (the last one if none can)."""
    for arrow in game.legal_arrows():
        trial = game.copy()
        trial.push(Push(*arrow))
        if len(trial.reachable()) > 1:
            break
    return arrow


def _pushed(app, scene, game: Game, arrow: tuple[str, int] = ("N", 1)) -> None:  # type: ignore[no-untyped-def]
    tap(app, _center(scene.arrow_rect(*arrow)))
    settle(app)
    assert game.phase == "walk"


def test_tap_a_lit_cell_walks_there(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=6)
    scene = start_play(app, game, PEOPLE)
    _pushed(app, scene, game, _arrow_that_opens_a_walk(game))
    start = game.positions[0]
    goal = max(game.reachable(), key=lambda c: abs(c[0] - start[0]) + abs(c[1] - start[1]))
    assert goal != start
    tap(app, _center(scene.cell_rect(goal)))
    assert scene.busy()
    settle(app)
    assert game.positions[0] == goal
    assert game.current_player == 1 and game.phase == "push"
    assert scene.cell_rect(goal).collidepoint(scene.figure_center(0))


def test_tap_an_unlit_cell_does_nothing(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=6)
    scene = start_play(app, game, PEOPLE)
    _pushed(app, scene, game)
    unlit = [c for c in game.board.cells() if c not in game.reachable()]
    assert unlit
    before = game.to_dict()
    for cell in unlit:
        tap(app, _center(scene.cell_rect(cell)))
        settle(app)
    assert game.to_dict() == before


def test_drag_the_figure_to_a_lit_cell(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=6)
    scene = start_play(app, game, PEOPLE)
    _pushed(app, scene, game, _arrow_that_opens_a_walk(game))
    goal = next(c for c in sorted(game.reachable()) if c != game.positions[0])
    drag(app, scene.figure_center(0), _center(scene.cell_rect(goal)))
    settle(app)
    assert game.positions[0] == goal and game.current_player == 1


def test_tapping_the_figure_s_own_cell_or_the_figure_stays_put(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=7)
    scene = start_play(app, game, PEOPLE)
    _pushed(app, scene, game)
    where = game.positions[0]
    cell = scene.cell_rect(where)
    tap(app, (cell.x + cell.w // 8, cell.y + cell.h // 8))  # its own cell, beside the figure
    settle(app)
    assert game.positions[0] == where and game.current_player == 1
    _pushed(app, scene, game, ("S", 3))
    where = game.positions[1]
    tap(app, scene.figure_center(1))
    settle(app)
    assert game.positions[1] == where and game.current_player == 0


def test_a_figure_on_the_pushed_out_card_rides_round(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    start = Game.new(variant="junior", players=2, seed=8)
    board = Board(5, start.board.masks(), start.board.pictures())
    game = Game.from_position(board, start.spare, spare_picture=start.spare_picture, positions=[(1, 4), (0, 4)],
                              secrets=["star", "apple"])
    scene = start_play(app, game, PEOPLE)
    tap(app, _center(scene.arrow_rect("W", 1)))
    # Mid-animation the figure is drawn by the clip, not at either end.
    run(app, 0.6)
    assert scene.busy() and 0 in scene.timeline.hidden_figures()
    settle(app)
    assert game.positions[0] == (1, 0)
    assert scene.cell_rect((1, 0)).collidepoint(scene.figure_center(0))


def test_right_and_middle_clicks_do_nothing(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=9)
    scene = start_play(app, game, PEOPLE)
    before = game.to_dict()
    for button in (2, 3):
        for target in (_center(scene.arrow_rect("N", 1)), _center(scene.spare_rect()), _center(scene.layout.rotate)):
            run(app, 0, [mouse("move", target), mouse("down", target, button=button)])
            run(app, 0, [mouse("up", target, button=button)])
    settle(app)
    assert game.to_dict() == before and scene.rotation == 0


def test_input_during_an_animation_is_ignored(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=10)
    scene = start_play(app, game, PEOPLE)
    tap(app, _center(scene.arrow_rect("N", 1)))
    assert scene.timeline.busy()
    after_push = game.to_dict()
    for _ in range(6):
        tap(app, _center(scene.arrow_rect("W", 3)))
        tap(app, _center(scene.spare_rect()))
        tap(app, _center(scene.cell_rect(game.positions[0])))
        run(app, 0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r")])
        run(app, 0.05)
    settle(app)
    assert game.to_dict() == after_push and scene.rotation == 0


def test_the_computer_plays_its_turn_and_ignores_people(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    table = TableSetup(seats=(SeatConfig(), SeatConfig("computer", "gentle")))
    game = table.new_game(seed=11)
    scene = start_play(app, game, table)
    saves: list[int] = []
    scene.on_action = lambda g: saves.append(g.turn)
    tap(app, _center(scene.arrow_rect("N", 1)))
    settle(app)
    tap(app, scene.figure_center(0))
    # Now it is the computer's turn: person taps change nothing of what it does.
    run(app, 0.1)
    assert game.current_player == 1
    tap(app, _center(scene.arrow_rect("W", 3)))
    assert game.phase == "push"  # the computer is still thinking; the tap did not push
    settle(app)
    assert game.current_player == 0 and game.turn == 2
    assert len(saves) == 4  # push + walk, twice


def test_a_game_between_two_computers_runs_as_a_demo(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((640, 480))
    table = TableSetup(seats=(SeatConfig("computer", "gentle"), SeatConfig("computer", "gentle")), secrets=1)
    game = table.new_game(seed=12)
    scene = start_play(app, game, table)
    replaced: list[object] = []
    app.replace_scene = replaced.append  # type: ignore[method-assign]
    step_until(app, game.is_over, limit=300, wait=120)  # a computer turn is paced for children: ~5 s each
    assert game.is_over()
    settle(app)
    assert scene.finished
    outcome = game.outcome()
    assert outcome is not None and outcome.winners
    if replaced:
        assert type(replaced[0]).__name__ == "EndScene"


def test_a_whole_game_through_taps_reaches_the_end(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((640, 480))
    table = TableSetup(seats=(SeatConfig(), SeatConfig()), secrets=2)
    game = table.new_game(seed=13)
    scene = start_play(app, game, table)
    replaced: list[object] = []
    real_replace = app.replace_scene
    app.replace_scene = lambda s: (replaced.append(s), real_replace(s))  # type: ignore[method-assign]
    turns = 0
    while not game.is_over() and turns < 150:
        turns += 1
        # Prefer the arrow after which the target can be reached (what a helpful parent would point at).
        best = game.legal_arrows()[turns % len(game.legal_arrows())]
        for arrow in game.legal_arrows():
            trial = game.copy()
            trial.push(Push(*arrow, scene.rotation % 4))
            target = trial.target()
            if target is not None and target in trial.reachable():
                best = arrow
                break
        tap(app, _center(scene.arrow_rect(*best)))
        settle(app)
        assert game.phase == "walk"
        target = game.target()
        goal = target if target in game.reachable() else game.positions[game.current_player]
        tap(app, _center(scene.cell_rect(goal)))
        settle(app)
    assert game.is_over()
    scores = game.scores
    assert game.outcome().winners == {s for s in range(2) if scores[s] == max(scores)}  # type: ignore[union-attr]
    assert scene.finished
    if replaced:
        assert type(replaced[0]).__name__ == "EndScene"
        assert app.scene is replaced[0]


def test_the_scene_rests_when_nothing_moves(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=14)
    scene = start_play(app, game, PEOPLE, ambient=1.0)
    assert scene.busy()  # the arrows breathe for a moment
    run(app, 1.2)
    assert not scene.busy()
    run(app, 0, [mouse("move", (5, 5))])
    assert scene.busy()  # any pointer motion wakes the gentle motion
    run(app, 1.2)
    assert not scene.busy()


def test_a_walk_phase_game_lights_its_cells_at_once(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=15)
    game.push(Push("N", 1))
    scene = start_play(app, game, PEOPLE)
    assert scene.lit_now()
    goal = sorted(game.reachable())[-1]
    tap(app, _center(scene.cell_rect(goal)))
    settle(app)
    assert game.positions[0] == goal


def test_resizing_keeps_the_game_and_the_geometry_consistent(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=16)
    scene = start_play(app, game, PEOPLE)
    tap(app, _center(scene.arrow_rect("N", 1)))
    run(app, 0.3)
    pygame.display.set_mode((800, 1280), pygame.RESIZABLE)
    run(app, 0, [pygame.event.Event(pygame.VIDEORESIZE, w=800, h=1280, size=(800, 1280))])
    settle(app)
    assert not scene.layout.wide
    assert scene.layout.window.size == (800, 1280)
    tap(app, scene.figure_center(0))
    settle(app)
    assert game.current_player == 1
    app.step([], FRAME)


def test_the_sound_icon_toggles_and_corner_hooks_are_called(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=17)
    scene = start_play(app, game, PEOPLE)
    muted = app.sound.muted
    tap(app, _center(scene.layout.icons["sound"]))
    assert app.sound.muted is not muted
    tap(app, _center(scene.layout.icons["sound"]))
    assert app.sound.muted is muted
    calls: list[str] = []
    scene.corner_buttons["hint"] = ("hint", lambda: calls.append("hint"))
    # Corner icons work even while something moves.
    tap(app, _center(scene.arrow_rect("N", 1)))
    assert scene.timeline.busy()
    tap(app, _center(scene.layout.icons["hint"]))
    assert calls == ["hint"]
    settle(app)
    tap(app, _center(scene.layout.icons["menu"]))  # an empty slot does nothing
    assert calls == ["hint"] and game.phase == "walk"


def test_every_size_draws_every_phase(make_app) -> None:  # type: ignore[no-untyped-def]
    """Smoke: push, mid-shift, walk and the closed arrow draw at the sizes the layout tests cover."""
    for size in [(640, 480), (800, 1280), (1920, 1080)]:
        app = make_app(size)
        table = TableSetup(variant="classic", seats=(SeatConfig(), SeatConfig(), SeatConfig("computer")))
        game = table.new_game(seed=18)
        scene = start_play(app, game, table, ambient=0.5)
        tap(app, _center(scene.arrow_rect("E", 5)))
        run(app, 0.6)
        settle(app)
        assert scene.lit_now()
        before = game.to_dict()
        tap(app, _center(scene.arrow_rect("W", 3)))  # arrows do nothing while walking
        settle(app)
        assert game.to_dict() == before
