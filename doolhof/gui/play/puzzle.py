"""Puzzle play: the play scene in puzzle mode, for one child alone (see docs/puzzles.md).

A puzzle is played on the very play screen of the game (same board, arrows, sliding card,
animations, tap or drag); the rules of the run (budget, stars, what happens after a walk, the
hint search) are :mod:`doolhof.engine.puzzle_run`'s, and the scene consults its
:class:`~doolhof.engine.puzzle_run.PuzzleRun`. Here is only what is seen:

- one figure only: the stand-in in seat 1 is never drawn (the scene parks it off the board in
  what it shows, :data:`~doolhof.gui.play.shown.OFF_BOARD`);
- the turn budget shown as footprints that get used up, no numbers;
- solved, the stars; the last turn used up, a big "again" button over the board (one tap starts
  the puzzle afresh; never a failure screen).

:class:`PuzzleOverlay` draws the footprints, the stars and those buttons over the scene, and takes
their taps. :class:`PuzzleHintJob` is the light bulb in puzzle mode: the run's hint search in a
worker thread.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Protocol

import pygame

from doolhof.engine import Game
from doolhof.engine.board import Cell
from doolhof.engine.puzzle_run import PositionKey, PuzzleRun, puzzle_hint
from doolhof.gui.board.painter import BoardArt, draw_sparkle_ring, faded
from doolhof.gui.kit import theme
from doolhof.gui.kit.anim import Clip, Effect, FigureAnchor, Key, Motion, SparkleLook, Sprite, ease_out_back, linear
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.widgets import draw_card
from doolhof.gui.kit.worker import Worker
from doolhof.gui.play.computer import HintAdvice
from doolhof.gui.play.draw import draw_round_button
from doolhof.gui.play.layout import PlayLayout
from doolhof.gui.play.shown import BLOCK

#: Seconds between the stars of a solved puzzle popping in.
STAR_STEP = 0.35


class PuzzleHintJob:
    """The puzzle's hint being worked out in a daemon thread (like the maze's HintJob).

    The thread gets copies only (:attr:`given`): of the game, the turns left and the run's plans.
    The walk a push hint plans is kept in the run here, on the frame loop, when the result is read.
    """

    def __init__(self, game: Game, run: PuzzleRun) -> None:
        """Start working out the hint for *game* with *run*'s turns left."""
        self._run = run
        self._asked = (game.current_player, game.turn, game.phase)
        #: What the thread works on: a copy of the game, the turns left and a copy of the run's plans.
        self.given: tuple[Game, int, dict[PositionKey, Cell]] = (game.copy(), run.left(), dict(run.plans))
        self._worker = Worker(partial(puzzle_hint, *self.given))
        self._advice: HintAdvice | None = None

    @property
    def error(self) -> BaseException | None:
        """What went wrong in the thread, or None."""
        return self._worker.error

    def done(self) -> bool:
        """True once the thread has finished."""
        return self._worker.done()

    def result(self) -> HintAdvice | None:
        """The advice once ready (None while working, or when the search failed)."""
        hint = self._worker.result()
        if hint is None:
            return None
        if self._advice is None:
            self._run.learn(hint)
            seat, turn, phase = self._asked
            self._advice = HintAdvice(seat, turn, phase, push=hint.push, cell=hint.cell)
        return self._advice


# ----- the clips after a walk ----------------------------------------------------------------
class PuzzleStage(Protocol):
    """What the puzzle's clips and overlay need of the play scene."""

    @property
    def host(self) -> Host:
        """The app's services."""
        ...

    @property
    def layout(self) -> PlayLayout:
        """Where everything goes."""
        ...

    @property
    def view(self) -> BoardArt:
        """The board painter's art."""
        ...

    @property
    def effects(self) -> list[Effect]:
        """Cosmetic effects running."""
        ...

    @property
    def motion(self) -> Motion:
        """The parents' animation speed and reduced-motion choice."""
        ...

    @property
    def game(self) -> Game:
        """The game."""
        ...

    def play_sound(self, name: str) -> None:
        """Play a short sound."""
        ...

    def sync_shown(self) -> None:
        """Show the game as it stands."""
        ...

    def turn_began(self) -> None:
        """A new turn is on screen."""
        ...

    def restart_puzzle(self) -> None:
        """Start the puzzle afresh."""
        ...

    def figure_center(self, seat: int) -> tuple[int, int]:
        """Where *seat*'s figure is drawn."""
        ...

    def ambient_now(self) -> bool:
        """True while the gentle ambient motion runs (a while after input)."""
        ...


