"""An in-memory stand-in for the relay, for the rooms' pure tests: topics, retained messages, echo to the sender.

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
            self.sent.append(message)
            if message.retain:
                if message.payload:
                    self.retained[message.topic] = message.payload
                else:
                    self.retained.pop(message.topic, None)
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


def pair(table: TableSetup | None = None, far: frozenset[int] = frozenset({1}), room_id: str = "rtestroom0001",
         ) -> tuple[Room, Room, Bus]:
    """A host's and a guest's room of one game, connected through a :class:`Bus`, started."""
    from doolhof.online.room import hello

    table = table or TableSetup("junior", (SeatConfig(), SeatConfig()))
    key = new_key()
    host = Room(room_id, key, hello(HOST, 0), (HOST, GUEST), table=table, far=far)
    guest = Room(room_id, key, hello(GUEST, 1), (HOST, GUEST))
    bus = Bus(host, guest)
    bus.connect(host)
    bus.connect(guest)
    out, events = host.begin()
    bus.events[id(host)].extend(events)
    bus.send(out)
    return host, guest, bus
