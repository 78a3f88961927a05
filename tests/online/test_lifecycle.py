"""An online room's life on this computer (:class:`~doolhof.online.lifecycle.OnlineSession`), over the in-memory
relay: from the lobby through play to leaving, ending or closing, and a waiting game brought back."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from doolhof.online import store
from doolhof.online.client import LinkChanged, OnlineRoom
from doolhof.online.lifecycle import OnlineSession, Phase
from doolhof.online.room import Ended, PeerPresence, Room, Started, hello
from doolhof.online.seal import new_key
from doolhof.online.simulate import chooser
from doolhof.online.trouble import Trouble
from doolhof.session.seats import SeatConfig, TableSetup
from doolhof.session.writer import SaveWriter
from tests.online.bus import GUEST, HOST, MemoryRelay

RELAYS = ["memory:1"]
ROOM_ID = "rlifecycle0001"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This computer's online memory in a folder of its own."""
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    return tmp_path


class Kept:
    """One computer's online memory as the session keeps it (the newest data of each room)."""

    def __init__(self) -> None:
        self.rooms: dict[str, dict[str, Any]] = {}
        self.threads: list[str] = []

    def __call__(self, data: dict[str, Any]) -> None:
        self.rooms[str(data["room"])] = data
        self.threads.append(threading.current_thread().name)

    def latest(self) -> dict[str, Any]:
        return self.rooms[ROOM_ID]


@pytest.fixture
def sessions() -> Iterator[tuple[OnlineSession, OnlineSession, MemoryRelay]]:
    """The host's and the guest's session of one room, in the lobby, over one in-memory relay."""
    relay = MemoryRelay()
    table = TableSetup("junior", (SeatConfig(), SeatConfig()), secrets=1)
    key = new_key()
    host = Room(ROOM_ID, key, hello(HOST, 0), (HOST, GUEST), table=table, far_seats=frozenset({1}))
    guest = Room(ROOM_ID, key, hello(GUEST, 1), (HOST, GUEST))
    made = (OnlineSession(OnlineRoom(host, RELAYS, link_factory=relay.link)),
            OnlineSession(OnlineRoom(guest, RELAYS, link_factory=relay.link)))
    yield made[0], made[1], relay
    for session in made:
        session.join_closing()
        session.stop()


def started(host: OnlineSession, guest: OnlineSession) -> None:
    """Both open the room in the lobby; the host's parent starts the game."""
    host.connect()
    guest.connect()
    assert host.room.view.ready and host.phase is guest.phase is Phase.LOBBY
    host.begin()
    assert host.room.settle() and host.room.view.game is not None and guest.room.view.game is not None
    assert any(isinstance(e, Started) for e in guest.room.poll())


def play_to_the_end(host: OnlineSession, guest: OnlineSession, most: int = 2_000) -> None:
    """Both screens hand their own seats' moves to the room (random players) until the game is over."""
    assert host.game is not None and guest.game is not None
    pick = chooser("junior", "random", 3)
    for _ in range(most):
        view = host.room.view
        assert view.game is not None
        if view.game.is_over():
            return
        mover = host if host.game.here(view.game.current_player) else guest
        game = mover.game
        assert game is not None
        game.send(pick(view.game.copy()))
        assert mover.room.settle()
    raise AssertionError("the game never ended")


def test_from_the_lobby_through_play_to_the_end_the_room_is_closed_and_forgotten(sessions: Any) -> None:
    host, guest, relay = sessions
    started(host, guest)
    kept = Kept(), Kept()
    for session, memory in zip((host, guest), kept, strict=True):
        session.play(memory)
        assert session.phase is Phase.PLAYING
        assert session.room.settle()
        assert memory.latest()[store.RELAY_KEY] == "memory:1", "kept with the relay it plays on"
    with pytest.raises(ValueError):
        host.play(kept[0])  # a room is played from one screen, once
    play_to_the_end(host, guest)
    for session in (host, guest):
        assert session.finished and session.game is not None
        session.game.over()  # the screen saw the end: the room is let go
        assert session.phase is Phase.CLOSED
        session.join_closing()
        assert session.room.view.closed and not session.room.link.connected.is_set()
    assert host.far_seats == frozenset({1}) and guest.far_seats == frozenset()
    assert relay.topics(ROOM_ID) == [], "nothing of the game stays on the relay"
    host.leave()  # after the end, a leave changes nothing
    assert host.phase is Phase.CLOSED


def test_back_from_the_lobby_the_far_side_sees_away_and_the_room_goes(sessions: Any) -> None:
    host, guest, _relay = sessions
    started(host, guest)
    guest.leave()
    assert guest.phase is Phase.LEFT
    assert guest.room.settle() and not guest.room.link.connected.is_set()
    assert PeerPresence(False) in host.room.poll()
    guest.leave()  # twice: nothing more
    with pytest.raises(ValueError):
        guest.play()
    guest.connect()
    assert not guest.room.link.connected.is_set(), "a room left stays closed"


