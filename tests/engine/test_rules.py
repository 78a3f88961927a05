"""One or more tests per rule decision R1-R16 (see docs/rules.md), on boards drawn as text."""

from __future__ import annotations

from collections import Counter

import pytest

from doolhof.engine import VARIANTS, Game, IllegalMoveError, Push
from doolhof.engine import events as ev
from doolhof.engine.tiles import rotate, shape

from .boards import GRID, board

ISOLATED = {(1, 1), (1, 3), (3, 1), (3, 3)}
ALL_CELLS = {(r, c) for r in range(5) for c in range(5)}

# Pushing a vertical straight in at W3 leaves GRID as it was: a push that changes nothing visible.
QUIET = Push("W", 3, 0)


def grid_game(pictures: dict[tuple[int, int], str] | None = None, **kwargs: object) -> Game:
    """A game on GRID with a vertical straight as spare."""
    return Game.from_position(board(GRID, pictures), "│", **kwargs)  # type: ignore[arg-type]


# ----- R1-R4: the board and the cards ----------------------------------------------------------
@pytest.mark.parametrize(("variant", "size", "fixed", "arrows"), [("junior", 5, 9, 8), ("classic", 7, 16, 12)])
def test_r1_r2_board_size_fixed_tiles_and_arrows(variant: str, size: int, fixed: int, arrows: int) -> None:
    game = Game.new(variant=variant, players=2, seed=1)
    assert game.board.size == size
    assert set(game.variant.fixed) == {(r, c) for r in range(0, size, 2) for c in range(0, size, 2)}
    assert len(game.variant.fixed) == fixed
    assert len(game.arrows()) == arrows
    assert {side for side, _ in game.arrows()} == {"N", "E", "S", "W"}
    assert {index for _, index in game.arrows()} == set(range(1, size, 2))


def test_r3_card_mix_and_fixed_shapes() -> None:
    junior = Counter(shape(m) for m, _ in VARIANTS["junior"].movable)
    assert junior == {"straight": 6, "corner": 7, "t": 4}
    classic = Counter(shape(m) for m, _ in VARIANTS["classic"].movable)
    assert classic == {"straight": 12, "corner": 16, "t": 6}
    assert sum(1 for m, p in VARIANTS["classic"].movable if p is not None) == 12
    fixed = VARIANTS["junior"].fixed
    assert fixed[(2, 2)][0] == 15  # the centre is a cross
    assert [shape(fixed[c][0]) for c in ((0, 0), (0, 4), (4, 4), (4, 0))] == ["corner"] * 4
    text = Game.new(variant="junior", seed=3).board.text().splitlines()
    assert [text[r][c] for r, c in ((0, 0), (0, 2), (0, 4), (2, 0), (2, 4), (4, 0), (4, 2), (4, 4))] == list(
        "┌┬┐├┤└┴┘"
    )


def test_r4_twelve_pictures_on_twelve_cards_and_they_travel_onto_the_spare() -> None:
    v = VARIANTS["junior"]
    on_cards = [p for _, p in v.movable if p] + [p for _, p in v.fixed.values() if p]
    assert sorted(on_cards) == sorted(v.pictures) and len(v.pictures) == 12
    assert len(VARIANTS["classic"].pictures) == 24
    game = grid_game({(1, 4): "fish"})
    game.push(Push("W", 1, 0))
    assert game.spare_picture == "fish" and game.board.find_picture("fish") is None


# ----- R5: setup ------------------------------------------------------------------------------
def test_r5_same_seed_same_game_other_seed_other_game() -> None:
    assert Game.new(seed=11) == Game.new(seed=11)
    assert Game.new(seed=11) != Game.new(seed=12)


