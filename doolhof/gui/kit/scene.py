"""The scene lifecycle every screen follows, and the small interface a scene has to the app.

A scene gets input through :meth:`Scene.handle_pointer` (one pointer, already filtered) and
:meth:`Scene.handle_event` (keys, wheel, anything else), advances its animations in
:meth:`Scene.update`, and paints in :meth:`Scene.draw`, which must not change state. While
:meth:`Scene.busy` is True the app runs at the frame rate; otherwise it sleeps until input.

A scene never sees the application class: it gets a :class:`Host` (the services it may use: art,
sound, settings, the running game session, the scene stack, a redraw request) whose
:attr:`Host.screens` (:class:`Screens`) opens the other screens. Only
:mod:`doolhof.gui.screens` knows every scene, so no scene imports another.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame

from doolhof.engine.puzzles import Puzzle
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.session.game_session import GameSession
from doolhof.session.games import AnyGame
from doolhof.session.problems import Problem
from doolhof.session.savegame import SavedGame
from doolhof.session.seats import TableSetup
from doolhof.session.settings import Settings

if TYPE_CHECKING:  # the online client (paho) is imported only once online play is used
    from doolhof.online.client import OnlineRoom
    from doolhof.online.lifecycle import OnlineSession

T = TypeVar("T")


class Note(str):
    """A message for the parent (one of :attr:`Host.notes`) that also shows a picture for the child: *picture* an
    icon (:data:`~doolhof.gui.kit.art.ICON_NAMES`), *figure* a seat's figure shown beside it with the far-away
    globe (the other computer's), or None. It is the message itself, so it goes wherever a text note goes."""

    picture: str
    figure: int | None

    def __new__(cls, text: str, picture: str, figure: int | None = None) -> Note:
        """The note *text* with *picture* (and *figure*)."""
        note = super().__new__(cls, text)
        note.picture, note.figure = picture, figure
        return note


class Scene:
    """Base class: override what you need."""

    def __init__(self, host: Host) -> None:
        """Remember the host (for scene changes, art, sound, settings)."""
        self.host = host

    def enter(self) -> None:
        """Called when the scene becomes the top scene."""

    def exit(self) -> None:
        """Called when the scene stops being the top scene."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now *size*; recompute the layout."""

    def handle_pointer(self, event: PointerEvent) -> None:
        """A pointer press, move, release or cancel."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """Any other pygame event (keys, mouse wheel, ...)."""

    def holding(self) -> bool:
        """True while the pointer presses a control that wants holding (a finger still there is no resting hand)."""
        return False

    def draggable(self) -> bool:
        """True while the pointer presses something a finger may drag (a still finger there keeps its press)."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations by *dt* seconds."""

    def busy(self) -> bool:
        """True while something moves, so the app keeps drawing frames."""
        return False

    def wake_after(self) -> float | None:
        """Seconds until the scene wants an update while idle (a timed hint, say); None: sleep."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole scene onto *surface*. Must not change state."""


class Sound(Protocol):
    """The sound player as scenes use it (a silent stand-in when there is no audio)."""

    @property
    def muted(self) -> bool:
        """True while nothing plays."""
        ...

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute."""
        ...

    def set_volume(self, volume: float) -> None:
        """Set the volume, 0..1."""
        ...

    def play(self, name: str) -> bool:
        """Play the short sound *name*; False when nothing played."""
        ...


class GameScene(Protocol):
    """What the screens need of a scene that plays a game, the maze's or the card game's.

    :class:`doolhof.gui.screens.ScreenBuilder` wires it to the running session (``on_action`` saves
    after every action, ``corner_buttons["menu"]`` holds the parents' menu icon) and restores it on
    undo. A scene with ``layout.icons`` (a dict of corner icon rects incl. ``"menu"``) gets the
    parents' corner and the undo button placed there (:class:`doolhof.gui.parents.menu.ParentControls`).
    """

    #: Called with the game after every completed action (push or walk; lay or take).
    on_action: Callable[[Any], None]
    #: The icons in the scene's corner: name -> (icon, what a tap does).
    corner_buttons: dict[str, tuple[str, Callable[[], None]]]

    def restore(self, game: Any) -> None:
        """Show *game* (the same kind of game) from now on: after an undo, or to continue it."""
        ...

    def undo_fits(self) -> bool:
        """True when the parents' Undo may show now (not at a step of the turn with controls of its own)."""
        ...

    def is_far(self, seat: int) -> bool:
        """True when *seat* is played from the far computer (an online game)."""
        ...


class Screens(Protocol):
    """Opens the screens of the game (implemented by :class:`doolhof.gui.screens.ScreenBuilder`)."""

    def show_setup(self, table: TableSetup | None = None, far_seats: Iterable[int] = ()) -> None:
        """The setup screen in place of the top scene, pre-filled with *table* and the seats *far_seats* marked far
        away."""
        ...

    def start_game(self, game: AnyGame, table: TableSetup, undo: AnyGame | None = None) -> None:
        """Play *game* (a maze or card game, fresh, or continued with its *undo* snapshot) in place of the top scene."""
        ...

    def resume_online(self, kept: dict[str, Any]) -> bool:
        """Continue a waiting online game kept on this computer; False when it cannot come back."""
        ...

    def resume_game(self, saved: SavedGame) -> None:
        """Continue a saved game, with its undo snapshot."""
        ...

    def show_end(self, game: AnyGame, table: TableSetup) -> None:
        """The end screen of a finished *game* (a maze or card game) in place of the top scene."""
        ...

    def open_parent_menu(self) -> None:
        """The parents' menu over the top scene."""
        ...

    def open_settings(self) -> None:
        """The settings screen over the top scene."""
        ...

    def open_rules(self, page: int = 0, game: str | None = None) -> None:
        """The illustrated rules over the top scene, at *page*; *game* None: the game in front of the family."""
        ...

    def leave_to_setup(self) -> None:
        """Back to the setup screen from the game (and any menus over it); the game stays saved."""
        ...

    def game_on_top(self) -> bool:
        """True when the top scene is the play scene of the running game."""
        ...

    def open_puzzles(self, children: tuple[int, ...] = ()) -> None:
        """The puzzle book in place of the top scene, for the *children* playing here (their figures, the first
        first): read by its last reader when that is one of them (or none are given), else by the first."""
        ...

    def start_puzzle(self, puzzle: Puzzle) -> None:
        """Play *puzzle* (from the book, or the daily one) in place of the top scene."""
        ...

    def open_calendar(self, today: datetime.date | None = None) -> None:
        """The daily puzzle's calendar as of *today* in place of the top scene."""
        ...

    def start_daily(self, puzzle: Puzzle, today: datetime.date) -> None:
        """Play a daily *puzzle* opened from the calendar of *today*."""
        ...

    def undo_fits(self) -> bool:
        """True unless the running game's play scene is at a step of the turn where Undo does not show."""
        ...

    def undo_last(self, older: bool = False) -> bool:
        """Take back a person's last action in the running game (*older*: also after others acted since, the
        parents' menu); False when refused."""
        ...

    def recover(self, failed: object) -> None:
        """An error was caught in *failed* (a scene, or None): put what is shown back in step with the game."""
        ...

    # ----- playing with a computer far away (gui/online/) -----
    def open_invite(self, table: TableSetup, far_seats: frozenset[int], figure: int) -> None:
        """The invite screen (the picture code) for *table* with the *far_seats* seats, in place of the top scene."""
        ...

    def open_join(self, figure: int) -> None:
        """The join screen (the keypad of pictures, remembered computers' invitations) in place of the top scene."""
        ...

    def open_lobby(self, room: OnlineRoom) -> None:
        """Who is playing in the online *room* (just paired, not started) in place of the top scene."""
        ...

    def start_online(self, room: OnlineRoom | OnlineSession) -> None:
        """Play the started game of the online *room* (or of the room of a session) in place of the top scene."""
        ...


class Host(Protocol):
    """What a scene may use of the application."""

    @property
    def art(self) -> Art:
        """The SVG art cache."""
        ...

    @property
    def sound(self) -> Sound:
        """The sound player."""
        ...

    @property
    def settings(self) -> Settings:
        """The parents' settings in effect."""
        ...

    @property
    def session(self) -> GameSession:
        """The running game, kept saved."""
        ...

    @property
    def screens(self) -> Screens:
        """Opens the other screens."""
        ...

    @property
    def scenes(self) -> Sequence[Scene]:
        """The scene stack, bottom first."""
        ...

    @property
    def fullscreen(self) -> bool:
        """True in full screen."""
        ...

    @property
    def notes(self) -> list[str]:
        """Messages for the parent (a damaged file was moved aside ...); the setup screen shows and clears them."""
        ...

    def save_problems(self) -> list[Problem]:
        """What could not be saved just now (the game, the settings): the parents' corner shows it; [] when fine."""
        ...

    def window_size(self) -> tuple[int, int]:
        """The size of the window in pixels."""
        ...

    def pointer_pos(self) -> tuple[int, int]:
        """Where the pointer was last seen, in window pixels ((-1, -1) before any, and after a finger lifted)."""
        ...

    def play_sound(self, name: str) -> None:
        """Play the short sound *name*; never fails."""
        ...

    def request_redraw(self) -> None:
        """Draw a frame soon even if nothing is busy."""
        ...

    def push_scene(self, scene: Scene) -> None:
        """Put *scene* on top."""
        ...

    def pop_scene(self) -> None:
        """Remove the top scene."""
        ...

    def replace_scene(self, scene: Scene) -> None:
        """Swap the top scene for *scene*."""
        ...

    def guard(self, call: Callable[..., T], *args: object) -> T | None:
        """Run a scene callback; an unexpected error is logged instead of crashing (raised when strict)."""
        ...

    def change_settings(self, **changes: Any) -> None:
        """Change some settings fields and save them."""
        ...

    def apply_settings(self, settings: Settings) -> str | None:
        """Use *settings* from now on (saved, applied at once); a message when they could not be written."""
        ...

    def toggle_fullscreen(self) -> None:
        """Enter or leave full screen."""
        ...

    def request_quit(self) -> None:
        """Save and close the program."""
        ...

    def next_seed(self) -> int:
        """A seed for the next new game."""
        ...
