"""The expert with own piles (R15): what it knows of the opponent's hidden goal, checked against the public Game.

The opponent's top secret is hidden, but the pictures it may be (those nobody has found, but the
mover's own goal) are known to everybody. The expert counts how many of them some reply of the
opponent reaches after each of its pushes, and prefers pushes that leave them few.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from doolhof.engine import Game, Push
from doolhof.engine.ai import ExpertPlayer, expert
from doolhof.engine.tiles import distinct_rotations

from .test_ai import random_positions

NODES = 4_000
NO_CLOCK = 1e6


def hidden_goal_positions(count: int, seed: int) -> Iterator[Game]:
    """Two-player big-board positions in the push phase where both players still hold secrets."""
    for game in random_positions("classic", 3 * count, seed, players=(2,)):
        if all(game.pile(seat) for seat in range(2)):
            yield game
            count -= 1
            if not count:
                return


def _candidates(game: Game) -> set[str]:
    """What the mover may believe the opponent chases: every picture not found, but its own goal."""
    found = {p for taken in game.collected for p in taken}
    mine = game.pile(game.current_player)[0]
    return {p for p in game.variant.pictures if p not in found and p != mine}


def brute_share(game: Game, push: Push) -> float:
    """Brute force on the checked Game: after *push* (the mover stays), the share of the candidate
    pictures that some reply lets the opponent walk to."""
    candidates = _candidates(game)
    after = game.copy()
    after.push(push)
    after.walk(after.positions[after.current_player])
    turns = distinct_rotations(after.spare)
    reached: set[str] = set()
    for reply in after.legal_pushes():
        if reply.rotation not in turns:
            continue
        theirs = after.copy()
        theirs.push(reply)
        reached |= {theirs.board.picture_at(cell) for cell in theirs.reachable()} & candidates  # type: ignore[arg-type]
    return len(reached) / len(candidates)


def test_the_opponents_options_match_brute_force() -> None:
    checked = 0
    for game in hidden_goal_positions(4, seed=21):
        search = expert.Search(game, NODES, NO_CLOCK)
        children = search.children()
        for child in children[::5]:
            push = Push(child.a.side, child.a.index, child.rotation)
            after = game.copy()
            after.push(push)
            if after.target() == after.positions[after.current_player]:
                continue  # staying would collect: not the position the brute force means
            assert search.denial(child) == pytest.approx(brute_share(game, push)), push
            checked += 1
    assert checked >= 20


def test_nothing_is_counted_when_the_opponents_goal_is_known() -> None:
    for game in random_positions("junior", 3, seed=5, players=(2,)):
        search = expert.Search(game, NODES, NO_CLOCK)
        assert all(search.denial(child) == 0.0 for child in search.children())
    for game in hidden_goal_positions(2, seed=6):
        data = game.to_dict()
        rival = 1 - data["current"]
        data["collected"][rival] += data["piles"][rival]
        data["piles"][rival] = []  # heading home: a known goal, handled as a threat instead
        search = expert.Search(Game.from_dict(data), NODES, NO_CLOCK)
        assert all(search.denial(child) == 0.0 for child in search.children())


def _reshuffled(game: Game, seed: int) -> Game:
    """The same position as the mover sees it: the opponent's pile and the mover's own hidden
    secrets (all but its top one) dealt again from the same pictures."""
    data = game.to_dict()
    seat = data["current"]
    rival = 1 - seat
    mine, theirs = data["piles"][seat], data["piles"][rival]
    hidden = mine[1:] + theirs
    random.Random(seed).shuffle(hidden)
    data["piles"][seat] = [mine[0], *hidden[: len(mine) - 1]]
    data["piles"][rival] = hidden[len(mine) - 1:]
    return Game.from_dict(data)


def test_it_never_peeks_at_the_hidden_piles() -> None:
    changed = 0
    for n, game in enumerate(hidden_goal_positions(8, seed=13)):
        other = _reshuffled(game, n)
        if other.to_dict() != game.to_dict():
            changed += 1
        a, b = ExpertPlayer(n, nodes=NODES, time_cap=NO_CLOCK), ExpertPlayer(n, nodes=NODES, time_cap=NO_CLOCK)
        push = a.choose_push(game)
        assert push == b.choose_push(other)
        game.push(push)
        other.push(push)
        assert a.choose_walk(game) == b.choose_walk(other)
    assert changed >= 6, "the reshuffle hardly changed anything: the check above proved little"


def test_it_leaves_the_opponent_fewer_pictures_than_without_that_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    games = list(hidden_goal_positions(12, seed=8))

    def total_share() -> float:
        total = 0.0
        for game in games:
            found, _ = expert.plan(game, NODES, NO_CLOCK)
            total += brute_share(game, found.push)
        return total

    with_rule = total_share()
    monkeypatch.setattr(expert, "DENY_WEIGHT", 0.0)
    without = total_share()
    assert with_rule < without - 0.5, (with_rule, without)
