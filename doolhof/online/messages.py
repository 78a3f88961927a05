"""Every message two computers send each other: one frozen dataclass per kind, read and written in one place.

Each message class says where it travels (:attr:`Message.CHANNEL`, :attr:`Message.TOPIC` below the
channel's tree ``doolhof/c/<channel>/``), whether it is sealed, its type tag ``t`` (:attr:`Message.KIND`,
for the sealed channels) and its fields on the wire (:attr:`Message.FIELDS`, an optional one ending in
``?``). :meth:`Message.to_wire` gives the JSON object the wire carries (:func:`~doolhof.online.wire.dumps`
writes it canonically: :meth:`Message.to_bytes`) and :meth:`Message.from_wire` reads one back, raising
:class:`~doolhof.online.errors.Refused` (``malformed``) for anything that is not well formed, so a handler
only ever sees a checked message. Three values travel inside messages: :class:`Hello` (a computer),
:class:`Welcome` (into a room) and :class:`Entry` (of the move log).

docs/online.md ("The messages") has a table per channel; tests/online/test_messages_doc.py holds it
against these classes, and tests/online/test_messages.py holds their bytes to those of the code before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, TypeVar

from doolhof.session.seats import TableSetup

from . import wire
from .errors import Refused
from .moves import Move
from .seal import KEY_BYTES

#: The figures a computer can show itself as (the maze's four and the card game's six colours).
FIGURES: Final = 6
#: The longest log a room keeps: far beyond a game (a card game ends within 46 turns, a maze game
#: within a few hundred actions); a longer one is refused rather than kept.
MAX_ENTRIES: Final = 5000
#: Bytes of a SPAKE2 message (a side byte and a curve point), of a look's nonce.
PAKE_BYTES: Final = 33
NONCE_BYTES: Final = 12
#: The channels (docs/online.md has a table of each).
ROOM: Final = "room"
MEETING: Final = "meeting place"
REMEMBERED: Final = "remembered computers"

_M = TypeVar("_M", bound="Message")
_V = TypeVar("_V", bound="_Value")


# ----- reading a JSON object field by field ---------------------------------------------------------------
def _object(data: object, what: str) -> dict[str, object]:
    if not isinstance(data, dict):
        raise Refused("malformed", what)
    return data


def _int(data: dict[str, object], name: str) -> int:
    value: int = wire.field(data, name, int)
    return value


def _str(data: dict[str, object], name: str) -> str:
    value: str = wire.field(data, name, str)
    return value


def _bool(data: dict[str, object], name: str) -> bool:
    value: bool = wire.field(data, name, bool)
    return value


def _tagged(data: object, kind: str) -> dict[str, object]:
    """*data* as an object whose type tag ``t`` is *kind*."""
    obj = _object(data, kind)
    if obj.get("t") != kind:
        raise Refused("malformed", "type")
    return obj


def kind_of(data: dict[str, object]) -> str:
    """The type tag ``t`` of a sealed channel's message (``""`` when it has none)."""
    kind = data.get("t")
    return kind if isinstance(kind, str) else ""


class _Value:
    """What every message and value has: its JSON form and back (see the module text)."""

    #: The fields on the wire, in the order the docs list them; an optional one ends in ``?``.
    FIELDS: ClassVar[tuple[str, ...]]

    def to_wire(self) -> dict[str, object]:
        """The JSON object the wire carries."""
        raise NotImplementedError

    @classmethod
    def from_wire(cls: type[_V], data: object) -> _V:
        """Read :meth:`to_wire`'s object; raises :class:`Refused` (``malformed``) when it is not well formed."""
        raise NotImplementedError


class Message(_Value):
    """A message on a topic of a channel (see the module text)."""

    #: The channel it travels on: :data:`ROOM`, :data:`MEETING` or :data:`REMEMBERED`.
    CHANNEL: ClassVar[str]
    #: Its topic below the channel's tree (``<name>``: the sender's pseudonym, ``<seq>``: six digits ...).
    TOPIC: ClassVar[str]
    #: Its type tag ``t`` (None: the meeting place's messages, whose topic says what they are).
    KIND: ClassVar[str | None] = None
    #: True when sealed (with the room key, the pairing's new key or the two computers' own).
    SEALED: ClassVar[bool] = True

    def to_bytes(self) -> bytes:
        """:meth:`to_wire` as canonical JSON (what is sealed, or sent as it is)."""
        return wire.dumps(self.to_wire())

    @classmethod
    def from_bytes(cls: type[_M], raw: bytes) -> _M:
        """Read :meth:`to_bytes`; raises :class:`Refused` (``oversized``, ``malformed``)."""
        return cls.from_wire(wire.loads(raw))