@pytest.mark.parametrize("variant", ["junior", "junior-own", "classic"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_r5_figures_start_on_their_corners_and_cards_come_from_the_table(variant: str, players: int) -> None:
    game = Game.new(variant=variant, players=players, seed=players)
    v = game.variant
    last = v.size - 1
    assert game.positions == ((0, 0), (0, last), (last, last), (last, 0))[:players]
    for cell, (m, picture) in v.fixed.items():
        assert (game.board.mask_at(cell), game.board.picture_at(cell)) == (m, picture)
    dealt = Counter((shape(game.board.mask_at(c)), game.board.picture_at(c)) for c in game.board if c not in v.fixed)
    dealt[(shape(game.spare), game.spare_picture)] += 1
    assert dealt == Counter((shape(m), p) for m, p in v.movable)


def test_r5_cards_get_random_rotations() -> None:
    game = Game.new(variant="classic", seed=4)
    corners = {game.board.mask_at(c) for c in game.board if c not in game.variant.fixed
               and shape(game.board.mask_at(c)) == "corner"}
    assert len(corners) == 4  # 16 corner cards, all four rotations appear


def test_r5_secrets_are_shuffled_and_the_top_one_is_face_up() -> None:
    tops = set()
    for seed in range(8):
        game = Game.new(variant="junior", seed=seed)
        assert sorted([game.face_up, *game.deck]) == sorted(VARIANTS["junior"].pictures)  # type: ignore[list-item]
        assert game.target_picture() == game.face_up
        tops.add(game.face_up)
    assert len(tops) > 2


# ----- R6: a turn is slide, then walk --------------------------------------------------------
def test_r6_sliding_is_compulsory_even_when_the_picture_is_reachable() -> None:
    game = grid_game({(0, 2): "star"}, secrets=["star", "apple"])
    assert (0, 2) in game.reachable()
    with pytest.raises(IllegalMoveError, match="push"):
        game.walk((0, 2))
    game.push(QUIET)
    game.walk((0, 2))
    assert game.collected[0] == ("star",)


@pytest.mark.parametrize("rotation", [0, 1, 2, 3])
def test_r6_the_spare_may_be_turned_to_any_rotation_before_pushing(rotation: int) -> None:
    game = Game.from_position(GRID, "└")
    game.push(Push("W", 1, rotation))
    assert game.board.mask_at((1, 0)) == rotate(0b0011, rotation)
    assert len({rotate(0b0011, r) for r in range(4)}) == 4


# ----- R7: pushing --------------------------------------------------------------------------
def test_r7_push_shifts_the_row_and_the_far_card_becomes_the_spare() -> None:
    game = Game.from_position(GRID, "└")
    game.push(Push("W", 1, 0))
    assert game.board.text() == "┌─┬─┐\n└││││\n├─┼─┤\n│││││\n└─┴─┘"
    assert game.spare_text() == "│"


def test_r7_push_shifts_a_column_and_turning_is_clockwise() -> None:
    game = Game.from_position(GRID, "└")
    game.push(Push("N", 3, 1))  # └ turned a quarter clockwise is ┌
    assert game.board.text() == "┌─┬┌┐\n│││─│\n├─┼│┤\n│││─│\n└─┴│┘"
    assert game.spare_text() == "─"


@pytest.mark.parametrize(("side", "index", "in_cell", "out_cell"),
                         [("W", 1, (1, 0), (1, 4)), ("E", 1, (1, 4), (1, 0)), ("N", 3, (0, 3), (4, 3)),
                          ("S", 3, (4, 3), (0, 3))])
def test_r7_pictures_ride_along_with_their_cards(side: str, index: int, in_cell: tuple[int, int],
                                                 out_cell: tuple[int, int]) -> None:
    middle = (index, 2) if side in "WE" else (2, index)
    pictures = {middle: "key", out_cell: "fish"}
    game = Game.from_position(board(GRID, pictures), "│", spare_picture="boat")
    game.push(Push(side, index, 0))
    moved = (middle[0] + (side == "N") - (side == "S"), middle[1] + (side == "W") - (side == "E"))
    assert game.board.picture_at(moved) == "key"
    assert game.board.picture_at(in_cell) == "boat"
    assert game.spare_picture == "fish"


# ----- R8: the forbidden arrow ------------------------------------------------------------------
def test_r8_first_push_has_no_forbidden_arrow() -> None:
    game = Game.new(seed=2)
    assert game.forbidden is None
    assert len(game.legal_pushes()) == 8 * 4


def test_r8_forbidden_arrow_only_for_next_push() -> None:
    game = grid_game()
    game.push(Push("W", 1, 0))
    game.walk(game.positions[0])
    assert game.forbidden == ("E", 1)
    assert ("E", 1) not in game.legal_arrows() and len(game.legal_pushes()) == 7 * 4
    with pytest.raises(IllegalMoveError, match="closed"):
        game.push(Push("E", 1, 2))
    game.push(Push("N", 1, 0))  # another arrow: now E1 is open again and S1 is closed
    game.walk(game.positions[1])
    assert game.forbidden == ("S", 1)
    assert ("E", 1) in game.legal_arrows()
    game.push(Push("E", 1, 0))


def test_r8_the_same_side_stays_allowed() -> None:
    game = grid_game()
    game.push(Push("W", 1, 0))
    game.walk(game.positions[0])
    assert Push("W", 1, 0) in game.legal_pushes()
    game.push(Push("W", 1, 3))
    assert game.forbidden == ("E", 1)


# ----- R9: wrap-around ------------------------------------------------------------------------
def test_r9_a_figure_on_the_pushed_out_card_lands_on_the_pushed_in_card() -> None:
    game = grid_game(positions=[(0, 0), (1, 4), (1, 2)])
    events = game.push(Push("W", 1, 0))
    assert game.positions == ((0, 0), (1, 0), (1, 3))
    assert ev.FigureWrapped(1, (1, 4), (1, 0)) in events
    assert ev.FigureCarried(2, (1, 2), (1, 3)) in events


def test_r9_the_movers_own_figure_wraps_and_it_is_not_a_walk() -> None:
    game = grid_game(positions=[(3, 0), (0, 4)])
    events = game.push(Push("E", 3, 0))
    assert game.positions[0] == (3, 4)
    assert ev.FigureWrapped(0, (3, 0), (3, 4)) in events
    assert game.phase == "walk" and game.current_player == 0  # still the mover's walk to come


def test_r9_several_figures_wrap_together() -> None:
    game = grid_game(positions=[(0, 0), (4, 1), (4, 1), (2, 1)], players=4)
    game.push(Push("N", 1, 0))  # in at the top, out at the bottom
    assert game.positions == ((0, 0), (0, 1), (0, 1), (3, 1))


# ----- R10: walking ---------------------------------------------------------------------------
def test_r10_walk_anywhere_through_open_corridors() -> None:
    game = grid_game()
    assert game.reachable() == ALL_CELLS - ISOLATED
    game.push(QUIET)
    game.walk((4, 4))
    assert game.positions[0] == (4, 4)


def test_r10_both_cards_must_open_towards_each_other() -> None:
    # (1,1) is a vertical straight, but (0,1) and (2,1) are horizontal: it opens onto walls.
    game = grid_game(positions=[(1, 1), (0, 4)])
    assert game.reachable() == {(1, 1)}
    game.push(QUIET)
    with pytest.raises(IllegalMoveError, match="wall"):
        game.walk((0, 1))


def test_r10_reachability_on_a_winding_board() -> None:
    text = """
    ┌┐┬─┐
    │└┘┌┘
    ├─┼┘│
    │┌┐││
    └┘┴│┘
    """
    game = Game.from_position(text, "│", players=3)
    right = {(2, 4), (3, 4), (4, 4)}  # ┘ at (1, 4) closes the right edge off from above
    pocket = {(3, 3), (4, 3)}  # opens only onto walls: ┘ above, ┴ and ┘ beside
    assert game.reachable() == ALL_CELLS - right - pocket
    assert game.reachable(1) == game.reachable(0)  # seat 1 at (0, 4) winds round to the same corridors
    assert game.reachable(2) == right


def test_r10_figures_never_block_and_may_share_a_cell_or_stay_put() -> None:
    game = grid_game(positions=[(0, 0), (0, 2), (0, 4)], players=3)
    game.push(QUIET)
    game.walk((0, 4))  # through seat 1's cell, onto seat 2's cell
    assert game.positions == ((0, 4), (0, 2), (0, 4))
    game.push(QUIET)
    game.walk((0, 2))  # seat 1 stays put
    assert game.positions[1] == (0, 2) and game.current_player == 2


# ----- R11: collecting (Junior) -----------------------------------------------------------------
def test_r11_the_mover_collects_the_face_up_secret_and_the_next_is_revealed() -> None:
    game = grid_game({(2, 2): "star", (2, 4): "apple"}, secrets=["star", "apple"])
    game.push(QUIET)
    events = game.walk((2, 2))
    assert game.collected == (("star",), ())
    assert game.face_up == "apple" and game.deck == ()
    assert ev.SecretCollected(0, "star", (2, 2)) in events and ev.SecretRevealed("apple", None) in events


def test_r11_only_the_face_up_picture_counts() -> None:
    game = grid_game({(2, 2): "star", (2, 4): "apple"}, secrets=["star", "apple"])
    game.push(QUIET)
    game.walk((2, 4))
    assert game.scores == (0, 0) and game.face_up == "star"


def test_r11_a_figure_pushed_onto_the_picture_collects_nothing() -> None:
    # Seat 1 stands at (1, 2); seat 0 pushes W1 and carries it onto the star at (1, 3).
    game = grid_game({(1, 2): "star"}, secrets=["star", "apple"], positions=[(0, 0), (1, 1)])
    game.push(Push("W", 1, 0))
    assert game.positions[1] == (1, 2) and game.board.picture_at((1, 3)) == "star"
    game.walk((0, 0))
    assert game.scores == (0, 0)


def test_r11_the_mover_carried_onto_the_picture_collects_by_staying() -> None:
    game = grid_game({(1, 2): "star"}, secrets=["star", "apple"], positions=[(1, 2), (0, 4)])
    game.push(Push("W", 1, 0))
    assert game.positions[0] == (1, 3) and game.board.picture_at((1, 3)) == "star"
    game.walk((1, 3))
    assert game.scores == (1, 0)


# ----- R12: the end (Junior) --------------------------------------------------------------------
def test_r12_the_game_ends_the_moment_the_last_secret_is_taken() -> None:
    game = grid_game({(2, 2): "star", (2, 4): "apple"}, secrets=["star", "apple"])
    game.push(QUIET)
    game.walk((2, 2))
    game.push(QUIET)
    game.walk((0, 4))
    assert not game.is_over()
    game.push(QUIET)
    events = game.walk((2, 4))
    assert game.is_over() and game.phase == "over"
    assert events[-1] == ev.GameOver(frozenset({0}), game.scores)
    assert not any(isinstance(e, ev.TurnPassed) for e in events)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.scores == (2, 0)
    assert outcome.reason == "most-secrets"
    assert game.legal_pushes() == [] and game.target() is None


def test_r12_a_tie_is_a_shared_victory() -> None:
    game = grid_game({(2, 2): "star", (2, 4): "apple"}, secrets=["star", "apple"])
    game.push(QUIET)
    game.walk((2, 2))
    game.push(QUIET)
    game.walk((2, 4))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0, 1} and outcome.scores == (1, 1)


# ----- R13: short game --------------------------------------------------------------------------
@pytest.mark.parametrize("count", [1, 6, 12])
def test_r13_the_number_of_secrets_is_a_setting(count: int) -> None:
    game = Game.new(variant="junior", secrets=count, seed=9)
    assert 1 + len(game.deck) == count


def test_r13_the_used_secrets_are_drawn_at_random() -> None:
    draws = {frozenset([Game.new(secrets=6, seed=s).face_up, *Game.new(secrets=6, seed=s).deck]) for s in range(6)}
    assert len(draws) > 1


# ----- R14: own secrets --------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "each"), [(2, 6), (3, 4), (4, 3)])
def test_r14_secrets_are_dealt_evenly(players: int, each: int) -> None:
    game = Game.new(variant="junior-own", players=players, seed=5)
    piles = [game.pile(s) for s in range(players)]
    assert [len(p) for p in piles] == [each] * players
    assert len({p for pile in piles for p in pile}) == 12
    assert game.face_up is None and game.target_picture(1) == piles[1][0]


def own_game() -> Game:
    pictures = {(2, 2): "star", (2, 4): "apple", (4, 2): "fish"}
    return grid_game(pictures, variant="junior-own", piles=[["star", "apple"], ["fish"]])


def test_r14_only_the_top_of_the_own_pile_counts() -> None:
    game = own_game()
    game.push(QUIET)
    game.walk((2, 4))  # apple is seat 0's, but not on top yet
    game.push(QUIET)
    game.walk((2, 2))  # star is on top of seat 0's pile, not seat 1's
    assert game.scores == (0, 0)
    game.push(QUIET)
    events = game.walk((2, 2))
    assert game.scores == (1, 0) and game.pile(0) == ("apple",)
    assert ev.SecretRevealed("apple", 0) in events


def test_r14_an_empty_pile_sends_the_player_home_and_the_first_home_wins() -> None:
    game = own_game()
    game.push(QUIET)
    game.walk((0, 0))
    game.push(QUIET)
    game.walk((4, 2))  # seat 1 takes its only secret
    assert game.pile(1) == () and game.scores == (0, 1)
    assert game.target(1) == (0, 4) and game.target_picture(1) is None
    game.push(QUIET)
    game.walk((0, 0))  # seat 0 is home, but its pile is not empty: nothing happens
    assert not game.is_over()
    game.push(QUIET)
    events = game.walk((0, 4))
    assert events[-1] == ev.GameOver(frozenset({1}), game.scores)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {1} and outcome.reason == "home"


def test_r14_target_is_the_card_of_the_top_secret() -> None:
    game = own_game()
    assert game.target() == (2, 2) and game.target(1) == (4, 2)


# ----- R15: the classic board ---------------------------------------------------------------------
@pytest.mark.parametrize(("players", "each"), [(2, 12), (3, 8), (4, 6)])
def test_r15_classic_deals_24_treasures_evenly(players: int, each: int) -> None:
    game = Game.new(variant="classic", players=players, seed=6)
    assert [len(game.pile(s)) for s in range(players)] == [each] * players
    assert len(game.legal_pushes()) == 12 * 4
    game.push(game.legal_pushes()[5])
    game.walk(game.positions[0])
    assert len(game.legal_pushes()) == 11 * 4


# ----- R16: players --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_r16_two_to_four_seats(players: int) -> None:
    assert Game.new(players=players, seed=1).players == players


@pytest.mark.parametrize("players", [0, 1, 5])
def test_r16_other_seat_counts_are_refused(players: int) -> None:
    with pytest.raises(IllegalMoveError, match="2 to 4 players"):
        Game.new(players=players)


def test_r16_turns_go_clockwise_from_the_first_player() -> None:
    game = Game.new(players=3, seed=1, first_player=2)
    order = []
    for _ in range(5):
        order.append(game.current_player)
        game.push(game.legal_pushes()[0])
        game.walk(game.positions[game.current_player])
        if game.is_over():
            break
    assert order == [2, 0, 1, 2, 0]
