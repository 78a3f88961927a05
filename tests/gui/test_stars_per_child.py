"""Siblings keep their own puzzle stars: the book shows whose stars these are, and each child picks their figure."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from doolhof.engine.puzzles import BOOK
from doolhof.gui.puzzles.scene import BookScene
from doolhof.session.progress import load_progress, progress_path
from tests.gui.helpers import center, open_book, open_setup, run, step_until, tap, tap_by, touch_tap

V1 = Path(__file__).resolve().parents[1] / "data" / "v1" / "progress.json"


def test_todays_stars_become_the_first_childs_and_the_second_child_starts_afresh(make_app: Any) -> None:
    progress_path().parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(V1, progress_path())
    app = make_app((1280, 800))
    book = open_book(app)
    assert book.child == 0 and book.progress.stars == {"1-01": 3, "1-02": 2}
    tap(app, center(book.child_rects[1]))
    run(app)
    assert book.child == 1 and book.progress.stars == {} and book.upcoming() == BOOK[0]
    assert book.streak() == 0
    data = json.loads(progress_path().read_text(encoding="utf-8"))
    assert data["version"] == 2 and data["child"] == 1 and data["children"]["0"]["stars"] == {"1-01": 3, "1-02": 2}


def test_stars_won_go_to_the_child_reading_the_book(make_app: Any) -> None:
    app = make_app((1280, 800))
    book = open_book(app)
    tap(app, center(book.child_rects[2]))
    run(app)
    app.screens._record_puzzle(BOOK[0], 3)  # the puzzle screen's "solved" (tests/gui/test_puzzles.py plays one)
    assert load_progress().book.of(2).stars == {BOOK[0].name: 3}
    assert load_progress().book.of(0).stars == {}
    app.screens.open_puzzles()
    run(app)
    again = app.scene
    assert again.child == 2 and again.progress.stars == {BOOK[0].name: 3}


def _figures_drawn(app: Any, monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """The figures the top scene draws in one frame (by their art number)."""
    drawn: set[int] = set()
    real = app.art.figure

    def recording(seat: int, px: int) -> Any:
        drawn.add(seat)
        return real(seat, px)

    monkeypatch.setattr(app.art, "figure", recording)
    app.scene.draw(pygame.Surface(app.window_size()))
    monkeypatch.setattr(app.art, "figure", real)
    return drawn


def _start_figures(app: Any, monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """The children the stones' little maze pictures show at the start, over one frame of the book."""
    from doolhof.gui.puzzles import scene as book_module

    children: set[int] = set()
    real = book_module.puzzle_board

    def recording(*args: Any) -> Any:
        children.add(args[3] if len(args) > 3 else 0)  # puzzle, side, art[, child]
        return real(*args)

    monkeypatch.setattr(book_module, "puzzle_board", recording)
    app.scene.draw(pygame.Surface(app.window_size()))
    monkeypatch.setattr(book_module, "puzzle_board", real)
    return children


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("how", ["mouse", "finger"])
def test_the_child_picked_in_the_book_plays_as_their_own_figure(make_app: Any, size: tuple[int, int], how: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from doolhof.gui.play.scene import PlayScene

    press = tap if how == "mouse" else touch_tap
    app = make_app(size)
    book = open_book(app, press)
    press(app, center(book.child_rects[1]))  # the blue square figure
    run(app)
    assert book.child == 1
    assert _start_figures(app, monkeypatch) == {1}, "the stones' little mazes show the blue figure at the start"
    press(app, center(book.stone_rects[BOOK[0].name]))
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.puzzle is not None
    run(app, 0.2)
    drawn = _figures_drawn(app, monkeypatch)
    assert 1 in drawn and 0 not in drawn, f"the board and the big portrait show figure 1 only, not {drawn}"
    app.screens._record_puzzle(BOOK[0], 2)  # solved (tests/gui/test_puzzles.py plays one): the stars stay per child
    assert load_progress().book.of(1).stars == {BOOK[0].name: 2} and load_progress().book.of(0).stars == {}
    app.screens.open_puzzles()
    run(app)
    book = app.scene
    book.daily.wait(30.0)
    run(app)
    press(app, center(book.daily_rect))
    run(app)
    calendar = app.scene
    press(app, center(calendar.day_rects[calendar.today]))  # the calendar: today's stone
    step_until(app, lambda: isinstance(app.scene, PlayScene))
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.puzzle is not None
    assert scene.puzzle.puzzle.name.startswith("daily-")
    drawn = _figures_drawn(app, monkeypatch)
    assert 1 in drawn and 0 not in drawn, f"the daily puzzle shows figure 1 only, not {drawn}"


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("by_finger", [False, True])
def test_the_book_opens_for_the_child_who_chose_a_figure(make_app: Any, monkeypatch: pytest.MonkeyPatch,
                                                         size: tuple[int, int], by_finger: bool) -> None:
    """A child who plays the yellow figure on the setup screen taps the book's door: the book is theirs (their
    figure stands tall and beside the next stone), not the book's first child's; a sibling's pick in the book
    stays theirs for the puzzles they play from it."""
    app = make_app(size)
    setup = open_setup(app)
    tap_by(app, center(setup.figure_buttons[0].rect), by_finger)
    tap_by(app, center(setup.figure_picker.option_rects[2]), by_finger)
    assert setup.figures[0] == 2
    run(app, 0.6)
    tap_by(app, center(setup.puzzle_button.rect), by_finger)
    run(app, 0.2)
    book = app.scene
    assert isinstance(book, BookScene)
    assert book.child == 2, f"the book opened for figure {book.child}, not for the child playing figure 2"
    assert 2 in _figures_drawn(app, monkeypatch)
    assert load_progress().book.child == 2, "and kept: the puzzles from it and the calendar are that child's"
    tap_by(app, center(book.child_rects[4]), by_finger)  # a sibling takes the book over
    run(app, 0.6)
    assert book.child == 4
    app.screens.open_puzzles()  # back from a puzzle
    run(app)
    assert app.scene.child == 4
    # Home, and the door again: the sibling is not at this table, so the book is the yellow child's again ...
    setup = open_setup(app)
    tap_by(app, center(setup.puzzle_button.rect), by_finger)
    run(app, 0.6)
    assert app.scene.child == 2
    tap_by(app, center(app.scene.child_rects[4]), by_finger)
    run(app, 0.6)
    # ... but a sibling at the table (the second seat a child with the blue bunny) who picked themselves keeps it.
    setup = open_setup(app)
    setup.toggle_kind(1)
    setup.choose_figure(1, 4)
    tap_by(app, center(setup.puzzle_button.rect), by_finger)
    run(app, 0.6)
    assert app.scene.child == 4
