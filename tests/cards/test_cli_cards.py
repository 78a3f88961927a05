"""``doolhof simulate --game cards``; the maze simulation keeps working unchanged."""

from __future__ import annotations

import json

import pytest

from doolhof.cli import main


def test_cards_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "cards", "--players", "3", "--games", "2", "--seed", "4", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in ("games", "finished", "turns_mean", "wins", "invariant_violations", "games_per_s"):
        assert key in figures
    assert figures["games"] == 2 and len(figures["wins"]) == 3 and figures["invariant_violations"] == 0


def test_cards_with_levels_and_swapped_seats(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "cards", "--games", "2", "--ai", "clever,random,random,gentle,random", "--swap-seats"]
    assert main([*args, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert len(figures["wins"]) == 5 and set(figures["wins_by_level"]) == {"clever", "random", "gentle"}
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "games of the card game with 5 players" in text and "wins per level" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "cards", "--players", "7"], "the card game is played by 2 to 6 players, not 7"),
        (["--game", "cards", "--players", "1"], "the card game is played by 2 to 6 players, not 1"),
        (["--players", "5"], "the maze game is played by 2 to 4 players, not 5"),
        (["--ai", "clever,random,random,random,random"], "the maze game is played by 2 to 4 players, not 5"),
        (["--game", "cards", "--variant", "classic"], "--variant is for the maze game"),
        (["--game", "cards", "--players", "3", "--ai", "clever,random"], "--ai names 2 levels for 3 players"),
    ],
)
def test_clear_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", *args]) == 2
    assert message in capsys.readouterr().err


def test_the_maze_simulation_is_the_default_and_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--players", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 1 and len(figures["wins"]) == 2 and "wins_by_level" in figures
    assert main(["simulate", "--game", "maze", "--variant", "classic", "--games", "1", "--players", "2"]) == 0
    assert "games of classic with 2 players" in capsys.readouterr().out
