"""Small helpers for engine tests: boards from text diagrams with pictures, and the walk-anywhere step."""

from __future__ import annotations

from collections.abc import Mapping

from doolhof.engine import Board, Cell, Game

#: A Junior board with correct fixed tiles. Rows 1 and 3 are vertical straights: (1,1), (1,3),
#: (3,1) and (3,3) connect to nothing (their neighbours above and below are horizontal).
GRID = """
┌─┬─┐
│││││
├─┼─┤
│││││
└─┴─┘
"""


def board(text: str, pictures: Mapping[Cell, str] | None = None) -> Board:
    """A board from a text diagram with *pictures* printed on some cells."""
    plain = Board.from_text(text)
    cells = plain.cells()
    names = [None if pictures is None else pictures.get(cell) for cell in cells]
    return Board(plain.size, plain.masks(), names)


def snapshot(game: Game) -> dict[str, object]:
    """Everything about *game*, to compare before and after a refused move."""
    return game.to_dict()
