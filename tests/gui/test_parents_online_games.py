"""The parents' list of waiting online games (settings, playing far away): ending one, and games an older Doolhof made.

Driven headless with synthetic mouse and finger events; the rooms are written into the test's own online memory
(``DOOLHOF_HOME``) as a started game would leave them; no relay address is set, so an end tells nobody (and
opens no connection).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest

from doolhof.gui.parents.online_games import END_HOLD, MSG_OLD, MSG_OLD_FORGOTTEN, end_game
from doolhof.gui.parents.settings_scene import SettingsScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.online import store
from doolhof.online.room import Room, started_here
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from tests.gui.helpers import FRAME, center, finger, run, touch_tap
from tests.scripts import load_script

SIZES = [(1280, 800), (800, 600), (800, 1280)]


def keep_started(variant: str, room_id: str) -> Room:
    """A started online game of *variant* (the host's side, seat 1 far away), kept in this computer's memory."""
    host, _far = started_here(TableSetup(variant, (SeatConfig(), SeatConfig())), frozenset({1}), room_id)
    assert store.save_room(host.to_dict())
    return host


def keep_old(room_id: str, figure: int = 3) -> dict[str, Any]:
    """A waiting room as an older Doolhof wrote it: format version 1 (no signing key, no epochs), the rules of
    ``doolhof-rules-1``, the whole log in its one file."""
    host = keep_started("junior", "rtemplate0001")
    data = host.to_dict()
    store.save_room(dict(data, closed=True))
    for key in ("signing", "ended", "epoch", "peer_seen"):
        data.pop(key)
    old = {**data, "version": 1, "room": room_id,
           "me": {**data["me"], "rules": "doolhof-rules-1"}, "peer": {**data["peer"], "rules": "doolhof-rules-1",
                                                                      "figure": figure}}
    old["me"].pop("sign", None)
    old["peer"].pop("sign", None)
    path = store.folder() / "rooms" / f"{room_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(old))
    return old


def open_page(make_app: Any, size: tuple[int, int]) -> tuple[Any, Any]:
    """The app with online play on (no relay address) and the parents' page for playing far away open."""
    app = make_app(size)
    app.settings = replace(app.settings, online=True)
    app.push_scene(SetupScene(app))
    run(app)
    scene = SettingsScene(app)
    app.push_scene(scene)
    run(app)
    touch_tap(app, center(scene.online_button.rect))
    run(app, 0.6)
    assert scene.online.shown
    return app, scene.online


def hold_cross(app: Any, button: Any) -> None:
    """Hold *button* (an end cross) with a finger until its ring is full, then let go."""
    pos = center(button.rect)
    run(app, 0, [finger("down", app, pos)])
    run(app, END_HOLD + 0.2)
    run(app, 0, [finger("up", app, pos)])
    run(app, 0.6)


def cross_drawn(app: Any, button: Any) -> bool:
    """True when *button*'s cross is on screen where it takes a finger (its ring's face colour there)."""
    rect = button.rect
    if rect.w < 20 or not app.screen.get_rect().contains(rect):
        return False
    app.request_redraw()
    app.step([], 0.0)
    face = app.screen.get_at(rect.center)
    return bool(face != app.screen.get_at((rect.x - 2, rect.centery)))


@pytest.mark.parametrize("size", SIZES)
def test_after_one_game_is_ended_the_others_keep_their_cross(make_app: Any, size: tuple[int, int]) -> None:
    rooms = [keep_started(variant, f"rwaiting000{k}") for k, variant in enumerate(("junior", CARDS, "junior"))]
    app, page = open_page(make_app, size)
    games = page.games
    assert sorted(g.room_id for g in games.games) == sorted(r.room_id for r in rooms)
    first = games.end_buttons[0]
    gone = games.games[0].room_id
    hold_cross(app, first)
    assert not store.is_kept(gone) and len(games.games) == 2
    for button, cell in zip(games.end_buttons, games.game_rects):
        assert button.rect.w >= 20 and button.rect.midtop[0] == cell.centerx, "each cross under its game"
        assert cross_drawn(app, button)
    # and the cross still ends its game, by a finger held on it
    second = games.games[1].room_id
    hold_cross(app, games.end_buttons[1])
    assert not store.is_kept(second) and [g.room_id for g in games.games] != [second] and len(games.games) == 1


@pytest.mark.parametrize("size", SIZES)
def test_a_game_an_older_doolhof_made_is_listed_with_a_note_and_can_be_forgotten(
        make_app: Any, size: tuple[int, int]) -> None:
    keep_started("junior", "rnewgame00001")
    old = keep_old("roldgame00001", figure=3)
    assert [g.room_id for g in store.waiting_games(6)] == ["rnewgame00001"], "never offered to continue"
    app, page = open_page(make_app, size)
    games = page.games
    assert sorted(g.room_id for g in games.games) == ["rnewgame00001", "roldgame00001"]
    (listed,) = [g for g in games.games if g.old]
    assert listed.figure == 3 and games.note == MSG_OLD
    assert games.note_rect.h > 0 and app.screen.get_rect().contains(games.note_rect)
    assert not games.note_rect.colliderect(games.label_rect)
    for cell, button in zip(games.game_rects, games.end_buttons):
        assert not games.note_rect.colliderect(cell) and not games.note_rect.colliderect(button.rect)
    k = games.games.index(listed)
    assert cross_drawn(app, games.end_buttons[k])
    touch_tap(app, center(games.end_buttons[k].rect))
    run(app, 2.0)
    assert store.is_kept(old["room"]), "a tap ends nothing"
    hold_cross(app, games.end_buttons[k])
    assert not store.is_kept(old["room"]) and [g.room_id for g in games.games] == ["rnewgame00001"]
    assert store.is_kept("rnewgame00001")
    for _ in range(100):
        if not games.jobs:
            break
        run(app, FRAME)
        pygame.time.wait(10)
    assert games.said == MSG_OLD_FORGOTTEN, "nobody to tell: said so plainly"
    assert games.note == "", "no older game listed: no note"


def test_the_setup_screen_does_not_offer_a_game_an_older_doolhof_made(make_app: Any) -> None:
    keep_old("roldgame00002")
    app = make_app((1280, 800))
    app.settings = replace(app.settings, online=True, relay="127.0.0.1:1")
    scene = SetupScene(app)
    app.push_scene(scene)
    run(app)
    assert scene.online_game_buttons == [] and scene.offered_online() is None


@pytest.fixture
def relay() -> Iterator[Any]:
    """A Mosquitto relay from the shipped configuration on a free 127.0.0.1 port."""
    local_relay = load_script("local_relay", "local_relay")
    if local_relay.find_mosquitto() is None:
        pytest.skip("mosquitto is not installed, so the relay is not tried here")
    with local_relay.LocalRelay() as started:
        yield started


@pytest.mark.relay
def test_ending_an_older_doolhofs_game_tells_a_remembered_computer_on_their_own_channel(relay: Any) -> None:
    from doolhof.online.client import FriendLink, RoomEnded
    from doolhof.online.meeting import Friend
    from doolhof.online.room import hello

    old = keep_old("roldgame00003")
    me, peer = old["members"]
    secret = bytes(range(32))
    store.remember(Friend(peer, 1, secret))
    listener = FriendLink([relay.address], hello(peer, 1), Friend(me, 0, secret))  # the other computer's setup
    listener.start()
    assert listener.link.connected.wait(20.0)
    time.sleep(0.5)  # its subscription is in place
    assert end_game(old, [relay.address]), "the relay took the news"
    heard = listener.wait(lambda e: isinstance(e, RoomEnded), 20.0)
    assert RoomEnded("roldgame00003") in heard
    listener.stop()
    assert not end_game({**old, "room": "roldgame00004", "members": [me, "0000000000000000"]}, [relay.address]), \
        "nobody remembered to tell: not told"
