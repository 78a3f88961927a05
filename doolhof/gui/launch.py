"""Starting the game: an :class:`~doolhof.gui.app.App` with its screens, and the ``doolhof play`` window.

Only one copy of the game plays at a time: :func:`run` first takes the lock on the data folder
(:class:`~doolhof.session.lock.FolderLock`, which the operating system drops when the program ends,
even after a crash or ``kill -9``). A second copy reads and writes no file: it says, in the
parent's language, that Doolhof is already open (in a window, and on stderr) and ends with exit
status 1 once the parent presses OK.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import sys

import pygame

from doolhof.gui import devhooks
from doolhof.gui.app import App, default_window_size, open_window
from doolhof.gui.screens import ScreenBuilder
from doolhof.gui.setup.scene import SetupScene
from doolhof.i18n import N_, _, set_language
from doolhof.session import paths
from doolhof.session.lock import MSG_ALREADY_OPEN, FolderLock
from doolhof.session.logfile import start_log
from doolhof.session.settings import Settings, load_settings, peek_language

log = logging.getLogger(__name__)


def build_app(screen: pygame.Surface, options: argparse.Namespace | None = None) -> App:
    """An app on *screen* with every screen it can show and the parents' corner over them."""
    app = App(screen, options)
    screens = ScreenBuilder(app)
    app.screens = screens
    app.controls = screens.parent_controls()
    return app


def settings_shown(settings: Settings, options: argparse.Namespace) -> Settings:
    """*settings* with this session's command-line choices (``--lang``, ``--mute``, ``--fullscreen``)
    filled in, so the settings screen shows what is really in effect. Kept in memory; the file
    changes only when a parent changes a setting."""
    return dataclasses.replace(
        settings,
        language=getattr(options, "lang", None) or settings.language,
        sound=settings.sound and not getattr(options, "mute", False),
        fullscreen=settings.fullscreen or bool(getattr(options, "fullscreen", False)),
    )


#: Said (on stderr, in the parent's language) when there is no screen to open the window on.
MSG_NO_DISPLAY = N_("Doolhof cannot open its window: there is no screen to show it on. Start Doolhof from the"
                    " desktop of the computer (not over a remote connection), or wait until the desktop is ready.")
#: SDL's video drivers that draw into memory only: chosen on purpose (tests, pictures), never by themselves.
MEMORY_DRIVERS = ("offscreen", "dummy")


def display_problem() -> str | None:
    """Why no window can be shown (SDL has no display, or fell back to drawing into memory), or None.

    ``SDL_VIDEODRIVER=dummy`` (the tests, ``doolhof screenshot``) asks for the memory driver on
    purpose; only a fallback SDL chose by itself is a problem.
    """
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as error:
        return f"SDL: {error}"
    asked = [name.strip() for name in os.environ.get("SDL_VIDEODRIVER", "").split(",")]
    if driver in MEMORY_DRIVERS and driver not in asked:
        return f"SDL fell back to its {driver} video driver"
    return None


def run(options: argparse.Namespace) -> int:
    """Open the window and play until the window is closed; returns the exit status.

    The parents' settings fill in what the command line leaves open (language, full screen,
    sound) and pre-fill the setup screen with the last table. When Doolhof is already open, this
    copy only says so (see the module notes) and returns 1. Without a screen to show the window
    on, it says so (:data:`MSG_NO_DISPLAY`) and returns 1 instead of running unseen.
    """
    problem = display_problem()
    if problem is not None:
        start_log()
        set_language(getattr(options, "lang", None) or peek_language())
        log.error("no display to open a window on (%s); not starting", problem)
        print(f"doolhof: {_(MSG_NO_DISPLAY)}", file=sys.stderr, flush=True)
        return 1
    lock = FolderLock(paths.data_dir())
    try:
        ours = lock.acquire()
    except OSError as error:  # no lock possible (the folder cannot be written): play on, saving will say more
        log.warning("cannot lock the data folder %s: %s", lock.path.parent, error)
        ours = True
    try:
        return _play(options) if ours else _already_open(options)
    finally:
        lock.release()


def _play(options: argparse.Namespace) -> int:
    """The game itself: the log, settings, window, setup screen, loop (a second copy writes no log)."""
    start_log()
    settings, settings_message = _load_settings()
    if settings is not None:
        options.lang = getattr(options, "lang", None) or settings.language
        options.fullscreen = bool(getattr(options, "fullscreen", False) or settings.fullscreen)
        options.mute = bool(getattr(options, "mute", False) or not settings.sound)
    set_language(getattr(options, "lang", None))
    screen = open_window(options)
    app = build_app(screen, options)
    if settings is not None:
        app.settings = settings_shown(settings, options)
    if settings_message:
        app.notes.append(settings_message)
    if getattr(options, "fullscreen", False):
        app.windowed_size = default_window_size()
    app.screens.show_setup()  # the setup screen as it was left (its remembered choices)
    devhooks.install(app)
    if devhooks.exit_after_first_frame():
        app.step([], 0.0)
        devhooks.report_first_frame()
        app.session.close()
        pygame.quit()
        return 0
    try:
        app.run()
    finally:
        for scene in list(app.scenes):
            if isinstance(scene, SetupScene):  # the window closed on the setup screen: its choices are kept
                app.guard(scene.remember)
        close_online = getattr(app.screens, "close_online", None)
        if close_online is not None:
            close_online()  # the far computer hears at once that this one went (not 3 s later)
        app.session.close()  # every save handed to the writer reaches the disk before the program ends
        pygame.quit()
    return 0


def _already_open(options: argparse.Namespace) -> int:
    """Another copy holds the lock: say so in the parent's language, touch no file, return 1."""
    set_language(getattr(options, "lang", None) or peek_language())
    message = _(MSG_ALREADY_OPEN)
    log.warning("another copy of Doolhof holds the lock %s; not starting", paths.data_dir())
    print(f"doolhof: {message}", file=sys.stderr, flush=True)
    screen = open_window(options)
    app = build_app(screen, options)
    app.read_only = True
    app.push_scene(ScreenBuilder(app).notice_scene(lambda: _(MSG_ALREADY_OPEN)))
    try:
        if devhooks.exit_after_first_frame():
            app.step([], 0.0)
        else:
            app.run()
    finally:
        pygame.quit()
    return 1


def _load_settings() -> tuple[Settings | None, str | None]:
    """The saved settings (None when they cannot be read at all) and a message for the parent, if any."""
    try:
        result = load_settings()
    except Exception as error:  # settings are a comfort: never let them stop the game
        log.warning("settings not loaded: %s", error)
        return None, None
    if result.message:
        log.warning("%s", result.message)
    return result.settings, result.message
