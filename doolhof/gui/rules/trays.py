"""The rows of the rules pages' "who collected what" pictures, the same for the maze and the card game.

Each player gets a rounded row (ringed for a winner) with their figure at the left and, for a
winner, a trophy at the right; between them each game draws what was collected (secrets, cards).
"""

from __future__ import annotations

import pygame

from doolhof.gui.kit import theme


def tray_rows(size: tuple[int, int], count: int) -> list[pygame.Rect]:
    """*count* rows, one under the other, centred in the square middle of a picture of *size*."""
    w, h = size
    side = min(w, h)
    box = pygame.Rect((w - side) // 2, (h - side) // 2, side, side)
    rows = max(1, count)
    row_h = min(box.h // (rows + 1), int(box.w / 4.2))
    top = box.centery - (row_h * rows + row_h // 3 * (rows - 1)) // 2
    return [pygame.Rect(box.x, top + k * (row_h + row_h // 3), box.w, row_h) for k in range(count)]


def draw_tray_row(surface: pygame.Surface, row: pygame.Rect, winner: bool, figure: pygame.Surface) -> None:
    """The row's rounded panel (ringed for a *winner*) with the player's *figure* at its left."""
    row_h = row.h
    pygame.draw.rect(surface, theme.PANEL_DARK, row, border_radius=row_h // 3)
    if winner:
        pygame.draw.rect(surface, theme.REACH_RING, row, width=max(2, row_h // 18), border_radius=row_h // 3)
    surface.blit(figure, figure.get_rect(midleft=(row.x + row_h // 8, row.centery)))


def draw_trophy(surface: pygame.Surface, row: pygame.Rect, cup: pygame.Surface) -> None:
    """A winner's trophy at the right of *row*."""
    surface.blit(cup, cup.get_rect(midright=(row.right - row.h // 10, row.centery)))
