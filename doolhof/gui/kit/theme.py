"""The colours of every screen: no other module of ``doolhof.gui`` writes a colour as numbers."""

from __future__ import annotations

Color = tuple[int, int, int]

#: Figure colours, one per seat: Okabe-Ito vermillion, sky blue, yellow and a deeper bluish green
#: (#008860 instead of #009E73, so it stays apart from sky blue under tritanopia; see test_seat_colors).
#: Seats 4 and 5 (the card game seats up to six): a deeper blue (#2850BE instead of Okabe-Ito #0072B2,
#: which merges with #008860 under tritanopia) and Okabe-Ito reddish purple #CC79A7.
#: The figures differ in shape too (round, square, triangle hat, star ears, bunny ears, flower head: the
#: SVGs in assets/figures). The maze game uses seats 0-3 only.
SEAT_COLORS: tuple[Color, ...] = (
    (213, 94, 0), (86, 180, 233), (240, 228, 66), (0, 136, 96), (40, 80, 190), (204, 121, 167),
)

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
SHADOW: Color = (0, 0, 0)  # drop shadows, always drawn see-through
SHADE: Color = (20, 30, 24)  # the see-through veil over a screen behind a note or the parents' menu
NOTICE: Color = (236, 150, 52)  # the small dot on the parents' menu button: something for a parent to read
NOTICE_EDGE: Color = (160, 92, 24)
NOTICE_PAPER: Color = (253, 238, 212)  # behind that message inside the parents' menu
VEIL: Color = (10, 20, 12)  # the see-through veil over a cell the mover cannot reach
ARROW_SHINE: Color = (255, 244, 190)  # the highlight on a bright arrow
SPARKLE: Color = (255, 236, 120)  # celebration stars
GHOST_GOLD: Color = (70, 56, 0)  # added to the hint's ghost card, so it glows golden
PLACEHOLDER: Color = (200, 200, 200)  # the card drawn for a missing SVG
PLACEHOLDER_INK: Color = (200, 30, 30)  # its red cross

# Buttons (kit/widgets.py ButtonStyle): a face, the darker edge it stands on, the ink of its label.
SUN: Color = (255, 196, 46)  # the one big action of a screen
SUN_LIGHT: Color = (255, 214, 90)
SUN_EDGE: Color = (176, 112, 20)
SUN_INK: Color = (62, 40, 10)
CREAM: Color = (255, 250, 238)  # choices in a group
CREAM_EDGE: Color = (196, 180, 150)
BUTTON_INK: Color = (70, 60, 50)
CHOSEN: Color = (255, 221, 87)  # the chosen one of a group
CHOSEN_EDGE: Color = (196, 140, 20)
CHOSEN_INK: Color = (50, 36, 10)
LEAF: Color = (98, 178, 104)  # secondary actions
LEAF_LIGHT: Color = (120, 200, 126)
LEAF_EDGE: Color = (44, 104, 52)
SOFT_EDGE: Color = (190, 180, 165)  # under small quiet white buttons
QUIET_LIGHT: Color = (255, 240, 200)
QUIET_LIGHT_EDGE: Color = (190, 160, 100)
STOP: Color = (236, 112, 92)  # leaving the game
STOP_LIGHT: Color = (246, 140, 120)
STOP_EDGE: Color = (150, 60, 44)
DISABLED_FACE: Color = (214, 210, 204)
DISABLED_EDGE: Color = (170, 166, 160)
DISABLED_INK: Color = (150, 146, 140)

# The setup screen and the settings.
COMPUTER_FACE: Color = (232, 236, 242)  # a computer seat's button
FAR_FACE: Color = (206, 232, 250)  # a seat played far away: the place switch's sky
FREE_SEAT: Color = (238, 230, 212)  # the card of a seat nobody sits at
FREE_SEAT_EDGE: Color = (206, 196, 176)
PIP: Color = (255, 190, 30)  # a computer level's pip
PIP_EDGE: Color = (150, 110, 30)
PIP_OFF: Color = (225, 220, 210)
CARD_RIM: Color = (200, 160, 60)  # the golden rim of the secret card on the Junior game's button
VOLUME_OFF: Color = (228, 222, 210)  # volume steps above the chosen level
VOLUME_MUTED: Color = (200, 196, 188)  # volume steps while the sound is off

# The card game's table (gui/cardtable).
CARD_RIM_LIGHT: Color = (92, 148, 92)  # the soft light rim round a maze card of the card game
PATH_GLOW: Color = (255, 200, 60)  # the warm halo of a joined path
PATH_GLOW_CORE: Color = (255, 236, 150)  # the sand of a joined path, lit up
SLOT_DASH: Color = (150, 190, 150)  # the dashed outline of a free cell next to the table
SLOT_FILL: Color = (60, 96, 70)  # the faint floor of a free cell
LIT_FILL: Color = (255, 240, 160)  # a free cell where the chosen card fits
FAINT_MARK: Color = (200, 220, 190)  # the little marker of a cell another turn would fit
PICKED_RIM: Color = (255, 255, 255)  # the strong outline of a picked card
TAKE_RING: Color = (255, 222, 0)  # the thick bright ring round a card that may be taken (on a dark edge)
TAKE_RING_EDGE: Color = (28, 22, 16)  # the dark bands either side of it: it stands out on any colour
REFUSED_TINT: Color = (230, 70, 60)  # the brief red-ish veil over cards that would be cut off
BACK_FACE: Color = (38, 84, 52)  # the back of a card: a deep hedge
BACK_LINE: Color = (74, 128, 80)  # its maze pattern
BACK_EMBLEM: Color = (232, 200, 120)  # the golden labyrinth in its middle
BACK_EMBLEM_EDGE: Color = (150, 110, 50)

# The puzzle book (gui/puzzles).
STONE: Color = (222, 214, 198)  # a stepping stone
STONE_EDGE: Color = (146, 134, 114)  # its darker side
CHAPTER: Color = (255, 250, 238)  # a chapter's marker
CHAPTER_EDGE: Color = (150, 130, 96)
