"""Joining with pictures: a short code of treasure pictures and a password-authenticated key exchange.

The host's screen shows :data:`CODE_LENGTH` pictures; the other side taps them in. All of them are
the password of a SPAKE2 exchange (the ``spake2`` package, as magic-wormhole uses it) *and* name the
*meeting place*, the relay channel where the two meet: a slow key-derivation function (scrypt,
:data:`SCRYPT_N`) of the whole code and the ten minutes it was made in (:func:`place`). There is no
small set of public slots: to watch or squat a code one must know it, or compute scrypt for every one
of the 12**6 codes, again every ten minutes (docs/online.md says how long that takes).

Nothing is retained: the offer lives on the relay as long as the host is connected and no longer. On a
meeting place (topics ``doolhof/c/<place>/...``):

``look``    plain: ``{"n": nonce}`` -- "is a host here?" (the joiner's, and the host's own on connecting)
``offer``   plain: ``{"pake": ..., "rules": ..., "to": nonce}`` the host's SPAKE2 message, sent on
            connecting and in answer to every look
``join``    plain: ``{"pake": ..., "offer": digest, "confirm": ...}`` the joiner's SPAKE2 message, the offer
            it answers and its hello sealed by the new key
``result``  sealed by the new key: ``{"ok": true, "welcome": ..., "hello": ...}`` or ``{"ok": false,
            "why": "version"}``

A message that is not well-formed, or answers another offer, is dropped and ends nothing; only a join whose
SPAKE2 key does not open (a real wrong guess) ends the code: an attacker who found the place wins with a
chance of 1 in 12**6 per code and makes the host show a new one. Nothing unsealed is believed: the result,
the version refusal too, opens only with the key of the right code.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from dataclasses import dataclass
from typing import Any, Final

from cryptography.hazmat.primitives.kdf.scrypt import Scrypt
from spake2 import SPAKE2_Symmetric
from spake2.spake2 import SPAKEError

from doolhof.engine.variants import JUNIOR_PICTURES

from . import wire
from .errors import Refused
from .log import RULES
from .seal import KEY_BYTES, Sealer, derive
from .timeouts import CODE_SECONDS, PLACE_SECONDS, PLACE_SKEW
from .topics import channel_topic
from .trouble import Trouble

#: The pictures a code is made of: the maze's twelve Junior pictures (the keypad shows them all).
PICTURES: Final = JUNIOR_PICTURES
#: Pictures in a code.
CODE_LENGTH: Final = 6
#: scrypt's cost (N, r, p): 16 MiB and about 0.05 s on a desktop core, 0.1 to 0.3 s on a phone's.
SCRYPT_N: Final = 2**14
SCRYPT_R: Final = 8
SCRYPT_P: Final = 1
#: SPAKE2's identity of both sides (the symmetric variant: host and joiner are alike). With the meeting place's
#: derivation (:func:`place`) it is the one thing of pairing that never changes with :data:`~doolhof.online.log.RULES`:
#: apps of two rules versions meet, share a key and say "other version" sealed (an identity of its own per version
#: would give them different keys, and a plain "these pictures did not work" where "update both" is the truth).
_IDENTITY: Final = b"doolhof pairing 2"
#: Bytes of a SPAKE2 message (a side byte and a curve point), of a look's nonce.
PAKE_BYTES: Final = 33
NONCE_BYTES: Final = 12
#: The most offers one joiner tries (a stranger who knows the place may answer its look too).
MAX_OFFERS: Final = 8


@dataclass(frozen=True)
class PictureCode:
    """A code: :data:`CODE_LENGTH` indices into :data:`PICTURES`.

    >>> PictureCode((0, 1, 2, 3, 4, 5)).names[:2]
    ('star', 'apple')
    """

    pictures: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.pictures) != CODE_LENGTH or not all(
            isinstance(p, int) and 0 <= p < len(PICTURES) for p in self.pictures
        ):
            raise ValueError(f"a code is {CODE_LENGTH} pictures, each 0 to {len(PICTURES) - 1}")

    @classmethod
    def random(cls) -> PictureCode:
        """A fresh code from the system's secure random source."""
        return cls(tuple(secrets.randbelow(len(PICTURES)) for _ in range(CODE_LENGTH)))

    @classmethod
    def from_names(cls, names: tuple[str, ...] | list[str]) -> PictureCode:
        """The code of these picture names (raises ValueError for an unknown one)."""
        return cls(tuple(PICTURES.index(name) for name in names))

    @property
    def names(self) -> tuple[str, ...]:
        """The pictures, by name."""
        return tuple(PICTURES[p] for p in self.pictures)

    @property
    def password(self) -> bytes:
        """The SPAKE2 password: the whole code."""
        return b"doolhof code " + ",".join(str(p) for p in self.pictures).encode()


