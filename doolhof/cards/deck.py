"""The 50 cards of the labyrinth card game (C1, C3): one data table, checked by the tests.

Every card shows two different treasures; each of the 25 treasures is on exactly four cards; every
card has 3 to 8 open ports in one or two networks whose paths do not cross; some carry both
treasures on one network, others one on each; no two cards are the same up to rotation. The
table was tuned by simulation (see ``docs/cards.md``).

>>> len(DECK), len(TREASURES), deck_problems(DECK)
(50, 25, [])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from .card import Card
from .ports import crossing

#: The treasures: the big board's 24 pictures plus one of the card game's own (``"kite"``).
TREASURES: Final[tuple[str, ...]] = (
    "star", "apple", "fish", "key", "crown", "sun", "moon", "flower", "ball", "boat", "house", "tree",
    "heart", "bell", "car", "cat", "bird", "cake", "hat", "leaf", "rocket", "umbrella", "cup", "mushroom",
    "kite",
)

#: The deck as card text (see :mod:`doolhof.cards.card`), in no particular order.
DECK_TEXT: Final[tuple[str, ...]] = (
    '0235:|7:bird,fish',
    '34567:cup,fish',
    '35:bell|6:cup',
    '25:apple|4:leaf',
    '036:|45:kite,mushroom',
    '06:ball|14:sun',
    '1:|357:heart,leaf',
    '01236:flower|5:key',
    '147:house,umbrella',
    '23456:bell,rocket',
    '26:|3:boat,cat',
    '0:kite|2346:key',
    '05:bird,house|4:',
    '0146:|5:hat,tree',
    '12:apple,cat|6:',
    '345:rocket|7:fish',
    '05:rocket|4:cake',
    '012:star|57:cat',
    '15:heart|23:kite',
    '0:flower,mushroom|347:',
    '157:cup,mushroom|34:',
    '0:umbrella|12:apple',
    '07:cake|4:crown',
    '27:|46:boat,car',
    '2346:crown,umbrella',
    '0235:|1:bell,boat',
    '06:heart,moon|45:',
    '124:car,hat',
    '1:sun|37:boat',
    '01234567:cake,car',
    '03:leaf,star|4567:',
    '0346:moon|7:apple',
    '2:bird,tree|36:',
    '0246:fish,kite',
    '15:flower|7:ball',
    '16:sun|2:moon',
    '023:|4:hat,house',
    '1:star|2357:cake',
    '1567:cat,leaf',
    '01:rocket|3:flower',
    '237:crown|4:star',
    '07:hat|34:ball',
    '167:|5:house,tree',
    '246:tree|5:ball',
    '27:|3456:cup,sun',
    '04:|3:moon,mushroom',
    '0:bird|345:car',
    '127:|4:key,umbrella',
    '026:crown,heart',
    '047:|56:bell,key',
)

#: The 50 cards (C1).
DECK: Final[tuple[Card, ...]] = tuple(Card.from_text(text) for text in DECK_TEXT)


def deck_problems(cards: Sequence[Card]) -> list[str]:
    """Every way *cards* breaks the deck design of C1 and C3 (empty for a good deck)."""
    problems: list[str] = []
    if len(cards) != 50:
        problems.append(f"the deck has {len(cards)} cards, not 50 (C1)")
    counts = Counter(t for card in cards for t in card.treasures)
    if set(counts) != set(TREASURES):
        problems.append("the treasures are not the 25 of TREASURES (C1)")
    for name, n in sorted(counts.items()):
        if n != 4:
            problems.append(f"{name!r} is on {n} cards, not 4 (C1)")
    together = apart = 0
    for k, card in enumerate(cards):
        if len(card.treasures) != 2:
            problems.append(f"card {k} ({card.text()}) does not show exactly two treasures (C1)")
        if not 3 <= len(card.ports) <= 8:
            problems.append(f"card {k} ({card.text()}) has {len(card.ports)} open ports, not 3 to 8 (C3)")
        if len(card.networks) == 2 and crossing(card.networks[0].mask, card.networks[1].mask):
            problems.append(f"card {k} ({card.text()}) has crossing paths")
        if any(len(n.treasures) == 2 for n in card.networks):
            together += 1
        else:
            apart += 1
        for j in range(k):
            if card.same_up_to_rotation(cards[j]):
                problems.append(f"cards {j} and {k} are the same up to rotation (C3)")
    if not together or not apart:
        problems.append("the deck needs cards with both treasures on one network and cards with one on each (C3)")
    return problems


__all__ = ["DECK", "DECK_TEXT", "TREASURES", "deck_problems"]
