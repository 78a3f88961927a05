"""Sealing messages with the room key: ChaCha20-Poly1305 (an AEAD) from the ``cryptography`` library.

The relay and anyone on it see only ciphertext. The topic a message is published on is the AEAD's
associated data, so a sealed message moved to another topic (another room, another log entry) no
longer opens. Every plaintext (JSON text) is padded with spaces to one of a few fixed sizes
(:data:`SIZES`) before sealing, so a message's length does not tell what kind of move it holds.
Keys for other purposes (the pairing's confirmation, a remembered computer's inbox)
are derived from a secret with HKDF-SHA256, each with its own purpose text.
"""

from __future__ import annotations

import os
from typing import Final

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from .errors import Refused

#: Bytes of a key, of a nonce, of the authentication tag.
KEY_BYTES: Final = 32
NONCE_BYTES: Final = 12
TAG_BYTES: Final = 16
#: The first byte of every sealed message: the seal's format, so a later one can be told apart.
FORMAT: Final = b"\x01"
#: The largest sealed message, in bytes: it and the topic must fit the relay's ``max_packet_size``.
MAX_SEALED: Final = 7000
#: The sizes a plaintext is padded to (with spaces, which JSON ignores): a push and a walk, a lay and a
#: small take all travel as 512 bytes. The largest is the largest plaintext (``wire.MAX_PLAIN``).
SIZES: Final = (256, 512, 1024, 2048, 4096, 6000)


def padded(plain: bytes) -> bytes:
    """*plain* with spaces up to the next of :data:`SIZES` (unchanged when it is larger than all).

    >>> len(padded(b'{"t":"here"}')), len(padded(bytes(300)))
    (256, 512)
    """
    size = next((s for s in SIZES if s >= len(plain)), len(plain))
    return plain + b" " * (size - len(plain))


def new_key() -> bytes:
    """A fresh random room key."""
    return os.urandom(KEY_BYTES)


class Sealer:
    """Seals and opens messages with one key."""

    __slots__ = ("_aead",)

    def __init__(self, key: bytes) -> None:
        """*key* is :data:`KEY_BYTES` random bytes (a room key or a derived key)."""
        if len(key) != KEY_BYTES:
            raise ValueError(f"a key is {KEY_BYTES} bytes, not {len(key)}")
        self._aead = ChaCha20Poly1305(key)

    def seal(self, topic: str, plain: bytes) -> bytes:
        """*plain* (JSON text), :func:`padded` and sealed for *topic*: format byte, random nonce, ciphertext
        with its tag. The padding is inside the seal; JSON readers skip it (an older Doolhof's too)."""
        nonce = os.urandom(NONCE_BYTES)
        return FORMAT + nonce + self._aead.encrypt(nonce, padded(plain), topic.encode())

    def open(self, topic: str, sealed: bytes) -> bytes:
        """The plaintext of *sealed* published on *topic*; raises :class:`Refused`.

        ``unsealed`` for anything not in the seal's format, ``altered`` when the key, the topic or a
        single byte differs, ``oversized`` above :data:`MAX_SEALED`.
        """
        if len(sealed) > MAX_SEALED:
            raise Refused("oversized", f"{len(sealed)} bytes")
        if len(sealed) < 1 + NONCE_BYTES + TAG_BYTES or sealed[:1] != FORMAT:
            raise Refused("unsealed")
        nonce = sealed[1:1 + NONCE_BYTES]
        try:
            return self._aead.decrypt(nonce, sealed[1 + NONCE_BYTES:], topic.encode()).rstrip(b" ")
        except InvalidTag:
            raise Refused("altered") from None


def derive(secret: bytes, purpose: str, size: int = KEY_BYTES) -> bytes:
    """A key for *purpose* derived from *secret* (HKDF-SHA256); other purposes give unrelated keys."""
    return HKDF(algorithm=hashes.SHA256(), length=size, salt=None, info=b"doolhof " + purpose.encode()).derive(secret)


__all__ = ["FORMAT", "KEY_BYTES", "MAX_SEALED", "SIZES", "Sealer", "derive", "new_key", "padded"]
