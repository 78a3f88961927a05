"""Play many complete games with random (or computer) players and check invariants every step.

Used by ``doolhof simulate`` and by the tests; pure engine code.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .ai import LEVELS, make_player
from .game import Game, IllegalMoveError
from .players import Player, RandomPlayer
from .tiles import shape


def _card_census(game: Game) -> Counter[tuple[str, str | None]]:
    """Movable cards (shape, picture) on the board plus the spare."""
    fixed = game.variant.fixed
    census: Counter[tuple[str, str | None]] = Counter()
    for cell in game.board.cells():
        if cell not in fixed:
            census[(shape(game.board.mask_at(cell)), game.board.picture_at(cell))] += 1
    census[(shape(game.spare), game.spare_picture)] += 1
    return census


def _fixed_intact(game: Game) -> bool:
    board = game.board
    return all(
        board.mask_at(cell) == m and board.picture_at(cell) == p for cell, (m, p) in game.variant.fixed.items()
    )


def check_invariants(game: Game, before: Game | None, census: Counter[tuple[str, str | None]]) -> list[str]:
    """Every rule invariant that *game* breaks (empty when all hold).

    *before* is the state one step earlier (for scores only growing), *census* the card census
    at setup.
    """
    problems: list[str] = []
    size = game.board.size
    if _card_census(game) != census:
        problems.append("cards not conserved")
    if not _fixed_intact(game):
        problems.append("a fixed tile moved")
    if any(not (0 <= r < size and 0 <= c < size) for r, c in game.positions):
        problems.append("figure off the board")
    if before is not None and any(a < b for a, b in zip(game.scores, before.scores)):
        problems.append("a score went down")
    if game.forbidden is not None:
        side, index = game.forbidden
        if any(p.arrow == (side, index) for p in game.legal_pushes()):
            problems.append("forbidden arrow offered")
    reach = game.reachable()
    for cell in reach:
        if game.positions[game.current_player] not in game.board.reachable(cell):
            problems.append("reachability not symmetric")
            break
    outcome = game.outcome()
    if game.variant.own_piles:
        home_winners = {
            s for s in range(game.players) if not game.pile(s) and game.positions[s] == game.home(s)
        }
        if outcome is not None and not outcome.winners <= home_winners:
            problems.append("a winner is not home with an empty pile")
    else:
        left = len(game.deck) + (game.face_up is not None)
        if (outcome is None) != (left > 0):
            problems.append("game over does not match the secrets left")
        if outcome is not None and outcome.winners != {
            s for s, n in enumerate(game.scores) if n == max(game.scores)
        }:
            problems.append("winners are not the players with the most secrets")
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
    #: Level name -> games won (a shared win counts for every winner).
    wins_by_level: dict[str, int] = field(default_factory=dict)
    #: Level name -> games won alone (only decided games).
    decided_wins_by_level: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        """JSON-safe figures."""
        return {
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
            "wins_by_level": dict(self.wins_by_level),
            "decided_wins_by_level": dict(self.decided_wins_by_level),
        }


def play_game(
    game: Game,
    players: list[Player],
    *,
    max_turns: int = 10_000,
    check: bool = True,
    on_problem: Callable[[str], None] | None = None,
) -> Game:
    """Play *game* to its end (or *max_turns*), checking invariants after every push and walk."""
    census = _card_census(game)
    forbidden_before = game.forbidden
    while not game.is_over() and game.turn < max_turns:
        mover = players[game.current_player]
        before = game.copy() if check else None
        push = mover.choose_push(game)
        if check and forbidden_before is not None and push.arrow == forbidden_before and on_problem:
            on_problem("forbidden arrow pushed")
        game.push(push)
        forbidden_before = game.forbidden
        if check and on_problem:
            for problem in check_invariants(game, before, census):
                on_problem(problem)
        game.walk(mover.choose_walk(game))
        if check and on_problem:
            for problem in check_invariants(game, before, census):
                on_problem(problem)
    return game


def simulate(
    variant: str = "junior",
    players: int = 4,
    games: int = 100,
    seed: int = 1,
    make_players: Callable[[int, int], list[Player]] | None = None,
    check: bool = True,
    max_turns: int = 10_000,
    levels: Sequence[str] | None = None,
    swap_seats: bool = False,
    progress: Callable[[int], bool] | None = None,
) -> Summary:
    """Play *games* games and count wins per seat and per level.

    *make_players(game_number, seed)* gives the seats' players; otherwise *levels* names one
    computer level per seat (see :data:`doolhof.engine.ai.LEVELS`), and without either every
    seat is a :class:`RandomPlayer`. With *swap_seats* every deal is played *players* times in
    a row with the levels rotated one seat further each time, so a first-move edge cancels
    (game ``n`` deals cards from ``n // players`` and rotates by ``n % players``).

    *progress(games_done)*, when given, is called after every game; when it returns False the
    batch stops there and the summary covers the games played so far (``doolhof simulate`` shows
    progress with it and stops cleanly on Ctrl-C).
    """
    if levels is not None and len(levels) != players:
        raise ValueError(f"give one level per seat: {players} seats, {len(levels)} levels")
    if levels is not None and make_players is not None:
        raise ValueError("give either levels or make_players, not both")
    build = _level_players(levels) if levels is not None else None
    seat_levels = list(levels) if levels is not None else ["random"] * players
    summary = Summary(wins=[0] * players)
    for level in seat_levels:
        summary.wins_by_level.setdefault(level, 0)
        summary.decided_wins_by_level.setdefault(level, 0)
    start = time.perf_counter()
    for n in range(games):
        deal, turn = (n // players, n % players) if swap_seats else (n, 0)
        game_seed = seed * 1_000_003 + deal
        game = Game.new(variant=variant, players=players, seed=game_seed)
        # Seat s plays the level written for seat (s - turn): rotating moves every level one seat on.
        order = [seat_levels[(s - turn) % players] for s in range(players)]
        player_seed = game_seed * 7 + turn * 1_009
        if make_players:
            seats = make_players(n, game_seed)
        elif build:
            seats = [build(order[s], player_seed + s) for s in range(players)]
        else:
            seats = [RandomPlayer(player_seed + s) for s in range(players)]
        problems: list[str] = []
        try:
            play_game(game, seats, max_turns=max_turns, check=check, on_problem=problems.append)
        except IllegalMoveError as error:  # a player chose something illegal: count it, go on
            problems.append(f"illegal move: {error}")
        summary.games += 1
        summary.turns.append(game.turn)
        outcome = game.outcome()
        if outcome is not None:
            summary.finished += 1
            for seat in outcome.winners:
                summary.wins[seat] += 1
                summary.wins_by_level[order[seat]] += 1
            if len(outcome.winners) == 1:
                summary.decided += 1
                summary.decided_wins_by_level[order[next(iter(outcome.winners))]] += 1
        if problems:
            summary.invariant_violations += len(problems)
            summary.violation_examples.extend(f"game {n}: {p}" for p in problems[:2])
        if progress is not None and not progress(summary.games):
            break
    summary.seconds = time.perf_counter() - start
    return summary


def _level_players(levels: Sequence[str]) -> Callable[[str, int], Player]:
    """The computer-player factory, checked against the known levels."""
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise ValueError(f"unknown computer level {unknown[0]!r}; choose from {', '.join(LEVELS)}")
    return make_player


__all__ = ["Summary", "check_invariants", "play_game", "simulate"]
