"""A monkey on the card table: 5,000 random taps, drags, keys and wheel turns at random moments.

Many land on what matters (hand cards, the rotate and take buttons, lit, free and takeable cells),
the rest anywhere; between them the clock runs a random while, so many arrive mid-animation or
while a computer thinks. Nothing may crash, and afterwards the engine's promises hold and the
screen shows exactly the game.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pygame

from doolhof.cards import CardGame
from tests.gui.cards.helpers import cell_point, point, settle, start_cards, table_of
from tests.gui.helpers import SoundLog, mouse

EVENTS = 5000


def target(scene: Any, rng: random.Random, size: tuple[int, int]) -> tuple[int, int]:
    lay = scene.layout
    roll = rng.random()
    spots: list[tuple[int, int]] = []
    if roll < 0.15:
        spots = [point(r) for r in (*lay.hand, lay.rotate, lay.take, lay.done)]
    elif roll < 0.45:
        cells = sorted(scene.lit() | scene.free() | scene.game.takeable() | set(scene.game.table))
        spots = [cell_point(scene, c) for c in cells]
    if spots:
        x, y = rng.choice(spots)
        return (x + rng.randint(-8, 8), y + rng.randint(-8, 8))
    return (rng.randint(-20, size[0] + 20), rng.randint(-20, size[1] + 20))


def test_five_thousand_random_events_break_nothing(make_app: Any) -> None:
    size = (800, 600)
    app = make_app(size)
    app.settings = replace(app.settings, animation_speed="fast")
    app.sound = SoundLog()
    rng = random.Random(5)
    game = CardGame.new(players=3, seed=31)
    scene = start_cards(app, game, table_of("person", "person", "computer", level="random"))
    actions: list[CardGame] = []
    scene.on_action = lambda g: actions.append(g)
    held = False
    down_at = (0, 0)
    for n in range(EVENTS):
        if n == EVENTS // 2:  # the parents switch to hidden hands mid-game
            app.settings = replace(app.settings, hidden_hands=True)
        kind = rng.random()
        events: list[pygame.event.Event] = []
        pos = target(scene, rng, size)
        if kind < 0.35:
            if held and rng.random() < 0.5:
                pos = down_at  # let go where it went down: a tap (or, after a still pause, a hold)
            events = [mouse("move", pos), mouse("down", pos)] if not held else [mouse("up", pos)]
            held = not held
            down_at = pos
        elif kind < 0.7:
            events = [mouse("move", pos)]
        elif kind < 0.8:
            events = [pygame.event.Event(pygame.KEYDOWN, key=rng.choice([pygame.K_r, pygame.K_SPACE, pygame.K_a]),
                                         mod=rng.choice([0, pygame.KMOD_SHIFT]), unicode="r")]
        elif kind < 0.9:
            events = [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1, 3]))]
        elif kind < 0.93:
            events = [mouse("down", pos, button=3), mouse("up", pos, button=3)]
        else:
            events = [pygame.event.Event(pygame.WINDOWFOCUSLOST)]
            held = False
        if held and rng.random() < 0.03:  # a press held still a while (a hold on "done" ends a turn)
            for _ in range(14):
                app.step(events, 0.1)
                events = []
        app.step(events, rng.choice([0.0, 1 / 60, 1 / 30, 0.1]))
        if game.is_over():
            break
    if held:
        app.step([mouse("up", (0, 0))], 1 / 60)
    settle(app, limit=120)
    assert game.layout.connected(), "the table is in one piece"
    total = len(game.table) + game.pile_size + sum(len(game.hand(s)) + len(game.taken(s)) for s in range(3))
    assert total == 50, "every card is accounted for"
    assert game.scores == tuple(len(game.taken(s)) for s in range(3))
    assert scene.shown.table == dict(game.table), "the screen shows the game"
    assert scene.shown.hands == [list(game.hand(s)) for s in range(3)]
    assert scene.shown.taken == [list(game.taken(s)) for s in range(3)]
    assert len(actions) > 10, f"the monkey played on ({len(actions)} lays and takes)"
