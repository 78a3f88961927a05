"""The puzzle solver against a slow brute force on the public engine API; its answers replayed."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from doolhof.engine import Board, Cell, Game, IllegalMoveError, Push, SecretCollected, fast
from doolhof.engine.events import GameOver
from doolhof.engine.puzzles import Solution, again, first_push_share, solve
from doolhof.engine.tiles import CHAR_OF_MASK, OPPOSITE, distinct_rotations, rotate
from doolhof.engine.variants import VARIANTS

from .boards import GRID, board


def hand_back(game: Game, seat: int) -> Game:
    """*game* after a walk, with *seat* to push again: rebuilt through ``Game.from_position`` only."""
    own = game.variant.own_piles
    return Game.from_position(
        game.board.copy(), game.spare, variant=game.variant.name, players=game.players,
        positions=game.positions, current_player=seat, forbidden=game.forbidden,
        spare_picture=game.spare_picture,
        secrets=() if own or game.face_up is None else [game.face_up, *game.deck],
        piles=[list(game.pile(s)) for s in range(game.players)] if own else None,
    )


def reached(events: list[object]) -> bool:
    """Did this walk end on the target (the picture collected, or home with an empty pile)?"""
    return any(isinstance(e, (SecretCollected, GameOver)) for e in events)


def brute_force(game: Game, max_turns: int) -> int | None:
    """The fewest turns to the target, trying every push and every walk with the public API.

    Walks one cell at a time (no sets of cells); positions seen before (same board, spare, closed
    arrow and cell, counted by the public state) are not tried again.
    """
    seat = game.current_player
    frontier = [game.copy()]
    seen: set[object] = set()
    for turn in range(1, max_turns + 1):
        following: list[Game] = []
        for g in frontier:
            for push in g.legal_pushes():
                pushed = g.copy()
                pushed.push(push)
                if turn == max_turns:  # the last turn: only "can the figure walk onto the target now?"
                    if pushed.target() in pushed.reachable():
                        return turn
                    continue
                for cell in sorted(pushed.reachable()):
                    walked = pushed.copy()
                    if reached(list(walked.walk(cell))):
                        return turn
                    key = (tuple(walked.board.masks()), tuple(walked.board.pictures()), walked.spare,
                           walked.spare_picture, walked.forbidden, walked.positions[seat])
                    if key not in seen:
                        seen.add(key)
                        following.append(hand_back(walked, seat))
        frontier = following
    return None


def replay(game: Game, solution: Solution) -> None:
    """Play *solution* through the public API: every walk is allowed, only the last one scores."""
    g = game.copy()
    seat = g.current_player
    for k, (push, cell) in enumerate(solution.steps, start=1):
        g.push(push)
        assert cell in g.reachable(seat)
        events = g.walk(cell)
        assert reached(list(events)) == (k == solution.turns), (k, solution)
        if k < solution.turns:
            g = hand_back(g, seat)


def agrees(game: Game, max_turns: int, reference: Callable[[Game, int], int | None]) -> None:
    """``solve`` finds the minimum *reference* finds (or None with it), and its answer replays."""
    sol = solve(game, max_turns)
    event(f"within {max_turns}: {None if sol is None else sol.turns}")
    assert (None if sol is None else sol.turns) == reference(game, max_turns)
    if sol is not None:
        replay(game, sol)


# ----- positions ------------------------------------------------------------------------------
@st.composite
def positions(draw: st.DrawFn, variants: tuple[str, ...] = ("junior", "junior-own")) -> Game:
    """A small position: a dealt board or one of random cards, a figure, a target, maybe a closed arrow."""
    name = draw(st.sampled_from(variants))
    v = VARIANTS[name]
    size = v.size
    if draw(st.booleans()):
        base = Game.new(variant=name, players=2, seed=draw(st.integers(0, 2**32 - 1)))
        b, spare, spare_picture = base.board, base.spare, base.spare_picture
    else:  # any cards at all; often only straights and corners: sparse mazes give the longer answers
        shapes = sorted(CHAR_OF_MASK)
        if draw(st.booleans()):
            shapes = [m for m in shapes if bin(m).count("1") == 2]
        masks = draw(st.lists(st.sampled_from(shapes), min_size=size * size, max_size=size * size))
        cells = [(r, c) for r in range(size) for c in range(size)]
        spots = draw(st.lists(st.sampled_from(cells), min_size=2, max_size=4, unique=True))
        pictures = [v.pictures[spots.index(cell)] if cell in spots else None for cell in cells]
        b, spare, spare_picture = Board(size, masks, pictures), draw(st.sampled_from(shapes)), None
        if draw(st.booleans()):
            spare_picture = v.pictures[len(spots)]
    shown = sorted(p for p in [*b.pictures(), spare_picture] if p is not None)
    picture = draw(st.sampled_from(shown))
    figure = (draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1)))
    forbidden = draw(st.sampled_from([None, *((s, i) for s in "NESW" for i in v.shift_lines)]))
    if v.own_piles:
        home = draw(st.booleans())  # an empty pile: the target is home
        piles: list[list[str]] | None = [[] if home else [picture], [picture] if home else []]
        secrets: list[str] = []
    else:
        piles, secrets = None, [picture]
    return Game.from_position(b, spare, variant=name, positions=[figure, (0, 0)], forbidden=forbidden,
                              spare_picture=spare_picture, secrets=secrets, piles=piles)


SLOW = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(positions(), st.integers(1, 2))
def test_solve_agrees_with_the_brute_force_within_two_turns(game: Game, max_turns: int) -> None:
    sol = solve(game, max_turns)
    event(f"within {max_turns}: {None if sol is None else sol.turns}")
    assert (None if sol is None else sol.turns) == brute_force(game, max_turns)
    if sol is not None:
        assert len(sol.steps) == sol.turns >= 1
        replay(game, sol)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_solve_agrees_with_the_brute_force_within_three_turns(game: Game) -> None:
    agrees(game, 3, brute_force)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(("classic",)))
def test_solve_agrees_with_the_brute_force_on_the_big_board_in_one_turn(game: Game) -> None:
    sol = solve(game, 1)
    assert (None if sol is None else sol.turns) == brute_force(game, 1)
    if sol is not None:
        replay(game, sol)


def exhaustive(game: Game, max_turns: int) -> int | None:
    """The fewest turns by a plain breadth-first search on the fast core: from every state every push
    (every arrow but the closed one, every different turn of the spare), no order, no shortcut.

    A state is the board, the spare, the picture's cell (-1 on the spare), the closed arrow and the
    set of cells the figure could walk to; equal states are searched once. Fast enough for the big
    board, where :func:`brute_force` is not; it agrees with :func:`brute_force` on the small one.
    """
    size = game.board.size
    picture = game.target_picture()
    if picture is None:
        home = game.target()
        assert home is not None
        target = home[0] * size + home[1]
    else:
        cell = game.board.find_picture(picture)
        target = -1 if cell is None else cell[0] * size + cell[1]
    closed = None if game.forbidden is None else fast.arrow(size, *game.forbidden)
    figure = fast.cell_bit(game.positions[game.current_player], size)
    level = {(game.board.bits, game.spare, target, closed, figure)}
    seen = set(level)
    for turn in range(1, max_turns + 1):
        following = set()
        for bits, spare, target, closed, cells in level:
            for a in fast.arrows(size):
                if a is closed:
                    continue
                moved = fast.carry(cells, a)
                new_target = a.in_cell if target < 0 else fast.picture_moves(a)[target]
                new_target = -1 if new_target == size * size else new_target
                for r in distinct_rotations(spare):
                    pushed, out = fast.push(bits, a, rotate(spare, r))
                    reach = fast.reach(pushed, size, moved)
                    if new_target >= 0 and reach >> new_target & 1:
                        return turn
                    state = (pushed, out, new_target, fast.arrow(size, *a.closes), reach)
                    if turn < max_turns and state not in seen:
                        seen.add(state)
                        following.add(state)
        level = following
    return None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(1, 2))
def test_the_exhaustive_search_agrees_with_the_brute_force(game: Game, max_turns: int) -> None:
    assert exhaustive(game, max_turns) == brute_force(game, max_turns)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(("classic",)), st.integers(1, 2))
def test_solve_agrees_with_the_exhaustive_search_on_the_big_board(game: Game, max_turns: int) -> None:
    agrees(game, max_turns, exhaustive)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(("classic",)))
def test_solve_agrees_with_the_exhaustive_search_on_the_big_board_within_three_turns(game: Game) -> None:
    agrees(game, 3, exhaustive)


def _two_way(variant: str, seed: int) -> Game:
    """A board of straights and corners only, the picture and the figure on random cells."""
    v = VARIANTS[variant]
    rng = random.Random(seed)
    two_way = [m for m in sorted(CHAR_OF_MASK) if bin(m).count("1") == 2]
    masks = [rng.choice(two_way) for _ in range(v.size * v.size)]
    pictures: list[str | None] = [None] * (v.size * v.size)
    pictures[rng.randrange(v.size * v.size)] = "star"
    figure = (rng.randrange(v.size), rng.randrange(v.size))
    return Game.from_position(
        Board(v.size, masks, pictures), rng.choice(two_way), variant=variant, positions=[figure, figure],
        secrets=() if v.own_piles else ["star"], piles=[["star"], []] if v.own_piles else None,
    )


@pytest.mark.parametrize(("variant", "seed", "within_four"), [
    ("junior", 11, None), ("junior", 55, None), ("classic", 3, 4), ("classic", 9, None), ("classic", 10, 4),
])
def test_impossible_within_three_turns_agrees_with_the_exhaustive_search(
    variant: str, seed: int, within_four: int | None,
) -> None:
    game = _two_way(variant, seed)
    assert solve(game, 3) is None
    assert exhaustive(game, 3) is None
    sol = solve(game, 4)  # a 4-turn answer is then a proved minimum, once replayed
    assert (None if sol is None else sol.turns) == within_four
    if sol is not None:
        replay(game, sol)


def _junior(seed: int, figure: Cell, picture: str) -> Game:
    base = Game.new(variant="junior", players=2, seed=seed)
    return Game.from_position(base.board, base.spare, positions=[figure, figure],
                              spare_picture=base.spare_picture, secrets=[picture])


@pytest.mark.parametrize(("seed", "figure", "picture"), [
    (66937016, (0, 0), "house"), (1485210871, (0, 4), "tree"), (2449188535, (2, 3), "tree"),
])
def test_rare_three_turn_junior_positions_agree_with_the_brute_force(seed: int, figure: Cell, picture: str) -> None:
    game = _junior(seed, figure, picture)
    sol = solve(game, 3)
    assert sol is not None and sol.turns == 3 == brute_force(game, 3)
    assert solve(game, 2) is None
    replay(game, sol)


@settings(max_examples=40, deadline=None)
@given(positions(("junior", "junior-own", "classic")), st.integers(0, 3))
def test_solve_never_changes_the_game_and_its_steps_replay(game: Game, max_turns: int) -> None:
    before = game.to_dict()
    sol = solve(game, max_turns)
    assert game.to_dict() == before
    if sol is not None:
        assert 1 <= sol.turns <= max_turns
        replay(game, sol)
        assert solve(game, sol.turns - 1) is None  # the minimum: one turn fewer is not enough


def finishes(game: Game, pushes: list[Push]) -> bool:
    """After a walk in *game*: can these very *pushes*, with some walks, still end on the target?"""
    frontier = [hand_back(game, 0)]
    for k, push in enumerate(pushes, start=1):
        following: dict[Cell, Game] = {}
        for g in frontier:
            pushed = g.copy()
            pushed.push(push)
            for cell in pushed.reachable():
                walked = pushed.copy()
                if reached(list(walked.walk(cell))):
                    return True
                if k < len(pushes):
                    following.setdefault(cell, hand_back(walked, 0))
        frontier = list(following.values())
    return False


@settings(max_examples=40, deadline=None)
@given(positions())
def test_every_walk_is_the_shortest_that_works_with_the_pushes_after_it(game: Game) -> None:
    sol = solve(game, 3)
    if sol is None:
        return
    pushes = [push for push, _ in sol.steps]
    g = game.copy()
    for k, (push, cell) in enumerate(sol.steps, start=1):
        g.push(push)
        start = g.positions[0]
        length = len(g.board.path(start, cell) or ())
        for other in g.reachable():
            if len(g.board.path(start, other) or ()) >= length:
                continue
            walked = g.copy()
            if reached(list(walked.walk(other))):
                raise AssertionError(f"turn {k}: {other} is nearer than {cell} and already on the picture")
            assert not finishes(walked, pushes[k:]), (k, other, sol)
        g.walk(cell)
        g = hand_back(g, 0)


# ----- the rules of a puzzle, by hand ----------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(positions(("junior", "junior-own", "classic")))
def test_every_push_obeys_the_closed_arrow_the_first_one_the_games(game: Game) -> None:
    sol = solve(game, 3)
    closed = game.forbidden
    if sol is None:
        return
    for push, _ in sol.steps:
        assert push.arrow != closed
        closed = (OPPOSITE[push.side], push.index)


def test_a_picture_on_the_spare_comes_back_with_the_card() -> None:
    b = board(GRID, {(0, 2): "crown"})
    game = Game.from_position(b, "┼", positions=[(2, 2), (2, 2)], spare_picture="star", secrets=["star"])
    assert game.target() is None
    sol = solve(game, 2)
    assert sol is not None
    replay(game, sol)


def test_a_figure_on_the_picture_must_still_push_and_may_lose_it() -> None:
    b = board(GRID, {(1, 1): "star"})
    game = Game.from_position(b, "│", positions=[(1, 1), (1, 1)], secrets=["star"])
    sol = solve(game, 3)
    assert sol is not None and sol.turns == 1  # push a line elsewhere, then stay
    replay(game, sol)


def test_home_is_the_target_once_an_own_pile_is_empty() -> None:
    game = Game.from_position(board(GRID), "│", variant="junior-own", positions=[(2, 2), (0, 0)],
                              piles=[[], ["star"]])
    sol = solve(game, 3)
    assert sol is not None and sol.steps[-1][1] == (0, 0)
    replay(game, sol)


def test_solve_refuses_a_game_outside_its_push_phase_and_bad_turn_counts() -> None:
    game = Game.new(seed=4, players=2)
    game.push(game.legal_pushes()[0])
    with pytest.raises(ValueError, match="push phase"):
        solve(game)
    fresh = Game.new(seed=4, players=2)
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(ValueError, match="max_turns"):
            solve(fresh, bad)  # type: ignore[arg-type]
    assert solve(fresh, 0) is None


def test_again_hands_the_turn_back_with_the_closed_arrow() -> None:
    game = Game.new(seed=9, players=2)
    game.push(Push("W", 1))
    game.walk(game.positions[0])
    assert game.current_player == 1
    back = again(game, 0)
    assert back.current_player == 0 and back.phase == "push" and back.forbidden == ("E", 1)
    assert back.board == game.board and back.positions == game.positions
    assert (back.face_up, back.deck) == (game.face_up, game.deck)
    with pytest.raises(IllegalMoveError):
        back.push(Push("E", 1))


def test_first_push_share_counts_the_pushes_that_keep_the_minimum() -> None:
    rng = random.Random(3)
    for _ in range(20):
        game = _junior(rng.getrandbits(32), (rng.randrange(5), rng.randrange(5)), "crown")
        sol = solve(game, 2)
        if sol is None:
            continue
        share = first_push_share(game, sol.turns)
        pushes = [p for p in game.legal_pushes() if p.rotation in distinct_rotations(game.spare)]
        good = 0
        for push in pushes:
            g = game.copy()
            g.push(push)
            if sol.turns == 1:
                good += g.target() in g.reachable()
            else:
                good += any(solve(hand_back(_walked(g, c), 0), sol.turns - 1) is not None for c in g.reachable())
        assert share == pytest.approx(good / len(pushes))


def _walked(game: Game, cell: Cell) -> Game:
    g = game.copy()
    g.walk(cell)
    return g
