"""Two windows of Doolhof on one computer with one online memory open the same waiting game: one plays it.

Each computer connects to a room with one client id (docs/online.md), so two copies in one room take the
connection from each other, each reconnecting and taking it back. Measured through the shipped Mosquitto on
the code before the hold: two copies of one room connected 13 times in 12 s, two app windows continuing one
waiting game 8 times in 6 s, for as long as both ran; with it (:class:`~doolhof.online.store.RoomHold`), the
second copy does not connect, says so (:class:`~doolhof.online.client.OpenElsewhere`), and plays on once the
first lets go.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from doolhof.online import store
from doolhof.online.client import LinkChanged, OnlineRoom, OpenElsewhere
from doolhof.online.relay import RelayLink
from doolhof.online.room import MoveMade, PeerPresence, Room
from doolhof.session.seats import SeatConfig, TableSetup
from tests.online.test_online_games import WAIT, open_rooms, play


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This computer's online memory in the test's own folder."""
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    yield


def counting(connects: list[str], name: str) -> Any:
    """A link factory whose links note *name* in *connects* on every connection to the relay."""
    def factory(*args: Any, on_connect: Any = None, **kwargs: Any) -> RelayLink:
        def connected() -> None:
            connects.append(name)
            if on_connect is not None:
                on_connect()

        return RelayLink(*args, on_connect=connected, **kwargs)

    return factory


def two_copies(relay: Any, connects: list[str]) -> tuple[OnlineRoom, OnlineRoom, OnlineRoom]:
    """A started game whose host left; the far computer (guest) plays on; two copies of the host's program open
    the host's waiting game from one online memory: (first, second, guest), not started."""
    host, guest = open_rooms(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}), [relay.address])
    play(host, guest, moves=4)
    kept = host.room.to_dict()
    assert store.save_room(kept)
    host.leave()
    assert guest.wait(lambda e: e == PeerPresence(False), WAIT)[-1] == PeerPresence(False)
    (waiting,) = store.waiting_rooms()
    first, second = (OnlineRoom(Room.from_dict(waiting), [relay.address], link_factory=counting(connects, name))
                     for name in ("first", "second"))
    assert first.room.client_id == second.room.client_id == host.room.client_id
    return first, second, guest


def test_a_second_copy_of_a_room_does_not_connect_and_the_first_plays_on_undisturbed(relay: Any) -> None:
    connects: list[str] = []
    first, second, guest = two_copies(relay, connects)
    assert first.hold()
    first.start()
    assert first.link.connected.wait(WAIT)
    assert not second.hold(), "the room is held by the first copy"
    second.start()
    assert second.wait(lambda e: isinstance(e, OpenElsewhere), WAIT)[-1] == OpenElsewhere(True)
    assert second.held_elsewhere and not second.link.connected.is_set()
    guest.poll()
    played = play(first, guest, moves=6)
    time.sleep(4.0)  # longer than the relay's will delay: a taken-over connection would have said "away"
    assert played == 6 and first.room.game == guest.room.game
    assert connects == ["first"], f"connections: {connects}"
    assert PeerPresence(False) not in guest.poll(), "the far computer never saw this computer go"
    assert first.refused == guest.refused == first.desyncs == guest.desyncs == 0
    # the first window leaves the game: the second one takes the room and plays on
    first.leave()
    assert OpenElsewhere(False) in second.wait(lambda e: e == OpenElsewhere(False), WAIT)
    assert second.wait(lambda e: isinstance(e, LinkChanged) and e.up, WAIT)
    seq = len(guest.room.log or ())
    second.wait(lambda e: isinstance(e, MoveMade) and e.seq >= seq, 2.0)  # anything it missed comes with the link
    play(second, guest, moves=4)
    assert second.room.game == guest.room.game and connects == ["first", "second"]
    second.leave()
    guest.leave()