# ----- values inside messages -------------------------------------------------------------------------
@dataclass(frozen=True)
class Hello(_Value):
    """A computer: its random device id, its figure, its rules and app versions, and (in a room) the public
    half of its signing key for that room (:func:`~doolhof.online.log.public_key`). It names nobody."""

    FIELDS: ClassVar[tuple[str, ...]] = ("device", "figure", "rules", "app?", "sign?")

    device: str
    figure: int
    rules: str
    app: str
    sign: str | None = None

    def to_wire(self) -> dict[str, object]:
        """The JSON object (``sign`` only when there is one)."""
        data: dict[str, object] = {"device": self.device, "figure": self.figure, "rules": self.rules,
                                   "app": self.app}
        if self.sign is not None:
            data["sign"] = self.sign
        return data

    @classmethod
    def from_wire(cls, data: object) -> Hello:
        """A well-formed hello (its rules cut to 40 characters; its app, only ever shown, read as text of up to
        20, whatever it is); raises :class:`Refused`."""
        obj = _object(data, "hello")
        device, figure = _str(obj, "device"), _int(obj, "figure")
        if not 0 < len(device) <= 32 or not device.isalnum() or not 0 <= figure < FIGURES:
            raise Refused("malformed", "hello")
        rules = _str(obj, "rules")
        sign = obj.get("sign")
        if sign is not None:
            wire.unb64(sign, 32)  # base64 text of 32 bytes, or refused
        return cls(device, figure, rules[:40], str(obj.get("app"))[:20], sign if isinstance(sign, str) else None)


@dataclass(frozen=True)
class Welcome(_Value):
    """Into a new room: its id, its key, and the device id of its host (the one who welcomes)."""

    FIELDS: ClassVar[tuple[str, ...]] = ("room", "key", "host")

    room: str
    key: bytes
    host: str

    def to_wire(self) -> dict[str, object]:
        """The JSON object (the key as base64)."""
        return {"room": self.room, "key": wire.b64(self.key), "host": self.host}

    @classmethod
    def from_wire(cls, data: object) -> Welcome:
        """A well-formed welcome; raises :class:`Refused`."""
        obj = _object(data, "welcome")
        return cls(_str(obj, "room"), wire.unb64(obj.get("key"), KEY_BYTES), _str(obj, "host"))


@dataclass(frozen=True)
class Entry(_Value):
    """One entry of a room's move log (:mod:`doolhof.online.log`): its sequence number, the seat that moved,
    the move (a JSON list, :mod:`doolhof.online.moves`), the digest of the entry before it, the digest of the
    game after it, and its signature by the seat's computer (``""`` before it is signed)."""

    FIELDS: ClassVar[tuple[str, ...]] = ("seq", "seat", "move", "prev", "state", "sig")

    seq: int
    seat: int
    move: Move
    prev: str
    state: str
    sig: str = ""

    def unsigned(self) -> dict[str, object]:
        """The JSON object the signature covers (everything but ``sig``)."""
        return {"seq": self.seq, "seat": self.seat, "move": self.move, "prev": self.prev, "state": self.state}

    def to_wire(self) -> dict[str, object]:
        """The JSON object (what the next entry's ``prev`` is the digest of)."""
        return {**self.unsigned(), "sig": self.sig}

    @property
    def digest(self) -> str:
        """The digest the next entry's ``prev`` names."""
        return wire.digest(self.to_wire())

    @classmethod
    def from_wire(cls, data: object) -> Entry:
        """A well-formed entry (exactly its six fields); raises :class:`Refused`. Whether it is the next one,
        signed by its seat and legal is for the log to check."""
        obj = _object(data, "entry")
        if set(obj) != {"seq", "seat", "move", "prev", "state", "sig"}:
            raise Refused("malformed", "entry")
        move: Move = wire.field(obj, "move", list)
        return cls(_int(obj, "seq"), _int(obj, "seat"), move, _str(obj, "prev"), _str(obj, "state"),
                   _str(obj, "sig"))


