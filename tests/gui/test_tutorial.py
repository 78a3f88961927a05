"""The first-game tutorial: it shows the push, then the walk, waits for the child, can be skipped, never blocks."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from doolhof.engine import Game, Push
from doolhof.gui.play.scene import AUTO_HINT_DELAY, PlayScene
from doolhof.gui.play.tutorial import (
    Tutorial,
    choose_arrow,
    choose_cell,
    offer_tutorial,
    wants_tutorial,
)
from doolhof.session.seats import SeatConfig, TableSetup
from doolhof.session.settings import Settings, load_settings
from tests.gui.helpers import center, drag, run, step_until, tap

PEOPLE = TableSetup(seats=(SeatConfig(), SeatConfig()))
COMPUTER_FIRST = TableSetup(seats=(SeatConfig("computer", "gentle"), SeatConfig()))


def start(app, table: TableSetup = PEOPLE, seed: int = 3) -> tuple[PlayScene, PlayScene, Tutorial]:  # type: ignore[no-untyped-def]
    app.settings = Settings()
    play = PlayScene(app, table.new_game(seed=seed), table)
    play.ambient_time = play.ambient_until = 0.0
    scene = offer_tutorial(app, play)
    assert scene is play and len(play.overlays) == 1
    tutorial = play.overlays[0]
    assert isinstance(tutorial, Tutorial)
    app.push_scene(scene)
    run(app, 1.0)
    return scene, play, tutorial


def wait_until(app, condition, limit: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    assert step_until(app, condition, limit), "never happened"


def test_offered_only_before_it_was_done_and_only_with_a_person(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    play = PlayScene(app, PEOPLE.new_game(seed=1), PEOPLE)
    app.settings = Settings()
    assert wants_tutorial(app, play)
    computers = TableSetup(seats=(SeatConfig("computer"), SeatConfig("computer")))
    assert not wants_tutorial(app, PlayScene(app, computers.new_game(seed=1), computers))
    app.settings = Settings(tutorial_done=True)
    assert offer_tutorial(app, play) is play and not play.overlays


def test_the_hand_shows_the_push_until_the_child_pushes_then_the_walk(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    _scene, play, tutorial = start(app)
    game = play.game
    assert tutorial.step == "push" and tutorial.ready() and tutorial.busy()
    arrow = tutorial.plan()
    assert arrow in game.legal_arrows()
    # Turning the card or tapping the board is not pushing: the hand keeps showing the push.
    tap(app, center(play.spare_rect()))
    tap(app, center(play.cell_rect((2, 2))))
    run(app, 3.0)
    assert tutorial.step == "push" and play.rotation == 1
    # The child drags the card (the hand never takes the input).
    drag(app, center(play.spare_rect()), center(play.arrow_rect(*arrow)))
    assert game.phase == "walk" and tutorial.step == "walk"
    settle_tutorial(app, tutorial)
    assert tutorial.ready()
    cell = tutorial.plan()
    assert cell in game.reachable()
    run(app, 2.0)
    assert tutorial.step == "walk"
    tap(app, center(play.cell_rect(cell)) if cell != game.positions[0] else play.figure_center(0))
    assert game.phase == "push" and game.turn == 1
    assert tutorial.step == "cheer"
    wait_until(app, lambda: tutorial.done)
    assert not tutorial.skipped
    run(app, 0.1)
    assert app.scene is play and tutorial not in play.overlays  # the scene dropped the finished overlay
    assert app.settings.tutorial_done and load_settings().settings.tutorial_done


def settle_tutorial(app, tutorial: Tutorial) -> None:  # type: ignore[no-untyped-def]
    wait_until(app, lambda: not tutorial.scene.timeline.busy())
    run(app, 0.1)


def test_a_tap_on_an_arrow_counts_as_pushing(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    scene, play, tutorial = start(app)
    side, index = play.game.legal_arrows()[-1]
    tap(app, center(play.arrow_rect(side, index)))
    assert play.game.phase == "walk" and tutorial.step == "walk"
    assert app.scene is scene is play  # no wrapper: what tools read and write on app.scene is the play scene


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("by", ["mouse", "finger"])
def test_a_tap_never_ends_it_a_hold_hides_the_hand_for_this_game(make_app, size, by) -> None:  # type: ignore[no-untyped-def]
    """The one visible button in a first game is no red cross a parent takes for the way out, and one tap of a
    child no longer ends the tutorial for good: a tap only wiggles it; held two seconds (a finger resting there
    too) it hides the hand for this game, the board untouched; the next game shows the hand again."""
    from doolhof.gui.kit.hold_button import HOLD_SECONDS
    from tests.gui.helpers import finger, mouse

    app = make_app(size)
    _scene, play, tutorial = start(app)
    before = play.game.to_dict()
    rect = tutorial.skip_rect()
    assert pygame.Rect((0, 0), app.screen.get_size()).contains(rect)
    for side, index in play.game.arrows():  # it sits where no arrow is
        assert not rect.colliderect(play.layout.arrow_rect(side, index))
    pos = center(rect)

    def press(kind: str) -> list[pygame.event.Event]:
        return [finger(kind, app, pos)] if by == "finger" else [mouse(kind, pos)]

    run(app, 0.05, press("down"))
    run(app, 0.05, press("up"))
    run(app, 1.0)
    assert not tutorial.done and tutorial in play.overlays, "a tap does not end it"
    assert tutorial.hide.icon != "cross", "no cross: it is not the way out"
    assert not load_settings().settings.tutorial_done
    run(app, 0.05, press("down"))
    run(app, HOLD_SECONDS + 0.2)
    run(app, 0.05, press("up"))
    assert tutorial.done and tutorial.skipped
    assert play.game.to_dict() == before
    run(app, 0.1)
    assert app.scene is play and not play.overlays
    assert not load_settings().settings.tutorial_done, "hidden for this game only"
    assert wants_tutorial(app, PlayScene(app, PEOPLE.new_game(seed=2), PEOPLE))


def test_it_waits_during_computer_turns(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    _scene, play, tutorial = start(app, COMPUTER_FIRST)
    game = play.game
    wait_until(app, lambda: game.current_player == 1 and not play.timeline.busy() and play.shown.phase == "push")
    assert tutorial.step == "push"  # the computer's push and walk taught nobody anything
    run(app, 1.0)
    assert tutorial.ready() and tutorial.busy()
    tap(app, center(play.arrow_rect(*tutorial.plan())))
    assert tutorial.step == "walk"


def test_the_hand_hides_while_a_finger_is_down(make_app) -> None:  # type: ignore[no-untyped-def]
    from tests.gui.helpers import mouse

    app = make_app((800, 600))
    _scene, play, tutorial = start(app)
    assert tutorial.ready()
    run(app, 0, [mouse("move", center(play.cell_rect((2, 2)))), mouse("down", center(play.cell_rect((2, 2))))])
    assert not tutorial.ready()
    run(app, 0, [mouse("up", center(play.cell_rect((2, 2))))])
    assert tutorial.ready()


def test_a_resumed_game_in_the_walk_phase_starts_with_walking(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    game = PEOPLE.new_game(seed=5)
    game.push(Push("N", 1, 0))
    tutorial = Tutorial(PlayScene(app, game, PEOPLE))
    assert tutorial.step == "walk"


@pytest.mark.parametrize("seed", range(8))
def test_the_demonstrated_moves_are_legal_and_helpful(seed: int) -> None:
    game = Game.new("junior", players=2, seed=seed)
    arrow = choose_arrow(game)
    assert arrow in game.legal_arrows()
    reaches = []
    for side, index in game.legal_arrows():
        after = game.copy()
        after.push(Push(side, index, 0))
        reaches.append(after.target() in after.reachable())
    after = game.copy()
    after.push(Push(arrow[0], arrow[1], 0))
    assert (after.target() in after.reachable()) == any(reaches)
    cell = choose_cell(after)
    assert cell in after.reachable()
    if after.target() in after.reachable():
        assert cell == after.target()


def test_draws_every_step_at_two_sizes(make_app) -> None:  # type: ignore[no-untyped-def]
    for size in ((800, 600), (1280, 800)):
        app = make_app(size)
        scene, play, tutorial = start(app)
        assert scene is play
        for _ in range(12):  # through a whole push demonstration
            run(app, 0.25)
            scene.draw(app.screen)
        tap(app, center(play.arrow_rect(*tutorial.plan())))
        settle_tutorial(app, tutorial)
        for _ in range(8):
            run(app, 0.25)
            scene.draw(app.screen)
        assert tutorial.step == "walk"


def test_the_app_offers_it_when_a_game_starts_and_keeps_saving(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    app.settings = Settings()
    app.screens.start_game(PEOPLE.new_game(seed=4), PEOPLE)
    play = app.scene
    assert isinstance(play, PlayScene) and app.screens.play_scene is play
    tutorial = play.overlays[0]
    assert isinstance(tutorial, Tutorial)
    run(app, 1.0)
    tutorial.on_walk(play.game.current_player)  # the child pushed and walked: the hand cheers and goes
    run(app, 3.0)
    assert app.scene is play and app.screens.play_scene is play and not play.overlays
    assert app.session.save() is None
    # The next game starts without it.
    app.screens.start_game(PEOPLE.new_game(seed=5), PEOPLE)
    assert isinstance(app.scene, PlayScene) and not app.scene.overlays


def test_no_automatic_hint_while_the_hand_shows_the_way(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    _scene, play, tutorial = start(app)
    app.settings = replace(app.settings, auto_hint=True)
    play.wall_clock = lambda: 0.0  # scene time only: deterministic
    assert not play.auto_hint_allowed and play.wake_after() is None
    run(app, AUTO_HINT_DELAY + 2.0)
    assert play.hint is None and play.hints.job is None
    tutorial.skip()
    assert play.auto_hint_allowed and play.wake_after() is not None


def test_undo_after_the_push_shows_the_push_again(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    app.settings = Settings()
    app.screens.start_game(PEOPLE.new_game(seed=4), PEOPLE)
    play = app.scene
    play.ambient_time = play.ambient_until = 0.0
    tutorial = play.overlays[0]
    run(app, 1.0)
    tap(app, center(play.arrow_rect(*tutorial.plan())))
    settle_tutorial(app, tutorial)
    assert tutorial.step == "walk"
    assert app.screens.undo_last() and play.game.phase == "push"
    run(app, 1.0)
    assert tutorial.step == "push" and tutorial.ready() and tutorial.plan() in play.game.legal_arrows()
    assert play.overlays == [tutorial]
