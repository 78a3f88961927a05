"""Computer turns and hints off the frame loop: a worker thread thinks on a copy of the game.

The scene asks :class:`ComputerTurn` to start when a computer seat is to move, polls
:meth:`ComputerTurn.result` every frame, and then plays the chosen push and walk through exactly
the same animation path as a person's move. The thread never touches the real game, and the frame
loop keeps drawing meanwhile. A thread that takes far too long (:data:`THINK_LIMIT`) is given up
on: a random legal push is played instead, so a demo between computers never stalls.

:class:`HintJob` does the same for a person's hint: ``suggest_push`` before the push,
``suggest_walk`` after it (the very search the computer players use).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from doolhof.engine import Game, Push
from doolhof.engine.ai import make_player, suggest_push, suggest_walk
from doolhof.engine.players import Player, RandomPlayer

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


class ComputerTurn:
    """One computer turn being thought about in a daemon thread."""

    def __init__(self, player: Player, game: Game) -> None:
        """Start thinking about *game* (copied; the original is never touched)."""
        self.turn = game.turn
        self.elapsed = 0.0
        self._started = time.monotonic()
        self._decision: Decision | None = None
        self.error: BaseException | None = None
        self._fallback = _random_decision(game, self.turn)
        self._thread = threading.Thread(target=self._think, args=(player, game.copy()), daemon=True)
        self._thread.start()

    def _think(self, player: Player, game: Game) -> None:
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
        self._decision = Decision(push, walk)

    @property
    def still_thinking(self) -> bool:
        """True while the thread runs, also after it was given up on."""
        return self._thread.is_alive()

    def tick(self, dt: float) -> None:
        """Count thinking time (scene time, so tests with fixed frames stay deterministic)."""
        self.elapsed += dt

    def result(self) -> Decision | None:
        """The decision once the thread is done and the minimum think time has passed.

        Past :data:`THINK_LIMIT` a thread still busy is abandoned for a random push (staying put).
        """
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


class HintJob:
    """A hint being worked out in a daemon thread, on a copy of the game."""

    def __init__(self, game: Game) -> None:
        """Start working out the hint for the mover of *game* in its current phase."""
        self._advice: HintAdvice | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._work, args=(game.copy(),), daemon=True)
        self._thread.start()

    def _work(self, game: Game) -> None:
        try:
            self._advice = _advise(game)
        except Exception as error:  # no hint is better than a crash; the button can be pressed again
            self.error = error

    def done(self) -> bool:
        """True once the thread has finished (with or without advice)."""
        return not self._thread.is_alive()

    def result(self) -> HintAdvice | None:
        """The advice once ready (None while working, or when working it out failed)."""
        return None if self._thread.is_alive() else self._advice