# ----- a room's channel (sealed with the room key) ------------------------------------------------------
def _stamp(obj: dict[str, object]) -> tuple[int, int]:
    return _int(obj, "e"), _int(obj, "c")


@dataclass(frozen=True)
class RoomHello(Message):
    """A computer in the room says who it is, in its connection *epoch*, message *count* (none from a Doolhof
    before rooms had per-room names: only its rules then count)."""

    CHANNEL: ClassVar[str] = ROOM
    TOPIC: ClassVar[str] = "hello/<name>"
    KIND: ClassVar[str | None] = "hello"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", *Hello.FIELDS, "e?", "c?")

    hello: Hello
    epoch: int | None = None
    count: int | None = None

    def to_wire(self) -> dict[str, object]:
        """The JSON object: the hello's fields, with the epoch and count when there are."""
        data: dict[str, object] = {"t": "hello", **self.hello.to_wire()}
        if self.epoch is not None and self.count is not None:
            data.update(e=self.epoch, c=self.count)
        return data

    @classmethod
    def from_wire(cls, data: object) -> RoomHello:
        """A well-formed room hello (epoch and count both or neither); raises :class:`Refused`."""
        obj = _tagged(data, "hello")
        hello = Hello.from_wire(obj)
        if "e" not in obj and "c" not in obj:
            return cls(hello)
        return cls(hello, *_stamp(obj))


@dataclass(frozen=True)
class RoomHere(Message):
    """A computer is connected (*here*) or away (its last will, or leaving on purpose, with the last count)."""

    CHANNEL: ClassVar[str] = ROOM
    TOPIC: ClassVar[str] = "here/<name>"
    KIND: ClassVar[str | None] = "here"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "here", "e", "c")

    here: bool
    epoch: int
    count: int

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return {"t": "here", "here": self.here, "e": self.epoch, "c": self.count}

    @classmethod
    def from_wire(cls, data: object) -> RoomHere:
        """A well-formed here; raises :class:`Refused`."""
        obj = _tagged(data, "here")
        return cls(_bool(obj, "here"), *_stamp(obj))


@dataclass(frozen=True)
class Setup(Message):
    """The host's table, and the seats the far computer plays."""

    CHANNEL: ClassVar[str] = ROOM
    TOPIC: ClassVar[str] = "setup"
    KIND: ClassVar[str | None] = "setup"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "table", "far")

    table: TableSetup
    far_seats: frozenset[int]

    def to_wire(self) -> dict[str, object]:
        """The JSON object (the far seats sorted)."""
        return {"t": "setup", "table": self.table.to_dict(), "far": sorted(self.far_seats)}

    @classmethod
    def from_wire(cls, data: object) -> Setup:
        """A well-formed setup: a table that can start a game, and at least one of its seats far away; raises
        :class:`Refused`."""
        obj = _tagged(data, "setup")
        try:
            table = TableSetup.from_dict(obj.get("table"))
        except ValueError:
            raise Refused("malformed", "setup") from None
        far = obj.get("far")
        if not isinstance(far, list):
            raise Refused("malformed", "field far")
        if not far or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(table.seats)
                              for s in far):
            raise Refused("malformed", "far seats")
        return cls(table, frozenset(far))


@dataclass(frozen=True)
class Deal(Message):
    """A computer's promise (*commit*, a SHA-256 digest) of its random half of the deal's seed, and the half
    (*reveal*, 32 bytes) once it has the other's promise."""

    CHANNEL: ClassVar[str] = ROOM
    TOPIC: ClassVar[str] = "deal/<name>"
    KIND: ClassVar[str | None] = "deal"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "commit", "reveal?")

    commit: str
    reveal: bytes | None = None

    def to_wire(self) -> dict[str, object]:
        """The JSON object (the half as hex, when revealed)."""
        data: dict[str, object] = {"t": "deal", "commit": self.commit}
        if self.reveal is not None:
            data["reveal"] = self.reveal.hex()
        return data

    @classmethod
    def from_wire(cls, data: object) -> Deal:
        """A well-formed deal (a half is 64 hex digits); raises :class:`Refused`."""
        obj = _tagged(data, "deal")
        commit, reveal = _str(obj, "commit"), obj.get("reveal")
        if reveal is None:
            return cls(commit)
        if not isinstance(reveal, str) or len(reveal) != 64:
            raise Refused("malformed", "deal half")
        try:
            return cls(commit, bytes.fromhex(reveal))
        except ValueError:
            raise Refused("malformed", "deal half") from None


