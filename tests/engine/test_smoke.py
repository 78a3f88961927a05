"""A first look: a new game can be pushed and walked, and saves round-trip."""

from doolhof.engine import Game, IllegalMoveError, Push


def test_new_game_push_walk_round_trip() -> None:
    game = Game.new(variant="junior", players=2, seed=3)
    assert len(game.legal_pushes()) == 32
    game.push(Push("W", 1, 0))
    assert game.forbidden == ("E", 1)
    game.walk(game.positions[0])
    assert game.current_player == 1
    assert len(game.legal_pushes()) == 28
    assert Game.from_dict(game.to_dict()) == game


def test_forbidden_arrow_is_refused_and_nothing_changes() -> None:
    game = Game.new(variant="junior", players=2, seed=3)
    game.push(Push("W", 1, 0))
    game.walk(game.positions[0])
    before = game.to_dict()
    try:
        game.push(Push("E", 1, 0))
    except IllegalMoveError as error:
        assert "closed" in str(error)
    else:
        raise AssertionError("the forbidden arrow was accepted")
    assert game.to_dict() == before
