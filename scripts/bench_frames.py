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

The card game (keys ``cards_...``), the real :class:`~doolhof.gui.cards.scene.CardPlayScene`
with two person seats on a table that gentle computer players grew to 45 cards (nobody took):

- milliseconds per ``App.step`` at 1280x800 and 1920x1080 while a card is laid by taps beside the
  table (46 cards: the view zooms out, the joined path glows) until the view rests (``zoom``), and
  while the picked cards are taken by the take button (they fly to the tray, drawn cards fly from the
  pile, the next turn is announced) until all rests (``take``); both together without a part name.
  The same lay and take is timed a few times (``--card-rounds``), each from the restored 45-card game;
  ``cards_frame_cpu_ms_...`` is the processor time of the same frames (not counting the others' work
  on a shared machine);
- the idle loop of the settled card scene (as for the maze), and the first frame of a resumed
  46-card game in a fresh process (``cards_resume_first_frame_ms``: every face rendered once).

The machine is shared and noisy: compare figures of one run with each other (``cards_to_maze_p95_ratio_...``
and the load average printed with them), not with another run's.

Goals: p95 at 1920x1080 under 8 ms (both games), idle under 2 % (both), start-up under 1 s.
``--quick`` times one lay and take and idles half a second (the tests run it); ``--cards-only`` skips the maze.
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
# Benchmarks never touch a family's files: a temporary home unless one is asked for.
os.environ.setdefault("DOOLHOF_HOME", tempfile.mkdtemp(prefix="doolhof-bench-"))

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


def frame_times(size: tuple[int, int], pushes: int = PUSHES, on_frame: Any = None) -> list[float]:
    """Milliseconds of every ``App.step`` while push animations run (tapped on arrows) at *size*.

    *on_frame*, when given, is called inside every timed frame (scripts/bench_online.py polls a room there).
    """
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
            if on_frame is not None:
                on_frame()
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


# ----- the card game ----------------------------------------------------------------------------
#: Cards on the table before the measured lay (the lay makes it CARDS_ON_TABLE + 1).
CARDS_ON_TABLE = 45
#: Lays and takes timed per window size (each from the same restored table).
CARD_ROUNDS = 4


def _card_table() -> Any:
    """Two person seats (nobody moves on by themselves while frames are timed)."""
    from doolhof.session.seats import SeatConfig, TableSetup

    return TableSetup(variant="cards", seats=(SeatConfig("person"), SeatConfig("person")))


def grown_card_game(cards: int = CARDS_ON_TABLE, seed: int = 3) -> Any:
    """A 2-player card game where gentle computer players laid cards (nobody took) until *cards* lie on the table.

    The game stands in its place phase with a hand card of the mover that joins a path (so a take follows).
    """
    from doolhof.cards import CardGame
    from doolhof.cards.ai import make_player

    for attempt in range(seed, seed + 50):
        game = CardGame.new(players=2, seed=attempt)
        players = [make_player("gentle", seed=attempt + s) for s in range(game.players)]
        while not game.is_over() and (len(game.table) < cards or game.phase == "take"):
            if game.phase == "take":
                game.take(frozenset())
            else:
                game.place(players[game.current_player].choose_place(game))
        if not game.is_over() and _joining_place(game, outside=True) is not None:
            return game
    raise RuntimeError(f"no {cards}-card table with a card that joins a path beside the table in 50 seeds")


def _joining_place(game: Any, outside: bool = False) -> Any:
    """A legal place that joins a path, preferring one outside the table's bounds (the view must zoom out);
    None when there is none (or, with *outside*, none outside the bounds)."""
    xs = [c[0] for c in game.table]
    ys = [c[1] for c in game.table]
    joining = []
    for place in game.legal_places():
        trial = game.copy()
        trial.place(place)
        if trial.phase == "take" and trial.takeable():
            x, y = place.cell
            inside = min(xs) <= x <= max(xs) and min(ys) <= y <= max(ys)
            joining.append((inside, place.hand_index, place.cell, place.rotation, place))
    if outside:
        joining = [j for j in joining if not j[0]]
    return min(joining, key=lambda j: j[:4])[4] if joining else None


