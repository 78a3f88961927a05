"""The running game of the session: start (fresh or continued), save, undo and leave, without any screen.

The screen shows one game at a time (a maze game or a card game, see :mod:`doolhof.session.games`);
:class:`GameSession` is where that game lives while it is played. Starting a game hands it to a
:class:`~doolhof.session.keeper.GameKeeper` (saved after every action, one step of undo for people);
leaving saves it and lets go. The play screen calls :meth:`GameSession.record` after every action
and :meth:`GameSession.undo` when a parent takes one back::

    session = GameSession()
    session.start(game, table)          # saved at once: a new game replaces the saved one
    session.record(game)                # after each push or walk (lay or take)
    restored = session.undo()           # the state before a person's last action, or None
    session.leave()                     # saved; no game is running any more

When a save fails, :attr:`GameSession.problem` says why (for the parents' corner) until a save
works again; it outlives the game it came from, so the parent still learns of it at the setup screen.
A game left while its saves fail is kept in memory (:attr:`GameSession.unsaved`): the setup screen
offers it by Continue (:meth:`GameSession.offer`: the newest copy of each game wins, see
:mod:`doolhof.session.waiting`), and it is written the moment saving works again; a program closed
while it still cannot be written leaves a spare copy where it can write.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from doolhof.session.games import AnyGame, kind_of
from doolhof.session.keeper import GameKeeper
from doolhof.session.problems import Problem
from doolhof.session.savegame import SavedGame
from doolhof.session.seats import TableSetup
from doolhof.session.waiting import keep_spare, offer, stamped, write_kept
from doolhof.session.writer import SaveWriter

log = logging.getLogger(__name__)


class GameSession:
    """Holds the game being played (if any) and keeps it saved."""

    def __init__(self, on_saved: Callable[[AnyGame], None] | None = None, writer: SaveWriter | None = None) -> None:
        """No game yet; *on_saved* is called with the game after every successful save.

        With a *writer* (the app's), saves run on its thread: call :meth:`flush` (or :meth:`close`
        before the program ends) to wait for them.
        """
        self.on_saved = on_saved
        self.writer = writer
        #: The keeper of the running game, or None when no game runs.
        self.keeper: GameKeeper | None = None
        self._problem: Problem | None = None
        #: Games left while saving failed (kind -> the game as it was left), newer than their files.
        self.unsaved: dict[str, SavedGame] = {}

    @property
    def problem(self) -> Problem | None:
        """Why the last save failed, or None when it worked (or nothing was saved yet)."""
        return self.keeper.problem if self.keeper is not None else self._problem

    @problem.setter
    def problem(self, problem: Problem | None) -> None:
        if self.keeper is not None:
            self.keeper.problem = problem
        else:
            self._problem = problem

    @property
    def running(self) -> bool:
        """True while a game is being played."""
        return self.keeper is not None

    @property
    def game(self) -> AnyGame | None:
        """The running game (the live object the play screen changes), or None."""
        return self.keeper.game if self.keeper is not None else None

    @property
    def table(self) -> TableSetup | None:
        """The table of the running game, or None."""
        return self.keeper.table if self.keeper is not None else None

    def start(self, game: AnyGame, table: TableSetup, undo: AnyGame | None = None,
              extra: dict[str, Any] | None = None) -> str | None:
        """Play *game* of *table* from now on (a fresh one, or a continued one with its *undo* snapshot and
        the play screen's *extra*, see :attr:`SavedGame.extra`).

        It is saved at once; returns a message for the parent when that failed.
        """
        self.unsaved.pop(kind_of(game), None)  # this game replaces it (the setup screen asked first)
        keeper = GameKeeper(game, table, undo, on_saved=self.on_saved, writer=self.writer)
        keeper.extra = dict(extra or {})
        keeper.problem = self._problem  # a lasting failure is not logged again for each new game
        self.keeper = keeper
        return self.save()

    def record(self, game: AnyGame, extra: dict[str, Any] | None = None) -> None:
        """A push or walk (a lay or take) was just applied to *game*: keep the undo snapshot right and save
        (with the play screen's *extra* when given)."""
        if self.keeper is not None:
            if extra is not None:
                self.keeper.extra = dict(extra)
            self.keeper.record(game)
            if self.keeper.problem is None and self.unsaved:
                self.waiting()

    def save(self) -> str | None:
        """Save the running game now and wait for it (nothing when none runs); a message for the parent on failure.

        For the moments a game starts, is left or the program closes; the actions of play
        (:meth:`record`) do not wait for the writer.
        """
        if self.keeper is None:
            return None
        self.keeper.save()
        self.flush()
        problem = self.keeper.problem
        return problem.message() if problem is not None else None

    def flush(self) -> None:
        """Wait until every save handed to the writer is on disk (at once without a writer)."""
        if self.writer is not None:
            self.writer.flush()

    def close(self) -> None:
        """The program ends: save the running game and the games kept in memory, and wait for the writer.

        A game kept in memory that still cannot be written gets a spare copy
        (:func:`doolhof.session.waiting.keep_spare`), so the next start offers it rather than its older file.
        """
        self.save()
        if self.writer is not None:
            self.writer.close()
        self.waiting()
        for kind, saved in self.unsaved.items():
            where = keep_spare(saved)
            if where is None:
                log.error("the %s game left while saving failed is lost at close: nothing could be written", kind)
            else:
                log.warning("the %s game left while saving failed is kept as a spare copy at %s", kind, where)

    def rewind(self) -> AnyGame | None:
        """The running game as last recorded (a fresh copy the screen shows from now on); None when none runs."""
        if self.keeper is None:
            return None
        return self.keeper.rewind()

    def can_undo(self) -> bool:
        """True when a person's last action can be taken back (also after computers acted since)."""
        return self.keeper is not None and self.keeper.can_undo()

    def undo_recent(self) -> bool:
        """True when a person's action can be taken back, nobody has acted since and no other person's turn
        has begun (the quick Undo: one tap never takes back another person's move)."""
        return self.keeper is not None and self.keeper.undo_recent()

    def undo(self) -> AnyGame | None:
        """The game as it was before a person's last action (saved at once), or None when refused."""
        if self.keeper is None:
            return None
        return self.keeper.take_undo()

    def leave(self) -> str | None:
        """Stop playing: the game is saved first (Continue brings it back); a message on failure.

        When that save fails, the game is kept in :attr:`unsaved` so that Continue still finds it.
        """
        keeper = self.keeper
        if keeper is None:
            return None
        self.save()  # whether this save works decides where Continue finds the game
        problem = keeper.problem
        if problem is not None and keeper.autosave and not keeper.game.is_over():
            self.unsaved[kind_of(keeper.game)] = stamped(SavedGame(keeper.game.copy(), keeper.table, keeper.undo_state,
                                                                  dict(keeper.extra)))
        self._problem = problem
        self.keeper = None
        return problem.message() if problem is not None else None

    def waiting(self) -> dict[str, SavedGame]:
        """The games kept in memory because saving failed, after trying once more to write each.

        A game that can be written now leaves :attr:`unsaved` (its file has it); the others are
        returned, kind -> game. Screens ask :meth:`offer`, which weighs these against the files.
        """
        write_kept(self.unsaved)
        if not self.unsaved and self.keeper is None:
            self._problem = None
        return dict(self.unsaved)

    def offer(self) -> tuple[dict[str, SavedGame], list[str]]:
        """The games that can be continued, the newest copy of each kind, and messages for the parent.

        :func:`doolhof.session.waiting.offer` over :attr:`unsaved`: the one rule, the newest state wins.
        """
        games, messages = offer(self.unsaved)
        if not self.unsaved and self.keeper is None:
            self._problem = None
        return games, messages