def test_leaving_a_game_keeps_it_waiting_and_it_comes_back_from_the_online_memory(sessions: Any) -> None:
    host, guest, relay = sessions
    started(host, guest)
    guest.play(Kept())
    host.play()  # kept in this computer's online memory (the store)
    assert host.game is not None and host.room.view.game is not None
    host.game.send(chooser("junior", "random", 1)(host.room.view.game.copy()))
    assert host.room.settle()
    host.leave()
    assert host.phase is Phase.LEFT and host.room.settle()
    assert PeerPresence(False) in guest.room.poll()
    assert host.trouble is None, "a computer that left on purpose is no trouble"
    waiting = store.waiting_rooms()
    assert [w["room"] for w in waiting] == [ROOM_ID] and waiting[0][store.RELAY_KEY] == "memory:1"
    back = OnlineSession.resume(waiting[0], ["elsewhere:1"], link_factory=relay.link)
    assert back is not None and back.phase is Phase.LOBBY
    assert back.room.link.address is not None and str(back.room.link.address) == "memory:1", "its own relay"
    follower = back.play()
    assert back.phase is Phase.PLAYING and follower.applied == 1
    assert back.room.settle() and PeerPresence(True) in guest.room.poll()
    back.stop()


def test_a_waiting_game_that_cannot_come_back_is_refused(sessions: Any) -> None:
    host, guest, relay = sessions
    assert OnlineSession.resume({"room": "x"}, RELAYS) is None, "damaged"
    lobby = host.room.room.to_dict()
    assert OnlineSession.resume(lobby, RELAYS) is None, "never started"
    started(host, guest)
    data = host.room.room.to_dict()
    assert OnlineSession.resume(data, RELAYS) is None, "not kept on this computer"
    store.save_room(data)
    assert OnlineSession.resume(data, []) is None, "no relay to play it on"
    assert OnlineSession.resume(data, RELAYS, link_factory=relay.link) is not None
    store.save_room({**data, "closed": True})  # ended on the parents' page since it was offered
    assert OnlineSession.resume(data, RELAYS, link_factory=relay.link) is None


def test_a_game_played_to_its_end_is_closed_when_left(sessions: Any) -> None:
    host, guest, _relay = sessions
    started(host, guest)
    host.play(Kept())
    guest.play(Kept())
    play_to_the_end(host, guest)
    host.leave()  # the parent left before the celebration: it is over all the same
    assert host.phase is Phase.CLOSED
    host.join_closing()
    assert host.room.view.closed


def test_a_parent_ends_it_here_and_the_far_side_forgets_it_too(sessions: Any) -> None:
    host, guest, relay = sessions
    started(host, guest)
    kept = Kept(), Kept()
    host.play(kept[0])
    followed = guest.play(kept[1])
    host.end()
    assert host.phase is Phase.ENDED and host.room.settle()
    assert kept[0].latest()["closed"], "forgotten here"
    followed.poll()
    assert followed.ended and guest.phase is Phase.ENDED
    assert kept[1].latest()["closed"], "forgotten there"
    assert guest.trouble is None
    sent = len(relay.sent)
    guest.leave()  # the setup screen follows: the link just goes, with no "away"
    assert guest.phase is Phase.ENDED and guest.room.settle()
    assert relay.sent[sent:] == [] and not guest.room.link.connected.is_set()
    assert Ended(True) in host.room.poll()
    host.end()  # twice: nothing more


def test_the_programs_end_leaves_at_once_and_never_raises(sessions: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    host, guest, _relay = sessions
    started(host, guest)
    host.play(Kept())
    guest.play(Kept())
    guest.quit()  # waits for the message: the far side hears it before this returns
    assert guest.phase is Phase.LEFT and PeerPresence(False) in host.room.poll()

    def broken() -> None:
        raise OSError("the network went")

    monkeypatch.setattr(host.room, "leave", broken)
    host.quit()
    assert host.phase is Phase.LEFT


def test_the_room_is_kept_on_the_writer_thread_and_at_once_once_it_is_closed(sessions: Any) -> None:
    host, guest, _relay = sessions
    started(host, guest)
    writer, kept = SaveWriter(), Kept()
    host.play(kept, writer)
    assert host.room.settle() and writer.flush(5)
    assert kept.threads == ["doolhof-save"], "the disk is the writer thread's"
    writer.close()
    assert host.game is not None and host.room.view.game is not None
    host.game.send(chooser("junior", "random", 1)(host.room.view.game.copy()))
    assert host.room.settle()
    assert kept.threads[-1] == "doolhof-room", "the writer closed (the program ends): kept here and now"


def test_the_parents_menu_reads_the_trouble_of_the_game_on_screen(sessions: Any) -> None:
    host, guest, _relay = sessions
    assert host.trouble is None, "nothing on screen yet"
    started(host, guest)
    followed = host.play(Kept())
    host.room.events.put(LinkChanged(False, "cut"))
    followed.poll()
    assert host.trouble is Trouble.LOST
    host.room.events.put(LinkChanged(True))
    followed.poll()
    assert host.trouble is None
