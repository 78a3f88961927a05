#!/usr/bin/env python3
"""How long the sound player takes: loading every sound, and one ``play`` call (which must never wait).

    python scripts/bench_sound.py            # a short table
    python scripts/bench_sound.py --json     # the figures as JSON

Runs on SDL's dummy audio driver unless ``SDL_AUDIODRIVER`` is set (set it to measure a real device).
A burst of plays cycles through every sound, a tenth of a second apart on the player's own clock, as
in a lively game; each call is timed. Reports the milliseconds for the first round (one play of every
sound, which opens the mixer and loads each file), the median, 95th
percentile and maximum microseconds per ``play``, the milliseconds for the whole burst, and how many
plays started a sound (the others were skipped by the repeat and voice budgets) and what those took.

Goal: a burst of 300 plays well under 1 s (a play returns at once; it never waits for the audio).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

PLAYS = 300
GOAL_SECONDS = 1.0


class _Clock:
    """The player's clock, wound by hand: each play comes a tenth of a second after the one before."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _percentile(values: list[float], share: float) -> float:
    """The *share* quantile (0 to 1) of *values*, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(plays: int = PLAYS) -> dict[str, float]:
    """Play every sound once (opening the mixer, loading the files), then time a burst of *plays* plays."""
    import pygame

    from doolhof.gui.kit import sound

    try:
        clock = _Clock()
        player = sound.SoundPlayer(clock=clock)
        start = time.perf_counter()
        for name in sound.SOUND_NAMES:  # the first play of a sound loads its file
            clock.now += 1.0
            player.play(name)
        first_round_ms = (time.perf_counter() - start) * 1000
        times: list[float] = []
        starting: list[float] = []  # the plays that started a sound (the others were skipped)
        burst = time.perf_counter()
        for k in range(plays):
            clock.now += 0.1
            start = time.perf_counter()
            ok = player.play(sound.SOUND_NAMES[k % len(sound.SOUND_NAMES)])
            times.append((time.perf_counter() - start) * 1e6)
            if ok:
                starting.append(times[-1])
        burst_ms = (time.perf_counter() - burst) * 1000
    finally:
        pygame.mixer.quit()
    return {
        "first_round_ms": round(first_round_ms, 3),
        "play_us_p50": round(statistics.median(times), 1),
        "play_us_p95": round(_percentile(times, 0.95), 1),
        "play_us_max": round(max(times), 1),
        "started_play_us_p50": round(statistics.median(starting), 1) if starting else 0.0,
        "started_play_us_max": round(max(starting), 1) if starting else 0.0,
        "burst_ms": round(burst_ms, 3),
        "plays": plays,
        "started": len(starting),
    }


def main() -> int:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--plays", type=int, default=PLAYS, help="plays in the timed burst")
    args = parser.parse_args()
    figures = measure(args.plays)
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"audio driver: {os.environ['SDL_AUDIODRIVER']}")
    print(f"first play of every sound (mixer opened, files loaded): {figures['first_round_ms']:.2f} ms")
    print(f"one play: median {figures['play_us_p50']:.1f} us, p95 {figures['play_us_p95']:.1f} us,"
          f" max {figures['play_us_max']:.1f} us")
    print(f"one play that starts a sound: median {figures['started_play_us_p50']:.1f} us,"
          f" max {figures['started_play_us_max']:.1f} us")
    print(f"burst of {args.plays} plays: {figures['burst_ms']:.2f} ms ({figures['started']} started,"
          f" the rest skipped by the budgets)")
    goal = figures["burst_ms"] / 1000 * PLAYS / max(1, args.plays) < GOAL_SECONDS
    print(f"goal ({PLAYS} plays under {GOAL_SECONDS:.0f} s):", "met" if goal else "missed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
