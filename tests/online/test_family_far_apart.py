"""A family far apart plays for the first time: a parent and child at one computer, a grandparent at another.

Both computers are whole apps, each with its own folder of files (``DOOLHOF_HOME``), talking only through one
real Mosquitto relay on loopback. The grandparent's computer reaches the relay through a proxy whose
connections can be cut, as when a network goes away.

The evening, tapped through the screens as the family would (the host's side with the mouse, the
grandparent's with a finger):

1. On each computer a parent holds the menu corner, opens Settings, turns online play on (and the animations
   fast, the automatic hint off), types the relay's address on the online page and taps Test: the relay
   answers.
2. At home seat 1 becomes "far away" and the child takes the secrets down to three; Invite shows the picture
   code.
3. Grandma taps Join, then a wrong code: both screens say so, both tap "new code", and the right code works.
4. Both see who plays (each seeing the other's seat as the far one); the host taps Start.
5. A maze game by taps; the grandparent's network goes away after the first move: home sees the "away" sign
   and its taps do nothing, then the network comes back and the game goes on to the same end screen.
6. Back to the setup on both; a card game this time: the remembered computer is invited by its figure, no
   code; grandma accepts on her join screen. Midway the relay itself goes away (a parent reads why in the
   menu) and comes back; the game is played to the card end screen on both.

Computers (the game's own players) only choose which move a person taps; every tap goes through the screen.
"""

from __future__ import annotations

import argparse
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DOOLHOF_STRICT", "1")

import pygame

from doolhof.cards import Place
from doolhof.gui import screens as screens_module
from doolhof.gui.cards.scene import CardPlayScene
from doolhof.gui.end.cards import CardEndScene
from doolhof.gui.end.scene import EndScene
from doolhof.gui.kit.far_sign import FarSign
from doolhof.gui.kit.hold_button import HOLD_SECONDS
from doolhof.gui.launch import build_app
from doolhof.gui.online.common import LinkScene
from doolhof.gui.online.invite import InviteScene
from doolhof.gui.online.join import JoinScene
from doolhof.gui.online.lobby import LobbyScene
from doolhof.gui.online.trouble_words import card_sentence
from doolhof.gui.parents.menu import ParentMenuScene
from doolhof.gui.parents.settings_scene import SettingsScene
from doolhof.gui.play.computer import make_computer
from doolhof.gui.play.scene import PlayScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.online import store
from doolhof.online.pairing import PICTURES
from doolhof.online.trouble import Trouble
from doolhof.session import paths
from doolhof.session.seats import CARDS
from doolhof.session.settings import load_settings
from tests.gui.cards.helpers import cell_point, hold_done, into_view, point
from tests.gui.helpers import center, finger, mouse, run
from tests.gui.test_online_screens import Side, at_home, no_paho_threads, paho_threads, until
from tests.online.raw import RawClient
from tests.online.test_two_screens import resting

#: Wall-clock seconds one step of the evening may take before the test fails (a healthy one takes well under).
WAIT = 20.0
#: Wall-clock seconds for a connection to come back after it was cut (paho waits a little between tries).
BACK = 40.0
#: The frames the games are stepped by while the screens wait: coarse, so whole games stay quick.
COARSE = 1 / 20

# One process stands in for two computers. The files of each are found through DOOLHOF_HOME, which the test
# switches around each app's frames (``at_home``); but a network thread keeps its computer's online game
# (``screens.keep_room``, called on paho's thread) whenever a message comes, whichever app's frame runs then.
# So that write is pointed at its own computer's folder for that thread alone.
_network_home = threading.local()


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing of the test in the real user folders; a network thread keeps its room in its own computer's."""
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path / "nobody"))
    real = store.folder

    def folder() -> Path:
        home = getattr(_network_home, "home", None)
        if home is None:
            return real()
        return paths.data_dir(environ={paths.HOME_VARIABLE: str(home)}) / "online"

    monkeypatch.setattr(store, "folder", folder)


