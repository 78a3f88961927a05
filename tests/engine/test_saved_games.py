"""A saved game the rules could never have produced is refused by ``Game.from_dict``,
and every save the game itself writes still loads.

The damaged saves below each loaded before (and some could never end); the fuzz test damages short
games at random and plays whatever still loads to its end with computer players.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from doolhof.engine import Game
from doolhof.engine.ai import make_player
from doolhof.engine.game import MAX_TURN
from doolhof.engine.players import RandomPlayer
from doolhof.engine.tiles import CHAR_OF_MASK, rotate
from doolhof.engine.variants import VARIANTS

from .randomgames import VARIANT_NAMES

#: A game that loads must end within this many turns when computer players play it (short games end in ~30).
TURN_BOUND = 400
MASKS = sorted(CHAR_OF_MASK)


def save(variant: str = "junior", players: int = 2, seed: int = 5, secrets: int | None = None) -> dict[str, Any]:
    return copy.deepcopy(Game.new(variant=variant, players=players, seed=seed, secrets=secrets).to_dict())


def cell_index(data: dict[str, Any], picture: str) -> int | None:
    """Where *picture* lies on the saved board (None: on the spare)."""
    return data["pictures"].index(picture) if picture in data["pictures"] else None


def drop_picture(data: dict[str, Any], picture: str) -> None:
    """Wipe *picture* off its card (board or spare)."""
    i = cell_index(data, picture)
    if i is None:
        data["spare_picture"] = None
    else:
        data["pictures"][i] = None


def movable_cells(variant: str) -> list[int]:
    v = VARIANTS[variant]
    return [i for i in range(v.size * v.size) if divmod(i, v.size) not in v.fixed]


def all_crossings(data: dict[str, Any]) -> None:
    data.update(cells=[15] * len(data["cells"]), spare=15)


def movable_crossings(data: dict[str, Any]) -> None:
    for i in movable_cells(data["variant"]):
        data["cells"][i] = 15
    data["spare"] = 15


def star_on_a_straight(data: dict[str, Any]) -> None:
    """The star leaves its corner for a plain straight: the same pictures, on the wrong cards."""
    drop_picture(data, "star")
    for i in movable_cells(data["variant"]):
        if data["cells"][i] in (5, 10) and data["pictures"][i] is None:
            data["pictures"][i] = "star"
            return
    raise AssertionError("no plain straight on the board")


def crown_moved(data: dict[str, Any]) -> None:
    """The crown leaves its fixed T at (0, 2) for a plain movable card."""
    i = next(i for i in movable_cells(data["variant"]) if data["pictures"][i] is None)
    data["pictures"][2], data["pictures"][i] = None, data["pictures"][2]


def one_straight_bent(data: dict[str, Any]) -> None:
    i = next(i for i in movable_cells(data["variant"]) if data["cells"][i] in (5, 10))
    data["cells"][i] = 3


def seat0_pile_lost(data: dict[str, Any]) -> None:
    drop_picture(data, data["piles"][0][0])


def uneven_piles(data: dict[str, Any]) -> None:
    data["piles"][1].pop()


def over_with_secrets_waiting(data: dict[str, Any]) -> None:
    data.update(phase="over", winners=[0])


def over_with_wrong_winner(data: dict[str, Any]) -> None:
    secrets = [data["face_up"], *data["deck"]]
    data.update(phase="over", winners=[1], face_up=None, deck=[], collected=[secrets, []])


def own_winner_not_home(data: dict[str, Any]) -> None:
    data["collected"][0] += data["piles"][0]
    data["piles"][0] = []
    data.update(phase="over", winners=[0], positions=[[2, 2], [0, 4]])


DAMAGED: list[tuple[str, str, Callable[[dict[str, Any]], None], str]] = [
    ("junior", "face-up picture on no card", lambda d: drop_picture(d, d["face_up"]),
     r"the face-up secret '\w+' is on no card, so it can never be found"),
    ("junior", "waiting secret on no card", lambda d: drop_picture(d, d["deck"][-1]),
     r"the waiting secret '\w+' is on no card"),
    ("junior-own", "own secret on no card", seat0_pile_lost, r"seat 0's secret '\w+' is on no card"),
    ("junior", "every card a crossing", all_crossings,
     r"the fixed tile on \(0, 0\) is ┼ without a picture; on the junior board it is ┌ without a picture"),
    ("classic", "every movable card a crossing", movable_crossings,
     r"the movable cards are not those of the classic game: there are 22 crossings, .* instead of 12 straights,"
     r" 10 corners, a corner with the apple and 11 more kinds \(R3, R4\)"),
    ("junior", "fixed centre turned into a straight", lambda d: d["cells"].__setitem__(12, 5),
     r"the fixed tile on \(2, 2\) is │ without a picture; on the junior board it is ┼ without a picture"),
    ("junior", "fixed picture moved to a movable card", crown_moved,
     r"the fixed tile on \(0, 2\) is ┬ without a picture; on the junior board it is ┬ with the crown"),
    ("junior", "a straight bent into a corner", one_straight_bent,
     r"there is a corner instead of a straight \(R3, R4\)"),
    ("junior", "a picture on the wrong card", star_on_a_straight,
     r"there are a corner and a straight with the star instead of a corner with the star and a straight"),
    ("junior", "turn 10^30", lambda d: d.update(turn=10**30),
     r"the turn count \(about 10\^30\) is out of range \(0 to 1,000,000,000\)"),
    ("junior", "turn just past the limit", lambda d: d.update(turn=MAX_TURN + 1),
     r"the turn count \(1,000,000,001\) is out of range"),
    ("junior", "no face-up secret while playing", lambda d: d.update(face_up=None),
     r"the game is not over, yet no secret is face up to be found \(R11\)"),
    ("junior", "no secrets at all", lambda d: d.update(face_up=None, deck=[], phase="over", winners=[0, 1]),
     "the game has no secrets; a junior game has 1 to 12"),
    ("junior-own", "own piles uneven", uneven_piles,
     r"the players' secrets \(6, 5\) are not dealt evenly: every player gets the same number, at least 1"),
    ("junior-own", "own piles empty from the start", lambda d: d.update(piles=[[], []], phase="over", winners=[0]),
     r"the players' secrets \(0, 0\) are not dealt evenly"),
    ("junior-own", "a shared face-up secret with own piles",
     lambda d: d.update(face_up=d["piles"][0].pop(), piles=[d["piles"][0], d["piles"][1][:-1]]),
     "a junior-own game deals own piles; it has no shared face-up secret or stack"),
    ("junior", "own piles in a shared-stack game",
     lambda d: d.update(piles=[[d["deck"].pop()], []]), "a junior game has one shared stack of secrets, not own piles"),
    ("junior", "over with secrets waiting", over_with_secrets_waiting,
     r"the game is over although secrets are still waiting \(R12\)"),
    ("junior", "the player with fewer secrets won", over_with_wrong_winner,
     r"the winners \(1\) are not the players with the most secrets \(R12\)"),
    ("junior-own", "a winner who is not home", own_winner_not_home,
     r"the winners \(0\) are not one player home with an empty pile"),
]


@pytest.mark.parametrize(("variant", "what", "damage", "message"), DAMAGED, ids=[d[1] for d in DAMAGED])
def test_an_impossible_save_is_refused_with_the_reason(
    variant: str, what: str, damage: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = save(variant)
    Game.from_dict(copy.deepcopy(data))  # the undamaged save loads
    damage(data)
    with pytest.raises(ValueError, match=message) as caught:
        Game.from_dict(data)
    assert type(caught.value) is ValueError


def test_a_face_up_picture_on_no_card_made_games_that_never_end() -> None:
    """The issue's worst case: such a game ran 2,000 computer turns without a winner. Now it does not load."""
    data = save("junior", seed=3)
    drop_picture(data, data["face_up"])
    with pytest.raises(ValueError, match="on no card"):
        Game.from_dict(data)


