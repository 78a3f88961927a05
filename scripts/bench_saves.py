"""Tap-to-first-animated-frame with a slow disk: does a save ever hold up the frame of a tap?

    python scripts/bench_saves.py            # a short table
    python scripts/bench_saves.py --json     # the figures as JSON

Headless (dummy video driver), on a temporary ``DOOLHOF_HOME`` (never the family's files). Every
file write is slowed by ``--delay`` ms (default 30: an SD card or a virus scanner). The maze game
runs through the real session (``ScreenBuilder.start_game``: saved after every push and walk); each
push is tapped on an arrow and the ``App.step`` of that tap is timed - events, the push, the save
hand-over, the first frame of the animation drawn. The card game likewise times the frame of the
tap that lays a card. Both with the app's writer thread (``writer``) and with the save made inside
the tap as before (``inline``: the session without a writer), for comparison.

``..._cpu_ms_p95`` is the main thread's processor time in the same frames (not counting the other
programs of a shared machine, nor the writer thread). Goal: ``writer`` p95 under 16 ms (one frame at
60 Hz) with saves slowed to 30 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("DOOLHOF_HOME", tempfile.mkdtemp(prefix="doolhof-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_frames import (
    FRAME,
    _app,
    _joining_place,
    _settle,
    _settle_cards,
    _tap_events,
    grown_card_game,
)


def slow_disk(delay: float) -> None:
    """Every atomic write sleeps *delay* seconds first."""
    from doolhof.session import paths

    real = paths.atomic_write_text

    def slow(path: Path, text: str) -> None:
        time.sleep(delay)
        real(path, text)

    paths.atomic_write_text = slow  # type: ignore[assignment]


def _timed(app: Any, events: list[Any], wall: list[float], cpu: list[float]) -> None:
    """One ``App.step`` with *events*: its wall milliseconds and this thread's processor milliseconds."""
    start, thread = time.perf_counter(), time.thread_time()
    app.step(events, FRAME)
    wall.append((time.perf_counter() - start) * 1000)
    cpu.append((time.thread_time() - thread) * 1000)


def maze_taps(mode: str, taps: int) -> tuple[list[float], list[float]]:
    """Milliseconds of the frame of each push tap (the maze game, saved through the session)."""
    import pygame

    from doolhof.session.seats import SeatConfig, TableSetup

    app = _app((1280, 800))
    if mode == "inline":
        app.session.writer = None
    table = TableSetup("junior", (SeatConfig("person"),) * 2)
    app.screens.start_game(table.new_game(7), table)
    scene = app.scene
    _settle(app)
    times: list[float] = []
    cpu: list[float] = []
    for k in range(taps):
        game = scene.game
        side, index = game.legal_arrows()[k * 5 % len(game.legal_arrows())]
        _timed(app, _tap_events(scene.arrow_rect(side, index).center), times, cpu)
        if game.phase != "walk" or not scene.timeline.busy():
            raise RuntimeError("the tap did not start a push animation")
        _settle(app)
        app.step(_tap_events(scene.cell_rect(game.positions[game.current_player]).center), FRAME)  # stay
        _settle(app)
    app.session.close()
    pygame.display.quit()
    return times, cpu


def card_taps(mode: str, taps: int) -> tuple[list[float], list[float]]:
    """Milliseconds of the frame of each tap that lays a card (the card game, saved through the session)."""
    import pygame

    from doolhof.session.seats import CARDS, SeatConfig, TableSetup

    app = _app((1280, 800))
    if mode == "inline":
        app.session.writer = None
    table = TableSetup(CARDS, (SeatConfig("person"), SeatConfig("person")))
    grown = grown_card_game()
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(taps):
        app.screens.start_game(grown.copy(), table)
        scene = app.scene
        app.step([], FRAME)
        _settle_cards(app, scene)
        place = _joining_place(scene.game)
        hand = scene.layout.hand[place.hand_index].center
        for _ in range(1 + place.rotation):
            app.step(_tap_events(hand), FRAME)
        _settle_cards(app, scene)
        x, y = scene.cell_center(place.cell)
        _timed(app, _tap_events((round(x), round(y))), times, cpu)
        if scene.game.phase != "take":
            raise RuntimeError("the tap did not lay the card")
        app.session.leave()
    app.session.close()
    pygame.display.quit()
    return times, cpu


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--delay", type=float, default=30.0, help="milliseconds added to every file write")
    parser.add_argument("--taps", type=int, default=20, help="taps timed per game and mode")
    parser.add_argument("--modes", default="writer,inline", help="writer, inline or both (comma-separated)")
    args = parser.parse_args()
    slow_disk(args.delay / 1000)
    figures: dict[str, Any] = {"save_delay_ms": args.delay, "taps": args.taps,
                               "load": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None}
    for mode in args.modes.split(","):
        for game, measure in (("maze", maze_taps), ("cards", card_taps)):
            times, cpu = measure(mode, args.taps)
            figures[f"{game}_{mode}_tap_frame_ms_median"] = round(statistics.median(times), 2)
            figures[f"{game}_{mode}_tap_frame_ms_p95"] = round(_p95(times), 2)
            figures[f"{game}_{mode}_tap_frame_cpu_ms_p95"] = round(_p95(cpu), 2)
    if "maze_writer_tap_frame_ms_p95" in figures:
        figures["goal_met"] = all(figures[f"{g}_writer_tap_frame_ms_p95"] < 16 for g in ("maze", "cards"))
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for key, value in figures.items():
            print(f"{key:36} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