@dataclass(frozen=True)
class Start(Message):
    """The host starts: the digest of the genesis both computed (:class:`~doolhof.online.log.Genesis`)."""

    CHANNEL: ClassVar[str] = ROOM
    TOPIC: ClassVar[str] = "start"
    KIND: ClassVar[str | None] = "start"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "genesis")

    genesis: str

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return {"t": "start", "genesis": self.genesis}

    @classmethod
    def from_wire(cls, data: object) -> Start:
        """A well-formed start; raises :class:`Refused`."""
        return cls(_str(_tagged(data, "start"), "genesis"))


@dataclass(frozen=True)
class EntryMessage(Message):
    """One entry of the move log, on the topic of its sequence number."""

    CHANNEL: ClassVar[str] = ROOM
    TOPIC: ClassVar[str] = "log/<seq>"
    KIND: ClassVar[str | None] = "entry"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "entry")

    entry: Entry

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return {"t": "entry", "entry": self.entry.to_wire()}

    @classmethod
    def from_wire(cls, data: object) -> EntryMessage:
        """A well-formed entry message; raises :class:`Refused`."""
        return cls(Entry.from_wire(_tagged(data, "entry").get("entry")))


@dataclass(frozen=True)
class Have(Message):
    """How many entries a computer holds (*n*): the other sends what it misses."""

    CHANNEL: ClassVar[str] = ROOM
    TOPIC: ClassVar[str] = "have/<name>"
    KIND: ClassVar[str | None] = "have"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "n", "e", "c")

    n: int
    epoch: int
    count: int

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return {"t": "have", "n": self.n, "e": self.epoch, "c": self.count}

    @classmethod
    def from_wire(cls, data: object) -> Have:
        """A well-formed have (0 to :data:`MAX_ENTRIES`); raises :class:`Refused`."""
        obj = _tagged(data, "have")
        n = _int(obj, "n")
        if not 0 <= n <= MAX_ENTRIES:
            raise Refused("malformed", "have")
        return cls(n, *_stamp(obj))


@dataclass(frozen=True)
class End(Message):
    """A parent ended the game unfinished on computer *device*: the other forgets the room too."""

    CHANNEL: ClassVar[str] = ROOM
    TOPIC: ClassVar[str] = "end"
    KIND: ClassVar[str | None] = "end"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "device")

    device: str

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return {"t": "end", "device": self.device}

    @classmethod
    def from_wire(cls, data: object) -> End:
        """A well-formed end; raises :class:`Refused`."""
        return cls(_str(_tagged(data, "end"), "device"))


# ----- a picture code's meeting place (plain, but for the result) ----------------------------------------
@dataclass(frozen=True)
class Look(Message):
    """Is a host here? (the joiner's, and the host's own on connecting, marked by a fresh *nonce*)"""

    CHANNEL: ClassVar[str] = MEETING
    TOPIC: ClassVar[str] = "look"
    SEALED: ClassVar[bool] = False
    FIELDS: ClassVar[tuple[str, ...]] = ("n",)

    nonce: bytes

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return {"n": wire.b64(self.nonce)}

    @classmethod
    def from_wire(cls, data: object) -> Look:
        """A well-formed look; raises :class:`Refused`."""
        return cls(wire.unb64(_object(data, "look").get("n"), NONCE_BYTES))


@dataclass(frozen=True)
class Offer(Message):
    """The host's SPAKE2 message (*pake*) and rules version, in answer to the look of nonce *to* (or ``b""``:
    sent on connecting)."""

    CHANNEL: ClassVar[str] = MEETING
    TOPIC: ClassVar[str] = "offer"
    SEALED: ClassVar[bool] = False
    FIELDS: ClassVar[tuple[str, ...]] = ("pake", "rules", "to")

    pake: bytes
    rules: str
    to: bytes = b""

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return {"pake": wire.b64(self.pake), "rules": self.rules, "to": wire.b64(self.to)}

    @classmethod
    def from_wire(cls, data: object) -> Offer:
        """A well-formed offer; raises :class:`Refused`."""
        obj = _object(data, "offer")
        pake = wire.unb64(obj.get("pake"), PAKE_BYTES)
        return cls(pake, _str(obj, "rules"), wire.unb64(obj.get("to")))


