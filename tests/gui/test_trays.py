"""The players' trays: collected secrets never land on the stack of own secrets still to find.

Found playing 4 players on the big board in a tall window: the third and fourth token slid
under the face-down stack at the tray's far end.
"""

from __future__ import annotations

import pygame
import pytest

from doolhof.gui.play.layout import play_layout
from doolhof.gui.play.shown import pile_cards, tray_box, tray_parts
from doolhof.session.seats import SeatConfig, TableSetup

SIZES = [(800, 600), (1024, 768), (1280, 800), (800, 1280), (1920, 1080), (600, 1000)]


@pytest.mark.parametrize("variant", ["classic", "junior-own"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_tokens_and_the_own_pile_never_overlap(variant: str, players: int) -> None:
    game = TableSetup(variant, tuple(SeatConfig() for _ in range(players))).new_game(seed=1)
    total = len(game.pile(0))
    assert total >= 3
    for window in SIZES:
        lay = play_layout(window, game.board.size, players)
        for seat in range(players):
            for current in (True, False):
                box = tray_box(lay.trays[seat], current)
                for found in range(total + 1):
                    portrait, size, centres = tray_parts(lay, seat, max(4, found + 1), pile=True)
                    stack = pile_cards(box, total - found, size)
                    for centre in centres[:found]:
                        token = pygame.Rect(0, 0, size, size)
                        token.center = centre
                        token = token.inflate(-2, -2)  # anti-aliased rims may touch
                        assert not any(token.colliderect(card) for card in stack), (
                            f"{window} seat {seat}: token {found} lies on the pile ({total - found} left)")
                        assert box.contains(token), f"{window} seat {seat}: token {found} sticks out of the tray"
                    assert not portrait.colliderect(stack[-1]) if stack else True


@pytest.mark.parametrize("window", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("variant", ["junior", "junior-own", "classic"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_token_found_shows_whole_and_apart(window: tuple[int, int], variant: str, players: int) -> None:
    """A child sees and counts what they found: up to all 12 secrets in one tray (a family's Junior game left
    10 of them a pile of overlapping discs), each token whole, none on another, on the portrait or off the tray,
    and big enough to tell apart (a third of a fingertip at least)."""
    from doolhof.gui.kit.boxes import least_tap

    game = TableSetup(variant, tuple(SeatConfig() for _ in range(players))).new_game(seed=1)
    own = game.variant.own_piles
    most = len(game.pile(0)) if own else 1 + len(game.deck)  # Junior: one seat may find every secret
    lay = play_layout(window, game.board.size, players)
    floor = max(14, least_tap(window) // 3)
    for seat in range(players):
        for current in (True, False):
            box = tray_box(lay.trays[seat], current)
            for found in range(1, most + 1):
                portrait, size, centres = tray_parts(lay, seat, max(4, found + 1), pile=own)
                assert size >= floor, f"{window} seat {seat}: {found} tokens of {size} px (below {floor})"
                tokens = []
                for centre in centres[:found]:
                    token = pygame.Rect(0, 0, size, size)
                    token.center = centre
                    tokens.append(token.inflate(-2, -2))  # anti-aliased rims may touch
                for k, token in enumerate(tokens):
                    assert box.contains(token), f"{window} seat {seat}: token {k + 1} of {found} sticks out"
                    assert not token.colliderect(portrait), f"{window} seat {seat}: token {k + 1} on the figure"
                    others = tokens[:k] + tokens[k + 1:]
                    assert token.collidelist(others) < 0, (
                        f"{window} {variant} {players}p seat {seat}: {found} tokens overlap ({size} px)")


@pytest.mark.parametrize("window", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("variant", ["junior", "classic"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_token_found_stays_put_while_the_size_stays(window: tuple[int, int], variant: str, players: int) -> None:
    """Nothing jumps: when the next secret lands, the tokens already there keep their places unless all of them
    had to get smaller to make room."""
    game = TableSetup(variant, tuple(SeatConfig() for _ in range(players))).new_game(seed=1)
    own = game.variant.own_piles
    lay = play_layout(window, game.board.size, players)
    for found in range(1, 12):
        _, size, before = tray_parts(lay, 0, max(4, found + 1), pile=own)
        _, size_after, after = tray_parts(lay, 0, max(4, found + 2), pile=own)
        if size_after == size:
            assert after[:found + 1] == before[:found + 1], (window, variant, players, found)
