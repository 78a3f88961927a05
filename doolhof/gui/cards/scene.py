"""The card game's play screen: one game from any phase to the celebration, then the end scene.

The scene owns the game, what the screen shows, and the wiring between the parts, like the maze
game's play screen:

- :mod:`~doolhof.gui.cards.gestures` turns pointer gestures into intents (choose, turn, lay, pick,
  take); the scene hands each to the engine, which checks and applies it and returns events;
- :mod:`~doolhof.gui.cards.choreography` turns the events into clips on a
  :class:`~doolhof.gui.kit.anim.Timeline`; what the screen shows (:class:`~doolhof.gui.cards.shown.Shown`)
  lags the game until the clips have played, so nothing jumps;
- :mod:`~doolhof.gui.cards.draw` paints the scene from that state (``draw`` changes nothing);
- computer seats and the light bulb think in a worker thread (:mod:`~doolhof.gui.cards.computer`),
  and a computer's lay and take play through the same animation path as a person's.

The scene never decides a rule: lit cells come from ``game.legal_places()``, takeable cards from
``game.takeable()``, whether a set of picks keeps the table in one piece from ``game.can_take``.
Every duration follows the parents' animation speed and reduced-motion settings
(:class:`~doolhof.gui.kit.anim.Motion`).
"""

from __future__ import annotations

import math

import pygame

from doolhof.cards import CardGame, IllegalMoveError, Place
from doolhof.cards.card import Card
from doolhof.cards.ports import Cell
from doolhof.gui.cards.choreography import Choreography
from doolhof.gui.cards.computer import Advice, ComputerTurn, Decision, HintJob, safe_take, seat_player
from doolhof.gui.cards.draw import CardPainter
from doolhof.gui.cards.gestures import (
    DONE_HOLD,
    DONE_TAP_RING,
    Choose,
    DoneTap,
    Gestures,
    Intent,
    LayAt,
    LayHint,
    Nudge,
    Pan,
    Pick,
    Refuse,
    Take,
)
from doolhof.gui.cards.layout import CardLayout, card_layout
from doolhof.gui.cards.shown import AtCell, AtHand, Shown
from doolhof.gui.cards.tutorial import CardTutorial, offer_card_tutorial
from doolhof.gui.cardtable.camera import Camera
from doolhof.gui.cardtable.faces import CardFaces
from doolhof.gui.kit.anim import Effect
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.playing import PlayingScene
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.press import CardBack, PressIcon, TurnCard, turn_asked
from doolhof.gui.kit.scene import Host
from doolhof.online.errors import Refused
from doolhof.online.moves import lay_move, read_move, take_move
from doolhof.session.seats import TableSetup

__all__ = ["CardPlayScene"]

#: Quarter turn of a hand card (seconds).
TURN_TIME = 0.16
#: Seconds the cards a refused pick would cut off stay marked.
REFUSED_TIME = 1.6
#: Seconds of the hop the glowing cards make when the take place is tapped before any pick.
NUDGE_TIME = 0.6
#: Seconds without input on a person's turn before the light bulb's hint shows by itself (settings.auto_hint).
AUTO_HINT_DELAY = 12.0


def least_cell(window: tuple[int, int]) -> float:
    """The smallest table cell for *window*: a cell's tap area never goes under the tap minimum (its pixel
    rect may round one pixel down, hence the one more)."""
    return float(least_tap(window) + 1)


