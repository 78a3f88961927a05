"""One online room on this computer from the lobby to the end, beside
:class:`~doolhof.session.game_session.GameSession` (which holds a game played here alone).

:class:`OnlineSession` owns the room's life; the screens call its transitions and never stop, leave,
keep or close the room themselves. Its :class:`Phase` says where the room stands::

    LOBBY ──play()──> PLAYING ──close()──> CLOSED    the game is over: cleared from the relay once the
      │                  │                           far side has it all, then forgotten here
      │                  ├──leave()──> LEFT          this computer steps away: the game waits on both
      │                  │                           computers (kept in the online memory for later)
      │                  └──end()────> ENDED         a parent ends it unfinished: told to the far side,
      │                     (or the far side's end)  forgotten on both
      └──leave()──> LEFT                             back from the lobby: the far side sees "away"

    OnlineSession.resume(kept, ...) ──> LOBBY, a waiting game brought back (then play())

- :meth:`OnlineSession.connect` opens the room on its relay (the lobby on its first frame; :meth:`play`
  does it too: nothing happens when it is connected already); :meth:`OnlineSession.begin` is the host's
  start in the lobby.
- :meth:`OnlineSession.play` hands the room to a play screen: it returns the
  :class:`~doolhof.online.follow.OnlineGame` the screen follows (the screen's moves go to the room through
  it) and keeps the room in the online memory after every change (:mod:`doolhof.online.store`, on the
  writer thread, the newest per room wins), not in the game files.
- :meth:`OnlineSession.leave` never waits (the network side says "away"); :meth:`OnlineSession.quit`
  is the program's end and waits a moment for the message to go. Leaving a game that is over closes it.
- :meth:`OnlineSession.hold` takes the room for this window (a waiting game brought back that another
  Doolhof window plays is not opened here).
- :meth:`OnlineSession.close` runs in the background, for at most :data:`CLOSE_SECONDS`.

Every transition from a phase that does not allow it changes nothing (a second leave, a leave after the
end): a screen may call it twice without harm. No pygame here; tested over the in-memory relay.
"""

from __future__ import annotations

import enum
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from doolhof.session.writer import SaveWriter

from . import store
from .client import LinkFactory, OnlineRoom
from .errors import Refused
from .follow import OnlineGame
from .room import Room
from .timeouts import CLOSE_SECONDS
from .trouble import Trouble

log = logging.getLogger(__name__)

#: Keeps a room's data in this computer's online memory (called with ``Room.to_dict()`` and its relay).
Keeper = Callable[[dict[str, Any]], None]


class Phase(enum.Enum):
    """Where an online room stands on this computer (see the module text)."""

    #: Open, its game not on a play screen yet: the lobby (or a waiting game about to be played again).
    LOBBY = "lobby"
    #: A play screen follows its game; every change is kept in the online memory.
    PLAYING = "playing"
    #: This computer stepped away: the game waits on both computers (kept here for later).
    LEFT = "left"
    #: A parent ended it unfinished, here or on the far computer: forgotten on both.
    ENDED = "ended"
    #: The game is over: cleared from the relay once the far side has it all, and forgotten.
    CLOSED = "closed"


#: The phases a room never leaves.
DONE: Final = frozenset({Phase.LEFT, Phase.ENDED, Phase.CLOSED})


def keep_room(data: dict[str, Any]) -> None:
    """Keep a room's *data* in this computer's online memory now (on whichever thread calls); never raises."""
    try:
        store.save_room(data)
    except (OSError, ValueError) as error:
        log.warning("a waiting online game could not be kept (%s)", error)


