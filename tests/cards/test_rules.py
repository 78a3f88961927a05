"""The decisions C1-C10 of DESIGN.md section 1b, one or more tests each, on hand-made tables."""

from __future__ import annotations

import pytest

from doolhof.cards import DECK, Card, CardGame, IllegalMoveError, Place
from doolhof.cards.ai import make_player
from doolhof.cards.events import CardsDrawn, GameOver, TurnPassed

from .helpers import EW, card, position, refused, row
from .reference import MEETS, STEP


# ----- C1 deck (see also test_deck.py) -----------------------------------------------------------
def test_c1_a_new_game_uses_the_fifty_cards_of_the_deck_once_each() -> None:
    game = CardGame.new(players=4, seed=11)
    everything = [c for c, _ in game.table.values()] + list(game.pile)
    for seat in range(4):
        everything += game.hand(seat)
    assert sorted(c.text() for c in everything) == sorted(c.text() for c in DECK)


# ----- C2 ports ---------------------------------------------------------------------------------
@pytest.mark.parametrize("port", range(8))
def test_c2_a_port_meets_exactly_the_facing_port_across_its_side(port: int) -> None:
    """A table card with the single port *port*: only the neighbour's facing port continues it."""
    dx, dy = STEP[port]
    target = (dx, dy)
    game = position({(0, 0): (card(f"{port}:"), 0)}, [[f"{MEETS[port]}:apple"]])
    assert Place(0, target, 0) in game.legal_places()
    same_side_other_port = {0: 1, 1: 0, 2: 3, 3: 2, 4: 5, 5: 4, 6: 7, 7: 6}[MEETS[port]]
    other = position({(0, 0): (card(f"{port}:"), 0)}, [[f"{same_side_other_port}:", f"{MEETS[port]}:"]])
    assert Place(0, target, 0) not in other.legal_places()
    assert Place(1, target, 0) in other.legal_places()


def test_c2_the_numbering_runs_clockwise_from_the_north_sides_western_port() -> None:
    """N: 0 west, 1 east; E: 2 north, 3 south; S: 4 east, 5 west; W: 6 south, 7 north."""
    assert MEETS == {0: 5, 1: 4, 2: 7, 3: 6, 4: 1, 5: 0, 6: 3, 7: 2}
    game = position(row("23:", "67:"), [["0:"]])  # the east side of (0, 0) meets the west side of (1, 0)
    assert (1, 0) in game.table and game.layout.connected()


@pytest.mark.parametrize("rotation", range(4))
def test_c2_a_quarter_turn_clockwise_moves_port_p_to_p_plus_2(rotation: int) -> None:
    c = card("07:apple|34:fish,key")
    assert c.ports_at(rotation) == {(p + 2 * rotation) % 8 for p in c.ports}
    # Laid turned: the single port 0 turned r lies at 2r, on side r (N, E, S, W), and meets there.
    dx, dy = STEP[2 * rotation]
    game = position({(0, 0): (card("01234567:"), 0)}, [["0:"]])
    laid = [p for p in game.legal_places() if p.cell == (-dx, -dy)]
    assert {p.rotation for p in laid} == {rotation}


# ----- C3 networks ------------------------------------------------------------------------------
def test_c3_card_text_round_trips_and_each_treasure_is_on_one_network() -> None:
    c = Card.from_text("34:key,fish|07:apple")
    assert c.text() == "07:apple|34:fish,key" and Card.from_text(c.text()) == c
    assert c.treasures == {"apple", "fish", "key"} and c.ports == {0, 3, 4, 7}
    assert c.network_of("fish") == c.network_of("key") != c.network_of("apple")
    assert Card.from_text("04:|26:").treasures == frozenset()  # plain paths are allowed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0:a|1:b|2:c", "one or two networks"),
        (":apple", "not a card"),
        ("08:apple", "not a card"),
        ("01:a|1:b", "port 1 is on two networks"),
        ("0:a,b,c", "at most two treasures"),
        ("0:a|1:a", "treasure 'a' is on the card twice"),
        ("0:Apple", "not a treasure name"),
        ("00:a", "names a port twice"),
    ],
)
def test_c3_cards_that_break_the_network_rules_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Card.from_text(text)


