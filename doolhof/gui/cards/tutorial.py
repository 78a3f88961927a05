"""The child's first card game: an animated hand shows what to do, without a word to read.

First the hand taps a hand card and carries a see-through copy of it to a lit cell, again and
again, until the child lays a card. Once the child chose a card, it shows a lay of that one (or only taps
its own card again, carrying nothing, when the chosen card has no lay worth showing): never another card.
If that card joined a path, the hand then taps a glowing card
until the child picks it, then the "take these" button until the child takes. A lay that joins
nothing (or a turn ended without taking) is not the end: the hand comes back on the child's next
turn, for a few turns, until a take is done. A few sparkles, and it is gone. A small round button with
the hand on it in the table's top-left corner hides it for this game when held two seconds (a parent's
gesture, like the parents' menu; a tap only wiggles it): no cross that reads as the way out, and no tap of
a child that takes the hand away.

So that a take is there to teach, the first game is dealt for it (:func:`tutorial_deal`, seeded
from the family's own deal): the first person to play holds a card that, laid as it lies, joins
a path to a card that may be taken (C7), after the computers' turns before theirs, played as the
card screen's computers will play them.

Like the maze game's tutorial, it never takes input from the table: it only *watches* the game
(turn, phase, whose turn) after every update, waits while a computer plays or an animation runs,
and hides the hand while a finger is down. It is an overlay of the card scene: it sits in
``scene.overlays``, sees pointer events first (it takes only those of its hide button), updates
after the scene, draws over it, and is removed by the scene once done.

:func:`offer_card_tutorial` puts it over a card scene when the settings say the child has not
seen it yet (``cards_tutorial_done``; until the settings have that field, it is never offered). Finishing it
marks it seen; hiding it leaves it for the next card game.
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Callable
from typing import Protocol

import pygame

from doolhof.cards import CardGame, IllegalMoveError, Place
from doolhof.cards.players import CardPlayer
from doolhof.cards.ports import Cell
from doolhof.gui.board.painter import FINGERTIP
from doolhof.gui.cards.computer import safe_take, seat_player
from doolhof.gui.cards.draw import draw_face
from doolhof.gui.cards.layout import CardLayout
from doolhof.gui.cardtable.faces import CardFaces
from doolhof.gui.kit import theme
from doolhof.gui.kit.anim import Motion, Timeline, smooth
from doolhof.gui.kit.boxes import least_tap, tap_area
from doolhof.gui.kit.hold_button import HoldButton
from doolhof.gui.kit.overlay import Overlay
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host
from doolhof.session.seats import TableSetup

#: Seconds of one "tap the card, carry it to the cell" demonstration, and of one "tap, then take".
LAY_CYCLE = 2.8
TAKE_CYCLE = 2.4
#: Seconds before the hand (re)appears after a change: the child may act first.
FIRST_DELAY = 0.6
#: Seconds of the closing sparkles.
CHEER_TIME = 1.4
#: Opacity (0-255) of the card the hand carries.
GHOST = 170
#: The child's turns the hand keeps teaching before it gives up waiting for a take.
TEACH_TURNS = 3
#: Deals the first game tries (seeded from the family's deal) for one that teaches a take; else the family's own.
DEAL_TRIES = 300


class Watched(Protocol):
    """What the tutorial reads of the card scene."""

    host: Host
    game: CardGame
    layout: CardLayout
    timeline: Timeline
    faces: CardFaces
    overlays: list[Overlay]
    #: The cards the child picked to take so far.
    picks: set[Cell]
    #: The hand card the child chose (0 or 1), or None; and how each hand card is turned (quarter turns).
    chosen: int | None
    rotations: list[int]

    @property
    def motion(self) -> Motion:
        """The parents' animation speed and reduced-motion choice."""

    def accepting(self) -> bool:
        """True when a person may act now."""

    def is_computer(self, seat: int) -> bool:
        """True for a computer seat."""

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        """Where *cell*'s centre is drawn now."""

    def cell_side(self) -> float:
        """A table cell's side in pixels now."""


def choose_place(game: CardGame) -> Place | None:
    """The lay to demonstrate: a card as it lies in the hand (no turning), one that joins a path if any."""
    places = [p for p in game.legal_places() if p.rotation == 0] or game.legal_places()
    return _joining(game, places) or (places[0] if places else None)


