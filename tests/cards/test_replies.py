"""The card expert's look further: the best reply of every card it cannot see, found exactly."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from doolhof.cards import CardGame
from doolhof.cards.ai import Offer, Outlook, _Trial, distinct_rotations, expected_best, make_player, options, replies
from doolhof.cards.table import Layout, Networks

from . import reference as ref
from .helpers import act, card, row


def _brute_take(game: CardGame, c: object) -> int:
    """The largest take of card *c* laid anywhere next on *game*'s table, by the plain reference."""
    table = game.table
    best = 0
    for cell in ref.frontier(table):
        for rotation in range(4):
            trial = {**table, cell: (c, rotation)}
            if ref.joined(trial, cell):
                takes = ref.allowed_takes(trial, cell)
                best = max([best, *(len(t) for t in takes)])
    return best


def _midgame(players: int, seed: int, steps: int) -> CardGame:
    game = CardGame.new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over():
            break
        act(game, rng)
    return game


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**32 - 1), st.integers(4, 60))
def test_a_trial_finds_every_cards_largest_take_as_brute_force_does(players: int, seed: int, steps: int) -> None:
    game = _midgame(players, seed, steps)
    if game.is_over():
        return
    work = game.layout.copy()
    trial = _Trial(work, Networks(work))
    for c in [*game.pile[:12], *game.hand(game.current_player)]:
        assert trial.take(c, distinct_rotations(c)) == _brute_take(game, c)
    assert work.cards == game.layout.cards  # every trial is put back


@settings(max_examples=6, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**32 - 1), st.integers(4, 50))
def test_replies_judge_each_option_by_the_best_replies(players: int, seed: int, steps: int) -> None:
    game = _midgame(players, seed, steps)
    if game.phase != "place":
        return
    opts = sorted(options(game, judge=True), key=lambda o: -o.value)[:3]
    outlook = Outlook.of(game)
    hand = game.hand(game.current_player)
    for o, again in zip(opts, replies(game, opts)):
        assert (again.place, again.takes) == (o.place, o.takes)
        after = game.copy()
        after.place(o.place)
        if after.phase == "take":
            after.take(o.takes)
        # The table after the place and take, with the same hands as before, for the brute force.
        table_only = CardGame.from_position(table=after.table, hands=[[], []])
        values = [_brute_take(table_only, c) for c in outlook.unseen]
        mine = max((_brute_take(table_only, c) for i, c in enumerate(hand) if i != o.place.hand_index), default=0)
        expected = len(o.takes) - outlook.risk * expected_best(values, outlook.held) + outlook.own * mine
        assert again.value == expected


def test_looking_further_sees_that_a_lone_card_cannot_be_taken() -> None:
    """The apple card's only open end is its north port, over a cell with no other neighbour: a card
    laid there would be cut off if the apple were taken (C7), so no card can take it next. The offer
    counts it; the best reply does not."""
    layout = Layout(row("23:", "06:apple"))
    nets = Networks(layout)
    apple = card("1:apple")
    assert Offer(nets).value(apple) == 1
    assert _Trial(layout, nets).take(apple, distinct_rotations(apple)) == 0
    game = CardGame.from_position(table=layout.cards, hands=[[apple], []])
    assert _brute_take(game, apple) == 0
    # With a second card beside that cell the apple can be taken.
    layout.put((0, -1), card("2:"), 0)
    nets = Networks(layout)
    assert _Trial(layout, nets).take(apple, distinct_rotations(apple)) == 1


def test_the_expert_never_peeks_at_another_hand_or_the_pile_order() -> None:
    """C10: a card swapped between the pile and another hand, or the pile shuffled, changes no choice."""
    for seed in range(6):
        game = _midgame(2, seed, 2 * seed + 8)
        if game.phase != "place":
            continue
        data = game.to_dict()
        other_hand = data["hands"][1 - game.current_player]
        if not other_hand or not data["pile"]:
            continue
        hands = [list(h) for h in data["hands"]]
        hands[1 - game.current_player] = [data["pile"][0], *other_hand[1:]]
        pile = [other_hand[0], *data["pile"][1:]]
        random.Random(seed).shuffle(pile)
        other = CardGame.from_dict(dict(data, hands=hands, pile=pile))
        assert make_player("expert", seed).choose_place(game) == make_player("expert", seed).choose_place(other)
