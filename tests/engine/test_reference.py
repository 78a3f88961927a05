"""The engine and the simple reference implementation (tests/reference.py) play the same random games."""

from __future__ import annotations

import pytest

from doolhof.engine import Game, Push
from tests.reference import RefGame, new_game

from .randomgames import VARIANT_NAMES, random_steps


def assert_same(game: Game, ref: RefGame) -> None:
    """Board text, pictures, spare, figures, turn and secrets agree."""
    assert game.board.text() == ref.text()
    assert game.board.pictures() == [ref.pictures[cell] for cell in game.board]
    assert (game.spare_text(), game.spare_picture) == (ref.spare_text(), ref.spare_picture)
    assert list(game.positions) == ref.positions
    assert (game.current_player, game.phase, game.forbidden) == (ref.current, ref.phase, ref.forbidden)
    assert game.scores == ref.scores()
    assert (game.face_up, list(game.deck)) == (ref.face_up, ref.deck)
    assert [list(game.pile(s)) for s in range(game.players)] == ref.piles


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_setup_matches_the_reference(variant: str, players: int) -> None:
    for seed in (0, 1, 99):
        assert_same(Game.new(variant=variant, players=players, seed=seed), new_game(variant, players, seed))


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("seed", range(4))
def test_random_games_match_the_reference_after_every_push_and_walk(variant: str, seed: int) -> None:
    players = 2 + seed % 3
    game = Game.new(variant=variant, players=players, seed=seed, secrets=None if seed % 2 else players)
    ref = RefGame.from_engine(game)
    for step in random_steps(game, seed, 400):
        assert [(p.side, p.index, p.rotation) for p in step.before.legal_pushes()] == ref.legal_pushes()
        if step.kind == "push":
            assert isinstance(step.move, Push)
            ref.push(step.move.side, step.move.index, step.move.rotation)
            for seat in range(players):
                assert game.reachable(seat) == ref.reachable(ref.positions[seat])
        else:
            assert isinstance(step.move, tuple)
            ref.walk(step.move)
        assert_same(game, ref)
    outcome = game.outcome()
    assert (outcome.winners if outcome else None) == ref.winners


def test_the_walk_path_is_as_short_as_the_reference_distance() -> None:
    game = Game.new(variant="classic", players=4, seed=5)
    for step in random_steps(game, 5, 30):
        if step.kind == "walk":
            ref = RefGame.from_engine(step.before)
            start = step.before.positions[step.before.current_player]
            walked = step.events[0]
            assert len(walked.path) - 1 == ref.distance(start, step.move)  # type: ignore[union-attr, arg-type]
