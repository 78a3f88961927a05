"""The game in progress, saved after every action so that it survives a closed window or a crash.

One game is saved at a time, a maze game or a card game, in the same file. The file (``game.json``
in :func:`doolhof.session.paths.data_dir`) holds our own format name and version, the game
(:meth:`doolhof.engine.Game.to_dict` or :meth:`doolhof.cards.CardGame.to_dict`; its own ``"format"``
tells which, see :func:`doolhof.session.games.game_from_dict`), the table (seats: person/computer and
level, variant, secrets), the previous state for undo, and an opaque ``extra`` dict the GUI may
fill with any JSON-safe data. Writes are atomic, so killing the program at any moment loses at
most the current half-turn. A damaged, foreign or newer file is moved aside
(``game.json.corrupt-YYYYMMDD-HHMMSS``) with a message for the parent, and a new game starts; one
that cannot even be opened (no permission, a folder in its place) is moved aside the same way
(``game.json.unreadable-...``) and never written over.

Typical use::

    result = load_game()              # at start: result.game is None or a SavedGame
    if result.message: show(result.message)
    ...
    save_game(SavedGame(game, table, undo=previous))   # after each push and walk (lay and take)
    clear_game()                      # when the game is over or abandoned
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doolhof.engine import Game
from doolhof.i18n import N_, _
from doolhof.session import paths
from doolhof.session.games import AnyGame, game_from_dict, newer_version, same_kind
from doolhof.session.problems import Problem, clip, clip_repr
from doolhof.session.seats import CARDS, TableSetup

log = logging.getLogger(__name__)

FORMAT = "doolhof.saved-game"
VERSION = 1

MSG_DAMAGED = N_("The saved game could not be read, so a new game starts. The old file was kept as {name}.")
MSG_NEWER = N_(
    "The saved game was made by a newer version of Doolhof, so a new game starts. The old file was kept as {name}."
)
MSG_UNREADABLE = N_("The saved game could not be opened ({error}), so a new game starts. The old file was kept"
                    " as {path}.")
MSG_UNREADABLE_LEFT = N_("The saved game could not be opened ({error}), so a new game starts. The file was left"
                         " untouched at {path}; Doolhof will not save over it.")
MSG_DAMAGED_LEFT = N_("The saved game could not be read, so a new game starts. It could not be moved aside ({error})"
                      " and is still at {path}.")
MSG_NOT_SAVED = N_("The game could not be saved ({error}). You can play on; Doolhof tries again after every move."
                   " Until saving works, this game cannot be continued later.")
MSG_NOT_CLEARED = N_("The finished game could not be removed ({error}).")


@dataclass(frozen=True)
class SavedGame:
    """Everything needed to continue a game: the game's state plus what the GUI knows about the table."""

    #: A maze game or a card game.
    game: AnyGame
    #: Variant (``"cards"`` for a card game), seats (person/computer + level) and number of secrets;
    #: ``len(table.seats) == game.players``.
    table: TableSetup
    #: The state before the last action of a person, for "undo" (a game of the same kind); None when
    #: there is nothing to undo.
    undo: AnyGame | None = None
    #: Anything else the GUI wants back (JSON-safe: dicts, lists, str, int, float, bool, None).
    extra: dict[str, Any] = field(default_factory=dict)
    #: When it was saved (seconds since the epoch); filled in by :func:`save_game`.
    saved_at: float = 0.0

    def __post_init__(self) -> None:
        """Refuse a state that could not be continued, where the mistake is made (raises ValueError)."""
        game = self.game
        variant = game.variant.name if isinstance(game, Game) else CARDS
        if len(self.table.seats) != game.players or self.table.variant != variant:
            raise ValueError(f"the table ({len(self.table.seats)} seats, {self.table.variant}) does not match"
                             f" the game ({game.players} players, {variant})")
        if self.undo is not None and not same_kind(self.undo, game):
            raise ValueError("the undo state does not belong to this game")
        if not isinstance(self.extra, dict):
            raise ValueError("extra must be a dict")

    def to_dict(self) -> dict[str, Any]:
        """The file's JSON data."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "saved_at": self.saved_at,
            "table": self.table.to_dict(),
            "game": self.game.to_dict(),
            "undo": self.undo.to_dict() if self.undo is not None else None,
            "extra": self.extra,
        }

    @classmethod
    def from_dict(cls, data: Any) -> SavedGame:
        """Read :meth:`to_dict` data; raises :class:`NewerVersionError` or ValueError when it cannot be used.

        The game and undo state are checked by :func:`~doolhof.session.games.game_from_dict`, the table by
        :meth:`TableSetup.from_dict`, and that they belong together by the constructor.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a Doolhof saved game")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ValueError(f"bad version {clip_repr(version)}")
        if version > VERSION:
            raise NewerVersionError(f"version {version} is newer than this program's {VERSION}")
        game_version = newer_version(data.get("game"))
        if game_version is not None:
            raise NewerVersionError(f"the game's version {game_version} is newer than this program reads")
        try:
            game = game_from_dict(data["game"])
            undo = game_from_dict(data["undo"]) if data["undo"] is not None else None
            table = TableSetup.from_dict(data["table"])
            extra = data["extra"]
            saved_at = data["saved_at"]
        except KeyError as missing:
            raise ValueError(f"lacks {missing}") from None
        if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool):
            raise ValueError("saved_at is not a time")
        return cls(game, table, undo, extra, float(saved_at))


