"""Rooms as pure state machines (no relay): whole games, every refusal, the fair deal, desyncs, keeping a room.

Every test here goes through :class:`tests.online.bus.Bus`, an in-memory relay that delivers every
message to both rooms, so a test can hold a message back, change it, replay it or move it.
"""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from doolhof.online import wire
from doolhof.online.errors import Refused
from doolhof.online.log import RULES, Genesis, MoveLog, new_signing_key, public_key, sign_entry, state_digest
from doolhof.online.messages import Entry
from doolhof.online.room import (
    Closed,
    Desync,
    Finished,
    MoveMade,
    PeerJoined,
    Ready,
    Refusal,
    Room,
    Started,
    VersionMismatch,
    hello,
)
from doolhof.online.seal import Sealer, new_key
from doolhof.online.simulate import chooser
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from tests.online.bus import GUEST, HOST, Bus, pair


def play_out(host: Room, guest: Room, bus: Bus, seed: int = 1, limit: int = 20_000) -> int:
    """Both computers play their own seats until the game ends; the number of moves.

    Random players, but gentle ones on the big board: random ones there go past the log's 5000 entries
    on about one deal in sixty (the deal's seed is the room's own, so a test cannot pick it).
    """
    variant = host.table.variant if host.table else "junior"
    level = "gentle" if variant == "classic" else "random"
    movers = {id(host): chooser(variant, level, seed), id(guest): chooser(variant, level, seed + 1)}
    moves = 0
    while host.game is not None and not host.game.is_over() and moves < limit:
        mover = host if host.my_turn() else guest
        assert mover.my_turn()
        assert mover.game is not None
        bus.play(mover, movers[id(mover)](mover.game.copy()))
        moves += 1
    return moves


def table_of(variant: str, seats: int) -> TableSetup:
    return TableSetup(variant, tuple(SeatConfig() for _ in range(seats)))


@pytest.mark.parametrize(("variant", "seats", "far_seats"), [
    ("junior", 2, {1}), ("junior-own", 3, {1, 2}), ("classic", 4, {1, 3}),
    (CARDS, 2, {0}), (CARDS, 3, {1}), (CARDS, 4, {0, 3}),
])
def test_both_computers_play_a_whole_game_and_agree(variant: str, seats: int, far_seats: set[int]) -> None:
    host, guest, bus = pair(table_of(variant, seats), frozenset(far_seats))
    assert bus.of(host, Ready) and bus.of(guest, Started)
    moves = play_out(host, guest, bus)
    assert host.game is not None and host.game.is_over() and host.game == guest.game
    assert len(bus.of(guest, MoveMade)) == len(bus.of(host, MoveMade)) == moves
    assert bus.of(host, Finished) and bus.of(guest, Finished)
    assert not bus.of(host, Refusal) and not bus.of(guest, Refusal)
    # both have it all: the room is cleared from the relay
    assert bus.of(host, Closed) and bus.of(guest, Closed) and bus.retained == {}


def test_every_seat_moves_only_from_its_own_computer() -> None:
    host, guest, _bus = pair()
    assert host.my_turn() and not guest.my_turn()
    with pytest.raises(Refused) as refused:
        guest.play(["push", str(host.game.legal_pushes()[0])])  # type: ignore[union-attr]
    assert refused.value.reason == "out-of-turn"


def forged(room: Room, topic_tail: str, message: dict[str, object], key: bytes | None = None) -> tuple[str, bytes]:
    topic = f"{room.base}/{topic_tail}"
    return topic, Sealer(key or room.key).seal(topic, wire.dumps(message))


