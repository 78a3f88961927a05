"""Small layout arithmetic the screens share: the least tap target, two squares side by side, equal slots in a
row, pictures in a row each with its hold button under it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

#: The least side of a tap target (pixels) from a short window side of 800 up, and at a short side of 600.
TAP_LARGE, TAP_SMALL = 64, 48


def least_tap(window: tuple[int, int]) -> int:
    """The smallest side a tap target may have in a *window* (w, h): a child's fingertip, about 15 mm.

    64 px when the short side is 800 or more (a 1280×800 laptop, an upright 800×1280 tablet), 48 px
    at a short side of 600, in between in proportion, and less only in still smaller windows.
    """
    short = min(window)
    if short >= 800:
        return TAP_LARGE
    if short >= 600:
        return TAP_SMALL + (short - 600) * (TAP_LARGE - TAP_SMALL) // 200
    return max(24, short * TAP_SMALL // 600)


def tap_area(rect: pygame.Rect, least: int, margin: int = 0) -> pygame.Rect:
    """Where a press counts as on the control drawn in *rect*: *margin* around it, and at least *least* square."""
    return rect.inflate(max(2 * margin, least - rect.w), max(2 * margin, least - rect.h))


def pair(block: pygame.Rect, gap: int, first: float, second: float) -> tuple[pygame.Rect, pygame.Rect]:
    """Two squares side by side, sized *first* : *second*, as large as fit, centred in *block*."""
    side = int(min(block.h, (block.w - gap) / (first + second)))
    a = max(8, int(side * first))
    b = max(8, int(side * second))
    total = a + gap + b
    x = block.x + (block.w - total) // 2
    ra = pygame.Rect(x, block.centery - a // 2, a, a)
    rb = pygame.Rect(ra.right + gap, block.centery - b // 2, b, b)
    return ra, rb


def row_of_holds(x: int, y: int, side: int, gap: int, hold: int, buttons: Sequence[Any]) -> list[pygame.Rect]:
    """Square cells of *side* in a row from (*x*, *y*), *gap* apart, one per button of *buttons*, each button
    (a *hold* square, e.g. a cross that wants holding) placed centred under its cell; returns the cells."""
    cells = []
    for k, button in enumerate(buttons):
        cell = pygame.Rect(x + k * (side + gap), y, side, side)
        cells.append(cell)
        button.rect = pygame.Rect(0, 0, hold, hold)
        button.rect.midtop = (cell.centerx, cell.bottom + gap)
    return cells


def stack(area: pygame.Rect, count: int, gap: int, vertical: bool, least: int | None = None) -> tuple[pygame.Rect, ...]:
    """*count* equal slots filling *area*, one under the other (or side by side), each at least *least* pixels
    (None: no floor, a crowded area gives slots of no size)."""
    count = max(1, count)
    if vertical:
        each = (area.h - (count - 1) * gap) // count
        if least is not None:
            each = max(least, each)
        each = min(each, max(area.w // 3, 48))  # not taller than sensible
        top = area.y + (area.h - (count * each + (count - 1) * gap)) // 2
        return tuple(pygame.Rect(area.x, top + k * (each + gap), area.w, each) for k in range(count))
    each = (area.w - (count - 1) * gap) // count
    if least is not None:
        each = max(least, each)
    return tuple(pygame.Rect(area.x + k * (each + gap), area.y, each, area.h) for k in range(count))


def grid_fit(room: tuple[int, int], count: int, most: int, pitch: float) -> tuple[int, int, int]:
    """(piece size, rows, pieces per row) of the grid that shows *count* square pieces biggest in *room*, at most
    *most* pixels each, each piece's place *pitch* times its size (the piece and its air): every piece whole and
    apart, so a child sees and counts them; fewer rows when two grids give the same size."""
    width, height = max(1, room[0]), max(1, room[1])
    count = max(1, count)
    best = (0, 1, count)
    for rows in range(1, count + 1):
        per_row = -(-count // rows)
        if rows > 1 and -(-count // (rows - 1)) == per_row:
            continue  # the same row length as one row fewer: no gain
        fits = min(width / (per_row * pitch - (pitch - 1)), height / (rows * pitch - (pitch - 1)))
        size = max(1, min(most, int(fits)))
        if size > best[0]:
            best = (size, rows, per_row)
    return best
