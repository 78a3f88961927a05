"""Measure the card game: legal places and takes on big tables, whole games, computer moves.

Usage: ``python scripts/bench_cards.py [--json] [--games N] [--big N] [--expert N] [--match N]``

- ``legal_places_us``: the first ``legal_places()`` call of a turn (nothing cached yet) on tables of
  40 or more cards. The tables come from 4-player games in which nobody takes, so they grow to 50.
- ``takeable_us``: the C7 search behind ``takeable()`` on the same tables, as ``place()`` runs it
  for the card just laid (the cards joined by a path from a matching treasure, then which of them
  may be taken with the table staying in one piece). ``takeable()`` itself only returns the result.
  ``takeable_joined_us`` is the same over the places that joined at least one card.
- ``place_us``: a whole ``place()`` call on those tables (search and events included).
- ``games_per_s``: complete random 4-player games (no invariant checks).
- ``expert_move_ms`` / ``clever_move_ms``: one ``choose_place`` of that level, every seat of a
  4-player game playing it. ``expert_baseline_move_ms`` is the expert as it was first written, timed
  on the very positions of those expert games in the same run (:func:`baseline_options`: every
  candidate place labels the whole scratch table again and values every unseen card again);
  ``expert_speedup`` the ratio of the medians. ``expert_judge_move_ms`` is the expert's judgement
  alone on the same positions (its choice before it looks further, which is exactly the first
  expert's choice), ``expert_judge_speedup`` the old method's median over its median. The move times
  are CPU time of this process (``time.process_time``): on a shared machine wall-clock time says
  more about the other work than about the player. ``expert_fast_vs_slow_differ``: on those
  positions, how many times the expert's options (place, take, value) differ from the same judgement
  made the slow way, labelling the table again for every place (0: the fast way changes no choice).
- ``expert_vs_clever_*``: two-player games, every deal played twice with seats swapped
  (``--match`` games in all); share = the expert's wins among the decided games.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from doolhof.cards import CardGame
from doolhof.cards.ai import Offer, Option, Outlook, distinct_rotations, expected_best, make_player, options
from doolhof.cards.players import RandomPlayer
from doolhof.cards.ports import Cell
from doolhof.cards.simulate import play_game
from doolhof.cards.table import Networks

BIG = 40


def quantiles(values: list[float]) -> tuple[float, float]:
    """The median and the 95th percentile."""
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def big_tables(games: int, seed: int = 1) -> dict[str, list[float]]:
    """Microseconds per call on tables of BIG or more cards (see the module text)."""
    clock = time.perf_counter
    found: dict[str, list[float]] = {"legal": [], "takeable": [], "joined": [], "place": [], "cards": []}
    for n in range(games):
        game = CardGame.new(players=4, seed=seed + n)
        rng = random.Random(seed * 31 + n)
        while not game.is_over():
            t0 = clock()
            places = game.legal_places()
            spent = clock() - t0
            big = len(game.table) >= BIG
            if big:
                found["legal"].append(spent * 1e6)
                found["cards"].append(len(game.table))
            place = rng.choice(places)
            t0 = clock()
            game.place(place)
            spent = clock() - t0
            if big:
                found["place"].append(spent * 1e6)
                layout = game.layout  # the laid card is on it whether or not the turn has ended
                t0 = clock()
                joined = layout.joined(place.cell)
                layout.takeable(place.cell, joined) if joined else frozenset()
                spent = clock() - t0
                found["takeable"].append(spent * 1e6)
                if joined:
                    found["joined"].append(spent * 1e6)
            if game.phase == "take":
                game.take(set())  # nobody takes, so the table keeps growing
    return found


def games_per_s(games: int, seed: int = 1) -> float:
    """Complete random 4-player games per second (no invariant checks)."""
    t0 = time.perf_counter()
    for n in range(games):
        game = CardGame.new(players=4, seed=seed + n)
        play_game(game, [RandomPlayer(seed * 100 + n * 4 + s) for s in range(4)], check=False)
    return games / (time.perf_counter() - t0)


def move_ms(level: str, games: int, seed: int = 1, aside: Callable[[CardGame], None] | None = None) -> list[float]:
    """Milliseconds per choose_place of *level*, every seat of a 4-player game playing it; *aside* is
    shown every position first (before anything is cached in it)."""
    spent: list[float] = []
    clock = time.process_time
    for n in range(games):
        game = CardGame.new(players=4, seed=seed + n)
        bots = [make_player(level, seed * 10 + n * 4 + s) for s in range(4)]
        while not game.is_over():
            bot = bots[game.current_player]
            if aside is not None:
                aside(game)
            t0 = clock()
            place = bot.choose_place(game)
            spent.append((clock() - t0) * 1e3)
            game.place(place)
            if game.phase == "take":
                game.take(bot.choose_take(game))
    return spent


def baseline_options(game: CardGame) -> list[Option]:
    """The expert's options as they were first written: for every candidate place the whole scratch table
    is labelled again (``Networks(work)``) and every unseen card valued again."""
    seat = game.current_player
    hand = game.hand(seat)
    looks = [distinct_rotations(card) for card in hand]
    work = game.layout.copy()
    nets = Networks(work)
    outlook = Outlook.of(game)
    result = []
    for place in game.legal_places():
        index, cell, rotation = place
        if rotation not in looks[index]:
            continue
        card = hand[index]
        joined = nets.probe(cell, card.geometry(rotation))
        takes: frozenset[Cell] = frozenset()
        if joined:
            work.put(cell, card, rotation)
            takeable = work.takeable(cell, joined)
            if takeable:
                takes = work.best_take(cell, takeable)
            work.remove(cell)
        value = float(len(takes))
        work.put(cell, card, rotation)
        removed = [(c, work.remove(c)) for c in takes]
        offer = Offer(Networks(work))
        for c, (taken, r) in removed:
            work.put(c, taken, r)
        work.remove(cell)
        danger = expected_best([offer.worth(r) for r in outlook.reaches], outlook.held)
        mine = max((offer.value(c) for i, c in enumerate(hand) if i != index), default=0)
        value += -outlook.risk * danger + outlook.own * mine
        result.append(Option(place, takes, value))
    return result


def expert_and_baseline_ms(games: int, seed: int = 1) -> tuple[list[float], list[float], list[float], int]:
    """Milliseconds per expert choose_place, every seat of a 4-player game an expert, and on the very same
    positions the old method's choice (:func:`baseline_options`, the best value, ties at random); and the
    number of positions where the expert's options differ, in place, take or value, from its judgement
    made the slow way (:func:`baseline_options`; 0 when the fast judgement is right). The third list
    times the judgement alone on the same positions (``options(judge=True)`` and the best value, the
    expert's first step without looking further: the first expert's choices, made the fast way)."""
    before: list[float] = []
    judged: list[float] = []
    differ = [0]
    clock = time.process_time
    old = random.Random(seed)

    def pick(opts: list[Option]) -> None:
        top = max(o.value for o in opts)
        old.choice([o for o in opts if o.value >= top - 1e-9])

    def aside(game: CardGame) -> None:
        trial = game.copy()  # taken before anything is cached: both start from nothing
        t0 = clock()
        pick(baseline_options(trial))
        before.append((clock() - t0) * 1e3)
        trial = game.copy()
        t0 = clock()
        pick(options(trial, judge=True))
        judged.append((clock() - t0) * 1e3)
        differ[0] += options(game.copy(), judge=True) != baseline_options(game.copy())

    spent = move_ms("expert", games, seed, aside)
    return spent, before, judged, differ[0]


def match(games: int, seed: int = 1, first: str = "expert", second: str = "clever") -> dict[str, float]:
    """*first* against *second* in two-player games, each deal played from both seats."""
    won = lost = tied = 0
    for n in range(games):
        deal, seat = seed + n // 2, n % 2
        game = CardGame.new(players=2, seed=deal)
        bots = [make_player(second, deal * 2 + 1), make_player(second, deal * 2 + 1)]
        bots[seat] = make_player(first, deal * 2)
        while not game.is_over() and game.turn < 1_000:
            bot = bots[game.current_player]
            game.place(bot.choose_place(game))
            if game.phase == "take":
                game.take(bot.choose_take(game))
        outcome = game.outcome()
        if outcome is None or len(outcome.winners) > 1:
            tied += 1
        elif seat in outcome.winners:
            won += 1
        else:
            lost += 1
    decided = won + lost
    return {"games": games, "wins": won, "losses": lost, "tied": tied,
            "share": round(won / decided, 3) if decided else 0.0}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures (as JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--big", type=int, default=40, help="no-take games grown to 50 cards for the table figures")
    parser.add_argument("--games", type=int, default=100, help="random 4-player games for games_per_s")
    parser.add_argument("--expert", type=int, default=4, help="4-player games of expert (and clever) moves")
    parser.add_argument("--match", type=int, default=1000, help="two-player games of expert against clever")
    args = parser.parse_args(argv)
    tables = big_tables(args.big)
    figures: dict[str, float] = {"tables_measured": len(tables["legal"]), "table_cards_mean": 0.0}
    figures["table_cards_mean"] = round(statistics.fmean(tables["cards"]), 1)
    for key, name in (("legal", "legal_places"), ("takeable", "takeable"), ("joined", "takeable_joined"),
                      ("place", "place")):
        p50, p95 = quantiles(tables[key])
        figures[f"{name}_us_p50"] = round(p50, 1)
        figures[f"{name}_us_p95"] = round(p95, 1)
    figures["games_per_s"] = round(games_per_s(args.games), 1)
    p50, p95 = quantiles(move_ms("clever", args.expert))
    figures["clever_move_ms_p50"] = round(p50, 2)
    figures["clever_move_ms_p95"] = round(p95, 2)
    expert, before, judged, differ = expert_and_baseline_ms(args.expert)
    figures["expert_fast_vs_slow_differ"] = differ
    for key, values in (("expert", expert), ("expert_judge", judged), ("expert_baseline", before)):
        p50, p95 = quantiles(values)
        figures[f"{key}_move_ms_p50"] = round(p50, 2)
        figures[f"{key}_move_ms_p95"] = round(p95, 2)
    figures["expert_speedup"] = round(p50 / figures["expert_move_ms_p50"], 2)
    figures["expert_judge_speedup"] = round(p50 / figures["expert_judge_move_ms_p50"], 2)
    if args.match > 0:
        for key, value in match(args.match).items():
            figures[f"expert_vs_clever_{key}"] = value
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"tables of {BIG}+ cards ({figures['tables_measured']:.0f} turns, {figures['table_cards_mean']} cards"
              " on average):")
        print(f"  legal_places()      {figures['legal_places_us_p50']:8.1f} us median,"
              f" {figures['legal_places_us_p95']:8.1f} us p95  (goal: well under 1000)")
        print(f"  takeable search     {figures['takeable_us_p50']:8.1f} us median, {figures['takeable_us_p95']:8.1f}"
              f" us p95  ({figures['takeable_joined_us_p50']:.1f} us median when a card joined)")
        print(f"  place()             {figures['place_us_p50']:8.1f} us median, {figures['place_us_p95']:8.1f} us p95")
        print(f"random 4-player games {figures['games_per_s']:8.1f} per second")
        for level in ("clever", "expert"):
            print(f"{level:6} move          {figures[f'{level}_move_ms_p50']:8.2f} ms median,"
                  f" {figures[f'{level}_move_ms_p95']:8.2f} ms p95 (goal: well under 100)")
        print(f"expert judging alone {figures['expert_judge_move_ms_p50']:8.2f} ms median (no look further)")
        print(f"expert before        {figures['expert_baseline_move_ms_p50']:8.2f} ms median"
              f" ({figures['expert_speedup']:.2f}x the expert now, {figures['expert_judge_speedup']:.2f}x its"
              " judging alone)")
        if args.match > 0:
            print(f"expert vs clever     {figures['expert_vs_clever_wins']:.0f} won,"
                  f" {figures['expert_vs_clever_losses']:.0f} lost, {figures['expert_vs_clever_tied']:.0f} tied"
                  f" of {figures['expert_vs_clever_games']:.0f}: {figures['expert_vs_clever_share']:.1%} of decided")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
