"""Computer turns and hints off the frame loop: a worker thread thinks on a copy of the game.

The scene asks :class:`ComputerTurn` to start when a computer seat is to move, polls
:meth:`ComputerTurn.result` every frame, and then plays the chosen push and walk through exactly
the same animation path as a person's move. The thread never touches the real game, and the frame
loop keeps drawing meanwhile. A thread that takes far too long is given up on: a random legal push
is played instead, so a demo between computers never stalls (the times are the kit's
:data:`~doolhof.gui.kit.worker.MIN_THINK` and :data:`~doolhof.gui.kit.worker.THINK_LIMIT`).

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
from doolhof.gui.kit import worker
from doolhof.gui.kit.worker import PacedWorker, Worker

#: ``make_computer(level, seed)``: the computer player for *level*; a random player for a level the
#: AI package does not know.
make_computer = partial(worker.make_computer, make_player, RandomPlayer)


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
    """One computer turn being thought about in a daemon thread (past the think limit, a random push)."""

    def __init__(self, player: Player, game: Game) -> None:
        """Start thinking about *game* (copied; the original is never touched)."""
        self.turn = game.turn
        super().__init__(partial(self._think, player, game.copy()), _random_decision(game, self.turn))

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
