"""Two computers meeting before a room: a picture code (host and joiner) and a remembered computer's
invitation, each a pure state machine shaped like :class:`~doolhof.online.room.Room`.

A machine never touches the network or the clock: give it every (re)connect (:meth:`connected`),
every message from its channel (:meth:`receive`) and the time now and then (:meth:`tick`); each
returns what to publish and what happened (the events the screens read). :class:`~doolhof.online.client`
drives them over a relay (or, in tests, over an in-memory one). Each says where it stands in
:attr:`phase`, one of a named :class:`~enum.Enum`:

A picture code, from the host's tap to the joiner's lobby (:class:`HostCodeMachine`, :class:`JoinCodeMachine`)::

    host:   PLACING -> CONNECTING -> OFFERING -> SHOWN ------------------------> DONE (CodeDone: to the lobby)
                                   (a live host answers: FAILED "busy")       ^
    joiner: PLACING -> CONNECTING -> LOOKING -> JOINED (join sent) -----------|-> DONE (CodeDone: to the lobby)
                                     (no offer in 4 s: FAILED "code")

``PLACING``: scrypt finds the meeting place (the driver runs it off the frame loop). Nothing is retained:
``OFFERING``: the host sends its SPAKE2 offer and its own look; ``SHOWN`` once the look came back (the
offer is out; a live host of the same code would have answered the look: "busy"). It answers every
joiner's look with the offer. The joiner's ``LOOKING`` sends a look and answers each well-formed offer
with a ``join`` naming it; the host answers the first join for its own offer with the sealed ``result``
(the welcome into a new room) and both are ``DONE``. A real wrong guess, another rules version (said
sealed), the code's minutes or the joiner's wait running out end in ``FAILED``; anything not well-formed
is dropped (counted in ``ignored``) and ends nothing.

An invitation (:class:`InvitationMachine`, both computers alike): ``LISTENING`` -> ``INVITING`` (this one
invited) -> ``ACCEPTED`` | ``DECLINED``; or ``LISTENING`` -> ``INVITED`` (the other invited; the card
shows) -> ``ACCEPTED`` (taken) or back to ``LISTENING`` (said "not now", or withdrawn); ``STOPPED``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from . import wire
from .errors import Refused
from .pairing import (
    PAKE_BYTES,
    HostPairing,
    JoinPairing,
    Paired,
    PairingFailed,
    PictureCode,
    friend_secret,
    look,
    read_look,
    topic,
)
from .room import check_hello
from .seal import KEY_BYTES, Sealer, derive
from .timeouts import CODE_SECONDS, JOIN_SECONDS, LOOK_SECONDS
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


MeetingEvent = CodeReady | CodeDone | CodeFailed | Invited | Withdrawn | Accepted | Declined
#: What every step of a machine returns: the messages to publish and the events.
Step = tuple[list[Publish], list[MeetingEvent]]


def _welcome(room_id: str, room_key: bytes, host: str) -> dict[str, Any]:
    return {"room": room_id, "key": wire.b64(room_key), "host": host}


# ----- the host's picture code -----------------------------------------------------------------------
class HostPhase(Enum):
    """Where the host's code stands (see the module text)."""

    PLACING = "placing"
    CONNECTING = "connecting"
    OFFERING = "offering"
    SHOWN = "shown"
    DONE = "done"
    FAILED = "failed"


#: The most looks one code answers (each with one small offer): a bound on what a flood makes it send.
MAX_LOOKS: Final = 256


def _offer_of(payload: bytes) -> tuple[bytes, bytes]:
    """The SPAKE2 message and the look it answers of a well-formed offer; raises :class:`Refused`."""
    data = wire.loads(payload)
    return wire.unb64(data.get("pake"), PAKE_BYTES), wire.unb64(data.get("to"))


