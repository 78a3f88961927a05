"""Computer turns on screen: paced, through the person's animation path, never freezing or stalling."""

from __future__ import annotations

import math
import threading
from dataclasses import replace
from itertools import pairwise

import pygame

from doolhof.engine import Game, Push
from doolhof.gui.kit import worker
from doolhof.gui.kit.anim import TileLook
from doolhof.gui.play.draw import sprite_spot
from doolhof.gui.play.scene import PlayScene
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import FRAME, drag, mouse, run, settle, start_play, step_until

BOT_FIRST = TableSetup(seats=(SeatConfig("computer", "clever"), SeatConfig()))


def _center(rect: pygame.Rect) -> tuple[int, int]:
    return (rect.centerx, rect.centery)


def _card_centre(scene: PlayScene) -> tuple[float, float]:
    """Where the sliding card is drawn now: its slot, or where a clip carries it."""
    if scene.timeline.hides_spare():
        for sprite, t in scene.timeline.sprites():
            if isinstance(sprite.look, TileLook) and sprite.layer == 1:
                x, y, _ = sprite_spot(scene.layout, scene.shown, sprite, t)
                return (x, y)
    return (float(scene.layout.spare.centerx), float(scene.layout.spare.centery))


class _Recorder:
    """Wraps a scene's timeline.add to log the names of the clips it queues."""

    def __init__(self, scene) -> None:  # type: ignore[no-untyped-def]
        self.names: list[str] = []
        real = scene.timeline.add

        def add(*clips) -> None:  # type: ignore[no-untyped-def]
            self.names.extend(c.name for c in clips)
            real(*clips)

        scene.timeline.add = add


class _Waiting:
    """A computer player that thinks until released (then pushes the first legal push and stays)."""

    def __init__(self) -> None:
        self.go = threading.Event()

    def choose_push(self, game: Game) -> Push:
        self.go.wait(10)
        return game.legal_pushes()[0]

    def choose_walk(self, game: Game) -> tuple[int, int]:
        return game.positions[game.current_player]


def test_the_computers_card_travels_to_the_arrow_before_the_engine_hears_of_it(make_app) -> None:  # type: ignore[no-untyped-def]
    for size in [(800, 600), (1280, 800)]:
        app = make_app(size)
        game = BOT_FIRST.new_game(seed=31)
        scene = start_play(app, game, BOT_FIRST)
        before = game.to_dict()
        assert step_until(app, lambda s=scene: s.aim is not None, limit=10), "the computer never aimed"
        assert scene.timeline.current.name == "travel"
        entry = scene.layout.cell_center(scene.layout.entry_cell(*scene.aim))
        distances = []
        while game.phase == "push":
            assert len(distances) < 10 / FRAME, "the computer's card never reached its arrow"
            distances.append(math.dist(_card_centre(scene), entry))
            assert game.to_dict() == before  # the push has not reached the engine yet
            app.step([], FRAME)
        assert distances[0] > scene.layout.cell * 1.5  # it starts at the card's slot ...
        assert min(distances) < 1  # ... and reaches the arrow first
        assert all(b <= a + 0.01 for a, b in pairwise(distances))
        assert len(distances) > 0.5 / FRAME  # slow enough to follow
        settle(app)
        assert game.current_player == 1


