"""The frame loop never waits for the network side or the disk: it reads snapshots and hands moves over.

The network side owns the room (its lock is taken on the link's thread and the room's worker, never on the
screen's); a screen reads :attr:`OnlineRoom.view` and hands this computer's moves over with
:meth:`OnlineRoom.send`; the room's file is written on the writer thread, the newest state winning.
The rooms are made in memory (``started_here``) over the in-memory relay.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from doolhof.online.client import MoveRefused, OnlineRoom
from doolhof.online.follow import OnlineGame
from doolhof.online.room import MoveMade, started_here
from doolhof.online.simulate import chooser
from doolhof.session.seats import SeatConfig, TableSetup
from tests.online.bus import MemoryRelay
from tests.online.test_follow import make_app  # noqa: F401  # the fixture

#: Far more than a frame: a call that waits for the held lock or the slow disk takes at least this long.
HELD = 0.4


def online_room() -> OnlineRoom:
    host, _ = started_here(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}))
    return OnlineRoom(host, ["memory:1"], link_factory=MemoryRelay().link)


@pytest.fixture
def held() -> Iterator[Any]:
    """Hold a room's lock on another thread for :data:`HELD` seconds (the network side busy with a message)."""
    threads: list[threading.Thread] = []

    def hold(room: OnlineRoom) -> None:
        taken = threading.Event()

        def run() -> None:
            with room.lock:
                taken.set()
                time.sleep(HELD)

        thread = threading.Thread(target=run)
        thread.start()
        threads.append(thread)
        taken.wait(5)

    yield hold
    for thread in threads:
        thread.join()


def quick(call: Any, *args: Any) -> Any:
    start = time.perf_counter()
    result = call(*args)
    took = time.perf_counter() - start
    assert took < HELD / 2, f"the frame loop waited {took * 1000:.0f} ms"
    return result


def test_a_move_played_on_screen_is_handed_over_while_the_network_side_holds_the_room(held: Any) -> None:
    room = online_room()
    online_game = OnlineGame(room)
    view = room.view
    assert view.game is not None
    move = chooser("junior", "random", 1)(view.game.copy())
    held(room)
    quick(online_game.send, move)
    assert not online_game.out_of_step, "a move on its way is no trouble"
    assert room.settle()
    assert room.view.entries == 1 and room.view.game is not None and room.view.game.turn == 0
    assert any(isinstance(e, MoveMade) and e.mine for e in room.poll())


def test_the_screen_reads_and_takes_the_checked_game_without_the_lock(held: Any) -> None:
    room = online_room()
    online_game = OnlineGame(room)
    held(room)
    quick(online_game.poll)
    game = quick(online_game.checked)
    assert game.turn == 0 and online_game.applied == 0
    assert game is not room.view.game and game is not room.room.game, "the screen's own copy"


def test_a_move_the_room_refuses_comes_back_and_the_screen_takes_the_checked_game() -> None:
    room = online_room()
    online_game = OnlineGame(room)
    online_game.send(["walk", 0, 0])  # a walk in the push phase
    assert room.settle()
    events = room.poll()
    assert [type(e) for e in events] == [MoveRefused]
    for event in events:
        room.events.put(event)
    online_game.poll()
    assert online_game.out_of_step and online_game.checked().turn == 0 and online_game.applied == 0


def test_an_online_game_is_kept_on_the_writer_thread_the_newest_winning(make_app: Any) -> None:  # noqa: F811
    app = make_app()
    kept: list[tuple[str, int]] = []

    def slow_disk(data: dict[str, Any]) -> None:
        time.sleep(HELD)
        entries = data.get("entries")
        kept.append((threading.current_thread().name, len(entries) if isinstance(entries, list) else -1))

    app.screens.keep_room = slow_disk
    room = online_room()
    app.screens.start_online(room)
    online = app.screens.online
    assert online is not None and online.game is not None and room.view.game is not None
    online_game = online.game
    pick = chooser("junior", "random", 2)
    game = room.view.game.copy()
    for _ in range(2):  # the host's push and walk, played on screen
        move = pick(game.copy())
        from doolhof.online.moves import apply_move

        apply_move(game, move)
        quick(online_game.send, move)
    assert room.settle()
    assert kept == [], "the frame loop did not wait for the disk"
    app.session.flush()
    assert kept and all(name == "doolhof-save" for name, _ in kept), kept
    assert kept[-1][1] == 2, "the newest state is on disk"
    assert len(kept) < 3, "a state still waiting was replaced by the newer one"
    room.stop()
