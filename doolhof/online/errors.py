"""Why a message from the relay is refused: a short reason to count and log, never the message itself.

A refused message changes nothing. The reasons are plain words (``"altered"``, ``"out-of-turn"`` ...)
so that logs and counters can say what went wrong without quoting what was sent: a message may hold
hidden cards, and those never appear in a log line or an error.

A refusal is not a :class:`~doolhof.online.trouble.Trouble`: a trouble is told to a parent (the relay is
out of reach, the code did not work), a refusal never is. Anyone can send anything to a relay, so a
refused message is only counted and logged and the game goes on as if it never came; the few refusals
that do change what a parent sees become a trouble where they are handled (another version of the rules:
:attr:`~doolhof.online.trouble.Trouble.VERSION`).
"""

from __future__ import annotations

from typing import Final, Literal

#: A reason a message is refused for (a typo is a type error: ``Refused("typo")`` does not pass mypy).
Reason = Literal["unsealed", "altered", "oversized", "malformed", "sender", "sequence", "chain", "fork",
                 "out-of-turn", "signature", "replayed", "illegal", "state", "version", "deal", "closed"]

#: Every reason a message can be refused for, with what it means (the log's words).
REASONS: Final[dict[Reason, str]] = {
    "unsealed": "not sealed with the room key (or not a Doolhof message)",
    "altered": "sealed, but not with this room's key, or changed on the way",
    "oversized": "larger than any Doolhof message",
    "malformed": "sealed with the room key, but not a message this version understands",
    "sender": "sent in the name of a computer that is not in the room",
    "sequence": "not the next entry of the move log",
    "chain": "does not follow the entry before it",
    "fork": "a different entry where the log already has one",
    "out-of-turn": "a move for a seat whose turn it is not, or not played from that seat's computer",
    "signature": "an entry not signed by the computer that plays its seat",
    "replayed": "an old message of the room sent again (its connection and count are not newer)",
    "illegal": "a move the rules do not allow now",
    "state": "the game after the move differs from the sender's",
    "version": "made by another version of Doolhof's rules",
    "deal": "a deal half that does not match its promise",
    "closed": "the room is closed",
}


class Refused(Exception):
    """A message that is not accepted; :attr:`reason` is one of :data:`REASONS`."""

    def __init__(self, reason: Reason, detail: str = "") -> None:
        """*detail* is a short, harmless note (a sequence number, a seat), never the message's content."""
        if reason not in REASONS:
            raise ValueError(f"unknown refusal reason {reason!r}")
        self.reason: Reason = reason
        self.detail = detail[:80]
        super().__init__(f"{reason}: {REASONS[reason]}" + (f" ({self.detail})" if self.detail else ""))


__all__ = ["REASONS", "Reason", "Refused"]
