"""Rooms, picture codes and invitations over a real relay: the network on its own thread, events through a queue.

The screen (or ``doolhof simulate --online``) never waits for the network: it calls :meth:`poll`
once a frame and gets what happened since (a move from the far computer, "away", a refusal ...),
and :meth:`OnlineRoom.play` hands a move to the network thread and returns at once.

Every connection is one generic driver, :class:`_Channel`: a link to the relay (made by a *link
factory*: :class:`~doolhof.online.relay.RelayLink` unless told, an in-memory relay in tests), a lock,
and a queue of events. It hands every (re)connect, message and tick of time to a pure machine
(:mod:`doolhof.online.meeting`, :class:`~doolhof.online.room.Room`) under the lock and publishes what
the machine returns:

- :class:`HostCode`: the host shows a picture code and waits for the first join (:class:`HostCodeMachine`);
- :class:`JoinCode`: the far computer taps the code in (:class:`JoinCodeMachine`);
- :class:`FriendLink`: two computers that paired once (a :class:`Friend`) meet again without a code
  (:class:`InvitationMachine`);
- :class:`OnlineRoom`: both then play in the room the welcome named.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from doolhof.session.games import AnyGame
from doolhof.session.seats import TableSetup

from .errors import Reason, Refused
from .meeting import (
    Accepted,
    BehindListener,
    CodeDone,
    CodeFailed,
    CodeReady,
    Declined,
    EndHeard,
    Friend,
    HostCodeMachine,
    InvitationMachine,
    Invited,
    InvitePhase,
    JoinCodeMachine,
    JoinPhase,
    MeetingEvent,
    RoomEnded,
    Step,
    Withdrawn,
    welcomed_room,
)
from .messages import Hello
from .moves import Move
from .pairing import NONCE_BYTES, Paired, PictureCode, host_window, join_windows, place
from .relay import Address, RelayLink, choose_relay
from .room import Closed, Desync, Ended, Refusal, Room, RoomEvent, new_room_id
from .seal import new_key
from .store import RoomHold, wait_let_go
from .timeouts import HOLD_RETRY_SECONDS, JOIN_SECONDS, WITHDRAW_SECONDS
from .topics import Publish, channel_base
from .trouble import Trouble

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LinkChanged:
    """The connection to the relay came up (*up*) or went down; *problem* says why, for the parent."""

    up: bool
    problem: str | None = None


@dataclass(frozen=True)
class OpenElsewhere:
    """Another window of Doolhof on this computer plays this room (*elsewhere*): this one does not connect, so the
    two do not take the room's connection from each other; False once that window let go and this one connects."""

    elsewhere: bool = True


PairingEvent = LinkChanged | CodeReady | CodeDone | CodeFailed


class Link(Protocol):
    """What a driver needs of its connection to a relay (:class:`~doolhof.online.relay.RelayLink`)."""

    address: Address
    connected: threading.Event
    problem: str | None

    def start(self) -> None:
        """Connect in the background."""
        ...

    def publish(self, message: Publish, expiry: int | None = None) -> None:
        """Send *message*; raises ValueError when it is too big."""
        ...

    def wait_sent(self, timeout: float = ...) -> bool:
        """Wait until the relay acknowledged what was sent; True when it has."""
        ...

    def stop(self) -> None:
        """Disconnect cleanly."""
        ...


#: Makes the link of a channel, not started: called with :class:`~doolhof.online.relay.RelayLink`'s arguments
#: (the address, the channel, the callbacks, the will, which retained messages it takes ...).
LinkFactory = Callable[..., Link]


class Machine(Protocol):
    """A pure machine a driver runs (:mod:`doolhof.online.meeting`)."""

    def connected(self) -> Step:
        """A (re)connect."""
        ...

    def receive(self, name: str, payload: bytes) -> Step:
        """One message of the channel."""
        ...

    def tick(self, now: float) -> Step:
        """Time passing."""
        ...


def _drain(events: queue.SimpleQueue[Any]) -> list[Any]:
    """Every event waiting in *events* (never waits)."""
    out = []
    while True:
        try:
            out.append(events.get_nowait())
        except queue.Empty:
            return out


def _wait(events: queue.SimpleQueue[Any], accept: Callable[[Any], bool], timeout: float,
          tick: Callable[[], None]) -> list[Any]:
    """Events from *events* until one *accept* takes arrives or *timeout* seconds pass, *tick* while none comes."""
    seen: list[Any] = []
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return seen
        try:
            event = events.get(timeout=min(left, 0.05))
        except queue.Empty:
            tick()
            continue
        seen.append(event)
        if accept(event):
            return seen


