"""Painting the card screen from the scene's state: table, flights, hand, panel, seats, overlays.

:class:`CardPainter` only reads the scene (``draw`` changes nothing but its own caches): the
static picture (garden, panel blocks, seat panels, corner icons) is painted once into a
background surface and repainted only when what it shows changes. The table is painted by the
shared card-table painter (:func:`~doolhof.gui.cardtable.painter.draw_table`) from a
:class:`~doolhof.gui.cardtable.painter.TableLook` the scene's state decides. Everything that moves
is drawn over it every frame: the live panel (whose turn, the pile, the hand or the take buttons,
the seats' hands and trays), the flying cards, the card in the finger, the celebration, and last
the hand-over screen of hidden hands.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

import pygame

from doolhof.cards import CardGame
from doolhof.cards.card import Card
from doolhof.cards.ports import Cell
from doolhof.gui.cards.computer import Advice
from doolhof.gui.cards.gestures import DONE_HOLD, Gestures
from doolhof.gui.cards.layout import CardLayout
from doolhof.gui.cards.shown import (
    Anchor,
    AtCell,
    AtHand,
    AtPile,
    AtPoint,
    AtSeatHand,
    AtTray,
    CardClip,
    Flight,
    Shown,
)
from doolhof.gui.cardtable.camera import Camera
from doolhof.gui.cardtable.faces import CardFaces
from doolhof.gui.cardtable.painter import TableLook, draw_card_at, draw_table
from doolhof.gui.kit import theme
from doolhof.gui.kit.anim import Effect, Motion, Timeline, bounce_height, ease_out_back, hop, shake_offset
from doolhof.gui.kit.boxes import grid_fit
from doolhof.gui.kit.overlay import Overlay
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.widgets import (
    CARD,
    darken,
    draw_card,
    draw_corner_icon,
    draw_slab,
    garden_background,
    lighten,
    window_surface,
)


class CardView(Protocol):
    """What the painter reads of the card scene (:class:`~doolhof.gui.cards.scene.CardPlayScene`)."""

    host: Host
    game: CardGame
    layout: CardLayout
    camera: Camera
    faces: CardFaces
    shown: Shown
    timeline: Timeline
    effects: list[Effect]
    clock: float
    gestures: Gestures
    chosen: int | None
    angles: list[float]
    picks: set[Cell]
    refused: frozenset[Cell]
    handover: int | None
    #: Seconds "done" has been held (its ring fills toward DONE_HOLD).
    done_ring: float
    hint: Advice | None
    hint_age: float
    overlays: list[Overlay]

    @property
    def motion(self) -> Motion:
        """The parents' animation speed and reduced-motion choice."""

    @property
    def thinking(self) -> bool:
        """True while a computer thinks."""

    def is_computer(self, seat: int) -> bool:
        """True for a computer seat."""

    def figure_of(self, seat: int) -> int:
        """The figure *seat* plays."""

    def is_far(self, seat: int) -> bool:
        """True when *seat* is played from the far computer (an online game)."""

    def local_person(self, seat: int) -> bool:
        """True when a person at this screen plays *seat*."""

    def far_pose(self, seat: int) -> tuple[float, int]:
        """How *seat*'s figure is drawn: (scale, opacity) (breathing, faded: an online game's far seat)."""

    def face_down(self, seat: int) -> bool:
        """True when *seat*'s hand shows its backs."""

    def phase_now(self) -> str:
        """The phase a person acts in now, or ""."""

    def ambient_now(self) -> bool:
        """True while the gentle ambient motion runs."""

    def takeable(self) -> frozenset[Cell]:
        """Cards that may be picked now."""

    def far_takeable(self) -> frozenset[Cell]:
        """Cards the far side may take while they choose (an online game)."""

    def far_choosing(self) -> bool:
        """True while the far side chooses which cards to take."""

    def far_thinking(self) -> bool:
        """True while the far side is to move and here."""

    def lit(self) -> frozenset[Cell]:
        """Free cells where the chosen card fits as turned now."""

    def faint(self) -> frozenset[Cell]:
        """Free cells where another turn fits."""

    def ghost(self) -> tuple[Card, int, Cell] | None:
        """The hint's see-through card."""

    def hint_visible(self) -> bool:
        """True when the hint on screen is current."""

    def corner_icon(self, name: str) -> tuple[str, Callable[[], None]] | None:
        """The icon of corner slot *name*."""

#: The panel's blocks: rounder than the parents' cards, on a deeper edge (as the maze screen's).
BLOCK = CARD.but(corner=8, least_radius=6, drop=40, least_drop=2)
#: How far the pile's stack rises for a full pile, as a share of its card side.
PILE_RISE = 0.32
#: The chosen hand card is lifted by this share of its side.
CHOSEN_LIFT = 0.08
#: How high (share of a cell) a glowing card hops when the take place is tapped before any pick.
NUDGE_HOP = 0.22
#: Opacity of the picked cards' see-through copies in the tray they will go to.
TRAY_GHOST_ALPHA = 120


def seat_color(figure: int) -> theme.Color:
    """The colour of *figure* (a seat's: ``CardView.figure_of``)."""
    return theme.SEAT_COLORS[figure % len(theme.SEAT_COLORS)]


