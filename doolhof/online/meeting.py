"""Two computers meeting before a room: a picture code (host and joiner) and a remembered computer's
invitation, each a pure state machine shaped like :class:`~doolhof.online.room.Room`.

A machine never touches the network or the clock: give it every (re)connect (:meth:`connected`),
every message from its channel (:meth:`receive`) and the time now and then (:meth:`tick`); each
returns what to publish and what happened (the events the screens read). :class:`~doolhof.online.client`
drives them over a relay (or, in tests, over an in-memory one). Each says where it stands in
:attr:`phase`, one of a named :class:`~enum.Enum`:

A picture code, from the host's tap to the joiner's lobby (:class:`HostCodeMachine`, :class:`JoinCodeMachine`)::

    host:   PLACING -> CONNECTING -> OFFERING -> SHOWN ------------------------> DONE (CodeDone: to the lobby)
                                   (a live host answers: FAILED BUSY)         ^
    joiner: PLACING -> CONNECTING -> LOOKING -> JOINED (join sent) -----------|-> DONE (CodeDone: to the lobby)
                                     (no offer in 4 s: FAILED WRONG_CODE)

``PLACING``: scrypt finds the meeting place (the driver runs it off the frame loop). Nothing is retained:
``OFFERING``: the host sends its SPAKE2 offer and its own look; ``SHOWN`` once the look came back (the
offer is out; a live host of the same code would have answered the look: ``BUSY``). It answers every
joiner's look with the offer. The joiner's ``LOOKING`` sends a look and answers each well-formed offer
with a ``join`` naming it; the host answers the first join for its own offer with the sealed ``result``
(the welcome into a new room) and both are ``DONE``. A real wrong guess, another rules version (said
sealed), the code's minutes or the joiner's wait running out end in ``FAILED`` (its
:class:`~doolhof.online.trouble.Trouble` in :class:`CodeFailed`); anything not well-formed
is dropped (counted in ``ignored``) and ends nothing.

An invitation (:class:`InvitationMachine`, both computers alike): ``LISTENING`` -> ``INVITING`` (this one
invited) -> ``ACCEPTED`` | ``DECLINED``; or ``LISTENING`` -> ``INVITED`` (the other invited; the card
shows) -> ``ACCEPTED`` (taken) or back to ``LISTENING`` (said "not now", or withdrawn); ``STOPPED``.
Nothing of an invitation is retained: the listener says ``here`` (with a fresh nonce) and the inviter answers
it, so the two find each other in either order, and an old invitation or answer sent again is refused.
The same machine carries the news of games a parent ended here (:attr:`InvitationMachine.ends`) to the other
computer whenever both are on the channel: ``ended``, answered by ``heard``.

A lost ``accept`` leaves one computer an epoch ahead (it moved on, the other did not): each computer also
listens on its previous channel (:class:`BehindListener`) and says ``moved`` there (the epoch it is at, sealed),
at connecting and to whatever the other says there; the one behind moves on to that epoch and meets it on
the channel of now.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
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
from .trouble import Trouble

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
    """The code did not work, *why*: the host's :attr:`~Trouble.CODE_USED`, :attr:`~Trouble.EXPIRED` or
    :attr:`~Trouble.BUSY`; the joiner's :attr:`~Trouble.WRONG_CODE` (wrong, used or expired) or
    :attr:`~Trouble.RELAY` (not reachable); either's :attr:`~Trouble.VERSION`."""

    why: Trouble


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
class EndHeard:
    """The remembered computer heard that the game of *room* was ended here: the news need not travel again."""

    room: str


@dataclass(frozen=True)
class CaughtUp:
    """The remembered computer was an epoch ahead (an accept was lost): this one moved on to *friend*'s channel."""

    friend: Friend


@dataclass(frozen=True)
class Declined:
    """The remembered computer said "not now" to the invitation (*hello*): nobody comes to the room."""

    hello: dict[str, Any]