class _Channel:
    """The generic driver: a link made by *link_factory*, a lock, a queue of events (see the module text)."""

    def __init__(self, relays: Sequence[str], channel: str, link_factory: LinkFactory | None = None,
                 clock: Callable[[], float] = time.monotonic, **link: Any) -> None:
        self.events: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.lock = threading.RLock()
        self.clock = clock
        self._relays = list(relays)
        self._factory: LinkFactory = link_factory or RelayLink
        self.link: Link = self._factory(choose_relay(relays, channel), channel, on_message=self._message,
                                        on_connect=self._connect, on_disconnect=self._disconnect, **link)

    def start(self) -> None:
        """Connect (and keep reconnecting until :meth:`stop`)."""
        self.link.start()

    def poll(self) -> list[Any]:
        """Everything that happened since the last call (never waits; time passes first)."""
        self._tick()
        return _drain(self.events)

    def wait(self, accept: Callable[[Any], bool], timeout: float) -> list[Any]:
        """Events until one *accept* takes arrives or *timeout* seconds pass (for scripts and tests)."""
        return _wait(self.events, accept, timeout, self._tick)

    def _tick(self) -> None:
        """Time passing (codes expire)."""

    def _send(self, messages: Sequence[Publish]) -> None:
        for message in messages:
            try:
                self.link.publish(message)
            except ValueError:
                log.error("a message too big for the relay was not sent")

    def _run(self, step: Step) -> None:
        """Publish what a machine's step returned and queue its events (under the lock)."""
        out, events = step
        self._send(out)
        for event in events:
            self.events.put(event)

    def _connect(self) -> None:
        self.events.put(LinkChanged(True))

    def _disconnect(self, reason: str) -> None:
        self.events.put(LinkChanged(False, "the connection to the relay was lost"))

    def _message(self, topic: str, payload: bytes) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        """Disconnect (cleanly: no "away" will)."""
        self.link.stop()

    def _withdraw(self, out: list[Publish]) -> None:
        """Publish *out* (taking something back from the relay) and wait briefly for it, then disconnect."""
        if out and self.link.connected.is_set():
            self._send(out)
            self.link.wait_sent(WITHDRAW_SECONDS)
        _Channel.stop(self)


class _MachineChannel(_Channel):
    """A driver of one meeting machine (a code or an invitation)."""

    machine: Machine

    def _connect(self) -> None:
        super()._connect()
        with self.lock:
            self._run(self.machine.connected())

    def _message(self, name: str, payload: bytes) -> None:
        with self.lock:
            self._run(self.machine.receive(name, payload))

    def _tick(self) -> None:
        with self.lock:
            self._run(self.machine.tick(self.clock()))


class _Place(_MachineChannel):
    """The driver of one code machine on its meeting place (its events go to the code's queue)."""

    def __init__(self, relays: Sequence[str], where: str, machine: Machine, events: queue.SimpleQueue[Any],
                 link_factory: LinkFactory | None, clock: Callable[[], float]) -> None:
        self.machine = machine
        super().__init__(relays, where, link_factory=link_factory, clock=clock)
        self.events = events


class _NotYet:
    """The link of a code whose meeting place is still being found: not connected, no problem yet."""

    def __init__(self) -> None:
        self.connected = threading.Event()
        self.problem: str | None = None


