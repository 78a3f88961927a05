"""One random-playout harness for both games, in the manner of OpenSpiel's playout tests.

A game plugs in as :class:`Rules`: how to deal, how one turn is played step by step, and its own
invariants. After every step the harness checks those invariants and two the harness owns: that
``copy()`` equals the game and that ``from_dict(to_dict())`` gives it back. A violation goes to
*on_problem* when one is given (``simulate`` counts them into :class:`Summary`) and raises
:class:`InvariantError` otherwise, so a test that plays a game fails loudly. ``check=False``
skips every check (for speed measurements).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .errors import IllegalMoveError
from .outcome import Outcome

_G = TypeVar("_G", bound="Playable")


class Playable(Protocol):
    """What the harness needs from a game."""

    @property
    def turn(self) -> int:
        """Turns played so far."""
        ...

    @property
    def current_player(self) -> int:
        """The seat to move."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's points so far."""
        ...

    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        ...

    def copy(self: _G) -> _G:
        """An independent copy."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-safe data."""
        ...


_Game = TypeVar("_Game", bound=Playable)
_Player = TypeVar("_Player")


class InvariantError(AssertionError):
    """A simulated game broke a rule invariant (raised when no problem handler is given)."""


@dataclass(frozen=True)
class Rules(Generic[_Game, _Player]):
    """One game, as the harness plays it."""

    #: A fresh game from a seed and the number of seats.
    deal: Callable[[int, int], _Game]
    #: Reads a game back from :meth:`Playable.to_dict`'s data.
    load: Callable[[Any], _Game]
    #: Plays the mover's whole turn, yielding after every step the problems only that step can see.
    play_turn: Callable[[_Game, _Player], Iterator[list[str]]]
    #: The game's own invariants: ``invariants(game, before, baseline)``.
    invariants: Callable[[_Game, _Game | None, Any], list[str]]
    #: What the invariants compare against, taken once at setup (e.g. a census of the cards).
    baseline: Callable[[_Game], Any]
    #: The player for a computer level name and a seed, and the known level names.
    level_player: Callable[[str, int], _Player]
    levels: Sequence[str]
    #: The simulator's default seat: a random mover from a seed.
    random_player: Callable[[int], _Player]

    def problems(self, game: _Game, before: _Game | None, baseline: Any) -> list[str]:
        """The game's own invariants plus the harness's: copies and saved games give the game back."""
        found = list(self.invariants(game, before, baseline))
        if game.copy() != game:
            found.append("copy() differs from the game")
        try:
            if self.load(game.to_dict()) != game:
                found.append("from_dict(to_dict()) differs from the game")
        except ValueError as error:
            found.append(f"from_dict(to_dict()) refused the game: {error}")
        return found


def play_game(
    rules: Rules[_Game, _Player],
    game: _Game,
    players: Sequence[_Player],
    *,
    max_turns: int,
    check: bool = True,
    on_problem: Callable[[str], None] | None = None,
) -> _Game:
    """Play *game* to its end (or *max_turns*), checking after every step (see the module docstring)."""

    def report(problem: str) -> None:
        if on_problem is None:
            raise InvariantError(f"turn {game.turn}: {problem}")
        on_problem(problem)

    baseline = rules.baseline(game) if check else None
    while not game.is_over() and game.turn < max_turns:
        before = game.copy() if check else None
        for step_problems in rules.play_turn(game, players[game.current_player]):
            if check:
                for problem in [*step_problems, *rules.problems(game, before, baseline)]:
                    report(problem)
    return game


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
    #: Points (cards or secrets) won in each game, all seats together.
    taken: list[int] = field(default_factory=list)
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
            "taken_mean": sum(self.taken) / len(self.taken) if self.taken else 0.0,
            "wins_by_level": dict(self.wins_by_level),
            "decided_wins_by_level": dict(self.decided_wins_by_level),
        }


def simulate(
    rules: Rules[_Game, _Player],
    players: int,
    games: int,
    seed: int,
    *,
    max_turns: int,
    make_players: Callable[[int, int], list[_Player]] | None = None,
    check: bool = True,
    levels: Sequence[str] | None = None,
    swap_seats: bool = False,
    progress: Callable[[int], bool] | None = None,
) -> Summary:
    """Play *games* games and count wins per seat and per level.

    *make_players(game_number, seed)* gives the seats' players; otherwise *levels* names one
    computer level per seat (one of ``rules.levels``), and without either every seat is the game's
    random player. With *swap_seats* every deal is played *players* times in a row with the levels
    rotated one seat further each time, so a first-move edge cancels (game ``n`` deals from
    ``n // players`` and rotates by ``n % players``).

    *progress(games_done)*, when given, is called after every game; when it returns False the
    batch stops there and the summary covers the games played so far (``doolhof simulate`` shows
    progress with it and stops cleanly on Ctrl-C).
    """
    if levels is not None and len(levels) != players:
        raise ValueError(f"give one level per seat: {players} seats, {len(levels)} levels")
    if levels is not None and make_players is not None:
        raise ValueError("give either levels or make_players, not both")
    unknown = [level for level in levels or () if level not in rules.levels]
    if unknown:
        raise ValueError(f"unknown computer level {unknown[0]!r}; choose from {', '.join(rules.levels)}")
    seat_levels = list(levels) if levels is not None else ["random"] * players
    summary = Summary(wins=[0] * players)
    for level in seat_levels:
        summary.wins_by_level.setdefault(level, 0)
        summary.decided_wins_by_level.setdefault(level, 0)
    start = time.perf_counter()
    for n in range(games):
        deal, turn = (n // players, n % players) if swap_seats else (n, 0)
        game_seed = seed * 1_000_003 + deal
        game = rules.deal(game_seed, players)
        # Seat s plays the level written for seat (s - turn): rotating moves every level one seat on.
        order = [seat_levels[(s - turn) % players] for s in range(players)]
        player_seed = game_seed * 7 + turn * 1_009
        if make_players:
            seats = make_players(n, game_seed)
        elif levels is not None:
            seats = [rules.level_player(order[s], player_seed + s) for s in range(players)]
        else:
            seats = [rules.random_player(player_seed + s) for s in range(players)]
        problems: list[str] = []
        try:
            play_game(rules, game, seats, max_turns=max_turns, check=check, on_problem=problems.append)
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
                summary.wins_by_level[order[s]] += 1
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


__all__ = ["InvariantError", "Playable", "Rules", "Summary", "play_game", "simulate"]
