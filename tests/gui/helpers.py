"""Helpers shared by the GUI tests: synthetic input, stepping frames, waiting for worker threads, games.

Fixtures live in ``conftest.py``; everything a test module imports lives here (test modules never
import each other or ``conftest``).

Frames are stepped at a fixed 60 Hz of *scene* time, so animations are deterministic. A computer's
thinking and a hint are worked out in a worker thread (:mod:`doolhof.gui.play.computer`), which needs
*wall-clock* time and a share of the processor: :func:`step_until` and :func:`settle` therefore sleep a
little after each frame while such a thread works, and give up after a wall-clock deadline, so the
outcome never depends on how quickly the operating system schedules that thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pygame

from doolhof.engine import Game
from doolhof.engine.players import RandomPlayer
from doolhof.gui.kit.hold_button import HOLD_SECONDS
from doolhof.gui.kit.scene import Scene
from doolhof.gui.parents.menu import ParentMenuScene
from doolhof.gui.rules.scene import RulesScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.i18n import LANGUAGES, set_language
from doolhof.session.seats import SeatConfig, TableSetup

FRAME = 1 / 60
#: Seconds a waiting helper sleeps after a frame while a worker thread works (lets it run).
YIELD = 0.002
#: Wall-clock seconds a helper waits for worker threads before it fails (a thinking computer gives up
#: after ``THINK_LIMIT`` = 6 s of wall time and plays a random push, so a healthy scene never needs this).
WORKER_WAIT = 30.0


# ----- input --------------------------------------------------------------------------------------
def mouse(kind: str, pos: tuple[int, int], button: int = 1, touch: bool = False) -> pygame.event.Event:
    """A synthetic mouse event: kind is ``down``, ``up`` or ``move``."""
    if kind == "move":
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=touch)
    etype = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
    return pygame.event.Event(etype, pos=pos, button=button, touch=touch)


#: The touch screen of the synthetic finger events (any id but SDL's -1 for the mouse's copies).
TOUCH_ID = 7


def finger(kind: str, app: Any, pos: tuple[float, float], finger_id: int = 0,
           touch_id: int = TOUCH_ID) -> pygame.event.Event:
    """A synthetic finger event at window pixel *pos* (sent as SDL does: x, y as fractions of the window).

    *kind* is ``down``, ``move`` or ``up``; positions outside the window give fractions outside 0..1.
    """
    w, h = app.window_size()
    etype = {"down": pygame.FINGERDOWN, "move": pygame.FINGERMOTION, "up": pygame.FINGERUP}[kind]
    # The middle of the pixel, so that fraction times window size comes back to the same pixel.
    x, y = (pos[0] + 0.5) / w, (pos[1] + 0.5) / h
    return pygame.event.Event(etype, x=x, y=y, dx=0.0, dy=0.0, touch_id=touch_id, finger_id=finger_id,
                              pressure=1.0)


def touch_tap(app: Any, pos: tuple[int, int], finger_id: int = 0) -> None:
    """A finger taps at *pos*: down in one frame, up in the next."""
    run(app, 0, [finger("down", app, pos, finger_id)])
    run(app, 0, [finger("up", app, pos, finger_id)])


def touch_drag(app: Any, start: tuple[int, int], end: tuple[int, int], steps: int = 12, finger_id: int = 0) -> None:
    """A finger goes down at *start*, slides in *steps* frames to *end* and lifts there."""
    run(app, 0, [finger("down", app, start, finger_id)])
    for k in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * k // steps
        y = start[1] + (end[1] - start[1]) * k // steps
        run(app, 0, [finger("move", app, (x, y), finger_id)])
    run(app, 0, [finger("up", app, end, finger_id)])


def run(app: Any, seconds: float = 0.0, events: list[pygame.event.Event] | None = None) -> None:
    """Feed *events* in one frame, then step the app for *seconds* of fixed 60 Hz frames."""
    app.step(list(events or []), FRAME)
    for _ in range(int(seconds / FRAME)):
        app.step([], FRAME)
    app.session.flush()  # saves run on the writer thread; tests look at the files they left


def tap(app: Any, pos: tuple[int, int]) -> None:
    """Press and release the left button at *pos* (one frame each)."""
    run(app, 0, [mouse("move", pos), mouse("down", pos)])
    run(app, 0, [mouse("up", pos)])


def tap_by(app: Any, pos: tuple[int, int], by_finger: bool) -> None:
    """One tap at *pos*, by the mouse or by a finger."""
    if by_finger:
        touch_tap(app, pos)
    else:
        tap(app, pos)


def drag(app: Any, start: tuple[int, int], end: tuple[int, int], steps: int = 12) -> None:
    """Press at *start*, move in *steps* frames to *end*, release there."""
    run(app, 0, [mouse("move", start), mouse("down", start)])
    for k in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * k // steps
        y = start[1] + (end[1] - start[1]) * k // steps
        run(app, 0, [mouse("move", (x, y))])
    run(app, 0, [mouse("up", end)])


def center(rect: pygame.Rect) -> tuple[int, int]:
    """The middle of *rect*, as a tap position."""
    return (rect.centerx, rect.centery)


# ----- waiting ------------------------------------------------------------------------------------
def worker_busy(app: Any) -> bool:
    """True while a worker thread of any scene on *app* works: a computer thinking, or a hint worked out.

    Read from each play scene's thinking turn (``_thinking.still_thinking``) and its hint coach's job
    (``hints.job.done()``), the only threads the game starts (see :mod:`doolhof.gui.play.computer`).
    Read strictly: should those names change, this fails loudly instead of no longer waiting.
    """
    from doolhof.gui.cards.scene import CardPlayScene
    from doolhof.gui.play.scene import PlayScene

    for scene in app.scenes:
        if isinstance(scene, CardPlayScene):  # the card game's: a computer thinking, the bulb's advice
            if (scene._thinking is not None and scene._thinking.still_thinking) or (
                    scene.hint_job is not None and not scene.hint_job.done()):
                return True
            continue
        if not isinstance(scene, PlayScene):
            continue
        thinking = scene._thinking
        if thinking is not None and thinking.still_thinking:
            return True
        job = scene.hints.job
        if job is not None and not job.done():
            return True
    return False


def step_until(app: Any, done: Callable[[], bool], limit: float = 30.0, wait: float = WORKER_WAIT) -> bool:
    """Step 60 Hz frames until ``done()`` holds, and return ``done()``.

    Frames while no worker thread works count against *limit* (seconds of scene time: an animation
    that never ends). While a worker thread works, each frame is followed by a short sleep so the
    thread gets the processor, and those frames count against *wait* (seconds of wall-clock time)
    instead: a thread's progress is measured in real time, not in frames.
    """
    moved = 0.0
    waited = 0.0
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


def wait_for_workers(app: Any, wait: float = WORKER_WAIT) -> None:
    """Sleep until no worker thread of *app* works, failing after *wait* wall-clock seconds.

    No frame is stepped meanwhile, so the next frames see a finished thread however slowly it was
    scheduled: what they measure in scene time (say, the computer's paced thinking pause) is exact.
    """
    deadline = time.monotonic() + wait
    while worker_busy(app):
        assert time.monotonic() < deadline, f"a worker thread still works after {wait} s"
        time.sleep(YIELD)


def settle(app: Any, limit: float = 30.0, wait: float = WORKER_WAIT) -> None:
    """Step frames until the scene is no longer busy (animations, computer turns and hints done).

    *limit* bounds scene time spent on motion, *wait* the wall-clock time spent waiting for worker
    threads (see :func:`step_until`).
    """
    assert step_until(app, lambda: not app.scene.busy(), limit, wait), "the scene never settled"


# ----- scenes and games ---------------------------------------------------------------------------
class SoundLog:
    """A stand-in sound player that records what was played: ``app._sound = SoundLog()``."""

    muted = True

    def __init__(self) -> None:
        """Nothing played yet."""
        self.played: list[str] = []

    def play(self, name: str, *args: object, **kwargs: object) -> None:
        """Remember *name*."""
        self.played.append(name)


def start_play(app: Any, game: object, table: object, ambient: float = 0.0) -> Any:
    """Put a :class:`PlayScene` for *game* on *app* and draw its first frame.

    *ambient* is how long the gentle idle motion runs after input (0 keeps :func:`settle` quick).
    """
    from doolhof.gui.play.scene import PlayScene

    scene = PlayScene(app, game, table)  # type: ignore[arg-type]
    scene.ambient_time = ambient
    scene.ambient_until = ambient
    app.push_scene(scene)
    app.step([], FRAME)
    return scene


TIED_TABLE = TableSetup("junior", (SeatConfig("person"), SeatConfig("computer", "gentle"), SeatConfig("person")), 4)
"""Three seats (person, gentle computer, person) and four secrets: the table of :func:`tied_game`."""

#: Turns after which a game between random players counts as never ending (a test then fails).
MAX_TURNS = 2000


def tied_game() -> Game:
    """A finished 3-player Junior game with 4 secrets where seats 0 and 2 tie with two each."""
    data = TIED_TABLE.new_game(9).to_dict()
    secrets = [data["face_up"], *data["deck"]]
    data.update(deck=[], face_up=None, phase="over", winners=[0, 2],
                collected=[secrets[:2], [], secrets[2:]])
    return Game.from_dict(data)


def clear_win() -> Game:
    """A finished 3-player Junior game with 4 secrets that seat 0 won with three."""
    data = TIED_TABLE.new_game(9).to_dict()
    secrets = [data["face_up"], *data["deck"]]
    data.update(deck=[], face_up=None, phase="over", winners=[0], collected=[secrets[:3], [], secrets[3:]])
    return Game.from_dict(data)


def played_out(table: TableSetup, seed: int) -> Game:
    """A game of *table* played to its end by a random player for every seat."""
    game = table.new_game(seed)
    player = RandomPlayer(seed)
    turns = 0
    while not game.is_over():
        turns += 1
        assert turns <= MAX_TURNS, f"a random game did not end within {MAX_TURNS} turns"
        game.push(player.choose_push(game))
        if not game.is_over():
            game.walk(player.choose_walk(game))
    return game


def open_book(app: Any, press: Callable[[Any, tuple[int, int]], None] = tap) -> Any:
    """From the setup screen (put up first), tap the puzzle door with *press* (a mouse or a finger tap)."""
    from doolhof.gui.puzzles.scene import BookScene

    app.push_scene(app.screens.setup_scene())
    run(app, 0)
    press(app, center(app.scene.puzzle_button.rect))
    book = app.scene
    assert isinstance(book, BookScene)
    book.ambient_until = 0.0
    return book


def hold(app: Any, pos: tuple[int, int], seconds: float, release: bool = True, by_finger: bool = False) -> None:
    """Press at *pos* (with the mouse, or a finger when asked), keep still for *seconds* of frames, then lift
    (when asked)."""
    if by_finger:
        run(app, seconds, [finger("down", app, pos)])
        if release:
            run(app, 0, [finger("up", app, pos)])
        return
    run(app, seconds, [mouse("move", pos), mouse("down", pos)])
    if release:
        run(app, 0, [mouse("up", pos)])


def open_menu(app: Any) -> ParentMenuScene:
    """Hold the menu button of the top scene until the menu opens."""
    rect = app.controls.menu.rect
    assert rect.width > 0, "the scene has a menu corner"
    hold(app, center(rect), HOLD_SECONDS + 0.1)
    assert isinstance(app.scene, ParentMenuScene)
    return app.scene


def open_setup(app: Any) -> SetupScene:
    """The setup screen as the program opens it (its remembered choices)."""
    app.screens.show_setup()
    run(app)
    scene = app.scene
    assert isinstance(scene, SetupScene)
    return scene


def open_rules(app: Any, page: int = 0, game: str = "maze") -> RulesScene:
    """Open the illustrated rules of *game* at *page* over a blank scene (what they were opened from)."""
    app.push_scene(Scene(app))  # what the rules were opened from (the parents' menu)
    scene = RulesScene(app, page, game=game)
    app.push_scene(scene)
    run(app)
    return scene


def every_page_in_every_language(app: Any, scene: RulesScene) -> Iterator[tuple[str, int]]:
    """Show each page of the open rules *scene* in each language, drawn; yields (language, page)."""
    for language in LANGUAGES:
        set_language(language)
        for page in range(len(scene.pages)):
            scene.go(page)
            scene.draw(app.screen)
            yield language, page