class _Code:
    """A picture code's driver: finds the meeting place(s) with scrypt on its own thread (never on the frame
    loop), then runs one machine per place over its own link, all events in one queue."""

    def __init__(self, relays: Sequence[str], link_factory: LinkFactory | None, clock: Callable[[], float],
                 wall: Callable[[], float], background: bool) -> None:
        self.events: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.lock = threading.RLock()
        self.clock = clock
        self._relays = list(relays)
        self._factory: LinkFactory = link_factory or RelayLink
        self._wall = wall
        self._background = background
        self._places: list[_Place] = []
        self._stopped = False

    #: The driver of each place.
    _kind: type[_Place] = _Place

    def _machines(self, wall: float) -> list[tuple[str, Machine]]:
        """The meeting places (slow) and the machine of each."""
        raise NotImplementedError

    @property
    def link(self) -> Link | _NotYet:
        """The first place's link (a placeholder while scrypt runs)."""
        return self._places[0].link if self._places else _NotYet()

    def start(self) -> None:
        """Find the meeting place(s) off the caller's thread, then connect."""
        if self._background:
            threading.Thread(target=self._place, name="doolhof-place", daemon=True).start()
        else:
            self._place()

    def _place(self) -> None:
        machines = self._machines(self._wall())
        with self.lock:
            if self._stopped:
                return
            self._places = [self._kind(self._relays, where, machine, self.events, self._factory, self.clock)
                            for where, machine in machines]
            places = list(self._places)
        for one in places:
            one.start()

    def _tick_places(self) -> None:
        for one in list(self._places):
            one._tick()

    def poll(self) -> list[Any]:
        """Everything that happened since the last call (never waits; time passes first)."""
        self._tick_places()
        return _drain(self.events)

    def wait(self, accept: Callable[[Any], bool], timeout: float) -> list[Any]:
        """Events until one *accept* takes arrives or *timeout* seconds pass (for scripts and tests)."""
        return _wait(self.events, accept, timeout, self._tick_places)

    def stop(self) -> None:
        """Disconnect every place (nothing stays on the relay: no message of a code is retained)."""
        with self.lock:
            self._stopped = True
            places = list(self._places)
        for one in places:
            with one.lock:
                withdraw = getattr(one.machine, "withdraw", None)
                if withdraw is not None:
                    withdraw()
            one.stop()


class HostCode(_Code):
    """The host's picture code (:class:`~doolhof.online.meeting.HostCodeMachine`): it offers on the code's meeting
    place while connected, then welcomes the first joiner into a new room."""

    def __init__(self, relays: Sequence[str], me: Hello, code: PictureCode | None = None, *,
                 link_factory: LinkFactory | None = None, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time, background: bool = True) -> None:
        """*me* is this computer's hello; a random code unless one is given (tests). *wall* is the wall clock
        (the meeting place changes every ten minutes); without *background*, :meth:`start` runs scrypt itself."""
        super().__init__(relays, link_factory, clock, wall, background)
        self.code = code or PictureCode.random()
        self.me = me
        self.room_id = new_room_id()
        self.room_key = new_key()
        self.machine: HostCodeMachine = HostCodeMachine(
            self.code, me, self.room_id, self.room_key, os.urandom(NONCE_BYTES), clock())

    def _machines(self, wall: float) -> list[tuple[str, Machine]]:
        where = place(self.code, host_window(wall))
        with self.lock:
            self.machine.placed(where)
        return [(where, self.machine)]

    @property
    def expires(self) -> float:
        """When the code runs out (on the driver's clock)."""
        return self.machine.expires

    @property
    def finished(self) -> bool:
        """True once the code worked or failed."""
        return self.machine.finished

    def room(self, paired: Paired, table: TableSetup, far_seats: frozenset[int], relays: Sequence[str]) -> OnlineRoom:
        """The room the code welcomed the far computer into (not started: call :meth:`OnlineRoom.start`)."""
        members = (self.me.device, paired.hello.device)
        return OnlineRoom(Room(self.room_id, self.room_key, self.me, members, table=table, far_seats=far_seats), relays,
                          link_factory=self._factory)


class _JoinPlace(_Place):
    """A joiner's place: its link going down is told to its machine."""

    machine: JoinCodeMachine

    def _disconnect(self, reason: str) -> None:
        with self.lock:
            self.machine.disconnected()
        super()._disconnect(reason)


