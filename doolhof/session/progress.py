"""The child's puzzle progress on this computer: stars per puzzle and the daily puzzle's streak.

Saved as JSON (``progress.json``) in the settings folder (:func:`doolhof.session.paths.config_dir`),
atomically like the settings (:func:`doolhof.session.paths.atomic_write_text`). Reading never
fails: a missing file is a fresh start, odd entries are skipped, and a file that cannot be used
is kept aside with a message for the parent (:mod:`doolhof.session.files`). A parent can reset
it (:func:`reset_progress`). No pygame here.

>>> p = Progress().with_solved("1-01", 2).with_solved("1-01", 1)
>>> p.stars["1-01"]
2
>>> import datetime
>>> day = datetime.date(2026, 12, 1)
>>> p = p.with_daily(day, 3).with_daily(day - datetime.timedelta(days=1), 1)
>>> p.streak(day), p.streak(day + datetime.timedelta(days=1)), p.streak(day + datetime.timedelta(days=2))
(2, 2, 0)
"""

from __future__ import annotations

import datetime
import json
import logging
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from doolhof.i18n import N_
from doolhof.session import paths
from doolhof.session.files import FileKind, Upgrade, check_version, climb, load_file
from doolhof.session.problems import Problem

log = logging.getLogger(__name__)

FORMAT = "doolhof.progress"
VERSION = 1
#: The upgrade ladder: ``UPGRADES[n]`` turns version *n* data into version *n + 1* (none yet: v1 is today's).
UPGRADES: dict[int, Upgrade] = {}
PROGRESS_FILE = "progress.json"
#: The daily puzzles remembered (enough for any streak a screen shows).
DAILY_KEPT = 400

MSG_CORRUPT = N_("The puzzle stars could not be read, so the puzzle book starts afresh. The old file was kept as"
                 " {name}.")
MSG_UNREADABLE = N_("The puzzle stars could not be read ({error}), so the puzzle book starts afresh. The old file"
                    " was kept as {path}.")
MSG_NEWER = N_("The puzzle stars were made by a newer version of Doolhof, so the puzzle book starts afresh. The"
               " file was kept as {name}.")
MSG_LEFT = N_("The puzzle stars could not be read ({error}), so the puzzle book starts afresh. The file was left"
              " untouched at {path}; Doolhof will not save over it.")
MSG_NOT_SAVED = N_("The puzzle stars could not be saved ({error}).")
#: How the progress file's problems are told (:mod:`doolhof.session.files`).
PROGRESS_FILE_KIND = FileKind("the puzzle stars", MSG_CORRUPT, MSG_NEWER, MSG_UNREADABLE, MSG_LEFT)


def progress_path() -> Path:
    """The progress file: ``progress.json`` beside the settings."""
    return paths.config_dir() / PROGRESS_FILE


@dataclass(frozen=True)
class Progress:
    """Stars per puzzle (best result), the days the daily puzzle was solved, and the first-puzzle tutorial."""

    #: Puzzle name (``"1-01"``) -> the most stars earned, 1 to 3.
    stars: dict[str, int] = field(default_factory=dict)
    #: Day (ISO date) -> the most stars earned on that day's daily puzzle.
    daily: dict[str, int] = field(default_factory=dict)
    #: True once the hand on the first puzzle was finished or skipped.
    tutorial_done: bool = False

    def with_solved(self, name: str, stars: int) -> Progress:
        """This progress with puzzle *name* solved for *stars* stars (the best result is kept)."""
        stars = max(1, min(3, int(stars)))
        best = max(stars, self.stars.get(name, 0))
        return replace(self, stars={**self.stars, name: best})

    def with_daily(self, day: datetime.date, stars: int) -> Progress:
        """This progress with the daily puzzle of *day* solved for *stars* stars."""
        key = day.isoformat()
        stars = max(1, min(3, int(stars)))
        daily = {**self.daily, key: max(stars, self.daily.get(key, 0))}
        if len(daily) > DAILY_KEPT:
            daily = dict(sorted(daily.items())[-DAILY_KEPT:])
        return replace(self, daily=daily)

    def streak(self, today: datetime.date) -> int:
        """Days in a row the daily puzzle was solved, up to *today* (or up to yesterday while today's waits)."""
        day = today if today.isoformat() in self.daily else today - datetime.timedelta(days=1)
        count = 0
        while day.isoformat() in self.daily:
            count += 1
            day -= datetime.timedelta(days=1)
        return count

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data with our format name and version."""
        return {"format": FORMAT, "version": VERSION, "stars": dict(sorted(self.stars.items())),
                "daily": dict(sorted(self.daily.items())), "tutorial_done": self.tutorial_done}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Progress:
        """Read :meth:`to_dict` data leniently: entries that make no sense are skipped."""
        stars = {k: v for k, v in _pairs(data.get("stars")) if _is_stars(v)}
        daily = {k: v for k, v in _pairs(data.get("daily")) if _is_stars(v) and _is_day(k)}
        done = data.get("tutorial_done")
        return cls(stars, daily, done if isinstance(done, bool) else False)


def _pairs(value: Any) -> list[tuple[str, Any]]:
    return [(k, v) for k, v in value.items() if isinstance(k, str)] if isinstance(value, dict) else []


def _is_stars(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 3


def _is_day(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class ProgressResult:
    """What :func:`load_progress` found: the progress and, when the file was damaged, a message for the parent."""

    progress: Progress
    message: str | None = None


def load_progress(path: Path | None = None) -> ProgressResult:
    """Read the progress file (default :func:`progress_path`); never raises.

    A missing file is a fresh start; an older version is upgraded (:data:`UPGRADES`). A file that
    is not JSON, not ours, newer than this program or that cannot be opened is kept aside as every
    file of Doolhof is (:mod:`doolhof.session.files`), and the message says where.
    """
    path = progress_path() if path is None else path
    loaded = load_file(path, PROGRESS_FILE_KIND, _parse)
    return ProgressResult(loaded.value or Progress(), loaded.message)


def _parse(data: Any) -> Progress:
    """The progress in *data*, upgraded to :data:`VERSION`."""
    return Progress.from_dict(climb(data, check_version(data, FORMAT, VERSION), VERSION, UPGRADES))


def save_progress(progress: Progress, path: Path | None = None) -> str | None:
    """Write *progress* atomically; None when saved, else a message for the parent (logged too). Never raises."""
    path = progress_path() if path is None else path
    text = json.dumps(progress.to_dict(), indent=1, ensure_ascii=False) + "\n"
    try:
        paths.atomic_write_text(path, text)
    except OSError as error:
        problem = Problem.of(MSG_NOT_SAVED, error, path)
        log.error("cannot save the puzzle progress: %s", problem.log_text())
        return problem.message()
    return None


def reset_progress(path: Path | None = None) -> str | None:
    """Forget every star and the streak (the parents' reset); None when done, else a message."""
    return save_progress(Progress(), path)
