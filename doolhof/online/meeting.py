"""Two computers meeting before a room: a picture code (host and joiner) and a remembered computer's
invitation, each a pure state machine shaped like :class:`~doolhof.online.room.Room`.

A machine never touches the network or the clock: give it every (re)connect (:meth:`connected`),
every message from its channel (:meth:`receive`) and the time now and then (:meth:`tick`); each
returns what to publish and what happened (the events the screens read). :class:`~doolhof.online.client`
drives them over a relay (or, in tests, over an in-memory one). Each says where it stands in
:attr:`phase`, one of a named :class:`~enum.Enum`:

A picture code, from the host's tap to the joiner's lobby (:class:`HostCodeMachine`, :class:`JoinCodeMachine`)::

    host:   CONNECTING -> PROBING -> OFFERING -> SHOWN ----------------------> DONE (CodeDone: to the lobby)
                 (slot taken: FAILED "busy")   (code on screen; CodeReady)  ^
    joiner:                     CONNECTING -> LOOKING -> JOINED (join sent) |-> DONE (CodeDone: to the lobby)
                                     (no offer on the slot: FAILED "code")

``PROBING``: the host's probe goes round the relay; whatever is retained on the slot comes first, so
its coming back says whether the slot is free. ``OFFERING``: the SPAKE2 offer is sent; ``SHOWN`` once
it came back (it is on the relay: a joiner who looks now finds it). The joiner's ``LOOKING`` takes the
retained offer and answers with its ``join``; the host answers the first join with the ``result``
(the welcome into a new room, sealed with the new shared key) and both are ``DONE``. A wrong code,
another rules version, the code's minutes or the joiner's wait running out end in ``FAILED``.

An invitation (:class:`InvitationMachine`, both computers alike): ``LISTENING`` -> ``INVITING`` (this one
invited) -> ``ACCEPTED`` | ``DECLINED``; or ``LISTENING`` -> ``INVITED`` (the other invited; the card
shows) -> ``ACCEPTED`` (taken) or back to ``LISTENING`` (said "not now", or withdrawn); ``STOPPED``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import Enum
from typing import Any

from . import wire
from .errors import Refused
from .pairing import HostPairing, JoinPairing, Paired, PairingFailed, PictureCode, friend_secret, topic
from .room import check_hello
from .seal import KEY_BYTES, Sealer, derive
from .timeouts import CODE_SECONDS, JOIN_SECONDS
from .topics import Publish, channel_topic

log = logging.getLogger(__name__)


# ----- what the machines tell the screens ------------------------------------------------------------
@dataclass(frozen=True)
class CodeReady:
    """The host's code is on the relay: show *code* until *expires* (the clock the machine is given)."""

    code: PictureCode
    expires: float


@dataclass(frozen=True)
class CodeDone:
    """The code worked: *paired* says who joined; the room (:class:`~doolhof.online.client.OnlineRoom`) can open."""

    paired: Paired


@dataclass(frozen=True)
class CodeFailed:
    """The code did not work: *why* is ``"code"`` (wrong, used or expired), ``"expired"``, ``"busy"``,
    ``"version"`` or ``"relay"`` (not reachable)."""

    why: str


@dataclass(frozen=True)
class Invited:
    """A remembered computer invites this one into a room (*hello* says which)."""

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


@dataclass(frozen=True)
class RoomEnded:
    """The remembered computer ended a waiting game of the two (*room*, a room id): forget it here too."""

    room: str


MeetingEvent = CodeReady | CodeDone | CodeFailed | Invited | Withdrawn | Accepted | Declined | RoomEnded
#: What every step of a machine returns: the messages to publish and the events.
Step = tuple[list[Publish], list[MeetingEvent]]


def _welcome(room_id: str, room_key: bytes, host: str) -> dict[str, Any]:
    return {"room": room_id, "key": wire.b64(room_key), "host": host}


# ----- the host's picture code -----------------------------------------------------------------------
class HostPhase(Enum):
    """Where the host's code stands (see the module text)."""

    CONNECTING = "connecting"
    PROBING = "probing"
    OFFERING = "offering"
    SHOWN = "shown"
    DONE = "done"
    FAILED = "failed"


