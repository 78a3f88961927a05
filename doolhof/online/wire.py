"""The bytes on the wire: canonical JSON with hard limits, and the digests of the move log.

Every message is a small JSON object. :func:`dumps` writes it canonically (sorted keys, no spaces,
ASCII), so the same data always gives the same bytes and the same :func:`digest`; :func:`loads`
reads at most :data:`MAX_PLAIN` bytes and refuses anything that is not an object.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any, Final

from .errors import Refused

#: The largest plaintext of any message, in bytes (the largest real one, a card game's setup, is
#: well under 1 kB). The relay's ``max_packet_size`` (8192) leaves room for the seal and the topic.
MAX_PLAIN: Final = 6000


def dumps(data: Any) -> bytes:
    """*data* as canonical JSON bytes.

    >>> dumps({"b": 1, "a": [True, None]})
    b'{"a":[true,null],"b":1}'
    """
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode()


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(raw: bytes) -> dict[str, Any]:
    """Read one message object; raises :class:`Refused` (``oversized`` or ``malformed``)."""
    if len(raw) > MAX_PLAIN:
        raise Refused("oversized", f"{len(raw)} bytes")
    try:
        data = json.loads(raw.decode("ascii"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused("malformed", "not JSON") from None
    if not isinstance(data, dict):
        raise Refused("malformed", "not an object")
    return data


def digest(data: Any) -> str:
    """The SHA-256 of *data*'s canonical JSON, as 64 hex digits.

    >>> digest({"a": 1}) == digest({"a": 1}) != digest({"a": 2})
    True
    """
    return hashlib.sha256(dumps(data)).hexdigest()


def b64(raw: bytes) -> str:
    """*raw* as URL-safe base64 text without padding."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def unb64(text: object, size: int | None = None) -> bytes:
    """Read :func:`b64` text (of exactly *size* bytes when given); raises :class:`Refused` (``malformed``)."""
    if not isinstance(text, str) or len(text) > 2 * MAX_PLAIN:
        raise Refused("malformed", "not base64 text")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        raise Refused("malformed", "not base64 text") from None
    if size is not None and len(raw) != size:
        raise Refused("malformed", "wrong length")
    return raw


def field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """``data[name]`` when it is of *kind* (never a bool for int); raises :class:`Refused` (``malformed``)."""
    value = data.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        raise Refused("malformed", f"field {name}")
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


__all__ = ["MAX_PLAIN", "b64", "digest", "dumps", "field", "loads", "unb64"]
