"""The computer players and hints: legal, deterministic, never changing the game, scoring when they can."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest

from doolhof.engine import Game, IllegalMoveError, Push, SecretCollected
from doolhof.engine.ai import LEVELS, make_player, suggest_push, suggest_walk
from doolhof.engine.players import RandomPlayer
from doolhof.engine.tiles import distinct_rotations, rotate

VARIANT_NAMES = ("junior", "junior-own", "classic")


def _target_on_spare(game: Game) -> Game:
    """The same position with the mover's goal set to the picture on the spare (when possible)."""
    data = game.to_dict()
    picture = data["spare_picture"]
    if picture is None or any(picture in taken for taken in data["collected"]):
        return game
    if game.variant.own_piles:
        seat = data["current"]
        piles = data["piles"]
        if not piles[seat]:
            return game
        for pile in piles:
            if picture in pile:
                i = pile.index(picture)
                pile[i], piles[seat][0] = piles[seat][0], pile[i]
                break
    else:
        deck = data["deck"]
        if picture in deck:
            i = deck.index(picture)
            deck[i], data["face_up"] = data["face_up"], picture
    return Game.from_dict(data)


def _pile_emptied(game: Game) -> Game:
    """Own piles: the same position with the mover's pile already collected (now heading home)."""
    data = game.to_dict()
    seat = data["current"]
    data["collected"][seat] += data["piles"][seat]
    data["piles"][seat] = []
    return Game.from_dict(data)


def random_positions(variant: str, count: int, seed: int, players: tuple[int, ...] = (2, 3, 4)) -> Iterator[Game]:
    """*count* varied positions in the push phase: random turns, goals on the spare, home runs."""
    rng = random.Random(seed)
    made = attempts = 0
    while made < count:
        attempts += 1
        assert attempts <= 10 * count, "random play kept ending the games before a position was found"
        game = Game.new(variant, rng.choice(players), seed=rng.randrange(10**6))
        mover = RandomPlayer(rng.randrange(10**6))
        for _ in range(rng.randrange(30)):
            if game.is_over():
                break
            game.push(mover.choose_push(game))
            game.walk(mover.choose_walk(game))
        if game.is_over():
            continue
        twist = rng.random()
        if twist < 0.3:
            game = _target_on_spare(game)
        elif twist < 0.5 and game.variant.own_piles:
            game = _pile_emptied(game)
        made += 1
        yield game


def scoring_pushes(game: Game) -> list[Push]:
    """Brute force: every legal push after which the mover can walk to their target."""
    found = []
    for push in game.legal_pushes():
        after = game.copy()
        after.push(push)
        target = after.target()
        if target is not None and target in after.reachable():
            found.append(push)
    return found


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_only_legal_moves_and_leaves_the_game_alone(variant: str, level: str) -> None:
    count = 4 if level == "expert" and variant == "classic" else 8
    seed = 10 * VARIANT_NAMES.index(variant) + LEVELS.index(level)
    for n, game in enumerate(random_positions(variant, count, seed)):
        player = make_player(level, seed=n)
        before = game.to_dict()
        push = player.choose_push(game)
        assert game.to_dict() == before
        assert push in game.legal_pushes()
        game.push(push)
        before = game.to_dict()
        walk = player.choose_walk(game)
        assert game.to_dict() == before
        assert walk in game.reachable()


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choices(level: str) -> None:
    games = [Game.new("junior", 3, seed=11) for _ in range(2)]
    players = [make_player(level, seed=5) for _ in range(2)]
    for _ in range(15):
        pushes = [p.choose_push(g) for p, g in zip(players, games)]
        assert pushes[0] == pushes[1]
        for g, push in zip(games, pushes):
            g.push(push)
        walks = [p.choose_walk(g) for p, g in zip(players, games)]
        assert walks[0] == walks[1]
        for g, walk in zip(games, walks):
            g.walk(walk)
        if games[0].is_over():
            break
    assert games[0] == games[1]


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_clever_and_expert_always_score_when_they_can(variant: str) -> None:
    checked = 0
    for n, game in enumerate(random_positions(variant, 25, seed=7)):
        if not scoring_pushes(game):
            continue
        checked += 1
        for level in ("clever", "expert"):
            player = make_player(level, seed=n)
            after = game.copy()
            push = player.choose_push(after)
            assert push in scoring_pushes(game), f"{level} missed a scoring push in position {n}"
            after.push(push)
            target = after.target()
            assert player.choose_walk(after) == target
            events = after.walk(target)  # type: ignore[arg-type]
            assert after.is_over() or any(isinstance(e, SecretCollected) for e in events)
    assert checked >= 5  # the sample really contains scoring positions


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_hint_push_reaches_the_target_whenever_some_push_does(variant: str) -> None:
    seen_none = seen_some = 0
    for game in random_positions(variant, 25, seed=3):
        scoring = scoring_pushes(game)
        push = suggest_push(game)
        assert push in game.legal_pushes()
        if scoring:
            seen_some += 1
            assert push in scoring
        else:
            seen_none += 1
        game.push(push)
        walk = suggest_walk(game)
        assert walk in game.reachable()
        if game.target() in game.reachable():
            assert walk == game.target()
    assert seen_some and seen_none