class HostCodeMachine:
    """The host's side of one picture code: offer on its meeting place while connected, answer every look with
    the offer, and the first join that answers it with a sealed welcome."""

    def __init__(self, code: PictureCode, me: dict[str, Any], room_id: str, room_key: bytes, nonce: bytes,
                 now: float) -> None:
        """*me* is this computer's hello; the welcome invites the joiner into *room_id* (key *room_key*);
        *nonce* marks this host's own look; the code lasts :data:`~doolhof.online.timeouts.CODE_SECONDS`
        from *now*. The meeting place comes with :meth:`placed` (scrypt is slow)."""
        self.code = code
        self.me = me
        self.room_id = room_id
        self.room_key = room_key
        self.expires = now + CODE_SECONDS
        self.phase = HostPhase.PLACING
        self.where = ""
        self._pairing: HostPairing | None = None
        self._nonce = nonce
        self._looks = 0
        self.ignored = 0

    @property
    def finished(self) -> bool:
        """True once the code worked or failed."""
        return self.phase in (HostPhase.DONE, HostPhase.FAILED)

    def placed(self, where: str) -> None:
        """The code's meeting place is known (:func:`~doolhof.online.pairing.place`)."""
        if self.phase is HostPhase.PLACING:
            self.where = where
            self._pairing = HostPairing(self.code, self.me, where)
            self.phase = HostPhase.CONNECTING

    def connected(self) -> Step:
        """A (re)connect: the offer, then this host's own look (its coming back says the offer is out, and a live
        host already here answers it: "busy")."""
        if self._pairing is None or self.finished:
            return [], []
        if self.phase is HostPhase.CONNECTING:
            self.phase = HostPhase.OFFERING
        return [Publish(topic(self.where, "offer"), self._pairing.offer(), False),
                Publish(topic(self.where, "look"), look(self._nonce), False)], []

    def receive(self, name: str, payload: bytes) -> Step:
        """One message of the meeting place; one that is not well-formed changes nothing."""
        part = name.rsplit("/", 1)[-1]
        if self._pairing is None or self.phase not in (HostPhase.OFFERING, HostPhase.SHOWN):
            return [], []
        try:
            if part == "look":
                return self._on_look(read_look(payload))
            if part == "offer":
                return self._on_offer(*_offer_of(payload))
            if part == "join":
                return self._answer(payload)
        except Refused as refused:
            self.ignored += 1
            log.info("a message on the meeting place was dropped: %s", refused.reason)
        return [], []

    def _on_look(self, nonce: bytes) -> Step:
        assert self._pairing is not None
        if nonce == self._nonce:
            if self.phase is HostPhase.OFFERING:
                # Our own look came back after our offer: the offer is out, and a joiner who looks now finds us.
                self.phase = HostPhase.SHOWN
                return [], [CodeReady(self.code, self.expires)]
            return [], []
        if self._looks >= MAX_LOOKS:
            return [], []
        self._looks += 1
        return [Publish(topic(self.where, "offer"), self._pairing.offer(nonce), False)], []

    def _on_offer(self, pake: bytes, to: bytes) -> Step:
        assert self._pairing is not None
        if to == self._nonce and pake != self._pairing.message:
            return self._fail("busy")  # a live host of the same code answered our look
        return [], []

    def tick(self, now: float) -> Step:
        """Time passing: the code's minutes run out."""
        if not self.finished and now > self.expires:
            return self._fail("expired")
        return [], []

    def withdraw(self) -> list[Publish]:
        """The screen stops the code (nothing is on the relay to take back: the offer goes with the link)."""
        if not self.finished:
            self.phase = HostPhase.FAILED
        return []

    def _fail(self, why: str, out: list[Publish] | None = None) -> Step:
        self.phase = HostPhase.FAILED
        return out or [], [CodeFailed(why)]

    def _answer(self, payload: bytes) -> Step:
        assert self._pairing is not None
        welcome = _welcome(self.room_id, self.room_key, self.me["device"])
        try:
            result, paired = self._pairing.answer(payload, welcome)
        except PairingFailed as failed:
            log.info("a join with a wrong code (or another version) ended the code: %s", failed.why)
            out = [Publish(topic(self.where, "result"), failed.refusal, False)] if failed.refusal else []
            return self._fail(failed.why, out)
        self.phase = HostPhase.DONE
        return [Publish(topic(self.where, "result"), result, False)], [CodeDone(paired)]


