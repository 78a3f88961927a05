"""Property tests over random games of all three variants (hypothesis picks variant, seats, seed)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doolhof.engine import Game, IllegalMoveError, Push
from doolhof.engine.tiles import OPPOSITE
from tests.reference import RefGame

from .randomgames import card_census, new_games, random_steps

FEW = settings(max_examples=12, deadline=None)
SEEDS = st.integers(0, 2**32 - 1)


@FEW
@given(new_games(), SEEDS)
def test_cards_are_conserved_and_fixed_tiles_never_move(game: Game, seed: int) -> None:
    census = card_census(game)
    for step in random_steps(game, seed, 30):
        assert card_census(step.after) == census
        for cell, (m, picture) in game.variant.fixed.items():
            assert (game.board.mask_at(cell), game.board.picture_at(cell)) == (m, picture)


@FEW
@given(new_games(), SEEDS)
def test_figures_stay_on_the_board(game: Game, seed: int) -> None:
    size = game.board.size
    for step in random_steps(game, seed, 30):
        assert all(0 <= r < size and 0 <= c < size for r, c in step.after.positions)


@FEW
@given(new_games(), SEEDS)
def test_the_forbidden_arrow_is_enforced(game: Game, seed: int) -> None:
    for step in random_steps(game, seed, 25):
        if step.kind != "push":
            continue
        assert isinstance(step.move, Push)
        assert step.after.forbidden == (OPPOSITE[step.move.side], step.move.index)
        if step.before.forbidden is not None:
            assert step.move.arrow != step.before.forbidden
            assert all(p.arrow != step.before.forbidden for p in step.before.legal_pushes())
            trial = step.before.copy()
            saved = trial.to_dict()
            with pytest.raises(IllegalMoveError, match="closed"):
                trial.push(Push(*step.before.forbidden, 0))
            assert trial.to_dict() == saved


@FEW
@given(new_games(), SEEDS)
def test_reachability_is_symmetric(game: Game, seed: int) -> None:
    for step in random_steps(game, seed, 12):
        if step.kind != "push":
            continue
        board = step.after.board
        reach = {cell: board.reachable(cell) for cell in board}
        for a, cells in reach.items():
            assert a in cells
            for b in cells:
                assert a in reach[b]


@FEW
@given(new_games(), SEEDS)
def test_scores_only_grow_and_by_one_for_the_mover(game: Game, seed: int) -> None:
    for step in random_steps(game, seed, 40):
        gained = [a - b for a, b in zip(step.after.scores, step.before.scores)]
        assert all(g >= 0 for g in gained)
        if step.kind == "push":
            assert gained == [0] * game.players
        else:
            assert sum(gained) <= 1 and all(g == 0 for s, g in enumerate(gained) if s != step.before.current_player)


@settings(max_examples=15, deadline=None)
@given(new_games(few_secrets=True), SEEDS)
def test_the_game_ends_exactly_when_r12_or_r14_says(game: Game, seed: int) -> None:
    for step in random_steps(game, seed, 150):
        before, after = step.before, step.after
        if step.kind == "push":
            assert not after.is_over()
            continue
        mover = before.current_player
        assert isinstance(step.move, tuple)
        picture = before.board.picture_at(step.move)
        if game.variant.own_piles:
            should_end = not before.pile(mover) and step.move == before.home(mover)
            expected_winners = {mover}
        else:
            should_end = picture == before.face_up and not before.deck
            best = max(after.scores)
            expected_winners = {s for s, n in enumerate(after.scores) if n == best}
        assert after.is_over() == should_end
        outcome = after.outcome()
        assert (outcome is None) == (not should_end)
        if outcome is not None:
            assert outcome.winners == expected_winners and outcome.scores == after.scores


@pytest.mark.parametrize("variant", ["junior", "junior-own"])
def test_random_short_games_do_end(variant: str) -> None:
    """Makes sure the game-end property above is exercised: short random games finish."""
    for seed in range(5):
        game = Game.new(variant=variant, players=2, secrets=2, seed=seed)
        for _ in random_steps(game, seed, 2000):
            pass
        assert game.is_over()


@FEW
@given(new_games(), SEEDS)
def test_save_load_save_is_identical_also_through_json(game: Game, seed: int) -> None:
    for step in random_steps(game, seed, 20):
        data = step.after.to_dict()
        again = Game.from_dict(data)
        assert again == step.after and again.to_dict() == data
        text = json.dumps(data)
        loaded = Game.from_dict(json.loads(text))
        assert json.dumps(loaded.to_dict()) == text
        assert loaded.reachable() == step.after.reachable() and loaded.legal_pushes() == step.after.legal_pushes()


@settings(max_examples=8, deadline=None)
@given(new_games(), SEEDS)
def test_legal_pushes_agree_with_what_push_accepts(game: Game, seed: int) -> None:
    size = game.board.size
    for step in random_steps(game, seed, 4):
        state = step.before if step.kind == "push" else step.after  # push phase, then walk phase
        legal = set(state.legal_pushes())
        assert len(legal) == len(state.legal_pushes())
        saved = state.to_dict()
        for side in ("N", "E", "S", "W", "X", "n"):
            for index in range(-1, size + 1):
                for rotation in range(-1, 5):
                    push = Push(side, index, rotation)
                    trial = state.copy()
                    try:
                        trial.push(push)
                    except IllegalMoveError:
                        assert push not in legal
                        assert trial.to_dict() == saved
                    else:
                        assert push in legal
        assert state.to_dict() == saved


@settings(max_examples=10, deadline=None)
@given(new_games(), SEEDS)
def test_reachable_agrees_with_the_reference_on_every_position(game: Game, seed: int) -> None:
    for step in random_steps(game, seed, 15):
        ref = RefGame.from_engine(step.after)
        for cell in step.after.board:
            assert step.after.board.reachable(cell) == ref.reachable(cell)
        for seat in range(game.players):
            assert step.after.reachable(seat) == ref.reachable(step.after.positions[seat])
