"""The simulator: complete games, invariants after every step, the summary's figures."""

from __future__ import annotations

import pytest

from doolhof.cards import CardGame
from doolhof.cards.players import RandomPlayer
from doolhof.cards.simulate import census, check_invariants, play_game, simulate, take_chances

from .helpers import EW, card, position, row

KEYS = ("games", "finished", "turns_mean", "wins", "invariant_violations", "games_per_s")


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_finish_without_violations(players: int) -> None:
    summary = simulate(players=players, games=3, seed=players)
    figures = summary.as_dict()
    assert all(key in figures for key in KEYS) and figures["wins_by_level"] == {"random": sum(summary.wins)}
    assert figures["games"] == figures["finished"] == 3 and figures["invariant_violations"] == 0
    assert figures["turns_mean"] == 46.0 and sum(summary.wins) >= 3


def test_levels_count_wins_by_level_shared_wins_for_each_winner() -> None:
    summary = simulate(players=3, games=6, seed=3, levels=["gentle", "random", "random"], swap_seats=True)
    figures = summary.as_dict()
    assert set(figures["wins_by_level"]) == {"gentle", "random"}  # type: ignore[arg-type]
    assert sum(summary.wins_by_level.values()) == sum(summary.wins) >= summary.finished
    assert sum(summary.decided_wins_by_level.values()) == summary.decided


def test_bad_levels_are_refused() -> None:
    with pytest.raises(ValueError, match="one level per seat"):
        simulate(players=2, games=1, levels=["clever"])
    with pytest.raises(ValueError, match="unknown computer level 'wizard'"):
        simulate(players=2, games=1, levels=["clever", "wizard"])


def test_the_checker_notices_broken_invariants() -> None:
    game = position(row(EW, EW, EW), [[EW, EW], [EW, EW]], pile=["0:"])
    cards = census(game)
    assert check_invariants(game, None, cards) == []
    worse = game.copy()
    worse.layout.remove((1, 0))  # a card vanishes and the table splits
    problems = check_invariants(worse, None, cards)
    assert any("accounted" in p for p in problems) and any("one piece" in p for p in problems)
    scored = CardGame.from_position(table=dict(game.table), hands=[[card(EW), card(EW)], [card(EW), card(EW)]],
                                    pile=[card("0:")], taken=[[card("1:")], []])
    assert any("score went down" in p for p in check_invariants(game, scored, cards))


def test_play_game_plays_to_the_end_and_counts_every_card() -> None:
    game = CardGame.new(players=4, seed=1)
    problems: list[str] = []
    play_game(game, [RandomPlayer(s) for s in range(4)], on_problem=problems.append)
    assert game.is_over() and problems == [] and sum(census(game).values()) == 50


def test_take_chances_is_a_share() -> None:
    assert 0.0 < take_chances(players=2, games=1, seed=1) < 1.0
