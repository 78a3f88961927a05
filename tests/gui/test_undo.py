"""Undo: a person's last action can be taken back: by the quick button until the next player acts, through the
parents' menu also after the computers played; a computer's action alone never."""

from __future__ import annotations

from typing import Any

import pytest

from doolhof.gui.parents.menu import undo_rect_of
from doolhof.gui.setup.scene import SetupScene
from doolhof.session import savegame
from doolhof.session.keeper import GameKeeper
from tests.gui.family import person_push, person_walk, start_game, table_of
from tests.gui.helpers import center, run, settle, step_until, tap, touch_tap


def test_keeper_snapshots_only_person_actions() -> None:
    table = table_of("person", "computer")
    game = table.new_game(3)
    keeper = GameKeeper(game, table, autosave=False)
    game.push(game.legal_pushes()[0])
    keeper.record(game)
    assert keeper.can_undo()
    game.walk(game.positions[0])
    keeper.record(game)
    assert keeper.can_undo()
    assert keeper.undo_recent()
    game.push(game.legal_pushes()[0])  # the computer's push
    keeper.record(game)
    assert not keeper.undo_recent(), "a computer acted: the person's walk is no longer the last action"
    assert keeper.can_undo(), "but a parent can still take it back (the parents' menu)"


def test_keeper_undoes_the_last_person_action_only() -> None:
    table = table_of("person", "computer")
    game = table.new_game(3)
    keeper = GameKeeper(game, table, autosave=False)
    before_push = game.copy()
    game.push(game.legal_pushes()[0])
    keeper.record(game)
    assert keeper.take_undo() == before_push
    game = keeper.game
    game.push(game.legal_pushes()[0])
    keeper.record(game)
    before_walk = game.copy()
    game.walk(game.positions[0])
    keeper.record(game)
    assert keeper.take_undo() == before_walk, "the walk replaced the push as the action to undo"
    assert keeper.take_undo() is None, "one step of undo"


def test_undo_button_restores_exactly_the_state_before_the_push(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "computer"))
    assert app.controls.undo_rect.width == 0, "nothing to undo at the start"
    before = scene.game.copy()
    person_push(app, scene)
    run(app)
    rect = app.controls.undo_rect
    assert rect.width > 0, "the undo button is offered after a person's push"
    assert not rect.colliderect(scene.layout.board), "undo sits in the corner, away from the board"
    tap(app, center(rect))
    assert scene.game == before and scene.game.phase == "push"
    assert scene.shown.phase == "push" and not scene.timeline.busy()
    run(app)
    assert app.controls.undo_rect.width == 0, "one step of undo"
    saved = savegame.load_game().game
    assert saved is not None and saved.game == before and saved.undo is None, "the undone state is saved"


def test_undo_of_a_walk_and_it_disappears_once_the_computer_acts(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "computer"))
    person_push(app, scene)
    after_push = scene.game.copy()
    person_walk(app, scene)
    assert scene.game.current_player == 1
    run(app)
    assert app.controls.undo_rect.width > 0, "offered until the next player has acted"
    assert app.screens.undo_last()
    assert scene.game == after_push, "back to choosing where to walk"
    assert scene.game.phase == "walk" and scene.lit_now(), "the reachable cells are lit again"
    person_walk(app, scene)
    settle(app)  # the computer plays its whole turn
    assert scene.game.current_player == 0
    assert not app.session.undo_recent() and app.controls.undo_rect.width == 0, "no quick button now"
    assert not app.screens.undo_last(), "the quick button's undo is refused"
    assert app.session.can_undo(), "the parents' menu still offers the person's walk"


def test_undo_while_the_push_still_plays(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    before = scene.game.copy()
    side, index = scene.game.legal_arrows()[0]
    tap(app, center(scene.arrow_rect(side, index)))
    assert scene.timeline.busy()
    tap(app, center(app.controls.undo_rect))
    assert scene.game == before and not scene.timeline.busy()
    person_push(app, scene)  # and play goes on normally
    assert scene.game.turn == before.turn


def test_a_computer_action_is_never_offered(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("computer", "person"))
    assert scene.game.current_player == 0
    assert step_until(app, lambda: scene.game.phase == "walk", limit=10)  # the computer's push
    assert scene.game.current_player == 0
    assert not app.session.keeper.can_undo() and app.controls.undo_rect.width == 0
    settle(app)
    assert scene.game.current_player == 1 and not app.session.keeper.can_undo()


def test_second_person_undoes_only_their_own_action(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    person_push(app, scene)
    person_walk(app, scene)
    settle(app)
    before = scene.game.copy()
    person_push(app, scene)  # the second person pushes: now that is what undo takes back
    assert app.screens.undo_last() and scene.game == before and scene.game.current_player == 1


def test_the_saved_file_carries_the_undo_step_over_a_restart(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "computer"))
    before = scene.game.copy()
    person_push(app, scene)
    saved = savegame.load_game().game
    assert saved is not None and saved.undo == before and saved.game == scene.game
    # Start again: Continue brings back the game and its undo step.
    app2 = make_app()
    setup = SetupScene(app2)
    app2.push_scene(setup)
    run(app2)
    tap(app2, center(setup.continue_button.rect))
    resumed = app2.scene
    resumed.ambient_time = resumed.ambient_until = 0.0
    run(app2)
    assert resumed.game == saved.game and resumed.game.phase == "walk"
    assert app2.controls.undo_rect.width > 0
    assert app2.screens.undo_last() and resumed.game == before


def test_keeper_offers_no_quick_undo_once_another_persons_turn_began() -> None:
    table = table_of("person", "person")
    game = table.new_game(3)
    keeper = GameKeeper(game, table, autosave=False)
    game.push(game.legal_pushes()[0])
    keeper.record(game)
    assert keeper.undo_recent(), "the person's own push, in their own turn"
    game.walk(game.positions[0])
    keeper.record(game)
    assert game.current_player == 1
    assert not keeper.undo_recent(), "the next person's turn has begun: one tap never takes back another's move"
    assert keeper.can_undo(), "the parents' menu still can"


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
def test_the_next_childs_tap_on_the_maze_undo_spot_keeps_the_last_childs_walk(
        make_app: Any, size: tuple[int, int], touch: bool) -> None:
    app = make_app(size)
    scene = start_game(app, table_of("person", "person"))
    person_push(app, scene)
    person_walk(app, scene)
    settle(app)
    assert scene.game.current_player == 1 and scene.accepting()
    walked = scene.game.copy()
    assert app.controls.undo_rect.width == 0, "the second child's turn: no quick Undo"
    spot = undo_rect_of(scene)
    assert spot is not None
    (touch_tap if touch else tap)(app, center(spot))
    run(app, 0.3)
    assert scene.game == walked, "the first child's walk stays"
    assert app.screens.undo_last(older=True) and scene.game.current_player == 0, "the parents' menu can"
