"""Development hooks, switched on by environment variables (tests and benchmarks use them).

``DOOLHOF_EXIT_AFTER_FIRST_FRAME=1`` makes ``doolhof play`` print ``first-frame <seconds since the
interpreter started>`` and leave right after the first frame (``scripts/bench_frames.py``
measures start-up with it). ``DOOLHOF_AUTOPLAY=1`` (tests) continues the saved game, or starts one
with two computer seats, plays it ten times faster than normal and prints
``saved <turn> <phase> <fingerprint>`` after every save (``resumed ...`` for a continued game).
"""

from __future__ import annotations

import os
import time

from doolhof.gui.app import App
from doolhof.session.games import AnyGame
from doolhof.session.keeper import fingerprint
from doolhof.session.seats import SeatConfig, TableSetup

#: Set to 1 to leave right after the first frame has been shown (start-up benchmark).
FIRST_FRAME_VARIABLE = "DOOLHOF_EXIT_AFTER_FIRST_FRAME"
#: Set to 1 to let computers play a game fast and report every save on stdout (autosave tests).
AUTOPLAY_VARIABLE = "DOOLHOF_AUTOPLAY"


def exit_after_first_frame() -> bool:
    """True when the program should leave right after its first frame."""
    return os.environ.get(FIRST_FRAME_VARIABLE) == "1"


def report_first_frame() -> None:
    """Print how long the process took to its first frame."""
    print(f"first-frame {time.perf_counter() - _process_start():.4f}", flush=True)


def install(app: App) -> None:
    """Switch on the hooks the environment asks for, on *app* showing the setup screen."""
    if os.environ.get(AUTOPLAY_VARIABLE) == "1":
        _start_autoplay(app)


def _print_saved(game: AnyGame) -> None:
    print(f"saved {game.turn} {game.phase} {fingerprint(game)}", flush=True)


def _start_autoplay(app: App) -> None:
    """Continue the saved game or start a computers-only one, and play it ten times faster than normal."""
    app.session.on_saved = _print_saved
    saved = getattr(app.scene, "saved_game", None)
    if saved is not None:
        print(f"resumed {saved.game.turn} {saved.game.phase} {fingerprint(saved.game)}", flush=True)
        app.screens.resume_game(saved)
    else:
        table = TableSetup("junior", (SeatConfig("computer", "gentle"), SeatConfig("computer", "gentle")))
        print("new", flush=True)
        app.screens.start_game(table.new_game(app.next_seed()), table)

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