# ----- the joiner's side -----------------------------------------------------------------------------
class JoinPhase(Enum):
    """Where the joiner's try of a code stands (see the module text)."""

    PLACING = "placing"
    CONNECTING = "connecting"
    LOOKING = "looking"
    JOINED = "joined"
    DONE = "done"
    FAILED = "failed"


class JoinCodeMachine:
    """The far computer's side of a picture code on one meeting place: look, answer the offers, read the
    sealed welcome."""

    def __init__(self, code: PictureCode, me: dict[str, Any], nonce: bytes, now: float) -> None:
        """*me* is this computer's hello, *code* the pictures tapped in, *nonce* marks its look; it waits
        :data:`~doolhof.online.timeouts.JOIN_SECONDS` from *now* for the host's answer, and
        :data:`~doolhof.online.timeouts.LOOK_SECONDS` after its look is out for an offer."""
        self.code = code
        self.me = me
        self.deadline = now + JOIN_SECONDS
        self.phase = JoinPhase.PLACING
        self.linked = False
        self.where = ""
        self._pairing: JoinPairing | None = None
        self._nonce = nonce
        self._looked = False
        self._look_deadline: float | None = None
        self._joins: list[Publish] = []
        self.ignored = 0

    @property
    def finished(self) -> bool:
        """True once the code worked or failed."""
        return self.phase in (JoinPhase.DONE, JoinPhase.FAILED)

    def placed(self, where: str) -> None:
        """The meeting place to look in is known (:func:`~doolhof.online.pairing.place`)."""
        if self.phase is JoinPhase.PLACING:
            self.where = where
            self._pairing = JoinPairing(self.code, self.me, where)
            self.phase = JoinPhase.CONNECTING

    def connected(self) -> Step:
        """A (re)connect: look (again), and say the joins sent so far again."""
        self.linked = True
        if self._pairing is None or self.finished:
            return [], []
        if self.phase is JoinPhase.CONNECTING:
            self.phase = JoinPhase.LOOKING
        return [Publish(topic(self.where, "look"), look(self._nonce), False), *self._joins], []

    def disconnected(self) -> None:
        """The link to the relay went down."""
        self.linked = False

    def receive(self, name: str, payload: bytes) -> Step:
        """One message of the meeting place; one that is not well-formed (or not for us) changes nothing."""
        part = name.rsplit("/", 1)[-1]
        if self._pairing is None or self.phase not in (JoinPhase.LOOKING, JoinPhase.JOINED):
            return [], []
        try:
            if part == "look" and read_look(payload) == self._nonce:
                self._looked = True
            elif part == "offer":
                join = self._pairing.join(payload)
                if join is not None:
                    self.phase = JoinPhase.JOINED
                    self._joins.append(Publish(topic(self.where, "join"), join, False))
                    return [self._joins[-1]], []
            elif part == "result" and self.phase is JoinPhase.JOINED:
                paired = self._pairing.result(payload)
                self.phase = JoinPhase.DONE
                return [], [CodeDone(paired)]
        except PairingFailed as failed:
            return self._fail(failed.why)
        except Refused as refused:
            self.ignored += 1
            log.info("a message on the meeting place was dropped: %s", refused.reason)
        return [], []

    def tick(self, now: float) -> Step:
        """Time passing: no host answered the look, or the host did not answer in time."""
        if self.finished:
            return [], []
        if self._looked and self._look_deadline is None:
            self._look_deadline = now + LOOK_SECONDS
        if self.phase is JoinPhase.LOOKING and self._look_deadline is not None and now > self._look_deadline:
            return self._fail("code")  # no live host on this meeting place: expired, used, or never made
        if now > self.deadline:
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
    "InvitationMachine", "InvitePhase", "Invited", "JoinCodeMachine", "JoinPhase", "MeetingEvent", "Step",
    "Withdrawn", "welcomed_room",
]
