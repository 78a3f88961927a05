"""The typed messages (:mod:`doolhof.online.messages`): the same bytes as before, round trips, and junk refused.

The wire did not change when the messages became classes: :mod:`tests.online.wire_scenario` plays a room, a
picture code and invitations with fixed randomness, and every byte published (sealed ones included) equals
what the code before wrote (``data/wire_golden.json``). For every class, ``from_wire(to_wire(m)) == m``; and
anything that is not a well-formed message is refused with :class:`Refused`, never another exception.
"""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doolhof.online import wire
from doolhof.online.errors import Refused
from doolhof.online.messages import (
    FIGURES,
    MAX_ENTRIES,
    MESSAGES,
    NONCE_BYTES,
    PAKE_BYTES,
    VALUES,
    Deal,
    End,
    EndedNews,
    EndHeardNews,
    Entry,
    EntryMessage,
    FriendHere,
    Have,
    Hello,
    Invite,
    InviteAccept,
    InviteDecline,
    InviteWithdraw,
    Join,
    Knock,
    Look,
    Message,
    Moved,
    Offer,
    OldEndedNews,
    PairRefused,
    PairResult,
    RoomHello,
    RoomHere,
    Setup,
    Start,
    Welcome,
    read_result,
)
from doolhof.online.room import Refusal, Room, hello
from doolhof.online.seal import Sealer, new_key
from doolhof.session.seats import CARDS, LEVELS, SeatConfig, TableSetup, seat_range
from tests.online.bus import GUEST, HOST
from tests.online.wire_scenario import scenario

GOLDEN = Path(__file__).parent / "data" / "wire_golden.json"
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_every_message_is_the_same_bytes_as_before() -> None:
    kept = json.loads(GOLDEN.read_text())
    now = scenario()
    assert len(now) == len(kept)
    for n, (message, before) in enumerate(zip(now, kept, strict=True)):
        assert message == before, (n, message["topic"])


def test_the_messages_as_the_code_before_wrote_them() -> None:
    me = {"device": HOST, "figure": 2, "rules": "doolhof-rules-2", "app": "1.0", "sign": wire.b64(bytes(32))}
    table = TableSetup("junior", (SeatConfig(), SeatConfig("computer", "gentle"), SeatConfig()))
    key = bytes(range(32))
    entry = {"seq": 3, "seat": 1, "move": ["walk", 2, 4], "prev": "a" * 64, "state": "b" * 64, "sig": "c" * 86}
    cases: list[tuple[Message, dict[str, Any]]] = [
        (RoomHello(Hello(HOST, 2, "doolhof-rules-2", "1.0", wire.b64(bytes(32))), 17, 3),
         {"t": "hello", **me, "e": 17, "c": 3}),
        (RoomHere(False, 17, 2**53), {"t": "here", "here": False, "e": 17, "c": 2**53}),
        (Setup(table, frozenset({2, 1})), {"t": "setup", "table": table.to_dict(), "far": [1, 2]}),
        (Deal("d" * 64), {"t": "deal", "commit": "d" * 64}),
        (Deal("d" * 64, bytes(range(32))), {"t": "deal", "commit": "d" * 64, "reveal": bytes(range(32)).hex()}),
        (Start("e" * 64), {"t": "start", "genesis": "e" * 64}),
        (EntryMessage(Entry(3, 1, ["walk", 2, 4], "a" * 64, "b" * 64, "c" * 86)), {"t": "entry", "entry": entry}),
        (Have(12, 17, 4), {"t": "have", "n": 12, "e": 17, "c": 4}),
        (End(GUEST), {"t": "end", "device": GUEST}),
        (Look(b"n" * NONCE_BYTES), {"n": wire.b64(b"n" * NONCE_BYTES)}),
        (Offer(b"p" * PAKE_BYTES, "doolhof-rules-2", b"t" * 12),
         {"pake": wire.b64(b"p" * PAKE_BYTES), "rules": "doolhof-rules-2", "to": wire.b64(b"t" * 12)}),
        (Join(b"p" * PAKE_BYTES, "f" * 32, b"sealed"),
         {"pake": wire.b64(b"p" * PAKE_BYTES), "offer": "f" * 32, "confirm": wire.b64(b"sealed")}),
        (PairResult(Welcome("rroom", key, HOST), Hello(HOST, 0, "doolhof-rules-2", "1.0")),
         {"ok": True, "welcome": {"room": "rroom", "key": wire.b64(key), "host": HOST},
          "hello": {"device": HOST, "figure": 0, "rules": "doolhof-rules-2", "app": "1.0"}}),
        (PairRefused("version"), {"ok": False, "why": "version"}),
    ]
    for message, before in cases:
        assert message.to_bytes() == wire.dumps(before), type(message).__name__
        assert type(message).from_bytes(wire.dumps(before)) == message, type(message).__name__