@pytest.fixture
def make_app() -> Iterator[Callable[[tuple[int, int]], Any]]:
    """A factory of apps on one dummy display, muted, without the first-game tutorials (as tests/gui/conftest)."""
    pygame.init()
    made: list[Any] = []
    screen: list[pygame.Surface] = []

    def factory(size: tuple[int, int] = (1280, 800)) -> Any:
        if not screen:
            screen.append(pygame.display.set_mode(size, pygame.RESIZABLE))
        app = build_app(screen[0], argparse.Namespace(mute=True, size=size, fullscreen=False, lang="en"))
        app.settings = replace(app.settings, tutorial_done=True, cards_tutorial_done=True)
        made.append(app)
        return app

    yield factory
    for app in made:  # a test that failed half way leaves no link running for the next one
        for scene in app.scenes:
            if isinstance(scene, LinkScene):
                scene.stop_all()
        online = app.screens.online
        if online is not None:
            online.stop()
    pygame.quit()


@pytest.fixture
def rooms(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Every room a play screen was given (``start_online``), stopped after the test whatever happened."""
    handed: list[Any] = []
    real = screens_module.ScreenBuilder.start_online

    def recording(self: screens_module.ScreenBuilder, room: Any) -> None:
        handed.append(room)
        real(self, room)

    monkeypatch.setattr(screens_module.ScreenBuilder, "start_online", recording)
    yield handed
    for room in handed:
        room.stop()


# ----- one computer ----------------------------------------------------------------------------------------
def computer(make_app: Any, home: Path) -> Side:
    """A computer switched on for the first time: its app on the setup screen, online play still off."""
    side = Side(make_app, home, None)
    with at_home(home):
        assert side.app.settings.online is False and side.app.settings.relay == ""
        side.app.screens.show_setup()
        run(side.app, 0)

    def keep_room(data: dict[str, object]) -> None:
        _network_home.home = home
        try:
            screens_module.keep_room(data)
        finally:
            _network_home.home = None

    side.app.screens.keep_room = keep_room
    return side


def tap_at(side: Side, pos: tuple[int, int], by_finger: bool) -> None:
    """A tap at the point *pos* (``Side.tap`` taps the middle of a rect: a one-pixel one here)."""
    side.tap(pygame.Rect(pos, (1, 1)), by_finger=by_finger)


def hold_menu(side: Side, by_finger: bool) -> ParentMenuScene:
    """A parent holds the round menu button in the corner until the parents' menu opens (a tap only wiggles)."""
    app = side.app
    pos = center(app.controls.menu.rect)
    assert app.controls.menu.rect.width > 0, "the screen has the parents' corner"
    with at_home(side.home):
        if not by_finger:
            run(app, 0.6)  # the mouse is heard again half a second after a finger (kit/pointer.py)
        down = [finger("down", app, pos)] if by_finger else [mouse("move", pos), mouse("down", pos)]
        run(app, HOLD_SECONDS + 0.1, down)
        run(app, 0, [finger("up", app, pos)] if by_finger else [mouse("up", pos)])
    menu = app.scene
    assert isinstance(menu, ParentMenuScene), f"the hold opened {type(menu).__name__}"
    return menu


def type_text(side: Side, text: str) -> None:
    """Type *text* on the keyboard: a key press and its typed character for each letter, as SDL sends them."""
    with at_home(side.home):
        for char in text:
            key = pygame.key.key_code(char) if char.isalnum() else pygame.K_PERIOD if char == "." else pygame.K_COLON
            run(side.app, 0, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0),
                              pygame.event.Event(pygame.TEXTINPUT, text=char)])


