"""Every trouble a parent (and, in a picture, the child) can be told about online: one vocabulary.

The online side names what went wrong with a :class:`Trouble`; the screens say it in the parents'
language with a picture for the child (:mod:`doolhof.gui.online.trouble_words`, the only place that
has the words). A trouble is not a refusal: a refused message (:mod:`doolhof.online.errors`) is counted
and logged and changes nothing, and no parent is ever told about one.
"""

from __future__ import annotations

from enum import Enum


class Trouble(str, Enum):
    """One kind of online trouble; its value is the word the logs use (``"online trouble shown: lost"``)."""

    #: The relay cannot be reached: no connection came up, or the relay did not answer in time.
    RELAY = "relay"
    #: The connection to the relay was lost (Doolhof tries again by itself; during a game the game waits).
    LOST = "lost"
    #: The joiner's pictures did not work: wrong, used, expired, or never made.
    WRONG_CODE = "code"
    #: The host's code is used up: the other computer tapped other pictures.
    CODE_USED = "host-code"
    #: The host's code ran out of minutes.
    EXPIRED = "expired"
    #: Another host shows the same pictures on the relay just now.
    BUSY = "busy"
    #: The other computer has another version of Doolhof's rules.
    VERSION = "version"
    #: During a game: this game was out of step with the far computer and was put right from the agreed log.
    REBUILT = "rebuilt"
    #: During a game: the far computer cannot be heard (it left, or this computer's link is down).
    AWAY = "away"

    def __str__(self) -> str:
        """The plain word (as :class:`enum.StrEnum` does from Python 3.11), so logs read ``lost``."""
        return self.value


__all__ = ["Trouble"]
