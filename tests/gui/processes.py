"""A real ``python -m doolhof`` process for tests: autoplay mode, its output read line by line."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Doolhof:
    """``python -m doolhof`` in autoplay mode, with its stdout read line by line in a thread."""

    def __init__(self, home: Path) -> None:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DOOLHOF_HOME=str(home),
                   DOOLHOF_AUTOPLAY="1", PYTHONUNBUFFERED="1")
        env.pop("DOOLHOF_STRICT", None)
        self.process = subprocess.Popen([sys.executable, "-m", "doolhof", "--size", "640x480", "--mute"],
                                        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.strip())

    def wait_for(self, prefix: str, count: int = 1, timeout: float = 60.0) -> list[str]:
        """Lines seen so far once *count* lines start with *prefix*."""
        deadline = time.monotonic() + timeout
        while sum(line.startswith(prefix) for line in self.seen) < count:
            left = deadline - time.monotonic()
            assert left > 0, f"no {count} {prefix!r} lines in time; saw {self.seen}"
            try:
                self.seen.append(self.lines.get(timeout=left))
            except queue.Empty:
                pass
        return self.seen

    def kill(self) -> None:
        """SIGKILL, then collect whatever it printed before dying (the reader stops at the end of its output)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.reader.join(timeout=10)
        assert not self.reader.is_alive(), "the output of the killed game never ended"
        while not self.lines.empty():
            self.seen.append(self.lines.get())