class JoinCode(_Code):
    """The far computer's side of a picture code (:class:`~doolhof.online.meeting.JoinCodeMachine`): it looks on
    the code's meeting place (two, near the change of its ten minutes); "did not work" only once all said so."""

    _kind = _JoinPlace

    def __init__(self, relays: Sequence[str], me: Hello, code: PictureCode, *,
                 link_factory: LinkFactory | None = None, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time, background: bool = True) -> None:
        """*me* is this computer's hello, *code* the pictures tapped in (see :class:`HostCode`)."""
        super().__init__(relays, link_factory, clock, wall, background)
        self.code = code
        self.me = me
        self.machines: list[JoinCodeMachine] = []
        self._failed: list[CodeFailed] = []
        self._started_at = clock()

    @property
    def machine(self) -> JoinCodeMachine:
        """The machine furthest on (the one that found the host), or the first."""
        if not self.machines:
            return JoinCodeMachine(self.code, self.me, b"", self._started_at)
        return max(self.machines, key=lambda m: list(JoinPhase).index(m.phase))

    def _machines(self, wall: float) -> list[tuple[str, Machine]]:
        out: list[tuple[str, Machine]] = []
        for at in join_windows(wall):
            machine = JoinCodeMachine(self.code, self.me, os.urandom(NONCE_BYTES), self._started_at)
            machine.placed(place(self.code, at))
            out.append((machine.where, machine))
        with self.lock:
            self.machines = [m for _w, m in out if isinstance(m, JoinCodeMachine)]
        return out

    @property
    def finished(self) -> bool:
        """True once the code worked or failed."""
        return bool(self.machines) and (any(m.phase is JoinPhase.DONE for m in self.machines)
                                        or all(m.finished for m in self.machines))

    def poll(self) -> list[Any]:
        """Everything since the last call: a place's "did not work" only once every place said it."""
        return self._merge(super().poll())

    def wait(self, accept: Callable[[Any], bool], timeout: float) -> list[Any]:
        """As :meth:`_Code.wait`, with the places' failures merged."""
        seen: list[Any] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for event in self.poll():
                seen.append(event)
                if accept(event):
                    return seen
            time.sleep(0.01)
        return seen

    def _merge(self, events: list[Any]) -> list[Any]:
        out: list[Any] = []
        for event in events:
            if isinstance(event, CodeFailed):
                self._failed.append(event)
                if len(self._failed) == len(self.machines) or event.why is Trouble.VERSION:
                    named = [f for f in self._failed if f.why is not Trouble.WRONG_CODE]
                    out.append(named[0] if named else event)
            elif isinstance(event, LinkChanged) and not event.up and any(
                    p.link.connected.is_set() for p in self._places):
                continue  # one place's link still up: no trouble for the screen
            else:
                out.append(event)
        return out

    def room(self, paired: Paired, relays: Sequence[str]) -> OnlineRoom:
        """The room the host's welcome names; raises :class:`Refused` when the welcome is damaged."""
        room_id, key, host = welcomed_room(paired)
        return OnlineRoom(Room(room_id, key, self.me, (host, self.me.device)), relays, link_factory=self._factory)


