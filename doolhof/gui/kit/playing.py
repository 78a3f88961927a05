"""The plumbing both play screens share (the maze's and the card game's), as one base class.

:class:`PlayingScene` holds what does not depend on the game being played: the parents' motion
settings, the gentle ambient motion after input, the corner icons (sound, light bulb, the parents'
menu), the overlays over the scene, whether a computer seat is due to think, and the way on to the
end scene. The play scenes set the attributes it reads in their own ``__init__``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from doolhof.gui.kit.anim import Effect, Motion, Timeline
from doolhof.gui.kit.overlay import Overlay, overlay_took, overlays_holding, overlays_updated
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host, Note, Scene
from doolhof.gui.kit.worker import PacedWorker
from doolhof.i18n import _
from doolhof.session.games import AnyGame
from doolhof.session.seats import TableSetup

if TYPE_CHECKING:  # an online game's modules (the network's libraries) load only when one is played
    from doolhof.online.follow import OnlineGame

G = TypeVar("G", bound=AnyGame)
D = TypeVar("D")

#: Seconds of gentle ambient motion (breathing arrows or lit cells, glowing pictures) after the last input.
AMBIENT = 4.0
#: How opaque a far seat's figure is while the far side is away (of 255).
FAR_AWAY_OPACITY = 110
#: Seconds between looks at an online game's news while the screen rests.
FAR_POLL = 0.1
#: Frames a second while only the far figure breathes (a slow breath needs no 60 Hz: this costs a
#: quarter of the processor time while a grandparent thinks for minutes; scripts/bench_far_frames.py).
BREATH_FPS = 20


class PlayingScene(Scene, Generic[G, D]):
    """Base of a play scene: one game of kind *G* on screen, from any phase to the celebration.

    A computer seat's move (a decision *D*) is thought about in a :class:`~doolhof.gui.kit.worker.PacedWorker`.
    """

    #: The computer turn being thought about, or None (set by the play scene).
    _thinking: PacedWorker[D] | None
    #: The computer seats' players by seat (set by the play scene).
    _players: dict[int, Any]

    def __init__(self, host: Host, game: G, table: TableSetup) -> None:
        """Show *game* played by the seats of *table*: nothing moving yet, the ambient motion on."""
        super().__init__(host)
        self.game = game
        self.table = table
        #: Called with the game after every completed action (autosave hooks in here).
        self.on_action: Callable[[G], None] = lambda game: None
        #: Extra corner buttons by slot name ("hint", "menu"): (icon name, callback).
        self.corner_buttons: dict[str, tuple[str, Callable[[], None]]] = {}
        #: Shown over the scene, in drawing order (see :class:`~doolhof.gui.kit.overlay.Overlay`).
        self.overlays: list[Overlay] = []
        self.timeline = Timeline()
        self.effects: list[Effect] = []
        self.clock = 0.0
        #: Seconds of ambient motion after input or a turn change (tests set 0 to settle fast).
        self.ambient_time = AMBIENT
        self.ambient_until = AMBIENT
        #: True once the game is over and celebrated.
        self.finished = False
        #: Wall clock for the idle time of the automatic hint (tests replace it).
        self.wall_clock: Callable[[], float] = time.monotonic
        #: The online game this screen follows (its far seats are played on the far computer), or None.
        self.online_game: OnlineGame | None = None
        self._breath_drawn = 0.0

    # ----- reading the state -------------------------------------------------------------------
    @property
    def motion(self) -> Motion:
        """The parents' animation speed and reduced-motion choice, as read now."""
        return Motion.from_settings(getattr(self.host, "settings", None))

    @property
    def thinking(self) -> bool:
        """True while a computer seat thinks about its move."""
        return self._thinking is not None

    def is_computer(self, seat: int) -> bool:
        """True when *seat* is played by a computer player (here, or on the far computer in an online game)."""
        return self.table.is_computer(seat)

    def figure_of(self, seat: int) -> int:
        """The figure *seat* plays (chosen on the setup screen): its colour and shape on every part of the screen."""
        return self.table.figure(seat)

    def undo_fits(self) -> bool:
        """True when the parents' Undo may show now (a step of the turn with controls of its own says no)."""
        return True

    def is_far(self, seat: int) -> bool:
        """True when *seat* is played from the far computer (an online game)."""
        return self.online_game is not None and self.online_game.is_far(seat)

    def local_person(self, seat: int) -> bool:
        """True when a person at this screen plays *seat* (no computer player, not the far computer)."""
        return not self.is_computer(seat) and not self.is_far(seat)

    def computer_here(self, seat: int) -> bool:
        """True when a computer player on this computer plays *seat* (in an online game: the host's)."""
        return self.is_computer(seat) and not self.is_far(seat)

    def ambient_now(self) -> bool:
        """True while the gentle ambient motion runs (after input; never with reduced motion)."""
        return self.clock < self.ambient_until and not self.motion.reduced

    def hint_available(self) -> bool:
        """True when the light bulb may help now (the play scenes say when)."""
        return False

    def show_hint(self) -> None:
        """Help the person to move (the light bulb; the play scenes say how)."""

    def kept(self) -> dict[str, Any]:
        """What this screen wants back when the game is continued after a restart (kept with each save)."""
        return {}

    def resume(self, kept: dict[str, Any]) -> None:
        """Continue as :meth:`kept` said before the restart (the play scenes say how)."""

    # ----- corner icons ------------------------------------------------------------------------
    def corner_icon(self, name: str) -> tuple[str, Callable[[], None]] | None:
        """The icon and action of corner slot *name*, or None when the slot is empty now."""
        if name == "sound":
            return ("sound_off" if getattr(self.host.sound, "muted", False) else "sound_on", self._toggle_sound)
        button = self.corner_buttons.get(name)
        if name == "hint" and button is not None and button[1] == self.show_hint and not self.hint_available():
            return None  # no light bulb on a computer's turn, during animations or once the game is over
        return button

    def _toggle_sound(self) -> None:
        sound = self.host.sound
        if hasattr(sound, "toggle_muted"):
            sound.toggle_muted()
            self.play_sound("tap")

    def press_icon(self, name: str) -> None:
        """A corner icon was tapped: do what it does (nothing when the slot is empty now)."""
        action = self.corner_icon(name)
        if action is not None:
            action[1]()

    # ----- overlays ----------------------------------------------------------------------------
    def overlays_take(self, event: PointerEvent) -> bool:
        """Offer *event* to the overlays, topmost first; True (and a redraw) once one took it."""
        if overlay_took(self.overlays, event):
            self.host.request_redraw()
            return True
        return False

    def holding(self) -> bool:
        """True while an overlay's hold control is held (the tutorial's hide button): no resting hand."""
        return overlays_holding(self.overlays)

    def update_overlays(self, dt: float) -> None:
        """Move the overlays on by *dt* (after the scene has); drop those done."""
        left = overlays_updated(self.overlays, dt)
        if left is not None:
            self.overlays = left
            self.host.request_redraw()

    # ----- what the clips call back ------------------------------------------------------------
    def play_sound(self, name: str) -> None:
        """Play the short sound *name* (never fails; see :meth:`App.play_sound <doolhof.gui.app.App.play_sound>`)."""
        self.host.play_sound(name)

    def finish(self) -> None:
        """The game is over and celebrated: on to the end scene."""
        if self.finished:
            return
        self.finished = True
        self.host.screens.show_end(self.game, self.table)

    # ----- computer seats and time -------------------------------------------------------------
    def _computer_due(self) -> bool:
        return (
            not self.timeline.busy() and not self.finished and not self.game.is_over()
            and self.computer_here(self.game.current_player) and self._thinking is None
        )

    def _drop_thinking(self) -> None:
        """Forget a computer's thinking (the game was replaced)."""
        if self._thinking is not None and self._thinking.still_thinking:
            self._players.clear()  # the dropped thread still draws from its player's random generator
        self._thinking = None

    def _thought(self, dt: float) -> D | None:
        """Count *dt* of a computer's thinking; its decision once ready (the thinking is then over), else None."""
        if self._thinking is None:
            return None
        self._thinking.tick(dt)
        decision = self._thinking.result()
        if decision is None:
            return None
        if self._thinking.still_thinking:  # given up on: that thread keeps using its player, so
            self._players.pop(self.game.current_player, None)  # the next turn gets a fresh one
        self._thinking = None
        return decision

    # ----- an online game's far seats ----------------------------------------------------------
    def far_thinking(self) -> bool:
        """True while the far side is to move and here (its figure breathes; nothing moves on screen)."""
        online_game = self.online_game
        return (online_game is not None and not online_game.away and not self.finished and not self.game.is_over()
                and online_game.is_far(self.game.current_player) and not self.timeline.busy())

    def far_pose(self, seat: int) -> tuple[float, int]:
        """How *seat*'s figure is drawn: (scale, opacity 0-255). A far seat breathes while the far side
        thinks (not with reduced motion) and fades while the far side is away; every other seat: (1, 255)."""
        online_game = self.online_game
        if online_game is None or not online_game.is_far(seat):
            return (1.0, 255)
        if online_game.away:
            return (1.0, FAR_AWAY_OPACITY)
        if seat == self.game.current_player and self.far_thinking() and not self.motion.reduced:
            return (1.0 + 0.06 * math.sin(self.clock * 2.4), 255)
        return (1.0, 255)

    def far_breathing(self) -> bool:
        """True while the far figure breathes (the far side thinks; not with reduced motion)."""
        return self.far_thinking() and not self.motion.reduced

    def far_wake_after(self) -> float | None:
        """In an online game, how soon to look for the far side's news (or draw the next breath) while nothing
        else needs a frame."""
        if self.online_game is None:
            return None
        return 1 / BREATH_FPS if self.far_breathing() else FAR_POLL

    def _drive_far(self) -> None:
        """Read the online game's news; play the far side's next move once nothing moves here.

        The far seat's move goes through the very path a computer seat's takes (it glides, steps and
        flies, never jumps). When the screen's game and the room's checked game part (a move that
        does not follow on, a rebuilt log), the screen takes the checked one, once nothing moves.
        """
        online_game = self.online_game
        if online_game is None:
            return
        if online_game.poll():
            self.host.request_redraw()
            if online_game.ended:  # a parent ended it on the far computer: back to the setup screen, said calmly
                from doolhof.online.follow import MSG_ENDED

                far_seat = next((s for s in range(len(self.table.seats)) if self.is_far(s)), None)
                self.host.notes.append(Note(_(MSG_ENDED), "ended",
                                            None if far_seat is None else self.figure_of(far_seat)))
                self.host.screens.leave_to_setup()
                return
        elif self.far_breathing() and self.clock - self._breath_drawn >= 1 / BREATH_FPS:
            self._breath_drawn = self.clock  # the next breath; the loop sleeps in between
            self.host.request_redraw()
        if self.timeline.busy() or self.finished:
            return
        if online_game.out_of_step:
            self.restore(online_game.checked())  # type: ignore[arg-type]  # the room plays this screen's game
            self.host.request_redraw()
            return
        if online_game.catching_up():  # moves made while this computer was away: the turn as it stands, at once
            self.restore(online_game.caught_up())  # type: ignore[arg-type]
            self.host.request_redraw()
            if self.game.is_over():  # it ended meanwhile: on to the end (no move of it is left to animate)
                self.finish()
            return
        if self.game.is_over():
            online_game.over()  # its room is closed (its session's business)
            return
        seat = self.game.current_player
        if not online_game.is_far(seat):
            return
        move = online_game.next_move(seat)
        if move is not None:
            self.wake()
            if not self.play_far(move.move):
                online_game.out_of_step = True

    def play_far(self, move: list[Any]) -> bool:
        """Play the far side's *move* (a wire move) on screen as a computer's would be; False when refused."""
        return False

    def moved(self, seat: int, move: list[Any]) -> None:
        """The screen's game took *move* for *seat* (in an online game: sent to the room when *seat* is
        played here, counted when it came from the far side)."""
        online_game = self.online_game
        if online_game is None:
            return
        if online_game.here(seat):
            online_game.send(move)
        else:
            online_game.applied_one()

    def restore(self, game: G) -> None:
        """Show *game* instead of the current one at once (the play scenes say how)."""
        raise NotImplementedError

    def wake(self) -> None:
        """Run the gentle ambient motion for a while from now."""
        self.ambient_until = self.clock + self.ambient_time