def parents_corner(side: Side, address: str, by_finger: bool) -> None:
    """On the setup screen a parent opens the settings from the corner, turns online play on, types the relay's
    address and tests it against the relay (which answers), then goes back to the setup screen."""
    setup = side.scene
    assert isinstance(setup, SetupScene) and not setup.join_button.visible, "nothing online shows while it is off"
    menu = hold_menu(side, by_finger)
    side.tap(menu.settings_button.rect, by_finger)
    settings = side.scene
    assert isinstance(settings, SettingsScene) and not settings.online_button.visible
    # Quick animations and no hint popping up by itself: this family's choice, on each computer.
    side.tap(settings.choices["animation_speed"]["fast"].rect, by_finger)
    side.tap(settings.choices["auto_hint"][False].rect, by_finger)
    side.tap(settings.choices["online"][True].rect, by_finger)
    assert side.app.settings.online is True and settings.online_button.visible
    side.tap(settings.online_button.rect, by_finger)
    page = settings.online
    assert page.shown and page.field.text == ""
    side.tap(page.field_button.rect, by_finger)
    assert page.field.focused
    type_text(side, address)
    assert page.field.text == address, "each letter typed once (the key press alone types nothing)"
    side.tap(page.test_button.rect, by_finger)
    assert page.said[0] in ("asking", "ok"), page.said  # a relay next door may answer within the tap's frames
    assert until([side], lambda: page.said[0] != "asking"), "the relay's test never answered"
    assert page.said == ("ok", "The relay answers."), page.said
    side.tap(page.back_button.rect, by_finger)
    assert not page.shown and settings.done_button.visible
    side.tap(settings.done_button.rect, by_finger)
    assert side.scene is menu
    side.tap(menu.back_button.rect, by_finger)
    assert side.scene is setup and setup.join_button.visible, "back on the setup screen, Join shows"
    with at_home(side.home):
        kept = load_settings().settings
    assert (kept.online, kept.relay, kept.animation_speed, kept.auto_hint) == (True, address, "fast", False)


# ----- stepping both computers ----------------------------------------------------------------------------
def pump(sides: list[Side], done: Callable[[], bool], wait: float = WAIT, dt: float = COARSE) -> None:
    """Step every computer a frame of *dt* at a time (the network threads run between) until *done*."""
    deadline = time.monotonic() + wait
    while not done():
        assert time.monotonic() < deadline, "the two screens never got there"
        for side in sides:
            with at_home(side.home):
                side.app.step([], dt)
        time.sleep(0.001)


def both_resting(sides: list[Side]) -> Callable[[], bool]:
    """A condition: each play screen shows its game at rest (nothing moving, no far move waiting) and the rooms
    hold the same moves (the last one reached the other computer)."""
    def rested() -> bool:
        rooms = [getattr(side.app.scene, "online_game", None) for side in sides]
        return all(resting(side.app) for side in sides) and len(
            {online_game.room.view.entries for online_game in rooms if online_game is not None}) <= 1

    return rested


def sign_of(scene: Any) -> FarSign:
    """The play screen's waiting sign (shown while the far side is away or the relay out of reach)."""
    return next(o for o in scene.overlays if isinstance(o, FarSign))


# ----- the maze -------------------------------------------------------------------------------------------
def maze_turn(side: Side, sides: list[Side], by_finger: bool) -> None:
    """The person at *side* plays a clever move by taps: the sliding card tapped until it is turned right, the
    arrow, then the cell to walk to (its own cell to stay)."""
    scene = side.scene
    turn = scene.game.turn
    player = make_computer("clever", seed=turn)
    push = player.choose_push(scene.game.copy())
    for _ in range(4):
        if scene.rotation % 4 == push.rotation:
            break
        tap_at(side, center(scene.spare_rect()), by_finger)
    assert scene.rotation % 4 == push.rotation, "each tap on the sliding card turns it"
    tap_at(side, center(scene.arrow_rect(push.side, push.index)), by_finger)
    assert scene.game.phase == "walk", "the tap on an open arrow pushed"
    pump(sides, lambda: not scene.timeline.busy())
    cell = player.choose_walk(scene.game.copy())
    tap_at(side, center(scene.cell_rect(cell)), by_finger)
    assert scene.game.turn == turn + 1 or scene.game.is_over(), "the tap walked"