def _card_scene(app: Any, game: Any) -> Any:
    from doolhof.gui.cards.scene import CardPlayScene

    scene = CardPlayScene(app, game, _card_table())
    app.push_scene(scene)
    return scene


def _settle_cards(app: Any, scene: Any, limit: float = 30.0) -> None:
    """Step untimed frames until no clip runs, the camera rests and the hand cards stand still."""
    waited = 0.0
    while waited < limit and (scene.timeline.busy() or scene.camera.moving or scene.effects or any(
            abs(a - r * 90) > 0.01 for a, r in zip(scene.angles, scene.rotations, strict=True))):
        app.step([], FRAME)
        waited += FRAME


def _timed_until_still(app: Any, scene: Any, first: list[Any], times: list[tuple[float, float]]) -> None:
    """Time ``App.step`` frames (the first with *first*'s events) until no clip runs and the camera rests:
    (wall ms, processor ms) per frame."""
    events = first
    steps = 0
    while events or scene.timeline.busy() or scene.camera.moving:
        start, cpu = time.perf_counter(), time.process_time()
        app.step(events, FRAME)
        times.append(((time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000))
        events = []
        steps += 1
        if steps > 60 * 20:
            raise RuntimeError("the card scene never came to rest")


def card_frame_times(size: tuple[int, int], rounds: int = CARD_ROUNDS) -> dict[str, list[tuple[float, float]]]:
    """(wall, processor) milliseconds of every ``App.step`` of the card scene at *size*.

    ``"zoom"``: from the tap that lays a card on the 45-card table (it grows to 46, joins a path, the
    view zooms out) until the view rests; ``"take"``: from the tap on the take button (cards fly to the
    tray, drawn cards from the pile, the next turn is announced) until all rests.
    """
    import pygame

    app = _app(size)
    grown = grown_card_game()
    scene = _card_scene(app, grown.copy())
    times: dict[str, list[tuple[float, float]]] = {"zoom": [], "take": []}
    for _ in range(rounds):
        scene.restore(grown.copy())
        app.step([], FRAME)
        _settle_cards(app, scene)
        place = _joining_place(scene.game)
        hand = scene.layout.hand[place.hand_index].center
        for _ in range(1 + place.rotation):  # the first tap chooses the card, the next ones turn it
            app.step(_tap_events(hand), FRAME)
        _settle_cards(app, scene)
        if place.cell not in scene.lit():
            raise RuntimeError(f"the card is not ready to lay at {place.cell}")
        scene.camera.follow([place.cell], instant=True)  # a late table shows in part: its cell into view
        x, y = scene.cell_center(place.cell)
        _timed_until_still(app, scene, _tap_events((round(x), round(y))), times["zoom"])
        if scene.game.phase != "take" or len(scene.game.table) != CARDS_ON_TABLE + 1:
            raise RuntimeError(f"the lay at {place.cell} did not join a path (phase {scene.game.phase})")
        from doolhof.cards.ai import best_take

        for cell in sorted(best_take(scene.game)):
            scene.camera.follow([cell], instant=True)
            cx, cy = scene.cell_center(cell)
            app.step(_tap_events((round(cx), round(cy))), FRAME)
        if not scene.picks:
            raise RuntimeError("the taps picked no card")
        turn = scene.game.turn
        _timed_until_still(app, scene, _tap_events(scene.layout.take.center), times["take"])
        if scene.game.turn == turn:
            raise RuntimeError("the tap on the take button did not take")
    pygame.display.quit()
    return times


def cards_idle_child(seconds: float = IDLE_SECONDS) -> None:
    """(child process) Time the first frame of a resumed 46-card game, settle it, then idle like :func:`idle_child`."""
    import pygame

    app = _app((1280, 800))
    game = grown_card_game()
    game.place(_joining_place(game))
    game.take(frozenset())  # a 46-card table, the next player's turn: as an autosave would hold it
    start = time.perf_counter()
    scene = _card_scene(app, game)
    app.step([], FRAME)
    first = (time.perf_counter() - start) * 1000
    pygame.event.pump()
    app.step(pygame.event.get(), FRAME)
    scene.ambient_until = scene.clock  # the ambient breathing after the last input is over (it lasts seconds)
    _settle_cards(app, scene)
    app.step([], FRAME)
    if app.scene.busy():
        raise RuntimeError("the card scene does not come to rest")
    cpu_percent, frames = _run_idle(app, seconds)
    print(json.dumps({"cards_idle_cpu_percent": cpu_percent, "cards_idle_frames": frames,
                      "cards_resume_first_frame_ms": first}))


def cards_idle(seconds: float = IDLE_SECONDS) -> dict[str, float]:
    """The card scene's resumed first frame (ms) and idle CPU % (a child process: a cold start, as on resume)."""
    done = subprocess.run([sys.executable, __file__, "--cards-idle-child", "--idle-seconds", str(seconds)],
                          capture_output=True, text=True,
                          env=_child_env(), timeout=120, check=True)
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def idle_child() -> None:
    """(child process) Settle the play scene, then run the real loop for a few idle seconds and report CPU %."""
    import pygame

    app = _app((1280, 800))
    _play_scene(app)
    # The window's own start-up events (shown, focus, ...) wake the scene's ambient motion: let that pass first.
    pygame.event.pump()
    app.step(pygame.event.get(), FRAME)
    _settle(app)
    app.step([], FRAME)
    cpu_percent, frames = _run_idle(app, IDLE_SECONDS)
    print(json.dumps({"idle_cpu_percent": cpu_percent, "idle_frames": frames}))


def _run_idle(app: Any, seconds: float) -> tuple[float, int]:
    """(child process) Run *app*'s real loop for *seconds* untouched; its CPU % and the frames it drew."""
    import resource
    import threading

    import pygame

    drawn = app.frames_drawn
    timer = threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    before = resource.getrusage(resource.RUSAGE_SELF)
    wall = time.perf_counter()
    timer.start()
    app.run()
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return 100 * cpu / wall, app.frames_drawn - drawn


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


def card_figures(rounds: int = CARD_ROUNDS,
                 idle_seconds: float = IDLE_SECONDS) -> tuple[dict[str, float], dict[str, int]]:
    """The card game's figures (keys ``cards_...``) and how many frames each size's figures rest on."""
    figures: dict[str, float] = {}
    frames: dict[str, int] = {}
    for w, h in ((1280, 800), (1920, 1080)):
        size = f"{w}x{h}"
        parts = card_frame_times((w, h), rounds)
        parts["all"] = parts["zoom"] + parts["take"]
        frames[size] = len(parts["all"])
        for part, times in parts.items():
            name = "cards_frame_ms" if part == "all" else f"cards_{part}_frame_ms"
            wall = [t[0] for t in times]
            figures[f"{name}_p50_{size}"] = round(statistics.median(wall), 3)
            figures[f"{name}_p95_{size}"] = round(_percentile(wall, 0.95), 3)
        cpu = [t[1] for t in parts["all"]]
        figures[f"cards_frame_cpu_ms_p50_{size}"] = round(statistics.median(cpu), 3)
        figures[f"cards_frame_cpu_ms_p95_{size}"] = round(_percentile(cpu, 0.95), 3)
    idle = cards_idle(idle_seconds)
    figures["cards_idle_cpu_percent"] = round(idle["cards_idle_cpu_percent"], 3)
    figures["cards_resume_first_frame_ms"] = round(idle["cards_resume_first_frame_ms"], 1)
    frames["idle"] = int(idle["cards_idle_frames"])
    return figures, frames


def main() -> int:
    """Run every measurement and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--pushes", type=int, default=PUSHES, help="push animations timed per window size")
    parser.add_argument("--card-rounds", type=int, default=CARD_ROUNDS, help="card lays and takes timed per size")
    parser.add_argument("--cards-only", action="store_true", help="only the card game (no maze, no start-up)")
    parser.add_argument("--quick", action="store_true", help="one card lay and take, half a second of idling")
    parser.add_argument("--idle-child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--cards-idle-child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--idle-seconds", type=float, default=IDLE_SECONDS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.idle_child:
        idle_child()
        return 0
    if args.cards_idle_child:
        cards_idle_child(args.idle_seconds)
        return 0
    figures: dict[str, float] = {}
    frames = {}
    if not args.cards_only:
        for w, h in ((1280, 800), (1920, 1080)):
            times = frame_times((w, h), args.pushes)
            frames[f"{w}x{h}"] = len(times)
            figures[f"frame_ms_p50_{w}x{h}"] = round(statistics.median(times), 3)
            figures[f"frame_ms_p95_{w}x{h}"] = round(_percentile(times, 0.95), 3)
        cpu, idle_frames = idle_cpu()
        figures["idle_cpu_percent"] = round(cpu, 3)
        figures["startup_s"] = round(startup_seconds(), 3)
    rounds, idle_seconds = (1, 0.5) if args.quick else (args.card_rounds, IDLE_SECONDS)
    cards, card_frames = card_figures(rounds, idle_seconds)
    figures.update(cards)
    if not args.cards_only:
        for size in ("1280x800", "1920x1080"):
            figures[f"cards_to_maze_p95_ratio_{size}"] = round(
                figures[f"cards_frame_ms_p95_{size}"] / max(1e-6, figures[f"frame_ms_p95_{size}"]), 3)
    figures["load_average_1min"] = round(os.getloadavg()[0], 2)
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"(a shared machine: load average {figures['load_average_1min']:.2f} over the last minute on"
          f" {os.cpu_count()} cores; compare the figures of one run with each other, not across runs)")
    if not args.cards_only:
        for size in ("1280x800", "1920x1080"):
            print(f"frame at {size:>9}: median {figures[f'frame_ms_p50_{size}']:6.2f} ms,"
                  f" p95 {figures[f'frame_ms_p95_{size}']:6.2f} ms  ({frames[size]} frames of push animation)")
        print(f"idle loop: {figures['idle_cpu_percent']:.2f} % of one core over {IDLE_SECONDS:.0f} s"
              f" ({idle_frames} frames drawn)")
        print(f"start-up to first frame: {figures['startup_s']:.3f} s")
    for size in ("1280x800", "1920x1080"):
        line = (f"cards at {size:>9}: median {figures[f'cards_frame_ms_p50_{size}']:6.2f} ms,"
                f" p95 {figures[f'cards_frame_ms_p95_{size}']:6.2f} ms"
                f" (zoom p95 {figures[f'cards_zoom_frame_ms_p95_{size}']:.2f},"
                f" take p95 {figures[f'cards_take_frame_ms_p95_{size}']:.2f};"
                f" processor p95 {figures[f'cards_frame_cpu_ms_p95_{size}']:.2f} ms; {card_frames[size]} frames)")
        if f"cards_to_maze_p95_ratio_{size}" in figures:
            line += f", {figures[f'cards_to_maze_p95_ratio_{size}']:.2f} x the maze's p95"
        print(line)
    print(f"cards idle loop: {figures['cards_idle_cpu_percent']:.2f} % of one core over {idle_seconds:g} s"
          f" ({card_frames['idle']} frames drawn); first frame of a resumed 46-card game:"
          f" {figures['cards_resume_first_frame_ms']:.0f} ms")
    goals = [figures["cards_frame_ms_p95_1920x1080"] < 8, figures["cards_idle_cpu_percent"] < 2]
    if not args.cards_only:
        goals += [figures["frame_ms_p95_1920x1080"] < 8, figures["idle_cpu_percent"] < 2, figures["startup_s"] < 1]
    print("goals (p95 1920x1080 < 8 ms, idle < 2 %, start-up < 1 s):", ["missed", "met"][all(goals)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