def test_a_copy_of_this_program_leaving_the_room_hands_it_over_at_once(relay: Any) -> None:
    """The same window leaves a game and continues it again at once: the new room object waits for the old one to
    let go (no two connections of one client id), then connects."""
    connects: list[str] = []
    first, second, guest = two_copies(relay, connects)
    assert first.hold()
    first.start()
    assert first.link.connected.wait(WAIT)
    assert not store.open_elsewhere(first.room.client_id), "held by this program: not another window"
    first.leave_soon()
    second.hold()
    second.start()
    assert second.wait(lambda e: isinstance(e, LinkChanged) and e.up, WAIT)
    assert first.settle() and not first.link.connected.is_set()
    time.sleep(1.0)
    assert connects == ["first", "second"], f"connections: {connects}"
    play(second, guest, moves=2)
    second.leave()
    guest.leave()


def test_another_program_holding_the_room_is_seen(tmp_path: Path) -> None:
    name = "d" + "ab" * 11
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from doolhof.online.store import RoomHold; "
         f"h = RoomHold({name!r}); print(h.take(), flush=True); time.sleep(30)"],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "DOOLHOF_HOME": str(tmp_path)})
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "True"
        assert store.open_elsewhere(name)
        assert not store.RoomHold(name).take()
    finally:
        holder.kill()
        holder.wait()
    assert not store.open_elsewhere(name), "the lock goes with the program, however it ends"
    hold = store.RoomHold(name)
    assert hold.take() and not store.RoomHold(name).take(), "one hold per room in one program too"
    hold.release()
    again = store.RoomHold(name)
    assert again.take()
    again.release()


def test_the_lock_file_of_a_room_nobody_took_for_a_week_is_removed() -> None:
    old, fresh = store.RoomHold("d" + "01" * 11), store.RoomHold("d" + "02" * 11)
    assert old.take() and fresh.take()
    old.release()
    fresh.release()
    locks = store.folder() / store.LOCKS
    stale = time.time() - store.KEEP_SECONDS - 60
    os.utime(locks / f"{old.name}.lock", (stale, stale))
    held = store.RoomHold("d" + "03" * 11)
    assert held.take()
    os.utime(locks / f"{held.name}.lock", (stale, stale))
    store.waiting_rooms()
    assert sorted(p.stem for p in locks.glob("*.lock")) == sorted([fresh.name, held.name]), "a held one stays"
    held.release()


def test_two_windows_continuing_one_waiting_game_do_not_take_its_connection_from_each_other(
        relay: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two windows (apps on one online memory) both continue the host's waiting game: on the code before the hold
    their rooms took the one connection from each other about once a second; now the first plays, the second
    waits without connecting, and the far computer sees this computer stay."""
    import argparse
    from dataclasses import replace

    import pygame

    from doolhof.gui.launch import build_app
    from doolhof.online import client

    first, _second, guest = two_copies(relay, [])
    name = first.room.client_id
    connects: list[str] = []

    def window_link(*args: Any, on_connect: Any = None, **kwargs: Any) -> RelayLink:
        return counting(connects, kwargs.get("client_id") or "")(*args, on_connect=on_connect, **kwargs)

    monkeypatch.setattr(client, "RelayLink", window_link)
    (kept,) = store.waiting_rooms()
    pygame.init()
    screen = pygame.display.set_mode((800, 600))
    apps = []
    for _ in range(2):
        app = build_app(screen, argparse.Namespace(mute=True, size=(800, 600), fullscreen=False, lang="en"))
        app.settings = replace(app.settings, tutorial_done=True, online=True, relay=relay.address, auto_hint=False)
        app.screens.show_setup()
        apps.append(app)
    try:
        for app in apps:
            assert app.screens.resume_online(kept)
        guest.poll()
        deadline = time.monotonic() + 6.0
        while time.monotonic() < deadline:
            for app in apps:
                app.step([], 1 / 30)
            time.sleep(1 / 30)
        assert connects.count(name) == 1, f"the room connected {connects.count(name)} times in 6 s"
        assert PeerPresence(False) not in guest.poll()
    finally:
        for app in apps:
            app.screens.close_online()
        guest.leave()
        pygame.quit()
