"""How a play screen follows an online room (:mod:`doolhof.online.follow`), without a relay.

The rooms are made in memory (``started_here``); events are put on the room's queue as the network
thread would put them.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from doolhof.online.client import LinkChanged, OnlineRoom
from doolhof.online.follow import OnlineGame
from doolhof.online.room import Desync, MoveMade, PeerPresence, started_here
from doolhof.online.trouble import Trouble
from doolhof.session.seats import CARDS, SeatConfig, TableSetup


@pytest.fixture
def make_app() -> Iterator[Callable[[], Any]]:
    """An app on the dummy display (no relay: these rooms are made in memory)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from doolhof.gui.launch import build_app

    pygame.init()

    def factory() -> Any:
        screen = pygame.display.set_mode((1280, 800))
        return build_app(screen, argparse.Namespace(mute=True, size=(1280, 800), fullscreen=False, lang="en"))

    yield factory
    pygame.quit()


def follower() -> OnlineGame:
    host, _ = started_here(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}))
    return OnlineGame(OnlineRoom(host, ["127.0.0.1:1"]))  # never started: no connection


def test_the_seats_are_told_apart() -> None:
    online_game = follower()
    assert online_game.here(0) and not online_game.is_far(0)
    assert online_game.is_far(1) and not online_game.here(1)
    assert online_game.is_far(7)  # no such seat: never played from here


def test_far_moves_come_in_order_and_what_does_not_follow_on_is_out_of_step() -> None:
    online_game = follower()
    events = online_game.room.events
    events.put(MoveMade(1, 1, ["push", "N1r0"], False))
    events.put(MoveMade(1, 1, ["push", "N1r0"], False))  # the same entry twice (a resend)
    events.put(MoveMade(2, 1, ["walk", 0, 0], False))
    assert online_game.poll()
    first = online_game.next_move(1)
    assert first is not None and first.seq == 1
    online_game.applied_one()
    second = online_game.next_move(1)
    assert second is not None and second.seq == 2 and not online_game.out_of_step
    online_game.applied_one()
    assert online_game.next_move(1) is None
    events.put(MoveMade(5, 1, ["walk", 0, 0], False))  # a gap
    online_game.poll()
    assert online_game.next_move(1) is None and online_game.out_of_step


def test_a_move_for_another_seat_is_out_of_step_and_this_computers_own_are_not_queued() -> None:
    online_game = follower()
    online_game.room.events.put(MoveMade(1, 0, ["push", "N1r0"], True))  # our own, echoed
    online_game.poll()
    assert online_game.waiting_moves() == 0
    online_game.room.events.put(MoveMade(1, 1, ["push", "N1r0"], False))
    online_game.poll()
    assert online_game.next_move(0) is None and online_game.out_of_step


def test_away_and_back_and_the_relay_lost_and_found() -> None:
    online_game = follower()
    assert not online_game.away
    online_game.room.events.put(PeerPresence(False))
    online_game.poll()
    assert online_game.away
    online_game.room.events.put(PeerPresence(True))
    online_game.room.events.put(LinkChanged(False, "the connection to the relay was lost"))
    online_game.poll()
    assert online_game.away and online_game.trouble is Trouble.LOST
    online_game.room.events.put(LinkChanged(True))
    online_game.poll()
    assert not online_game.away and online_game.trouble is None


def test_a_rebuilt_log_asks_the_screen_to_take_the_checked_game() -> None:
    online_game = follower()
    online_game.room.events.put(Desync(True))
    online_game.poll()
    assert online_game.out_of_step and online_game.trouble is Trouble.REBUILT
    game = online_game.checked()
    assert not online_game.out_of_step and game.turn == 0 and online_game.applied == 0


def test_the_automatic_hint_still_comes_to_a_child_at_an_online_card_table(make_app: Any) -> None:
    from doolhof.gui.cards.scene import CardPlayScene
    from doolhof.gui.kit.far_sign import FarSign

    app = make_app()
    app.settings = replace(app.settings, auto_hint=True)
    table = TableSetup(CARDS, (SeatConfig(), SeatConfig()))
    host, _ = started_here(table, frozenset({1}))
    game = host.game
    assert game is not None
    scene = CardPlayScene(app, game.copy(), table)
    scene.online_game = OnlineGame(OnlineRoom(host, ["127.0.0.1:1"]))
    scene.overlays.append(FarSign(scene, 2))  # the waiting sign lies over every online game
    app.push_scene(scene)
    assert scene.local_person(0) and scene.auto_hint_waiting()
