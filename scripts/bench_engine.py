"""Measure the rules engine: pushes + reachability per second, against the reference, and full games per second.

Usage: ``python scripts/bench_engine.py [--json] [--steps N] [--games N]``

One *step* is what a computer player does most: list the legal pushes, pick one at random, push,
then ask which cells the mover can reach. Only that is timed. Between steps (untimed) the mover
walks to a random reachable cell; when a game ends the starting position is restored from a copy,
so the loop never runs out of game. The reference implementation (``tests/reference.py``) makes
the same kind of steps in the same run, so the ratio does not depend on how busy the machine is.

Beside them the fast core (``doolhof.engine.fast``, what the puzzle solver runs on): an unchecked
push on the plain-integer bit board, without events, pictures or figures (``fast_push_per_s``),
and that push plus a flood fill from a cell set of four cells, the answer a bit set
(``fast_push_reach_per_s``), against the public step above.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from doolhof.engine import Game, fast
from doolhof.engine.players import RandomPlayer
from doolhof.engine.simulate import play_game
from tests.reference import RefGame, new_game


def engine_steps_per_s(variant: str, steps: int, seed: int = 1) -> float:
    """Engine push + reachable() steps per second on a 4-player *variant* game."""
    start = Game.new(variant=variant, players=4, seed=seed)
    game = start.copy()
    rng = random.Random(seed)
    clock = time.perf_counter
    spent = 0.0
    for _ in range(steps):
        t0 = clock()
        game.push(rng.choice(game.legal_pushes()))
        reach = game.reachable()
        spent += clock() - t0
        game.walk(rng.choice(sorted(reach)))
        if game.is_over():
            game = start.copy()
    return steps / spent


def reference_steps_per_s(variant: str, steps: int, seed: int = 1) -> float:
    """The same steps on the reference implementation."""
    start: RefGame = new_game(variant, 4, seed)
    game = start.copy()
    rng = random.Random(seed)
    clock = time.perf_counter
    spent = 0.0
    for _ in range(steps):
        t0 = clock()
        game.push(*rng.choice(game.legal_pushes()))
        reach = game.reachable()
        spent += clock() - t0
        game.walk(rng.choice(sorted(reach)))
        if game.phase == "over":
            game = start.copy()
    return steps / spent


def board_steps_per_s(variant: str, steps: int, seed: int = 1, reference: bool = False) -> float:
    """The board kernel alone: push a card in at a random arrow, then flood fill from a random cell.

    No rules, no events, no legality: ``Board.push`` + ``Board.reachable`` (or the reference's
    line rebuild + breadth-first search), to show how much of a game step is bookkeeping.
    """
    game = Game.new(variant=variant, players=4, seed=seed)
    ref = RefGame.from_engine(game)
    board, card, picture = game.board.copy(), game.spare, game.spare_picture
    arrows = game.arrows()
    cells = list(board.cells())
    rng = random.Random(seed)
    plan = [(*rng.choice(arrows), rng.choice(cells)) for _ in range(steps)]
    clock = time.perf_counter
    t0 = clock()
    if reference:
        for side, index, cell in plan:
            ref.phase, ref.forbidden = "push", None
            ref.push(side, index, 0)
            ref.reachable(cell)
    else:
        for side, index, cell in plan:
            card, picture = board.push(side, index, card, picture)
            board.reachable(cell)
    return steps / (clock() - t0)


def fast_steps_per_s(variant: str, steps: int, seed: int = 1, reach: bool = True) -> float:
    """The fast core: ``fast.push`` at a random arrow (and ``fast.reach`` from a random set of 4 cells)."""
    game = Game.new(variant=variant, players=4, seed=seed)
    size = game.board.size
    bits, card = game.board.bits, game.spare
    arrows = fast.arrows(size)
    rng = random.Random(seed)
    area = size * size
    plan = [(rng.choice(arrows), sum(1 << rng.randrange(area) for _ in range(4))) for _ in range(steps)]
    clock = time.perf_counter
    t0 = clock()
    if reach:
        for a, start in plan:
            bits, card = fast.push(bits, a, card)
            fast.reach(bits, size, start)
    else:
        for a, _ in plan:
            bits, card = fast.push(bits, a, card)
    return steps / (clock() - t0)


def games_per_s(games: int, seed: int = 1) -> float:
    """Complete random 4-player Junior games per second (no invariant checks)."""
    t0 = time.perf_counter()
    for n in range(games):
        game = Game.new(variant="junior", players=4, seed=seed + n)
        play_game(game, [RandomPlayer(seed * 100 + n * 4 + s) for s in range(4)], check=False)
    return games / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures (as JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--steps", type=int, default=5000, help="engine steps per board (reference: a fifth)")
    parser.add_argument("--games", type=int, default=30, help="full Junior games to play")
    args = parser.parse_args(argv)
    ref_steps = max(200, args.steps // 5)
    figures: dict[str, float] = {}
    for variant in ("junior", "classic"):
        # Best of three short interleaved rounds: the machine is shared, the best round is the least disturbed.
        engine = reference = board = board_ref = fast_push = fast_reach = 0.0
        for _ in range(3):
            fast_push = max(fast_push, fast_steps_per_s(variant, args.steps, reach=False))
            fast_reach = max(fast_reach, fast_steps_per_s(variant, args.steps))
            engine = max(engine, engine_steps_per_s(variant, args.steps))
            reference = max(reference, reference_steps_per_s(variant, ref_steps))
            board = max(board, board_steps_per_s(variant, args.steps))
            board_ref = max(board_ref, board_steps_per_s(variant, ref_steps, reference=True))
        figures[f"{variant}_push_reach_per_s"] = round(engine, 1)
        figures[f"{variant}_reference_push_reach_per_s"] = round(reference, 1)
        figures[f"{variant}_speedup_vs_reference"] = round(engine / reference, 2)
        figures[f"{variant}_board_push_reach_per_s"] = round(board, 1)
        figures[f"{variant}_board_speedup_vs_reference"] = round(board / board_ref, 2)
        figures[f"{variant}_fast_push_per_s"] = round(fast_push, 1)
        figures[f"{variant}_fast_push_reach_per_s"] = round(fast_reach, 1)
        figures[f"{variant}_fast_speedup_vs_public_step"] = round(fast_reach / engine, 2)
    figures["junior_games_per_s"] = round(games_per_s(args.games), 2)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for variant in ("junior", "classic"):
            print(
                f"{variant:8} engine {figures[f'{variant}_push_reach_per_s']:>10,.0f} push+reach/s   "
                f"reference {figures[f'{variant}_reference_push_reach_per_s']:>9,.0f}/s   "
                f"speed-up {figures[f'{variant}_speedup_vs_reference']:.1f}x (goal >= 10x)"
            )
            print(
                f"{variant:8} board kernel only (Board.push + Board.reachable) "
                f"{figures[f'{variant}_board_push_reach_per_s']:>10,.0f}/s   "
                f"speed-up {figures[f'{variant}_board_speedup_vs_reference']:.1f}x"
            )
            print(
                f"{variant:8} fast core: push {figures[f'{variant}_fast_push_per_s']:>10,.0f}/s   "
                f"push + reach from a cell set {figures[f'{variant}_fast_push_reach_per_s']:>10,.0f}/s   "
                f"{figures[f'{variant}_fast_speedup_vs_public_step']:.1f}x the public step"
            )
        print(f"junior   {figures['junior_games_per_s']:.1f} random 4-player games/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
