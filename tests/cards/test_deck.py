"""C1 and C3: the deck is 50 cards, 25 treasures on four cards each, and keeps the network rules."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from doolhof.cards import DECK, TREASURES, Card
from doolhof.cards.deck import DECK_TEXT, deck_problems
from doolhof.cards.ports import crossing

PICTURES = Path(__file__).resolve().parents[2] / "assets" / "pictures"


def test_c1_fifty_cards_two_different_treasures_each_every_treasure_on_four() -> None:
    assert len(DECK) == 50
    assert all(len(card.treasures) == 2 for card in DECK)
    counts = Counter(t for card in DECK for t in card.treasures)
    assert len(counts) == 25 and set(counts.values()) == {4}
    assert set(counts) == set(TREASURES)


def test_c1_the_pictures_are_the_big_boards_24_plus_one() -> None:
    from doolhof.engine.variants import CLASSIC_PICTURES

    assert set(CLASSIC_PICTURES) < set(TREASURES)
    assert set(TREASURES) - set(CLASSIC_PICTURES) == {"kite"}
    assert {p.stem for p in PICTURES.glob("*.svg")} >= set(TREASURES)  # kite too


def test_c3_ports_networks_and_variety() -> None:
    for card in DECK:
        assert 3 <= len(card.ports) <= 8
        assert 1 <= len(card.networks) <= 2
        assert all(net.ports for net in card.networks)
        assert sum(len(net.treasures) for net in card.networks) == 2  # each treasure on exactly one network
        if len(card.networks) == 2:
            assert not crossing(card.networks[0].mask, card.networks[1].mask)  # drawable without bridges
    together = [c for c in DECK if any(len(n.treasures) == 2 for n in c.networks)]
    assert 0 < len(together) < 50  # some carry both treasures on one network, others one on each
    assert Counter(len(c.ports) for c in DECK).keys() >= {3, 4, 5, 6}


def test_c3_no_two_cards_are_the_same_up_to_rotation() -> None:
    for i, a in enumerate(DECK):
        for b in DECK[:i]:
            assert not a.same_up_to_rotation(b)
    assert Card.from_text("0:a|2:b").same_up_to_rotation(Card.from_text("2:a|4:b"))


def test_the_deck_is_one_data_table_in_canonical_card_text() -> None:
    assert [c.text() for c in DECK] == list(DECK_TEXT)
    assert deck_problems(DECK) == []


def test_deck_problems_names_what_is_wrong() -> None:
    broken = list(DECK[:-1]) + [DECK[0]]
    problems = deck_problems(broken)
    assert any("same up to rotation" in p for p in problems)
    assert any("on 5 cards" in p for p in problems) and any("on 3 cards" in p for p in problems)
    assert any("49 cards" in p or "not 50" in p for p in deck_problems(DECK[:49]))
