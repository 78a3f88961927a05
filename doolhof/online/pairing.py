"""Joining with pictures: a short code of treasure pictures and a password-authenticated key exchange.

The host's screen shows :data:`CODE_LENGTH` pictures; the other side taps them in. The first
:data:`SLOT_PICTURES` name the *slot*, the relay channel where the two meet (public, like
magic-wormhole's nameplate); all of them are the password of a SPAKE2 exchange (the ``spake2``
package, as magic-wormhole uses it). Watching the relay reveals nothing: the exchanged messages
give no way to test a guess offline, and each side learns the other had the same code only
through the key they then share. A code works once: the host answers the first join and then
clears the slot; a wrong guess ends it (one guess per code: an attacker wins with a chance of 1 in
12**4 = 20,736 and makes the host show a new code); it expires after :data:`CODE_SECONDS`.

The wire, on channel ``pair-NNN`` (topics ``doolhof/c/pair-NNN/...``):

``host``    retained, plain: ``{"pake": ..., "rules": ...}`` the host's SPAKE2 message
``join``    plain: ``{"pake": ..., "confirm": ...}`` the joiner's, with its hello sealed by the new key
``result``  plain: ``{"ok": false, "why": "code"|"version"}`` or ``{"ok": true, "welcome": ...}``
            with the room invitation sealed by the new key
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Final

from spake2 import SPAKE2_Symmetric
from spake2.spake2 import SPAKEError

from doolhof.engine.variants import JUNIOR_PICTURES

from . import wire
from .errors import Refused
from .log import RULES
from .seal import KEY_BYTES, Sealer, derive
from .timeouts import CODE_SECONDS
from .topics import channel_topic

#: The pictures a code is made of: the maze's twelve Junior pictures (the keypad shows them all).
PICTURES: Final = JUNIOR_PICTURES
#: Pictures in a code, and how many of them name the slot.
CODE_LENGTH: Final = 6
SLOT_PICTURES: Final = 2
#: SPAKE2's identity of both sides (the symmetric variant: host and joiner are alike).
_IDENTITY: Final = b"doolhof pairing 1"


@dataclass(frozen=True)
class PictureCode:
    """A code: :data:`CODE_LENGTH` indices into :data:`PICTURES`.

    >>> code = PictureCode((0, 1, 2, 3, 4, 5))
    >>> code.channel, code.names[:2]
    ('pair-001', ('star', 'apple'))
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
    def slot(self) -> int:
        """The slot the first pictures name (0 to 143)."""
        slot = 0
        for p in self.pictures[:SLOT_PICTURES]:
            slot = slot * len(PICTURES) + p
        return slot

    @property
    def channel(self) -> str:
        """The relay channel of the slot."""
        return f"pair-{self.slot:03d}"

    @property
    def password(self) -> bytes:
        """The SPAKE2 password: the whole code."""
        return b"doolhof code " + ",".join(str(p) for p in self.pictures).encode()


def topic(code: PictureCode, name: str) -> str:
    """A topic of the code's slot."""
    return channel_topic(code.channel, name)


@dataclass(frozen=True)
class Paired:
    """The exchange worked: the other computer's *hello*, the *secret* both now share, and (for the
    joiner) the room *welcome* the host sent."""

    hello: dict[str, Any]
    secret: bytes
    welcome: dict[str, Any]


class PairingFailed(Exception):
    """The code did not work: *why* is ``"code"`` (wrong, used or expired) or ``"version"``."""

    def __init__(self, why: str) -> None:
        """*why*: ``"code"`` or ``"version"``."""
        self.why = why
        super().__init__(why)


def _sealer(secret: bytes) -> Sealer:
    return Sealer(derive(secret, "pairing confirm"))


def _finish(pake: SPAKE2_Symmetric, message: object) -> bytes:
    try:
        return bytes(pake.finish(wire.unb64(message)))
    except (SPAKEError, ValueError, TypeError) as error:
        raise Refused("malformed", "pairing message") from error


