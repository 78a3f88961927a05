"""The six figure colours stay clearly apart for colour-blind players: every pair, under each simulated vision.

Colour vision is simulated as :mod:`tests.gui.colour_vision` says (Machado et al. 2009, CIE76 ΔE). A ΔE of
about 2 is just noticeable; we want figures that a child tells apart at a glance from across the room.
"""

from __future__ import annotations

import itertools

import pytest

from doolhof.gui.kit.art import FIGURE_SEATS
from doolhof.gui.kit.theme import SEAT_COLORS
from tests.gui.colour_vision import MACHADO, MIN_DELTA_E, delta_e, seen


def test_every_figure_has_a_colour() -> None:
    """All six figures (the card game seats up to six) are checked, not just the maze game's four."""
    assert len(SEAT_COLORS) == FIGURE_SEATS == 6
    assert len(set(SEAT_COLORS)) == 6


@pytest.mark.parametrize("vision", sorted(MACHADO))
def test_seat_colours_stay_apart(vision: str) -> None:
    looks = [seen(c, vision) for c in SEAT_COLORS]
    for (i, a), (j, b) in itertools.combinations(enumerate(looks), 2):
        assert delta_e(a, b) >= MIN_DELTA_E, f"seats {i} and {j} look alike under {vision}"


def test_a_grey_pair_would_fail() -> None:
    """The check can fail: two colours differing only in red/green hue merge under deuteranopia."""
    red, green = seen((200, 120, 40), "deuteranopia"), seen((150, 140, 40), "deuteranopia")
    assert delta_e(red, green) < MIN_DELTA_E
