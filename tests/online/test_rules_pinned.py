"""Two computers play together only with the same rules (doolhof.online.log.RULES): this notices a change.

Whole games from a fixed genesis, played by seeded random players, must end in the same log and the same
state as when RULES was last set. When a rule, a deal or a game's data changes, these digests change:
then raise RULES (so old and new Doolhofs refuse each other with a clear message instead of falling out of
step mid-game) and write the new digests here. A change of the random players alone changes them too;
then only the digests need writing.
"""

from __future__ import annotations

import pytest

from doolhof.online.log import RULES, Genesis, MoveLog, state_digest
from doolhof.online.simulate import chooser
from doolhof.session.seats import SeatConfig, TableSetup

#: (variant, seats) -> (entries, the log's head, the final state), digests cut to 16 hex digits.
PINNED = {
    ("junior", 2): (786, "323216858d0a0c3f", "b7e227134be2e78d"),
    ("junior-own", 3): (626, "6e4c329d4aeb10ba", "e4705771c5839f86"),
    ("classic", 4): (3288, "1fd5585d681495cd", "158ebf6a35d2e0ce"),
    ("cards", 2): (51, "e72856b0dc3ad319", "7f32cecfa7625075"),
    ("cards", 5): (52, "f47ad87faa8d9d63", "74f80aa28c37bb9a"),
}


@pytest.mark.parametrize(("variant", "seats"), sorted(PINNED))
def test_the_rules_are_those_of_this_rules_version(variant: str, seats: int) -> None:
    table = TableSetup(variant, tuple(SeatConfig() for _ in range(seats)))
    genesis = Genesis(table, tuple("ab"[s % 2] * 8 for s in range(seats)), 12345, "rpinnedrules01")
    log, pick = MoveLog(genesis), chooser(variant, "random", 7)
    while not log.game.is_over():
        log.author(genesis.owners[log.game.current_player], pick(log.game.copy()))
    played = (len(log), log.head[:16], state_digest(log.game)[:16])
    assert played == PINNED[(variant, seats)], f"the rules changed: raise RULES ({RULES}) and pin {played}"
