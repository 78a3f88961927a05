"""Property tests over random games with 2-6 players (hypothesis picks seats and seeds).

The engine is checked against the plain reference of ``reference.py`` (its own port arithmetic,
breadth-first search over (cell, network) nodes, brute force over subsets).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from doolhof.cards import DECK, CardGame, IllegalMoveError, Place
from doolhof.cards.events import Event

from . import reference as ref

FEW = settings(max_examples=15, deadline=None)
SEEDS = st.integers(0, 2**32 - 1)
SEATS = st.integers(2, 6)


@dataclass
class Step:
    """One place or take: what was done, the game before and after, and the events it returned."""

    kind: str
    before: CardGame
    after: CardGame
    events: list[Event]


def random_steps(game: CardGame, seed: int) -> Iterator[Step]:
    """A whole game of random places and random allowed takes (often all, sometimes none)."""
    rng = random.Random(seed)
    while not game.is_over():
        before = game.copy()
        events = game.place(rng.choice(game.legal_places()))
        yield Step("place", before, game, events)
        if game.phase == "take":
            before = game.copy()
            cells = sorted(game.takeable())
            rng.shuffle(cells)
            chosen: set[tuple[int, int]] = set()
            for cell in cells:
                if rng.random() < 0.7 and game.can_take(chosen | {cell}):
                    chosen.add(cell)
            yield Step("take", before, game, game.take(chosen))


def everything(game: CardGame) -> Counter[str]:
    cards = Counter(c.text() for c, _ in game.table.values())
    for seat in range(game.players):
        cards.update(c.text() for c in game.hand(seat))
        cards.update(c.text() for c in game.taken(seat))
    cards.update(c.text() for c in game.pile)
    return cards


@FEW
@given(SEATS, SEEDS, SEEDS)
def test_invariants_hold_after_every_step(players: int, deal: int, seed: int) -> None:
    game = CardGame.new(players=players, seed=deal)
    deck = Counter(c.text() for c in DECK)
    steps = 0
    for step in random_steps(game, seed):
        after = step.after
        steps += step.kind == "place"
        assert everything(after) == deck  # the 50 cards: table + hands + pile + taken
        assert ref.one_piece(set(after.table))
        assert all(len(after.hand(s)) <= 2 for s in range(players))
        assert all(a >= b for a, b in zip(after.scores, step.before.scores))
        empty = after.pile_size == 0 and not any(after.hand(s) for s in range(players))
        assert after.is_over() == (empty and after.phase != "take")
        if after.phase == "place":
            assert after.hand(after.current_player)
    assert steps == 46 and game.turn == 46
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {s for s, n in enumerate(game.scores) if n == max(game.scores)}


@FEW
@given(SEATS, SEEDS, SEEDS)
def test_legal_places_match_the_reference_and_what_place_accepts(players: int, deal: int, seed: int) -> None:
    game = CardGame.new(players=players, seed=deal)
    rng = random.Random(seed)
    probes = 0
    for step in random_steps(game, seed):
        before = step.before
        if step.kind != "place":
            continue
        hand = list(before.hand(before.current_player))
        legal = before.legal_places()
        assert len(legal) == len(set(legal))
        assert {(p.hand_index, p.cell, p.rotation) for p in legal} == ref.legal_places(before.table, hand)
        if rng.random() < 0.1 and probes < 2:  # try every place on and around the table, on copies
            probes += 1
            cells = sorted(set(before.table) | {(x + 2, y - 1) for x, y in before.table})
            near = ref.frontier(before.table) | set(rng.sample(cells, min(8, len(cells))))
            for index in range(len(hand)):
                for cell in near:
                    for rotation in range(4):
                        place = Place(index, cell, rotation)
                        trial = before.copy()
                        try:
                            trial.place(place)
                        except IllegalMoveError:
                            assert place not in legal
                            assert trial == before
                        else:
                            assert place in legal


@FEW
@given(SEATS, SEEDS, SEEDS)
def test_takeable_matches_a_plain_breadth_first_reference(players: int, deal: int, seed: int) -> None:
    game = CardGame.new(players=players, seed=deal)
    for step in random_steps(game, seed):
        if step.kind != "place":
            continue
        laid = step.events[0].cell  # type: ignore[union-attr]
        after = step.after
        expected = ref.takeable(after.table, laid) if after.phase == "take" else frozenset()
        if after.phase == "take":
            assert after.takeable() == expected and set(after.joined()) == ref.joined(after.table, laid)
            allowed = set(ref.allowed_takes(after.table, laid))
            pool = sorted(ref.joined(after.table, laid))
            for size in range(len(pool) + 1):
                for subset in combinations(pool, size):
                    assert after.can_take(subset) == (not subset or frozenset(subset) in allowed)
        else:  # the turn ended at once: nothing could be taken (C7)
            table = dict(step.before.table)
            table[laid] = (step.events[0].card, step.events[0].rotation)  # type: ignore[union-attr]
            assert ref.takeable(table, laid) == frozenset()


@FEW
@given(SEATS, SEEDS, SEEDS)
def test_to_dict_from_dict_round_trips_at_every_step(players: int, deal: int, seed: int) -> None:
    game = CardGame.new(players=players, seed=deal)
    for step in random_steps(game, seed):
        data = json.loads(json.dumps(step.after.to_dict()))
        again = CardGame.from_dict(data)
        assert again == step.after and again.to_dict() == data
        assert again.legal_places() == step.after.legal_places() and again.takeable() == step.after.takeable()


@FEW
@given(SEATS, SEEDS)
def test_same_seed_same_game(players: int, deal: int) -> None:
    assert CardGame.new(players=players, seed=deal) == CardGame.new(players=players, seed=deal)
