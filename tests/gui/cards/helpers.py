"""Helpers of the card screen's tests: a card scene on the app, waiting for its worker threads, hit points.

:func:`tests.gui.helpers.worker_busy` knows the card scene's worker threads too (a computer
thinking, the light bulb's advice); the waiting helpers here step coarser frames, so whole games
stay quick.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame

from doolhof.cards import Card, CardGame, Place
from doolhof.cards.ports import Cell
from doolhof.gui.cards.scene import CardPlayScene
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import FRAME, YIELD, SoundLog, finger, mouse, run, tap, touch_drag, worker_busy
from tests.scripts import load_script

PEOPLE2 = TableSetup(variant="cards", seats=(SeatConfig("person"), SeatConfig("person")))


def fast(app: Any, **changes: Any) -> None:
    """Fast animations (the parents' setting) and any other setting *changes*, muted with a sound log."""
    app.settings = replace(app.settings, animation_speed="fast", **changes)
    app.sound = SoundLog()


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


#: Frames of the waiting helpers: 20 Hz keeps long games quick (the scene takes at most 0.1 s a frame).
COARSE = 1 / 20


def step_until(app: Any, done: Callable[[], bool], limit: float = 60.0, wait: float = 30.0,
               dt: float = COARSE) -> bool:
    """Step frames of *dt* until ``done()``; frames while a worker thread works sleep a little (wall-clock *wait*)."""
    moved = waited = 0.0
    while not done():
        if worker_busy(app):
            if waited >= wait:
                break
            start = time.monotonic()
            app.step([], dt)
            time.sleep(YIELD)
            waited += time.monotonic() - start
        else:
            if moved >= limit:
                break
            app.step([], dt)
            moved += dt
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


def hold_done(app: Any, scene: CardPlayScene, touch: bool = False) -> None:
    """Hold "done" (end the turn taking nothing) until it acts, by mouse or by a still finger, and let go."""
    from doolhof.gui.cards.gestures import DONE_HOLD

    at = point(scene.layout.done)
    if touch:
        run(app, 0, [finger("down", app, at)])
    else:
        run(app, 0, [mouse("move", at), mouse("down", at)])
    for _ in range(round((DONE_HOLD + 0.1) / FRAME)):
        app.step([], FRAME)
    run(app, 0, [finger("up", app, at)] if touch else [mouse("up", at)])


def drag_table(app: Any, start: tuple[int, int], end: tuple[int, int], steps: int = 8,
               touch: bool = False) -> None:
    """Press the table at *start*, slide to *end* in *steps* frames and let go (by mouse, or by finger)."""
    if touch:
        touch_drag(app, start, end, steps)
        return
    run(app, 0, [mouse("move", start), mouse("down", start)])
    for k in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * k // steps
        y = start[1] + (end[1] - start[1]) * k // steps
        run(app, 0, [mouse("move", (x, y))])
    run(app, 0, [mouse("up", end)])


def into_view(app: Any, scene: CardPlayScene, cell: Cell, touch: bool = False) -> None:
    """Drag the table (as a child would, by mouse or by finger) until all of *cell* shows: a big table is
    shown in part."""
    for _ in range(40):
        if scene.camera.in_view(cell):
            return
        area = scene.layout.table
        x, y = scene.cell_center(cell)
        dx = max(-area.w // 3, min(area.w // 3, round(area.centerx - x)))
        dy = max(-area.h // 3, min(area.h // 3, round(area.centery - y)))
        drag_table(app, area.center, (area.centerx + dx, area.centery + dy), touch=touch)
        step_until(app, lambda: not scene.camera.moving)
    assert scene.camera.in_view(cell), (cell, scene.camera.rect_of(cell), scene.layout.table)


def lay_by_taps(app: Any, scene: CardPlayScene, place: Place) -> None:
    """Choose the card, turn it by tapping it, tap the cell: through the screen's hit areas only (the table
    dragged first when the cell is out of view)."""
    into_view(app, scene, place.cell)
    if scene.chosen != place.hand_index:  # a hint may have chosen it already
        tap(app, point(scene.layout.hand[place.hand_index]))
    assert scene.chosen == place.hand_index
    for _ in range((place.rotation - scene.rotations[place.hand_index]) % 4):
        tap(app, point(scene.layout.hand[place.hand_index]))
    step_until(app, lambda: all(abs(a - r * 90) < 0.01 for a, r in zip(scene.angles, scene.rotations, strict=True)))
    assert place.cell in scene.lit(), (place, sorted(scene.lit()))
    tap(app, cell_point(scene, place.cell))


def lay_by_drag(app: Any, scene: CardPlayScene, place: Place) -> None:
    """Pick the card up by dragging it, turn it with the wheel while holding it, let it go on its cell."""
    into_view(app, scene, place.cell)
    start = point(scene.layout.hand[place.hand_index])
    run(app, 0, [mouse("move", start), mouse("down", start)])
    run(app, 0, [mouse("move", (start[0] - 20, start[1] - 20))])
    assert scene.gestures.drag == place.hand_index and scene.chosen == place.hand_index
    for _ in range(place.rotation):
        run(app, 0, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
    end = cell_point(scene, place.cell)
    for k in range(1, 9):
        x = start[0] + (end[0] - start[0]) * k // 8
        y = start[1] + (end[1] - start[1]) * k // 8
        run(app, 0, [mouse("move", (x, y))])
    assert scene.gestures.snap == place.cell, (scene.gestures.snap, place)
    run(app, 0, [mouse("up", end)])


# ----- take positions -------------------------------------------------------------------------
#: The card the take positions lay on (0, 0): open to the east and the south.
LAID = Card.from_text("2345:apple")


def square() -> CardGame:
    """Laying LAID on (0, 0) joins apples east (1, 0) and south (0, 1); (1, 1) holds them together."""
    table = {
        (1, 0): (Card.from_text("67:apple"), 0),
        (0, 1): (Card.from_text("01:apple"), 0),
        (1, 1): (Card.from_text("0167:"), 0),
    }
    return CardGame.from_position(table=table, hands=[[LAID], [Card.from_text("2367:")]], pile=[], current_player=0)


def chain() -> CardGame:
    """Laying LAID on (0, 0) joins an apple east on (1, 0), and through it another on (2, 0)."""
    table = {
        (1, 0): (Card.from_text("2367:apple"), 0),
        (2, 0): (Card.from_text("67:apple"), 0),
    }
    return CardGame.from_position(table=table, hands=[[LAID], [Card.from_text("2367:")]], pile=[], current_player=0)


def laid(app: Any, game: CardGame) -> CardPlayScene:
    """*game* on the card screen (fast), LAID laid on (0, 0) by taps, and nothing moving any more."""
    fast(app)
    scene = start_cards(app, game, PEOPLE2)
    lay_by_taps(app, scene, Place(0, (0, 0), 0))
    assert step_until(app, ready(scene))
    return scene


#: The frame benchmark, which also builds the late 46-card table.
BENCH_FRAMES = Path(__file__).resolve().parents[3] / "scripts" / "bench_frames.py"


def bench_frames() -> ModuleType:
    """``scripts/bench_frames.py`` loaded as a module (its card-table builders)."""
    return load_script(BENCH_FRAMES.stem, BENCH_FRAMES.stem)
