"""The log a parent can send: ``doolhof.log`` in the platform's log folder, rotating, a few hundred kB at most.

:func:`start_log` (called once by :func:`doolhof.gui.launch.run`) sends Doolhof's log records of
level INFO and above to :func:`log_path`: ``doolhof.log`` of at most :data:`MAX_BYTES`, and one
older part (``doolhof.log.1``), so the log never takes more than ``2 * MAX_BYTES`` on disk; one record
is at most :data:`MAX_RECORD` characters (:class:`CappedFormatter`). When the
folder cannot be written the game plays on without a file (the records still go to stderr).

>>> log_path().name
'doolhof.log'
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

from doolhof.session import paths

LOG_FILE = "doolhof.log"
#: The size of one part of the log; with the one older part kept, at most twice this on disk.
MAX_BYTES = 200_000
#: The longest record written (message and traceback): a longer one keeps its start and its end.
MAX_RECORD = 8_000
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class QuietFileHandler(logging.handlers.RotatingFileHandler):
    """The rotating log file, which fails quietly: a record that cannot be written is said once on stderr.

    Python's own handler prints a traceback ("--- Logging error ---") for every record it cannot
    write, which on a full disk is every record.
    """

    #: True once a failure was said; the next records that fail are dropped without a word.
    failed = False

    def handleError(self, record: logging.LogRecord) -> None:
        """Say once that the log file cannot be written; drop the record."""
        if not self.failed:
            self.failed = True
            error = sys.exc_info()[1]
            try:
                sys.stderr.write(f"doolhof: the log file {self.baseFilename} cannot be written ({error});"
                                 " the game plays on without it\n")
            except Exception:  # stderr itself may be gone; the game plays on
                pass


class CappedFormatter(logging.Formatter):
    """Formats a record as usual, cut to :data:`MAX_RECORD` characters (its start and end kept).

    >>> record = logging.LogRecord("doolhof", logging.ERROR, "", 0, "x" * 10**6, None, None)
    >>> len(CappedFormatter("%(message)s").format(record)) < MAX_RECORD + 100
    True
    """

    def format(self, record: logging.LogRecord) -> str:
        """The record as text, at most :data:`MAX_RECORD` characters and a note of how much was cut."""
        text = super().format(record)
        if len(text) <= MAX_RECORD:
            return text
        half = MAX_RECORD // 2
        return f"{text[:half]} … ({len(text) - 2 * half:,} characters cut) … {text[-half:]}"


def log_path() -> Path:
    """Where the log is written: ``doolhof.log`` in :func:`doolhof.session.paths.log_dir`."""
    return paths.log_dir() / LOG_FILE


def start_log(path: Path | None = None) -> Path | None:
    """Send INFO and above to the rotating log file at *path* (default :func:`log_path`); returns it, or None.

    Calling it again for the same file adds nothing. Never raises: a folder that cannot be written
    leaves the game without a log file (said once on stderr through the root logger's last resort).
    """
    path = log_path() if path is None else path
    root = logging.getLogger()
    for handler in root.handlers:
        if isinstance(handler, logging.handlers.RotatingFileHandler) and Path(handler.baseFilename) == path:
            return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = QuietFileHandler(path, maxBytes=MAX_BYTES, backupCount=1, encoding="utf-8",
                                                       delay=True)
    except OSError as error:
        logging.getLogger(__name__).warning("no log file at %s: %s", path, error)
        return None
    handler.setFormatter(CappedFormatter(_FORMAT))
    handler.setLevel(logging.INFO)
    if not any(type(h) is logging.StreamHandler for h in root.handlers):
        # With a handler on the root, Python's last resort no longer prints warnings: keep them on stderr.
        console = logging.StreamHandler()
        console.setLevel(logging.WARNING)
        root.addHandler(console)
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    return path