class FriendLink(_MachineChannel):
    """Two remembered computers find each other without a code (:class:`~doolhof.online.meeting.InvitationMachine`):
    the host invites, the other accepts or says "not now"."""

    def __init__(self, relays: Sequence[str], me: Hello, friend: Friend, *,
                 link_factory: LinkFactory | None = None, clock: Callable[[], float] = time.monotonic,
                 on_moved: Callable[[Friend], None] | None = None, game: str = "", ends: Sequence[str] = (),
                 on_end_heard: Callable[[str], None] | None = None) -> None:
        """*me* is this computer's hello; an invitation from here is to play *game* (a variant name, shown on the
        other computer's invitation). Once an invitation is taken, *on_moved* is given the friend on its next
        channel (to keep it: both computers move on together), from :meth:`accept` or :meth:`poll`. *ends* are
        the rooms of games a parent ended here that *friend* has not heard of (``store.ends_for``): told whenever
        both are on the channel; *on_end_heard* is given each one the other computer heard (from :meth:`poll`
        or :meth:`wait`, on the caller's thread: ``store.end_heard``)."""
        self.me = me
        self.friend = friend
        self.room_id = new_room_id()
        self.room_key = new_key()
        self.on_moved = on_moved
        self.on_end_heard = on_end_heard
        self._kept = friend
        self.machine: InvitationMachine = InvitationMachine(me, friend, self.room_id, self.room_key, game=game,
                                                            ends=ends)
        super().__init__(relays, friend.channel, link_factory=link_factory, clock=clock)
        self._channel = friend.channel
        self._behind = self._behind_of(friend)
        self._started = False

    def _behind_of(self, friend: Friend) -> _Place | None:
        """The driver on *friend*'s previous channel, telling one left behind to catch up: only while this computer
        took the last invitation and has not heard the other on the new channel since (*friend* not settled)."""
        if friend.epoch < 1 or friend.settled:
            return None
        listener = BehindListener(self.me, friend)
        return _Place(self._relays, listener.behind.channel, listener, self.events, self._factory, self.clock)

    def start(self) -> None:
        """Connect on the channel of now and the one before (and keep reconnecting until :meth:`stop`)."""
        self._started = True
        super().start()
        if self._behind is not None:
            self._behind.start()

    def poll(self) -> list[Any]:
        """Everything since the last call; once an invitation was taken, *on_moved* is called here (on the
        caller's thread, as keeping a remembered computer after a code is)."""
        return self._heard(super().poll())

    def wait(self, accept: Callable[[Any], bool], timeout: float) -> list[Any]:
        """As :meth:`_Channel.wait`, with *on_moved* and *on_end_heard* called as :meth:`poll` does."""
        return self._heard(super().wait(accept, timeout))

    def _heard(self, events: list[Any]) -> list[Any]:
        with self.lock:
            self._moved()
        self._follow()
        for event in events:
            if isinstance(event, EndHeard) and self.on_end_heard is not None:
                try:
                    self.on_end_heard(event.room)
                except Exception as error:  # a full disk: the news is told once more next time
                    log.warning("a heard end could not be noted (%s)", type(error).__name__)
        return events

    def _moved(self) -> None:
        if self.machine.friend != self._kept and self.on_moved is not None:
            self._kept = self.machine.friend
            try:
                self.on_moved(self.machine.friend)
            except Exception as error:  # a full disk: the next invitation then goes by a code
                log.warning("the remembered computer's next channel could not be kept (%s)", type(error).__name__)

    def _follow(self) -> None:
        """Caught up (:class:`CaughtUp`) while not taking an invitation: go on listening (or inviting) on the
        channel of now (on the caller's thread: a link is never stopped from its own network thread)."""
        with self.lock:
            friend = self.machine.friend
            if friend.channel == self._channel or not self._started or self.machine.phase in (
                    InvitePhase.ACCEPTED, InvitePhase.STOPPED):
                return
            old, old_behind = self.link, self._behind
            self._channel = friend.channel
            self.link = self._factory(choose_relay(self._relays, friend.channel), friend.channel,
                                      on_message=self._message, on_connect=self._connect,
                                      on_disconnect=self._disconnect)
            self._behind = self._behind_of(friend)
            fresh, behind = self.link, self._behind
        gone = [old] + ([old_behind] if old_behind is not None else [])
        # stopping waits for a network thread: never on the frame loop
        threading.Thread(target=lambda: [g.stop() for g in gone], name="doolhof-moved-on", daemon=True).start()
        fresh.start()
        if behind is not None:
            behind.start()

    def invite(self) -> None:
        """Invite the remembered computer into a new room (call once connected)."""
        with self.lock:
            self._send(self.machine.invite())

    def stop(self) -> None:
        """Take back an invitation nobody accepted, then disconnect."""
        with self.lock:
            out = self.machine.withdraw()
            self._started = False
            behind = self._behind
        if behind is not None:
            behind.stop()
        self._withdraw(out)

    def accept(self) -> OnlineRoom:
        """Take the invitation that came (:class:`Invited`): the room, not yet started; raises ValueError when
        none came."""
        with self.lock:
            out, welcome = self.machine.accept()
            self._send(out)
            self._moved()
        self.link.wait_sent()
        return OnlineRoom(Room(welcome.room, welcome.key, self.me, (self.friend.device, self.me.device)),
                          self._relays, link_factory=self._factory)

    def decline(self) -> None:
        """Say "not now" to the invitation that came (:class:`Invited`): sealed, to the inviter only, who
        stops waiting (:class:`Declined`)."""
        with self.lock:
            out = self.machine.decline()
            self._send(out)
        if out:
            self.link.wait_sent(WITHDRAW_SECONDS)

    def tell_ended(self, room_id: str) -> None:
        """Say on the two computers' own channel that the game of *room_id* was ended here (call once connected):
        the other computer hears it if it is on the channel now (or comes while this link is): :class:`EndHeard`.
        Nothing is kept on the relay; :func:`~doolhof.online.store.record_end` keeps it for the next time."""
        with self.lock:
            self._send(self.machine.end(room_id))

    def room(self, table: TableSetup, far_seats: frozenset[int]) -> OnlineRoom:
        """The host's side of the room it invited the friend into."""
        return OnlineRoom(Room(self.room_id, self.room_key, self.me, (self.me.device, self.friend.device),
                               table=table, far_seats=far_seats), self._relays, link_factory=self._factory)


@dataclass(frozen=True)
class MoveRefused:
    """A move this computer handed over (:meth:`OnlineRoom.send`) was refused by the room and changed nothing."""

    reason: Reason


