"""Random games for property tests: every step of a seeded random game, with the state just before it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from hypothesis import strategies as st

from doolhof.engine import Game, Push
from doolhof.engine.events import Event
from doolhof.engine.tiles import shape

VARIANT_NAMES = ("junior", "junior-own", "classic")


@dataclass
class Step:
    """One push or walk: what was done, the game before and after, and the events it returned."""

    kind: str  # "push" or "walk"
    move: Push | tuple[int, int]
    before: Game
    after: Game
    events: list[Event]


def random_steps(game: Game, seed: int, turns: int) -> Iterator[Step]:
    """Play up to *turns* random turns (a uniformly random legal push, then a random reachable cell)."""
    rng = random.Random(seed)
    for _ in range(turns):
        if game.is_over():
            return
        before = game.copy()
        push = rng.choice(game.legal_pushes())
        events = game.push(push)
        yield Step("push", push, before, game, events)
        before = game.copy()
        cell = rng.choice(sorted(game.reachable()))
        events = game.walk(cell)
        yield Step("walk", cell, before, game, events)


def card_census(game: Game) -> Counter[tuple[str, str | None]]:
    """Movable cards (shape, picture) on the board plus the spare."""
    fixed = game.variant.fixed
    census = Counter((shape(game.board.mask_at(c)), game.board.picture_at(c)) for c in game.board if c not in fixed)
    census[(shape(game.spare), game.spare_picture)] += 1
    return census


@st.composite
def new_games(draw: st.DrawFn, variants: tuple[str, ...] = VARIANT_NAMES, few_secrets: bool = False) -> Game:
    """A freshly set-up game of any variant, seat count and seed (with 1-4 secrets if *few_secrets*)."""
    variant = draw(st.sampled_from(variants))
    players = draw(st.integers(2, 4))
    secrets = None
    if few_secrets:  # Junior: 1-3 secrets; own piles: one secret each. Either way the game ends soon.
        secrets = draw(st.integers(1, 3)) if variant == "junior" else players
    seed = draw(st.integers(0, 2**32 - 1))
    first = draw(st.integers(0, players - 1))
    return Game.new(variant=variant, players=players, secrets=secrets, seed=seed, first_player=first)
