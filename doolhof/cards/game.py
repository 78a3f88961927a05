"""A game of the labyrinth card game: setup, laying, taking, drawing and the end (C4-C10)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from ..rules import IllegalMoveError, Outcome, checks, shown
from ..rules.checks import is_whole as _is_int
from ..rules.errors import count_words
from ..rules.formats import Upgrade, climb
from ..rules.game import TurnGame
from . import events as ev
from .card import Card
from .deck import DECK
from .ports import Cell
from .table import Layout

FORMAT: Final = "doolhof.cards"
VERSION: Final = 1
PHASES: Final = ("place", "take", "over")
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
#: Cards a player holds after drawing (C8).
HAND_SIZE: Final = 2
#: Where the four starting cards lie (C4).
START_CELLS: Final[tuple[Cell, ...]] = ((0, 0), (1, 0), (0, 1), (1, 1))
#: The highest turn count, and the farthest a cell may lie from (0, 0), in a saved game of any deck:
#: far beyond any real game (the 50-card deck is used up in 46 turns, within 46 cells of the start).
MAX_TURN: Final = 1_000_000_000


class Place(NamedTuple):
    """Lay hand card *hand_index* on *cell*, turned *rotation* quarter turns clockwise (0-3)."""

    hand_index: int
    cell: Cell
    rotation: int


class CardGame(TurnGame):
    """The whole state of one game, changed only by :meth:`place` and :meth:`take`.

    >>> game = CardGame.new(players=3, seed=7)
    >>> game.players, game.current_player, game.phase, len(game.table), game.pile_size
    (3, 0, 'place', 4, 40)
    """

    __slots__ = (
        "players", "_layout", "_hands", "_pile", "_taken", "_current", "_phase", "_laid",
        "_joined", "_takeable", "_turn", "_winners", "_standard", "_places",
    )

    def __init__(
        self,
        table: Mapping[Cell, tuple[Card, int]],
        hands: Sequence[Sequence[Card]],
        pile: Sequence[Card] = (),
        *,
        current_player: int = 0,
        taken: Sequence[Sequence[Card]] | None = None,
        phase: str = "place",
        laid: Cell | None = None,
        turn: int = 0,
        standard: bool = False,
    ):
        """Build a game from its parts without checks. Callers want :meth:`new` or :meth:`from_position`."""
        self.players = len(hands)
        self._layout = Layout(table)
        self._hands = [list(h) for h in hands]
        self._pile = list(pile)
        self._taken = [list(t) for t in taken] if taken is not None else [[] for _ in hands]
        self._current = current_player
        self._phase = phase
        self._laid = laid
        self._joined: dict[Cell, frozenset[str]] = {}
        self._takeable: frozenset[Cell] = frozenset()
        self._turn = turn
        self._winners: frozenset[int] | None = None
        self._standard = standard
        self._places: tuple[Place, ...] | None = None

    # ----- making games ------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int = 4, seed: int | None = None, first_player: int = 0) -> CardGame:
        """Set up a fresh game (C4): the 50 cards of :data:`~doolhof.cards.DECK` shuffled, the top
        four face up at (0, 0), (1, 0), (0, 1), (1, 1) turned at random, two cards to every player.

        The same *seed* gives the same game; *first_player* is the seat that starts.
        """
        if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise IllegalMoveError(
                f"the card game is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(players)}"
            )
        if not _is_int(first_player) or not 0 <= first_player < players:
            raise IllegalMoveError(
                f"the first player must be a seat from 0 to {players - 1}, not {shown(first_player)}"
            )
        checks.seed(seed)
        rng = random.Random(seed)
        cards = list(DECK)
        rng.shuffle(cards)
        table = {cell: (cards[k], rng.randrange(4)) for k, cell in enumerate(START_CELLS)}
        start = len(START_CELLS)
        hands = [cards[start + HAND_SIZE * s:start + HAND_SIZE * (s + 1)] for s in range(players)]
        pile = cards[start + HAND_SIZE * players:]
        return cls(table, hands, pile, current_player=first_player, standard=True)

    @classmethod
    def from_position(
        cls,
        table: Mapping[Cell, tuple[Card, int]],
        hands: Sequence[Sequence[Card]],
        pile: Sequence[Card] = (),
        current_player: int = 0,
        *,
        taken: Sequence[Sequence[Card]] | None = None,
    ) -> CardGame:
        """A game in any position, for tests and puzzles; the phase is ``"place"`` (``"over"`` when no
        card is left anywhere, C9).

        *table* maps (x, y) to (card, rotation), *hands* holds one list of 0-2 cards per seat, *pile*
        the face-down cards with the next to draw first, *taken* the cards each seat has taken. Any
        cards may be used, the same card more than once too. The table must be one piece (C7).
        """
        if not isinstance(table, Mapping):
            raise IllegalMoveError("the table must map cells (x, y) to (card, rotation)")
        for cell, laid in table.items():
            if not _is_cell(cell):
                raise IllegalMoveError(f"{shown(cell)} is not a cell; give (x, y)")
            if not (isinstance(laid, tuple) and len(laid) == 2 and isinstance(laid[0], Card)
                    and _is_int(laid[1]) and 0 <= laid[1] <= 3):
                raise IllegalMoveError(f"the table holds {shown(laid)} on {cell}; give (card, rotation 0-3)")
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or not all(
            isinstance(h, Sequence) and not isinstance(h, (str, bytes)) and all(isinstance(c, Card) for c in h)
            for h in hands
        ):
            raise IllegalMoveError("hands must be one list of cards per seat")
        if isinstance(pile, (str, bytes)) or not isinstance(pile, Sequence) or not all(
            isinstance(c, Card) for c in pile
        ):
            raise IllegalMoveError("the pile must be a list of cards")
        if taken is not None and (not isinstance(taken, Sequence) or len(taken) != len(hands) or not all(
            isinstance(t, Sequence) and all(isinstance(c, Card) for c in t) for t in taken
        )):
            raise IllegalMoveError("taken must be one list of cards per seat")
        if not _is_int(current_player):
            raise IllegalMoveError(f"the current player must be a seat number, not {shown(current_player)}")
        game = cls(table, hands, pile, current_player=current_player, taken=taken)
        if not game._pile and not any(game._hands) and 0 <= current_player < game.players:
            game._phase = "over"
            game._winners = game._best()
        problem = game._structure_problem()
        if problem:
            raise IllegalMoveError(problem)
        return game

    def copy(self) -> CardGame:
        """An independent copy (playing on it leaves this game alone)."""
        new = CardGame.__new__(CardGame)
        new.players = self.players
        new._layout = self._layout.copy()
        new._hands = [list(h) for h in self._hands]
        new._pile = list(self._pile)
        new._taken = [list(t) for t in self._taken]
        new._current = self._current
        new._phase = self._phase
        new._laid = self._laid
        new._joined = self._joined
        new._takeable = self._takeable
        new._turn = self._turn
        new._winners = self._winners
        new._standard = self._standard
        new._places = self._places
        return new

    # ----- looking -----------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``"place"`` (lay a card), ``"take"`` (choose cards to take) or ``"over"``."""
        return self._phase

    @property
    def table(self) -> Mapping[Cell, tuple[Card, int]]:
        """A read-only snapshot: cell (x, y) -> (card, rotation); x grows east, y south."""
        return MappingProxyType(dict(self._layout.cards))

    @property
    def layout(self) -> Layout:
        """The table with its port tables, for fast read-only searches (never change it)."""
        return self._layout

    @property
    def pile_size(self) -> int:
        """Cards left face down."""
        return len(self._pile)

    @property
    def pile(self) -> tuple[Card, ...]:
        """The face-down cards, next to draw first: for tests and saving, never for the screen or
        the computer players (they would peek)."""
        return tuple(self._pile)

    @property
    def scores(self) -> tuple[int, ...]:
        """Cards taken so far, one count per seat (C7: each taken card is one point)."""
        return tuple(len(t) for t in self._taken)

    @property
    def laid(self) -> Cell | None:
        """The cell of the card just laid while the player may take (phase ``"take"``), else None."""
        return self._laid

    @property
    def standard(self) -> bool:
        """True for a game of the 50-card :data:`~doolhof.cards.DECK` set up by :meth:`new`."""
        return self._standard

    @property
    def no_fit(self) -> bool:
        """True when no hand card continues a path anywhere, so any cell touching the table will do (C6)."""
        if self._phase != "place":
            return False
        need = self._layout.frontier()
        return not any(
            need[cell] & card.geometry(r).open for card in self._hands[self._current] for cell in need for r in range(4)
        )

    def hand(self, seat: int) -> tuple[Card, ...]:
        """*seat*'s cards (0, 1 or 2)."""
        return tuple(self._hands[self._seat(seat)])

    def taken(self, seat: int) -> tuple[Card, ...]:
        """The cards *seat* has taken, in the order taken."""
        return tuple(self._taken[self._seat(seat)])

    def joined(self) -> Mapping[Cell, frozenset[str]]:
        """While taking: every card joined to the card just laid by a path from a matching treasure
        (C7), cell -> the treasures that join it. Some may not be takeable (see :meth:`takeable`)."""
        return MappingProxyType(dict(self._joined))

    def legal_places(self) -> list[Place]:
        """Every place allowed now (C5; C6 when nothing fits), all four rotations of each card even
        where two look the same; empty outside the ``"place"`` phase. Ordered by hand card, cell, rotation.
        """
        if self._phase != "place":
            return []
        if self._places is None:
            need = self._layout.frontier()
            cells = sorted(need)
            hand = self._hands[self._current]
            places = [
                Place(i, cell, r)
                for i, card in enumerate(hand)
                for cell in cells
                for r, mask in enumerate(_open_masks(card))
                if need[cell] & mask
            ]
            if not places:  # C6: no card continues a path, so any cell touching the table will do
                places = [Place(i, cell, r) for i in range(len(hand)) for cell in cells for r in range(4)]
            self._places = tuple(places)
        return list(self._places)

    def takeable(self) -> frozenset[Cell]:
        """While taking: the cells whose card may be taken (C7), each in at least one set that keeps
        the table in one piece; empty in the other phases. Taking all of them at once may still
        split the table (see :meth:`can_take`)."""
        return self._takeable if self._phase == "take" else frozenset()

    def can_take(self, cells: Iterable[Cell]) -> bool:
        """True when :meth:`take` would accept *cells* now."""
        try:
            self._check_take(cells)
        except IllegalMoveError:
            return False
        return True

    def outcome(self) -> Outcome | None:
        """None while playing; how the game ended once it is over."""
        if self._winners is None:
            return None
        return Outcome(self._winners, self.scores)

    # ----- playing -----------------------------------------------------------------------------------
    def place(self, place: Place) -> list[ev.Event]:
        """Lay a hand card (C5, C6); return what happened.

        When no card can then be taken the turn ends at once (draw, next player); otherwise the
        phase becomes ``"take"``. Raises :class:`IllegalMoveError` and changes nothing when the place
        is not allowed now.
        """
        if self._phase == "over":
            raise IllegalMoveError("the game is over; start a new one")
        if self._phase == "take":
            raise IllegalMoveError("a card has already been laid this turn; now take cards (or none) with take()")
        if not isinstance(place, Place):
            raise IllegalMoveError(f"{shown(place)} is not a Place; write Place(hand_index, (x, y), rotation)")
        index, cell, rotation = place
        seat = self._current
        hand = self._hands[seat]
        if not _is_int(index) or not 0 <= index < len(hand):
            numbers = "0" if len(hand) == 1 else f"0 to {len(hand) - 1}"
            raise IllegalMoveError(
                f"hand card {shown(index)} is not in the hand: seat {seat} holds {len(hand)}, numbered {numbers}"
            )
        if not _is_cell(cell):
            raise IllegalMoveError(f"{shown(cell)} is not a cell; give (x, y)")
        if not _is_int(rotation) or not 0 <= rotation <= 3:
            raise IllegalMoveError(f"rotation must be 0 to 3 quarter turns, not {shown(rotation)}")
        layout = self._layout
        cell = (cell[0], cell[1])
        if cell in layout:
            raise IllegalMoveError(f"{cell} already holds a card; a card is never laid on top of another (C5)")
        if not layout.touches(cell):
            raise IllegalMoveError(
                f"{cell} touches no card: lay the card beside a table card, side to side (a corner is not enough, C5)"
            )
        card = hand[index]
        if not layout.fits(cell, card.geometry(rotation)) and not self.no_fit:
            raise IllegalMoveError(
                f"turned {rotation} on {cell}, the card joins no path: at least one of its paths must go on"
                " into a neighbouring card (C5)"
            )
        del hand[index]
        layout.put(cell, card, rotation)
        self._places = None
        events: list[ev.Event] = [ev.CardLaid(seat, index, card, cell, rotation)]
        joined = layout.joined(cell)
        takeable = layout.takeable(cell, joined) if joined else frozenset()
        if not takeable:
            return events + self._end_turn()
        self._phase = "take"
        self._laid = cell
        self._joined = joined
        self._takeable = takeable
        for target in sorted(takeable):
            treasure = min(joined[target])
            events.append(ev.PathJoined(seat, treasure, layout.path(cell, treasure, target)))
        return events

    def take(self, cells: Iterable[Cell]) -> list[ev.Event]:
        """Take the cards on *cells* as points (an empty set takes none) and end the turn (C7, C8).

        Raises :class:`IllegalMoveError` and changes nothing when the set may not be taken.
        """
        gone = self._check_take(cells)
        seat = self._current
        events: list[ev.Event] = []
        if gone:
            order = tuple(sorted(gone))
            cards = tuple(self._layout.remove(c)[0] for c in order)
            self._taken[seat].extend(cards)
            events.append(ev.CardsTaken(seat, order, cards))
        return events + self._end_turn()

    def _check_take(self, cells: Iterable[Cell]) -> frozenset[Cell]:
        """The cells of a take that is allowed now; IllegalMoveError with the reason otherwise."""
        if self._phase == "over":
            raise IllegalMoveError("the game is over; start a new one")
        if self._phase == "place":
            raise IllegalMoveError("lay a card first: taking comes after laying (C7)")
        if isinstance(cells, (str, bytes)) or not isinstance(cells, Iterable):
            raise IllegalMoveError(f"{shown(cells)} is not a set of cells; give e.g. {{(1, 0)}} or an empty set")
        items = list(cells)
        if not all(_is_cell(c) for c in items):
            raise IllegalMoveError(f"{shown(cells)} is not a set of cells; give e.g. {{(1, 0)}} or an empty set")
        gone = frozenset((c[0], c[1]) for c in items)
        for cell in sorted(gone):
            if cell == self._laid:
                raise IllegalMoveError(f"the card just laid on {cell} stays on the table (C7)")
            if cell not in self._layout:
                raise IllegalMoveError(f"there is no card on {cell}")
            if cell not in self._joined:
                raise IllegalMoveError(
                    f"the card on {cell} is not joined by a path to the same treasure on the card just laid (C7)"
                )
        assert self._laid is not None
        if gone and not self._layout.can_take(self._laid, gone):
            listed = ", ".join(str(c) for c in sorted(gone))
            raise IllegalMoveError(
                f"taking {listed} would split the table: the cards left must stay joined side to side (C7)"
            )
        return gone

    def _end_turn(self) -> list[ev.Event]:
        """Draw up to two cards, then pass the turn to the next seat holding cards or end the game (C8, C9)."""
        seat = self._current
        hand = self._hands[seat]
        drawn = 0
        while len(hand) < HAND_SIZE and self._pile:
            hand.append(self._pile.pop(0))
            drawn += 1
        events: list[ev.Event] = [ev.CardsDrawn(seat, drawn)] if drawn else []
        self._turn += 1
        self._laid = None
        self._joined = {}
        self._takeable = frozenset()
        self._places = None
        if not self._pile and not any(self._hands):
            self._phase = "over"
            self._winners = self._best()
            return [*events, ev.GameOver(self._winners, self.scores)]
        nxt = (seat + 1) % self.players
        while not self._hands[nxt]:
            nxt = (nxt + 1) % self.players
        self._current = nxt
        self._phase = "place"
        return [*events, ev.TurnPassed(nxt)]

    def _best(self) -> frozenset[int]:
        scores = self.scores
        top = max(scores)
        return frozenset(s for s, n in enumerate(scores) if n == top)

    def _seat(self, seat: int) -> int:
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise IllegalMoveError(f"seat {shown(seat)} is not at the table (seats 0 to {self.players - 1})")
        return seat

    # ----- saving ------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-safe data, versioned; :meth:`from_dict` reads it back."""
        cards = self._layout.cards
        return {
            "format": FORMAT,
            "version": VERSION,
            "deck": "standard" if self._standard else "custom",
            "table": [[x, y, cards[(x, y)][0].text(), cards[(x, y)][1]] for x, y in sorted(cards)],
            "hands": [[c.text() for c in h] for h in self._hands],
            "pile": [c.text() for c in self._pile],
            "taken": [[c.text() for c in t] for t in self._taken],
            "current": self._current,
            "phase": self._phase,
            "laid": list(self._laid) if self._laid is not None else None,
            "turn": self._turn,
            "winners": sorted(self._winners) if self._winners is not None else None,
        }

    @classmethod
    def from_dict(cls, data: Any) -> CardGame:
        """Rebuild a game from :meth:`to_dict` data; malformed, foreign or impossible data raises
        ValueError saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("this is not a saved game of the labyrinth card game")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
            raise ValueError(f"saved card game version {repr(version)[:40]} is not supported (this program reads"
                             f" {VERSION})")
        data = upgrade(data, version)
        try:
            deck = data["deck"]
            if deck != "standard":
                # Custom decks are a door of from_position for tests only: a saved game holds the 50 cards.
                raise ValueError(f"the deck kind {repr(deck)[:40]} is not the game's deck; saved games hold the"
                                 f" 50-card deck")
            rows = data["table"]
            if not isinstance(rows, list):
                raise ValueError("the table is damaged")
            table: dict[Cell, tuple[Card, int]] = {}
            for row in rows:
                if not (isinstance(row, list) and len(row) == 4 and _is_int(row[0]) and _is_int(row[1])
                        and isinstance(row[2], str) and _is_int(row[3]) and 0 <= row[3] <= 3):
                    raise ValueError("the table is damaged")
                if (row[0], row[1]) in table:
                    raise ValueError(f"two cards lie on {(row[0], row[1])}")
                table[(row[0], row[1])] = (_card(row[2]), row[3])
            hands = _card_lists(data["hands"], "hands")
            taken = _card_lists(data["taken"], "taken cards")
            pile = _card_list(data["pile"], "pile")
            for key, kind in (("current", int), ("turn", int), ("phase", str)):
                if not isinstance(data[key], kind) or isinstance(data[key], bool):
                    raise ValueError(f"the {key} is damaged")
            laid = data["laid"]
            if laid is not None and not (isinstance(laid, list) and len(laid) == 2 and all(_is_int(v) for v in laid)):
                raise ValueError("the card just laid is damaged")
            winners = data["winners"]
            if winners is not None and not (isinstance(winners, list) and all(_is_int(w) for w in winners)):
                raise ValueError("the winners are damaged")
        except KeyError as missing:
            raise ValueError(f"the saved game lacks {missing}") from None
        if len(taken) != len(hands):
            raise ValueError("the taken cards do not match the players")
        game = cls(
            table, hands, pile, current_player=data["current"], taken=taken, phase=data["phase"],
            laid=(laid[0], laid[1]) if laid is not None else None, turn=data["turn"], standard=True,
        )
        if winners is not None:
            game._winners = frozenset(winners)
        if game._phase == "take" and game._laid is not None and game._laid in game._layout:
            game._joined = game._layout.joined(game._laid)
            game._takeable = game._layout.takeable(game._laid, game._joined)
        problem = game._range_problem() or game._structure_problem()
        if problem:
            raise ValueError(problem)
        return game

    def _range_problem(self) -> str | None:
        """A turn count or a table cell out of any game's reach (saved games only), or None."""
        if self._turn > MAX_TURN:
            return f"the turn count ({count_words(self._turn)}) is out of range (0 to {MAX_TURN:,})"
        outside = next((c for c in sorted(self._layout.cards) if max(abs(c[0]), abs(c[1])) > MAX_TURN), None)
        if outside is not None:
            where = f"({count_words(outside[0])}, {count_words(outside[1])})"
            return f"a card lies on {where}, out of range (x and y from {-MAX_TURN:,} to {MAX_TURN:,})"
        return None

    def _structure_problem(self) -> str | None:
        """Why this state cannot be a position of the game, or None when it can."""
        n = self.players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            return f"the card game is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}"
        if len(self._taken) != n:
            return "the taken cards do not match the players"
        if any(len(h) > HAND_SIZE for h in self._hands):
            return f"a hand holds more than {HAND_SIZE} cards (C8)"
        if not 0 <= self._current < n:
            return f"the player to move, {shown(self._current)}, is not at the table (seats 0 to {n - 1})"
        if self._phase not in PHASES:
            return f"unknown phase {self._phase!r}"
        if self._turn < 0:
            return "the turn count is negative"
        if not self._layout.cards:
            return "the table is empty; a game always has cards on the table"
        if not self._layout.connected():
            return "the table is not one piece: every card must join the others side to side (C7)"
        hand = self._hands[self._current]
        empty = not self._pile and not any(self._hands)
        if self._phase == "place":
            if not hand:
                return f"the player to move, seat {shown(self._current)}, holds no card (C8 skips empty hands)"
            if self._laid is not None or self._winners is not None:
                return "a game in the place phase has no card just laid and no winners"
        elif self._phase == "take":
            if self._laid is None or self._laid not in self._layout:
                return "the card just laid is not on the table"
            if len(hand) >= HAND_SIZE:
                return "the player taking cards has just laid one, so holds at most one"
            if not self._takeable:
                return "the game waits for a take although no card can be taken (C7)"
            if self._winners is not None:
                return "a game still being played has no winners"
        else:
            if not empty:
                return "the game is over although cards are left (C9)"
            if self._laid is not None or self._winners != self._best():
                return "the winners are not the players with the most points (C9)"
        if self._standard:
            return self._deck_problem()
        return None

    def _deck_problem(self) -> str | None:
        """Why this game cannot have come from :meth:`new` with the 50-card deck, or None."""
        everything = Counter(c for c, _ in self._layout.cards.values())
        for group in (*self._hands, self._pile, *self._taken):
            everything.update(group)
        known = Counter(DECK)
        for card, count in everything.items():
            if card not in known:
                return f"the card {card.text()} is not a card of the deck"
            if count > 1:
                return f"the card {card.text()} appears {count} times; every card of the deck is there once"
        if len(everything) != len(known):
            return f"{len(known) - len(everything)} cards of the deck are missing"
        laid = len(self._layout) + sum(self.scores) - len(START_CELLS)
        if laid != self._turn + (self._phase == "take"):
            return f"{laid} cards have been laid in {self._turn} turns; one card is laid per turn"
        # Each card is laid beside one already there, so no card lies more than *laid* cells beyond the start.
        low, high = -laid, 1 + laid
        for x, y in sorted(self._layout.cards):
            if not (low <= x <= high and low <= y <= high):
                return (f"a card lies on ({count_words(x)}, {count_words(y)}), farther than {laid} cards laid"
                        f" beside the first four can reach"
                        f" (x and y from {low} to {high}, C4, C5)")
        if self._pile:
            for seat, hand in enumerate(self._hands):
                want = HAND_SIZE - (seat == self._current and self._phase == "take")
                if len(hand) != want:
                    return f"seat {seat} holds {len(hand)} cards while the pile lasts; it should hold {want} (C8)"
        return None

    def __repr__(self) -> str:
        return (
            f"<CardGame {self.players} players, turn {self._turn}, seat {self._current} to {self._phase},"
            f" {len(self._layout)} cards on the table, {len(self._pile)} in the pile>"
        )


