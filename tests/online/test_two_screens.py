"""Two whole apps, one per home, play through a real loopback Mosquitto, by taps as a family would.

Each app is a real :class:`~doolhof.gui.app.App` on the dummy display with its own play screen; they
share nothing but the relay. The rooms are paired by a picture code (``open_rooms``), then each side's
play screen follows its room (:meth:`ScreenBuilder.start_online <doolhof.gui.screens.ScreenBuilder.start_online>`).
The host taps with the mouse, the far side with a finger.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DOOLHOF_STRICT", "1")

import pygame

from doolhof.gui.launch import build_app
from doolhof.gui.parents.menu import ParentMenuScene
from doolhof.gui.play.computer import make_computer
from doolhof.online import store
from doolhof.online.trouble import Trouble
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from tests.gui.cards.helpers import cell_point, hold_done, lay_by_taps, point
from tests.gui.helpers import FRAME, center, finger, mouse
from tests.online.raw import RawClient
from tests.online.test_online_games import open_rooms

#: Wall-clock seconds any one wait may take before the test fails (a healthy move takes well under one).
WAIT = 20.0


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))


@pytest.fixture
def two_apps() -> Iterator[Callable[[], tuple[Any, Any]]]:
    """A factory of two apps on one dummy display (the host's and the far side's), online turned on."""
    pygame.init()
    made: list[Any] = []

    def factory() -> tuple[Any, Any]:
        screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
        apps = []
        for _ in range(2):
            app = build_app(screen, argparse.Namespace(mute=True, size=(1280, 800), fullscreen=False, lang="en"))
            app.settings = replace(app.settings, tutorial_done=True, cards_tutorial_done=True, online=True,
                                   auto_hint=False)
            app.screens.show_setup()
            apps.append(app)
        made.extend(apps)
        return apps[0], apps[1]

    yield factory
    for app in made:
        online = app.screens.online
        if online is not None:
            online.stop()
        for scene in list(app.scenes):  # a setup screen listening (remembered computers, ended rooms) stops
            notice = getattr(scene, "invitations", None)
            if notice is not None:
                links = list(notice._links)
                notice.stop()
                for link in links:
                    link.stop()
    pygame.quit()


def pump(apps: tuple[Any, ...], done: Callable[[], bool], wait: float = WAIT) -> None:
    """Step every app frame by frame (letting the network threads run) until *done*; fail after *wait* s."""
    deadline = time.monotonic() + wait
    while not done():
        assert time.monotonic() < deadline, "the two screens never got there"
        for app in apps:
            app.step([], FRAME)
        time.sleep(0.001)


def resting(app: Any) -> bool:
    """True when the app's play screen shows its game at rest (nothing moving, no far move waiting, every move of
    its room on screen and none of its own still on the way into the room)."""
    scene = app.scene
    online_game = getattr(scene, "online_game", None)
    timeline = getattr(scene, "timeline", None)
    return (timeline is None or not timeline.busy()) and (online_game is None or (
        online_game.waiting_moves() == 0 and not online_game.room.busy
        and online_game.applied == online_game.room.view.entries))


def press(app: Any, pos: tuple[int, int], by_finger: bool) -> None:
    """A tap at *pos*: the host's mouse or the far side's finger."""
    if by_finger:
        app.step([finger("down", app, pos)], FRAME)
        app.step([finger("up", app, pos)], FRAME)
    else:
        app.step([mouse("move", pos), mouse("down", pos)], FRAME)
        app.step([mouse("up", pos)], FRAME)


def start_both(host_app: Any, far_app: Any, relay: Any, table: TableSetup, far_relay: Any = None) -> tuple[Any, Any]:
    """Pair by a picture code, start the room and give each app its play screen (the far side through
    *far_relay*, e.g. a proxy that can cut its connection, when given)."""
    host, guest = open_rooms(table, frozenset({1}), [relay.address], [(far_relay or relay).address])
    host_app.screens.start_online(host)
    far_app.screens.start_online(guest)
    pump((host_app, far_app), lambda: resting(host_app) and resting(far_app))
    return host_app.scene, far_app.scene


def maze_turn(app: Any, others: tuple[Any, ...]) -> None:
    """The person at *app* plays a clever move by taps: turns the sliding card by tapping it, taps the arrow,
    then taps the cell to walk to (its own cell to stay)."""
    scene = app.scene
    by_finger = app is not others[0]
    game = scene.game
    turn = game.turn
    player = make_computer("clever", seed=game.turn)
    push = player.choose_push(game.copy())
    while scene.rotation % 4 != push.rotation:
        press(app, center(scene.spare_rect()), by_finger)
    press(app, center(scene.arrow_rect(push.side, push.index)), by_finger)
    assert scene.game.phase == "walk", "the tap on an open arrow pushed"
    pump(others, lambda: not scene.timeline.busy())
    cell = player.choose_walk(scene.game.copy())
    press(app, center(scene.cell_rect(cell)), by_finger)
    assert scene.game.turn == turn + 1 or scene.game.is_over(), "the tap walked"


def test_a_maze_game_by_taps_on_two_screens_to_the_same_end(relay: Any, two_apps: Any) -> None:
    host_app, far_app = two_apps()
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
    host_scene, far_scene = start_both(host_app, far_app, relay, table)
    onlines = host_app.screens.online, far_app.screens.online
    both = (host_app, far_app)
    assert host_scene.is_far(1) and not host_scene.is_far(0)
    assert far_scene.is_far(0) and not far_scene.is_far(1)
    seen_far_push = False
    for _ in range(200):
        if host_scene.game.is_over() and far_scene.game.is_over():
            break
        mover = host_scene.game.current_player
        app, other = (host_app, far_app) if mover == 0 else (far_app, host_app)
        # Only the side whose seat moves may act; the other screen refuses input and shows no arrows lit.
        assert app.scene.accepting() and not other.scene.accepting()
        before = other.scene.game.turn
        maze_turn(app, both)
        # The far screen plays the same move through its animation path (a glide, never a jump).
        pump(both, lambda o=other, b=before: o.scene.timeline.busy() or o.scene.game.turn > b or o.scene.game.is_over())
        seen_far_push = seen_far_push or other.scene.timeline.busy()
        pump(both, lambda: resting(host_app) and resting(far_app))
        assert host_scene.game.to_dict() == far_scene.game.to_dict()
    assert host_scene.game.is_over() and far_scene.game.is_over()
    assert seen_far_push, "the far side's moves animated"
    # Both screens go on to the same end screen; the room is cleared from the relay afterwards.
    host_far = host_scene.online_game
    pump(both, lambda: type(host_app.scene).__name__ == "EndScene" and type(far_app.scene).__name__ == "EndScene")
    assert host_app.scene.winners == far_app.scene.winners
    assert not host_app.scene.again_button.visible  # "again" would start a game on one computer only
    for online in onlines:
        online.join_closing()
    late = RawClient(relay.host, relay.port, host_far.room.room.room_id).start()
    late.subscribe(host_far.room.room.base + "/#")
    late.barrier()
    assert [m for m in late.messages if m.retain and m.payload] == []  # nothing of the game stays on the relay
    late.stop()
    assert store.waiting_rooms() == []  # nor on this computer
    # "New setup" on the host brings back the seat that was far away, ready to invite again; the far side's
    # setup marks nothing (its host was the far one).
    assert host_app.scene.far_seats == frozenset({1}) and far_app.scene.far_seats == frozenset()
    press(host_app, center(host_app.scene.setup_button.rect), False)
    assert type(host_app.scene).__name__ == "SetupScene" and host_app.scene.marked_far == {1}


def test_the_far_side_away_and_back_mid_game(relay: Any, proxy: Any, two_apps: Any) -> None:
    host_app, far_app = two_apps()
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
    host_scene, far_scene = start_both(host_app, far_app, relay, table, far_relay=proxy)
    both = (host_app, far_app)
    maze_turn(host_app, both)
    pump(both, lambda: resting(host_app) and resting(far_app) and far_scene.game.turn == 1)
    # The far computer's network goes: the relay's last will says "away" (after 3 s), the sign shows on
    # both sides (there: no connection to the relay), the far figure fades; nobody is thrown out.
    proxy.cut()
    host_sign = next(o for o in host_scene.overlays if type(o).__name__ == "FarSign")
    far_sign = next(o for o in far_scene.overlays if type(o).__name__ == "FarSign")
    pump(both, lambda: host_sign.shown >= 1.0 and far_sign.shown >= 1.0)
    assert host_sign.reason() is Trouble.AWAY and far_sign.reason() is Trouble.LOST
    assert host_scene.far_pose(1)[1] < 255 and far_scene.far_pose(0)[1] < 255
    assert not host_scene.accepting()  # it is their turn: the host waits
    assert type(host_app.scene).__name__ == "PlayScene" and type(far_app.scene).__name__ == "PlayScene"
    # The network comes back (paho reconnects by itself): the game goes on where it was.
    proxy.heal()
    pump(both, lambda: host_sign.shown == 0.0 and far_sign.shown == 0.0, wait=40.0)
    maze_turn(far_app, both)
    pump(both, lambda: resting(host_app) and resting(far_app) and host_scene.game.turn == 2)
    assert host_scene.game.to_dict() == far_scene.game.to_dict()


def test_leaving_keeps_the_online_game_waiting_and_undo_is_off(relay: Any, two_apps: Any) -> None:
    host_app, far_app = two_apps()
    far_app.screens.keep_room = lambda data: None  # the far computer's memory is its own (not this folder)
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
    _, far_scene = start_both(host_app, far_app, relay, table)
    both = (host_app, far_app)
    maze_turn(host_app, both)
    pump(both, lambda: resting(host_app) and resting(far_app))
    assert not host_app.session.can_undo() and host_app.controls.undo_offered() is False
    assert host_app.screens.game_on_top()
    kept = store.waiting_rooms()
    assert kept and len(kept[0]["entries"]) == 2  # the push and the walk, kept on this computer
    host_app.settings = replace(host_app.settings, relay=relay.address)
    host_app.screens.leave_to_setup()
    setup = host_app.scene
    assert type(setup).__name__ == "SetupScene" and host_app.screens.online is None
    pump((far_app,), lambda: far_scene.online_game.away)
    # The game waits on the setup screen: the big Continue offers it, its picture with the far figure; a tap
    # continues it.
    assert setup.offered_online() is not None and setup.offered()[1] == 1
    assert setup.continue_button.visible and setup.continue_button.rect.width >= 48
    assert not any(button.visible for button in setup.online_game_buttons), "offered once, on the big button"
    press(host_app, center(setup.continue_button.rect), by_finger=True)
    back = host_app.scene
    assert type(back).__name__ == "PlayScene" and back.game.to_dict() == far_scene.game.to_dict()
    pump(both, lambda: not far_scene.online_game.away and not back.online_game.away)


def test_a_card_game_by_taps_on_two_screens(relay: Any, two_apps: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="doolhof.online.follow")
    host_app, far_app = two_apps()
    table = TableSetup(CARDS, (SeatConfig(), SeatConfig()))
    host_scene, far_scene = start_both(host_app, far_app, relay, table)
    onlines = host_app.screens.online, far_app.screens.online
    both = (host_app, far_app)
    assert far_scene.face_down(0) and not far_scene.face_down(1)  # each screen shows only its own hand
    assert host_scene.face_down(1) and not host_scene.face_down(0)
    for _ in range(400):
        if host_scene.game.is_over():
            break
        mover = host_scene.game.current_player
        app = host_app if mover == 0 else far_app
        scene = app.scene
        assert scene.accepting() and not (far_app if app is host_app else host_app).scene.accepting()
        lay_by_taps(app, scene, scene.legal_now()[0])
        pump(both, lambda s=scene: not s.timeline.busy())
        if scene.game.phase == "take" and not scene.game.is_over():
            watching = (far_app if app is host_app else host_app).scene  # the other screen, while this one takes
            pump(both, lambda w=watching, s=scene: w.far_choosing() and w.far_takeable() == s.game.takeable())
            assert watching.painter.table_look(None).pulse == scene.game.takeable(), "it sees what may be taken"
            takeable = sorted(scene.game.takeable())
            if takeable and scene.game.can_take({takeable[0]}):
                press(app, cell_point(scene, takeable[0]), app is far_app)
                press(app, point(scene.layout.take), app is far_app)
            else:
                hold_done(app, scene, touch=app is far_app)
        pump(both, lambda: resting(host_app) and resting(far_app))
        assert host_scene.game.to_dict() == far_scene.game.to_dict()
    assert host_scene.game.is_over() and far_scene.game.is_over()
    pump(both, lambda: all(type(app.scene).__name__ == "CardEndScene" for app in both))
    for online, online_game in zip(onlines, (host_scene.online_game, far_scene.online_game), strict=True):
        online.join_closing()
        online_game.poll()  # what the room said as it closed
        assert online_game.trouble is None
    assert not [r for r in caplog.records if "relay was lost" in r.getMessage()], "a normal end is no lost relay"


def test_the_parents_menu_says_what_the_trouble_is(relay: Any, two_apps: Any) -> None:
    host_app, far_app = two_apps()
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
    host_scene, _ = start_both(host_app, far_app, relay, table)
    host_scene.online_game.trouble = Trouble.LOST
    menu = ParentMenuScene(host_app, from_game=True)
    assert any("relay" in line for line in menu.note())


def test_the_relay_going_away_mid_game_and_coming_back(relay: Any, two_apps: Any) -> None:
    host_app, far_app = two_apps()
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
    host_scene, far_scene = start_both(host_app, far_app, relay, table)
    both = (host_app, far_app)
    maze_turn(host_app, both)
    pump(both, lambda: resting(host_app) and resting(far_app) and far_scene.game.turn == 1)
    relay.stop()
    pump(both, lambda: host_scene.online_game.trouble is Trouble.LOST and far_scene.online_game.trouble is Trouble.LOST)
    note = ParentMenuScene(host_app, from_game=True).note()
    assert any("relay cannot be reached" in line for line in note)  # said plainly to the parent, no traceback
    relay.restart()  # nothing kept: the two computers restore the room on it
    pump(both, lambda: host_scene.online_game.trouble is None and far_scene.online_game.trouble is None, wait=40.0)
    maze_turn(far_app, both)
    pump(both, lambda: resting(host_app) and resting(far_app) and host_scene.game.turn == 2)
    assert host_scene.game.to_dict() == far_scene.game.to_dict()


def test_a_window_closed_mid_game_opens_on_the_same_game(relay: Any, two_apps: Any) -> None:
    host_app, far_app = two_apps()
    far_app.screens.keep_room = lambda data: None  # the far computer's memory is its own (not this folder)
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
    _, far_scene = start_both(host_app, far_app, relay, table)
    both = (host_app, far_app)
    maze_turn(host_app, both)
    pump(both, lambda: resting(host_app) and resting(far_app) and far_scene.game.turn == 1)
    # The host's window closes (as launch does at the end); the far side sees them away.
    host_app.screens.close_online()
    pump((far_app,), lambda: far_scene.online_game.away)
    # Meanwhile the far side plays its turn; its move waits on the relay.
    maze_turn(far_app, (far_app,))
    pump((far_app,), lambda: resting(far_app))
    # The host starts Doolhof again: the kept game comes back, with the far side's move.
    kept = store.waiting_rooms()
    assert len(kept) == 1
    again = build_app(host_app.screen, argparse.Namespace(mute=True, size=(1280, 800), fullscreen=False, lang="en"))
    again.settings = replace(again.settings, online=True, relay=relay.address, auto_hint=False)
    again.screens.show_setup()
    assert again.screens.resume_online(kept[0])
    back = again.scene
    pump((again, far_app), lambda: back.game.turn == 2 and resting(again) and not far_scene.online_game.away)
    assert back.game.to_dict() == far_scene.game.to_dict()
    assert back.accepting()  # the host's turn again, where it was
    again.screens.online.room.stop()


def test_a_screen_out_of_step_takes_the_checked_game_again(relay: Any, two_apps: Any) -> None:
    host_app, far_app = two_apps()
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
    host_scene, far_scene = start_both(host_app, far_app, relay, table)
    both = (host_app, far_app)
    # Something went wrong on the far screen: its copy of the game moved on without the room.
    wrong = far_scene.game.copy()
    wrong.push(wrong.legal_pushes()[-1])
    far_scene.restore(wrong)
    maze_turn(host_app, both)
    pump(both, lambda: resting(host_app) and resting(far_app) and far_scene.game.turn == 1)
    assert far_scene.game.to_dict() == host_scene.game.to_dict()  # mended from the room's checked game


def test_own_secrets_of_the_far_side_stay_face_down(relay: Any, two_apps: Any) -> None:
    host_app, far_app = two_apps()
    table = TableSetup("junior-own", (SeatConfig(), SeatConfig()), secrets=4)
    host_scene, far_scene = start_both(host_app, far_app, relay, table)
    assert not host_scene.painter.secret_hidden()  # seat 0's own turn on the host's screen: shown
    assert far_scene.painter.secret_hidden()  # the far screen sees seat 0's secret face down
    assert far_scene.shown.own_piles and far_scene.hint is None and not far_scene.hint_available()


def test_a_waiting_game_stays_on_its_relay_when_the_parents_change_the_relay(relays: Any, two_apps: Any) -> None:
    relay, other = relays
    host_app, far_app = two_apps()
    far_app.screens.keep_room = lambda data: None  # the far computer's memory is its own (not this folder)
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
    _, far_scene = start_both(host_app, far_app, relay, table)
    both = (host_app, far_app)
    maze_turn(host_app, both)
    pump(both, lambda: resting(host_app) and resting(far_app) and far_scene.game.turn == 1)
    host_app.screens.close_online()
    pump((far_app,), lambda: far_scene.online_game.away)
    maze_turn(far_app, (far_app,))
    pump((far_app,), lambda: resting(far_app))
    # The host's parents now use another relay (a new release's list, or one they typed): the waiting game
    # still goes to the relay it started on, where the far side's move waits.
    kept = store.waiting_rooms()
    assert store.relay_of(kept[0]) == relay.address
    again = build_app(host_app.screen, argparse.Namespace(mute=True, size=(1280, 800), fullscreen=False, lang="en"))
    again.settings = replace(again.settings, online=True, relay=other.address, auto_hint=False)
    again.screens.show_setup()
    assert again.screens.resume_online(kept[0])
    back = again.scene
    assert str(again.screens.online.room.link.address) == relay.address
    pump((again, far_app), lambda: back.game.turn == 2 and resting(again) and not far_scene.online_game.away)
    assert back.game.to_dict() == far_scene.game.to_dict()
    again.screens.online.room.stop()


def test_catching_up_after_a_restart_shows_the_right_turn_at_once(relay: Any, two_apps: Any) -> None:
    """The far side played while this computer was killed: back, its screen takes those moves at once and shows
    whose turn it is now (not the far figure's old turn while the moves are played one by one)."""
    host_app, far_app = two_apps()
    far_app.screens.keep_room = lambda data: None  # the far computer's memory is its own (not this folder)
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
    _, far_scene = start_both(host_app, far_app, relay, table)
    both = (host_app, far_app)
    maze_turn(host_app, both)
    pump(both, lambda: resting(host_app) and resting(far_app) and far_scene.game.turn == 1)
    host_app.screens.online.room.stop()  # killed: gone without a word (the game is in its file)
    host_app.screens.online = None
    maze_turn(far_app, (far_app,))
    pump((far_app,), lambda: resting(far_app))
    (kept,) = store.waiting_rooms()
    again = build_app(host_app.screen, argparse.Namespace(mute=True, size=(1280, 800), fullscreen=False, lang="en"))
    again.settings = replace(again.settings, online=True, relay=relay.address, auto_hint=False)
    again.screens.show_setup()
    assert again.screens.resume_online(kept)
    back = again.scene
    room = again.screens.online.room
    pump((again,), lambda: len(room.room.log or ()) == 4)  # the far side's push and walk came
    for _ in range(3):
        again.step([], FRAME)
    assert back.game.turn == 2 and back.game.current_player == 0, "the right turn at once"
    assert back.accepting() and not back.timeline.busy()
    assert back.online_game.trouble is None, "a catch-up is no trouble for the parent"
    room.stop()


def test_an_online_game_ended_on_the_parents_page_leaves_the_far_screen_calmly(relay: Any, two_apps: Any) -> None:
    """The grandparent's computer left the game; a parent ends it on the page for playing far away (holding the
    cross under its picture): the child's play screen goes back to the setup screen with a calm sentence, and
    neither computer keeps the game."""
    from doolhof.gui.parents.online_games import END_HOLD
    from doolhof.online.follow import MSG_ENDED

    host_app, far_app = two_apps()
    far_kept: list[dict[str, Any]] = []
    far_app.screens.keep_room = far_kept.append  # the far computer's memory is its own (not this folder)
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
    _, far_scene = start_both(host_app, far_app, relay, table)
    both = (host_app, far_app)
    maze_turn(host_app, both)
    pump(both, lambda: resting(host_app) and resting(far_app))
    host_app.settings = replace(host_app.settings, relay=relay.address)
    host_app.screens.leave_to_setup()
    pump((far_app,), lambda: far_scene.online_game.away)
    host_app.screens.open_settings()
    settings = host_app.scene
    press(host_app, center(settings.online_button.rect), by_finger=False)
    page = settings.online
    assert page.shown and len(page.games.games) == 1
    cross = center(page.games.end_buttons[0].rect)
    host_app.step([mouse("move", cross), mouse("down", cross)], FRAME)
    for _ in range(round((END_HOLD + 0.2) / FRAME)):
        host_app.step([], FRAME)
    host_app.step([mouse("up", cross)], FRAME)
    assert store.waiting_rooms() == [] and page.games.games == [], "forgotten here at once"
    pump(both, lambda: type(far_app.scene).__name__ == "SetupScene")
    assert far_app.scene.notes and far_app.scene.notes[0] == MSG_ENDED
    note = far_app.scene.notes[0]
    assert getattr(note, "picture", None) == "ended" and getattr(note, "figure", None) == table.figure(0), \
        "a picture for the child: the game put away, beside the host seat's figure"
    assert far_kept and far_kept[-1]["closed"], "the far computer forgets it too"
    pump((host_app,), lambda: "told" in page.games.said)
    assert page.games.said.startswith("The game is ended here, and the other computer was told")
    # back on the setup screen under the settings, the ended game is offered no more: not on the big Continue, not
    # on a button of its own (and a button left from before would not bring it back)
    host_app.pop_scene()
    setup = host_app.scene
    assert type(setup).__name__ == "SetupScene"
    assert setup.offered_online() is None and not setup.continue_button.visible, "the ended game is not offered"
    assert not any(b.visible for b in setup.online_game_buttons)
    for button in setup.online_game_buttons:
        button.resume()
        assert host_app.scene is setup and host_app.screens.online is None


def test_a_game_ended_while_this_computer_was_away_goes_calmly_when_it_is_continued(relay: Any, two_apps: Any) -> None:
    """The child's computer was off when the grandparent ended the game: continued later while the grandparent's
    setup screen shows (it listens in the ended room: nothing is kept on the relay), it hears the end, says so on
    the setup screen and keeps the game no more."""
    from doolhof.gui.parents.online_games import end_game
    from doolhof.online.follow import MSG_ENDED

    host_app, far_app = two_apps()
    far_app.screens.keep_room = lambda data: None  # the far computer's memory is its own (not this folder)
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
    _, far_scene = start_both(host_app, far_app, relay, table)
    both = (host_app, far_app)
    maze_turn(host_app, both)
    pump(both, lambda: resting(host_app) and resting(far_app))
    far_kept = far_scene.online_game.room.room.to_dict()
    far_app.screens.close_online()  # the child's computer is switched off
    host_app.settings = replace(host_app.settings, relay=relay.address)
    host_app.screens.leave_to_setup()
    (kept,) = store.waiting_rooms()
    assert end_game(kept, [relay.address])
    store.save_room(dict(kept, closed=True, ended=True))
    # the child's computer comes back and continues its waiting game (kept in its own memory: here, again)
    from doolhof.gui.screens import keep_room

    store.save_room(far_kept)
    far_app.screens.keep_room = keep_room
    far_app.settings = replace(far_app.settings, relay=relay.address)
    far_app.screens.show_setup()
    assert far_app.screens.resume_online(far_kept)
    pump(both, lambda: type(far_app.scene).__name__ == "SetupScene")  # the grandparent's app runs on too
    assert far_app.scene.notes == [MSG_ENDED]
    assert store.waiting_rooms() == [], "forgotten there too"


def test_a_grandparent_over_tls_and_a_child_behind_a_web_only_firewall_play_on_one_public_relay(
        two_apps: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from tests.online.conftest import local_relay
    from tests.online.tls import Authority, public_relay

    mosquitto = local_relay.find_mosquitto()
    if mosquitto is None:
        pytest.skip("mosquitto is not installed")
    authority = Authority.make("Doolhof test authority")
    (tmp_path / "ca.pem").write_bytes(authority.pem())
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "ca.pem"))  # the system's authorities, as the app uses them
    with public_relay(*authority.issue(["localhost"]), mosquitto) as relay:
        host_app, far_app = two_apps()
        table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=3)
        over_tls = SimpleNamespace(address=f"mqtts://localhost:{relay.tls}")
        over_websockets = SimpleNamespace(address=f"wss://localhost:{relay.wss}/mqtt")
        host_scene, far_scene = start_both(host_app, far_app, over_tls, table, far_relay=over_websockets)
        both = (host_app, far_app)
        for app in (host_app, far_app, host_app):
            turn = host_scene.game.turn
            maze_turn(app, both)
            pump(both, lambda t=turn: resting(host_app) and resting(far_app) and far_scene.game.turn == t + 1
                 and host_scene.game.turn == t + 1)
        assert host_scene.game.to_dict() == far_scene.game.to_dict()
        for app in both:  # before the relay goes
            if app.screens.online is not None:
                app.screens.online.room.stop()


