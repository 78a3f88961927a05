"""The children's puzzle progress on this computer: stars per puzzle and the daily puzzle's streak, per child.

Each child who plays the puzzle book picks their figure (seat 0 to 5, as on the setup screen) and
gets their own stars (:class:`Progress`); the book file holds them all (:class:`Book`) and who read
the book last. Saved as JSON (``progress.json``) in the settings folder
(:func:`doolhof.session.paths.config_dir`), atomically like the settings. Reading never fails: a
missing file is a fresh start; a file of version 1 (one set of stars for the computer) becomes the
first child's; a file that cannot be used is kept aside with a message for the parent
(:mod:`doolhof.session.files`); so is one over :data:`MAX_BYTES` (no real book comes near), which
is not even read whole. Entries that make no sense (a child of no figure, stars of no puzzle) are
kept as they were and logged; parts of the wrong shape (a list where a table belongs) are logged and
read as none, never dropped silently; only the :data:`DAILY_KEPT` newest days are kept, while reading too. The
:class:`StarKeeper` holds the book in memory, so stars just won stay in the book even when saving
them failed. A parent can reset it (:meth:`StarKeeper.reset`). No pygame here.

>>> p = Progress().with_solved("1-01", 2).with_solved("1-01", 1)
>>> p.stars["1-01"]
2
>>> import datetime
>>> day = datetime.date(2026, 12, 1)
>>> p = p.with_daily(day, 3).with_daily(day - datetime.timedelta(days=1), 1)
>>> p.streak(day), p.streak(day + datetime.timedelta(days=1)), p.streak(day + datetime.timedelta(days=2))
(2, 2, 0)
>>> Book().with_progress(1, p).of(1) == p, Book().of(1) == Progress()
(True, True)
"""

from __future__ import annotations

import datetime
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from doolhof.i18n import N_
from doolhof.rules.formats import Upgrade, climb
from doolhof.session import paths
from doolhof.session.files import FileKind, check_version, load_file
from doolhof.session.problems import Problem, clip_repr

log = logging.getLogger(__name__)

FORMAT = "doolhof.progress"
VERSION = 2
PROGRESS_FILE = "progress.json"
#: The daily puzzles remembered (enough for any streak a screen shows).
DAILY_KEPT = 400
#: The children who can keep stars: one per figure of the setup screen.
CHILDREN = 6
#: The largest progress file read: six children with every puzzle and 400 days need some 60 kB.
MAX_BYTES = 1_000_000


