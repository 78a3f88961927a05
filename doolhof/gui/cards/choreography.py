"""Engine events become clips and sounds: what the child sees happen after a lay or a take.

The engine applies a lay or a take at once and returns events (card laid, path joined, cards
taken, cards drawn, turn passed, game over). :class:`Choreography` turns them into
:class:`~doolhof.gui.cards.shown.CardClip` beats with timed sounds; the clips update what the screen
shows (:class:`~doolhof.gui.cards.shown.Shown`) only when their motion gets there, so nothing jumps.
It also stages what is not an engine event: a computer's card travelling from its hand to its cell
and turning on the way, a dragged card flying back, the computer's picked cards shown a moment.

The clips talk back to the scene only through the small :class:`Stage` protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from doolhof.cards import CardGame, CardsDrawn, CardsTaken, Event, GameOver, PathJoined, Place, TurnPassed
from doolhof.cards import CardLaid as Laid
from doolhof.cards.card import Card
from doolhof.cards.ports import Cell
from doolhof.gui.cards.shown import (
    PILE,
    Anchor,
    AtCell,
    AtHand,
    AtPoint,
    AtTray,
    CardClip,
    Flight,
    Shown,
    Stop,
)
from doolhof.gui.kit.anim import Effect, Motion, ease_out, linear
from doolhof.gui.kit.cues import celebration_cue, handover_cue

#: Seconds: a tapped card travels to its cell; a dropped card settles; the other hand card closes up.
TRAVEL_TIME = 0.42
SETTLE_TIME = 0.16
#: Seconds for the joined path to glow from the laid card to the farthest takeable card.
GLOW_TIME = 0.9
#: Seconds: a taken card rises off its cell, then flies to the tray; the next one follows a little later.
TAKE_RISE = 0.2
TAKE_TIME = 0.55
TAKE_STAGGER = 0.14
#: A computer's take is slower, so a child sees each card lift and go to whose tray.
COMPUTER_TAKE_RISE = 0.35
COMPUTER_TAKE_TIME = 0.85
COMPUTER_TAKE_STAGGER = 0.45
#: How high (share of its size) and how much larger a taken card stands once lifted off the table.
TAKE_LIFT = 0.12
TAKE_GROW = 1.12
#: Seconds the tray's newest card pops as it lands.
TRAY_POP = 0.45
#: Seconds: drawn cards fly from the pile to the hand.
DRAW_TIME = 0.45
#: A computer's card: travels to its cell, turns there a quarter at a time, rests a moment.
COMPUTER_TRAVEL_TIME = 0.8
COMPUTER_TURN_TIME = 0.28
COMPUTER_REST = 0.25
#: With reduced motion.
CALM_TRAVEL_TIME = 0.5
#: Seconds the computer's picked cards stay highlighted (lifted, ringed) before they fly.
PICK_SHOW = 1.1
#: Seconds a dragged card flies back to its slot.
CARD_BACK_TIME = 0.25
#: Seconds of the turn hand-over beat before a computer's or a far seat's turn (none before a person's here).
HANDOVER_TIME = 0.5
#: Seconds of the celebration before the end screen.
CELEBRATION_TIME = 2.2


def nearest_angle(start: float, quarters: int) -> float:
    """The angle (degrees) that shows *quarters* quarter turns, nearest to *start*."""
    goal = (quarters % 4) * 90.0
    delta = (goal - start) % 360.0
    if delta > 180.0:
        delta -= 360.0
    return start + delta


class Stage(Protocol):
    """What the clips need from the card scene."""

    shown: Shown
    effects: list[Effect]
    #: The cards the computer picked (highlighted like a person's picks).
    picks: set[Cell]

    @property
    def motion(self) -> Motion:
        """The parents' animation speed and reduced-motion choice."""

    def play_sound(self, name: str) -> None:
        """Play a short sound."""

    @property
    def game(self) -> CardGame:
        """The game (already past the events being shown)."""

    def sync_shown(self) -> None:
        """Show the game as it stands."""

    def sync_shown_hand(self, seat: int) -> None:
        """Show *seat*'s hand as the game has it."""

    def table_changed(self) -> None:
        """The shown table changed: the camera fits it again."""

    def face_down(self, seat: int) -> bool:
        """True when *seat*'s hand is shown face down (a computer, or hidden hands)."""

    def local_person(self, seat: int) -> bool:
        """True when *seat* is a person playing on this computer."""
        ...

    def turn_began(self) -> None:
        """A new turn is on screen."""

    def finish(self) -> None:
        """The game is over and celebrated."""