def play_maze(home: Side, far: Side, proxy: Any) -> None:
    """The maze game to its end by taps; after home's first move grandma's network goes away and comes back."""
    both = [home, far]
    home_scene, far_scene = home.scene, far.scene
    away_seen = False
    for _ in range(100):
        if home_scene.game.is_over() and far_scene.game.is_over():
            break
        mover = home_scene.game.current_player
        side, other = (home, far) if mover == 0 else (far, home)
        assert side.scene.accepting() and not other.scene.accepting(), "only the seat to move may tap"
        if side is far and not away_seen:
            away_seen = True
            far_away_and_back(home, far, proxy)
        seen = other.scene
        before = seen.game.turn
        maze_turn(side, both, by_finger=side is far)
        # The other screen plays the same move through its animation (a glide, never a jump).
        pump(both, lambda s=seen, b=before: s.timeline.busy() or s.game.turn > b or s.game.is_over())
        pump(both, both_resting(both))
        assert home_scene.game.to_dict() == far_scene.game.to_dict(), "both screens show the same game"
    assert home_scene.game.is_over() and far_scene.game.is_over()
    assert away_seen, "the game lasted past the far side's first turn"


def far_away_and_back(home: Side, far: Side, proxy: Any) -> None:
    """Grandma's network goes: home sees the "away" sign and waits (its taps do nothing); it comes back."""
    both = [home, far]
    home_scene, far_scene = home.scene, far.scene
    proxy.cut()
    home_sign, far_sign = sign_of(home_scene), sign_of(far_scene)
    pump(both, lambda: home_sign.shown >= 1.0 and far_sign.shown >= 1.0)
    assert home_sign.reason() is Trouble.AWAY and far_sign.reason() is Trouble.LOST
    assert home_sign.message() == "Waiting for the other computer…"
    assert far_sign.message() == "No connection to the relay. The game waits."
    assert home_scene.far_pose(1)[1] < 255, "the far figure fades while they are away"
    # The child at home taps an arrow meanwhile: it is grandma's turn, nothing moves.
    waiting = home_scene.game.to_dict()
    push = home_scene.game.legal_pushes()[0]
    tap_at(home, center(home_scene.arrow_rect(push.side, push.index)), by_finger=False)
    assert not home_scene.accepting() and home_scene.game.to_dict() == waiting
    assert isinstance(home.scene, PlayScene) and isinstance(far.scene, PlayScene), "nobody is thrown out"
    room_id = home_scene.online_game.room.room.room_id
    for side in both:  # the game waits in each computer's own memory meanwhile
        with at_home(side.home):
            assert [kept["room"] for kept in store.waiting_rooms()] == [room_id]
    proxy.heal()
    pump(both, lambda: home_sign.shown == 0.0 and far_sign.shown == 0.0, wait=BACK)
    assert far_scene.accepting(), "grandma's turn, where it was"


# ----- the cards ------------------------------------------------------------------------------------------
def lay(side: Side, sides: list[Side], scene: CardPlayScene, place: Place, by_finger: bool) -> None:
    """Choose the card in the hand, turn it by tapping it, tap the cell (the table dragged first when the cell
    is out of view): through the screen's hit areas only, by mouse or by finger."""
    with at_home(side.home):
        into_view(side.app, scene, place.cell, touch=by_finger)
    hand = scene.layout.hand[place.hand_index]
    if scene.chosen != place.hand_index:
        side.tap(hand, by_finger)
    assert scene.chosen == place.hand_index
    for _ in range((place.rotation - scene.rotations[place.hand_index]) % 4):
        side.tap(hand, by_finger)
    pump(sides, lambda: all(abs(a - r * 90) < 0.01 for a, r in zip(scene.angles, scene.rotations, strict=True)))
    assert place.cell in scene.lit(), (place, sorted(scene.lit()))
    tap_at(side, cell_point(scene, place.cell), by_finger)