def blit_back(surface: pygame.Surface, faces: CardFaces, centre: tuple[float, float], side: float,
              angle: float = 0.0, squash: float = 1.0) -> None:
    """A face-down card of *side* pixels at *centre*, turned *angle* degrees clockwise (*squash*: turning over)."""
    px = max(4, round(side))
    img = faces.back(px)
    if angle % 360:
        img = pygame.transform.rotate(img, -angle)
    if squash < 0.999:
        img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * squash)), img.get_height()))
    surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_face(surface: pygame.Surface, faces: CardFaces, card: Card, centre: tuple[float, float], side: float,
              angle: float = 0.0, alpha: int = 255, exact: bool = True) -> None:
    """A face-up card (drawn at rotation 0, turned *angle* degrees).

    *exact* False (a card in flight, changing size every frame): the card table's painter scales a
    face already rendered near that size, instead of rendering the face anew on every frame.
    """
    if side < 4:
        return
    quarters = round(angle / 90.0)
    rest = angle - quarters * 90.0  # whole quarter turns come from the face cache, only the rest is rotated
    rest = rest if abs(rest) > 0.01 else 0.0
    at = (round(centre[0]), round(centre[1]))
    draw_card_at(surface, faces, card, quarters % 4, at, max(4, side), rest, alpha, sharp=exact)


