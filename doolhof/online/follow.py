"""An online game as a play screen follows it: whose seats are here, the far side's moves in order,
whether the far side is here, and what to tell the parent.

The play screen keeps its own copy of the game and plays every move on it through its usual
animation path: this computer's moves (its people's and its computer seats') it hands to
:meth:`OnlineGame.send`, the far computer's it takes one at a time from :meth:`OnlineGame.next_move`
once nothing moves on screen and it is that seat's turn. Every move the screen applies is counted
(:meth:`OnlineGame.applied_one`), so a move that does not follow on (a gap, another seat, a move the
screen's copy refuses) or a rebuilt log (:class:`~doolhof.online.room.Desync`) makes the screen take
the checked game again (:meth:`OnlineGame.checked`): the room's log is the truth.

No pygame here; everything is read on the screen's thread from the room's event queue and its
:attr:`~doolhof.online.client.OnlineRoom.view` (a snapshot): the screen never takes the room's lock,
and this computer's moves are handed to the network side (:meth:`~doolhof.online.client.OnlineRoom.send`).
The room's life (leave, keep, close) is its :class:`~doolhof.online.lifecycle.OnlineSession`'s, which
makes this follower when a play screen takes the game.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from doolhof.i18n import N_
from doolhof.session.games import AnyGame

from .client import LinkChanged, MoveRefused, OnlineRoom
from .moves import Move
from .room import Closed, Desync, Ended, Finished, MoveMade, PeerJoined, PeerPresence, Refusal, VersionMismatch
from .trouble import Trouble

log = logging.getLogger(__name__)


#: Seconds after the link comes up in which the far side's moves count as a catch-up (they waited on the relay).
CATCH_UP_SECONDS: Final = 2.0

#: What the parent reads on the setup screen when the far computer ended the online game on screen.
MSG_ENDED: Final = N_("The other computer ended this online game, so it is no longer kept here either.")


@dataclass(frozen=True)
class FarMove:
    """A move of the far computer for the screen to play: entry *seq*, *seat*, *move*."""

    seq: int
    seat: int
    move: Move


class OnlineGame:
    """One online game as a play screen follows it (see the module text)."""

    def __init__(self, room: OnlineRoom) -> None:
        """Follow *room* (started: its game exists)."""
        self.room = room
        view = room.view
        if view.game is None:
            raise ValueError("the room's game has not started")
        self.owners = view.owners
        self.applied = view.entries
        self.peer_here = view.peer_here
        self.me = room.room.me.device
        #: False while this computer's connection to the relay is down.
        self.linked = True
        #: The trouble to tell the parent now (:attr:`~Trouble.LOST`, :attr:`~Trouble.VERSION` or
        #: :attr:`~Trouble.REBUILT`: the parents' menu says it), or None.
        self.trouble: Trouble | None = None
        self._out_of_step = False
        #: True once a parent ended the game on the far computer (the room is forgotten here too).
        self.ended = False
        #: When the link first came up for a game brought back (``time.monotonic()``): the far side's moves that
        #: come right after it waited on the relay (a catch-up), so the screen takes them at once
        #: (:meth:`catching_up`).
        self.linked_at: float | None = None
        self._was_linked = room.link.connected.is_set()
        self._moves: deque[FarMove] = deque()
        #: Called when the screen's game is over (:meth:`over`): the room's owner closes the room
        #: (:meth:`OnlineSession.close <doolhof.online.lifecycle.OnlineSession.close>`).
        self.on_over: Callable[[], None] = lambda: None
        #: True once the room is let go on purpose (closed): its link going down is no trouble.
        self.letting_go = False

    @property
    def out_of_step(self) -> bool:
        """True once the screen must take the checked game again (:meth:`checked`): not while a move of this
        computer is still on its way into the room (the checked game would lack it)."""
        return self._out_of_step and not self.room.busy

    @out_of_step.setter
    def out_of_step(self, value: bool) -> None:
        self._out_of_step = value

    # ----- seats ---------------------------------------------------------------------------------
    def here(self, seat: int) -> bool:
        """True when *seat* is played from this computer (a person here or the host's computer seat)."""
        return 0 <= seat < len(self.owners) and self.owners[seat] == self.me

    def is_far(self, seat: int) -> bool:
        """True when *seat* is played from the far computer."""
        return not self.here(seat)

    @property
    def away(self) -> bool:
        """True while the far side cannot be heard: they left, or this computer's link is down."""
        return not self.peer_here or not self.linked

    # ----- the events --------------------------------------------------------------------------
    def poll(self) -> bool:
        """Read what happened since the last call; True when something changed for the screen."""
        changed = False
        for event in self.room.poll():
            changed = True
            if isinstance(event, MoveMade):
                if not event.mine:
                    self._moves.append(FarMove(event.seq, event.seat, event.move))
            elif isinstance(event, PeerPresence):
                self.peer_here = event.here
            elif isinstance(event, PeerJoined):
                self.peer_here = True
            elif isinstance(event, LinkChanged):
                if not event.up and (self.letting_go or self.room.view.closed):
                    continue  # the game is over and its room let go on purpose: no trouble, nothing to log
                self.linked = event.up
                if event.up and not self._was_linked:
                    # The first connection of a game brought back (a restart): what comes with it waited.
                    # (Not after an outage: then the far side's link was down too, and its moves play as made.)
                    self.linked_at = time.monotonic()
                self._was_linked = self._was_linked or event.up
                if event.up and self.trouble is Trouble.LOST:
                    self.trouble = None
                elif not event.up:
                    log.info("the relay was lost during an online game: %s", event.problem)
                    self.trouble = Trouble.LOST
            elif isinstance(event, Desync):
                log.warning("an online game was out of step and %s", "rebuilt" if event.mended else "not mended")
                self.out_of_step = True
                self.trouble = Trouble.REBUILT
            elif isinstance(event, VersionMismatch):
                self.trouble = Trouble.VERSION
            elif isinstance(event, Refusal):
                log.info("a message in an online game was refused: %s", event.reason)
            elif isinstance(event, MoveRefused):
                log.warning("the room refused a move of this computer (%s); the game is taken again", event.reason)
                self.out_of_step = True
            elif isinstance(event, Ended):
                log.info("the far computer ended the online game; it is forgotten here too")
                self.ended = True
            elif isinstance(event, (Finished, Closed)):
                pass
        return changed

    def next_move(self, seat: int) -> FarMove | None:
        """The far side's next move if it is for *seat* and follows on; None while there is none yet.

        A move that does not follow on marks the game :attr:`out_of_step` (the screen takes the
        checked game again) instead of being played.
        """
        while self._moves and self._moves[0].seq <= self.applied:
            self._moves.popleft()  # already in the game the screen took from the log
        if not self._moves:
            return None
        move = self._moves[0]
        if move.seq != self.applied + 1 or move.seat != seat:
            self.out_of_step = True
            return None
        return self._moves.popleft()

    def catching_up(self) -> bool:
        """True when the far side's moves waiting came with the link coming up (they were made while this
        computer was away): the screen shows the game as it stands at once, not move by move behind the
        wrong turn."""
        return (bool(self._moves) and self.linked_at is not None
                and time.monotonic() - self.linked_at < CATCH_UP_SECONDS)

    def caught_up(self) -> AnyGame:
        """A copy of the room's checked game after a catch-up (:meth:`catching_up`); the count restarts from it."""
        view = self.room.view
        assert view.game is not None
        self.applied = view.entries
        copy = view.game.copy()
        self._moves.clear()
        log.info("an online game caught up with the far side's moves at once")
        return copy

    def waiting_moves(self) -> int:
        """How many of the far side's moves wait to be played on screen."""
        return len(self._moves)

    # ----- what the screen did -----------------------------------------------------------------
    def applied_one(self) -> None:
        """The screen applied one more move to its game (any seat's)."""
        self.applied += 1

    def send(self, move: Move) -> None:
        """This computer played *move* for the seat to move (already applied on screen): tell the room."""
        self.applied += 1
        self.room.send(move)

    def checked(self) -> AnyGame:
        """A copy of the room's checked game, to show instead of the screen's; the moves count restarts from it."""
        view = self.room.view
        assert view.game is not None
        self.applied = view.entries
        copy = view.game.copy()
        self.out_of_step = False
        log.warning("the screen's game was out of step with the room's; it shows the checked game again")
        if self.trouble is None:
            self.trouble = Trouble.REBUILT
        return copy

    # ----- the end --------------------------------------------------------------------------------
    def over(self) -> None:
        """The screen's game is over: its room is closed by whoever owns it (:attr:`on_over`)."""
        self.on_over()


__all__ = ["MSG_ENDED", "OnlineGame", "FarMove"]
