"""A monkey at the keyboard: thousands of random (seeded) events into a running game, no crash."""

from __future__ import annotations

import random
import time

import pygame

from doolhof.engine.simulate import _card_census, check_invariants
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import YIELD, start_play, worker_busy

SIZES = [(1280, 800), (800, 600), (640, 480), (800, 1280), (1920, 1080), (500, 400), (1000, 1000)]
KEYS = [pygame.K_r, pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_LEFT, pygame.K_a, pygame.K_F11]


def _hot_spots(scene) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """Places where taps matter: arrows, cells, the card, the round button, figures, icons."""
    lay = scene.layout
    spots = [scene.spare_rect().center, scene.layout.rotate.center]
    spots += [scene.arrow_rect(side, i).center for side, i in scene.game.arrows()]
    spots += [scene.cell_rect(cell).center for cell in scene.game.board.cells()]
    spots += [scene.figure_center(seat) for seat in range(scene.game.players)]
    spots += [rect.center for rect in lay.icons.values()]
    return spots


def _random_event(rng: random.Random, scene, size: tuple[int, int]) -> pygame.event.Event:  # type: ignore[no-untyped-def]
    w, h = size
    if rng.random() < 0.6:
        x, y = rng.choice(_hot_spots(scene))
        pos = (x + rng.randint(-20, 20), y + rng.randint(-20, 20))
    else:
        pos = (rng.randint(-50, w + 50), rng.randint(-50, h + 50))
    kind = rng.random()
    touch = rng.random() < 0.3
    button = rng.choice([1, 1, 1, 1, 2, 3, 4, 5])
    if kind < 0.3:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=touch)
    if kind < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=touch)
    if kind < 0.8:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=touch)
    if kind < 0.88:
        y = rng.choice([-3, -1, 1, 2])
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))
    if kind < 0.96:
        key = rng.choice(KEYS)
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=rng.choice([0, pygame.KMOD_SHIFT]), unicode="")
    if kind < 0.98:
        return pygame.event.Event(rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWEXPOSED]))
    return pygame.event.Event(pygame.KEYUP, key=rng.choice(KEYS), mod=0, unicode="")


def test_random_events_never_break_the_game(make_app) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(2024)
    size = (1280, 800)
    app = make_app(size)
    table = TableSetup(seats=(SeatConfig(), SeatConfig("computer", "gentle"), SeatConfig()), secrets=12)
    game = table.new_game(seed=99)
    census = _card_census(game)
    scene = start_play(app, game, table)
    sent = 0
    turns_seen = {game.turn}
    while sent < 5000:
        if app.scene is not scene:  # the game ended and moved on to the end scene
            break
        if rng.random() < 0.004:
            size = rng.choice(SIZES)
            pygame.display.set_mode(size, pygame.RESIZABLE)
            batch = [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)]
        elif rng.random() < 0.2:
            # A whole tap (press and release in place) on a hot spot, so the game moves on.
            x, y = rng.choice(_hot_spots(scene))
            touch = rng.random() < 0.5
            batch = [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0), touch=touch),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=touch),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=touch)]
        else:
            batch = [_random_event(rng, scene, size) for _ in range(rng.randint(1, 4))]
        sent += len(batch)
        app.step(batch, rng.choice([0.0, 1 / 60, 1 / 30, 0.1]))
        if worker_busy(app):
            time.sleep(YIELD)  # let the computer's thinking thread run: the game must move on
        turns_seen.add(game.turn)
        problems = check_invariants(game, None, census)
        assert not problems, problems
    assert sent >= 5000 or game.is_over()
    assert len(turns_seen) > 3, "the monkey should have played a few turns"
