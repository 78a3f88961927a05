"""A room, a picture code, over a real relay: the network on its own thread, events through a queue.

The screen (or ``doolhof simulate --online``) never waits for the network: it calls :meth:`poll`
once a frame and gets what happened since (a move from the far computer, "away", a refusal ...),
and :meth:`OnlineRoom.play` hands a move to the network thread and returns at once. Messages are
handled on paho's thread under a lock, so a room answers the far computer (sending what it
misses) even while the screen is busy.

Three kinds of connection, each on its own channel:

- :class:`HostCode`: the host shows a picture code and waits for the first join;
- :class:`JoinCode`: the far computer taps the code in;
- :class:`OnlineRoom`: both then play in the room the host's welcome named;
- :class:`FriendLink`: two computers that paired once (a :class:`Friend`) meet again without a code.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from doolhof.session.seats import TableSetup

from . import wire
from .errors import Refused
from .moves import Move
from .pairing import (
    CODE_SECONDS,
    HostPairing,
    JoinPairing,
    Paired,
    PairingFailed,
    PictureCode,
    friend_secret,
    topic,
)
from .relay import RelayLink, choose_relay
from .room import Closed, Ended, Publish, Refusal, Room, RoomEvent, check_hello, new_room_id
from .seal import KEY_BYTES, Sealer, derive, new_key

log = logging.getLogger(__name__)

#: How long a joiner waits for the host's offer and answer before saying the code did not work.
JOIN_SECONDS: Final = 15.0
#: How long stopping a code or an invitation waits for the relay to take it back (the screen waits that
#: long at most when the relay is slow; when it is gone, not at all).
WITHDRAW_SECONDS: Final = 0.5


@dataclass(frozen=True)
class LinkChanged:
    """The connection to the relay came up (*up*) or went down; *problem* says why, for the parent."""

    up: bool
    problem: str | None = None


@dataclass(frozen=True)
class CodeReady:
    """The host's code is on the relay: show *code* until *expires* (``time.monotonic()``)."""

    code: PictureCode
    expires: float


@dataclass(frozen=True)
class CodeDone:
    """The code worked: *paired* says who joined; the room (:class:`OnlineRoom`) can open."""

    paired: Paired


@dataclass(frozen=True)
class CodeFailed:
    """The code did not work: *why* is ``"code"`` (wrong, used or expired), ``"expired"``,
    ``"version"`` or ``"relay"`` (not reachable)."""

    why: str


PairingEvent = LinkChanged | CodeReady | CodeDone | CodeFailed


class _Channel:
    """What the three connections share: a link, a lock, a queue of events."""

    def __init__(self, relays: Sequence[str], channel: str, will: Publish | None = None) -> None:
        self.events: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.lock = threading.RLock()
        self._relays = list(relays)
        self.link = RelayLink(choose_relay(relays, channel), channel, on_message=self._message,
                              on_connect=self._connect, on_disconnect=self._disconnect, will=will)

    def poll(self) -> list[Any]:
        """Everything that happened since the last call (never waits)."""
        out = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    def wait(self, accept: Callable[[Any], bool], timeout: float) -> list[Any]:
        """Events until one *accept* takes arrives or *timeout* seconds pass (for scripts and tests)."""
        seen: list[Any] = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return seen
            try:
                event = self.events.get(timeout=min(left, 0.05))
            except queue.Empty:
                self._tick()
                continue
            seen.append(event)
            if accept(event):
                return seen

    def _tick(self) -> None:
        """Time passing (codes expire); called from :meth:`poll` users via :meth:`wait`."""

    def _send(self, messages: Sequence[Publish]) -> None:
        for message in messages:
            try:
                self.link.publish(message)
            except ValueError:
                log.error("a message too big for the relay was not sent")

    def _connect(self) -> None:
        self.events.put(LinkChanged(True))

    def _disconnect(self, reason: str) -> None:
        self.events.put(LinkChanged(False, "the connection to the relay was lost"))

    def _message(self, topic: str, payload: bytes) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        """Disconnect (cleanly: no "away" will)."""
        self.link.stop()