MeetingEvent = (CodeReady | CodeDone | CodeFailed | Invited | Withdrawn | Accepted | Declined | RoomEnded | EndHeard
                | CaughtUp)
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
        host already here answers it: ``BUSY``)."""
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
            return self._fail(Trouble.BUSY)  # a live host of the same code answered our look
        return [], []

    def tick(self, now: float) -> Step:
        """Time passing: the code's minutes run out."""
        if not self.finished and now > self.expires:
            return self._fail(Trouble.EXPIRED)
        return [], []

    def withdraw(self) -> list[Publish]:
        """The screen stops the code (nothing is on the relay to take back: the offer goes with the link)."""
        if not self.finished:
            self.phase = HostPhase.FAILED
        return []

    def _fail(self, why: Trouble, out: list[Publish] | None = None) -> Step:
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
            return self._fail(Trouble.WRONG_CODE)  # no live host on this meeting place: expired, used, or never made
        if now > self.deadline:
            return self._fail(Trouble.WRONG_CODE if self.linked else Trouble.RELAY)
        return [], []

    def _fail(self, why: Trouble) -> Step:
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
    invitations they took since (*epoch*: their channel changes with every one). Not *settled* after this
    computer took an invitation, until it hears the other on the new channel (its accept may have been lost:
    then this one listens on the channel before too, :class:`BehindListener`)."""

    device: str
    figure: int
    secret: bytes
    epoch: int = 0
    settled: bool = True

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
        data: dict[str, Any] = {"device": self.device, "figure": self.figure, "secret": wire.b64(self.secret),
                                "epoch": self.epoch}
        if not self.settled:
            data["settled"] = False
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Friend:
        """Read :meth:`to_dict` data (an entry without an epoch is at 0); raises :class:`Refused` when damaged."""
        if not isinstance(data, dict):
            raise Refused("malformed", "remembered computer")
        me = check_hello({"device": data.get("device"), "figure": data.get("figure"), "rules": ""})
        epoch = data.get("epoch", 0)
        if not isinstance(epoch, int) or isinstance(epoch, bool) or not 0 <= epoch < 2**31:
            raise Refused("malformed", "remembered computer")
        return cls(me["device"], me["figure"], wire.unb64(data.get("secret"), KEY_BYTES), epoch,
                   data.get("settled") is not False)


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
#: The most ended games one ``ended`` message names (a parent ends a few; the rest go next time).
MAX_ENDS: Final = 16


#: The longest game name an invitation carries (a variant name: "junior-own" is the longest today).
MAX_GAME_NAME = 16


class InvitationMachine:
    """Two remembered computers find each other without a code: one invites, the other accepts or says
    "not now". Their own channel is named by their shared secret and epoch, every message sealed with a key
    derived from the secret; nothing is retained.

    The listener says ``here`` with a fresh nonce (on connecting, and when an inviter ``knock``-s); the
    inviter answers every fresh ``here`` with an ``invite`` naming that nonce and a fresh invitation id; an
    ``accept``, ``decline`` or ``withdraw`` names that id. A replayed invitation names an old nonce and a
    replayed answer an old id: both are refused, so nothing old leads into a dead room.

    Every message names its machine's nonce (``n``). Holding games a parent ended here (*ends*), the machine
    knocks when it connects, and answers every fresh nonce of the other computer with ``ended`` (the rooms,
    naming that nonce: a recorded one sent again is refused); the other forgets them (:class:`RoomEnded`) and
    answers ``heard`` naming this machine's nonce, after which they are dropped (:class:`EndHeard`)."""

    def __init__(self, me: dict[str, Any], friend: Friend, room_id: str, room_key: bytes,
                 nonce: bytes | None = None, game: str = "", ends: Sequence[str] = ()) -> None:
        """*me* is this computer's hello; an invitation from here welcomes *friend* into *room_id* to play *game*
        (a variant name, shown on the invitation); *nonce* marks this machine's messages and invitation (random
        unless given); *ends* are the rooms of games a parent ended here that *friend* has not heard of yet."""
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
        #: The ended games the other computer has not yet said it heard of.
        self.ends: list[str] = list(dict.fromkeys(ends))
        self._told: set[str] = set()  # the other's nonces the ends went to
        self._heard: set[str] = set()  # the rooms whose end the other computer told this one

    def topic(self, name: str) -> str:
        """A topic of the two computers' channel."""
        return channel_topic(self.friend.channel, name)

    def _sealed(self, name: str, message: dict[str, Any]) -> Publish:
        where = self.topic(name)
        return Publish(where, self._sealer.seal(where, wire.dumps({"n": self._nonce, **message, "hello": self.me})),
                       False)

    def _here(self) -> Publish:
        return self._sealed("here", {"t": "here", "n": self._nonce})

    def connected(self) -> Step:
        """A (re)connect: say ``here`` (an inviter answers it) and, inviting or holding ended games, knock (a
        listener answers with its ``here``)."""
        knock = self._sealed("knock", {"t": "knock"})
        if self.phase is InvitePhase.LISTENING or self.phase is InvitePhase.INVITED:
            return [self._here(), *([knock] if self.ends else [])], []
        if self.phase is InvitePhase.INVITING:
            return [knock], []
        return [], []

    def end(self, room_id: str) -> list[Publish]:
        """A parent ended the game of *room_id* here: the other computer is told when it is (or once it is) on the
        channel (:attr:`ends`; call once connected)."""
        if room_id not in self.ends:
            self.ends.append(room_id)
        self._told.clear()  # news again for every nonce
        return [self._sealed("knock", {"t": "knock"})]

    def _tell_ends(self, nonce: object) -> list[Publish]:
        """``ended`` to the other computer's machine of *nonce*, once per nonce, while ends wait."""
        if not self.ends or not isinstance(nonce, str) or nonce in self._told or len(self._told) >= MAX_ANSWERS:
            return []
        self._told.add(nonce)
        # and as the Doolhof before this one hears it (on a topic of each room, unretained: heard if it listens now)
        older = [self._sealed("end/" + derive(self.friend.secret, "ended room " + room, 8).hex(),
                              {"t": "ended", "room": room}) for room in self.ends[:MAX_ENDS]]
        return [self._sealed("ended", {"t": "ended", "to": nonce, "rooms": self.ends[:MAX_ENDS]}), *older]

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
        self.friend = replace(self.friend.moved(), settled=False)  # until the other is heard on the new channel
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
        if not payload or not name.startswith(self.topic("")):
            return [], []  # empty, or of a channel this machine left
        try:
            message = wire.loads(self._sealer.open(name, payload))
            peer = check_hello(message.get("hello"))
        except Refused as refused:
            self.refused += 1
            log.info("a message on a remembered computer's channel was refused: %s", refused.reason)
            return [], []
        if peer["device"] != self.friend.device:
            return [], []  # our own message coming back
        if not self.friend.settled:
            self.friend = replace(self.friend, settled=True)  # heard here: its accept was not lost
        kind = message.get("t")
        if kind != part:
            return [], []
        told = [] if self.phase is InvitePhase.STOPPED else self._tell_ends(message.get("n"))
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return told, []
        out, events = handler(peer, message)
        return told + out, events

    def _on_moved(self, peer: dict[str, Any], message: dict[str, Any]) -> Step:
        """The other computer, on its previous channel (ours of now), says it is one epoch further: it took an
        invitation whose accept never reached us. Only exactly one ahead counts (a replay is never ahead)."""
        epoch = message.get("epoch")
        if epoch != self.friend.epoch + 1 or self.phase in (InvitePhase.ACCEPTED, InvitePhase.STOPPED):
            return [], []
        self.friend = replace(self.friend.moved(), settled=True)
        return [], [CaughtUp(self.friend)]

    def _on_ended(self, peer: dict[str, Any], message: dict[str, Any]) -> Step:
        rooms, nonce = message.get("rooms"), message.get("n")
        if message.get("to") != self._nonce or not isinstance(rooms, list) or not isinstance(nonce, str):
            self.refused += 1
            return [], []  # a recorded one, for an earlier machine
        rooms = [r for r in rooms[:MAX_ENDS] if isinstance(r, str) and 0 < len(r) <= 64]
        events: list[MeetingEvent] = [RoomEnded(r) for r in rooms if r not in self._heard]
        self._heard.update(rooms)
        return [self._sealed("heard", {"t": "heard", "to": nonce, "rooms": rooms})], events

    def _on_heard(self, peer: dict[str, Any], message: dict[str, Any]) -> Step:
        rooms = message.get("rooms")
        if message.get("to") != self._nonce or not isinstance(rooms, list):
            self.refused += 1
            return [], []
        heard = [r for r in self.ends if r in rooms]
        self.ends = [r for r in self.ends if r not in rooms]
        return [], [EndHeard(r) for r in heard]

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
        self.friend = replace(self.friend.moved(), settled=True)
        return [], [Accepted(peer)]

    def _on_decline(self, peer: dict[str, Any], message: dict[str, Any]) -> Step:
        if self.phase is not InvitePhase.INVITING or message.get("id") != self._invitation_id \
                or message.get("room") != self.room_id:
            self.refused += 1
            return [], []
        self.phase = InvitePhase.DECLINED
        return [], [Declined(peer)]


