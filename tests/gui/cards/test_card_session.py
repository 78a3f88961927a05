"""The card screen with the session: hidden hands, undo, autosave and resume, restore mid-animation."""

from __future__ import annotations

from typing import Any

import pytest

from doolhof.cards import CardGame, Place
from doolhof.gui.cards.scene import CardPlayScene
from doolhof.session import paths, savegame
from doolhof.session.seats import TableSetup
from tests.gui.cards.helpers import (
    PEOPLE2,
    cell_point,
    fast,
    hold_done,
    lay_by_taps,
    point,
    ready,
    settle,
    start_cards,
    step_until,
    table_of,
)
from tests.gui.helpers import run, tap


def joining_place(game: CardGame, take: bool = True) -> Place:
    """A legal place that leads to a take (*take* True) or that ends the turn at once."""
    for place in game.legal_places():
        trial = game.copy()
        trial.place(place)
        if (trial.phase == "take") == take:
            return place
    raise AssertionError("no such place")


def game_with_take(players: int, seed: int, first_player: int = 0) -> CardGame:
    """The first new game from *seed* on where the mover can lay a card that lets them take."""
    for k in range(seed, seed + 200):
        game = CardGame.new(players=players, seed=k, first_player=first_player)
        try:
            joining_place(game, take=True)
        except AssertionError:
            continue
        return game
    raise AssertionError("no game with a take at the start")


def start_session(app: Any, game: CardGame, table: TableSetup) -> CardPlayScene:
    app.screens.start_game(game, table)
    run(app)
    scene = app.scene
    assert isinstance(scene, CardPlayScene)
    scene.ambient_time = scene.ambient_until = 0.0
    return scene


def test_hidden_hands_show_the_hand_over_screen_between_two_people(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app, hidden_hands=True)
    game = CardGame.new(players=2, seed=21)
    scene = start_cards(app, game, PEOPLE2)
    assert scene.handover == 0 and scene.face_down(0) and scene.face_down(1)
    assert not scene.accepting(), "nothing can be done behind the hand-over screen"
    tap(app, point(scene.layout.hand[0]))
    assert scene.chosen is None, "the first tap only reveals the hand"
    assert scene.handover is None and not scene.face_down(0) and scene.face_down(1)
    lay_by_taps(app, scene, joining_place(game, take=False))
    assert step_until(app, lambda: scene.handover == 1)
    assert scene.face_down(0) and scene.face_down(1)
    settle(app)
    tap(app, (5, 400))  # anywhere
    assert scene.handover is None and scene.accepting() and not scene.face_down(1) and scene.face_down(0)


def test_hidden_hands_need_no_hand_over_screen_against_a_computer_and_its_hand_stays_down(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app, hidden_hands=True)
    game = CardGame.new(players=2, seed=22)
    scene = start_cards(app, game, table_of("person", "computer"))
    assert scene.handover is None and scene.accepting()
    assert not scene.face_down(0) and scene.face_down(1)


def test_open_hands_show_every_persons_cards_and_computers_face_down(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app)
    scene = start_cards(app, CardGame.new(players=3, seed=23), table_of("person", "person", "computer"))
    assert scene.handover is None
    assert [scene.face_down(s) for s in range(3)] == [False, False, True]


def test_undo_takes_back_a_persons_lay(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app)
    game = CardGame.new(players=2, seed=25)
    before = game.copy()
    scene = start_session(app, game, PEOPLE2)
    place = joining_place(game, take=False)
    lay_by_taps(app, scene, place)
    assert step_until(app, ready(scene)) and scene.game.current_player == 1
    assert app.session.can_undo() and not app.controls.undo_offered(), "no quick Undo on the next person's turn"
    assert not app.screens.undo_last()
    assert app.screens.undo_last(older=True), "the parents' menu takes it back"
    assert scene.game == before and scene.game is not game
    run(app)
    assert scene.accepting() and scene.shown.table == dict(before.table) and scene.picks == set()
    lay_by_taps(app, scene, place)  # the same lay works again
    assert step_until(app, ready(scene)) and scene.game.current_player == 1


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
def test_no_undo_while_a_person_chooses_a_take_and_after_the_turn_it_brings_the_take_back(
        make_app: Any, size: tuple[int, int]) -> None:
    """The take step has its two controls only ("take these", "done" held): Undo there would throw the take
    away by one tap. Once the turn is over, the next person's turn has begun: no quick Undo either, and the
    parents' menu takes back the person's last action: the turn's end."""
    app = make_app(size)
    fast(app)
    game = game_with_take(2, 24)
    scene = start_session(app, game, PEOPLE2)
    lay_by_taps(app, scene, joining_place(game, take=True))
    assert step_until(app, ready(scene)) and scene.game.phase == "take"
    run(app)
    assert app.session.can_undo(), "the session keeps the step"
    assert not app.controls.undo_offered() and app.controls.undo_rect.width == 0, "but the button does not show"
    assert not app.screens.undo_last() and scene.game.phase == "take"
    taking = scene.game.copy()
    hold_done(app, scene)
    assert step_until(app, ready(scene)) and scene.game.current_player == 1
    run(app)
    assert app.controls.undo_rect.width == 0, "the next person's turn: no quick Undo"
    assert app.screens.undo_last(older=True)
    assert scene.game == taking and scene.game.phase == "take", "the take step is back, the take with it"


def test_undo_in_the_middle_of_an_animation_drops_it(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app)
    game = CardGame.new(players=2, seed=25)
    before = game.copy()
    scene = start_session(app, game, table_of("person", "computer"))
    lay_by_taps(app, scene, joining_place(game, take=False))
    run(app, 0.05)
    assert scene.timeline.busy()
    assert app.screens.undo_last()
    assert not scene.timeline.busy() and scene.game == before
    settle(app)
    assert scene.shown.table == dict(before.table) and scene.accepting()


