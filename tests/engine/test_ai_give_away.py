"""No level and no hint pushes the sought picture out of the board while another push keeps it in.

Pushing the goal's card out hands it to the next player, who pushes it back in wherever suits
them (found by playing under Xvfb: the hint suggested exactly that, and the computer then took
the picture at once).
"""

from __future__ import annotations

import random

import pytest

from doolhof.engine import Game
from doolhof.engine.ai import make_player, suggest_push
from doolhof.engine.ai.lookahead import goal_cell, known_goal
from doolhof.engine.ai.search import rate_pushes


def _positions(variant: str, count: int, seed: int) -> list[Game]:
    """Push-phase positions from random play."""
    rng = random.Random(seed)
    found = []
    attempts = 0
    while len(found) < count:
        attempts += 1
        assert attempts <= 10 * count, "random play kept ending the games before a position was found"
        game = Game.new(variant=variant, players=rng.choice((2, 3, 4)), seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 12)):
            if game.is_over():
                break
            game.push(rng.choice(game.legal_pushes()))
            game.walk(rng.choice(sorted(game.reachable())))
        if not game.is_over():
            found.append(game)
    return found


def _keeps_goal(game: Game, push: object) -> bool:
    after = game.copy()
    after.push(push)  # type: ignore[arg-type]
    return goal_cell(after.board, known_goal(game, game.current_player)) is not None


@pytest.mark.parametrize("variant", ["junior", "junior-own", "classic"])
def test_suggested_push_never_gives_the_goal_away_needlessly(variant: str) -> None:
    checked = 0
    for game in _positions(variant, 25, seed=len(variant)):
        if goal_cell(game.board, known_goal(game, game.current_player)) is None:
            continue  # the goal is the spare already: nothing to keep in
        rated = rate_pushes(game)
        if rated[0].scores:
            continue
        if all(not _keeps_goal(game, r.push) for r in rated):
            continue
        checked += 1
        assert _keeps_goal(game, suggest_push(game)), f"hint gives the goal away: {suggest_push(game)}"
        for level in ("clever", "expert"):
            push = make_player(level, 1).choose_push(game.copy())
            assert _keeps_goal(game, push), f"{level} gives the goal away: {push}"
    assert checked >= 5, "too few positions exercised the rule"


def test_the_check_can_fail() -> None:
    """Some push in these positions does eject the goal, so the assertion above has teeth."""
    ejecting = 0
    for game in _positions("junior", 25, seed=6):
        ejecting += any(not _keeps_goal(game, r.push) for r in rate_pushes(game))
    assert ejecting > 0
