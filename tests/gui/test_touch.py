"""Fingers as first-class pointers: whole games by touch only, resting hands, several fingers, cancels.

Every event here is a synthetic ``FINGERDOWN``/``FINGERMOTION``/``FINGERUP`` (positions as fractions of
the window, as SDL sends them) unless a test is about the mouse. Time passes in fixed frames only.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from doolhof.cards import CardGame
from doolhof.engine import Push
from doolhof.engine.puzzles import BOOK, solve
from doolhof.gui.cards.scene import CardPlayScene
from doolhof.gui.kit.hold_button import HOLD_SECONDS
from doolhof.gui.kit.pointer import MOUSE_QUIET, REST_SECONDS, Pointer, PointerEvent
from doolhof.gui.parents.menu import ParentMenuScene
from doolhof.gui.play.scene import PlayScene
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.cards.helpers import PEOPLE2, cell_point, fast, into_view, point, ready, start_cards
from tests.gui.cards.helpers import step_until as card_step_until
from tests.gui.helpers import (
    FRAME,
    center,
    finger,
    mouse,
    open_book,
    run,
    settle,
    start_play,
    step_until,
    touch_drag,
    touch_tap,
)

PEOPLE = TableSetup(seats=(SeatConfig(), SeatConfig()), secrets=2)
#: The resting hand's finger id (the child's fingers use 0, 1, ...).
PALM = 9


def rest_palm(app: Any, pos: tuple[int, int]) -> None:
    """A parent's palm goes down at *pos* and stays still until it counts as resting."""
    run(app, REST_SECONDS + 0.1, [finger("down", app, pos, PALM)])
    assert app.pointer.owner is None, "a still finger holding nothing is a resting hand"


def maze(make_app: Any, seed: int = 3) -> tuple[Any, Any, PlayScene]:
    """An app at 1280×800 with two people's maze game of *seed* on it: (app, game, scene)."""
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=seed)
    return app, game, start_play(app, game, PEOPLE)


def palm_spot(scene: PlayScene) -> tuple[int, int]:
    """A board cell's middle: the board does nothing while pushing, so a palm there is harmless."""
    return center(scene.cell_rect((2, 2)))


# ----- the pointer alone ------------------------------------------------------------------------
def fev(kind: str, x: float, y: float, fid: int = 0, touch_id: int = 3) -> pygame.event.Event:
    etype = {"down": pygame.FINGERDOWN, "move": pygame.FINGERMOTION, "up": pygame.FINGERUP}[kind]
    return pygame.event.Event(etype, x=x, y=y, dx=0.0, dy=0.0, touch_id=touch_id, finger_id=fid)


def test_finger_positions_are_fractions_of_the_window() -> None:
    pointer = Pointer()
    assert pointer.translate(fev("down", 0.25, 0.5), (800, 600)) == PointerEvent("down", (200, 300))
    assert pointer.translate(fev("move", 0.5, 0.5), (800, 600)) == PointerEvent("move", (400, 300))
    assert pointer.translate(fev("up", 0.5, 0.75), (800, 600)) == PointerEvent("up", (400, 450))
    assert pointer.pos == (-1, -1), "a lifted finger leaves no hover behind"


def test_copies_of_one_touch_are_never_handled_twice() -> None:
    pointer = Pointer()
    touch_copy = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=True)
    assert pointer.translate(touch_copy) is None, "SDL's mouse copy of a touch"
    assert pointer.translate(fev("down", 0.1, 0.1, touch_id=-1), (100, 100)) is None, "SDL's touch copy of the mouse"
    assert pointer.translate(fev("down", 0.1, 0.1), (100, 100)) is not None
    assert pointer.translate(fev("up", 0.1, 0.1), (100, 100)) == PointerEvent("up", (10, 10))
    late = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=False)
    assert pointer.translate(late) is None, "Windows' own late copy of the tap"
    pointer.tick(MOUSE_QUIET + 0.01)
    assert pointer.translate(late) == PointerEvent("down", (10, 10)), "a real mouse right after works again"


def test_a_finger_lifted_outside_the_window_cancels() -> None:
    pointer = Pointer()
    pointer.translate(fev("down", 0.5, 0.5), (100, 100))
    assert pointer.translate(fev("up", 1.2, 0.5), (100, 100)) == PointerEvent("cancel", (120, 50))


