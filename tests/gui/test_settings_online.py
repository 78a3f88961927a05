"""Playing far away, in the parents' settings: on/off, the relay address, its test, the remembered computers.

Driven headless with synthetic mouse and finger events and typed text (SDL's TEXTINPUT events); the test
of the address asks a real Mosquitto relay on loopback (``scripts/local_relay.py``, as in tests/online/).
While online play is off, walking the setup and the settings screens opens no socket at all.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from doolhof.gui.parents.online_page import FORGET_HOLD
from doolhof.gui.parents.settings_scene import SettingsScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.online import store
from doolhof.online.client import Friend
from doolhof.session import paths
from doolhof.session.settings import MAX_RELAY_TEXT
from tests.gui.helpers import FRAME, center, finger, run, tap, touch_tap
from tests.scripts import load_script

local_relay = load_script("local_relay", "local_relay")
needs_relay = pytest.mark.skipif(local_relay.find_mosquitto() is None,
                                 reason="mosquitto is not installed, so the relay's test is not tried here")


@pytest.fixture
def relay() -> Iterator[Any]:
    """A Mosquitto relay from the shipped configuration on a free 127.0.0.1 port."""
    with local_relay.LocalRelay() as started:
        yield started


def _open(make_app: Any, size: tuple[int, int] = (1280, 800)) -> tuple[Any, SettingsScene]:
    app = make_app(size)
    app.push_scene(SetupScene(app))
    run(app)
    scene = SettingsScene(app)
    app.push_scene(scene)
    run(app)
    return app, scene


def _type(app: Any, text: str) -> None:
    run(app, 0, [pygame.event.Event(pygame.TEXTINPUT, text=text)])


def _key(app: Any, key: int, mod: int = 0) -> None:
    run(app, 0, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)])


def _turn_on_and_open(app: Any, scene: SettingsScene) -> None:
    """Online on with the mouse, the page opened with a finger."""
    assert not scene.online_button.visible, "nothing of it shows while it is off"
    tap(app, center(scene.choices["online"][True].rect))
    assert app.settings.online is True and scene.online_button.visible
    touch_tap(app, center(scene.online_button.rect))
    assert scene.online.shown and not scene.done_button.visible
    run(app, 0.6)  # the mouse is heard again half a second after a finger (kit/pointer.py)


def _wait_for_answer(app: Any, scene: SettingsScene, wait: float = 20.0) -> tuple[str, str]:
    deadline = time.monotonic() + wait
    while scene.online.said[0] == "asking":
        assert time.monotonic() < deadline, "the relay test never answered"
        assert scene.busy(), "the screen keeps drawing (the ring turns) while it asks"
        app.step([], FRAME)
        time.sleep(0.005)
    return scene.online.said


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def _settings_file() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(paths.settings_path().read_text(encoding="utf-8"))
    return data


@needs_relay
@pytest.mark.relay
def test_a_typed_address_is_kept_and_tested_against_a_real_relay(make_app: Any, relay: Any) -> None:
    app, scene = _open(make_app)
    _turn_on_and_open(app, scene)
    page = scene.online
    touch_tap(app, center(page.field_button.rect))
    assert page.field.focused
    _type(app, relay.address)
    touch_tap(app, center(page.test_button.rect))
    # A loopback relay may answer within the tap's own frames; until it has, the page says it is asking and the
    # button waits.
    assert page.said == ("ok", "The relay answers.") or (page.said[0] == "asking" and not page.test_button.enabled)
    assert _wait_for_answer(app, scene) == ("ok", "The relay answers.")
    assert app.settings.relay == relay.address and _settings_file()["relay"] == relay.address
    assert page.test_button.enabled
    # A wrong port: no, with the reason (the mouse now: it is heard half a second after a finger).
    run(app, 0.6)
    tap(app, center(page.clear_button.rect))
    _type(app, f"127.0.0.1:{_free_port()}")
    tap(app, center(page.test_button.rect))
    kind, reason = _wait_for_answer(app, scene)
    assert kind == "no" and "nothing answers at 127.0.0.1:" in reason and "port is wrong" in reason
    scene.draw(app.screen)  # the red cross and the reason draw
    # Back to the rows with the mouse; the page's button is there again.
    tap(app, center(page.back_button.rect))
    assert not page.shown and scene.done_button.visible and scene.online_button.visible


def test_a_bad_address_says_why_and_keeps_the_old_one(make_app: Any) -> None:
    app, scene = _open(make_app, (800, 600))
    _turn_on_and_open(app, scene)
    page = scene.online
    tap(app, center(page.field_button.rect))
    _type(app, "relay.example.org:1883")
    _key(app, pygame.K_RETURN)
    assert app.settings.relay == "relay.example.org:1883" and not page.field.focused
    tap(app, center(page.clear_button.rect))
    _type(app, "my relay:99999")
    tap(app, center(page.ok_button.rect))
    kind, reason = page.said
    assert kind == "no" and "is not a relay address" in reason
    assert app.settings.relay == "relay.example.org:1883", "the saved address stays"
    _key(app, pygame.K_BACKSPACE)
    assert page.field.text == "my relay:9999" and page.said == ("", ""), "typing again clears the old answer"
    # Several relays, comma-separated, are one address text; a bad port among them is refused.
    tap(app, center(page.clear_button.rect))
    _type(app, "a.example.org , b.example.org:0")
    tap(app, center(page.ok_button.rect))
    assert page.said[0] == "no" and "is not a port" in page.said[1]
    tap(app, center(page.clear_button.rect))
    _type(app, "a.example.org , b.example.org:8883")
    tap(app, center(page.ok_button.rect))
    assert app.settings.relay == "a.example.org, b.example.org:8883"
    # Many short relays, as long as the field takes: kept whole, and read back from the file the same.
    tap(app, center(page.clear_button.rect))
    _type(app, ",".join(["r"] * (MAX_RELAY_TEXT // 2)))
    tap(app, center(page.ok_button.rect))
    assert app.settings.relay == ",".join(["r"] * (MAX_RELAY_TEXT // 2))
    from doolhof.session.settings import load_settings

    assert load_settings().settings.relay == app.settings.relay
    tap(app, center(page.clear_button.rect))
    _type(app, "a.example.org , b.example.org:8883")
    tap(app, center(page.ok_button.rect))
    # Going back with an address that does not read keeps the saved one.
    _type(app, " x y")
    _key(app, pygame.K_ESCAPE)
    assert not page.shown and app.settings.relay == "a.example.org, b.example.org:8883"


def test_odd_input_is_cleaned_and_cut_short(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = _open(make_app)
    _turn_on_and_open(app, scene)
    page = scene.online
    touch_tap(app, center(page.field_button.rect))
    _type(app, "re\x00lay\n.org\t")
    assert page.field.text == "relay .org "
    run(app, 0, [pygame.event.Event(pygame.TEXTEDITING, text="ж\x07", start=0, length=1)])
    assert page.field.composing == "ж"
    scene.draw(app.screen)
    _type(app, "x" * 1000)
    assert len(page.field.text) == MAX_RELAY_TEXT
    run(app, 0.6)
    tap(app, center(page.clear_button.rect))
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "relay.example.org:1883\r\n")
    _key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert page.field.text == "relay.example.org:1883  "
    touch_tap(app, center(page.ok_button.rect))
    assert app.settings.relay == "relay.example.org:1883"
    run(app, 0.6)
    tap(app, center(page.field_button.rect))
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: (_ for _ in ()).throw(pygame.error("no clipboard")))
    _key(app, pygame.K_v, pygame.KMOD_CTRL)  # nothing pasted, no crash
    assert page.field.text == "relay.example.org:1883"
    # Tested with nothing in the field: it says what to do, it asks nobody.
    tap(app, center(page.clear_button.rect))
    tap(app, center(page.test_button.rect))
    assert page.said[0] == "no" and page.job is None


def test_a_typing_slip_in_the_middle_is_fixed_without_typing_it_all_again(make_app: Any) -> None:
    """The arrows, Home, End, Delete and a tap in the text move and edit at the cursor; a long address scrolls
    so the cursor stays in view."""
    app, scene = _open(make_app, (800, 600))
    _turn_on_and_open(app, scene)
    page = scene.online
    field = page.field
    touch_tap(app, center(page.field_button.rect))
    tap(app, center(page.clear_button.rect))
    _type(app, "relay.exmple.org:1883")
    for _ in range(len("mple.org:1883")):
        _key(app, pygame.K_LEFT)
    _type(app, "a")
    assert field.text == "relay.example.org:1883" and field.cursor == len("relay.exa")
    _key(app, pygame.K_HOME)
    _key(app, pygame.K_DELETE)
    _type(app, "R")
    _key(app, pygame.K_END)
    _key(app, pygame.K_BACKSPACE)
    _type(app, "4")
    assert field.text == "Relay.example.org:1884" and field.cursor == len(field.text)
    # While an input method composes, the arrows are its own.
    run(app, 0, [pygame.event.Event(pygame.TEXTEDITING, text="ж", start=0, length=1)])
    _key(app, pygame.K_HOME)
    assert field.cursor == len(field.text)
    _type(app, "")
    # A tap at the text's left end puts the cursor there.
    run(app, 0.6)
    scene.draw(app.screen)
    tap(app, (field.rect.x + max(8, field.rect.h // 3) // 2 + 1, field.rect.centery))
    assert field.focused and field.cursor == 0
    # A long address: the cursor's end is shown, and going Home shows the start again.
    _key(app, pygame.K_END)
    _type(app, ",relay-two.example.org:8883,relay-three.example.org:8883")
    scene.draw(app.screen)
    assert field._first > 0, "the start scrolled out, the cursor is in view"
    _key(app, pygame.K_HOME)
    scene.draw(app.screen)
    assert field._first == 0
    touch_tap(app, center(page.ok_button.rect))
    assert app.settings.relay.startswith("Relay.example.org:1884")


def test_a_remembered_computer_is_forgotten_only_by_a_hold(make_app: Any) -> None:
    keep = Friend("abcdef0123", 3, bytes(range(32)))
    gone = Friend("0123abcdef", 1, bytes(32))
    store.remember(keep)
    store.remember(gone)
    app, scene = _open(make_app, (800, 1280))
    _turn_on_and_open(app, scene)
    page = scene.online
    assert [f.device for f in page.friends] == [keep.device, gone.device]
    button = page.forget_buttons[1]
    touch_tap(app, center(button.rect))
    run(app, 2.0)
    assert len(store.remembered()) == 2, "a tap forgets nothing"
    assert button.busy() is False
    # A finger held still on it is no resting hand: it fills the ring and forgets.
    run(app, 0, [finger("down", app, center(button.rect))])
    run(app, FORGET_HOLD + 0.2)
    run(app, 0, [finger("up", app, center(button.rect))])
    assert [f.device for f in store.remembered()] == [keep.device]
    assert [f.device for f in page.friends] == [keep.device] and len(page.forget_buttons) == 1
    # And with the mouse.
    run(app, 0.6)
    pos = center(page.forget_buttons[0].rect)
    run(app, FORGET_HOLD + 0.2, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0),
                                                    touch=False),
                                 pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)])
    run(app, 0, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)])
    assert store.remembered() == [] and page.friends == []


def test_turned_off_nothing_of_it_shows_and_the_page_closes(make_app: Any) -> None:
    app, scene = _open(make_app)
    _turn_on_and_open(app, scene)
    scene.change(online=False)  # e.g. a settings file changed under it
    assert not scene.online.shown and not scene.online_button.visible
    scene.open_online()
    assert not scene.online.shown, "the page opens only while online play is on"


class NoNetwork(AssertionError):
    """Raised by anything that tries to open a connection while online play is off."""


def test_while_off_nothing_touches_the_network(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import paho.mqtt.client as mqtt

    from doolhof.online import relay

    opened: list[str] = []

    def refuse(what: str) -> Any:
        def refused(*args: Any, **kwargs: Any) -> Any:
            opened.append(what)
            raise NoNetwork(what)
        return refused

    monkeypatch.setattr(socket, "socket", refuse("socket"))
    monkeypatch.setattr(socket, "create_connection", refuse("create_connection"))
    monkeypatch.setattr(socket, "getaddrinfo", refuse("getaddrinfo"))
    monkeypatch.setattr(mqtt, "Client", refuse("mqtt client"))
    monkeypatch.setattr(relay, "check_relay", refuse("check_relay"))
    for size in ((1280, 800), (800, 1280)):
        app = make_app(size)
        setup = SetupScene(app)
        app.push_scene(setup)
        run(app, 1.0)
        for button in [b for b in setup.buttons.items if b.visible and b.enabled][:6]:
            touch_tap(app, center(button.rect))
            run(app, 0.2)
        app.screens.open_settings()
        run(app)
        scene = app.scene
        assert isinstance(scene, SettingsScene) and not scene.online_button.visible
        for name in ("sound", "reduced_motion", "auto_hint", "hidden_hands"):
            for choice in scene.choices[name].values():
                tap(app, center(choice.rect))
        run(app, 1.0)
        scene.draw(app.screen)
        tap(app, center(scene.done_button.rect))
        run(app, 0.5)
    assert opened == [] and app.settings.online is False


def test_without_a_release_relay_the_page_says_what_a_relay_is_in_the_parents_language(make_app: Any) -> None:
    from doolhof.gui.parents.online_page import MSG_ABOUT, MSG_HINT
    from doolhof.i18n import _, set_language

    app, scene = _open(make_app, (800, 600))
    _turn_on_and_open(app, scene)
    page = scene.online
    assert page.field.text == "" and "mqtts://" in _(MSG_HINT) and "sealed" in _(MSG_ABOUT)
    assert page.about_rect.h > 0 and page.about_rect.bottom <= page.friends_label.top
    assert page.about_rect.top >= page.test_button.rect.bottom
    drawn = app.screen.copy()
    scene.draw(drawn)
    assert drawn.subsurface(page.about_rect).get_bounding_rect(min_alpha=1).w > 0
    for language in ("nl", "de", "sv"):
        set_language(language)
        assert _(MSG_ABOUT) != MSG_ABOUT and "mqtts://" in _(MSG_HINT)
    set_language("en")


@needs_relay
@pytest.mark.relay
def test_with_a_release_relay_the_parent_only_turns_it_on_and_the_test_asks_that_relay(
        make_app: Any, relay: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import doolhof.gui.online.switch as switch
    import doolhof.gui.parents.online_page as online_page

    monkeypatch.setattr(switch, "release_relays", lambda: (relay.address,))
    monkeypatch.setattr(online_page, "release_relays", lambda: (relay.address,))
    app, scene = _open(make_app)
    _turn_on_and_open(app, scene)
    assert switch.online_on(app.settings) and app.settings.relay == "", "nothing typed, and online play is on"
    page = scene.online
    touch_tap(app, center(page.test_button.rect))
    assert _wait_for_answer(app, scene) == ("ok", "The relay answers.")
    assert app.settings.relay == ""
