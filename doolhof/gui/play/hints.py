"""When the play screen helps: the light bulb's hint, and the automatic hint after a quiet while.

A person asks with the light bulb (or, when the parents turned it on, the hint comes by itself
after :data:`AUTO_HINT_DELAY` seconds without input on a person's turn). :class:`HintCoach` then
has the computer players' search work out the push to make (and after the push, the cell to walk
to) in a thread (:class:`~doolhof.gui.play.computer.HintJob`), as soon as nothing moves, and puts a
:class:`~doolhof.gui.play.hint_view.HintShow` on screen for :mod:`~doolhof.gui.play.draw` to paint.
A hint belongs to one turn and phase: it goes as soon as the child acts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from doolhof.engine import Game
from doolhof.engine.board import Cell
from doolhof.gui.play.computer import HintAdvice, HintJob
from doolhof.gui.play.hint_view import HintShow, nearest_look
from doolhof.gui.play.view import HintSubject

#: Seconds without input on a person's turn before the automatic hint (when the parents allow it).
AUTO_HINT_DELAY = 12.0


class Job(Protocol):
    """A hint being worked out in a thread (:class:`~doolhof.gui.play.computer.HintJob`, or a puzzle's)."""

    def done(self) -> bool:
        """True once the thread has finished."""
        ...

    def result(self) -> HintAdvice | None:
        """The advice once ready, else None."""
        ...


class HintCoach:
    """The hints of one play scene: asking, working out in a thread, showing, and the idle timer."""

    def __init__(self, scene: HintSubject, make_job: Callable[[Game], Job] = HintJob) -> None:
        """Help the people playing in *scene*; *make_job* starts working out a hint for a game."""
        self.scene = scene
        self.make_job = make_job
        #: The hint on screen, or None.
        self.hint: HintShow | None = None
        #: The hint being worked out in a thread, or None.
        self.job: Job | None = None
        self._asked_turn: int | None = None  # the turn on which the mover asked for help
        self._worked_out: tuple[int, str] | None = None  # (turn, phase) a hint was last worked out for
        self._idle_since = (scene.clock, scene.wall_clock())
        self._idle_key: tuple[int, str] | None = None

    # ----- asking --------------------------------------------------------------------------
    def available(self) -> bool:
        """True when the light bulb may help: a person's turn in a game still going."""
        scene = self.scene
        return not scene.finished and not scene.game.is_over() and scene.local_person(scene.game.current_player)

    def ask(self) -> None:
        """Help the mover (the light bulb); asked again, the hint on screen plays once more."""
        if not self.available():
            return
        self._asked_turn = self.scene.game.turn
        self._worked_out = None
        if self.hint is not None:
            self.hint.age = 0.0
            self.scene.play_sound("hint")
        self.scene.wake()

    def drop(self) -> None:
        """The mover acted: the hint on screen goes (help asked on this turn still comes for the next phase)."""
        self.hint = None

    def asked_turn(self) -> int | None:
        """The turn on which the mover asked for help (the bulb or the automatic hint), or None."""
        return self._asked_turn

    def resume(self, turn: int | None) -> None:
        """A continued game: help asked on *turn* before the restart comes back when it is the game's turn."""
        if turn is not None and turn == self.scene.game.turn:
            self._asked_turn = turn

    def forget(self) -> None:
        """Forget every hint and request (the game was replaced)."""
        self.hint = None
        self.job = None
        self._asked_turn = None

    # ----- state ---------------------------------------------------------------------------
    def visible(self) -> bool:
        """True when the hint on screen belongs to what the screen shows now."""
        scene = self.scene
        hint = self.hint
        if hint is None or hint.advice.turn != scene.game.turn or hint.advice.phase != scene.game.phase:
            return False
        if hint.advice.phase == "push":
            return scene.accepting() and scene.gestures.drag is None
        return scene.lit_now()

    def due(self) -> bool:
        """True when help was asked for this turn and this phase still lacks it."""
        game = self.scene.game
        return (
            self._asked_turn == game.turn and self.available() and self.job is None
            and (self.hint is None or self.hint.advice.phase != game.phase)
            and self._worked_out != (game.turn, game.phase)
        )

    def busy(self) -> bool:
        """True while a hint is worked out, due, or moves on screen."""
        hint = self.hint
        return (
            self.job is not None or self.due()
            or (hint is not None and self.visible() and hint.moving(self.scene.motion))
        )

    # ----- time ----------------------------------------------------------------------------
    def note_input(self) -> None:
        """The person did something: the idle time starts again."""
        self._idle_since = (self.scene.clock, self.scene.wall_clock())

    def idle_time(self) -> float:
        """Seconds without input: scene time or wall time, whichever is larger.

        While the app sleeps it caps each step's dt at 0.1 s, so scene time alone would never reach
        the delay; tests step scene time quickly.
        """
        clock, wall = self._idle_since
        return max(self.scene.clock - clock, self.scene.wall_clock() - wall)

    def auto_waiting(self) -> bool:
        """True while the automatic hint is on and waits for a person who does nothing."""
        scene = self.scene
        return (
            bool(getattr(getattr(scene.host, "settings", None), "auto_hint", False)) and scene.auto_hint_allowed
            and self.available() and self._asked_turn != scene.game.turn and scene.accepting()
            and not scene.gestures.active()
        )

    def wake_after(self) -> float | None:
        """Seconds until the automatic hint is due, while it waits; else None."""
        if not self.auto_waiting():
            return None
        return max(0.05, AUTO_HINT_DELAY - self.idle_time())

    def update(self, mdt: float) -> None:
        """Age the hint, collect a worked-out hint, start working one out, or give the automatic hint."""
        scene = self.scene
        if self.hint is not None:
            self.hint.age += mdt
        job = self.job
        if job is not None:
            if job.done():
                self.job = None
                self._show(job)
            return
        game = scene.game
        if self.due() and scene.accepting() and (game.phase == "push" or scene.lit_now()):
            self._worked_out = (game.turn, game.phase)
            self.job = self.make_job(game)
            return
        if self.auto_waiting() and self.idle_time() >= AUTO_HINT_DELAY:
            self.ask()

    def watch(self) -> None:
        """Count watching as input: while things move, and when the turn or phase changes."""
        scene = self.scene
        key = (scene.game.turn, scene.game.phase)
        if key != self._idle_key or scene.timeline.busy() or scene.thinking:
            self._idle_key = key
            self.note_input()

    def _show(self, job: Job) -> None:
        scene = self.scene
        advice = job.result()
        game = scene.game
        if advice is None or (advice.turn, advice.phase, advice.seat) != (game.turn, game.phase, game.current_player):
            return
        path: tuple[Cell, ...] = ()
        if advice.cell is not None:
            path = game.board.path(game.positions[game.current_player], advice.cell) or ()
        turn_to = nearest_look(scene.shown.spare, advice.push.rotation, scene.angle) if advice.push else None
        self.hint = HintShow(advice, start_angle=scene.angle, path=path, turn_to=turn_to)
        scene.play_sound("hint")
