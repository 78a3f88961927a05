"""Rooms as pure machines against the other family and against someone replaying what the relay carried.

The other family holds the room key, so it can seal anything; someone with only the room id can record
sealed messages and send them again. Neither may play a seat of this computer, hide a present computer,
make this computer send its log again and again, or keep a late computer from starting; and what the relay
sees (topics, lengths) says little. Every test goes through :class:`tests.online.bus.Bus`.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from doolhof.online import log as log_module
from doolhof.online import wire
from doolhof.online.log import RULES, state_digest
from doolhof.online.messages import Entry
from doolhof.online.relay import Address, RelayLink
from doolhof.online.room import CHUNK, PeerPresence, Publish, Refusal, Room, Started, VersionMismatch, hello
from doolhof.online.seal import Sealer, new_key
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from tests.online.bus import GUEST, HOST, Bus, pair
from tests.online.test_rooms import play_out

#: The rules version of the app before entries were signed: the app this one must refuse to play with.
OLD_RULES = "doolhof-rules-1"


def entry_by(forger: Room, fields: dict[str, Any]) -> dict[str, Any]:
    """An entry as *forger*'s own computer can make it: signed with its key (where entries are signed)."""
    return log_module.sign_entry(forger._signing, Entry.from_wire({**fields, "sig": ""})).to_wire()


def sealed(room: Room, tail: str, message: dict[str, Any]) -> Publish:
    """*message* sealed with the room key on the room's topic *tail* (as either computer can seal it)."""
    topic = f"{room.base}/{tail}"
    return Publish(topic, Sealer(room.key).seal(topic, wire.dumps(message)), False)


def refusals(bus: Bus, room: Room) -> list[str]:
    return [e.reason for e in bus.of(room, Refusal)]


def test_the_far_computer_cannot_play_the_hosts_seat() -> None:
    host, guest, bus = pair()
    assert host.game is not None and host.log is not None and host.my_turn()
    push = host.game.legal_pushes()[0]
    after = host.game.copy()
    after.push(push)
    entry = entry_by(guest, {"seq": 1, "seat": 0, "move": ["push", str(push)], "prev": host.log.head,
                             "state": state_digest(after)})
    bus.send([sealed(host, "log/000001", {"t": "entry", "entry": entry})])
    assert len(host.log) == 0, "the host took the far computer's move for its own seat"
    assert guest.log is not None and len(guest.log) == 0, "the far computer's own room took it too"
    assert refusals(bus, host) and refusals(bus, guest)  # refused on both sides
    play_out(host, guest, bus)
    assert host.game.is_over() and host.game == guest.game


def test_the_host_cannot_play_the_far_computers_seat() -> None:
    host, guest, bus = pair()
    assert host.game is not None and host.log is not None
    bus.play(host, ["push", str(host.game.legal_pushes()[0])])
    bus.play(host, ["walk", *sorted(host.game.reachable())[0]])
    assert guest.my_turn() and guest.game is not None
    push = guest.game.legal_pushes()[0]
    after = guest.game.copy()
    after.push(push)
    entry = entry_by(host, {"seq": 3, "seat": 1, "move": ["push", str(push)], "prev": host.log.head,
                            "state": state_digest(after)})
    bus.send([sealed(host, "log/000003", {"t": "entry", "entry": entry})])
    assert guest.log is not None and len(guest.log) == 2 and len(host.log) == 2
    assert refusals(bus, host) and refusals(bus, guest)


def first_have_of_guest(bus: Bus) -> Publish:
    """The guest's first ``have`` (n=0) as the relay carried it: the host connects first, so the first have
    topic that is not the host's is the guest's."""
    haves = [m for m in bus.sent if "/have/" in m.topic]
    return next(m for m in haves if m.topic != haves[0].topic)


def test_300_replays_of_an_old_have_are_answered_with_nothing() -> None:
    host, guest, bus = pair()
    old = first_have_of_guest(bus)
    play_out(host, guest, bus, limit=60)
    assert host.log is not None and len(host.log) == 60
    sent = 0
    for _ in range(300):
        out, _ = host.receive(old.topic, old.payload)
        sent += len(out)
    assert sent == 0, f"300 replays made the host send {sent} messages"
    assert host.game == guest.game