def after_walk_clip(stage: PuzzleStage, run: PuzzleRun, overlay: PuzzleOverlay) -> Clip:
    """The beat after a puzzle's walk, for *run*'s state: celebrate, hand the turn back, or offer "again"."""
    if run.state == "solved":
        clip = Clip(1.1, name="puzzle solved")
        figure = FigureAnchor(0)
        clip.sprites.append(Sprite(SparkleLook(), [Key(0, figure), Key(1.1, figure, ease=linear)], layer=4))

        def cheer() -> None:
            stage.play_sound("collect")
            if not stage.motion.reduced:
                stage.effects.append(Effect("jump", 0, 1.6))

        clip.on_start = cheer
        clip.on_end = overlay.show_stars
        return clip
    if run.state == "out":
        clip = Clip(0.5, name="puzzle out")

        def rest() -> None:
            stage.sync_shown()
            stage.play_sound("pop")

        clip.on_start = rest
        clip.on_end = overlay.show_again
        return clip
    clip = Clip(0.45, name="handover")

    def next_turn() -> None:
        stage.sync_shown()
        overlay.foot_used()
        if not stage.motion.reduced:
            stage.effects.append(Effect("bounce", 0, 0.6))
        stage.play_sound("turn_start")
        stage.turn_began()

    clip.on_start = next_turn
    return clip


