"""The pictures of the puzzle book: a puzzle's little board, a stepping stone, its stars, the flames.

Pure drawing helpers (no state): :func:`puzzle_board` is cached per puzzle and size.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

import pygame

from doolhof.engine.puzzles import Puzzle
from doolhof.gui.board.painter import draw_mini_maze
from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.widgets import darken, lighten


@lru_cache(maxsize=96)
def _board_image(puzzle: Puzzle, side: int) -> pygame.Surface:
    """The puzzle's maze in hedge and sand, without its pictures (those need the art)."""
    n = 7 if puzzle.variant == "classic" else 5
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(image, theme.HEDGE_DARK, image.get_rect(), border_radius=max(2, side // 10))
    draw_mini_maze(image, puzzle.cells, n, 0.36)
    return image


@lru_cache(maxsize=64)
def puzzle_board(puzzle: Puzzle, side: int, art: Art, child: int = 0) -> pygame.Surface:
    """A little picture of *puzzle*: its maze, the picture to reach and *child*'s figure at the start
    (on a disc of its colour).

    Cached per puzzle, size, art service and child: the book draws it every frame while it breathes.
    """
    side = max(8, side)
    image = _board_image(puzzle, side).copy()
    n = 7 if puzzle.variant == "classic" else 5
    cell = side / n
    if puzzle.target in puzzle.pictures:
        r, c = divmod(puzzle.pictures.index(puzzle.target), n)
        px = max(6, int(cell * 1.3))
        picture = art.picture(puzzle.target, px)
        image.blit(picture, picture.get_rect(center=(round((c + 0.5) * cell), round((r + 0.5) * cell))))
    fr, fc = puzzle.figure
    centre = (round((fc + 0.5) * cell), round((fr + 0.5) * cell))
    radius = max(2, round(cell * 0.42))
    pygame.draw.circle(image, theme.INK, centre, radius + max(1, radius // 4))
    pygame.draw.circle(image, theme.SEAT_COLORS[child % len(theme.SEAT_COLORS)], centre, radius)
    px = round(cell * 1.25)
    if px >= 12:  # big enough to tell the figures by their shape too
        figure = art.figure(child, px)
        image.blit(figure, figure.get_rect(center=centre))
    return image


def draw_stone(surface: pygame.Surface, rect: pygame.Rect, glow: float = 0.0, raised: bool = False,
               colors: tuple[theme.Color, theme.Color] = (theme.STONE, theme.STONE_EDGE)) -> pygame.Rect:
    """A flat stepping stone in *rect* (on a darker edge), glowing by *glow* 0..1; returns its top face.

    *colors* are its face and its side (a sunny stone for today's daily puzzle, say)."""
    depth = max(3, rect.h // 10)
    face = pygame.Rect(rect.x, rect.y, rect.w, rect.h - depth)
    if raised:
        face.y -= depth // 2
    if glow > 0:
        halo = rect.inflate(int(rect.w * 0.18), int(rect.h * 0.18))
        layer = pygame.Surface(halo.size, pygame.SRCALPHA)
        pygame.draw.ellipse(layer, (*theme.REACH_GLOW, int(150 * glow)), layer.get_rect())
        pygame.draw.ellipse(layer, (*theme.REACH_RING, int(220 * glow)), layer.get_rect(),
                            width=max(3, rect.w // 24))
        surface.blit(layer, halo.topleft)
    top, side = colors
    pygame.draw.ellipse(surface, side, pygame.Rect(rect.x, rect.y + depth, rect.w, rect.h - depth))
    pygame.draw.ellipse(surface, top, face)
    shine = face.inflate(-face.w // 3, -face.h // 2)
    shine.y = face.y + face.h // 10
    pygame.draw.ellipse(surface, lighten(top, 0.3), shine)
    return face


def draw_stars(surface: pygame.Surface, centre: tuple[int, int], px: int, stars: int, art: Art,
               slots: int = 3, faint: int = 60, outline: theme.Color | None = None) -> None:
    """*stars* gold stars in a little arc of *slots* places centred on *centre*; the empty places faint (alpha
    *faint*), or, with an *outline* colour, drawn as an empty outline so they can never be taken for earned."""
    gap = int(px * 0.92)
    for k in range(slots):
        x = centre[0] + (k - (slots - 1) / 2) * gap
        y = centre[1] - (px // 6 if slots == 3 and k == 1 else 0)
        if k < stars:
            image = art.picture("star", px)
        elif outline is not None:
            draw_star_outline(surface, (round(x), round(y)), px * 0.4, outline, max(2, px // 12))
            continue
        else:
            image = art.picture("star", int(px * 0.8)).copy()
            image.set_alpha(faint)
        surface.blit(image, image.get_rect(center=(round(x), round(y))))


def star_points(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star of *radius* around *centre*, its top point up."""
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        points.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    return points


def draw_star_outline(surface: pygame.Surface, centre: tuple[int, int], radius: float, color: theme.Color,
                      width: int) -> None:
    """An empty star place: only the star's outline, *width* pixels thick."""
    pygame.draw.polygon(surface, color, star_points(centre, radius), width)


def draw_flames(surface: pygame.Surface, area: pygame.Rect, count: int, art: Art, most: int = 7) -> None:
    """The daily streak as a row of little flames (at most *most*; a longer streak makes them bigger)."""
    if count <= 0 or area.w <= 4 or area.h <= 4:
        return
    shown = min(count, most)
    px = int(min(area.h, area.w / max(3, shown) * 1.05))
    if count > most:
        px = int(px * 1.1)
    step = min(px * 0.8, (area.w - px) / max(1, shown - 1)) if shown > 1 else 0
    left = area.centerx - (px + step * (shown - 1)) / 2 + px / 2
    for k in range(shown):
        flame = art.icon("flame", px)
        surface.blit(flame, flame.get_rect(center=(round(left + k * step), area.centery)))


def draw_path(surface: pygame.Surface, points: list[tuple[int, int]], width: int) -> None:
    """A dotted sandy trail through *points* (under the stones)."""
    if len(points) < 2:
        return
    dot = max(2, width // 2)
    color = darken(theme.PATH, 0.05)
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        length = math.dist((ax, ay), (bx, by))
        steps = max(1, int(length / (dot * 3)))
        for k in range(steps + 1):
            u = k / steps
            pygame.draw.circle(surface, color, (round(ax + (bx - ax) * u), round(ay + (by - ay) * u)), dot)
