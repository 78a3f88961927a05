#!/usr/bin/env python3
"""How well and how fast the maze computer players think.

Two parts, both two-player games:

- **matches**: the expert against the reference opponent of ``scripts/maze_reference.py``
  (full-width alpha-beta, three turns, distance evaluation) on Junior and on the 7x7 board with
  one shared picture (``shared7``), and against clever on Junior and on the big board with own
  piles (``classic``). Every deal is played twice, seats swapped. Share = the expert's wins among
  the decided games (a tie, or a game still running after ``--max-turns`` turns, is not decided).
  The expert's milliseconds per move (push and walk choice) are timed in these games.
- **speed**: each level plays itself, ``--moves`` moves per board (Junior, ``shared7``, classic),
  milliseconds per move: wall-clock (``*_ms_*``) and this process's CPU time (``*_cpu_ms_*``, what
  a move costs when the shared machine is busy with other work).

::

    python scripts/bench_ai.py --json                  # everything, 200 games per pairing
    python scripts/bench_ai.py --games 10 --moves 30   # a quick run
    python scripts/bench_ai.py --pairings ref-junior --games 40

Goals (docs/ai.md): expert vs reference at least 60 % on both shared boards, vs clever at least
80 %; expert move p50 under 50 ms on Junior and 300 ms on the big boards, p95 under twice that.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maze_reference import ReferencePlayer, new_game

from doolhof.engine import Game
from doolhof.engine.ai import LEVELS as AI_LEVELS
from doolhof.engine.ai import ExpertPlayer, make_player
from doolhof.engine.players import Player

#: Every computer level but "random" (which does not think).
LEVELS = tuple(level for level in AI_LEVELS if level != "random")
BOARDS = ("junior", "shared7", "classic")
#: The expert's wall-clock cap in matches (seconds): far above any move's time, so never reached.
MATCH_TIME_CAP = 1e6
#: name -> (board, opponent)
PAIRINGS = {
    "ref-junior": ("junior", "reference"),
    "ref-shared7": ("shared7", "reference"),
    "clever-junior": ("junior", "clever"),
    "clever-classic": ("classic", "clever"),
}


def _opponent(name: str, seed: int) -> Player:
    return ReferencePlayer() if name == "reference" else make_player(name, seed)


def play(game: Game, players: list[Player], max_turns: int, timed: int, times: list[float]) -> frozenset[int] | None:
    """Play *game* out; the winners (None if still running after *max_turns*). Seat *timed*'s
    milliseconds per move go to *times*."""
    clock = time.perf_counter
    while not game.is_over():
        if game.turn >= max_turns:
            return None
        seat = game.current_player
        player = players[seat]
        start = clock()
        push = player.choose_push(game)
        spent = clock() - start
        game.push(push)
        start = clock()
        cell = player.choose_walk(game)
        spent += clock() - start
        game.walk(cell)
        if seat == timed:
            times.append(spent * 1000.0)
    outcome = game.outcome()
    assert outcome is not None
    return outcome.winners


def match(pairing: str, games: int, seed: int, max_turns: int, log: Callable[[str], None]) -> dict[str, float]:
    """The expert against one opponent: wins, losses, ties, share of decided, move times."""
    board, opponent = PAIRINGS[pairing]
    won = lost = tied = unfinished = 0
    times: list[float] = []
    for n in range(games):
        deal, expert_seat = seed + n // 2, n % 2
        players: list[Player] = [_opponent(opponent, deal * 2 + 1)] * 2
        # No wall-clock cap in a match: the node budget alone decides, so a busy machine changes the
        # times but never a result.
        players[expert_seat] = ExpertPlayer(seed=deal * 2, time_cap=MATCH_TIME_CAP)
        winners = play(new_game(board, deal), players, max_turns, expert_seat, times)
        if winners is None:
            unfinished += 1
        elif len(winners) > 1:
            tied += 1
        elif expert_seat in winners:
            won += 1
        else:
            lost += 1
        if (n + 1) % 10 == 0:
            log(f"{pairing}: {n + 1}/{games} games, expert {won}, {opponent} {lost}, tied {tied}, open {unfinished}")
    decided = won + lost
    return {
        "games": games, "expert_wins": won, "opponent_wins": lost, "tied": tied, "unfinished": unfinished,
        "share": round(won / decided, 3) if decided else 0.0,
        "expert_ms_p50": round(statistics.median(times), 2) if times else 0.0,
        "expert_ms_p95": round(percentile(times, 0.95), 2) if times else 0.0,
        "expert_ms_max": round(max(times), 2) if times else 0.0,
        "expert_moves": len(times),
    }


def time_moves(level: str, variant: str, moves: int, seed: int) -> tuple[list[float], list[float]]:
    """Milliseconds per move for *moves* moves of *level* playing itself on *variant*: wall-clock
    time, and the CPU time of this process (what the move costs on a shared, busy machine)."""
    wall: list[float] = []
    cpu: list[float] = []
    game_seed = seed
    while len(wall) < moves:
        game = new_game(variant, game_seed)
        players = [make_player(level, seed=game_seed * 2 + s) for s in range(2)]
        while not game.is_over() and len(wall) < moves:
            play_one(game, players[game.current_player], wall, cpu)
        game_seed += 1
    return wall, cpu


def play_one(game: Game, player: Player, wall: list[float], cpu: list[float]) -> None:
    """One timed move of *player* (applying the push is the engine's time, not the player's)."""
    start, used = time.perf_counter(), time.process_time()
    push = player.choose_push(game)
    thinking, busy = time.perf_counter() - start, time.process_time() - used
    game.push(push)
    start, used = time.perf_counter(), time.process_time()
    cell = player.choose_walk(game)
    thinking += time.perf_counter() - start
    busy += time.process_time() - used
    game.walk(cell)
    wall.append(thinking * 1000.0)
    cpu.append(busy * 1000.0)


def percentile(values: list[float], share: float) -> float:
    """The *share* quantile (0 to 1) of *values*, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--games", type=int, default=200, help="games per pairing (deals x 2 seats)")
    parser.add_argument("--pairings", default=",".join(PAIRINGS), help="comma-separated: " + ", ".join(PAIRINGS))
    parser.add_argument("--max-turns", type=int, default=400, help="a game still running after this is undecided")
    parser.add_argument("--moves", type=int, default=150, help="self-play moves timed per level and board (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    figures: dict[str, float] = {}

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    for name in [p for p in args.pairings.split(",") if p]:
        if name not in PAIRINGS:
            parser.error(f"unknown pairing {name!r}; choose from {', '.join(PAIRINGS)}")
        if args.games > 0:
            for key, value in match(name, args.games, args.seed, args.max_turns, log).items():
                figures[f"{name}_{key}"] = value
    if args.moves > 0:
        for variant in BOARDS:
            for level in LEVELS:
                wall, cpu = time_moves(level, variant, args.moves, args.seed)
                for kind, samples in (("ms", wall), ("cpu_ms", cpu)):
                    figures[f"{level}_{variant}_{kind}_p50"] = round(statistics.median(samples), 2)
                    figures[f"{level}_{variant}_{kind}_p95"] = round(percentile(samples, 0.95), 2)
                    figures[f"{level}_{variant}_{kind}_max"] = round(max(samples), 2)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key:36} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