def test_c3_only_the_treasures_own_network_joins() -> None:
    """The laid apple lies on the west network; the fish on its east network leads nowhere."""
    game = position({(0, 0): (card("2367:fish"), 0)}, [["67:apple|23:fish"]], pile=["0:"])
    events = game.place(Place(0, (1, 0), 0))
    assert game.phase == "place" and game.scores == (0, 0)  # nothing joined: the turn ended at once
    assert [type(e).__name__ for e in events] == ["CardLaid", "CardsDrawn", "TurnPassed"]
    # ... and on the table card too: its apple is on the network the path does not reach.
    other = position({(0, 0): (card("23:|67:apple"), 0)}, [["67:apple"]])
    other.place(Place(0, (1, 0), 0))
    assert other.phase == "over" and other.scores == (0, 0)


# ----- C4 setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 7))
def test_c4_setup_four_cards_in_a_square_two_per_hand_the_rest_face_down(players: int) -> None:
    game = CardGame.new(players=players, seed=players)
    assert set(game.table) == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert all(len(game.hand(s)) == 2 for s in range(players))
    assert game.pile_size == 50 - 4 - 2 * players
    assert game.phase == "place" and game.current_player == 0 and game.scores == (0,) * players


def test_c4_same_seed_same_game_and_random_rotations() -> None:
    assert CardGame.new(players=3, seed=5) == CardGame.new(players=3, seed=5)
    assert CardGame.new(players=3, seed=5) != CardGame.new(players=3, seed=6)
    rotations = {r for seed in range(10) for _, r in CardGame.new(players=2, seed=seed).table.values()}
    assert rotations == {0, 1, 2, 3}


def test_c4_the_first_seat_chosen_at_setup_starts() -> None:
    assert CardGame.new(players=4, seed=1, first_player=2).current_player == 2
    with pytest.raises(IllegalMoveError, match="first player must be a seat from 0 to 3"):
        CardGame.new(players=4, seed=1, first_player=4)


# ----- C5 laying --------------------------------------------------------------------------------
def test_c5_only_empty_cells_sharing_a_side_and_continuing_a_path() -> None:
    game = position(row(EW, EW), [["2367:"]])
    cells = {p.cell for p in game.legal_places()}
    assert cells == {(-1, 0), (2, 0)}  # the corridor goes on only at its ends
    assert all(p.rotation in (0, 2) for p in game.legal_places())  # turned 1 or 3 it shows walls there
    assert len(game.legal_places()) == 4


def test_c5_other_touching_sides_may_meet_a_wall() -> None:
    """(1, 0) meets the open east side of (0, 0) and the wall on the north of (1, 1)."""
    table = {(0, 0): (card("23:"), 0), (0, 1): (card("01:"), 0), (1, 1): (card("67:"), 0)}
    game = position(table, [["4567:apple"]])
    assert Place(0, (1, 0), 0) in game.legal_places()
    game.place(Place(0, (1, 0), 0))
    assert game.table[(1, 0)] == (card("4567:apple"), 0)


def test_c5_a_corner_touch_is_no_touch_and_cards_never_overlap() -> None:
    game = position(row(EW, EW), [["01234567:"]])
    refused(game, lambda: game.place(Place(0, (2, 1), 0)), r"\(2, 1\) touches no card.*corner")
    refused(game, lambda: game.place(Place(0, (1, 0), 0)), r"\(1, 0\) already holds a card")


def test_c5_a_place_that_continues_no_path_is_refused_while_one_fits() -> None:
    game = position(row(EW, EW), [["01:", "2367:"]])
    assert not game.no_fit
    refused(game, lambda: game.place(Place(0, (0, 1), 0)), r"joins no path.*\(C5\)")


