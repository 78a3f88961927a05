"""Two computers play together only with the same rules (doolhof.online.log.RULES): this notices a change.

Whole games from a fixed genesis, played by seeded random players, must end in the same log and the same
state as when RULES was last set. When a rule, a deal or a game's data changes, these digests change:
then raise RULES (so old and new Doolhofs refuse each other with a clear message instead of falling out of
step mid-game) and write the new digests here. A change of the random players alone changes them too;
then only the digests need writing.
"""

from __future__ import annotations

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from doolhof.online.log import RULES, Genesis, MoveLog, public_key, state_digest
from doolhof.online.simulate import chooser
from doolhof.session.seats import SeatConfig, TableSetup

#: (variant, seats) -> (entries, the log's head, the final state), digests cut to 16 hex digits.
PINNED = {
    ("junior", 2): (786, "abd0b39e6271d070", "b7e227134be2e78d"),
    ("junior-own", 3): (626, "9b7414c16c5adb86", "e4705771c5839f86"),
    ("classic", 4): (3288, "91a96d5d2fe8db82", "158ebf6a35d2e0ce"),
    ("cards", 2): (51, "9c85b9d4a03d09c0", "7f32cecfa7625075"),
    ("cards", 5): (52, "a2cfdb1579466334", "74f80aa28c37bb9a"),
}


@pytest.mark.parametrize(("variant", "seats"), sorted(PINNED))
def test_the_rules_are_those_of_this_rules_version(variant: str, seats: int) -> None:
    table = TableSetup(variant, tuple(SeatConfig() for _ in range(seats)))
    # fixed keys (Ed25519 signatures are deterministic): the same moves give the same signed log
    signers = [Ed25519PrivateKey.from_private_bytes(bytes([n + 1]) * 32) for n in range(2)]
    genesis = Genesis(table, tuple("ab"[s % 2] * 8 for s in range(seats)), 12345, "rpinnedrules01",
                      tuple(public_key(signers[s % 2]) for s in range(seats)))
    log, pick = MoveLog(genesis), chooser(variant, "random", 7)
    while not log.game.is_over():
        log.author(signers[log.game.current_player % 2], pick(log.game.copy()))
    played = (len(log), log.head[:16], state_digest(log.game)[:16])
    assert played == PINNED[(variant, seats)], f"the rules changed: raise RULES ({RULES}) and pin {played}"
