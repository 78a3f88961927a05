"""Saved maze games: the upgrade ladder of their format, and the checks only a saved game is held to.

:meth:`doolhof.engine.Game.from_dict` climbs older data up :data:`UPGRADES` (version *n* to *n + 1*,
one rung at a time) and then asks :func:`saved_problem` whether the well-formed state could have
come from :meth:`~doolhof.engine.Game.new` and play: the variant's own cards, secrets that can be
found, an end the rules could give. :meth:`~doolhof.engine.Game.from_position` (tests, puzzles)
is not held to these. The checks read a game only through its public face (:class:`SavedState`).

>>> upgrade({"version": 1}, 1, 1)
{'version': 1}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any, Protocol

from ..rules.errors import count_words
from ..rules.formats import Upgrade, climb
from .board import Board, Cell
from .tiles import char, shape
from .variants import VARIANTS, Variant

#: The highest turn count a saved game may have: far beyond any real game (a turn a second for 30 years).
MAX_TURN = 1_000_000_000
#: The upgrade ladder of saved maze games: ``UPGRADES[n]`` turns version *n* data into version *n + 1*.
UPGRADES: dict[int, Upgrade] = {}


def upgrade(data: dict[str, Any], version: int, newest: int,
            ladder: Mapping[int, Upgrade] | None = None) -> dict[str, Any]:
    """Saved data of *version* climbed up *ladder* (default :data:`UPGRADES`) to *newest*; ValueError when a
    rung is missing."""
    return climb(data, version, newest, UPGRADES if ladder is None else ladder, "saved games")


class _Ended(Protocol):
    @property
    def winners(self) -> frozenset[int]:
        """The seats that won."""
        ...


class SavedState(Protocol):
    """What the checks read of a game (:class:`doolhof.engine.Game` is one)."""

    variant: Variant
    board: Board

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    @property
    def turn(self) -> int:
        """Turns played."""
        ...

    @property
    def phase(self) -> str:
        """``"push"``, ``"walk"`` or ``"over"``."""
        ...

    @property
    def spare(self) -> int:
        """The spare card's openings."""
        ...

    @property
    def spare_picture(self) -> str | None:
        """The spare card's picture."""
        ...

    @property
    def face_up(self) -> str | None:
        """The shared face-up secret."""
        ...

    @property
    def deck(self) -> tuple[str, ...]:
        """The shared secrets still to come."""
        ...

    @property
    def collected(self) -> tuple[tuple[str, ...], ...]:
        """Each seat's found secrets."""
        ...

    @property
    def positions(self) -> tuple[Cell, ...]:
        """Where each figure stands."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Secrets found per seat."""
        ...

    def pile(self, seat: int) -> tuple[str, ...]:
        """*seat*'s own secrets still to find."""
        ...

    def home(self, seat: int) -> Cell:
        """*seat*'s start corner."""
        ...

    def outcome(self) -> _Ended | None:
        """How the game ended, or None."""
        ...


def saved_problem(game: SavedState) -> str | None:
    """Why this well-formed state cannot have come from :meth:`new` and play, or None when it can."""
    if game.turn > MAX_TURN:
        return f"the turn count ({count_words(game.turn)}) is out of range (0 to {MAX_TURN:,})"
    return _secrets_problem(game) or _cards_problem(game) or _end_problem(game)


def _secrets_problem(game: SavedState) -> str | None:
    """Secrets that could never be found, or a count of secrets no game is dealt."""
    v = game.variant
    piles = [game.pile(seat) for seat in range(game.players)]
    on_cards = {p for p in game.board.pictures() + [game.spare_picture] if p is not None}
    if v.own_piles:
        if game.face_up is not None or game.deck:
            return f"a {v.name} game deals own piles; it has no shared face-up secret or stack"
        for seat, pile in enumerate(piles):
            for picture in pile:
                if picture not in on_cards:
                    return f"seat {seat}'s secret {picture!r} is on no card, so it can never be found"
        counts = [len(p) + len(c) for p, c in zip(piles, game.collected)]
        if min(counts) < 1 or len(set(counts)) > 1:
            listed = ", ".join(map(str, counts))
            return (f"the players' secrets ({listed}) are not dealt evenly: every player gets the same"
                    f" number, at least 1 (R13, R14)")
        return None
    if any(piles):
        return f"a {v.name} game has one shared stack of secrets, not own piles"
    waiting = ([game.face_up] if game.face_up is not None else []) + list(game.deck)
    for picture in waiting:
        if picture not in on_cards:
            which = "face-up" if picture == game.face_up else "waiting"
            return f"the {which} secret {picture!r} is on no card, so it can never be found"
    if game.phase != "over" and game.face_up is None:
        return "the game is not over, yet no secret is face up to be found (R11)"
    if not waiting and not any(game.collected):
        return f"the game has no secrets; a {v.name} game has 1 to {len(v.pictures)} (R13)"
    return None