@dataclass(frozen=True)
class RoomView:
    """What a screen reads of a room: a snapshot the network side makes after every change, never the live
    room (so the frame loop takes no lock). *game* is a copy of the checked game: copy it again to change it."""

    entries: int
    game: AnyGame | None
    table: TableSetup | None
    far_seats: frozenset[int]
    owners: tuple[str, ...]
    is_host: bool
    peer: Hello | None
    peer_here: bool
    ready: bool
    finished_and_known: bool
    closed: bool

    @classmethod
    def of(cls, room: Room, before: RoomView | None = None, fresh: bool = True) -> RoomView:
        """The view of *room* now (under its lock); the game is copied again only when *fresh* or the log grew."""
        log_ = room.log
        entries = len(log_) if log_ is not None else 0
        game = before.game if before is not None and not fresh and before.entries == entries else (
            room.game.copy() if room.game is not None else None)
        return cls(entries, game, room.table, room.far_seats, log_.genesis.owners if log_ is not None else (),
                   room.is_host, room.peer, room.peer_here, room.ready, room.finished_and_known(), room.closed)


class OnlineRoom(_Channel):
    """A :class:`~doolhof.online.room.Room` over a relay, owned by its network side.

    Everything that touches the room runs there under its lock: the messages on the link's thread, and
    what a screen hands over (:meth:`send`, :meth:`keep`, :meth:`leave_soon`) on the room's own worker
    thread, in order. A screen reads :attr:`view` (a :class:`RoomView`) and the events, never the room.
    The direct calls (:meth:`play`, :meth:`begin`, :meth:`leave` ...) are for headless tools and tests.

    *on_change* is called (on the network side, under the room's lock) after anything that changes what
    must be kept for a waiting game, with the room's :meth:`Room.to_dict`: hand the writing to a writer
    thread (:class:`~doolhof.session.writer.SaveWriter`), so neither side waits for the disk.
    """

    def __init__(self, room: Room, relays: Sequence[str],
                 on_change: Callable[[dict[str, Any]], None] | None = None, *,
                 link_factory: LinkFactory | None = None) -> None:
        """Not connected until :meth:`start` (on every connect the room restores itself on the relay)."""
        self.room = room
        self.on_change = on_change
        self.refused = 0
        self.desyncs = 0
        #: The room as the screens may read it (replaced, never changed, after every change).
        self.view = RoomView.of(room)
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._waiting_jobs = 0
        self._jobs_lock = threading.Lock()  # only for the count and the thread: never the room's lock
        self._worker: threading.Thread | None = None
        self._hold: RoomHold | None = None
        self._stopped = threading.Event()
        self._hold_lock = threading.Lock()
        self._waiting_for_hold = False
        super().__init__(relays, room.room_id, link_factory=link_factory, will=self._connecting,
                         client_id=room.client_id, retained=False)

    # ----- one window per room ----------------------------------------------------------------------
    def hold(self) -> bool:
        """Take this program's hold on the room (:class:`~doolhof.online.store.RoomHold`, kept until :meth:`stop`):
        True when it is held here; False while another window of Doolhof (or another room object of this
        program, still leaving) plays it. Once asked for, :meth:`start` connects only while it is held."""
        if self._hold is None:
            self._hold = RoomHold(self.room.client_id)
        return self._hold.take()

    @property
    def held_elsewhere(self) -> bool:
        """True while a hold was asked for and another window has the room (this one is not connected)."""
        return self._hold is not None and not self._hold.held and not self._stopped.is_set()

    def start(self) -> None:
        """Connect (see :meth:`_Channel.start`); once :meth:`hold` was asked for, only while the room is held here:
        else :class:`OpenElsewhere` comes, and the room connects when the other window lets go of it."""
        if self._hold is None or self._hold.take():
            super().start()
            return
        if self._stopped.is_set() or self._waiting_for_hold:
            return
        self._waiting_for_hold = True
        self.events.put(OpenElsewhere(True))
        threading.Thread(target=self._wait_for_hold, name="doolhof-room-hold", daemon=True).start()

    def _wait_for_hold(self) -> None:
        hold = self._hold
        assert hold is not None
        while not self._stopped.is_set():
            wait_let_go(HOLD_RETRY_SECONDS)  # a room of this program let go of: at once; another program's: soon
            with self._hold_lock:  # a stop() meanwhile either comes first or stops the link started here
                if self._stopped.is_set():
                    return
                if hold.take():
                    self.events.put(OpenElsewhere(False))
                    super().start()
                    return

    def stop(self) -> None:
        """Disconnect (cleanly: no "away" will) and let go of the room's hold."""
        with self._hold_lock:
            self._stopped.set()
        super().stop()
        if self._hold is not None:
            self._hold.release()

    def _connecting(self) -> Publish:
        with self.lock:  # on the link's thread, before every connection
            return self.room.connecting()  # a new epoch, and the will that names it

    # ----- the network side ------------------------------------------------------------------------
    def _connect(self) -> None:
        with self.lock:
            self._send(self.room.connected())
        super()._connect()

    def _message(self, name: str, payload: bytes) -> None:
        with self.lock:
            before = len(self.room.log) if self.room.log is not None else -1
            started = self.room.genesis is not None
            out, events = self.room.receive(name, payload)
            self._send(out)
            self._deliver(events)
            self._keep_if(
                (len(self.room.log) if self.room.log is not None else -1) != before
                or started != (self.room.genesis is not None) or any(isinstance(e, (Closed, Ended)) for e in events))

    def _deliver(self, events: Sequence[RoomEvent]) -> None:
        self.view = RoomView.of(self.room, self.view, fresh=bool(events))
        for event in events:
            if isinstance(event, Refusal):
                self.refused += 1
            elif isinstance(event, Desync):
                self.desyncs += 1
            self.events.put(event)

    def _keep_if(self, changed: bool) -> None:
        if changed and self.on_change is not None:
            self.on_change(self.room.to_dict())

    # ----- what a screen hands over (returns at once) ---------------------------------------------
    def _hand_over(self, job: Callable[[], None]) -> None:
        """Run *job* on the room's worker thread (after the jobs handed over before it)."""
        with self._jobs_lock:
            self._waiting_jobs += 1
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="doolhof-room", daemon=True)
                self._worker.start()
        self._jobs.put(job)

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            try:
                job()
            except Exception:  # a bug in one job must not end the room's thread; it is logged whole
                log.exception("a job of the online room failed")
            finally:
                with self._jobs_lock:
                    self._waiting_jobs -= 1

    @property
    def busy(self) -> bool:
        """True while something handed over has not run yet (read without the lock)."""
        return self._waiting_jobs > 0

    def settle(self, timeout: float = 5.0) -> bool:
        """Wait until everything handed over has run; False when *timeout* seconds passed first (tests, tools)."""
        deadline = time.monotonic() + timeout
        while self.busy:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True

    def send(self, move: Move) -> None:
        """Play *move* for the seat to move, from this computer, on the network side; returns at once. A move
        the room refuses changes nothing and comes back as :class:`MoveRefused`."""
        def play() -> None:
            try:
                self.play(move)
            except Refused as refused:
                self.events.put(MoveRefused(refused.reason))

        self._hand_over(play)

    def keep(self, on_change: Callable[[dict[str, Any]], None]) -> None:
        """From now on keep the room through *on_change*, once at once (on the network side)."""
        def keep() -> None:
            with self.lock:
                self.on_change = on_change
                on_change(self.room.to_dict())

        self._hand_over(keep)

    def leave_soon(self) -> None:
        """:meth:`leave`, on the network side (the frame loop does not wait for the relay)."""
        self._hand_over(self.leave)

    def end_soon(self) -> None:
        """:meth:`end`, on the network side (the frame loop does not wait for the relay)."""
        self._hand_over(self.end)

    def begin_soon(self) -> None:
        """:meth:`begin`, on the network side (its :class:`~doolhof.online.room.Started` comes as an event)."""
        def begin() -> None:
            try:
                self.begin()
            except ValueError:
                log.info("the room was not ready to start")

        self._hand_over(begin)

    # ----- direct calls (headless tools, tests, the worker) ------------------------------------
    def begin(self) -> None:
        """The host's parent starts the game (raises ValueError when the room is not ready)."""
        with self.lock:
            out, events = self.room.begin()
            self._send(out)
            self._deliver(events)
            self._keep_if(True)

    def play(self, move: Move) -> None:
        """Play *move* for the seat to move, from this computer; raises :class:`Refused` (nothing changes)."""
        with self.lock:
            out, events = self.room.play(move)
            self._send(out)
            self._deliver(events)
            self._keep_if(True)

    def leave(self) -> None:
        """This computer leaves on purpose: the far side sees "away", the game waits on both."""
        with self.lock:
            if not self.room.closed:
                self._send([self.room.away()])
        self.link.wait_sent()
        self.stop()

    def end(self) -> None:
        """A parent ends the game unfinished: the far computer is told (:class:`~doolhof.online.room.Ended`),
        the room is cleared from the relay and forgotten here (*on_change*), then the link goes."""
        with self.lock:
            out, events = self.room.end()
            self._send(out)
            self._deliver(events)
            self._keep_if(bool(events))
        self.link.wait_sent()
        self.stop()

    def close(self) -> None:
        """The game is over here: clear the room from the relay when the far side has it all, then go."""
        with self.lock:
            if self.room.finished_and_known():
                self.room.closed = True  # nothing of it is kept on the relay
                self.view = RoomView.of(self.room, self.view, fresh=False)
        self.link.wait_sent()
        self.stop()


