"""The puzzles on screen, driven headless through the screens' hit areas like a child's finger.

The door on the setup screen opens the book; a stone opens its puzzle in the play screen's
puzzle mode; the solver (:func:`doolhof.engine.puzzles.solve`) tells the test which moves to make.
"""

from __future__ import annotations

import datetime
import json
import os
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from doolhof.engine import Game
from doolhof.engine.puzzle_run import PuzzleRun, budget_for, stars_for
from doolhof.engine.puzzles import BOOK, Puzzle, solve
from doolhof.gui.play.puzzle import PuzzleHintJob, PuzzleOverlay
from doolhof.gui.play.scene import PlayScene
from doolhof.gui.play.tutorial import Tutorial
from doolhof.gui.puzzles.calendar import CalendarScene
from doolhof.gui.puzzles.scene import BookScene
from doolhof.session.progress import load_progress, progress_path
from tests.gui.helpers import center, drag, open_book, open_menu, run, step_until, tap

WEEKDAY = datetime.date(2026, 12, 1)  # a Tuesday: the daily puzzle is a quick 2-turn Junior one


def open_stone(app: Any, book: BookScene, puzzle: Puzzle) -> PlayScene:
    """Show *puzzle*'s chapter and tap its stone."""
    if book.chapter != puzzle.chapter:
        tap(app, center(book.chapter_rects[puzzle.chapter]))
    tap(app, center(book.stone_rects[puzzle.name]))
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.puzzle is not None
    assert scene.puzzle.puzzle == puzzle
    quiet(scene)
    return scene


def quiet(scene: PlayScene) -> None:
    """No ambient motion, so the scene settles as soon as nothing moves."""
    scene.ambient_time = 0.0
    scene.ambient_until = 0.0


def run_of(scene: PlayScene) -> PuzzleRun:
    assert scene.puzzle is not None
    return scene.puzzle


def overlay_of(scene: PlayScene) -> PuzzleOverlay:
    assert scene.puzzle_overlay is not None
    return scene.puzzle_overlay


def wait_ready(app: Any, scene: PlayScene) -> None:
    """Until the child may act (animations done)."""
    assert step_until(app, lambda: scene.accepting() and not scene.timeline.busy()), "the scene never got ready"


def push_by(app: Any, scene: PlayScene, side: str, index: int, rotation: int, how: str) -> None:
    """Turn the card *rotation* quarters (taps on the card), then push at (side, index) by a tap or a drag."""
    wait_ready(app, scene)
    for _ in range(rotation % 4):
        tap(app, center(scene.spare_rect()))
    assert step_until(app, lambda: abs(scene.angle - scene.rotation * 90) < 0.01)
    if how == "tap":
        tap(app, center(scene.arrow_rect(side, index)))
    else:
        drag(app, center(scene.spare_rect()), center(scene.arrow_rect(side, index)), steps=16)
    assert step_until(app, lambda: scene.game.phase == "walk" and not scene.timeline.busy())


def walk_by(app: Any, scene: PlayScene, cell: tuple[int, int], how: str) -> None:
    """Walk to *cell* by a tap on it, or by dragging the figure there."""
    assert step_until(app, scene.lit_now)
    if how == "tap":
        tap(app, center(scene.cell_rect(cell)))
    else:
        drag(app, scene.figure_center(0), center(scene.cell_rect(cell)), steps=16)


def play_solution(app: Any, scene: PlayScene, how: str) -> None:
    """Play a shortest solution of the scene's puzzle (from where it stands now)."""
    sol = solve(scene.game, max_turns=3)
    assert sol is not None
    for push, cell in sol.steps:
        push_by(app, scene, push.side, push.index, push.rotation, how)
        walk_by(app, scene, cell, how)
        assert step_until(app, lambda: not scene.timeline.busy())


def wait_stars(app: Any, scene: PlayScene) -> None:
    overlay = overlay_of(scene)
    assert step_until(app, lambda: overlay.showing == "stars" and bool(overlay.buttons())), "no stars shown"


