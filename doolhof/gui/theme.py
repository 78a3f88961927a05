"""Colours and proportions shared by every screen (DESIGN.md section 3a)."""

from __future__ import annotations

Color = tuple[int, int, int]

#: Figure colours, one per seat: Okabe-Ito vermillion, sky blue, yellow and a deeper bluish green
#: (#008860 instead of #009E73, so it stays apart from sky blue under tritanopia; see test_seat_colors).
SEAT_COLORS: tuple[Color, ...] = ((213, 94, 0), (86, 180, 233), (240, 228, 66), (0, 136, 96))
#: Figure silhouettes, one per seat (the SVGs in assets/figures draw them).
SEAT_SHAPES = ("round", "square", "triangle-hat", "star-ears")

BACKGROUND: Color = (40, 62, 48)  # deep garden green behind everything
HEDGE: Color = (47, 93, 58)  # walls of the maze
HEDGE_DARK: Color = (31, 66, 40)
PATH: Color = (243, 227, 195)  # sand-coloured corridors
PATH_SHADE: Color = (226, 204, 160)
FIXED_RIM: Color = (24, 48, 30)  # darker rim on fixed tiles
ARROW: Color = (255, 204, 0)
ARROW_OUTLINE: Color = (90, 60, 0)
ARROW_CLOSED: Color = (150, 150, 150)
REACH_GLOW: Color = (255, 246, 170)
PANEL: Color = (250, 244, 230)
INK: Color = (40, 34, 30)
INK_SOFT: Color = (110, 100, 90)
WHITE: Color = (255, 255, 255)
