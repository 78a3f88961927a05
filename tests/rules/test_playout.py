"""The one playout harness: both games checked every step, violations raise or are counted."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from doolhof.cards import CardGame
from doolhof.cards.players import RandomPlayer as CardRandom
from doolhof.cards.simulate import CARDS
from doolhof.engine import Game
from doolhof.engine.players import RandomPlayer as MazeRandom
from doolhof.engine.simulate import MAZE
from doolhof.rules import IllegalMoveError, shown
from doolhof.rules.playout import InvariantError, Rules, play_game, simulate


def _broken_after(turns: int) -> Any:
    """An invariant that fails from turn *turns* on."""
    return lambda game, before, baseline: ["planted"] if game.turn >= turns else []


@pytest.mark.parametrize("rules", [MAZE, CARDS], ids=["maze", "cards"])
def test_a_violation_raises_without_a_handler_and_is_counted_with_one(rules: Rules[Any, Any]) -> None:
    broken = replace(rules, invariants=_broken_after(3))
    with pytest.raises(InvariantError, match="turn 3: planted"):
        play_game(broken, rules.deal(5, 2), [rules.random_player(1), rules.random_player(2)], max_turns=50)
    found: list[str] = []
    play_game(broken, rules.deal(5, 2), [rules.random_player(1), rules.random_player(2)], max_turns=6,
              on_problem=found.append)
    assert found and set(found) == {"planted"}
    summary = simulate(broken, 2, 2, 1, max_turns=6)
    assert summary.invariant_violations > 0 and summary.as_dict()["invariant_violations"] > 0
    assert simulate(broken, 2, 2, 1, max_turns=6, check=False).invariant_violations == 0


class _ForgetfulCopy(Game):
    """A maze game whose copy loses the turn count: the harness must notice."""

    __slots__ = ()

    def copy(self) -> _ForgetfulCopy:
        twin = Game.copy(self)
        twin.__class__ = _ForgetfulCopy
        twin._turn = 0  # the planted fault
        return twin


def test_the_harness_checks_copy_and_the_saved_round_trip() -> None:
    game = Game.new(players=2, seed=3)
    game.__class__ = _ForgetfulCopy
    with pytest.raises(InvariantError, match=r"copy\(\) differs"):
        play_game(MAZE, game, [MAZE.random_player(1), MAZE.random_player(2)], max_turns=5)
    other = replace(CARDS, load=lambda data: CardGame.new(players=2, seed=99))
    with pytest.raises(InvariantError, match=r"from_dict\(to_dict\(\)\) differs"):
        play_game(other, CardGame.new(players=2, seed=1), [CardRandom(1), CardRandom(2)], max_turns=5)
    refused = replace(CARDS, load=lambda data: CardGame.from_dict({**data, "turn": data["turn"] + 1}))
    with pytest.raises(InvariantError, match=r"from_dict\(to_dict\(\)\) refused the game: "):
        play_game(refused, CardGame.new(players=2, seed=1), [CardRandom(1), CardRandom(2)], max_turns=5)


def test_a_step_problem_is_reported_after_that_step() -> None:
    def turn(game: Game, mover: MazeRandom) -> Iterator[list[str]]:
        game.push(mover.choose_push(game))
        yield ["after the push"]
        game.walk(mover.choose_walk(game))
        yield []

    found: list[str] = []
    play_game(replace(MAZE, play_turn=turn), Game.new(players=2, seed=1), [MazeRandom(1), MazeRandom(2)],
              max_turns=3, on_problem=found.append)
    assert found == ["after the push"] * 3


def test_both_games_share_one_error_and_it_is_a_value_error() -> None:
    from doolhof.cards import IllegalMoveError as CardsError
    from doolhof.engine import IllegalMoveError as MazeError

    assert MazeError is CardsError is IllegalMoveError and issubclass(IllegalMoveError, ValueError)


def test_shown_cuts_long_values() -> None:
    assert shown("x" * 10_000).endswith("…") and len(shown("x" * 10_000)) == 60
    assert shown((1, 2)) == "(1, 2)"