def test_cards_turned_or_swapped_are_still_the_same_cards() -> None:
    """Only the card set is checked, not where each card lies or how it is turned: play does both."""
    data = save("classic", players=3, seed=8)
    movable = movable_cells("classic")
    a, b = movable[0], movable[-1]
    data["cells"][a], data["cells"][b] = rotate(data["cells"][b], 1), data["cells"][a]
    data["pictures"][a], data["pictures"][b] = data["pictures"][b], data["pictures"][a]
    data["spare"] = rotate(data["spare"], 3)
    assert Game.from_dict(data).to_dict() == data


# ----- every save the game writes loads ---------------------------------------------------------------
def secret_counts(variant: str, players: int) -> list[int]:
    total = len(VARIANTS[variant].pictures)
    return list(range(players if VARIANTS[variant].own_piles else 1, total + 1))


def assert_loads(game: Game) -> None:
    data = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(data)
    assert again == game and again.to_dict() == data


@pytest.mark.parametrize("variant", ["junior", "junior-own"])
@pytest.mark.parametrize("secrets", range(1, 13))
def test_every_short_game_loads_at_every_step_to_its_end(variant: str, secrets: int) -> None:
    players = 2
    if secrets < players and VARIANTS[variant].own_piles:
        secrets = players
    game = Game.new(variant=variant, players=players, secrets=secrets, seed=secrets)
    seats = [make_player("clever", seed=secrets * 10 + s) for s in range(players)]
    assert_loads(game)
    while not game.is_over():
        mover = seats[game.current_player]
        game.push(mover.choose_push(game))
        assert_loads(game)
        game.walk(mover.choose_walk(game))
        assert_loads(game)
        assert game.turn < TURN_BOUND
    assert game.outcome() is not None


