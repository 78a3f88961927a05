"""The game in progress, kept safe: saved after every action, with one step of undo for people.

It keeps a maze game (an action is a push or a walk) or a card game (an action is a lay or a take)
the same way.

A :class:`GameKeeper` sits beside the play scene (the app wires ``scene.on_action`` to
:meth:`GameKeeper.record`). After every completed action it writes the game atomically with
:func:`doolhof.session.savegame.write_game` (on a :class:`~doolhof.session.writer.SaveWriter`'s
thread in the app, so the tap's animation never waits for the disk), so killing the program at
any moment loses at most the current half-turn. It also remembers the state *before* the last
action when a person made that action: that is the undo snapshot (a misclick can be taken back).
It is replaced when the next person acts and kept while computers act, so a parent who looks only
after the computers have played can still take the person's last action back (with the computers'
moves since: :meth:`GameKeeper.can_undo`). :meth:`GameKeeper.undo_recent` says whether nobody has
acted since (the play screen's quick Undo button shows only then; the parents' menu offers the older
step too)::

    keeper = GameKeeper(game, table)
    scene.on_action = keeper.record
    ...
    if keeper.can_undo():
        scene.restore(keeper.take_undo())   # the keeper now follows the restored game

The saved file carries the snapshot (``SavedGame.undo``), so undo survives a restart too.

When saving fails (a full disk, a read-only folder), the keeper keeps playing and tries again after
every action, and keeps a spare copy of the newest state where it can still write
(:func:`doolhof.session.waiting.keep_spare`; the next start offers it, and the parent's message says
so). :attr:`GameKeeper.problem` says what went wrong until a save works again; the log
gets the first failure, a note when the reason changes, and one line when saving works again,
not a line per action.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from doolhof.session import paths
from doolhof.session.games import AnyGame, kind_of, same_kind
from doolhof.session.problems import Problem
from doolhof.session.savegame import MSG_NOT_CLEARED, MSG_NOT_SAVED, MSG_NOT_SAVED_KEPT, SavedGame, write_game
from doolhof.session.seats import TableSetup
from doolhof.session.waiting import drop_spare, keep_spare
from doolhof.session.writer import SaveWriter

log = logging.getLogger(__name__)


class GameKeeper:
    """Saves one game after every action and holds the undo snapshot of a person's last action."""

    def __init__(self, game: AnyGame, table: TableSetup, undo: AnyGame | None = None, *, autosave: bool = True,
                 on_saved: Callable[[AnyGame], None] | None = None, writer: SaveWriter | None = None) -> None:
        """Keep *game* (the live object the play scene changes) of *table*.

        *undo* is a snapshot carried over from a saved game. *autosave* False keeps everything in
        memory (no file is written). *on_saved* is called with the saved state after each successful
        save (on the *writer*'s thread when there is one; without, saves are written at once).
        """
        self.game = game
        self.writer = writer
        self.table = table
        self.autosave = autosave
        self.on_saved = on_saved
        #: The state after the last action (= before the next one), to tell who acts and for undo.
        self._before: AnyGame = game.copy()
        self._undo: AnyGame | None = undo.copy() if undo is not None and same_kind(undo, game) else None
        #: Why the last save failed (``problem.message()`` is the sentence for the parent), or None when it worked.
        self.problem: Problem | None = None
        #: How many times the game was written (tests and the autoplay hook look at it).
        self.saves = 0
        #: How many saves in a row have failed (0 when the last one worked).
        self.failures = 0
        #: Where the spare copy of the newest state is while saves fail (:mod:`doolhof.session.waiting`).
        self.spare: Path | None = None
        #: What the play screen wants back with the game (``SavedGame.extra``), from its last action.
        self.extra: dict[str, Any] = {}

    # ----- what happened -------------------------------------------------------------------------
    def is_computer(self, seat: int) -> bool:
        """True when *seat* is played by the computer."""
        return self.table.is_computer(seat)

    def record(self, game: AnyGame) -> None:
        """An action (push or walk; lay or take) was just applied to *game*: update the undo snapshot and save.

        The actor is whoever was to move before the action. A person's action keeps the state
        before it for undo; a computer's action keeps the person's snapshot (see :meth:`undo_recent`).
        """
        actor = self._before.current_player
        if not self.is_computer(actor):
            self._undo = self._before
        self.game = game
        self._before = game.copy()
        self._save(self._before)

    def rewind(self) -> AnyGame:
        """Follow the state after the last recorded action from now on (after the screen failed mid-action).

        Returns a fresh copy for the screen; what is saved is this state, so screen, game and file agree.
        """
        self.game = self._before.copy()
        return self.game

    def can_undo(self) -> bool:
        """True when a person's last action can be taken back (computers may have acted since) and the game
        is not over."""
        return self._undo is not None and not self.game.is_over()

    def undo_recent(self) -> bool:
        """True when the action to take back is the last one: nobody has acted since the person did, and
        no other person's turn has begun (one tap never takes back someone else's move; the parents'
        menu can, behind its hold).

        Read from the two states, so it holds after a restart too: one action either keeps the turn
        (a push before the walk, a lay before the take) or starts the next one, whose first phase
        nobody has played yet.
        """
        undo = self._undo
        if undo is None or not self.can_undo():
            return False
        game = self.game
        if game.turn == undo.turn:
            return True
        nobody_since = game.turn == undo.turn + 1 and game.phase in ("push", "place")
        mover = game.current_player
        return nobody_since and (self.is_computer(mover) or mover == undo.current_player)

    def take_undo(self) -> AnyGame | None:
        """Give the state before the person's last action (a fresh copy to show), and follow it from now on.

        Computers' actions made since are taken back with it. Returns None when there is nothing to undo.
        The game is saved at once in the restored state; there is one step of undo, so a second call
        returns None.
        """
        if not self.can_undo():
            return None
        assert self._undo is not None
        restored = self._undo.copy()
        self._undo = None
        self.game = restored
        self._before = restored.copy()
        self._save(self._before)
        return restored

    @property
    def undo_state(self) -> AnyGame | None:
        """The undo snapshot as it would be saved (None: nothing to undo)."""
        return self._undo

    # ----- the file ------------------------------------------------------------------------------
    def save(self) -> str | None:
        """Save the game and the undo snapshot; returns a message for the parent while saving fails.

        With a :attr:`writer` the file is written on its thread (the message is then the last
        save's); without, here and now. A finished game is final at once: its file is removed the
        moment it is won (or, when that fails, overwritten by the finished game, which is never
        offered), so a window closed during the celebration cannot bring the win back. Never raises.
        """
        return self._save(self.game.copy())

    def _save(self, snapshot: AnyGame) -> str | None:
        """:meth:`save` of *snapshot*, a copy of the game no one changes (the writer thread reads it)."""
        if not self.autosave:
            return None
        state = SavedGame(snapshot, self.table, undo=self._undo, extra=dict(self.extra))
        if self.writer is None:
            return self._write(state)
        self.writer.submit(self.slot, lambda: self._write(state))
        return self.problem.message() if self.problem is not None else None

    @property
    def slot(self) -> str:
        """The writer's slot of this game: its kind's file (a newer state of it replaces an older one)."""
        return f"game:{kind_of(self.game)}"

    def _write(self, state: SavedGame) -> str | None:
        """Write *state* now (on whichever thread calls); the message for the parent on failure."""
        try:
            problem = _finish(state) if state.game.is_over() else write_game(state)
        except Exception as error:  # saving is a safety net; it must never stop the game
            log.exception("the game could not be saved")
            problem = Problem.of(MSG_NOT_SAVED, error)
        self._tell(problem)
        if problem is not None and not state.game.is_over():
            self.spare = keep_spare(state)  # the newest state, where it can still be written
            if self.spare is not None and problem.text == MSG_NOT_SAVED:
                problem = replace(problem, text=MSG_NOT_SAVED_KEPT)  # the next start offers the spare copy
        self.problem = problem
        if state.game.is_over() or (problem is None and self.spare is not None):
            # the file holds the newest state again, or the game is final: a spare copy of a position before
            # the end must never bring a finished game back, even when its own file could not be cleared
            drop_spare(state.kind)
            self.spare = None
        if problem is not None:
            return problem.message()
        self.saves += 1
        if self.on_saved is not None:
            try:
                self.on_saved(state.game)
            except Exception:  # a listener's failure must not break the play scene mid-action
                log.exception("on_saved failed")
        return None

    def _tell(self, problem: Problem | None) -> None:
        """Log a failure when it starts or its reason changes, and once when saving works again."""
        before = self.problem
        if problem is None:
            if before is not None:
                log.info("the game can be saved again (%d saves failed before)", self.failures)
            self.failures = 0
            return
        self.failures += 1
        if before is None or (before.code, before.detail) != (problem.code, problem.detail):
            log.error("cannot save the game: %s (trying again after every action)", problem.log_text())
        else:
            log.debug("still cannot save the game (%d times): %s", self.failures, problem.log_text())


def _finish(state: SavedGame) -> Problem | None:
    """Make the finished game of *state* final on disk: its file goes, or holds the finished game."""
    path = paths.game_path(state.kind)
    try:
        path.unlink(missing_ok=True)
        return None
    except OSError as error:
        if write_game(state) is None:
            log.warning("cannot remove the finished game %s (%s); it is marked finished instead", path, error)
            return None
        return Problem.of(MSG_NOT_CLEARED, error, path)


def fingerprint(game: AnyGame) -> str:
    """A short hash of the whole game state, to compare a saved game with a resumed one."""
    text = json.dumps(game.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
