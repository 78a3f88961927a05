"""The application: window, scene stack and the frame loop that sleeps when nothing moves.

Robustness: every call into a scene goes through :meth:`App.guard`, so a bug in a scene is logged
and the game goes on. Set ``DOOLHOF_STRICT=1`` (the GUI tests do) to have such errors raised.

Family safety: the game in progress is kept by a :class:`~doolhof.session.keeper.GameKeeper` (saved
after every push and walk, one step of undo for people); the parents' corner
(:class:`~doolhof.gui.parents.menu.ParentControls`) sits over the play and setup screens: the menu
opens only after a two-second hold, Escape never quits, and closing the window saves first.

Environment switches for tools: ``DOOLHOF_EXIT_AFTER_FIRST_FRAME=1`` makes :func:`run` print
``first-frame <seconds since the interpreter started>`` and leave right after the first frame
(``scripts/bench_frames.py`` measures start-up with it). ``DOOLHOF_AUTOPLAY=1`` (tests) continues
the saved game, or starts one with two computer seats, plays it ten times faster than normal and
prints ``saved <turn> <phase> <fingerprint>`` after every save (``resumed ...`` for a continued game).
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import time
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import pygame
import pygame.freetype

from doolhof.gui.kit.pointer import Pointer
from doolhof.gui.kit.scene import Scene

if TYPE_CHECKING:
    from doolhof.gui.play.scene import PlayScene

log = logging.getLogger(__name__)

FPS = 60
MIN_SIZE = (640, 480)
#: While idle, how often (milliseconds) the loop looks for new events.
IDLE_POLL_MS = 20  # a tap waits at most this long; a child cannot tell
#: Set to 1 to let exceptions inside scenes propagate (tests), instead of logging them.
STRICT_VARIABLE = "DOOLHOF_STRICT"
#: Set to 1 to leave right after the first frame has been shown (start-up benchmark).
FIRST_FRAME_VARIABLE = "DOOLHOF_EXIT_AFTER_FIRST_FRAME"
#: Set to 1 to let computers play a game fast and report every save on stdout (autosave tests).
AUTOPLAY_VARIABLE = "DOOLHOF_AUTOPLAY"

T = TypeVar("T")


class _Silent:
    """Stands in for the sound player when it cannot be created: plays nothing."""

    muted = True

    def play(self, name: str, *args: Any, **kwargs: Any) -> None:
        """Do nothing."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kwargs: None