class HostPairing:
    """The host's side of one code: offer, then answer the first join."""

    def __init__(self, code: PictureCode, hello: dict[str, Any]) -> None:
        """*hello* is what the host tells the joiner about itself (see :mod:`doolhof.online.room`)."""
        self.code = code
        self.hello = hello
        self._pake = SPAKE2_Symmetric(code.password, idSymmetric=_IDENTITY)
        self._message = self._pake.start()
        self.done = False

    def offer(self) -> bytes:
        """The retained message for the ``host`` topic."""
        return wire.dumps({"pake": wire.b64(self._message), "rules": RULES})

    def answer(self, join: bytes, welcome: dict[str, Any]) -> tuple[bytes, Paired]:
        """Answer a ``join``: the ``result`` to publish and what was agreed; raises :class:`PairingFailed`.

        Any join after the first is refused (the code is used). *welcome* (the room invitation) is
        sealed into the result when the code was right.
        """
        if self.done:
            raise PairingFailed("code")
        self.done = True
        data = wire.loads(join)
        try:
            secret = _finish(self._pake, data.get("pake"))
            hello = wire.loads(_sealer(secret).open(topic(self.code, "join"), wire.unb64(data.get("confirm"))))
        except Refused:
            raise PairingFailed("code") from None
        if hello.get("rules") != RULES:
            raise PairingFailed("version")
        sealed = _sealer(secret).seal(topic(self.code, "result"), wire.dumps({"welcome": welcome, "hello": self.hello}))
        return wire.dumps({"ok": True, "welcome": wire.b64(sealed)}), Paired(hello, secret, welcome)

    @staticmethod
    def refusal(why: str) -> bytes:
        """The plain ``result`` telling the joiner that the code did not work (*why*)."""
        return wire.dumps({"ok": False, "why": why})


class JoinPairing:
    """The joiner's side: read the host's offer, send the join, read the result."""

    def __init__(self, code: PictureCode, hello: dict[str, Any]) -> None:
        """*hello* is what the joiner tells the host about itself."""
        self.code = code
        self.hello = hello
        self._pake = SPAKE2_Symmetric(code.password, idSymmetric=_IDENTITY)
        self._message = self._pake.start()
        self._secret: bytes | None = None
        self.their_rules: str | None = None

    def join(self, offer: bytes) -> bytes:
        """The ``join`` message answering the host's *offer*; raises :class:`PairingFailed`."""
        try:
            data = wire.loads(offer)
            self.their_rules = data.get("rules") if isinstance(data.get("rules"), str) else None
            self._secret = _finish(self._pake, data.get("pake"))
        except Refused:
            raise PairingFailed("code") from None
        confirm = _sealer(self._secret).seal(topic(self.code, "join"), wire.dumps(self.hello))
        return wire.dumps({"pake": wire.b64(self._message), "confirm": wire.b64(confirm)})

    def result(self, result: bytes) -> Paired:
        """What the host answered; raises :class:`PairingFailed`."""
        try:
            data = wire.loads(result)
        except Refused:
            raise PairingFailed("code") from None
        if data.get("ok") is not True or self._secret is None:
            why = data.get("why")
            if self.their_rules is not None and self.their_rules != RULES:
                why = "version"
            raise PairingFailed(why if why in ("code", "version") else "code")
        try:
            opened = _sealer(self._secret).open(topic(self.code, "result"), wire.unb64(data.get("welcome")))
            content = wire.loads(opened)
        except Refused:
            raise PairingFailed("code") from None
        welcome, hello = content.get("welcome"), content.get("hello")
        if not isinstance(welcome, dict) or not isinstance(hello, dict):
            raise PairingFailed("code")
        return Paired(hello, self._secret, welcome)


def friend_secret(secret: bytes) -> bytes:
    """The long-term secret two paired computers keep to find each other again without a code."""
    return derive(secret, "remembered computer", KEY_BYTES)


__all__ = [
    "CODE_LENGTH", "CODE_SECONDS", "PICTURES", "SLOT_PICTURES", "HostPairing", "JoinPairing", "Paired",
    "PairingFailed", "PictureCode", "friend_secret", "topic",
]
