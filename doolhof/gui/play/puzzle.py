"""Puzzle play: the play scene in puzzle mode, for one child alone (see docs/puzzles.md).

A puzzle is played on the very play screen of the game (same board, arrows, sliding card,
animations, tap or drag); :class:`PuzzleRun` is what the scene consults in puzzle mode:

- one figure only: the puzzle's game has a silent stand-in in seat 1 that is never drawn (the
  scene parks it off the board in what it shows, :data:`~doolhof.gui.play.shown.OFF_BOARD`);
- the turn budget (:func:`budget_for`: the proved minimum + :data:`BUDGET_EXTRA`), shown as
  footprints that get used up, no numbers;
- after each walk: on the picture, solved (stars: :func:`stars_for`); missed with turns left,
  the turn goes back to the child (:func:`again_keeping_turn`); the last turn used up, a big
  "again" button over the board (one tap starts the puzzle afresh; never a failure screen).

:class:`PuzzleOverlay` draws the footprints, the stars and those buttons over the scene, and takes
their taps. :class:`PuzzleHintJob` is the light bulb in puzzle mode: the first push of a shortest
solution from where the child is now, re-solved on the spot with :func:`~doolhof.engine.puzzles.solve`
in a worker thread.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import partial
from typing import Protocol

import pygame

from doolhof.engine import Game
from doolhof.engine import events as ev
from doolhof.engine.ai import suggest_push, suggest_walk
from doolhof.engine.board import Cell
from doolhof.engine.puzzles import Puzzle, again, solve
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

#: Turns a child may take beyond the proved minimum.
BUDGET_EXTRA = 2
#: The most turns a hint searches ahead (3-turn searches on the big board take up to about a second).
HINT_DEPTH = 3
#: Seconds a walk hint may spend trying cells before it settles for the nearest one.
WALK_HINT_LIMIT = 2.0
#: Seconds between the stars of a solved puzzle popping in.
STAR_STEP = 0.35


def budget_for(minimum: int) -> int:
    """The turns a puzzle allows: its proved minimum plus :data:`BUDGET_EXTRA`.

    >>> budget_for(1), budget_for(3)
    (3, 5)
    """
    return max(1, minimum) + BUDGET_EXTRA


def stars_for(turns: int, minimum: int) -> int:
    """Stars for solving in *turns* turns: 3 for the proved minimum, 2 for one more, 1 for solving at all.

    >>> [stars_for(t, 2) for t in (2, 3, 4)]
    [3, 2, 1]
    """
    if turns <= minimum:
        return 3
    return 2 if turns == minimum + 1 else 1


def again_keeping_turn(game: Game) -> Game:
    """:func:`~doolhof.engine.puzzles.again` (the child pushes again), keeping the turn count.

    The play screen keys hints and the tutorial on ``game.turn``, so it must keep counting.
    """
    handed = again(game)
    return Game(
        handed.variant, handed.board, handed.spare, handed.spare_picture, handed.positions,
        current_player=handed.current_player, phase=handed.phase, forbidden=handed.forbidden,
        deck=handed.deck, face_up=handed.face_up, piles=[handed.pile(s) for s in range(handed.players)],
        collected=handed.collected, turn=game.turn,
    )


def solved_by(events: list[ev.Event]) -> bool:
    """True when *events* (of a walk) collected the picture for the child (seat 0)."""
    return any(isinstance(e, ev.SecretCollected) and e.seat == 0 for e in events)


class PuzzleRun:
    """One puzzle being played: its budget, the turns used, and what happens next.

    ``state`` is ``"play"``, ``"solved"`` (``stars`` earned) or ``"out"`` (the budget is used up).
    The screens set the callbacks: *on_solved* gets the stars (it saves them), *on_next* opens the
    next puzzle (None when there is none), *on_book* goes back to the book.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        """Play *puzzle* with the budget :func:`budget_for` its minimum."""
        self.puzzle = puzzle
        self.budget = budget_for(puzzle.minimum)
        self.used = 0
        self.state = "play"
        self.stars = 0
        #: How often the puzzle was started afresh (tests and the overlay's animations read it).
        self.tries = 1
        self.on_solved: Callable[[int], None] = lambda stars: None
        self.on_next: Callable[[], None] | None = None
        self.on_book: Callable[[], None] = lambda: None
        #: Walk hints known from push hints: the position after the hinted push -> the cell to walk to.
        self.plans: dict[tuple[object, ...], Cell] = {}

    def left(self) -> int:
        """Turns still to take."""
        return max(0, self.budget - self.used)

    def fresh_game(self) -> Game:
        """The puzzle's game from its start."""
        return self.puzzle.game()

    def restart(self) -> None:
        """Start afresh: no turns used, playing again."""
        self.used = 0
        self.state = "play"
        self.stars = 0
        self.tries += 1

    def walked(self, events: list[ev.Event]) -> str:
        """Count the turn that *events* ended; returns the new state (``"solved"``, ``"play"`` or ``"out"``)."""
        if self.state != "play":
            return self.state
        self.used += 1
        if solved_by(events):
            self.state = "solved"
            self.stars = stars_for(self.used, self.puzzle.minimum)
            self.on_solved(self.stars)
        elif self.used >= self.budget:
            self.state = "out"
        return self.state


