"""The levels' relative strength on a small seeded sample, and the simulator's --ai bookkeeping."""

from __future__ import annotations

import pytest

from doolhof.cli import main
from doolhof.engine.simulate import simulate


def _decided_share(first: str, second: str, games: int) -> tuple[float, int]:
    """*first*'s share of the decided two-player Junior games against *second* (seats swapped)."""
    summary = simulate("junior", 2, games, seed=4, levels=[first, second], swap_seats=True, check=False)
    assert summary.invariant_violations == 0
    won = summary.decided_wins_by_level
    return won[first] / max(summary.decided, 1), summary.decided


@pytest.mark.parametrize(
    ("stronger", "weaker", "games", "at_least"),
    [
        ("clever", "random", 16, 0.9),
        ("expert", "random", 16, 0.9),
        ("gentle", "random", 16, 0.75),
        ("clever", "gentle", 16, 0.75),
        ("expert", "clever", 40, 0.6),
    ],
)
def test_levels_point_the_right_way(stronger: str, weaker: str, games: int, at_least: float) -> None:
    share, decided = _decided_share(stronger, weaker, games)
    assert decided >= 4, "too few decided games to say anything"
    assert share >= at_least, f"{stronger} won only {share:.0%} of {decided} decided games against {weaker}"


def test_swap_seats_plays_each_deal_in_every_rotation_and_counts_levels() -> None:
    summary = simulate("junior", 3, 6, seed=2, levels=["random", "random", "gentle"], swap_seats=True)
    assert summary.games == summary.finished == 6
    assert sum(summary.wins_by_level.values()) == sum(summary.wins)
    assert set(summary.wins_by_level) == {"random", "gentle"}
    assert sum(summary.decided_wins_by_level.values()) == summary.decided
    with pytest.raises(ValueError):
        simulate("junior", 2, 1, levels=["clever"])
    with pytest.raises(ValueError):
        simulate("junior", 2, 1, levels=["clever", "wizard"])


def test_rotation_moves_the_level_to_the_other_seat() -> None:
    """With swapped seats the same deal is played from both seats: clever wins from each of them."""
    plain = simulate("junior", 2, 2, seed=8, levels=["clever", "random"], swap_seats=True, check=False)
    assert plain.wins_by_level["clever"] == 2
    assert plain.wins == [1, 1]


def test_cli_simulate_with_ai_prints_wins_by_level(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["simulate", "--games", "2", "--ai", "clever,random", "--swap-seats", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in ("games", "finished", "turns_mean", "wins", "invariant_violations", "games_per_s", "wins_by_level"):
        assert key in figures
    assert figures["games"] == 2 and sum(figures["wins"]) >= 2
    assert set(figures["wins_by_level"]) == {"clever", "random"}
    assert main(["simulate", "--games", "2", "--players", "3", "--ai", "clever,random"]) == 2