class App:
    """Owns the window surface and the scene stack, and runs the loop."""

    def __init__(self, screen: pygame.Surface, options: argparse.Namespace | None = None) -> None:
        """Wrap an open display surface; *options* are the command-line options (may be None)."""
        self.screen = screen
        self.options = options or argparse.Namespace()
        self.scenes: list[Scene] = []
        self.pointer = Pointer()
        self.clock = pygame.time.Clock()
        self.running = True
        self.dirty = True
        self.frame_hook: Callable[[App], None] | None = None
        #: How many frames have been drawn (tests count them to check the idle loop sleeps).
        self.frames_drawn = 0
        #: How many scene errors were caught and logged (non-strict mode).
        self.errors = 0
        self.fullscreen = bool(getattr(self.options, "fullscreen", False))
        #: The parents' settings (:class:`doolhof.session.settings.Settings`): loaded by :func:`run`, else the defaults.
        #: The play scene reads ``animation_speed``, ``reduced_motion`` and ``auto_hint`` from here.
        self.settings: Any = _default_settings()
        #: Messages for the parent (a damaged file was moved aside ...); the setup screen shows and clears them.
        self.notes: list[str] = []
        #: The keeper of the game being played (autosave and undo), and the play scene it belongs to.
        self.keeper: Any = None
        self.keeper_scene: PlayScene | None = None
        # (game, undo) that resume_game hands to start_game, which keeps its two arguments (tests stand in for it).
        self._carry_undo: tuple[Any, Any] | None = None
        self._controls: Any = None
        self._windowed_size: tuple[int, int] = screen.get_size() if not self.fullscreen else (1280, 800)
        self._art: Any = None
        self._sound: Any = None

    # ----- shared services -----------------------------------------------------------------
    @property
    def art(self) -> Any:
        """The SVG art cache (created on first use)."""
        if self._art is None:
            from doolhof.gui.kit.art import Art

            self._art = Art()
        return self._art

    @property
    def sound(self) -> Any:
        """The sound player (created on first use; a silent stand-in if sound cannot start)."""
        if self._sound is None:
            try:
                from doolhof.gui.kit.sound import SoundPlayer

                volume = getattr(self.settings, "volume", 0.8)
                self._sound = SoundPlayer(volume=volume, muted=bool(getattr(self.options, "mute", False)))
            except Exception as error:  # no sound module or no audio device: play on in silence
                log.warning("sound is off: %s", error)
                self._sound = _Silent()
        return self._sound

    @property
    def controls(self) -> Any:
        """The parents' corner over the top scene (menu hold-button and undo); created on first use."""
        if self._controls is None:
            from doolhof.gui.parents.menu import ParentControls

            self._controls = ParentControls(self)
        return self._controls

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
    def scene(self) -> Scene:
        """The scene on top."""
        return self.scenes[-1]

    def push_scene(self, scene: Scene) -> None:
        """Put *scene* on top (the one below stays, paused)."""
        if self.scenes:
            self.guard(self.scene.exit)
        self.pointer.cancel()
        self.scenes.append(scene)
        self.guard(scene.resize, self.screen.get_size())
        self.guard(scene.enter)
        self.dirty = True

    def pop_scene(self) -> None:
        """Remove the top scene and return to the one below."""
        self.guard(self.scenes.pop().exit)
        self.pointer.cancel()
        if self.scenes:
            self.guard(self.scene.resize, self.screen.get_size())
            self.guard(self.scene.enter)
        self.dirty = True

    def replace_scene(self, scene: Scene) -> None:
        """Swap the top scene for *scene*."""
        if self.scenes:
            self.guard(self.scenes.pop().exit)
        self.push_scene(scene)

    def start_game(self, game: Any, table: Any) -> None:
        """Show the play scene for *game* (a fresh or continued game of *table*) in place of the top scene.

        The game is saved at once (a new game replaces the saved one) and after every push and
        walk; the parents' menu button goes into the play scene's corner; a child's first game
        starts with the tutorial over the board (:func:`~doolhof.gui.play.tutorial.offer_tutorial`).
        """
        from doolhof.gui.play.scene import PlayScene
        from doolhof.session.keeper import GameKeeper

        undo = None
        if self._carry_undo is not None and self._carry_undo[0] is game:
            undo = self._carry_undo[1]
        self._carry_undo = None
        scene = PlayScene(self, game, table)
        keeper = GameKeeper(game, table, undo, on_saved=self._on_saved)
        scene.on_action = keeper.record
        # The play scene draws the resting icon; the parents' corner layer takes the pointer there.
        scene.corner_buttons["menu"] = ("menu", lambda: None)
        # The first-game tutorial, when wanted, is an overlay of the play scene (scene.overlays).
        from doolhof.gui.play.tutorial import offer_tutorial

        offer_tutorial(self, scene)
        self.keeper, self.keeper_scene = keeper, scene
        keeper.save()
        self.replace_scene(scene)

    def resume_game(self, saved: Any) -> None:
        """Continue a :class:`doolhof.session.savegame.SavedGame`, with its undo snapshot."""
        self._carry_undo = (saved.game, saved.undo)
        self.start_game(saved.game, saved.table)
        self._carry_undo = None

    def _on_saved(self, game: Any) -> None:
        if os.environ.get(AUTOPLAY_VARIABLE) == "1":
            from doolhof.session.keeper import fingerprint

            print(f"saved {game.turn} {game.phase} {fingerprint(game)}", flush=True)

    def save_game_now(self) -> str | None:
        """Save the game being played, if one is on the scene stack and not over; a message on failure."""
        keeper = self.keeper
        if keeper is None or self.keeper_scene not in self.scenes:
            return None
        return keeper.save()

    def undo_last(self) -> bool:
        """Take back a person's last action (see :class:`~doolhof.session.keeper.GameKeeper`); False when refused."""
        keeper, scene = self.keeper, self.keeper_scene
        if keeper is None or scene is None or scene not in self.scenes or not keeper.can_undo():
            return False
        game = keeper.take_undo()
        self.guard(scene.restore, game)
        self.play_sound("turn")
        self.dirty = True
        return True

    def leave_to_setup(self) -> None:
        """Back to the setup screen from the game (and any menus over it); the game stays saved."""
        from doolhof.gui.setup.scene import SetupScene

        table = getattr(self.keeper, "table", None) or getattr(self.settings, "table", None)
        self.save_game_now()
        while len(self.scenes) > 1 and self.scenes[-1] is not self.keeper_scene:
            self.pop_scene()
        self.keeper, self.keeper_scene = None, None
        self.replace_scene(SetupScene(self, table))

    def request_quit(self) -> None:
        """Close the program on purpose (the parents' menu or the window's close button): save first."""
        problem = self.save_game_now()
        if problem:
            log.warning("%s", problem)
        self.quit()

    def remember_table(self, table: Any) -> None:
        """Keep *table* in the settings so the next setup screen starts from it (when settings are loaded)."""
        self.change_settings(table=table)

    def change_settings(self, **changes: Any) -> None:
        """Change some settings fields (e.g. ``tutorial_done=True``) and save them; a problem is logged."""
        if self.settings is None:
            return
        from doolhof.session.settings import save_settings

        self.settings = dataclasses.replace(self.settings, **changes)
        problem = save_settings(self.settings)
        if problem:
            log.warning("%s", problem)

    def apply_settings(self, settings: Any) -> str | None:
        """Use *settings* from now on: save them and apply what changed at once.

        Language from the next frame (:func:`doolhof.i18n.set_language`), sound and volume on the
        sound player, full screen on the window. Animation speed, reduced motion and automatic
        hints are only stored on :attr:`settings` for the play scene to read. Returns a message for
        the parent when the file could not be written (the settings still apply).
        """
        from doolhof.i18n import set_language
        from doolhof.session.settings import save_settings

        old = self.settings
        self.settings = settings
        if old is None or old.language != settings.language:
            set_language(settings.language)
        if old is None or old.sound != settings.sound or old.volume != settings.volume:
            try:
                self.sound.set_muted(not settings.sound)
                self.sound.set_volume(settings.volume)
            except Exception as error:  # the sound player is a comfort; settings still apply
                log.warning("cannot apply the sound settings: %s", error)
        if bool(settings.fullscreen) != self.fullscreen:
            self.toggle_fullscreen()  # saves the settings with the state it reached
        problem = save_settings(self.settings)
        if problem:
            log.warning("%s", problem)
        self.dirty = True
        return problem

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

    def guard(self, call: Callable[..., T], *args: Any) -> T | None:
        """Run a scene callback; log an unexpected error instead of crashing (raise it when strict)."""
        try:
            return call(*args)
        except Exception:
            if os.environ.get(STRICT_VARIABLE) == "1":
                raise
            self.errors += 1
            log.exception("a scene failed in %s; carrying on", getattr(call, "__qualname__", call))
            self.dirty = True
            return None

    # ----- the window ----------------------------------------------------------------------
    def toggle_fullscreen(self) -> None:
        """Switch between full screen (desktop size) and the last window size (F11)."""
        if self.fullscreen:
            size, flags = self._windowed_size, pygame.RESIZABLE
        else:
            self._windowed_size = self.screen.get_size()
            size, flags = (0, 0), pygame.FULLSCREEN
        try:
            self.screen = pygame.display.set_mode(size, flags)
        except pygame.error as error:
            log.warning("cannot switch full screen: %s", error)
            return
        self.fullscreen = not self.fullscreen
        apply_minimum_size()
        self.change_settings(fullscreen=self.fullscreen)
        self._relayout()

    def _relayout(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        size = self.screen.get_size()
        for scene in self.scenes:
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
        if not self.scenes:
            return
        pointer_event = self.pointer.translate(event)
        if pointer_event is not None:
            if not self.guard(self.controls.handle_pointer, pointer_event):
                self.guard(self.scene.handle_pointer, pointer_event)
            self.dirty = True
        elif event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.guard(self.scene.handle_event, event)
            if event.type in (pygame.KEYDOWN, pygame.MOUSEWHEEL):
                self.dirty = True

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: dispatch *events*, update by *dt* seconds, draw if needed."""
        for event in events:
            self.dispatch(event)
            if not self.running or not self.scenes:
                return
        scene = self.scene
        self.guard(scene.update, dt)
        self.guard(self.controls.update, dt)
        if not self.running or not self.scenes:
            return
        scene = self.scene  # update may have changed scenes (a game that just ended, the menu opened)
        if self.dirty or self.guard(scene.busy) or self.guard(self.controls.busy):
            self.dirty = False
            self.guard(scene.draw, self.screen)
            self.guard(self.controls.draw, self.screen)
            pygame.display.flip()
            self.frames_drawn += 1
        if self.frame_hook is not None:
            self.frame_hook(self)

    def is_idle(self) -> bool:
        """True when nothing needs drawing: the loop may sleep until the next event."""
        return not self.dirty and not self.guard(self.scene.busy) and not self.guard(self.controls.busy)

    def run(self) -> None:
        """Run until :meth:`quit`: frame-rate while busy, asleep on events otherwise."""
        while self.running and self.scenes:
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
    # Only what the first frame needs; sound starts later, on first use.
    pygame.display.init()
    pygame.freetype.init()
    pygame.display.set_caption("Doolhof")
    size = getattr(options, "size", None) or default_window_size()
    flags = pygame.RESIZABLE
    if getattr(options, "fullscreen", False):
        flags = pygame.FULLSCREEN
        size = (0, 0)
    screen = pygame.display.set_mode(size, flags)
    apply_minimum_size()
    return screen


def settings_shown(settings: Any, options: argparse.Namespace) -> Any:
    """*settings* with this session's command-line choices (``--lang``, ``--mute``, ``--fullscreen``)
    filled in, so the settings screen shows what is really in effect. Kept in memory; the file
    changes only when a parent changes a setting."""
    return dataclasses.replace(
        settings,
        language=getattr(options, "lang", None) or settings.language,
        sound=settings.sound and not getattr(options, "mute", False),
        fullscreen=settings.fullscreen or bool(getattr(options, "fullscreen", False)),
    )


def run(options: argparse.Namespace) -> int:
    """Open the window and play until the window is closed; returns the exit status.

    The parents' settings fill in what the command line leaves open (language, full screen,
    sound) and pre-fill the setup screen with the last table.
    """
    settings, settings_message = _load_settings()
    if settings is not None:
        options.lang = getattr(options, "lang", None) or settings.language
        options.fullscreen = bool(getattr(options, "fullscreen", False) or settings.fullscreen)
        options.mute = bool(getattr(options, "mute", False) or not settings.sound)
    from doolhof.i18n import set_language

    set_language(getattr(options, "lang", None))
    screen = open_window(options)
    app = App(screen, options)
    if settings is not None:
        app.settings = settings_shown(settings, options)
    if settings_message:
        app.notes.append(settings_message)
    if getattr(options, "fullscreen", False):
        app._windowed_size = default_window_size()
    from doolhof.gui.setup.scene import SetupScene

    app.push_scene(SetupScene(app, settings.table if settings is not None else None))
    if os.environ.get(AUTOPLAY_VARIABLE) == "1":
        _start_autoplay(app)
    if os.environ.get(FIRST_FRAME_VARIABLE) == "1":
        app.step([], 0.0)
        print(f"first-frame {time.perf_counter() - _process_start():.4f}", flush=True)
        pygame.quit()
        return 0
    try:
        app.run()
    finally:
        pygame.quit()
    return 0


def _load_settings() -> tuple[Any, str | None]:
    """The saved settings (None when they cannot be read at all) and a message for the parent, if any."""
    try:
        from doolhof.session.settings import load_settings

        result = load_settings()
    except Exception as error:  # settings are a comfort: never let them stop the game
        log.warning("settings not loaded: %s", error)
        return None, None
    if result.message:
        log.warning("%s", result.message)
    return result.settings, result.message


def _default_settings() -> Any:
    """The default settings, or None if the settings module cannot be used."""
    try:
        from doolhof.session.settings import Settings

        return Settings()
    except Exception as error:  # never let a settings problem stop the game
        log.warning("no settings: %s", error)
        return None


def _start_autoplay(app: App) -> None:
    """Test hook (``DOOLHOF_AUTOPLAY=1``): continue the saved game or start a computers-only one, fast."""
    from doolhof.session.keeper import fingerprint
    from doolhof.session.seats import SeatConfig, TableSetup

    setup = app.scene
    saved = getattr(setup, "saved_game", None)
    if saved is not None:
        print(f"resumed {saved.game.turn} {saved.game.phase} {fingerprint(saved.game)}", flush=True)
        app.resume_game(saved)
    else:
        table = TableSetup("junior", (SeatConfig("computer", "gentle"), SeatConfig("computer", "gentle")))
        print("new", flush=True)
        app.start_game(table.new_game(app.next_seed()), table)

    def fast_forward(app: App) -> None:
        # Nine extra tenth-seconds per frame: the game runs about ten times faster than normal.
        for _ in range(9):
            if app.scenes:
                app.guard(app.scene.update, 0.1)

    app.frame_hook = fast_forward


def _process_start() -> float:
    """The ``time.perf_counter`` value when this process started (Linux), else when Python got here."""
    try:
        with open("/proc/self/stat", encoding="ascii") as handle:
            start_ticks = int(handle.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime", encoding="ascii") as handle:
            uptime = float(handle.read().split()[0])
        age = uptime - start_ticks / os.sysconf("SC_CLK_TCK")
        return time.perf_counter() - max(0.0, age)
    except (OSError, ValueError, IndexError, AttributeError):
        return _IMPORTED_AT


_IMPORTED_AT = time.perf_counter()
