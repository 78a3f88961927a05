"""Saving off the frame loop: a writer thread that always writes the newest state it was given.

The play screen must show a tap's answer in the same frame, so the save it causes (two fsyncs,
3 ms on a good disk, 30 ms and more on an SD card or under a virus scanner) must not run there.
:class:`SaveWriter` keeps one slot per file: :meth:`SaveWriter.submit` puts a job in the file's slot,
replacing one that was still waiting (only the newest state matters), and a daemon thread runs the
jobs one at a time. :meth:`SaveWriter.flush` waits until everything handed over is on disk; the app
calls it before the window closes, so a closed window loses nothing. A ``kill -9`` loses at most
the state that was being written, the half-turn in progress.

>>> writer = SaveWriter()
>>> done = []
>>> writer.submit("a", lambda: done.append(1))
>>> writer.flush()
True
>>> done
[1]
>>> writer.close()
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable

log = logging.getLogger(__name__)


class SaveWriter:
    """A daemon thread writing jobs, the newest per slot; thread-safe."""

    def __init__(self) -> None:
        """No thread yet: it starts with the first job."""
        self._cond = threading.Condition()
        self._pending: dict[Hashable, Callable[[], object]] = {}
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        #: How many jobs were replaced by a newer one before they ran (the benchmark reports it).
        self.replaced = 0

    def submit(self, slot: Hashable, job: Callable[[], object]) -> None:
        """Run *job* on the writer thread soon; a job still waiting in *slot* is dropped for it."""
        with self._cond:
            if self._closed:
                raise RuntimeError("the writer is closed")
            if slot in self._pending:
                self.replaced += 1
            self._pending[slot] = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="doolhof-save", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job handed over has run; False when *timeout* seconds passed first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self, timeout: float | None = 10.0) -> None:
        """Flush, then stop the thread (no more jobs are taken)."""
        if not self.flush(timeout):
            log.error("the saves did not finish within %s s", timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending) or self._closed)
                if not self._pending:
                    return
                slot = next(iter(self._pending))
                job = self._pending.pop(slot)
                self._busy = True
            try:
                job()
            except Exception:  # a job reports its own problems; this is the last safety net
                log.exception("a save failed on the writer thread")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
