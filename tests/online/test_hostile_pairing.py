"""Attacks on pairing and invitations through a real Mosquitto with the shipped configuration, while a family
pairs (one retry at most) and plays to the end.

The attackers are strangers on the same relay, with any username and one address: a squatter who fills the
meeting places it can name, a watcher who answers everything it sees with junk, a host that dies while its
code is on screen, and someone who recorded a pair's sealed invitation and accept and sends them again.
"""

from __future__ import annotations

import json
import time
from typing import Any

import paho.mqtt.client as mqtt

from doolhof.online.client import (
    Accepted,
    CodeDone,
    CodeFailed,
    CodeReady,
    Friend,
    FriendLink,
    HostCode,
    Invited,
    JoinCode,
    OnlineRoom,
)
from doolhof.online.pairing import PictureCode
from doolhof.online.room import Ready, Started, hello, new_device_id
from doolhof.online.seal import new_key
from doolhof.online.trouble import Trouble
from doolhof.session.seats import SeatConfig, TableSetup
from tests.online.raw import RawClient, try_to_keep
from tests.online.test_online_games import WAIT, play

MAZE = TableSetup("junior", (SeatConfig(), SeatConfig()))
#: The 144 public slots of the first two pictures (the pairing before meeting places).
OLD_SLOTS = [f"pair-{n:03d}" for n in range(144)]


def pair_and_play(relays: list[str], tries: int = 2) -> int:
    """A family pairs by picture code (a new code once at most, as a parent would after "make a new code")
    and plays a maze game to its end; returns the tries it took."""
    for attempt in range(1, tries + 1):
        host = HostCode(relays, hello(new_device_id(), 0))
        host.start()
        ready = host.wait(lambda e: isinstance(e, (CodeReady, CodeFailed)), WAIT)
        if not ready or not isinstance(ready[-1], CodeReady):
            host.stop()
            continue
        join = JoinCode(relays, hello(new_device_id(), 1), ready[-1].code)
        join.start()
        joined = join.wait(lambda e: isinstance(e, (CodeDone, CodeFailed)), WAIT)
        hosted = host.wait(lambda e: isinstance(e, (CodeDone, CodeFailed)), 5.0)
        host.stop()
        join.stop()
        if not (joined and hosted and isinstance(joined[-1], CodeDone) and isinstance(hosted[-1], CodeDone)):
            continue
        rooms = (host.room(hosted[-1].paired, MAZE, frozenset({1}), relays), join.room(joined[-1].paired, relays))
        finish(*rooms)
        return attempt
    raise AssertionError(f"the family could not pair in {tries} tries")


def finish(host: OnlineRoom, guest: OnlineRoom) -> None:
    """Open the room on both, start, play to the end: the same game, no desync."""
    host.start()
    guest.start()
    assert any(isinstance(e, Ready) for e in host.wait(lambda e: isinstance(e, Ready), WAIT)), "not ready"
    host.begin()
    assert any(isinstance(e, Started) for e in guest.wait(lambda e: isinstance(e, Started), WAIT)), "no start"
    play(host, guest)
    assert host.room.game is not None and host.room.game.is_over() and host.room.game == guest.room.game
    assert host.desyncs == guest.desyncs == 0
    host.stop()
    guest.stop()