class HostCodeMachine:
    """The host's side of one picture code: probe the slot, offer, answer the first join with a welcome."""

    def __init__(self, code: PictureCode, me: dict[str, Any], room_id: str, room_key: bytes, probe: bytes,
                 now: float) -> None:
        """*me* is this computer's hello; the welcome invites the joiner into *room_id* (key *room_key*);
        *probe* is a random marker; the code lasts :data:`~doolhof.online.timeouts.CODE_SECONDS` from *now*."""
        self.code = code
        self.me = me
        self.room_id = room_id
        self.room_key = room_key
        self.expires = now + CODE_SECONDS
        self.phase = HostPhase.CONNECTING
        self._pairing = HostPairing(code, me)
        self._probe = probe
        self._busy = False
        self._offer = b""

    @property
    def finished(self) -> bool:
        """True once the code worked or failed."""
        return self.phase in (HostPhase.DONE, HostPhase.FAILED)

    def connected(self) -> Step:
        """A (re)connect: the first one sends the probe (anything retained on the slot arrives before it)."""
        if self.phase is not HostPhase.CONNECTING:
            return [], []
        self.phase = HostPhase.PROBING
        return [Publish(topic(self.code, "probe"), self._probe, False)], []

    def receive(self, name: str, payload: bytes) -> Step:
        """One message of the slot."""
        part = name.rsplit("/", 1)[-1]
        if self.phase is HostPhase.PROBING and part == "host" and payload:
            self._busy = True  # another host's live code uses this slot
        elif self.phase is HostPhase.PROBING and part == "probe" and payload == self._probe:
            if self._busy:
                return self._fail("busy")
            self.phase = HostPhase.OFFERING
            self._offer = self._pairing.offer()
            return [Publish(topic(self.code, "host"), self._offer, True)], []
        elif self.phase is HostPhase.OFFERING and part == "host" and payload == self._offer:
            # Our own offer came back: it is on the relay, so a joiner who subscribes now finds it.
            # (Saying ready when it was only sent let a quick joiner miss it and hear "wrong code".)
            self.phase = HostPhase.SHOWN
            return [], [CodeReady(self.code, self.expires)]
        elif self.phase in (HostPhase.OFFERING, HostPhase.SHOWN) and part == "join":
            return self._answer(payload)
        return [], []

    def tick(self, now: float) -> Step:
        """Time passing: the code's minutes run out."""
        if not self.finished and now > self.expires:
            return self._fail("expired")
        return [], []

    def withdraw(self) -> list[Publish]:
        """The screen stops the code: take a code still on offer off the relay (a late joiner hears "wrong
        code" at once, not silence)."""
        if self.finished:
            return []
        offered = self.phase in (HostPhase.OFFERING, HostPhase.SHOWN)
        self.phase = HostPhase.FAILED
        return [self._clear()] if offered else []

    def _clear(self) -> Publish:
        return Publish(topic(self.code, "host"), b"", True)

    def _fail(self, why: str, out: list[Publish] | None = None) -> Step:
        offered = self.phase in (HostPhase.OFFERING, HostPhase.SHOWN)
        self.phase = HostPhase.FAILED
        return (out or []) + ([self._clear()] if offered else []), [CodeFailed(why)]

    def _answer(self, payload: bytes) -> Step:
        welcome = _welcome(self.room_id, self.room_key, self.me["device"])
        try:
            result, paired = self._pairing.answer(payload, welcome)
        except (PairingFailed, Refused) as failed:
            why = failed.why if isinstance(failed, PairingFailed) else "code"
            log.info("a join with a wrong code (or another version) ended the code: %s", why)
            return self._fail(why, [Publish(topic(self.code, "result"), HostPairing.refusal(why), False)])
        out = [Publish(topic(self.code, "result"), result, False), self._clear()]
        self.phase = HostPhase.DONE
        return out, [CodeDone(paired)]


# ----- the joiner's side -----------------------------------------------------------------------------
class JoinPhase(Enum):
    """Where the joiner's try of a code stands (see the module text)."""

    CONNECTING = "connecting"
    LOOKING = "looking"
    JOINED = "joined"
    DONE = "done"
    FAILED = "failed"