def test_a_finger_down_while_the_mouse_holds_is_ignored_and_the_mouse_goes_on() -> None:
    pointer = Pointer()
    assert pointer.translate(mouse("down", (5, 5))) == PointerEvent("down", (5, 5))
    assert pointer.translate(fev("down", 0.5, 0.5), (100, 100)) is None
    assert pointer.translate(fev("up", 0.5, 0.5), (100, 100)) is None
    assert pointer.translate(mouse("up", (6, 6))) == PointerEvent("up", (6, 6)), "the mouse's release still counts"


def test_a_tap_made_while_a_palm_was_still_young_is_played_once_the_palm_rests() -> None:
    pointer = Pointer()
    size = (100, 100)
    assert pointer.translate(fev("down", 0.9, 0.9, PALM), size) == PointerEvent("down", (90, 90))
    assert pointer.translate(fev("down", 0.2, 0.2, 1), size) is None
    assert pointer.translate(fev("up", 0.2, 0.2, 1), size) is None
    events: list[PointerEvent] = []
    for _ in range(int(REST_SECONDS / FRAME) + 2):
        events += pointer.tick(FRAME)
    assert events == [PointerEvent("cancel", (90, 90)), PointerEvent("down", (20, 20)), PointerEvent("up", (20, 20))]
    assert pointer.translate(fev("up", 0.9, 0.9, PALM), size) is None, "the palm's lift does nothing"


def test_a_held_control_keeps_a_still_finger() -> None:
    pointer = Pointer()
    pointer.translate(fev("down", 0.5, 0.5), (100, 100))
    for _ in range(int(2 * REST_SECONDS / FRAME)):
        assert pointer.tick(FRAME, holding=True) == []
    assert pointer.owner is not None


def test_a_still_press_on_something_draggable_is_kept_until_another_finger_lands() -> None:
    pointer = Pointer()
    size = (100, 100)
    pointer.translate(fev("down", 0.5, 0.5), size)
    for _ in range(int(2 * REST_SECONDS / FRAME)):
        assert pointer.tick(FRAME, draggable=True) == []
    assert pointer.translate(fev("down", 0.2, 0.2, 1), size) is None
    assert pointer.tick(FRAME, draggable=True) == [PointerEvent("cancel", (50, 50)), PointerEvent("down", (20, 20))]
    assert pointer.translate(fev("up", 0.2, 0.2, 1), size) == PointerEvent("up", (20, 20))
    assert pointer.translate(fev("up", 0.5, 0.5), size) is None, "the still press gave way and is ignored"


@pytest.mark.parametrize("moved", [False, True])
def test_a_kept_still_press_lifted_cancels_unless_it_dragged_first(moved: bool) -> None:
    pointer = Pointer()
    size = (100, 100)
    pointer.translate(fev("down", 0.5, 0.5), size)
    for _ in range(int(2 * REST_SECONDS / FRAME)):
        pointer.tick(FRAME, draggable=True)
    end = 0.8 if moved else 0.5
    if moved:
        assert pointer.translate(fev("move", end, end), size) == PointerEvent("move", (80, 80))
    spot = (int(end * 100), int(end * 100))
    assert pointer.translate(fev("up", end, end), size) == PointerEvent("up" if moved else "cancel", spot)


# ----- a whole maze game by touch -----------------------------------------------------------------
def best_arrow(game: Any, rotation: int, turn: int) -> tuple[str, int]:
    """The arrow after which the target can be reached, else one by turn number."""
    arrows: list[tuple[str, int]] = [(side, index) for side, index in game.legal_arrows()]
    for side, index in arrows:
        trial = game.copy()
        trial.push(Push(side, index, rotation % 4))
        target = trial.target()
        if target is not None and target in trial.reachable():
            return (side, index)
    return arrows[turn % len(arrows)]


