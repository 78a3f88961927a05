"""The parents' rules screen: every page fits in every language and size; next, back, dots and close work."""

from __future__ import annotations

import pygame
import pytest

from doolhof.gui.kit.scene import Scene
from doolhof.gui.rules.pages import ORDER, TEXTS, rules_pages
from doolhof.gui.rules.scene import MIN_TEXT_PX, RulesScene, layout_text
from doolhof.i18n import _, set_language
from tests.gui.helpers import center, every_page_in_every_language, open_rules, run, tap


@pytest.fixture(autouse=True)
def _english_afterwards():  # type: ignore[no-untyped-def]
    yield
    set_language("en")


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (640, 480), (768, 1024)])
def test_every_page_fits_in_every_language(make_app, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    app = make_app(size)
    scene = open_rules(app)
    window = pygame.Rect((0, 0), size)
    for language, page in every_page_in_every_language(app, scene):
        block = scene.text_block()
        box, where = scene.text_placement()
        assert box.contains(where), (language, page, box, where)
        assert block.height <= box.h and block.width <= box.w, (language, page, "text had to be squeezed")
        if size[0] >= 800:
            assert block.px >= 16, (language, page, block.px)  # comfortably readable
        title_box, title = scene.title_placement()
        assert title_box.contains(title), (language, page)
        assert window.contains(scene.picture_rect) and window.contains(scene.text_panel)
        assert not scene.picture_rect.colliderect(scene.text_panel)
        for button in scene.buttons.items:
            assert window.contains(button.rect)
            assert not button.rect.colliderect(scene.text_panel)
            assert not button.rect.colliderect(scene.picture_rect)


def test_the_text_grows_with_the_window(make_app) -> None:  # type: ignore[no-untyped-def]
    small = open_rules(make_app((800, 600))).text_block().px
    big = open_rules(make_app((1920, 1080))).text_block().px
    assert big > small * 1.3


def test_next_back_dots_and_close_by_tap(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    below = Scene(app)
    app.push_scene(below)
    scene = RulesScene(app)
    app.push_scene(scene)
    run(app)
    assert scene.page == 0 and not scene.back_button.enabled
    tap(app, center(scene.back_button.rect))
    assert scene.page == 0
    tap(app, center(scene.next_button.rect))
    tap(app, center(scene.next_button.rect))
    assert scene.page == 2 and scene.back_button.enabled
    tap(app, center(scene.back_button.rect))
    assert scene.page == 1
    tap(app, center(scene.dots[7]))
    assert scene.page == 7
    tap(app, center(scene.close_button.rect))
    assert app.scene is below


def test_done_on_the_last_page_closes(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    scene = open_rules(app, page=len(ORDER) - 1)
    below = app.scenes[-2]
    assert scene.next_button.done and scene.next_button.label() == _("Done")
    tap(app, center(scene.next_button.rect))
    assert app.scene is below


def test_keys_turn_pages_and_escape_closes(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((800, 600))
    scene = open_rules(app)
    below = app.scenes[-2]
    key = lambda k: pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")  # noqa: E731
    run(app, 0, [key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_LEFT)])
    assert scene.page == 1
    run(app, 0, [key(pygame.K_ESCAPE)])
    assert app.scene is below


def test_a_press_that_slides_off_a_button_does_nothing(make_app) -> None:  # type: ignore[no-untyped-def]
    from tests.gui.helpers import drag

    app = make_app((800, 600))
    scene = open_rules(app)
    drag(app, center(scene.next_button.rect), center(scene.text_panel))
    assert scene.page == 0 and app.scene is scene


def test_pages_cover_the_rules_with_real_positions() -> None:
    pages = rules_pages()
    assert [p.key for p in pages] == list(ORDER) == list(TEXTS)
    by_key = {p.key: p.picture for p in pages}
    turn = by_key["turn"].game
    assert turn is not None and turn.phase == "walk" and by_key["turn"].lit == turn.reachable(0)
    closed = by_key["closed"].game
    assert closed is not None and closed.forbidden is not None and closed.phase == "push"
    wrap = by_key["wrap"]
    assert wrap.game is not None and wrap.game.positions[0] == (1, 0)  # popped back in on the far side
    collect = by_key["collect"].game
    assert collect is not None and collect.collected[0]  # the figure took the secret
    assert by_key["variants"].game is not None and by_key["variants"].game.board.size == 7
    winners = [t for t in by_key["end"].trays if t.winner]
    assert len(winners) == 2 and len({len(t.pictures) for t in winners}) == 1  # a shared victory


def test_layout_text_shrinks_to_fit_and_hangs_bullets() -> None:
    pygame.font.init()
    paragraphs = ["A short opening line.", "• " + "word " * 60]
    roomy = layout_text(paragraphs, 600, 800, 40)
    tight = layout_text(paragraphs, 300, 200, 40)
    assert roomy.px == 40 and tight.px < roomy.px and tight.height <= 200
    bullet_lines = [line for line in tight.lines if line[0] > 0]
    assert bullet_lines and tight.lines[1][3] is True  # the bullet's first line carries the bullet
    hopeless = layout_text(["x" * 400], 100, 20, 30)
    assert hopeless.px == MIN_TEXT_PX  # cannot fit: smallest size (the image is scaled when drawn)
