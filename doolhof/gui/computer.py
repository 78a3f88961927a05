"""Computer turns off the frame loop: a worker thread thinks on a copy of the game.

The scene asks :class:`ComputerTurn` to start when a computer seat is to move, polls
:meth:`ComputerTurn.result` every frame, and then plays the chosen push and walk through exactly
the same animation path as a person's move. The thread never touches the real game.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Push
from ..engine.simulate import RandomPlayer

#: A computer "thinks" at least this long, so a child can follow whose turn it is.
MIN_THINK = 0.7


def make_computer(level: str, seed: int) -> Any:
    """The computer player for *level*; a random player while the AI package is not there."""
    try:
        from ..engine.ai import make_player
    except ImportError:
        return RandomPlayer(seed)
    try:
        return make_player(level, seed=seed)
    except (TypeError, ValueError):
        return RandomPlayer(seed)


@dataclass(frozen=True)
class Decision:
    """What the computer will do: push, then walk to *walk*."""

    push: Push
    walk: tuple[int, int]


class ComputerTurn:
    """One computer turn being thought about in a daemon thread."""

    def __init__(self, player: Any, game: Game) -> None:
        """Start thinking about *game* (copied; the original is never touched)."""
        self.seat = game.current_player
        self.turn = game.turn
        self.elapsed = 0.0
        self._decision: Decision | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._think, args=(player, game.copy()), daemon=True)
        self._thread.start()

    def _think(self, player: Any, game: Game) -> None:
        # A faulty computer player must never hang or crash the game: any error falls back to a
        # random push or to staying put, and is kept in ``error`` for the curious.
        try:
            push = player.choose_push(game)
            if push not in game.legal_pushes():
                raise ValueError(f"the computer chose an illegal push {push!r}")
        except Exception as error:
            self.error = error
            push = RandomPlayer(self.turn).choose_push(game)
        game.push(push)
        stay = game.positions[game.current_player]
        try:
            r, c = player.choose_walk(game)
            walk = (int(r), int(c))
            if walk not in game.reachable():
                raise ValueError(f"the computer chose an unreachable cell {walk!r}")
        except Exception as error:
            self.error = error
            walk = stay
        self._decision = Decision(push, walk)

    def tick(self, dt: float) -> None:
        """Count thinking time (scene time, so tests with fixed frames stay deterministic)."""
        self.elapsed += dt

    def result(self) -> Decision | None:
        """The decision once the thread is done and the minimum think time has passed."""
        if self.elapsed < MIN_THINK or self._thread.is_alive():
            return None
        return self._decision
