"""Siblings keep their own puzzle stars: the book shows whose stars these are, and each child picks their figure."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from doolhof.engine.puzzles import BOOK
from doolhof.session.progress import load_progress, progress_path
from tests.gui.helpers import center, open_book, run, tap

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
