"""A release's relays: the list a release carries, rooms shared over several relays by rendezvous hashing, and a
waiting room that keeps the relay it started on, so a changed list never moves it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from doolhof.gui.online import switch
from doolhof.online import defaults, store
from doolhof.online.relay import Address, choose_relay
from doolhof.session.settings import Settings
from tests.online.bus import pair
from tests.scripts import load_script

ROOMS = [f"r{n:031x}" for n in range(600)]
FIVE = [f"mqtts://relay{k}.example.org:8883" for k in range(5)]


def test_every_computer_picks_the_same_relay_whatever_the_order_of_the_list() -> None:
    for room in ROOMS[:100]:
        assert choose_relay(FIVE, room) == choose_relay(list(reversed(FIVE)), room)
        assert choose_relay(FIVE, room) == choose_relay(FIVE[2:] + FIVE[:2], room)
    # The same relay written another way ("host" and "host:1883") is the same relay.
    assert all(choose_relay(["a.example.org", "b.example.org"], room) ==
               choose_relay(["mqtt://a.example.org:1883", "b.example.org:1883"], room) for room in ROOMS[:50])


def test_a_relay_added_takes_only_its_share_and_a_relay_taken_out_moves_only_its_own_rooms() -> None:
    before = {room: choose_relay(FIVE[:4], room) for room in ROOMS}
    after = {room: choose_relay(FIVE, room) for room in ROOMS}
    moved = [room for room in ROOMS if before[room] != after[room]]
    assert all(after[room] == Address.parse(FIVE[4]) for room in moved), "a room only ever moves to the new relay"
    assert 0.12 < len(moved) / len(ROOMS) < 0.28  # about a fifth, not most rooms as with a modulo
    gone = Address.parse(FIVE[1])
    fewer = {room: choose_relay([r for r in FIVE if r != FIVE[1]], room) for room in ROOMS}
    assert [room for room in ROOMS if fewer[room] != after[room]] == [room for room in ROOMS if after[room] == gone]
    shares = {relay: sum(1 for room in ROOMS if after[room] == Address.parse(relay)) for relay in FIVE}
    assert min(shares.values()) > len(ROOMS) / 5 * 0.7, shares


def test_the_source_tree_carries_no_relay_and_the_file_reads_one_address_a_line() -> None:
    defaults.release_relays.cache_clear()
    assert defaults.release_relays() == ()
    assert defaults.read_relays("# a note\n\n mqtts://a.example.org \nwss://b.example.org/mqtt\n") == [
        "mqtts://a.example.org", "wss://b.example.org/mqtt"]


def test_the_release_script_checks_every_address_and_writes_what_the_package_reads(tmp_path: Path) -> None:
    script = load_script("release_relays", "release_relays")
    target = tmp_path / "relays.txt"
    assert script.main(["mqtts://a.example.org, wss://b.example.org/mqtt", "--file", str(target)]) == 0
    assert defaults.read_relays(target.read_text()) == ["mqtts://a.example.org:8883", "wss://b.example.org:443/mqtt"]
    assert script.main(["mqtts://a.example.org, not an@address", "--file", str(tmp_path / "no.txt")]) == 1
    assert not (tmp_path / "no.txt").exists(), "nothing is written when an address does not read"
    assert script.main(["", "--file", str(target)]) == 0 and defaults.read_relays(target.read_text()) == []
    shipped = Path(defaults.__file__).with_name(defaults.FILE_NAME).read_text(encoding="utf-8")
    assert target.read_text(encoding="utf-8") == shipped, "an empty variable writes the source tree's file"


def test_with_a_release_relay_a_parent_only_turns_playing_far_away_on(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(online=True)
    assert not switch.online_on(settings), "no relay typed and none carried: nothing online shows"
    monkeypatch.setattr(switch, "release_relays", lambda: ("mqtts://relay.example.org:8883",))
    assert switch.online_on(settings) and switch.relays_of(settings) == ["mqtts://relay.example.org:8883"]
    assert not switch.online_on(Settings(online=False))
    typed = Settings(online=True, relay="a.example.org, b.example.org")
    assert switch.relays_of(typed) == ["a.example.org", "b.example.org"], "the parents' own relays come first"


def test_a_waiting_room_keeps_the_relay_it_started_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    host, guest, bus = pair()
    data: dict[str, Any] = guest.to_dict()
    assert store.save_room({**data, store.RELAY_KEY: "mqtts://first.example.org:8883"})
    bus.play(host, ["push", str(host.game.legal_pushes()[0])])  # type: ignore[union-attr]
    assert store.save_room({**guest.to_dict(), store.RELAY_KEY: "mqtts://second.example.org:8883"})
    kept = store.waiting_rooms()[0]
    assert store.relay_of(kept) == "mqtts://first.example.org:8883"
    assert len(kept["entries"]) == len(guest.to_dict()["entries"])
    assert store.relay_of(data) is None  # a room kept before rooms remembered their relay


def test_addresses_read_as_a_parent_writes_them() -> None:
    assert Address.parse("mqtts://relay.example.org") == Address("relay.example.org", 8883, True)
    assert Address.parse("relay.example.org:8883") == Address("relay.example.org", 8883, True), "8883 is TLS's port"
    assert Address.parse("mqtt://relay.example.org:8883") == Address("relay.example.org", 8883, False)
    assert Address.parse("192.168.1.10") == Address("192.168.1.10", 1883, False)
    assert Address.parse("wss://relay.example.org") == Address("relay.example.org", 443, True, "/mqtt")
    assert Address.parse("WSS://relay.example.org:8443/ws") == Address("relay.example.org", 8443, True, "/ws")
    for wrong in ("http://relay.example.org", "ws://relay.example.org", "mqtts://", "wss://a b/mqtt"):
        with pytest.raises(ValueError):
            Address.parse(wrong)