def window(wall: float) -> int:
    """The ten minutes (:data:`PLACE_SECONDS`) the wall-clock time *wall* falls in."""
    return math.floor(wall / PLACE_SECONDS)


def place(code: PictureCode, at: int) -> str:
    """The meeting place of *code* in window *at* (slow: one scrypt; run it off the frame loop).

    >>> place(PictureCode((0, 1, 2, 3, 4, 5)), 0)[:1], len(place(PictureCode((0, 1, 2, 3, 4, 5)), 0))
    ('m', 33)
    """
    salt = b"doolhof meeting place|%d" % at
    return "m" + Scrypt(salt=salt, length=16, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P).derive(code.password).hex()


def host_window(wall: float) -> int:
    """The window a host's code made at wall-clock time *wall* meets in."""
    return window(wall)


def join_windows(wall: float) -> list[int]:
    """The windows a joiner at wall-clock time *wall* looks in: the host made its code at most
    :data:`CODE_SECONDS` ago, on a clock up to :data:`PLACE_SKEW` off (one window, or two near a change).

    >>> join_windows(1000.0), join_windows(1250.0)
    ([1], [1, 2])
    """
    return sorted({window(wall - CODE_SECONDS - PLACE_SKEW), window(wall + PLACE_SKEW)})


def topic(where: str, name: str) -> str:
    """A topic of the meeting place *where*."""
    return channel_topic(where, name)


@dataclass(frozen=True)
class Paired:
    """The exchange worked: the other computer's *hello*, the *secret* both now share, and (for the
    joiner) the room *welcome* the host sent."""

    hello: dict[str, Any]
    secret: bytes
    welcome: dict[str, Any]


class PairingFailed(Exception):
    """The code did not work: *why* is a real wrong guess (the host's :attr:`~Trouble.CODE_USED`, the joiner's
    :attr:`~Trouble.WRONG_CODE`) or :attr:`~Trouble.VERSION`."""

    def __init__(self, why: Trouble, refusal: bytes | None = None) -> None:
        """*refusal* is the sealed ``result`` that says it (the host's, to send)."""
        self.why = why
        self.refusal = refusal
        super().__init__(why.value)


def _sealer(secret: bytes) -> Sealer:
    return Sealer(derive(secret, "pairing confirm"))


def _pake_of(value: object) -> bytes:
    """A well-formed SPAKE2 message's bytes; raises :class:`Refused`."""
    return wire.unb64(value, PAKE_BYTES)


def _digest(pake: bytes) -> str:
    return hashlib.sha256(b"doolhof offer|" + pake).hexdigest()[:32]


def _finish(pake: SPAKE2_Symmetric, message: bytes) -> bytes:
    try:
        return bytes(pake.finish(message))
    except (SPAKEError, ValueError, TypeError) as error:
        raise Refused("malformed", "pairing message") from error


def look(nonce: bytes) -> bytes:
    """A ``look``: is a host here?"""
    return wire.dumps({"n": wire.b64(nonce)})


def read_look(payload: bytes) -> bytes:
    """The nonce of a well-formed ``look``; raises :class:`Refused`."""
    return wire.unb64(wire.loads(payload).get("n"), NONCE_BYTES)


