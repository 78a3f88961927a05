"""The search behind the computer players and the hints: rate every push and the walk after it.

One turn deep (:func:`rate_pushes`): apply every distinct push (arrow × rotation that gives a
different card) to a board copy; if the mover can then walk to the goal, that push scores.
Otherwise the mover's best cell is the one from which the most next pushes reach the goal,
nearer the goal breaking ties. The expert adds the next player's replies (:func:`rate_pushes`
with ``opponents=True``); with two players it searches deeper (:mod:`.expert`).

All functions are pure: they read the game and work on board copies.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board, Cell, cells_of_bits
from ..game import Game, IllegalMoveError, Push
from .lookahead import (
    Chances,
    Goal,
    Option,
    bit,
    chances,
    goal_cell,
    known_goal,
    manhattan,
    next_arrows,
    options,
    popcount,
)

#: The value of a push that lets the mover reach the goal now (far above any placement value).
SCORE = 100.0
#: Weight of the grid distance to the goal (0 to 1 across the board) in a cell's value.
DISTANCE_WEIGHT = 0.15
#: Weight of the reachable area (share of the board) in a push's value.
AREA_WEIGHT = 0.05
#: Penalty for a push after which the next player can take the secret, plus a share per reply.
#: Larger than any placement value plus the deeper search's gain, so a safe push always wins.
THREAT_PENALTY = 3.0
THREAT_WEIGHT = 0.6
#: Penalty (times the share of possible next secrets) for a scoring push that leaves the next player many.
NEXT_SECRET_WEIGHT = 0.5
#: Penalty for a non-scoring push that pushes the goal's card out: the *next* player then places it,
#: so the mover's own "next push" chances mean nothing. Larger than any placement value.
GIVE_AWAY_PENALTY = 1.0


@dataclass(frozen=True)
class Rated:
    """One push with the walk planned after it and how good the pair is (higher is better)."""

    push: Push
    walk: Cell
    value: float
    scores: bool
    option: Option
    #: The share of the next player's replies that let them take the secret (expert only).
    threat: float = 0.0


def require_phase(game: Game, phase: str) -> None:
    """Raise :class:`IllegalMoveError` unless *game* is in *phase*."""
    if game.phase != phase:
        raise IllegalMoveError(f"the game is in its {game.phase!r} phase, not {phase!r}")


def best_cell(
    board: Board, spare: int, spare_picture: str | None, arrows: list[tuple[str, int]], goal: Goal, start: Cell
) -> tuple[Cell, float, bool, Chances | None]:
    """The best cell to walk to from *start* on *board* (after the push).

    Returns (cell, value, scores, chances): the goal itself when reachable (``scores``), else the
    reachable cell from which most of the next pushes (*arrows*, *spare*) reach the goal, nearer
    the goal breaking ties; ``chances`` is the table used (None when scoring).
    """
    size = board.size
    reach = board.reach_bits(start)
    target = goal_cell(board, goal)
    area_value = AREA_WEIGHT * popcount(reach) / (size * size)
    if target is not None and reach & bit(target, size):
        return target, SCORE + area_value + _openness(board, target), True, None
    table = chances(board, spare, spare_picture, arrows, goal)
    counts = [0] * (size * size)
    for good in table.good:
        for cell in cells_of_bits(good & reach, size):
            counts[cell[0] * size + cell[1]] += 1
    pushes = max(table.pushes, 1)
    span = 2 * (size - 1)
    best: tuple[float, Cell] | None = None
    for cell in cells_of_bits(reach, size):
        value = counts[cell[0] * size + cell[1]] / pushes
        if target is not None:
            value -= DISTANCE_WEIGHT * manhattan(cell, target) / span
        if best is None or value > best[0] + 1e-12:
            best = (value, cell)
    assert best is not None  # reach always holds start
    return best[1], best[0] + area_value, False, table


def _openness(board: Board, cell: Cell) -> float:
    """A tiny bonus for scoring on a cell with a large corridor network (the next goal is unknown)."""
    return 0.01 * popcount(board.reach_bits(cell)) / (board.size * board.size)


def rate_pushes(game: Game, *, opponents: bool = False) -> list[Rated]:
    """Every distinct legal push of the mover with its planned walk and value, best first.

    With *opponents*, a push after which the next player can take a known goal (the shared
    Junior secret, or home at the end of an own pile) is penalised by how many of their
    replies do it; hidden goals of other players are never peeked at.
    """
    require_phase(game, "push")
    seat = game.current_player
    goal = known_goal(game, seat)
    start = game.positions[seat]
    rival = (seat + 1) % game.players
    rival_goal = known_goal(game, rival) if opponents else None
    unseen = _unseen_pictures(game) if opponents else frozenset()
    rated: list[Rated] = []
    for opt in options(game.board, game.spare, game.spare_picture, game.legal_arrows()):
        arrows = next_arrows(game, opt.forbidden)
        cell, value, scores, table = best_cell(
            opt.board, opt.spare, opt.spare_picture, arrows, goal, opt.carry(start)
        )
        if not scores and goal is not None and goal_cell(opt.board, goal) is None:
            value -= GIVE_AWAY_PENALTY
        threat = 0.0
        if opponents and scores and unseen:
            # The next secret is one of the unseen pictures: leave the next player few of them.
            threat = _pictures_within_reach(opt, arrows, game.positions[rival], unseen)
            value -= NEXT_SECRET_WEIGHT * threat
        elif opponents and not scores and rival_goal is not None:
            if rival_goal != goal or table is None:
                table = chances(opt.board, opt.spare, opt.spare_picture, arrows, rival_goal)
            threat = table.fraction(opt.carry(game.positions[rival]))
            if threat > 0:
                value -= THREAT_PENALTY + THREAT_WEIGHT * threat
        rated.append(Rated(opt.push, cell, value, scores, opt, threat))
    rated.sort(key=lambda r: -r.value)
    return rated


def _unseen_pictures(game: Game) -> frozenset[str]:
    """Junior: the pictures that may be the next secret once the face-up one is taken (none if it is the last)."""
    if game.variant.own_piles or not game.deck:
        return frozenset()
    seen = {p for taken in game.collected for p in taken} | {game.face_up}
    return frozenset(p for p in game.variant.pictures if p not in seen)


def _pictures_within_reach(opt: Option, arrows: list[tuple[str, int]], rival: Cell, pictures: frozenset[str]) -> float:
    """The share of *pictures* that the figure on *rival* could walk to after some push from *opt*'s board."""
    start = opt.carry(rival)
    size = opt.board.size
    found: set[str] = set()
    for reply in options(opt.board, opt.spare, opt.spare_picture, arrows):
        reach = reply.board.reach_bits(reply.carry(start))
        for cell in cells_of_bits(reach, size):
            picture = reply.board.picture_at(cell)
            if picture in pictures:
                found.add(picture)
    return len(found) / len(pictures)


def walk_choice(game: Game) -> Cell:
    """After the push: the goal when reachable, else the best-placed reachable cell."""
    require_phase(game, "walk")
    seat = game.current_player
    cell, _, _, _ = best_cell(
        game.board, game.spare, game.spare_picture, next_arrows(game, game.forbidden),
        known_goal(game, seat), game.positions[seat],
    )
    return cell
