"""One way to read any of Doolhof's files: the saved games, the settings and the puzzle stars.

Every file kind behaves the same; only its words differ (a :class:`FileKind`, messages as data):

- no file: nothing to read, no message;
- a file of an older format version: climbed up the kind's ladder of upgrade functions
  (:func:`doolhof.rules.formats.climb`, v1 -> v2 -> ...) and read;
- a file of a *newer* version than this program knows (:class:`NewerVersionError`): never written
  over. It is moved aside (``<name>.newer-YYYYMMDD-HHMMSS``) so the newer Doolhof's data stays
  whole, and the parent is told;
- a damaged or foreign file: moved aside (``<name>.corrupt-...``), the parent told;
- a file that cannot be opened (no permission, a folder in its place): moved aside
  (``<name>.unreadable-...``), the parent told;
- when a file can be neither moved aside nor copied, it stays where it is, protected for the rest
  of the run (:func:`doolhof.session.paths.protect`: no save replaces it), and the message says so.

"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from doolhof.i18n import _
from doolhof.session import paths
from doolhof.session.problems import Problem, clip, clip_repr

log = logging.getLogger(__name__)

T = TypeVar("T")


class NewerVersionError(ValueError):
    """The file was written by a newer Doolhof than this one."""


@dataclass(frozen=True)
class FileKind:
    """The words for one kind of file; each is a template marked with ``N_``.

    *damaged* and *newer* may use ``{name}`` (where the file was kept); *unreadable* ``{error}`` and
    ``{path}``; *left* (the file could not be kept aside and stays untouched) ``{error}`` and ``{path}``;
    *newer_left* (a newer Doolhof's file that stays untouched) ``{path}``.
    """

    #: For the log: "the saved game", "the settings".
    what: str
    damaged: str
    newer: str
    unreadable: str
    left: str
    newer_left: str


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What :func:`load_file` found: the value read (None: nothing usable) and a message for the parent."""

    value: T | None
    message: str | None = None


def check_version(data: Any, fmt: str, newest: int) -> int:
    """The version of *data* of format *fmt*; ValueError when foreign, :class:`NewerVersionError` when too new."""
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise ValueError(f"not a {fmt} file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError(f"bad version {clip_repr(version)}")
    if version > newest:
        raise NewerVersionError(f"version {version} is newer than this program's {newest}")
    return version


def load_file(path: Path, kind: FileKind, parse: Callable[[Any], T], max_bytes: int | None = None) -> Loaded[T]:
    """Read *path* as JSON and hand it to *parse* (which raises ValueError or :class:`NewerVersionError`).

    Never raises; see the module's description for what happens to a file that cannot be used.
    A file longer than *max_bytes* is not read further: it is damaged (kept aside, never copied half).
    Temporary files left by a save that was killed mid-write are tidied away first.
    """
    paths.remove_stale_temp_files(path)
    try:
        raw = paths.read_file(path, None if max_bytes is None else max_bytes + 1)
    except FileNotFoundError:
        return Loaded(None)
    except OSError as error:
        return _unreadable(path, kind, error)
    if max_bytes is not None and len(raw) > max_bytes:
        return _keep_aside(path, b"", kind, kind.damaged, "corrupt", f"longer than {max_bytes:,} bytes",
                           copy=False)
    try:
        return Loaded(parse(json.loads(raw)))
    except NewerVersionError as error:
        return _keep_aside(path, raw, kind, kind.newer, "newer", str(error), left=kind.newer_left)
    except Exception as error:  # bad JSON or UTF-8, damaged or foreign data: whatever it is, never crash
        return _keep_aside(path, raw, kind, kind.damaged, "corrupt", f"{type(error).__name__}: {clip(error)}")


def _unreadable(path: Path, kind: FileKind, error: OSError) -> Loaded[Any]:
    """*path* exists but cannot be opened: move it aside (say where), or leave it untouched and say so."""
    try:
        target = paths.move_aside(path, "unreadable")
    except OSError as move_error:  # saves refuse to replace a file they cannot read (paths.check_readable)
        problem = Problem.of(kind.left, error, path)
        log.error("cannot read %s %s nor move it aside (%s)", kind.what, problem.log_text(), move_error)
        return Loaded(None, problem.message())
    problem = Problem.of(kind.unreadable, error, target)
    log.error("cannot read %s %s: %s; moved it aside to %s", kind.what, path, problem.detail, target)
    return Loaded(None, problem.message())


def _keep_aside(path: Path, raw: bytes, kind: FileKind, template: str, reason: str, why: str,
                copy: bool = True, left: str | None = None) -> Loaded[Any]:
    """*path* held *raw*, which cannot be used: move it aside, or (*copy*) keep a copy beside it, and say where.

    When neither works, the file stays untouched and the parent reads *left* (default ``kind.left``).
    """
    try:
        target = paths.move_aside(path, reason)
    except OSError as error:
        try:
            if not copy:
                raise
            target = paths.copy_aside(path, raw, reason)
        except OSError as copy_error:
            paths.protect(path)
            problem = Problem.of(kind.left if left is None else left, copy_error, path)
            log.error("%s %s cannot be used (%s) nor moved aside (%s) nor copied (%s); it is left untouched",
                      kind.what, path, why, error, copy_error)
            return Loaded(None, problem.message())
        log.error("%s %s cannot be moved aside (%s); kept a copy as %s", kind.what, path, error, target)
    log.error("%s %s cannot be used (%s); kept as %s", kind.what, path, why, target.name)
    return Loaded(None, _(template).format(name=target.name))