# ----- C6 no fit ----------------------------------------------------------------------------------
def test_c6_when_no_card_fits_any_cell_touching_the_table_will_do() -> None:
    """Port 0 needs an odd port (5) above it; both hand cards only have even ports."""
    game = position({(0, 0): (card("0:"), 0)}, [["0:", "02:"]])
    assert game.no_fit
    cells = {(0, -1), (1, 0), (0, 1), (-1, 0)}
    assert set(game.legal_places()) == {Place(i, c, r) for i in range(2) for c in cells for r in range(4)}
    game.place(Place(1, (1, 0), 3))
    assert game.table[(1, 0)] == (card("02:"), 3)


def test_c6_does_not_apply_when_one_card_fits() -> None:
    game = position({(0, 0): (card("0:"), 0)}, [["0:", "5:"]])
    assert not game.no_fit
    assert {p.cell for p in game.legal_places()} == {(0, -1)}


# ----- C7 taking --------------------------------------------------------------------------------
def test_c7_a_path_of_any_length_past_other_treasures_joins() -> None:
    game = position(row("2367:apple", "2367:fish", "2367:apple"), [["2367:apple"]])
    events = game.place(Place(0, (3, 0), 0))
    assert game.phase == "take"
    assert dict(game.joined()) == {(0, 0): {"apple"}, (2, 0): {"apple"}}
    assert game.takeable() == {(0, 0)}  # taking (2, 0) would leave (0, 0) and (1, 0) apart
    assert [e.cells for e in events if type(e).__name__ == "PathJoined"] == [((3, 0), (2, 0), (1, 0), (0, 0))]


def test_c7_taking_is_optional_and_each_card_taken_is_a_point() -> None:
    game = position(row("2367:apple", "2367:apple"), [["2367:apple"], ["0:"]])
    game.place(Place(0, (2, 0), 0))
    assert game.takeable() == {(0, 0), (1, 0)}
    game.take(set())
    assert game.scores == (0, 0) and len(game.table) == 3
    again = position(row("2367:apple", "2367:apple"), [["2367:apple"], ["0:"]])
    again.place(Place(0, (2, 0), 0))
    again.take({(0, 0), (1, 0)})
    assert again.scores == (2, 0) and again.taken(0) == (card("2367:apple"), card("2367:apple"))
    assert set(again.table) == {(2, 0)}  # the laid card always stays


def test_c7_any_subset_that_keeps_one_piece_may_be_taken() -> None:
    """(1, 0) holds (0, 0) to the rest: alone it splits the table, together with (0, 0) it does not."""
    start = position(row("2367:apple", "2367:apple"), [["2367:apple"]])
    start.place(Place(0, (2, 0), 0))
    game = start.copy()
    assert game.can_take({(0, 0)}) and game.can_take({(0, 0), (1, 0)}) and not game.can_take({(1, 0)})
    refused(game, lambda: game.take({(1, 0)}), r"taking \(1, 0\) would split the table")
    game.take({(0, 0)})
    assert game.scores == (1, 0)


def test_c7_the_card_just_laid_stays_and_unjoined_cards_stay() -> None:
    game = position(row("2367:apple", "2367:fish"), [["2367:apple"]], pile=["0:"])
    game.place(Place(0, (2, 0), 0))
    refused(game, lambda: game.take({(2, 0)}), r"card just laid on \(2, 0\) stays on the table \(C7\)")
    refused(game, lambda: game.take({(1, 0)}), r"card on \(1, 0\) is not joined")


