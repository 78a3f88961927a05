"""From the setup screen to a started online game: two apps in one test through a real loopback relay.

Each app has its own folder of files (``DOOLHOF_HOME``, switched around each app's frames, since the
files' folders are read from the environment on every call), so each has its own device id and its own
remembered computers. The network runs on paho's threads; the helpers step both apps and sleep a little
between frames until what a test waits for happened (bounded in wall-clock time).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from doolhof.gui.kit.pointer import MOUSE_QUIET
from doolhof.gui.online.invite import InviteScene
from doolhof.gui.online.join import GRACE_SECONDS, JoinScene
from doolhof.gui.online.lobby import LobbyScene
from doolhof.gui.online.trouble_words import card_sentence
from doolhof.gui.play.scene import PlayScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.online import store
from doolhof.online.client import Friend
from doolhof.online.pairing import PICTURES
from doolhof.online.seal import new_key
from doolhof.online.timeouts import JOIN_SECONDS, LOOK_SECONDS
from doolhof.online.trouble import Trouble
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import center, run, tap, touch_tap
from tests.online.conftest import local_relay

#: Wall-clock seconds a step of the network may take before a test fails.
WAIT = 20.0
TWO = TableSetup("junior", (SeatConfig("person"), SeatConfig("person")))


@pytest.fixture
def relay() -> Iterator[Any]:
    """A Mosquitto relay on a free 127.0.0.1 port (skipped without mosquitto, as in tests/online/)."""
    if local_relay.find_mosquitto() is None:
        if os.environ.get("DOOLHOF_REQUIRE_RELAY", "") == "1":
            pytest.fail("DOOLHOF_REQUIRE_RELAY=1 but mosquitto is not installed", pytrace=False)
        pytest.skip("mosquitto is not installed, so the online screens' tests do not run")
    with local_relay.LocalRelay() as started:
        yield started


@contextlib.contextmanager
def at_home(folder: Path) -> Iterator[None]:
    """Run with DOOLHOF_HOME pointing at *folder* (one app's files)."""
    old = os.environ.get("DOOLHOF_HOME")
    os.environ["DOOLHOF_HOME"] = str(folder)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("DOOLHOF_HOME", None)
        else:
            os.environ["DOOLHOF_HOME"] = old


#: The computers of the test running now (their setup screens listen for invitations until stopped).
SIDES: list[Side] = []


@pytest.fixture(autouse=True)
def _forget_sides() -> Iterator[None]:
    yield
    for side in SIDES:
        notice = getattr(side.scene, "invitations", None) if side.app.scenes else None
        if notice is not None:
            notice.stop()
    SIDES.clear()


class Side:
    """One computer: an app and its own folder."""

    def __init__(self, make_app: Any, home: Path, relay: Any, size: tuple[int, int] = (1280, 800)) -> None:
        SIDES.append(self)
        home.mkdir(parents=True, exist_ok=True)
        self.home = home
        self._fingered = False
        with at_home(home):
            self.app = make_app(size)
        online = relay is not None
        self.app.settings = replace(self.app.settings, online=online, relay=relay.address if online else "")

    @property
    def scene(self) -> Any:
        return self.app.scene

    def step(self, seconds: float = 0.0) -> None:
        with at_home(self.home):
            run(self.app, seconds)

    def tap(self, rect: Any, by_finger: bool = False) -> None:
        """A finger or mouse tap on *rect* (a mouse tap waits out the quiet after a finger: kit/pointer)."""
        with at_home(self.home):
            if not by_finger and self._fingered:
                run(self.app, MOUSE_QUIET + 0.1)
            self._fingered = by_finger
            (touch_tap if by_finger else tap)(self.app, center(rect))

    def setup(self, table: TableSetup = TWO) -> SetupScene:
        with at_home(self.home):
            scene = SetupScene(self.app, table)
            # in place of the screen on top, as the app does (a setup screen covered stays listening)
            self.app.replace_scene(scene) if self.app.scenes else self.app.push_scene(scene)
            run(self.app, 0)
        return self.app.scene

    def device(self) -> str:
        with at_home(self.home):
            return store.device_id()

    def remembered(self) -> list[Friend]:
        with at_home(self.home):
            return store.remembered()


def until(sides: list[Side], done: Callable[[], bool], wait: float = WAIT) -> bool:
    """Step every side, a frame each, sleeping a little between, until ``done()`` (at most *wait* seconds)."""
    deadline = time.monotonic() + wait
    while not done() and time.monotonic() < deadline:
        for side in sides:
            side.step()
        time.sleep(0.01)
    return done()


def paho_threads() -> list[str]:
    """The network threads alive now."""
    return [t.name for t in threading.enumerate() if t.name.startswith("paho") and t.is_alive()]


def no_paho_threads(wait: float = 5.0) -> bool:
    """No network thread is left (once the setup screens on top stop listening for remembered computers)."""
    for side in SIDES:
        notice = getattr(side.scene, "invitations", None) if side.app.scenes else None
        if notice is not None:
            notice.stop()
    deadline = time.monotonic() + wait
    while paho_threads() and time.monotonic() < deadline:
        time.sleep(0.05)
    return not paho_threads()


@pytest.fixture
def rooms(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Every room handed to ``start_online`` (the play screens' business), stopped after the test."""
    from doolhof.gui.screens import ScreenBuilder

    handed: list[Any] = []
    real = ScreenBuilder.start_online

    def recording(self: ScreenBuilder, room: Any) -> None:
        handed.append(room)
        real(self, room)

    monkeypatch.setattr(ScreenBuilder, "start_online", recording)
    yield handed
    for room in handed:
        room.stop()


def make_far(side: Side, seat: int = 1) -> SetupScene:
    """On the setup screen, make seat *seat* a person (its person/computer switch) who plays far away (the place
    switch under it: here or far away)."""
    setup = side.scene
    if setup.slots[seat].is_computer:
        assert not setup.place_buttons[seat].visible, "a computer is never far away"
        side.tap(setup.kind_buttons[seat].rect)
    assert not setup.slots[seat].is_computer and setup.place_buttons[seat].word() == "Here"
    side.tap(setup.place_buttons[seat].rect, by_finger=True)
    assert setup.far_seats() == frozenset({seat}) and not setup.slots[seat].is_computer
    assert setup.place_buttons[seat].word() == "Far away" and setup.kind_buttons[seat].word() == "Person"
    assert setup.play_button.icon == "globe" and setup.play_button.label() == "Invite"
    return setup


def open_invite(host: Side) -> InviteScene:
    host.setup()
    setup = make_far(host)
    host.tap(setup.play_button.rect)
    invite = host.scene
    assert isinstance(invite, InviteScene)
    assert until([host], lambda: invite.code is not None), f"no code came ({invite.trouble})"
    return invite


def open_join(guest: Side, by_finger: bool = True) -> JoinScene:
    setup = guest.setup()
    assert setup.join_button.visible
    guest.tap(setup.join_button.rect, by_finger=by_finger)
    join = guest.scene
    assert isinstance(join, JoinScene)
    return join


def tap_code(guest: Side, join: JoinScene, names: tuple[str, ...], by_finger: bool = True) -> None:
    keys = {key.picture: key for key in join.keys}
    for name in names:
        guest.tap(keys[name].rect, by_finger=by_finger)


def test_host_invites_the_joiner_taps_the_code_both_see_who_plays_and_start(
        make_app: Any, tmp_path: Path, relay: Any, rooms: list[Any]) -> None:
    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    invite = open_invite(host)
    code = invite.code
    assert code is not None and len(invite.slots) == 6
    assert all(min(r.size) >= 64 for r in invite.slots), "each picture at least a tap target"
    join = open_join(guest)
    tap_code(guest, join, code.names[:5])
    assert join.chosen == list(code.names[:5]) and not join.trying
    tap_code(guest, join, code.names[5:], by_finger=False)
    assert until([host, guest], lambda: isinstance(host.scene, LobbyScene) and isinstance(guest.scene, LobbyScene))
    lobby_host, lobby_guest = host.scene, guest.scene
    assert lobby_host.is_host and not lobby_guest.is_host
    assert until([host, guest], lambda: lobby_host.ready and lobby_host.start_button.enabled)
    assert until([host, guest], lambda: len(lobby_guest.seats()) == 2)
    # each side sees which seats are far away from it: the host's seat 1, the guest's seat 0
    assert [is_far for _k, is_far, _c in lobby_host.seats()] == [False, True]
    assert [is_far for _k, is_far, _c in lobby_guest.seats()] == [True, False]
    assert not lobby_guest.start_button.visible, "only the host starts"
    host.tap(lobby_host.start_button.rect, by_finger=True)
    assert until([host, guest], lambda: isinstance(host.scene, PlayScene) and isinstance(guest.scene, PlayScene))
    assert len(rooms) == 2
    # both remember each other for next time
    assert [f.device for f in host.remembered()] == [guest.device()]
    assert [f.device for f in guest.remembered()] == [host.device()]
    # ... as the figure each child saw the other play: the host's far seat 1, the guest's host seat 0
    assert [f.figure for f in host.remembered()] == [1] and [f.figure for f in guest.remembered()] == [0]
    for room in rooms:
        room.stop()
    assert no_paho_threads(), f"links left running: {paho_threads()}"


def test_a_wrong_code_is_said_calmly_and_the_hosts_code_still_works(make_app: Any, tmp_path: Path, relay: Any,
                                                                     rooms: list[Any]) -> None:
    """Wrong pictures name another meeting place: nobody is there, so the host's code lives on."""
    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    invite = open_invite(host)
    code = invite.code
    assert code is not None
    join = open_join(guest)
    wrong = code.names[:2] + tuple(PICTURES[(PICTURES.index(n) + 1) % 12] for n in code.names[2:])
    tap_code(guest, join, wrong)
    assert until([host, guest], lambda: join.trouble is Trouble.WRONG_CODE)
    assert join.again_button.visible and not any(k.enabled for k in join.keys)
    assert invite.trouble is None and invite.code == code, "the host's code is untouched"
    guest.tap(join.again_button.rect, by_finger=True)
    assert join.chosen == [] and join.trouble is None
    tap_code(guest, join, code.names)
    assert until([host, guest], lambda: isinstance(host.scene, LobbyScene) and isinstance(guest.scene, LobbyScene))
    guest.tap(guest.scene.back_button.rect)
    assert isinstance(guest.scene, SetupScene) and guest.scene.far_seats() == frozenset()
    host.tap(host.scene.back_button.rect, by_finger=True)
    assert isinstance(host.scene, SetupScene)
    assert host.scene.far_seats() == frozenset({1}), "back from the lobby, the far seat is still marked"
    assert no_paho_threads(), f"links left running: {paho_threads()}"


def test_the_last_picture_can_be_taken_back(make_app: Any, tmp_path: Path) -> None:
    guest = Side(make_app, tmp_path / "guest", type("R", (), {"address": "127.0.0.1:1"})())
    join = open_join(guest, by_finger=False)
    keys = join.keys
    guest.tap(keys[0].rect)
    guest.tap(keys[3].rect, by_finger=True)
    assert join.chosen == [PICTURES[0], PICTURES[3]]
    guest.tap(join.erase_button.rect, by_finger=True)
    assert join.chosen == [PICTURES[0]]
    guest.tap(join.erase_button.rect)
    assert join.chosen == [] and not join.erase_button.enabled
    guest.tap(join.cancel_button.rect)
    assert isinstance(guest.scene, SetupScene)


def test_cancel_goes_back_to_setup_and_stops_every_link(make_app: Any, tmp_path: Path, relay: Any) -> None:
    host = Side(make_app, tmp_path / "host", relay)
    invite = open_invite(host)
    assert paho_threads()
    host.tap(invite.cancel_button.rect, by_finger=True)
    assert isinstance(host.scene, SetupScene)
    assert host.scene.far_seats() == frozenset({1}), "the seat stays far away: inviting again is one tap"
    assert no_paho_threads(), f"links left running: {paho_threads()}"


def test_a_cancelled_code_is_taken_off_the_relay(make_app: Any, tmp_path: Path, relay: Any) -> None:
    """A code typed in after the host cancelled says "wrong code" once its look went unanswered (nothing of the
    code stays on the relay), not after the joiner's whole wait."""
    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    invite = open_invite(host)
    code = invite.code
    assert code is not None
    host.tap(invite.cancel_button.rect)
    join = open_join(guest)
    typed = time.monotonic()
    tap_code(guest, join, code.names)
    assert until([guest], lambda: join.trouble is not None)
    assert join.trouble is Trouble.WRONG_CODE
    assert time.monotonic() - typed < min(GRACE_SECONDS + LOOK_SECONDS + 3.0, JOIN_SECONDS), "not the whole wait"
    guest.tap(join.cancel_button.rect)
    assert no_paho_threads(), f"links left running: {paho_threads()}"


def test_an_invitation_taken_back_leaves_the_join_screen(make_app: Any, tmp_path: Path, relay: Any) -> None:
    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    secret = new_key()
    with at_home(host.home):
        store.remember(Friend(guest.device(), 3, secret))
    with at_home(guest.home):
        store.remember(Friend(host.device(), 0, secret))
    join = open_join(guest)
    invite = open_invite(host)
    host.tap(invite.friend_buttons[0].rect, by_finger=True)
    assert until([host, guest], lambda: join.invitation is not None)
    host.tap(invite.cancel_button.rect)
    assert until([host, guest], lambda: join.invitation is None), "the invitation card went away"
    assert not join.accept_button.visible and any(k.enabled for k in join.keys)
    # and a join screen opened later finds nothing waiting either
    guest.tap(join.cancel_button.rect)
    again = open_join(guest)
    assert not until([guest], lambda: again.invitation is not None, wait=1.5)
    guest.tap(again.cancel_button.rect)
    assert no_paho_threads(), f"links left running: {paho_threads()}"


def test_an_invitation_nobody_answers_is_said_and_can_be_sent_again(make_app: Any, tmp_path: Path,
                                                                    relay: Any) -> None:
    """The other computer is not on its join screen: after the invitation's minutes its figure fades and the
    parent reads what to do; a tap on it invites again."""
    from doolhof.online.pairing import CODE_SECONDS

    host = Side(make_app, tmp_path / "host", relay)
    friend = Friend("c3c3c3c3c3c3c3c3", 2, new_key())
    with at_home(host.home):
        store.remember(friend)
    invite = open_invite(host)
    button = invite.friend_buttons[0]
    host.tap(button.rect, by_finger=True)
    assert until([host], lambda: invite.friend_link is not None and invite.friend_link.link.connected.is_set())
    assert invite.unanswered is None
    invite.now = lambda: time.monotonic() + CODE_SECONDS + 1  # its three minutes are up
    host.step()
    assert invite.inviting is None and invite.friend_link is None and not button.selected
    assert invite.unanswered is not None and invite.unanswered.device == friend.device
    assert invite.trouble is None and invite.code is not None, "the picture code still works meanwhile"
    invite.now = time.monotonic
    host.tap(button.rect)
    assert invite.unanswered is None and invite.inviting is button.friend and button.selected
    host.tap(invite.cancel_button.rect)
    assert no_paho_threads(), f"links left running: {paho_threads()}"


def test_an_unreachable_relay_is_said_plainly(make_app: Any, tmp_path: Path) -> None:
    host = Side(make_app, tmp_path / "host", type("R", (), {"address": "127.0.0.1:1"})())
    host.setup()
    host.tap(make_far(host).play_button.rect)
    invite = host.scene
    assert isinstance(invite, InviteScene)
    invite.now = lambda: time.monotonic() + 60  # as if the relay had been silent for a minute
    host.step()
    assert invite.trouble is Trouble.RELAY and invite.again_button.visible
    # inviting a remembered computer through that relay says so too
    invite.now = time.monotonic
    invite.set_friends([Friend("c3c3c3c3c3c3c3c3", 2, new_key())])
    host.tap(invite.friend_buttons[0].rect, by_finger=True)
    assert invite.inviting is not None and invite.friend_link is not None
    invite.trouble = None
    invite.now = lambda: time.monotonic() + 60
    host.step()
    assert invite.trouble is Trouble.RELAY and invite.friend_link is None and invite.inviting is None
    host.tap(invite.cancel_button.rect)
    assert no_paho_threads()


def test_a_bug_making_a_code_is_logged_whole_and_the_parent_reads_the_plain_sentence(
        make_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import doolhof.gui.online.invite as invite_module

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise TypeError("a bug in making the code")

    monkeypatch.setattr(invite_module, "HostCode", broken)
    host = Side(make_app, tmp_path / "host", type("R", (), {"address": "127.0.0.1:1"})())
    host.setup()
    with caplog.at_level("WARNING"):
        host.tap(make_far(host).play_button.rect)
    invite = host.scene
    assert isinstance(invite, InviteScene) and invite.trouble is Trouble.RELAY and invite.again_button.visible
    logged = [r for r in caplog.records if r.exc_info is not None]
    assert logged and logged[-1].exc_info[0] is TypeError, "the traceback is in the log, not hidden"
    host.tap(invite.cancel_button.rect)


def test_a_lobby_whose_relay_does_not_answer_says_so(make_app: Any, tmp_path: Path) -> None:
    """The room's relay went silent between the code and the lobby: the parent is told, not left watching dots;
    when the link comes up the sentence goes."""
    from doolhof.online.client import LinkChanged, OnlineRoom
    from doolhof.online.room import Room, hello

    side = Side(make_app, tmp_path / "host", type("R", (), {"address": "127.0.0.1:1"})())
    me = hello("a0a0a0a0a0a0a0a0", 0)
    room = Room("rtest000000000001", new_key(), me, ("a0a0a0a0a0a0a0a0", "b1b1b1b1b1b1b1b1"), table=TWO,
                far_seats=frozenset({1}))
    with at_home(side.home):
        side.app.push_scene(LobbyScene(side.app, OnlineRoom(room, ["127.0.0.1:1"])))
    side.step()
    lobby = side.scene
    assert lobby.trouble is None, "not at once: a relay may take a moment"
    lobby.now = lambda: time.monotonic() + 60
    side.step()
    assert lobby.trouble is Trouble.RELAY and not lobby.start_button.enabled
    lobby.on_event(lobby.room, LinkChanged(True))
    assert lobby.trouble is None
    side.tap(lobby.back_button.rect, by_finger=True)
    assert isinstance(side.scene, SetupScene) and side.scene.far_seats() == frozenset({1})
    assert no_paho_threads(), f"links left running: {paho_threads()}"


def test_a_remembered_computer_is_invited_without_a_code(make_app: Any, tmp_path: Path, relay: Any,
                                                         rooms: list[Any]) -> None:
    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    secret = new_key()
    with at_home(host.home):
        store.remember(Friend(guest.device(), 3, secret))
    with at_home(guest.home):
        store.remember(Friend(host.device(), 0, secret))
    join = open_join(guest)
    assert len(join.links) == 1, "the join screen listens for the remembered computer"
    invite = open_invite(host)
    assert [b.friend.figure for b in invite.friend_buttons] == [3]
    host.tap(invite.friend_buttons[0].rect, by_finger=True)
    assert until([host, guest], lambda: join.invitation is not None)
    assert join.accept_button.visible and not any(k.enabled for k in join.keys)
    guest.tap(join.accept_button.rect, by_finger=True)
    assert until([host, guest], lambda: isinstance(host.scene, LobbyScene) and isinstance(guest.scene, LobbyScene))
    lobby = host.scene
    assert until([host, guest], lambda: lobby.start_button.enabled)
    host.tap(lobby.start_button.rect)
    assert until([host, guest], lambda: isinstance(host.scene, PlayScene) and isinstance(guest.scene, PlayScene))
    # Both moved on to the pair's next channel (the next game's invitation cannot be followed from this one).
    with at_home(host.home):
        assert [(f.figure, f.epoch) for f in store.remembered()] == [(3, 1)]
    with at_home(guest.home):
        assert [(f.figure, f.epoch) for f in store.remembered()] == [(0, 1)]
    for room in rooms:
        room.stop()
    assert no_paho_threads(), f"links left running: {paho_threads()}"


def test_online_off_shows_nothing_online(make_app: Any, tmp_path: Path) -> None:
    side = Side(make_app, tmp_path / "home", None)
    setup = side.setup()
    assert not setup.join_button.visible and setup.join_button.rect.w == 0
    for _ in range(3):
        side.tap(setup.kind_buttons[1].rect)
        assert setup.far_seats() == frozenset() and setup.kind_buttons[1].word() in ("Person", "Computer")
        assert not any(button.visible for button in setup.place_buttons), "no place switch while online play is off"
    assert setup.play_button.icon == "play"
    # on, but without a relay address: still nothing
    side.app.settings = replace(side.app.settings, online=True, relay=" , ")
    side.step()
    setup.resize(side.app.window_size())
    assert not setup.join_button.visible
    assert not paho_threads()


def test_another_version_is_said_plainly_on_both_sides(make_app: Any, tmp_path: Path, relay: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from doolhof.gui.online import join as join_module

    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    real = join_module.my_hello
    monkeypatch.setattr(join_module, "my_hello", lambda figure: replace(real(figure), rules="doolhof-rules-0"))
    invite = open_invite(host)
    join = open_join(guest)
    tap_code(guest, join, invite.code.names)  # type: ignore[union-attr]
    assert until([host, guest], lambda: join.trouble is Trouble.VERSION and invite.trouble is Trouble.VERSION)
    assert "another version of Doolhof: update both" in card_sentence(Trouble.VERSION)
    host.tap(invite.cancel_button.rect)
    guest.tap(join.cancel_button.rect, by_finger=True)
    assert no_paho_threads(), f"links left running: {paho_threads()}"


def test_the_keypad_takes_a_childs_tap_while_a_parents_hand_rests_on_the_screen(make_app: Any) -> None:
    from doolhof.gui.online.samples import SAMPLES
    from tests.gui.helpers import finger

    app = make_app((800, 1280))
    app.settings = replace(app.settings, online=True, relay="127.0.0.1:1")
    app.push_scene(SAMPLES["join"](app))
    run(app, 0)
    join = app.scene
    keys = [k for k in join.keys if k.visible]
    before = list(join.chosen)
    rest = center(keys[-1].rect)  # a palm on the last key, held still
    run(app, 0, [finger("down", app, rest, finger_id=1)])
    run(app, 0.8)  # longer than REST_SECONDS: a resting hand, not a press
    touch_tap(app, center(keys[0].rect), finger_id=2)
    run(app, 0, [finger("up", app, rest, finger_id=1)])
    assert join.chosen == [*before, keys[0].picture]  # the child's picture, and not the palm's


def befriend(host: Side, guest: Side) -> None:
    """The two computers remember each other (as after a first game with a picture code)."""
    secret = new_key()
    with at_home(host.home):
        store.remember(Friend(guest.device(), 3, secret))
    with at_home(guest.home):
        store.remember(Friend(host.device(), 0, secret))


def test_the_setup_screen_notices_an_invitation_and_the_child_plays(make_app: Any, tmp_path: Path, relay: Any,
                                                                    rooms: list[Any]) -> None:
    """Nobody taps Join: the child's setup screen shows the inviter's figure within a few seconds."""
    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    befriend(host, guest)
    setup = guest.setup()
    notice = setup.invitations
    assert until([guest], lambda: len(notice._links) == 1), "the setup screen listens for the remembered computer"
    assert notice.shown is None
    invite = open_invite(host)
    host.tap(invite.friend_buttons[0].rect, by_finger=True)
    asked = time.monotonic()
    assert until([host, guest], lambda: notice.shown is not None)
    assert time.monotonic() - asked < 5.0, "within a few seconds"
    assert notice.shown is not None and notice.shown[1] == 0, "the inviter's figure"
    assert notice.game == "junior", "and the game it is for (the host's table)"
    guest.tap(notice.accept_button.rect, by_finger=True)
    assert until([host, guest], lambda: isinstance(host.scene, LobbyScene) and isinstance(guest.scene, LobbyScene))
    lobby = host.scene
    assert until([host, guest], lambda: lobby.start_button.enabled)
    host.tap(lobby.start_button.rect)
    assert until([host, guest], lambda: isinstance(host.scene, PlayScene) and isinstance(guest.scene, PlayScene))
    for room in rooms:
        room.stop()
    assert no_paho_threads(), f"links left running: {paho_threads()}"


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("game", ["junior", "junior-own", "classic", "cards"])
def test_the_invitation_card_shows_which_game_it_is(make_app: Any, size: tuple[int, int], game: str) -> None:
    """The child cannot read: the invitation shows the game's picture (and its name for the parent) as the setup
    screen's game card does, beside the inviter's figure, clear of the figure and the buttons."""
    from doolhof.gui.kit.text import measuring
    from doolhof.gui.online.samples import SAMPLES
    from doolhof.gui.setup.buttons import VARIANT_LABELS

    app = make_app(size)
    app.push_scene(SAMPLES["invitation"](app))
    run(app, 0)
    notice = app.scene.invitations
    notice.shown, notice.game = (None, 3), game  # as an invitation to *game* from figure 3 makes it
    app.scene.draw(app.screen)
    with measuring() as seen:
        notice.draw(app.screen)  # the card alone (the game cards under it name the games too)
    name = VARIANT_LABELS[game]
    assert [t for t in seen if t.text == name], f"the card names the game ({name})"
    area = notice.game_rect
    assert notice.rect.contains(area) and min(area.size) >= 48, "the game's picture is on the card, big enough"
    assert not area.colliderect(notice.figure_rect), "beside the inviter's figure"
    assert not any(area.colliderect(b.rect) for b in (notice.accept_button, notice.decline_button))
    pixels = {tuple(app.screen.get_at((x, y)))[:3] for x in range(area.x, area.right, 4)
              for y in range(area.y, area.y + area.h * 2 // 3, 4)}
    assert len(pixels) > 8, "a picture is drawn there, not an empty plate"
    notice.show(None, 3, "chess")
    assert notice.game == "", "a game this Doolhof does not know shows no picture"


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
def test_the_ended_game_note_shows_a_picture(make_app: Any, monkeypatch: pytest.MonkeyPatch,
                                             size: tuple[int, int]) -> None:
    """The child cannot read: the note that the other computer ended the game shows the game put away (the
    "ended" picture) beside the other computer's figure with the globe, above the parent's words and clear of OK."""
    from doolhof.gui.kit.scene import Note
    from doolhof.gui.kit.text import measuring
    from doolhof.i18n import _
    from doolhof.online.follow import MSG_ENDED

    app = make_app(size)
    app.notes.append(Note(_(MSG_ENDED), "ended", 4))
    app.screens.show_setup()
    run(app)
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.notes == [MSG_ENDED]
    drawn: list[tuple[str, int]] = []
    icon, figure = app.art.icon, app.art.figure
    monkeypatch.setattr(app.art, "icon", lambda name, px: (drawn.append((name, px)), icon(name, px))[1])
    monkeypatch.setattr(app.art, "figure", lambda seat, px: (drawn.append((f"figure {seat}", px)), figure(seat, px))[1])
    with measuring() as seen:
        setup.draw(app.screen)
    big = least_tap_of(size)
    assert any(name == "ended" and px >= big for name, px in drawn), f"the ended picture, big: {drawn}"
    assert any(name == "figure 4" and px >= big * 3 // 4 for name, px in drawn), "the other computer's figure"
    assert any(name == "globe" for name, _px in drawn), "with the far-away globe"
    picture, words = setup.note_parts(setup.notes[0])
    assert setup.note_rect.contains(picture) and not picture.colliderect(words)
    assert not picture.colliderect(setup.note_button.rect) and not words.colliderect(setup.note_button.rect)
    assert [t for t in seen if t.text == MSG_ENDED], "the words for the parent are there too"
    tap(app, center(setup.note_button.rect))
    assert setup.notes == []


def least_tap_of(size: tuple[int, int]) -> int:
    from doolhof.gui.kit.boxes import least_tap

    return least_tap(size)


def test_not_now_on_the_setup_screen_is_said_calmly_to_the_inviter(make_app: Any, tmp_path: Path,
                                                                   relay: Any) -> None:
    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    befriend(host, guest)
    setup = guest.setup()
    notice = setup.invitations
    invite = open_invite(host)
    host.tap(invite.friend_buttons[0].rect, by_finger=True)
    assert until([host, guest], lambda: notice.shown is not None)
    before = setup.count
    guest.tap(notice.decline_button.rect)
    assert notice.shown is None and isinstance(guest.scene, SetupScene) and setup.count == before
    assert until([host, guest], lambda: invite.unanswered is not None), "the inviter hears the no"
    assert invite.declined and invite.inviting is None and invite.friend_link is None
    assert invite.trouble is None and invite.code is not None, "no trouble: the picture code still works"
    # tapped again later, the child's screen shows the new invitation
    host.tap(invite.friend_buttons[0].rect)
    assert until([host, guest], lambda: notice.shown is not None)
    host.tap(invite.cancel_button.rect)
    assert until([host, guest], lambda: notice.shown is None), "taken back: the card goes"
    guest.tap(setup.join_button.rect)
    assert isinstance(guest.scene, JoinScene)
    guest.tap(guest.scene.cancel_button.rect)
    assert no_paho_threads(), f"links left running: {paho_threads()}"


def test_not_now_on_the_join_screen_is_said_to_the_inviter_too(make_app: Any, tmp_path: Path, relay: Any) -> None:
    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    befriend(host, guest)
    join = open_join(guest)
    invite = open_invite(host)
    host.tap(invite.friend_buttons[0].rect, by_finger=True)
    assert until([host, guest], lambda: join.invitation is not None)
    guest.tap(join.decline_button.rect, by_finger=True)
    assert until([host, guest], lambda: invite.declined)
    host.tap(invite.cancel_button.rect)
    guest.tap(join.cancel_button.rect)
    assert no_paho_threads(), f"links left running: {paho_threads()}"


def test_invitations_turned_off_open_no_connection_on_the_setup_screen(make_app: Any, tmp_path: Path,
                                                                       relay: Any) -> None:
    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    befriend(host, guest)
    guest.app.settings = replace(guest.app.settings, invitations=False)
    assert no_paho_threads(), "none before"
    setup = guest.setup()
    guest.step(0.5)
    assert not setup.invitations.listening and not paho_threads()
    off = Side(make_app, tmp_path / "off", None)
    befriend(off, guest)
    assert not off.setup().invitations.listening and not paho_threads(), "online play off: nothing opened"


def test_the_sixth_picture_waits_a_moment_in_which_erase_still_works(make_app: Any, tmp_path: Path) -> None:
    from doolhof.gui.online.join import GRACE_SECONDS

    guest = Side(make_app, tmp_path / "guest", type("R", (), {"address": "127.0.0.1:1"})())
    join = open_join(guest)
    keys = join.keys
    for key in keys[:6]:
        guest.tap(key.rect, by_finger=True)
    assert len(join.chosen) == 6 and not join.trying, "the sixth picture does not send the code at once"
    assert join.erase_button.enabled and not any(k.enabled for k in keys)
    guest.tap(join.erase_button.rect, by_finger=True)  # a slip on the last picture: taken back
    assert join.chosen == [k.picture for k in keys[:5]] and not join.trying
    guest.tap(keys[7].rect, by_finger=True)
    assert not join.trying
    guest.step(GRACE_SECONDS + 0.1)
    assert join.trying and not join.erase_button.enabled, "after the grace the code is tried"
    assert join.chosen[-1] == keys[7].picture
    guest.tap(join.cancel_button.rect)


def test_a_wrong_code_is_said_calmly_and_the_joiner_tries_again(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """No cross over the six pictures (the exchange cannot tell which was wrong), no cross on the card; the button
    says "Try again" (this computer cannot make a code)."""
    from doolhof.gui.online import common, samples

    app = make_app((1280, 800))
    app.settings = replace(app.settings, online=True, relay="127.0.0.1:1")
    join = samples.join(app)
    app.push_scene(join)
    for name in samples.CODE.names[3:]:
        join.choose(name)
    join.show_trouble(Trouble.WRONG_CODE)
    join.sync()
    drawn: list[str] = []
    real = common.safe_icon
    monkeypatch.setattr(common, "safe_icon", lambda art, name, px: drawn.append(name) or real(art, name, px))
    run(app, 0)
    join.draw(app.screen)
    assert "cross" not in drawn and "again" in drawn
    assert join.again_button.visible and join.again_button.label() == "Try again"
    tap(app, center(join.again_button.rect))
    assert join.chosen == [] and join.trouble is None


def test_the_lobby_names_the_game_about_to_start(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from doolhof.gui.online import lobby as lobby_module
    from doolhof.gui.online import samples

    app = make_app((800, 600))
    scene = samples.lobby(app)
    app.push_scene(scene)
    said: list[str] = []
    monkeypatch.setattr(lobby_module, "heading", lambda surface, text, rect, size: said.append(text))
    scene.draw(app.screen)
    assert "Junior · 12 secrets" in said
    cards = TableSetup("cards", (SeatConfig("person"), SeatConfig("person")))
    assert lobby_module.game_name(cards) == "Card game"


def test_a_game_ended_on_the_other_computer_leaves_the_setup_screen_calmly(make_app: Any, tmp_path: Path,
                                                                           relay: Any) -> None:
    """The grandparent's parents ended a waiting game: the child's setup screen hears it on the two computers'
    own channel, forgets the game and shows itself afresh with a calm note (it offers the game no more)."""
    from doolhof.online.client import tell_ended
    from doolhof.online.follow import MSG_ENDED
    from doolhof.online.room import hello

    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    befriend(host, guest)
    room_id = "r" + "9" * 32
    with at_home(guest.home):
        store.save_room({"room": room_id, "format": "doolhof.room", "entries": []})
        assert store.is_kept(room_id)
    setup = guest.setup()
    (friend,) = host.remembered()
    with at_home(host.home):
        assert tell_ended(room_id, hello(host.device(), 0), friend, [relay.address])
    assert until([guest], lambda: guest.scene is not setup)
    assert isinstance(guest.scene, SetupScene) and guest.scene.notes == [MSG_ENDED]
    note = guest.scene.notes[0]
    assert getattr(note, "picture", None) == "ended" and getattr(note, "figure", None) == 0, \
        "a picture for the child: the game put away, beside the other computer's figure"
    with at_home(guest.home):
        assert not store.is_kept(room_id)


def test_a_game_ended_on_the_parents_page_over_a_listening_setup_screen_is_told_by_it(
        make_app: Any, tmp_path: Path, relay: Any) -> None:
    """The setup screen listened before the parent ended the game (the parents' page covers it): its link to the
    other computer carries the news from then on."""
    from doolhof.online.follow import MSG_ENDED

    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    befriend(host, guest)
    room_id = "r" + "5" * 32
    with at_home(guest.home):
        store.save_room({"room": room_id, "format": "doolhof.room", "entries": []})
    host.setup()
    assert until([host], lambda: len(host.scene.invitations._links) == 1)
    setup = guest.setup()
    assert until([guest], lambda: len(setup.invitations._links) == 1)
    assert until([host, guest], lambda: False, wait=0.5) is False and guest.scene is setup, "nothing to tell yet"
    with at_home(host.home):
        store.record_end(room_id, guest.device())  # what the parents' page does when a game is ended
    assert until([host, guest], lambda: guest.scene is not setup)
    assert isinstance(guest.scene, SetupScene) and guest.scene.notes == [MSG_ENDED]


@pytest.mark.parametrize("ender_first", [True, False])
def test_a_game_ended_while_the_other_computer_was_away_is_told_when_both_setup_screens_show(
        make_app: Any, tmp_path: Path, relay: Any, ender_first: bool) -> None:
    """Nothing is kept on the relay: the ending computer keeps the news (its parents' page recorded it) and its
    setup screen tells the other's the next time both show, in either order; then it forgets the news."""
    from doolhof.online.follow import MSG_ENDED

    host, guest = Side(make_app, tmp_path / "host", relay), Side(make_app, tmp_path / "guest", relay)
    befriend(host, guest)
    room_id = "r" + "6" * 32
    with at_home(guest.home):
        store.save_room({"room": room_id, "format": "doolhof.room", "entries": []})
    with at_home(host.home):
        store.record_end(room_id, guest.device())
    first, second = (host, guest) if ender_first else (guest, host)
    first.setup()
    assert until([first], lambda: len(first.scene.invitations._links) == 1)
    setup = second.setup() if second is guest else guest.scene
    if second is host:
        second.setup()
    assert until([host, guest], lambda: guest.scene is not setup)
    assert isinstance(guest.scene, SetupScene) and guest.scene.notes == [MSG_ENDED]
    with at_home(guest.home):
        assert not store.is_kept(room_id)
    with at_home(host.home):
        assert until([host, guest], lambda: store.ends_for(guest.device()) == []), "heard: the news is forgotten"
