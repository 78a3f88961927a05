"""Computer turns and hints of the card game off the frame loop: a worker thread thinks on a copy.

The scene starts a :class:`ComputerTurn` when a computer seat is to lay, polls
:meth:`ComputerTurn.result` every frame, and then plays the chosen lay and take through the same
animation path as a person's. The thread never touches the real game. A faulty player (an error,
an illegal choice) falls back to the first legal place and to taking nothing; a thread that takes
far too long (the kit's :data:`~doolhof.gui.kit.worker.THINK_LIMIT`) is given up on the same way,
so a game between computers never stalls. :class:`HintJob` works out the light bulb's advice the
same way. The thread machinery is the kit's (:mod:`doolhof.gui.kit.worker`), shared with the maze.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from doolhof.cards import CardGame, Place
from doolhof.cards.ai import make_player, suggest_place, suggest_take
from doolhof.cards.players import CardPlayer, RandomPlayer
from doolhof.cards.ports import Cell
from doolhof.gui.kit import worker
from doolhof.gui.kit.worker import PacedWorker, Worker

#: ``make_computer(level, seed)``: the card player for *level*; a random player for a level the AI
#: package does not know.
make_computer = partial(worker.make_computer, make_player, RandomPlayer)


def seat_player(level: str, seat: int, turn: int) -> CardPlayer:
    """The computer playing *seat* at *level*, made when it first plays, on *turn* (seeded by both, so a game
    replays alike: the first game's tutorial deal foresees the computers' turns before the child's)."""
    return make_computer(level, seed=1000 + 7 * seat + turn)


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


class ComputerTurn(PacedWorker[Decision]):
    """One computer turn being thought about in a daemon thread."""

    def __init__(self, player: CardPlayer, game: CardGame) -> None:
        """Start thinking about *game* (copied; the original is never touched)."""
        self.turn = game.turn
        super().__init__(partial(self._think, player, game.copy()), _fallback(game))

    def _think(self, player: CardPlayer, game: CardGame) -> Decision:
        try:
            place = player.choose_place(game)
            if place not in game.legal_places():
                raise ValueError(f"the computer chose an illegal place {place!r}")
        except Exception as error:
            self.error = error
            place = self._fallback.place
        game.place(place)
        take = safe_take(player, game) if game.phase == "take" else frozenset()
        return Decision(place, take)


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


class HintJob(Worker[Advice]):
    """A hint being worked out in a daemon thread, on a copy of the game."""

    def __init__(self, game: CardGame) -> None:
        """Start working out the hint for the mover of *game* in its current phase."""
        super().__init__(partial(advise, game.copy()))
