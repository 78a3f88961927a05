"""Work off the frame loop: a daemon thread thinks on a copy, the scene polls the result every frame.

Both play screens think in threads the same way: a computer's turn (:class:`PacedWorker`: shown
after a minimum thinking time, given up for a fallback after a limit, so a game between computers
never stalls) and the light bulb's hint (:class:`Worker`: ready when it is ready). The work gets
only what the caller copied for it; the thread never touches the real game.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
P = TypeVar("P")

#: A computer "thinks" at least this long, so a child can follow whose turn it is (scene seconds:
#: the play scenes scale them with the animation speed).
MIN_THINK = 0.7
#: After this many seconds of thinking (scene time *and* wall time, so a test stepping scene time
#: quickly never gives up on a thread that merely waits for the processor) the computer gives up
#: and a random legal move is played.
THINK_LIMIT = 6.0


def make_computer(make_player: Callable[[str, int], P], fallback: Callable[[int], P], level: str, seed: int) -> P:
    """``make_player(level, seed)`` from a game's AI package; ``fallback(seed)`` (a random player)
    for a level that package does not know."""
    try:
        return make_player(level, seed)
    except (TypeError, ValueError):
        return fallback(seed)


class Worker(Generic[T]):
    """*work* run once in a daemon thread; its result is read by polling :meth:`result`."""

    def __init__(self, work: Callable[[], T]) -> None:
        """Start *work* now (it must use only data the frame loop no longer changes)."""
        self._value: T | None = None
        #: What went wrong in the thread (kept for the curious), or None.
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self._value = work()
        except Exception as error:  # no result is better than a crash; the scene asks again later
            self.error = error

    def done(self) -> bool:
        """True once the thread has finished (with or without a result)."""
        return not self._thread.is_alive()

    def result(self) -> T | None:
        """The result once ready (None while working, or when the work failed)."""
        return None if self._thread.is_alive() else self._value


class PacedWorker(Worker[T]):
    """A computer's decision being thought about: shown after *min_think*, given up after *limit*.

    Thinking time is counted in scene seconds (:meth:`tick`), so tests with fixed frames stay
    deterministic; the thread is given up on for *fallback* only once *limit* has passed in scene
    time *and* in wall time (a test stepping scene time quickly never gives up on a thread that
    merely waits for the processor).
    """

    def __init__(
        self, work: Callable[[], T], fallback: T, *, min_think: float | None = None, limit: float | None = None
    ) -> None:
        """Start thinking with *work*; *fallback* is played when it takes too long.

        *min_think* and *limit* default to :data:`MIN_THINK` and :data:`THINK_LIMIT`.
        """
        self.elapsed = 0.0
        self._started = time.monotonic()
        self._fallback = fallback
        self._min_think = MIN_THINK if min_think is None else min_think
        self._limit = THINK_LIMIT if limit is None else limit
        super().__init__(work)

    @property
    def still_thinking(self) -> bool:
        """True while the thread runs, also after it was given up on."""
        return self._thread.is_alive()

    def tick(self, dt: float) -> None:
        """Count thinking time (scene time, so tests with fixed frames stay deterministic)."""
        self.elapsed += dt

    def result(self) -> T | None:
        """The decision once the thread is done and the minimum think time has passed.

        Past the limit a thread still busy is abandoned for the fallback (the error says so).
        """
        if self.elapsed < self._min_think:
            return None
        if self._thread.is_alive():
            waited = time.monotonic() - self._started
            if self.elapsed < self._limit or waited < self._limit or self._value is not None:
                return None
            self.error = TimeoutError(f"no decision after {self._limit} s")
            self._value = self._fallback
        return self._value