#: The upgrade ladder of saved card games: ``UPGRADES[n]`` turns version *n* data into version *n + 1*.
UPGRADES: dict[int, Upgrade] = {}


def upgrade(data: dict[str, Any], version: int) -> dict[str, Any]:
    """Saved data of *version* climbed up :data:`UPGRADES` to :data:`VERSION`; ValueError when a rung is missing."""
    return climb(data, version, VERSION, UPGRADES, "saved card games")


def _open_masks(card: Card) -> tuple[int, int, int, int]:
    """The card's open-port mask for each rotation."""
    g = card.geometry
    return (g(0).open, g(1).open, g(2).open, g(3).open)


def _is_cell(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and _is_int(value[0]) and _is_int(value[1])


def _card(text: object) -> Card:
    if not isinstance(text, str):
        raise ValueError(f"a saved card is damaged: {text!r}")
    try:
        return Card.from_text(text)
    except ValueError as error:
        raise ValueError(f"a saved card is damaged: {error}") from None


def _card_list(value: object, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise ValueError(f"the {what} is damaged")
    return [_card(t) for t in value]


def _card_lists(value: object, what: str) -> list[list[Card]]:
    if not isinstance(value, list):
        raise ValueError(f"the {what} are damaged")
    return [_card_list(v, what) for v in value]


__all__ = ["CardGame", "IllegalMoveError", "Outcome", "Place", "FORMAT", "VERSION", "PHASES"]
