"""The daily puzzle made off the frame loop, for the book and the calendar."""

from __future__ import annotations

import datetime
import logging
import threading
from collections.abc import Callable

from doolhof.engine.puzzles import Puzzle, daily

log = logging.getLogger(__name__)


class DailyMaker:
    """Makes the day's puzzle in a daemon thread (a weekend puzzle takes up to about a second)."""

    def __init__(self, day: datetime.date, make: Callable[[datetime.date], Puzzle] = daily) -> None:
        """Start making the puzzle of *day*."""
        self.day = day
        self.puzzle: Puzzle | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._work, args=(make,), daemon=True)
        self._thread.start()

    def _work(self, make: Callable[[datetime.date], Puzzle]) -> None:
        try:
            self.puzzle = make(self.day)
        except Exception as error:  # no daily puzzle today is better than a crash
            self.error = error
            log.warning("cannot make the daily puzzle of %s: %s", self.day, error)

    def ready(self) -> bool:
        """True once the thread is done (with a puzzle, or without one after an error)."""
        return not self._thread.is_alive()

    def wait(self, seconds: float) -> None:
        """Wait up to *seconds* for the thread (tests, screenshots)."""
        self._thread.join(seconds)