class Watcher:
    """A stranger on *channels*: whatever arrives there, it answers with one byte on every topic it knows of."""

    def __init__(self, relay: Any, channels: list[str]) -> None:
        self.clients: list[mqtt.Client] = []
        self.answered = 0
        for channel in channels:
            client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
            client.username_pw_set(channel)
            client.on_message = self._answer
            client.connect(relay.host, relay.port)
            client.subscribe(f"doolhof/c/{channel}/#", qos=1)
            client.loop_start()
            self.clients.append(client)

    def _answer(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        if message.payload == b"x":
            return
        base = message.topic.rsplit("/", 1)[0]
        self.answered += 1
        for name in ("join", "result", "offer", "look", "host"):
            client.publish(f"{base}/{name}", b"x", qos=1)

    def stop(self) -> None:
        for client in self.clients:
            client.disconnect()
            client.loop_stop()


def squat(relay: Any, channels: list[str], names: tuple[str, ...]) -> list[str]:
    """A stranger tries to leave a 1-byte retained message on every topic *names* of every channel: why the relay
    cut off each of its connections."""
    return [why for channel in channels
            for why in try_to_keep(relay.host, relay.port, channel, [f"doolhof/c/{channel}/{n}" for n in names])]


def test_a_squatter_on_every_slot_it_can_name_does_not_stop_a_family(relay: Any) -> None:
    """The shipped relay keeps nothing: every squatting connection is cut off at its first retained byte."""
    assert squat(relay, OLD_SLOTS, ("host", "offer", "look")) == ["Retain not supported"] * len(OLD_SLOTS)
    assert pair_and_play([relay.address]) <= 2


def test_a_watcher_answering_everything_with_junk_does_not_stop_a_family(relay: Any) -> None:
    watcher = Watcher(relay, OLD_SLOTS)
    try:
        assert pair_and_play([relay.address]) <= 2
        assert pair_and_play([relay.address]) <= 2
    finally:
        watcher.stop()


def test_a_watcher_who_found_the_meeting_place_ends_nothing_with_junk(relay: Any) -> None:
    """The worst case: someone who computed the meeting place of the code (scrypt over every code) and answers
    every message there with junk, a stray offer and an unsealed "other version" result."""
    from doolhof.online.pairing import host_window, place

    code, now = PictureCode.random(), time.time()
    where = place(code, host_window(now))
    watcher = Watcher(relay, [where])
    liar = RawClient(relay.host, relay.port, where).start()
    liar.publish(f"doolhof/c/{where}/result", json.dumps({"ok": False, "why": "version"}).encode())
    try:
        host = HostCode([relay.address], hello(new_device_id(), 0), code, wall=lambda: now)
        host.start()
        assert isinstance(host.wait(lambda e: isinstance(e, (CodeReady, CodeFailed)), WAIT)[-1], CodeReady)
        liar.publish(f"doolhof/c/{where}/result", json.dumps({"ok": False, "why": "version"}).encode())
        join = JoinCode([relay.address], hello(new_device_id(), 1), code, wall=lambda: now)
        join.start()
        joined = join.wait(lambda e: isinstance(e, (CodeDone, CodeFailed)), WAIT)[-1]
        hosted = host.wait(lambda e: isinstance(e, (CodeDone, CodeFailed)), WAIT)[-1]
        assert isinstance(joined, CodeDone) and isinstance(hosted, CodeDone), (joined, hosted)
        assert watcher.answered > 0, "the watcher was there"
        host.stop()
        join.stop()
        relays = [relay.address]
        finish(host.room(hosted.paired, MAZE, frozenset({1}), relays), join.room(joined.paired, relays))
    finally:
        watcher.stop()
        liar.stop()


def links_of(code: Any) -> list[Any]:
    places = getattr(code, "_places", None)
    return [p.link for p in places] if places is not None else [code.link]


def test_a_host_that_dies_showing_its_code_leaves_nothing_behind(relay: Any, proxy: Any) -> None:
    code = PictureCode.random()
    host = HostCode([proxy.address], hello(new_device_id(), 0), code)
    host.start()
    assert isinstance(host.wait(lambda e: isinstance(e, (CodeReady, CodeFailed)), WAIT)[-1], CodeReady)
    for link in links_of(host):
        link._client.loop_stop()  # the computer is gone: no DISCONNECT, no taking back
    proxy.cut()
    started = time.monotonic()
    join = JoinCode([relay.address], hello(new_device_id(), 1), code)
    join.start()
    said = join.wait(lambda e: isinstance(e, (CodeDone, CodeFailed)), WAIT)
    assert said and said[-1] == CodeFailed(Trouble.WRONG_CODE) and time.monotonic() - started < 10, \
        "a dead host's code is gone"
    join.stop()
    again = HostCode([relay.address], hello(new_device_id(), 0), code)
    again.start()
    shown = again.wait(lambda e: isinstance(e, (CodeReady, CodeFailed)), WAIT)
    assert shown and isinstance(shown[-1], CodeReady), "the same code is not busy for a week"
    again.stop()


def test_replayed_invitations_lead_into_no_dead_room_and_the_family_plays(relay: Any) -> None:
    secret, host_id, guest_id = new_key(), new_device_id(), new_device_id()
    friend_of_host, friend_of_guest = Friend(guest_id, 1, secret), Friend(host_id, 0, secret)
    channel = friend_of_host.channel
    recorder = RawClient(relay.host, relay.port, channel).start()
    recorder.subscribe(f"doolhof/c/{channel}/#")
    # Yesterday: an invitation taken, recorded by someone on the relay who learned the channel.
    inviter = FriendLink([relay.address], hello(host_id, 0), friend_of_host)
    invitee = FriendLink([relay.address], hello(guest_id, 1), friend_of_guest)
    inviter.start()
    inviter.wait(lambda e: e.__class__.__name__ == "LinkChanged", WAIT)
    inviter.invite()
    invitee.start()
    assert any(isinstance(e, Invited) for e in invitee.wait(lambda e: isinstance(e, Invited), WAIT))
    invitee.accept()
    assert any(isinstance(e, Accepted) for e in inviter.wait(lambda e: isinstance(e, Accepted), WAIT))
    inviter.stop()
    invitee.stop()
    recorder.barrier()
    recorded = [m for m in recorder.messages if m.payload]
    assert recorded
    # Today, on the same channel: the guest's computer listens, the host's invites; the recording is sent
    # again, many times, before the real invitation.
    listener = FriendLink([relay.address], hello(guest_id, 1), friend_of_guest)
    listener.start()
    listener.wait(lambda e: e.__class__.__name__ == "LinkChanged", WAIT)
    for _ in range(5):
        for message in recorded:
            recorder.publish(message.topic, message.payload, wait=False)
    recorder.barrier()
    old = listener.wait(lambda e: isinstance(e, Invited), 2.0)
    assert not any(isinstance(e, Invited) for e in old), "an old invitation is not shown"
    host = FriendLink([relay.address], hello(host_id, 0), friend_of_host)
    host.start()
    host.wait(lambda e: e.__class__.__name__ == "LinkChanged", WAIT)
    host.invite()
    for message in recorded:  # the old accept (and all) again, while the new invitation waits
        recorder.publish(message.topic, message.payload)
    assert any(isinstance(e, Invited) for e in listener.wait(lambda e: isinstance(e, Invited), WAIT))
    assert not any(isinstance(e, Accepted) for e in host.wait(lambda e: isinstance(e, Accepted), 1.0))
    guest_room = listener.accept()
    assert any(isinstance(e, Accepted) for e in host.wait(lambda e: isinstance(e, Accepted), WAIT))
    host_room = host.room(MAZE, frozenset({1}))
    host.stop()
    listener.stop()
    recorder.stop()
    finish(host_room, guest_room)