@st.composite
def games_as_written(draw: st.DrawFn) -> tuple[Game, list[Any]]:
    """A new game of any variant, seat count, secret count and first seat, with a random or clever player per seat."""
    variant = draw(st.sampled_from(VARIANT_NAMES))
    players = draw(st.integers(2, 4))
    secrets = draw(st.sampled_from([None, *secret_counts(variant, players)]))
    seed = draw(st.integers(0, 2**32 - 1))
    first = draw(st.integers(0, players - 1))
    game = Game.new(variant=variant, players=players, secrets=secrets, seed=seed, first_player=first)
    kinds = draw(st.lists(st.sampled_from(["random", "clever"]), min_size=players, max_size=players))
    seats = [RandomPlayer(seed + s) if k == "random" else make_player("clever", seed + s) for s, k in enumerate(kinds)]
    return game, seats


@settings(max_examples=40, deadline=None)
@given(games_as_written(), st.sampled_from([0, 1, 3, 10, 40, 150]))
def test_every_save_the_game_writes_loads(start: tuple[Game, list[Any]], turns: int) -> None:
    """Game.new of every variant, 2-4 seats, all or 1-24 secrets, played any number of turns (here up to 150)."""
    game, seats = start
    assert_loads(game)
    while not game.is_over() and game.turn < turns:
        mover = seats[game.current_player]
        game.push(mover.choose_push(game))
        assert_loads(game)
        game.walk(mover.choose_walk(game))
        assert_loads(game)
    event("played to the end" if game.is_over() else f"saved after {game.turn} turns")


# ----- fuzz: damaged saves either are refused or can be played to the end -------------------------------
def _short_saves() -> list[dict[str, Any]]:
    """Short games (few secrets) of every variant and seat count: fresh, mid-turn, a few turns on, over."""
    out = []
    for k, (variant, players) in enumerate((v, p) for v in VARIANT_NAMES for p in (2, 3, 4)):
        secrets = players if VARIANTS[variant].own_piles else 3
        game = Game.new(variant=variant, players=players, secrets=secrets, seed=k)
        out.append(game.to_dict())
        bot = make_player("clever", seed=k)
        game.push(bot.choose_push(game))
        out.append(game.to_dict())
        game.walk(bot.choose_walk(game))
        out.append(game.to_dict())
    finished = Game.new(variant="junior", players=2, secrets=1, seed=1)
    bot = make_player("clever", seed=1)
    while not finished.is_over():
        finished.push(bot.choose_push(finished))
        if not finished.is_over():
            finished.walk(bot.choose_walk(finished))
    out.append(finished.to_dict())
    return out


SHORT_SAVES = _short_saves()
PICTURES = sorted(VARIANTS["classic"].pictures)
NUMBERS = st.sampled_from([-5, -1, 0, 1, 2, 3, 4, 7, 12, 10**30, MAX_TURN, MAX_TURN + 1])


def _secret_lists(data: dict[str, Any]) -> list[list[Any]]:
    return [data["deck"], *data["piles"], *data["collected"]]


