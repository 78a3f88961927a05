"""One computer's side of a room: a pure state machine from relay messages to events and replies.

A room has two computers, the host (who chose the game and the seats) and the far computer that
joined with the picture code. Each computer is named in the room's topics by a pseudonym of this
room only (:func:`pseudonym`, from the room key: no device id travels unsealed). The topics, each
sealed with the room key (the topic is the seal's associated data), none retained on the relay:

===================  =====================================================================
``hello/<name>``     the computer: its figure, its rules version, its signing key for this room
``here/<name>``      is it connected (its last will says "away" when it drops)
``setup``            the host's table and which seats are far away
``deal/<name>``      its promise (a digest) of a random half of the deal's seed, then the half
``start``            the host starts: the digest of the genesis both computed
``log/<seq>``        one entry of the move log (:mod:`doolhof.online.log`), signed by its seat's computer
``have/<name>``      how many entries it has: the other sends what it misses
``end``              a parent ended the game on one computer: the other forgets the room too (heard if it
                     is in the room then, or when it comes while the ending computer is; else the news
                     travels on the two computers' own channel, :mod:`doolhof.online.meeting`)
===================  =====================================================================

Each is one class of :mod:`doolhof.online.messages` (``RoomHello``, ``RoomHere``, ``Setup``, ``Deal``,
``Start``, ``EntryMessage``, ``Have``, ``End``), read there and handed over checked. Nothing is kept on the
relay: whenever a computer (re)connects it says hello with a new *epoch*, and
the other answers with everything it knows that the newcomer may miss (its hello, the setup, its
deal, the start, and on ``have`` the missing entries). hello, here and have carry the epoch of their
connection and a counter (``e``, ``c``): one not newer than the last seen is a replay and is refused,
so an old "away" never hides a present computer and an old ``have`` costs nothing. A ``have`` is
answered at most once per connection and range (its count, our log's length), in parts of
:data:`CHUNK` entries.

The deal is fair: each computer promises its half before seeing the other's and reveals it only
after, so neither chooses the seed. :class:`Room` never touches the network; give it every message
(:meth:`Room.receive`) and publish what it returns. :mod:`doolhof.online.client` does that over a relay.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from doolhof import __version__
from doolhof.rules import Outcome
from doolhof.session.games import AnyGame
from doolhof.session.seats import TableSetup

from . import wire
from .errors import Reason, Refused
from .log import RULES, Genesis, MoveLog, new_signing_key, public_key
from .messages import (
    FIGURES,
    MAX_ENTRIES,
    ROOM_KINDS,
    Deal,
    End,
    Entry,
    EntryMessage,
    Have,
    Hello,
    Message,
    RoomHello,
    RoomHere,
    Setup,
    Start,
    kind_of,
)
from .moves import Move
from .seal import KEY_BYTES, Sealer, derive
from .timeouts import RETAIN_SECONDS
from .topics import Publish, channel_base

log = logging.getLogger(__name__)

#: The most entries one answer to a ``have`` sends; the far computer asks again for the next part.
CHUNK: Final = 128
#: The counter of a connection's last word (its will, or leaving on purpose): nothing of it comes after.
LAST: Final = 2**53
#: How many entries ahead of the log a room holds while it waits for the missing ones.
MAX_PENDING: Final = 512


def hello(device: str, figure: int) -> Hello:
    """What a computer says of itself: its id, its figure, its rules and app versions. No names."""
    return Hello(device, figure, RULES, __version__)


def new_device_id() -> str:
    """A fresh random id for this computer (16 hex digits; it names nobody)."""
    return os.urandom(8).hex()


def new_room_id() -> str:
    """A fresh random room id: 128 bits, long enough that nobody finds a room by guessing."""
    return "r" + os.urandom(16).hex()


def pseudonym(key: bytes, device: str) -> str:
    """The name of computer *device* in the topics of the room with *key*: another in every room, and
    only the two computers of the room can tell whose it is."""
    return derive(key, "room pseudonym|" + device, 8).hex()


# ----- what a room tells the screen ----------------------------------------------------------------
@dataclass(frozen=True)
class PeerJoined:
    """The far computer is in the room: its *hello* (its figure)."""

    hello: Hello


@dataclass(frozen=True)
class PeerPresence:
    """The far computer is connected (*here*) or away."""

    here: bool


@dataclass(frozen=True)
class VersionMismatch:
    """The far computer plays by other rules (*theirs*); the room cannot start."""

    theirs: str


@dataclass(frozen=True)
class Ready:
    """Both computers are in and the deal is made: the host may start."""

    owners: tuple[str, ...]


@dataclass(frozen=True)
class Started:
    """The game began; *game* is a copy of it before the first move."""

    game: AnyGame


@dataclass(frozen=True)
class MoveMade:
    """Entry *seq*: *seat* played *move* (*mine*: from this computer); *events* are the rules' events."""

    seq: int
    seat: int
    move: Move
    mine: bool
    events: list[object] = field(default_factory=list)