# ----- every class: a round trip, and its fields as it says -----------------------------------------------
_text = st.text(max_size=24)
_device = st.text(alphabet=string.ascii_letters + string.digits, min_size=1, max_size=32)
_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=4),
                     max_leaves=12)
_hellos = st.builds(Hello, _device, st.integers(0, FIGURES - 1), st.text(max_size=40), st.text(max_size=20),
                    st.none() | st.binary(min_size=32, max_size=32).map(wire.b64))
_welcomes = st.builds(Welcome, _text, st.binary(min_size=32, max_size=32), _device)
_entries = st.builds(Entry, st.integers(), st.integers(), st.lists(_json, max_size=5), _text, _text, _text)
_stamp = st.tuples(st.integers(), st.integers())
_room_ids = st.lists(st.text(min_size=1, max_size=64), max_size=4).map(tuple)


@st.composite
def _tables(draw: st.DrawFn) -> TableSetup:
    variant = draw(st.sampled_from(["junior", "classic", CARDS]))
    fewest, most = seat_range(variant)
    seats = draw(st.lists(st.builds(SeatConfig, st.sampled_from(["person", "computer"]), st.sampled_from(LEVELS)),
                          min_size=fewest, max_size=most))
    figures = tuple(draw(st.permutations(range(FIGURES)))[:len(seats)]) if draw(st.booleans()) else ()
    table = TableSetup(variant, tuple(seats), None, draw(st.integers(0, len(seats) - 1)), figures)
    return TableSetup.from_dict(table.to_dict())  # as it reads back: figures of the seats' own read as none


@st.composite
def _setups(draw: st.DrawFn) -> Setup:
    table = draw(_tables())
    far = draw(st.sets(st.integers(0, len(table.seats) - 1), min_size=1))
    return Setup(table, frozenset(far))


STRATEGIES: dict[type, st.SearchStrategy[Any]] = {
    Hello: _hellos,
    Welcome: _welcomes,
    Entry: _entries,
    RoomHello: st.one_of(st.builds(RoomHello, _hellos),
                         st.tuples(_hellos, _stamp).map(lambda hs: RoomHello(hs[0], *hs[1]))),
    RoomHere: st.builds(RoomHere, st.booleans(), st.integers(), st.integers()),
    Setup: _setups(),
    Deal: st.builds(Deal, _text, st.none() | st.binary(min_size=32, max_size=32)),
    Start: st.builds(Start, _text),
    EntryMessage: st.builds(EntryMessage, _entries),
    Have: st.builds(Have, st.integers(0, MAX_ENTRIES), st.integers(), st.integers()),
    End: st.builds(End, _text),
    Look: st.builds(Look, st.binary(min_size=NONCE_BYTES, max_size=NONCE_BYTES)),
    Offer: st.builds(Offer, st.binary(min_size=PAKE_BYTES, max_size=PAKE_BYTES), _text, st.binary(max_size=16)),
    Join: st.builds(Join, st.binary(min_size=PAKE_BYTES, max_size=PAKE_BYTES), _text, st.binary(max_size=64)),
    PairResult: st.builds(PairResult, _welcomes, _hellos),
    PairRefused: st.builds(PairRefused, st.text(max_size=40)),
    FriendHere: st.builds(FriendHere, _text, _hellos),
    Knock: st.builds(Knock, _text, _hellos),
    Invite: st.builds(Invite, _text, _welcomes, _text, _text, _hellos, _text),
    InviteAccept: st.builds(InviteAccept, _text, _text, _hellos),
    InviteDecline: st.builds(InviteDecline, _text, _text, _text, _hellos),
    InviteWithdraw: st.builds(InviteWithdraw, _text, _text, _hellos),
    EndedNews: st.builds(EndedNews, _text, _text, _room_ids, _hellos),
    OldEndedNews: st.builds(OldEndedNews, _text, _text, _hellos),
    EndHeardNews: st.builds(EndHeardNews, _text, _text, _room_ids, _hellos),
    Moved: st.builds(Moved, _text, st.integers(), _hellos),
}


def test_every_class_has_a_strategy() -> None:
    assert set(STRATEGIES) == set(MESSAGES) | set(VALUES)


def _fields(cls: type) -> tuple[set[str], set[str]]:
    """The required and the optional wire fields a class declares."""
    declared: tuple[str, ...] = cls.FIELDS  # type: ignore[attr-defined]
    return {f for f in declared if not f.endswith("?")}, {f[:-1] for f in declared if f.endswith("?")}


