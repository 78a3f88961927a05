"""The play layout at typical window sizes: everything on screen, nothing overlapping, targets big."""

from __future__ import annotations

import itertools
from typing import Any

import pygame
import pytest

from doolhof.gui.board.painter import BREATH_LEVELS
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.play.layout import play_layout
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import start_play

SIZES = [(800, 600), (1280, 800), (1920, 1080), (800, 1280), (640, 480)]


def _named_rects(lay) -> dict[str, pygame.Rect]:  # type: ignore[no-untyped-def]
    rects = {"frame": lay.frame, "portrait": lay.portrait, "target": lay.target, "spare": lay.spare,
             "rotate": lay.rotate}
    rects.update({f"tray{k}": r for k, r in enumerate(lay.trays)})
    rects.update({f"icon-{name}": r for name, r in lay.icons.items()})
    return rects


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("cells", "players"), [(5, 2), (5, 4), (7, 3)])
def test_nothing_overlaps_or_leaves_the_window(size: tuple[int, int], cells: int, players: int) -> None:
    lay = play_layout(size, cells, players)
    window = pygame.Rect(0, 0, *size)
    rects = _named_rects(lay)
    for name, rect in rects.items():
        assert window.contains(rect), f"{name} {rect} is off screen at {size}"
        assert rect.w > 0 and rect.h > 0, name
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}"
    assert lay.frame.contains(lay.board)
    # The panel blocks hold their parts and stay apart.
    assert not lay.turn_box.colliderect(lay.spare_box)
    for box in (lay.turn_box, lay.spare_box):
        assert lay.panel.contains(box)
    assert lay.turn_box.contains(lay.portrait) and lay.turn_box.contains(lay.target)
    assert lay.spare_box.contains(lay.spare) and lay.spare_box.contains(lay.rotate)
    for tray in lay.trays:
        assert not tray.colliderect(lay.turn_box) and not tray.colliderect(lay.spare_box)
    # Arrow hit areas stay apart from each other and from the panel.
    arrows = [(side, i) for side in "NESW" for i in range(1, cells, 2)]
    hits = [lay.arrow_hit(side, i) for side, i in arrows]
    for ha, hb in itertools.combinations(hits, 2):
        assert not ha.colliderect(hb)
    for hit in hits:
        assert window.contains(hit)
        assert lay.frame.contains(hit)
        # It may reach a little onto the board (cells do nothing while pushing), never past the first row.
        assert not hit.colliderect(lay.board.inflate(-2 * lay.cell, -2 * lay.cell))


@pytest.mark.parametrize("cells", [5, 7])
def test_targets_are_big_on_a_laptop(cells: int) -> None:
    lay = play_layout((1280, 800), cells, 4)
    assert lay.wide
    assert lay.cell >= 64
    for side, i in (("N", 1), ("W", cells - 2)):
        hit = lay.arrow_hit(side, i)
        assert min(hit.w, hit.h) >= 64
    assert min(lay.spare.size) >= 128
    assert min(lay.rotate.size) >= 64
    assert min(lay.portrait.size) >= 128
    assert min(lay.target.size) >= 128


def test_wide_and_tall_windows_put_the_panel_beside_or_below() -> None:
    wide = play_layout((1920, 1080), 5, 4)
    tall = play_layout((800, 1280), 5, 4)
    assert wide.wide and wide.panel.left >= wide.frame.right
    assert not tall.wide and tall.panel.top >= tall.frame.bottom
    # The board fills the short side of the window.
    assert wide.frame.h >= 1080 * 0.9
    assert tall.frame.w >= 800 * 0.9


def test_cells_and_entry_slots_line_up() -> None:
    lay = play_layout((1280, 800), 5, 2)
    assert lay.cell_rect((0, 0)).topleft == lay.board.topleft
    assert lay.cell_at(lay.cell_rect((3, 1)).center) == (3, 1)
    assert lay.cell_at((0, 0)) is None
    row, col = lay.entry_cell("N", 1)
    assert col == 1 and -1 < row < -0.5
    row, col = lay.entry_cell("E", 3)
    assert row == 3 and 4.5 < col < 5
    entry = lay.cell_rect(lay.entry_cell("W", 1))
    assert entry.center == lay.arrow_rect("W", 1).center or entry.colliderect(lay.arrow_rect("W", 1))
    assert lay.frame.contains(entry.inflate(-2, -2).clip(lay.frame))


def test_tiny_and_odd_windows_still_give_a_layout() -> None:
    for size in [(640, 480), (1, 1), (3000, 500), (500, 3000)]:
        lay = play_layout(size, 7, 4)
        assert lay.cell >= 8



@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("variant", ["junior", "classic"])
def test_the_drawn_arrows_fill_their_tap_targets(make_app: Any, size: tuple[int, int], variant: str) -> None:
    """Every arrow, at its smallest breath and in every state, is drawn at least the least tap target long and
    wide, so a child sees how big the place to tap is; the drawing stays on the arrow's band (a few pixels over
    its edges at most) and inside the window."""
    app = make_app(size)
    table = TableSetup(variant, (SeatConfig("person"), SeatConfig("person")))
    scene = start_play(app, table.new_game(3), table)
    least = least_tap(size)
    for side, index in scene.game.arrows():
        rect = scene.layout.arrow_rect(side, index)
        for state, level in (("open", 0), ("open", BREATH_LEVELS - 1), ("rest", 0), ("closed", 0)):
            image = scene.view.arrow(side, rect.w, rect.h, state, level)
            drawn = image.get_bounding_rect(min_alpha=128)
            assert min(drawn.size) >= least, f"{side}{index} {state} drawn {drawn.size}, the least tap is {least}"
            placed = drawn.move(image.get_rect(center=rect.center).topleft)
            assert rect.inflate(2 * least // 5, 2 * least // 5).contains(placed), f"{side}{index} {state} off its band"
            assert scene.layout.window.contains(placed)
