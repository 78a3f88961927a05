"""Every kind of message the online code writes, from one fixed script with fixed randomness: the bytes to keep.

:func:`scenario` plays a room (a maze game and a card game: hello, here, setup, deal, start, entries, have,
the will, end), a picture code (look, offer, join, the sealed result, the sealed "other version" refusal) and
remembered computers' invitations (here, knock, invite, accept, decline, withdraw, ended, heard, moved) through
the pure machines, with ``os.urandom`` and SPAKE2's entropy made deterministic, and returns every publish. Run
as a module it prints them as JSON: ``tests/online/data/wire_golden.json`` is that output of the code before
the messages were typed (regenerate it from an export of the code whose bytes are to be kept:
``python -m tests.online.wire_scenario > tests/online/data/wire_golden.json`` in that export), and
``test_messages.py`` holds the code to the same bytes.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

HOST, GUEST = "a0a0a0a0a0a0a0a0", "b1b1b1b1b1b1b1b1"


@contextmanager
def fixed_randomness() -> Iterator[None]:
    """``os.urandom`` and SPAKE2's entropy from a counter-mode SHA-256 stream (the same bytes every run)."""
    from spake2 import SPAKE2_Symmetric

    from doolhof.online import pairing

    counter = [0]

    def urandom(size: int) -> bytes:
        out = b""
        while len(out) < size:
            counter[0] += 1
            out += hashlib.sha256(b"wire scenario|%d" % counter[0]).digest()
        return out[:size]

    def spake(password: bytes, idSymmetric: bytes = b"") -> Any:
        return SPAKE2_Symmetric(password, idSymmetric=idSymmetric, entropy_f=urandom)

    real_urandom, real_spake = os.urandom, pairing.SPAKE2_Symmetric
    os.urandom = urandom
    pairing.SPAKE2_Symmetric = spake  # type: ignore[misc,assignment]
    try:
        yield
    finally:
        os.urandom = real_urandom
        pairing.SPAKE2_Symmetric = real_spake  # type: ignore[misc]


def _with_rules(me: Any, rules: str) -> Any:
    """*me* (a hello, a dict before messages were typed) with other rules."""
    return {**me, "rules": rules} if isinstance(me, dict) else dataclasses.replace(me, rules=rules)


def _route(machines: list[Any], first: list[Any], record: Callable[[Any], None], limit: int = 200) -> None:
    """Hand every publish to every machine of the channel (the relay echoes to the sender too), until quiet."""
    todo = list(first)
    for _ in range(limit):
        if not todo:
            return
        message = todo.pop(0)
        record(message)
        for machine in machines:
            out, _events = machine.receive(message.topic, message.payload)
            todo.extend(out)


def _room_game(table: Any, far: frozenset[int], room_id: str, record: Callable[[Any], None], moves: int) -> None:
    from doolhof.online.room import Room, _Deal, hello
    from doolhof.online.simulate import chooser

    key = hashlib.sha256(b"wire scenario room key|" + room_id.encode()).digest()
    members = (HOST, GUEST)
    rooms = [Room(room_id, key, hello(HOST, 0), members, table=table, far_seats=far,
                  signing=hashlib.sha256(b"host signing|" + room_id.encode()).digest()),
             Room(room_id, key, hello(GUEST, 1), members,
                  signing=hashlib.sha256(b"guest signing|" + room_id.encode()).digest())]
    for n, room in enumerate(rooms):
        device = members[n]
        room._secret = hashlib.sha256(b"scenario deal half|%d" % n).digest()
        room._deals = {device: _Deal(room._commit_of(device, room._secret))}
    for n, room in enumerate(rooms):
        record(room.connecting(now=1_700_000_000.0 + n))
    todo = [m for room in rooms for m in room.connected()]
    _route(rooms, todo, record)
    out, _events = rooms[0].begin()
    _route(rooms, out, record)
    choose = chooser("cards" if table.is_cards else "maze", "gentle", 7)
    for _ in range(moves):
        room = next(r for r in rooms if r.my_turn())
        assert room.game is not None
        out, _events = room.play(choose(room.game.copy()))
        _route(rooms, out, record)
    record(rooms[1].away())
    out, _events = rooms[1].end()
    _route(rooms, out, record)


