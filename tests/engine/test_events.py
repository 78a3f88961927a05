"""Events: what push and walk report, in which order, with which data."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from doolhof.engine import Game, Push
from doolhof.engine import events as ev
from doolhof.engine.tiles import OPPOSITE, E, N, S, W
from tests.reference import RefGame

from .boards import GRID, board
from .randomgames import new_games, random_steps

#: Each direction's (row, col) step and opening bit.
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
BIT = {"N": N, "E": E, "S": S, "W": W}


def test_push_events_in_order_with_their_data() -> None:
    pictures = {(1, 4): "fish", (1, 2): "key"}
    game = Game.from_position(board(GRID, pictures), "└", spare_picture="boat", positions=[(1, 4), (1, 1), (0, 0)])
    events = game.push(Push("W", 1, 1))
    line = ((1, 0), (1, 1), (1, 2), (1, 3), (1, 4))
    assert events == [
        ev.CardPushedIn("W", 1, 1, (1, 0), 0b0110, "boat"),  # └ turned once is ┌: east and south
        ev.LineShifted("W", 1, line),
        ev.CardPushedOut((1, 4), 0b0101, "fish"),
        ev.FigureWrapped(0, (1, 4), (1, 0)),
        ev.FigureCarried(1, (1, 1), (1, 2)),
    ]


def test_a_column_push_from_below_lists_cells_bottom_up() -> None:
    game = Game.from_position(GRID, "│")
    events = game.push(Push("S", 3, 0))
    assert events[1] == ev.LineShifted("S", 3, ((4, 3), (3, 3), (2, 3), (1, 3), (0, 3)))
    assert events[0].cell == (4, 3) and events[2].cell == (0, 3)  # type: ignore[union-attr]
    assert len(events) == 3  # nobody stands in column 3


def test_walk_events_collect_reveal_and_pass_the_turn() -> None:
    game = Game.from_position(board(GRID, {(2, 2): "star", (4, 4): "moon"}), "│", secrets=["star", "moon"])
    game.push(Push("W", 3))
    events = game.walk((2, 2))
    assert events == [
        ev.FigureWalked(0, events[0].path),  # type: ignore[union-attr]
        ev.SecretCollected(0, "star", (2, 2)),
        ev.SecretRevealed("moon", None),
        ev.TurnPassed(1),
    ]
    path = events[0].path  # type: ignore[union-attr]
    assert path[0] == (0, 0) and path[-1] == (2, 2) and len(path) == 5  # four steps is the shortest way


def test_staying_put_is_a_one_cell_walk() -> None:
    game = Game.from_position(GRID, "│")
    game.push(Push("W", 3))
    assert game.walk((0, 0)) == [ev.FigureWalked(0, ((0, 0),)), ev.TurnPassed(1)]


def test_the_last_secret_ends_with_game_over_and_no_turn_passes() -> None:
    game = Game.from_position(board(GRID, {(2, 2): "star"}), "│", secrets=["star"])
    game.push(Push("W", 3))
    events = game.walk((2, 2))
    assert [type(e) for e in events] == [ev.FigureWalked, ev.SecretCollected, ev.GameOver]
    assert events[-1] == ev.GameOver(frozenset({0}), (1, 0))


def test_own_pile_reveal_is_for_the_seat_only() -> None:
    game = Game.from_position(board(GRID, {(2, 2): "star", (4, 2): "fish"}), "│", variant="junior-own",
                              piles=[["star", "fish"], ["moon"]])
    game.push(Push("W", 3))
    events = game.walk((2, 2))
    assert ev.SecretRevealed("fish", 0) in events


def assert_walkable(game: Game, path: tuple[tuple[int, int], ...]) -> None:
    """Consecutive cells are neighbours whose cards open towards each other."""
    for a, b in itertools.pairwise(path):
        (d,) = [d for d, (dr, dc) in STEP.items() if (a[0] + dr, a[1] + dc) == b]
        assert game.board.mask_at(a) & BIT[d] and game.board.mask_at(b) & BIT[OPPOSITE[d]]


@settings(max_examples=12, deadline=None)
@given(new_games(), st.integers(0, 2**32 - 1))
def test_events_match_what_changed_in_random_games(game: Game, seed: int) -> None:
    for step in random_steps(game, seed, 25):
        before, after, events = step.before, step.after, step.events
        if step.kind == "push":
            assert [type(e) for e in events[:3]] == [ev.CardPushedIn, ev.LineShifted, ev.CardPushedOut]
            pushed_in, shifted, pushed_out = events[:3]
            assert isinstance(pushed_in, ev.CardPushedIn) and isinstance(pushed_out, ev.CardPushedOut)
            assert isinstance(shifted, ev.LineShifted)
            assert after.board.mask_at(pushed_in.cell) == pushed_in.openings
            assert (pushed_out.openings, pushed_out.picture) == (after.spare, after.spare_picture)
            assert before.board.mask_at(pushed_out.cell) == pushed_out.openings
            moves = {e.seat: e for e in events[3:]}
            assert [e.seat for e in events[3:]] == sorted(moves)
            for seat in range(game.players):
                if seat in moves:
                    move = moves[seat]
                    assert (move.start, move.end) == (before.positions[seat], after.positions[seat])
                    assert isinstance(move, ev.FigureWrapped) == (move.start == pushed_out.cell)
                    assert move.start in shifted.cells
                else:
                    assert before.positions[seat] == after.positions[seat]
        else:
            walked = events[0]
            assert isinstance(walked, ev.FigureWalked) and walked.seat == before.current_player
            assert walked.path[0] == before.positions[walked.seat] and walked.path[-1] == step.move
            assert_walkable(before, walked.path)
            ref = RefGame.from_engine(before)
            assert len(walked.path) - 1 == ref.distance(walked.path[0], walked.path[-1])
            collected = [e for e in events if isinstance(e, ev.SecretCollected)]
            assert len(collected) == sum(after.scores) - sum(before.scores)
            if after.is_over():
                assert events[-1] == ev.GameOver(after.outcome().winners, after.scores)  # type: ignore[union-attr]
            else:
                assert events[-1] == ev.TurnPassed(after.current_player)