@dataclass(frozen=True)
class Join(Message):
    """The joiner's SPAKE2 message (*pake*), the digest of the offer it answers, and its :class:`Hello`
    sealed with the new key (*confirm*: only the right code opens it)."""

    CHANNEL: ClassVar[str] = MEETING
    TOPIC: ClassVar[str] = "join"
    SEALED: ClassVar[bool] = False
    FIELDS: ClassVar[tuple[str, ...]] = ("pake", "offer", "confirm")

    pake: bytes
    offer: str
    confirm: bytes

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return {"pake": wire.b64(self.pake), "offer": self.offer, "confirm": wire.b64(self.confirm)}

    @classmethod
    def from_wire(cls, data: object) -> Join:
        """A well-formed join; raises :class:`Refused`."""
        obj = _object(data, "join")
        pake = wire.unb64(obj.get("pake"), PAKE_BYTES)
        return cls(pake, _str(obj, "offer"), wire.unb64(obj.get("confirm")))


@dataclass(frozen=True)
class PairResult(Message):
    """The host's answer to the right code, sealed with the new key: the welcome into the new room, and
    the host's hello."""

    CHANNEL: ClassVar[str] = MEETING
    TOPIC: ClassVar[str] = "result"
    FIELDS: ClassVar[tuple[str, ...]] = ("ok", "welcome", "hello")

    welcome: Welcome
    hello: Hello

    def to_wire(self) -> dict[str, object]:
        """The JSON object (``ok`` is true)."""
        return {"ok": True, "welcome": self.welcome.to_wire(), "hello": self.hello.to_wire()}

    @classmethod
    def from_wire(cls, data: object) -> PairResult:
        """A well-formed result; raises :class:`Refused`."""
        obj = _object(data, "result")
        if obj.get("ok") is not True:
            raise Refused("malformed", "result")
        return cls(Welcome.from_wire(obj.get("welcome")), Hello.from_wire(obj.get("hello")))


@dataclass(frozen=True)
class PairRefused(Message):
    """The host's refusal of a joiner, sealed with the new key (*why*: ``"version"``, another rules version)."""

    CHANNEL: ClassVar[str] = MEETING
    TOPIC: ClassVar[str] = "result"
    FIELDS: ClassVar[tuple[str, ...]] = ("ok", "why")

    why: str

    def to_wire(self) -> dict[str, object]:
        """The JSON object (``ok`` is false)."""
        return {"ok": False, "why": self.why}

    @classmethod
    def from_wire(cls, data: object) -> PairRefused:
        """A well-formed refusal; raises :class:`Refused`."""
        obj = _object(data, "result")
        if obj.get("ok") is not False:
            raise Refused("malformed", "result")
        return cls(_str(obj, "why")[:40])


def read_result(data: object) -> PairResult | PairRefused:
    """The result a host sealed: a welcome or a refusal; raises :class:`Refused` when it is neither."""
    ok = _object(data, "result").get("ok")
    return PairResult.from_wire(data) if ok is True else PairRefused.from_wire(data)


# ----- two remembered computers' own channel (sealed with a key of their shared secret) -------------------
def _sender(obj: dict[str, object]) -> tuple[str, Hello]:
    """The nonce of the sending machine and the sender's hello, which every message of the channel carries."""
    return _str(obj, "n"), Hello.from_wire(obj.get("hello"))


def _rooms(obj: dict[str, object]) -> tuple[str, ...]:
    """The room ids of an ``ended`` or ``heard`` (a list; anything in it that cannot be a room id is left out)."""
    rooms = obj.get("rooms")
    if not isinstance(rooms, list):
        raise Refused("malformed", "field rooms")
    return tuple(r for r in rooms if isinstance(r, str) and 0 < len(r) <= 64)


class FriendMessage(Message):
    """What every message of two remembered computers' channel carries: the sending machine's nonce and hello."""

    CHANNEL: ClassVar[str] = REMEMBERED
    nonce: str
    hello: Hello

    def _wire(self, **fields: object) -> dict[str, object]:
        return {"t": self.KIND, "n": self.nonce, **fields, "hello": self.hello.to_wire()}


@dataclass(frozen=True)
class FriendHere(FriendMessage):
    """The listening computer is on the channel (its machine's nonce: an inviter's invitation names it)."""

    TOPIC: ClassVar[str] = "here"
    KIND: ClassVar[str | None] = "here"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "n", "hello")

    nonce: str
    hello: Hello

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return self._wire()

    @classmethod
    def from_wire(cls, data: object) -> FriendHere:
        """A well-formed here; raises :class:`Refused`."""
        return cls(*_sender(_tagged(data, "here")))