def _code(record: Callable[[Any], None], other_rules: bool) -> None:
    from doolhof.online.meeting import HostCodeMachine, JoinCodeMachine
    from doolhof.online.pairing import PictureCode
    from doolhof.online.room import hello

    code = PictureCode((3, 1, 4, 1, 5, 9))
    joiner_hello = hello(GUEST, 2)
    if other_rules:
        joiner_hello = _with_rules(joiner_hello, "doolhof-rules-0")
    host = HostCodeMachine(code, hello(HOST, 0), "rscenario0000001", bytes(range(32)), b"host nonce12", 1000.0)
    join = JoinCodeMachine(code, joiner_hello, b"join nonce12", 1000.0)
    where = "mscenarioplace" + ("2" if other_rules else "1")
    host.placed(where)
    join.placed(where)
    machines: list[Any] = [host, join]
    _route(machines, host.connected()[0], record)
    _route(machines, join.connected()[0], record)


def _invitations(record: Callable[[Any], None]) -> None:
    from doolhof.online.meeting import BehindListener, Friend, InvitationMachine
    from doolhof.online.room import hello

    secret = hashlib.sha256(b"scenario friend").digest()
    for answer in ("accept", "decline", "withdraw"):
        inviter = InvitationMachine(hello(HOST, 0), Friend(GUEST, 1, secret), "rscenarioinvite1", bytes(32),
                                    nonce=b"inviter nonce", game="cards" if answer == "accept" else "")
        listener = InvitationMachine(hello(GUEST, 1), Friend(HOST, 0, secret), "rscenariolisten1", bytes(32),
                                     nonce=b"listen nonce")
        machines: list[Any] = [inviter, listener]
        _route(machines, inviter.connected()[0] + inviter.invite(), record)
        _route(machines, listener.connected()[0], record)
        if answer == "accept":
            out, _welcome = listener.accept()
        elif answer == "decline":
            out = listener.decline()
        else:
            out = inviter.withdraw()
        _route(machines, out, record)
    ender = InvitationMachine(hello(HOST, 0), Friend(GUEST, 1, secret), "rscenarioinvite2", bytes(32),
                              ends=["rscenarioended01"])
    hearer = InvitationMachine(hello(GUEST, 1), Friend(HOST, 0, secret), "rscenariolisten2", bytes(32))
    _route([ender, hearer], hearer.connected()[0] + ender.connected()[0], record)
    behind = BehindListener(hello(GUEST, 1), Friend(HOST, 0, secret, 1), nonce=b"behind nonce")
    _route([behind], behind.connected()[0], record, limit=1)


def scenario() -> list[dict[str, Any]]:
    """Every publish of the script, in order: topic, payload (hex), retain, expiry."""
    from doolhof.session.seats import SeatConfig, TableSetup

    seen: list[dict[str, Any]] = []

    def record(message: Any) -> None:
        seen.append({"topic": message.topic, "payload": message.payload.hex(), "retain": message.retain,
                     "expiry": message.expiry})

    with fixed_randomness():
        _room_game(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}), "rscenariomaze001",
                   record, 6)
        _room_game(TableSetup("cards", (SeatConfig(), SeatConfig(), SeatConfig("computer", "gentle")),
                              figures=(2, 0, 1)),
                   frozenset({0}), "rscenariocards01", record, 4)
        _code(record, other_rules=False)
        _code(record, other_rules=True)
        _invitations(record)
    return seen


if __name__ == "__main__":
    json.dump(scenario(), sys.stdout, indent=0)
    sys.stdout.write("\n")