@st.composite
def damaged_saves(draw: st.DrawFn) -> dict[str, Any]:
    """A short game's save with one to three kinds of damage the testers tried, or harmless edits."""
    data = copy.deepcopy(draw(st.sampled_from(SHORT_SAVES)))
    area = len(data["cells"])
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from([
            "picture off", "secret off", "picture moved", "cell mask", "all crossings", "spare mask", "swap cards",
            "turn", "face up", "secret moved", "secret dropped", "phase", "winners", "positions", "current",
        ]))
        if kind == "picture off":
            spots = [i for i, p in enumerate(data["pictures"]) if p]
            if spots:
                data["pictures"][draw(st.sampled_from(spots))] = None
        elif kind == "secret off":  # the picture of a secret still to be found wiped off its card
            waiting = [p for p in [data["face_up"], *data["deck"], *(p[0] for p in data["piles"] if p)] if p]
            if waiting:
                drop_picture(data, draw(st.sampled_from(waiting)))
        elif kind == "picture moved":
            a, b = draw(st.integers(0, area - 1)), draw(st.integers(0, area - 1))
            data["pictures"][a], data["pictures"][b] = data["pictures"][b], data["pictures"][a]
        elif kind == "cell mask":
            data["cells"][draw(st.integers(0, area - 1))] = draw(st.sampled_from(MASKS))
        elif kind == "all crossings":
            all_crossings(data)
        elif kind == "spare mask":
            data["spare"] = draw(st.sampled_from(MASKS))
        elif kind == "swap cards":  # harmless: the same cards elsewhere
            a, b = draw(st.sampled_from(movable_cells(data["variant"]))), draw(st.integers(0, area - 1))
            if b in movable_cells(data["variant"]):
                for key in ("cells", "pictures"):
                    data[key][a], data[key][b] = data[key][b], data[key][a]
        elif kind == "turn":
            data["turn"] = draw(NUMBERS)
        elif kind == "face up":
            data["face_up"] = draw(st.none() | st.sampled_from(PICTURES))
        elif kind == "secret moved":
            lists = _secret_lists(data)
            source = draw(st.sampled_from(lists))
            if source:
                draw(st.sampled_from(lists)).append(source.pop(draw(st.integers(0, len(source) - 1))))
        elif kind == "secret dropped":
            lists = [x for x in _secret_lists(data) if x]
            if lists:
                draw(st.sampled_from(lists)).pop()
        elif kind == "phase":
            data["phase"] = draw(st.sampled_from(["push", "walk", "over"]))
        elif kind == "winners":
            data["winners"] = draw(st.none() | st.lists(st.integers(0, 3), min_size=1, max_size=3))
        elif kind == "positions":
            size = VARIANTS[data["variant"]].size
            seat = draw(st.integers(0, len(data["positions"]) - 1))
            data["positions"][seat] = [draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1))]
        else:
            data["current"] = draw(NUMBERS)
    return data


def play_to_the_end(game: Game, seed: int) -> None:
    """Computer players at every seat play *game* out; it must end within :data:`TURN_BOUND` turns."""
    seats = [make_player("clever", seed + s) for s in range(game.players)]
    start = game.turn
    while not game.is_over():
        assert game.turn - start < TURN_BOUND, f"no end after {TURN_BOUND} turns"
        mover = seats[game.current_player]
        if game.phase == "push":
            game.push(mover.choose_push(game))
        if not game.is_over():
            game.walk(mover.choose_walk(game))
    assert game.outcome() is not None


@settings(max_examples=200, deadline=None)
@given(damaged_saves(), st.integers(0, 1000))
def test_damaged_saves_are_refused_or_can_be_played_to_the_end(data: dict[str, Any], seed: int) -> None:
    try:
        game = Game.from_dict(data)
    except ValueError as error:
        assert str(error)  # a reason a person can read
        event("refused")
        return
    event("loaded, then played to the end")
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()
    play_to_the_end(game, seed)


def test_the_fuzz_keeps_some_damaged_saves() -> None:
    """Harmless edits (cards swapped, figures moved) still load, so the fuzz test plays some games out."""
    rng = random.Random(4)
    data = copy.deepcopy(SHORT_SAVES[1])
    a, b = rng.sample(movable_cells(data["variant"]), 2)
    for key in ("cells", "pictures"):
        data[key][a], data[key][b] = data[key][b], data[key][a]
    data["positions"][0] = [3, 3]
    play_to_the_end(Game.from_dict(data), 4)
