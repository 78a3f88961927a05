"""Play many complete games with random (or computer) players and check invariants every step.

Used by ``doolhof simulate`` and by the tests; pure engine code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Final

from ..rules import playout
from ..rules.playout import Rules, Summary
from .ai import LEVELS, make_player
from .game import Game
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


def _turn(game: Game, mover: Player) -> Iterator[list[str]]:
    """One maze turn: the push (never at the forbidden arrow, R8), then the walk."""
    forbidden = game.forbidden
    push = mover.choose_push(game)
    game.push(push)
    yield ["forbidden arrow pushed"] if forbidden is not None and push.arrow == forbidden else []
    game.walk(mover.choose_walk(game))
    yield []


#: The maze game as the playout harness plays it.
MAZE: Final = Rules[Game, Player](
    deal=lambda seed, players: Game.new(variant="junior", players=players, seed=seed),
    load=Game.from_dict,
    play_turn=_turn,
    invariants=check_invariants,
    baseline=_card_census,
    level_player=make_player,
    levels=LEVELS,
    random_player=RandomPlayer,
)


def play_game(
    game: Game,
    players: list[Player],
    *,
    max_turns: int = 10_000,
    check: bool = True,
    on_problem: Callable[[str], None] | None = None,
) -> Game:
    """Play *game* to its end (or *max_turns*), checking invariants after every push and walk.

    Problems go to *on_problem*; without one the first raises :class:`~doolhof.rules.playout.InvariantError`.
    """
    return playout.play_game(MAZE, game, players, max_turns=max_turns, check=check, on_problem=on_problem)


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
    """Play *games* games of *variant* and count wins per seat and per level.

    See :func:`doolhof.rules.playout.simulate` for the seats, *levels* (one of
    :data:`doolhof.engine.ai.LEVELS` per seat), *swap_seats* and *progress*.
    """
    rules = replace(MAZE, deal=lambda seed, seats: Game.new(variant=variant, players=seats, seed=seed))
    return playout.simulate(
        rules, players, games, seed, max_turns=max_turns, make_players=make_players, check=check,
        levels=levels, swap_seats=swap_seats, progress=progress,
    )


__all__ = ["MAZE", "Summary", "check_invariants", "play_game", "simulate"]