class OnlineSession:
    """The life of one online room on this computer (see the module text)."""

    def __init__(self, room: OnlineRoom) -> None:
        """Own *room* (made from a code, an invitation or a waiting game), in the lobby."""
        self.room = room
        self._phase = Phase.LOBBY
        #: The game the play screen follows (from :meth:`play` on), or None.
        self.game: OnlineGame | None = None
        self._closing: threading.Thread | None = None

    @classmethod
    def resume(cls, kept: dict[str, Any], relays: Sequence[str], *,
               link_factory: LinkFactory | None = None) -> OnlineSession | None:
        """A waiting online game kept on this computer (one of ``store.waiting_rooms()``), through the relay it
        started on (a room kept before rooms remembered theirs: *relays*, the settings'); None (and a logged
        reason) when it cannot be brought back: damaged, not started, no relay, or no longer kept (ended on
        the parents' page, or finished, since it was offered)."""
        started_on = store.relay_of(kept)
        where = [started_on] if started_on else list(relays)
        try:
            room = Room.from_dict(kept)
        except Refused as refused:
            log.warning("a waiting online game could not be read (%s)", refused.reason)
            return None
        if room.game is None or not where:
            return None
        if not store.is_kept(room.room_id):
            log.info("a waiting online game offered earlier is no longer kept")
            return None
        return cls(OnlineRoom(room, where, link_factory=link_factory))

    # ----- what it is ---------------------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """Where the room stands now (a game the far side ended reads :attr:`Phase.ENDED` at once)."""
        if self._phase is Phase.PLAYING and self.game is not None and self.game.ended:
            return Phase.ENDED
        return self._phase

    @property
    def trouble(self) -> Trouble | None:
        """What goes wrong with the game on screen now (the parents' menu says it), or None (also before play)."""
        return self.game.trouble if self.game is not None else None

    @property
    def far_seats(self) -> frozenset[int]:
        """The seats played on the far computer as this computer's end screen marks them (the host's; the
        guest marks none)."""
        view = self.room.view
        return view.far_seats if view.is_host else frozenset()

    @property
    def finished(self) -> bool:
        """True when the room's game has been played to its end."""
        game = self.room.view.game
        return game is not None and game.is_over()

    # ----- the transitions ---------------------------------------------------------------------------------
    def connect(self) -> None:
        """Open the room on its relay (nothing when it is open already); raises what the link raises."""
        if self.phase not in DONE:
            self.room.start()

    def hold(self) -> bool:
        """Take the room for this window (one window per room: :meth:`OnlineRoom.hold
        <doolhof.online.client.OnlineRoom.hold>`); False, and the room stopped, when another Doolhof window on
        this computer plays it (two would take its connection from each other for ever). True also while only
        a room of this program that is being left holds it: it lets go in a moment, then this one connects."""
        if self.room.hold() or not store.open_elsewhere(self.room.room.client_id):
            return True
        log.info("a waiting online game is open in another window; not opened here")
        self.room.stop()
        return False

    def begin(self) -> None:
        """The host's parent starts the game from the lobby (once ready), on the network side: its
        :class:`~doolhof.online.room.Started` comes through the room's events."""
        if self._phase is Phase.LOBBY:
            self.room.begin_soon()

    def play(self, keep: Keeper = keep_room, writer: SaveWriter | None = None) -> OnlineGame:
        """LOBBY -> PLAYING: a play screen takes the started game (raises ValueError when it has not started).

        Returns what the screen follows (the far side's moves in; its own moves handed to the room with
        :meth:`OnlineGame.send <doolhof.online.follow.OnlineGame.send>`). From now on the room is kept through
        *keep* after every change, with the relay it plays on (``store.relay_of``), on *writer*'s thread when
        there is one (the newest per room wins; neither the frame loop nor the network thread waits for the
        disk); then the room is connected.
        """
        if self._phase is not Phase.LOBBY or self.game is not None:
            raise ValueError(f"an online room in phase {self._phase.value} cannot be played")
        game = OnlineGame(self.room)  # before connecting: it tells a game brought back from an outage
        game.on_over = self.close
        relay = {store.RELAY_KEY: str(self.room.link.address)}

        def keep_soon(data: dict[str, Any]) -> None:
            data = {**data, **relay}
            slot = ("online room", str(data.get("room")))
            try:
                if writer is not None:
                    writer.submit(slot, lambda: keep(data))
                    return
            except RuntimeError:  # the writer is closed: the program is ending; keep it here and now
                pass
            keep(data)

        self.room.keep(keep_soon)
        self.game, self._phase = game, Phase.PLAYING
        self.room.hold()  # one window per room: another window's copy of it does not connect
        self.room.start()  # nothing happens when it is connected already
        return game

    def leave(self) -> None:
        """This computer steps away, never waiting here: the far side sees "away" and the game waits on both
        (kept in the online memory; the setup screen offers it again within the week). A game played to its
        end is closed instead (:meth:`close`); after the far side ended it, the link just goes."""
        if self._phase in DONE:
            return
        if self._phase is Phase.PLAYING and self.finished:
            self.close()
            return
        self._phase = Phase.ENDED if self.phase is Phase.ENDED else Phase.LEFT
        self.room.leave_soon()  # on the network side: the frame loop does not wait for the relay

    def quit(self) -> None:
        """The program ends: leave at once (the far side hears it now, not when the link's will comes), waiting
        at most a moment for the message to go; never raises (the game is kept already)."""
        if self._phase in DONE and self._phase is not Phase.CLOSED:
            return
        if self._phase is not Phase.CLOSED:
            self._phase = Phase.ENDED if self.phase is Phase.ENDED else Phase.LEFT
        try:
            self.room.leave()
        except Exception:  # whatever the network does now, the program ends
            log.exception("leaving the online game at the end failed")

    def end(self) -> None:
        """A parent ends the game unfinished: the far computer is told (it forgets the game too), the room is
        cleared from the relay and forgotten here; on the network side."""
        if self._phase in DONE:
            return
        self._phase = Phase.ENDED
        self.room.end_soon()

    def close(self) -> None:
        """PLAYING -> CLOSED, the game is over: clear the room from the relay once the far side has it all (in
        the background, for at most :data:`CLOSE_SECONDS`), then disconnect."""
        if self._phase is not Phase.PLAYING:
            return
        self._phase = Phase.CLOSED
        room = self.room
        if self.game is not None:
            self.game.letting_go = True  # the link going down now is no trouble

        def close() -> None:
            deadline = time.monotonic() + CLOSE_SECONDS
            while time.monotonic() < deadline and not room.view.finished_and_known:
                time.sleep(0.05)
            room.close()

        self._closing = threading.Thread(target=close, name="doolhof-close-room", daemon=True)
        self._closing.start()

    def stop(self) -> None:
        """Disconnect now without a word (the screen that had it went, a test's end): the far side hears the
        link's will; the phase stays."""
        self.room.stop()

    def join_closing(self, timeout: float = CLOSE_SECONDS + 3.0) -> None:
        """Wait for :meth:`close` to finish (tests and tools)."""
        if self._closing is not None:
            self._closing.join(timeout)


__all__ = ["CLOSE_SECONDS", "DONE", "Keeper", "OnlineSession", "Phase", "keep_room"]
