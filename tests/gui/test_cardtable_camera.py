"""The card table's camera: fitting, easing without jumps, and cell_at as the inverse of rect_of."""

from __future__ import annotations

import math

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from doolhof.gui.cardtable.camera import MAX_SHARE, Camera

cells_st = st.lists(st.tuples(st.integers(-30, 30), st.integers(-30, 30)), min_size=1, max_size=60)
areas_st = st.tuples(st.integers(0, 200), st.integers(0, 200), st.integers(200, 2400), st.integers(200, 1600))


def _camera(area: tuple[int, int, int, int], cells: list[tuple[int, int]]) -> Camera:
    camera = Camera()
    camera.set_area(pygame.Rect(area))
    camera.fit(cells, instant=True)
    return camera


def _box(cells: list[tuple[int, int]]) -> tuple[int, int, int, int]:
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1


@given(areas_st, cells_st, st.integers(-40, 40), st.integers(-40, 40))
@settings(max_examples=150, deadline=None)
def test_cell_at_is_the_inverse_of_rect_of(area: tuple[int, int, int, int], cells: list[tuple[int, int]],
                                           x: int, y: int) -> None:
    camera = _camera(area, cells)
    rect = camera.rect_of((x, y))
    for pos in (rect.topleft, (rect.right - 1, rect.bottom - 1), rect.center, (rect.left, rect.bottom - 1)):
        assert camera.cell_at(pos) == (x, y)
    # The next cell starts exactly where this one ends: no gaps, no overlaps.
    assert camera.rect_of((x + 1, y)).left == rect.right
    assert camera.rect_of((x, y + 1)).top == rect.bottom


@given(areas_st, cells_st)
@settings(max_examples=150, deadline=None)
def test_the_fitted_table_and_its_ring_lie_inside_the_area(area: tuple[int, int, int, int],
                                                          cells: list[tuple[int, int]]) -> None:
    camera = _camera(area, cells)
    left, top, right, bottom = _box(cells)
    shown = camera.rect_of((left, top)).union(camera.rect_of((right, bottom)))
    assert pygame.Rect(area).inflate(2, 2).contains(shown)
    # Cells as big as fit: the box fills the area in one direction, or the cap holds.
    cap = min(area[2], area[3]) * MAX_SHARE
    cols, rows = right - left + 1, bottom - top + 1
    assert camera.side == min(area[2] / cols, area[3] / rows, cap) or math.isclose(
        camera.side, min(area[2] / cols, area[3] / rows, cap), rel_tol=1e-9)
    # ... and centred.
    assert abs(shown.centerx - pygame.Rect(area).centerx) <= 2
    assert abs(shown.centery - pygame.Rect(area).centery) <= 2


@given(cells_st, st.lists(st.tuples(st.integers(-40, 40), st.integers(-40, 40)), min_size=1, max_size=10))
@settings(max_examples=100, deadline=None)
def test_a_growing_table_never_zooms_in(cells: list[tuple[int, int]], more: list[tuple[int, int]]) -> None:
    area = (0, 0, 1280, 800)
    before = _camera(area, cells).side
    after = _camera(area, cells + more).side
    assert after <= before + 1e-9


@given(cells_st, st.integers(0, 3), st.floats(1 / 144, 1 / 30), st.booleans())
@settings(max_examples=80, deadline=None)
def test_a_growing_table_eases_without_jumps_and_settles(cells: list[tuple[int, int]], side_pick: int, dt: float,
                                                         tall: bool) -> None:
    """A card laid next to the table: a card moves at most 0.14 of a cell per 60 Hz frame, done in 0.5 s."""
    area = (0, 0, 800, 1280) if tall else (0, 0, 1280, 800)
    camera = _camera(area, cells)
    x, y = max(cells, key=lambda c: (c[0], c[1])) if side_pick < 2 else min(cells)
    new = [(x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)][side_pick]
    grown = cells + [new] if new not in cells else cells
    camera.fit(grown)
    last = {c: camera.rect_of(c) for c in grown}
    t = 0.0
    while camera.moving and t < 2.0:
        camera.update(dt)
        t += dt
        for c in grown:
            rect = camera.rect_of(c)
            step = max(abs(rect.x - last[c].x), abs(rect.y - last[c].y), abs(rect.right - last[c].right))
            assert step <= camera.side * 8 * dt + 2, (c, step, camera.side)
            last[c] = rect
    assert not camera.moving
    assert t <= 0.5 + dt
    target = _camera(area, grown)
    assert camera.side == target.side and camera.rect_of(new) == target.rect_of(new)


def test_easing_is_smooth_for_one_new_card() -> None:
    """Laying a card at the edge moves the view a few pixels per frame at 60 Hz, not a jump."""
    cells = [(x, y) for x in range(5) for y in range(4)]
    camera = _camera((0, 0, 1280, 800), cells)
    camera.fit([*cells, (5, 0)])
    probe = camera.rect_of((0, 0))
    steps = []
    while camera.moving:
        camera.update(1 / 60)
        rect = camera.rect_of((0, 0))
        steps.append(max(abs(rect.x - probe.x), abs(rect.y - probe.y), abs(rect.w - probe.w)))
        probe = rect
    assert 5 <= len(steps) <= 30
    assert max(steps) <= 20


def test_set_area_refits_at_once_and_moving_tells_the_truth() -> None:
    camera = _camera((0, 0, 800, 600), [(0, 0), (1, 0), (0, 1), (1, 1)])
    assert not camera.moving
    camera.set_area(pygame.Rect(0, 0, 1920, 1080))
    assert not camera.moving
    assert camera.side == min(1920 / 4, 1080 / 4, 1080 * MAX_SHARE)
    camera.fit([(0, 0), (5, 5)])
    assert camera.moving
    camera.update(0.0)
    assert camera.moving
