"""Two computers through a real Mosquitto (the shipped configuration): pairing, whole games, trouble.

Every test here starts its own relay (the ``relay`` fixtures of conftest.py) on a free loopback port.
The two computers are two sets of paho clients in this process that talk only through the relay.
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from typing import Any

import pytest

from doolhof.online.client import CodeDone, CodeFailed, CodeReady, HostCode, JoinCode, LinkChanged, OnlineRoom
from doolhof.online.relay import choose_relay
from doolhof.online.room import Closed, MoveMade, PeerPresence, Ready, Refusal, Room, Started, hello, new_device_id
from doolhof.online.simulate import OnlineSummary, chooser, default_table, play_one
from doolhof.online.trouble import Trouble
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from tests.online.raw import RawClient

WAIT = 20.0  # generous: a shared machine under load can take seconds to schedule the network threads


def code_pair(host_relays: list[str], far_relays: list[str] | None = None,
              far_rules: str | None = None, host_rules: str | None = None) -> tuple[HostCode, JoinCode, Any, Any]:
    """A host's code and a joiner with that code, both run to their end (an app of *host_rules* or *far_rules*
    plays the rules version of an older app)."""
    host_me = hello(new_device_id(), 0)
    if host_rules:
        host_me = replace(host_me, rules=host_rules)
    host = HostCode(host_relays, host_me)
    host.start()
    ready = host.wait(lambda e: isinstance(e, (CodeReady, CodeFailed)), WAIT)[-1]
    assert isinstance(ready, CodeReady)
    me = hello(new_device_id(), 1)
    if far_rules:
        me = replace(me, rules=far_rules)
    join = JoinCode(far_relays or host_relays, me, ready.code)
    join.start()
    joined = join.wait(lambda e: isinstance(e, (CodeDone, CodeFailed)), WAIT)[-1]
    hosted = host.wait(lambda e: isinstance(e, (CodeDone, CodeFailed)), WAIT)[-1]
    return host, join, hosted, joined


def open_rooms(table: TableSetup, far_seats: frozenset[int], host_relays: list[str],
               far_relays: list[str] | None = None) -> tuple[OnlineRoom, OnlineRoom]:
    """Pair two computers and open and start their room."""
    host_code, join, hosted, joined = code_pair(host_relays, far_relays)
    assert isinstance(hosted, CodeDone) and isinstance(joined, CodeDone)
    host = host_code.room(hosted.paired, table, far_seats, host_relays)
    guest = join.room(joined.paired, far_relays or host_relays)
    host_code.stop()
    join.stop()
    host.start()
    guest.start()
    assert any(isinstance(e, Ready) for e in host.wait(lambda e: isinstance(e, Ready), WAIT))
    host.begin()
    assert any(isinstance(e, Started) for e in guest.wait(lambda e: isinstance(e, Started), WAIT))
    return host, guest


def play(host: OnlineRoom, guest: OnlineRoom, moves: int = 10_000, seed: int = 1, wait: bool = True) -> int:
    """Both play their own seats (random players) for up to *moves* moves; the number played."""
    assert host.room.table is not None
    movers = {id(host): chooser(host.room.table.variant, "random", seed),
              id(guest): chooser(host.room.table.variant, "random", seed + 1)}
    played = 0
    while played < moves and host.room.game is not None and not host.room.game.is_over():
        mover, other = (host, guest) if host.room.my_turn() else (guest, host)
        assert mover.room.my_turn() and mover.room.game is not None
        mover.play(movers[id(mover)](mover.room.game.copy()))
        played += 1
        seq = len(mover.room.log or ())
        if wait:
            other.wait(lambda e, n=seq: isinstance(e, MoveMade) and e.seq == n, WAIT)
            assert len(other.room.log or ()) >= seq, f"move {seq} did not arrive"
    return played


def catch_up(behind: OnlineRoom, ahead: OnlineRoom) -> None:
    """Wait (bounded) until *behind* has every entry *ahead* has."""
    deadline = time.monotonic() + 3 * WAIT
    while len(behind.room.log or ()) < len(ahead.room.log or ()) and time.monotonic() < deadline:
        behind.wait(lambda e: isinstance(e, MoveMade), 0.2)
    assert len(behind.room.log or ()) == len(ahead.room.log or ()), "the far computer did not catch up"


def retained_expiries(relay: Any, channel: str, base: str) -> dict[str, int]:
    """The retained messages of *base* on the relay, topic -> the seconds left before the relay drops it."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    found: dict[str, int] = {}
    done = threading.Event()
    client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    client.username_pw_set(channel)

    def message(c: Any, u: Any, m: Any) -> None:
        if m.topic.endswith("/probe"):
            done.set()
        elif m.retain and m.payload:
            found[m.topic] = getattr(m.properties, "MessageExpiryInterval", 0)

    client.on_message = message
    client.on_connect = lambda c, u, f, r, p: (c.subscribe(base + "/#", qos=1), c.publish(base + "/probe", b"", qos=1))
    client.connect(relay.host, relay.port)
    client.loop_start()
    assert done.wait(WAIT), "the probe did not come back"
    client.disconnect()
    client.loop_stop()
    return found


