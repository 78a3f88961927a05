"""Engine events become animation clips and sounds: what the child sees happen after a move.

The engine applies a push or a walk at once and returns events (card pushed in, line shifted,
figure carried or wrapped, figure walked, secret collected, turn passed, game over).
:class:`Choreography` turns them into :class:`~doolhof.gui.kit.anim.Clip` beats with timed sounds;
the clips update what the screen shows (:class:`~doolhof.gui.play.shown.Shown`) only when their motion
gets there, so nothing jumps. It also stages the motions that are not engine events: a computer's
card travelling to its arrow and turning there, a dropped card flying back, a figure put down.

The clips talk back to the scene only through the small :class:`Stage` protocol.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from doolhof.engine import Game, Push
from doolhof.engine import events as ev
from doolhof.engine.board import Cell
from doolhof.engine.tiles import OPPOSITE, rotate
from doolhof.gui.board.painter import cluster_offset
from doolhof.gui.kit.anim import (
    SPARE,
    Anchor,
    CellAnchor,
    Clip,
    Effect,
    FigureAnchor,
    FigureLook,
    Key,
    Motion,
    ScreenAnchor,
    SparkleLook,
    Sprite,
    TileLook,
    TokenLook,
    TrayAnchor,
    ease_in_out,
    ease_out,
    ease_out_back,
    linear,
)
from doolhof.gui.kit.cues import celebration_cue, handover_cue
from doolhof.gui.play.hint_view import nearest_look
from doolhof.gui.play.layout import PlayLayout
from doolhof.gui.play.shown import Shown


def spot(positions: list[Cell] | tuple[Cell, ...], seat: int, cell: tuple[float, float] | None = None) -> Anchor:
    """The anchor of where *seat*'s figure stands (beside others sharing its cell), optionally on *cell*.

    Figure sprites start and end on these spots, so a figure drawn still and the same figure
    drawn moving meet at the same pixel (nothing jumps when two figures share a cell).
    """
    where = positions[seat] if cell is None else cell
    if cell is not None and (cell[0] != int(cell[0]) or cell[1] != int(cell[1])):
        return CellAnchor(*where)  # off the board (the arrow band): no one to stand beside
    dx, dy = cluster_offset(positions, seat, (int(where[0]), int(where[1])))
    return CellAnchor(where[0], where[1], dx, dy)


#: Seconds: the row glides, a tapped card travels to its arrow, the pushed-out card settles, each walking step.
SHIFT_TIME = 0.36
TRAVEL_TIME = 0.42
SETTLE_TIME = 0.42
STEP_TIME = 0.2
#: A computer's card: travels to its arrow, turns there a quarter at a time, waits a moment, goes in.
COMPUTER_TRAVEL_TIME = 0.8
COMPUTER_TURN_TIME = 0.3
COMPUTER_AIM_TIME = 0.3
#: The computer's card travel, with reduced motion.
CALM_TRAVEL_TIME = 0.5
#: Seconds: a dragged card let go away from the arrows flies back; a figure put down settles or goes home.
CARD_BACK_TIME = 0.25
FIGURE_DROP_TIME = 0.14
FIGURE_BACK_TIME = 0.22
#: Seconds between a computer's push and its walk, so a child sees the two apart.
COMPUTER_WALK_PAUSE = 0.55
#: Seconds of the turn hand-over beat before a computer's or a far seat's turn (none before a person's here).
HANDOVER_TIME = 0.5


class Stage(Protocol):
    """What the clips need from the play scene."""

    layout: PlayLayout
    shown: Shown
    effects: list[Effect]
    game: Game

    @property
    def motion(self) -> Motion:
        """The parents' animation speed and reduced-motion choice."""

    def play_sound(self, name: str) -> None:
        """Play a short sound."""

    def sync_shown(self) -> None:
        """Show the game as it stands."""

    def local_person(self, seat: int) -> bool:
        """True when *seat* is a person playing on this computer."""
        ...

    def turn_began(self) -> None:
        """A new turn is on screen (wake the ambient motion, restart the idle time)."""

    def push_settled(self) -> None:
        """The pushed-out card has settled into the slot."""

    def finish(self) -> None:
        """The game is over and celebrated."""


