"""A parent's end of a waiting game reaches the other computer with nothing kept on the relay.

The ending computer keeps the news (``store.record_end``) and its :class:`FriendLink` tells it whenever both
computers are on their own channel, in either order and whatever each screen is doing (listening or inviting),
until the other says it heard it; a recorded ``ended`` sent again is refused. Over the in-memory relay of
:mod:`tests.online.bus` (which, as the shipped relay, takes no retained message).
"""

from __future__ import annotations

from typing import Any

import pytest

from doolhof.online import store
from doolhof.online.client import FriendLink
from doolhof.online.meeting import EndHeard, Friend, InvitationMachine, RoomEnded
from doolhof.online.room import hello
from doolhof.online.timeouts import KEEP_SECONDS
from tests.online.bus import GUEST, HOST, MemoryRelay

RELAYS = ["memory:1"]
SECRET = bytes(range(32))
ROOM = "r" + "7" * 32


def news(events: list[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, (RoomEnded, EndHeard))]


def ender(relay: MemoryRelay, heard: list[str], ends: tuple[str, ...] = (ROOM,)) -> FriendLink:
    """The computer whose parent ended the game (HOST), holding the news for GUEST."""
    return FriendLink(RELAYS, hello(HOST, 0), Friend(GUEST, 1, SECRET), link_factory=relay.link, ends=ends,
                      on_end_heard=heard.append)


def other(relay: MemoryRelay) -> FriendLink:
    return FriendLink(RELAYS, hello(GUEST, 1), Friend(HOST, 0, SECRET), link_factory=relay.link)


@pytest.mark.parametrize("ender_first", [True, False])
@pytest.mark.parametrize("inviting", ["nobody", "ender", "other"])
def test_the_news_arrives_once_both_are_on_the_channel_in_either_order(ender_first: bool, inviting: str) -> None:
    relay, heard = MemoryRelay(), []  # type: ignore[var-annotated]
    ending, far = ender(relay, heard), other(relay)
    first, second = (ending, far) if ender_first else (far, ending)
    for link in (first, second):
        link.start()
        if (inviting == "ender" and link is ending) or (inviting == "other" and link is far):
            link.invite()
    assert news(far.poll()) == [RoomEnded(ROOM)]
    assert news(ending.poll()) == [EndHeard(ROOM)] and heard == [ROOM]
    assert ending.machine.ends == [], "heard: it travels no more"
    assert not any(m.retain for m in relay.sent) and relay.refused_retained == []


def test_the_news_waits_while_the_other_computer_is_away_and_goes_when_it_comes() -> None:
    relay, heard = MemoryRelay(), []  # type: ignore[var-annotated]
    ending = ender(relay, heard)
    ending.start()
    assert news(ending.poll()) == [] and ending.machine.ends == [ROOM]
    far = other(relay)  # days later, its setup screen listens
    far.start()
    assert news(far.poll()) == [RoomEnded(ROOM)] and news(ending.poll()) == [EndHeard(ROOM)]


def test_a_heard_end_is_said_once_and_a_recorded_one_sent_again_is_refused() -> None:
    relay, heard = MemoryRelay(), []  # type: ignore[var-annotated]
    ending, far = ender(relay, heard), other(relay)
    ending.start()
    far.start()
    assert news(far.poll()) == [RoomEnded(ROOM)]
    recorded = [m for m in relay.sent if m.topic.endswith(("/ended", "/heard"))]
    assert {m.topic.rsplit("/", 1)[-1] for m in recorded} == {"ended", "heard"}
    for message in recorded * 3:  # heard again by the same listener: no second event
        relay.publish(message)
    assert news(far.poll()) == []
    later = other(relay)  # the next day's listener (a new nonce) refuses the recorded news
    later.start()
    for message in recorded:
        relay.publish(message)
    assert news(later.poll()) == [] and later.machine.refused >= 1
    far.stop()
    later.stop()
    stale = ender(relay, [])  # the news held again (say, recorded anew): a recorded "heard" does not drop it
    stale.start()
    for message in recorded:
        relay.publish(message)
    assert stale.machine.ends == [ROOM] and news(stale.poll()) == []


