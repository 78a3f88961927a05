"""Frame time of the play screen in an online game, against the same game on one computer.

    python scripts/bench_far_frames.py            # a short table
    python scripts/bench_far_frames.py --json     # the figures as JSON

Two real apps (headless, dummy video driver) play one Junior game through a loopback Mosquitto
started here (``scripts/local_relay.py``): seat 0 is the host's computer player, seat 1 the far
computer's, so each screen thinks for its own seat and animates the other's moves as they arrive.
Every ``App.step`` of both screens is timed (events, update with the room's news, draw, flip), the
loop sleeping out each 60 Hz frame as the real one does (the network threads run meanwhile). The
same game with both seats on one screen (two computer players, no relay) is timed alike, alternated
with the online run to cancel the machine's noise; the figures to compare are the two runs' p95
(``online_minus_offline_p95_ms``). Also measured: how long after a move is played on one screen the
other screen's frame loop has it (``far_move_seen_ms``: the relay's latency plus up to one frame;
the screen starts its animation in that frame when its own animations rest).

``long`` is a long game: the two rooms first play ``--long-entries`` log entries headless over the relay
(each seat pushes at random and stays where it is, so nobody finds a picture and the game goes on; a
card game ends within about 50 entries, so the long game is the big maze), then both screens play
``--long-moves`` more entries with their clever computer players while every frame is timed, against the
same position played on one screen. It shows what saving a big room file costs the frame loop: every room
save is timed and its thread noted (``saves_on_frame_loop``), and ``online_over_16ms_during_save`` counts the
frames over 16.7 ms that overlap a save (an upper bound on the frames saving slowed).

Goals: the online p95 within 1 ms of the offline one; a far move is on the other screen within 100 ms;
in the long game the online p99 within 1 ms of the offline one and no frame over 16.7 ms from saving.
Needs mosquitto (Debian's package); without it the script says so and exits 2.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

# The checkout this script is in, before any installed doolhof (run from a worktree, it measured the installed one).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("DOOLHOF_HOME", tempfile.mkdtemp(prefix="doolhof-bench-"))

FRAME = 1 / 60
#: Wall-clock seconds one game may take before the run gives up (a game takes a few seconds).
GAME_SECONDS = 180.0


def _local_relay() -> Any:
    spec = importlib.util.spec_from_file_location("local_relay", Path(__file__).with_name("local_relay.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["local_relay"] = module
    spec.loader.exec_module(module)
    return module


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _apps(count: int) -> list[Any]:
    import argparse as ap

    import pygame

    from doolhof.gui.launch import build_app

    pygame.init()
    screen = pygame.display.set_mode((1280, 800))
    apps = []
    for _ in range(count):
        app = build_app(screen, ap.Namespace(mute=True, size=(1280, 800), fullscreen=False, lang="en"))
        app.settings = replace(app.settings, tutorial_done=True, cards_tutorial_done=True, online=True,
                               auto_hint=False, animation_speed="fast")
        app.screens.show_setup()
        apps.append(app)
    return apps


def _table(secrets: int) -> Any:
    from doolhof.session.seats import SeatConfig, TableSetup

    return TableSetup("junior", (SeatConfig("computer", "clever"), SeatConfig("computer", "clever")), secrets=secrets)


#: Every room save of this run: (start, end, on the frame loop's thread), perf_counter seconds.
SAVES: list[tuple[float, float, bool]] = []
#: Every timed frame of this run: (start, end), perf_counter seconds (index as in the times list).
FRAMES: list[tuple[float, float]] = []


def _watch_saves() -> None:
    """Record when every room save runs and on which thread, to tell a slow frame that met a save."""
    import threading

    from doolhof.online import store

    plain = store.save_room

    def save_room(data: dict[str, Any]) -> bool:
        start = time.perf_counter()
        try:
            return plain(data)
        finally:
            SAVES.append((start, time.perf_counter(), threading.current_thread() is threading.main_thread()))

    store.save_room = save_room  # type: ignore[assignment]


def _timed(apps: list[Any], done: Any, times: list[float]) -> None:
    """Step *apps* at 60 Hz, as the real loop does (it sleeps out each frame), until *done*."""
    deadline = time.monotonic() + GAME_SECONDS
    while not done():
        if time.monotonic() > deadline:
            raise RuntimeError("the game did not end in time")
        round_start = time.perf_counter()
        for app in apps:
            start = time.perf_counter()
            app.step([], FRAME)
            end = time.perf_counter()
            times.append((end - start) * 1000)
            FRAMES.append((start, end))
        time.sleep(max(0.0, FRAME - (time.perf_counter() - round_start)))


def _slow_with_save(frames: list[tuple[float, float]], saves: list[tuple[float, float, bool]]) -> int:
    """How many frames over 16.7 ms overlap a room save (an upper bound on the frames saving slowed)."""
    return sum(1 for start, end in frames if (end - start) * 1000 > 1000 / 60
               and any(s < end and e > start for s, e, _ in saves))


def offline_run(secrets: int, seed: int) -> list[float]:
    """Frame times of one computer-against-computer game on one screen."""
    (app,) = _apps(1)
    table = _table(secrets)
    app.screens.start_game(table.new_game(seed), table)
    times: list[float] = []
    _timed([app], lambda: type(app.scene).__name__ == "EndScene", times)
    return times


def online_run(address: str, secrets: int) -> tuple[list[float], list[float]]:
    """Frame times of both screens over one online game, and how soon each far move began to animate."""
    from doolhof.online.room import MoveMade
    from tests.online.test_online_games import open_rooms

    host_app, far_app = _apps(2)
    host, guest = open_rooms(_table(secrets), frozenset({1}), [address])
    far_app.screens.keep_room = lambda data: None  # one folder here, two computers in truth
    seen: list[float] = []
    played: dict[int, float] = {}
    times: list[float] = []
    for room in (host, guest):
        def play(move: Any, room: Any = room, plain: Any = room.play) -> None:
            played[(len(room.room.log) if room.room.log is not None else 0) + 1] = time.perf_counter()
            plain(move)

        def poll(plain: Any = room.poll) -> list[Any]:
            events = plain()
            for event in events:
                if isinstance(event, MoveMade) and not event.mine and event.seq in played:
                    seen.append((time.perf_counter() - played.pop(event.seq)) * 1000)
            return events

        room.play = play  # type: ignore[method-assign]
        room.poll = poll  # type: ignore[method-assign]
    host_app.screens.start_online(host)
    far_app.screens.start_online(guest)

    def done() -> bool:
        return all(type(app.scene).__name__ == "EndScene" for app in (host_app, far_app))

    try:
        _timed([host_app, far_app], done, times)
    finally:
        for app in (host_app, far_app):
            online = app.screens.online
            if online is not None:
                online.room.stop()
        host.stop()
        guest.stop()
    return times, seen


def _long_table() -> Any:
    from doolhof.session.seats import SeatConfig, TableSetup

    return TableSetup("classic", (SeatConfig("computer", "clever"), SeatConfig("computer", "clever")))


def _stay(seed: int) -> Any:
    """A move chooser that pushes at random and walks nowhere: the game gets long and does not end."""
    import random

    from doolhof.online.moves import push_move, walk_move

    pick = random.Random(seed)

    def move(game: Any) -> Any:
        if game.phase == "push":
            return push_move(pick.choice(game.legal_pushes()))
        return walk_move(game.positions[game.current_player])

    return move


def _screens_play(apps: list[Any], entries: Any, more: int, times: list[float]) -> None:
    start = entries()
    _timed(apps, lambda: entries() >= start + more or all(
        type(app.scene).__name__ == "EndScene" for app in apps), times)


def long_run(address: str, entries: int, more: int) -> tuple[list[float], list[float], int]:
    """Frame times online and offline of *more* entries played on screen after *entries* played headless."""
    from doolhof.online.room import MoveMade
    from tests.online.test_online_games import open_rooms

    host, guest = open_rooms(_long_table(), frozenset({1}), [address])
    pick = _stay(7)
    try:
        while len(host.room.log or ()) < entries:
            mover, other = (host, guest) if host.room.my_turn() else (guest, host)
            assert mover.room.game is not None
            mover.play(pick(mover.room.game.copy()))
            seq = len(mover.room.log or ())
            other.wait(lambda e, n=seq: isinstance(e, MoveMade) and e.seq == n, 20.0)
            if len(other.room.log or ()) < seq:
                raise RuntimeError(f"move {seq} did not arrive")
        assert host.room.game is not None and host.room.table is not None
        position, table, kept = host.room.game.copy(), host.room.table, len(host.room.log or ())
        host_app, far_app = _apps(2)
        far_app.screens.keep_room = lambda data: None  # one folder here, two computers in truth
        host_app.screens.start_online(host)
        far_app.screens.start_online(guest)
        online: list[float] = []
        SAVES.clear()
        FRAMES.clear()
        try:
            _screens_play([host_app, far_app], lambda: len(host.room.log or ()), more, online)
        finally:
            for app in (host_app, far_app):
                if app.screens.online is not None:
                    app.screens.online.room.stop()
    finally:
        host.stop()
        guest.stop()
    (app,) = _apps(1)
    app.screens.start_game(position, table)
    offline: list[float] = []
    turn = position.turn
    _screens_play([app], lambda: 2 * (app.session.game.turn - turn), more, offline)
    return online, offline, kept


def _save_figures(saves: list[tuple[float, float, bool]], frames: list[tuple[float, float]]) -> dict[str, Any]:
    durations = [(e - s) * 1000 for s, e, _ in saves]
    return {
        "saves": len(saves),
        "saves_on_frame_loop": sum(on_loop for _, _, on_loop in saves),
        "save_ms_p50": round(statistics.median(durations), 3) if durations else None,
        "save_ms_max": round(max(durations), 3) if durations else None,
        "online_over_16ms_during_save": _slow_with_save(frames, saves),
    }


def main() -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--rounds", type=int, default=2, help="offline/online games, alternated")
    parser.add_argument("--secrets", type=int, default=4, help="secrets per game (fewer: shorter games)")
    parser.add_argument("--long-entries", type=int, default=3000, help="log entries before the long game is timed")
    parser.add_argument("--long-moves", type=int, default=60, help="log entries timed in the long game")
    args = parser.parse_args()
    relays = _local_relay()
    if relays.find_mosquitto() is None:
        print("mosquitto is not installed (sudo apt install mosquitto)", file=sys.stderr)
        return 2
    offline: list[float] = []
    online: list[float] = []
    seen: list[float] = []
    _watch_saves()
    with relays.LocalRelay() as relay:
        for k in range(max(1, args.rounds)):
            offline += offline_run(args.secrets, seed=k + 1)
            frames, latency = online_run(relay.address, args.secrets)
            online += frames
            seen += latency
        long_online, long_offline, long_entries = long_run(relay.address, args.long_entries, args.long_moves)
        long_saves = _save_figures(list(SAVES), FRAMES[:len(long_online)])
    figures = {
        "load": round(os.getloadavg()[0], 2),
        "frames_offline": len(offline), "frames_online": len(online),
        "frame_p50_ms_offline": round(statistics.median(offline), 3),
        "frame_p95_ms_offline": round(_percentile(offline, 0.95), 3),
        "frame_p50_ms_online": round(statistics.median(online), 3),
        "frame_p95_ms_online": round(_percentile(online, 0.95), 3),
        "online_minus_offline_p95_ms": round(_percentile(online, 0.95) - _percentile(offline, 0.95), 3),
        "far_moves": len(seen),
        "far_move_seen_ms_p50": round(statistics.median(seen), 2) if seen else None,
        "far_move_seen_ms_p95": round(_percentile(seen, 0.95), 2) if seen else None,
        "long": {
            "entries": long_entries,
            "online_p99_ms": round(_percentile(long_online, 0.99), 3),
            "offline_p99_ms": round(_percentile(long_offline, 0.99), 3),
            "online_max_ms": round(max(long_online), 3),
            "offline_max_ms": round(max(long_offline), 3),
            "online_over_16ms": sum(t > 1000 / 60 for t in long_online),
            "offline_over_16ms": sum(t > 1000 / 60 for t in long_offline),
            "frames_online": len(long_online), "frames_offline": len(long_offline),
            **long_saves,
        },
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key:32} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