class Choreography:
    """Builds the clips of one play scene (see the module docstring)."""

    def __init__(self, stage: Stage) -> None:
        """Stage clips for *stage* (the play scene)."""
        self.stage = stage

    # ----- the sliding card ----------------------------------------------------------------
    def card_sprite(self, keys: list[tuple[float, Anchor, float]]) -> Sprite:
        """The sliding card as shown now, moving through (time, anchor, angle) keys."""
        frames = [Key(t, at, angle=a, ease=ease_in_out) for t, at, a in keys]
        shown = self.stage.shown
        return Sprite(TileLook(shown.spare, shown.spare_picture), frames, layer=1)

    def card_back(self, pos: tuple[int, int]) -> Clip:
        """A dragged card let go away from the arrows flies back from *pos* to its slot."""
        back = Clip(CARD_BACK_TIME, hide_spare=True, name="fly back")
        back.sprites.append(self.card_sprite([(0, ScreenAnchor(*pos), 1.0), (CARD_BACK_TIME, SPARE, 1.0)]))
        return back

    def computer_aim(self, push: Push) -> tuple[list[Clip], float]:
        """A computer's card travels to its arrow and turns there: the clips, and the angle it ends at.

        The fewest quarter turns give the card its look (three right = one left; a straight has two).
        """
        stage = self.stage
        entry = CellAnchor(*stage.layout.entry_cell(push.side, push.index))
        calm = stage.motion.reduced
        travel_time = CALM_TRAVEL_TIME if calm else COMPUTER_TRAVEL_TIME
        go = Clip(travel_time, hide_spare=True, name="travel")
        go.sprites.append(self.card_sprite([(0, SPARE, 0.0), (travel_time, entry, 0.0)]))
        turns = round(nearest_look(stage.shown.spare, push.rotation, 0.0) / 90)
        step = COMPUTER_TURN_TIME * (0.6 if calm else 1.0)
        aim = Clip(abs(turns) * step + COMPUTER_AIM_TIME, hide_spare=True, name="turn")
        sign = 1 if turns >= 0 else -1
        keys: list[tuple[float, Anchor, float]] = [(0.0, entry, 0.0)]
        keys += [(k * step, entry, sign * k * 90.0) for k in range(1, abs(turns) + 1)]
        keys.append((aim.duration, entry, turns * 90.0))
        aim.sprites.append(self.card_sprite(keys))
        for k in range(abs(turns)):
            aim.cue(k * step, lambda: stage.play_sound("turn"))
        return [go, aim], turns * 90.0

    def push(self, events: list[ev.Event], before: Shown, start: Anchor, start_angle: float,
             travel: bool) -> list[Clip]:
        """The clips of a push: (the card travels in from *start*,) the line glides, the pushed-out card settles.

        *before* is what the screen showed before the push; the card is drawn at *start_angle* now.
        """
        stage = self.stage
        lay = stage.layout
        pushed_in = next(e for e in events if isinstance(e, ev.CardPushedIn))
        shifted = next(e for e in events if isinstance(e, ev.LineShifted))
        pushed_out = next(e for e in events if isinstance(e, ev.CardPushedOut))
        # A figure not on screen (a puzzle's stand-in) rides along unseen.
        carried = [e for e in events if isinstance(e, ev.FigureCarried) and before.on_screen(e.seat)]
        wrapped = [e for e in events if isinstance(e, ev.FigureWrapped) and before.on_screen(e.seat)]
        cells = shifted.cells
        entry = lay.entry_cell(shifted.side, shifted.index)
        exit_cell = lay.entry_cell(OPPOSITE[shifted.side], shifted.index)
        card = TileLook(rotate(pushed_in.openings, -pushed_in.rotation), pushed_in.picture)
        base = card.mask
        clips: list[Clip] = []
        if travel:
            end_angle = nearest_look(base, pushed_in.rotation, start_angle)
            go = Clip(TRAVEL_TIME, hide_spare=True, name="travel")
            go.sprites.append(Sprite(card, [
                Key(0, start, angle=start_angle),
                Key(TRAVEL_TIME, CellAnchor(*entry), angle=end_angle, ease=ease_in_out),
            ], layer=1))
            clips.append(go)
        else:
            end_angle = start_angle  # a dragged card is already drawn at its rotation
        shift = Clip(SHIFT_TIME, hide_cells=frozenset(cells), hide_spare=True, name="shift",
                     hide_figures=frozenset(e.seat for e in carried + wrapped))
        final_angle = nearest_look(base, pushed_in.rotation, end_angle)
        shift.sprites.append(Sprite(card, [Key(0, CellAnchor(*entry), angle=end_angle),
                                           Key(SHIFT_TIME, CellAnchor(*cells[0]), angle=final_angle)], layer=1))
        board = before.board
        for k, cell in enumerate(cells):
            last = k + 1 == len(cells)
            target = exit_cell if last else cells[k + 1]
            # The card leaving slides under its neighbour (it only goes as far as the arrow band).
            shift.sprites.append(Sprite(TileLook(board.mask_at(cell), board.picture_at(cell)),
                                        [Key(0, CellAnchor(*cell)), Key(SHIFT_TIME, CellAnchor(*target))],
                                        layer=-1 if last else 0))
        after = [p if before.on_screen(s) else before.positions[s] for s, p in enumerate(stage.game.positions)]
        for ride in carried:
            shift.sprites.append(Sprite(FigureLook(ride.seat), [Key(0, spot(before.positions, ride.seat)),
                                                                Key(SHIFT_TIME, spot(after, ride.seat))], layer=2))
        for wrap in wrapped:
            shift.sprites.append(Sprite(FigureLook(wrap.seat), [Key(0, spot(before.positions, wrap.seat)),
                                                                Key(SHIFT_TIME, CellAnchor(*exit_cell))], layer=2))
        shift.cue(0, lambda: stage.play_sound("slide"))
        clips.append(shift)
        settle = Clip(SETTLE_TIME, hide_spare=True, hide_figures=frozenset(e.seat for e in wrapped), name="settle")
        settle.sprites.append(Sprite(TileLook(pushed_out.openings, pushed_out.picture),
                                     [Key(0, CellAnchor(*exit_cell)), Key(SETTLE_TIME, SPARE, ease=ease_in_out)],
                                     layer=1))
        for wrap in wrapped:
            # R9: off the far edge, back in from the near edge, onto the card just pushed in. It shrinks
            # away before it crosses and grows back after (drawn at no size, it is not drawn at all).
            settle.sprites.append(Sprite(FigureLook(wrap.seat), [
                Key(0, CellAnchor(*exit_cell)), Key(0.12, CellAnchor(*exit_cell), scale=0.0),
                Key(0.12, CellAnchor(*entry), scale=0.0, ease=linear),
                Key(SETTLE_TIME, spot(after, wrap.seat), ease=ease_out),
            ], layer=2))
        settle.on_start = stage.sync_shown
        settle.on_end = stage.push_settled
        clips.append(settle)
        return clips

    # ----- the figure ----------------------------------------------------------------------
    def figure_glide(self, seat: int, start: tuple[float, float], cell: Cell, name: str,
                     then: Callable[[], object] | None = None) -> Clip:
        """*seat*'s figure glides from screen point *start* onto *cell* (put down, or back home); then *then*."""
        duration = FIGURE_DROP_TIME if name == "figure drop" else FIGURE_BACK_TIME
        clip = Clip(duration, hide_figures=frozenset({seat}), name=name)
        end = spot(self.stage.shown.positions, seat, cell)
        clip.sprites.append(Sprite(FigureLook(seat), [Key(0, ScreenAnchor(*start)), Key(duration, end)], layer=2))
        clip.on_end = then
        return clip

    def pause(self, seconds: float, then: Callable[[], object]) -> Clip:
        """A still moment, then *then* (between a computer's push and its walk)."""
        clip = Clip(seconds, name="pause")
        clip.on_end = then
        return clip

    def walk(self, events: list[ev.Event], glide: bool) -> list[Clip]:
        """The clips of a walk: the steps, a collected secret, the next secret, the hand-over or the celebration.

        *glide*: the figure was put down by hand, so it only hops on the spot.
        """
        clips: list[Clip] = []
        for e in events:
            if isinstance(e, ev.FigureWalked):
                clips.append(self._steps(e, glide))
            elif isinstance(e, ev.SecretCollected):
                clips.append(self._collect(e))
            elif isinstance(e, ev.SecretRevealed) and e.seat is None:
                clips.append(self._reveal(e))
            elif isinstance(e, ev.TurnPassed):
                clips.append(self._handover(e))
            elif isinstance(e, ev.GameOver):
                clips.append(self.celebration(e.winners))
        return clips

    def _steps(self, e: ev.FigureWalked, glide: bool) -> Clip:
        stage = self.stage
        path = e.path
        calm = stage.motion.reduced
        before = list(stage.shown.positions)
        after = list(before)
        after[e.seat] = path[-1]
        if glide or len(path) == 1:
            # Dropped by hand, or staying put: a little hop on the spot (calm: it swells a moment).
            duration = 0.3
            here = spot(after, e.seat)
            keys = ([Key(0, here), Key(0.15, here, scale=1.12), Key(0.3, here)] if calm
                    else [Key(0, here), Key(0.3, here, lift=0.22, ease=linear)])
            cues = [0.0]
        else:
            steps = len(path) - 1
            duration = steps * STEP_TIME
            hop = 0.0 if calm else 0.16
            keys = [Key(0, spot(before, e.seat))]
            keys += [Key(k * STEP_TIME, CellAnchor(*path[k]), lift=hop, ease=ease_in_out) for k in range(1, steps)]
            keys.append(Key(duration, spot(after, e.seat), lift=hop, ease=ease_in_out))
            cues = [k * STEP_TIME for k in range(steps)]
        sprites = [Sprite(FigureLook(e.seat), keys, layer=2)]
        sprites += self._make_room(before, after, e.seat, path[0], duration, glide or len(path) == 1)
        moving = frozenset(sp.look.seat for sp in sprites if isinstance(sp.look, FigureLook))
        clip = Clip(duration, sprites=sprites, hide_figures=moving, name="walk")
        for t in cues:
            clip.cue(t, lambda: stage.play_sound("step"))
        seat, goal = e.seat, path[-1]

        def arrive() -> None:
            stage.shown.positions[seat] = goal
            stage.shown.phase = "moved"

        clip.on_end = arrive
        return clip

    @staticmethod
    def _make_room(before: list[Cell], after: list[Cell], walker: int, start: Cell, duration: float,
                   on_the_spot: bool) -> list[Sprite]:
        """The figures sharing the walker's old or new cell step to their new spots beside it.

        The one left behind closes up as the walker sets off; the one reached makes room as it
        arrives (put down by hand: while it hops).
        """
        sprites: list[Sprite] = []
        for seat in range(len(before)):
            if seat == walker:
                continue
            a, b = spot(before, seat), spot(after, seat)
            if a == b:
                continue
            if on_the_spot:
                span = (0.0, duration)
            elif before[seat] == start:
                span = (0.0, min(duration, STEP_TIME))
            else:
                span = (max(0.0, duration - STEP_TIME), duration)
            sprites.append(Sprite(FigureLook(seat), [Key(0, a), Key(span[0], a), Key(span[1], b, ease=ease_in_out)],
                                  layer=2))
        return sprites

    def _collect(self, e: ev.SecretCollected) -> Clip:
        stage = self.stage
        seat = e.seat
        k = len(stage.game.collected[seat]) - 1
        clip = Clip(0.75, name="collect")
        if stage.motion.reduced:  # straight to the tray, no pop
            token_keys = [Key(0, CellAnchor(*e.cell), scale=0.75), Key(0.75, TrayAnchor(seat, k), ease=ease_in_out)]
        else:
            token_keys = [Key(0, CellAnchor(*e.cell), scale=0.4),
                          Key(0.18, CellAnchor(*e.cell), scale=0.75, ease=ease_out_back),
                          Key(0.75, TrayAnchor(seat, k), ease=ease_in_out)]
        clip.sprites.append(Sprite(TokenLook(e.picture), token_keys, layer=3))
        here = CellAnchor(*e.cell)
        clip.sprites.append(Sprite(SparkleLook(), [Key(0, here), Key(0.75, here, ease=linear)], layer=4))

        def start() -> None:
            stage.shown.target_picture = None
            stage.play_sound("collect")

        def end() -> None:
            stage.shown.collected[seat].append(e.picture)
            if stage.shown.piles[seat]:
                stage.shown.piles[seat] -= 1

        clip.on_start = start
        clip.on_end = end
        return clip

    def _reveal(self, e: ev.SecretRevealed) -> Clip:
        stage = self.stage
        clip = Clip(0.4, name="reveal")

        def start() -> None:
            stage.shown.target_picture = e.picture
            if not stage.motion.reduced:
                stage.effects.append(Effect("pop", "target", 0.4))
            stage.play_sound("pop")

        clip.on_start = start
        return clip

    def _handover(self, e: ev.TurnPassed) -> Clip:
        """The new mover's figure pops up, bounces, and the turn sound plays. Before a person's turn here the beat
        takes no time of its own (the pop and bounce are effects that play on): their turn shows and takes a tap in
        the same frame, so a quick child's first tap on an arrow is never lost."""
        stage = self.stage
        clip = Clip(0.0 if stage.local_person(e.seat) else HANDOVER_TIME, name="handover")
        clip.on_start = handover_cue(stage, e.seat)
        return clip

    def celebration(self, winners: frozenset[int]) -> Clip:
        """The winners jump among sparkles and a fanfare plays; then the scene finishes."""
        stage = self.stage
        clip = Clip(2.2, name="celebrate")
        for seat in sorted(winners):
            figure = FigureAnchor(seat)
            clip.sprites.append(Sprite(SparkleLook(), [Key(0, figure), Key(1.2, figure, ease=linear)], layer=4))

        clip.on_start = celebration_cue(stage, winners)
        clip.on_end = stage.finish
        return clip