@dataclass(frozen=True)
class Refusal:
    """A message was refused and changed nothing (*reason* from :data:`~doolhof.online.errors.REASONS`)."""

    reason: Reason
    detail: str = ""


@dataclass(frozen=True)
class Desync:
    """The game after an entry differed from the sender's: the log rebuilt its game from the genesis."""

    mended: bool


@dataclass(frozen=True)
class Finished:
    """The game is over."""

    outcome: Outcome | None


@dataclass(frozen=True)
class Closed:
    """Both computers have the whole game: the room's messages are cleared from the relay."""


@dataclass(frozen=True)
class Ended:
    """A parent ended the game unfinished (*here*: on this computer; else on the far one): forget the room."""

    here: bool


RoomEvent = (
    PeerJoined | PeerPresence | VersionMismatch | Ready | Started | MoveMade | Refusal | Desync | Finished | Closed
    | Ended
)


@dataclass
class _Deal:
    commit: str
    reveal: bytes | None = None


class Room:
    """One computer's side of one room (see the module text).

    The host passes *table* and *far_seats* (the seats the far computer plays); the far computer learns
    them from the host's ``setup``. *members* are the two device ids, host first. *signing* is this
    computer's Ed25519 key for the room (a new one unless a kept room brings it back).
    """

    def __init__(
        self, room_id: str, key: bytes, me: Hello, members: tuple[str, str], *,
        table: TableSetup | None = None, far_seats: frozenset[int] = frozenset(), signing: bytes | None = None,
    ) -> None:
        """A room as it begins; :meth:`from_dict` brings a kept one back."""
        if len(key) != KEY_BYTES or len(members) != 2 or members[0] == members[1] or me.device not in members:
            raise ValueError("a room needs its key, two different computers, and this computer among them")
        self.room_id = room_id
        self.key = key
        self._signing = (Ed25519PrivateKey.from_private_bytes(signing) if signing is not None
                         else new_signing_key())
        self.me = replace(me, sign=public_key(self._signing))
        self.members = members
        self.host = members[0]
        self.peer_device = members[1] if me.device == members[0] else members[0]
        self.is_host = me.device == self.host
        if self.is_host and table is None:
            raise ValueError("the host brings the table")
        self.table = table
        self.far_seats = far_seats
        self.peer: Hello | None = None
        self.peer_here = False
        self.mismatch: str | None = None
        self._sealer = Sealer(key)
        self._names = {device: pseudonym(key, device) for device in members}
        self._secret = os.urandom(32)
        self._deals: dict[str, _Deal] = {me.device: _Deal(self._commit_of(me.device, self._secret))}
        self.genesis: Genesis | None = None
        self.log: MoveLog | None = None
        self._pending: dict[int, Entry] = {}
        self._start: str | None = None  # a start that came before the deal was complete
        self.peer_have = 0
        self.closed = False
        #: True once a parent ended the game unfinished, here or on the far computer (:meth:`end`).
        self.ended = False
        self._end_said = 0  # the far computer's newest connection told of an end made here (0: none)
        self._ready_sent = False
        self._outbox: list[Publish] = []
        self.epoch = 0  # this computer's connection (:meth:`connecting`)
        self._count = 0
        self._announced = 0  # the epoch connected() last spoke in (0: none yet)
        self.peer_seen = (0, 0)  # the newest (epoch, counter) the far computer sent
        # in the far computer's present connection: the ranges (its count, our length) it was sent, and
        # (-1, our length) where we asked it for more
        self._answered: set[tuple[int, int]] = set()

    # ----- topics and sealing ------------------------------------------------------------------
    @property
    def base(self) -> str:
        """The room's topic tree (its channel)."""
        return channel_base(self.room_id)

    @property
    def client_id(self) -> str:
        """This computer's MQTT client id in this room: the same on every connection (so a new connection
        takes the old one's place and its last will is dropped), another in every room, naming nobody."""
        return "d" + derive(self.key, "client id|" + self.me.device, 11).hex()

    def _topic(self, *parts: object) -> str:
        return "/".join([self.base, *(str(p) for p in parts)])

    def _mine(self, kind: str) -> str:
        return self._topic(kind, self._names[self.me.device])

    def _publish(self, topic: str, message: Message) -> Publish:
        return Publish(topic, self._sealer.seal(topic, message.to_bytes()), False)

    def _stamp(self, last: bool = False) -> tuple[int, int]:
        """This connection's epoch and the next count (or :data:`LAST`)."""
        if not last:
            self._count += 1
        return self.epoch, LAST if last else self._count

    def _commit_of(self, device: str, secret: bytes) -> str:
        text = b"|".join((b"doolhof deal promise", self.room_id.encode(), device.encode(), secret))
        return hashlib.sha256(text).hexdigest()

    # ----- what to send -----------------------------------------------------------------------
    def connecting(self, now: float | None = None) -> Publish:
        """A new connection begins: a new epoch (later than every earlier one), and its last will."""
        now = time.time() if now is None else now
        self.epoch = max(self.epoch + 1, int(now * 1_000_000))
        return self.will()

    def connected(self) -> list[Publish]:
        """Everything to publish once connected: hello, here, what the far computer may miss, and ``have``."""
        if self.closed:
            return []
        if self._announced == self.epoch:
            self.connecting()
        self._announced = self.epoch
        return self._announce()

    def _announce(self) -> list[Publish]:
        out = [self._publish(self._mine("hello"), RoomHello(self.me, *self._stamp())),
               self._publish(self._mine("here"), RoomHere(True, *self._stamp()))]
        if self.is_host and self.table is not None:
            out.append(self._publish(self._topic("setup"), Setup(self.table, self.far_seats)))
        out.append(self._deal_publish())
        if self.is_host and self.genesis is not None:
            out.append(self._publish(self._topic("start"), Start(self.genesis.digest)))
        out.append(self._have())
        return out

    def will(self) -> Publish:
        """The last will of this connection: "away", published by the relay when this computer drops.
        It carries the connection's epoch, so it never counts after a newer connection's "here"."""
        return self._publish(self._mine("here"), RoomHere(False, *self._stamp(last=True)))

    def away(self) -> Publish:
        """Said when this computer leaves on purpose (the game waits)."""
        return self.will()

    def end(self) -> tuple[list[Publish], list[RoomEvent]]:
        """A parent ends the game unfinished: the far computer is told (``end``, not kept on the relay: heard now
        if it is in the room, and said again to each new connection of it while this room still listens)."""
        if self.ended:
            return [], []
        self.ended = self.closed = True
        self._end_said = -1
        return [self._end_message()], [Ended(True)]

    def _end_message(self) -> Publish:
        return self._publish(self._topic("end"), End(self.me.device))

    def _end_again(self, topic: str, payload: bytes) -> list[Publish]:
        """After an end made here: the far computer's hello or here from a connection not told yet is answered
        with the end again (a replay of an older one is not)."""
        name = self._names[self.peer_device]
        if topic not in (self._topic("hello", name), self._topic("here", name)):
            return []
        try:
            data = wire.loads(self._sealer.open(topic, payload))
            message = (RoomHello if topic == self._topic("hello", name) else RoomHere).from_wire(data)
        except Refused:
            return []
        if message.epoch is None:
            return []
        epoch = message.epoch
        if epoch <= max(self._end_said, self.peer_seen[0]):
            return []
        self._end_said = epoch
        return [self._end_message()]

    def _deal_publish(self) -> Publish:
        mine = self._deals[self.me.device]
        return self._publish(self._mine("deal"), Deal(mine.commit, mine.reveal))

    def _entry_publish(self, entry: Entry) -> Publish:
        return self._publish(self._topic("log", f"{entry.seq:06d}"), EntryMessage(entry))

    def _have(self) -> Publish:
        return self._publish(self._mine("have"), Have(len(self.log) if self.log else 0, *self._stamp()))

    # ----- the host starts, a computer plays ---------------------------------------------------
    @property
    def ready(self) -> bool:
        """True when the host may start: the far computer is in, same rules, both deal halves known."""
        return (self.peer is not None and self.mismatch is None and self.table is not None
                and all(d.reveal is not None for d in self._deals.values()) and len(self._deals) == 2)

    def begin(self) -> tuple[list[Publish], list[RoomEvent]]:
        """The host's parent starts the game; raises ValueError when the room is not :attr:`ready`."""
        if not self.is_host or not self.ready:
            raise ValueError("only the host starts, once the far computer is in and the deal is made")
        if self.genesis is not None:
            return [], []
        self.genesis = self._genesis()
        out = [self._publish(self._topic("start"), Start(self.genesis.digest))]
        return out, self._start_log()

    def _genesis(self) -> Genesis:
        assert self.table is not None and self.peer is not None
        halves = [self._deals[d].reveal for d in self.members]
        assert all(h is not None for h in halves)
        seed = hashlib.sha256(b"doolhof deal|" + self.room_id.encode() + b"|" + b"|".join(h or b"" for h in halves))
        owners = tuple(self.members[1] if s in self.far_seats else self.host for s in range(len(self.table.seats)))
        keys = {self.me.device: str(self.me.sign), self.peer_device: str(self.peer.sign)}
        return Genesis(self.table, owners, int.from_bytes(seed.digest()[:8], "big"), self.room_id,
                       tuple(keys[o] for o in owners))

    def _start_log(self) -> list[RoomEvent]:
        assert self.genesis is not None
        self.log = MoveLog(self.genesis)
        events: list[RoomEvent] = [Started(self.log.game.copy())]
        events += self._drain_pending()
        if self.peer_have > len(self.log):
            self._outbox.append(self._have())  # the far computer has more than came before the start
        return events

    def my_turn(self) -> bool:
        """True when the seat to move is played from this computer."""
        return (self.log is not None and not self.log.game.is_over()
                and self.log.genesis.owners[self.log.game.current_player] == self.me.device)

    def play(self, move: Move) -> tuple[list[Publish], list[RoomEvent]]:
        """This computer plays *move* for the seat to move; raises :class:`Refused` (and changes nothing)."""
        if self.log is None or self.closed:
            raise Refused("closed")
        done = self.log.author(self._signing, move)
        entry = done.entry
        events: list[RoomEvent] = [MoveMade(entry.seq, entry.seat, move, True, done.events)]
        out = [self._entry_publish(entry)]
        if self.log.game.is_over():
            events.append(Finished(self.log.game.outcome()))
            out.append(self._have())
        return out, events

    @property
    def game(self) -> AnyGame | None:
        """The checked game (read only; None before the start)."""
        return self.log.game if self.log is not None else None

    # ----- what comes in ----------------------------------------------------------------------
    def receive(self, topic: str, payload: bytes) -> tuple[list[Publish], list[RoomEvent]]:
        """Handle one message from the relay: what to publish in reply, and what happened.

        A refused message changes nothing and gives one :class:`Refusal`; an empty one, one already
        known and anything after the game was ended give nothing.
        """
        if self.ended and self._end_said and payload:
            return self._end_again(topic, payload), []
        if not payload or self.ended or not topic.startswith(self.base + "/"):
            return [], []
        try:
            out, events = self._receive(topic[len(self.base) + 1:].split("/"), topic, payload)
        except Refused as refused:
            log.info("room message refused: %s", refused.reason + (f" ({refused.detail})" if refused.detail else ""))
            out, events = [], [Refusal(refused.reason, refused.detail)]
        out, self._outbox = out + self._outbox, []
        return out, events

    def _receive(self, parts: list[str], topic: str, payload: bytes) -> tuple[list[Publish], list[RoomEvent]]:
        data = wire.loads(self._sealer.open(topic, payload))
        kind = kind_of(data)
        if len(parts) == 2 and parts[0] in ("hello", "here", "deal", "have"):
            name = parts[1]
            if kind == "hello" == parts[0] and name == self.peer_device:
                return self._on_old_hello(RoomHello.from_wire(data))
            if name not in self._names.values():
                raise Refused("sender", "not in the room")
            if kind != parts[0]:
                raise Refused("malformed", "type")
            if name == self._names[self.me.device]:
                return [], []  # our own message coming back
            message = ROOM_KINDS[kind].from_wire(data)
            if isinstance(message, Deal):
                return self._on_deal(message)
            if isinstance(message, RoomHello) and message.hello.rules != self.me.rules:
                return self._on_hello(message)  # another version: said, whatever else it sends
            assert isinstance(message, (RoomHello, RoomHere, Have))
            out = self._on_fresh(message)
            if isinstance(message, RoomHello):
                more, events = self._on_hello(message)
            elif isinstance(message, RoomHere):
                more, events = self._on_here(message)
            else:
                more, events = self._on_have(message)
            return out + more, events
        if parts in (["setup"], ["start"]) and kind == parts[0]:
            if self.is_host:
                return [], []  # the host's own message coming back
            return self._on_setup(Setup.from_wire(data)) if kind == "setup" else self._on_start(Start.from_wire(data))
        if len(parts) == 2 and parts[0] == "log" and kind == "entry":
            return self._on_entry(EntryMessage.from_wire(data).entry, parts[1])
        if parts == ["end"] and kind == "end":
            return self._on_end(End.from_wire(data))
        raise Refused("malformed", "topic")

    def _on_fresh(self, message: RoomHello | RoomHere | Have) -> list[Publish]:
        """Refuse a replay; when the far computer speaks from a new connection, tell it all it may miss."""
        if message.epoch is None or message.count is None:
            raise Refused("malformed", "field e")
        epoch, count = message.epoch, message.count
        if (epoch, count) <= self.peer_seen:
            raise Refused("replayed", f"connection {epoch % 10_000}")
        new = epoch > self.peer_seen[0]
        self.peer_seen = (epoch, count)
        if not new:
            return []
        self._answered.clear()
        return [] if self.closed else self._announce()

    def _on_end(self, message: End) -> tuple[list[Publish], list[RoomEvent]]:
        device = message.device
        if device not in self.members:
            raise Refused("sender", "end")
        if device == self.me.device or self.ended:
            return [], []  # our own end coming back, or heard twice
        self.ended = self.closed = True
        return [], [Ended(False)]

    def _on_old_hello(self, message: RoomHello) -> tuple[list[Publish], list[RoomEvent]]:
        """A hello on the far computer's device id: an older Doolhof (before per-room names). Only its
        version counts: the parent hears that the two computers need the same version."""
        peer = message.hello
        if peer.rules == self.me.rules or peer.device != self.peer_device:
            raise Refused("sender", "hello")
        return self._on_hello(message)

    def _on_hello(self, message: RoomHello) -> tuple[list[Publish], list[RoomEvent]]:
        peer = message.hello
        if peer.device != self.peer_device:
            raise Refused("sender", "hello")
        if peer.rules != self.me.rules:
            self.peer = peer
            if self.mismatch is None:
                self.mismatch = peer.rules
                return [], [VersionMismatch(peer.rules)]
            return [], []
        if peer.sign is None:
            raise Refused("malformed", "hello without a key")
        if self.peer is not None and self.peer.sign != peer.sign and self._deals_known():
            raise Refused("sender", "another key")  # a computer keeps its room key: the deal was made with it
        first = self.peer is None
        self.peer = peer
        events: list[RoomEvent] = [PeerJoined(peer)] if first else []
        if not self.peer_here:
            self.peer_here = True
            events.append(PeerPresence(True))
        return [], events + self._maybe_ready()

    def _deals_known(self) -> bool:
        return self.genesis is not None or self._ready_sent

    def _on_here(self, message: RoomHere) -> tuple[list[Publish], list[RoomEvent]]:
        if message.here == self.peer_here:
            return [], []
        self.peer_here = message.here
        return [], [PeerPresence(message.here)]

    def _on_setup(self, message: Setup) -> tuple[list[Publish], list[RoomEvent]]:
        if self.genesis is not None:
            return [], []
        self.table, self.far_seats = message.table, message.far_seats
        return [], self._maybe_ready()

    def _on_deal(self, message: Deal) -> tuple[list[Publish], list[RoomEvent]]:
        commit = message.commit
        known = self._deals.get(self.peer_device)
        if known is not None and known.commit != commit:
            raise Refused("deal", "a second promise")
        deal = known or _Deal(commit)
        if message.reveal is not None and deal.reveal is None:
            if not hmac.compare_digest(self._commit_of(self.peer_device, message.reveal), commit):
                raise Refused("deal", "half does not match its promise")
            deal.reveal = message.reveal
        self._deals[self.peer_device] = deal
        out: list[Publish] = []
        mine = self._deals[self.me.device]
        if mine.reveal is None:  # only now, with their promise in hand, is ours revealed
            mine.reveal = self._secret
            out.append(self._deal_publish())
        return out, self._maybe_ready()

    def _maybe_ready(self) -> list[RoomEvent]:
        if not self.ready:
            return []
        events: list[RoomEvent] = []
        if not self._ready_sent:
            self._ready_sent = True
            events.append(Ready(self._genesis().owners))
        if self._start is not None and self.genesis is None:
            events += self._start_with(self._start)
        return events

    def _on_start(self, message: Start) -> tuple[list[Publish], list[RoomEvent]]:
        digest = message.genesis
        if self.genesis is not None:
            return [], []
        if not self.ready:
            self._start = digest[:64]  # it counts once the deal is complete (the host says it all again)
            return [], []
        return [], self._start_with(digest)

    def _start_with(self, digest: str) -> list[RoomEvent]:
        self._start = None
        genesis = self._genesis()
        if digest != genesis.digest:
            raise Refused("state", "genesis")
        self.genesis = genesis
        return self._start_log()

    def _on_entry(self, entry: Entry, seq_text: str) -> tuple[list[Publish], list[RoomEvent]]:
        if not seq_text.isdigit() or entry.seq != int(seq_text):
            raise Refused("malformed", "entry")
        if self.log is None or entry.seq > len(self.log) + 1:
            if len(self._pending) >= MAX_PENDING or entry.seq > MAX_ENTRIES:
                raise Refused("sequence", "too far ahead")
            asked = not self._pending
            self._pending[entry.seq] = entry
            return ([self._have()] if asked and self.log is not None else []), []
        return [], self._accept(entry)

    def _accept(self, entry: Entry) -> list[RoomEvent]:
        assert self.log is not None
        done = self.log.accept(entry)
        if done is None:
            return []
        if self.log.game.is_over():
            self._outbox.append(self._have())  # the far side learns we have it all: then the room closes
        events: list[RoomEvent] = []
        if done.rebuilt:
            events.append(Desync(True))
        seat = entry.seat
        events.append(MoveMade(entry.seq, seat, entry.move,
                               self.log.genesis.owners[seat] == self.me.device, done.events))
        if self.log.game.is_over():
            events.append(Finished(self.log.game.outcome()))
        return events + self._drain_pending()

    def _drain_pending(self) -> list[RoomEvent]:
        events: list[RoomEvent] = []
        while self.log is not None and self._pending:
            for seq in [s for s in self._pending if s <= len(self.log)]:
                entry = self._pending.pop(seq)
                try:
                    self.log.accept(entry)
                except Refused as refused:
                    events.append(Refusal(refused.reason, refused.detail))
            nxt = self._pending.pop(len(self.log) + 1, None)
            if nxt is None:
                break
            try:
                events += self._accept(nxt)
            except Refused as refused:
                events.append(Refusal(refused.reason, refused.detail))
        return events

    def _on_have(self, message: Have) -> tuple[list[Publish], list[RoomEvent]]:
        n = message.n
        self.peer_have = max(self.peer_have, n)
        if self.log is None:
            return [], []
        out: list[Publish] = []
        if n < len(self.log) and (n, len(self.log)) not in self._answered:
            self._answered.add((n, len(self.log)))  # once per connection and range: a flood of asks costs nothing
            out = [self._entry_publish(entry) for entry in self.log.entries[n:n + CHUNK]]
            if n + CHUNK < len(self.log):
                out.append(self._have())  # there is more: they ask again once they have this part
        elif n > len(self.log) and (-1, len(self.log)) not in self._answered:
            self._answered.add((-1, len(self.log)))  # they have more: ask, once for each length of ours
            out.append(self._have())
        if self.log.game.is_over() and n >= len(self.log) and not self.closed:
            self.closed = True
            return out, [Closed()]
        return out, []

    def finished_and_known(self) -> bool:
        """True once the game is over and the far computer has said it has every entry."""
        return self.log is not None and self.log.game.is_over() and self.peer_have >= len(self.log)

    # ----- keeping a room for a waiting game --------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything to continue this room later (the keys included: the file stays on this computer)."""
        return {
            "format": "doolhof.room", "version": 2, "room": self.room_id, "key": wire.b64(self.key),
            "me": self.me.to_wire(), "members": list(self.members),
            "signing": wire.b64(self._signing.private_bytes_raw()),
            "table": self.table.to_dict() if self.table is not None else None, "far": sorted(self.far_seats),
            "peer": self.peer.to_wire() if self.peer is not None else None, "secret": self._secret.hex(),
            "deals": {d: {"commit": v.commit, "reveal": v.reveal.hex() if v.reveal else None}
                      for d, v in self._deals.items()},
            "started": self.genesis is not None,
            "entries": [entry.to_wire() for entry in self.log.entries] if self.log is not None else [],
            "closed": self.closed, "ended": self.ended, "epoch": self.epoch, "peer_seen": list(self.peer_seen),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Room:
        """Bring back a room written by :meth:`to_dict`; raises :class:`Refused` when it is damaged
        (``version`` when an older Doolhof wrote it: its far computer speaks another protocol, and its log was
        made under other rules: the genesis names its rules version)."""
        if isinstance(data, dict) and (data.get("version") != 2 or (
                isinstance(data.get("me"), dict) and data["me"].get("rules") != RULES)):
            raise Refused("version")
        try:
            members = data["members"]
            me = Hello.from_wire(data["me"])
            table = TableSetup.from_dict(data["table"]) if data.get("table") is not None else None
            room = cls(str(data["room"]), wire.unb64(data["key"], KEY_BYTES), me, (members[0], members[1]),
                       table=table, far_seats=frozenset(int(s) for s in data.get("far", ())),
                       signing=wire.unb64(data["signing"], 32))
            room.peer = Hello.from_wire(data["peer"]) if data.get("peer") is not None else None
            room._secret = bytes.fromhex(data["secret"])
            room._deals = {str(d): _Deal(str(v["commit"]), bytes.fromhex(v["reveal"]) if v.get("reveal") else None)
                           for d, v in data["deals"].items()}
            room.closed = bool(data.get("closed"))
            room.ended = bool(data.get("ended"))
            room._ready_sent = room.ready
            room.epoch = room._announced = int(data.get("epoch", 0))  # spoken in before: the next is newer
            seen = data.get("peer_seen", (0, 0))
            room.peer_seen = (int(seen[0]), int(seen[1]))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise Refused("malformed", "kept room") from None
        if data.get("started"):
            room.genesis = room._genesis()
            room.log = MoveLog(room.genesis, _entries(data.get("entries")))
        return room


def _entries(value: object) -> Sequence[Entry]:
    if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
        raise Refused("malformed", "kept entries")
    return [Entry.from_wire(e) for e in value]




def started_here(table: TableSetup, far_seats: frozenset[int], room_id: str = "pictureroom0001") -> tuple[Room, Room]:
    """The host's and the far computer's room of one started game, their messages handed over in memory
    (no relay: for pictures of the screens and for tools); the host plays *table*, the far side *far_seats*."""
    from .seal import new_key

    members = (new_device_id(), new_device_id())
    key = new_key()
    rooms = (Room(room_id, key, hello(members[0], 0), members, table=table, far_seats=far_seats),
             Room(room_id, key, hello(members[1], min(far_seats, default=1)), members))
    for n, room in enumerate(rooms):  # fixed deal halves: the same deal (and picture) every time
        device = room.me.device
        room._secret = hashlib.sha256(b"picture deal half|%d" % n).digest()
        room._deals = {device: _Deal(room._commit_of(device, room._secret))}
    todo = [m for room in rooms for m in room.connected()]
    for _ in range(10_000):  # a handful of rounds in fact; bounded all the same
        if not todo:
            break
        message = todo.pop(0)
        for room in rooms:
            todo.extend(room.receive(message.topic, message.payload)[0])
        if not todo and rooms[0].ready and rooms[0].genesis is None:
            todo = rooms[0].begin()[0]
    if rooms[1].game is None:
        raise RuntimeError("the two rooms did not start")
    return rooms


__all__ = [
    "CHUNK", "FIGURES", "LAST", "RETAIN_SECONDS", "Closed", "Desync", "Ended", "Finished", "MoveMade", "PeerJoined",
    "PeerPresence",
    "Publish", "Ready", "Refusal", "Room", "RoomEvent", "Started", "VersionMismatch", "hello",
    "started_here",
    "new_device_id", "new_room_id", "pseudonym",
]