class EndedRoom(_Channel):
    """A room a parent ended here, while the far computer has not heard it: listened on while this computer is
    online (the setup screen), so a far computer that comes to continue the game is told ``end`` at once (the
    sealed *end* kept from the ending, :func:`~doolhof.online.store.ended_rooms`), said on connecting and to its
    hello or here on the room's topics (at most once a second). It opens nothing."""

    def __init__(self, relays: Sequence[str], room_id: str, end: Publish, *,
                 link_factory: LinkFactory | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        """Not connected until :meth:`start`."""
        self.room_id = room_id
        self.end = end._replace(retain=False)
        self._base = channel_base(room_id) + "/"
        self._last = -1e9
        super().__init__(relays, room_id, link_factory=link_factory, clock=clock, retained=False)

    def _connect(self) -> None:
        super()._connect()
        with self.lock:  # a far computer already in the room hears it now
            self._send([self.end])

    def _message(self, name: str, payload: bytes) -> None:
        if not payload or not name.startswith(self._base) or name[len(self._base):].split("/")[0] not in (
                "hello", "here"):
            return
        with self.lock:
            now = self.clock()
            if now - self._last < 1.0:
                return
            self._last = now
            self._send([self.end])


def tell_ended(room_id: str, me: Hello, friend: Friend, relays: Sequence[str], timeout: float = 5.0,
               listen: float = 2.0, *, link_factory: LinkFactory | None = None,
               on_end_heard: Callable[[str], None] | None = None) -> bool:
    """Tell *friend* on the two computers' own channel that the game of *room_id* was ended, if it is there:
    connect (up to *timeout* seconds), then wait up to *listen* seconds for it to say it heard (blocks: run it
    off the frame loop). True when it heard; else the news waits on this computer
    (:func:`~doolhof.online.store.record_end`) for the next time both are on the channel."""
    link = FriendLink(relays, me, friend, link_factory=link_factory, on_end_heard=on_end_heard)
    link.start()
    try:
        if not link.link.connected.wait(timeout):
            return False
        link.tell_ended(room_id)
        heard = link.wait(lambda e: isinstance(e, EndHeard) and e.room == room_id, listen)
        return any(isinstance(e, EndHeard) and e.room == room_id for e in heard)
    finally:
        link.stop()


def end_room(room: Room, relays: Sequence[str], timeout: float = 5.0, listen: float = 1.0) -> bool:
    """End a waiting *room* that is not being played (a parent's choice on the settings' page): connect to its
    relay only to say ``end`` (unretained: the far computer hears it if it is in the room now), without saying
    "here" first, and stay *listen* seconds, saying it again to a far computer that comes (its hello). Blocks
    up to *timeout* + *listen* seconds (run it off the frame loop); True when the relay took it. A far computer
    that is not there hears it on the two computers' own channel (:func:`tell_ended`)."""
    out, _events = room.end()
    lock = threading.Lock()
    link: RelayLink | None = None

    def heard(topic: str, payload: bytes) -> None:
        with lock:
            again, _ = room.receive(topic, payload)
        for message in again:
            if link is not None:
                link.publish(message)

    link = RelayLink(choose_relay(relays, room.room_id), room.room_id, on_message=heard, retained=False)
    link.start()
    try:
        if not link.connected.wait(timeout):
            return False
        for message in out:
            link.publish(message)
        sent = link.wait_sent(timeout)
        time.sleep(listen)
        return sent
    finally:
        link.stop()


__all__ = [
    "JOIN_SECONDS", "WITHDRAW_SECONDS", "Accepted", "CodeDone", "CodeFailed", "CodeReady", "Declined", "EndHeard",
    "EndedRoom", "Friend", "FriendLink", "HostCode", "Invited", "JoinCode", "Link", "LinkChanged", "LinkFactory",
    "MeetingEvent", "MoveRefused", "OnlineRoom", "OpenElsewhere", "PairingEvent", "RoomEnded", "RoomView",
    "Withdrawn", "end_room", "tell_ended",
]