@dataclass(frozen=True)
class Knock(FriendMessage):
    """An inviter, or a computer with news of ended games, is on the channel: a listener answers with its here."""

    TOPIC: ClassVar[str] = "knock"
    KIND: ClassVar[str | None] = "knock"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "n", "hello")

    nonce: str
    hello: Hello

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return self._wire()

    @classmethod
    def from_wire(cls, data: object) -> Knock:
        """A well-formed knock; raises :class:`Refused`."""
        return cls(*_sender(_tagged(data, "knock")))


@dataclass(frozen=True)
class Invite(FriendMessage):
    """An invitation (*id*, fresh for each) into a new room (*welcome*) to play *game* (a variant name; ""
    unsaid), answering the here of nonce *to*."""

    TOPIC: ClassVar[str] = "invite"
    KIND: ClassVar[str | None] = "invite"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "n", "welcome", "to", "id", "game?", "hello")

    nonce: str
    welcome: Welcome
    to: str
    id: str
    hello: Hello
    game: str = ""

    def to_wire(self) -> dict[str, object]:
        """The JSON object (``game`` only when said)."""
        return self._wire(welcome=self.welcome.to_wire(), to=self.to, id=self.id,
                          **({"game": self.game} if self.game else {}))

    @classmethod
    def from_wire(cls, data: object) -> Invite:
        """A well-formed invitation (a game that is not text reads as unsaid); raises :class:`Refused`."""
        obj = _tagged(data, "invite")
        nonce, hello = _sender(obj)
        game = obj.get("game")
        return cls(nonce, Welcome.from_wire(obj.get("welcome")), _str(obj, "to"), _str(obj, "id"), hello,
                   game if isinstance(game, str) else "")


@dataclass(frozen=True)
class InviteAccept(FriendMessage):
    """The invitation *id* is taken: both move to their next channel."""

    TOPIC: ClassVar[str] = "accept"
    KIND: ClassVar[str | None] = "accept"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "n", "id", "hello")

    nonce: str
    id: str
    hello: Hello

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return self._wire(id=self.id)

    @classmethod
    def from_wire(cls, data: object) -> InviteAccept:
        """A well-formed accept; raises :class:`Refused`."""
        obj = _tagged(data, "accept")
        nonce, hello = _sender(obj)
        return cls(nonce, _str(obj, "id"), hello)


@dataclass(frozen=True)
class InviteDecline(FriendMessage):
    """"Not now" to the invitation *id* into *room*."""

    TOPIC: ClassVar[str] = "decline"
    KIND: ClassVar[str | None] = "decline"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "n", "id", "room", "hello")

    nonce: str
    id: str
    room: str
    hello: Hello

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return self._wire(id=self.id, room=self.room)

    @classmethod
    def from_wire(cls, data: object) -> InviteDecline:
        """A well-formed decline; raises :class:`Refused`."""
        obj = _tagged(data, "decline")
        nonce, hello = _sender(obj)
        return cls(nonce, _str(obj, "id"), _str(obj, "room"), hello)


@dataclass(frozen=True)
class InviteWithdraw(FriendMessage):
    """The inviter takes the invitation *id* back."""

    TOPIC: ClassVar[str] = "withdraw"
    KIND: ClassVar[str | None] = "withdraw"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "n", "id", "hello")

    nonce: str
    id: str
    hello: Hello

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return self._wire(id=self.id)

    @classmethod
    def from_wire(cls, data: object) -> InviteWithdraw:
        """A well-formed withdraw; raises :class:`Refused`."""
        obj = _tagged(data, "withdraw")
        nonce, hello = _sender(obj)
        return cls(nonce, _str(obj, "id"), hello)


_R = TypeVar("_R", bound="_RoomsNews")


@dataclass(frozen=True)
class _RoomsNews(FriendMessage):
    """News about the games of *rooms*, answering the machine of nonce *to* (``ended`` and its ``heard``)."""

    FIELDS: ClassVar[tuple[str, ...]] = ("t", "n", "to", "rooms", "hello")

    nonce: str
    to: str
    rooms: tuple[str, ...]
    hello: Hello

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return self._wire(to=self.to, rooms=list(self.rooms))

    @classmethod
    def from_wire(cls: type[_R], data: object) -> _R:
        """A well-formed message of this kind; raises :class:`Refused`."""
        assert cls.KIND is not None
        obj = _tagged(data, cls.KIND)
        nonce, hello = _sender(obj)
        return cls(nonce, _str(obj, "to"), _rooms(obj), hello)


