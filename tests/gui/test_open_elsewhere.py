"""A waiting online game another Doolhof window on this computer plays is not opened a second time.

The other window is another process holding the room (``doolhof.online.store.RoomHold``, an operating-system
lock in the online memory), as a second copy of the program would. Continuing the game here then shows the
parent a plain message and the child a picture of two windows with that game in the front one; nothing
connects, and OK goes back to the setup screen. Once the other window is gone, the same tap plays.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from doolhof.gui.parents.notice import NoticeScene
from doolhof.gui.screens import MSG_OPEN_ELSEWHERE
from doolhof.gui.setup.scene import SetupScene
from doolhof.i18n import _
from doolhof.online import store
from doolhof.online.room import started_here
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import center, run, tap_by

SIZES = [(1280, 800), (800, 600), (800, 1280)]
#: Nothing listens there: a game opened here tries the relay quietly and never reaches anyone.
NOWHERE = "127.0.0.1:1"


@pytest.fixture
def other_window() -> Iterator[Any]:
    """Starts another program that holds a room (by its client id) until it is killed (or the test ends)."""
    started: list[subprocess.Popen[str]] = []

    def hold(client_id: str) -> subprocess.Popen[str]:
        program = subprocess.Popen(
            [sys.executable, "-c", "import time; from doolhof.online.store import RoomHold; "
             f"print(RoomHold({client_id!r}).take(), flush=True); time.sleep(60)"],
            stdout=subprocess.PIPE, text=True, env=dict(os.environ))
        started.append(program)
        assert program.stdout is not None and program.stdout.readline().strip() == "True"
        return program

    yield hold
    for program in started:
        program.kill()
        program.wait()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by_finger", [False, True])
def test_a_game_open_in_another_window_is_said_and_not_opened(make_app: Any, other_window: Any,
                                                               size: tuple[int, int], by_finger: bool) -> None:
    host, _far = started_here(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}), "relsewhere01")
    assert store.save_room(host.to_dict())
    holder = other_window(host.client_id)
    app = make_app(size)
    app.change_settings(online=True, relay=NOWHERE)
    app.push_scene(SetupScene(app))
    run(app)
    setup = app.scene
    assert setup.offered_online() is not None and setup.continue_button.visible
    tap_by(app, center(setup.continue_button.rect), by_finger)
    notice = app.scene
    assert isinstance(notice, NoticeScene), "the game is not opened a second time"
    assert app.screens.online is None, "nothing connects for that room"
    assert notice.message() == _(MSG_OPEN_ELSEWHERE)
    card, picture, text, ok = notice.card, notice.picture_rect, notice.text_rect, notice.close_button.rect
    assert card.contains(picture) and card.contains(text) and card.contains(ok)
    assert min(picture.size) >= min(size) // 8, "a picture a child sees"
    assert not picture.colliderect(text) and not text.colliderect(ok) and not picture.colliderect(ok)
    app.request_redraw()
    app.step([], 0.0)
    colours = {tuple(app.screen.get_at((x, y))) for x in range(picture.x, picture.right, 7)
               for y in range(picture.y, picture.bottom, 7)}
    assert len(colours) > 8, "the picture is drawn"
    tap_by(app, center(ok), by_finger)
    assert app.scene is setup and setup.continue_button.visible, "back, the game still offered"
    # the other window is closed: the same tap plays it here
    holder.kill()
    holder.wait()
    run(app, 0.6)
    tap_by(app, center(setup.continue_button.rect), by_finger)
    assert app.screens.online is not None and not isinstance(app.scene, NoticeScene)
    assert not app.screens.online.room.held_elsewhere
    app.screens.close_online()
