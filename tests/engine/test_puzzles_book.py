"""The puzzle book (every minimum re-proved), the daily puzzle and the puzzle record."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from doolhof.engine import SecretCollected
from doolhof.engine.puzzles import BOOK, Puzzle, again, book_from_dict, chapters, daily, first_push_share, solve
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def make_puzzles_script() -> ModuleType:
    """Import ``scripts/make_puzzles.py`` (scripts/ is not a package)."""
    return load_script("make_puzzles", "doolhof_make_puzzles")


def play(puzzle: Puzzle) -> int:
    """Solve *puzzle* and play the answer on its game, handing the turn back after each walk."""
    game = puzzle.game()
    sol = solve(game, puzzle.minimum)
    assert sol is not None
    for k, (push, cell) in enumerate(sol.steps, start=1):
        game.push(push)
        events = game.walk(cell)
        collected = [e for e in events if isinstance(e, SecretCollected)]
        assert bool(collected) == (k == sol.turns)
        if collected:
            assert collected[0].picture == puzzle.target
        else:
            game = again(game)
    return sol.turns


@pytest.mark.parametrize("puzzle", list(BOOK), ids=lambda p: p.name)
def test_every_book_minimum_still_holds(puzzle: Puzzle) -> None:
    game = puzzle.game()
    sol = solve(game, puzzle.minimum)
    assert sol is not None and sol.turns == puzzle.minimum, f"{puzzle.name}: the minimum changed"
    assert solve(game, puzzle.minimum - 1) is None
    assert play(puzzle) == puzzle.minimum


def test_the_book_has_sixty_puzzles_or_more_in_chapters_that_climb() -> None:
    assert len(BOOK) >= 60
    book = chapters()
    assert list(book) == list(range(1, len(book) + 1))
    first, last = book[1], book[max(book)]
    assert all(p.variant == "junior" and p.minimum == 1 for p in first)
    assert all(p.variant == "classic" and p.minimum == 3 for p in last)
    steps = [(max(p.minimum for p in ps), "classic" in {p.variant for p in ps}) for ps in book.values()]
    assert max(m for m, _ in steps) == 3
    assert [m for m, _ in steps] == sorted(m for m, _ in steps)  # never fewer turns than the chapter before
    assert len({p.name for p in BOOK}) == len(BOOK)


def test_the_book_is_fun_the_picture_in_view_and_the_first_push_matters() -> None:
    for puzzle in BOOK:
        game = puzzle.game()
        assert game.target() is not None, f"{puzzle.name}: the picture is on the spare"
        assert game.target() not in game.reachable(), f"{puzzle.name}: the picture is reachable already"
        assert first_push_share(game, puzzle.minimum) <= 0.5, f"{puzzle.name}: almost any push works"


def test_the_first_chapter_has_the_picture_almost_in_reach() -> None:
    for puzzle in chapters()[1]:
        game = puzzle.game()
        target = game.target()
        assert target is not None
        assert min(abs(r - target[0]) + abs(c - target[1]) for r, c in game.reachable()) == 1


def test_the_book_file_is_what_the_seeds_give() -> None:
    script = make_puzzles_script()
    shipped = (ROOT / "doolhof" / "engine" / "puzzles.json").read_text(encoding="utf-8")
    assert script.dump(script.make_book()) == shipped, "run `python scripts/make_puzzles.py`"


def test_puzzles_round_trip_and_damaged_data_is_refused() -> None:
    for puzzle in BOOK[:5]:
        data = json.loads(json.dumps(puzzle.to_dict()))
        assert Puzzle.from_dict(data) == puzzle
    good = BOOK[0].to_dict()
    for change in ({"cells": [1, 2]}, {"figure": [9, 9]}, {"minimum": 0}, {"variant": "chess"},
                   {"target": "dragon"}, {"target": "bell"}, {"forbidden": ["X", 1]}, {"spare": 0}):
        with pytest.raises(ValueError):
            Puzzle.from_dict({**good, **change})
    with pytest.raises(ValueError):
        Puzzle.from_dict({k: v for k, v in good.items() if k != "cells"})
    with pytest.raises(ValueError):
        Puzzle.from_dict("puzzle")
    with pytest.raises(ValueError):
        book_from_dict({"format": "something else", "puzzles": []})


def test_the_daily_puzzle_is_the_same_for_a_date_and_differs_across_dates() -> None:
    day = datetime.date(2026, 12, 1)
    assert daily(day) == daily(day) == daily.__wrapped__(day)  # made afresh, not only remembered
    days = [day + datetime.timedelta(days=k) for k in range(10)]
    puzzles = [daily(d) for d in days]
    assert len({(p.cells, p.figure, p.target) for p in puzzles}) == len(days)
    for d, p in zip(days, puzzles):
        assert p.name == f"daily-{d.isoformat()}"
        assert (p.variant, p.minimum) == (("junior", 2) if d.weekday() < 5 else ("classic", 3))
        assert play(p) == p.minimum
        assert solve(p.game(), p.minimum - 1) is None


def test_the_daily_puzzle_does_not_depend_on_the_hash_seed() -> None:
    # Another interpreter with another hash seed makes the same puzzle.
    code = ("import datetime, json; from doolhof.engine.puzzles import daily; "
            "print(json.dumps(daily(datetime.date(2027, 3, 6)).to_dict()))")
    out = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")]
    assert out[0] == out[1] == json.dumps(daily(datetime.date(2027, 3, 6)).to_dict()) + "\n"