class HostPairing:
    """The host's side of one code: offer, then answer the first join that answers its offer."""

    def __init__(self, code: PictureCode, hello: dict[str, Any], where: str) -> None:
        """*hello* is what the host tells the joiner about itself (see :mod:`doolhof.online.room`); *where*
        the code's meeting place."""
        self.code = code
        self.hello = hello
        self.where = where
        self._pake = SPAKE2_Symmetric(code.password, idSymmetric=_IDENTITY)
        self.message = bytes(self._pake.start())
        self.digest = _digest(self.message)
        self.done = False

    def offer(self, to: bytes = b"") -> bytes:
        """The ``offer`` (in answer to the look of nonce *to*, or unprompted)."""
        return wire.dumps({"pake": wire.b64(self.message), "rules": RULES, "to": wire.b64(to)})

    def answer(self, join: bytes, welcome: dict[str, Any]) -> tuple[bytes, Paired]:
        """Answer a ``join``: the sealed ``result`` and what was agreed.

        Raises :class:`Refused` for a join that is not well-formed or answers another offer (it ends
        nothing), :class:`PairingFailed` for a real wrong guess (:attr:`~Trouble.CODE_USED`: this code is used
        up) or another rules version (:attr:`~Trouble.VERSION`, with the sealed refusal to send). *welcome*
        (the room invitation) is sealed into the result when the code was right.
        """
        if self.done:
            raise Refused("replayed", "join")
        data = wire.loads(join)
        theirs = _pake_of(data.get("pake"))
        if data.get("offer") != self.digest or theirs == self.message:
            raise Refused("malformed", "join")  # another offer's, or our own reflected
        confirm = wire.unb64(data.get("confirm"))
        secret = _finish(self._pake, theirs)  # a malformed point raises Refused
        self.done = True  # a SPAKE2 exchange was made: from here on the code is used, right or wrong
        try:
            hello = wire.loads(_sealer(secret).open(topic(self.where, "join"), confirm))
        except Refused:
            raise PairingFailed(Trouble.CODE_USED) from None
        if hello.get("rules") != self.hello.get("rules", RULES):
            refusal = _sealer(secret).seal(topic(self.where, "result"), wire.dumps({"ok": False, "why": "version"}))
            raise PairingFailed(Trouble.VERSION, refusal)
        sealed = _sealer(secret).seal(topic(self.where, "result"),
                                      wire.dumps({"ok": True, "welcome": welcome, "hello": self.hello}))
        return sealed, Paired(hello, secret, welcome)


class JoinPairing:
    """The joiner's side: answer the well-formed offers (a few at most), read the sealed result."""

    def __init__(self, code: PictureCode, hello: dict[str, Any], where: str) -> None:
        """*hello* is what the joiner tells the host about itself; *where* the meeting place it looks in."""
        self.code = code
        self.hello = hello
        self.where = where
        #: The secret of each offer answered (by its digest).
        self._secrets: dict[str, bytes] = {}
        self.their_rules: str | None = None

    def join(self, offer: bytes) -> bytes | None:
        """The ``join`` answering *offer*, or None for an offer already answered (or too many);
        raises :class:`Refused` when it is not well-formed."""
        data = wire.loads(offer)
        theirs = _pake_of(data.get("pake"))
        digest = _digest(theirs)
        if digest in self._secrets or len(self._secrets) >= MAX_OFFERS:
            return None
        pake = SPAKE2_Symmetric(self.code.password, idSymmetric=_IDENTITY)
        mine = bytes(pake.start())
        secret = _finish(pake, theirs)
        self._secrets[digest] = secret
        if isinstance(data.get("rules"), str):
            self.their_rules = data["rules"]
        confirm = _sealer(secret).seal(topic(self.where, "join"), wire.dumps(self.hello))
        return wire.dumps({"pake": wire.b64(mine), "offer": digest, "confirm": wire.b64(confirm)})

    def result(self, result: bytes) -> Paired:
        """What the host answered; raises :class:`Refused` for a result that opens with none of the keys
        (not the host's: dropped), :class:`PairingFailed` for the host's sealed refusal (:attr:`~Trouble.VERSION`,
        or :attr:`~Trouble.WRONG_CODE`)."""
        for secret in self._secrets.values():
            try:
                content = wire.loads(_sealer(secret).open(topic(self.where, "result"), result))
            except Refused:
                continue
            if content.get("ok") is not True:
                raise PairingFailed(Trouble.VERSION if content.get("why") == "version" else Trouble.WRONG_CODE)
            welcome, hello = content.get("welcome"), content.get("hello")
            if not isinstance(welcome, dict) or not isinstance(hello, dict):
                raise Refused("malformed", "result")
            return Paired(hello, secret, welcome)
        raise Refused("altered", "result")


def friend_secret(secret: bytes) -> bytes:
    """The long-term secret two paired computers keep to find each other again without a code."""
    return derive(secret, "remembered computer", KEY_BYTES)


__all__ = [
    "CODE_LENGTH", "CODE_SECONDS", "MAX_OFFERS", "NONCE_BYTES", "PAKE_BYTES", "PICTURES", "SCRYPT_N", "SCRYPT_P",
    "SCRYPT_R", "HostPairing", "JoinPairing", "Paired", "PairingFailed", "PictureCode", "friend_secret",
    "host_window", "join_windows", "look", "place", "read_look", "topic", "window",
]