def test_the_door_opens_the_book_and_the_first_puzzle_is_solved_by_taps(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    book = open_book(app)
    first = BOOK[0]
    assert book.upcoming() == first and book.chapter == first.chapter
    scene = open_stone(app, book, first)
    assert any(isinstance(o, Tutorial) for o in scene.overlays), "the hand shows the very first puzzle"
    assert len(overlay_of(scene).foot_rects()) == budget_for(first.minimum)
    play_solution(app, scene, "tap")
    wait_stars(app, scene)
    assert run_of(scene).state == "solved" and run_of(scene).stars == 3
    assert step_until(app, lambda: not any(isinstance(o, Tutorial) for o in scene.overlays)), "the hand is done"
    saved = load_progress().progress
    assert saved.stars == {first.name: 3} and saved.tutorial_done
    # Back to the book: the stone shows its stars and the next one glows.
    tap(app, center(overlay_of(scene).buttons()["book"]))
    book = app.scene
    assert isinstance(book, BookScene)
    assert book.progress.stars[first.name] == 3 and book.upcoming() == BOOK[1]
    book.draw(app.screen)


def test_stars_are_there_after_a_restart_and_another_puzzle_is_solved_by_drags(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    book = open_book(app)
    puzzle = next(p for p in BOOK if p.minimum == 2 and p.variant == "junior")
    scene = open_stone(app, book, puzzle)
    play_solution(app, scene, "drag")
    wait_stars(app, scene)
    assert run_of(scene).stars == 3
    # A new app on the same computer (same DOOLHOF_HOME) sees the stars.
    app2 = make_app((800, 600))
    book2 = open_book(app2)
    assert book2.progress.stars == {puzzle.name: 3}
    assert book2.upcoming() == BOOK[0], "the first unsolved puzzle glows"
    tap(app2, center(book2.chapter_rects[puzzle.chapter]))
    assert book2.chapter == puzzle.chapter and puzzle.name in book2.stone_rects
    book2.draw(app2.screen)


def _wasted_turn(app: Any, scene: PlayScene) -> None:
    """A push after which the picture is out of reach, then staying put."""
    game = scene.game
    for side, index in game.legal_arrows():
        trial = game.copy()
        from doolhof.engine import Push

        trial.push(Push(side, index, 0))
        target = trial.target()
        if target is None or target not in trial.reachable():
            push_by(app, scene, side, index, 0, "tap")
            tap(app, center(scene.cell_rect(trial.positions[0])))  # its own cell: stay
            assert step_until(app, lambda: not scene.timeline.busy())
            return
    raise AssertionError("every push reaches the picture")


def test_the_budget_runs_out_and_one_tap_tries_again(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    book = open_book(app)
    puzzle = next(p for p in BOOK if p.minimum == 3)
    scene = open_stone(app, book, puzzle)
    run_ = run_of(scene)
    assert run_.budget == puzzle.minimum + 2
    for k in range(run_.budget):
        assert run_.left() == run_.budget - k
        _wasted_turn(app, scene)
    assert run_.state == "out" and run_.left() == 0
    overlay = overlay_of(scene)
    assert step_until(app, lambda: overlay.showing == "again")
    assert not scene.accepting(), "no more pushes once the footprints are used up"
    tap(app, scene.layout.board.center)  # one tap anywhere on the board
    assert run_.state == "play" and run_.used == 0 and overlay.showing == ""
    assert scene.game.positions[0] == puzzle.figure and scene.game.phase == "push"
    wait_ready(app, scene)
    # ... and it can be solved after all, for all its stars.
    play_solution(app, scene, "tap")
    wait_stars(app, scene)
    assert run_.stars == 3 and load_progress().progress.stars[puzzle.name] == 3


def test_the_light_bulb_shows_the_first_push_of_a_shortest_solution(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    book = open_book(app)
    puzzle = next(p for p in BOOK if p.minimum == 2 and p.variant == "junior")
    scene = open_stone(app, book, puzzle)
    # One wasted turn first: the hint is worked out from where the child is now.
    _wasted_turn(app, scene)
    wait_ready(app, scene)
    tap(app, center(scene.layout.icons["hint"]))
    assert step_until(app, lambda: scene.hint is not None), "no hint"
    assert scene.hint is not None and scene.hint.push is not None
    sol = solve(scene.game, max_turns=3)
    assert sol is not None
    assert scene.hint.push == sol.steps[0][0]
    push = scene.hint.push
    push_by(app, scene, push.side, push.index, push.rotation, "tap")
    tap(app, center(scene.layout.icons["hint"]))
    assert step_until(app, lambda: scene.hint is not None and scene.hint.cell is not None), "no walk hint"
    assert scene.hint is not None and scene.hint.cell == sol.steps[0][1]
    walk_by(app, scene, sol.steps[0][1], "tap")
    assert step_until(app, lambda: not scene.timeline.busy())
    rest = solve(scene.game, max_turns=3)
    assert rest is not None and rest.turns == sol.turns - 1, "the hinted turn brought the picture a turn closer"


def test_the_daily_puzzle_opens_and_counts_for_the_streak(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    open_book(app)
    book = app.screens.book_scene(WEEKDAY)
    app.replace_scene(book)
    book.ambient_until = 0.0
    book.daily.wait(30.0)
    assert book.streak() == 0 and book.daily_stars() == 0
    tap(app, center(book.daily_rect))
    calendar = app.scene
    assert isinstance(calendar, CalendarScene) and calendar.today == WEEKDAY
    tap(app, center(calendar.day_rects[WEEKDAY]))
    assert step_until(app, lambda: isinstance(app.scene, PlayScene))
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.puzzle is not None
    assert scene.puzzle.puzzle.name == f"daily-{WEEKDAY.isoformat()}"
    assert scene.puzzle.on_next is None
    quiet(scene)
    play_solution(app, scene, "tap")
    wait_stars(app, scene)
    assert load_progress().progress.daily == {WEEKDAY.isoformat(): 3}
    tap(app, center(overlay_of(scene).buttons()["book"]))
    calendar = app.scene
    assert isinstance(calendar, CalendarScene) and calendar.today == WEEKDAY
    assert calendar.progress.streak(WEEKDAY) == 1 and calendar.progress.day_stars(WEEKDAY) == 3
    tap(app, center(calendar.back_rect))
    book = app.scene
    assert isinstance(book, BookScene)
    book.today = WEEKDAY
    assert book.streak() == 1 and book.daily_stars() == 3


def test_a_damaged_progress_file_is_moved_aside_and_the_book_still_opens(make_app) -> None:  # type: ignore[no-untyped-def]
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ this is not json", encoding="utf-8")
    app = make_app((1280, 800))
    book = open_book(app)
    assert book.progress.stars == {}
    assert not path.exists()
    kept = list(Path(os.environ["DOOLHOF_HOME"]).rglob("progress.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{ this is not json"
    assert any("puzzle stars" in note for note in app.notes)
    book.draw(app.screen)


def test_a_parent_resets_the_stars_with_a_confirming_second_tap(make_app) -> None:  # type: ignore[no-untyped-def]
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": "doolhof.progress", "version": 1, "stars": {"1-01": 2},
                                "daily": {WEEKDAY.isoformat(): 1}}), encoding="utf-8")
    app = make_app((1280, 800))
    book = open_book(app)
    assert book.progress.stars == {"1-01": 2}
    menu = open_menu(app)
    assert menu.reset_button.visible
    tap(app, center(menu.reset_button.rect))
    assert load_progress().progress.stars == {"1-01": 2}, "the first tap only asks"
    tap(app, center(menu.reset_button.rect))
    assert load_progress().progress.stars == {} and load_progress().progress.daily == {}
    tap(app, center(menu.back_button.rect))
    assert app.scene is book and book.progress.stars == {}
    run(app, 0.1)


def test_the_reset_is_not_offered_over_a_game(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    app.push_scene(app.screens.setup_scene())
    run(app, 0)
    menu = open_menu(app)
    assert not menu.reset_button.visible


def test_the_stand_in_is_never_drawn_nor_moves_the_figure_aside(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    book = open_book(app)
    scene = open_stone(app, book, BOOK[0])
    assert scene.shown.on_screen(0) and not scene.shown.on_screen(1)
    x, y = scene.figure_center(0)
    assert (x, y) == center(scene.cell_rect(BOOK[0].figure)), "alone on its cell: the figure stands in the middle"
    assert len(scene.layout.trays) == 1 and "book" in scene.layout.icons


def test_stars_and_budget() -> None:
    assert [stars_for(t, 1) for t in (1, 2, 3)] == [3, 2, 1]
    assert budget_for(2) == 4
    game = BOOK[0].game()
    assert isinstance(game, Game)


def test_the_door_is_big_and_never_overlaps_play_or_continue(make_app) -> None:  # type: ignore[no-untyped-def]
    for size in ((1280, 800), (800, 600), (720, 1000), (800, 1280), (1920, 1080)):
        app = make_app(size)
        setup = app.screens.setup_scene()
        app.push_scene(setup)
        for saved in (None, object()):
            setup.waiting = {} if saved is None else {"maze": saved}
            setup.resize(size)
            door = setup.puzzle_button.rect
            assert door.w >= 64 and door.h >= 56, (size, door)
            assert not door.colliderect(setup.play_button.rect), size
            if saved is not None:
                assert not door.colliderect(setup.continue_button.rect), size
            assert app.screen.get_rect().contains(door)


def test_the_hint_thread_gets_copies_only_and_the_plan_is_kept_on_the_frame_loop() -> None:
    puzzle = next(p for p in BOOK if p.minimum == 2 and p.variant == "junior")
    run = PuzzleRun(puzzle)
    game = run.fresh_game()
    run.plans[("planted",)] = (0, 0)
    job = PuzzleHintJob(game, run)
    given_game, left, plans = job.given
    assert given_game is not game and given_game == game and left == run.left()
    assert plans is not run.plans and plans == run.plans
    run.plans.clear()  # the frame loop may change the run meanwhile: the thread never sees it
    assert plans == {("planted",): (0, 0)}
    for _ in range(3000):
        if job.done():
            break
        time.sleep(0.01)
    advice = job.result()
    assert advice is not None and advice.push is not None and (advice.seat, advice.turn) == (0, game.turn)
    assert len(run.plans) == 1, "the push hint's walk is kept in the run"
    assert job.result() is advice and len(run.plans) == 1


# ----- the stars card beside the board ------------------------------------------------------------
@pytest.mark.parametrize(("size", "least"), [((1280, 800), 64), ((800, 600), 48), ((800, 1280), 64)])
def test_the_stars_card_leaves_the_figure_and_its_picture_in_view(make_app: Any, size: tuple[int, int],
                                                                 least: int) -> None:
    app = make_app(size)
    scene = open_stone(app, open_book(app), BOOK[0])
    play_solution(app, scene, "tap")
    wait_stars(app, scene)
    overlay = overlay_of(scene)
    card = overlay.card_rect()
    figure = scene.cell_rect(scene.game.positions[0])
    assert not card.colliderect(figure), "the stars do not cover the figure on the picture"
    assert not card.colliderect(scene.layout.board), "nor any of the board"
    assert app.screen.get_rect().contains(card)
    for rect in [*overlay.star_rects(), *overlay.buttons().values()]:
        assert card.contains(rect)
    for name, rect in overlay.buttons().items():
        assert min(rect.inflate(8, 8).size) >= least, (name, rect)  # the tap area (see handle_pointer)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
def test_the_chapter_markers_are_child_sized(make_app: Any, size: tuple[int, int]) -> None:
    """Each chapter marker is at least 64 px, a laptop's fingertip (at 800x600 they were 48x45 px, squeezed
    between the home button and the daily stone): a child sees its little board and footprints and hits it."""
    app = make_app(size)
    book = app.screens.book_scene()
    app.push_scene(book)
    run(app, 0)
    assert len(book.chapter_rects) >= 2
    window = pygame.Rect((0, 0), size)
    for chapter, rect in book.chapter_rects.items():
        assert min(rect.size) >= 64, f"{size}: chapter {chapter} is {rect.size}"
        assert window.contains(rect)
        for other in (book.home_rect, book.daily_rect, book.parent_menu_rect, *book.stone_rects.values()):
            assert not rect.colliderect(other), (size, chapter, rect, other)