class JoinCodeMachine:
    """The far computer's side of a picture code: find the host's offer, join, read the welcome."""

    def __init__(self, code: PictureCode, me: dict[str, Any], probe: bytes, now: float) -> None:
        """*me* is this computer's hello, *code* the pictures tapped in; it waits
        :data:`~doolhof.online.timeouts.JOIN_SECONDS` from *now* for the host's answer."""
        self.code = code
        self.me = me
        self.deadline = now + JOIN_SECONDS
        self.phase = JoinPhase.CONNECTING
        self.linked = False
        self._pairing = JoinPairing(code, me)
        self._probe = probe

    @property
    def finished(self) -> bool:
        """True once the code worked or failed."""
        return self.phase in (JoinPhase.DONE, JoinPhase.FAILED)

    def connected(self) -> Step:
        """A (re)connect: the first one looks on the slot (a retained offer arrives before the probe)."""
        self.linked = True
        if self.phase is not JoinPhase.CONNECTING:
            return [], []
        self.phase = JoinPhase.LOOKING
        return [Publish(topic(self.code, "probe"), self._probe, False)], []

    def disconnected(self) -> None:
        """The link to the relay went down."""
        self.linked = False

    def receive(self, name: str, payload: bytes) -> Step:
        """One message of the slot."""
        part = name.rsplit("/", 1)[-1]
        if self.phase is JoinPhase.LOOKING and part == "host" and payload:
            try:
                join = self._pairing.join(payload)
            except PairingFailed as failed:
                return self._fail(failed.why)
            self.phase = JoinPhase.JOINED
            return [Publish(topic(self.code, "join"), join, False)], []
        if self.phase is JoinPhase.LOOKING and part == "probe" and payload == self._probe:
            return self._fail("code")  # no live offer on this slot: expired, used, or never made
        if self.phase is JoinPhase.JOINED and part == "result":
            try:
                paired = self._pairing.result(payload)
            except PairingFailed as failed:
                return self._fail(failed.why)
            self.phase = JoinPhase.DONE
            return [], [CodeDone(paired)]
        return [], []

    def tick(self, now: float) -> Step:
        """Time passing: the host did not answer in time."""
        if not self.finished and now > self.deadline:
            return self._fail("code" if self.linked else "relay")
        return [], []

    def _fail(self, why: str) -> Step:
        self.phase = JoinPhase.FAILED
        return [], [CodeFailed(why)]


def welcomed_room(paired: Paired) -> tuple[str, bytes, str]:
    """The room id, the room key and the host's device the host's welcome names; raises :class:`Refused`."""
    welcome = paired.welcome
    room_id, host = welcome.get("room"), welcome.get("host")
    if not isinstance(room_id, str) or not isinstance(host, str) or host != paired.hello.get("device"):
        raise Refused("malformed", "welcome")
    return room_id, wire.unb64(welcome.get("key"), KEY_BYTES), host


# ----- remembered computers --------------------------------------------------------------------------
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


class InvitePhase(Enum):
    """Where an invitation between two remembered computers stands (see the module text)."""

    LISTENING = "listening"
    INVITING = "inviting"
    INVITED = "invited"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    STOPPED = "stopped"