def close(*rooms: OnlineRoom) -> None:
    for room in rooms:
        room.close()


@pytest.mark.parametrize(("variant", "seats", "far_seats"), [
    ("junior", 2, {1}), ("junior-own", 2, {0}), ("classic", 2, {1}), ("junior", 4, {1, 3}),
    (CARDS, 2, {1}), (CARDS, 3, {1}), (CARDS, 4, {0, 2}),
])
def test_two_computers_finish_a_game(relay: Any, variant: str, seats: int, far_seats: set[int]) -> None:
    table = TableSetup(variant, tuple(SeatConfig() for _ in range(seats)))
    summary = OnlineSummary(relay.address, variant)
    # Random players on the big board need a median of about 3800 actions and one deal in eight goes past
    # the 5000 play_one allows (the deal's seed is the two computers' own, not the test's): gentle ones
    # finish there within about 550.
    level = "gentle" if variant == "classic" else "random"
    play_one([relay.address], table, frozenset(far_seats), level, seed=seats, summary=summary)
    assert (summary.games, summary.finished, summary.desyncs, summary.refused) == (1, 1, 0, 0)
    assert summary.moves > 0


def test_a_host_computer_seat_plays_through_the_log(relay: Any) -> None:
    table, far_seats = default_table("cards", "junior", 3)
    assert table.seats[2].is_computer and 2 not in far_seats
    summary = OnlineSummary(relay.address, CARDS)
    play_one([relay.address], table, far_seats, "gentle", seed=3, summary=summary)
    assert (summary.finished, summary.desyncs, summary.refused) == (1, 0, 0)


# A wrong, used, expired or busy code and a slow offer: tests/online/test_meeting.py (over the in-memory relay).


def test_another_version_is_refused_with_a_reason_on_both_sides(relay: Any) -> None:
    host, join, hosted, joined = code_pair([relay.address], far_rules="doolhof-rules-0")
    assert hosted == CodeFailed(Trouble.VERSION) and joined == CodeFailed(Trouble.VERSION)
    host.stop()
    join.stop()


def test_the_relay_restarted_mid_game_both_finish(relay: Any) -> None:
    host, guest = open_rooms(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}), [relay.address])
    play(host, guest, moves=12)
    relay.restart()  # persistence is off: the relay forgets everything, the computers restore it
    play(host, guest)
    assert host.room.game is not None and host.room.game.is_over() and host.room.game == guest.room.game
    assert host.refused == guest.refused == host.desyncs == guest.desyncs == 0
    close(host, guest)


def test_a_network_cut_mid_game_shows_away_and_the_game_goes_on(relay: Any, proxy: Any) -> None:
    host, guest = open_rooms(TableSetup(CARDS, (SeatConfig(), SeatConfig())), frozenset({1}),
                             [relay.address], [proxy.address])
    play(host, guest, moves=6)
    host.poll()
    proxy.cut()
    away = host.wait(lambda e: isinstance(e, PeerPresence), WAIT)
    assert away[-1] == PeerPresence(False)
    if host.room.my_turn():  # the host may play on while the far side is away
        play(host, guest, moves=1, wait=False)
    proxy.heal()
    back = host.wait(lambda e: isinstance(e, PeerPresence), 3 * WAIT)
    assert back[-1] == PeerPresence(True)
    catch_up(guest, host)
    play(host, guest)
    assert host.room.game is not None and host.room.game.is_over() and host.room.game == guest.room.game
    close(host, guest)


def test_a_late_rejoin_after_the_other_side_played_on(relay: Any) -> None:
    table = TableSetup("junior", (SeatConfig(), SeatConfig(), SeatConfig("computer", "gentle")))
    host, guest = open_rooms(table, frozenset({1}), [relay.address])
    play(host, guest, moves=5)
    while not guest.room.my_turn():
        play(host, guest, moves=1)
    while guest.room.my_turn():  # push, then walk
        guest.play(chooser("junior", "random", 7)(guest.room.game.copy()))  # type: ignore[union-attr]
    catch_up(host, guest)
    kept = guest.room.to_dict()  # what the far computer keeps as its waiting game
    guest.leave()
    assert host.wait(lambda e: isinstance(e, PeerPresence), WAIT)[-1] == PeerPresence(False)
    while host.room.my_turn():  # the host plays on: its own seat and its computer seat
        host.play(chooser("junior", "random", 8)(host.room.game.copy()))  # type: ignore[union-attr]
    ahead = len(host.room.log or ())
    back = OnlineRoom(Room.from_dict(kept), [relay.address])
    assert len(back.room.log or ()) < ahead
    back.start()
    back.wait(lambda e: isinstance(e, MoveMade) and e.seq == ahead, WAIT)
    assert back.room.game == host.room.game and back.room.my_turn()
    play(host, back)
    assert host.room.game is not None and host.room.game.is_over() and back.room.game == host.room.game
    close(host, back)