def test_an_end_from_a_computer_without_the_secret_is_nothing() -> None:
    relay = MemoryRelay()
    far = other(relay)
    far.start()
    stranger = FriendLink(RELAYS, hello(HOST, 0), Friend(GUEST, 1, bytes(32)), link_factory=relay.link,
                          ends=(ROOM,))
    stranger.start()
    assert news(far.poll()) == []


def test_the_machine_tells_a_flood_of_fresh_nonces_a_bounded_number_of_times() -> None:
    from doolhof.online.meeting import MAX_ANSWERS

    machine = InvitationMachine(hello(HOST, 0), Friend(GUEST, 1, SECRET), "r" + "1" * 32, bytes(32), ends=(ROOM,))
    sent = 0
    for n in range(500):
        listener = InvitationMachine(hello(GUEST, 1), Friend(HOST, 0, SECRET), "r" + "2" * 32, bytes(32),
                                     nonce=n.to_bytes(12, "big"))
        here = listener.connected()[0][0]
        sent += len([m for m in machine.receive(here.topic, here.payload)[0] if m.topic.endswith("/ended")])
    assert sent == MAX_ANSWERS


def test_tell_ended_says_whether_the_other_computer_heard(monkeypatch: pytest.MonkeyPatch) -> None:
    from doolhof.online.client import tell_ended

    relay = MemoryRelay()
    heard: list[str] = []
    assert not tell_ended(ROOM, hello(HOST, 0), Friend(GUEST, 1, SECRET), RELAYS, listen=0.2,
                          link_factory=relay.link, on_end_heard=heard.append), "nobody listened"
    far = other(relay)
    far.start()
    assert tell_ended(ROOM, hello(HOST, 0), Friend(GUEST, 1, SECRET), RELAYS, listen=1.0,
                      link_factory=relay.link, on_end_heard=heard.append)
    assert heard == [ROOM] and news(far.poll()) == [RoomEnded(ROOM)]


def test_the_store_keeps_the_news_until_heard_or_a_week(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "folder", lambda: tmp_path)
    store.record_end(ROOM, GUEST, now=1000.0)
    store.record_end("r" + "8" * 32, "c2c2c2c2c2c2c2c2", now=1001.0)
    store.record_end(ROOM, GUEST, now=1002.0)  # ended twice: kept once
    assert store.ends_for(GUEST, now=1003.0) == [ROOM]
    assert store.ends_for(GUEST, now=1002.0 + KEEP_SECONDS + 1) == [], "the room's week is up"
    for n in range(store.MOST_ENDS + 5):
        store.record_end(f"r{n:032d}", GUEST, now=2000.0 + n)
    assert len(store.ends_for(GUEST, now=3000.0)) == store.MOST_ENDS, "bounded"
    store.end_heard(f"r{store.MOST_ENDS + 4:032d}", now=3000.0)
    assert f"r{store.MOST_ENDS + 4:032d}" not in store.ends_for(GUEST, now=3000.0)
    (tmp_path / "ended.json").write_text("{damaged")
    assert store.ends_for(GUEST) == []



def test_the_doolhof_before_this_one_hears_the_news_as_it_did_when_it_listens() -> None:
    """The app before this one took the news from a topic of its own per room (then retained): it is sent there
    too, unretained, sealed as that app opens it."""
    from doolhof.online import wire
    from doolhof.online.seal import Sealer, derive
    from doolhof.online.topics import channel_topic

    relay, heard = MemoryRelay(), []  # type: ignore[var-annotated]
    older = InvitationMachine(hello(GUEST, 1), Friend(HOST, 0, SECRET), "r" + "2" * 32, bytes(32))
    ending = ender(relay, heard)
    ending.start()
    here = older.connected()[0][0]  # its "here" named its nonce then as now
    relay.publish(here)
    topic = channel_topic(Friend(GUEST, 1, SECRET).channel, "end/" + derive(SECRET, "ended room " + ROOM, 8).hex())
    (sent,) = [m for m in relay.sent if m.topic == topic]
    message = wire.loads(Sealer(derive(SECRET, "remembered key")).open(topic, sent.payload))
    assert message["t"] == "ended" and message["room"] == ROOM and message["hello"]["device"] == HOST
    assert not sent.retain