class BehindListener:
    """This computer on its previous channel (*friend* is at the epoch of now, above 0): it says ``moved`` (the
    epoch of now) when it connects and to whatever the other computer says there (at most :data:`MAX_ANSWERS`
    times), so one left behind by a lost accept catches up (see the module text)."""

    def __init__(self, me: dict[str, Any], friend: Friend, nonce: bytes | None = None) -> None:
        """Raises ValueError at epoch 0 (there is no previous channel)."""
        if friend.epoch < 1:
            raise ValueError("no channel before the first")
        self.me = me
        self.friend = friend
        self.behind = replace(friend, epoch=friend.epoch - 1)
        self._sealer = Sealer(derive(friend.secret, "remembered key"))
        self._nonce = wire.b64(nonce if nonce is not None else os.urandom(12))
        self._answers = 0

    def _moved(self) -> Publish:
        where = channel_topic(self.behind.channel, "moved")
        message = {"t": "moved", "n": self._nonce, "epoch": self.friend.epoch, "hello": self.me}
        return Publish(where, self._sealer.seal(where, wire.dumps(message)), False)

    def connected(self) -> Step:
        """A (re)connect: say where this computer is now."""
        return [self._moved()], []

    def receive(self, name: str, payload: bytes) -> Step:
        """The other computer said something on the old channel: it is behind; tell it (bounded)."""
        try:
            message = wire.loads(self._sealer.open(name, payload))
            peer = check_hello(message.get("hello"))
        except Refused:
            return [], []
        if peer["device"] != self.friend.device or message.get("t") == "moved" or self._answers >= MAX_ANSWERS:
            return [], []  # our own, its own "moved" (never answered: two of these would answer each other)
        self._answers += 1
        return [self._moved()], []

    def tick(self, now: float) -> Step:
        """Time passing: nothing to do."""
        return [], []


__all__ = [
    "MAX_ANSWERS", "MAX_ENDS", "MAX_LOOKS", "Accepted", "BehindListener", "CaughtUp", "CodeDone", "CodeFailed",
    "CodeReady", "Declined",
    "EndHeard", "Friend",
    "HostCodeMachine", "HostPhase", "InvitationMachine", "InvitePhase", "Invited", "JoinCodeMachine", "JoinPhase",
    "MeetingEvent", "RoomEnded", "Step", "Withdrawn", "welcomed_room",
]