class HostCode(_Channel):
    """The host's picture code: it waits for the first join, then welcomes it into a new room."""

    def __init__(self, relays: Sequence[str], me: dict[str, Any], code: PictureCode | None = None) -> None:
        """*me* is this computer's hello; a random code unless one is given (tests)."""
        self.code = code or PictureCode.random()
        self.me = me
        self.pairing = HostPairing(self.code, me)
        self.room_id = new_room_id()
        self.room_key = new_key()
        self.expires = time.monotonic() + CODE_SECONDS
        self.finished = False
        self._probe = wire.b64(new_key()[:12])
        self._busy = False
        self._offered = False
        self._offer = b""
        self._ready = False
        super().__init__(relays, self.code.channel)

    def start(self) -> None:
        """Connect; :class:`CodeReady` follows once the offer is on the relay."""
        self.link.start()

    def _connect(self) -> None:
        super()._connect()
        # Anything retained on the slot arrives before our probe: then we know whether it is free.
        self.link.publish(Publish(topic(self.code, "probe"), self._probe.encode(), False))

    def _tick(self) -> None:
        with self.lock:
            if not self.finished and time.monotonic() > self.expires:
                self._end()
                self.events.put(CodeFailed("expired"))

    def poll(self) -> list[Any]:
        """Events since the last call (and the code's expiry)."""
        self._tick()
        return super().poll()

    def _end(self) -> None:
        self.finished = True
        if self._offered:
            self._send([Publish(topic(self.code, "host"), b"", True)])

    def stop(self) -> None:
        """Take a code still on offer off the relay (a late joiner gets "wrong code" at once, not silence),
        then disconnect."""
        with self.lock:
            withdraw = not self.finished and self._offered and self.link.connected.is_set()
            if withdraw:
                self._end()
        if withdraw:
            self.link.wait_sent(WITHDRAW_SECONDS)
        super().stop()

    def _message(self, name: str, payload: bytes) -> None:
        with self.lock:
            if self.finished:
                return
            part = name.rsplit("/", 1)[-1]
            if part == "host" and payload and not self._offered:
                self._busy = True  # another host's live code uses this slot
            elif part == "host" and payload == self._offer and not self._ready:
                # Our own offer came back: it is on the relay, so a joiner who subscribes now finds it.
                # (Saying ready when it was only sent let a quick joiner miss it and hear "wrong code".)
                self._ready = True
                self.events.put(CodeReady(self.code, self.expires))
            elif part == "probe" and payload == self._probe.encode() and not self._offered:
                if self._busy:
                    self.finished = True
                    self.events.put(CodeFailed("busy"))
                    return
                self._offered = True
                self._offer = self.pairing.offer()
                self._send([Publish(topic(self.code, "host"), self._offer, True)])
            elif part == "join" and self._offered:
                self._answer(payload)

    def _answer(self, payload: bytes) -> None:
        welcome = {"room": self.room_id, "key": wire.b64(self.room_key), "host": self.me["device"]}
        try:
            result, paired = self.pairing.answer(payload, welcome)
        except (PairingFailed, Refused) as failed:
            why = failed.why if isinstance(failed, PairingFailed) else "code"
            self._send([Publish(topic(self.code, "result"), HostPairing.refusal(why), False)])
            self._end()
            log.info("a join with a wrong code (or another version) ended the code: %s", why)
            self.events.put(CodeFailed(why))
            return
        self._send([Publish(topic(self.code, "result"), result, False)])
        self._end()
        self.events.put(CodeDone(paired))

    def room(self, paired: Paired, table: TableSetup, far: frozenset[int], relays: Sequence[str]) -> OnlineRoom:
        """The room the code welcomed the far computer into (not started: call :meth:`OnlineRoom.start`)."""
        members = (self.me["device"], str(paired.hello["device"]))
        return OnlineRoom(Room(self.room_id, self.room_key, self.me, members, table=table, far=far), relays)


