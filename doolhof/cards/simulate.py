"""Play many complete card games with random (or computer) players, checking invariants every step.

Used by ``doolhof simulate --game cards`` and by the tests; pure Python.

>>> summary = simulate(players=3, games=2, seed=5)
>>> summary.finished, summary.invariant_violations, summary.turns
(2, 0, [46, 46])
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .ai import LEVELS, make_player, options
from .card import Card
from .game import CardGame, IllegalMoveError
from .players import CardPlayer, RandomPlayer


def census(game: CardGame) -> Counter[Card]:
    """Every card of *game*: on the table, in the hands, in the pile and taken."""
    count: Counter[Card] = Counter(card for card, _ in game.table.values())
    for seat in range(game.players):
        count.update(game.hand(seat))
        count.update(game.taken(seat))
    count.update(game.pile)
    return count


def check_invariants(game: CardGame, before: CardGame | None, cards: Counter[Card]) -> list[str]:
    """Every rule invariant that *game* breaks (empty when all hold).

    *before* is the state one step earlier (scores only grow), *cards* the :func:`census` at setup.
    """
    problems: list[str] = []
    if census(game) != cards:
        problems.append("cards not accounted for (table + hands + pile + taken)")
    if not game.layout.connected():
        problems.append("the table is not one piece")
    if any(len(game.hand(s)) > 2 for s in range(game.players)):
        problems.append("a hand holds more than two cards")
    if before is not None and any(a < b for a, b in zip(game.scores, before.scores)):
        problems.append("a score went down")
    empty = game.pile_size == 0 and not any(game.hand(s) for s in range(game.players))
    if game.is_over() != (empty and game.phase != "take"):
        problems.append("the game's end does not match C9 (pile and every hand empty)")
    outcome = game.outcome()
    if (outcome is None) == game.is_over():
        problems.append("an outcome without the end, or the end without one")
    if outcome is not None and outcome.winners != {s for s, n in enumerate(game.scores) if n == max(game.scores)}:
        problems.append("the winners are not the players with the most points")
    if game.phase == "place" and not game.hand(game.current_player):
        problems.append("the player to move holds no card")
    if game.phase == "take" and not game.takeable():
        problems.append("the take phase with nothing to take")
    return problems


@dataclass
class Summary:
    """What a batch of simulated games produced."""

    games: int = 0
    finished: int = 0
    turns: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    invariant_violations: int = 0
    violation_examples: list[str] = field(default_factory=list)
    seconds: float = 0.0
    #: Games with exactly one winner.
    decided: int = 0
    #: Cards taken in each game (all seats together).
    taken: list[int] = field(default_factory=list)
    #: Level name -> games won (a shared win counts for every winner); only with levels.
    wins_by_level: dict[str, int] = field(default_factory=dict)
    #: Level name -> games won alone (only decided games).
    decided_wins_by_level: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        """JSON-safe figures (``wins_by_level`` only when levels were given)."""
        figures: dict[str, object] = {
            "games": self.games,
            "finished": self.finished,
            "turns_mean": sum(self.turns) / len(self.turns) if self.turns else 0.0,
            "turns_max": max(self.turns, default=0),
            "wins": self.wins,
            "invariant_violations": self.invariant_violations,
            "violation_examples": self.violation_examples[:5],
            "games_per_s": self.games / self.seconds if self.seconds else 0.0,
            "seconds": self.seconds,
            "decided": self.decided,
            "taken_mean": sum(self.taken) / len(self.taken) if self.taken else 0.0,
        }
        if self.wins_by_level:
            figures["wins_by_level"] = dict(self.wins_by_level)
            figures["decided_wins_by_level"] = dict(self.decided_wins_by_level)
        return figures


def play_game(
    game: CardGame,
    players: Sequence[CardPlayer],
    *,
    max_turns: int = 1_000,
    check: bool = True,
    on_problem: Callable[[str], None] | None = None,
) -> CardGame:
    """Play *game* to its end (or *max_turns*), checking invariants after every place and take."""
    cards = census(game) if check else Counter()
    report = on_problem or (lambda problem: None)
    while not game.is_over() and game.turn < max_turns:
        mover = players[game.current_player]
        before = game.copy() if check else None
        game.place(mover.choose_place(game))
        if check:
            for problem in check_invariants(game, before, cards):
                report(problem)
        if game.phase == "take":
            game.take(mover.choose_take(game))
            if check:
                for problem in check_invariants(game, before, cards):
                    report(problem)
    return game


def simulate(
    players: int = 4,
    games: int = 100,
    seed: int = 1,
    make_players: Callable[[int, int], list[CardPlayer]] | None = None,
    check: bool = True,
    max_turns: int = 1_000,
    levels: Sequence[str] | None = None,
    swap_seats: bool = False,
    progress: Callable[[int], bool] | None = None,
) -> Summary:
    """Play *games* games and count wins per seat (and per level).

    *make_players(game_number, seed)* gives the seats' players; otherwise *levels* names one
    computer level per seat (see :data:`~doolhof.cards.ai.LEVELS`), and without either every seat
    is a :class:`~doolhof.cards.players.RandomPlayer`. With *swap_seats* every deal is played
    *players* times in a row with the levels rotated one seat further each time, so a first-move
    edge cancels (game ``n`` deals from ``n // players`` and rotates by ``n % players``).

    *progress(games_done)*, when given, is called after every game; when it returns False the
    batch stops there and the summary covers the games played so far (``doolhof simulate`` shows
    progress with it and stops cleanly on Ctrl-C).
    """
    if levels is not None and len(levels) != players:
        raise ValueError(f"give one level per seat: {players} seats, {len(levels)} levels")
    if levels is not None and make_players is not None:
        raise ValueError("give either levels or make_players, not both")
    unknown = [level for level in levels or () if level not in LEVELS]
    if unknown:
        raise ValueError(f"unknown computer level {unknown[0]!r}; choose from {', '.join(LEVELS)}")
    seat_levels = list(levels) if levels is not None else ["random"] * players
    summary = Summary(wins=[0] * players)
    if levels is not None:
        for level in seat_levels:
            summary.wins_by_level.setdefault(level, 0)
            summary.decided_wins_by_level.setdefault(level, 0)
    start = time.perf_counter()
    for n in range(games):
        deal, turn = (n // players, n % players) if swap_seats else (n, 0)
        game_seed = seed * 1_000_003 + deal
        game = CardGame.new(players=players, seed=game_seed)
        # Seat s plays the level written for seat (s - turn): rotating moves every level one seat on.
        order = [seat_levels[(s - turn) % players] for s in range(players)]
        player_seed = game_seed * 7 + turn * 1_009
        if make_players:
            seats = make_players(n, game_seed)
        elif levels is not None:
            seats = [make_player(order[s], player_seed + s) for s in range(players)]
        else:
            seats = [RandomPlayer(player_seed + s) for s in range(players)]
        problems: list[str] = []
        try:
            play_game(game, seats, max_turns=max_turns, check=check, on_problem=problems.append)
        except IllegalMoveError as error:  # a player chose something illegal: count it, go on
            problems.append(f"illegal move: {error}")
        summary.games += 1
        summary.turns.append(game.turn)
        summary.taken.append(sum(game.scores))
        outcome = game.outcome()
        if outcome is not None:
            summary.finished += 1
            for s in outcome.winners:
                summary.wins[s] += 1
                if levels is not None:
                    summary.wins_by_level[order[s]] += 1
            if len(outcome.winners) == 1:
                summary.decided += 1
                if levels is not None:
                    summary.decided_wins_by_level[order[next(iter(outcome.winners))]] += 1
        if problems:
            summary.invariant_violations += len(problems)
            summary.violation_examples.extend(f"game {n}: {p}" for p in problems[:2])
        if progress is not None and not progress(summary.games):
            break
    summary.seconds = time.perf_counter() - start
    return summary


def take_chances(players: int = 4, games: int = 50, seed: int = 1, level: str = "clever") -> float:
    """The share of turns on which the mover could take at least one card by laying well.

    Every seat plays *level*; before each place, all legal places of the mover's hand are tried.
    This is the figure the deck was tuned by (``docs/cards.md``).
    """
    turns = possible = 0
    for n in range(games):
        game = CardGame.new(players=players, seed=seed * 1_000_003 + n)
        seats = [make_player(level, seed * 7 + n * 11 + s) for s in range(players)]
        while not game.is_over():
            turns += 1
            possible += any(o.takes for o in options(game))
            mover = seats[game.current_player]
            game.place(mover.choose_place(game))
            if game.phase == "take":
                game.take(mover.choose_take(game))
    return possible / turns if turns else 0.0


__all__ = ["Summary", "census", "check_invariants", "play_game", "simulate", "take_chances"]
