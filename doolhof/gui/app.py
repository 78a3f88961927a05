"""The application: the window, the scene stack and the frame loop that sleeps when nothing moves.

Robustness: every call into a scene goes through :meth:`App.guard`, so a bug in a scene is logged
and the game goes on. Set ``DOOLHOF_STRICT=1`` (the GUI tests do) to have such errors raised.

The app is the :class:`~doolhof.gui.kit.scene.Host` of its scenes: it lends them the art, the
sound, the settings and the running :class:`~doolhof.session.game_session.GameSession`. It knows
no scene itself: :func:`doolhof.gui.launch.build_app` gives it its
:class:`~doolhof.gui.screens.ScreenBuilder` (:attr:`App.screens`) and the parents' corner layer
(:attr:`App.controls`: the menu opens only after a two-second hold, Escape never quits, and
closing the window saves first). Development hooks live in :mod:`doolhof.gui.devhooks`.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import math
import os
import time
import traceback
import warnings
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import pygame
import pygame.freetype

from doolhof.gui.kit.art import Art
from doolhof.gui.kit.assets import APP_ICON, asset
from doolhof.gui.kit.assets import STRICT_VARIABLE as STRICT_VARIABLE  # scenes' errors raise in strict mode
from doolhof.gui.kit.pointer import Pointer, PointerEvent
from doolhof.gui.kit.scene import Scene, Screens, Sound
from doolhof.gui.kit.sound import SoundPlayer
from doolhof.i18n import N_, _, set_language
from doolhof.session.game_session import GameSession
from doolhof.session.problems import Problem, clip
from doolhof.session.settings import Settings, write_settings
from doolhof.session.writer import SaveWriter

log = logging.getLogger(__name__)

FPS = 60
MIN_SIZE = (640, 480)
#: While idle, how often (milliseconds) the loop looks for new events.
IDLE_POLL_MS = 20  # a tap waits at most this long; a child cannot tell
#: The window title, in the player's language (see :func:`window_title`).
TITLE = N_("Doolhof – a maze that changes every turn")
#: The app's id: the name of its desktop entry and icon (packaging/linux/), and the window's class, so that
#: a Linux desktop shows the window under the menu entry's icon.
APP_ID = "io.github.doolhof.Doolhof"
#: The pixel size the app icon is drawn at for the window (the system scales it for the task bar).
ICON_PX = 64

T = TypeVar("T")

#: The raw events the pointer reads (scenes get them as pointer events only, never in handle_event).
POINTER_EVENTS = frozenset((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                            pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP))


class Layer(Protocol):
    """Something drawn over every scene that sees the pointer first (the parents' corner)."""

    def handle_pointer(self, event: PointerEvent) -> bool:
        """Take *event* when it belongs to the layer; True when taken."""
        ...

    def update(self, dt: float) -> None:
        """Advance by *dt* seconds."""
        ...

    def busy(self) -> bool:
        """True while the layer moves."""
        ...

    def holding(self) -> bool:
        """True while the pointer holds one of the layer's controls that wants holding (it is no resting hand)."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the layer over the scene."""
        ...


class _Silent:
    """Stands in for the sound player when it cannot be created: plays nothing."""

    muted = True

    def set_muted(self, muted: bool) -> None:
        """Stay silent."""

    def set_volume(self, volume: float) -> None:
        """Stay silent."""

    def play(self, name: str) -> bool:
        """Play nothing."""
        return False


class App:
    """Owns the window surface and the scene stack, and runs the loop."""

    def __init__(self, screen: pygame.Surface, options: argparse.Namespace | None = None) -> None:
        """Wrap an open display surface; *options* are the command-line options (may be None)."""
        self.screen = screen
        self.options = options or argparse.Namespace()
        self._scenes: list[Scene] = []
        self.pointer = Pointer()
        self.clock = pygame.time.Clock()
        self.running = True
        self.dirty = True
        self.frame_hook: Callable[[App], None] | None = None
        #: How many frames have been drawn (tests count them to check the idle loop sleeps).
        self.frames_drawn = 0
        #: How many scene errors were caught and logged (non-strict mode).
        self.errors = 0
        #: (where, error type, text) -> how many times that error was caught (it is logged once, then counted).
        self._failures: dict[tuple[str, str, str], int] = {}
        self._recovering = False
        self._fullscreen = bool(getattr(self.options, "fullscreen", False))
        #: The parents' settings: loaded by :func:`~doolhof.gui.launch.run`, else the defaults.
        #: The play scene reads ``animation_speed``, ``reduced_motion`` and ``auto_hint`` from here.
        self._settings = Settings()
        self._notes: list[str] = []
        # Saves run on their own thread: a tap's animation starts in its frame, the disk follows.
        self._session = GameSession(writer=SaveWriter())
        #: Why the settings could not be saved the last time, or None when that worked.
        self.settings_problem: Problem | None = None
        #: True in a copy that found Doolhof already open (see :func:`~doolhof.gui.launch.run`): it writes no file.
        self.read_only = False
        #: The layer over every scene (the parents' corner), set by :func:`~doolhof.gui.launch.build_app`.
        self.controls: Layer | None = None
        self._screens: Screens | None = None
        #: The window size to go back to when leaving full screen.
        self.windowed_size: tuple[int, int] = screen.get_size() if not self._fullscreen else (1280, 800)
        self._art: Art | None = None
        self._sound: Sound | None = None

    # ----- shared services (the Host interface) ----------------------------------------------
    @property
    def art(self) -> Art:
        """The SVG art cache (created on first use)."""
        if self._art is None:
            self._art = Art()
        return self._art

    @property
    def sound(self) -> Sound:
        """The sound player (created on first use; a silent stand-in if sound cannot start)."""
        if self._sound is None:
            try:
                self._sound = SoundPlayer(volume=self.settings.volume,
                                          muted=bool(getattr(self.options, "mute", False)))
            except Exception as error:  # no audio device: play on in silence
                log.warning("sound is off: %s", error)
                self._sound = _Silent()
        return self._sound

    @sound.setter
    def sound(self, player: Sound) -> None:
        self._sound = player

    @property
    def settings(self) -> Settings:
        """The parents' settings in effect."""
        return self._settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        self._settings = settings

    @property
    def session(self) -> GameSession:
        """The running game, kept saved."""
        return self._session

    @property
    def screens(self) -> Screens:
        """Opens the screens (set by :func:`~doolhof.gui.launch.build_app`)."""
        if self._screens is None:
            raise RuntimeError("this app has no screens: build it with doolhof.gui.launch.build_app")
        return self._screens

    @screens.setter
    def screens(self, screens: Screens) -> None:
        self._screens = screens

    @property
    def notes(self) -> list[str]:
        """Messages for the parent (a damaged file was moved aside ...); the setup screen shows and clears them."""
        return self._notes

    def save_problems(self) -> list[Problem]:
        """What could not be saved just now (the game, the settings); [] when every last save worked."""
        return [p for p in (self._session.problem, self.settings_problem) if p is not None]

    @property
    def fullscreen(self) -> bool:
        """True in full screen."""
        return self._fullscreen

    def window_size(self) -> tuple[int, int]:
        """The size of the window in pixels."""
        size: tuple[int, int] = self.screen.get_size()
        return size

    def pointer_pos(self) -> tuple[int, int]:
        """Where the pointer was last seen, in window pixels ((-1, -1) before any, and after a finger lifted)."""
        return self.pointer.pos

    def play_sound(self, name: str) -> None:
        """Play the short sound *name* (``"tap"``, ``"fanfare"`` ...); never fails."""
        try:
            self.sound.play(name)
        except Exception as error:
            log.debug("cannot play %s: %s", name, error)
            if os.environ.get(STRICT_VARIABLE) == "1":
                raise

    # ----- scenes --------------------------------------------------------------------------
    @property
    def scenes(self) -> Sequence[Scene]:
        """The scene stack, bottom first."""
        return self._scenes

    @property
    def scene(self) -> Scene:
        """The scene on top."""
        return self._scenes[-1]

    def push_scene(self, scene: Scene) -> None:
        """Put *scene* on top (the one below stays, paused)."""
        if self._scenes:
            self.guard(self.scene.exit)
        self.pointer.cancel()
        self._scenes.append(scene)
        self.guard(scene.resize, self.screen.get_size())
        self.guard(scene.enter)
        self.dirty = True

    def pop_scene(self) -> None:
        """Remove the top scene and return to the one below."""
        self.guard(self._scenes.pop().exit)
        self.pointer.cancel()
        if self._scenes:
            self.guard(self.scene.resize, self.screen.get_size())
            self.guard(self.scene.enter)
        self.dirty = True

    def replace_scene(self, scene: Scene) -> None:
        """Swap the top scene for *scene*."""
        if self._scenes:
            self.guard(self._scenes.pop().exit)
        self.push_scene(scene)

    def request_quit(self) -> None:
        """Close the program on purpose (the parents' menu or the window's close button): save first."""
        problem = self.session.save()
        if problem:
            log.warning("%s", problem)
        self.quit()

    def change_settings(self, **changes: Any) -> None:
        """Change some settings fields (e.g. ``tutorial_done=True``) and save them; a problem is logged."""
        self.settings = dataclasses.replace(self.settings, **changes)
        self._save_settings()

    def apply_settings(self, settings: Settings) -> str | None:
        """Use *settings* from now on: save them and apply what changed at once.

        Language from the next frame (:func:`doolhof.i18n.set_language`), sound and volume on the
        sound player, full screen on the window. Animation speed, reduced motion and automatic
        hints are only stored on :attr:`settings` for the play scene to read. Returns a message for
        the parent when the file could not be written (the settings still apply).
        """
        old = self.settings
        self.settings = settings
        if old.language != settings.language:
            set_language(settings.language)
            pygame.display.set_caption(window_title())
        if old.sound != settings.sound or old.volume != settings.volume:
            try:
                self.sound.set_muted(not settings.sound)
                self.sound.set_volume(settings.volume)
            except Exception as error:  # the sound player is a comfort; settings still apply
                log.warning("cannot apply the sound settings: %s", error)
        if bool(settings.fullscreen) != self.fullscreen:
            self.toggle_fullscreen()  # saves the settings with the state it reached
        problem = self._save_settings()
        self.dirty = True
        return problem

    def _save_settings(self) -> str | None:
        """Write :attr:`settings`; a failure is kept in :attr:`settings_problem` (logged when it starts)."""
        if self.read_only:
            return None
        problem = write_settings(self.settings)
        before, self.settings_problem = self.settings_problem, problem
        if problem is None:
            if before is not None:
                log.info("the settings can be saved again")
            return None
        if before is None or (before.code, before.detail) != (problem.code, problem.detail):
            log.error("cannot save the settings: %s", problem.log_text())
        return problem.message()

    def next_seed(self) -> int:
        """A seed for the next new game: counts up from ``--seed`` when given (tests), else from the clock."""
        given = getattr(self.options, "seed", None)
        if isinstance(given, int) and not isinstance(given, bool):
            self.options.seed = given + 1
            return given
        return time.time_ns() % 2**31

    def request_redraw(self) -> None:
        """Draw a frame soon even if nothing is busy."""
        self.dirty = True

    def quit(self) -> None:
        """Leave the loop after this frame."""
        self.running = False

    def guard(self, call: Callable[..., T], *args: object) -> T | None:
        """Run a scene callback; log an unexpected error instead of crashing (raise it when strict).

        The same error in the same place (a failing ``draw`` on every frame, say; the same type raised
        from the same line, whatever its text) is logged once with its traceback, then as a count at
        10, 100, 1000 ... times, never per frame. After an error in
        the running game's play scene, the screen is rebuilt from the game as last recorded, so what
        is shown is what is saved (:meth:`~doolhof.gui.kit.scene.Screens.recover`).
        """
        try:
            return call(*args)
        except Exception as error:
            if os.environ.get(STRICT_VARIABLE) == "1":
                raise
            self.errors += 1
            where = getattr(call, "__qualname__", repr(call))
            # Counted by where it comes from, not by its text: a text that changes every frame is one error.
            key = (where, type(error).__name__, _origin(error))
            seen = self._failures.get(key, 0) + 1
            self._failures[key] = seen
            if seen == 1:
                log.exception("a scene failed in %s; carrying on", where)
            elif math.log10(seen).is_integer():
                log.error("a scene failed in %s again: %s (%d times so far)", where,
                          clip(error, 200) or key[1], seen)
            self.dirty = True
            if not self._recovering and self._screens is not None:
                self._recovering = True
                try:
                    self._screens.recover(getattr(call, "__self__", None))
                except Exception:
                    log.exception("cannot rebuild the screen after the error in %s", where)
                finally:
                    self._recovering = False
            return None

    # ----- the window ----------------------------------------------------------------------
    def toggle_fullscreen(self) -> None:
        """Switch between full screen (desktop size) and the last window size (F11)."""
        if self._fullscreen:
            size, flags = self.windowed_size, pygame.RESIZABLE
        else:
            self.windowed_size = self.screen.get_size()
            size, flags = (0, 0), pygame.FULLSCREEN
        try:
            self.screen = pygame.display.set_mode(size, flags)
        except pygame.error as error:
            log.warning("cannot switch full screen: %s", error)
            return
        self._fullscreen = not self._fullscreen
        apply_minimum_size()
        self.change_settings(fullscreen=self._fullscreen)
        self._relayout()

    def _relayout(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        size = self.screen.get_size()
        for scene in self._scenes:
            self.guard(scene.resize, size)
        self.dirty = True

    # ----- the loop ------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one pygame event to the app or the top scene."""
        if event.type == pygame.QUIT:  # the window's close button still works, but the game is saved first
            self.request_quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._relayout()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.dirty = True
        if not self._scenes:
            return
        pointer_event = self.pointer.translate(event, self.screen.get_size())
        if pointer_event is not None:
            self._point(pointer_event)
        elif event.type not in POINTER_EVENTS:
            scene = self.scene
            self.guard(scene.handle_event, event)
            if event.type in (pygame.KEYDOWN, pygame.MOUSEWHEEL):
                self.dirty = True
            escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            if escape and self._scenes and self.scene is scene and self.controls is not None:
                # Escape that did nothing here (a game, the setup screen): a parent looking for the way out
                self.guard(getattr(self.controls, "tell", lambda: None))

    def _point(self, event: PointerEvent) -> None:
        """Give one pointer event to the parents' layer, and to the top scene when the layer does not take it."""
        controls = self.controls
        if controls is None or not self.guard(controls.handle_pointer, event):
            self.guard(self.scene.handle_pointer, event)
        self.dirty = True

    def _holding(self) -> bool:
        """True while the press is on a control that wants holding: the parents' button, or one of the scene's."""
        if self.controls is not None and self.guard(self.controls.holding):
            return True
        return bool(self._scenes) and bool(self.guard(self.scene.holding))

    def _draggable(self) -> bool:
        """True while the press is on something the scene lets a finger drag."""
        return bool(self._scenes) and bool(self.guard(self.scene.draggable))

    def _controls_busy(self) -> bool:
        return self.controls is not None and bool(self.guard(self.controls.busy))

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: dispatch *events*, update by *dt* seconds, draw if needed."""
        for event in events:
            self.dispatch(event)
            if not self.running or not self._scenes:
                return
        for pointer_event in self.pointer.tick(dt, self._holding(), self._draggable()):  # a resting hand let go
            self._point(pointer_event)
        scene = self.scene
        self.guard(scene.update, dt)
        if self.controls is not None:
            self.guard(self.controls.update, dt)
        if not self.running or not self._scenes:
            return
        scene = self.scene  # update may have changed scenes (a game that just ended, the menu opened)
        if self.dirty or self.guard(scene.busy) or self._controls_busy():
            self.dirty = False
            self.guard(scene.draw, self.screen)
            if self.controls is not None:
                self.guard(self.controls.draw, self.screen)
            pygame.display.flip()
            self.frames_drawn += 1
        if self.frame_hook is not None:
            self.frame_hook(self)

    def is_idle(self) -> bool:
        """True when nothing needs drawing: the loop may sleep until the next event."""
        if self.pointer.deciding():  # time must pass for a still finger to be found resting
            return False
        return not self.dirty and not self.guard(self.scene.busy) and not self._controls_busy()

    def run(self) -> None:
        """Run until :meth:`quit`: frame-rate while busy, asleep on events otherwise."""
        while self.running and self._scenes:
            if not self.is_idle():
                events = pygame.event.get()
                dt = self.clock.tick(FPS) / 1000
            else:
                events = wait_for_events(self.guard(self.scene.wake_after))
                dt = self.clock.tick() / 1000
            self.step(events, min(dt, 0.1))


def wait_for_events(timeout: float | None = None) -> list[pygame.event.Event]:
    """Sleep until events arrive (or *timeout* seconds pass) and return them; [] on timeout.

    Not ``pygame.event.wait()``: in pygame-ce 2.5.8 it wakes every millisecond inside, which
    measured 2.1 % of a core while doing nothing; polling every 10 ms measured about 0.4 %, and
    :data:`IDLE_POLL_MS` (20 ms) wakes half as often. A tap waits at most one poll.
    """
    deadline = None if timeout is None else time.perf_counter() + timeout
    while True:
        events = pygame.event.get()
        if events:
            return events
        if deadline is not None and time.perf_counter() >= deadline:
            return []
        pygame.time.wait(IDLE_POLL_MS)


def apply_minimum_size(size: tuple[int, int] = MIN_SIZE) -> None:
    """Ask the window manager not to let the window shrink below *size* (best effort)."""
    try:
        with warnings.catch_warnings():
            # from_display_module is the 2.5 way to reach the set_mode window; it warns about its future.
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.minimum_size = size
    except (AttributeError, pygame.error) as error:
        log.debug("no minimum window size: %s", error)


def default_window_size() -> tuple[int, int]:
    """A comfortable window for this screen: 85 % of the desktop at most, 16:10 if it fits."""
    try:
        desktop_w, desktop_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return (1280, 800)
    w = min(1440, int(desktop_w * 0.85))
    h = min(int(w * 10 / 16), int(desktop_h * 0.85))
    return (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))


def open_window(options: argparse.Namespace) -> pygame.Surface:
    """Initialise the display and open the game window as *options* ask (size, full screen)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)
    # Only what the first frame needs; sound starts later, on first use.
    pygame.display.init()
    pygame.freetype.init()
    pygame.display.set_caption(window_title())
    set_window_icon()
    size = getattr(options, "size", None) or default_window_size()
    flags = pygame.RESIZABLE
    if getattr(options, "fullscreen", False):
        flags = pygame.FULLSCREEN
        size = (0, 0)
    screen = pygame.display.set_mode(size, flags)
    apply_minimum_size()
    return screen


def window_title() -> str:
    """The window title in the current language."""
    return _(TITLE)


def set_window_icon() -> None:
    """Give the window (and the task bar) our app icon; a window without it still plays."""
    try:
        icon = pygame.image.load_sized_svg(str(asset(*APP_ICON)), (ICON_PX, ICON_PX))
    except (OSError, pygame.error, ValueError) as error:
        if os.environ.get(STRICT_VARIABLE) == "1":
            raise
        log.warning("no window icon: %s", error)
        return
    pygame.display.set_icon(icon)


def _origin(error: BaseException) -> str:
    """Where *error* was raised: the file and line of the innermost frame of its traceback."""
    frames = traceback.extract_tb(error.__traceback__)
    return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else ""