class JoinCode(_Channel):
    """The far computer's side of a picture code."""

    def __init__(self, relays: Sequence[str], me: dict[str, Any], code: PictureCode) -> None:
        """*me* is this computer's hello, *code* the pictures tapped in."""
        self.code = code
        self.me = me
        self.pairing = JoinPairing(code, me)
        self.deadline = time.monotonic() + JOIN_SECONDS
        self.finished = False
        self._probe = wire.b64(new_key()[:12])
        self._joined = False
        super().__init__(relays, code.channel)

    def start(self) -> None:
        """Connect; :class:`CodeDone` or :class:`CodeFailed` follows."""
        self.link.start()

    def _connect(self) -> None:
        super()._connect()
        self.link.publish(Publish(topic(self.code, "probe"), self._probe.encode(), False))

    def _tick(self) -> None:
        with self.lock:
            if not self.finished and time.monotonic() > self.deadline:
                self.finished = True
                self.events.put(CodeFailed("code" if self.link.connected.is_set() else "relay"))

    def poll(self) -> list[Any]:
        """Events since the last call."""
        self._tick()
        return super().poll()

    def _message(self, name: str, payload: bytes) -> None:
        with self.lock:
            if self.finished:
                return
            part = name.rsplit("/", 1)[-1]
            if part == "host" and payload and not self._joined:
                self._joined = True
                try:
                    self._send([Publish(topic(self.code, "join"), self.pairing.join(payload), False)])
                except PairingFailed as failed:
                    self._fail(failed.why)
            elif part == "probe" and payload == self._probe.encode() and not self._joined:
                self._fail("code")  # no live offer on this slot: expired, used, or never made
            elif part == "result" and self._joined:
                try:
                    paired = self.pairing.result(payload)
                except PairingFailed as failed:
                    self._fail(failed.why)
                    return
                self.finished = True
                self.events.put(CodeDone(paired))

    def _fail(self, why: str) -> None:
        self.finished = True
        self.events.put(CodeFailed(why))

    def room(self, paired: Paired, relays: Sequence[str]) -> OnlineRoom:
        """The room the host's welcome names; raises :class:`Refused` when the welcome is damaged."""
        welcome = paired.welcome
        room_id, host = welcome.get("room"), welcome.get("host")
        if not isinstance(room_id, str) or not isinstance(host, str) or host != paired.hello.get("device"):
            raise Refused("malformed", "welcome")
        key = wire.unb64(welcome.get("key"), KEY_BYTES)
        return OnlineRoom(Room(room_id, key, self.me, (host, self.me["device"])), relays)


