"""Helpers of the card screen's tests: a card scene on the app, waiting for its worker threads, hit points.

The card scene's worker threads (a computer thinking, the light bulb's advice) are its own, so
:func:`settle` here waits for them as :func:`tests.gui.helpers.settle` waits for the maze scene's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from doolhof.cards import CardGame, Place
from doolhof.cards.ports import Cell
from doolhof.gui.cards.scene import CardPlayScene
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import FRAME, YIELD, drag, tap

PEOPLE2 = TableSetup(variant="cards", seats=(SeatConfig("person"), SeatConfig("person")))


def table_of(*kinds: str, level: str = "gentle") -> TableSetup:
    """A card table with one seat per kind ("person" or "computer")."""
    return TableSetup(variant="cards", seats=tuple(SeatConfig(k, level) if k == "computer" else SeatConfig(k)
                                                  for k in kinds))


def start_cards(app: Any, game: CardGame, table: TableSetup, ambient: float = 0.0) -> CardPlayScene:
    """Put a :class:`CardPlayScene` for *game* on *app* and draw its first frame."""
    scene = CardPlayScene(app, game, table)
    scene.ambient_time = ambient
    scene.ambient_until = ambient
    app.push_scene(scene)
    app.step([], FRAME)
    return scene


def worker_busy(app: Any) -> bool:
    """True while a card scene's worker thread works (a computer thinking, a hint worked out)."""
    for scene in app.scenes:
        if not isinstance(scene, CardPlayScene):
            continue
        thinking = scene._thinking
        if thinking is not None and thinking.still_thinking:
            return True
        if scene.hint_job is not None and not scene.hint_job.done():
            return True
    return False


def step_until(app: Any, done: Callable[[], bool], limit: float = 60.0, wait: float = 30.0) -> bool:
    """Step 60 Hz frames until ``done()``; frames while a worker thread works sleep a little (wall-clock *wait*)."""
    moved = waited = 0.0
    while not done():
        if worker_busy(app):
            if waited >= wait:
                break
            start = time.monotonic()
            app.step([], FRAME)
            time.sleep(YIELD)
            waited += time.monotonic() - start
        else:
            if moved >= limit:
                break
            app.step([], FRAME)
            moved += FRAME
    return done()


def settle(app: Any, limit: float = 60.0) -> None:
    """Step frames until the top scene is idle."""
    assert step_until(app, lambda: not app.scene.busy(), limit), "the scene never settled"


def ready(scene: CardPlayScene) -> Callable[[], bool]:
    """A condition: a person may act (or the game is over)."""
    return lambda: scene.accepting() or scene.game.is_over() or scene.finished


def point(rect: Any) -> tuple[int, int]:
    """The middle of a rect."""
    return (rect.centerx, rect.centery)


def cell_point(scene: CardPlayScene, cell: Cell) -> tuple[int, int]:
    """Where *cell*'s centre is on screen now."""
    x, y = scene.cell_center(cell)
    return (round(x), round(y))


def lay_by_taps(app: Any, scene: CardPlayScene, place: Place) -> None:
    """Choose the card, turn it by tapping it, tap the cell: through the screen's hit areas only."""
    tap(app, point(scene.layout.hand[place.hand_index]))
    assert scene.chosen == place.hand_index
    for _ in range(place.rotation):
        tap(app, point(scene.layout.hand[place.hand_index]))
    step_until(app, lambda: all(abs(a - r * 90) < 0.01 for a, r in zip(scene.angles, scene.rotations, strict=True)))
    assert place.cell in scene.lit(), (place, sorted(scene.lit()))
    tap(app, cell_point(scene, place.cell))


def lay_by_drag(app: Any, scene: CardPlayScene, place: Place) -> None:
    """Turn the card with the rotate button (choosing it by drag), then drag it onto its cell."""
    start = point(scene.layout.hand[place.hand_index])
    drag(app, start, (start[0], start[1] - 30), steps=3)  # a short drag chooses it and it flies back
    step_until(app, ready(scene))
    assert scene.chosen == place.hand_index
    for _ in range(place.rotation):
        tap(app, point(scene.layout.rotate))
    step_until(app, lambda: all(abs(a - r * 90) < 0.01 for a, r in zip(scene.angles, scene.rotations, strict=True)))
    drag(app, start, cell_point(scene, place.cell), steps=10)
