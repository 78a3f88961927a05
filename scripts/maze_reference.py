"""A reference opponent for the maze benchmarks (not a playing level), and the boards it plays on.

:class:`ReferencePlayer` is the classic game-tree player: a full-width alpha-beta search over
every push, three turns deep (its own, the opponent's, its own), with a distance-to-picture
evaluation (the opponent's grid distance to the picture minus its own; a picture taken is worth
far more). Every walk in its tree is the scoring walk when there is one, else the reachable cell
nearest the picture (its evaluation, applied to the walk). It runs on the engine's fast core and
is meant for shared-picture games of two players (Junior, and :func:`shared_big_game`).

:func:`shared_big_game` is the big board (7x7, the classic cards) played with the Junior rule:
one shared face-up picture, 12 secrets, most secrets wins. A benchmark setup, not a variant.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

from doolhof.engine import Game, Push, fast
from doolhof.engine.fast import Arrow
from doolhof.engine.tiles import distinct_rotations, rotate
from doolhof.engine.variants import CLASSIC_FIXED, CLASSIC_MOVABLE, CLASSIC_PICTURES, VARIANTS, Variant

#: The big board with one shared picture (R15's cards, R4's rule).
SHARED_BIG = Variant("classic-shared", 7, CLASSIC_MOVABLE, CLASSIC_FIXED, CLASSIC_PICTURES, False)
WIN = 1000.0


def shared_big_game(seed: int, secrets: int = 12, first_player: int = 0) -> Game:
    """A two-player game on the 7x7 board with one shared face-up picture (same deal per *seed*)."""
    deal = Game.new("classic", 2, seed=seed)
    order = list(CLASSIC_PICTURES)
    random.Random(seed).shuffle(order)
    return Game(
        SHARED_BIG, deal.board.copy(), deal.spare, deal.spare_picture,
        [SHARED_BIG.home(s) for s in range(2)], current_player=first_player,
        face_up=order[0], deck=order[1:secrets],
    )


def new_game(board: str, seed: int, first_player: int = 0) -> Game:
    """A two-player game on *board*: ``junior``, ``shared7`` (:func:`shared_big_game`) or ``classic``."""
    if board == "shared7":
        return shared_big_game(seed, first_player=first_player)
    if board not in VARIANTS:
        raise ValueError(f"unknown board {board!r}")
    return Game.new(board, 2, seed=seed, first_player=first_player)


@cache
def _turns(spare: int) -> tuple[tuple[int, int], ...]:
    return tuple((r, rotate(spare, r)) for r in distinct_rotations(spare))


def _distance(cell: int, goal: int, size: int) -> int:
    return abs(cell // size - goal // size) + abs(cell % size - goal % size)


@dataclass
class ReferencePlayer:
    """Full-width alpha-beta over pushes, *depth* turns, distance evaluation (see the module)."""

    depth: int = 3
    name: str = "reference"
    nodes: int = 0
    _walk: tuple[int, int] | None = field(default=None, repr=False)

    def choose_push(self, game: Game) -> Push:
        """The push of the best line the search finds."""
        size = game.board.size
        seat = game.current_player
        pic = game.face_up
        cell = game.board.find_picture(pic) if pic else None
        goal = size * size if cell is None else cell[0] * size + cell[1]
        forbidden = fast.arrow(size, *game.forbidden) if game.forbidden else None
        pos = [p[0] * size + p[1] for p in game.positions]
        _, best = self._search(game.board.bits, game.spare, forbidden, pos, seat, goal, self.depth,
                                   -2 * WIN, 2 * WIN, size)
        assert best is not None
        a, r, walk = best
        self._walk = (walk // size, walk % size)
        return Push(a.side, a.index, r)

    def choose_walk(self, game: Game) -> tuple[int, int]:
        """The walk planned with the push (the scoring cell, else the one nearest the picture)."""
        if self._walk is not None and self._walk in game.reachable():
            return self._walk
        return game.positions[game.current_player]

    def _search(
        self, bits: int, spare: int, forbidden: Arrow | None, pos: list[int], mover: int, goal: int,
        depth: int, alpha: float, beta: float, size: int,
    ) -> tuple[float, tuple[Arrow, int, int] | None]:
        area = size * size
        other = 1 - mover
        best_value = -3 * WIN
        best: tuple[Arrow, int, int] | None = None
        for a in fast.arrows(size):
            if a is forbidden:
                continue
            closes = fast.arrow(size, *a.closes)
            moves = a.moves
            g = fast.picture_moves(a)[goal]
            for r, card in _turns(spare):
                self.nodes += 1
                after, out = fast.push(bits, a, card)
                me = moves[pos[mover]]
                reach = fast.reach(after, size, 1 << me)
                if g < area and reach >> g & 1:
                    value = WIN + depth
                    walk = g
                else:
                    walk = me
                    if g < area:
                        for ring in fast.rings(size, g):
                            if reach & ring:
                                near = reach & ring
                                walk = (near & -near).bit_length() - 1
                                break
                    them = moves[pos[other]]
                    if depth == 1:
                        value = float(_distance(them, g, size) - _distance(walk, g, size)) if g < area else 0.0
                    else:
                        nxt = [0, 0]
                        nxt[mover], nxt[other] = walk, them
                        value = -self._search(after, out, closes, nxt, other, g, depth - 1, -beta, -alpha, size)[0]
                if value > best_value:
                    best_value, best = value, (a, r, walk)
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            return best_value, best
        return best_value, best
