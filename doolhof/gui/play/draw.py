"""Painting the play screen from the scene's state: board, lit cells, arrows, sprites, figures, panel, hint.

:class:`PlayPainter` only reads the scene (``draw`` changes nothing but its own caches): the
static picture (board cards, panel blocks, trays, corner icons) is painted once into a
background surface and repainted only when what it shows changes; the reachable cells are one
cached layer. Everything that moves is drawn over them every frame, in this order: hidden cells,
lit cells, the target's glow, the hint under the arrows, arrows, sprites under the figures,
figures, sprites over them, the live panel, the hint's ghost card, what the finger holds, and
last the scene's overlays (the tutorial).

The helpers :func:`figure_spot`, :func:`anchor_spot` and :func:`sprite_spot` turn the logical
places of :mod:`~doolhof.gui.kit.anim` (anchors such as :class:`~doolhof.gui.kit.anim.CellAnchor`)
into pixels under the current layout; input and the scene use them too.
"""

from __future__ import annotations

import math

import pygame

from doolhof.engine.board import Cell
from doolhof.gui.board.painter import (
    BREATH_LEVELS,
    FIGURE,
    draw_arrow,
    draw_cards,
    draw_figure,
    draw_frame,
    draw_glow,
    draw_line_ring,
    draw_reach,
    draw_sparkle_ring,
    faded,
    line_rect,
)
from doolhof.gui.kit import theme
from doolhof.gui.kit.anim import (
    Anchor,
    CellAnchor,
    FigureLook,
    ScreenAnchor,
    SpareAnchor,
    Sprite,
    TileLook,
    TokenLook,
    TrayAnchor,
    bounce_height,
    ease_out_back,
    shake_offset,
)
from doolhof.gui.kit.widgets import draw_card, draw_corner_icon, window_surface
from doolhof.gui.play.hint_view import HintShow, draw_line_glow, draw_look_here, draw_path, draw_ring
from doolhof.gui.play.layout import PlayLayout, figure_spot
from doolhof.gui.play.shown import (
    BLOCK,
    Shown,
    draw_spare_slot,
    draw_target,
    draw_trays,
    draw_turn_block,
    tray_parts,
    tray_slots,
)
from doolhof.gui.play.view import PlayView

#: A figure held by the finger is drawn this much larger.
HELD_SCALE = 1.15


# ----- where things are -----------------------------------------------------------------------
def anchor_spot(lay: PlayLayout, shown: Shown, anchor: Anchor) -> tuple[float, float, float]:
    """(x, y, natural size) in pixels of an animation anchor under *lay*."""
    if isinstance(anchor, CellAnchor):
        # The cell's centre, moved by a figure's offset beside others on it (none: no offset).
        x, y = lay.cell_center((float(anchor.row), float(anchor.col)))
        x += float(anchor.dx) * lay.cell
        y += float(anchor.dy) * lay.cell
        return x, y, lay.cell
    if isinstance(anchor, SpareAnchor):
        return lay.spare.centerx, lay.spare.centery, lay.spare.w
    if isinstance(anchor, ScreenAnchor):
        return float(anchor.x), float(anchor.y), lay.cell
    if isinstance(anchor, TrayAnchor):
        seat, k = anchor.seat, anchor.k
        _, size, centres = tray_parts(lay, seat, max(tray_slots(shown, seat), k + 1), shown.own_piles)
        x, y = centres[min(k, len(centres) - 1)]
        return x, y, size / 0.75
    x, y = figure_spot(lay, shown.positions, anchor.seat)
    return x, y, lay.cell


def sprite_spot(lay: PlayLayout, shown: Shown, sprite: Sprite, t: float) -> tuple[float, float, float]:
    """(x, y, size) in pixels of *sprite* at clip time *t*, hop included."""
    pose = sprite.pose(t)
    ax, ay, asize = anchor_spot(lay, shown, pose.a)
    bx, by, bsize = anchor_spot(lay, shown, pose.b)
    u = pose.u
    x, y = ax + (bx - ax) * u, ay + (by - ay) * u
    size = (asize + (bsize - asize) * u) * pose.scale
    return x, y - pose.lift * lay.cell, size