class NewerVersionError(ValueError):
    """The file was written by a newer Doolhof than this one."""


@dataclass(frozen=True)
class LoadResult:
    """What :func:`load_game` found."""

    #: The game to continue, or None (no saved game, or it could not be used).
    game: SavedGame | None
    #: A sentence for the parent (in the current language) when something went wrong, else None.
    message: str | None = None


def save_game(state: SavedGame, path: Path | None = None) -> str | None:
    """Write *state* atomically (default :func:`doolhof.session.paths.game_path`), stamping ``saved_at``.

    Returns None on success, or a message for the parent when it cannot be written (also
    logged). Never raises for disk problems or for an ``extra`` that is not JSON-safe.
    """
    problem = write_game(state, path)
    if problem is None:
        return None
    log.error("cannot save the game: %s", problem.log_text())
    return problem.message()


def write_game(state: SavedGame, path: Path | None = None) -> Problem | None:
    """Like :func:`save_game`, but logs nothing and returns the :class:`~doolhof.session.problems.Problem`.

    For a caller that saves again and again (the :class:`~doolhof.session.keeper.GameKeeper`) and
    tells the parent and the log about a lasting failure once.
    """
    path = paths.game_path() if path is None else path
    data = SavedGame(state.game, state.table, state.undo, state.extra, time.time()).to_dict()
    try:
        text = json.dumps(data, indent=1, ensure_ascii=False, allow_nan=False) + "\n"
    except (TypeError, ValueError) as error:
        return Problem.of(MSG_NOT_SAVED, f"the game cannot be turned into JSON: {error}", path)
    try:
        paths.atomic_write_text(path, text)
    except OSError as error:
        return Problem.of(MSG_NOT_SAVED, error, path)
    return None


def load_game(path: Path | None = None) -> LoadResult:
    """Read the saved game (default :func:`doolhof.session.paths.game_path`); never raises.

    No file: ``LoadResult(None, None)``. A damaged, foreign or newer file is moved aside and
    ``LoadResult(None, message)`` returned. One that cannot be opened (no permission, a folder in
    its place) is moved aside too (``game.json.unreadable-...``), so nothing we could not read is
    ever written over; when even that fails it stays, and saves refuse to replace it
    (:func:`doolhof.session.paths.atomic_write_text`). The message says where the file is.
    Temporary files left by a save that was killed mid-write are tidied away.
    """
    path = paths.game_path() if path is None else path
    paths.remove_stale_temp_files(path)
    try:
        raw = paths.read_file(path)
    except FileNotFoundError:
        return LoadResult(None)
    except OSError as error:
        return _keep_unreadable(path, error)
    try:
        return LoadResult(SavedGame.from_dict(json.loads(raw)))
    except NewerVersionError as error:
        return _move_aside(path, raw, MSG_NEWER, str(error))
    except Exception as error:  # bad JSON or UTF-8, damaged or foreign data: whatever it is, never crash
        return _move_aside(path, raw, MSG_DAMAGED, f"{type(error).__name__}: {clip(error)}")


def _keep_unreadable(path: Path, error: OSError) -> LoadResult:
    """*path* exists but cannot be opened: move it aside (say where), or leave it untouched and say so."""
    try:
        target = paths.move_aside(path, "unreadable")
    except OSError as move_error:
        problem = Problem.of(MSG_UNREADABLE_LEFT, error, path)
        log.error("cannot read %s nor move it aside (%s)", problem.log_text(), move_error)
        return LoadResult(None, problem.message())
    problem = Problem.of(MSG_UNREADABLE, error, target)
    log.error("cannot read %s: %s; moved it aside to %s", path, problem.detail, target)
    return LoadResult(None, problem.message())


def _move_aside(path: Path, raw: bytes, template: str, reason: str) -> LoadResult:
    """*path* held *raw*, which cannot be used: move it aside, or keep a copy beside it, and say where."""
    try:
        target = paths.move_aside(path)
    except OSError as error:
        try:
            target = paths.copy_aside(path, raw)
        except OSError as copy_error:
            problem = Problem.of(MSG_DAMAGED_LEFT, copy_error, path)
            log.error("%s cannot be used (%s) nor moved aside (%s) nor copied (%s)", path, reason, error,
                      copy_error)
            return LoadResult(None, problem.message())
        log.error("%s cannot be moved aside (%s); kept a copy as %s", path, error, target)
    log.error("%s cannot be used (%s); %s", path, reason, template.format(name=target.name))
    return LoadResult(None, _(template).format(name=target.name))


def clear_game(path: Path | None = None) -> str | None:
    """Remove the saved game (after the game ended or the parent abandoned it).

    Returns None when it is gone (or was never there), else a message for the parent.
    """
    path = paths.game_path() if path is None else path
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        problem = Problem.of(MSG_NOT_CLEARED, error, path)
        log.error("cannot remove %s", problem.log_text())
        return problem.message()
    return None
