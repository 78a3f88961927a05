#!/usr/bin/env python3
"""How long a computer player thinks: milliseconds per move (push choice + walk choice).

Each level plays two-player games against itself (two players is the heaviest case: the expert
searches one ply deeper there) on Junior and on Classic, and every move is timed until enough
samples are in. Prints the median and 95th percentile per level and board::

    python scripts/bench_ai.py           # a table
    python scripts/bench_ai.py --json    # keys like expert_junior_ms_p50, expert_classic_ms_p95

Budgets (the figures are in docs/ai.md, "Speed"): expert on Junior under 50 ms median, on
Classic under 300 ms median; a computer move on Junior well under 100 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from doolhof.engine import Game
from doolhof.engine.ai import LEVELS as AI_LEVELS
from doolhof.engine.ai import make_player

#: Every computer level but "random" (which does not think).
LEVELS = tuple(level for level in AI_LEVELS if level != "random")
BOARDS = ("junior", "classic")


def time_moves(level: str, variant: str, moves: int, seed: int) -> list[float]:
    """Milliseconds per move for *moves* moves of *level* playing itself on *variant*."""
    samples: list[float] = []
    game_seed = seed
    while len(samples) < moves:
        game = Game.new(variant, 2, seed=game_seed)
        players = [make_player(level, seed=game_seed * 2 + s) for s in range(2)]
        while not game.is_over() and len(samples) < moves:
            player = players[game.current_player]
            start = time.perf_counter()
            push = player.choose_push(game)
            thinking = time.perf_counter() - start
            game.push(push)  # applying the push is the engine's time, not the player's
            start = time.perf_counter()
            cell = player.choose_walk(game)
            thinking += time.perf_counter() - start
            game.walk(cell)
            samples.append(thinking * 1000.0)
        game_seed += 1
    return samples


def percentile(values: list[float], share: float) -> float:
    """The *share* quantile (0 to 1) of *values*, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--moves", type=int, default=150, help="moves timed per level and board")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    figures: dict[str, float] = {}
    for variant in BOARDS:
        for level in LEVELS:
            samples = time_moves(level, variant, args.moves, args.seed)
            figures[f"{level}_{variant}_ms_p50"] = round(statistics.median(samples), 2)
            figures[f"{level}_{variant}_ms_p95"] = round(percentile(samples, 0.95), 2)
            figures[f"{level}_{variant}_ms_max"] = round(max(samples), 2)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{'level':8} {'board':8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
        for variant in BOARDS:
            for level in LEVELS:
                key = f"{level}_{variant}_ms"
                print(f"{level:8} {variant:8} {figures[key + '_p50']:8.2f} {figures[key + '_p95']:8.2f}"
                      f" {figures[key + '_max']:8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
