"""Computer players and hints: protocol, seeds, no peeking or changing, best takes, speed, strength."""

from __future__ import annotations

import statistics
import time
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doolhof.cards import CardGame, IllegalMoveError, Place
from doolhof.cards.ai import (
    LEVELS,
    Hint,
    Offer,
    best_take,
    expected_best,
    make_player,
    suggest_place,
    suggest_take,
)
from doolhof.cards.players import CardPlayer, RandomPlayer
from doolhof.cards.simulate import simulate
from doolhof.cards.table import Layout, Networks

from . import reference as ref
from .helpers import EW, card, position, row


def midgame(seed: int = 4, players: int = 2, turns: int = 14) -> CardGame:
    game = CardGame.new(players=players, seed=seed)
    bot = RandomPlayer(seed)
    for _ in range(turns):
        game.place(bot.choose_place(game))
        if game.phase == "take":
            game.take(set())
    return game


def most_takeable(game: CardGame) -> int:
    """Brute force: over every legal place (on copies), the largest allowed take of the reference."""
    best = 0
    for place in game.legal_places():
        trial = game.copy()
        trial.place(place)
        if trial.phase == "take":
            assert trial.laid is not None
            best = max(best, max(len(s) for s in ref.allowed_takes(trial.table, trial.laid)))
    return best


def test_levels_and_the_player_protocol() -> None:
    assert LEVELS == ("random", "gentle", "clever", "expert")
    for level in LEVELS:
        player: CardPlayer = make_player(level, seed=1)
        assert player.name == level
    with pytest.raises(ValueError, match="unknown computer level 'wizard'"):
        make_player("wizard")


@pytest.mark.parametrize("level", LEVELS)
def test_players_make_legal_moves_and_never_change_the_game(level: str) -> None:
    game = CardGame.new(players=3, seed=8)
    bot = make_player(level, seed=2)
    while not game.is_over():
        before = game.to_dict()
        place = bot.choose_place(game)
        assert game.to_dict() == before and place in game.legal_places()
        game.place(place)
        if game.phase == "take":
            before = game.to_dict()
            cells = bot.choose_take(game)
            assert game.to_dict() == before and isinstance(cells, frozenset) and game.can_take(cells)
            game.take(cells)


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_choices(level: str) -> None:
    game = midgame(seed=6)
    one, two = make_player(level, 5), make_player(level, 5)
    assert [one.choose_place(game) for _ in range(3)] == [two.choose_place(game) for _ in range(3)]


@pytest.mark.parametrize("level", LEVELS)
def test_players_refuse_the_wrong_phase(level: str) -> None:
    game = CardGame.new(players=2, seed=1)
    with pytest.raises(IllegalMoveError, match="not 'take'"):
        make_player(level).choose_take(game)


@pytest.mark.parametrize("seed", range(6))
def test_clever_and_the_hint_find_the_largest_take(seed: int) -> None:
    game = midgame(seed=seed, turns=12 + seed)
    if game.phase != "place":
        pytest.skip("the game ended")
    most = most_takeable(game)
    hint = suggest_place(game)
    assert isinstance(hint, Hint) and hint.place in game.legal_places() and len(hint.takes) == most
    trial = game.copy()
    trial.place(make_player("clever", seed).choose_place(game))
    assert len(best_take(trial)) == most
    trial = game.copy()
    trial.place(hint.place)
    assert trial.can_take(hint.takes)
    if hint.takes:
        assert suggest_take(trial) == best_take(trial) and len(suggest_take(trial)) == most


def test_the_hint_takes_the_joined_apples() -> None:
    game = position(row("2367:apple", EW), [["01:", "2367:apple"]])
    assert suggest_place(game) == Hint(Place(1, (2, 0), 0), frozenset({(0, 0)}))


def test_the_offer_counts_open_components_and_port_parity() -> None:
    # Two apples on one corridor open to the east at ports 2 and 3 (both parities can join).
    layout = Layout(row("2367:apple", "2367:apple"))
    offer = Offer(Networks(layout))
    assert offer.value(card("0:apple")) == 2 and offer.value(card("0:fish")) == 0
    # Closed at both ends by dead ends: nothing on offer.
    closed = Layout(row("2:", "2367:apple", "2367:apple", "6:"))
    assert Offer(Networks(closed)).value(card("0:apple")) == 0
    # Only port 2 of (2, 0) is open (even): only a network with an odd port can meet it (7 is odd).
    half = Layout(row("2:", "2367:apple", "267:apple"))
    assert Offer(Networks(half)).value(card("1:apple")) == 2 and Offer(Networks(half)).value(card("0:apple")) == 0


def test_expected_best_matches_brute_force() -> None:
    values = [0, 3, 1, 1, 2, 0]
    for held in (1, 2, 3):
        brute = sum(max(c) for c in combinations(values, held)) / comb(len(values), held)
        assert expected_best(values, held) == pytest.approx(brute)
    assert expected_best([], 2) == 0.0 and expected_best([4], 2) == 4.0


def test_gentle_takes_what_it_sees_when_it_looks() -> None:
    game = position(row("2367:apple", EW), [["01:", "2367:apple"]])
    bot = make_player("gentle", seed=1)
    bot.seek = 1.0  # type: ignore[attr-defined]
    assert bot.choose_place(game) == Place(1, (2, 0), 0)


def test_an_expert_move_takes_well_under_100_ms() -> None:
    game = CardGame.new(players=4, seed=3)
    bot = make_player("expert", seed=1)
    spent = []
    while not game.is_over():
        start = time.perf_counter()
        place = bot.choose_place(game)
        spent.append(time.perf_counter() - start)
        game.place(place)
        if game.phase == "take":
            game.take(bot.choose_take(game))
    assert statistics.median(spent) < 0.1  # typically 10-25 ms; generous for a busy shared machine


def test_stronger_levels_win_a_few_games() -> None:
    summary = simulate(players=2, games=6, seed=2, levels=["clever", "random"], swap_seats=True, check=False)
    assert summary.wins_by_level["clever"] >= 5
    summary = simulate(players=2, games=4, seed=2, levels=["expert", "random"], swap_seats=True, check=False)
    assert summary.wins_by_level["expert"] >= 3


@settings(max_examples=8, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32 - 1), st.integers(5, 40))
def test_probing_a_place_agrees_with_laying_it(players: int, seed: int, turns: int) -> None:
    """The players' fast look-ahead (component labels) says what laying the card would join."""
    game = midgame(seed=seed, players=players, turns=turns)
    if game.phase != "place":
        return
    nets = Networks(game.layout)
    hand = game.hand(game.current_player)
    for place in game.legal_places():
        c = hand[place.hand_index]
        work = game.layout.copy()
        work.put(place.cell, c, place.rotation)
        assert nets.probe(place.cell, c.geometry(place.rotation)) == work.joined(place.cell)
