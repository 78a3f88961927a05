"""Computer turns and hints off the frame loop: a worker thread thinks on a copy of the game.

The scene asks :class:`ComputerTurn` to start when a computer seat is to move, polls
:meth:`ComputerTurn.result` every frame, and then plays the chosen push and walk through exactly
the same animation path as a person's move. The thread never touches the real game, and the frame
loop keeps drawing meanwhile. A thread that takes far too long (:data:`THINK_LIMIT`) is given up
on: a random legal push is played instead, so a demo between computers never stalls.

:class:`HintJob` does the same for a person's hint: ``suggest_push`` before the push,
``suggest_walk`` after it (the very search the computer players use). The thread machinery is
the kit's (:mod:`doolhof.gui.kit.worker`), shared with the card game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from doolhof.engine import Game, Push
from doolhof.engine.ai import make_player, suggest_push, suggest_walk
from doolhof.engine.players import Player, RandomPlayer
from doolhof.gui.kit.worker import PacedWorker, Worker

#: A computer "thinks" at least this long, so a child can follow whose turn it is (scene seconds:
#: the play scene scales them with the animation speed).
MIN_THINK = 0.7
#: After this many seconds of thinking (scene time *and* wall time, so a test stepping scene time
#: quickly never gives up on a thread that merely waits for the processor) the computer gives up
#: and plays a random legal push.
THINK_LIMIT = 6.0


def make_computer(level: str, seed: int) -> Player:
    """The computer player for *level*; a random player for a level the AI package does not know."""
    try:
        return make_player(level, seed=seed)
    except (TypeError, ValueError):
        return RandomPlayer(seed)


def safe_walk(player: Player, game: Game) -> tuple[tuple[int, int], BaseException | None]:
    """Where *player* walks in *game*'s walk phase, and the error when it failed.

    A faulty computer player (an error, or a cell out of reach) stays where it is rather than
    crash the game; *game* itself is not changed.
    """
    stay = game.positions[game.current_player]
    try:
        r, c = player.choose_walk(game.copy())
        walk = (int(r), int(c))
        if walk not in game.reachable():
            raise ValueError(f"the computer chose an unreachable cell {walk!r}")
    except Exception as error:
        return stay, error
    return walk, None


def _random_decision(game: Game, seed: int) -> Decision:
    """A random legal push and staying put: what a computer that thinks too long plays instead."""
    push = RandomPlayer(seed).choose_push(game)
    after = game.copy()
    after.push(push)  # the mover may ride round (R9): stay where the push leaves them
    return Decision(push, after.positions[after.current_player])


@dataclass(frozen=True)
class Decision:
    """What the computer will do: push, then walk to *walk*."""

    push: Push
    walk: tuple[int, int]


class ComputerTurn(PacedWorker[Decision]):
    """One computer turn being thought about in a daemon thread (past :data:`THINK_LIMIT`, a random push)."""

    def __init__(self, player: Player, game: Game) -> None:
        """Start thinking about *game* (copied; the original is never touched)."""
        self.turn = game.turn
        super().__init__(partial(self._think, player, game.copy()), _random_decision(game, self.turn),
                         min_think=MIN_THINK, limit=THINK_LIMIT)

    def _think(self, player: Player, game: Game) -> Decision:
        # A faulty computer player must never hang or crash the game: any error falls back to a
        # random push or to staying put, and is kept in ``error`` for the curious.
        try:
            push = player.choose_push(game)
            if push not in game.legal_pushes():
                raise ValueError(f"the computer chose an illegal push {push!r}")
        except Exception as error:
            self.error = error
            push = self._fallback.push
        game.push(push)
        walk, failed = safe_walk(player, game)
        if failed is not None:
            self.error = failed
        return Decision(push, walk)


@dataclass(frozen=True)
class HintAdvice:
    """A hint: the push to make (push phase) or the cell to walk to (walk phase), for *seat* on *turn*."""

    seat: int
    turn: int
    phase: str
    push: Push | None = None
    cell: tuple[int, int] | None = None


def _advise(game: Game) -> HintAdvice:
    """The hint for *game* from the computer players' search."""
    seat, turn, phase = game.current_player, game.turn, game.phase
    if phase == "push":
        return HintAdvice(seat, turn, phase, push=suggest_push(game))
    r, c = suggest_walk(game)
    return HintAdvice(seat, turn, phase, cell=(int(r), int(c)))


class HintJob(Worker[HintAdvice]):
    """A hint being worked out in a daemon thread, on a copy of the game."""

    def __init__(self, game: Game) -> None:
        """Start working out the hint for the mover of *game* in its current phase."""
        super().__init__(partial(_advise, game.copy()))