def test_a_computer_turn_plays_through_the_same_clips_as_a_dropped_card(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    table = TableSetup(seats=(SeatConfig(), SeatConfig("computer", "expert")))
    game = table.new_game(seed=32)
    scene = start_play(app, game, table)
    log = _Recorder(scene)
    # The person drags the card onto an arrow and walks a little.
    drag(app, _center(scene.spare_rect()), _center(scene.arrow_rect("N", 1)))
    settle(app)
    run(app, 0, [mouse("move", scene.figure_center(0)), mouse("down", scene.figure_center(0))])
    run(app, 0, [mouse("up", scene.figure_center(0))])
    person = list(log.names)
    log.names.clear()
    settle(app)
    bot = list(log.names)
    assert person[:2] == ["shift", "settle"]
    # The computer first carries its card there and turns it, then the very same clips follow.
    travel = bot.index("travel")
    assert bot[travel + 1] == "turn"
    assert bot[travel + 2:travel + 4] == ["shift", "settle"]
    assert "walk" in bot and bot[-1] == "handover"
    assert game.current_player == 0 and game.turn == 2


def test_frames_keep_being_drawn_while_a_computer_thinks(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    game = BOT_FIRST.new_game(seed=33)
    slow = _Waiting()
    scene = _play_with(app, game, BOT_FIRST, slow)
    assert scene._thinking is not None
    drawn = app.frames_drawn
    for _ in range(60):
        app.step([], FRAME)
    assert app.frames_drawn - drawn == 60  # the window never froze (and shows the thinking dots)
    assert scene._thinking is not None and game.phase == "push"
    slow.go.set()
    settle(app)
    assert game.turn == 1 and game.current_player == 1


def test_a_computer_that_thinks_too_long_plays_a_random_push(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(worker, "THINK_LIMIT", 0.3)
    app = make_app((800, 600))
    game = BOT_FIRST.new_game(seed=34)
    stuck = _Waiting()
    scene = _play_with(app, game, BOT_FIRST, stuck)
    step_until(app, lambda: game.turn != 0, wait=10)
    assert game.turn == 1, "the game stalled behind a thinking computer"
    assert scene._thinking is None
    # The abandoned thread still holds that player: the seat's next turn must think with a fresh one.
    assert stuck not in scene._players.values()
    stuck.go.set()


def test_a_demo_between_computers_reaches_the_end_scene(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    app.settings = replace(app.settings, animation_speed="fast", tutorial_done=True)
    table = TableSetup(seats=(SeatConfig("computer", "clever"), SeatConfig("computer", "gentle"),
                              SeatConfig("computer", "expert")), secrets=2)
    game = table.new_game(seed=35)
    app.push_scene(_blank(app))
    app.screens.start_game(game, table)
    step_until(app, lambda: type(app.scene).__name__ == "EndScene", limit=400, wait=120)
    assert game.is_over()
    assert type(app.scene).__name__ == "EndScene"


def test_a_parent_can_leave_a_demo_through_the_menu(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    app.settings = replace(app.settings, tutorial_done=True)
    table = TableSetup(seats=(SeatConfig("computer", "gentle"), SeatConfig("computer", "gentle")))
    app.push_scene(_blank(app))
    app.screens.start_game(table.new_game(seed=36), table)
    play = app.scene
    run(app, 3.0)
    menu = _center(play.layout.icons["menu"])
    run(app, 0, [mouse("move", menu), mouse("down", menu)])
    run(app, 2.3)
    run(app, 0, [mouse("up", menu)])
    assert type(app.scene).__name__ == "ParentMenuScene"
    turn = play.game.turn
    run(app, 6.0)
    assert play.game.turn == turn  # the demo waits under the menu
    button = app.scene.new_game_button
    run(app, 0, [mouse("move", button.rect.center), mouse("down", button.rect.center)])
    run(app, 0, [mouse("up", button.rect.center)])
    assert type(app.scene).__name__ == "SetupScene"


def _play_with(app, game: Game, table: TableSetup, player: object):  # type: ignore[no-untyped-def]
    """A play scene whose seat 0 computer is *player*, started on *app*."""
    from doolhof.gui.play.scene import PlayScene

    scene = PlayScene(app, game, table)
    scene.ambient_time = scene.ambient_until = 0.0
    scene._players[0] = player
    app.push_scene(scene)
    app.step([], FRAME)
    return scene


def _blank(app):  # type: ignore[no-untyped-def]
    from doolhof.gui.kit.scene import Scene

    return Scene(app)


def test_arrows_stay_quiet_while_a_computer_plays(make_app) -> None:  # type: ignore[no-untyped-def]
    """Bright "push now" arrows belong to a person's turn; during a computer's turn they rest (QA B3)."""
    app = make_app((1280, 800))
    game = BOT_FIRST.new_game(seed=32)
    scene = start_play(app, game, BOT_FIRST)
    states: list[str] = []
    real = scene.view.arrow

    def arrow(side, w, h, state, *args, **kwargs):  # type: ignore[no-untyped-def]
        states.append(state)
        return real(side, w, h, state, *args, **kwargs)

    scene.view.arrow = arrow
    assert step_until(app, lambda: game.current_player != 0 or game.is_over())  # the computer's whole turn
    assert states and "open" not in states
    states.clear()
    settle(app)
    app.request_redraw()
    app.step([], FRAME)
    assert "open" in states, "on the person's turn the arrows invite a push"