def test_every_lay_and_take_is_saved_and_a_killed_game_resumes_while_taking(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app)
    game = game_with_take(2, 26)
    scene = start_session(app, game, PEOPLE2)
    lay_by_taps(app, scene, joining_place(game, take=True))
    assert step_until(app, ready(scene)) and scene.game.phase == "take"
    saved = savegame.load_game(paths.game_path("cards")).game
    assert saved is not None and saved.game == scene.game, "saved after the lay"
    # "Killed": a new app continues the saved game in its take phase.
    app2 = make_app((1024, 700))
    fast(app2)
    app2.screens.resume_game(saved)
    run(app2)
    resumed = app2.scene
    assert isinstance(resumed, CardPlayScene) and resumed.game == saved.game
    settle(app2)
    assert resumed.accepting() and resumed.phase_now() == "take"
    assert resumed.shown.glow, "the joined paths glow again"
    cell = sorted(resumed.game.takeable())[0]
    tap(app2, cell_point(resumed, cell))
    tap(app2, point(resumed.layout.take))
    assert resumed.game.phase == "place" or resumed.game.is_over()
    after = savegame.load_game(paths.game_path("cards")).game
    assert after is not None and after.game == resumed.game, "saved after the take"


def test_restore_a_computers_take_phase_lets_the_computer_take(make_app: Any) -> None:
    app = make_app((1024, 700))
    fast(app)
    game = CardGame.new(players=2, seed=27)
    scene = start_cards(app, game, table_of("person", "computer"))
    other = game_with_take(2, 28, first_player=1)
    other.place(joining_place(other, take=True))
    scene.restore(other)
    assert step_until(app, lambda: other.current_player == 0 and scene.accepting())
    assert other.phase == "place"


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
def test_after_the_computers_played_a_parent_takes_the_childs_take_back_from_the_menu(
        make_app: Any, size: tuple[int, int], touch: bool) -> None:
    """By the time a parent looks, both computers have played: the quick Undo is gone (no one-tap way for the
    child to throw their take away), and the parents' menu, behind its hold, takes the child's last move back:
    the take step again, the computers' moves undone with it."""
    from doolhof.gui.kit.hold_button import HOLD_SECONDS
    from doolhof.gui.parents.menu import ParentMenuScene
    from tests.gui.helpers import finger, mouse, touch_tap

    app = make_app(size)
    fast(app)
    game = game_with_take(3, 24)
    scene = start_session(app, game, table_of("person", "computer", "computer"))
    lay_by_taps(app, scene, joining_place(game, take=True))
    assert step_until(app, ready(scene)) and scene.game.phase == "take"
    taking = scene.game.copy()
    cell = next(c for c in sorted(taking.takeable()) if taking.can_take({c}))
    press = touch_tap if touch else tap
    press(app, cell_point(scene, cell))
    press(app, point(scene.layout.take))
    assert step_until(app, lambda: scene.game.current_player == 0 and scene.accepting(), limit=60)
    assert scene.game.turn == taking.turn + 3 and scene.game.scores[0] == 1, "both computers played"
    run(app)
    assert app.controls.undo_rect.width == 0, "no quick Undo now: one tap would throw the child's take away"
    at = point(app.controls.menu.rect)
    run(app, HOLD_SECONDS + 0.1, [finger("down", app, at)] if touch else [mouse("move", at), mouse("down", at)])
    run(app, 0, [finger("up", app, at)] if touch else [mouse("up", at)])
    menu = app.scene
    assert isinstance(menu, ParentMenuScene) and menu.undo_button.visible
    press(app, point(menu.undo_button.rect))
    assert app.scene is scene and scene.game == taking, "the take step is back, as the child left it"
    assert scene.accepting() and scene.phase_now() == "take"
    press(app, cell_point(scene, cell))
    press(app, point(scene.layout.take))
    assert scene.game.scores[0] == 1


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("seats", [("person", "computer", "person"), ("person", "person")])
def test_the_next_childs_tap_on_undo_never_takes_back_the_last_childs_take(
        make_app: Any, size: tuple[int, int], touch: bool, seats: tuple[str, ...]) -> None:
    """B lays and takes; on A's turn no quick Undo shows, and a tap where it would be changes nothing: one tap
    never takes back another person's move (the parents' menu still can, behind its hold)."""
    from doolhof.gui.parents.menu import undo_rect_of
    from tests.gui.helpers import touch_tap

    app = make_app(size)
    fast(app)
    last = len(seats) - 1
    game = game_with_take(len(seats), 24, first_player=last)
    scene = start_session(app, game, table_of(*seats))
    lay_by_taps(app, scene, joining_place(game, take=True))
    assert step_until(app, ready(scene)) and scene.game.phase == "take"
    taking = scene.game.copy()
    cell = next(c for c in sorted(taking.takeable()) if taking.can_take({c}))
    press = touch_tap if touch else tap
    press(app, cell_point(scene, cell))
    press(app, point(scene.layout.take))
    assert step_until(app, lambda: scene.game.current_player == 0 and scene.accepting())
    taken = scene.game.copy()
    assert taken.scores[last] == 1
    run(app)
    assert app.controls.undo_rect.width == 0, "A's turn: no quick Undo"
    spot = undo_rect_of(scene)
    assert spot is not None
    press(app, point(spot))
    run(app, 0.3)
    assert scene.game == taken, "B's take stays"
    assert app.session.can_undo() and app.screens.undo_last(older=True) and scene.game == taking