def tray_spots(tray: pygame.Rect, count: int, places: int = 0) -> tuple[int, list[tuple[int, int]]]:
    """The card side and centres of *count* taken cards in *tray*, and of one more (where the next one lands).

    Every card whole and apart, in the grid that shows *places* cards (at least ``count + 1``) biggest:
    no fan of cards over each other, so a child sees and counts what each player took (C7: a card is a
    point). The painter gives every tray the same *places*, so the trays' cards have one size and their
    rows compare like bars. Rows are as long as the size allows and the grid is placed as if full, so a
    card never moves when the next one lands while the size stays.
    """
    side, per_row, rows = _tray_grid(tray, max(TRAY_LEAST_SLOTS, places, count + 1))
    pitch = side * TRAY_PITCH
    top = tray.centery - (rows - 1) * pitch / 2
    return side, [(round(tray.x + side / 2 + (k % per_row) * pitch), round(top + (k // per_row) * pitch))
                  for k in range(count + 1)]


def _tray_grid(tray: pygame.Rect, places: int) -> tuple[int, int, int]:
    """(card side, cards per row, rows) of *tray* laid out for *places* cards, rows as long as the size allows."""
    most = max(4, min(int(tray.h * 0.92), int(tray.w * 0.6)))
    side = max(4, grid_fit(tray.size, places, most, TRAY_PITCH)[0])
    pitch = side * TRAY_PITCH
    per_row = max(1, int((tray.w - side) / pitch) + 1)
    rows = max(1, int((tray.h - side) / pitch) + 1, -(-places // per_row))
    return side, per_row, rows


#: A taken card's place in its tray: the card and a clear gap to its neighbour, as a share of its side
#: (square cards need more air than round tokens to be counted one by one).
TRAY_PITCH = 1.16
#: A tray lays out at least this many places, so the first cards taken do not shrink at once.
TRAY_LEAST_SLOTS = 2


def pile_spots(pile: pygame.Rect, count: int) -> tuple[int, list[tuple[int, int]]]:
    """The card side and centres of the pile's visible layers, bottom first (one layer per three cards)."""
    side = max(4, int(pile.w * 0.78))
    layers = 0 if count <= 0 else 1 + (count - 1) // 3
    rise = side * PILE_RISE / 16
    base_y = pile.bottom - side // 2
    return side, [(pile.centerx, round(base_y - k * rise)) for k in range(layers)]


class CardPainter:
    """Draws a :class:`CardView` (the card scene) as it is now; keeps only drawing caches."""

    def __init__(self, scene: CardView) -> None:
        """Paint *scene* (read, never changed)."""
        self.scene = scene
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[object, ...] | None = None
        # The background with a still table drawn on it (see _still_key): most frames of a take or a
        # turn's announcement blit it instead of drawing 46 cards (scripts/bench_frames.py).
        self._still: pygame.Surface | None = None
        self._still_key_drawn: tuple[object, ...] | None = None
        # The still key of the last frame drawn in full: the layer is kept on the second such frame, so the
        # frame where something changed (often repainting the background too) does not pay for the copy.
        self._still_key_seen: tuple[object, ...] | None = None
        self._veil: pygame.Surface | None = None

    def forget(self) -> None:
        """Drop the cached background (a new layout or a replaced game)."""
        self._bg_key = None
        self._still_key_drawn = self._still_key_seen = None

    def _still_key(self, surface: pygame.Surface, look: TableLook) -> tuple[object, ...] | None:
        """What the background with the table on it shows, while that does not change from frame to frame
        (the camera rests, nothing breathes or pulses, no ghost); None while it may change every frame."""
        camera = self.scene.camera
        if camera.moving or look.lit or look.pulse or look.ghost is not None:
            return None
        return (
            self._bg_key, id(self._bg), surface.get_size(), surface.get_clip(), self.scene.layout.table,
            camera.area, camera.side, camera.center_of((0, 0)), tuple(self.scene.shown.table.items()),
            look.faint, look.glow, look.glow_progress, look.picked, look.refused, look.hidden, look.laid,
        )

    def _keep_still(self, surface: pygame.Surface, key: tuple[object, ...]) -> None:
        """Keep the background with the table just drawn on it, to blit while *key* stays the same."""
        if self._still is None or self._still.get_size() != surface.get_size():
            self._still = surface.copy()
        self._still.set_clip(None)
        self._still.blit(surface, (0, 0))
        self._still_key_drawn = key

    # ----- where things are ----------------------------------------------------------------
    def tray_places(self) -> int:
        """The places every tray lays out (one size for all): one more than the most cards a seat has taken, or
        than the mover will have once the picked cards are taken (their see-through copies never lie on a card)."""
        shown = self.scene.shown
        places = 1 + max((len(t) for t in shown.taken), default=0)
        picks = len(self.scene.picks) if shown.phase == "take" else 0
        if picks and 0 <= shown.current < len(shown.taken):
            places = max(places, len(shown.taken[shown.current]) + picks + 1)
        return places

    def anchor_spot(self, anchor: Anchor) -> tuple[float, float, float]:
        """(x, y, natural card side) in pixels of *anchor* now."""
        scene = self.scene
        lay = scene.layout
        if isinstance(anchor, AtCell):
            x, y = scene.camera.center_of(anchor.cell)
            return x, y, float(scene.camera.side)
        if isinstance(anchor, AtHand):
            rect = lay.hand[min(1, max(0, anchor.index))]
            return float(rect.centerx), float(rect.centery), float(rect.w)
        if isinstance(anchor, AtSeatHand):
            rect = lay.seats[anchor.seat].hand[min(1, max(0, anchor.index))]
            return float(rect.centerx), float(rect.centery), float(rect.w)
        if isinstance(anchor, AtTray):
            tray = lay.seats[anchor.seat].tray
            count = len(scene.shown.taken[anchor.seat])
            if anchor.slot is not None:
                count = max(count, anchor.slot)
            side, spots = tray_spots(tray, count, self.tray_places())
            x, y = spots[-1] if anchor.slot is None else spots[min(anchor.slot, len(spots) - 1)]
            return float(x), float(y), float(side)
        if isinstance(anchor, AtPile):
            side, spots = pile_spots(lay.pile, scene.shown.pile)
            x, y = spots[-1] if spots else lay.pile.center
            return float(x), float(y), float(side)
        assert isinstance(anchor, AtPoint)
        return anchor.x, anchor.y, float(scene.camera.side)

    def flight_spot(self, flight: Flight, t: float) -> tuple[float, float, float, float]:
        """(x, y, side, angle) of *flight* at clip time *t*, hop included."""
        pose = flight.pose(t)
        u = pose.fraction
        ax, ay, asize = self.anchor_spot(pose.start)
        bx, by, bsize = self.anchor_spot(pose.end)
        size = asize + (bsize - asize) * u
        return ax + (bx - ax) * u, ay + (by - ay) * u - pose.lift * size * 2, size * pose.grow, pose.angle

    # ----- the frame -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole scene onto *surface*."""
        scene = self.scene
        size = surface.get_size()
        clip = scene.timeline.current
        card_clip = clip if isinstance(clip, CardClip) else None
        key = self._background_key(size, card_clip)
        if self._bg is None or self._bg_key != key:
            self._bg = self._paint_background(size, card_clip)
            self._bg_key = key
        look = self.table_look(card_clip)
        still = self._still_key(surface, look)
        clipped = surface.get_clip()
        if still is not None and still == self._still_key_drawn and self._still is not None:
            surface.blit(self._still, (0, 0))
            surface.set_clip(scene.layout.table)
        else:
            surface.blit(self._bg, (0, 0))
            surface.set_clip(scene.layout.table)
            # Calm motion: the lit cells and takeable cards keep still (the clock that makes them breathe stands).
            clock = 0.0 if scene.motion.reduced else scene.clock
            sharp = draw_table(surface, scene.camera, scene.faces, scene.shown.table, look, clock)
            if still is not None and sharp and still == self._still_key_seen:
                self._keep_still(surface, still)
            self._still_key_seen = still if sharp else None
        self._draw_cell_shakes(surface)
        surface.set_clip(clipped)
        self._draw_panel_live(surface, card_clip)
        if card_clip is not None:
            t = scene.timeline.time
            for flight in card_clip.flights:
                self._draw_flight(surface, flight, t)
            if card_clip.name == "celebrate":
                self._draw_celebration(surface, t / max(0.01, card_clip.duration))
        self._draw_held(surface)
        if scene.handover is not None:
            self._draw_handover(surface, scene.handover)
        for overlay in scene.overlays:
            overlay.draw(surface)

    def table_look(self, clip: CardClip | None) -> TableLook:
        """What the table shows now besides its cards."""
        scene = self.scene
        shown = scene.shown
        glow_progress = 1.0
        if clip is not None and clip.glow_grows:
            glow_progress = min(1.0, scene.timeline.time / max(0.01, clip.duration))
        person = scene.local_person(shown.current)
        picks = frozenset(scene.picks)
        # The far side's cards to take ring and hop as a person's do: the child sees what they choose from.
        pulse = (scene.takeable() if person else scene.far_takeable()) - picks
        laid = shown.laid if shown.phase == "take" else None
        hint = scene.hint if scene.hint_visible() else None
        calm = scene.motion.reduced
        hops = tuple(
            (e.target, (0.05 if calm else NUDGE_HOP * hop(e.progress)))
            for e in scene.effects if e.kind == "nudge" and e.age >= 0 and isinstance(e.target, tuple)
        )
        if hint is not None and hint.place is None:  # a hint to take: its cards get a bulb, they are not picked
            return TableLook(glow=shown.glow, glow_progress=glow_progress, pulse=pulse, picked=picks,
                             suggested=frozenset(hint.take) - picks, refused=scene.refused, laid=laid,
                             chains=shown.chains, hops=hops, calm=calm)
        return TableLook(
            lit=scene.lit(), faint=scene.faint(), glow=shown.glow, glow_progress=glow_progress, pulse=pulse,
            picked=picks, refused=scene.refused, hidden=clip.hide_cells if clip is not None else frozenset(),
            ghost=scene.ghost(), laid=laid, chains=shown.chains if shown.phase == "take" else (), hops=hops, calm=calm,
        )

    # ----- the static picture --------------------------------------------------------------
    def _background_key(self, size: tuple[int, int], clip: CardClip | None) -> tuple[object, ...]:
        scene = self.scene
        shown = scene.shown
        icons = (scene.corner_icon(name) for name in scene.layout.icons)
        return (
            size, scene.layout, shown.current, shown.phase == "over",
            tuple(scene.is_computer(k) for k in range(scene.game.players)),
            tuple(icon[0] if icon else None for icon in icons),
            # The seats' small hands and trays and the pile are painted in too: they change between clips only.
            tuple(tuple(hand) for hand in shown.hands), tuple(len(t) for t in shown.taken), self.tray_places(),
            tuple(scene.face_down(k) for k in range(scene.game.players)),
            shown.pile - (clip.pile_out if clip is not None else 0),
            clip.hide_hand if clip is not None else frozenset(), self._done_here(),
        )

    def _taking_here(self) -> bool:
        """True while a person at this screen takes: the take step's own controls show ("take these", "done")."""
        shown = self.scene.shown
        return shown.phase == "take" and self.scene.local_person(shown.current)

    def _done_here(self) -> bool:
        """True while "done" (or its place, once something is picked) stands in the pile's place: a person here
        takes and the take is not made yet (then the pile is back, for the cards drawn from it)."""
        game = self.scene.game
        return self._taking_here() and game.phase == "take" and game.current_player == self.scene.shown.current

    def _paint_background(self, size: tuple[int, int], clip: CardClip | None) -> pygame.Surface:
        scene = self.scene
        lay = scene.layout
        bg = window_surface(self._bg, size)
        bg.blit(garden_background(size), (0, 0))
        # The table's own felt: a soft darker field the cards lie on.
        pygame.draw.rect(bg, darken(theme.BACKGROUND, 0.18), lay.table, border_radius=max(8, lay.table.w // 40))
        draw_card(bg, lay.turn_box, theme.PANEL_DARK, shape=BLOCK)
        draw_card(bg, lay.hand_box, theme.PANEL_DARK, shape=BLOCK)
        if not self._done_here():  # while a person here takes, "done" stands in the pile's place
            pygame.draw.rect(bg, theme.HEDGE_DARK, lay.pile, border_radius=max(6, lay.pile.w // 8))
        current = scene.shown.current if scene.shown.phase != "over" else None
        for seat, panel in enumerate(lay.seats):
            mine = seat == current
            draw_card(bg, panel.box, theme.PANEL if mine else theme.PANEL_DARK, shape=BLOCK)
            if mine:
                pygame.draw.rect(bg, seat_color(scene.figure_of(seat)), panel.box, width=max(3, panel.box.h // 16),
                                 border_radius=max(6, min(panel.box.w, panel.box.h) // 8))
            for slot in panel.hand:
                pygame.draw.rect(bg, darken(theme.PANEL_DARK, 0.25) if not mine else theme.PATH_SHADE, slot,
                                 border_radius=max(2, slot.w // 8))
        self._draw_icons(bg)
        if not self._done_here():
            self._draw_pile(bg, clip)
        self._paint_seat_cards(bg, clip)
        return bg

    def _paint_seat_cards(self, surface: pygame.Surface, clip: CardClip | None) -> None:
        """Each seat's small hand (faces, or backs when face down) and its tray of taken cards, fanned."""
        scene = self.scene
        shown = scene.shown
        hidden_slots = clip.hide_hand if clip is not None else frozenset()
        for seat, panel in enumerate(scene.layout.seats):
            hand = shown.hands[seat] if seat < len(shown.hands) else []
            down = scene.face_down(seat)
            for k, slot in enumerate(panel.hand):
                if k >= len(hand) or (seat == shown.current and k in hidden_slots):
                    continue
                if down:
                    blit_back(surface, scene.faces, slot.center, slot.w)
                else:
                    draw_face(surface, scene.faces, hand[k], slot.center, slot.w)
            taken = shown.taken[seat] if seat < len(shown.taken) else []
            side, spots = tray_spots(panel.tray, len(taken), self.tray_places())
            for card, spot in zip(taken, spots, strict=False):
                draw_face(surface, scene.faces, card, spot, side)

    # ----- the table extras ------------------------------------------------------------------
    def _draw_cell_shakes(self, surface: pygame.Surface) -> None:
        """A refused cell: a soft ring wobbling there (the gentle "not there")."""
        scene = self.scene
        side = scene.camera.side
        for e in scene.effects:
            target = e.target
            if e.kind != "shake" or not isinstance(target, tuple) or target[0] != "cell":
                continue
            cell = target[1]
            rect = scene.camera.rect_of(cell)
            dx = shake_offset(e.progress, side * (0.05 if scene.motion.reduced else 0.12))
            ring = rect.inflate(-max(4, rect.w // 8), -max(4, rect.h // 8)).move(round(dx), 0)
            pygame.draw.rect(surface, theme.ARROW_CLOSED, ring, width=max(3, rect.w // 14),
                             border_radius=max(4, rect.w // 6))

    # ----- the live panel --------------------------------------------------------------------
    def _draw_panel_live(self, surface: pygame.Surface, clip: CardClip | None) -> None:
        scene = self.scene
        lay = scene.layout
        shown = scene.shown
        pops = {e.target: e for e in scene.effects if e.kind == "pop"}
        pop = max(0.2, ease_out_back(pops["portrait"].progress)) if "portrait" in pops else 1.0
        self._draw_portrait(surface, lay.portrait, shown.current, pop)
        if scene.is_computer(shown.current) and shown.phase != "over":
            badge = scene.host.art.robot(max(16, lay.portrait.w // 3))
            surface.blit(badge, badge.get_rect(bottomright=lay.portrait.bottomright))
            if scene.thinking:
                self._draw_thinking(surface, lay.portrait)
        elif scene.far_thinking() and shown.phase == "place":
            self._draw_thinking(surface, lay.portrait)  # the far side chooses a card: "I am thinking", as a computer
        if self._taking_here():
            self._draw_take_buttons(surface)
        elif scene.far_choosing():
            self._draw_far_take(surface)
        else:
            self._draw_hand(surface, clip)
        self._draw_seats(surface, clip)
        if shown.phase == "take" and scene.picks:
            self._draw_tray_ghosts(surface, shown.current, sorted(scene.picks))
        self._draw_tray_pops(surface)

    def _draw_portrait(self, surface: pygame.Surface, rect: pygame.Rect, seat: int, pop: float) -> None:
        """The big figure of whose turn it is, on a disc of their colour (*pop* scales it for the hand-over)."""
        color = seat_color(self.scene.figure_of(seat))
        radius = max(8, int(rect.w / 2 * pop))
        pygame.draw.circle(surface, darken(color, 0.5), rect.center, radius)
        pygame.draw.circle(surface, color, rect.center, max(4, radius - max(3, rect.w // 18)))
        pygame.draw.circle(surface, lighten(color, 0.3), rect.center, max(4, radius - max(3, rect.w // 18)),
                           width=max(2, rect.w // 30))
        breath, opacity = self.scene.far_pose(seat)
        figure = self.scene.host.art.figure(self.scene.figure_of(seat), max(8, int(rect.w * 0.84 * pop * breath)))
        if opacity < 255:
            figure = figure.copy()
            figure.set_alpha(opacity)
        surface.blit(figure, figure.get_rect(center=rect.center))
        if self.scene.is_far(seat) and not self.scene.is_computer(seat):
            badge = self.scene.host.art.far_badge(max(16, rect.w // 3))
            surface.blit(badge, badge.get_rect(bottomright=rect.bottomright))

    def _draw_thinking(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Three dots over the computer's portrait, rising in turn: "I am thinking"."""
        scene = self.scene
        r = max(4, rect.w // 16)
        for k in range(3):
            x = rect.centerx + (k - 1) * r * 3
            phase = (scene.clock * 2.2 - k * 0.25) % 1.0
            up = 0.0 if scene.motion.reduced else max(0.0, math.sin(phase * 2 * math.pi)) * r * 1.2
            y = rect.top + r * 2 - up
            pygame.draw.circle(surface, theme.INK, (round(x), round(y)), r + 2)
            pygame.draw.circle(surface, theme.PANEL, (round(x), round(y)), r)

    def _draw_pile(self, surface: pygame.Surface, clip: CardClip | None) -> None:
        scene = self.scene
        count = scene.shown.pile - (clip.pile_out if clip is not None else 0)
        side, spots = pile_spots(scene.layout.pile, count)
        for x, y in spots:
            blit_back(surface, scene.faces, (x, y), side)

    def _draw_hand(self, surface: pygame.Surface, clip: CardClip | None) -> None:
        """The current hand, big: the chosen card lifted on a golden ring, the others resting; the rotate button."""
        scene = self.scene
        lay = scene.layout
        shown = scene.shown
        seat = shown.current
        hand = shown.hands[seat] if 0 <= seat < len(shown.hands) else []
        hidden = clip.hide_hand if clip is not None else frozenset()
        down = scene.face_down(seat)
        shakes = [e for e in scene.effects if e.kind == "shake" and e.target == "hand"]
        dx = shake_offset(shakes[0].progress, lay.card * 0.06) if shakes else 0.0
        person_turn = scene.phase_now() == "place"
        # The hinted card keeps its ring while the other one is chosen (its ghost on the table is gone then).
        hint = scene.hint if scene.hint_visible() else None
        hint_index = hint.place.hand_index if hint is not None and hint.place is not None else None
        for index, slot in enumerate(lay.hand):
            pygame.draw.rect(surface, theme.HEDGE_DARK, slot, border_radius=max(6, slot.w // 8))
            if index >= len(hand) or index in hidden or scene.gestures.drag == index:
                continue
            centre = (slot.centerx + dx, float(slot.centery))
            chosen = person_turn and scene.chosen == index
            if chosen:
                centre = (centre[0], centre[1] - slot.h * CHOSEN_LIFT)
                ring = slot.inflate(slot.w // 10, slot.h // 10).move(0, -round(slot.h * CHOSEN_LIFT))
                pygame.draw.rect(surface, theme.REACH_RING, ring, border_radius=max(8, ring.w // 7))
            if person_turn and scene.chosen is None and not down:
                # Nothing chosen yet: both cards glow softly, "take me" (still with calm motion).
                glow = 0.5 + 0.5 * math.sin(scene.clock * 3 + index) if scene.ambient_now() else 0.6
                ring = slot.inflate(slot.w // 12, slot.h // 12)
                pygame.draw.rect(surface, lighten(theme.REACH_RING, 0.5 * glow), ring, width=max(2, slot.w // 30),
                                 border_radius=max(8, ring.w // 7))
            if hint_index == index:
                pulse = 0.5 + 0.5 * math.sin(scene.hint_age * 5) if not scene.motion.reduced else 1.0
                ring = slot.inflate(slot.w // 8, slot.h // 8)
                pygame.draw.rect(surface, lighten(theme.REACH_RING, 0.4 * pulse), ring, width=max(3, slot.w // 24),
                                 border_radius=max(8, ring.w // 7))
            if down:
                blit_back(surface, scene.faces, centre, slot.w)
            else:
                angle = scene.angles[index] if person_turn else 0.0
                draw_face(surface, scene.faces, hand[index], centre, slot.w, angle)
            if hint_index == index and not down:
                self._draw_hand_bulb(surface, slot, centre)
        if person_turn and not down:
            rect = lay.rotate
            pygame.draw.circle(surface, theme.ARROW_OUTLINE, (rect.centerx, rect.centery + max(2, rect.h // 30)),
                               rect.w // 2)
            pygame.draw.circle(surface, theme.ARROW, rect.center, rect.w // 2)
            pygame.draw.circle(surface, theme.ARROW_OUTLINE, rect.center, rect.w // 2, width=max(2, rect.w // 22))
            icon = scene.host.art.icon("rotate", max(8, int(rect.w * 0.66)))
            surface.blit(icon, icon.get_rect(center=rect.center))

    def _draw_hand_bulb(self, surface: pygame.Surface, slot: pygame.Rect, centre: tuple[float, float]) -> None:
        """The light bulb on the hand card the hint means (as over a card it suggests taking): the card is
        marked, never chosen for the child."""
        px = max(10, round(slot.w * 0.3))
        at = (round(centre[0] + slot.w * 0.4), round(centre[1] - slot.h * 0.4))
        pygame.draw.circle(surface, theme.TAKE_RING_EDGE, (at[0], at[1] + 2), px // 2 + 3)
        pygame.draw.circle(surface, theme.REACH_GLOW, at, px // 2 + 1)
        bulb = self.scene.host.art.icon("hint", px)
        surface.blit(bulb, bulb.get_rect(center=at))

    def _draw_take_buttons(self, surface: pygame.Surface) -> None:
        """While a person takes: "take these" (a raised button showing the picked cards, once something is
        picked; before that a flat place with empty slots, which only nudges the glowing cards), and "done"."""
        scene = self.scene
        lay = scene.layout
        picks = sorted(scene.picks)
        press = scene.gestures.press
        if picks:
            face = draw_slab(surface, lay.take, theme.SUN, theme.SUN_EDGE, press is not None and press.on == "take")
            inner = face.inflate(-face.h // 6, -face.h // 6)
            icon_px = max(8, min(inner.h, inner.w // 4))
            check = scene.host.art.icon("check", icon_px)
            surface.blit(check, check.get_rect(midleft=(inner.x, inner.centery)))
            area = pygame.Rect(inner.x + icon_px + inner.h // 8, inner.y, max(4, inner.w - icon_px - inner.h // 8),
                               inner.h)
            side = max(6, min(int(area.h * 0.8), int(area.w * 0.9)))
            step = min(side * 1.05, (area.w - side) / max(1, len(picks) - 1)) if len(picks) > 1 else 0
            for k, cell in enumerate(picks):
                entry = scene.shown.table.get(cell)
                if entry is not None:
                    card, rotation = entry
                    draw_face(surface, scene.faces, card, (area.x + side / 2 + k * step, area.centery), side,
                              rotation * 90.0)
        else:
            # Not a button yet: a flat, sunken place with an empty slot for each card that may be taken
            # (with the hint's cards in them, see-through, while the light bulb suggests a take).
            place = lay.take.inflate(-max(4, lay.take.w // 30), -max(4, lay.take.h // 15))
            pygame.draw.rect(surface, darken(theme.PANEL_DARK, 0.2), place, border_radius=max(6, place.h // 6))
            hint = scene.hint if scene.hint_visible() else None
            suggested = sorted(hint.take) if hint is not None and hint.place is None else []
            count = max(1, min(3, len(suggested) or len(scene.takeable()) or 1))
            side = max(6, min(int(place.h * 0.6), int(place.w * 0.8 / count)))
            step = side * 1.1
            x0 = place.centerx - step * (count - 1) / 2
            slot = scene.faces.slot(side)
            for k in range(count):
                at = (round(x0 + k * step), place.centery)
                surface.blit(slot, slot.get_rect(center=at))
                entry = scene.shown.table.get(suggested[k]) if k < len(suggested) else None
                if entry is not None:
                    draw_face(surface, scene.faces, entry[0], at, side * 0.9, entry[1] * 90.0, alpha=TRAY_GHOST_ALPHA)
        if not self._done_here():
            return  # the take is made: the pile is back in "done"'s place
        if picks:
            # Something picked: "done" is not there (a hold on it must throw no pick away), only its place.
            place = lay.done.inflate(-max(4, lay.done.w // 15), -max(4, lay.done.h // 15))
            pygame.draw.rect(surface, darken(theme.PANEL_DARK, 0.2), place, border_radius=max(6, place.h // 6))
            self._draw_done_ring(surface, lay.done)
            return
        held = press is not None and press.on == "done"
        face = draw_slab(surface, lay.done, theme.CREAM, theme.CREAM_EDGE, held)
        icon = scene.host.art.icon("pass", max(8, int(face.h * 0.72)))
        surface.blit(icon, icon.get_rect(center=face.center))
        self._draw_done_ring(surface, lay.done)

    def _draw_far_take(self, surface: pygame.Surface) -> None:
        """While the far side chooses its take: their take place as they see it before picking (flat, an empty
        slot for each card they may take), with their figure beside it, so a child sees that the other player
        is choosing. Nothing here takes a tap."""
        scene = self.scene
        lay = scene.layout
        place = lay.take.inflate(-max(4, lay.take.w // 30), -max(4, lay.take.h // 15))
        pygame.draw.rect(surface, darken(theme.PANEL_DARK, 0.2), place, border_radius=max(6, place.h // 6))
        count = max(1, min(3, len(scene.far_takeable())))
        side = max(6, min(int(place.h * 0.6), int(place.w * 0.8 / count)))
        step = side * 1.1
        x0 = place.centerx - step * (count - 1) / 2
        slot = scene.faces.slot(side)
        for k in range(count):
            surface.blit(slot, slot.get_rect(center=(round(x0 + k * step), place.centery)))
        seat = scene.shown.current
        rect = lay.aside
        disc = pygame.Rect(0, 0, min(rect.w, rect.h), min(rect.w, rect.h))
        disc.center = rect.center
        self._draw_portrait(surface, disc, seat, 1.0)
        self._draw_thinking(surface, disc)

    def _draw_done_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The ring round "done" filling clockwise from the top while it is held (a tap starts it, then it falls)."""
        share = min(1.0, self.scene.done_ring / DONE_HOLD)
        if share <= 0:
            return
        ring = rect.inflate(max(6, rect.w // 8), max(6, rect.h // 8))
        width = max(4, rect.w // 12)
        pygame.draw.arc(surface, theme.HEDGE_DARK, ring.inflate(4, 4), 0, math.tau, width + 4)
        start = math.pi / 2 - share * math.tau  # pygame's arcs run counter-clockwise from east
        pygame.draw.arc(surface, theme.SUN, ring, start, math.pi / 2, width)

    def _draw_tray_ghosts(self, surface: pygame.Surface, seat: int, picks: list[Cell]) -> None:
        """Where the picked cards will go: see-through copies in *seat*'s tray, the tray ringed."""
        scene = self.scene
        if not 0 <= seat < len(scene.layout.seats):
            return
        tray = scene.layout.seats[seat].tray
        have = len(scene.shown.taken[seat])
        side, spots = tray_spots(tray, have + len(picks), self.tray_places())
        pygame.draw.rect(surface, theme.TAKE_RING, tray.inflate(6, 6), width=max(2, tray.h // 14),
                         border_radius=max(4, tray.h // 6))
        for k, cell in enumerate(picks):
            entry = scene.shown.table.get(cell)
            if entry is not None and have + k < len(spots):
                draw_face(surface, scene.faces, entry[0], spots[have + k], side, entry[1] * 90.0,
                          alpha=TRAY_GHOST_ALPHA, exact=False)

    def _draw_tray_pops(self, surface: pygame.Surface) -> None:
        """A taken card that just landed in a tray pops there (a ring flashes with calm motion)."""
        scene = self.scene
        for e in scene.effects:
            target = e.target
            if e.kind != "tray" or not isinstance(target, tuple) or not 0 <= target[0] < len(scene.layout.seats):
                continue
            seat, slot = target
            taken = scene.shown.taken[seat]
            if slot >= len(taken):
                continue
            tray = scene.layout.seats[seat].tray
            side, spots = tray_spots(tray, len(taken), self.tray_places())
            x, y = spots[slot]
            u = e.progress
            grow = 1.0 if scene.motion.reduced else 1.0 + 0.35 * hop(u)
            ring = pygame.Rect(0, 0, round(side * 1.2), round(side * 1.2))
            ring.center = (x, y)
            pygame.draw.rect(surface, lighten(theme.TAKE_RING, 0.5 * u), ring, width=max(2, side // 10),
                             border_radius=max(3, side // 5))
            draw_face(surface, scene.faces, taken[slot], (x, y - side * 0.1 * hop(u) * (grow > 1)), side * grow,
                      exact=False)

    def _draw_seats(self, surface: pygame.Surface, clip: CardClip | None) -> None:
        """Each seat's figure (bouncing on its turn, jumping when it wins) and robot badge."""
        scene = self.scene
        lay = scene.layout
        lifts: dict[int, float] = {}
        for e in scene.effects:
            if e.kind == "bounce" and isinstance(e.target, int):
                lifts[e.target] = max(lifts.get(e.target, 0.0), bounce_height(e.progress))
            elif e.kind == "jump" and isinstance(e.target, int):
                lifts[e.target] = max(lifts.get(e.target, 0.0),
                                      0.3 * abs(math.sin(e.age * math.pi * 2.5)) * (1 - e.progress * 0.5))
        for seat, panel in enumerate(lay.seats):
            fig = panel.figure
            y = fig.centery - lifts.get(seat, 0.0) * fig.h
            color = seat_color(scene.figure_of(seat))
            pygame.draw.circle(surface, darken(color, 0.45), fig.center, fig.w // 2)
            pygame.draw.circle(surface, color, fig.center, max(3, fig.w // 2 - max(2, fig.w // 14)))
            breath, opacity = scene.far_pose(seat)
            img = scene.host.art.figure(scene.figure_of(seat), max(6, int(fig.w * 0.86 * breath)))
            if opacity < 255:
                img = img.copy()
                img.set_alpha(opacity)
            surface.blit(img, img.get_rect(center=(fig.centerx, round(y))))
            badge = scene.host.art.robot(max(10, fig.w // 2)) if scene.is_computer(seat) else (
                scene.host.art.far_badge(max(10, fig.w // 2)) if scene.is_far(seat) else None)
            if badge is not None:
                surface.blit(badge, badge.get_rect(center=(fig.right - badge.get_width() // 5,
                                                          fig.bottom - badge.get_height() // 5)))

    # ----- moving things ---------------------------------------------------------------------
    def _draw_flight(self, surface: pygame.Surface, flight: Flight, t: float) -> None:
        scene = self.scene
        if not flight.shown_at(t):
            return
        x, y, side, angle = self.flight_spot(flight, t)
        if flight.card is None or not flight.face_up(t):
            squash = 1.0
            if flight.card is not None and flight.flip_at is not None:
                squash = max(0.05, min(1.0, (flight.flip_at - t) / 0.12)) if t > flight.flip_at - 0.12 else 1.0
            blit_back(surface, scene.faces, (x, y), side, angle, squash)
        else:
            draw_face(surface, scene.faces, flight.card, (x, y), side, angle, exact=False)

    def _draw_held(self, surface: pygame.Surface) -> None:
        """The card in the finger: on the lit cell it snaps to, else under the finger."""
        scene = self.scene
        index = scene.gestures.drag
        if index is None:
            return
        hand = scene.game.hand(scene.game.current_player)
        if index >= len(hand):
            return
        side = float(scene.camera.side)
        if scene.gestures.snap is not None:
            x, y = scene.camera.center_of(scene.gestures.snap)
            rect = scene.camera.rect_of(scene.gestures.snap)
            pygame.draw.rect(surface, theme.REACH_RING, rect.inflate(rect.w // 8, rect.h // 8),
                             width=max(3, rect.w // 16), border_radius=max(6, rect.w // 6))
        else:
            x, y = scene.gestures.pos
            side = max(side, scene.layout.card * 0.8) if scene.layout.hand_box.collidepoint((x, y)) else side
        draw_face(surface, scene.faces, hand[index], (x, y), side * 1.04, scene.angles[index], exact=False)

    def _draw_celebration(self, surface: pygame.Surface, u: float) -> None:
        """Stars circling out from each winner's figure."""
        scene = self.scene
        lay = scene.layout
        for seat in sorted(scene.shown.winners):
            if seat >= len(lay.seats):
                continue
            cx, cy = lay.seats[seat].figure.center
            r = lay.seats[seat].figure.w * (0.4 + 1.2 * u)
            dot = max(3, lay.seats[seat].figure.w // 10)
            for k in range(8):
                a = 2 * math.pi * k / 8 + u * 3
                x, y = cx + math.cos(a) * r, cy + math.sin(a) * r
                pygame.draw.circle(surface, theme.SPARKLE, (round(x), round(y)), max(2, round(dot * (1 - u * 0.6))))

    def _draw_handover(self, surface: pygame.Surface, seat: int) -> None:
        """Hidden hands: a veil over everything but the corner icons, the next figure big, a hand to tap."""
        scene = self.scene
        w, h = surface.get_size()
        if self._veil is None or self._veil.get_size() != (w, h):  # kept: the hand-over breathes every frame
            self._veil = pygame.Surface((w, h), pygame.SRCALPHA)
            self._veil.fill((*theme.SHADE, 225))
        surface.blit(self._veil, (0, 0))
        side = max(16, int(min(w, h) * 0.42))
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (w // 2, h // 2 - side // 8)
        breathe = 1.0 if scene.motion.reduced else 1.0 + 0.03 * math.sin(scene.clock * 3)
        self._draw_portrait(surface, rect, seat, breathe)
        hand_px = max(16, side // 3)
        tap = scene.host.art.icon("hand", hand_px)
        surface.blit(tap, tap.get_rect(midtop=(rect.centerx, rect.bottom + hand_px // 6)))
        self._draw_icons(surface)

    def _draw_icons(self, surface: pygame.Surface) -> None:
        """The corner icons shown now."""
        scene = self.scene
        for name, rect in scene.layout.icons.items():
            icon = scene.corner_icon(name)
            if icon is not None:
                draw_corner_icon(surface, rect, scene.host.art, icon[0])