def test_new_game_from_the_parents_menu_during_an_online_card_game_offers_it_on_the_big_button(
        relay: Any, two_apps: Any) -> None:
    """The parents' "New game" in the middle of an online card game: the setup screen opens on the card table with
    its far seat still far away (not on this computer's last Junior table), and the big Continue offers the
    waiting online game, so a child's tap on the big button goes back to the grandparent, not to a local game."""
    host_app, far_app = two_apps()
    far_app.screens.keep_room = lambda data: None  # the far computer's memory is its own (not this folder)
    assert not host_app.settings.table.is_cards, "this computer's last table of its own is the maze's"
    table = TableSetup(CARDS, (SeatConfig(), SeatConfig()))
    host_scene, _ = start_both(host_app, far_app, relay, table)
    both = (host_app, far_app)
    lay_by_taps(host_app, host_scene, host_scene.legal_now()[0])
    pump(both, lambda: not host_scene.timeline.busy())
    if host_scene.game.phase == "take":
        hold_done(host_app, host_scene)
    pump(both, lambda: resting(host_app) and resting(far_app) and bool(store.waiting_rooms()))
    host_app.settings = replace(host_app.settings, relay=relay.address)
    menu = ParentMenuScene(host_app, from_game=True)
    host_app.push_scene(menu)
    menu.new_game()
    setup = host_app.scene
    assert type(setup).__name__ == "SetupScene" and host_app.screens.online is None
    assert setup.is_cards, "the setup screen opens on the card table just left"
    assert setup.far_seats() == {1}, "its far seat is still far away"
    assert setup.offered_online() is not None and setup.continue_button.visible, "the big Continue offers it"
    assert setup.continue_button.style is not setup.play_button.style
