"""The card expert's fast judgement gives the values of a full labelling after every candidate place."""

from __future__ import annotations

import random
from math import comb

from hypothesis import given, settings
from hypothesis import strategies as st

from doolhof.cards import CardGame
from doolhof.cards.ai import (
    Judging,
    Offer,
    Outlook,
    _danger,
    _reach,
    distinct_rotations,
    expected_best,
    holding,
)
from doolhof.cards.table import Layout, Networks

from .helpers import act


def _full(game: CardGame, outlook: Outlook, index: int, place_cell: tuple[int, int], rotation: int,
          takes: frozenset[tuple[int, int]]) -> float:
    """The judgement the slow way: lay, take, label the whole table again, value every unseen card."""
    hand = game.hand(game.current_player)
    work = game.layout.copy()
    work.put(place_cell, hand[index], rotation)
    for c in takes:
        work.remove(c)
    offer = Offer(Networks(work))
    danger = expected_best([offer.worth(r) for r in outlook.reaches], outlook.held)
    mine = max((offer.value(c) for i, c in enumerate(hand) if i != index), default=0)
    return -outlook.risk * danger + outlook.own * mine


def _positions(players: int, seed: int, steps: int) -> list[CardGame]:
    game = CardGame.new(players=players, seed=seed)
    rng = random.Random(seed)
    found = []
    for _ in range(steps):
        if game.is_over():
            break
        if game.phase == "place":
            found.append(game.copy())
        act(game, rng)
    return found


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_the_fast_judgement_equals_a_full_relabel_for_every_place(players: int, seed: int) -> None:
    checked = 0
    for game in _positions(players, seed, 90)[::6]:
        outlook = Outlook.of(game)
        nets = Networks(game.layout.copy())
        judging = Judging(outlook, nets)
        work = nets.layout
        hand = game.hand(game.current_player)
        for place in game.legal_places():
            if place.rotation not in distinct_rotations(hand[place.hand_index]):
                continue
            card = hand[place.hand_index]
            geometry = card.geometry(place.rotation)
            takes = frozenset()
            joined = nets.probe(place.cell, geometry)
            if joined:
                trial = game.copy()
                trial.place(place)
                takes = trial.layout.best_take(place.cell, trial.takeable())
            kept = [_reach(c) for i, c in enumerate(hand) if i != place.hand_index]
            fast = judging.judge(work, place, card, geometry, takes, kept)
            assert fast == _full(game, outlook, place.hand_index, place.cell, place.rotation, takes)
            assert work.cards == game.layout.cards  # the scratch table is put back
            checked += 1
            if not takes:
                # The rows a place changes, put over the table's offer, are the offer after laying.
                rows = judging.laid(place.cell, geometry)
                laid = game.layout.copy()
                laid.put(place.cell, card, place.rotation)
                merged = {k: v for k, v in judging.base.best.items() if k not in rows and any(v)}
                merged.update({k: list(v) for k, v in rows.items() if any(v)})
                after = Offer(Networks(laid)).best
                assert merged == {k: v for k, v in after.items() if any(v)}
    assert checked > 0


@given(st.lists(st.integers(0, 9), max_size=30), st.integers(0, 6))
def test_the_expected_best_from_counts_is_the_same_float(values: list[int], held: int) -> None:
    counts = [0] * 10
    for v in values:
        counts[v] += 1
    n = len(values)
    choose = [comb(m, min(held, n)) for m in range(n + 1)] if min(held, n) > 0 else []
    assert _danger(counts, choose) == expected_best(values, held)



def _splits(layout: Layout, cell: tuple[int, int]) -> bool:
    rest = [c for c in layout.cards if c != cell]
    return len(rest) > 1 and len(layout.reach(rest[0], (cell,))) != len(rest)


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_holding_finds_exactly_the_cards_whose_taking_alone_splits_the_table(players: int, seed: int) -> None:
    game = CardGame.new(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        layout = game.layout
        assert holding(layout) == {c for c in layout.cards if _splits(layout, c)}
        act(game, rng)

