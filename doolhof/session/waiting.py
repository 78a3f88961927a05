"""The one rule for a waiting game: the newest state wins, on disk and on screen.

A game can exist in up to three places at once: its file (:func:`doolhof.session.paths.game_path`),
the memory of a running program (a game left while its saves failed,
:attr:`doolhof.session.game_session.GameSession.unsaved`), and a *spare copy* written where Doolhof
can still write (the log folder, else the temporary folder) while its own folder refuses every save.
Every copy carries the time it was made (``SavedGame.saved_at``), and:

- :func:`newest` picks, of several copies of one kind's game, the one made last; nothing else
  decides which copy is offered, written or kept;
- :func:`offer` is what a screen asks for "which games can be continued": it first writes the
  games in memory (so a file never holds an older state than memory once writing works), then reads
  the files and the spare copies, and gives the newest of each kind. A spare copy that wins is
  written back to its file when it can, and the parent is told that it was offered, and at which
  position; a copy that lost is dropped once the game's file holds the newest state (until then the
  spare copy is what a program killed before it could close leaves for the next start);
- :func:`keep_spare` is called whenever a save fails, :func:`drop_spare` when the game's own file
  holds it again (or it was won or replaced).

A waiting online game keeps the same rule in its own store (``doolhof.online.store.save_room``):
its log only grows, so a room's file is never replaced by one with fewer entries.
"""

from __future__ import annotations

import hashlib
import logging
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from doolhof.engine import Game
from doolhof.i18n import N_, _
from doolhof.session import paths
from doolhof.session.files import FileKind, load_file
from doolhof.session.games import KINDS
from doolhof.session.savegame import GAME_FILE, SavedGame, load_waiting_by_kind, write_game

log = logging.getLogger(__name__)

MSG_SPARE = N_("The game could not be saved in its own folder, so Doolhof kept a copy in {folder}."
               " Continue goes on from there: {position}.")
MSG_POSITION_MAZE = N_("turn {turn}")
MSG_POSITION_CARDS = N_("turn {turn}, {cards} cards on the table")
#: A spare copy is read like a saved game, but one that cannot be used is simply dropped.
_SPARE_FILE = FileKind("the spare copy of a game", GAME_FILE.damaged, GAME_FILE.newer, GAME_FILE.unreadable,
                       GAME_FILE.left, GAME_FILE.newer_left)


def newest(*copies: SavedGame | None) -> SavedGame | None:
    """The copy made last (largest ``saved_at``) of one game; on a tie the first given. None when none is given.

    >>> from doolhof.engine import Game
    >>> from doolhof.session.seats import TableSetup
    >>> old = SavedGame(Game.new(players=2, seed=1), TableSetup(), saved_at=1.0)
    >>> new = replace(old, saved_at=2.0)
    >>> newest(old, None, new) is new
    True
    """
    best: SavedGame | None = None
    for copy in copies:
        if copy is not None and (best is None or copy.saved_at > best.saved_at):
            best = copy
    return best


def stamped(state: SavedGame) -> SavedGame:
    """*state* stamped with the time now (a copy kept in memory must say when it was made)."""
    return replace(state, saved_at=time.time())


def spare_dirs() -> list[Path]:
    """Where spare copies may go, in the order tried: the log folder, then a folder in the temporary folder.

    The temporary folder's name carries a hash of the data folder, so two data folders never share spares.
    """
    tag = hashlib.sha256(str(paths.data_dir()).encode("utf-8")).hexdigest()[:12]
    return [paths.log_dir() / "spare", Path(tempfile.gettempdir()) / f"doolhof-spare-{tag}"]


def spare_paths(kind: str) -> list[Path]:
    """The spare copies' paths of *kind*'s game, one per :func:`spare_dirs`."""
    name = paths.game_path(kind).name
    return [folder / name for folder in spare_dirs()]


def keep_spare(state: SavedGame) -> Path | None:
    """Write *state* as a spare copy in the first folder that takes it; its path, or None when none does.

    Never raises. Older spares of the same kind elsewhere are removed, so only the newest stays.
    """
    written: Path | None = None
    for path in spare_paths(state.kind):
        if written is None:
            if write_game(state, path) is None:
                written = path
        else:
            _remove(path)
    return written


def drop_spare(kind: str) -> None:
    """Remove every spare copy of *kind*'s game (its own file holds it, or it was won or replaced). Never raises."""
    for path in spare_paths(kind):
        _remove(path)


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        log.warning("cannot remove the spare copy %s: %s", path, error)


def load_spare(kind: str) -> SavedGame | None:
    """The newest readable spare copy of *kind*'s game, or None (damaged spares are dropped)."""
    found: SavedGame | None = None
    for path in spare_paths(kind):
        if not path.exists():
            continue
        loaded = load_file(path, _SPARE_FILE, SavedGame.from_dict)
        if loaded.value is None:
            _remove(path)
        elif not loaded.value.game.is_over() and loaded.value.kind == kind:
            found = newest(found, loaded.value)
    return found


def position(state: SavedGame) -> str:
    """The position of a waiting game in the parent's words: "turn 6" (and the cards on the table)."""
    game = state.game
    if isinstance(game, Game):
        return _(MSG_POSITION_MAZE).format(turn=game.turn + 1)
    return _(MSG_POSITION_CARDS).format(turn=game.turn + 1, cards=len(game.table))


def write_kept(unsaved: dict[str, SavedGame]) -> None:
    """Write each game kept in memory (kind -> game) to its file; one written leaves *unsaved*. Never raises."""
    for kind, saved in list(unsaved.items()):
        if write_game(saved) is None:
            log.info("the %s game left while saving failed is saved now", kind)
            drop_spare(kind)
            del unsaved[kind]


def offer(unsaved: dict[str, SavedGame]) -> tuple[dict[str, SavedGame], list[str]]:
    """The games that can be continued (kind -> the newest copy) and the parent's messages. Never raises.

    *unsaved* (kind -> a stamped game kept in memory) is changed in place: a game written to its
    file now leaves it. See the module's description for the rule.
    """
    write_kept(unsaved)
    found, messages = load_waiting_by_kind()
    games: dict[str, SavedGame] = {}
    told: list[str] = []
    for kind in KINDS:
        on_disk = found.get(kind)
        spare = load_spare(kind)
        memory = unsaved.get(kind)
        best = newest(memory, spare, on_disk)
        if best is None:
            told.extend(messages.get(kind, []))
            continue
        games[kind] = best
        if best is memory:
            for message in messages.get(kind, []):  # "a new game starts" is not true: memory holds it
                log.info("not shown, the game in memory is offered instead: %s", message)
            if write_game(best) is None:
                del unsaved[kind]
                drop_spare(kind)
            # else the file still cannot hold it: the spare copy made when its save failed stays, the one
            # copy of it that outlives a program that never gets to close (power cut, killed)
            continue
        told.extend(messages.get(kind, []))
        if best is spare:
            folder = _spare_folder(kind)
            if write_game(best) is None:
                drop_spare(kind)
            log.warning("the %s game is offered from its spare copy (%s)", kind, folder)
            told.append(_(MSG_SPARE).format(folder=folder, position=position(best)))
        elif spare is not None:
            drop_spare(kind)  # older than the file: the file was written after it
    return games, told


def _spare_folder(kind: str) -> str:
    """The folder of the first spare copy of *kind* that exists (for the parent's message)."""
    for path in spare_paths(kind):
        if path.exists():
            return str(path.parent)
    return str(spare_dirs()[0])
