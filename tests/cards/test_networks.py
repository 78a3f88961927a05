"""The card expert's incremental path networks equal a full labelling after every place and take."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from doolhof.cards import CardGame
from doolhof.cards.ai import Offer
from doolhof.cards.table import Layout, Networks

Shape = set[tuple[frozenset[tuple[tuple[int, int], int]], tuple[tuple[str, tuple[tuple[int, int], ...]], ...], int]]


def _shape(nets: Networks) -> Shape:
    """The components as comparable values: members, treasures (cells sorted), open ends."""
    out = set()
    for number, members in enumerate(nets.members):
        if not members:
            continue
        assert all(nets.label[node] == number for node in members)
        holders = tuple(sorted((name, tuple(sorted(cells))) for name, cells in nets.holders[number].items()))
        out.add((frozenset(members), holders, nets.ends[number]))
    assert len(nets.label) == sum(len(m) for m in nets.members)
    return out


def _check(before: Networks, layout: Layout, cells: list[tuple[int, int]]) -> Networks:
    changed = before.changed(layout, cells)
    full = Networks(layout)
    assert _shape(changed) == _shape(full)
    assert Offer(before).after(changed).best == Offer(full).best
    return changed


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32 - 1), st.floats(0.0, 1.0))
def test_changed_networks_equal_a_full_relabel_after_every_place(players: int, seed: int, take_share: float) -> None:
    game = CardGame.new(players=players, seed=seed)
    rng = random.Random(seed)
    nets = Networks(game.layout.copy())
    chained = nets
    while not game.is_over():
        before = game.layout.copy()
        nets = Networks(before)
        place = rng.choice(game.legal_places())
        game.place(place)
        taken: frozenset[tuple[int, int]] = frozenset()
        if game.phase == "take":
            allowed = game.takeable()
            taken = game.layout.best_take(place.cell, allowed) if rng.random() < take_share else frozenset()
            game.take(taken)
        after = game.layout.copy()
        cells = [place.cell, *taken]
        _check(nets, after, cells)  # from a fresh labelling of the table before ...
        chained = _check(chained, after, cells)  # ... and chained: changed upon changed, all game long


def test_a_card_that_closes_an_end_without_joining_changes_the_component() -> None:
    """A neighbour whose port now faces a card with no port there has lost an open end."""
    game = CardGame.new(players=2, seed=5)
    rng = random.Random(3)
    for _ in range(12):
        before = game.layout.copy()
        nets = Networks(before)
        for place in game.legal_places():
            card = game.hand(game.current_player)[place.hand_index]
            work = before.copy()
            work.put(place.cell, card, place.rotation)
            _check(nets, work, [place.cell])
        game.place(rng.choice(game.legal_places()))
        if game.phase == "take":
            game.take(frozenset())
