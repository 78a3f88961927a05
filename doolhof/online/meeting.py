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
Nothing of an invitation is retained: the listener says ``here`` (with a fresh nonce) and the inviter answers
it, so the two find each other in either order, and an old invitation or answer sent again is refused.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, replace
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
    """A remembered computer invites this one into a room (*hello* says which) to play *game* (a variant name
    such as ``"junior"`` or ``"cards"``, for the invitation's picture; "" when an older Doolhof did not say)."""

    hello: dict[str, Any]
    welcome: dict[str, Any]
    game: str = ""


@dataclass(frozen=True)
class Withdrawn:
    """The remembered computer took its invitation back (it stopped inviting, or its minutes were up)."""


@dataclass(frozen=True)
class Accepted:
    """The remembered computer took the invitation (*hello*): the room can open."""

    hello: dict[str, Any]


@dataclass(frozen=True)
class RoomEnded:
    """The remembered computer ended a waiting game of the two (*room*, a room id): forget it here too."""

    room: str


@dataclass(frozen=True)
class Declined:
    """The remembered computer said "not now" to the invitation (*hello*): nobody comes to the room."""

    hello: dict[str, Any]


MeetingEvent = CodeReady | CodeDone | CodeFailed | Invited | Withdrawn | Accepted | Declined | RoomEnded
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
    """A remembered computer: its device id, its figure, the secret the two share since their code, and how many
    invitations they took since (*epoch*: their channel changes with every one)."""

    device: str
    figure: int
    secret: bytes
    epoch: int = 0

    @classmethod
    def of(cls, paired: Paired) -> Friend:
        """The computer a picture code just paired with, to remember."""
        return cls(str(paired.hello["device"]), int(paired.hello["figure"]), friend_secret(paired.secret))

    @property
    def channel(self) -> str:
        """The two computers' own channel on the relay now (only they can name it; another after every
        invitation taken, so the relay cannot follow the pair from one game to the next)."""
        return "f" + derive(self.secret, f"remembered channel|{self.epoch}", 16).hex()

    def moved(self) -> Friend:
        """The same computer after an invitation was taken: the next channel."""
        return replace(self, epoch=self.epoch + 1)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (kept on this computer only)."""
        return {"device": self.device, "figure": self.figure, "secret": wire.b64(self.secret), "epoch": self.epoch}

    @classmethod
    def from_dict(cls, data: Any) -> Friend:
        """Read :meth:`to_dict` data (an entry without an epoch is at 0); raises :class:`Refused` when damaged."""
        if not isinstance(data, dict):
            raise Refused("malformed", "remembered computer")
        me = check_hello({"device": data.get("device"), "figure": data.get("figure"), "rules": ""})
        epoch = data.get("epoch", 0)
        if not isinstance(epoch, int) or isinstance(epoch, bool) or not 0 <= epoch < 2**31:
            raise Refused("malformed", "remembered computer")
        return cls(me["device"], me["figure"], wire.unb64(data.get("secret"), KEY_BYTES), epoch)


class InvitePhase(Enum):
    """Where an invitation between two remembered computers stands (see the module text)."""

    LISTENING = "listening"
    INVITING = "inviting"
    INVITED = "invited"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    STOPPED = "stopped"


#: The most ``here`` and ``knock`` messages one machine answers (a replayed flood makes it send no more).
MAX_ANSWERS: Final = 64


#: The longest game name an invitation carries (a variant name: "junior-own" is the longest today).
MAX_GAME_NAME = 16


class InvitationMachine:
    """Two remembered computers find each other without a code: one invites, the other accepts or says
    "not now". Their own channel is named by their shared secret and epoch, every message sealed with a key
    derived from the secret; nothing is retained.

    The listener says ``here`` with a fresh nonce (on connecting, and when an inviter ``knock``-s); the
    inviter answers every fresh ``here`` with an ``invite`` naming that nonce and a fresh invitation id; an
    ``accept``, ``decline`` or ``withdraw`` names that id. A replayed invitation names an old nonce and a
    replayed answer an old id: both are refused, so nothing old leads into a dead room."""

    def __init__(self, me: dict[str, Any], friend: Friend, room_id: str, room_key: bytes,
                 nonce: bytes | None = None, game: str = "") -> None:
        """*me* is this computer's hello; an invitation from here welcomes *friend* into *room_id* to play *game*
        (a variant name, shown on the invitation); *nonce* marks this machine's ``here`` and invitation (random
        unless given)."""
        self.me = me
        self.game = game[:MAX_GAME_NAME]
        self.friend = friend
        self.room_id = room_id
        self.room_key = room_key
        self.phase = InvitePhase.LISTENING
        #: The welcome of the invitation that came (while :attr:`phase` is ``INVITED``).
        self.invitation: dict[str, Any] | None = None
        self._invitation_id = ""
        self._nonce = wire.b64(nonce if nonce is not None else os.urandom(12))
        self._sealer = Sealer(derive(friend.secret, "remembered key"))
        self._answered: set[str] = set()
        self._answers = 0
        self.refused = 0

    def topic(self, name: str) -> str:
        """A topic of the two computers' channel."""
        return channel_topic(self.friend.channel, name)

    def _sealed(self, name: str, message: dict[str, Any], retain: bool = False) -> Publish:
        where = self.topic(name)
        return Publish(where, self._sealer.seal(where, wire.dumps({**message, "hello": self.me})), retain)

    def _ended_name(self, room_id: str) -> str:
        return "end/" + derive(self.friend.secret, "ended room " + room_id, 8).hex()

    def tell_ended(self, room_id: str) -> Publish:
        """The news that the game of *room_id* was ended here: retained for a room's week on the channel (the
        one message of the channel that is), so the other computer hears it whenever it listens."""
        return self._sealed(self._ended_name(room_id), {"t": "ended", "room": room_id}, retain=True)

    def _here(self) -> Publish:
        return self._sealed("here", {"t": "here", "n": self._nonce})

    def connected(self) -> Step:
        """A (re)connect: say ``here`` (an inviter answers it) and, inviting, knock (a listener answers)."""
        if self.phase is InvitePhase.LISTENING or self.phase is InvitePhase.INVITED:
            return [self._here()], []
        if self.phase is InvitePhase.INVITING:
            return [self._sealed("knock", {"t": "knock"})], []
        return [], []

    def tick(self, now: float) -> Step:
        """Time passing: nothing to do (the inviter's screen says when its minutes are up)."""
        return [], []

    def invite(self) -> list[Publish]:
        """Invite the remembered computer into a new room (once connected): a knock, answered by its ``here``."""
        if self.phase in (InvitePhase.ACCEPTED, InvitePhase.STOPPED):
            return []
        self.phase = InvitePhase.INVITING
        self._invitation_id = wire.b64(os.urandom(12))  # fresh: an answer to an earlier one is refused
        self._answered.clear()
        return [self._sealed("knock", {"t": "knock"})]

    def accept(self) -> tuple[list[Publish], dict[str, Any]]:
        """Take the invitation that came: what to publish and its welcome; raises ValueError when none came.
        The channel moves on (:attr:`friend` is then :meth:`Friend.moved`)."""
        welcome = self.invitation
        if self.phase is not InvitePhase.INVITED or welcome is None:
            raise ValueError("no invitation came")
        self.phase = InvitePhase.ACCEPTED
        out = [self._sealed("accept", {"t": "accept", "id": self._invitation_id})]
        self.friend = self.friend.moved()
        return out, welcome

    def decline(self) -> list[Publish]:
        """Say "not now" to the invitation that came: sealed, to the inviter only."""
        welcome = self.invitation
        if self.phase is not InvitePhase.INVITED or welcome is None:
            return []
        self.phase, self.invitation = InvitePhase.LISTENING, None  # a later invitation is news again
        return [self._sealed("decline", {"t": "decline", "id": self._invitation_id, "room": welcome.get("room")})]

    def withdraw(self) -> list[Publish]:
        """The screen stops: take back an invitation nobody answered (said sealed; nothing is on the relay)."""
        inviting = self.phase is InvitePhase.INVITING
        self.phase = InvitePhase.STOPPED
        return [self._sealed("withdraw", {"t": "withdraw", "id": self._invitation_id})] if inviting else []

    def receive(self, name: str, payload: bytes) -> Step:
        """One message of the two computers' channel; anything that does not open, is ours, or is old is dropped."""
        part = name.rsplit("/", 1)[-1]
        if not payload:
            return [], []  # a retained message cleared
        try:
            message = wire.loads(self._sealer.open(name, payload))
            peer = check_hello(message.get("hello"))
        except Refused as refused:
            self.refused += 1
            log.info("a message on a remembered computer's channel was refused: %s", refused.reason)
            return [], []
        if peer["device"] != self.friend.device:
            return [], []  # our own message coming back
        kind = message.get("t")
        room_id = message.get("room")
        if kind == "ended" and isinstance(room_id, str) and name == self.topic(self._ended_name(room_id)):
            # Heard: nothing of it stays on the relay.
            return [Publish(name, b"", True)], [RoomEnded(room_id)]
        if kind != part:
            return [], []
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return [], []
        step: Step = handler(peer, message)
        return step

    def _on_knock(self, peer: dict[str, Any], message: dict[str, Any]) -> Step:
        if self.phase not in (InvitePhase.LISTENING, InvitePhase.INVITED) or self._answers >= MAX_ANSWERS:
            return [], []
        self._answers += 1
        return [self._here()], []

    def _on_here(self, peer: dict[str, Any], message: dict[str, Any]) -> Step:
        nonce = message.get("n")
        if self.phase is not InvitePhase.INVITING or not isinstance(nonce, str) or nonce in self._answered \
                or self._answers >= MAX_ANSWERS:
            return [], []
        self._answered.add(nonce)
        self._answers += 1
        welcome = _welcome(self.room_id, self.room_key, self.me["device"])
        invite = {"t": "invite", "welcome": welcome, "to": nonce, "id": self._invitation_id}
        if self.game:
            invite["game"] = self.game  # for the invitation's picture (an older Doolhof reads past it)
        return [self._sealed("invite", invite)], []

    def _on_invite(self, peer: dict[str, Any], message: dict[str, Any]) -> Step:
        welcome, ident = message.get("welcome"), message.get("id")
        if self.phase not in (InvitePhase.LISTENING, InvitePhase.INVITED) or message.get("to") != self._nonce \
                or not isinstance(welcome, dict) or welcome.get("host") != peer["device"] or not isinstance(ident, str):
            self.refused += 1
            return [], []  # an old invitation (another nonce) leads nowhere
        if self.phase is InvitePhase.INVITED and ident == self._invitation_id:
            return [], []  # heard twice
        self.phase, self.invitation, self._invitation_id = InvitePhase.INVITED, welcome, ident
        game = message.get("game")
        return [], [Invited(peer, welcome, game[:MAX_GAME_NAME] if isinstance(game, str) else "")]

    def _on_withdraw(self, peer: dict[str, Any], message: dict[str, Any]) -> Step:
        if self.phase is InvitePhase.INVITED and message.get("id") == self._invitation_id:
            self.phase, self.invitation = InvitePhase.LISTENING, None
            return [], [Withdrawn()]
        return [], []

    def _on_accept(self, peer: dict[str, Any], message: dict[str, Any]) -> Step:
        if self.phase is not InvitePhase.INVITING or message.get("id") != self._invitation_id:
            self.refused += 1
            return [], []
        self.phase = InvitePhase.ACCEPTED
        self.friend = self.friend.moved()
        return [], [Accepted(peer)]

    def _on_decline(self, peer: dict[str, Any], message: dict[str, Any]) -> Step:
        if self.phase is not InvitePhase.INVITING or message.get("id") != self._invitation_id \
                or message.get("room") != self.room_id:
            self.refused += 1
            return [], []
        self.phase = InvitePhase.DECLINED
        return [], [Declined(peer)]


__all__ = [
    "MAX_ANSWERS", "MAX_LOOKS", "Accepted", "CodeDone", "CodeFailed", "CodeReady", "Declined", "Friend",
    "HostCodeMachine", "HostPhase", "InvitationMachine", "InvitePhase", "Invited", "JoinCodeMachine", "JoinPhase",
    "MeetingEvent", "RoomEnded", "Step", "Withdrawn", "welcomed_room",
]