def test_refusals_change_nothing() -> None:
    host, guest, bus = pair()
    assert host.game is not None
    push = str(host.game.legal_pushes()[0])
    bus.play(host, ["push", push])
    before = guest.game.to_dict() if guest.game else None
    entry = host.log.entries[-1].to_wire() if host.log else {}
    tries: dict[str, tuple[str, bytes]] = {
        "unsealed": (f"{guest.base}/log/000002", wire.dumps({"t": "entry", "entry": entry})),
        "altered": forged(guest, "log/000002", {"t": "entry", "entry": entry}, key=new_key()),
        "out-of-turn": forged(guest, "log/000002", {"t": "entry", "entry": {
            **entry, "seq": 2, "seat": 1, "prev": wire.digest(entry), "move": ["walk", 0, 0]}}),
        "chain": forged(guest, "log/000002", {"t": "entry", "entry": {**entry, "seq": 2, "prev": "0" * 64}}),
        "fork": forged(guest, "log/000001", {"t": "entry", "entry": {**entry, "move": ["walk", 0, 0]}}),
        "oversized": (f"{guest.base}/log/000002", b"\x01" + bytes(8000)),
        "sender": forged(guest, "hello/c2c2c2c2c2c2c2c2", {"t": "hello", **hello("c2c2c2c2c2c2c2c2", 2).to_wire()}),
    }
    # an illegal move: the walk goes where the mover cannot go (signed by the seat's own computer)
    out_of_reach = next((r, c) for r in range(5) for c in range(5) if (r, c) not in host.game.reachable())
    tries["illegal"] = forged(guest, "log/000002", {"t": "entry", "entry": sign_entry(host._signing, Entry(
        2, 0, ["walk", *out_of_reach], wire.digest(entry), "0" * 64)).to_wire()})
    # the host's next move, made and signed by the far computer: it plays only its own seats
    walk = sorted(host.game.reachable())[0]
    after = host.game.copy()
    after.walk(walk)
    tries["signature"] = forged(guest, "log/000002", {"t": "entry", "entry": sign_entry(guest._signing, Entry(
        2, 0, ["walk", *walk], wire.digest(entry), state_digest(after))).to_wire()})
    for reason, (topic, payload) in tries.items():
        out, events = guest.receive(topic, payload)
        assert events == [Refusal(reason, events[0].detail)] if events else False, (reason, events)  # type: ignore[union-attr]
        assert out == [] and guest.game is not None and guest.game.to_dict() == before, reason
    # a message moved to another topic (here: another room) no longer opens
    topic, payload = forged(guest, "log/000002", {"t": "entry", "entry": entry})
    other = Room("rotherroom001", guest.key, hello(GUEST, 1), (HOST, GUEST))
    assert other.receive(other.base + "/log/000002", payload)[1][0] == Refusal("altered")


def test_a_replayed_entry_changes_nothing_and_is_not_counted() -> None:
    host, guest, bus = pair()
    bus.play(host, ["push", str(host.game.legal_pushes()[0])])  # type: ignore[union-attr]
    first = next(m for m in bus.sent if m.topic.endswith("log/000001"))
    walk = sorted(host.game.reachable())[0]  # type: ignore[union-attr]
    bus.play(host, ["walk", *walk])
    before = guest.game.to_dict()  # type: ignore[union-attr]
    assert guest.receive(first.topic, first.payload) == ([], [])
    assert guest.game.to_dict() == before  # type: ignore[union-attr]


def test_out_of_order_entries_wait_for_the_missing_one() -> None:
    host, guest, bus = pair()
    bus.online[id(guest)] = False
    play_moves = 4
    mover = chooser("junior", "random", 3)
    held = []
    for _ in range(play_moves):
        if not host.my_turn():
            break
        out, _ = host.play(mover(host.game.copy()))  # type: ignore[union-attr]
        held += out
    entries = [m for m in held if "/log/" in m.topic]
    assert len(entries) >= 2
    for message in reversed(entries):  # newest first, as a wildcard's retained messages may come
        guest.receive(message.topic, message.payload)
    assert guest.game == host.game


def test_the_deal_needs_both_halves_and_a_half_must_keep_its_promise() -> None:
    key = new_key()
    table = table_of("junior-own", 2)
    host = Room("rdealroom0001", key, hello(HOST, 0), (HOST, GUEST), table=table, far_seats=frozenset({1}))
    guest = Room("rdealroom0001", key, hello(GUEST, 1), (HOST, GUEST))
    first = next(m for m in host.connected() if "/deal/" in m.topic)
    opened = wire.loads(Sealer(key).open(first.topic, first.payload))
    assert "reveal" not in opened  # nothing is revealed before the other's promise is in hand
    # the guest promises one half and reveals another: refused
    promise = guest.connected()
    deal = next(m for m in promise if "/deal/" in m.topic)
    fake = {"t": "deal", "commit": wire.loads(Sealer(key).open(deal.topic, deal.payload))["commit"],
            "reveal": "00" * 32}
    host.receive(deal.topic, deal.payload)
    assert host.receive(deal.topic, Sealer(key).seal(deal.topic, wire.dumps(fake)))[1] == [
        Refusal("deal", "half does not match its promise")]
    # the seed depends on both halves: the same host half with another guest gives another deal
    seeds = set()
    for _ in range(3):
        h, g, _bus = pair(table, frozenset({1}), room_id="rdealroom0001")
        assert h.genesis is not None and g.genesis == h.genesis
        seeds.add(h.genesis.seed)
    assert len(seeds) == 3


