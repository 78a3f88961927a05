"""Every online trouble (:class:`~doolhof.online.trouble.Trouble`) in the parents' words, with the child's
picture: the only place that says one.

A trouble has one sentence for the parent (on the trouble card of the invite, join and lobby screens) and a
picture for the child. During a game some troubles are said differently: the parents' menu says what to do
(:func:`game_sentence`), the waiting sign over the game says in one short line why the game waits
(:func:`sign_sentence`). The sentences are message ids for ``_()`` (docs/translating.md): translated when
asked for, so a language switch shows at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from doolhof.i18n import N_, _
from doolhof.online.trouble import Trouble


@dataclass(frozen=True)
class Words:
    """How one trouble is told: *said* to the parent, *picture* (an icon) for the child, *crossed* with a small
    cross over it (no link); *in_game* and *sign* where a game says it otherwise (None: as *said*)."""

    said: str
    picture: str
    crossed: bool = False
    in_game: str | None = None
    sign: str | None = None


#: Each trouble's words. The pictures: the globe with a cross (no link), the arrow round of "again" for a
#: wrong code (said calmly: just try again), a cross alone for a code that cannot work, the hourglass for
#: a game that waits.
WORDS: Final[dict[Trouble, Words]] = {
    Trouble.RELAY: Words(
        N_("The relay cannot be reached. Check the relay address in the parents' settings "
           "and the internet connection, then try again."), "globe", crossed=True),
    Trouble.LOST: Words(
        N_("The connection to the relay was lost. Doolhof tries again by itself."), "globe", crossed=True,
        in_game=N_("The relay cannot be reached just now. The game waits and goes on by itself when the connection"
                   " is back; check the internet connection or the relay address in the settings."),
        sign=N_("No connection to the relay. The game waits.")),
    Trouble.EXPIRED: Words(N_("The pictures are no longer valid. Make a new code."), "cross"),
    Trouble.BUSY: Words(N_("Another code is using these pictures on the relay just now. Make a new code."), "cross"),
    Trouble.CODE_USED: Words(
        N_("The other computer tapped other pictures, so this code ends. Make a new code."), "again"),
    Trouble.WRONG_CODE: Words(N_("These pictures did not work. Ask for a new code and tap it in."), "again"),
    Trouble.VERSION: Words(
        N_("The other computer has another version of Doolhof: update both."), "cross",
        in_game=N_("The other computer has another version of Doolhof. Update Doolhof on both computers, then"
                   " start a new game."),
        sign=N_("The other computer has another version of Doolhof.")),
    Trouble.REBUILT: Words(
        N_("This game was out of step with the other computer and has been put right from the moves both"
           " computers agree on."), "again"),
    Trouble.AWAY: Words(N_("Waiting for the other computer…"), "wait"),
}


def card_sentence(why: Trouble) -> str:
    """The parent's sentence for *why* on a trouble card (translated now)."""
    return _(WORDS[why].said)


def game_sentence(why: Trouble) -> str:
    """What the parents' menu says about *why* during a game (translated now)."""
    words = WORDS[why]
    return _(words.in_game or words.said)


def sign_sentence(why: Trouble) -> str:
    """The waiting sign's short line for *why* during a game (translated now)."""
    words = WORDS[why]
    return _(words.sign or words.said)


def picture(why: Trouble) -> tuple[str, bool]:
    """The child's picture for *why*: the icon's name, and whether a small cross lies over it."""
    words = WORDS[why]
    return words.picture, words.crossed


__all__ = ["WORDS", "Words", "card_sentence", "game_sentence", "picture", "sign_sentence"]
