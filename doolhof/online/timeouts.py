"""Every time limit of online play, in seconds, in one place.

The protocols (:mod:`~doolhof.online.pairing`, :mod:`~doolhof.online.meeting`, the room), the transport
(:mod:`~doolhof.online.relay`) and the online screens read them from here.
"""

from __future__ import annotations

from typing import Final

#: How long a waiting game lasts (the relay keeps nothing of it; a will or a message of ours asks no longer).
RETAIN_SECONDS: Final = 7 * 24 * 3600
#: How long this computer keeps a waiting online game after its last change, and the news of one ended here.
KEEP_SECONDS: Final = RETAIN_SECONDS
#: How long a picture code lasts, and a remembered computer's invitation waits.
CODE_SECONDS: Final = 180
#: How long a joiner waits for the host's offer and answer before saying the code did not work.
JOIN_SECONDS: Final = 15.0
#: How long a joiner waits, once its look is on the relay, for a live host to answer it with an offer
#: (nothing is retained: no answer means no host on that meeting place).
LOOK_SECONDS: Final = 4.0
#: The windows of wall-clock time a meeting place is made for (a precomputed table of all codes' places is
#: good for one window only), and how far two homes' clocks may differ.
PLACE_SECONDS: Final = 600
PLACE_SKEW: Final = 60
#: How long stopping a code or an invitation waits for the relay to take it back (the screen waits that
#: long at most when the relay is slow; when it is gone, not at all).
WITHDRAW_SECONDS: Final = 0.5
#: How long leaving or closing a room waits for the relay to acknowledge what was sent.
SEND_SECONDS: Final = 2.0
#: How long a link (a code, an invitation, a room) may take to reach the relay before the parent is told
#: it cannot.
REACH_SECONDS: Final = 10.0
#: The longest a room stays open after the game to hear that the far side has it all (then it is left to
#: expire on the relay; nothing is lost: both sides hold the whole game).
CLOSE_SECONDS: Final = 10.0
#: Seconds between keep-alive pings; the relay notices a silent drop after 1.5 times this.
KEEPALIVE: Final = 10
#: How long the relay waits before publishing the last will ("away").
WILL_DELAY: Final = 3
#: How long the relay keeps a dropped client's session (its subscriptions and queued messages).
SESSION_SECONDS: Final = 120
#: How often a room another window of Doolhof plays asks again whether that window let go of it.
HOLD_RETRY_SECONDS: Final = 0.5
#: How long testing a relay address (the parents' "Test") waits for an answer.
CHECK_SECONDS: Final = 3.0

__all__ = [
    "CHECK_SECONDS", "CLOSE_SECONDS", "CODE_SECONDS", "HOLD_RETRY_SECONDS", "JOIN_SECONDS", "KEEPALIVE",
    "KEEP_SECONDS", "LOOK_SECONDS",
    "PLACE_SECONDS", "PLACE_SKEW", "REACH_SECONDS",
    "RETAIN_SECONDS", "SEND_SECONDS", "SESSION_SECONDS", "WILL_DELAY", "WITHDRAW_SECONDS",
]