def _one_child(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 held one set of stars for the computer: it becomes the first child's."""
    child = {key: data[key] for key in ("stars", "daily", "tutorial_done") if key in data}
    return {"format": FORMAT, "children": {"0": child}, "child": 0}


#: The upgrade ladder: ``UPGRADES[n]`` turns version *n* data into version *n + 1*.
UPGRADES: dict[int, Upgrade] = {1: _one_child}

MSG_CORRUPT = N_("The puzzle stars could not be read, so the puzzle book starts afresh. The old file was kept as"
                 " {name}.")
MSG_UNREADABLE = N_("The puzzle stars could not be read ({error}), so the puzzle book starts afresh. The old file"
                    " was kept as {path}.")
MSG_NEWER = N_("The puzzle stars were made by a newer version of Doolhof, so the puzzle book starts afresh. The"
               " file was kept as {name}.")
MSG_LEFT = N_("The puzzle stars could not be read ({error}), so the puzzle book starts afresh. The file was left"
              " untouched at {path}; Doolhof will not save over it.")
MSG_NEWER_LEFT = N_("The puzzle stars were made by a newer version of Doolhof, so the puzzle book starts afresh."
                    " The file was left untouched at {path}; Doolhof will not save over it.")
MSG_NOT_SAVED = N_("The puzzle stars could not be saved ({error}).")
#: How the progress file's problems are told (:mod:`doolhof.session.files`).
PROGRESS_FILE_KIND = FileKind("the puzzle stars", MSG_CORRUPT, MSG_NEWER, MSG_UNREADABLE, MSG_LEFT, MSG_NEWER_LEFT)


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
    #: Entries of the file that make no sense here (``"stars"``/``"daily"`` -> key -> value), written back as found.
    odd: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Day (ISO date) -> the most stars earned on that day's daily puzzle played on a later day (from the
    #: calendar): shown on the day, never counted for the streak.
    late: dict[str, int] = field(default_factory=dict)

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

    def with_late(self, day: datetime.date, stars: int) -> Progress:
        """This progress with the daily puzzle of *day* solved late (on a later day) for *stars* stars."""
        key = day.isoformat()
        stars = max(1, min(3, int(stars)))
        late = {**self.late, key: max(stars, self.late.get(key, 0))}
        if len(late) > DAILY_KEPT:
            late = dict(sorted(late.items())[-DAILY_KEPT:])
        return replace(self, late=late)

    def day_stars(self, day: datetime.date) -> int:
        """The stars shown on *day*'s daily puzzle: the better of on time and late (0: not solved).

        >>> Progress().with_late(datetime.date(2026, 12, 1), 2).day_stars(datetime.date(2026, 12, 1))
        2
        """
        key = day.isoformat()
        return max(self.daily.get(key, 0), self.late.get(key, 0))

    def streak(self, today: datetime.date) -> int:
        """Days in a row the daily puzzle was solved, up to *today* (or up to yesterday while today's waits)."""
        day = today if today.isoformat() in self.daily else today - datetime.timedelta(days=1)
        count = 0
        while day.isoformat() in self.daily:
            count += 1
            day -= datetime.timedelta(days=1)
        return count

    def to_dict(self) -> dict[str, Any]:
        """One child's JSON-safe data (inside a :class:`Book`); odd entries go back as they came."""
        return {"stars": {**self.odd.get("stars", {}), **dict(sorted(self.stars.items()))},
                "daily": {**self.odd.get("daily", {}), **dict(sorted(self.daily.items()))},
                "tutorial_done": self.tutorial_done,
                **({"late": {**self.odd.get("late", {}), **dict(sorted(self.late.items()))}}
                   if self.late or "late" in self.odd else {})}

    @classmethod
    def from_dict(cls, data: Any) -> Progress:
        """Read :meth:`to_dict` data leniently: odd entries are kept aside in :attr:`odd` (and logged), and
        only the :data:`DAILY_KEPT` newest days are kept."""
        if not isinstance(data, dict):
            if data is not None:
                log.warning("a child's puzzle stars are %s, not a table; read as none", _shape(data))
            data = {}
        for name in ("stars", "daily"):
            if name in data and not isinstance(data[name], dict):
                log.warning("the puzzle stars' %s are %s, not a table; read as none", name, _shape(data[name]))
        stars, odd_stars = _split(data.get("stars"), lambda k, v: _is_stars(v))
        daily, odd_daily = _split(data.get("daily"), lambda k, v: _is_stars(v) and _is_day(k))
        if len(daily) > DAILY_KEPT:
            log.warning("the puzzle stars hold %d daily puzzles; keeping the newest %d", len(daily), DAILY_KEPT)
            daily = dict(sorted(daily.items())[-DAILY_KEPT:])
        late, odd_late = _split(data.get("late"), lambda k, v: _is_stars(v) and _is_day(k))
        late = dict(sorted(late.items())[-DAILY_KEPT:])
        odd = {name: entries for name, entries in (("stars", odd_stars), ("daily", odd_daily), ("late", odd_late))
               if entries}
        if odd:
            log.warning("the puzzle stars hold %d entries that make no sense; kept as they are",
                        sum(map(len, odd.values())))
        done = data.get("tutorial_done")
        return cls(stars, daily, done if isinstance(done, bool) else False, odd, late)


@dataclass(frozen=True)
class Book:
    """Every child's :class:`Progress` (by figure, 0 to :data:`CHILDREN` - 1) and whose stars the book shows."""

    children: dict[int, Progress] = field(default_factory=dict)
    #: The figure of the child reading the book.
    child: int = 0
    #: Children of the file under names that are no figure (``"9"``, ``"x"``), written back as found.
    odd: dict[str, Any] = field(default_factory=dict)

    def of(self, child: int) -> Progress:
        """*child*'s progress (a fresh one for a child who has not played yet)."""
        return self.children.get(child, Progress())

    @property
    def mine(self) -> Progress:
        """The progress of the child reading the book."""
        return self.of(self.child)

    def with_progress(self, child: int, progress: Progress) -> Book:
        """This book with *child*'s progress replaced."""
        return replace(self, children={**self.children, child: progress})

    def with_child(self, child: int) -> Book:
        """This book read by *child* (a figure 0 to :data:`CHILDREN` - 1)."""
        if not 0 <= child < CHILDREN:
            raise ValueError(f"child {child!r} is not a figure (0 to {CHILDREN - 1})")
        return replace(self, child=child)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data with our format name and version."""
        return {"format": FORMAT, "version": VERSION, "child": self.child,
                "children": {**self.odd, **{str(k): p.to_dict() for k, p in sorted(self.children.items())}}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Book:
        """Read :meth:`to_dict` data of :data:`VERSION` leniently: a child of no figure is logged and kept as
        found (:attr:`odd`), children that are no table are logged and read as none."""
        raw = data.get("children")
        if raw is not None and not isinstance(raw, dict):
            log.warning("the puzzle stars' children are %s, not a table; read as none", _shape(raw))
        children: dict[int, Progress] = {}
        odd: dict[str, Any] = {}
        for key, value in (raw.items() if isinstance(raw, dict) else ()):
            if isinstance(key, str) and key.isdigit() and int(key) < CHILDREN:
                children[int(key)] = Progress.from_dict(value)
            else:
                log.warning("the puzzle stars name a child %s that is no figure; kept as it is", clip_repr(key))
                odd[str(key)] = value
        child = data.get("child")
        if isinstance(child, int) and not isinstance(child, bool) and 0 <= child < CHILDREN:
            return cls(children, child, odd)
        return cls(children, odd=odd)


def _split(value: Any, good: Callable[[str, Any], bool]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The entries of *value* (a dict) that are *good*, and the others (kept as they are)."""
    if not isinstance(value, dict):
        return {}, {}
    good_entries: dict[str, Any] = {}
    odd: dict[str, Any] = {}
    for key, entry in value.items():
        (good_entries if isinstance(key, str) and good(key, entry) else odd)[str(key)] = entry
    return good_entries, odd


def _shape(value: Any) -> str:
    """What *value* is, for the log: "a list of 3 items", "the text 'x'"."""
    if isinstance(value, (list, tuple, dict)):
        return f"a {type(value).__name__} of {len(value)} items"
    return clip_repr(value, 60)


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
    """What :func:`load_progress` found: the book, the reading child's progress, and a message for the parent."""

    progress: Progress
    message: str | None = None
    book: Book = field(default_factory=Book)


def load_progress(path: Path | None = None) -> ProgressResult:
    """Read the progress file (default :func:`progress_path`); never raises.

    A missing file is a fresh start; an older version is upgraded (:data:`UPGRADES`). A file that
    is not JSON, not ours, newer than this program, too big or that cannot be opened is kept
    aside as every file of Doolhof is (:mod:`doolhof.session.files`), and the message says where.
    """
    path = progress_path() if path is None else path
    loaded = load_file(path, PROGRESS_FILE_KIND, _parse, max_bytes=MAX_BYTES)
    book = loaded.value or Book()
    return ProgressResult(book.mine, loaded.message, book)


def _parse(data: Any) -> Book:
    """The book in *data*, upgraded to :data:`VERSION`."""
    return Book.from_dict(climb(data, check_version(data, FORMAT, VERSION), VERSION, UPGRADES))


def save_book(book: Book, path: Path | None = None) -> str | None:
    """Write *book* atomically; None when saved, else a message for the parent (logged too). Never raises."""
    path = progress_path() if path is None else path
    text = json.dumps(book.to_dict(), indent=1, ensure_ascii=False) + "\n"
    try:
        paths.atomic_write_text(path, text)
    except OSError as error:
        problem = Problem.of(MSG_NOT_SAVED, error, path)
        log.error("cannot save the puzzle progress: %s", problem.log_text())
        return problem.message()
    return None


def save_progress(progress: Progress, path: Path | None = None) -> str | None:
    """Write *progress* as the reading child's, keeping the other children's; like :func:`save_book`."""
    book = load_progress(path).book
    return save_book(book.with_progress(book.child, progress), path)


class StarKeeper:
    """The puzzle book's stars in memory, saved after every change; what is shown never waits for the disk.

    Stars just won stay in the book even when saving them failed (the next change tries again);
    :meth:`reload` reads the file only while everything in memory is saved.
    """

    def __init__(self, path: Path | None = None) -> None:
        """Read the book from *path* (default :func:`progress_path`)."""
        self.path = path
        self.book = Book()
        #: True while a change in memory could not be saved.
        self.unsaved = False
        #: A message for the parent from the last read or save not yet told, or None (see :meth:`take_message`).
        self.message: str | None = None
        self.reload()

    def take_message(self) -> str | None:
        """The message for the parent not yet told (once), or None."""
        message, self.message = self.message, None
        return message

    @property
    def progress(self) -> Progress:
        """The reading child's progress."""
        return self.book.mine

    def reload(self) -> str | None:
        """Read the file again (after the parents' reset, say) unless changes wait to be saved; its message."""
        if self.unsaved:
            return self._save(self.book)
        result = load_progress(self.path)
        self.book = result.book
        self.message = result.message or self.message
        return result.message

    def choose(self, child: int) -> str | None:
        """*child* (a figure) reads the book from now on."""
        return self._save(self.book.with_child(child))

    def solved(self, name: str, stars: int) -> str | None:
        """The reading child solved puzzle *name* for *stars* stars."""
        return self._save(self.book.with_progress(self.book.child, self.progress.with_solved(name, stars)))

    def solved_daily(self, day: datetime.date, stars: int, late: bool = False) -> str | None:
        """The reading child solved the daily puzzle of *day* for *stars* stars; *late*: on a later day (the
        stars stay on that day but do not count for the streak)."""
        progress = self.progress.with_late(day, stars) if late else self.progress.with_daily(day, stars)
        return self._save(self.book.with_progress(self.book.child, progress))

    def reset(self) -> str | None:
        """Forget every child's stars and streaks (the parents' reset), in memory too: stars whose saving
        failed do not come back. None when saved, else a message."""
        return self._save(Book())

    def tutorial_done(self) -> str | None:
        """The reading child has seen the first puzzle's hand."""
        if self.progress.tutorial_done:
            return None
        return self._save(self.book.with_progress(self.book.child, replace(self.progress, tutorial_done=True)))

    def _save(self, book: Book) -> str | None:
        self.book = book
        message = save_book(book, self.path)
        self.unsaved = message is not None
        self.message = message or self.message
        return message