# ----- the hint ------------------------------------------------------------------------------
def position_key(game: Game) -> tuple[object, ...]:
    """What decides the rest of a puzzle from *game*'s walk phase: board, spare, figure, closed arrow."""
    return (tuple(game.board.masks()), tuple(game.board.pictures()), game.spare, game.spare_picture,
            game.positions[0], game.forbidden)


def _distance(a: Cell, b: Cell | None) -> int:
    return 0 if b is None else abs(a[0] - b[0]) + abs(a[1] - b[1])


def puzzle_advice(game: Game, left: int, plans: dict[tuple[object, ...], Cell]) -> HintAdvice:
    """The hint from *game* (a copy; it may be changed): the first step of a shortest way to the picture.

    Push phase: the first push of :func:`~doolhof.engine.puzzles.solve` (searched up to the turns
    *left*, at most :data:`HINT_DEPTH`; the maze hint's push when none is found), and its walk is
    kept in *plans*. Walk phase: that walk when the child pushed as hinted; else the picture when
    it can be reached, else the reachable cell from which the fewest turns remain (nearest the
    picture first, for at most :data:`WALK_HINT_LIMIT` seconds).
    """
    seat, turn, phase = game.current_player, game.turn, game.phase
    if phase == "push":
        depth = max(1, min(HINT_DEPTH, left))
        sol = solve(game, max_turns=depth) or (solve(game, max_turns=HINT_DEPTH) if depth < HINT_DEPTH else None)
        if sol is None:
            return HintAdvice(seat, turn, phase, push=suggest_push(game))
        push, cell = sol.steps[0]
        after = game.copy()
        after.push(push)
        plans[position_key(after)] = cell
        return HintAdvice(seat, turn, phase, push=push)
    planned = plans.get(position_key(game))
    if planned is not None and planned in game.reachable():
        return HintAdvice(seat, turn, phase, cell=planned)
    return HintAdvice(seat, turn, phase, cell=_best_walk(game, left))


def _best_walk(game: Game, left: int) -> Cell:
    reach = sorted(game.reachable())
    target = game.target()
    if target is not None and target in reach:
        return target
    order = sorted(reach, key=lambda c: (_distance(c, target), c))
    deadline = time.monotonic() + WALK_HINT_LIMIT
    for depth in range(1, max(1, min(HINT_DEPTH, left - 1)) + 1):
        for cell in order:
            if time.monotonic() > deadline:
                return order[0]
            trial = game.copy()
            trial.walk(cell)
            if trial.is_over():
                return cell
            if solve(again(trial), max_turns=depth) is not None:
                return cell
    try:
        r, c = suggest_walk(game)
        return (int(r), int(c))
    except Exception:  # the maze hint is a fallback only
        return order[0]


class PuzzleHintJob(Worker[HintAdvice]):
    """The puzzle's hint being worked out in a daemon thread, on a copy of the game (like the maze's HintJob)."""

    def __init__(self, game: Game, run: PuzzleRun) -> None:
        """Start working out the hint for *game* with *run*'s turns left."""
        super().__init__(partial(puzzle_advice, game.copy(), run.left(), run.plans))


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
