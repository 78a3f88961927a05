"""A game of Doolhof: setup, turns (push, then walk), secrets and the end (R5-R16)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..rules import IllegalMoveError, Outcome, checks, shown
from ..rules.checks import is_whole as _is_int
from ..rules.game import TurnGame
from . import events as ev
from .board import SIDES, Board, Cell, line_cells
from .saved import MAX_TURN as MAX_TURN
from .saved import saved_problem, upgrade
from .tiles import CHAR_OF_MASK, OPPOSITE, char, mask, rotate
from .variants import VARIANTS, Variant

FORMAT = "doolhof.game"
VERSION = 1
PHASES = ("push", "walk", "over")


@dataclass(frozen=True, order=True)
class Push:
    """Push the spare in at a yellow arrow.

    *side* is the edge where the card goes in (``"N" "E" "S" "W"``), *index* the row (W/E) or
    column (N/S) that shifts, *rotation* the quarter turns clockwise given to the spare first.
    ``str(Push("W", 1, 2))`` is ``"W1r2"`` and :meth:`parse` reads it back.
    """

    side: str
    index: int
    rotation: int = 0

    _TEXT = re.compile(r"^([NESW])(\d+)(?:r([0-3]))?$")

    def __str__(self) -> str:
        return f"{self.side}{self.index}" + (f"r{self.rotation}" if self.rotation else "")

    @classmethod
    def parse(cls, text: str) -> Push:
        """Read ``"W1"`` or ``"N3r2"`` (see :meth:`__str__`)."""
        m = cls._TEXT.match(checks.text(text, "a push").strip())
        if not m:
            raise IllegalMoveError(
                f"{shown(text)} is not a push; write a side N/E/S/W, a line number and optionally r0-r3, e.g. W1r2"
            )
        return cls(m[1], int(m[2]), int(m[3] or 0))

    @property
    def arrow(self) -> tuple[str, int]:
        """The arrow this push uses: (side, index)."""
        return (self.side, self.index)


class Game(TurnGame):
    """The whole state of one game, changed only by :meth:`push` and :meth:`walk`.

    >>> game = Game.new(variant="junior", players=2, seed=1)
    >>> game.phase, game.current_player, game.positions
    ('push', 0, ((0, 0), (0, 4)))
    """

    __slots__ = (
        "variant", "board", "players", "_spare", "_spare_picture", "_positions", "_current",
        "_phase", "_forbidden", "_deck", "_face_up", "_piles", "_collected", "_winners", "_turn",
    )

    def __init__(
        self,
        variant: Variant,
        board: Board,
        spare: int,
        spare_picture: str | None,
        positions: Sequence[Cell],
        *,
        current_player: int = 0,
        phase: str = "push",
        forbidden: tuple[str, int] | None = None,
        deck: Sequence[str] = (),
        face_up: str | None = None,
        piles: Sequence[Sequence[str]] | None = None,
        collected: Sequence[Sequence[str]] | None = None,
        winners: Iterable[int] | None = None,
        turn: int = 0,
    ):
        """Build a game from its parts. Most callers want :meth:`new` or :meth:`from_position`."""
        self.variant = variant
        self.board = board
        self.players = len(positions)
        self._spare = spare
        self._spare_picture = spare_picture
        self._positions: list[Cell] = [(p[0], p[1]) for p in positions]
        self._current = current_player
        self._phase = phase
        self._forbidden = forbidden
        self._deck = list(deck)
        self._face_up = face_up
        self._piles = [list(p) for p in piles] if piles is not None else [[] for _ in positions]
        self._collected = [list(c) for c in collected] if collected is not None else [[] for _ in positions]
        self._winners = frozenset(winners) if winners is not None else None
        self._turn = turn

    # ----- making games --------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        variant: str = "junior",
        players: int = 4,
        secrets: int | None = None,
        seed: int | None = None,
        first_player: int = 0,
    ) -> Game:
        """Set up a fresh game (R5): shuffled cards with random turns, shuffled secrets.

        The same *seed* gives the same game. *secrets* defaults to all pictures of the variant;
        with own piles (``junior-own``, ``classic``) they are dealt evenly and any remainder is
        left out.
        """
        v = _variant(variant)
        if not _is_int(players) or not 2 <= players <= 4:
            raise IllegalMoveError(f"Doolhof is played by 2 to 4 players, not {shown(players)}")
        total = len(v.pictures)
        if secrets is None:
            secrets = total
        if not _is_int(secrets) or not 1 <= secrets <= total:
            raise IllegalMoveError(f"the number of secrets must be 1 to {total}, not {shown(secrets)}")
        if v.own_piles and secrets < players:
            raise IllegalMoveError(f"with own piles every player needs a secret: use at least {players}")
        if not _is_int(first_player) or not 0 <= first_player < players:
            raise IllegalMoveError(f"the first player must be a seat from 0 to {players - 1}")
        checks.seed(seed)
        rng = random.Random(seed)
        cards = list(v.movable)
        rng.shuffle(cards)
        masks: list[int] = []
        pictures: list[str | None] = []
        free = iter(cards)
        for r in range(v.size):
            for c in range(v.size):
                fixed = v.fixed.get((r, c))
                if fixed is None:
                    m, picture = next(free)
                    m = rotate(m, rng.randrange(4))
                else:
                    m, picture = fixed
                masks.append(m)
                pictures.append(picture)
        spare, spare_picture = next(free)
        spare = rotate(spare, rng.randrange(4))
        order = list(v.pictures)
        rng.shuffle(order)
        game = cls(
            v, Board(v.size, masks, pictures), spare, spare_picture,
            [v.home(seat) for seat in range(players)], current_player=first_player,
        )
        if v.own_piles:
            each = secrets // players
            game._piles = [order[p * each:(p + 1) * each] for p in range(players)]
        else:
            game._face_up, game._deck = order[0], order[1:secrets]
        return game

    @classmethod
    def from_position(
        cls,
        board: Board | str,
        spare: int | str,
        *,
        variant: str = "junior",
        players: int = 2,
        positions: Sequence[Cell] | None = None,
        current_player: int = 0,
        forbidden: tuple[str, int] | None = None,
        spare_picture: str | None = None,
        secrets: Sequence[str] = (),
        piles: Sequence[Sequence[str]] | None = None,
    ) -> Game:
        """A game in a given position, for tests and puzzles.

        *board* may be a text diagram and *spare* a box character; pictures are placed on the
        board object beforehand (or none at all). *secrets* is the Junior stack, face-up first;
        *piles* the own piles for the other variants. Figures default to their home corners.
        """
        v = _variant(variant)
        if isinstance(board, str):
            board = Board.from_text(board)
        if not isinstance(board, Board):
            raise IllegalMoveError(f"a board is a Board or its text, not {shown(board)}")
        if board.size != v.size:
            raise IllegalMoveError(f"the {v.name} board is {v.size}x{v.size}, not {board.size}x{board.size}")
        spare_mask = mask(spare) if isinstance(spare, str) else spare
        if not _is_int(spare_mask) or spare_mask not in CHAR_OF_MASK:
            raise IllegalMoveError(f"{shown(spare)} is not a corridor card")
        if positions is None:
            positions = [v.home(seat) for seat in range(checks.whole(players, "the players", 2, 4))]
        elif isinstance(positions, (str, bytes)) or not isinstance(positions, Sequence):
            raise IllegalMoveError(f"the figures' cells are a list of cells, not {shown(positions)}")
        positions = [checks.cell(p, v.size, "a figure's cell") for p in positions]
        checks.seat(current_player, len(positions))
        if forbidden is not None and not (
            isinstance(forbidden, tuple) and len(forbidden) == 2 and isinstance(forbidden[0], str)
            and _is_int(forbidden[1])
        ):
            raise IllegalMoveError(f"the closed arrow is (side, line) or None, not {shown(forbidden)}")
        if spare_picture is not None:
            checks.text(spare_picture, "the spare's picture")
        secrets = _texts(secrets, "the secrets")
        if piles is not None:
            if isinstance(piles, (str, bytes)) or not isinstance(piles, Sequence):
                raise IllegalMoveError(f"the piles are one list of secrets per player, not {shown(piles)}")
            piles = [_texts(pile, "a pile") for pile in piles]
        game = cls(v, board, spare_mask, spare_picture, positions, current_player=current_player,
                   forbidden=forbidden, piles=piles)
        if not v.own_piles and secrets:
            game._face_up, game._deck = secrets[0], list(secrets[1:])
        problem = game._structure_problem()
        if problem:
            raise IllegalMoveError(problem)
        return game

    def copy(self) -> Game:
        """An independent copy (pushing or walking on it leaves this game alone)."""
        new = Game.__new__(Game)
        new.variant = self.variant
        new.board = self.board.copy()
        new.players = self.players
        new._spare = self._spare
        new._spare_picture = self._spare_picture
        new._positions = list(self._positions)
        new._current = self._current
        new._phase = self._phase
        new._forbidden = self._forbidden
        new._deck = list(self._deck)
        new._face_up = self._face_up
        new._piles = [list(p) for p in self._piles]
        new._collected = [list(c) for c in self._collected]
        new._winners = self._winners
        new._turn = self._turn
        return new

    # ----- looking -------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``"push"`` (the spare must go in), ``"walk"`` (the mover may walk) or ``"over"``."""
        return self._phase

    @property
    def positions(self) -> tuple[Cell, ...]:
        """Every figure's cell, one per seat."""
        return tuple(self._positions)

    @property
    def scores(self) -> tuple[int, ...]:
        """Secrets collected so far, one count per seat."""
        return tuple(len(c) for c in self._collected)

    @property
    def collected(self) -> tuple[tuple[str, ...], ...]:
        """The pictures each seat has collected, in the order taken."""
        return tuple(tuple(c) for c in self._collected)

    @property
    def spare(self) -> int:
        """The spare card's openings in its current orientation."""
        return self._spare

    @property
    def spare_picture(self) -> str | None:
        """The picture on the spare card, if any."""
        return self._spare_picture

    @property
    def forbidden(self) -> tuple[str, int] | None:
        """The arrow (side, index) that may not be used for the next push (R8), if any."""
        return self._forbidden

    @property
    def face_up(self) -> str | None:
        """The shared face-up secret (Junior), or None."""
        return self._face_up

    @property
    def deck(self) -> tuple[str, ...]:
        """The face-down Junior secrets still to come, next first."""
        return tuple(self._deck)

    def pile(self, seat: int) -> tuple[str, ...]:
        """*seat*'s own pile of secrets still to find, top first (own-pile variants)."""
        return tuple(self._piles[checks.seat(seat, self.players)])

    def spare_text(self) -> str:
        """The spare card as one box-drawing character, in its current orientation."""
        return char(self._spare)

    def home(self, seat: int) -> Cell:
        """*seat*'s start corner."""
        return self.variant.home(checks.seat(seat, self.players))

    def arrows(self) -> list[tuple[str, int]]:
        """Every yellow arrow (side, index) of the board (R2), allowed or not."""
        return list(_legal_arrows(self.variant.shift_lines, None))

    def legal_arrows(self) -> list[tuple[str, int]]:
        """The arrows that may be used now: all but the forbidden one; none outside the push phase."""
        if self._phase != "push":
            return []
        return list(_legal_arrows(self.variant.shift_lines, self._forbidden))

    def legal_pushes(self) -> list[Push]:
        """Every allowed push now: each allowed arrow with each of the 4 rotations."""
        if self._phase != "push":
            return []
        return list(_legal_pushes(self.variant.shift_lines, self._forbidden))

    def target_picture(self, seat: int | None = None) -> str | None:
        """The picture *seat* (default: the mover) is looking for, or None (game over, pile empty)."""
        seat = checks.seat(seat, self.players, default=self._current)
        if self._phase == "over":
            return None
        if self.variant.own_piles:
            pile = self._piles[seat]
            return pile[0] if pile else None
        return self._face_up

    def target(self, seat: int | None = None) -> Cell | None:
        """The cell *seat* (default: the mover) is heading for.

        The face-up secret's card (Junior), their own top secret, or their home corner when their
        pile is empty; None while that card is the spare or when the game is over.
        """
        seat = checks.seat(seat, self.players, default=self._current)
        if self._phase == "over":
            return None
        picture = self.target_picture(seat)
        if picture is None:
            return self.home(seat) if self.variant.own_piles else None
        return self.board.find_picture(picture)

    def reachable(self, seat: int | None = None) -> frozenset[Cell]:
        """The cells *seat* (default: the mover) can walk to now, its own cell included (R10)."""
        return self.board.reachable(self._positions[checks.seat(seat, self.players, default=self._current)])

    def outcome(self) -> Outcome | None:
        """None while playing; how the game ended once it is over."""
        if self._winners is None:
            return None
        return Outcome(self._winners, self.scores, "home" if self.variant.own_piles else "most-secrets")

    # ----- playing -------------------------------------------------------------------------
    def push(self, push: Push) -> list[ev.Event]:
        """Turn the spare and push it in (R6-R9); return what happened.

        Raises :class:`IllegalMoveError` and changes nothing when the push is not allowed now.
        """
        if self._phase == "over":
            raise IllegalMoveError("the game is over; start a new one")
        if self._phase == "walk":
            raise IllegalMoveError("the card has already been pushed this turn; now walk (or stay)")
        if not isinstance(push, Push):
            raise IllegalMoveError(f"{shown(push)} is not a Push")
        side, index, rotation = push.side, push.index, push.rotation
        if not isinstance(side, str) or side not in SIDES:
            raise IllegalMoveError(f"{shown(side)} is not a side; use N, E, S or W")
        if not _is_int(index) or index not in self.variant.shift_lines:
            lines = ", ".join(map(str, self.variant.shift_lines))
            raise IllegalMoveError(f"line {shown(index)} cannot be shifted; the movable lines are {lines}")
        if not _is_int(rotation) or rotation not in (0, 1, 2, 3):
            raise IllegalMoveError(f"rotation must be 0 to 3 quarter turns, not {shown(rotation)}")
        if (side, index) == self._forbidden:
            raise IllegalMoveError(
                f"the arrow {side}{index} is closed this turn: the last card came out there (R8)"
            )
        card = rotate(self._spare, rotation)
        picture = self._spare_picture
        cells = line_cells(self.board.size, side, index)
        out_mask, out_picture = self.board.push(side, index, card, picture)
        self._spare, self._spare_picture = out_mask, out_picture
        self._forbidden = (OPPOSITE[side], index)
        events: list[ev.Event] = [
            ev.CardPushedIn(side, index, rotation, cells[0], card, picture),
            ev.LineShifted(side, index, cells),
            ev.CardPushedOut(cells[-1], out_mask, out_picture),
        ]
        moves = figure_moves(self.board.size, side, index)
        for seat, pos in enumerate(self._positions):
            end = moves.get(pos)
            if end is None:
                continue
            self._positions[seat] = end
            if pos == cells[-1]:
                events.append(ev.FigureWrapped(seat, pos, end))
            else:
                events.append(ev.FigureCarried(seat, pos, end))
        self._phase = "walk"
        return events

    def walk(self, cell: Cell) -> list[ev.Event]:
        """Walk the mover to *cell* (its own cell to stay), collect, pass the turn (R10-R14).

        Raises :class:`IllegalMoveError` and changes nothing when the walk is not allowed now.
        """
        if self._phase == "over":
            raise IllegalMoveError("the game is over; start a new one")
        if self._phase == "push":
            raise IllegalMoveError("push the sliding card in first; walking comes after pushing (R6)")
        goal = checks.cell(cell, self.board.size)
        seat = self._current
        path = self.board.path(self._positions[seat], goal)
        if path is None:
            raise IllegalMoveError(f"{goal} cannot be reached from {self._positions[seat]}: a wall is in the way")
        self._positions[seat] = goal
        events: list[ev.Event] = [ev.FigureWalked(seat, path)]
        picture = self.board.picture_at(goal)
        if self.variant.own_piles:
            pile = self._piles[seat]
            if pile and picture == pile[0]:
                self._collected[seat].append(pile.pop(0))
                events.append(ev.SecretCollected(seat, picture, goal))
                if pile:
                    events.append(ev.SecretRevealed(pile[0], seat))
            elif not pile and goal == self.home(seat):
                return events + self._finish(frozenset({seat}))
        elif picture is not None and picture == self._face_up:
            self._collected[seat].append(picture)
            events.append(ev.SecretCollected(seat, picture, goal))
            if not self._deck:
                best = max(self.scores)
                return events + self._finish(frozenset(s for s, n in enumerate(self.scores) if n == best))
            self._face_up = self._deck.pop(0)
            events.append(ev.SecretRevealed(self._face_up, None))
        self._turn += 1
        self._current = (seat + 1) % self.players
        self._phase = "push"
        events.append(ev.TurnPassed(self._current))
        return events

    def _finish(self, winners: frozenset[int]) -> list[ev.Event]:
        self._turn += 1
        self._phase = "over"
        self._face_up = None
        self._winners = winners
        return [ev.GameOver(winners, self.scores)]

    # ----- saving --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-safe data, versioned; :meth:`from_dict` reads it back."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.variant.name,
            "cells": self.board.masks(),
            "pictures": self.board.pictures(),
            "spare": self._spare,
            "spare_picture": self._spare_picture,
            "positions": [list(p) for p in self._positions],
            "current": self._current,
            "phase": self._phase,
            "forbidden": list(self._forbidden) if self._forbidden else None,
            "deck": list(self._deck),
            "face_up": self._face_up,
            "piles": [list(p) for p in self._piles],
            "collected": [list(c) for c in self._collected],
            "winners": sorted(self._winners) if self._winners is not None else None,
            "turn": self._turn,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a game from :meth:`to_dict` data; malformed or foreign data raises ValueError."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("this is not a saved Doolhof game")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
            raise ValueError(f"saved game version {repr(version)[:40]} is not supported (this program reads"
                             f" {VERSION})")
        data = upgrade(data, version, VERSION)
        try:
            v = _variant(data["variant"])
            area = v.size * v.size
            cells = data["cells"]
            pictures = data["pictures"]
            if not (_is_list(cells, int, area) and _is_list(pictures, (str, type(None)), area)):
                raise ValueError("the board is damaged")
            positions = data["positions"]
            if not (isinstance(positions, list) and 2 <= len(positions) <= 4
                    and all(_is_list(p, int, 2) for p in positions)):
                raise ValueError("the figures' places are damaged")
            forbidden = data["forbidden"]
            if forbidden is not None:
                if not (isinstance(forbidden, list) and len(forbidden) == 2
                        and isinstance(forbidden[0], str) and _is_int(forbidden[1])):
                    raise ValueError("the closed arrow is damaged")
                forbidden = (forbidden[0], forbidden[1])
            players = len(positions)
            piles, collected, deck = data["piles"], data["collected"], data["deck"]
            for name, value in (("piles", piles), ("collected", collected)):
                if not (isinstance(value, list) and len(value) == players
                        and all(_is_list(p, str) for p in value)):
                    raise ValueError(f"the {name} are damaged")
            if not _is_list(deck, str):
                raise ValueError("the deck is damaged")
            winners = data["winners"]
            if winners is not None and not _is_list(winners, int):
                raise ValueError("the winners are damaged")
            for key, kinds in (("spare", int), ("current", int), ("turn", int), ("phase", str),
                               ("spare_picture", (str, type(None))), ("face_up", (str, type(None)))):
                if not isinstance(data[key], kinds) or isinstance(data[key], bool):
                    raise ValueError(f"the {key} is damaged")
            if data["turn"] < 0:
                raise ValueError("the turn is damaged")
            game = cls(
                v, Board(v.size, cells, pictures), data["spare"], data["spare_picture"],
                [tuple(p) for p in positions], current_player=data["current"], phase=data["phase"],
                forbidden=forbidden, deck=deck, face_up=data["face_up"], piles=piles,
                collected=collected, winners=winners, turn=data["turn"],
            )
        except KeyError as missing:
            raise ValueError(f"the saved game lacks {missing}") from None
        except IllegalMoveError as error:
            raise ValueError(str(error)) from None
        problem = game._structure_problem() or saved_problem(game)
        if problem:
            raise ValueError(problem)
        return game

    def _structure_problem(self) -> str | None:
        """Why this state cannot be a game, or None when it is well formed."""
        v, size = self.variant, self.board.size
        if self._spare not in CHAR_OF_MASK:
            return "the spare card is damaged"
        if not 2 <= self.players <= 4:
            return f"Doolhof is played by 2 to 4 players, not {self.players}"
        if any(not (0 <= r < size and 0 <= c < size) for r, c in self._positions):
            return "a figure stands off the board"
        if not 0 <= self._current < self.players:
            return "the player to move is not at the table"
        if self._phase not in PHASES:
            return f"unknown phase {self._phase!r}"
        if self._forbidden is not None and (
            self._forbidden[0] not in SIDES or self._forbidden[1] not in v.shift_lines
        ):
            return "the closed arrow is not an arrow of this board"
        known = set(v.pictures)
        shown = [p for p in self.board.pictures() + [self._spare_picture] if p is not None]
        secrets = self._deck + [p for pile in self._piles for p in pile] + [p for c in self._collected for p in c]
        if self._face_up is not None:
            secrets.append(self._face_up)
        if not set(shown + secrets) <= known:
            return "a picture does not belong to this game"
        if len(set(shown)) != len(shown) or len(set(secrets)) != len(secrets):
            return "a picture appears twice"
        if self._winners is not None and not (self._winners and self._winners <= set(range(self.players))):
            return "the winners are not at the table"
        if (self._phase == "over") != (self._winners is not None):
            return "the game's end is damaged"
        if len(self._piles) != self.players or len(self._collected) != self.players:
            return "the secrets do not match the players"
        return None

    def __repr__(self) -> str:
        return (
            f"<Game {self.variant.name} {self.players} players, turn {self._turn},"
            f" seat {self._current} to {self._phase}>"
        )