def _cards_problem(game: SavedState) -> str | None:
    """Cards that are not the variant's: the fixed tiles in place, the movable cards the variant's mix."""
    v, board = game.variant, game.board
    for cell, (m, picture) in sorted(v.fixed.items()):
        here = (board.mask_at(cell), board.picture_at(cell))
        if here != (m, picture):
            return (f"the fixed tile on {cell} is {_card_words(*here)}; on the {v.name} board it is"
                    f" {_card_words(m, picture)} (R3, R4)")
    found: Counter[tuple[str, str | None]] = Counter(
        (shape(board.mask_at(cell)), board.picture_at(cell)) for cell in board.cells() if cell not in v.fixed
    )
    found[(shape(game.spare), game.spare_picture)] += 1
    wanted = _movable_kinds(v.name)
    if found != wanted:
        extra, missing = found - wanted, wanted - found
        return (f"the movable cards are not those of the {v.name} game: there {_kinds_words(extra, True)}"
                f" instead of {_kinds_words(missing, False)} (R3, R4)")
    return None


def _end_problem(game: SavedState) -> str | None:
    """An ended game whose end the rules could not have given (R12, R14)."""
    outcome = game.outcome()
    if outcome is None:
        return None
    winners_set = outcome.winners
    winners = ", ".join(map(str, sorted(winners_set)))
    if game.variant.own_piles:
        seat = min(winners_set)
        if len(winners_set) != 1 or game.pile(seat) or game.positions[seat] != game.home(seat):
            return (f"the winners ({winners}) are not one player home with an empty pile, the only way"
                    f" a game with own piles ends (R14)")
        return None
    if game.face_up is not None or game.deck:
        return "the game is over although secrets are still waiting (R12)"
    best = max(game.scores)
    if winners_set != {s for s, n in enumerate(game.scores) if n == best}:
        return f"the winners ({winners}) are not the players with the most secrets (R12)"
    return None


#: How a card shape is named for people: one, and more than one.
_SHAPE_WORDS = {"straight": ("straight", "straights"), "corner": ("corner", "corners"), "t": ("T", "T's"),
                "cross": ("crossing", "crossings")}
#: One opening mask of each shape, to name a (shape, picture) kind.
_SHAPE_MASKS = {"straight": 5, "corner": 3, "t": 14, "cross": 15}


def _card_words(m: int, picture: str | None, count: int | None = None) -> str:
    """A card for people: a fixed tile as ``"┤ with the sun"``, else ``"a T with the moon"`` or ``"2 corners"``."""
    if count is None:
        what = char(m)
    else:
        one, more = _SHAPE_WORDS[shape(m)]
        what = f"a {one}" if count == 1 else f"{count} {more}"
    if picture:
        return f"{what} with the {picture}"
    return what + (" without a picture" if count is None else "")


def _kinds_words(kinds: Counter[tuple[str, str | None]], present: bool) -> str:
    """A few kinds of card with their counts, most first: ``"are 17 crossings"``, ``"6 straights, a T ..."``."""
    ordered = sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1] or ""))
    parts = [_card_words(_SHAPE_MASKS[s], p, n) for (s, p), n in ordered]
    if len(parts) > 4:
        parts[3:] = [f"{len(parts) - 3} more kinds"]
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    if not present:
        return text
    return ("are " if sum(kinds.values()) > 1 else "is ") + text


@cache
def _movable_kinds(name: str) -> Counter[tuple[str, str | None]]:
    """The variant's movable cards (board and spare) as (shape, picture) counts."""
    return Counter((shape(m), p) for m, p in VARIANTS[name].movable)