def chosen_place(game: CardGame, chosen: int, rotation: int, taught: Place | None) -> Place | None:
    """The lay to demonstrate once the child chose hand card *chosen*, turned *rotation*: one of that card as
    the child holds it that joins a path; when the hand's own lay *taught* joins nothing either, any lay of it as
    held. None when it has no such lay (the hand then points back at its own card, without carrying it)."""
    places = [p for p in game.legal_places() if p.hand_index == chosen and p.rotation == rotation % 4]
    joining = _joining(game, places)
    if joining is not None:
        return joining
    if places and (taught is None or _joining(game, [taught]) is None):
        return places[0]
    return None


def _joining(game: CardGame, places: list[Place]) -> Place | None:
    """The first of *places* after which a card may be taken (C7), or None."""
    for place in places:
        trial = game.copy()
        trial.place(place)
        if trial.phase == "take":
            return place
    return None


def teaches_take(game: CardGame, table: TableSetup) -> bool:
    """True when the first person to play *game* can lay a card as it lies in the hand so that a card may be
    taken (C7), the computers before them playing as the card screen's computers will."""
    trial = game.copy()
    players: dict[int, CardPlayer] = {}
    for _ in range(trial.players):
        seat = trial.current_player
        if trial.is_over() or not table.is_computer(seat):
            break
        if seat not in players:
            players[seat] = seat_player(table.seats[seat].level, seat, trial.turn)
        player = players[seat]
        thought = trial.copy()  # as the computer's thread thinks: on a copy, then its take on that copy
        try:
            place = player.choose_place(thought)
            thought.place(place)
            trial.place(place)
        except (IllegalMoveError, ValueError, TypeError):
            return False  # a computer that errs falls back to another lay: not foreseeable, try another deal
        if trial.phase == "take":
            take = safe_take(player, thought) if thought.phase == "take" else frozenset()
            trial.take(take if trial.can_take(take) else frozenset())
    if trial.is_over() or table.is_computer(trial.current_player):
        return False
    return _joining(trial, [p for p in trial.legal_places() if p.rotation == 0]) is not None


def tutorial_deal(game: CardGame, table: TableSetup) -> CardGame:
    """*game* when it teaches a take (:func:`teaches_take`) or has begun; else a deal for the same seats and
    first player that does, chosen by a seed drawn from *game* (the same game gives the same deal)."""
    if game.turn != 0 or game.phase != "place" or any(game.scores) or teaches_take(game, table):
        return game
    base = zlib.crc32(json.dumps(game.to_dict(), sort_keys=True).encode())
    for k in range(DEAL_TRIES):
        deal = CardGame.new(players=game.players, seed=base + k, first_player=game.current_player)
        if teaches_take(deal, table):
            return deal
    return game


