"""The rules of one puzzle run: budget, stars, the run's states and the hint search."""

from __future__ import annotations

import pytest

from doolhof.engine import IllegalMoveError
from doolhof.engine.puzzle_run import (
    BUDGET_EXTRA,
    PuzzleHint,
    PuzzleRun,
    again_keeping_turn,
    budget_for,
    position_key,
    puzzle_hint,
    stars_for,
)
from doolhof.engine.puzzles import BOOK, solve


def test_budget_and_stars() -> None:
    assert budget_for(2) == 2 + BUDGET_EXTRA and budget_for(0) == 1 + BUDGET_EXTRA
    assert [stars_for(t, 1) for t in (1, 2, 3, 9)] == [3, 2, 1, 1]
    for bad in (-1, 1.5, "2", True, None):
        with pytest.raises(IllegalMoveError):
            budget_for(bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError):
            stars_for(bad, 1)  # type: ignore[arg-type]


def test_a_run_solved_on_the_minimum_earns_three_stars_and_says_so_once() -> None:
    puzzle = next(p for p in BOOK if p.minimum == 1)
    run = PuzzleRun(puzzle)
    earned: list[int] = []
    run.on_solved = earned.append
    game = run.fresh_game()
    sol = solve(game, max_turns=1)
    assert sol is not None
    push, cell = sol.steps[0]
    game.push(push)
    assert run.walked(game.walk(cell)) == "solved" and run.stars == 3 and earned == [3]
    assert run.walked([]) == "solved" and run.used == 1 and earned == [3]


def test_a_run_runs_out_after_its_budget_and_starts_afresh() -> None:
    run = PuzzleRun(BOOK[0])
    game = run.fresh_game()
    for _ in range(run.budget):
        game.push(game.legal_pushes()[0])
        stay = game.positions[0]
        assert run.state == "play"
        events = game.walk(stay)
        if run.walked(events) == "solved":
            pytest.skip("the first push happened to solve it")
        game = again_keeping_turn(game)
    assert run.state == "out" and run.left() == 0
    turn = game.turn
    run.restart()
    assert (run.state, run.used, run.tries) == ("play", 0, 2) and game.turn == turn


def test_the_push_hint_plans_its_walk_and_never_changes_the_plans_it_reads() -> None:
    puzzle = next(p for p in BOOK if p.minimum == 2 and p.variant == "junior")
    run = PuzzleRun(puzzle)
    game = run.fresh_game()
    plans = dict(run.plans)
    hint = puzzle_hint(game.copy(), run.left(), plans)
    assert hint.push is not None and hint.cell is None and hint.plan is not None and plans == {}
    run.learn(hint)
    after = game.copy()
    after.push(hint.push)
    assert position_key(after) in run.plans
    walk = puzzle_hint(after.copy(), run.left(), run.plans)
    assert walk == PuzzleHint(cell=run.plans[position_key(after)])


def test_a_run_and_a_hint_refuse_what_is_not_a_puzzle() -> None:
    with pytest.raises(IllegalMoveError):
        PuzzleRun("1-01")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        puzzle_hint(BOOK[0].game(), -1, {})
