"""Attacks on a room through a real Mosquitto with the shipped configuration, each while two homes play.

The attackers: someone who learned the room id (the relay's ACL then lets them read and write the room's
topics, but they hold no key: they can only record sealed messages and send them again, wipe topics and
leave junk), and the other family (it holds the room key and plays its own computer). Each test opens a room
between two computers (paho clients in this process that talk only through the relay, the room key shared
as a picture code would share it), runs one attack while they play, and then checks that the family
finishes the game, that neither computer fell out of step (0 desyncs), and how many messages were refused.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from doolhof.online import wire
from doolhof.online.client import CodeFailed, OnlineRoom
from doolhof.online.log import state_digest
from doolhof.online.room import PeerPresence, Publish, Ready, Refusal, Room, Started, hello, new_device_id, new_room_id
from doolhof.online.seal import Sealer, new_key
from doolhof.online.trouble import Trouble
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from tests.online.raw import RawClient, settle, try_to_keep
from tests.online.test_online_games import WAIT, code_pair, play
from tests.online.test_room_guard import OLD_RULES, entry_by

CARD_TABLE = TableSetup(CARDS, (SeatConfig(), SeatConfig()))
#: What a test opened (rooms, raw clients): stopped after it, passed or failed, so no network thread outlives it.
OPENED: list[Any] = []


@pytest.fixture(autouse=True)
def _stop_what_was_opened() -> Iterator[None]:
    yield
    while OPENED:
        OPENED.pop().stop()
MAZE_TABLE = TableSetup("junior", (SeatConfig(), SeatConfig()))


def family(table: TableSetup, host_relays: list[str], guest_relays: list[str] | None = None,
           start_guest: bool = True) -> tuple[OnlineRoom, OnlineRoom]:
    """Two computers in one new room (host first); both started unless *start_guest* is False."""
    members = (new_device_id(), new_device_id())
    room_id, key = new_room_id(), new_key()
    host = OnlineRoom(Room(room_id, key, hello(members[0], 0), members, table=table, far_seats=frozenset({1})),
                      host_relays)
    guest = OnlineRoom(Room(room_id, key, hello(members[1], 1), members), guest_relays or host_relays)
    OPENED.extend((host, guest))
    host.start()
    if start_guest:
        guest.start()
    return host, guest


def begin(host: OnlineRoom, guest: OnlineRoom) -> None:
    assert any(isinstance(e, Ready) for e in host.wait(lambda e: isinstance(e, Ready), WAIT)), "not ready"
    host.begin()
    assert any(isinstance(e, Started) for e in guest.wait(lambda e: isinstance(e, Started), WAIT)), "no start"


def finish(host: OnlineRoom, guest: OnlineRoom) -> None:
    """The family plays to the end: the same game on both, no desync."""
    play(host, guest)
    assert host.room.game is not None and host.room.game.is_over() and host.room.game == guest.room.game
    assert host.desyncs == guest.desyncs == 0
    host.stop()
    guest.stop()


def spy(relay: Any, room: OnlineRoom) -> RawClient:
    """Someone with the room id (and no key), reading everything of the room from now on."""
    client = RawClient(relay.host, relay.port, room.room.room_id).start()
    OPENED.append(client)
    client.subscribe(room.room.base + "/#")
    return client


def own_topic(room: Room, kind: str) -> str:
    """The topic *room*'s computer says *kind* on (``hello``, ``here``, ``have``)."""
    mine = getattr(room, "_mine", None)
    return str(mine(kind)) if mine is not None else f"{room.base}/{kind}/{room.me.device}"


def refused(events: list[Any]) -> list[str]:
    return [e.reason for e in events if isinstance(e, Refusal)]


def test_the_far_computer_playing_the_hosts_seat_is_refused_on_both_sides(relay: Any) -> None:
    host, guest = family(MAZE_TABLE, [relay.address])
    begin(host, guest)
    play(host, guest, moves=4)  # two turns: the host's turn again
    with host.lock:
        game, log = host.room.game, host.room.log
        assert game is not None and log is not None and host.room.my_turn()
        push = game.legal_pushes()[0]
        after = game.copy()
        after.push(push)
        entry = entry_by(guest.room, {"seq": len(log) + 1, "seat": 0, "move": ["push", str(push)],
                                      "prev": log.head, "state": state_digest(after)})
    topic = f"{guest.room.base}/log/{len(log) + 1:06d}"
    guest.link.publish(wire_message(guest.room, topic, {"t": "entry", "entry": entry}))
    host_events = host.wait(lambda e: isinstance(e, Refusal), WAIT)
    guest_events = guest.wait(lambda e: isinstance(e, Refusal), WAIT)
    assert refused(host_events) == ["signature"] and refused(guest_events) == ["signature"]
    assert len(host.room.log or ()) == len(guest.room.log or ()) == 4
    finish(host, guest)
    assert host.refused == guest.refused == 1


def wire_message(room: Room, topic: str, message: dict[str, Any]) -> Publish:
    """*message* sealed with the room key on *topic*, as either computer can seal it."""
    return Publish(topic, Sealer(room.key).seal(topic, wire.dumps(message)), False)