class Choreography:
    """Builds the clips of one card scene (see the module docstring)."""

    def __init__(self, stage: Stage) -> None:
        """Stage clips for *stage* (the card scene)."""
        self.stage = stage

    # ----- laying ----------------------------------------------------------------------------
    def lay(self, events: Sequence[Event], start: Anchor, start_angle: float, travel: bool) -> list[CardClip]:
        """The clips of a lay: the card goes to its cell, the joined paths glow (or the turn ends)."""
        stage = self.stage
        laid = next(e for e in events if isinstance(e, Laid))
        seat, index, cell = laid.seat, laid.hand_index, laid.cell
        duration = TRAVEL_TIME if travel else SETTLE_TIME
        end_angle = nearest_angle(start_angle, laid.rotation)
        clip = CardClip(duration, name="lay")
        clip.flights.append(Flight(laid.card, 0, [Stop(0, start, start_angle),
                                                  Stop(duration, AtCell(cell), end_angle)]))
        hand = stage.shown.hands[seat]
        hide = {index}
        if index == 0 and len(hand) > 1:  # the other card closes up into the first slot
            hide.add(1)
            clip.flights.append(Flight(None if stage.face_down(seat) else hand[1], 0,
                                       [Stop(0, AtHand(1)), Stop(duration, AtHand(0))]))
        clip.hide_hand = frozenset(hide)
        if travel:
            clip.cue(0, lambda: stage.play_sound("slide"))
        card, rotation = laid.card, laid.rotation

        def arrive() -> None:
            shown = stage.shown
            shown.table[cell] = (card, rotation)
            if 0 <= index < len(shown.hands[seat]):
                del shown.hands[seat][index]
            shown.laid = cell
            stage.play_sound("pop")
            stage.table_changed()

        clip.on_end = arrive
        clips = [clip]
        joins = [e for e in events if isinstance(e, PathJoined)]
        if joins:
            clips.append(self._glow(joins))
        else:
            clips += self.after_turn(events)
        return clips

    def _glow(self, joins: list[PathJoined]) -> CardClip:
        """The joined paths light up, growing from the laid card to each takeable card."""
        stage = self.stage
        order: dict[Cell, str] = {}
        longest = max(len(j.cells) for j in joins)
        for step in range(longest):  # breadth first: the glow grows evenly along every chain
            for join in joins:
                if step < len(join.cells) and join.cells[step] not in order:
                    order[join.cells[step]] = join.treasure
        glow = tuple(order.items())
        clip = CardClip(GLOW_TIME * (0.6 if stage.motion.reduced else 1.0), name="glow", glow_grows=True)

        chains = tuple(j.cells for j in joins)

        def start() -> None:
            stage.shown.glow = glow
            stage.shown.chains = chains
            stage.shown.phase = "take"
            stage.play_sound("hint")

        clip.on_start = start
        clip.on_end = stage.turn_began
        return clip

    # ----- taking and the end of a turn ------------------------------------------------------
    def take(self, events: Sequence[Event], paced: bool = False) -> list[CardClip]:
        """The clips of a take: each card lifts and flies to the tray, which grows card by card (if any);
        then the cards are drawn and the turn passes. *paced*: a computer's take, slower to follow."""
        stage = self.stage
        clips: list[CardClip] = []
        taken = next((e for e in events if isinstance(e, CardsTaken)), None)
        if taken is not None:
            seat = taken.seat
            shown = stage.shown
            calm = stage.motion.reduced
            rise = 0.0 if calm else (COMPUTER_TAKE_RISE if paced else TAKE_RISE)
            fly = (COMPUTER_TAKE_TIME if paced else TAKE_TIME) * (0.8 if calm else 1.0)
            stagger = COMPUTER_TAKE_STAGGER if paced else TAKE_STAGGER
            n = len(taken.cells)
            first = len(shown.taken[seat])
            clip = CardClip(stagger * (n - 1) + rise + fly, hide_cells=frozenset(taken.cells), name="take")
            for k, cell in enumerate(taken.cells):
                card, rotation = shown.table.get(cell, (taken.cards[k], 0))
                begin = k * stagger
                up, grow = (0.0, 1.0) if calm else (TAKE_LIFT, TAKE_GROW)
                land = begin + rise + fly
                clip.flights.append(Flight(card, 0, [
                    Stop(0, AtCell(cell), rotation * 90.0, rise=0.0), Stop(begin, AtCell(cell), rotation * 90.0),
                    Stop(begin + rise, AtCell(cell), rotation * 90.0, ease=ease_out, rise=up, grow=grow),
                    Stop(land, AtTray(seat, first + k), 0.0, lift=0.0 if calm else 0.2),
                ], gone_at=land))
                clip.cue(land, self._landed(seat, taken.cards[k], first + k))
            cells = taken.cells

            def start() -> None:
                stage.shown.glow = ()
                stage.shown.chains = ()
                stage.picks.clear()
                stage.play_sound("collect")

            def arrive() -> None:
                shown = stage.shown
                for cell in cells:
                    shown.table.pop(cell, None)
                if not stage.motion.reduced:
                    stage.effects.append(Effect("bounce", seat, 0.6))
                stage.table_changed()

            clip.on_start = start
            clip.on_end = arrive
            clips.append(clip)
        else:
            clear = CardClip(0.05, name="take nothing")

            def nothing() -> None:
                stage.shown.glow = ()
                stage.shown.chains = ()
                stage.picks.clear()

            clear.on_start = nothing
            clips.append(clear)
        return clips + self.after_turn(events)

    def _landed(self, seat: int, card: Card, slot: int) -> Callable[[], None]:
        """A taken card lands in *seat*'s tray at *slot*: the tray grows by it, the card pops there."""
        stage = self.stage

        def land() -> None:
            tray = stage.shown.taken[seat]
            if len(tray) <= slot:
                tray.append(card)
            stage.effects.append(Effect("tray", (seat, slot), TRAY_POP))
            stage.play_sound("pop")

        return land

    def after_turn(self, events: Sequence[Event]) -> list[CardClip]:
        """Drawn cards fly from the pile to the hand; then the next turn is announced, or the celebration."""
        clips: list[CardClip] = []
        for e in events:
            if isinstance(e, CardsDrawn):
                clips.append(self._draw(e))
            elif isinstance(e, TurnPassed):
                clips.append(self._handover(e))
            elif isinstance(e, GameOver):
                clips.append(self.celebration(e.winners))
        return clips

    def _draw(self, e: CardsDrawn) -> CardClip:
        stage = self.stage
        held = len(stage.shown.hands[e.seat])
        clip = CardClip(DRAW_TIME + 0.1 * (e.count - 1), name="draw", pile_out=e.count)
        slots = [held + k for k in range(e.count)]
        clip.hide_hand = frozenset(slots)
        hand = stage.game.hand(e.seat)
        hidden = stage.face_down(e.seat)
        for k, slot in enumerate(slots):
            begin = 0.1 * k
            card = None if hidden or slot >= len(hand) else hand[slot]
            clip.flights.append(Flight(card, 0, [Stop(0, PILE), Stop(begin, PILE),
                                                 Stop(begin + DRAW_TIME, AtHand(min(slot, 1)), ease=ease_out)],
                                       flip_at=begin + DRAW_TIME * 0.5))
            clip.cue(begin, lambda: stage.play_sound("slide"))
        seat, count = e.seat, e.count

        def arrive() -> None:
            shown = stage.shown
            shown.pile = max(0, shown.pile - count)
            stage.sync_shown_hand(seat)

        clip.on_end = arrive
        return clip

    def _handover(self, e: TurnPassed) -> CardClip:
        """Like the maze game: the new mover's figure pops up, bounces, and the turn sound plays. For a person here
        the beat takes no time of its own (the pop and bounce are effects that play on): their hand shows and
        takes a tap in the same frame, so a quick child's first tap is never lost."""
        stage = self.stage
        clip = CardClip(0.0 if stage.local_person(e.seat) else HANDOVER_TIME, name="handover")
        clip.on_start = handover_cue(stage, e.seat)
        return clip

    def celebration(self, winners: frozenset[int]) -> CardClip:
        """The winners jump among sparkles and a fanfare plays; then the scene finishes."""
        stage = self.stage
        clip = CardClip(CELEBRATION_TIME, name="celebrate")
        clip.on_start = celebration_cue(stage, winners)
        clip.on_end = stage.finish
        return clip

    # ----- motions that are not engine events -------------------------------------------------
    def card_back(self, index: int, card: Card, pos: tuple[int, int], angle: float) -> CardClip:
        """A dragged card let go away from the lit cells flies back from *pos* to its slot."""
        clip = CardClip(CARD_BACK_TIME, hide_hand=frozenset({index}), name="fly back")
        clip.flights.append(Flight(card, 0, [Stop(0, AtPoint(*pos), angle),
                                             Stop(CARD_BACK_TIME, AtHand(index), angle)]))
        return clip

    def computer_travel(self, place: Place, card: Card) -> tuple[list[CardClip], float]:
        """A computer's card leaves its hand face down, turns over and travels to its cell, then turns
        there a quarter at a time: the clips, and the angle it ends at."""
        stage = self.stage
        calm = stage.motion.reduced
        travel = CALM_TRAVEL_TIME if calm else COMPUTER_TRAVEL_TIME
        index, cell = place.hand_index, place.cell
        go = CardClip(travel, hide_hand=frozenset({index}), name="travel")
        go.flights.append(Flight(card, 0, [Stop(0, AtHand(index)),
                                           Stop(travel, AtCell(cell), lift=0.0 if calm else 0.2)],
                                 flip_at=travel * 0.3))
        go.cue(0, lambda: stage.play_sound("slide"))
        turns = place.rotation if place.rotation <= 2 else -1
        step = COMPUTER_TURN_TIME * (0.6 if calm else 1.0)
        aim = CardClip(abs(turns) * step + COMPUTER_REST, hide_hand=frozenset({index}), name="turn")
        sign = 1 if turns >= 0 else -1
        stops = [Stop(0, AtCell(cell), 0.0)]
        stops += [Stop(k * step, AtCell(cell), sign * k * 90.0, ease=linear if calm else ease_out)
                  for k in range(1, abs(turns) + 1)]
        stops.append(Stop(aim.duration, AtCell(cell), turns * 90.0))
        aim.flights.append(Flight(card, 0, stops))
        for k in range(abs(turns)):
            aim.cue(k * step, lambda: stage.play_sound("turn"))
        return [go, aim], turns * 90.0

    def computer_picks(self, picks: frozenset[Cell], then: Callable[[], object]) -> CardClip:
        """The computer's chosen cards light up as picked a moment, then *then* takes them."""
        stage = self.stage
        clip = CardClip(PICK_SHOW if picks else 0.3, name="picks")

        def start() -> None:
            stage.picks.clear()
            stage.picks.update(picks)
            if picks:
                stage.play_sound("tap")

        clip.on_start = start
        clip.on_end = then
        return clip

    def pause(self, seconds: float, then: Callable[[], object]) -> CardClip:
        """A still moment, then *then*."""
        clip = CardClip(seconds, name="pause")
        clip.on_end = then
        return clip