@dataclass(frozen=True)
class EndedNews(_RoomsNews):
    """The games of *rooms* were ended on the sending computer: told to the machine of nonce *to*."""

    TOPIC: ClassVar[str] = "ended"
    KIND: ClassVar[str | None] = "ended"


@dataclass(frozen=True)
class OldEndedNews(FriendMessage):
    """The game of *room* was ended, said as the Doolhof before the ``ended``/``heard`` pair hears it (on a
    topic of its own for each room, named by the secret: ``end/<hash>``)."""

    TOPIC: ClassVar[str] = "end/<hash>"
    KIND: ClassVar[str | None] = "ended"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "n", "room", "hello")

    nonce: str
    room: str
    hello: Hello

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return self._wire(room=self.room)

    @classmethod
    def from_wire(cls, data: object) -> OldEndedNews:
        """A well-formed old ended; raises :class:`Refused`."""
        obj = _tagged(data, "ended")
        nonce, hello = _sender(obj)
        return cls(nonce, _str(obj, "room"), hello)


@dataclass(frozen=True)
class EndHeardNews(_RoomsNews):
    """The computer heard of the ended games of *rooms*, told by the machine of nonce *to*."""

    TOPIC: ClassVar[str] = "heard"
    KIND: ClassVar[str | None] = "heard"


@dataclass(frozen=True)
class Moved(FriendMessage):
    """On the two computers' previous channel: the sender is at channel *epoch* now (its accept was lost)."""

    TOPIC: ClassVar[str] = "moved"
    KIND: ClassVar[str | None] = "moved"
    FIELDS: ClassVar[tuple[str, ...]] = ("t", "n", "epoch", "hello")

    nonce: str
    epoch: int
    hello: Hello

    def to_wire(self) -> dict[str, object]:
        """The JSON object."""
        return self._wire(epoch=self.epoch)

    @classmethod
    def from_wire(cls, data: object) -> Moved:
        """A well-formed moved; raises :class:`Refused`."""
        obj = _tagged(data, "moved")
        nonce, hello = _sender(obj)
        return cls(nonce, _int(obj, "epoch"), hello)


#: Every kind of message, channel by channel (docs/online.md lists them in this order).
MESSAGES: Final[tuple[type[Message], ...]] = (
    RoomHello, RoomHere, Setup, Deal, Start, EntryMessage, Have, End,
    Look, Offer, Join, PairResult, PairRefused,
    FriendHere, Knock, Invite, InviteAccept, InviteDecline, InviteWithdraw, EndedNews, OldEndedNews, EndHeardNews,
    Moved,
)
#: The values inside messages.
VALUES: Final[tuple[type[_Value], ...]] = (Hello, Welcome, Entry)
#: The room's messages by their type tag.
ROOM_KINDS: Final[dict[str, type[Message]]] = {m.KIND: m for m in MESSAGES if m.CHANNEL == ROOM and m.KIND}

#: The remembered computers' messages by their type tag (on their own topics: the old ``end/<hash>`` is not read).
FRIEND_KINDS: Final[dict[str, type[Message]]] = {
    m.KIND: m for m in MESSAGES if m.CHANNEL == REMEMBERED and m.KIND and m is not OldEndedNews}

RoomMessage = RoomHello | RoomHere | Setup | Deal | Start | EntryMessage | Have | End


__all__ = [
    "FIGURES", "FRIEND_KINDS", "MAX_ENTRIES", "MEETING", "MESSAGES", "NONCE_BYTES", "PAKE_BYTES", "REMEMBERED", "ROOM",
    "ROOM_KINDS", "VALUES", "Deal", "End", "EndHeardNews", "EndedNews", "Entry", "EntryMessage", "FriendHere",
    "FriendMessage", "Have", "Hello", "Invite", "InviteAccept", "InviteDecline", "InviteWithdraw", "Join", "Knock",
    "Look", "Message", "Moved", "OldEndedNews",
    "Offer", "PairRefused", "PairResult", "RoomHello", "RoomHere", "RoomMessage", "Setup", "Start", "Welcome",
    "kind_of", "read_result",
]