# ----- the overlay ---------------------------------------------------------------------------
class PuzzleOverlay:
    """Footprints in the panel; over the board the stars of a solved puzzle or the big "again" button.

    An :class:`~doolhof.gui.play.view.Overlay` of the play scene that is never done. While the
    child plays it takes no input; once the puzzle is solved or the budget is used up it takes the
    taps on the board (its buttons: next, again, the book), the corner icons stay usable.
    """

    def __init__(self, stage: PuzzleStage, run: PuzzleRun) -> None:
        """Show *run* over *stage* (the play scene)."""
        self.stage = stage
        self.run = run
        self.age = 0.0  # seconds since the stars or the "again" button appeared
        self.clock = 0.0
        self.foot_age = 9.0  # seconds since a footprint was used (it fades out)
        self.showing = ""  # "", "stars" or "again"
        self._pressed: str | None = None

    @property
    def done(self) -> bool:
        """Never: the footprints stay as long as the puzzle."""
        return False

    # ----- state ---------------------------------------------------------------------------
    def show_stars(self) -> None:
        """The puzzle is solved: the stars pop in, then the buttons."""
        self.showing = "stars"
        self.age = 0.0

    def show_again(self) -> None:
        """The turns are used up: the big "again" button pops up over the board."""
        self.showing = "again"
        self.age = 0.0

    def foot_used(self) -> None:
        """A footprint was used: it fades away."""
        self.foot_age = 0.0

    def reset(self) -> None:
        """The puzzle starts afresh."""
        self.showing = ""
        self.age = 0.0
        self.foot_age = 9.0
        self._pressed = None

    def stars_done(self) -> float:
        """Seconds after which every star is in and the buttons show."""
        return STAR_STEP * (self.run.stars + 1)

    # ----- where things go -----------------------------------------------------------------
    def feet_box(self) -> pygame.Rect:
        """The panel block holding the footprints (the tray's place in a game)."""
        return self.stage.layout.trays[0]

    def foot_rects(self) -> list[pygame.Rect]:
        """One rect per footprint of the budget, in a row (two rows when narrow)."""
        box = self.feet_box().inflate(-max(8, self.feet_box().h // 6), -max(8, self.feet_box().h // 6))
        n = self.run.budget
        # One row, or two when that makes the footprints larger.
        per_row = max((n, (n + 1) // 2), key=lambda k: min(box.w / k, box.h / -(-n // k)))
        rows = -(-n // per_row)
        side = int(min(box.w / per_row, box.h / rows) * 0.9)
        side = max(12, side)
        gap_x = (box.w - per_row * side) / max(1, per_row)
        out = []
        for k in range(n):
            row, col = divmod(k, per_row)
            count = min(per_row, n - row * per_row)
            left = box.centerx - (count * side + (count - 1) * gap_x) / 2
            top = box.centery - (rows * side) / 2 + row * side
            out.append(pygame.Rect(round(left + col * (side + gap_x)), round(top), side, side))
        return out

    def card_rect(self) -> pygame.Rect:
        """The card beside the board that holds the stars and the buttons: over the side panel (right of
        the board in a wide window, below it in a tall one), so the figure on its picture stays in view."""
        panel = self.stage.layout.panel
        w = panel.w
        h = min(panel.h, max(int(w * 0.95), panel.h // 2)) if self.stage.layout.wide else panel.h
        rect = pygame.Rect(0, 0, w, h)
        rect.center = panel.center
        return rect

    def buttons(self) -> dict[str, pygame.Rect]:
        """The round buttons showing now: name -> rect ("next", "again", "book"; or "again" alone)."""
        board = self.stage.layout.board
        if self.showing == "again":
            side = int(min(board.w, board.h) * 0.4)
            rect = pygame.Rect(0, 0, side, side)
            rect.center = board.center
            return {"again": rect}
        if self.showing != "stars" or self.age < self.stars_done():
            return {}
        card = self.card_rect()
        names = ["book", "again"] + (["next"] if self.run.on_next is not None else [])
        big = int(min(card.h * 0.4, card.w / (len(names) + 1)))
        small = max(int(big * 0.78), min(big, 48))  # every tap area at least 48 px (the hit adds 8)
        sizes = [small if name != "next" else big for name in names]
        if "next" not in names:
            sizes[-1] = big  # "again" is the big one when there is no next puzzle
        gap = max(8, big // 4)
        total = sum(sizes) + gap * (len(sizes) - 1)
        x = card.centerx - total // 2
        cy = card.bottom - int(card.h * 0.28)
        out = {}
        for name, side in zip(names, sizes):
            out[name] = pygame.Rect(x, cy - side // 2, side, side)
            x += side + gap
        return out

    def star_rects(self) -> list[pygame.Rect]:
        """The three star places on the card, the middle one a little higher and larger."""
        card = self.card_rect()
        side = int(min(card.h * 0.36, card.w / 4.2))
        cy = card.y + int(card.h * 0.32)
        out = []
        for k in range(3):
            s = side if k == 1 else int(side * 0.82)
            rect = pygame.Rect(0, 0, s, s)
            rect.center = (card.centerx + (k - 1) * int(side * 1.15), cy - (side // 8 if k == 1 else 0))
            out.append(rect)
        return out

    # ----- input ---------------------------------------------------------------------------
    def handle_pointer(self, event: PointerEvent) -> bool:
        """While the stars or "again" show: the buttons take their taps; the board takes nothing else."""
        if not self.showing:
            return False
        lay = self.stage.layout
        buttons = self.buttons()
        hit = next((name for name, rect in buttons.items() if rect.inflate(8, 8).collidepoint(event.pos)), None)
        if self.showing == "again" and hit is None and lay.frame.collidepoint(event.pos):
            hit = "again"  # one tap anywhere on the board starts afresh
        if event.kind == "down":
            self._pressed = hit
            if hit is not None:
                self.stage.play_sound("tap")
            return hit is not None or lay.frame.collidepoint(event.pos)
        if event.kind == "up":
            pressed, self._pressed = self._pressed, None
            if pressed is not None and pressed == hit:
                self._act(pressed)
                return True
            return pressed is not None or lay.frame.collidepoint(event.pos)
        if event.kind == "cancel":
            self._pressed = None
        return self._pressed is not None

    def _act(self, name: str) -> None:
        run = self.run
        if name == "again":
            self.stage.restart_puzzle()
        elif name == "next" and run.on_next is not None:
            run.on_next()
        elif name == "book":
            run.on_book()

    def press(self, name: str) -> bool:
        """Tap the button *name* as a finger would (tests); False when it is not showing."""
        rect = self.buttons().get(name)
        if rect is None:
            return False
        self._act(name)
        return True

    # ----- time ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Age the pop-ins; each star that appears pops with a sound, the last with the fanfare."""
        before = self.age
        self.age += dt
        self.clock += dt
        self.foot_age += dt
        if self.showing == "stars":
            for k in range(self.run.stars):
                t = STAR_STEP * (k + 1)
                if before < t <= self.age:
                    self.stage.play_sound("fanfare" if k == self.run.stars - 1 else "pop")

    def busy(self) -> bool:
        """True while something pops in or a footprint fades."""
        if self.foot_age < 0.6:
            return True
        return bool(self.showing) and (self.age < self.stars_done() + 0.6 or self.stage.ambient_now())

    # ----- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Footprints always; the stars card or the "again" button when they show."""
        self._draw_feet(surface)
        if self.showing == "again":
            self._draw_again(surface)
        elif self.showing == "stars":
            self._draw_stars(surface)

    def _draw_feet(self, surface: pygame.Surface) -> None:
        view = self.stage.view
        box = self.feet_box()
        draw_card(surface, box, theme.PANEL, shape=BLOCK)
        left = self.run.left()
        for k, rect in enumerate(self.foot_rects()):
            # Footprints are used from the right, so the ones left stay together on the left.
            fresh = k < left
            just_used = k == left and self.foot_age < 0.6
            image = view.icon("foot", rect.w)
            if k % 2:
                image = pygame.transform.flip(image, True, False)
            if fresh:
                surface.blit(image, image.get_rect(center=rect.center))
            elif just_used:
                u = self.foot_age / 0.6
                centre = (rect.centerx, rect.centery - int(u * rect.h * 0.2))
                surface.blit(faded(image, int(255 - 200 * u)), image.get_rect(center=centre))
            else:  # used: a faint print stays where it was
                surface.blit(faded(image, 45), image.get_rect(center=rect.center))

    def _veil(self, surface: pygame.Surface, alpha: int, area: pygame.Rect | None = None) -> None:
        """A see-through shade over *area* (default: the board and its arrows)."""
        frame = area or self.stage.layout.frame
        veil = pygame.Surface(frame.size, pygame.SRCALPHA)
        veil.fill((*theme.SHADE, alpha))
        surface.blit(veil, frame.topleft)

    def _pop(self, delay: float = 0.0, span: float = 0.35) -> float:
        u = max(0.0, min(1.0, (self.age - delay) / span))
        return u if self.stage.motion.reduced else ease_out_back(u)

    def _draw_again(self, surface: pygame.Surface) -> None:
        self._veil(surface, int(90 * min(1.0, self.age / 0.3)))
        rect = self.buttons()["again"]
        scale = self._pop()
        if scale <= 0.02:
            return
        breathe = 1 + 0.04 * math.sin(self.clock * 3.0) if self.stage.ambient_now() else 1.0
        side = max(8, int(rect.w * scale * breathe))
        button = pygame.Rect(0, 0, side, side)
        button.center = rect.center
        self._round(surface, button, "again", pressed=self._pressed == "again")

    def _round(self, surface: pygame.Surface, rect: pygame.Rect, icon: str, pressed: bool = False) -> None:
        if pressed:
            rect = rect.move(0, max(1, rect.h // 30))
        draw_round_button(surface, rect, (theme.SUN_EDGE, theme.SUN, theme.SUN_EDGE), max(2, rect.h // 18),
                          max(2, rect.w // 24), self.stage.view.icon(icon, int(rect.w * 0.62)))

    def _draw_stars(self, surface: pygame.Surface) -> None:
        view = self.stage.view
        # The board stays clear (the figure on its picture is the moment of success); only the panel is shaded.
        self._veil(surface, int(110 * min(1.0, self.age / 0.3)), self.stage.layout.panel)
        card = self.card_rect()
        scale = self._pop(0.0, 0.3)
        if scale <= 0.02:
            return
        shown = card.inflate(-int(card.w * (1 - scale)), -int(card.h * (1 - scale)))
        draw_card(surface, shown, theme.PANEL, shape=BLOCK)
        if scale < 0.98:
            return
        for k, rect in enumerate(self.star_rects()):
            slot = pygame.Rect(0, 0, int(rect.w * 0.72), int(rect.h * 0.72))
            slot.center = rect.center
            pygame.draw.circle(surface, theme.PIP_OFF, rect.center, rect.w // 2 - 2)
            if k >= self.run.stars:
                dim = faded(view.picture("star", int(rect.w * 0.8)), 70)
                surface.blit(dim, dim.get_rect(center=rect.center))
                continue
            u = self._pop(STAR_STEP * (k + 1) - 0.2, 0.3)
            if u <= 0.02:
                continue
            star = view.picture("star", max(8, int(rect.w * 0.95 * u)))
            surface.blit(star, star.get_rect(center=rect.center))
            since = self.age - (STAR_STEP * (k + 1) - 0.2)
            if 0 < since < 0.8 and not self.stage.motion.reduced:
                sparkle = view.sparkle(max(8, rect.w // 5))
                draw_sparkle_ring(surface, sparkle, rect.center, rect.w * (0.4 + 0.5 * since), 6, since * 2,
                                  int(255 * (1 - since / 0.8)))
        for name, rect in self.buttons().items():
            icon = {"next": "play", "again": "again", "book": "stones"}[name]
            self._round(surface, rect, icon, pressed=self._pressed == name)


# PuzzleRun's old home was here; the rules now live in doolhof.engine.puzzle_run.
__all__ = ["STAR_STEP", "PuzzleHintJob", "PuzzleOverlay", "PuzzleRun", "PuzzleStage", "after_walk_clip"]