def play_maze_by_touch(app: Any, palm: bool) -> None:
    game = PEOPLE.new_game(seed=13)
    scene = start_play(app, game, PEOPLE)
    app.screens.show_end = lambda *args: None  # stay on the play scene: the palm stays down all game
    if palm:
        rest_palm(app, palm_spot(scene))
    turns = 0
    while not game.is_over():
        turns += 1
        assert turns < 150
        arrow = best_arrow(game, scene.rotation, turns)
        before = game.to_dict()
        if turns % 2:
            touch_tap(app, center(scene.arrow_rect(*arrow)), finger_id=turns % 3)
        else:  # slide the sliding card onto the arrow
            touch_drag(app, center(scene.spare_rect()), center(scene.arrow_rect(*arrow)), finger_id=turns % 3)
        settle(app)
        assert game.phase == "walk" and game.to_dict() != before, f"turn {turns}: the push happened"
        target = game.target()
        goal = target if target in game.reachable() else game.positions[game.current_player]
        touch_tap(app, center(scene.cell_rect(goal)), finger_id=1)
        settle(app)
    assert scene.finished
    if palm:
        assert app.pointer.fingers == 1, "the palm rested on the board the whole game"


def test_a_whole_maze_game_by_touch_only(make_app: Any) -> None:
    play_maze_by_touch(make_app((1280, 800)), palm=False)


def test_a_whole_maze_game_by_touch_with_a_palm_resting_on_the_board(make_app: Any) -> None:
    play_maze_by_touch(make_app((800, 600)), palm=True)


def test_the_figure_is_dragged_by_a_finger(make_app: Any) -> None:
    app = make_app((1280, 800))
    game = PEOPLE.new_game(seed=6)
    scene = start_play(app, game, PEOPLE)
    arrow = next(a for a in game.legal_arrows() if len(_after(game, a).reachable()) >= 3)
    touch_tap(app, center(scene.arrow_rect(*arrow)))
    settle(app)
    goal = max(sorted(game.reachable()), key=lambda c: len(game.board.path(game.positions[0], c) or ()))
    touch_drag(app, scene.figure_center(0), center(scene.cell_rect(goal)), steps=16)
    settle(app)
    assert game.positions[0] == goal and game.current_player == 1


def _after(game: Any, arrow: tuple[str, int]) -> Any:
    trial = game.copy()
    trial.push(Push(*arrow))
    return trial


# ----- several fingers ------------------------------------------------------------------------
def test_two_fingers_tapping_two_arrows_in_one_frame_push_once(make_app: Any) -> None:
    app, game, scene = maze(make_app)
    first, second = game.legal_arrows()[:2]
    a, b = center(scene.arrow_rect(*first)), center(scene.arrow_rect(*second))
    expected = _after(game, first).to_dict()
    actions: list[str] = []
    scene.on_action = lambda g: actions.append(g.phase)
    run(app, 0, [finger("down", app, a, 0), finger("down", app, b, 1)])
    run(app, 0, [finger("up", app, a, 0), finger("up", app, b, 1)])
    settle(app)
    assert actions == ["walk"] and game.to_dict() == expected, "the first finger's tap won, nothing twice"


