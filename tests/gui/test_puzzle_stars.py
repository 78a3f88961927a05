"""The stars of a solved puzzle come up beside the board: the figure on its picture stays in view."""

from __future__ import annotations

from typing import Any

import pytest

from doolhof.engine.puzzles import BOOK
from tests.gui.test_puzzles import open_book, open_stone, overlay_of, play_solution, wait_stars


@pytest.mark.parametrize(("size", "least"), [((1280, 800), 64), ((800, 600), 48), ((800, 1280), 64)])
def test_the_stars_card_leaves_the_figure_and_its_picture_in_view(make_app: Any, size: tuple[int, int],
                                                                 least: int) -> None:
    app = make_app(size)
    scene = open_stone(app, open_book(app), BOOK[0])
    play_solution(app, scene, "tap")
    wait_stars(app, scene)
    overlay = overlay_of(scene)
    card = overlay.card_rect()
    figure = scene.cell_rect(scene.game.positions[0])
    assert not card.colliderect(figure), "the stars do not cover the figure on the picture"
    assert not card.colliderect(scene.layout.board), "nor any of the board"
    assert app.screen.get_rect().contains(card)
    for rect in [*overlay.star_rects(), *overlay.buttons().values()]:
        assert card.contains(rect)
    for name, rect in overlay.buttons().items():
        assert min(rect.inflate(8, 8).size) >= least, (name, rect)  # the tap area (see handle_pointer)
