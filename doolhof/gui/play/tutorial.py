"""The child's first-game tutorial: an animated hand shows what to do, without a word to read.

First the hand drags a ghost of the sliding card from its slot to a yellow arrow, again and
again, until the child pushes once (by drag or tap). Then it taps a lit cell (the one with the
picture when it can be reached) until the child walks once. A few sparkles, and it is gone.
A small round button with the hand on it in the board's top-left corner (an empty corner of the arrow
band) hides the hand for this game when held two seconds (a parent's gesture, like the parents' menu:
a tap only wiggles it and lets its ring fill a little). It is no cross, so nobody takes it for the way
out, and one tap of a child never takes the hand away.

The tutorial never takes input from the board: it only *watches* the game (phase, turn, whose
turn) after every update. It waits while a computer seat plays or an animation runs, and hides
the hand while a finger is down.

:class:`Tutorial` is an overlay of the play scene (see :class:`~doolhof.gui.kit.overlay.Overlay`):
it sits in ``scene.overlays``, sees pointer events first (it takes only those of its hide
button), updates after the scene, draws over it, and is removed by the scene once done. While it
shows the way, the scene's automatic hint keeps away (``scene.auto_hint_allowed``).

The app offers it with :func:`offer_tutorial` when a game starts (``settings.tutorial_done`` is
False); finishing it sets the flag and saves the settings. Hiding it does not: the next game shows the
hand again until the child has pushed and walked once with it. :func:`request_tutorial`
clears the flag again; no screen calls it yet (a "learn" button on the setup screen is not built).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

import pygame

from doolhof.engine import Game, Push
from doolhof.engine.board import Cell
from doolhof.engine.tiles import rotate
from doolhof.gui.board.painter import draw_hand, draw_sparkle_ring, faded
from doolhof.gui.kit import theme
from doolhof.gui.kit.anim import smooth
from doolhof.gui.kit.boxes import least_tap, tap_area
from doolhof.gui.kit.hold_button import HoldButton
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host
from doolhof.gui.play.scene import PlayScene

log = logging.getLogger(__name__)

#: Seconds of one "drag the card to the arrow" demonstration, and of one "tap the cell" demonstration.
PUSH_CYCLE = 2.6
WALK_CYCLE = 1.9
#: Opacity (0-255) of the card the hand drags.
GHOST = 200
#: Seconds the child has to act before the hand (re)appears after a change.
FIRST_DELAY = 0.5
#: Seconds of the closing celebration.
CHEER_TIME = 1.6
#: The longest wait for the walk animation before celebrating anyway.
CHEER_WAIT = 3.0


def choose_arrow(game: Game, rotation: int = 0) -> tuple[str, int] | None:
    """The allowed arrow to demonstrate: one after which the mover reaches the picture, else the widest reach."""
    arrows = game.legal_arrows()
    if not arrows:
        return None
    seat = game.current_player
    best: tuple[tuple[int, int], tuple[str, int]] | None = None
    for side, index in arrows:
        after = game.copy()
        after.push(Push(side, index, rotation % 4))
        reach = after.reachable(seat)
        target = after.target(seat)
        score = (int(target is not None and target in reach), len(reach))
        if best is None or score > best[0]:
            best = (score, (side, index))
    assert best is not None
    return best[1]


def choose_cell(game: Game) -> Cell:
    """The lit cell to demonstrate: the picture's when reachable, else the reachable cell nearest it.

    When the figure cannot go anywhere, its own cell (tapping the figure means "stay").
    """
    seat = game.current_player
    here = game.positions[seat]
    reach = game.reachable(seat)
    target = game.target(seat)
    if target is not None and target in reach:
        return target
    others = sorted(c for c in reach if c != here)
    if not others:
        return here
    if target is None:
        return max(others, key=lambda c: (abs(c[0] - here[0]) + abs(c[1] - here[1]), c))
    return min(others, key=lambda c: (abs(c[0] - target[0]) + abs(c[1] - target[1]), c))


class Tutorial:
    """The hand that shows a child how to push and then walk, watching *scene* (a play scene).

    ``step`` is ``"push"``, ``"walk"``, ``"cheer"`` or ``"done"``. *on_done* runs once when the
    tutorial ends, finished or skipped (it gets True when skipped).
    """

    def __init__(self, scene: PlayScene, on_done: Callable[[bool], None] | None = None) -> None:
        """Start watching *scene*'s game; the first step follows the game's phase."""
        self.scene = scene
        self.on_done = on_done
        game = scene.game
        self.step = "walk" if game.phase == "walk" else "push"
        if game.is_over():
            self.step = "done"
        self.skipped = False
        self.clock = 0.0
        #: Seconds the hand has been on show in this step (restarts when the position changes).
        self.shown_for = -FIRST_DELAY
        self.cheer_age = 0.0
        self.cheer_wait = 0.0
        self.cheer_seat = game.current_player
        self.held = False
        #: The hide button: held two seconds it ends the tutorial for this game (:meth:`skip`).
        self.hide = HoldButton(self.skip, "hand", face=theme.PANEL,
                               on_tap=lambda: scene.host.play_sound("nope"))
        self._seen = self._snapshot()
        self._plan_key: tuple[object, ...] | None = None
        self._plan: tuple[str, int] | Cell | None = None
        if not self.done:
            scene.auto_hint_allowed = False  # the hand shows the way; no bulb hint on top of it

    # ----- watching the game ---------------------------------------------------------------
    def _snapshot(self) -> tuple[int, str, int]:
        game = self.scene.game
        return (game.turn, game.phase, game.current_player)

    def _is_person(self, seat: int) -> bool:
        return not self.scene.is_computer(seat)

    def _observe(self) -> None:
        """Compare the game with the last look: a push or a walk by a person moves the tutorial on."""
        now = self._snapshot()
        turn, phase, mover = self._seen
        if now == self._seen:
            return
        self._seen = now
        if self.step in ("push", "walk") and now[1] in ("push", "walk") and self._went_back(turn, phase, now):
            self.step = now[1]  # the parents' undo took the move back: show it again
            self.shown_for = -FIRST_DELAY
            return
        if not self._is_person(mover):
            return
        if phase == "push" and now[1] == "walk" and now[0] == turn:
            self.on_push()
        elif phase == "walk" and (now[0] > turn or now[1] == "over"):
            self.on_walk(mover)

    @staticmethod
    def _went_back(turn: int, phase: str, now: tuple[int, str, int]) -> bool:
        """True when the game now is earlier than (turn, phase): an undo."""
        return now[0] < turn or (now[0] == turn and phase == "walk" and now[1] == "push")

    def on_push(self) -> None:
        """The child pushed: on to walking."""
        if self.step == "push":
            self.step = "walk"
            self.shown_for = -FIRST_DELAY

    def on_walk(self, seat: int | None = None) -> None:
        """The child walked (or stayed): celebrate, then finish."""
        if self.step in ("push", "walk"):
            self.step = "cheer"
            self.cheer_seat = self.scene.game.current_player if seat is None else seat
            self.cheer_age = 0.0
            self.cheer_wait = 0.0

    def skip(self) -> None:
        """End the tutorial now, for this game only (the parent held the hide button)."""
        if self.step != "done":
            self.skipped = True
            self._finish()

    def _finish(self) -> None:
        self.step = "done"
        self.scene.auto_hint_allowed = True
        if self.on_done is not None:
            callback, self.on_done = self.on_done, None
            callback(self.skipped)

    @property
    def done(self) -> bool:
        """True once the tutorial is over (finished or skipped)."""
        return self.step == "done"

    # ----- when the hand shows -------------------------------------------------------------
    def ready(self) -> bool:
        """True when the child may act now in the step the hand shows (a person's turn, nothing moving)."""
        scene = self.scene
        game = scene.game
        if self.step not in ("push", "walk") or self.held or game.is_over():
            return False
        if not self._is_person(game.current_player) or scene.timeline.busy():
            return False
        return game.phase == self.step and scene.shown.phase == self.step

    def update(self, dt: float) -> None:
        """Watch the game and move the hand along."""
        dt = max(0.0, min(float(dt), 0.1))
        self.clock += dt
        self._place_hide()
        self.hide.update(dt)
        if self.done:
            return
        self._observe()
        if self.step == "cheer":
            # Celebrate once the figure has arrived (or after a while in any case).
            if self.scene.timeline.busy() and self.cheer_wait < CHEER_WAIT and self.cheer_age == 0.0:
                self.cheer_wait += dt
                return
            if self.cheer_age == 0.0:
                self.scene.host.play_sound("pop")
            self.cheer_age += dt
            if self.cheer_age >= CHEER_TIME:
                self._finish()
            return
        if self.ready():
            self.shown_for += dt
        else:
            self.shown_for = -FIRST_DELAY

    def busy(self) -> bool:
        """True while the hand or the celebration moves (frames are needed)."""
        if self.step == "cheer" or self.hide.busy():
            return True
        return self.step in ("push", "walk") and self.ready()

    def holding(self) -> bool:
        """True while the hide button is held (a finger still on it is no resting hand)."""
        return self.hide.held is not None

    # ----- input ---------------------------------------------------------------------------
    def skip_rect(self) -> pygame.Rect:
        """The hide button: a small round button with the hand in the empty top-left corner of the arrow band."""
        lay = self.scene.layout
        side = max(28, int(lay.band * 0.8))
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (lay.frame.x + lay.band // 2, lay.frame.y + lay.band // 2)
        return rect

    def skip_hit(self) -> pygame.Rect:
        """Where a press counts as on the hide button: a little around it, and a fingertip's size at least."""
        return tap_area(self.skip_rect(), least_tap(self.scene.layout.window.size), margin=4)

    def _place_hide(self) -> None:
        self.hide.rect = self.skip_rect() if not self.done else pygame.Rect(0, 0, 0, 0)
        self.hide.area = self.skip_hit()

    def handle_pointer(self, event: PointerEvent) -> bool:
        """Track the finger; True only when the event belongs to the hide button (the board gets the rest)."""
        if event.kind == "down":
            self.held = True
        elif event.kind in ("up", "cancel"):
            self.held = False
        if self.done:
            return False
        self._place_hide()
        return self.hide.handle(event)

    # ----- what to show --------------------------------------------------------------------
    def plan(self) -> tuple[str, int] | Cell | None:
        """The arrow (push step) or cell (walk step) the hand demonstrates now."""
        scene = self.scene
        game = scene.game
        key = (self.step, game.turn, game.phase, scene.rotation % 4, game.forbidden, game.positions)
        if key != self._plan_key:
            self._plan_key = key
            if self.step == "push" and game.phase == "push":
                self._plan = choose_arrow(game, scene.rotation)
            elif self.step == "walk" and game.phase == "walk":
                self._plan = choose_cell(game)
            else:
                self._plan = None
        return self._plan

    # ----- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The skip button, and the hand (and ghost card) or the celebration."""
        if self.done:
            return
        if self.step == "cheer":
            self._draw_cheer(surface)
        elif self.shown_for >= 0 and self.ready():
            if self.step == "push":
                self._draw_push(surface, self.shown_for % PUSH_CYCLE)
            else:
                self._draw_walk(surface, self.shown_for % WALK_CYCLE)
        self._draw_skip(surface)

    def _hand_px(self) -> int:
        return max(32, int(self.scene.layout.cell * 1.05))

    def _draw_push(self, surface: pygame.Surface, t: float) -> None:
        scene = self.scene
        arrow = self.plan()
        if not isinstance(arrow, tuple) or not isinstance(arrow[0], str):
            return
        start = pygame.Vector2(scene.spare_rect().center)
        goal = pygame.Vector2(scene.arrow_rect(*arrow).center)
        lay = scene.layout
        if t < 0.35:  # the hand comes in over the card
            pos, press, alpha, ghost = start, 0.0, int(255 * t / 0.35), 0
        elif t < 0.55:  # and takes hold of it
            pos, press, alpha, ghost = start, (t - 0.35) / 0.2, 255, int(GHOST * (t - 0.35) / 0.2)
        elif t < 1.6:  # drags it to the arrow
            u = smooth((t - 0.55) / 1.05)
            pos, press, alpha, ghost = start.lerp(goal, u), 1.0, 255, GHOST
        elif t < 1.95:  # lets go
            u = (t - 1.6) / 0.35
            pos, press, alpha, ghost = goal, 1.0 - u, 255, int(GHOST * (1 - u))
        else:  # and fades away for a moment
            u = (t - 1.95) / (PUSH_CYCLE - 1.95)
            pos, press, alpha, ghost = goal, 0.0, int(255 * (1 - min(1.0, u * 2))), 0
        if 1.6 <= t < 2.4:
            self._draw_ring(surface, goal, (t - 1.6) / 0.8, lay.cell * 0.7)
        if ghost > 0:
            travelled = pos.distance_to(start) / max(1.0, goal.distance_to(start))
            size = int(scene.spare_rect().w + (lay.cell - scene.spare_rect().w) * travelled)
            # The finger holds the card near its lower edge, so the card stays in sight above the hand.
            self._draw_ghost_card(surface, (pos.x, pos.y - size * 0.22), size, ghost)
        if alpha > 0:
            draw_hand(surface, scene.view, (pos.x, pos.y), self._hand_px(), alpha, press)

    def _draw_ghost_card(self, surface: pygame.Surface, centre: tuple[float, float], size: int, alpha: int) -> None:
        scene = self.scene
        game = scene.game
        mask = rotate(game.spare, scene.rotation % 4)
        size = max(8, size)
        tile = scene.view.corridor(mask, size, False, None, plate=game.spare_picture is not None).copy()
        if game.spare_picture is not None:
            img = scene.view.picture(game.spare_picture, int(size * 0.52))
            tile.blit(img, img.get_rect(center=(size // 2, size // 2)))
        tile.set_alpha(alpha)
        surface.blit(tile, tile.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _draw_walk(self, surface: pygame.Surface, t: float) -> None:
        scene = self.scene
        cell = self.plan()
        if not isinstance(cell, tuple) or not isinstance(cell[0], int):
            return
        here = scene.game.positions[scene.game.current_player]
        spot = scene.figure_center(scene.game.current_player) if cell == here else scene.cell_rect(cell).center
        goal = pygame.Vector2(spot)
        lift = scene.layout.cell * 0.35
        if t < 0.35:  # comes down towards the cell
            u = smooth(t / 0.35)
            pos, press, alpha = goal + pygame.Vector2(lift * 0.4, lift * (1 - u)), 0.0, int(255 * u)
        elif t < 0.55:  # taps
            pos, press, alpha = goal, (t - 0.35) / 0.2, 255
        elif t < 0.85:  # lifts a little
            u = smooth((t - 0.55) / 0.3)
            pos, press, alpha = goal + pygame.Vector2(0, lift * 0.3 * u), 1.0 - u, 255
        else:  # fades
            u = min(1.0, (t - 0.85) / 0.6)
            pos, press, alpha = goal + pygame.Vector2(0, lift * 0.3), 0.0, int(255 * (1 - u))
        if 0.45 <= t < 1.25:
            self._draw_ring(surface, goal, (t - 0.45) / 0.8, scene.layout.cell * 0.6)
        if alpha > 0:
            draw_hand(surface, scene.view, (pos.x, pos.y), self._hand_px(), alpha, press)

    def _draw_ring(self, surface: pygame.Surface, centre: pygame.Vector2, u: float, radius: float) -> None:
        """A widening, fading ring where the finger touched."""
        u = max(0.0, min(1.0, u))
        r = max(2, int(radius * (0.3 + 0.7 * u)))
        ring = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        pygame.draw.circle(ring, (*theme.WHITE, int(220 * (1 - u))), (r + 2, r + 2), r, width=max(2, r // 7))
        surface.blit(ring, ring.get_rect(center=(round(centre.x), round(centre.y))))

    def _draw_cheer(self, surface: pygame.Surface) -> None:
        if self.cheer_age <= 0.0:
            return
        scene = self.scene
        x, y = scene.figure_center(self.cheer_seat)
        cell = scene.layout.cell
        u = min(1.0, self.cheer_age / CHEER_TIME)
        star = scene.view.sparkle(max(10, int(cell * 0.34)))
        alpha = int(255 * (1 - u) / 0.4) if u > 0.6 else None
        draw_sparkle_ring(surface, star, (x, y), cell * (0.3 + 0.9 * smooth(u)), 10, u * 2.0, alpha, squash=0.8)
        # A big green tick pops up over the figure: well done.
        grow = min(1.0, self.cheer_age / 0.35)
        pop = 1 + 0.25 * math.sin(math.pi * grow) if grow < 1 else 1.0
        tick = scene.view.icon("check", max(12, int(cell * 0.8 * grow * pop)))
        if u > 0.75:
            tick = faded(tick, int(255 * (1 - u) / 0.25))
        surface.blit(tick, tick.get_rect(midbottom=(round(x), round(y - cell * 0.35))))

    def _draw_skip(self, surface: pygame.Surface) -> None:
        self._place_hide()
        rect = self.hide.rect
        pygame.draw.circle(surface, theme.PANEL_EDGE, (rect.centerx, rect.centery + max(1, rect.w // 20)), rect.w // 2)
        self.hide.draw(surface, self.scene.host.art)


# ----- offering it --------------------------------------------------------------------------
def wants_tutorial(host: Host, play: PlayScene) -> bool:
    """True when *play* should start with the tutorial: settings say not done yet, a person plays, game on."""
    if host.settings.tutorial_done or play.game.is_over():
        return False
    return any(not seat.is_computer for seat in play.table.seats[: play.game.players])


def offer_tutorial(host: Host, play: PlayScene) -> PlayScene:
    """Put the tutorial over *play* when it is wanted (see :func:`wants_tutorial`); returns *play*.

    :meth:`~doolhof.gui.screens.ScreenBuilder.start_game` uses it. Finishing it marks the tutorial
    done in the settings; hiding it (the parent's hold) leaves it for the next game.
    """
    if wants_tutorial(host, play) and not any(isinstance(overlay, Tutorial) for overlay in play.overlays):
        play.overlays.append(Tutorial(play, on_done=lambda skipped: None if skipped else mark_tutorial_done(host)))
    return play


def mark_tutorial_done(host: Host) -> None:
    """Remember (in the saved settings) that the tutorial was seen."""
    if not host.settings.tutorial_done:
        host.change_settings(tutorial_done=True)
