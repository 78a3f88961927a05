"""The play screen: the board, sliding the card in, the row gliding, lit paths and walking.

Input becomes intents (rotate, push at an arrow, walk to a cell); the engine checks and applies
them and returns events; the events become clips on a :class:`~doolhof.gui.anim.Timeline`. What
the screen shows (:class:`~doolhof.gui.hud.Shown`) lags the game until the clips have played, so
nothing jumps. The scene never decides a rule: arrows come from ``game.legal_arrows()`` and lit
cells from ``game.reachable()``. Computer seats think in a worker thread and then play through
the very same animation path: their card travels to the arrow, turns there and goes in, as if a
child had dragged it.

Hints (the light bulb in the corner, or by themselves after :data:`AUTO_HINT_DELAY` idle seconds
when the parents turned that on) come from the computer players' search, worked out in a thread
too; :mod:`doolhof.gui.hint_view` draws them. Every duration follows the parents' animation speed
and reduced-motion settings (:class:`~doolhof.gui.anim.Motion`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..engine import Game, IllegalMoveError, Push
from ..engine import events as ev
from ..engine.tiles import OPPOSITE, rotate
from . import theme
from .anim import (
    Clip,
    Effect,
    Key,
    Motion,
    Sprite,
    Timeline,
    bounce_height,
    ease_in_out,
    ease_out,
    ease_out_back,
    linear,
    shake_offset,
)
from .board_view import BREATH_LEVELS, BoardArt
from .computer import ComputerTurn, Decision, HintJob, make_computer
from .hint_view import HintShow, draw_line_glow, draw_look_here, draw_path, draw_ring, nearest_look
from .hud import Shown, draw_spare_slot, draw_target, draw_trays, draw_turn_block, rounded_block, tray_parts, tray_slots
from .layout import PlayLayout, play_layout
from .pointer import PointerEvent
from .scene import Scene
from .seats import TableSetup

if TYPE_CHECKING:
    from .app import App

Cell = tuple[int, int]

#: Seconds of gentle ambient motion (breathing arrows, glowing picture) after the last input.
AMBIENT = 4.0
#: A press that moves farther than this (pixels) becomes a drag.
DRAG_START = 12
#: Seconds: the row glides, the card travels, each walking step.
SHIFT_TIME = 0.36
TRAVEL_TIME = 0.42
#: A computer's card: travels to its arrow, turns there a quarter at a time, waits a moment, goes in.
COMPUTER_TRAVEL_TIME = 0.8
COMPUTER_TURN_TIME = 0.3
COMPUTER_AIM_TIME = 0.3
#: The same, with reduced motion.
CALM_TRAVEL_TIME = 0.5
SETTLE_TIME = 0.42
STEP_TIME = 0.2
#: Quarter turn of the spare (seconds).
TURN_TIME = 0.16
#: Seconds without input on a person's turn before the automatic hint (when the parents allow it).
AUTO_HINT_DELAY = 12.0
#: Figure size on the board, as a fraction of a cell.
FIGURE = 0.64
#: Where several figures sharing a cell stand (cell fractions), by how many share it.
CLUSTER = {
    1: ((0.0, 0.0),),
    2: ((-0.17, 0.0), (0.17, 0.0)),
    3: ((-0.17, -0.12), (0.17, -0.12), (0.0, 0.16)),
    4: ((-0.17, -0.15), (0.17, -0.15), (-0.17, 0.15), (0.17, 0.15)),
}


class PlayScene(Scene):
    """One game on screen, from any phase to the celebration; then the end scene."""

    def __init__(self, app: App, game: Game, table: TableSetup) -> None:
        """Show *game* (push or walk phase, or over) played by the seats of *table*."""
        super().__init__(app)
        self.game = game
        self.table = table
        #: Called with the game after every completed push and walk (autosave hooks in here).
        self.on_action: Callable[[Game], None] = lambda game: None
        #: Extra corner buttons by slot name ("hint", "menu"): (icon name, callback).
        self.corner_buttons: dict[str, tuple[str, Callable[[], None]]] = {}
        self.shown = Shown.of(game)
        self.view = BoardArt(app.art)
        self.layout: PlayLayout = play_layout(app.screen.get_size(), game.board.size, game.players)
        self.timeline = Timeline()
        self.effects: list[Effect] = []
        self.rotation = 0  # quarter turns the player gave the spare (kept until the push)
        self.angle = 0.0  # the spare's drawn angle in degrees, chasing rotation * 90
        self.clock = 0.0
        #: Seconds of ambient motion after input or a turn change (tests set 0 to settle fast).
        self.ambient_time = AMBIENT
        self.ambient_until = AMBIENT
        self._press: tuple[object, ...] | None = None
        self._drag: str | None = None  # "spare" or "figure"
        self._drag_pos = (0, 0)
        self._snap: tuple[str, int] | None = None
        self._players: dict[int, object] = {}
        self._thinking: ComputerTurn | None = None
        self._pending_walk: Cell | None = None
        self._finished = False
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[object, ...] | None = None
        self._reach_layer: pygame.Surface | None = None
        self._reach_key: tuple[object, ...] | None = None
        self._aim: tuple[str, int] | None = None  # the arrow a computer's card waits at
        self.corner_buttons["hint"] = ("hint", self.show_hint)
        #: The hint on screen, or None (see :mod:`doolhof.gui.hint_view`).
        self.hint: HintShow | None = None
        self._hint_job: HintJob | None = None
        self._hint_turn: int | None = None  # the turn on which the mover asked for help
        self._hint_asked: tuple[int, str] | None = None  # (turn, phase) a hint was last worked out for
        #: False keeps the automatic hint away (e.g. while a tutorial shows the way itself).
        self.auto_hint_allowed = True
        #: Wall clock for the idle time: while the app sleeps it caps each step's dt at 0.1 s, so
        #: scene time alone would never reach the delay (tests step scene time; the larger counts).
        self.wall_clock: Callable[[], float] = time.monotonic
        self._idle_since = (0.0, self.wall_clock())
        self._idle_key: tuple[int, str] | None = None
        if game.is_over():
            self.timeline.add(self._celebration_clip(game.outcome().winners if game.outcome() else frozenset()))

    # ----- public helpers (tests, screenshot, benchmark) ---------------------------------------
    def arrow_rect(self, side: str, index: int) -> pygame.Rect:
        """The hit area of the arrow at (side, index)."""
        return self.layout.arrow_hit(side, index)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rect of board cell (row, col)."""
        return self.layout.cell_rect(cell)

    def spare_rect(self) -> pygame.Rect:
        """Where the sliding card rests in the panel."""
        return self.layout.spare.copy()

    def rotate_rect(self) -> pygame.Rect:
        """The round button beside the spare: rotate while pushing, stay while walking."""
        return self.layout.rotate.copy()

    def figure_center(self, seat: int) -> tuple[int, int]:
        """Where *seat*'s figure is drawn while nothing moves."""
        x, y = self._figure_spot(seat)
        return (round(x), round(y))

    def card_center(self) -> tuple[float, float]:
        """Where the sliding card is drawn now: its slot, or where a clip carries it (tests, screenshots)."""
        if self.timeline.hides_spare():
            for sprite, t in self.timeline.sprites():
                if sprite.kind == "tile" and sprite.layer == 1:
                    x, y, _ = self._sprite_spot(sprite, t)
                    return (x, y)
        return (float(self.layout.spare.centerx), float(self.layout.spare.centery))

    @property
    def motion(self) -> Motion:
        """The parents' animation speed and reduced-motion choice, as read now."""
        return Motion.from_settings(getattr(self.app, "settings", None))

    def busy(self) -> bool:
        """True while anything moves or a computer is thinking (or a hint is worked out or moves)."""
        ambient = self.clock < self.ambient_until and not self.motion.reduced
        return (
            self.timeline.busy() or bool(self.effects) or self._thinking is not None or self._computer_due()
            or abs(self.angle - self.rotation * 90) > 0.01 or ambient or self._hint_job is not None
            or self._hint_due() or (self._hint_visible() and self.hint is not None and self.hint.moving(self.motion))
        )

    def wake_after(self) -> float | None:
        """Seconds until the automatic hint is due, while it is on and a person ponders; else None."""
        if not self._auto_hint_waiting():
            return None
        return max(0.05, AUTO_HINT_DELAY - self._idle_time())

    # ----- hints -------------------------------------------------------------------------------
    def hint_available(self) -> bool:
        """True when the light bulb may help: a person's turn in a game still going."""
        return not self._finished and not self.game.is_over() and not self._is_computer(self.game.current_player)

    def show_hint(self) -> None:
        """Help the person to move (the light bulb): the push to make now, then the cell to walk to.

        Asked again, the hint plays once more. It is worked out in a thread as soon as nothing moves.
        """
        if not self.hint_available():
            return
        self._hint_turn = self.game.turn
        self._hint_asked = None
        if self.hint is not None:
            self.hint.age = 0.0
            self._play("hint")
        self._wake()

    def ghost_pose(self) -> tuple[float, float, float, float] | None:
        """The hint's ghost card now: (x, y, angle in degrees clockwise, opacity 0..1), or None."""
        hint = self.hint
        if hint is None or hint.push is None or not self._hint_visible():
            return None
        pose = hint.ghost_pose(self.motion)
        lay = self.layout
        sx, sy = lay.spare.center
        ex, ey = lay.cell_center(lay.entry_cell(hint.push.side, hint.push.index))
        angle = hint.start_angle + (hint.end_angle - hint.start_angle) * pose.turn
        dx, dy = {"N": (0, 1), "S": (0, -1), "W": (1, 0), "E": (-1, 0)}[hint.push.side]
        dip = pose.nudge * lay.cell * 0.5  # it dips towards the board: "push in here"
        return (sx + (ex - sx) * pose.u + dx * dip, sy + (ey - sy) * pose.u + dy * dip, angle, pose.alpha)

    def _hint_visible(self) -> bool:
        """True when the hint on screen belongs to what the screen shows now."""
        hint = self.hint
        if hint is None or hint.advice.turn != self.game.turn or hint.advice.phase != self.game.phase:
            return False
        if hint.advice.phase == "push":
            return self._accepting() and self._drag is None
        return self._lit_now()

    def _hint_due(self) -> bool:
        """True when help was asked for this turn and this phase still lacks it."""
        return (
            self._hint_turn == self.game.turn and self.hint_available() and self._hint_job is None
            and (self.hint is None or self.hint.advice.phase != self.game.phase)
            and self._hint_asked != (self.game.turn, self.game.phase)
        )

    def _drive_hint(self, mdt: float) -> None:
        if self.hint is not None:
            self.hint.age += mdt
        job = self._hint_job
        if job is not None:
            if not job.done():
                return
            self._hint_job = None
            advice = job.result()
            game = self.game
            if advice is None or (advice.turn, advice.phase, advice.seat) != (game.turn, game.phase,
                                                                             game.current_player):
                return
            path: tuple[Cell, ...] = ()
            if advice.cell is not None:
                path = game.board.path(game.positions[game.current_player], advice.cell) or ()
            turn_to = nearest_look(self.shown.spare, advice.push.rotation, self.angle) if advice.push else None
            self.hint = HintShow(advice, start_angle=self.angle, path=path, turn_to=turn_to)
            self._play("hint")
            return
        if self._hint_due() and self._accepting() and (self.game.phase == "push" or self._lit_now()):
            self._hint_asked = (self.game.turn, self.game.phase)
            self._hint_job = HintJob(self.game)
            return
        if self._auto_hint_waiting() and self._idle_time() >= AUTO_HINT_DELAY:
            self.show_hint()

    def _clear_hint(self) -> None:
        self.hint = None
        self._hint_job = None

    # ----- idle time (the automatic hint) ------------------------------------------------------
    def _note_input(self) -> None:
        """The person did something: the idle time starts again."""
        self._idle_since = (self.clock, self.wall_clock())

    def _idle_time(self) -> float:
        clock, wall = self._idle_since
        return max(self.clock - clock, self.wall_clock() - wall)

    def _auto_hint_waiting(self) -> bool:
        """True while the automatic hint is on and waits for a person who does nothing."""
        return (
            bool(getattr(getattr(self.app, "settings", None), "auto_hint", False)) and self.auto_hint_allowed
            and self.hint_available() and self._hint_turn != self.game.turn and self._accepting()
            and self._drag is None and self._press is None
        )

    def start_push(self, side: str, index: int) -> bool:
        """Push at (side, index) as if the arrow were tapped; False when that is not possible now."""
        if not self._accepting() or self.game.phase != "push":
            return False
        return self._push(Push(side, index, self.rotation % 4), ("spare",), travel=True)

    # ----- lifecycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        """Start the gentle ambient motion; a computer to move starts thinking on the next update."""
        self._wake()
        self._note_input()  # back from the parents' menu: give the child time before any automatic hint

    def exit(self) -> None:
        """Drop a half-finished press; a thinking thread is simply forgotten."""
        self._press = None
        self._drag = None

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out again for *size*."""
        self.layout = play_layout(size, self.game.board.size, self.game.players)
        self.view.clear()
        self._bg = None
        self._bg_key = None
        self._wake()

    # ----- input -------------------------------------------------------------------------------
    def _accepting(self) -> bool:
        """True when a person may act now."""
        return (
            not self.timeline.busy() and not self._finished and not self.game.is_over()
            and not self._is_computer(self.game.current_player) and self._thinking is None
        )

    def handle_pointer(self, event: PointerEvent) -> None:
        """Taps and drags: icons always; board and card only on a person's turn between animations."""
        self._wake()
        if event.kind != "move":
            self._note_input()
        if event.kind == "cancel":
            self._release_drag(None)
            return
        if event.kind == "down":
            self._press = None
            self._drag = None
            for name, rect in self.layout.icons.items():
                if rect.collidepoint(event.pos) and self._corner_icon(name) is not None:
                    self._press = ("icon", name, event.pos)
                    return
            if not self._accepting():
                return
            self._press = self._hit(event.pos)
            return
        if self._press is None:
            return
        if not self._accepting() and self._press[0] != "icon":
            self._press = None
            self._drag = None
            return
        kind = self._press[0]
        start = self._press[-1]
        assert isinstance(start, tuple)
        if event.kind == "move":
            moved = math.dist(start, event.pos) > DRAG_START
            if kind == "spare" and (moved or self._drag == "spare"):
                self._drag = "spare"
                self._drag_pos = event.pos
                self._snap = self._nearest_arrow(event.pos, allowed_only=True)
            elif kind == "figure" and (moved or self._drag == "figure"):
                self._drag = "figure"
                self._drag_pos = event.pos
            return
        # release
        press, self._press = self._press, None
        if self._drag is not None:
            self._release_drag(event.pos)
            return
        self._tap(press, event.pos)

    def _hit(self, pos: tuple[int, int]) -> tuple[object, ...] | None:
        """What a press at *pos* would act on now."""
        lay = self.layout
        if self.game.phase == "push":
            if lay.spare.collidepoint(pos):
                return ("spare", pos)
            if lay.rotate.collidepoint(pos):
                return ("rotate", pos)
            for side, index in self.game.arrows():
                if lay.arrow_hit(side, index).collidepoint(pos):
                    return ("arrow", side, index, pos)
            return None
        if lay.rotate.collidepoint(pos):
            return ("stay", pos)
        seat = self.game.current_player
        fx, fy = self._figure_spot(seat)
        if math.dist((fx, fy), pos) < lay.cell * 0.42:
            return ("figure", pos)
        cell = lay.cell_at(pos)
        if cell is not None and cell in self.game.reachable():
            return ("cell", cell, pos)
        return None

    def _tap(self, press: tuple[object, ...], pos: tuple[int, int]) -> None:
        """A press released without dragging: act if it was released on what it pressed."""
        kind = press[0]
        if kind == "icon":
            name = str(press[1])
            if self.layout.icons[name].collidepoint(pos):
                action = self._corner_icon(name)
                if action is not None:
                    action[1]()
            return
        if self._hit(pos) is None or self._hit(pos)[:-1] != press[:-1]:
            return
        if kind in ("spare", "rotate"):
            self._turn_spare(1)
        elif kind == "arrow":
            side, index = str(press[1]), int(press[2])  # type: ignore[call-overload]
            if (side, index) in self.game.legal_arrows():
                self._push(Push(side, index, self.rotation % 4), ("spare",), travel=True)
            else:
                self._refuse(side, index)
        elif kind in ("stay", "figure"):
            self._walk(self.game.positions[self.game.current_player])
        elif kind == "cell":
            cell = press[1]
            assert isinstance(cell, tuple)
            self._walk((int(cell[0]), int(cell[1])))

    def _release_drag(self, pos: tuple[int, int] | None) -> None:
        """End a drag of the card or the figure: push/walk where it was let go, or fly back."""
        drag, self._drag = self._drag, None
        self._press = None
        snap, self._snap = self._snap, None
        if drag == "spare":
            if pos is not None and snap is not None and snap in self.game.legal_arrows():
                entry = self.layout.entry_cell(*snap)
                self._push(Push(snap[0], snap[1], self.rotation % 4), ("cell", *entry), travel=False)
                return
            near = self._nearest_arrow(pos, allowed_only=False) if pos is not None else None
            if near is not None and near not in self.game.legal_arrows():
                self._refuse(*near)
            back = Clip(0.25, hide_spare=True, name="fly back")
            back.sprites.append(self._spare_sprite([(0, ("screen", *self._drag_pos), 1.0), (0.25, ("spare",), 1.0)]))
            self.timeline.add(back)
        elif drag == "figure":
            cell = self.layout.cell_at(pos) if pos is not None else None
            seat = self.game.current_player
            if cell is not None and cell in self.game.reachable():
                glide = Clip(0.14, hide_figures=frozenset({seat}), name="figure drop")
                glide.sprites.append(Sprite("figure", [Key(0, ("screen", *self._drag_pos)), Key(0.14, ("cell", *cell))],
                                            {"seat": seat}, layer=2))
                glide.on_end = lambda: self._walk(cell, glide=True)
                self.timeline.add(glide)
            else:
                home = self.shown.positions[seat]
                back = Clip(0.22, hide_figures=frozenset({seat}), name="figure back")
                back.sprites.append(Sprite("figure", [Key(0, ("screen", *self._drag_pos)), Key(0.22, ("cell", *home))],
                                           {"seat": seat}, layer=2))
                self.timeline.add(back)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys and the wheel: R (or the wheel) turns the card."""
        self._wake()
        self._note_input()
        if not self._accepting() or self.game.phase != "push" or self._drag is not None:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self._turn_spare(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.type == pygame.MOUSEWHEEL:
            y = getattr(event, "y", 0)
            if isinstance(y, (int, float)) and y:
                self._turn_spare(1 if y < 0 else -1)

    def _corner_icon(self, name: str) -> tuple[str, Callable[[], None]] | None:
        """The icon and action of a corner slot, or None when the slot is empty."""
        if name == "sound":
            sound = self._sound_service()
            if sound is None:
                return None
            return ("sound_off" if getattr(sound, "muted", False) else "sound_on", self._toggle_sound)
        button = self.corner_buttons.get(name)
        if name == "hint" and button is not None and button[1] == self.show_hint and not self.hint_available():
            return None  # no light bulb on a computer's turn or once the game is over
        return button

    def _toggle_sound(self) -> None:
        sound = self._sound_service()
        if sound is not None and hasattr(sound, "toggle_muted"):
            sound.toggle_muted()
            self._play("tap")
        self._bg = None

    # ----- intents -----------------------------------------------------------------------------
    def _turn_spare(self, quarters: int) -> None:
        """Turn the sliding card a quarter (the drawn angle follows smoothly)."""
        self.rotation += quarters
        self._play("turn")

    def _refuse(self, side: str, index: int) -> None:
        """A gentle no: the closed arrow shakes and a soft sound plays."""
        self.effects = [e for e in self.effects if not (e.kind == "shake" and e.target == (side, index))]
        self.effects.append(Effect("shake", (side, index), 0.45))
        self._play("nope")

    def _push(self, push: Push, start: tuple[object, ...], travel: bool, start_angle: float | None = None) -> bool:
        """Ask the engine to push; animate what happened. False (and nothing changes) if refused.

        *start* is where the card is drawn now, at *start_angle* (default: the spare's drawn angle).
        """
        before = self.shown
        start_angle = self.angle if start_angle is None else start_angle
        try:
            events = self.game.push(push)
        except IllegalMoveError:
            self._refuse(push.side, push.index)
            return False
        self._aim = None
        self.hint = None
        self.rotation = 0
        self.angle = 0.0
        self._notify()
        self.timeline.add(*self._push_clips(events, before, start, start_angle, travel))
        return True

    def _walk(self, cell: Cell, glide: bool = False) -> bool:
        """Ask the engine to walk the mover to *cell*; animate what happened."""
        try:
            events = self.game.walk(cell)
        except IllegalMoveError:
            return False
        self.hint = None
        self._notify()
        self.timeline.add(*self._walk_clips(events, glide))
        return True

    def _notify(self) -> None:
        self.on_action(self.game)

    # ----- turning events into clips -----------------------------------------------------------
    def _spare_sprite(self, keys: list[tuple[float, tuple[object, ...], float]],
                      mask: int | None = None, picture: str | None = None, angle_to: float | None = None) -> Sprite:
        """The sliding card as a sprite moving through (time, anchor, angle) keys."""
        frames = [Key(t, at, angle=a, ease=ease_in_out) for t, at, a in keys]
        if angle_to is not None:
            frames[-1] = Key(frames[-1].t, frames[-1].at, angle=angle_to, ease=ease_in_out)
        data = {"mask": self.shown.spare if mask is None else mask,
                "picture": self.shown.spare_picture if mask is None else picture}
        return Sprite("tile", frames, data, layer=1)

    def _push_clips(self, events: list[ev.Event], before: Shown, start: tuple[object, ...],
                    start_angle: float, travel: bool) -> list[Clip]:
        pushed_in = next(e for e in events if isinstance(e, ev.CardPushedIn))
        shifted = next(e for e in events if isinstance(e, ev.LineShifted))
        pushed_out = next(e for e in events if isinstance(e, ev.CardPushedOut))
        carried = [e for e in events if isinstance(e, ev.FigureCarried)]
        wrapped = [e for e in events if isinstance(e, ev.FigureWrapped)]
        cells = shifted.cells
        entry = self.layout.entry_cell(shifted.side, shifted.index)
        exit_cell = self.layout.entry_cell(OPPOSITE[shifted.side], shifted.index)
        base = rotate(pushed_in.openings, -pushed_in.rotation)
        end_angle = nearest_look(base, pushed_in.rotation, start_angle)
        clips: list[Clip] = []
        if travel:
            duration = TRAVEL_TIME
            go = Clip(duration, hide_spare=True, name="travel")
            go.sprites.append(Sprite("tile", [
                Key(0, start, angle=start_angle), Key(duration, ("cell", *entry), angle=end_angle, ease=ease_in_out),
            ], {"mask": base, "picture": pushed_in.picture}, layer=1))
            clips.append(go)
        else:
            end_angle = start_angle  # a dragged card is already drawn at its rotation
        shift = Clip(SHIFT_TIME, hide_cells=frozenset(cells), hide_spare=True, name="shift",
                     hide_figures=frozenset(e.seat for e in carried + wrapped))
        final_angle = nearest_look(base, pushed_in.rotation, end_angle)
        shift.sprites.append(Sprite("tile", [Key(0, ("cell", *entry), angle=end_angle),
                                             Key(SHIFT_TIME, ("cell", *cells[0]), angle=final_angle)],
                                    {"mask": base, "picture": pushed_in.picture}, layer=1))
        board = before.board
        for k, cell in enumerate(cells):
            last = k + 1 == len(cells)
            target = exit_cell if last else cells[k + 1]
            # The card leaving slides under its neighbour (it only goes as far as the arrow band).
            shift.sprites.append(Sprite("tile", [Key(0, ("cell", *cell)), Key(SHIFT_TIME, ("cell", *target))],
                                        {"mask": board.mask_at(cell), "picture": board.picture_at(cell)},
                                        layer=-1 if last else 0))
        for e in carried:
            shift.sprites.append(Sprite("figure", [Key(0, ("cell", *e.start)), Key(SHIFT_TIME, ("cell", *e.end))],
                                        {"seat": e.seat}, layer=2))
        for e in wrapped:
            shift.sprites.append(Sprite("figure", [Key(0, ("cell", *e.start)), Key(SHIFT_TIME, ("cell", *exit_cell))],
                                        {"seat": e.seat}, layer=2))
        shift.cue(0, lambda: self._play("slide"))
        clips.append(shift)
        settle = Clip(SETTLE_TIME, hide_spare=True, hide_figures=frozenset(e.seat for e in wrapped), name="settle")
        settle.sprites.append(Sprite("tile", [Key(0, ("cell", *exit_cell)), Key(SETTLE_TIME, ("spare",),
                                                                                 ease=ease_in_out)],
                                     {"mask": pushed_out.openings, "picture": pushed_out.picture}, layer=1))
        for e in wrapped:
            # R9: off the far edge, back in from the near edge, onto the card just pushed in.
            settle.sprites.append(Sprite("figure", [
                Key(0, ("cell", *exit_cell)), Key(0.12, ("cell", *exit_cell), scale=0.2),
                Key(0.12, ("cell", *entry), scale=0.2, ease=linear), Key(SETTLE_TIME, ("cell", *e.end), ease=ease_out),
            ], {"seat": e.seat}, layer=2))
        settle.on_start = self._sync
        settle.on_end = self._after_push
        clips.append(settle)
        return clips

    def _after_push(self) -> None:
        self._sync()
        if self._pending_walk is not None:
            cell, self._pending_walk = self._pending_walk, None
            pause = Clip(0.55, name="pause")
            pause.on_end = lambda: self._walk(cell)
            self.timeline.add(pause)

    def _walk_clips(self, events: list[ev.Event], glide: bool) -> list[Clip]:
        clips: list[Clip] = []
        for e in events:
            if isinstance(e, ev.FigureWalked):
                clips.append(self._walk_clip(e, glide))
            elif isinstance(e, ev.SecretCollected):
                clips.append(self._collect_clip(e))
            elif isinstance(e, ev.SecretRevealed) and e.seat is None:
                clips.append(self._reveal_clip(e))
            elif isinstance(e, ev.TurnPassed):
                clips.append(self._handover_clip(e))
            elif isinstance(e, ev.GameOver):
                clips.append(self._celebration_clip(e.winners))
        return clips

    def _walk_clip(self, e: ev.FigureWalked, glide: bool) -> Clip:
        path = e.path
        calm = self.motion.reduced
        if glide or len(path) == 1:
            # Dropped by hand, or staying put: a little hop on the spot (calm: it swells a moment).
            clip = Clip(0.3, hide_figures=frozenset({e.seat}), name="walk")
            here = ("cell", *path[-1])
            keys = ([Key(0, here), Key(0.15, here, scale=1.12), Key(0.3, here)] if calm
                    else [Key(0, here), Key(0.3, here, lift=0.22, ease=linear)])
            clip.sprites.append(Sprite("figure", keys, {"seat": e.seat}, layer=2))
            clip.cue(0, lambda: self._play("step"))
        else:
            steps = len(path) - 1
            clip = Clip(steps * STEP_TIME, hide_figures=frozenset({e.seat}), name="walk")
            keys = [Key(0, ("cell", *path[0]))]
            hop = 0.0 if calm else 0.16
            keys += [Key(k * STEP_TIME, ("cell", *path[k]), lift=hop, ease=ease_in_out) for k in range(1, steps + 1)]
            clip.sprites.append(Sprite("figure", keys, {"seat": e.seat}, layer=2))
            for k in range(steps):
                clip.cue(k * STEP_TIME, lambda: self._play("step"))
        seat, goal = e.seat, path[-1]

        def arrive() -> None:
            self.shown.positions[seat] = goal
            self.shown.phase = "moved"

        clip.on_end = arrive
        return clip

    def _collect_clip(self, e: ev.SecretCollected) -> Clip:
        seat = e.seat
        k = len(self.game.collected[seat]) - 1
        clip = Clip(0.75, name="collect")
        if self.motion.reduced:  # straight to the tray, no pop
            token_keys = [Key(0, ("cell", *e.cell), scale=0.75), Key(0.75, ("tray", seat, k), ease=ease_in_out)]
        else:
            token_keys = [Key(0, ("cell", *e.cell), scale=0.4),
                          Key(0.18, ("cell", *e.cell), scale=0.75, ease=ease_out_back),
                          Key(0.75, ("tray", seat, k), ease=ease_in_out)]
        clip.sprites.append(Sprite("token", token_keys, {"picture": e.picture}, layer=3))
        clip.sprites.append(Sprite("sparkle", [Key(0, ("cell", *e.cell)), Key(0.75, ("cell", *e.cell), ease=linear)],
                                   {}, layer=4))

        def start() -> None:
            self.shown.target_picture = None
            self._play("collect")

        def end() -> None:
            self.shown.collected[seat].append(e.picture)
            if self.shown.piles[seat]:
                self.shown.piles[seat] -= 1

        clip.on_start = start
        clip.on_end = end
        return clip

    def _reveal_clip(self, e: ev.SecretRevealed) -> Clip:
        clip = Clip(0.4, name="reveal")

        def start() -> None:
            self.shown.target_picture = e.picture
            if not self.motion.reduced:
                self.effects.append(Effect("pop", "target", 0.4))
            self._play("pop")

        clip.on_start = start
        return clip

    def _handover_clip(self, e: ev.TurnPassed) -> Clip:
        clip = Clip(0.5, name="handover")

        def start() -> None:
            self._sync()
            if not self.motion.reduced:
                self.effects.append(Effect("pop", "portrait", 0.45))
                self.effects.append(Effect("bounce", e.seat, 0.6))
            self._play("turn_start")
            self._wake()
            self._note_input()  # a new turn: the idle time for the automatic hint starts now

        clip.on_start = start
        return clip

    def _celebration_clip(self, winners: frozenset[int]) -> Clip:
        clip = Clip(2.2, name="celebrate")
        for seat in sorted(winners):
            clip.sprites.append(Sprite("sparkle", [Key(0, ("figure", seat)), Key(1.2, ("figure", seat), ease=linear)],
                                       {}, layer=4))

        def start() -> None:
            self._sync()
            if not self.motion.reduced:
                for seat in winners:
                    self.effects.append(Effect("jump", seat, 2.0))
            self._play("fanfare")

        clip.on_start = start
        clip.on_end = self._finish
        return clip

    def _finish(self) -> None:
        """The game is over and celebrated: on to the end scene (when it exists)."""
        if self._finished:
            return
        self._finished = True
        try:
            from .end_scene import EndScene
        except ImportError:
            return
        self.app.replace_scene(EndScene(self.app, self.game, self.table))

    def _sync(self) -> None:
        """Show the game as it stands."""
        self.shown = Shown.of(self.game)

    # ----- computer seats ----------------------------------------------------------------------
    def _is_computer(self, seat: int) -> bool:
        seats = self.table.seats
        return 0 <= seat < len(seats) and seats[seat].is_computer

    def _computer_due(self) -> bool:
        return (
            not self.timeline.busy() and not self._finished and not self.game.is_over()
            and self._is_computer(self.game.current_player) and self._thinking is None
        )

    def _player_for(self, seat: int) -> object:
        player = self._players.get(seat)
        if player is None:
            level = self.table.seats[seat].level
            player = make_computer(level, seed=1000 + 7 * seat + self.game.turn)
            self._players[seat] = player
        return player

    def _drive_computer(self, dt: float) -> None:
        if self._computer_due():
            seat = self.game.current_player
            if self.game.phase == "push":
                self._thinking = ComputerTurn(self._player_for(seat), self.game)
            else:  # resumed in the middle of a computer's turn: just walk
                self._pending_walk = None
                choice = self._safe_walk(self._player_for(seat))
                pause = Clip(0.5, name="pause")
                pause.on_end = lambda: self._walk(choice)
                self.timeline.add(pause)
            return
        if self._thinking is None:
            return
        self._thinking.tick(dt)
        decision = self._thinking.result()
        if decision is None:
            return
        self._thinking = None
        if self.game.is_over() or self.game.phase != "push":
            return
        self._computer_push(decision)

    def _computer_push(self, decision: Decision) -> None:
        """Carry the computer's card to its arrow, turn it there, and push as a dropped card would.

        The engine hears of the push only when the card is at the arrow, so a child sees it coming.
        """
        push = decision.push
        entry = ("cell", *self.layout.entry_cell(push.side, push.index))
        calm = self.motion.reduced
        travel_time = CALM_TRAVEL_TIME if calm else COMPUTER_TRAVEL_TIME
        go = Clip(travel_time, hide_spare=True, name="travel")
        go.sprites.append(self._spare_sprite([(0, ("spare",), 0.0), (travel_time, entry, 0.0)]))
        go.on_start = lambda: setattr(self, "_aim", push.arrow)
        # The fewest quarter turns that give the card its look (three right = one left; a straight has two).
        turns = round(nearest_look(self.shown.spare, push.rotation, 0.0) / 90)
        step = COMPUTER_TURN_TIME * (0.6 if calm else 1.0)
        aim = Clip(abs(turns) * step + COMPUTER_AIM_TIME, hide_spare=True, name="turn")
        sign = 1 if turns >= 0 else -1
        keys: list[tuple[float, tuple[object, ...], float]] = [(0.0, entry, 0.0)]
        keys += [(k * step, entry, sign * k * 90.0) for k in range(1, abs(turns) + 1)]
        keys.append((aim.duration, entry, turns * 90.0))
        aim.sprites.append(self._spare_sprite(keys))
        for k in range(abs(turns)):
            aim.cue(k * step, lambda: self._play("turn"))

        def push_now() -> None:
            self._pending_walk = decision.walk
            if not self._push(push, entry, travel=False, start_angle=turns * 90.0):
                self._pending_walk = None
                self._aim = None

        aim.on_end = push_now
        self.timeline.add(go, aim)

    def _safe_walk(self, player: object) -> Cell:
        stay = self.game.positions[self.game.current_player]
        try:
            cell = player.choose_walk(self.game.copy())  # type: ignore[attr-defined]
            cell = (int(cell[0]), int(cell[1]))
        except Exception:  # a faulty computer player stays put rather than crash the game
            return stay
        return cell if cell in self.game.reachable() else stay

    # ----- time --------------------------------------------------------------------------------
    def _wake(self) -> None:
        self.ambient_until = self.clock + self.ambient_time

    def update(self, dt: float) -> None:
        """Advance the clock, animations, effects, hints and computer turns.

        Motion runs on scaled time (slow: 1.5 times longer, fast: 0.6), the computer's thinking pause too.
        """
        dt = max(0.0, min(float(dt), 0.1))
        self.clock += dt
        key = (self.game.turn, self.game.phase)
        if key != self._idle_key or self.timeline.busy() or self._thinking is not None:
            self._idle_key = key
            self._note_input()  # the child watches (or has just acted): not idle
        mdt = dt / max(0.05, self.motion.scale)
        self.timeline.update(mdt)
        for effect in self.effects:
            effect.age += mdt
        self.effects = [e for e in self.effects if not e.done]
        goal = self.rotation * 90.0
        if self.angle != goal:
            step = 90.0 / TURN_TIME * mdt
            self.angle = goal if abs(goal - self.angle) <= step else self.angle + math.copysign(step, goal - self.angle)
        self._drive_computer(mdt)
        self._drive_hint(mdt)

    def _sound_service(self) -> object | None:
        try:
            return self.app.sound
        except ImportError:
            return None

    def _play(self, name: str) -> None:
        sound = self._sound_service()
        if sound is not None:
            sound.play(name)  # type: ignore[attr-defined]

    # ----- geometry ----------------------------------------------------------------------------
    def _nearest_arrow(self, pos: tuple[int, int] | None, allowed_only: bool) -> tuple[str, int] | None:
        """The arrow whose entry slot is nearest *pos*, within a generous radius."""
        if pos is None:
            return None
        lay = self.layout
        arrows = self.game.legal_arrows() if allowed_only else self.game.arrows()
        best, best_d = None, lay.cell * 1.05
        for side, index in arrows:
            if lay.arrow_hit(side, index).collidepoint(pos):
                return (side, index)
            d = math.dist(lay.cell_center(lay.entry_cell(side, index)), pos)
            if d < best_d:
                best, best_d = (side, index), d
        return best

    def _figure_spot(self, seat: int) -> tuple[float, float]:
        """Where *seat*'s figure stands (several on one cell stand apart)."""
        positions = self.shown.positions
        cell = positions[seat]
        sharing = [s for s, p in enumerate(positions) if p == cell]
        dx, dy = CLUSTER[len(sharing)][sharing.index(seat)]
        x, y = self.layout.cell_center(cell)
        return (x + dx * self.layout.cell, y + dy * self.layout.cell)

    def _resolve(self, anchor: tuple[object, ...]) -> tuple[float, float, float]:
        """(x, y, natural size) of an anchor under the current layout."""
        lay = self.layout
        kind = anchor[0]
        if kind == "cell":
            x, y = lay.cell_center((float(anchor[1]), float(anchor[2])))  # type: ignore[arg-type]
            return x, y, lay.cell
        if kind == "spare":
            return lay.spare.centerx, lay.spare.centery, lay.spare.w
        if kind == "screen":
            return float(anchor[1]), float(anchor[2]), lay.cell  # type: ignore[arg-type]
        if kind == "tray":
            seat, k = int(anchor[1]), int(anchor[2])  # type: ignore[call-overload]
            _, size, centres = tray_parts(lay, seat, max(tray_slots(self.shown, seat), k + 1))
            x, y = centres[min(k, len(centres) - 1)]
            return x, y, size / 0.75
        if kind == "figure":
            x, y = self._figure_spot(int(anchor[1]))  # type: ignore[call-overload]
            return x, y, lay.cell
        return lay.target.centerx, lay.target.centery, lay.target.w

    # ----- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene (caches may fill; the game and the scene's state do not change)."""
        lay = self.layout
        key = self._background_key(surface.get_size())
        if self._bg is None or self._bg_key != key:
            self._bg = self._paint_background(surface.get_size())
            self._bg_key = key
        surface.blit(self._bg, (0, 0))
        # Cards that move this clip are drawn as sprites: leave their slots empty underneath.
        for cell in self.timeline.hidden_cells():
            surface.fill(theme.BOARD_BASE_DARK, lay.cell_rect(cell))
        ambient = self.clock < self.ambient_until and not self.motion.reduced
        if self._lit_now():
            self._draw_reach(surface)
        self._draw_target_glow(surface, ambient)
        hint = self.hint if self._hint_visible() else None
        if hint is not None:
            self._draw_hint_under(surface, hint)
        self._draw_arrows(surface, ambient)
        sprites = self.timeline.sprites()
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
        if self._drag == "spare":
            self._draw_dragged_spare(surface)
        elif self._drag == "figure":
            seat = self.game.current_player
            img = self.view.figure(seat, int(lay.cell * FIGURE * 1.15))
            surface.blit(img, img.get_rect(center=self._drag_pos))

    def _background_key(self, size: tuple[int, int]) -> tuple[object, ...]:
        s = self.shown
        return (
            size, id(self.layout), tuple(s.board.masks()), tuple(s.board.pictures()),
            tuple(tuple(c) for c in s.collected), tuple(s.piles), s.current,
            tuple(self._is_computer(k) for k in range(self.game.players)),
            tuple(self._corner_icon(name)[0] if self._corner_icon(name) else None for name in lay_icons(self.layout)),
        )

    def _paint_background(self, size: tuple[int, int]) -> pygame.Surface:
        lay = self.layout
        bg = self._bg
        if bg is None or bg.get_size() != size:
            # Allocating and converting a full-window surface costs milliseconds: reuse it while the size holds.
            bg = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                bg = bg.convert()
        bg.fill(theme.BACKGROUND)
        frame = lay.frame
        radius = max(8, lay.band // 2)
        pygame.draw.rect(bg, theme.BOARD_BASE_DARK, frame.move(0, max(3, lay.cell // 20)), border_radius=radius)
        pygame.draw.rect(bg, theme.BOARD_BASE, frame, border_radius=radius)
        pygame.draw.rect(bg, theme.BOARD_BASE_DARK, lay.board.inflate(lay.cell // 12, lay.cell // 12),
                         border_radius=max(4, lay.cell // 10))
        board = self.shown.board
        for cell in board.cells():
            self._blit_tile(bg, board.mask_at(cell), board.picture_at(cell), lay.cell_center(cell), lay.cell, cell=cell)
        # Panel: turn block, spare slot, trays, corner icons.
        rounded_block(bg, lay.turn_box, theme.PANEL_DARK)
        draw_spare_slot(bg, lay)
        draw_trays(bg, lay, self.shown, self.view, [self._is_computer(k) for k in range(self.game.players)],
                   self.shown.current)
        for name in lay_icons(lay):
            icon = self._corner_icon(name)
            if icon is not None:
                rect = lay.icons[name]
                pygame.draw.circle(bg, theme.PANEL_DARK, rect.center, rect.w // 2)
                img = self.view.icon(icon[0], int(rect.w * 0.7))
                bg.blit(img, img.get_rect(center=rect.center))
        return bg

    def _blit_tile(self, surface: pygame.Surface, mask: int, picture: str | None, centre: tuple[float, float],
                   px: float, cell: Cell | None = None, angle: float = 0.0, scale: float = 1.0) -> None:
        """A corridor card (turned *angle* degrees clockwise) with its picture upright on top."""
        variant = self.game.variant
        fixed = cell is not None and cell in variant.fixed
        home = None
        if cell is not None and fixed:
            for seat in range(4):
                if variant.home(seat) == cell:
                    home = theme.SEAT_COLORS[seat]
        size = max(4, round(px * scale))
        tile = self.view.corridor(mask, size, fixed, home, plate=picture is not None)
        if angle % 360:
            tile = pygame.transform.rotate(tile, -angle)
        surface.blit(tile, tile.get_rect(center=(round(centre[0]), round(centre[1]))))
        if picture is not None:
            img = self.view.picture(picture, int(size * 0.52))
            surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _lit_now(self) -> bool:
        clip = self.timeline.current
        return self.shown.phase == "walk" and self.game.phase == "walk" and (clip is None or clip.name == "pause")

    def _draw_reach(self, surface: pygame.Surface) -> None:
        lay = self.layout
        reach = self.game.reachable()
        key = (reach, lay.cell, lay.board.size)
        if self._reach_key != key or self._reach_layer is None:
            # One board-sized layer per reachable set: a single blit a frame instead of one per cell.
            layer = pygame.Surface(lay.board.size, pygame.SRCALPHA)
            dim, lit = self.view.dim(lay.cell), self.view.lit(lay.cell)
            for cell in self.shown.board.cells():
                rect = lay.cell_rect(cell).move(-lay.board.x, -lay.board.y)
                layer.blit(lit if cell in reach else dim, rect)
            self._reach_layer = layer.convert_alpha() if pygame.display.get_surface() else layer
            self._reach_key = key
        surface.blit(self._reach_layer, lay.board.topleft)
        hover = lay.cell_at(self._drag_pos) if self._drag == "figure" else None
        if hover is not None and hover in reach:
            surface.blit(self.view.lit(lay.cell), lay.cell_rect(hover))

    def _draw_target_glow(self, surface: pygame.Surface, ambient: bool) -> None:
        s = self.shown
        if s.target_picture is not None:
            cell = s.board.find_picture(s.target_picture)
        elif s.target_home:
            cell = self.game.home(s.current)
        else:
            cell = None
        if cell is None or cell in self.timeline.hidden_cells():
            return
        lay = self.layout
        level = 0.7 + 0.3 * math.sin(self.clock * 2.6) if ambient else 0.85
        if self.hint is not None and self._hint_visible() and self.hint.push is not None:
            level = 0.6 + 0.4 * self.hint.pulse(self.motion)
        centre = lay.cell_rect(cell).center
        halo = self.view.halo(int(lay.cell * 0.98), int(level * 8))
        surface.blit(halo, halo.get_rect(center=centre))
        picture = s.board.picture_at(cell)
        if picture is not None:
            img = self.view.picture(picture, int(lay.cell * 0.52 * (0.96 + 0.08 * level)))
            surface.blit(img, img.get_rect(center=centre))

    def _draw_arrows(self, surface: pygame.Surface, ambient: bool) -> None:
        lay = self.layout
        pushing = self.game.phase == "push" and self.shown.phase == "push" and not self.timeline.busy()
        legal = set(self.game.legal_arrows()) if self.game.phase == "push" else set()
        forbidden = self.game.forbidden if self.game.phase == "push" else self.shown.forbidden
        level = BREATH_LEVELS - 1
        if pushing and ambient:
            level = round((math.sin(self.clock * 3.2) + 1) / 2 * (BREATH_LEVELS - 1))
        shakes = {e.target: e for e in self.effects if e.kind == "shake"}
        hover = None
        if pushing and self._drag is None and self._accepting():
            pos = self.app.pointer.pos
            hover = next((a for a in legal if lay.arrow_hit(*a).collidepoint(pos)), None)
        hinted = None
        if self.hint is not None and self.hint.push is not None and self._hint_visible():
            hinted = self.hint.push.arrow
        for side, index in self.game.arrows():
            rect = lay.arrow_rect(side, index)
            arrow_id = (side, index)
            if arrow_id == forbidden:
                state = "closed"
            elif (self._drag == "spare" and arrow_id == self._snap) or arrow_id in (hover, self._aim, hinted):
                state = "hot"
            else:
                state = "open"
            img = self.view.arrow(side, rect.w, rect.h, state, level if state == "open" and arrow_id in legal
                                  else BREATH_LEVELS - 1)
            if not pushing and state == "open":
                img = self.view.arrow(side, rect.w, rect.h, "rest", 0)
            dx = 0.0
            shake = shakes.get(arrow_id)
            if shake is not None:
                dx = shake_offset(shake.progress, lay.cell * (0.05 if self.motion.reduced else 0.12))
            offset = (dx, 0) if side in ("N", "S") else (0, dx)
            surface.blit(img, img.get_rect(center=(rect.centerx + offset[0], rect.centery + offset[1])))
            if state == "closed":
                mark = self.view.icon("closed", int(min(rect.w, rect.h) * 0.6))
                surface.blit(mark, mark.get_rect(center=(rect.centerx + offset[0], rect.centery + offset[1])))

    def _figure_lift(self, seat: int) -> float:
        """Extra height (cells) from a bounce or celebration jump."""
        lift = 0.0
        for e in self.effects:
            if e.target == seat and e.kind == "bounce":
                lift = max(lift, bounce_height(e.progress))
            elif e.target == seat and e.kind == "jump":
                lift = max(lift, 0.3 * abs(math.sin(e.age * math.pi * 2.5)) * (1 - e.progress * 0.5))
        return lift

    def _draw_figures(self, surface: pygame.Surface) -> None:
        lay = self.layout
        hidden = self.timeline.hidden_figures()
        current = self.shown.current
        order = sorted(range(self.game.players), key=lambda s: (s == current, s))
        for seat in order:
            if seat in hidden or (self._drag == "figure" and seat == self.game.current_player):
                continue
            x, y = self._figure_spot(seat)
            self._blit_figure(surface, seat, x, y - self._figure_lift(seat) * lay.cell, lay.cell * FIGURE)

    def _blit_figure(self, surface: pygame.Surface, seat: int, x: float, y: float, px: float) -> None:
        size = max(6, int(px))
        shadow_w = int(size * 0.7)
        shadow = pygame.Rect(0, 0, shadow_w, max(3, shadow_w // 3))
        shadow.center = (round(x), round(y + size * 0.42))
        pygame.draw.ellipse(surface, theme.HEDGE_DARK, shadow)
        img = self.view.figure(seat, size)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _sprite_spot(self, sprite: Sprite, t: float) -> tuple[float, float, float]:
        """(x, y, size) in pixels of *sprite* at clip time *t*, hop included."""
        pose = sprite.pose(t)
        ax, ay, asize = self._resolve(pose.a)
        bx, by, bsize = self._resolve(pose.b)
        u = pose.u
        x, y = ax + (bx - ax) * u, ay + (by - ay) * u
        size = (asize + (bsize - asize) * u) * pose.scale
        return x, y - pose.lift * self.layout.cell, size

    def _draw_sprite(self, surface: pygame.Surface, sprite: Sprite, t: float) -> None:
        pose = sprite.pose(t)
        x, y, size = self._sprite_spot(sprite, t)
        u = pose.u
        lay = self.layout
        data = sprite.data
        if sprite.kind == "tile":
            mask = int(data["mask"])  # type: ignore[call-overload]
            picture = data.get("picture")
            self._blit_scaled_tile(surface, mask, picture if isinstance(picture, str) else None, (x, y), size,
                                   pose.angle)
        elif sprite.kind == "figure":
            seat = int(data["seat"])  # type: ignore[call-overload]
            self._blit_figure(surface, seat, x, y, lay.cell * FIGURE * pose.scale)
        elif sprite.kind == "token":
            token_px = max(8, int(size * 0.75))
            img = self.view.token(str(data["picture"]), token_px)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        elif sprite.kind == "sparkle":
            self._draw_sparkles(surface, x, y, u)

    def _blit_scaled_tile(self, surface: pygame.Surface, mask: int, picture: str | None, centre: tuple[float, float],
                          size: float, angle: float) -> None:
        """A moving card: rendered at one of two cached sizes, then scaled/rotated if needed."""
        lay = self.layout
        base_px = lay.cell if size <= lay.cell * 1.05 else lay.spare.w
        tile = self.view.corridor(mask, base_px, False, None, plate=picture is not None)
        target = max(4, round(size))
        if angle % 360 or target != base_px:
            tile = pygame.transform.rotozoom(tile, -angle, target / base_px)
        pos = (round(centre[0]), round(centre[1]))
        surface.blit(tile, tile.get_rect(center=pos))
        if picture is not None:
            img = self.view.picture(picture, int(base_px * 0.52))
            if target != base_px:
                img = pygame.transform.smoothscale(img, (max(2, int(target * 0.52)), max(2, int(target * 0.52))))
            surface.blit(img, img.get_rect(center=pos))

    def _draw_sparkles(self, surface: pygame.Surface, x: float, y: float, u: float) -> None:
        lay = self.layout
        star = self.view.sparkle(max(8, lay.cell // 4))
        radius = lay.cell * (0.2 + 0.6 * u)
        for k in range(8):
            a = k * math.pi / 4 + u * 1.5
            img = star
            if u > 0.6:
                img = star.copy()
                img.set_alpha(int(255 * (1 - u) / 0.4))
            surface.blit(img, img.get_rect(center=(round(x + math.cos(a) * radius), round(y + math.sin(a) * radius))))

    def _draw_panel_live(self, surface: pygame.Surface) -> None:
        lay = self.layout
        pops = {e.target: e for e in self.effects if e.kind == "pop"}
        portrait_pop = ease_out_back(pops["portrait"].progress) if "portrait" in pops else 1.0
        draw_turn_block(surface, lay, self.shown, self.view, self.shown.current, max(0.2, portrait_pop))
        target_pop = ease_out_back(pops["target"].progress) if "target" in pops else 1.0
        draw_target(surface, lay, self.shown, self.view, self._home_mask(self.shown.current), max(0.1, target_pop))
        if self._is_computer(self.shown.current):
            badge = self.view.robot(max(16, lay.portrait.w // 3))
            surface.blit(badge, badge.get_rect(bottomright=lay.portrait.bottomright))
            if self._thinking is not None:
                self._draw_thinking(surface)
        if not self.timeline.hides_spare() and self._drag != "spare":
            angle = self.angle
            self._blit_scaled_tile(surface, self.shown.spare, self.shown.spare_picture, lay.spare.center,
                                   lay.spare.w, angle)
        self._draw_round_button(surface)

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        """Three dots over the computer's portrait, rising in turn: "I am thinking"."""
        rect = self.layout.portrait
        r = max(4, rect.w // 16)
        calm = self.motion.reduced
        for k in range(3):
            x = rect.centerx + (k - 1) * r * 3
            phase = (self.clock * 2.2 - k * 0.25) % 1.0
            up = 0.0 if calm else max(0.0, math.sin(phase * 2 * math.pi)) * r * 1.2
            y = rect.top + r * 2 - up
            pygame.draw.circle(surface, theme.INK, (round(x), round(y)), r + 2)
            pygame.draw.circle(surface, theme.PANEL, (round(x), round(y)), r)

    def _draw_hint_under(self, surface: pygame.Surface, hint: HintShow) -> None:
        """Under the arrows and figures: the picture to find, the line that will move, the cell and path."""
        lay = self.layout
        motion = self.motion
        pulse = hint.pulse(motion)
        if hint.push is not None:
            draw_line_glow(surface, self._line_rect(hint.push.side, hint.push.index), lay.cell, pulse)
            s = self.shown
            cell = s.board.find_picture(s.target_picture) if s.target_picture is not None else None
            if s.target_home:
                cell = self.game.home(s.current)
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
        pose = self.ghost_pose()
        if pose is None or hint.push is None:
            return
        x, y, angle, alpha = pose
        lay = self.layout
        px = lay.cell + (lay.spare.w - lay.cell) * max(0.0, 1 - math.dist((x, y), lay.spare.center) / max(1, lay.cell))
        img = self.view.ghost(self.shown.spare, self.shown.spare_picture, lay.cell)
        if abs(px - lay.cell) > 1 or angle % 360:
            img = pygame.transform.rotozoom(img, -angle, px / lay.cell)
        else:
            img = img.copy()
        img.set_alpha(round(255 * alpha))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
        # The arrow to tap stays visible on top of the ghost resting on it (see-through: the card shows too).
        rect = lay.arrow_rect(hint.push.side, hint.push.index)
        arrow = self.view.arrow(hint.push.side, rect.w, rect.h, "hot").copy()
        arrow.set_alpha(170)
        surface.blit(arrow, arrow.get_rect(center=rect.center))

    def _draw_round_button(self, surface: pygame.Surface) -> None:
        """Rotate while a person pushes; stay while a person walks; nothing for computers."""
        if self._is_computer(self.game.current_player) or self.game.is_over():
            return
        rect = self.layout.rotate
        if self.game.phase == "push" and self.shown.phase == "push":
            icon = "rotate"
        elif self._lit_now():
            icon = "stay"
        else:
            return
        pygame.draw.circle(surface, theme.ARROW_OUTLINE, (rect.centerx, rect.centery + max(2, rect.h // 30)),
                           rect.w // 2)
        pygame.draw.circle(surface, theme.ARROW, rect.center, rect.w // 2)
        pygame.draw.circle(surface, theme.ARROW_OUTLINE, rect.center, rect.w // 2, width=max(2, rect.w // 22))
        img = self.view.icon(icon, int(rect.w * 0.66))
        surface.blit(img, img.get_rect(center=rect.center))

    def _draw_dragged_spare(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if self._snap is not None:
            entry = lay.entry_cell(*self._snap)
            centre = lay.cell_center(entry)
            line = self._line_rect(*self._snap)
            pygame.draw.rect(surface, theme.REACH_RING, line, width=max(3, lay.cell // 18),
                             border_radius=max(4, lay.cell // 8))
        else:
            centre = self._drag_pos
        self._blit_scaled_tile(surface, self.shown.spare, self.shown.spare_picture, centre, lay.cell, self.angle)

    def _line_rect(self, side: str, index: int) -> pygame.Rect:
        lay = self.layout
        if side in ("N", "S"):
            return pygame.Rect(lay.board.x + index * lay.cell, lay.board.y, lay.cell, lay.board.h)
        return pygame.Rect(lay.board.x, lay.board.y + index * lay.cell, lay.board.w, lay.cell)

    def _home_mask(self, seat: int) -> int:
        return self.game.variant.fixed[self.game.home(seat)][0]

    # ----- undo hook (added for the parents' undo; see doolhof/gui/autosave.py) -----------------
    def restore(self, game: Game) -> None:
        """Show *game* instead of the current one at once (undo): animations, drags and thinking are dropped."""
        self.game = game
        self.timeline.clear()
        self.effects = []
        self._thinking = None
        self._pending_walk = None
        self._clear_hint()
        self._hint_turn = None
        self._aim = None
        self._press = None
        self._drag = None
        self._snap = None
        self._finished = False
        self.rotation = 0
        self.angle = 0.0
        self._bg_key = None
        self._reach_key = None
        self._sync()
        self._wake()


def lay_icons(lay: PlayLayout) -> tuple[str, ...]:
    """The corner icon slot names of a layout."""
    return tuple(lay.icons)