def test_rotations_that_give_the_same_card_are_not_tried_twice() -> None:
    """The search only offers pushes with distinct cards; a brute force over 4 turns finds no more."""
    for game in random_positions("junior", 10, seed=21):
        spare = game.spare
        turns = distinct_rotations(spare)
        assert len({rotate(spare, k) for k in range(4)}) == len(turns)
        assert suggest_push(game).rotation in turns


def test_goal_on_the_spare_and_home_run_are_handled() -> None:
    spare_goal = home_run = 0
    for game in random_positions("junior-own", 40, seed=9):
        if game.target() is None:
            spare_goal += 1
        if not game.pile(game.current_player):
            home_run += 1
        for level in ("gentle", "clever", "expert"):
            player = make_player(level, seed=1)
            after = game.copy()
            after.push(player.choose_push(after))
            assert player.choose_walk(after) in after.reachable()
    assert spare_goal and home_run


def test_phase_errors_and_unknown_level() -> None:
    game = Game.new("junior", 2, seed=1)
    with pytest.raises(IllegalMoveError):
        suggest_walk(game)
    with pytest.raises(IllegalMoveError):
        make_player("clever", 1).choose_walk(game)
    game.push(game.legal_pushes()[0])
    with pytest.raises(IllegalMoveError):
        suggest_push(game)
    with pytest.raises(ValueError):
        make_player("grandmaster", 1)


def test_players_in_threads_agree_with_sequential_play() -> None:
    games = list(random_positions("junior", 6, seed=13))
    expected = [make_player("expert", seed=i).choose_push(g) for i, g in enumerate(games)]
    got: list[Push | None] = [None] * len(games)

    def work(i: int) -> None:
        got[i] = make_player("expert", seed=i).choose_push(games[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(games))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == expected


def _next_player_can_score(game: Game, push: Push) -> bool:
    """Brute force: after *push* (and staying put), can the next player reach the shared secret?"""
    after = game.copy()
    after.push(push)
    after.walk(after.positions[after.current_player])
    return not after.is_over() and bool(scoring_pushes(after))


def test_expert_does_not_hand_the_next_player_the_secret_when_it_can_avoid_it() -> None:
    checked = 0
    for n, game in enumerate(random_positions("junior", 60, seed=17)):
        if scoring_pushes(game):
            continue
        safe = [p for p in game.legal_pushes() if not _next_player_can_score(game, p)]
        if not safe or len(safe) == len(game.legal_pushes()):
            continue
        checked += 1
        push = make_player("expert", seed=n).choose_push(game)
        assert push in safe, f"position {n}: the expert gave the next player the secret"
    assert checked >= 3
