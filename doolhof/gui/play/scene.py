"""The play screen: one game from any phase to the celebration, then the end scene.

The scene owns the game, what the screen shows, and the wiring between the parts:

- :mod:`~doolhof.gui.play.gestures` turns pointer gestures into intents (turn, push, walk ...);
  the scene hands each to the engine, which checks and applies it and returns events;
- :mod:`~doolhof.gui.play.choreography` turns the events into clips on a
  :class:`~doolhof.gui.kit.anim.Timeline`; what the screen shows (:class:`~doolhof.gui.play.shown.Shown`)
  lags the game until the clips have played, so nothing jumps;
- :mod:`~doolhof.gui.play.draw` paints the scene from that state (``draw`` changes nothing);
- :mod:`~doolhof.gui.play.hints` works out and shows hints, and times the automatic hint;
- computer seats think in a worker thread (:mod:`~doolhof.gui.play.computer`) and then play through
  the very same animation path: their card travels to the arrow, turns there and goes in.

The scene never decides a rule: arrows come from ``game.legal_arrows()`` and lit cells from
``game.reachable()``. Every duration follows the parents' animation speed and reduced-motion
settings (:class:`~doolhof.gui.kit.anim.Motion`).

Overlays (:class:`Overlay`, e.g. the first-game tutorial) sit on top of the scene: they see
pointer events first, update after it, draw last, keep frames coming while busy, and are removed
once done.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pygame

from doolhof.engine import Game, IllegalMoveError, Push
from doolhof.engine import events as ev
from doolhof.engine.board import Cell
from doolhof.engine.players import Player
from doolhof.engine.puzzle_run import PuzzleRun, again_keeping_turn
from doolhof.gui.board.painter import BoardArt
from doolhof.gui.kit.anim import SPARE, Anchor, CellAnchor, Effect
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.playing import PlayingScene
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.press import CardBack, PressIcon, TurnCard, turn_asked
from doolhof.gui.kit.scene import Host
from doolhof.gui.play.choreography import COMPUTER_WALK_PAUSE, Choreography
from doolhof.gui.play.computer import ComputerTurn, Decision, make_computer, safe_walk
from doolhof.gui.play.draw import PlayPainter
from doolhof.gui.play.gestures import (
    FigureBack,
    Gestures,
    Intent,
    PushAt,
    Refuse,
    WalkTo,
)
from doolhof.gui.play.hint_view import HintShow
from doolhof.gui.play.hints import AUTO_HINT_DELAY, HintCoach
from doolhof.gui.play.layout import CORNER_ICONS, PUZZLE_ICONS, PlayLayout, figure_spot, play_layout
from doolhof.gui.play.puzzle import PuzzleHintJob, PuzzleOverlay, after_walk_clip
from doolhof.gui.play.shown import Shown
from doolhof.gui.play.view import Overlay
from doolhof.online.errors import Refused
from doolhof.online.moves import push_move, read_move, walk_move
from doolhof.session.seats import TableSetup, fill_figures

__all__ = ["AUTO_HINT_DELAY", "Overlay", "PlayScene"]

#: Quarter turn of the spare (seconds).
TURN_TIME = 0.16


class PlayScene(PlayingScene[Game, Decision]):
    """One game on screen, from any phase to the celebration; then the end scene."""

    def __init__(self, host: Host, game: Game, table: TableSetup, puzzle: PuzzleRun | None = None,
                 looks: Mapping[int, int] | None = None) -> None:
        """Show *game* (push or walk phase, or over) played by the seats of *table*.

        With *puzzle* the scene plays that puzzle (*game* is its game): one figure, a budget of
        turns shown as footprints, stars when solved (see :mod:`doolhof.gui.play.puzzle`).
        *looks* maps a seat to the figure it wears, on the board and in the portrait (default: the one
        *table* says it plays; a puzzle's seat 0 wears the figure of the child reading the book).
        """
        super().__init__(host, game, table)  # on_action after every push and walk; overlays: see Overlay
        #: The puzzle being played, or None in a game.
        self.puzzle = puzzle
        #: False in puzzle mode: no trays (the footprints take their place).
        self.show_trays = puzzle is None
        self.shown = self._snapshot()
        # The board's four start corners wear the figures that start there, the empty ones those nobody plays (R5).
        chosen = [looks.get(k, k) for k in range(game.players)] if looks is not None \
            else [table.figure(k) for k in range(game.players)]
        self.view = BoardArt(host.art, dict(enumerate(fill_figures(chosen, max(4, game.players)))))
        self.layout: PlayLayout = self._layout_for(host.window_size())
        self.rotation = 0  # quarter turns the player gave the spare (kept until the push)
        self.angle = 0.0  # the spare's drawn angle in degrees, chasing rotation * 90
        #: The arrow a computer's card waits at, or None.
        self.aim: tuple[str, int] | None = None
        #: False keeps the automatic hint away (e.g. while the tutorial shows the way itself).
        self.auto_hint_allowed = True
        self.gestures = Gestures()
        run = puzzle
        self.hints = HintCoach(self) if run is None else HintCoach(self, lambda g: PuzzleHintJob(g, run))
        self.choreography = Choreography(self)
        self.painter = PlayPainter(self)
        self._players: dict[int, Player] = {}
        self._thinking: ComputerTurn | None = None
        self._pending_walk: Cell | None = None
        #: The hint on screen when the finger now down went down (its push is what a tap on its arrow does).
        self._hint_at_press: HintShow | None = None
        self.corner_buttons["hint"] = ("hint", self.show_hint)
        #: The puzzle's footprints, stars and "again" button (None in a game).
        self.puzzle_overlay: PuzzleOverlay | None = None
        if run is not None:
            self.corner_buttons["book"] = ("stones", lambda: run.on_book())
            self.puzzle_overlay = PuzzleOverlay(self, run)
            self.overlays.append(self.puzzle_overlay)
        if game.is_over():
            outcome = game.outcome()
            self.timeline.add(self.choreography.celebration(outcome.winners if outcome else frozenset()))

    # ----- public helpers (tests, screenshot, benchmark, tutorial) -----------------------------
    def figure_of(self, seat: int) -> int:
        """The figure *seat* wears on this board (its table's choice, or a puzzle's child)."""
        return self.view.look(seat)

    def arrow_rect(self, side: str, index: int) -> pygame.Rect:
        """The hit area of the arrow at (side, index)."""
        return self.layout.arrow_hit(side, index)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rect of board cell (row, col)."""
        return self.layout.cell_rect(cell)

    def seat_box(self, seat: int) -> pygame.Rect:
        """Where *seat*'s tray lies."""
        return self.layout.trays[seat].copy()

    def spare_rect(self) -> pygame.Rect:
        """Where the sliding card rests in the panel."""
        return self.layout.spare.copy()

    def play_rects(self) -> list[pygame.Rect]:
        """What a note for the parents must not cover: the cells, the arrows, the turn and card blocks, the trays."""
        lay = self.layout
        arrows = [self.arrow_rect(side, i) for side in "NSWE" for i in range(1, lay.size, 2)]
        return [lay.board, *arrows, lay.turn_box, lay.spare_box, *lay.trays]

    def figure_center(self, seat: int) -> tuple[int, int]:
        """Where *seat*'s figure is drawn while nothing moves."""
        x, y = figure_spot(self.layout, self.shown.positions, seat)
        return (round(x), round(y))

    def busy(self) -> bool:
        """True while anything moves or a computer is thinking (or a hint is worked out or moves)."""
        return (
            self.timeline.busy() or bool(self.effects) or self.thinking or self._computer_due()
            or abs(self.angle - self.rotation * 90) > 0.01 or self.ambient_now() or self.hints.busy()
            or self.gestures.gliding() or any(overlay.busy() for overlay in self.overlays)
        )

    def wake_after(self) -> float | None:
        """Seconds until the automatic hint is due, while it is on and a person ponders (or, online, until
        the next look at the far side's news); else None."""
        times = [t for t in (self.hints.wake_after(), self.far_wake_after()) if t is not None]
        return min(times) if times else None

    def accepting(self) -> bool:
        """True when a person may act now."""
        return (
            not self.timeline.busy() and not self.finished and not self.game.is_over()
            and self.local_person(self.game.current_player) and self._thinking is None
        )

    def lit_now(self) -> bool:
        """True when the reachable cells are lit: the walk phase on screen, nothing moving (a pause aside)."""
        clip = self.timeline.current
        return self.shown.phase == "walk" and self.game.phase == "walk" and (clip is None or clip.name == "pause")

    # ----- hints -------------------------------------------------------------------------------
    @property
    def hint(self) -> HintShow | None:
        """The hint on screen, or None (see :mod:`doolhof.gui.play.hint_view`)."""
        return self.hints.hint

    def hint_available(self) -> bool:
        """True when the light bulb may help: a person's turn in a game still going."""
        return self.hints.available()

    def hint_visible(self) -> bool:
        """True when the hint on screen belongs to what the screen shows now."""
        return self.hints.visible()

    def show_hint(self) -> None:
        """Help the person to move (the light bulb): the push to make now, then the cell to walk to.

        Asked again, the hint plays once more. It is worked out in a thread as soon as nothing moves.
        """
        self.hints.ask()

    def kept(self) -> dict[str, Any]:
        """The turn help was asked on, so that a continued game shows the hint it showed (the walk's cell)."""
        turn = self.hints.asked_turn()
        return {"hint_turn": turn} if turn == self.game.turn else {}

    def resume(self, kept: dict[str, Any]) -> None:
        """Ask for help again when it was asked on this turn before the restart (see :meth:`kept`)."""
        turn = kept.get("hint_turn")
        self.hints.resume(turn if isinstance(turn, int) and not isinstance(turn, bool) else None)

    def ghost_pose(self) -> tuple[float, float, float, float] | None:
        """The hint's ghost card now: (x, y, angle in degrees clockwise, opacity 0..1), or None."""
        hint = self.hint
        if hint is None or hint.push is None or not self.hint_visible():
            return None
        pose = hint.ghost_pose(self.motion)
        lay = self.layout
        sx, sy = lay.spare.center
        ex, ey = lay.cell_center(lay.entry_cell(hint.push.side, hint.push.index))
        angle = hint.start_angle + (hint.end_angle - hint.start_angle) * pose.turn
        dx, dy = {"N": (0, 1), "S": (0, -1), "W": (1, 0), "E": (-1, 0)}[hint.push.side]
        dip = pose.nudge * lay.cell * 0.5  # it dips towards the board: "push in here"
        return (sx + (ex - sx) * pose.u + dx * dip, sy + (ey - sy) * pose.u + dy * dip, angle, pose.alpha)

    # ----- lifecycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        """Start the gentle ambient motion; a computer to move starts thinking on the next update."""
        self.wake()
        self.hints.note_input()  # back from the parents' menu: give the child time before any automatic hint

    def exit(self) -> None:
        """Drop a half-finished press (a computer's thinking is kept and collected once the scene is back on top)."""
        self.gestures.reset()

    def _layout_for(self, size: tuple[int, int]) -> PlayLayout:
        if self.puzzle is not None:  # one tray's place (for the footprints), and the way back to the book
            return play_layout(size, self.game.board.size, 1, PUZZLE_ICONS)
        return play_layout(size, self.game.board.size, self.game.players, CORNER_ICONS)

    def _snapshot(self) -> Shown:
        return Shown.of(self.game, 1 if self.puzzle is not None else None)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out again for *size* (a drag goes on: it keeps only board places, not pixels)."""
        self.layout = self._layout_for(size)
        self.view.clear()
        self.view.least = least_tap(size)
        self.painter.forget()
        self.wake()

    def restore(self, game: Game) -> None:
        """Show *game* instead of the current one at once (undo): animations, drags and thinking are dropped."""
        self.game = game
        self.timeline.clear()
        self.effects = []
        self._drop_thinking()
        self._pending_walk = None
        self.hints.forget()
        self._hint_at_press = None
        self.aim = None
        self.gestures.reset()
        self.finished = False
        self.rotation = 0
        self.angle = 0.0
        self.painter.forget()
        self.sync_shown()
        self.wake()

    # ----- input -------------------------------------------------------------------------------
    def draggable(self) -> bool:
        """True while the press is on the sliding card or the figure: a still finger there keeps its press."""
        return self.gestures.draggable()

    def handle_pointer(self, event: PointerEvent) -> None:
        """Taps and drags: overlays first, icons always, board and card only on a person's turn between animations."""
        self.wake()
        if event.kind != "move":
            self.hints.note_input()
        if event.kind == "down":
            self._hint_at_press = self.hint if self.hint_visible() else None
        if self.overlays_take(event):
            return
        for intent in self.gestures.pointer(event, self):
            self._apply(intent)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys and the wheel: R (or the wheel) turns the card."""
        self.wake()
        self.hints.note_input()
        if not self.accepting() or self.game.phase != "push" or self.gestures.drag is not None:
            return
        quarters = turn_asked(event)
        if quarters:
            self._turn_spare(quarters)

    def _apply(self, intent: Intent) -> None:
        """Carry out what a gesture asked for."""
        if isinstance(intent, TurnCard):
            self._turn_spare(intent.quarters)
        elif isinstance(intent, PushAt):
            push = Push(intent.side, intent.index, self.rotation % 4)
            hinted = self._hinted_push(intent.side, intent.index)
            if hinted is not None:
                push = hinted  # the card turns on its way (or while it goes in) to look as the ghost showed
            if intent.dropped:
                self._push(push, CellAnchor(*self.layout.entry_cell(intent.side, intent.index)), travel=False)
            else:
                self._push(push, SPARE, travel=True)
        elif isinstance(intent, Refuse):
            self._refuse(intent.side, intent.index)
        elif isinstance(intent, WalkTo):
            if intent.put_down is None:
                self._walk(intent.cell)
            else:
                cell = intent.cell
                self.timeline.add(self.choreography.figure_glide(
                    self.game.current_player, intent.put_down, cell, "figure drop",
                    then=lambda: self._walk(cell, glide=True)))
        elif isinstance(intent, CardBack):
            self.timeline.add(self.choreography.card_back(intent.pos))
        elif isinstance(intent, FigureBack):
            seat = self.game.current_player
            self.timeline.add(self.choreography.figure_glide(seat, intent.pos, self.shown.positions[seat],
                                                             "figure back"))
        elif isinstance(intent, PressIcon):
            self.press_icon(intent.name)

    def _hinted_push(self, side: str, index: int) -> Push | None:
        """The hint's push when the finger went down on its arrow while the hint showed it; else None.

        A tap (or a drop) on the arrow the ghost card went to pushes the card as the ghost showed it, turned
        and all; an arrow the hint did not show, or a hint that came while the finger was down, leaves the
        card as the child turned it.
        """
        hint = self._hint_at_press
        if hint is None or hint is not self.hint or not self.hint_visible() or hint.push is None:
            return None
        return hint.push if hint.push.arrow == (side, index) else None

    # ----- intents -----------------------------------------------------------------------------
    def _turn_spare(self, quarters: int) -> None:
        """Turn the sliding card a quarter (the drawn angle follows smoothly)."""
        self.rotation += quarters
        self.play_sound("turn")

    def _refuse(self, side: str, index: int) -> None:
        """A gentle no: the closed arrow shakes and a soft sound plays."""
        self.effects = [e for e in self.effects if not (e.kind == "shake" and e.target == (side, index))]
        self.effects.append(Effect("shake", (side, index), 0.45))
        self.play_sound("nope")

    def _push(self, push: Push, start: Anchor, travel: bool, start_angle: float | None = None) -> bool:
        """Ask the engine to push; animate what happened. False (and nothing changes) if refused.

        *start* is where the card is drawn now, at *start_angle* (default: the spare's drawn angle).
        """
        before = self.shown
        start_angle = self.angle if start_angle is None else start_angle
        seat = self.game.current_player
        try:
            events = self.game.push(push)
        except IllegalMoveError:
            self._refuse(push.side, push.index)
            return False
        self.moved(seat, push_move(push))
        self.aim = None
        self.hints.drop()
        self.rotation = 0
        self.angle = 0.0
        self.on_action(self.game)
        self.timeline.add(*self.choreography.push(events, before, start, start_angle, travel))
        return True

    def _walk(self, cell: Cell, glide: bool = False) -> bool:
        """Ask the engine to walk the mover to *cell*; animate what happened."""
        seat = self.game.current_player
        try:
            events = self.game.walk(cell)
        except IllegalMoveError:
            return False
        self.moved(seat, walk_move(cell))
        self.hints.drop()
        self.on_action(self.game)
        if self.puzzle is not None:
            self._puzzle_walked(self.puzzle, events, glide)
            return True
        self.timeline.add(*self.choreography.walk(events, glide))
        return True

    def _puzzle_walked(self, run: PuzzleRun, events: list[ev.Event], glide: bool) -> None:
        """After a puzzle's walk: solved, the turn back to the child, or the budget used up."""
        state = run.walked(events)
        steps = [e for e in events if isinstance(e, ev.FigureWalked)]
        self.timeline.add(*self.choreography.walk(list(steps), glide))
        if state != "solved" or not self.game.is_over():
            self.game = again_keeping_turn(self.game)  # at once: the stand-in must never get a turn
        if state != "play":
            self.finished = True  # no more pushes; the overlay's buttons go on
        assert self.puzzle_overlay is not None
        self.timeline.add(after_walk_clip(self, run, self.puzzle_overlay))

    def restart_puzzle(self) -> None:
        """Start the puzzle afresh (the "again" button): its first position, every footprint back."""
        if self.puzzle is None:
            return
        self.puzzle.restart()
        if self.puzzle_overlay is not None:
            self.puzzle_overlay.reset()
        self.restore(self.puzzle.fresh_game())
        self.play_sound("turn_start")

    # ----- what the clips call back (see choreography.Stage) -----------------------------------
    def sync_shown(self) -> None:
        """Show the game as it stands."""
        self.shown = self._snapshot()

    def turn_began(self) -> None:
        """A new turn is on screen: wake the ambient motion; the idle time for the automatic hint starts now."""
        self.wake()
        self.hints.note_input()

    def push_settled(self) -> None:
        """The pushed-out card has settled: show the board as it is; a computer walks after a moment."""
        self.sync_shown()
        if self._pending_walk is not None:
            cell, self._pending_walk = self._pending_walk, None
            self.timeline.add(self.choreography.pause(COMPUTER_WALK_PAUSE, lambda: self._walk(cell)))

    # ----- computer seats ----------------------------------------------------------------------
    def _player_for(self, seat: int) -> Player:
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
                choice, _ = safe_walk(self._player_for(seat), self.game)
                self.timeline.add(self.choreography.pause(0.5, lambda: self._walk(choice)))
            return
        decision = self._thought(dt)
        if decision is None or self.game.is_over() or self.game.phase != "push":
            return
        self._computer_push(decision)

    def play_far(self, move: list[object]) -> bool:
        """The far side's push glides in as a computer's (its card travels to the arrow first); its walk steps."""
        try:
            action, what = read_move(self.game, move)
        except Refused:
            return False
        if action == "push":
            if self.game.phase != "push" or what.arrow not in self.game.legal_arrows():
                return False
            self._glide_push(what, None)
            return True
        if self.game.phase != "walk" or what not in self.game.reachable():
            return False
        self.timeline.add(self.choreography.pause(COMPUTER_WALK_PAUSE, lambda: self._walk(what)))
        return True

    def _computer_push(self, decision: Decision) -> None:
        """Carry the computer's card to its arrow, turn it there, and push as a dropped card would."""
        self._glide_push(decision.push, decision.walk)

    def _glide_push(self, push: Push, walk: Cell | None) -> None:
        """Carry the mover's card to *push*'s arrow, turn it there, push as a dropped card would; then walk
        to *walk* (None: the walk comes later, as the far side's next move).

        The engine hears of the push only when the card is at the arrow, so a child sees it coming.
        """
        clips, angle = self.choreography.computer_aim(push)
        clips[0].on_start = lambda: setattr(self, "aim", push.arrow)

        def push_now() -> None:
            self._pending_walk = walk
            entry = CellAnchor(*self.layout.entry_cell(push.side, push.index))
            if not self._push(push, entry, travel=False, start_angle=angle):
                self._pending_walk = None
                self.aim = None

        clips[-1].on_end = push_now
        self.timeline.add(*clips)

    # ----- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance the clock, animations, effects, the held figure, computer turns, hints, then the overlays.

        Motion runs on scaled time (slow: 1.5 times longer, fast: 0.6), the computer's thinking pause too.
        """
        dt = max(0.0, min(float(dt), 0.1))
        self.clock += dt
        self.hints.watch()
        mdt = dt / max(0.05, self.motion.scale)
        self.timeline.update(mdt)
        for effect in self.effects:
            effect.age += mdt
        self.effects = [e for e in self.effects if not e.done]
        goal = self.rotation * 90.0
        if self.angle != goal:
            step = 90.0 / TURN_TIME * mdt
            self.angle = goal if abs(goal - self.angle) <= step else self.angle + math.copysign(step, goal - self.angle)
        self.gestures.update(dt)
        self._drive_computer(mdt)
        self._drive_far()
        self.hints.update(mdt)
        self.update_overlays(dt)

    # ----- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene, then its overlays (caches may fill; the game and the scene's state do not change)."""
        self.painter.draw(surface)