@pytest.mark.parametrize("cls", list(STRATEGIES), ids=lambda c: c.__name__)
def test_from_wire_reads_back_what_to_wire_writes(cls: type) -> None:
    required, optional = _fields(cls)

    @SETTINGS
    @given(STRATEGIES[cls])
    def check(message: Any) -> None:
        data = message.to_wire()
        assert required <= set(data) <= required | optional, "the fields it declares (docs/online.md lists them)"
        assert cls.from_wire(data) == message  # type: ignore[attr-defined]
        assert cls.from_wire(json.loads(wire.dumps(data))) == message  # type: ignore[attr-defined]
        if isinstance(message, Message):
            assert type(message).from_bytes(message.to_bytes()) == message
            if message.KIND is not None:
                assert data["t"] == message.KIND

    check()


# ----- junk is refused, and only refused ----------------------------------------------------------------
def _junk_for(cls: type) -> st.SearchStrategy[Any]:
    """Objects near *cls*'s: its own fields (and tag) with junk values, some left out, some added."""
    required, optional = _fields(cls)
    names = sorted(required | optional) + ["x"]
    values = _json | st.binary(max_size=40).map(wire.b64) | st.just("0" * 64)
    fields = st.dictionaries(st.sampled_from(names), values, max_size=len(names))
    kind = getattr(cls, "KIND", None)
    tagged = fields.map(lambda d: {**d, "t": kind}) if kind else fields
    return st.one_of(_json, fields, tagged)


@pytest.mark.parametrize("cls", list(STRATEGIES), ids=lambda c: c.__name__)
def test_junk_is_refused_never_another_exception(cls: type) -> None:
    @SETTINGS
    @given(_junk_for(cls))
    def check(data: Any) -> None:
        try:
            message = cls.from_wire(data)  # type: ignore[attr-defined]
        except Refused as refused:
            assert refused.reason == "malformed"
            return
        assert cls.from_wire(message.to_wire()) == message  # type: ignore[attr-defined]  # junk that is well formed

    check()


@pytest.mark.parametrize("cls", list(STRATEGIES), ids=lambda c: c.__name__)
def test_a_message_without_a_required_field_is_refused(cls: type) -> None:
    required, _optional = _fields(cls)

    @SETTINGS
    @given(STRATEGIES[cls], st.sampled_from(sorted(required)))
    def check(message: Any, name: str) -> None:
        data = {k: v for k, v in message.to_wire().items() if k != name}
        with pytest.raises(Refused):
            cls.from_wire(data)  # type: ignore[attr-defined]

    check()


def test_a_result_is_a_welcome_or_a_refusal() -> None:
    refused = PairRefused("version")
    assert read_result(refused.to_wire()) == refused
    for junk in ({}, {"ok": 1}, {"ok": "true"}, []):
        with pytest.raises(Refused):
            read_result(junk)


def test_a_deal_half_that_is_not_hex_is_refused_by_the_room() -> None:
    """A room once let a 64-character half that is not hex through as a ValueError out of ``receive``."""
    key = new_key()
    host = Room("rhexroom00001", key, hello(HOST, 0), (HOST, GUEST), table=TableSetup(), far_seats=frozenset({1}))
    guest = Room("rhexroom00001", key, hello(GUEST, 1), (HOST, GUEST))
    deal = next(m for m in guest.connected() if "/deal/" in m.topic)
    commit = wire.loads(Sealer(key).open(deal.topic, deal.payload))["commit"]
    junk = Sealer(key).seal(deal.topic, wire.dumps({"t": "deal", "commit": commit, "reveal": "zz" * 32}))
    out, events = host.receive(deal.topic, junk)
    assert out == [] and [type(e) for e in events] == [Refusal] and events[0].reason == "malformed"  # type: ignore[union-attr]


@SETTINGS
@given(st.sampled_from(["hello", "here", "deal", "have"]), st.sampled_from(["setup", "start", "log/000001", "end"]),
       st.dictionaries(st.sampled_from(["t", "device", "figure", "rules", "sign", "e", "c", "here", "commit", "reveal",
                                        "n", "table", "far", "genesis", "entry"]), _json, max_size=8),
       st.sampled_from(["hello", "here", "deal", "have", "setup", "start", "entry", "end", None]))
def test_a_room_refuses_sealed_junk_on_every_topic(named: str, plain: str, data: dict[str, Any],
                                                   kind: str | None) -> None:
    key = bytes(32)
    host = Room("rjunkroom0001", key, hello(HOST, 0), (HOST, GUEST), table=TableSetup(), far_seats=frozenset({1}))
    guest = Room("rjunkroom0001", key, hello(GUEST, 1), (HOST, GUEST))
    name = next(m for m in guest.connected() if f"/{named}/" in m.topic).topic.rsplit("/", 1)[1]
    message = {**data, "t": kind} if kind else data
    for room in (host, guest):
        for tail in (f"{named}/{name}", plain):
            topic = f"{room.base}/{tail}"
            _out, events = room.receive(topic, Sealer(key).seal(topic, wire.dumps(message)))
            assert all(not isinstance(e, Refusal) or e.reason in ("malformed", "sender", "replayed", "deal", "state")
                       for e in events)