def test_other_rules_refuse_to_start_on_both_sides() -> None:
    key = new_key()
    host = Room("rversion00001", key, hello(HOST, 0), (HOST, GUEST), table=table_of("junior", 2),
                far_seats=frozenset({1}))
    old = replace(hello(GUEST, 1), rules="doolhof-rules-0")
    guest = Room("rversion00001", key, old, (HOST, GUEST))
    bus = Bus(host, guest)
    bus.connect(host)
    bus.connect(guest)
    assert bus.of(host, VersionMismatch) == [VersionMismatch("doolhof-rules-0")]
    assert bus.of(guest, VersionMismatch) == [VersionMismatch(RULES)]
    assert not host.ready and not bus.of(host, PeerJoined)
    with pytest.raises(ValueError):
        host.begin()


def test_a_broken_game_in_memory_mends_itself_from_the_log() -> None:
    host, guest, bus = pair()
    bus.play(host, ["push", str(host.game.legal_pushes()[0])])  # type: ignore[union-attr]
    assert guest.log is not None
    guest.log._game._positions[1] = (2, 2)  # type: ignore[union-attr]  # memory gone wrong on the far side
    walk = sorted(host.game.reachable())[0]  # type: ignore[union-attr]
    bus.play(host, ["walk", *walk])
    assert bus.of(guest, Desync) == [Desync(True)]
    assert guest.game == host.game and not bus.of(guest, Refusal)


def test_a_kept_room_comes_back_and_finishes() -> None:
    host, guest, bus = pair(table_of(CARDS, 3), frozenset({1}))
    mover = {id(host): chooser(CARDS, "random", 5), id(guest): chooser(CARDS, "random", 6)}
    for _ in range(10):
        room = host if host.my_turn() else guest
        bus.play(room, mover[id(room)](room.game.copy()))  # type: ignore[union-attr]
    kept = wire.loads(wire.dumps(guest.to_dict()))
    back = Room.from_dict(kept)
    assert back.game == guest.game and back.genesis == guest.genesis
    bus.rooms[1] = back
    bus.events[id(back)] = []
    bus.online[id(back)] = True
    bus.connect(back)
    play_out(host, back, bus, seed=9)
    assert host.game is not None and host.game.is_over() and back.game == host.game


def test_a_damaged_kept_room_is_refused_not_half_read() -> None:
    _host, guest, _ = pair()
    data = guest.to_dict()
    for broken in ({**data, "key": "short"}, {**data, "members": ["x"]}, {**data, "entries": "nope"}, "text", {}):
        with pytest.raises(Refused):
            Room.from_dict(broken)


def test_no_hidden_card_in_any_log_line_or_refusal(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    host, guest, bus = pair(table_of(CARDS, 2), frozenset({1}))
    assert guest.game is not None
    hidden = {card.text() for seat in range(2) for card in guest.game.hand(seat)}
    hidden |= {card.text() for card in guest.game.pile}
    entry = {"seq": 1, "seat": 0, "move": ["lay", 0, 9, 9, 0], "prev": "0", "state": "0"}
    for payload in (b"junk", Sealer(new_key()).seal("x", b"{}")):
        guest.receive(guest.base + "/log/000001", payload)
    bus.deliver(guest, *forged(guest, "log/000001", {"t": "entry", "entry": entry}))
    play_out(host, guest, bus, seed=4)
    text = caplog.text + "".join(str(e) for e in bus.events[id(guest)] if isinstance(e, Refusal))
    assert bus.of(guest, Refusal) and caplog.records
    assert not [card for card in hidden if card in text]


def test_the_genesis_and_log_refuse_damaged_data() -> None:
    keys = (public_key(new_signing_key()), public_key(new_signing_key()))
    genesis = Genesis(table_of("junior", 2), (HOST, GUEST), 7, "rgenesis00001", keys)
    assert Genesis.from_dict(genesis.to_dict()) == genesis
    with pytest.raises(Refused, match="version"):
        Genesis.from_dict({**genesis.to_dict(), "rules": "doolhof-rules-0"})
    log = MoveLog(genesis)
    for entry in ({}, {"seq": 1}, [], {"seq": True, "seat": 0, "move": [], "prev": "", "state": ""}):
        with pytest.raises(Refused):
            log.accept(Entry.from_wire(entry))  # a damaged entry is not even one
    assert len(log) == 0
