"""Frame-time, idle-CPU and start-up benchmark of the real game loop, headless (dummy video driver).

    python scripts/bench_frames.py            # a short table
    python scripts/bench_frames.py --json     # the figures as JSON

Measures (the goals are at the end):

- milliseconds per frame (median, 95th percentile) of ``App.step`` - events, update, draw and
  flip - while the play scene animates pushes tapped on its arrows, at 1280x800 and 1920x1080;
- CPU use (% of one core) of the real ``App.run()`` loop over 3 s of idling after the scene has
  settled, in a child process (``resource.getrusage`` against wall time);
- seconds from starting ``python -m doolhof`` to its first frame on screen (child processes with
  ``DOOLHOF_EXIT_AFTER_FIRST_FRAME=1``; wall time until the child reports, median of 3).

Goals: p95 at 1920x1080 under 8 ms, idle under 2 %, start-up under 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

PUSHES = 6
IDLE_SECONDS = 3.0
FRAME = 1 / 60


def _app(size: tuple[int, int]) -> Any:
    import pygame

    from doolhof.gui.launch import build_app

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    return build_app(screen, argparse.Namespace(mute=True, size=size, fullscreen=False, lang="en", seed=1))


def _play_scene(app: Any) -> Any:
    from doolhof.gui.play.scene import PlayScene
    from doolhof.session.seats import SeatConfig, TableSetup

    table = TableSetup("junior", (SeatConfig("person"),) * 4)
    scene = PlayScene(app, table.new_game(7), table)
    app.push_scene(scene)
    return scene


def _tap_events(pos: tuple[int, int]) -> list[Any]:
    import pygame

    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False),
    ]


def _animating(scene: Any) -> bool:
    timeline = getattr(scene, "timeline", None)
    return bool(timeline.busy()) if timeline is not None else bool(scene.busy())


def _settle(app: Any, limit: float = 30.0) -> None:
    waited = 0.0
    while app.scene.busy() and waited < limit:
        app.step([], FRAME)
        waited += FRAME


def frame_times(size: tuple[int, int], pushes: int = PUSHES) -> list[float]:
    """Milliseconds of every ``App.step`` while push animations run (tapped on arrows) at *size*."""
    import pygame

    app = _app(size)
    scene = _play_scene(app)
    _settle(app)
    times: list[float] = []
    for k in range(pushes):
        game = scene.game
        side, index = game.legal_arrows()[k * 5 % len(game.legal_arrows())]
        tap = _tap_events(scene.arrow_rect(side, index).center)
        first = True
        while first or _animating(scene):
            start = time.perf_counter()
            app.step(tap if first else [], FRAME)
            times.append((time.perf_counter() - start) * 1000)
            first = False
        if game.phase != "walk":
            raise RuntimeError(f"the tap on arrow {side}{index} did not push (phase {game.phase})")
        _settle(app)
        app.step(_tap_events(scene.cell_rect(game.positions[game.current_player]).center), FRAME)  # stay
        _settle(app)
    pygame.display.quit()
    return times


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def idle_child() -> None:
    """(child process) Settle the play scene, then run the real loop for a few idle seconds and report CPU %."""
    import resource
    import threading

    import pygame

    app = _app((1280, 800))
    _play_scene(app)
    # The window's own start-up events (shown, focus, ...) wake the scene's ambient motion: let that pass first.
    pygame.event.pump()
    app.step(pygame.event.get(), FRAME)
    _settle(app)
    app.step([], FRAME)
    drawn = app.frames_drawn
    timer = threading.Timer(IDLE_SECONDS, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    before = resource.getrusage(resource.RUSAGE_SELF)
    wall = time.perf_counter()
    timer.start()
    app.run()
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(json.dumps({"idle_cpu_percent": 100 * cpu / wall, "idle_frames": app.frames_drawn - drawn}))


def idle_cpu() -> tuple[float, int]:
    """CPU % of one core and frames drawn while the real loop idles (measured in a child process)."""
    done = subprocess.run([sys.executable, __file__, "--idle-child"], capture_output=True, text=True,
                          env=_child_env(), timeout=60, check=True)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return figures["idle_cpu_percent"], figures["idle_frames"]


def startup_seconds(runs: int = 3) -> float:
    """Median wall seconds from starting ``python -m doolhof`` to its first frame."""
    env = _child_env()
    env["DOOLHOF_EXIT_AFTER_FIRST_FRAME"] = "1"
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "doolhof", "--size", "1280x800", "--mute"],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        assert child.stdout is not None
        for line in child.stdout:
            if line.startswith("first-frame"):
                samples.append(time.perf_counter() - start)
                break
        child.wait(timeout=30)
    if not samples:
        raise RuntimeError("the game never reported its first frame")
    return statistics.median(samples)


def _child_env() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.setdefault("DOOLHOF_HOME", tempfile.mkdtemp(prefix="doolhof-bench-"))
    return env


def main() -> int:
    """Run every measurement and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--pushes", type=int, default=PUSHES, help="push animations timed per window size")
    parser.add_argument("--idle-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.idle_child:
        idle_child()
        return 0
    figures: dict[str, float] = {}
    frames = {}
    for w, h in ((1280, 800), (1920, 1080)):
        times = frame_times((w, h), args.pushes)
        frames[f"{w}x{h}"] = len(times)
        figures[f"frame_ms_p50_{w}x{h}"] = round(statistics.median(times), 3)
        figures[f"frame_ms_p95_{w}x{h}"] = round(_percentile(times, 0.95), 3)
    cpu, idle_frames = idle_cpu()
    figures["idle_cpu_percent"] = round(cpu, 3)
    figures["startup_s"] = round(startup_seconds(), 3)
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    for size in ("1280x800", "1920x1080"):
        print(f"frame at {size:>9}: median {figures[f'frame_ms_p50_{size}']:6.2f} ms,"
              f" p95 {figures[f'frame_ms_p95_{size}']:6.2f} ms  ({frames[size]} frames of push animation)")
    print(f"idle loop: {figures['idle_cpu_percent']:.2f} % of one core over {IDLE_SECONDS:.0f} s"
          f" ({idle_frames} frames drawn)")
    print(f"start-up to first frame: {figures['startup_s']:.3f} s")
    goals = [figures["frame_ms_p95_1920x1080"] < 8, figures["idle_cpu_percent"] < 2, figures["startup_s"] < 1]
    print("goals (p95 1920x1080 < 8 ms, idle < 2 %, start-up < 1 s):", ["missed", "met"][all(goals)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
