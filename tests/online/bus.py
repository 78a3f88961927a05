"""An in-memory stand-in for the relay, for the rooms' pure tests: topics, echo to the sender, and (as the shipped
relay's ``retain_available false``) no retained messages: one sent is a failure (:class:`Bus`) or cuts its sender
off (:class:`MemoryLink`). A test may still fill :attr:`Bus.retained` itself (a relay that keeps them).

The real relay is tested through Mosquitto in the other files; this one lets a test hold a message
back, change it, send it twice or to the wrong topic, and see every event each room gives.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from doolhof.online.room import Publish, Room, RoomEvent
from doolhof.online.seal import new_key
from doolhof.session.seats import SeatConfig, TableSetup

HOST, GUEST = "a0a0a0a0a0a0a0a0", "b1b1b1b1b1b1b1b1"


class Bus:
    """Every room sees every message (as a subscriber to its room's channel does, its own included)."""

    def __init__(self, *rooms: Room) -> None:
        self.rooms = list(rooms)
        self.retained: dict[str, bytes] = {}
        self.sent: list[Publish] = []
        self.events: dict[int, list[RoomEvent]] = {id(r): [] for r in rooms}
        self.online = {id(r): True for r in rooms}

    def send(self, messages: list[Publish]) -> None:
        """Publish *messages* and everything the rooms answer, until all is quiet."""
        todo = deque(messages)
        while todo:
            message = todo.popleft()
            assert not message.retain, f"a retained message ({message.topic}): the relay takes none"
            self.sent.append(message)
            for room in self.rooms:
                if self.online[id(room)]:
                    todo.extend(self.deliver(room, message.topic, message.payload))

    def deliver(self, room: Room, topic: str, payload: bytes) -> list[Publish]:
        """Give one message to *room*; its events are kept, its answers returned."""
        out, events = room.receive(topic, payload)
        self.events[id(room)].extend(events)
        return out

    def connect(self, room: Room) -> None:
        """*room* (re)connects: it gets the retained messages, then says everything again."""
        self.online[id(room)] = True
        answers: list[Publish] = []
        for topic, payload in sorted(self.retained.items()):
            answers += self.deliver(room, topic, payload)
        self.send(answers + room.connected())

    def play(self, room: Room, move: list[Any]) -> None:
        """*room* plays *move*."""
        out, events = room.play(move)
        self.events[id(room)].extend(events)
        self.send(out)

    def of(self, room: Room, kind: type) -> list[Any]:
        """The events of *kind* *room* gave so far."""
        return [e for e in self.events[id(room)] if isinstance(e, kind)]


def pair(table: TableSetup | None = None, far_seats: frozenset[int] = frozenset({1}), room_id: str = "rtestroom0001",
         ) -> tuple[Room, Room, Bus]:
    """A host's and a guest's room of one game, connected through a :class:`Bus`, started."""
    from doolhof.online.room import hello

    table = table or TableSetup("junior", (SeatConfig(), SeatConfig()))
    key = new_key()
    host = Room(room_id, key, hello(HOST, 0), (HOST, GUEST), table=table, far_seats=far_seats)
    guest = Room(room_id, key, hello(GUEST, 1), (HOST, GUEST))
    bus = Bus(host, guest)
    bus.connect(host)
    bus.connect(guest)
    out, events = host.begin()
    bus.events[id(host)].extend(events)
    bus.send(out)
    return host, guest, bus


class MemoryRelay:
    """An in-memory relay for the drivers of :mod:`doolhof.online.client` (codes, invitations, rooms): its
    :meth:`link` is their *link_factory*. Channels, retained messages (the newest per topic, sent to a link
    when it connects, before anything it says), echo to the sender, last wills. Every message is handed
    over on the publishing thread, in order, once the message being handled is done (as a relay would).
    :attr:`hold` keeps messages back until :meth:`release` (a slow relay)."""

    def __init__(self) -> None:
        self.retained: dict[str, bytes] = {}
        self.expiry: dict[str, int] = {}
        self.sent: list[Publish] = []
        self.links: list[MemoryLink] = []
        #: Retained messages refused (each cut its sender off, as the shipped relay does).
        self.refused_retained: list[Publish] = []
        self.hold = False
        self._held: list[Publish] = []
        self._todo: deque[tuple[MemoryLink, str, bytes]] = deque()
        self._busy = False

    def link(self, address: Any, channel: str, *, on_message: Any, on_connect: Any = None,
             on_disconnect: Any = None, will: Any = None, retained: bool = True, keep: Any = (),
             client_id: str | None = None) -> MemoryLink:
        """A link of *channel* (the arguments of ``RelayLink``: *will* a message or what makes one before each
        connection; without *retained* only the retained topics named in *keep* are delivered)."""
        link = MemoryLink(self, address, channel, on_message, on_connect, on_disconnect, will)
        link.retained, link.keep = retained, tuple(keep)
        return link

    def publish(self, message: Publish) -> None:
        """Take *message* from a link: keep it when retained, hand it to every link of its channel."""
        if self.hold:
            self._held.append(message)
            return
        self.sent.append(message)
        if message.retain:
            if message.payload:
                self.retained[message.topic] = message.payload
                self.expiry[message.topic] = message.expiry
            else:
                self.retained.pop(message.topic, None)
                self.expiry.pop(message.topic, None)
        for link in self.links:
            if link.connected.is_set() and message.topic.startswith(link.base + "/"):
                self._todo.append((link, message.topic, message.payload))
        self.drain()

    def release(self) -> None:
        """Let the held messages through, in order."""
        self.hold, held, self._held = False, self._held, []
        for message in held:
            self.publish(message)

    def drain(self) -> None:
        """Hand over what waits (unless a message is being handed over already: then that loop does it)."""
        if self._busy:
            return
        self._busy = True
        try:
            while self._todo:
                link, topic, payload = self._todo.popleft()
                if link.connected.is_set():
                    link.on_message(topic, payload)
        finally:
            self._busy = False

    def topics(self, channel: str) -> list[str]:
        """The retained topics of *channel*."""
        return sorted(t for t in self.retained if t.startswith(f"doolhof/c/{channel}/"))


class MemoryLink:
    """One client of a :class:`MemoryRelay` (what a driver needs of ``RelayLink``)."""

    def __init__(self, relay: MemoryRelay, address: Any, channel: str, on_message: Any, on_connect: Any,
                 on_disconnect: Any, will: Any) -> None:
        import threading

        self.relay, self.address, self.channel = relay, address, channel
        self.on_message, self.on_connect, self.on_disconnect, self.will = on_message, on_connect, on_disconnect, will
        self.connected = threading.Event()
        self.problem: str | None = None
        self.base = f"doolhof/c/{channel}"
        self.retained = True
        self.keep: tuple[str, ...] = ()
        self._will: Publish | None = None
        self._waiting: list[Publish] = []

    def start(self) -> None:
        """Connect: the retained messages of the channel come first, then the driver's own."""
        if self.connected.is_set():
            return
        relay = self.relay
        if self not in relay.links:
            relay.links.append(self)
        self._will = self.will() if callable(self.will) else self.will
        self.connected.set()
        busy, relay._busy = relay._busy, True
        try:
            for topic in sorted(relay.retained):
                if topic.startswith(self.base + "/") and (self.retained or topic[len(self.base) + 1:] in self.keep):
                    relay._todo.append((self, topic, relay.retained[topic]))
            if self.on_connect is not None:
                self.on_connect()
            waiting, self._waiting = self._waiting, []
            for message in waiting:
                relay.publish(message)
        finally:
            relay._busy = busy
        relay.drain()

    def publish(self, message: Publish, expiry: int | None = None) -> None:
        """Send *message* (kept until the link is up, as paho does); a retained one cuts the link off."""
        if expiry is not None:
            message = message._replace(expiry=expiry)
        if message.retain and self.connected.is_set():
            self.relay.refused_retained.append(message)
            self.cut()
            return
        if self.connected.is_set():
            self.relay.publish(message)
        else:
            self._waiting.append(message)

    def wait_sent(self, timeout: float = 0.0) -> bool:
        """Everything is handed over at once: True while connected."""
        return self.connected.is_set()

    def stop(self) -> None:
        """Disconnect cleanly (no will)."""
        self.connected.clear()
        if self in self.relay.links:
            self.relay.links.remove(self)

    def cut(self) -> None:
        """The network goes: the driver hears it, the relay publishes the will."""
        self.connected.clear()
        if self.on_disconnect is not None:
            self.on_disconnect("cut")
        if self._will is not None:
            self.relay.publish(self._will)