def test_a_second_finger_landing_during_a_drag_neither_acts_nor_cancels_it(make_app: Any) -> None:
    app, game, scene = maze(make_app)
    expected = _after(game, ("N", 3)).to_dict()
    start, end = center(scene.spare_rect()), center(scene.arrow_rect("N", 3))
    other = center(scene.arrow_rect(*next(a for a in game.legal_arrows() if a != ("N", 3))))
    run(app, 0, [finger("down", app, start, 0)])
    for k in range(1, 7):
        run(app, 0, [finger("move", app, (start[0] + (end[0] - start[0]) * k // 12,
                                          start[1] + (end[1] - start[1]) * k // 12), 0)])
    assert scene.gestures.drag is not None
    touch_tap(app, other, finger_id=1)  # a sister taps another arrow meanwhile
    run(app, REST_SECONDS + 0.2, [finger("down", app, other, 2)])  # and rests a finger there
    assert scene.gestures.drag is not None and game.phase == "push", "the drag goes on"
    for k in range(7, 13):
        run(app, 0, [finger("move", app, (start[0] + (end[0] - start[0]) * k // 12,
                                          start[1] + (end[1] - start[1]) * k // 12), 0)])
    run(app, 0, [finger("up", app, end, 0)])
    settle(app)
    assert game.to_dict() == expected
    run(app, 0, [finger("up", app, other, 2)])
    settle(app)
    assert game.phase == "walk", "the resting finger's lift did nothing"


def slide(app: Any, start: tuple[int, int], end: tuple[int, int], fid: int = 0) -> None:
    """The finger already down at *start* slides in 12 frames to *end* and lifts there."""
    for k in range(1, 13):
        run(app, 0, [finger("move", app, (start[0] + (end[0] - start[0]) * k // 12,
                                          start[1] + (end[1] - start[1]) * k // 12), fid)])
    run(app, 0, [finger("up", app, end, fid)])
    settle(app)


def test_a_child_who_holds_the_sliding_card_still_before_dragging_it_still_pushes(make_app: Any) -> None:
    """A still press on something a finger drags is kept: a slow child thinks first, then slides."""
    app, game, scene = maze(make_app)
    expected = _after(game, ("N", 3)).to_dict()
    start, end = center(scene.spare_rect()), center(scene.arrow_rect("N", 3))
    run(app, 3 * REST_SECONDS, [finger("down", app, start, 0)])
    assert scene.gestures.press is not None and app.pointer.owner is not None, "the press is kept"
    slide(app, start, end)
    assert game.to_dict() == expected


def test_a_still_press_on_the_sliding_card_lifted_again_does_nothing(make_app: Any) -> None:
    app, game, scene = maze(make_app)
    before = game.to_dict()
    spot = center(scene.spare_rect())
    run(app, 3 * REST_SECONDS, [finger("down", app, spot, PALM)])
    run(app, 0, [finger("up", app, spot, PALM)])
    settle(app)
    assert game.to_dict() == before and scene.rotation == 0, "a resting hand's lift neither turns nor pushes"


@pytest.mark.parametrize("young", [False, True])
def test_a_palm_on_the_sliding_card_gives_way_to_a_childs_tap(make_app: Any, young: bool) -> None:
    """A palm resting on the sliding card (kept, as it might be a slow drag) never blocks another finger."""
    app, game, scene = maze(make_app)
    expected = _after(game, ("N", 3)).to_dict()
    run(app, 0.1 if young else 3 * REST_SECONDS, [finger("down", app, center(scene.spare_rect()), PALM)])
    touch_tap(app, center(scene.arrow_rect("N", 3)), finger_id=1)
    run(app, REST_SECONDS)  # a young palm: the tap is played once the palm is found resting
    settle(app)
    assert game.to_dict() == expected, "the child's tap pushed"
    run(app, 0, [finger("up", app, center(scene.spare_rect()), PALM)])
    settle(app)
    assert game.phase == "walk" and scene.gestures.press is None, "the palm's lift did nothing"


def test_a_child_who_holds_a_hand_card_still_before_dragging_it_still_lays_it(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app)
    game = CardGame.new(players=2, seed=11)
    scene = start_cards(app, game, PEOPLE2)
    assert card_step_until(app, ready(scene))
    place = next(p for p in game.legal_places() if p.rotation == 0)
    hand, cell = point(scene.layout.hand[place.hand_index]), cell_point(scene, place.cell)
    run(app, 3 * REST_SECONDS, [finger("down", app, hand, 0)])
    assert app.pointer.owner is not None, "the press on the card is kept"
    size = len(game.table)
    slide(app, hand, cell)
    assert card_step_until(app, lambda: len(game.table) == size + 1)
    assert place.cell in game.table


@pytest.mark.parametrize("why", [pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED])
def test_focus_lost_mid_drag_cancels_it_cleanly(make_app: Any, why: int) -> None:
    app, game, scene = maze(make_app)
    before = game.to_dict()
    start, end = center(scene.spare_rect()), center(scene.arrow_rect("N", 3))
    run(app, 0, [finger("down", app, start, 0)])
    run(app, 0, [finger("move", app, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), 0)])
    assert scene.gestures.drag is not None
    run(app, 0, [pygame.event.Event(why)])
    assert scene.gestures.drag is None and app.pointer.fingers == 0
    run(app, 0, [finger("move", app, end, 0)])
    run(app, 0, [finger("up", app, end, 0)])
    settle(app)
    assert game.to_dict() == before and scene.accepting(), "nothing was pushed; the card flew home"
    touch_tap(app, end)
    settle(app)
    assert game.phase == "walk", "the next touch works"


def test_a_resting_palm_lets_a_pressed_control_pop_up_and_its_lift_does_nothing(make_app: Any) -> None:
    app, game, scene = maze(make_app)
    arrow = center(scene.arrow_rect("N", 3))
    run(app, 0, [finger("down", app, arrow, PALM)])
    assert scene.gestures.press is not None, "pressed at once"
    run(app, REST_SECONDS + 0.1)
    assert scene.gestures.press is None, "the palm's press was cancelled"
    run(app, 0, [finger("up", app, arrow, PALM)])
    settle(app)
    assert game.phase == "push"


def test_mouse_copies_of_touches_do_nothing_in_the_game(make_app: Any) -> None:
    app, game, scene = maze(make_app)
    arrow = center(scene.arrow_rect("N", 3))
    run(app, 0, [mouse("move", arrow, touch=True), mouse("down", arrow, touch=True)])
    run(app, 0, [mouse("up", arrow, touch=True)])
    settle(app)
    assert game.phase == "push"
    run(app, 0, [mouse("move", arrow), mouse("down", arrow)])
    run(app, 0, [mouse("up", arrow)])
    settle(app)
    assert game.phase == "walk", "the real mouse works as before"


# ----- the parents' hold -----------------------------------------------------------------------
def test_the_parents_hold_works_with_a_finger_even_beside_a_resting_palm(make_app: Any) -> None:
    app, _game, scene = maze(make_app)
    rest_palm(app, palm_spot(scene))
    menu = center(app.controls.menu.rect)
    run(app, HOLD_SECONDS + 0.1, [finger("down", app, menu, 1)])
    assert isinstance(app.scene, ParentMenuScene)


def test_a_finger_landing_on_the_menu_with_a_young_palm_down_still_opens_it(make_app: Any) -> None:
    app, _game, scene = maze(make_app)
    run(app, 0, [finger("down", app, palm_spot(scene), PALM)])
    run(app, HOLD_SECONDS + REST_SECONDS + 0.2, [finger("down", app, center(app.controls.menu.rect), 1)])
    assert isinstance(app.scene, ParentMenuScene)


def test_a_resting_palm_elsewhere_never_opens_the_parents_menu(make_app: Any) -> None:
    app, _game, scene = maze(make_app)
    for spot in (palm_spot(scene), center(scene.spare_rect()), center(scene.layout.trays[0])):
        run(app, HOLD_SECONDS * 2, [finger("down", app, spot, PALM)])
        assert app.scene is scene and not app.controls.menu.busy()
        run(app, 0, [finger("up", app, spot, PALM)])
    run(app, HOLD_SECONDS * 2)
    assert app.scene is scene


# ----- the card game by touch --------------------------------------------------------------------
@pytest.mark.parametrize("palm", [False, True])
def test_a_whole_card_game_by_touch_only(make_app: Any, palm: bool) -> None:
    """Choose, turn, lay by tap and by drag, pick and take: every step by a finger (a palm on the table's edge)."""
    app = make_app((1280, 800))
    fast(app)
    ended: list[CardGame] = []
    app.screens.show_end = lambda game, table: ended.append(game)
    game = CardGame.new(players=2, seed=11)
    scene = start_cards(app, game, PEOPLE2)
    if palm:
        table = scene.layout.table
        run(app, REST_SECONDS + 0.1, [finger("down", app, (table.x + 4, table.bottom - 5), PALM)])
    took = laid = 0
    while True:
        assert card_step_until(app, ready(scene))
        if game.is_over():
            break
        if game.phase == "take":
            took += take_one(app, scene)
            continue
        laid += 1
        assert laid <= 46
        place = _joining_place(game) or game.legal_places()[0]
        hand = point(scene.layout.hand[place.hand_index])
        touch_tap(app, hand, finger_id=laid % 2)  # choose
        assert scene.chosen == place.hand_index
        for _ in range(place.rotation):  # turn by tapping the chosen card again
            touch_tap(app, hand, finger_id=laid % 2)
        assert card_step_until(app, lambda: all(abs(a - r * 90) < 0.01
                                                for a, r in zip(scene.angles, scene.rotations, strict=True)))
        size = len(game.table)
        into_view(app, scene, place.cell, touch=True)  # a late table shows in part: the child drags it
        if laid % 2:
            touch_tap(app, cell_point(scene, place.cell))
        else:
            touch_drag(app, hand, cell_point(scene, place.cell), steps=10)
        assert card_step_until(app, lambda size=size: len(game.table) == size + 1)  # type: ignore[misc]
        assert game.table[place.cell][1] == place.rotation
    assert card_step_until(app, lambda: scene.finished)
    assert laid == 46 and took > 0 and ended == [game]
    if palm:
        assert app.pointer.fingers == 1, "the palm rested on the table the whole game"


def take_one(app: Any, scene: CardPlayScene) -> int:
    """Pick one card that may be taken alone and take it (1); without one, take nothing (0)."""
    game = scene.game
    single = [c for c in sorted(game.takeable()) if game.can_take(frozenset({c}))]
    if not single:
        touch_tap(app, point(scene.layout.nothing), finger_id=2)
        assert card_step_until(app, lambda: game.phase != "take")
        return 0
    touch_tap(app, cell_point(scene, single[0]), finger_id=2)
    assert single[0] in scene.picks
    before = sum(game.scores)
    touch_tap(app, point(scene.layout.take), finger_id=2)
    assert card_step_until(app, lambda: game.phase != "take")
    assert sum(game.scores) == before + 1
    return 1


def _joining_place(game: CardGame) -> Any:
    """A place after which some card can be taken alone, if there is one."""
    for place in game.legal_places():
        trial = game.copy()
        trial.place(place)
        if trial.phase == "take" and any(trial.can_take(frozenset({c})) for c in trial.takeable()):
            return place
    return None


def test_the_rotate_button_turns_the_chosen_card_by_touch(make_app: Any) -> None:
    app = make_app((800, 600))
    fast(app)
    scene = start_cards(app, CardGame.new(players=2, seed=16), PEOPLE2)
    assert isinstance(scene, CardPlayScene)
    touch_tap(app, point(scene.layout.hand[0]))
    touch_tap(app, point(scene.layout.rotate))
    assert scene.chosen == 0 and scene.rotations[0] == 1


# ----- a puzzle by touch ----------------------------------------------------------------------
@pytest.mark.parametrize("palm", [False, True])
def test_a_puzzle_is_solved_by_touch(make_app: Any, palm: bool) -> None:
    app = make_app((1280, 800))
    book = open_book(app, touch_tap)
    puzzle = BOOK[0]
    if book.chapter != puzzle.chapter:
        touch_tap(app, center(book.chapter_rects[puzzle.chapter]))
    touch_tap(app, center(book.stone_rects[puzzle.name]))
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.puzzle is not None
    scene.ambient_time = scene.ambient_until = 0.0
    if palm:
        rest_palm(app, (scene.layout.frame.x + 2, scene.layout.frame.bottom - 3))
    solution = solve(scene.game, max_turns=3)
    assert solution is not None
    for k, (push, cell) in enumerate(solution.steps):
        assert step_until(app, lambda: scene.accepting() and not scene.timeline.busy())
        for _ in range(push.rotation % 4):
            touch_tap(app, center(scene.spare_rect()))
        assert step_until(app, lambda: abs(scene.angle - scene.rotation * 90) < 0.01)
        if k % 2:
            touch_drag(app, center(scene.spare_rect()), center(scene.arrow_rect(push.side, push.index)), steps=16)
        else:
            touch_tap(app, center(scene.arrow_rect(push.side, push.index)))
        assert step_until(app, lambda: scene.game.phase == "walk" and not scene.timeline.busy())
        assert step_until(app, scene.lit_now)
        touch_tap(app, center(scene.cell_rect(cell)))
        assert step_until(app, lambda: not scene.timeline.busy())
    assert scene.puzzle.state == "solved"


def test_a_finger_presses_the_setup_screens_play_button_at_once_and_its_lift_starts_the_game(make_app: Any) -> None:
    app = make_app((1280, 800))
    app.push_scene(app.screens.setup_scene())
    run(app, 0)
    setup = app.scene
    play = center(setup.play_button.rect)
    run(app, 0, [finger("down", app, play)])
    assert setup.play_button.pressed, "the button shows the press at once"
    run(app, 0, [finger("up", app, play)])
    assert app.scene is not setup and isinstance(app.scene, PlayScene)
