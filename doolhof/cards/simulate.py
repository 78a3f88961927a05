"""Play many complete card games with random (or computer) players, checking invariants every step.

Used by ``doolhof simulate --game cards`` and by the tests; pure Python.

>>> summary = simulate(players=3, games=2, seed=5)
>>> summary.finished, summary.invariant_violations, summary.turns
(2, 0, [46, 46])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from ..rules import playout
from ..rules.playout import Rules, Summary
from .ai import LEVELS, make_player, options
from .card import Card
from .game import CardGame
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


def _turn(game: CardGame, mover: CardPlayer) -> Iterator[list[str]]:
    """One card turn: the place, then the take when a path joined a treasure (C5-C7)."""
    game.place(mover.choose_place(game))
    yield []
    if game.phase == "take":
        game.take(mover.choose_take(game))
        yield []


#: The card game as the playout harness plays it.
CARDS: Final = Rules[CardGame, CardPlayer](
    deal=lambda seed, players: CardGame.new(players=players, seed=seed),
    load=CardGame.from_dict,
    play_turn=_turn,
    invariants=check_invariants,
    baseline=census,
    level_player=make_player,
    levels=LEVELS,
    random_player=RandomPlayer,
)


def play_game(
    game: CardGame,
    players: Sequence[CardPlayer],
    *,
    max_turns: int = 1_000,
    check: bool = True,
    on_problem: Callable[[str], None] | None = None,
) -> CardGame:
    """Play *game* to its end (or *max_turns*), checking invariants after every place and take.

    Problems go to *on_problem*; without one the first raises :class:`~doolhof.rules.playout.InvariantError`.
    """
    return playout.play_game(CARDS, game, players, max_turns=max_turns, check=check, on_problem=on_problem)


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
    """Play *games* games and count wins per seat and per level.

    See :func:`doolhof.rules.playout.simulate` for the seats, *levels* (one of
    :data:`~doolhof.cards.ai.LEVELS` per seat), *swap_seats* and *progress*.
    """
    return playout.simulate(
        CARDS, players, games, seed, max_turns=max_turns, make_players=make_players, check=check,
        levels=levels, swap_seats=swap_seats, progress=progress,
    )


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


__all__ = ["CARDS", "Summary", "census", "check_invariants", "play_game", "simulate", "take_chances"]
