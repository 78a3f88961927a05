"""A move on the wire: one action of either game as a short JSON list, and applying it with the rules.

=====================================  ==========================================
maze: push the spare in (R6-R8)        ``["push", "W1r2"]`` (:class:`~doolhof.engine.Push` text)
maze: walk to a cell (R10)             ``["walk", row, column]``
cards: lay hand card *i* (C5, C6)      ``["lay", i, x, y, rotation]``
cards: take cards (C7; none is ``[]``)  ``["take", [[x, y], ...]]``
=====================================  ==========================================

A move from the wire is checked for its shape here and for its legality by the game itself;
anything wrong raises :class:`~doolhof.online.errors.Refused` and leaves the game unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeAlias

from doolhof.engine import Game, Push
from doolhof.rules import IllegalMoveError
from doolhof.session.games import AnyGame

from .errors import Refused

#: A move as it travels: a JSON list, its first item the action.
Move: TypeAlias = "list[Any]"
#: The most cards one take may name (far more than a table can offer at once).
MAX_TAKE = 64
#: How far from the first card a card-game cell may lie (the deck is used up long before, C1).
MAX_CELL = 1000


def push_move(push: Push) -> Move:
    """The move of pushing *push*.

    >>> push_move(Push("W", 1, 2))
    ['push', 'W1r2']
    """
    return ["push", str(push)]


def walk_move(cell: tuple[int, int]) -> Move:
    """The move of walking to *cell*."""
    return ["walk", cell[0], cell[1]]


def lay_move(hand_index: int, cell: tuple[int, int], rotation: int) -> Move:
    """The move of laying hand card *hand_index* on *cell*, turned *rotation* quarter turns."""
    return ["lay", hand_index, cell[0], cell[1], rotation]


def take_move(cells: Iterable[tuple[int, int]]) -> Move:
    """The move of taking the cards on *cells* (none: an empty take ends the turn)."""
    return ["take", [[x, y] for x, y in sorted(cells)]]


def _whole(value: object, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise Refused("malformed", "a number of a move")
    return value


def read_move(game: AnyGame, move: object) -> tuple[str, Any]:
    """The action of *move* for *game*, checked for its shape only: ``("push", Push)``, ``("walk", cell)``,
    ``("lay", Place)`` or ``("take", frozenset of cells)``; raises :class:`Refused` (``malformed``).

    >>> read_move(Game.new("junior", 2, seed=1), ["walk", 0, 1])
    ('walk', (0, 1))
    """
    if not isinstance(move, list) or not move or not isinstance(move[0], str):
        raise Refused("malformed", "not a move")
    action, args = move[0], move[1:]
    if isinstance(game, Game):
        if action == "push" and len(args) == 1 and isinstance(args[0], str) and len(args[0]) <= 8:
            try:
                return ("push", Push.parse(args[0]))
            except (IllegalMoveError, ValueError):
                raise Refused("illegal", "push") from None
        if action == "walk" and len(args) == 2:
            return ("walk", (_whole(args[0], 0, 99), _whole(args[1], 0, 99)))
    else:
        from doolhof.cards import Place

        if action == "lay" and len(args) == 4:
            index = _whole(args[0], 0, 99)
            cell = (_whole(args[1], -MAX_CELL, MAX_CELL), _whole(args[2], -MAX_CELL, MAX_CELL))
            return ("lay", Place(index, cell, _whole(args[3], 0, 3)))
        if action == "take" and len(args) == 1 and isinstance(args[0], list) and len(args[0]) <= MAX_TAKE:
            cells = []
            for item in args[0]:
                if not isinstance(item, list) or len(item) != 2:
                    raise Refused("malformed", "a cell of a take")
                cells.append((_whole(item[0], -MAX_CELL, MAX_CELL), _whole(item[1], -MAX_CELL, MAX_CELL)))
            if len(set(cells)) != len(cells):
                raise Refused("malformed", "a cell named twice")
            return ("take", frozenset(cells))
    raise Refused("malformed", f"no move {action[:8]!r} in this game")


def apply_move(game: AnyGame, move: object) -> list[object]:
    """Play *move* on *game* (changing it) and return the rules' events; raises :class:`Refused`.

    ``malformed`` for a move of the wrong shape or of the other game, ``illegal`` for one the rules
    refuse now; in both cases *game* is unchanged.
    """
    action, what = read_move(game, move)
    try:
        if isinstance(game, Game):
            return list(game.push(what) if action == "push" else game.walk(what))
        return list(game.place(what) if action == "lay" else game.take(what))
    except IllegalMoveError:
        raise Refused("illegal", action[:8]) from None


__all__ = ["MAX_TAKE", "Move", "apply_move", "lay_move", "push_move", "read_move", "take_move", "walk_move"]
