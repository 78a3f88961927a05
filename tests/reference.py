"""A deliberately simple reference implementation of the Doolhof rules, to check the engine against.

Nothing clever: the board is a dict ``(row, col) -> set of direction letters``, a push rebuilds
the line cell by cell, reachability is a breadth-first search that looks at both neighbours'
openings. It shares no logic with ``doolhof.engine``; it reads only the variant *data* (card
table, fixed tiles, pictures) so that a seeded setup deals the same cards as ``Game.new``.

It can set a game up from a seed (the same draws from ``random.Random`` as ``Game.new``), or
copy a position from an engine game, and then replay the same pushes and walks.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from doolhof.engine.variants import VARIANTS

Cell = tuple[int, int]
RefPush = tuple[str, int, int]  # (side, index, rotation)

#: Box characters and their openings, written out by hand (independent of doolhof.engine.tiles).
OPENINGS: dict[str, frozenset[str]] = {
    "│": frozenset("NS"),
    "─": frozenset("EW"),
    "└": frozenset("NE"),
    "┌": frozenset("ES"),
    "┐": frozenset("SW"),
    "┘": frozenset("NW"),
    "├": frozenset("NES"),
    "┬": frozenset("ESW"),
    "┤": frozenset("NSW"),
    "┴": frozenset("NEW"),
    "┼": frozenset("NESW"),
}
CHARACTER = {openings: ch for ch, openings in OPENINGS.items()}
CLOCKWISE = {"N": "E", "E": "S", "S": "W", "W": "N"}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
SIDES = ("N", "E", "S", "W")
BIT = {"N": 1, "E": 2, "S": 4, "W": 8}  # only to read the engine's integer masks


def letters_of_mask(mask: int) -> frozenset[str]:
    """The direction letters of an engine opening mask (bit 0 N, 1 E, 2 S, 3 W)."""
    return frozenset(d for d, bit in BIT.items() if mask & bit)


def turn(openings: frozenset[str], quarter_turns: int) -> frozenset[str]:
    """*openings* turned clockwise *quarter_turns* times."""
    for _ in range(quarter_turns % 4):
        openings = frozenset(CLOCKWISE[d] for d in openings)
    return openings


class RefGame:
    """One game, all rules (R5-R14) written the plain way."""

    def __init__(self, variant: str, size: int, cells: dict[Cell, frozenset[str]], pictures: dict[Cell, str | None],
                 spare: frozenset[str], spare_picture: str | None, positions: list[Cell]):
        """A game in a given position; secrets are set by the caller (see :func:`new_game`)."""
        self.variant = variant
        self.own_piles = VARIANTS[variant].own_piles
        self.size = size
        self.cells = dict(cells)
        self.pictures = dict(pictures)
        self.spare = spare
        self.spare_picture = spare_picture
        self.positions = list(positions)
        self.current = 0
        self.phase = "push"
        self.forbidden: tuple[str, int] | None = None
        self.face_up: str | None = None
        self.deck: list[str] = []
        self.piles: list[list[str]] = [[] for _ in positions]
        self.collected: list[list[str]] = [[] for _ in positions]
        self.winners: set[int] | None = None

    @classmethod
    def from_engine(cls, game: Any) -> RefGame:
        """Copy the position of an engine ``Game`` (reading only its public properties)."""
        size = game.board.size
        cells = {(r, c): letters_of_mask(game.board.mask_at((r, c))) for r in range(size) for c in range(size)}
        pictures = {(r, c): game.board.picture_at((r, c)) for r in range(size) for c in range(size)}
        ref = cls(game.variant.name, size, cells, pictures, letters_of_mask(game.spare), game.spare_picture,
                  list(game.positions))
        ref.current = game.current_player
        ref.phase = game.phase
        ref.forbidden = game.forbidden
        ref.face_up = game.face_up
        ref.deck = list(game.deck)
        ref.piles = [list(game.pile(s)) for s in range(game.players)]
        ref.collected = [list(c) for c in game.collected]
        return ref

    def copy(self) -> RefGame:
        """An independent copy."""
        new = RefGame(self.variant, self.size, self.cells, self.pictures, self.spare, self.spare_picture,
                      self.positions)
        new.current, new.phase, new.forbidden = self.current, self.phase, self.forbidden
        new.face_up, new.deck = self.face_up, list(self.deck)
        new.piles = [list(p) for p in self.piles]
        new.collected = [list(c) for c in self.collected]
        new.winners = None if self.winners is None else set(self.winners)
        return new

    # ----- looking -----------------------------------------------------------------------
    def text(self) -> str:
        """The board as box characters, one line per row."""
        return "\n".join("".join(CHARACTER[self.cells[(r, c)]] for c in range(self.size)) for r in range(self.size))

    def spare_text(self) -> str:
        """The spare as a box character."""
        return CHARACTER[self.spare]

    def home(self, seat: int) -> Cell:
        """The start corner of *seat*, clockwise from the top left."""
        last = self.size - 1
        return [(0, 0), (0, last), (last, last), (last, 0)][seat]

    def legal_pushes(self) -> list[RefPush]:
        """Every allowed (side, index, rotation), in the engine's order."""
        if self.phase != "push":
            return []
        pushes = []
        for side in SIDES:
            for index in range(1, self.size, 2):
                if (side, index) != self.forbidden:
                    for rotation in range(4):
                        pushes.append((side, index, rotation))
        return pushes

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells joined to *cell* by an open corridor (both cards open towards each other)."""
        found = []
        for d in self.cells[cell]:
            r, c = cell[0] + STEP[d][0], cell[1] + STEP[d][1]
            if (r, c) in self.cells and OPPOSITE[d] in self.cells[(r, c)]:
                found.append((r, c))
        return found

    def reachable(self, start: Cell | None = None) -> set[Cell]:
        """Breadth-first search from *start* (default: the mover's cell)."""
        if start is None:
            start = self.positions[self.current]
        seen = {start}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for nxt in self.neighbours(cell):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return seen

    def distance(self, start: Cell, goal: Cell) -> int | None:
        """The number of steps on a shortest corridor path, or None when unreachable."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for nxt in self.neighbours(cell):
                if nxt not in dist:
                    dist[nxt] = dist[cell] + 1
                    queue.append(nxt)
        return dist.get(goal)

    def line(self, side: str, index: int) -> list[Cell]:
        """The line's cells from the pushed-in end to the pushed-out end."""
        if side == "W":
            return [(index, c) for c in range(self.size)]
        if side == "E":
            return [(index, c) for c in reversed(range(self.size))]
        if side == "N":
            return [(r, index) for r in range(self.size)]
        return [(r, index) for r in reversed(range(self.size))]

    # ----- playing -----------------------------------------------------------------------
    def push(self, side: str, index: int, rotation: int) -> None:
        """Turn the spare, push it in at (side, index), carry and wrap figures (R6-R9)."""
        assert self.phase == "push", "not the push phase"
        legal = side in SIDES and index in range(1, self.size, 2) and rotation in range(4)
        assert legal and (side, index) != self.forbidden, f"illegal push {(side, index, rotation)}"
        line = self.line(side, index)
        old_cells = [self.cells[cell] for cell in line]
        old_pictures = [self.pictures[cell] for cell in line]
        new_cells = [turn(self.spare, rotation)] + old_cells[:-1]
        new_pictures = [self.spare_picture] + old_pictures[:-1]
        for cell, openings, picture in zip(line, new_cells, new_pictures):
            self.cells[cell] = openings
            self.pictures[cell] = picture
        self.spare, self.spare_picture = old_cells[-1], old_pictures[-1]
        for seat, pos in enumerate(self.positions):
            if pos in line:
                k = line.index(pos)
                self.positions[seat] = line[0] if k == len(line) - 1 else line[k + 1]
        self.forbidden = (OPPOSITE[side], index)
        self.phase = "walk"

    def walk(self, goal: Cell) -> None:
        """Walk the mover to *goal*, collect, end the game or pass the turn (R10-R14)."""
        assert self.phase == "walk", "not the walk phase"
        seat = self.current
        assert goal in self.reachable(), f"{goal} is not reachable"
        self.positions[seat] = goal
        picture = self.pictures[goal]
        if self.own_piles:
            pile = self.piles[seat]
            if pile and picture == pile[0]:
                self.collected[seat].append(pile.pop(0))
            elif not pile and goal == self.home(seat):
                self.winners = {seat}
                self.phase = "over"
                return
        elif picture is not None and picture == self.face_up:
            self.collected[seat].append(picture)
            if self.deck:
                self.face_up = self.deck.pop(0)
            else:
                best = max(len(c) for c in self.collected)
                self.winners = {s for s, c in enumerate(self.collected) if len(c) == best}
                self.face_up = None
                self.phase = "over"
                return
        self.current = (seat + 1) % len(self.positions)
        self.phase = "push"

    def scores(self) -> tuple[int, ...]:
        """Secrets collected per seat."""
        return tuple(len(c) for c in self.collected)


def new_game(variant: str, players: int, seed: int, secrets: int | None = None) -> RefGame:
    """Set a game up as R5 says, drawing from ``random.Random(seed)`` in the engine's order.

    Order of draws: shuffle the movable cards; for every non-fixed cell in reading order take the
    next card and a random quarter turn; the next card is the spare, with a quarter turn; then
    shuffle the pictures for the secrets.
    """
    v = VARIANTS[variant]
    rng = random.Random(seed)
    cards = [(letters_of_mask(m), p) for m, p in v.movable]
    rng.shuffle(cards)
    cells: dict[Cell, frozenset[str]] = {}
    pictures: dict[Cell, str | None] = {}
    k = 0
    for r in range(v.size):
        for c in range(v.size):
            if (r, c) in v.fixed:
                m, picture = v.fixed[(r, c)]
                cells[(r, c)], pictures[(r, c)] = letters_of_mask(m), picture
            else:
                openings, picture = cards[k]
                k += 1
                cells[(r, c)], pictures[(r, c)] = turn(openings, rng.randrange(4)), picture
    spare, spare_picture = cards[k]
    spare = turn(spare, rng.randrange(4))
    order = list(v.pictures)
    rng.shuffle(order)
    last = v.size - 1
    homes = [(0, 0), (0, last), (last, last), (last, 0)][:players]
    game = RefGame(variant, v.size, cells, pictures, spare, spare_picture, homes)
    count = len(v.pictures) if secrets is None else secrets
    if v.own_piles:
        each = count // players
        game.piles = [order[p * each:(p + 1) * each] for p in range(players)]
    else:
        game.face_up, game.deck = order[0], order[1:count]
    return game