def draw_round_button(surface: pygame.Surface, rect: pygame.Rect, colors: tuple[theme.Color, theme.Color, theme.Color],
                      drop: int, rim: int, icon: pygame.Surface) -> None:
    """A round button in *rect*: a shadow *drop* pixels down, the disc, a rim *rim* wide, the icon centred.

    *colors* are (shadow, disc, rim).
    """
    shadow, disc, edge = colors
    r = rect.w // 2
    pygame.draw.circle(surface, shadow, (rect.centerx, rect.centery + drop), r)
    pygame.draw.circle(surface, disc, rect.center, r)
    pygame.draw.circle(surface, edge, rect.center, r, width=rim)
    surface.blit(icon, icon.get_rect(center=rect.center))


class PlayPainter:
    """Draws a :class:`~doolhof.gui.play.view.PlayView` as it is now; keeps only drawing caches."""

    def __init__(self, scene: PlayView) -> None:
        """Paint *scene* (read, never changed)."""
        self.scene = scene
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[object, ...] | None = None
        self._reach_layer: pygame.Surface | None = None
        self._reach_key: tuple[object, ...] | None = None

    def forget(self) -> None:
        """Drop the cached background and reach layer (a new layout or a replaced game)."""
        self._bg_key = None
        self._reach_key = None

    # ----- the frame -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole scene onto *surface*."""
        scene = self.scene
        lay = scene.layout
        key = self._background_key(surface.get_size())
        if self._bg is None or self._bg_key != key:
            self._bg = self._paint_background(surface.get_size())
            self._bg_key = key
        surface.blit(self._bg, (0, 0))
        # Cards that move this clip are drawn as sprites: leave their slots empty underneath.
        for cell in scene.timeline.hidden_cells():
            surface.fill(theme.BOARD_BASE_DARK, lay.cell_rect(cell))
        ambient = scene.ambient_now()
        if scene.lit_now():
            self._draw_reach(surface)
        self._draw_target_glow(surface, ambient)
        hint = scene.hint if scene.hint_visible() else None
        if hint is not None:
            self._draw_hint_under(surface, hint)
        self._draw_arrows(surface, ambient)
        sprites = scene.timeline.sprites()
        for sprite, t in sprites:
            if sprite.layer < 2:
                self._draw_sprite(surface, sprite, t)
        self._draw_figures(surface)
        for sprite, t in sprites:
            if sprite.layer >= 2:
                self._draw_sprite(surface, sprite, t)
        self._draw_panel_live(surface)
        if hint is not None:
            self._draw_hint_over(surface, hint)
        self._draw_held(surface)
        for overlay in scene.overlays:
            overlay.draw(surface)

    # ----- the static picture --------------------------------------------------------------
    def _background_key(self, size: tuple[int, int]) -> tuple[object, ...]:
        scene = self.scene
        s = scene.shown
        icons = (scene.corner_icon(name) for name in scene.layout.icons)
        return (
            size, scene.layout, tuple(s.board.masks()), tuple(s.board.pictures()),
            tuple(tuple(c) for c in s.collected), tuple(s.piles), s.current,
            tuple(scene.is_computer(k) for k in range(scene.game.players)), self._far_looks(),
            tuple(icon[0] if icon else None for icon in icons),
        )

    def _far_looks(self) -> tuple[int, ...]:
        """Per seat: 0 when played here, else the opacity of its far-away figure (see ``draw_trays``)."""
        scene = self.scene
        return tuple(scene.far_pose(k)[1] if scene.is_far(k) else 0 for k in range(scene.game.players))

    def secret_hidden(self) -> bool:
        """True when the mover's secret is the far side's own pile's (R14): it stays face down on this screen."""
        scene = self.scene
        return scene.shown.own_piles and scene.is_far(scene.shown.current)

    def _paint_background(self, size: tuple[int, int]) -> pygame.Surface:
        scene = self.scene
        lay = scene.layout
        bg = window_surface(self._bg, size)
        bg.fill(theme.BACKGROUND)
        draw_frame(bg, lay.board, lay.cell, lay.band)
        draw_cards(bg, scene.view, scene.shown.board, scene.game.variant, lay.cell, self._card_centre)
        # Panel: turn block, spare slot, trays, corner icons.
        draw_card(bg, lay.turn_box, theme.PANEL_DARK, shape=BLOCK)
        draw_spare_slot(bg, lay)
        if scene.show_trays:  # a puzzle shows its footprints there instead (its overlay)
            draw_trays(bg, lay, scene.shown, scene.view, [scene.is_computer(k) for k in range(scene.game.players)],
                       scene.shown.current, self._far_looks())
        for name, rect in lay.icons.items():
            icon = scene.corner_icon(name)
            if icon is not None:
                draw_corner_icon(bg, rect, scene.view, icon[0])
        return bg

    def _card_centre(self, cell: Cell) -> tuple[int, int]:
        """Where the card of board cell *cell* is centred (rounded to whole pixels)."""
        x, y = self.scene.layout.cell_center(cell)
        return (round(x), round(y))

    # ----- the board -----------------------------------------------------------------------
    def _draw_reach(self, surface: pygame.Surface) -> None:
        scene = self.scene
        lay = scene.layout
        reach = scene.game.reachable()
        key = (reach, lay.cell, lay.board.size)
        if self._reach_key != key or self._reach_layer is None:
            # One board-sized layer per reachable set: a single blit a frame instead of one per cell.
            layer = pygame.Surface(lay.board.size, pygame.SRCALPHA)
            draw_reach(layer, scene.view, scene.shown.board, reach, lay.cell, (0, 0))
            self._reach_layer = layer.convert_alpha() if pygame.display.get_surface() else layer
            self._reach_key = key
        surface.blit(self._reach_layer, lay.board.topleft)
        held = scene.gestures.held
        if held is not None and held.cell is not None:
            surface.blit(scene.view.lit(lay.cell), lay.cell_rect(held.cell))
            if len(held.path) > 1:
                draw_path(surface, [lay.cell_center(c) for c in held.path], lay.cell, 0.0, False)

    def _draw_target_glow(self, surface: pygame.Surface, ambient: bool) -> None:
        scene = self.scene
        s = scene.shown
        cell = self._target_cell()
        if cell is None or cell in scene.timeline.hidden_cells() or self.secret_hidden():
            return
        lay = scene.layout
        level = 0.7 + 0.3 * math.sin(scene.clock * 2.6) if ambient else 0.85
        hint = scene.hint
        if hint is not None and scene.hint_visible() and hint.push is not None:
            level = 0.6 + 0.4 * hint.pulse(scene.motion)
        draw_glow(surface, scene.view, lay.cell_rect(cell).center, lay.cell, int(level * 8), s.board.picture_at(cell),
                  int(lay.cell * 0.52 * (0.96 + 0.08 * level)))

    def _target_cell(self) -> Cell | None:
        """The board cell the mover looks for: the face-up picture's, or the home corner; None when off the board."""
        s = self.scene.shown
        if s.target_picture is not None:
            return s.board.find_picture(s.target_picture)
        if s.target_home:
            return self.scene.game.home(s.current)
        return None

    def _draw_arrows(self, surface: pygame.Surface, ambient: bool) -> None:
        scene = self.scene
        lay = scene.layout
        game = scene.game
        # Bright, breathing arrows mean "your turn, push": only for a person (a computer's aim turns hot).
        pushing = (
            game.phase == "push" and scene.shown.phase == "push" and not scene.timeline.busy()
            and scene.local_person(game.current_player) and not scene.finished
        )
        legal = set(game.legal_arrows()) if game.phase == "push" else set()
        forbidden = game.forbidden if game.phase == "push" else scene.shown.forbidden
        level = BREATH_LEVELS - 1
        if pushing and ambient:
            level = round((math.sin(scene.clock * 3.2) + 1) / 2 * (BREATH_LEVELS - 1))
        shakes = {e.target: e for e in scene.effects if e.kind == "shake"}
        gestures = scene.gestures
        hover = None
        if pushing and gestures.drag is None and scene.accepting():
            pos = scene.host.pointer_pos()
            hover = next((a for a in legal if lay.arrow_hit(*a).collidepoint(pos)), None)
        hinted = None
        if scene.hint is not None and scene.hint.push is not None and scene.hint_visible():
            hinted = scene.hint.push.arrow
        snap = gestures.snap if gestures.drag == "spare" else None
        for side, index in game.arrows():
            rect = lay.arrow_rect(side, index)
            arrow_id = (side, index)
            if arrow_id == forbidden:
                state = "closed"
            elif arrow_id in (snap, hover, scene.aim, hinted):
                state = "hot"
            elif pushing:
                state = "open"
            else:
                state = "rest"
            dx = 0.0
            shake = shakes.get(arrow_id)
            if shake is not None:
                dx = shake_offset(shake.progress, lay.cell * (0.05 if scene.motion.reduced else 0.12))
            shift = (dx, 0.0) if side in ("N", "S") else (0.0, dx)
            draw_arrow(surface, scene.view, side, rect, state, level if state == "open" and arrow_id in legal else None,
                       shift)

    # ----- figures and sprites -------------------------------------------------------------
    def _figure_lift(self, seat: int) -> float:
        """Extra height (cells) from a bounce or celebration jump."""
        lift = 0.0
        for e in self.scene.effects:
            if e.target == seat and e.kind == "bounce":
                lift = max(lift, bounce_height(e.progress))
            elif e.target == seat and e.kind == "jump":
                lift = max(lift, 0.3 * abs(math.sin(e.age * math.pi * 2.5)) * (1 - e.progress * 0.5))
        return lift

    def _draw_figures(self, surface: pygame.Surface) -> None:
        scene = self.scene
        lay = scene.layout
        hidden = scene.timeline.hidden_figures()
        current = scene.shown.current
        held = scene.gestures.drag == "figure"
        order = sorted(range(scene.game.players), key=lambda s: (s == current, s))
        for seat in order:
            if seat in hidden or (held and seat == scene.game.current_player) or not scene.shown.on_screen(seat):
                continue
            x, y = figure_spot(lay, scene.shown.positions, seat)
            breath, _ = scene.far_pose(seat)
            self._blit_figure(surface, seat, x, y - self._figure_lift(seat) * lay.cell, lay.cell * FIGURE * breath)

    def _blit_figure(self, surface: pygame.Surface, seat: int, x: float, y: float, px: float) -> None:
        if px < 3:
            return  # shrunk away (a figure wrapping round the board)
        _, opacity = self.scene.far_pose(seat)
        if opacity >= 255:
            draw_figure(surface, self.scene.view, seat, (x, y), max(6, int(px)))
            return
        size = max(6, int(px))  # the far side is away: its figure fades, shadow and all
        layer = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
        draw_figure(layer, self.scene.view, seat, (size, size), size)
        layer.set_alpha(opacity)
        surface.blit(layer, (round(x) - size, round(y) - size))

    def _draw_sprite(self, surface: pygame.Surface, sprite: Sprite, t: float) -> None:
        scene = self.scene
        lay = scene.layout
        pose = sprite.pose(t)
        x, y, size = sprite_spot(lay, scene.shown, sprite, t)
        look = sprite.look
        if isinstance(look, TileLook):
            self.blit_card(surface, look.mask, look.picture, (x, y), size, pose.angle)
        elif isinstance(look, FigureLook):
            self._blit_figure(surface, look.seat, x, y, lay.cell * FIGURE * pose.scale)
        elif isinstance(look, TokenLook):
            token_px = max(8, int(size * 0.75))
            img = scene.view.token(look.picture, token_px)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        else:  # SparkleLook
            u = pose.u
            star = scene.view.sparkle(max(8, lay.cell // 4))
            alpha = int(255 * (1 - u) / 0.4) if u > 0.6 else None
            draw_sparkle_ring(surface, star, (x, y), lay.cell * (0.2 + 0.6 * u), 8, u * 1.5, alpha)

    def blit_card(self, surface: pygame.Surface, mask: int, picture: str | None, centre: tuple[float, float],
                  size: float, angle: float) -> None:
        """A moving card: rendered at one of two cached sizes, then scaled/rotated if needed."""
        scene = self.scene
        lay = scene.layout
        base_px = lay.cell if size <= lay.cell * 1.05 else lay.spare.w
        tile = scene.view.corridor(mask, base_px, False, None, plate=picture is not None)
        target = max(4, round(size))
        if angle % 360 or target != base_px:
            tile = pygame.transform.rotozoom(tile, -angle, target / base_px)
        pos = (round(centre[0]), round(centre[1]))
        surface.blit(tile, tile.get_rect(center=pos))
        if picture is not None:
            img = scene.view.picture(picture, int(base_px * 0.52))
            if target != base_px:
                img = pygame.transform.smoothscale(img, (max(2, int(target * 0.52)), max(2, int(target * 0.52))))
            surface.blit(img, img.get_rect(center=pos))

    # ----- the panel -----------------------------------------------------------------------
    def _draw_panel_live(self, surface: pygame.Surface) -> None:
        scene = self.scene
        lay = scene.layout
        s = scene.shown
        pops = {e.target: e for e in scene.effects if e.kind == "pop"}
        portrait_pop = ease_out_back(pops["portrait"].progress) if "portrait" in pops else 1.0
        breath, opacity = scene.far_pose(s.current)
        draw_turn_block(surface, lay, s, scene.view, s.current, max(0.2, portrait_pop) * breath, opacity)
        target_pop = ease_out_back(pops["target"].progress) if "target" in pops else 1.0
        home_mask = scene.game.variant.fixed[scene.game.home(s.current)][0]
        draw_target(surface, lay, s, scene.view, home_mask, max(0.1, target_pop), hidden=self.secret_hidden())
        if scene.is_computer(s.current):
            badge = scene.view.robot(max(16, lay.portrait.w // 3))
            surface.blit(badge, badge.get_rect(bottomright=lay.portrait.bottomright))
            if scene.thinking:
                self._draw_thinking(surface)
        elif scene.is_far(s.current):
            badge = scene.view.far_badge(max(16, lay.portrait.w // 3))
            surface.blit(badge, badge.get_rect(bottomright=lay.portrait.bottomright))
        if not scene.timeline.hides_spare() and scene.gestures.drag != "spare":
            self.blit_card(surface, s.spare, s.spare_picture, lay.spare.center, lay.spare.w, scene.angle)
        self._draw_rotate_button(surface)

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        """Three dots over the computer's portrait, rising in turn: "I am thinking"."""
        scene = self.scene
        rect = scene.layout.portrait
        r = max(4, rect.w // 16)
        calm = scene.motion.reduced
        for k in range(3):
            x = rect.centerx + (k - 1) * r * 3
            phase = (scene.clock * 2.2 - k * 0.25) % 1.0
            up = 0.0 if calm else max(0.0, math.sin(phase * 2 * math.pi)) * r * 1.2
            y = rect.top + r * 2 - up
            pygame.draw.circle(surface, theme.INK, (round(x), round(y)), r + 2)
            pygame.draw.circle(surface, theme.PANEL, (round(x), round(y)), r)

    def _draw_rotate_button(self, surface: pygame.Surface) -> None:
        """Rotate while a person pushes; nothing else (after the push nothing else takes its place: a tap more
        there must not end the turn), nothing for computers."""
        scene = self.scene
        game = scene.game
        if not scene.local_person(game.current_player) or game.is_over() or scene.finished:
            return
        if game.phase != "push" or scene.shown.phase != "push":
            return
        icon = "rotate"
        rect = scene.layout.rotate
        draw_round_button(surface, rect, (theme.ARROW_OUTLINE, theme.ARROW, theme.ARROW_OUTLINE),
                          max(2, rect.h // 30), max(2, rect.w // 22), scene.view.icon(icon, int(rect.w * 0.66)))

    # ----- hints ---------------------------------------------------------------------------
    def _draw_hint_under(self, surface: pygame.Surface, hint: HintShow) -> None:
        """Under the arrows and figures: the picture to find, the line that will move, the cell and path."""
        scene = self.scene
        lay = scene.layout
        motion = scene.motion
        pulse = hint.pulse(motion)
        if hint.push is not None:
            draw_line_glow(surface, line_rect(lay.board, lay.cell, hint.push.side, hint.push.index), lay.cell, pulse)
            s = scene.shown
            cell = self._target_cell()
            if cell is not None:
                draw_look_here(surface, lay.cell_rect(cell).center, lay.cell, pulse)
            elif s.target_picture is not None and s.target_picture == s.spare_picture:
                draw_look_here(surface, lay.spare.center, lay.spare.w, pulse)  # it is on the sliding card
        elif hint.cell is not None:
            points = [lay.cell_center(c) for c in hint.path]
            draw_path(surface, points, lay.cell, hint.age, hint.moving(motion))
            draw_ring(surface, lay.cell_rect(hint.cell), pulse)

    def _draw_hint_over(self, surface: pygame.Surface, hint: HintShow) -> None:
        """Over everything: the glowing ghost of the sliding card on its way to the hinted arrow."""
        scene = self.scene
        pose = scene.ghost_pose()
        if pose is None or hint.push is None:
            return
        x, y, angle, alpha = pose
        lay = scene.layout
        px = lay.cell + (lay.spare.w - lay.cell) * max(0.0, 1 - math.dist((x, y), lay.spare.center) / max(1, lay.cell))
        img = scene.view.ghost(scene.shown.spare, scene.shown.spare_picture, lay.cell)
        if abs(px - lay.cell) > 1 or angle % 360:
            img = pygame.transform.rotozoom(img, -angle, px / lay.cell)
            img.set_alpha(round(255 * alpha))
        else:
            img = faded(img, round(255 * alpha))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
        # The arrow to tap stays visible on top of the ghost resting on it (see-through: the card shows too).
        rect = lay.arrow_rect(hint.push.side, hint.push.index)
        arrow = scene.view.arrow(hint.push.side, rect.w, rect.h, "hot", alpha=170)
        surface.blit(arrow, arrow.get_rect(center=rect.center))

    # ----- what the finger holds -----------------------------------------------------------
    def _draw_held(self, surface: pygame.Surface) -> None:
        scene = self.scene
        lay = scene.layout
        gestures = scene.gestures
        if gestures.drag == "spare":
            if gestures.snap is not None:
                centre = lay.cell_center(lay.entry_cell(*gestures.snap))
                draw_line_ring(surface, line_rect(lay.board, lay.cell, *gestures.snap), lay.cell, 18)
            else:
                centre = gestures.pos
            self.blit_card(surface, scene.shown.spare, scene.shown.spare_picture, centre, lay.cell, scene.angle)
        elif gestures.drag == "figure":
            seat = scene.game.current_player
            x, y = gestures.figure_at(lay)
            self._blit_figure(surface, seat, x, y, lay.cell * FIGURE * HELD_SCALE)
