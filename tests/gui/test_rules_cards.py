"""The card game's rules pages: real positions that show each rule, and every page fits every window."""

from __future__ import annotations

import pygame
import pytest

from doolhof.cards import CardGame
from doolhof.gui.rules.card_pages import CARD_ORDER, CARD_TEXTS, CardPicture
from doolhof.gui.rules.pages import ORDER, rules_pages
from doolhof.i18n import set_language
from tests.gui.helpers import center, every_page_in_every_language, open_rules, tap


@pytest.fixture(autouse=True)
def _english_afterwards():  # type: ignore[no-untyped-def]
    yield
    set_language("en")


def _pictures() -> dict[str, CardPicture]:
    pages = rules_pages("cards")
    assert [p.key for p in pages] == list(CARD_ORDER) == list(CARD_TEXTS)
    found = {}
    for page in pages:
        assert isinstance(page.picture, CardPicture)
        found[page.key] = page.picture
    return found


def _game(pic: CardPicture) -> CardGame:
    return CardGame.from_position(pic.table, [list(pic.hand), []], [])


def test_the_pictures_show_the_rules_with_real_positions() -> None:
    pics = _pictures()
    setup = pics["cards_setup"]
    assert sorted(setup.table) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert len(setup.hand) == 2 and len(setup.other_hand) == 2 and setup.pile == 50 - 4 - 4

    # Laying: the card flies to a lit cell, and laid there turned so, a path goes on (C5).
    lay = pics["cards_lay"]
    assert lay.flight is not None and lay.chosen is not None
    card, rotation, start, cell = lay.flight
    assert start == f"hand{lay.chosen}" and lay.hand[lay.chosen] == card and lay.chosen_rotation == rotation
    assert isinstance(cell, tuple) and cell in lay.look.lit and not lay.look.lit & lay.look.faint
    game = _game(lay)
    from doolhof.cards import Place

    places = game.legal_places()
    assert Place(lay.chosen, cell, rotation) in places
    assert lay.look.lit == {p.cell for p in places if p.hand_index == lay.chosen and p.rotation == rotation}

    # Joining: the glow runs from the laid card to the same picture on the picked card, which may be taken.
    join = pics["cards_join"]
    chain = [cell for cell, _ in join.look.glow]
    treasure = join.look.glow[0][1]
    (picked,) = join.look.picked
    assert chain[0] == join.look.laid and chain[-1] == picked and len(chain) >= 3
    assert treasure in join.table[chain[0]][0].treasures and treasure in join.table[picked][0].treasures
    layout = CardGame.from_position(join.table, [[], []]).layout
    assert picked in layout.joined(chain[0]) and layout.can_take(chain[0], {picked})
    assert join.taken == (join.table[picked][0],)

    # Refused: taking the picked card would cut the red cards off the laid one (C7).
    split = pics["cards_split"]
    (picked,) = split.look.picked
    assert split.look.laid is not None and split.look.refused
    layout = CardGame.from_position(split.table, [[], []]).layout
    assert picked in layout.joined(split.look.laid)
    assert not layout.can_take(split.look.laid, {picked})
    assert layout.cards.keys() - layout.reach(split.look.laid, (picked,)) - {picked} == split.look.refused

    # Drawing: one card in hand, the next comes from the pile (C8).
    draw = pics["cards_draw"]
    assert len(draw.hand) == 1 and draw.flight is not None and draw.flight[2:] == ("pile", "hand1")

    # The end: the most cards wins (C9).
    end = pics["cards_end"]
    most = max(len(t.cards) for t in end.trays)
    assert [t.winner for t in end.trays] == [len(t.cards) == most for t in end.trays]


def test_the_maze_keeps_its_pages_and_anything_else_gets_them_too() -> None:
    assert [p.key for p in rules_pages()] == list(ORDER)
    assert [p.key for p in rules_pages("maze")] == list(ORDER)
    assert [p.key for p in rules_pages("chess")] == list(ORDER)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (800, 1280)])
def test_every_card_page_fits_in_every_language(make_app, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    app = make_app(size)
    scene = open_rules(app, game="cards")
    assert [p.key for p in scene.pages] == list(CARD_ORDER)
    window = pygame.Rect((0, 0), size)
    for language, page in every_page_in_every_language(app, scene):
        block = scene.text_block()
        box, where = scene.text_placement()
        assert box.contains(where) and block.height <= box.h, (language, page)
        assert block.px >= 16, (language, page, block.px)
        title_box, title = scene.title_placement()
        assert title_box.contains(title), (language, page)
        assert window.contains(scene.picture_rect)
        # The picture really shows something: cards on it, not an empty square.
        picture = scene._picture()
        assert picture.get_bounding_rect().w > scene.picture_rect.w // 2


def test_card_rules_turn_pages_and_close(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    scene = open_rules(app, game="cards")
    below = app.scenes[-2]
    for _ in range(len(CARD_ORDER) - 1):
        tap(app, center(scene.next_button.rect))
    assert scene.page == len(CARD_ORDER) - 1 and scene.next_button.done
    tap(app, center(scene.next_button.rect))
    assert app.scene is below