def card_turn(side: Side, sides: list[Side], by_finger: bool) -> None:
    """The person at *side* lays a card, then takes what can be taken (tapping it and "take"), or holds "done"."""
    scene = side.scene
    lay(side, sides, scene, scene.legal_now()[0], by_finger)
    pump(sides, lambda: not scene.timeline.busy())
    if scene.game.phase == "take" and not scene.game.is_over():
        takeable = sorted(scene.game.takeable())
        if takeable and scene.game.can_take({takeable[0]}):
            tap_at(side, cell_point(scene, takeable[0]), by_finger)
            tap_at(side, point(scene.layout.take), by_finger)
        else:
            with at_home(side.home):
                hold_done(side.app, scene, touch=by_finger)


def relay_away_and_back(home: Side, far: Side, relay: Any) -> None:
    """The relay itself goes away: both screens say so, a parent reads why in the menu; it comes back."""
    both = [home, far]
    home_scene, far_scene = home.scene, far.scene
    relay.stop()
    pump(both, lambda: home_scene.online_game.trouble is Trouble.LOST and far_scene.online_game.trouble is Trouble.LOST)
    pump(both, lambda: sign_of(home_scene).shown >= 1.0 and sign_of(far_scene).shown >= 1.0)
    assert sign_of(home_scene).reason() is sign_of(far_scene).reason() is Trouble.LOST
    menu = hold_menu(home, by_finger=False)
    assert any("relay cannot be reached" in line for line in menu.note()), menu.note()
    home.tap(menu.back_button.rect)
    assert home.scene is home_scene
    relay.restart()  # nothing kept on it: the two computers put the room back
    pump(both, lambda: home_scene.online_game.trouble is None and far_scene.online_game.trouble is None, wait=BACK)
    pump(both, lambda: sign_of(home_scene).shown == 0.0 and sign_of(far_scene).shown == 0.0)


def play_cards(home: Side, far: Side, relay: Any) -> None:
    """The card game to its end by taps; after a few turns the relay goes away and comes back."""
    both = [home, far]
    home_scene, far_scene = home.scene, far.scene
    assert isinstance(home_scene, CardPlayScene) and isinstance(far_scene, CardPlayScene)
    assert far_scene.face_down(0) and not far_scene.face_down(1), "each screen shows only its own hand"
    assert home_scene.face_down(1) and not home_scene.face_down(0)
    relay_gone = False
    for turn in range(400):
        if home_scene.game.is_over():
            break
        if turn == 4:
            relay_gone = True
            relay_away_and_back(home, far, relay)
        side = home if home_scene.game.current_player == 0 else far
        other = far if side is home else home
        assert side.scene.accepting() and not other.scene.accepting(), "only the seat to move may tap"
        card_turn(side, both, by_finger=side is far)
        # At rest is not enough: the move may still be on its way to the other screen. Both must come to show the
        # same game (a desync never does, and the pump's limit says so).
        pump(both, lambda: both_resting(both)() and home_scene.game.to_dict() == far_scene.game.to_dict())
    assert relay_gone and home_scene.game.is_over() and far_scene.game.is_over()


