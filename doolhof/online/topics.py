"""Where messages go on a relay: the topic tree of a channel, and a message to publish.

Below the transport (:mod:`doolhof.online.relay`) and the protocols (rooms, codes, invitations), so
both speak of the same things without one importing the other. Every channel (a room, a code's
meeting place, two remembered computers' own) is the tree ``doolhof/c/<channel>/...``; the shipped relay's
ACL lets a client read and write only the tree named by its user name.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .timeouts import RETAIN_SECONDS

#: The root of every channel's topic tree.
ROOT: Final = "doolhof/c"


def channel_base(channel: str) -> str:
    """The topic tree of *channel*.

    >>> channel_base("pair-001")
    'doolhof/c/pair-001'
    """
    return f"{ROOT}/{channel}"


def channel_topic(channel: str, *parts: object) -> str:
    """A topic of *channel*'s tree.

    >>> channel_topic("pair-001", "host")
    'doolhof/c/pair-001/host'
    """
    return "/".join([channel_base(channel), *(str(p) for p in parts)])


class Publish(NamedTuple):
    """A message to publish: *payload* on *topic*, *retain*-ed or not (empty + retained clears); a retained
    one expires on the relay after *expiry* seconds."""

    topic: str
    payload: bytes
    retain: bool
    expiry: int = RETAIN_SECONDS


__all__ = ["ROOT", "Publish", "channel_base", "channel_topic"]