class CardPlayScene(PlayingScene[CardGame, Decision]):
    """One card game on screen, from any phase to the celebration; then the end scene."""

    def __init__(self, host: Host, game: CardGame, table: TableSetup) -> None:
        """Show *game* (any phase, or over) played by the seats of *table*."""
        super().__init__(host, game, table)  # on_action after every lay and take; overlays: the tutorial
        self.layout: CardLayout = card_layout(host.window_size(), game.players)
        self.faces = CardFaces(host.art)
        self.camera = Camera()
        #: The hand card the person chose (None: none yet), and each hand card's turn and drawn angle.
        self.chosen: int | None = None
        self.rotations = [0, 0]
        self.angles = [0.0, 0.0]
        #: Cards picked to take (a person's, or the computer's shown a moment).
        self.picks: set[Cell] = set()
        #: Cards a refused pick would cut off, shown until *refused_until*.
        self.refused: frozenset[Cell] = frozenset()
        self.refused_until = 0.0
        #: The seat whose hand waits behind the hand-over screen (hidden hands), or None.
        self.handover: int | None = None
        self._revealed_turn = -1
        #: True while the pointer now down went down on the hand-over screen (only such a tap reveals the hand).
        self._down_on_handover = False
        #: The light bulb's advice on screen, or None; and the job working it out.
        self.hint: Advice | None = None
        self.hint_job: HintJob | None = None
        self.hint_age = 0.0
        self._idle_since = (0.0, self.wall_clock())
        self._idle_key: tuple[int, str] = (-1, "")
        #: How many presses, lifts and keys the person gave so far; the count when the automatic hint was asked
        #: (None: the light bulb asked, or nothing is asked); the hint on screen when the finger now down went down.
        self._inputs = 0
        self._auto_asked: int | None = None
        self._hint_at_press: Advice | None = None
        #: True while the hint waits for the finger to lift before the view goes to it (it never moves under a tap).
        self._hint_view_due = False
        self.gestures = Gestures()
        self.choreography = Choreography(self)
        self.painter = CardPainter(self)
        self.shown = Shown.of(game)
        self.sync_shown()
        self._players: dict[int, object] = {}
        self._thinking: ComputerTurn | None = None
        self._places_key: tuple[int, int, int] | None = None
        self._places: list[Place] = []
        #: Seconds "done" has been held (it falls back once let go), see DONE_HOLD.
        self.done_ring = 0.0
        self.corner_buttons["hint"] = ("hint", self.show_hint)
        self.camera.set_area(self.layout.table)
        self.camera.set_least(least_cell(host.window_size()))
        self.camera.fit(self.shown.table, instant=True)
        self._check_handover()
        if game.is_over():
            self.timeline.add(self.choreography.celebration(self.shown.winners))

    # ----- reading the state (gestures, painter, tests) ------------------------------------------
    def hidden_hands(self) -> bool:
        """True when the parents chose hidden hands."""
        return bool(getattr(getattr(self.host, "settings", None), "hidden_hands", False))

    def face_down(self, seat: int) -> bool:
        """True when *seat*'s hand is shown face down: a computer's always, a person's with hidden hands
        unless it is their turn and they revealed it."""
        if not self.local_person(seat):
            return True
        if not self.hidden_hands():
            return False
        return seat != self.shown.current or self.handover is not None

    def accepting(self) -> bool:
        """True when a person may act now."""
        return (
            not self.timeline.busy() and not self.finished and not self.game.is_over()
            and self.local_person(self.game.current_player) and self._thinking is None
            and self.handover is None
        )

    def phase_now(self) -> str:
        """The phase a person acts in now, or "" when nobody may act."""
        return self.game.phase if self.accepting() else ""

    def hand_size(self) -> int:
        """How many cards the mover holds."""
        return len(self.game.hand(self.game.current_player))

    def busy(self) -> bool:
        """True while anything moves, a computer thinks or a hint is worked out."""
        return (
            self.done_ring > 0 or self.holding() or self.timeline.busy() or bool(self.effects) or self.thinking
            or self._computer_due()
            or self.camera.moving or self.ambient_now() or self.gestures.drag is not None
            or any(abs(a - r * 90) > 0.01 for a, r in zip(self.angles, self.rotations, strict=True))
            or (self.hint_job is not None and not self.hint_job.done())
            or self.clock < self.refused_until or any(overlay.busy() for overlay in self.overlays)
        )

    def legal_now(self) -> list[Place]:
        """``game.legal_places()``, asked once per table."""
        game = self.game
        key = (game.turn, len(game.table), game.current_player)
        if key != self._places_key:
            self._places_key = key
            self._places = game.legal_places()
        return self._places

    def lit(self) -> frozenset[Cell]:
        """Free cells where the chosen card fits as turned now (nothing while no card is chosen)."""
        if self.chosen is None or self.phase_now() != "place":
            return frozenset()
        r = self.rotations[self.chosen] % 4
        return frozenset(p.cell for p in self.legal_now() if p.hand_index == self.chosen and p.rotation == r)

    def faint(self) -> frozenset[Cell]:
        """Free cells where the chosen card fits in another rotation."""
        if self.chosen is None or self.phase_now() != "place":
            return frozenset()
        r = self.rotations[self.chosen] % 4
        here: set[Cell] = set()
        other: set[Cell] = set()
        for p in self.legal_now():  # one pass, rather than a second one for lit()
            if p.hand_index == self.chosen:
                (here if p.rotation == r else other).add(p.cell)
        return frozenset(other - here)

    def free(self) -> frozenset[Cell]:
        """Empty cells touching the table."""
        return frozenset(self.game.layout.frontier())

    def takeable(self) -> frozenset[Cell]:
        """Cards that may be picked now."""
        return self.game.takeable() if self.phase_now() == "take" else frozenset()

    def far_choosing(self) -> bool:
        """True while the far side (an online game) chooses which cards to take: their card lies, its paths glow,
        and their take has not come yet."""
        game = self.game
        return (self.is_far(game.current_player) and game.phase == "take" and self.shown.phase == "take"
                and not self.timeline.busy() and not self.finished)

    def far_takeable(self) -> frozenset[Cell]:
        """The cards the far side may take now (from the rules, C7, on this screen's game), while they choose."""
        return self.game.takeable() if self.far_choosing() else frozenset()

    def joined_now(self) -> frozenset[Cell]:
        """Cards joined to the card just laid (some may not be taken: a tap shows what they would cut off)."""
        if self.phase_now() != "take":
            return frozenset()
        return frozenset(self.game.joined()) - {self.game.laid}

    def seat_box(self, seat: int) -> pygame.Rect:
        """Where *seat*'s panel (figure, hand, tray) lies."""
        return self.layout.seats[seat].box.copy()

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The table cell under *pos*, or None outside the table area."""
        if not self.layout.table.collidepoint(pos):
            return None
        return self.camera.cell_at(pos)

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        """Where *cell*'s centre is drawn now."""
        return self.camera.center_of(cell)

    def cell_side(self) -> float:
        """A table cell's side in pixels now."""
        return float(self.camera.side)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rect of table cell *cell* now."""
        return self.camera.rect_of(cell)

    def play_rects(self) -> list[pygame.Rect]:
        """What a note for the parents must not cover: the laid cards and free cells in view, the turn block,
        the hand block and the seats' panels."""
        lay = self.layout
        cells = {*self.game.table, *(p.cell for p in self.game.legal_places())}
        shown = [r for r in (self.cell_rect(c) for c in sorted(cells)) if r.colliderect(lay.table)]
        return [*shown, lay.turn_box, lay.hand_box, *(seat.box for seat in lay.seats)]

    def can_pan(self) -> bool:
        """True when the table is larger than its area: a drag on it moves the view."""
        return self.camera.can_pan()

    def ghost_cell(self) -> Cell | None:
        """The cell of the hint's see-through card on screen now, or None."""
        ghost = self.ghost()
        return ghost[2] if ghost is not None else None

    def ghost_tap_cell(self) -> Cell | None:
        """The ghost's cell when the ghost was on screen already as the finger now down went down (a tap there
        lays the hinted card); else None. A hint that comes while a finger is down never changes its tap."""
        if self._hint_at_press is None or self._hint_at_press is not self.hint:
            return None
        return self.ghost_cell()

    def focus(self) -> list[Cell]:
        """Where the play is now, most important first: the card just laid, then the cards that may be taken."""
        shown = self.shown
        cells: list[Cell] = [] if shown.laid is None else [shown.laid]
        if self.game.phase == "take" and self.game.laid == shown.laid:
            cells += sorted(self.game.takeable())
        return cells

    def undo_fits(self) -> bool:
        """False while a person here chooses what to take (C7): the take step shows only its own two controls,
        "take these" and "done" held, so no single tap (Undo would lay the card back) throws a take away."""
        return not (self.game.phase == "take" and self.local_person(self.game.current_player))

    # ----- hints -------------------------------------------------------------------------------
    def hint_available(self) -> bool:
        """True when the light bulb may help: a person's turn in a game still going, nothing moving."""
        return self.accepting()

    def hint_visible(self) -> bool:
        """True when the hint on screen belongs to what the screen shows now."""
        hint = self.hint
        return (
            hint is not None and self.accepting() and hint.turn == self.game.turn
            and hint.phase == self.game.phase and hint.seat == self.game.current_player
        )

    def show_hint(self) -> None:
        """Help the person: a ghost card at the best cell and turn, or the cards best taken."""
        self._ask_hint(auto=False)

    def _ask_hint(self, auto: bool) -> None:
        """Work out (or show again) the hint; *auto*: the automatic hint, dropped if the person acts meanwhile."""
        if not self.hint_available():
            return
        self._auto_asked = self._inputs if auto else None
        taught = self._tutorial_advice()
        if self.hint_visible() and taught in (None, self.hint):
            self.hint_age = 0.0  # asked again: show it once more
            self._point_at_hint()
            self.play_sound("hint")
            return
        if taught is not None:  # the hand shows the way: the light bulb shows the same, at once
            self.hint_job = None
            self._show_advice(taught)
            return
        if self.hint_job is None or self.hint_job.done():
            self.hint_job = HintJob(self.game)

    def _tutorial_advice(self) -> Advice | None:
        """What the first-game tutorial's hand shows now, as the light bulb's advice (None: no hand shows)."""
        tutorial = next((o for o in self.overlays if isinstance(o, CardTutorial) and o.showing()), None)
        if tutorial is None:
            return None
        game = self.game
        seat, turn, phase = game.current_player, game.turn, game.phase
        if phase == "place":
            place = tutorial.plan() or tutorial.pointing_back()
            return Advice(seat, turn, phase, place=place) if place is not None else None
        takeable = sorted(game.takeable())
        if not takeable:
            return None
        return Advice(seat, turn, phase, take=frozenset(self.picks) if self.picks else frozenset(takeable[:1]))

    def note_input(self) -> None:
        """The person did something (or the turn changed): the idle time of the automatic hint starts again."""
        self._idle_since = (self.clock, self.wall_clock())

    def idle_time(self) -> float:
        """Seconds without input: scene time or wall time, whichever is larger (the app caps a sleeping frame's dt)."""
        clock, wall = self._idle_since
        return max(self.clock - clock, self.wall_clock() - wall)

    def auto_hint_waiting(self) -> bool:
        """True while the automatic hint waits for the person to stay idle long enough."""
        return (
            bool(getattr(getattr(self.host, "settings", None), "auto_hint", False)) and self.hint_available()
            and not self.hint_visible() and self.hint_job is None
            and not any(isinstance(overlay, CardTutorial) for overlay in self.overlays)  # the hand shows the way
        )

    def wake_after(self) -> float | None:
        """Seconds until the automatic hint is due, while a person ponders (or, online, until the next look
        at the far side's news); else None."""
        times = [self.far_wake_after()]
        if self.auto_hint_waiting():
            times.append(max(0.05, AUTO_HINT_DELAY - self.idle_time()))
        known = [t for t in times if t is not None]
        return min(known) if known else None

    def _watch_hint(self, dt: float) -> None:
        key = (self.game.turn, self.game.phase)
        if key != self._idle_key or self.timeline.busy() or self.thinking:
            self._idle_key = key
            self.note_input()  # watching something move counts as input
        if self.auto_hint_waiting() and self.idle_time() >= AUTO_HINT_DELAY:
            self._ask_hint(auto=True)
        if self._hint_view_due and self.gestures.press is None and self.gestures.drag is None:
            self._point_at_hint()
        self.hint_age += dt
        job = self.hint_job
        if job is None or not job.done():
            return
        self.hint_job = None
        if self._auto_asked is not None and self._auto_asked != self._inputs:
            return  # the person acted while the automatic hint was worked out: they need none now
        advice = self._tutorial_advice() or job.result()  # a hand come up meanwhile shows the way
        if advice is not None and advice.turn == self.game.turn and advice.phase == self.game.phase:
            self._show_advice(advice)

    def _show_advice(self, advice: Advice) -> None:
        """Put *advice* on screen as the hint, where the child looks, with its sound."""
        self.hint = advice
        self.hint_age = 0.0
        self._point_at_hint()
        self.play_sound("hint")
        self.wake()

    def _point_at_hint(self) -> None:
        """Show the hint where the child looks: the view brings its cell, or the cards it suggests taking, into
        sight (once no finger is down: the table never moves under a tap). Its hand card is ringed, never chosen:
        the computer never moves a child's choice, so the card the child chose is the one a lit cell lays."""
        hint = self.hint
        self._hint_view_due = False
        if hint is None:
            return
        if self.gestures.press is not None or self.gestures.drag is not None:
            self._hint_view_due = True
            return
        if hint.place is not None:
            self.camera.follow([hint.place.cell])
        elif hint.take:
            self.camera.follow(sorted(hint.take))

    def ghost(self) -> tuple[Card, int, Cell] | None:
        """The hint's see-through card (card, rotation, cell), or None. It stays while the other hand card is
        chosen: it shows which card goes where, and a tap on it lays that card so."""
        hint = self.hint
        if not self.hint_visible() or hint is None or hint.place is None:
            return None
        hand = self.game.hand(self.game.current_player)
        index = hint.place.hand_index
        return (hand[index], hint.place.rotation, hint.place.cell) if index < len(hand) else None

    def offer_tutorial(self) -> None:
        """Show the first-game tutorial's hand over this game when the settings say it is not seen yet."""
        offer_card_tutorial(self.host, self)

    # ----- lifecycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        """Start the gentle ambient motion."""
        self.wake()

    def exit(self) -> None:
        """Drop a half-finished press (a computer's thinking is kept)."""
        self.gestures.reset()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out again for *size* (the camera keeps its cells, only the pixels change)."""
        self.layout = card_layout(size, self.game.players)
        self.camera.set_area(self.layout.table)
        self.camera.set_least(least_cell(size))
        self.camera.fit(self.shown.table, instant=True)
        self.camera.follow(self.focus(), instant=True)
        self.painter.forget()
        self.wake()

    def restore(self, game: CardGame) -> None:
        """Show *game* instead of the current one at once (undo, resume): animations, drags and thinking are dropped."""
        self.game = game
        self.timeline.clear()
        self.effects = []
        self._drop_thinking()
        self.hint = None
        self.hint_job = None
        self._hint_at_press = None
        self._hint_view_due = False
        self.gestures.reset()
        self.finished = False
        self._reset_hand()
        self.picks.clear()
        self.refused = frozenset()
        self._places_key = None
        self.handover = None
        self._revealed_turn = -1
        self.done_ring = 0.0
        self.sync_shown()
        self.camera.fit(self.shown.table, instant=True)
        self.camera.follow(self.focus(), instant=True)
        self.painter.forget()
        self._check_handover()
        if game.is_over():
            self.timeline.add(self.choreography.celebration(self.shown.winners))
        self.wake()

    # ----- input -------------------------------------------------------------------------------
    def draggable(self) -> bool:
        """True while the press is on a hand card: a still finger there keeps its press."""
        return self.gestures.draggable()

    def holding(self) -> bool:
        """True while "done" is held (a still finger there is no resting hand: it wants holding). Never once a
        card is picked: then "done" is not there, and a hold throws no pick away."""
        press = self.gestures.press
        return super().holding() or (press is not None and press.on == "done" and self.phase_now() == "take"
                                       and not self.picks)

    def handle_pointer(self, event: PointerEvent) -> None:
        """Taps and drags: the hand-over screen first, icons always, the rest on a person's turn between animations."""
        self.wake()
        if event.kind != "move":
            self.note_input()
            self._inputs += 1
        if event.kind == "down":
            self._hint_at_press = self.hint if self.hint_visible() else None
            self._down_on_handover = self.handover is not None
        if self.overlays_take(event):
            return
        if self.handover is not None and event.kind == "up" and not any(
                rect.collidepoint(event.pos) for rect in self.layout.icons.values()):
            if self._down_on_handover:  # a press from before the screen came (it held "done") shows nothing
                self._reveal()
            return
        for intent in self.gestures.pointer(event, self):
            self._apply(intent)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys and the wheel: R (or the wheel) turns the chosen card."""
        self.wake()
        self.note_input()
        self._inputs += 1
        if self.phase_now() != "place":
            return
        quarters = turn_asked(event)
        if quarters:
            self._turn(quarters, choose=True)

    def _apply(self, intent: Intent) -> None:
        """Carry out what a gesture asked for."""
        if isinstance(intent, Choose):
            self._choose(intent.index)
        elif isinstance(intent, TurnCard):
            self._turn(intent.quarters)
        elif isinstance(intent, LayAt):
            self._lay(intent.cell, dropped=intent.dropped is not None)
        elif isinstance(intent, Refuse):
            self._refuse(intent.cell)
        elif isinstance(intent, CardBack):
            index = self.chosen
            hand = self.game.hand(self.game.current_player)
            if index is not None and index < len(hand):
                self.timeline.add(self.choreography.card_back(index, hand[index], intent.pos, self.angles[index]))
        elif isinstance(intent, Pick):
            self._pick(intent.cell)
        elif isinstance(intent, Take):
            if self.picks:
                self._take(frozenset(self.picks), by_hand=True)
            else:
                self._nudge()
        elif isinstance(intent, Nudge):
            self._nudge()
        elif isinstance(intent, DoneTap):
            self.done_ring = max(self.done_ring, DONE_TAP_RING)  # "hold me": the ring starts, then falls back
            self._nudge()
        elif isinstance(intent, LayHint):
            self._lay_hint()
        elif isinstance(intent, Pan):
            self.camera.pan_by(intent.dx, intent.dy)
        elif isinstance(intent, PressIcon):
            self.press_icon(intent.name)

    # ----- a person's intents ------------------------------------------------------------------
    def _reset_hand(self) -> None:
        self.chosen = None
        self.rotations = [0, 0]
        self.angles = [0.0, 0.0]

    def _choose(self, index: int) -> None:
        if 0 <= index < self.hand_size():
            self.chosen = index
            self.play_sound("tap")
            self._show_a_fit()

    def _show_a_fit(self) -> None:
        """A big table shows in part: when no cell where the chosen card fits (any turn) is in view, the view
        goes to the nearest one, so a child never looks at a table with nowhere to lay."""
        camera = self.camera
        if self.chosen is None or not camera.can_pan():
            return
        fits = sorted(self.lit() | self.faint())
        if not fits or any(camera.in_view(cell) for cell in fits):
            return
        cx, cy = camera.area.center
        nearest = min(fits, key=lambda c: (math.dist(camera.center_of(c), (cx, cy)), c))
        camera.follow([nearest])

    def _turn(self, quarters: int, choose: bool = False) -> None:
        """Turn the chosen card a quarter (the drawn angle follows smoothly)."""
        if self.chosen is None:
            if not choose or self.hand_size() == 0:
                return
            self.chosen = 0
        self.rotations[self.chosen] += quarters
        self.play_sound("turn")

    def _refuse(self, cell: Cell | None) -> None:
        """A gentle no: the cell (or the hand, when no card is chosen yet) shakes and a soft sound plays."""
        target: object = ("cell", cell) if cell is not None and self.chosen is not None else "hand"
        self.effects = [e for e in self.effects if not (e.kind == "shake" and e.target == target)]
        self.effects.append(Effect("shake", target, 0.45))
        self.play_sound("nope")

    def _lay(self, cell: Cell, dropped: bool) -> bool:
        """Lay the chosen card on *cell* as turned now; animate what happened. False when refused."""
        index = self.chosen
        if index is None:
            self._refuse(None)
            return False
        place = Place(index, cell, self.rotations[index] % 4)
        seat = self.game.current_player
        try:
            events = self.game.place(place)
        except IllegalMoveError:
            self._refuse(cell)
            return False
        self.moved(seat, lay_move(place.hand_index, place.cell, place.rotation))
        start = AtCell(cell) if dropped else AtHand(index)
        angle = self.angles[index]
        self._reset_hand()
        self.hint = None
        self.on_action(self.game)
        self.timeline.add(*self.choreography.lay(events, start, angle, travel=not dropped))
        return True

    def _lay_hint(self) -> None:
        """The ghost's slot was tapped: the hinted card is laid there, turning on its way to the hint's turn."""
        hint = self.hint
        if not self.hint_visible() or hint is None or hint.place is None:
            return
        index = hint.place.hand_index
        if index >= self.hand_size():
            return
        self.chosen = index
        turn = (hint.place.rotation - self.rotations[index]) % 4
        self.rotations[index] += turn - 4 if turn == 3 else turn  # the short way round
        self._lay(hint.place.cell, dropped=False)

    def _nudge(self) -> None:
        """The take place was tapped before any pick: the glowing cards hop ("tap us"); the turn goes on."""
        self.effects = [e for e in self.effects if e.kind != "nudge"]
        for k, cell in enumerate(sorted(self.takeable())):
            self.effects.append(Effect("nudge", cell, NUDGE_TIME, age=-0.08 * k))
        self.play_sound("hint")

    def _pick(self, cell: Cell) -> None:
        """Pick or unpick a takeable card.

        A pick that would split the table brings along the cards it cuts off when they may be taken
        too; otherwise it is refused, and the cards it would cut off are shown a moment. A joined card
        that may never be taken (C7: taking it splits the table) answers the same way.
        """
        game = self.game
        if cell in self.picks:
            left = set(self.picks) - {cell}
            while left and not game.can_take(left):  # unpicking may strand another pick: let go the nearest
                nearest = min(left, key=lambda c: (abs(c[0] - cell[0]) + abs(c[1] - cell[1]), c))
                left.discard(nearest)
            self.picks = left
            self.play_sound("tap")
            return
        if cell not in game.takeable():
            if cell in game.joined() and cell != game.laid:
                self._refuse_pick(cell, self.cut_off({cell}))
            return
        wanted = set(self.picks) | {cell}
        if game.can_take(wanted):
            self.picks = wanted
            self.play_sound("tap")
            return
        cut = self.cut_off(wanted)
        if cut and game.can_take(wanted | cut):
            self.picks = wanted | cut  # the cards that would fall off are joined too: they come along
            self.play_sound("tap")
            return
        self._refuse_pick(cell, cut)

    def _refuse_pick(self, cell: Cell, cut: set[Cell]) -> None:
        """A pick that would split the table (C7): the card shakes and the cards it would cut off show a moment."""
        self.refused = frozenset(cut)
        self.refused_until = self.clock + REFUSED_TIME
        self.effects.append(Effect("shake", ("cell", cell), 0.45))
        # The cards that would fall off wobble in a grey ring too (seen without telling red from green).
        self.effects.extend(Effect("shake", ("cell", c), 0.7) for c in sorted(cut))
        self.play_sound("nope")

    def cut_off(self, picks: set[Cell]) -> set[Cell]:
        """The cards no longer joined to the rest of the table (the card just laid) once *picks* are gone."""
        game = self.game
        layout = game.layout
        laid = game.laid
        if laid is None:
            return set()
        kept = layout.reach(laid, picks)
        return {c for c in game.table if c not in picks and c not in kept}

    def _take(self, cells: frozenset[Cell], by_hand: bool = False) -> bool:
        """Take *cells* (empty: nothing); animate what happened (a computer's take paced to follow)."""
        seat = self.game.current_player
        paced = not self.local_person(seat)
        try:
            events = self.game.take(cells)
        except IllegalMoveError:
            if by_hand:
                self.play_sound("nope")
                return False
            cells = frozenset()
            events = self.game.take(cells)
        self.moved(seat, take_move(cells))
        if by_hand and not cells:
            self.play_sound("tap")
        self.hint = None
        self.refused = frozenset()
        self.on_action(self.game)
        self.timeline.add(*self.choreography.take(events, paced=paced))
        return True

    def _reveal(self) -> None:
        """The hand-over screen was tapped: show the hand."""
        self.handover = None
        self._revealed_turn = self.game.turn
        self.play_sound("pop")
        self.host.request_redraw()

    def _check_handover(self) -> None:
        """With hidden hands, a person's turn after another person's starts behind the hand-over screen."""
        game = self.game
        seat = game.current_player
        if (
            self.hidden_hands() and not game.is_over() and game.phase == "place" and self.local_person(seat)
            and self._revealed_turn != game.turn
            and sum(self.local_person(s) for s in range(game.players)) > 1
        ):
            self.handover = seat

    # ----- what the clips call back (see choreography.Stage) -----------------------------------
    def sync_shown(self) -> None:
        """Show the game as it stands (the glow stays while taking)."""
        game = self.game
        glow, chains = (self.shown.glow, self.shown.chains) if game.phase == "take" else ((), ())
        self.shown = Shown.of(game)
        if game.phase == "take" and not glow and game.laid is not None:
            glow, chains = self._glow_of(game.laid)  # resumed while taking: light the joined paths again
        self.shown.glow, self.shown.chains = glow, chains

    def _glow_of(self, laid: Cell) -> tuple[tuple[tuple[Cell, str], ...], tuple[tuple[Cell, ...], ...]]:
        """The joined paths from the card on *laid* to each takeable card, nearest cells first, and one by one."""
        game = self.game
        order: dict[Cell, str] = {}
        chains: list[tuple[str, tuple[Cell, ...]]] = []
        for target in sorted(game.takeable()):
            treasure = min(game.joined().get(target, frozenset({""})))
            try:
                chains.append((treasure, game.layout.path(laid, treasure, target)))
            except (KeyError, ValueError):  # not joined after all: no glow for it rather than a crash
                continue
        for step in range(max((len(c) for _, c in chains), default=0)):
            for treasure, chain in chains:
                if step < len(chain) and chain[step] not in order:
                    order[chain[step]] = treasure
        return tuple(order.items()), tuple(chain for _, chain in chains)

    def sync_shown_hand(self, seat: int) -> None:
        """Show *seat*'s hand as the game has it."""
        self.shown.hands[seat] = list(self.game.hand(seat))

    def table_changed(self) -> None:
        """The shown table changed: the camera eases to fit it (a big table: to show where the play is)."""
        self.camera.fit(self.shown.table)
        self.camera.follow(self.focus())

    def turn_began(self) -> None:
        """A new turn (or the take phase) is on screen: wake the ambient motion; maybe the hand-over screen."""
        self.wake()
        self._check_handover()

    # ----- computer seats ----------------------------------------------------------------------
    def _player_for(self, seat: int) -> object:
        player = self._players.get(seat)
        if player is None:
            player = seat_player(self.table.seats[seat].level, seat, self.game.turn)
            self._players[seat] = player
        return player

    def _drive_computer(self, dt: float) -> None:
        if self._computer_due():
            seat = self.game.current_player
            player = self._player_for(seat)
            if self.game.phase == "place":
                self._thinking = ComputerTurn(player, self.game)  # type: ignore[arg-type]
            else:  # resumed in the middle of a computer's take
                take = safe_take(player, self.game)  # type: ignore[arg-type]
                self.timeline.add(self.choreography.computer_picks(take, lambda: self._take(take)))
            return
        decision = self._thought(dt)
        if decision is None or self.game.is_over() or self.game.phase != "place":
            return
        self._computer_lay(decision)

    def _computer_lay(self, decision: Decision) -> None:
        """Carry the computer's card from its hand to its cell, turn it there, lay it, then take."""
        self._glide_lay(decision.place, decision.take)

    def _glide_lay(self, place: Place, take: frozenset[Cell] | None) -> None:
        """Carry the mover's card from its hand to *place*'s cell, turn it there, lay it; then take *take*
        (None: the take comes later, as the far side's next move)."""
        seat = self.game.current_player
        hand = self.game.hand(seat)
        if place.hand_index >= len(hand):
            return
        clips, angle = self.choreography.computer_travel(place, hand[place.hand_index])
        self.camera.follow([place.cell])  # the card lands in view
        def lay_now() -> None:
            try:
                events = self.game.place(place)
            except IllegalMoveError:
                if self.online_game is not None and self.online_game.is_far(seat):
                    self.online_game.out_of_step = True
                return  # the next frame thinks again
            self.moved(seat, lay_move(place.hand_index, place.cell, place.rotation))
            self.on_action(self.game)
            self.timeline.add(*self.choreography.lay(events, AtCell(place.cell), angle, travel=False))
            if self.game.phase == "take" and take is not None:
                chosen = take if self.game.can_take(take) else frozenset()
                self.timeline.add(self.choreography.computer_picks(chosen, lambda: self._take(chosen)))

        clips[-1].on_end = lay_now
        self.timeline.add(*clips)

    def play_far(self, move: list[object]) -> bool:
        """The far side's lay travels from its (face-down) hand as a computer's card does; its take is
        picked card by card, then flies to its tray."""
        try:
            action, what = read_move(self.game, move)
        except Refused:
            return False
        if action == "lay":
            if self.game.phase != "place" or what not in self.legal_now():
                return False
            self._glide_lay(what, None)
            return True
        if self.game.phase != "take" or (what and not self.game.can_take(what)):
            return False
        self.timeline.add(self.choreography.computer_picks(what, lambda: self._take(what)))
        return True

    # ----- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance the clock, animations, effects, the turning hand cards, the camera, computer turns and hints.

        Motion runs on scaled time (slow: 1.5 times longer, fast: 0.6), the computer's thinking pause too.
        """
        dt = max(0.0, min(float(dt), 0.1))
        self.clock += dt
        mdt = dt / max(0.05, self.motion.scale)
        self.timeline.update(mdt)
        for effect in self.effects:
            effect.age += mdt
        self.effects = [e for e in self.effects if not e.done]
        step = 90.0 / TURN_TIME * mdt
        for k in range(2):
            goal = self.rotations[k] * 90.0
            if self.angles[k] != goal:
                a = self.angles[k]
                self.angles[k] = goal if abs(goal - a) <= step else a + math.copysign(step, goal - a)
        self.camera.update(mdt)
        self._hold_done(dt)
        self._drive_computer(mdt)
        self._drive_far()
        self._watch_hint(mdt)
        if self.refused and self.clock >= self.refused_until:
            self.refused = frozenset()
        self.update_overlays(dt)

    def _hold_done(self, dt: float) -> None:
        """Fill the ring of "done" while it is held; held long enough, the turn ends taking nothing."""
        if self.holding():
            self.done_ring += dt
            if self.done_ring >= DONE_HOLD:
                self.gestures.reset()
                self.done_ring = 0.0
                self._take(frozenset(), by_hand=True)
        elif self.done_ring > 0:
            self.done_ring = max(0.0, self.done_ring - dt * 1.5)

    # ----- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene (caches may fill; the game and the scene's state do not change)."""
        self.painter.draw(surface)
