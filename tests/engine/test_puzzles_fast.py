"""The engine's fast core (unchecked pushes, flood fill from a set of cells) agrees with the public game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from doolhof.engine import Game, fast
from doolhof.engine.tiles import rotate

from .randomgames import VARIANT_NAMES, random_steps


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(VARIANT_NAMES), st.integers(0, 2**32 - 1))
def test_fast_push_carry_and_reach_agree_with_the_public_push_and_reachable(variant: str, seed: int) -> None:
    game = Game.new(variant=variant, players=4, seed=seed)
    size = game.board.size
    for step in random_steps(game, seed, 30):
        if step.kind != "push":
            continue
        before, after = step.before, step.after
        push = step.move
        assert not isinstance(push, tuple)
        a = fast.arrow(size, push.side, push.index)
        bits, out = fast.push(before.board.bits, a, rotate(before.spare, push.rotation))
        assert bits == after.board.bits
        assert out == after.spare
        assert a.closes == after.forbidden
        for seat, cell in enumerate(before.positions):
            carried = fast.carry(fast.cell_bit(cell, size), a)
            assert fast.cells_of(carried, size) == [after.positions[seat]]
            assert a.moves[cell[0] * size + cell[1]] == carried.bit_length() - 1
            reach = fast.reach(bits, size, carried)
            assert set(fast.cells_of(reach, size)) == after.reachable(seat)
        # From a set of cells: every cell joined to any of them, the union of the single fills.
        everyone = 0
        for cell in before.positions:
            everyone |= fast.cell_bit(cell, size)
        carried_all = fast.carry(everyone, a)
        union = set().union(*(after.reachable(seat) for seat in range(after.players)))
        assert set(fast.cells_of(fast.reach(bits, size, carried_all), size)) == union
        assert fast.cells_of(carried_all, size) == sorted(set(after.positions))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANT_NAMES), st.integers(0, 2**32 - 1), st.data())
def test_a_picture_travels_with_its_card_by_the_moves_table(variant: str, seed: int, data: st.DataObject) -> None:
    game = Game.new(variant=variant, players=2, seed=seed)
    size = game.board.size
    push = data.draw(st.sampled_from(game.legal_pushes()))
    a = fast.arrow(size, push.side, push.index)
    pictures = game.board.pictures()
    game.push(push)
    for i, picture in enumerate(pictures):
        if picture is None:
            continue
        if i == a.out_cell:
            assert game.spare_picture == picture
        else:
            assert game.board.pictures()[a.moves[i]] == picture


def test_links_are_the_boards_connections() -> None:
    for variant in VARIANT_NAMES:
        for seed in range(20):
            board = Game.new(variant=variant, players=2, seed=seed).board
            east, south = fast.links(board.bits, board.size)
            north_c, east_c, south_c, west_c = board.connections()
            assert (east, south) == (east_c, south_c)
            assert (east << 1, south << board.size) == (west_c, north_c)
            for cell in board.cells():
                assert set(fast.cells_of(fast.flood(east, south, board.size, fast.cell_bit(cell, board.size)),
                                         board.size)) == board.reachable(cell)


def test_arrows_close_the_arrow_across_and_are_shared() -> None:
    for size in (5, 7):
        arrows = fast.arrows(size)
        assert len(arrows) == 4 * (size // 2)
        for a in arrows:
            assert fast.arrow(size, *a.closes).closes == (a.side, a.index)
            assert fast.arrow(size, a.side, a.index) is a