def test_a_have_is_answered_once_per_connection_and_range() -> None:
    host, guest, bus = pair()
    play_out(host, guest, bus, limit=40)
    asks = []
    for extra in (1, 2, 3):  # the far computer itself asks for everything three times, each ask newer
        count = getattr(guest, "_count", 0) + extra
        asks.append(sealed(guest, first_have_of_guest(bus).topic.split("/c/")[1].split("/", 1)[1],
                           {"t": "have", "n": 0, "e": getattr(guest, "epoch", 0), "c": count}))
    answers = [len(host.receive(m.topic, m.payload)[0]) for m in asks]
    assert answers[0] > 0 and answers[1:] == [0, 0], answers


def test_a_long_log_is_sent_in_parts_to_a_computer_that_lost_it() -> None:
    host, guest, bus = pair()
    play_out(host, guest, bus, limit=300)  # mid-game (or, rarely, a whole short game)
    assert host.log is not None and len(host.log) > 2 * CHUNK
    kept = {**guest.to_dict(), "started": True, "entries": [], "closed": False}
    back = Room.from_dict(kept)
    bus.rooms[1] = back
    bus.events[id(back)] = []
    bus.online[id(guest)] = False
    bus.online[id(back)] = True
    before = len(bus.sent)
    bus.connect(back)
    assert back.game == host.game and back.log is not None and len(back.log) == len(host.log)
    entries_sent = [m for m in bus.sent[before:] if "/log/" in m.topic]
    assert len(entries_sent) == len(host.log)  # each entry once, though asked for in parts


def test_an_old_away_never_hides_a_present_computer() -> None:
    host, guest, bus = pair()
    old_will = guest.will()  # the will of the guest's connection so far
    bus.connect(guest)  # the guest comes back on a new connection
    assert host.peer_here
    bus.send([old_will])  # the old connection's will arrives late, or someone replays it
    assert host.peer_here, "a present computer was shown away by its old connection's will"
    assert PeerPresence(False) not in bus.of(host, PeerPresence)


def test_a_late_guest_starts_though_the_hosts_hello_setup_and_deal_are_gone() -> None:
    table = TableSetup("junior", (SeatConfig(), SeatConfig()))
    key = new_key()
    host = Room("rlateguest001", key, hello(HOST, 0), (HOST, GUEST), table=table, far_seats=frozenset({1}))
    guest = Room("rlateguest001", key, hello(GUEST, 1), (HOST, GUEST))
    bus = Bus(host, guest)
    bus.online[id(guest)] = False
    bus.connect(host)
    bus.retained.clear()  # wiped (by someone with the room id) or never kept: the guest finds nothing
    bus.connect(guest)
    out, events = host.begin()
    bus.events[id(host)].extend(events)
    bus.send(out)
    assert bus.of(guest, Started), f"the guest waits forever: {refusals(bus, guest)}"
    play_out(host, guest, bus)
    assert host.game is not None and host.game.is_over() and host.game == guest.game


def test_no_device_id_in_any_topic_the_relay_sees() -> None:
    host, guest, bus = pair()
    play_out(host, guest, bus, limit=10)
    topics = {m.topic for m in bus.sent} | {guest.will().topic, host.will().topic}
    for device in (HOST, GUEST):
        assert not [t for t in topics if device in t], f"device id {device} in a topic"
        for room in (host, guest):
            assert device not in str(getattr(room, "client_id", device))
    # and the same computer has other names in another room
    _, _, other_bus = pair(room_id="rtestroom0002")
    assert not {m.topic.split("/", 3)[3] for m in other_bus.sent if "/hello/" in m.topic} & \
        {m.topic.split("/", 3)[3] for m in bus.sent if "/hello/" in m.topic}


def guess_rate(kinds_by_length: list[tuple[int, str]]) -> tuple[float, float]:
    """How often the best guesser names a move's kind from its sealed length alone, and how often always
    guessing the commonest kind would (the floor nothing can hide)."""
    by_length: dict[int, Counter[str]] = {}
    for length, kind in kinds_by_length:
        by_length.setdefault(length, Counter())[kind] += 1
    right = sum(c.most_common(1)[0][1] for c in by_length.values())
    floor = Counter(kind for _, kind in kinds_by_length).most_common(1)[0][1]
    return right / len(kinds_by_length), floor / len(kinds_by_length)