class InvitationMachine:
    """Two remembered computers find each other without a code: one invites, the other accepts or says
    "not now". Their own channel is named by their shared secret, every message sealed with a key derived
    from it; an invitation is retained for :data:`~doolhof.online.timeouts.CODE_SECONDS`."""

    def __init__(self, me: dict[str, Any], friend: Friend, room_id: str, room_key: bytes) -> None:
        """*me* is this computer's hello; an invitation from here welcomes *friend* into *room_id*."""
        self.me = me
        self.friend = friend
        self.room_id = room_id
        self.room_key = room_key
        self.phase = InvitePhase.LISTENING
        #: The welcome of the invitation that came (while :attr:`phase` is ``INVITED``).
        self.invitation: dict[str, Any] | None = None
        self._sealer = Sealer(derive(friend.secret, "remembered key"))

    def topic(self, name: str) -> str:
        """A topic of the two computers' channel."""
        return channel_topic(self.friend.channel, name)

    def _sealed(self, name: str, message: dict[str, Any], retain: bool = False) -> Publish:
        where = self.topic(name)
        return Publish(where, self._sealer.seal(where, wire.dumps(message)), retain, CODE_SECONDS)

    def connected(self) -> Step:
        """A (re)connect: nothing to say (a retained invitation arrives by itself)."""
        return [], []

    def tick(self, now: float) -> Step:
        """Time passing: the relay lets an invitation expire by itself."""
        return [], []

    def invite(self) -> list[Publish]:
        """Invite the remembered computer into a new room (once connected)."""
        if self.phase in (InvitePhase.ACCEPTED, InvitePhase.STOPPED):
            return []
        self.phase = InvitePhase.INVITING
        welcome = _welcome(self.room_id, self.room_key, self.me["device"])
        return [self._sealed("invite", {"t": "invite", "hello": self.me, "welcome": welcome}, retain=True)]

    def accept(self) -> tuple[list[Publish], dict[str, Any]]:
        """Take the invitation that came: what to publish and its welcome; raises ValueError when none came."""
        welcome = self.invitation
        if self.phase is not InvitePhase.INVITED or welcome is None:
            raise ValueError("no invitation came")
        self.phase = InvitePhase.ACCEPTED  # our own clearing of the invitation coming back is no withdrawal
        return [self._sealed("accept", {"t": "accept", "hello": self.me}), self._clear()], welcome

    def decline(self) -> list[Publish]:
        """Say "not now" to the invitation that came: sealed, to the inviter only; the invitation is cleared."""
        welcome = self.invitation
        if self.phase is not InvitePhase.INVITED or welcome is None:
            return []
        self.phase, self.invitation = InvitePhase.LISTENING, None  # a later invitation is news again
        return [self._sealed("decline", {"t": "decline", "hello": self.me, "room": welcome.get("room")}),
                self._clear()]

    def withdraw(self) -> list[Publish]:
        """The screen stops: take back an invitation nobody answered (the other computer must not find it
        later and wait in a room nobody comes to)."""
        inviting = self.phase is InvitePhase.INVITING
        self.phase = InvitePhase.STOPPED
        return [self._clear()] if inviting else []

    def _clear(self) -> Publish:
        return Publish(self.topic("invite"), b"", True)

    def ended_topic(self, room_id: str) -> str:
        """Where "the game of *room_id* was ended" waits (named by the secret: only the two can find it)."""
        return self.topic("end/" + derive(self.friend.secret, "ended room " + room_id, 8).hex())

    def tell_ended(self, room_id: str) -> list[Publish]:
        """Say that the game of *room_id* was ended here: retained for a room's week, so the other computer's
        setup screen hears it whenever it listens (in any phase)."""
        where = self.ended_topic(room_id)
        message = wire.dumps({"t": "ended", "hello": self.me, "room": room_id})
        return [Publish(where, self._sealer.seal(where, message), True)]

    def receive(self, name: str, payload: bytes) -> Step:
        """One message of the two computers' channel."""
        part = name.rsplit("/", 1)[-1]
        if not payload:
            if part == "invite" and self.phase is InvitePhase.INVITED:
                self.phase, self.invitation = InvitePhase.LISTENING, None
                return [], [Withdrawn()]
            return [], []
        try:
            message = wire.loads(self._sealer.open(name, payload))
            peer = check_hello(message.get("hello"))
        except Refused as refused:
            log.info("a message on a remembered computer's channel was refused: %s", refused.reason)
            return [], []
        if peer["device"] != self.friend.device:
            return [], []  # our own message coming back
        kind = message.get("t")
        room_id = message.get("room")
        if name.rsplit("/", 2)[-2] == "end" and kind == "ended" and isinstance(room_id, str) \
                and name == self.ended_topic(room_id):
            return [Publish(name, b"", True)], [RoomEnded(room_id)]  # heard: nothing of it stays on the relay
        if part == "invite" and kind == "invite" and self.phase in (InvitePhase.LISTENING, InvitePhase.INVITED):
            welcome = message.get("welcome")
            if isinstance(welcome, dict) and welcome.get("host") == peer["device"]:
                self.phase, self.invitation = InvitePhase.INVITED, welcome
                return [], [Invited(peer, welcome)]
        elif part == "accept" and kind == "accept" and self.phase is InvitePhase.INVITING:
            self.phase = InvitePhase.ACCEPTED
            return [self._clear()], [Accepted(peer)]
        elif part == "decline" and kind == "decline" and self.phase is InvitePhase.INVITING \
                and message.get("room") == self.room_id:
            self.phase = InvitePhase.DECLINED
            return [self._clear()], [Declined(peer)]
        return [], []


__all__ = [
    "Accepted", "CodeDone", "CodeFailed", "CodeReady", "Declined", "Friend", "HostCodeMachine", "HostPhase",
    "InvitationMachine", "InvitePhase", "Invited", "JoinCodeMachine", "JoinPhase", "MeetingEvent", "RoomEnded", "Step",
    "Withdrawn", "welcomed_room",
]
