"""The seats' trays of taken cards: a child sees and counts what each player took (C7: a card is a point).

Found playing 2 to 6 seats: the trays fanned their cards over each other (a step of a third of a card),
so 17 taken cards were one striped blob and a child could not count them, nor tell who had more.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from doolhof.cards import CardGame
from doolhof.cards.deck import DECK
from doolhof.gui.cards import draw
from doolhof.gui.cards.layout import card_layout
from doolhof.gui.cards.scene import CardPlayScene
from doolhof.gui.kit.boxes import least_tap
from tests.gui.cards import helpers as h

WINDOWS = [(1280, 800), (800, 600), (800, 1280), (1024, 768)]
#: C1: 50 cards, and at least the last card laid stays on the table.
MOST_EVER = 49


def plenty(players: int) -> int:
    """More cards than one seat took in 40 games of clever computers (19, 15, 13, 10 and 10 for 2 to 6 seats)."""
    return 6 + 30 // players


def floor(window: tuple[int, int]) -> int:
    """The least side of a taken card a child still counts as a card: a fifth of a fingertip, at least 12 px."""
    return max(12, least_tap(window) // 5)


def apart(rects: list[pygame.Rect]) -> bool:
    """True when no two of *rects* overlap (anti-aliased rims may touch)."""
    inner = [r.inflate(-2, -2) for r in rects]
    return all(r.collidelist(inner[:k] + inner[k + 1:]) < 0 for k, r in enumerate(inner))


def card_rect(centre: tuple[float, float], side: float) -> pygame.Rect:
    rect = pygame.Rect(0, 0, round(side), round(side))
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_taken_card_lies_whole_and_apart_in_its_tray(window: tuple[int, int], players: int) -> None:
    """Up to every card a seat could ever take: each one whole inside its tray, none on another, none on the
    figure or the small hand; as big as a child counts them up to more cards than clever players take."""
    lay = card_layout(window, players)
    for seat, panel in enumerate(lay.seats):
        for count in range(1, MOST_EVER + 1):
            side, spots = draw.tray_spots(panel.tray, count)
            cards = [card_rect(spot, side) for spot in spots[:count]]
            for k, card in enumerate(cards):
                assert panel.tray.contains(card), f"{window} {players}p seat {seat}: card {k + 1} of {count} sticks out"
                assert card.collidelist([panel.figure, *panel.hand]) < 0, f"{window} card {k + 1} on the figure or hand"
            assert apart(cards), f"{window} {players}p seat {seat}: {count} taken cards overlap ({side} px)"
            if count <= plenty(players):
                assert side >= floor(window), f"{window} {players}p: {count} taken cards of {side} px"


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_taken_card_stays_put_while_the_size_stays(window: tuple[int, int], players: int) -> None:
    """Nothing jumps: when the next card lands, the cards already there keep their places unless all of them had
    to get smaller to make room."""
    tray = card_layout(window, players).seats[0].tray
    for count in range(MOST_EVER):
        side, before = draw.tray_spots(tray, count)
        side_after, after = draw.tray_spots(tray, count + 1)
        if side_after == side:
            assert after[:count + 1] == before[:count + 1], (window, players, count)


def taken_game(players: int) -> CardGame:
    """A game in its place phase where seat 0 took :func:`plenty` cards and every other seat fewer and fewer."""
    cards = list(DECK)
    table = {(0, 0): (cards.pop(), 0)}
    hands = [[cards.pop(), cards.pop()] for _ in range(players)]
    counts = [plenty(players)] + [max(1, plenty(players) // 2 - seat) for seat in range(1, players)]
    taken = [[cards.pop() for _ in range(n)] for n in counts]
    return CardGame.from_position(table, hands, pile=cards[:2], current_player=0, taken=taken)


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_screen_shows_each_seats_taken_cards_apart_and_one_size(make_app: Any, window: tuple[int, int],
                                                                     players: int,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """As the screen paints it: every seat's taken cards drawn whole and apart in its tray, every tray's cards of one
    size (the rows compare like bars: who has more), and nothing of a hand in a tray (the hands stay as C10 says)."""
    drawn: list[tuple[tuple[float, float], float]] = []
    real = draw.draw_face

    def spy(surface: pygame.Surface, faces: Any, card: Any, centre: tuple[float, float], side: float,
            *args: Any, **kwargs: Any) -> None:
        drawn.append((centre, side))
        real(surface, faces, card, centre, side, *args, **kwargs)

    monkeypatch.setattr(draw, "draw_face", spy)
    app = make_app(window)
    game = taken_game(players)
    scene = h.start_cards(app, game, h.table_of(*["person"] * players))
    assert isinstance(scene, CardPlayScene)
    h.settle(app)
    drawn.clear()
    scene.painter.forget()  # paint everything anew, the trays included
    app.screen.fill((0, 0, 0))
    scene.draw(app.screen)
    sizes = set()
    for seat, panel in enumerate(scene.layout.seats):
        cards = [card_rect(c, s) for c, s in drawn if panel.tray.collidepoint(round(c[0]), round(c[1]))]
        assert len(cards) == len(game.taken(seat)), f"{window} seat {seat}: {len(cards)} of {len(game.taken(seat))}"
        assert apart(cards), f"{window} {players}p seat {seat}: {len(cards)} taken cards overlap"
        assert all(panel.tray.contains(c) for c in cards), f"{window} seat {seat}: a taken card sticks out"
        sizes |= {c.w for c in cards}
    assert len(sizes) == 1, f"{window} {players}p: the trays' cards have sizes {sorted(sizes)}"
    assert min(sizes) >= floor(window), f"{window} {players}p: taken cards of {min(sizes)} px"


@pytest.mark.parametrize("window", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("have", [1, 5, 11, 19])
def test_the_picked_cards_see_through_copies_lie_apart_from_the_taken_ones(
        make_app: Any, window: tuple[int, int], have: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a child picks, a see-through copy of each picked card shows in their tray where it will go: never on a
    card already taken (also when the tray must make its cards smaller to hold the new ones)."""
    from tests.gui.helpers import tap

    drawn: list[tuple[tuple[float, float], float, int]] = []
    real = draw.draw_face

    def spy(surface: pygame.Surface, faces: Any, card: Any, centre: tuple[float, float], side: float,
            angle: float = 0.0, alpha: int = 255, exact: bool = True) -> None:
        drawn.append((centre, side, alpha))
        real(surface, faces, card, centre, side, angle, alpha, exact)

    monkeypatch.setattr(draw, "draw_face", spy)
    app = make_app(window)
    plain = h.chain()
    spare = [c for c in DECK if c not in plain.hand(0) and c not in plain.hand(1)][:have]
    game = CardGame.from_position(dict(plain.table), [list(plain.hand(0)), list(plain.hand(1))], pile=[],
                                  current_player=0, taken=[spare, []])
    scene = h.laid(app, game)
    tap(app, h.cell_point(scene, (2, 0)))
    tap(app, h.cell_point(scene, (1, 0)))
    assert scene.picks == {(1, 0), (2, 0)}
    drawn.clear()
    scene.painter.forget()
    scene.draw(app.screen)
    tray = scene.layout.seats[0].tray
    cards = [(card_rect(c, s), a) for c, s, a in drawn if tray.collidepoint(round(c[0]), round(c[1]))]
    ghosts = [r for r, a in cards if a < 255]
    taken = [r for r, a in cards if a == 255]
    assert len(taken) == have and len(ghosts) == 2, (len(taken), len(ghosts))
    assert apart(taken + ghosts), f"{window}: {have} taken and 2 picked cards overlap in the tray"
    assert all(tray.contains(r) for r in taken + ghosts)