@pytest.mark.parametrize("older", ["host", "joiner"])
def test_an_app_of_the_version_before_meets_this_one_and_both_are_told_to_update(relay: Any, older: str) -> None:
    from tests.online.test_meeting import PREVIOUS_RULES

    rules = {"far_rules" if older == "joiner" else "host_rules": PREVIOUS_RULES}
    host, join, hosted, joined = code_pair([relay.address], **rules)
    host.stop()
    join.stop()
    assert hosted == CodeFailed(Trouble.VERSION) and joined == CodeFailed(Trouble.VERSION), (hosted, joined)


def test_writes_from_outside_the_room_are_refused_and_change_nothing(relay: Any) -> None:
    host, guest = open_rooms(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}), [relay.address])
    play(host, guest, moves=3)
    before = guest.room.game.to_dict() if guest.room.game else None
    guest.poll()
    # someone who learned the room id but not the key: unsealed, garbage, and a too-big message
    intruder = RawClient(relay.host, relay.port, host.room.room_id).start()
    base = host.room.base
    intruder.publish(f"{base}/log/000004", b'{"t":"entry"}')
    intruder.publish(f"{base}/log/000004", b"\x01" + bytes(64))
    intruder.publish(f"{base}/setup", b"\x01" + bytes(40))
    intruder.publish(f"{base}/log/000004", bytes(9000), wait=False)
    intruder.wait_for(lambda: bool(intruder.disconnects), "disconnect for a message over the limit")
    intruder.stop()
    events = guest.wait(lambda e: False, 0.5)
    reasons = sorted(e.reason for e in events if isinstance(e, Refusal))
    assert reasons == ["altered", "altered", "unsealed"]
    assert guest.room.game is not None and guest.room.game.to_dict() == before
    play(host, guest)
    assert host.room.game == guest.room.game and host.room.game is not None and host.room.game.is_over()
    close(host, guest)


def test_a_room_keeps_nothing_on_the_relay_during_the_game_or_after(relay: Any) -> None:
    host, guest = open_rooms(TableSetup(CARDS, (SeatConfig(), SeatConfig())), frozenset({1}), [relay.address])
    play(host, guest, moves=2)
    assert retained_expiries(relay, host.room.room_id, host.room.base) == {}
    play(host, guest)
    for room in (host, guest):
        room.wait(lambda e: isinstance(e, Closed), WAIT)
    close(host, guest)
    late = RawClient(relay.host, relay.port, host.room.room_id).start()
    late.subscribe(host.room.base + "/#")
    late.barrier()
    assert [m for m in late.messages if m.retain and m.payload] == []
    late.stop()


def test_rooms_spread_over_two_relays_by_room_id(relays: Any) -> None:
    addresses = [r.address for r in relays]
    chosen = {str(choose_relay(addresses, f"r{n:032x}")) for n in range(40)}
    assert chosen == set(addresses)  # both relays get rooms
    table = TableSetup("junior", (SeatConfig(), SeatConfig()))
    played = set()
    for _ in range(12):
        if len(played) == 2:
            break
        host, guest = open_rooms(table, frozenset({1}), addresses)
        where = str(host.link.address)
        assert where == str(guest.link.address) == str(choose_relay(addresses, host.room.room_id))
        play(host, guest, moves=6)
        played.add(where)
        close(host, guest)
    assert played == set(addresses)


def test_computers_that_played_once_meet_again_without_a_code(relay: Any) -> None:
    from doolhof.online.client import Accepted, Friend, FriendLink, Invited

    host_code, join, hosted, joined = code_pair([relay.address])
    assert isinstance(hosted, CodeDone) and isinstance(joined, CodeDone)
    # each remembers the other (the secret both derive from the code's exchange is the same)
    host_friend, far_friend = Friend.of(hosted.paired), Friend.of(joined.paired)
    assert host_friend.secret == far_friend.secret and host_friend.channel == far_friend.channel
    assert Friend.from_dict(host_friend.to_dict()) == host_friend
    host_code.stop()
    join.stop()
    host = FriendLink([relay.address], host_code.me, host_friend)
    far = FriendLink([relay.address], join.me, far_friend)
    host.start()
    host.wait(lambda e: isinstance(e, LinkChanged), WAIT)
    host.invite()
    far.start()  # the far computer looks a little later: the invitation waits for it
    invited = far.wait(lambda e: isinstance(e, Invited), WAIT)[-1]
    assert isinstance(invited, Invited) and invited.hello.device == host_code.me.device
    guest_room = far.accept()
    assert isinstance(host.wait(lambda e: isinstance(e, Accepted), WAIT)[-1], Accepted)
    host_room = host.room(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}))
    host.stop()
    far.stop()
    host_room.start()
    guest_room.start()
    host_room.wait(lambda e: isinstance(e, Ready), WAIT)
    host_room.begin()
    guest_room.wait(lambda e: isinstance(e, Started), WAIT)
    play(host_room, guest_room, moves=8)
    assert host_room.room.game == guest_room.room.game
    # a stranger who knows the channel but not the secret is not taken for the friend
    stranger = FriendLink([relay.address], hello(new_device_id(), 3), Friend(host_friend.device, 0, bytes(32)))
    assert stranger.friend.channel != host_friend.channel
    close(host_room, guest_room)