# ----- the evening ----------------------------------------------------------------------------------------
def pair_by_code(home: Side, far: Side) -> tuple[LobbyScene, LobbyScene]:
    """Home invites (seat 1 far away, three secrets); grandma taps a wrong code, then, after both tapped
    "new code", the right one. Returns both lobbies."""
    setup = home.scene
    assert setup.kind_buttons[1].word() == "Computer", "a first evening: the second seat is the computer"
    home.tap(setup.kind_buttons[1].rect)
    assert setup.kind_buttons[1].word() == "Person" and setup.far_seats() == frozenset()
    home.tap(setup.place_buttons[1].rect)
    assert setup.place_buttons[1].word() == "Far away" and setup.far_seats() == frozenset({1})
    assert setup.play_button.icon == "globe" and setup.play_button.label() == "Invite"
    for _ in range(12):
        if setup.effective_secrets() == 3:
            break
        home.tap(setup.minus_button.rect)
    assert setup.effective_secrets() == 3 and setup.variant == "junior"
    home.tap(setup.play_button.rect)
    invite = home.scene
    assert isinstance(invite, InviteScene)
    assert until([home], lambda: invite.code is not None), f"no code came ({invite.trouble})"
    assert invite.friend_buttons == [], "nobody remembered yet"
    join_setup = far.scene
    far.tap(join_setup.join_button.rect, by_finger=True)
    join = far.scene
    assert isinstance(join, JoinScene) and join.links == [], "nobody remembered: nothing to listen for"
    code = invite.code
    assert code is not None
    wrong = code.names[:3] + tuple(PICTURES[(PICTURES.index(n) + 5) % len(PICTURES)] for n in code.names[3:])
    keys = {key.picture: key for key in join.keys}
    for name in wrong:
        far.tap(keys[name].rect, by_finger=True)
    # Wrong pictures meet nobody (another meeting place): the joiner hears it, the host's code lives on.
    assert until([home, far], lambda: join.trouble is Trouble.WRONG_CODE)
    assert card_sentence(join.trouble).startswith("These pictures did not work")
    assert invite.trouble is None and invite.code == code
    assert join.again_button.visible and not any(k.enabled for k in join.keys)
    far.tap(join.again_button.rect, by_finger=True)
    assert join.chosen == [] and join.trouble is None
    assert invite.code is not None
    for name in invite.code.names:
        far.tap(keys[name].rect, by_finger=True)
    assert until([home, far], lambda: isinstance(home.scene, LobbyScene) and isinstance(far.scene, LobbyScene))
    return home.scene, far.scene


def who_plays_and_start(home: Side, far: Side, home_lobby: LobbyScene, far_lobby: LobbyScene) -> None:
    """Both see who plays (seat, far away from here or not, a computer or not); home taps Start."""
    assert home_lobby.is_host and not far_lobby.is_host
    assert until([home, far], lambda: home_lobby.ready and home_lobby.start_button.enabled)
    assert until([home, far], lambda: len(far_lobby.seats()) == 2)
    assert home_lobby.seats() == [(0, False, False), (1, True, False)], "home: seat 1 is far away"
    assert far_lobby.seats() == [(0, True, False), (1, False, False)], "grandma: seat 0 is far away"
    assert not far_lobby.start_button.visible, "only home starts"
    home.tap(home_lobby.start_button.rect)


def both_in_game(home: Side, far: Side, kind: type) -> None:
    """Both computers show the started game, at rest."""
    both = [home, far]
    assert until(both, lambda: isinstance(home.scene, kind) and isinstance(far.scene, kind)), \
        f"{type(home.scene).__name__} / {type(far.scene).__name__}"
    pump(both, both_resting(both))
    assert home.scene.is_far(1) and not home.scene.is_far(0)
    assert far.scene.is_far(0) and not far.scene.is_far(1)


def same_end(home: Side, far: Side, kind: type, played: tuple[Any, Any], onlines: tuple[Any, Any], relay: Any,
             ) -> None:
    """From the *played* screens both go on to the same end screen: the same winners, the same finished game;
    the finished room is cleared from the relay and from each computer's memory."""
    both = [home, far]
    last = played[0].game.to_dict()
    assert played[1].game.to_dict() == last
    pump(both, lambda: isinstance(home.scene, kind) and isinstance(far.scene, kind))
    home_end, far_end = home.scene, far.scene
    assert home_end.winners == far_end.winners and home_end.winners
    assert home_end.finished.to_dict() == far_end.finished.to_dict() == last
    assert home_end.online and far_end.online and not home_end.again_button.visible
    for side, online in zip(both, onlines, strict=True):
        with at_home(side.home):
            assert online.phase.value == "closed", "the game over, its room is let go"
            online.join_closing()
            assert store.waiting_rooms() == [], "a finished game does not wait on either computer"
    room = played[0].online_game.room.room
    late = RawClient(relay.host, relay.port, room.room_id).start()
    try:
        late.subscribe(room.base + "/#")
        late.barrier()
        assert [m.topic for m in late.messages if m.retain and m.payload] == [], "nothing of it stays on the relay"
    finally:
        late.stop()


