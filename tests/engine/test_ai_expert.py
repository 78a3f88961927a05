"""The expert's full-width search (doolhof.engine.ai.expert), checked against brute force on the public Game.

Every player here has a fixed node budget and a wall-clock cap far beyond it, so no result depends
on how fast the machine is.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from doolhof.engine import Game, Push
from doolhof.engine.ai import ExpertPlayer, expert
from doolhof.engine.tiles import distinct_rotations

from .test_ai import random_positions, scoring_pushes

NODES = 4_000
NO_CLOCK = 1e6


def two_player_positions(variant: str, count: int, seed: int) -> Iterator[Game]:
    """*count* two-player positions in the push phase (goals on the spare, home runs among them)."""
    return random_positions(variant, count, seed, players=(2,))


def _player(seed: int = 0) -> ExpertPlayer:
    return ExpertPlayer(seed, nodes=NODES, time_cap=NO_CLOCK)


def _replies(game: Game) -> list[Push]:
    turns = distinct_rotations(game.spare)
    return [p for p in game.legal_pushes() if p.rotation in turns]


def _rival_scores_after(game: Game, push: Push, walk: tuple[int, int] | None = None) -> bool:
    """Brute force: after *push* and *walk* (default: stay), can the next player reach the secret?"""
    after = game.copy()
    after.push(push)
    after.walk(walk if walk is not None else after.positions[after.current_player])
    return not after.is_over() and bool(scoring_pushes(after))


@pytest.mark.parametrize("variant", ["junior", "junior-own", "classic"])
def test_the_plan_is_a_legal_push_and_a_reachable_walk(variant: str) -> None:
    for n, game in enumerate(two_player_positions(variant, 6, seed=len(variant))):
        before = game.to_dict()
        player = _player(n)
        push = player.choose_push(game)
        assert game.to_dict() == before
        assert push in game.legal_pushes()
        game.push(push)
        walk = player.choose_walk(game)
        assert walk in game.reachable()
        assert expert.walk_after_push(game, NODES, NO_CLOCK) in game.reachable()  # a fresh player agrees it is legal


@pytest.mark.parametrize("variant", ["junior", "junior-own", "classic"])
def test_it_scores_whenever_some_push_scores(variant: str) -> None:
    checked = 0
    for n, game in enumerate(two_player_positions(variant, 40, seed=7 + len(variant))):
        if not scoring_pushes(game):
            continue
        checked += 1
        player = _player(n)
        push = player.choose_push(game)
        assert push in scoring_pushes(game)
        game.push(push)
        assert player.choose_walk(game) == game.target()
    assert checked >= 3


def test_it_blocks_a_threat_whenever_a_block_exists() -> None:
    checked = 0
    for n, game in enumerate(two_player_positions("junior", 80, seed=21)):
        if scoring_pushes(game):
            continue
        pushes = _replies(game)
        safe = [p for p in pushes if not _rival_scores_after(game, p)]
        if not safe or len(safe) == len(pushes):
            continue
        checked += 1
        player = _player(n)
        push = player.choose_push(game)
        assert push.rotation in distinct_rotations(game.spare)
        assert push in safe, f"position {n}: the expert let the next player take the secret"
        after = game.copy()
        after.push(push)
        walk = player.choose_walk(after)
        assert not _rival_scores_after(game, push, walk)
    assert checked >= 5


def test_a_fork_is_one_no_reply_stops() -> None:
    """When the search claims a fork, every reply (each push, the opponent standing anywhere) leaves
    the opponent without the secret and the expert with a scoring push from its planned walk."""
    forks = 0
    for game in two_player_positions("junior", 120, seed=5):
        if scoring_pushes(game):
            continue
        found, scores = expert.plan(game, 50_000, NO_CLOCK)
        if scores or found.value < expert.FORK - 1:
            continue
        forks += 1
        mine = game.copy()
        mine.push(found.push)
        mine.walk(found.walk)
        for reply in _replies(mine):
            theirs = mine.copy()
            theirs.push(reply)
            target = theirs.target()
            assert target is None or target not in theirs.reachable(), "the opponent scores: no fork"
            theirs.walk(theirs.positions[theirs.current_player])
            assert scoring_pushes(theirs), f"after {reply} the expert cannot score: no fork"
        if forks >= 4:
            break
    assert forks >= 1, "no fork found in the sample: the check above never ran"


def test_the_same_budget_gives_the_same_choice_whatever_the_clock() -> None:
    for n, game in enumerate(two_player_positions("junior", 8, seed=3)):
        a = ExpertPlayer(n, nodes=NODES, time_cap=NO_CLOCK)
        b = ExpertPlayer(n, nodes=NODES, time_cap=NO_CLOCK * 10)
        push = a.choose_push(game)
        assert push == b.choose_push(game)
        game.push(push)
        assert a.choose_walk(game) == b.choose_walk(game)


def test_a_small_budget_still_gives_a_legal_move() -> None:
    for game in two_player_positions("classic", 3, seed=9):
        for nodes in (0, 50, 500):
            found, _ = expert.plan(game, nodes, NO_CLOCK)
            assert found.push in game.legal_pushes()
            assert found.nodes <= nodes + 64 or found.depth <= 1
