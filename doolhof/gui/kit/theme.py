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
HEDGE_LIGHT: Color = (66, 122, 72)  # leaves catching the light
PATH: Color = (243, 227, 195)  # sand-coloured corridors
PATH_SHADE: Color = (226, 204, 160)
PATH_EDGE: Color = (150, 118, 72)  # the dark rim where path meets hedge
PLATE: Color = (252, 244, 224)  # the light disc under a picture on a card
FIXED_RIM: Color = (24, 48, 30)  # darker rim on fixed tiles
STUD: Color = (128, 136, 120)  # the little studs of fixed tiles
BOARD_BASE: Color = (92, 64, 40)  # the wooden tray the cards lie in
BOARD_BASE_DARK: Color = (62, 42, 26)
ARROW: Color = (255, 204, 0)
ARROW_OUTLINE: Color = (90, 60, 0)
ARROW_REST: Color = (150, 128, 70)  # arrows while nobody may push: quiet, still there
ARROW_HOT: Color = (255, 232, 90)
ARROW_CLOSED: Color = (150, 150, 150)
ARROW_CLOSED_OUTLINE: Color = (96, 96, 96)
REACH_GLOW: Color = (255, 246, 170)
REACH_RING: Color = (255, 214, 40)
TOKEN: Color = (255, 250, 236)
PANEL_DARK: Color = (58, 84, 66)  # panel blocks on the garden background
PANEL_EDGE: Color = (30, 46, 36)
PANEL: Color = (250, 244, 230)
PANEL_BACK: Color = (120, 96, 170)  # backs of face-down secrets
INK: Color = (40, 34, 30)
INK_SOFT: Color = (110, 100, 90)
WHITE: Color = (255, 255, 255)