def test_300_replayed_haves_cost_the_host_nothing_while_the_family_plays(relay: Any) -> None:
    host, guest = family(CARD_TABLE, [relay.address], start_guest=False)
    watcher = spy(relay, host)
    host.wait(lambda e: False, 0.5)
    guest.start()
    begin(host, guest)
    watcher.barrier()
    old = next(m for m in watcher.messages if m.topic == own_topic(guest.room, "have"))  # the guest's first: n=0
    play(host, guest, moves=30)
    watcher.barrier()
    entries_before = sum(1 for m in watcher.messages if "/log/" in m.topic)
    for _ in range(300):
        watcher.publish(old.topic, old.payload, wait=False)
    watcher.barrier()
    host.wait(lambda e: False, 1.0)
    watcher.barrier()
    resent = sum(1 for m in watcher.messages if "/log/" in m.topic) - entries_before
    assert resent == 0, f"300 replays made the host send {resent} entries again"
    assert host.refused == 300  # every replay refused as old (the guest ignores its own)
    finish(host, guest)
    watcher.stop()


def test_a_network_cut_or_an_old_will_never_shows_a_present_computer_away(relay: Any, proxy: Any) -> None:
    host, guest = family(CARD_TABLE, [relay.address], [proxy.address])
    begin(host, guest)
    watcher = spy(relay, host)
    play(host, guest, moves=4)
    host.poll()
    for cut in (0.2, 0.5, 0.9, 1.5, 2.0):  # short cuts: the same client id cancels the will, its epoch the rest
        proxy.cut()
        time.sleep(cut)
        proxy.heal()
        assert guest.link.connected.wait(WAIT)
        shown = [e for e in host.wait(lambda e: False, 4.5) if isinstance(e, PeerPresence)]
        assert PeerPresence(False) not in shown, f"shown away after a {cut} s cut"
        assert host.room.peer_here
    proxy.cut()  # a long cut: away, rightly
    assert PeerPresence(False) in host.wait(lambda e: e == PeerPresence(False), WAIT)
    proxy.heal()
    assert PeerPresence(True) in host.wait(lambda e: e == PeerPresence(True), WAIT)
    watcher.barrier()
    wills = [m for m in watcher.messages if "/here/" in m.topic and m.topic != own_topic(host.room, "here")]
    assert any(m.payload for m in wills)
    for m in wills:  # every presence message of the guest the room ever carried (its wills among them), again
        watcher.publish(m.topic, m.payload)
    watcher.barrier()
    host.wait(lambda e: False, 0.5)
    assert host.room.peer_here, "a replayed away hid a present computer"
    finish(host, guest)
    assert host.refused == len(wills)
    watcher.stop()


def test_3000_retained_junk_messages_are_refused_and_a_returning_computer_misses_no_moves(relay: Any) -> None:
    host, guest = family(CARD_TABLE, [relay.address])
    begin(host, guest)
    play(host, guest, moves=5)
    kept = guest.room.to_dict()
    guest.leave()
    topics = [f"{host.room.base}/{('log', 'hello', 'here', 'have', 'x')[n % 5]}/{n:06d}" for n in range(3000)]
    for _ in range(3):  # it comes back and tries again: cut off at its first retained message every time
        assert try_to_keep(relay.host, relay.port, host.room.room_id, topics, b"\x01" + bytes(60)) == \
            ["Retain not supported"]
    late = spy(relay, host)  # a client that subscribes now finds nothing kept
    late.barrier()
    assert late.messages == []
    back = OnlineRoom(Room.from_dict(kept), [relay.address])
    OPENED.append(back)
    back.start()
    assert back.link.connected.wait(WAIT)
    finish(host, back)
    assert back.refused == 0, "the returning computer was sent none of the junk"


def test_a_wiped_hello_setup_and_deal_do_not_keep_the_guest_waiting(relay: Any) -> None:
    host, guest = family(CARD_TABLE, [relay.address], start_guest=False)
    watcher = spy(relay, host)
    host.wait(lambda e: False, 0.5)
    watcher.barrier()
    wipes = sorted({m.topic for m in watcher.messages} | {f"{host.room.base}/{t}" for t in ("setup", "start")})
    # wiping (an empty retained message) by someone with the room id: cut off, and there was nothing to wipe
    assert try_to_keep(relay.host, relay.port, host.room.room_id, wipes, b"") == ["Retain not supported"]
    guest.start()
    begin(host, guest)
    finish(host, guest)
    settle(0.1)
    watcher.barrier()
    seen = {m.topic for m in watcher.messages}
    assert seen and not [t for t in seen for device in host.room.members if device in t], "a device id in a topic"
    watcher.stop()


def test_an_app_of_the_version_before_is_refused_at_pairing_with_the_plain_version_answer(relay: Any) -> None:
    host, join, hosted, joined = code_pair([relay.address], far_rules=OLD_RULES)
    OPENED.extend((host, join))
    assert hosted == CodeFailed(Trouble.VERSION) and joined == CodeFailed(Trouble.VERSION)