def new_setup(side: Side, by_finger: bool) -> SetupScene:
    """From the end screen, "New setup"."""
    end = side.scene
    side.tap(end.setup_button.rect, by_finger)
    setup = side.scene
    assert isinstance(setup, SetupScene)
    return setup


def invite_the_remembered(home: Side, far: Side) -> None:
    """A card game now: grandma opens Join, home invites her computer by its figure (no code), she accepts."""
    far_setup = new_setup(far, by_finger=True)
    assert far_setup.far_seats() == frozenset()
    far.tap(far_setup.join_button.rect, by_finger=True)
    join = far.scene
    assert isinstance(join, JoinScene) and len(join.links) == 1, "her join screen listens for home"
    setup = new_setup(home, by_finger=False)
    assert setup.far_seats() == frozenset({1}), "the far seat is still marked: inviting again is one tap"
    home.tap(setup.variant_buttons[CARDS].rect)
    assert setup.is_cards and setup.far_seats() == frozenset({1})
    home.tap(setup.play_button.rect)
    invite = home.scene
    assert isinstance(invite, InviteScene)
    assert [b.friend.figure for b in invite.friend_buttons] == [1], "grandma's computer, as the figure she played"
    home.tap(invite.friend_buttons[0].rect)
    assert until([home, far], lambda: join.invitation is not None), "the invitation reached her join screen"
    assert join.accept_button.visible and not any(k.enabled for k in join.keys)
    far.tap(join.accept_button.rect, by_finger=True)
    assert until([home, far], lambda: isinstance(home.scene, LobbyScene) and isinstance(far.scene, LobbyScene))
    lobby = home.scene
    assert until([home, far], lambda: lobby.start_button.enabled)
    assert [seat[1] for seat in lobby.seats()] == [False, True]
    home.tap(lobby.start_button.rect)


@pytest.mark.relay
def test_a_family_far_apart_sets_up_invites_and_plays_a_maze_and_a_card_game(
        make_app: Any, tmp_path: Path, relay: Any, proxy: Any, rooms: list[Any]) -> None:
    """The whole first evening, chapter by chapter (see the module's text)."""
    home = computer(make_app, tmp_path / "home")
    far = computer(make_app, tmp_path / "grandma")
    # 1. The parents' corner on each computer (grandma's through the proxy that can be cut).
    parents_corner(home, relay.address, by_finger=False)
    parents_corner(far, proxy.address, by_finger=True)
    assert no_paho_threads(), f"testing the relay left links open: {paho_threads()}"
    # 2-4. The picture code (a wrong one first), who plays, Start.
    home_lobby, far_lobby = pair_by_code(home, far)
    who_plays_and_start(home, far, home_lobby, far_lobby)
    both_in_game(home, far, PlayScene)
    assert home.scene.game.to_dict() == far.scene.game.to_dict()
    dealt = home.scene.game.to_dict()
    assert dealt["variant"] == "junior" and len(dealt["deck"]) + 1 == 3, "the three secrets the child chose"
    # Both remember each other now, each as the figure the other played.
    assert [(f.device, f.figure) for f in home.remembered()] == [(far.device(), 1)]
    assert [(f.device, f.figure) for f in far.remembered()] == [(home.device(), 0)]
    # 5. The maze game, grandma away and back after home's first move, to the same end.
    played = home.scene, far.scene
    onlines = home.app.screens.online, far.app.screens.online  # each room's session, closed at the end
    play_maze(home, far, proxy)
    same_end(home, far, EndScene, played, onlines, relay)
    # 6. A card game: the remembered computer invited by its figure; the relay away and back midway.
    invite_the_remembered(home, far)
    both_in_game(home, far, CardPlayScene)
    played = home.scene, far.scene
    onlines = home.app.screens.online, far.app.screens.online  # each room's session, closed at the end
    play_cards(home, far, relay)
    same_end(home, far, CardEndScene, played, onlines, relay)
    assert len(rooms) == 4, "two games, a room on each computer for each"
    for room in rooms:
        room.stop()
    assert no_paho_threads(), f"links left running: {paho_threads()}"
