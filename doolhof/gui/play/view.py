"""What the play screen's helpers may read of the play scene: small interfaces, so they never import it.

:class:`~doolhof.gui.play.scene.PlayScene` builds its painter (:mod:`~doolhof.gui.play.draw`) and
its hint coach (:mod:`~doolhof.gui.play.hints`) and hands itself to them; they see it only as a
:class:`PlayView` or a :class:`HintSubject`. :class:`Overlay` is what lies over the scene for a
while (the first-game tutorial).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from doolhof.engine import Game
from doolhof.gui.board.painter import BoardArt
from doolhof.gui.kit.anim import Effect, Motion, Timeline
from doolhof.gui.kit.overlay import Overlay
from doolhof.gui.kit.scene import Host
from doolhof.gui.play.gestures import Gestures
from doolhof.gui.play.hint_view import HintShow
from doolhof.gui.play.layout import PlayLayout
from doolhof.gui.play.shown import Shown


class SceneState(Protocol):
    """The play scene's state that both the painter and the hint coach read."""

    @property
    def host(self) -> Host:
        """The app's services."""
        ...

    @property
    def game(self) -> Game:
        """The game (ahead of the screen while animations play)."""
        ...

    @property
    def shown(self) -> Shown:
        """What the screen shows now."""
        ...

    @property
    def timeline(self) -> Timeline:
        """The clips playing and waiting."""
        ...

    @property
    def gestures(self) -> Gestures:
        """The pointer gesture in progress."""
        ...

    @property
    def clock(self) -> float:
        """Scene time in seconds."""
        ...

    @property
    def angle(self) -> float:
        """The spare card's drawn angle in degrees."""
        ...

    @property
    def motion(self) -> Motion:
        """The parents' animation speed and reduced-motion choice."""
        ...

    @property
    def thinking(self) -> bool:
        """True while a computer seat thinks."""
        ...

    def is_computer(self, seat: int) -> bool:
        """True when the computer plays *seat*."""
        ...

    def is_far(self, seat: int) -> bool:
        """True when *seat* is played from the far computer (an online game)."""
        ...

    def local_person(self, seat: int) -> bool:
        """True when a person at this screen plays *seat*."""
        ...

    def far_pose(self, seat: int) -> tuple[float, int]:
        """How *seat*'s figure is drawn: (scale, opacity) (breathing, faded: an online game's far seat)."""
        ...

    def accepting(self) -> bool:
        """True when a person may act now."""
        ...

    def lit_now(self) -> bool:
        """True when the reachable cells are lit."""
        ...


class PlayView(SceneState, Protocol):
    """What :class:`~doolhof.gui.play.draw.PlayPainter` reads to paint the scene."""

    @property
    def view(self) -> BoardArt:
        """The board painter's art."""
        ...

    @property
    def layout(self) -> PlayLayout:
        """Where everything goes."""
        ...

    @property
    def effects(self) -> list[Effect]:
        """Short effects running (shakes ...)."""
        ...

    @property
    def hint(self) -> HintShow | None:
        """The hint on screen, or None."""
        ...

    @property
    def aim(self) -> tuple[str, int] | None:
        """The arrow a computer's card waits at, or None."""
        ...

    @property
    def overlays(self) -> list[Overlay]:
        """What lies over the scene, in drawing order."""
        ...

    @property
    def finished(self) -> bool:
        """True once the game (or the puzzle) is over: no arrow invites a push any more."""
        ...

    @property
    def show_trays(self) -> bool:
        """False in puzzle mode: the players' trays are not drawn (the footprints are, by the overlay)."""
        ...

    def hint_visible(self) -> bool:
        """True when the hint on screen belongs to what the screen shows now."""
        ...

    def ambient_now(self) -> bool:
        """True while the gentle ambient motion runs."""
        ...

    def ghost_pose(self) -> tuple[float, float, float, float] | None:
        """The hint's ghost card now (x, y, angle, opacity), or None."""
        ...

    def corner_icon(self, name: str) -> tuple[str, Callable[[], None]] | None:
        """The icon and action in the corner slot *name*, or None."""
        ...


class HintSubject(SceneState, Protocol):
    """What :class:`~doolhof.gui.play.hints.HintCoach` reads and calls of the scene."""

    @property
    def finished(self) -> bool:
        """True once the game is over and celebrated."""
        ...

    @property
    def auto_hint_allowed(self) -> bool:
        """False keeps the automatic hint away."""
        ...

    def wall_clock(self) -> float:
        """Wall-clock seconds (for the automatic hint's idle time)."""
        ...

    def play_sound(self, name: str) -> None:
        """Play a short sound."""
        ...

    def wake(self) -> None:
        """Start the gentle ambient motion again."""
        ...


__all__ = ["HintSubject", "Overlay", "PlayView", "SceneState"]