def sealed_lengths(variant: str, seats: int, far_seats: frozenset[int], games: int) -> list[tuple[int, str]]:
    """(sealed length, kind of move) of every entry of *games* whole games, as the relay carried them."""
    seen: list[tuple[int, str]] = []
    for game in range(games):
        table = TableSetup(variant, tuple(SeatConfig() for _ in range(seats)))
        host, guest, bus = pair(table, far_seats, room_id=f"rlengths{game:05d}")
        play_out(host, guest, bus, seed=game + 1)
        assert host.log is not None
        first: dict[str, int] = {}
        for m in bus.sent:
            if "/log/" in m.topic:
                first.setdefault(m.topic, len(m.payload))
        seen += [(first[f"{host.base}/log/{e.seq:06d}"], str(e.move[0])) for e in host.log.entries]
    return seen


@pytest.mark.parametrize(("variant", "seats", "far_seats", "games"), [("junior", 2, frozenset({1}), 2),
                                                                (CARDS, 3, frozenset({1}), 10)])
def test_sealed_lengths_no_longer_tell_the_kind_of_move(variant: str, seats: int, far_seats: frozenset[int],
                                                        games: int) -> None:
    rate, floor = guess_rate(sealed_lengths(variant, seats, far_seats, games))
    assert rate <= floor + 0.02, f"the length tells the kind of move {rate:.0%} of the time (floor {floor:.0%})"


def test_an_old_app_and_this_one_refuse_each_other() -> None:
    assert RULES != OLD_RULES, "the protocol changed (signed entries, pseudonyms, epochs): the version must too"
    key = new_key()
    table = TableSetup("junior", (SeatConfig(), SeatConfig()))
    host = Room("rversion00002", key, hello(HOST, 0), (HOST, GUEST), table=table, far_seats=frozenset({1}))
    old = Room("rversion00002", key, replace(hello(GUEST, 1), rules=OLD_RULES), (HOST, GUEST))
    bus = Bus(host, old)
    bus.connect(host)
    bus.connect(old)
    assert bus.of(host, VersionMismatch) == [VersionMismatch(OLD_RULES)]
    # an older Doolhof names itself by its device id and knows no epochs: this one still says "version"
    guest = Room("rversion00003", key, hello(GUEST, 1), (HOST, GUEST))
    topic = f"{guest.base}/hello/{HOST}"
    old_hello = {"t": "hello", "device": HOST, "figure": 0, "rules": OLD_RULES, "app": "0.9"}
    assert guest.receive(topic, Sealer(key).seal(topic, wire.dumps(old_hello)))[1] == [VersionMismatch(OLD_RULES)]
    assert not guest.ready
    # the padding inside the seal is JSON whitespace: an older Doolhof's reader (no stripping) reads a padded
    # message, so at pairing it sees the other version and answers with its plain "version"
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

    sealed_hello = Sealer(key).seal(topic, wire.dumps(hello(GUEST, 1).to_wire()))
    plain = ChaCha20Poly1305(key).decrypt(sealed_hello[1:13], sealed_hello[13:], topic.encode())
    assert len(plain) == 256 and json.loads(plain.decode("ascii"))["rules"] == RULES


def test_what_waits_to_be_sent_is_bounded() -> None:
    link = RelayLink(Address("127.0.0.1", 1), "rboundedqueue01", on_message=lambda t, p: None)
    for n in range(3000):  # never connected: everything would wait
        link.publish(Publish(f"doolhof/c/rboundedqueue01/log/{n:06d}", bytes(300), False))
    waiting = len(getattr(link._client, "_out_messages", {}))
    assert waiting <= 1000, f"{waiting} messages wait to be sent"


def test_a_waiting_game_kept_by_the_version_before_is_an_older_doolhofs_never_continued() -> None:
    """Its log was made under the rules version before (the genesis names it): listed for a parent to end only."""
    from doolhof.online.errors import Refused
    from tests.online.bus import pair

    host, _guest, _bus = pair()
    kept = host.to_dict()
    assert Room.from_dict(kept).room_id == host.room_id
    kept["me"] = {**kept["me"], "rules": "doolhof-rules-2"}
    with pytest.raises(Refused) as refused:
        Room.from_dict(kept)
    assert refused.value.reason == "version"