@cache
def _legal_arrows(lines: tuple[int, ...], forbidden: tuple[str, int] | None) -> tuple[tuple[str, int], ...]:
    """Every arrow of a board with shiftable *lines* except *forbidden* (shared, so immutable)."""
    return tuple((side, i) for side in SIDES for i in lines if (side, i) != forbidden)


@cache
def _legal_pushes(lines: tuple[int, ...], forbidden: tuple[str, int] | None) -> tuple[Push, ...]:
    """The pushes of :func:`_legal_arrows` with all four rotations (Push is frozen, so sharing is safe)."""
    return tuple(Push(side, i, r) for side, i in _legal_arrows(lines, forbidden) for r in range(4))


@cache
def figure_moves(size: int, side: str, index: int) -> Mapping[Cell, Cell]:
    """Where a figure on each cell of the line pushed at (side, index) stands after the push (R7, R9).

    A figure rides one cell along with its card; a figure on the card pushed out goes onto the
    card pushed in, at the other end of the line. Cells off the line are not in the table: their
    figures stay put. The game and the computer players' look-ahead both move figures with it.

    >>> figure_moves(5, "W", 1)[(1, 2)], figure_moves(5, "W", 1)[(1, 4)]
    ((1, 3), (1, 0))
    """
    cells = line_cells(size, side, index)
    return {cell: cells[(k + 1) % len(cells)] for k, cell in enumerate(cells)}


def _texts(value: object, what: str) -> list[str]:
    """*value* as a list of texts (pictures); refused unless it is a sequence of texts."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not all(isinstance(x, str) for x in value):
        raise IllegalMoveError(f"{what} are a list of pictures, not {shown(value)}")
    return list(value)


def _variant(name: object) -> Variant:
    if not isinstance(name, str) or name not in VARIANTS:
        raise IllegalMoveError(f"unknown variant {shown(name)}; choose one of {', '.join(VARIANTS)}")
    return VARIANTS[name]


def _is_list(value: object, kinds: type | tuple[type, ...], length: int | None = None) -> bool:
    return (
        isinstance(value, list)
        and (length is None or len(value) == length)
        and all(isinstance(x, kinds) and not isinstance(x, bool) for x in value)
    )


__all__ = ["Game", "IllegalMoveError", "Outcome", "Push", "FORMAT", "VERSION", "PHASES", "MAX_TURN", "figure_moves"]