@dataclass(frozen=True)
class Friend:
    """A remembered computer: its device id, its figure, and the secret the two share since their code."""

    device: str
    figure: int
    secret: bytes

    @classmethod
    def of(cls, paired: Paired) -> Friend:
        """The computer a picture code just paired with, to remember."""
        return cls(str(paired.hello["device"]), int(paired.hello["figure"]), friend_secret(paired.secret))

    @property
    def channel(self) -> str:
        """The two computers' own channel on the relay (only they can name it)."""
        return "f" + derive(self.secret, "remembered channel", 16).hex()

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (kept on this computer only)."""
        return {"device": self.device, "figure": self.figure, "secret": wire.b64(self.secret)}

    @classmethod
    def from_dict(cls, data: Any) -> Friend:
        """Read :meth:`to_dict` data; raises :class:`Refused` when damaged."""
        if not isinstance(data, dict):
            raise Refused("malformed", "remembered computer")
        me = check_hello({"device": data.get("device"), "figure": data.get("figure"), "rules": ""})
        return cls(me["device"], me["figure"], wire.unb64(data.get("secret"), KEY_BYTES))


@dataclass(frozen=True)
class Invited:
    """A remembered computer invites this one into a room (*hello* says which; :meth:`FriendLink.accept`)."""

    hello: dict[str, Any]
    welcome: dict[str, Any]


@dataclass(frozen=True)
class Withdrawn:
    """The remembered computer took its invitation back (it stopped inviting, or its minutes were up)."""


@dataclass(frozen=True)
class Accepted:
    """The remembered computer took the invitation (*hello*): the room can open."""

    hello: dict[str, Any]


@dataclass(frozen=True)
class Declined:
    """The remembered computer said "not now" to the invitation (*hello*): nobody comes to the room."""

    hello: dict[str, Any]


class FriendLink(_Channel):
    """Two remembered computers find each other without a code: the host invites, the other accepts.

    Both connect to their own channel (named by their shared secret, sealed with a key derived from
    it); an invitation is retained for :data:`~doolhof.online.pairing.CODE_SECONDS`, so the other
    computer finds it when it looks within those minutes.
    """

    def __init__(self, relays: Sequence[str], me: dict[str, Any], friend: Friend) -> None:
        """*me* is this computer's hello."""
        self.me = me
        self.friend = friend
        self._sealer = Sealer(derive(friend.secret, "remembered key"))
        self.room_id = new_room_id()
        self.room_key = new_key()
        self._invited: dict[str, Any] | None = None
        self._inviting = False
        self._taken = False
        super().__init__(relays, friend.channel)

    def _topic(self, name: str) -> str:
        return f"doolhof/c/{self.friend.channel}/{name}"

    def start(self) -> None:
        """Connect (an :class:`Invited` follows when the other computer has invited this one)."""
        self.link.start()

    def invite(self) -> None:
        """Invite the remembered computer into a new room (call once connected)."""
        welcome = {"room": self.room_id, "key": wire.b64(self.room_key), "host": self.me["device"]}
        topic = self._topic("invite")
        message = wire.dumps({"t": "invite", "hello": self.me, "welcome": welcome})
        self.link.publish(Publish(topic, self._sealer.seal(topic, message), True), expiry=CODE_SECONDS)
        self._inviting = True

    def stop(self) -> None:
        """Take back an invitation nobody accepted (the other computer must not find it later and wait in a
        room nobody comes to), then disconnect."""
        if self._inviting and self.link.connected.is_set():
            self._inviting = False
            self.link.publish(Publish(self._topic("invite"), b"", True))
            self.link.wait_sent(WITHDRAW_SECONDS)
        super().stop()

    def accept(self) -> OnlineRoom:
        """Take the invitation that came (:class:`Invited`): the room, not yet started."""
        welcome = self._invited
        if welcome is None:
            raise ValueError("no invitation came")
        self._taken = True  # our own clearing of the invitation (below) coming back is no withdrawal
        topic = self._topic("accept")
        sealed = self._sealer.seal(topic, wire.dumps({"t": "accept", "hello": self.me}))
        self.link.publish(Publish(topic, sealed, False))
        self.link.publish(Publish(self._topic("invite"), b"", True))  # used once
        self.link.wait_sent()
        key = wire.unb64(welcome.get("key"), KEY_BYTES)
        return OnlineRoom(Room(str(welcome["room"]), key, self.me, (self.friend.device, self.me["device"])),
                          self._relays)

    def decline(self) -> None:
        """Say "not now" to the invitation that came (:class:`Invited`): sealed, to the inviter only, who
        stops waiting (:class:`Declined`); the invitation is cleared from the relay."""
        welcome = self._invited
        if welcome is None:
            return
        self._invited, self._taken = None, True  # our own clearing coming back is no withdrawal
        topic = self._topic("decline")
        message = {"t": "decline", "hello": self.me, "room": welcome.get("room")}
        self.link.publish(Publish(topic, self._sealer.seal(topic, wire.dumps(message)), False))
        self.link.publish(Publish(self._topic("invite"), b"", True))
        self.link.wait_sent(WITHDRAW_SECONDS)
        self._taken = False  # a later invitation is news again

    def room(self, table: TableSetup, far: frozenset[int]) -> OnlineRoom:
        """The host's side of the room it invited the friend into."""
        return OnlineRoom(Room(self.room_id, self.room_key, self.me, (self.me["device"], self.friend.device),
                               table=table, far=far), self._relays)

    def _message(self, name: str, payload: bytes) -> None:
        if not payload:
            if name.endswith("/invite") and self._invited is not None and not self._taken:
                self._invited = None
                self.events.put(Withdrawn())
            return
        try:
            message = wire.loads(self._sealer.open(name, payload))
            peer = check_hello(message.get("hello"))
        except Refused as refused:
            log.info("a message on a remembered computer's channel was refused: %s", refused.reason)
            return
        if peer["device"] != self.friend.device:
            return  # our own message coming back
        part = name.rsplit("/", 1)[-1]
        if part == "invite" and message.get("t") == "invite" and isinstance(message.get("welcome"), dict):
            if message["welcome"].get("host") == peer["device"]:
                self._invited = message["welcome"]
                self.events.put(Invited(peer, message["welcome"]))
        elif part == "accept" and message.get("t") == "accept":
            self._inviting = False
            self.link.publish(Publish(self._topic("invite"), b"", True))
            self.events.put(Accepted(peer))
        elif part == "decline" and message.get("t") == "decline" and self._inviting \
                and message.get("room") == self.room_id:
            self._inviting = False
            self.link.publish(Publish(self._topic("invite"), b"", True))
            self.events.put(Declined(peer))