def test_c7_both_treasures_of_the_laid_card_may_join() -> None:
    """Laid at (1, 0): its apple goes west to (0, 0), its fish south to (1, 1)."""
    table = {(0, 0): (card("23:apple"), 0), (0, 1): (card("2:"), 0), (1, 1): (card("01:fish"), 0)}
    game = position(table, [["67:apple|45:fish"]])
    events = game.place(Place(0, (1, 0), 0))
    assert dict(game.joined()) == {(0, 0): {"apple"}, (1, 1): {"fish"}}
    assert game.takeable() == {(0, 0), (1, 1)}
    assert [(e.treasure, e.cells) for e in events if type(e).__name__ == "PathJoined"] == [
        ("apple", ((1, 0), (0, 0))), ("fish", ((1, 0), (1, 1))),
    ]
    # Each may be taken, but not both: (0, 1) and (1, 0) would touch only at a corner.
    assert game.can_take({(0, 0)}) and game.can_take({(1, 1)}) and not game.can_take({(0, 0), (1, 1)})


# ----- C8 drawing and turns -----------------------------------------------------------------------
def test_c8_draw_up_to_two_while_the_pile_lasts_next_first() -> None:
    game = position(row(EW, EW), [[EW, EW], [EW, EW]], pile=["0:", "1:", "2:"])
    events = game.place(Place(0, (2, 0), 0))
    assert CardsDrawn(0, 1) in events and game.hand(0) == (card(EW), card("0:"))
    assert game.pile_size == 2 and game.current_player == 1


def test_c8_the_turn_passes_clockwise_skipping_seats_without_cards() -> None:
    game = position(row(EW, EW), [[EW], [], [EW, EW], []], current_player=0)
    events = game.place(Place(0, (2, 0), 0))
    assert events[-1] == TurnPassed(2) and game.current_player == 2
    game.place(Place(0, (3, 0), 0))
    assert game.current_player == 2  # seats 3, 0 and 1 hold nothing: seat 2 again


def test_c8_with_an_empty_pile_hands_run_down() -> None:
    game = position(row(EW, EW), [[EW, EW], [EW]])
    game.place(Place(0, (2, 0), 0))
    assert len(game.hand(0)) == 1 and game.pile_size == 0


# ----- C9 end -----------------------------------------------------------------------------------
def test_c9_the_game_ends_when_the_pile_and_every_hand_are_empty() -> None:
    game = position(row(EW, EW), [[EW], [EW]])
    game.place(Place(0, (2, 0), 0))
    assert not game.is_over() and game.outcome() is None  # seat 1 still holds a card
    events = game.place(Place(0, (3, 0), 0))
    assert game.is_over() and game.phase == "over" and game.legal_places() == []
    assert events[-1] == GameOver(frozenset({0, 1}), (0, 0))  # 0-0: a shared victory


def test_c9_most_points_wins_and_the_end_waits_for_the_last_take() -> None:
    game = position(row("2367:apple", EW), [["2367:apple"], []], current_player=0)
    game.place(Place(0, (2, 0), 0))
    assert game.phase == "take" and not game.is_over()  # nothing left, but the take comes first
    events = game.take({(0, 0)})
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.scores == (1, 0)
    assert events[-1] == GameOver(frozenset({0}), (1, 0))


# ----- C10 seats and hands ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [0, 1, 7, "3", 2.0, True])
def test_c10_two_to_six_seats(players: object) -> None:
    with pytest.raises(IllegalMoveError, match="played by 2 to 6 players"):
        CardGame.new(players=players, seed=1)  # type: ignore[arg-type]


def test_c10_six_seats_and_open_hands() -> None:
    game = CardGame.new(players=6, seed=2)
    assert game.players == 6 and all(len(game.hand(s)) == 2 for s in range(6))
    with pytest.raises(IllegalMoveError, match="seat 6 is not at the table"):
        game.hand(6)


def test_c10_computer_players_do_not_peek_at_hidden_cards() -> None:
    """Swapping cards between the pile and the other hand changes nothing the expert sees."""
    game = CardGame.new(players=2, seed=9)
    data = game.to_dict()
    swapped = dict(data, hands=[data["hands"][0], [data["pile"][0], data["pile"][1]]],
                   pile=[*data["hands"][1], *data["pile"][2:]])
    other = CardGame.from_dict(swapped)
    for level in ("gentle", "clever", "expert"):
        assert make_player(level, 3).choose_place(game) == make_player(level, 3).choose_place(other)
