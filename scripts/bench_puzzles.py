"""Measure the puzzle solver and the puzzle maker.

Usage: ``python scripts/bench_puzzles.py [--json] [--rounds N]`` (``--find`` lists fresh hard positions)

Every solve figure comes twice: the solver now, and ``*_baseline_ms_p50`` the search as it was
before (every state of a turn built before any last turn was tested, each arrow of the last turn
tested with a flood fill; kept here as :func:`baseline_solve`, sharing the solver's start and its
reading back of the walks), measured in the same run, with ``*_speedup`` the ratio of the medians.
Solve times are CPU time of the process, the fastest of ``--rounds`` solves.

* ``solve2_*``: positions needing 2 turns (the first 24 of the scanned positions below).
* ``solve3_junior_ms_p50`` / ``solve3_classic_ms_p50``: ``solve(game, max_turns=3)`` on positions
  that need 3 turns or cannot be done within 3 (the slow answers: every 1- and 2-turn plan is
  tried first). The positions are dealt like new games, a figure on a random cell, a random
  picture as the target, and kept when the solver says 3 or None; they are listed below (found
  with ``--find``). Random deals needing 3 turns are rare (about 1 in 4,000 on the Junior board,
  1 in 60 on the big board) and in our scans none was impossible within 3. Each position is solved
  ``--rounds`` times and its fastest time kept (the machine is shared); the figure is the median
  over the positions, with the slowest position beside it.
* ``impossible3_*_ms_p50``: positions proved impossible within 3 turns (the whole 3-turn
  search, nothing found). Dealt games never gave one, so these boards are random straights and
  corners (any position ``Game.from_position`` accepts): the worst case, for comparison.
* ``solve3_*_all_ms_p50``: the same on every scanned position (most need 1 or 2 turns).
* ``generate_ms_p50``: making one daily puzzle (``daily(date)``, dealing and solving until one
  fits), median over 28 days in a row; the slowest day beside it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from doolhof.engine import Board, Cell, Game, fast, puzzles
from doolhof.engine.puzzles import Solution, daily, solve
from doolhof.engine.variants import VARIANTS

#: Per variant, (deal seed, figure cell, target picture): positions needing 3 turns, found by ``--find``.
HARD: dict[str, list[tuple[int, Cell, str]]] = {
    "junior": [
        (1197919597, (0, 0), "sun"), (236498512, (1, 2), "key"), (1487934496, (2, 1), "sun"),
        (3315250494, (3, 2), "apple"), (2314841898, (3, 2), "crown"), (1918211475, (4, 4), "apple"),
        (93137541, (0, 4), "ball"), (326921692, (2, 1), "star"), (862832103, (2, 1), "apple"),
        (4189876527, (1, 2), "star"), (431180938, (0, 4), "house"), (1165816224, (1, 1), "fish"),
    ],
    "classic": [
        (2196548038, (5, 0), "tree"), (2273329438, (6, 6), "hat"), (769097270, (6, 0), "sun"),
        (1529340531, (3, 4), "cup"), (3486051649, (1, 5), "umbrella"), (780853784, (6, 4), "car"),
        (3893076984, (5, 2), "rocket"), (4158004297, (5, 1), "umbrella"), (2500973793, (5, 2), "moon"),
        (4043555402, (2, 0), "cake"), (2058588082, (2, 4), "leaf"), (231108747, (3, 2), "crown"),
    ],
}


def position(variant: str, seed: int, figure: Cell, picture: str) -> Game:
    """A dealt board with the figure on *figure* heading for *picture*."""
    base = Game.new(variant=variant, players=2, seed=seed)
    own = base.variant.own_piles
    return Game.from_position(
        base.board, base.spare, variant=variant, positions=[figure, figure], spare_picture=base.spare_picture,
        secrets=() if own else [picture], piles=[[picture], []] if own else None,
    )


def scan(variant: str, count: int, seed: int = 2026) -> list[tuple[int, Cell, str]]:
    """Random positions of *variant* (*count* of them), as (deal seed, figure, picture)."""
    rng = random.Random(f"{seed}-{variant}")
    size = VARIANTS[variant].size
    out = []
    for _ in range(count):
        deal = rng.getrandbits(32)
        figure = (rng.randrange(size), rng.randrange(size))
        base = Game.new(variant=variant, players=2, seed=deal)
        picture = rng.choice(sorted(p for p in base.board.pictures() if p is not None))
        out.append((deal, figure, picture))
    return out


def impossible(variant: str, count: int, seed: int = 9) -> list[Game]:
    """*count* positions on random boards of straights and corners that cannot be done within 3 turns."""
    v = VARIANTS[variant]
    size = v.size
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        masks = [rng.choice(_TWO_WAY) for _ in range(size * size)]
        pictures: list[str | None] = [None] * (size * size)
        pictures[rng.randrange(size * size)] = "star"
        figure = (rng.randrange(size), rng.randrange(size))
        game = Game.from_position(
            Board(size, masks, pictures), rng.choice(_TWO_WAY), variant=variant, positions=[figure, figure],
            secrets=() if v.own_piles else ["star"], piles=[["star"], []] if v.own_piles else None,
        )
        if solve(game, 3) is None:
            out.append(game)
    return out


def _baseline_joined(bits: int, size: int, goal: int, cells: int) -> bool:
    """The solver's flood test as it was (the baseline's)."""
    east, south = fast.links(bits, size)
    reach = goal
    while not reach & cells:
        grown = fast.flood_step(east, south, size, reach)
        if grown == reach:
            return False
        reach = grown
    return True


def _turns(game: Game) -> int | None:
    sol = solve(game, 3)
    return None if sol is None else sol.turns


#: Straights and corners: the cards with two openings.
_TWO_WAY = (3, 5, 6, 9, 10, 12)


def solve_ms(game: Game, rounds: int, solver: Callable[[Game, int], Solution | None] = solve) -> float:
    """The fastest of *rounds* ``solver(game, 3)`` calls, in milliseconds of the process's CPU time
    (on a busy machine wall-clock time punishes long calls more, as they are cut off more often)."""
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        solver(game, 3)
        best = min(best, time.process_time() - t0)
    return best * 1000


def baseline_solve(game: Game, max_turns: int = 3) -> Solution | None:
    """:func:`solve` with the search as it was before (every state of a turn built before any last turn
    is tested), for the speed comparison."""
    start = puzzles._start(game)
    size = game.board.size
    for turns in range(1, max_turns + 1):
        found = _baseline_search(start, size, turns)
        if found is not None:
            return Solution(found[0], puzzles._steps(found[1], size))
    return None


def _baseline_search(start: puzzles._Node, size: int, max_turns: int) -> tuple[int, puzzles._Found] | None:
    """The solver before the last turn was tested as states are made (kept as the baseline).

    Breadth first by turns from *start*: the first solution found is a shortest one.

    After a push only the *set* of cells the figure could walk to matters, so one node stands for
    every walk at once; nodes with the same board, spare shape, picture cell, closed arrow and cell
    set are one (a straight turned twice, two orders of the same pushes).
    """
    all_arrows = [(a, fast.arrow(size, *a.closes)) for a in fast.arrows(size)]
    seen: set[tuple[int, int, int, fast.Arrow, int]] = set()
    level = [start]
    for turn in range(1, max_turns + 1):
        last = turn == max_turns
        nxt: list[puzzles._Node] = []
        for node in level:
            bits, target, cells = node.bits, node.target, node.cells
            turns = puzzles._TURNS[node.spare]
            for a, closed in all_arrows:
                if a is node.closed:
                    continue
                moved = fast.carry(cells, a)  # the figures ride along (R7, R9) ...
                # ... and so does the picture; pushed out, it waits on the spare, pushed in, it comes back.
                if target < 0:
                    new_target = a.in_cell
                elif target == a.out_cell:
                    new_target = -1
                else:
                    new_target = a.moves[target]
                if last:
                    # Only "can the figure reach the picture now?" is left. A crossing pushed in joins
                    # at least as much as any real card, so when even it cannot, no turn of the card can.
                    crossed = fast.push(bits, a, puzzles._CROSS)[0]
                    if new_target < 0 or not _baseline_joined(crossed, size, 1 << new_target, moved):
                        continue
                    for r, card in turns:
                        pushed = fast.push(bits, a, card)[0]
                        if _baseline_joined(pushed, size, 1 << new_target, moved):
                            return turn, puzzles._Found(node, a, r, pushed, new_target)
                    continue
                for r, card in turns:
                    pushed, out = fast.push(bits, a, card)
                    reach = fast.reach(pushed, size, moved)
                    if new_target >= 0 and reach >> new_target & 1:
                        return turn, puzzles._Found(node, a, r, pushed, new_target)
                    key = (pushed, puzzles._SHAPE[out], new_target, closed, reach)
                    if key in seen:
                        continue
                    seen.add(key)
                    nxt.append(puzzles._Node(pushed, out, new_target, closed, reach, node, a, r))
        level = nxt
        if not level:
            return None
    return None


def find(variant: str, wanted: int, limit: int) -> None:
    """Print positions needing 3 turns (or impossible within 3), for the HARD table."""
    found = 0
    for deal, figure, picture in scan(variant, limit, seed=7):
        sol = solve(position(variant, deal, figure, picture), 3)
        if sol is None or sol.turns == 3:
            print(f"        ({deal}, {figure}, {picture!r}),  # {'None' if sol is None else 3}")
            found += 1
            if found == wanted:
                return


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures (as JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--rounds", type=int, default=5, help="solves per position (the fastest counts)")
    parser.add_argument("--find", action="store_true", help="list fresh hard positions and stop")
    args = parser.parse_args(argv)
    if args.find:
        for variant, limit in (("junior", 100_000), ("classic", 3_000)):
            print(f"    {variant!r}: [")
            find(variant, 12, limit)
            print("    ],")
        return 0
    figures: dict[str, float] = {}
    for variant in ("junior", "classic"):
        scanned = [position(variant, *p) for p in scan(variant, 300)]
        two = [g for g in scanned if _turns(g) == 2][:24]
        three = [position(variant, *p) for p in HARD[variant]]
        worst = impossible(variant, 12)
        for name, games, rounds in (("solve2", two, args.rounds), ("solve3", three, args.rounds),
                                    ("impossible3", worst, args.rounds)):
            now, before = [], []
            for g in games:  # side by side, so a busy moment of the shared machine hits both
                now.append(solve_ms(g, rounds))
                before.append(solve_ms(g, rounds, baseline_solve))
            figures[f"{name}_{variant}_ms_p50"] = round(statistics.median(now), 2)
            figures[f"{name}_{variant}_baseline_ms_p50"] = round(statistics.median(before), 2)
            figures[f"{name}_{variant}_speedup"] = round(statistics.median(before) / statistics.median(now), 2)
            figures[f"{name}_{variant}_ms_max"] = round(max(now), 2)
            figures[f"{name}_{variant}_positions"] = len(games)
        every = [solve_ms(g, 1) for g in scanned]
        figures[f"solve3_{variant}_all_ms_p50"] = round(statistics.median(every), 3)
    start = datetime.date(2026, 12, 1)
    made = []
    for k in range(28):
        t0 = time.perf_counter()
        daily(start + datetime.timedelta(days=k))
        made.append((time.perf_counter() - t0) * 1000)
    figures["generate_ms_p50"] = round(statistics.median(made), 1)
    figures["generate_ms_max"] = round(max(made), 1)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for variant in ("junior", "classic"):
            for name, what in (("solve2", "needing 2 turns"), ("solve3", "needing 3 turns"),
                               ("impossible3", "impossible within 3")):
                key = f"{name}_{variant}"
                print(f"{variant:8} {what:20}: median {figures[key + '_ms_p50']:8.2f} ms, before "
                      f"{figures[key + '_baseline_ms_p50']:8.2f} ms ({figures[key + '_speedup']:.2f}x), slowest "
                      f"{figures[key + '_ms_max']:.1f} ms over {figures[key + '_positions']:.0f} positions")
            print(f"{variant:8} any dealt position: median {figures[f'solve3_{variant}_all_ms_p50']:.2f} ms")
        print(f"daily puzzle made in {figures['generate_ms_p50']:.1f} ms (median of 28 days), "
              f"slowest day {figures['generate_ms_max']:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