class CardTutorial:
    """The hand that shows a child how to lay and take, watching *scene*. ``step``: "lay", "take", "cheer", "done"."""

    def __init__(self, scene: Watched, on_done: Callable[[bool], None] | None = None) -> None:
        """Start watching *scene*'s game; *on_done* runs once when it ends (True when skipped)."""
        self.scene = scene
        self.on_done = on_done
        self.step = "done" if scene.game.is_over() else ("take" if scene.game.phase == "take" else "lay")
        self.clock = 0.0
        self.shown_for = -FIRST_DELAY
        self.cheer_age = 0.0
        self.held = False
        self.skipped = False
        #: The hide button: held two seconds it ends the tutorial for this game.
        self.hide = HoldButton(lambda: self._finish(True), "hand", face=theme.PANEL,
                               on_tap=lambda: scene.host.play_sound("nope"))
        self._seen = self._snapshot()
        self._plan_key: tuple[int, int, str] | None = None
        self._plan: Place | None = None
        self._chosen_key: tuple[int, int] | None = None
        self._chosen_plan: Place | None = None
        #: The child's turns taught so far without a take, and the points taken when the turn began.
        self.turns_taught = 0
        self._taken = sum(scene.game.scores)

    @property
    def done(self) -> bool:
        """True once it is over."""
        return self.step == "done"

    def _snapshot(self) -> tuple[int, str, int]:
        game = self.scene.game
        return (game.turn, game.phase, game.current_player)

    def skip_rect(self) -> pygame.Rect:
        """The small round hide button in the table's top-left corner."""
        table = self.scene.layout.table
        side = max(28, min(52, min(table.w, table.h) // 10))
        return pygame.Rect(table.x + side // 4, table.y + side // 4, side, side)

    def skip_hit(self) -> pygame.Rect:
        """Where a press counts as on the hide button: the drawing, grown to a fingertip's size."""
        return tap_area(self.skip_rect(), least_tap(self.scene.layout.window.size))

    def _finish(self, skipped: bool) -> None:
        if self.step == "done":
            return
        self.step = "done"
        self.skipped = skipped
        if self.on_done is not None:
            self.on_done(skipped)

    # ----- input and time ----------------------------------------------------------------------
    def _place_hide(self) -> None:
        self.hide.rect = self.skip_rect()
        self.hide.area = self.skip_hit()

    def handle_pointer(self, event: PointerEvent) -> bool:
        """Take only the hide button's presses; note a finger held down (the hand hides meanwhile)."""
        if self.done:
            return False
        if event.kind == "down":
            self.held = True
        elif event.kind in ("up", "cancel"):
            self.held = False
        self._place_hide()
        return self.hide.handle(event)

    def update(self, dt: float) -> None:
        """Watch the game: a person's lay moves on to taking (or cheering), a person's take to cheering."""
        if self.done:
            return
        self._place_hide()
        self.hide.update(dt)
        if self.done:
            return
        self.clock += dt
        scene = self.scene
        game = scene.game
        now = self._snapshot()
        if now != self._seen:
            turn, phase, mover = self._seen
            self._seen = now
            self.shown_for = -FIRST_DELAY
            if not scene.is_computer(mover) and self.step in ("lay", "take"):
                if phase == "place" and now[1] == "take":
                    self.step = "take"
                elif now[0] != turn:
                    self._turn_over(mover)
            self._taken = sum(game.scores)
        if game.is_over() and self.step in ("lay", "take"):
            self._finish(False)
            return
        if self.step == "cheer":
            self.cheer_age += dt
            if self.cheer_age >= CHEER_TIME:
                self._finish(False)
            return
        if self.showing():
            self.shown_for += dt
        else:
            self.shown_for = min(self.shown_for, -FIRST_DELAY / 2)

    def _turn_over(self, mover: int) -> None:
        """A person's turn ended: a take done is cheered; otherwise the hand teaches again on their next turn."""
        took = sum(self.scene.game.scores) > self._taken
        self.turns_taught += 1
        if took or self.turns_taught >= TEACH_TURNS:
            self.step = "cheer"
            self.scene.host.play_sound("collect")
        else:
            self.step = "lay"

    def showing(self) -> bool:
        """True when the hand demonstrates now: a person may act and no finger is down."""
        return self.step in ("lay", "take") and self.scene.accepting() and not self.held

    def busy(self) -> bool:
        """True while the hand or the sparkles move."""
        return not self.done and (self.showing() or self.step == "cheer" or self.hide.busy())

    def holding(self) -> bool:
        """True while the hide button is held (a finger still on it is no resting hand)."""
        return not self.done and self.hide.held is not None

    # ----- what to show --------------------------------------------------------------------------
    def own_plan(self) -> Place | None:
        """The lay the hand demonstrates while no card is chosen (worked out once per turn)."""
        game = self.scene.game
        key = (game.turn, len(game.table), game.phase)
        if key != self._plan_key:
            self._plan_key = key
            self._plan = choose_place(game) if game.phase == "place" else None
            self._chosen_key = None
        return self._plan

    def plan(self) -> Place | None:
        """The lay the hand demonstrates now: never of another card than the one the child chose
        (:func:`chosen_place`); None while it points back at its own card or has nothing to show."""
        own = self.own_plan()
        scene = self.scene
        chosen = scene.chosen
        if own is None or chosen is None:
            return own
        key = (chosen, scene.rotations[chosen] % 4)
        if key != self._chosen_key:
            self._chosen_key = key
            self._chosen_plan = chosen_place(scene.game, chosen, key[1], own)
        return self._chosen_plan

    def pointing_back(self) -> Place | None:
        """The hand's own lay while the chosen card has none to show: the hand only taps that card."""
        own = self.own_plan()
        return own if own is not None and self.scene.chosen is not None and self.plan() is None else None

    def draw(self, surface: pygame.Surface) -> None:
        """The skip button, the hand and what it carries, or the sparkles."""
        if self.done:
            return
        scene = self.scene
        self._place_hide()
        rect = self.hide.rect
        pygame.draw.circle(surface, theme.PANEL_EDGE, (rect.centerx, rect.centery + 2), rect.w // 2)
        self.hide.draw(surface, scene.host.art)
        if self.step == "cheer":
            self._draw_cheer(surface)
            return
        if not self.showing() or self.shown_for < 0:
            return
        if self.step == "lay":
            self._draw_lay(surface)
        else:
            self._draw_take(surface)

    def _hand(self, surface: pygame.Surface, tip: tuple[float, float], press: float, alpha: int = 255) -> None:
        lay = self.scene.layout
        px = max(24, int(lay.card * 0.55 * (1 - 0.08 * press)))
        img = self.scene.host.art.icon("hand", px)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, (round(tip[0] - FINGERTIP[0] * px), round(tip[1] - FINGERTIP[1] * px)))

    def _draw_lay(self, surface: pygame.Surface) -> None:
        place = self.plan()
        scene = self.scene
        lay = scene.layout
        u = (self.shown_for % LAY_CYCLE) / LAY_CYCLE
        back = self.pointing_back()
        if back is not None:  # calmly: a slow tap on its own card, nothing carried
            card = lay.hand[min(1, back.hand_index)]
            self._hand(surface, (float(card.centerx), float(card.centery)), math.sin(min(1.0, u / 0.5) * math.pi))
            return
        if place is None:
            return
        start = (float(lay.hand[min(1, place.hand_index)].centerx), float(lay.hand[min(1, place.hand_index)].centery))
        end = scene.cell_center(place.cell)
        tip: tuple[float, float]
        calm = scene.motion.reduced
        if u < 0.25:  # tap the card
            tip, press, carry = start, math.sin(u / 0.25 * math.pi), 0.0
        elif u < 0.75:  # carry it to the cell
            carry = smooth((u - 0.25) / 0.5)
            tip, press = (start[0] + (end[0] - start[0]) * carry, start[1] + (end[1] - start[1]) * carry), 0.0
        else:  # tap the lit cell
            tip, press, carry = end, math.sin((u - 0.75) / 0.25 * math.pi), 1.0
        if (0.25 <= u < 0.95 and not calm) or (calm and u >= 0.75):
            side = lay.card + (scene.cell_side() - lay.card) * carry
            hand = scene.game.hand(scene.game.current_player)
            if place.hand_index < len(hand):
                draw_face(surface, scene.faces, hand[place.hand_index], tip, side, alpha=GHOST, exact=False)
        self._hand(surface, tip, press)

    def _draw_take(self, surface: pygame.Surface) -> None:
        """Nothing picked yet: the hand taps a glowing card. Once picked: it goes to "take these" and taps it."""
        scene = self.scene
        takeable = sorted(scene.game.takeable())
        if not takeable:
            return
        u = (self.shown_for % TAKE_CYCLE) / TAKE_CYCLE
        take = scene.layout.take
        button = (float(take.centerx), float(take.centery))
        if not scene.picks:
            self._hand(surface, scene.cell_center(takeable[0]), math.sin(min(1.0, u / 0.5) * math.pi))
            return
        card = scene.cell_center(sorted(scene.picks)[0])
        tip: tuple[float, float]
        if u < 0.45:
            v = smooth(u / 0.45)
            tip, press = (card[0] + (button[0] - card[0]) * v, card[1] + (button[1] - card[1]) * v), 0.0
        else:
            tip, press = button, math.sin(min(1.0, (u - 0.45) / 0.35) * math.pi)
        self._hand(surface, tip, press)

    def _draw_cheer(self, surface: pygame.Surface) -> None:
        lay = self.scene.layout
        u = min(1.0, self.cheer_age / CHEER_TIME)
        cx, cy = lay.portrait.center
        r = lay.portrait.w * (0.4 + 0.9 * u)
        dot = max(3, lay.portrait.w // 14)
        for k in range(10):
            a = 2 * math.pi * k / 10 + u * 2.5
            pygame.draw.circle(surface, theme.SPARKLE, (round(cx + math.cos(a) * r), round(cy + math.sin(a) * r)),
                               max(2, round(dot * (1 - 0.6 * u))))


def wants_card_tutorial(host: Host, scene: Watched) -> bool:
    """True when the settings say the child has not seen the card tutorial, and a person plays."""
    done = getattr(getattr(host, "settings", None), "cards_tutorial_done", True)
    game = scene.game
    return done is False and not game.is_over() and any(not scene.is_computer(s) for s in range(game.players))


def offer_card_tutorial(host: Host, scene: Watched) -> None:
    """Put the tutorial over *scene* when wanted; finishing it marks it done in the settings."""
    if wants_card_tutorial(host, scene) and not any(isinstance(o, CardTutorial) for o in scene.overlays):
        def done(skipped: bool) -> None:
            if not skipped:  # hidden by the parent's hold: the next card game shows the hand again
                host.change_settings(cards_tutorial_done=True)

        scene.overlays.append(CardTutorial(scene, on_done=done))
