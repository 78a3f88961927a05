"""Computer turns and hints of the card game off the frame loop: a worker thread thinks on a copy.

The scene starts a :class:`ComputerTurn` when a computer seat is to lay, polls
:meth:`ComputerTurn.result` every frame, and then plays the chosen lay and take through the same
animation path as a person's. The thread never touches the real game. A faulty player (an error,
an illegal choice) falls back to the first legal place and to taking nothing; a thread that takes
far too long (:data:`THINK_LIMIT`) is given up on the same way, so a game between computers never
stalls. :class:`HintJob` works out the light bulb's advice the same way.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from doolhof.cards import CardGame, Place
from doolhof.cards.ai import make_player, suggest_place, suggest_take
from doolhof.cards.players import CardPlayer, RandomPlayer
from doolhof.cards.ports import Cell

#: A computer "thinks" at least this long (scene seconds, scaled with the animation speed).
MIN_THINK = 0.7
#: After this many seconds of thinking (scene time *and* wall time) a random legal place is played.
THINK_LIMIT = 6.0


def make_computer(level: str, seed: int) -> CardPlayer:
    """The card player for *level*; a random player for a level the AI package does not know."""
    try:
        return make_player(level, seed=seed)
    except (TypeError, ValueError):
        return RandomPlayer(seed)


def safe_take(player: CardPlayer, game: CardGame) -> frozenset[Cell]:
    """What *player* takes in *game*'s take phase; nothing when it errs or asks for a set not allowed."""
    try:
        cells = frozenset((int(x), int(y)) for x, y in player.choose_take(game.copy()))
    except Exception:  # a faulty player takes nothing rather than crash the game
        return frozenset()
    return cells if game.can_take(cells) else frozenset()


@dataclass(frozen=True)
class Decision:
    """What the computer will do: lay *place*, then take *take* (empty when nothing joins)."""

    place: Place
    take: frozenset[Cell]


def _fallback(game: CardGame) -> Decision:
    places = game.legal_places()
    return Decision(places[0], frozenset())


class ComputerTurn:
    """One computer turn being thought about in a daemon thread."""

    def __init__(self, player: CardPlayer, game: CardGame) -> None:
        """Start thinking about *game* (copied; the original is never touched)."""
        self.turn = game.turn
        self.elapsed = 0.0
        self._started = time.monotonic()
        self._decision: Decision | None = None
        self.error: BaseException | None = None
        self._fallback = _fallback(game)
        self._thread = threading.Thread(target=self._think, args=(player, game.copy()), daemon=True)
        self._thread.start()

    def _think(self, player: CardPlayer, game: CardGame) -> None:
        try:
            place = player.choose_place(game)
            if place not in game.legal_places():
                raise ValueError(f"the computer chose an illegal place {place!r}")
        except Exception as error:
            self.error = error
            place = self._fallback.place
        game.place(place)
        take = safe_take(player, game) if game.phase == "take" else frozenset()
        self._decision = Decision(place, take)

    @property
    def still_thinking(self) -> bool:
        """True while the thread runs, also after it was given up on."""
        return self._thread.is_alive()

    def tick(self, dt: float) -> None:
        """Count thinking time (scene time, so tests with fixed frames stay deterministic)."""
        self.elapsed += dt

    def result(self) -> Decision | None:
        """The decision once the thread is done and the minimum think time has passed."""
        if self.elapsed < MIN_THINK:
            return None
        if self._thread.is_alive():
            waited = time.monotonic() - self._started
            if self.elapsed < THINK_LIMIT or waited < THINK_LIMIT or self._decision is not None:
                return None
            self.error = TimeoutError(f"no decision after {THINK_LIMIT} s")
            self._decision = self._fallback
        return self._decision


@dataclass(frozen=True)
class Advice:
    """The light bulb's advice for *seat* on *turn* in *phase*: a place, or the cards to take."""

    seat: int
    turn: int
    phase: str
    place: Place | None = None
    take: frozenset[Cell] = frozenset()


def advise(game: CardGame) -> Advice:
    """The hint for *game* now (the computer players' own search)."""
    seat, turn, phase = game.current_player, game.turn, game.phase
    if phase == "place":
        return Advice(seat, turn, phase, place=suggest_place(game).place)
    return Advice(seat, turn, phase, take=frozenset(suggest_take(game)))


class HintJob:
    """A hint being worked out in a daemon thread, on a copy of the game."""

    def __init__(self, game: CardGame) -> None:
        """Start working out the hint for the mover of *game* in its current phase."""
        self._advice: Advice | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._work, args=(game.copy(),), daemon=True)
        self._thread.start()

    def _work(self, game: CardGame) -> None:
        try:
            self._advice = advise(game)
        except Exception as error:  # no hint is better than a crash; the bulb can be pressed again
            self.error = error

    def done(self) -> bool:
        """True once the thread has finished (with or without advice)."""
        return not self._thread.is_alive()

    def result(self) -> Advice | None:
        """The advice once ready (None while working, or when working it out failed)."""
        return None if self._thread.is_alive() else self._advice