class OnlineRoom(_Channel):
    """A :class:`~doolhof.online.room.Room` over a relay.

    *on_change* is called (on the network thread, under the room's lock) after anything that
    changes what must be kept for a waiting game, with the room's :meth:`Room.to_dict`.
    """

    def __init__(self, room: Room, relays: Sequence[str],
                 on_change: Callable[[dict[str, Any]], None] | None = None) -> None:
        """Not connected until :meth:`start`."""
        self.room = room
        self.on_change = on_change
        self.refused = 0
        self.desyncs = 0
        super().__init__(relays, room.room_id, will=room.will())

    def start(self) -> None:
        """Connect (and keep reconnecting); on every connect the room restores itself on the relay."""
        self.link.start()

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
            if self.on_change is not None and (
                (len(self.room.log) if self.room.log is not None else -1) != before
                or started != (self.room.genesis is not None) or any(isinstance(e, (Closed, Ended)) for e in events)
            ):
                self.on_change(self.room.to_dict())

    def _deliver(self, events: Sequence[RoomEvent]) -> None:
        for event in events:
            if isinstance(event, Refusal):
                self.refused += 1
            elif event.__class__.__name__ == "Desync":
                self.desyncs += 1
            self.events.put(event)

    def begin(self) -> None:
        """The host's parent starts the game (raises ValueError when the room is not ready)."""
        with self.lock:
            out, events = self.room.begin()
            self._send(out)
            self._deliver(events)
            if self.on_change is not None:
                self.on_change(self.room.to_dict())

    def play(self, move: Move) -> None:
        """Play *move* for the seat to move, from this computer; raises :class:`Refused` (nothing changes)."""
        with self.lock:
            out, events = self.room.play(move)
            self._send(out)
            self._deliver(events)
            if self.on_change is not None:
                self.on_change(self.room.to_dict())

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
            if self.on_change is not None and events:
                self.on_change(self.room.to_dict())
        self.link.wait_sent()
        self.stop()

    def close(self) -> None:
        """The game is over here: clear the room from the relay when the far side has it all, then go."""
        with self.lock:
            if self.room.finished_and_known() and not self.room.closed:
                self.room.closed = True
                self._send(self.room.clear())
        self.link.wait_sent()
        self.stop()


def end_room(room: Room, relays: Sequence[str], timeout: float = 5.0) -> bool:
    """End a waiting *room* that is not being played (a parent's choice on the settings' page): connect to its
    relay only to say ``end`` and clear the room, without saying "here" first. Blocks up to *timeout* seconds
    (run it off the frame loop); True when the relay took it (the far computer hears it when it looks)."""
    out, _events = room.end()
    link = RelayLink(choose_relay(relays, room.room_id), room.room_id, on_message=lambda topic, payload: None)
    link.start()
    try:
        if not link.connected.wait(timeout):
            return False
        for message in out:
            link.publish(message)
        return link.wait_sent(timeout)
    finally:
        link.stop()


__all__ = [
    "Accepted", "CodeDone", "CodeFailed", "CodeReady", "Declined", "Friend", "FriendLink", "HostCode", "Invited",
    "JoinCode", "LinkChanged", "OnlineRoom", "PairingEvent", "Withdrawn", "end_room",
]
