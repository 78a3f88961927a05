"""The games in progress, saved after every action so that they survive a closed window or a crash.

One game of each kind can wait (:data:`doolhof.session.games.KINDS`): a maze game in ``game.json``
and a card game in ``card-game.json``, both in :func:`doolhof.session.paths.data_dir`, so starting
one never touches the other. A file holds our own format name and version, the game
(:meth:`doolhof.engine.Game.to_dict` or :meth:`doolhof.cards.CardGame.to_dict`; its own ``"format"``
tells which, see :func:`doolhof.session.games.game_from_dict`), the table (seats: person/computer and
level, variant, secrets), the previous state for undo, and an opaque ``extra`` dict the GUI may
fill with any JSON-safe data. Writes are atomic, so killing the program at any moment loses at
most the current half-turn. Older versions are upgraded (:data:`UPGRADES`); damaged, newer and
unreadable files are handled as every file of Doolhof is (:mod:`doolhof.session.files`).

Typical use::

    waiting, messages = load_waiting()            # at start: kind -> SavedGame
    ...
    save_game(SavedGame(game, table, undo=previous))   # after each push and walk (lay and take)
    clear_game(game_path("cards"))                # the moment the game is won, or replaced
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doolhof.engine import Game
from doolhof.i18n import N_
from doolhof.rules.formats import Upgrade, climb
from doolhof.session import paths
from doolhof.session.files import FileKind, NewerVersionError, check_version, load_file
from doolhof.session.games import KINDS, AnyGame, game_from_dict, kind_of, newer_version, same_kind
from doolhof.session.problems import Problem
from doolhof.session.seats import CARDS, TableSetup

log = logging.getLogger(__name__)

FORMAT = "doolhof.saved-game"
VERSION = 1
#: The upgrade ladder of this file's own wrapper: ``UPGRADES[n]`` turns version *n* data into *n + 1*.
UPGRADES: dict[int, Upgrade] = {}

MSG_DAMAGED = N_("The saved game could not be read, so a new game starts. The old file was kept as {name}.")
MSG_NEWER = N_(
    "The saved game was made by a newer version of Doolhof, so a new game starts. The old file was kept as {name}."
)
MSG_UNREADABLE = N_("The saved game could not be opened ({error}), so a new game starts. The old file was kept"
                    " as {path}.")
MSG_UNREADABLE_LEFT = N_("The saved game could not be opened ({error}), so a new game starts. The file was left"
                         " untouched at {path}; Doolhof will not save over it.")
MSG_NEWER_LEFT = N_("The saved game was made by a newer version of Doolhof, so a new game starts. The file was left"
                    " untouched at {path}; Doolhof will not save over it.")
MSG_NOT_SAVED = N_("The game could not be saved ({error}). You can play on; Doolhof tries again after every move."
                   " Until saving works, this game cannot be continued later.")
MSG_NOT_SAVED_KEPT = N_("The game could not be saved ({error}). You can play on; Doolhof tries again after every"
                        " move. A copy of the game is kept elsewhere, so it will be offered next time.")
MSG_NOT_CLEARED = N_("The finished game could not be removed ({error}).")
#: How the saved games' problems are told (:mod:`doolhof.session.files`).
GAME_FILE = FileKind("the saved game", MSG_DAMAGED, MSG_NEWER, MSG_UNREADABLE, MSG_UNREADABLE_LEFT, MSG_NEWER_LEFT)


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
        data = climb(data, check_version(data, FORMAT, VERSION), VERSION, UPGRADES)
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


    @property
    def kind(self) -> str:
        """``"maze"`` or ``"cards"``: which waiting game this is."""
        return kind_of(self.game)


@dataclass(frozen=True)
class LoadResult:
    """What :func:`load_game` found."""

    #: The game to continue, or None (no saved game, or it could not be used).
    game: SavedGame | None
    #: A sentence for the parent (in the current language) when something went wrong, else None.
    message: str | None = None


def save_game(state: SavedGame, path: Path | None = None) -> str | None:
    """Write *state* atomically (default: its kind's :func:`doolhof.session.paths.game_path`), stamping ``saved_at``.

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
    path = paths.game_path(state.kind) if path is None else path
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
    """Read one saved game (default: the maze game's :func:`doolhof.session.paths.game_path`); never raises.

    No file: ``LoadResult(None, None)``. An older version is upgraded; a damaged, foreign, newer
    or unreadable file is kept aside and ``LoadResult(None, message)`` returned (see
    :mod:`doolhof.session.files`; the message says where the file is).
    """
    path = paths.game_path() if path is None else path
    loaded = load_file(path, GAME_FILE, SavedGame.from_dict)
    return LoadResult(loaded.value, loaded.message)


def load_waiting() -> tuple[dict[str, SavedGame], list[str]]:
    """Every game that waits to be continued (kind -> game; finished ones are left out) and the parent's messages.

    A card game found in the maze game's file (where Doolhof kept the one saved game of either
    kind before each kind had its own file) moves to the card game's file when that is free.
    Screens ask :func:`doolhof.session.waiting.offer` instead, which also weighs the newer copies.
    """
    waiting, messages = load_waiting_by_kind()
    return waiting, [message for kind in KINDS for message in messages.get(kind, [])]


def load_waiting_by_kind() -> tuple[dict[str, SavedGame], dict[str, list[str]]]:
    """:func:`load_waiting` with the parent's messages per kind of file (kind -> messages)."""
    waiting: dict[str, SavedGame] = {}
    messages: dict[str, list[str]] = {}
    for kind in KINDS:
        result = load_game(paths.game_path(kind))
        if result.message:
            messages.setdefault(kind, []).append(result.message)
        saved = result.game
        if saved is None or saved.game.is_over():
            continue
        if saved.kind != kind:
            if saved.kind in waiting or paths.game_path(saved.kind).exists():
                continue  # the other kind's own file wins; this stray copy stays untouched
            _move_to_own_file(saved, kind)
        waiting[saved.kind] = saved
    return waiting, messages


def _move_to_own_file(saved: SavedGame, found_in: str) -> None:
    """Write *saved* to its own kind's file and take it out of *found_in*'s (only once the copy is safe)."""
    if write_game(saved) is None:
        clear_game(paths.game_path(found_in))
    else:
        log.warning("the %s game found in %s stays there for now", saved.kind, paths.game_path(found_in))


def clear_game(path: Path | None = None) -> str | None:
    """Remove a saved game (default the maze game's file; after the game was won or replaced).

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
