"""The shipped relay configuration, through a real Mosquitto with raw paho-mqtt clients (no sealing involved).

What is checked here is what the relay itself guarantees (packaging/relay/): a client reads and writes only
its own channel ``doolhof/c/<username>/#``; an anonymous client, a wildcard subscriber, another room's client
and a username holding a wildcard get nothing; a packet over 8192 bytes disconnects its sender; so does a
retained message, whoever sends it (``retain_available false``: the relay keeps nothing for anyone); nothing is
kept over a restart; the log names no room. Every "nothing arrived" is checked
with :meth:`RawClient.barrier`, not by sleeping.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.online import conftest
from tests.online.raw import ACCEPTED, RawClient, flood_retained, room_id, settle

ROOT = Path(__file__).resolve().parents[2]
local_relay = conftest.local_relay


@pytest.fixture
def clients() -> Iterator[list[RawClient]]:
    """The test's clients, all stopped after it."""
    made: list[RawClient] = []
    yield made
    for client in made:
        client.stop()


@pytest.fixture
def connect(relay: Any, clients: list[RawClient]) -> Any:
    """``connect(username, port=None, **options)``: a started RawClient of ``relay`` (or of *port*)."""

    def make(username: str | None, port: int | None = None, **options: Any) -> RawClient:
        client = RawClient(relay.host, port or relay.port, username, **options)
        clients.append(client)
        return client.start()

    return make


def channel(room: str, rest: str = "log") -> str:
    return f"doolhof/c/{room}/{rest}"


# ----- the configuration as shipped ------------------------------------------------------------------------------
def test_the_launcher_changes_only_the_port_and_paths_of_the_shipped_config() -> None:
    shipped = local_relay.SHIPPED_CONFIG.read_text(encoding="utf-8")
    local = local_relay.local_config(shipped, 40123)
    changed = [(a, b) for a, b in zip(shipped.splitlines(), local.splitlines()) if a != b]
    assert changed == [("listener 1883 127.0.0.1", "listener 40123 127.0.0.1"),
                       ("acl_file packaging/relay/acl", f"acl_file {ROOT / 'packaging' / 'relay' / 'acl'}")]
    assert len(shipped.splitlines()) == len(local.splitlines())
    kept = local_relay.local_config(shipped, 40123, folder=Path("/tmp/r")).splitlines()
    assert kept[:-1] == local.splitlines() and kept[-1] == "persistence_location /tmp/r/"
    with pytest.raises(local_relay.RelayError, match="exactly one"):
        local_relay.local_config(shipped + "listener 8883\n", 40123)


def test_the_shipped_config_keeps_nothing_and_logs_only_errors_and_warnings() -> None:
    settings = [line.split(None, 1) for line in local_relay.SHIPPED_CONFIG.read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]
    options = {key: value for key, value in settings if key != "log_type"}
    assert options["persistence"] == "false" and options["sys_interval"] == "0"
    assert options["connection_messages"] == "false" and options["allow_anonymous"] == "true"
    assert options["max_packet_size"] == "8192" and options["retain_available"] == "false"
    assert sorted(value for key, value in settings if key == "log_type") == ["error", "warning"]
    acl = [line for line in (ROOT / "packaging" / "relay" / "acl").read_text(encoding="utf-8").splitlines()
           if line.strip() and not line.startswith("#")]
    assert acl == ["pattern readwrite doolhof/c/%u/#"]


def test_the_relay_starts_from_the_shipped_config_on_a_free_loopback_port(relay: Any) -> None:
    assert relay.running and relay.host == "127.0.0.1" and relay.address == f"127.0.0.1:{relay.port}"
    assert relay.port != 1883 and relay.pid is not None and 0 < relay.rss_mb() < 100
    assert local_relay.find_mosquitto() is not None


@pytest.mark.relay
def test_a_relay_that_cannot_start_says_what_mosquitto_said(tmp_path: Path) -> None:
    bad = tmp_path / "bad.conf"
    bad.write_text(local_relay.SHIPPED_CONFIG.read_text(encoding="utf-8") + "no_such_option 1\n", encoding="utf-8")
    with pytest.raises(local_relay.RelayError, match="no_such_option"):
        local_relay.LocalRelay(config=bad, start_timeout=5).start()


# ----- who reads and writes what -----------------------------------------------------------------------------
def test_an_anonymous_client_reads_nothing_and_cannot_write(connect: Any) -> None:
    room = room_id()
    owner = connect(room)
    owner.subscribe(channel(room, "#"))
    anonymous = connect(None)
    anonymous.subscribe("#", "doolhof/c/+/#", channel(room, "#"))
    assert anonymous.publish(channel(room), b"intruder") == "Not authorized"
    assert owner.publish(channel(room), b"move") in ACCEPTED
    anonymous.barrier()
    owner.barrier()
    assert anonymous.topics() == [] and [m.payload for m in owner.messages] == [b"move"]


def test_a_wildcard_subscriber_sees_only_its_own_channel(connect: Any) -> None:
    room, other = room_id(), room_id()
    watcher = connect(other)
    watcher.subscribe("#", "doolhof/c/+/#", "doolhof/#")
    player = connect(room)
    assert player.publish(channel(room), b"move") in ACCEPTED
    assert player.publish(channel(room, "seat/1"), b"away") in ACCEPTED
    assert watcher.publish(channel(other), b"own") in ACCEPTED
    watcher.barrier()
    assert set(watcher.topics()) == {channel(other)}


def test_a_client_of_another_room_cannot_read_or_write_this_room(connect: Any) -> None:
    room, other = room_id(), room_id()
    owner = connect(room)
    owner.subscribe(channel(room, "#"))
    outsider = connect(other)
    assert outsider.subscribe(channel(room, "#")) == ["Granted QoS 1"]  # granted, yet nothing is delivered
    assert outsider.publish(channel(room), b"forged") == "Not authorized"
    assert owner.publish(channel(room), b"move") in ACCEPTED
    owner.barrier()
    outsider.barrier()
    assert [m.payload for m in owner.messages] == [b"move"] and outsider.topics() == []
    late = connect(room)  # the refused message was not kept either
    late.subscribe(channel(room, "#"))
    late.barrier()
    assert late.topics() == []


@pytest.mark.parametrize("username", ["+", "#", "a+b-room-id", "room-id#", "abcdefgh/#"])
def test_a_username_holding_a_wildcard_gets_nothing(connect: Any, username: str) -> None:
    """Mosquitto does not put a username with + or # into the %u pattern, so it would not widen the ACL."""
    room = room_id()
    owner = connect(room)
    sneaky = connect(username)
    sneaky.subscribe("#", "doolhof/c/+/#", channel(room, "#"))
    assert sneaky.publish(channel(room), b"x") == "Not authorized"
    assert owner.publish(channel(room), b"move") in ACCEPTED
    sneaky.barrier()
    assert sneaky.topics() == []


def test_a_username_with_a_slash_reaches_only_below_its_own_name(connect: Any) -> None:
    """Mosquitto 2.0 does put a username holding / into %u: ``<room>/x`` may use ``doolhof/c/<room>/x/#``,
    inside that room's tree. That needs the room id, which already lets anyone in as the room itself; the room's
    own topics stay out of reach, and every payload is sealed with the room key anyway."""
    room = room_id()
    owner = connect(room)
    owner.subscribe(channel(room, "#"))
    nested = connect(f"{room}/x")
    nested.subscribe("#", channel(room, "#"))
    assert nested.publish(channel(room), b"x") == "Not authorized"
    assert owner.publish(channel(room), b"move") in ACCEPTED
    nested.barrier()
    assert nested.topics() == []


# ----- sizes, expiry, restart --------------------------------------------------------------------------------
def test_an_oversized_publish_disconnects_its_sender_and_is_not_delivered(connect: Any) -> None:
    room = room_id()
    owner = connect(room)
    owner.subscribe(channel(room, "#"))
    assert owner.publish(channel(room, "near"), b"n" * 8000) in ACCEPTED  # a whole packet just under 8192 bytes
    big = connect(room, reconnect=False)
    big.publish(channel(room, "big"), b"x" * 8200, wait=False)
    big.wait_for(lambda: big.disconnects, "disconnect")
    assert big.disconnects == ["Packet too large"]
    owner.barrier()
    assert owner.topics() == [channel(room, "near")]


@pytest.mark.parametrize("who", ["owner", "stranger", "anonymous"])
@pytest.mark.parametrize("payload", [b"kept", b""])
def test_a_retained_message_is_refused_and_its_sender_cut_off(connect: Any, who: str, payload: bytes) -> None:
    """Nobody can store anything on the relay: a retained message (or the empty one that would clear one)
    from any username ends its sender's connection ("Retain not supported") and nobody receives it."""
    room = room_id()
    watcher = connect(room)
    watcher.subscribe(channel(room, "#"))
    sender = connect({"owner": room, "stranger": room_id(), "anonymous": None}[who], reconnect=False)
    sender.publish(channel(room if who == "owner" else sender.username or room, "kept"), payload, retain=True,
                   expiry=60, wait=False)
    sender.wait_for(lambda: sender.disconnects, "disconnect")
    assert sender.disconnects == ["Retain not supported"]
    watcher.barrier()
    assert watcher.topics() == []
    late = connect(room)
    late.subscribe(channel(room, "#"), "#")
    late.barrier()
    assert late.topics() == [] and watcher.disconnects == []


def test_a_strangers_flood_of_retained_messages_leaves_the_relay_as_it_was(relay: Any) -> None:
    """20 connections, each with a username of its own, each sending 2,000 retained 4 kB messages as fast as it
    can: each is cut off at its first, and the relay grows by far less than 8 MB (with retained messages on, as
    shipped before, each username kept its 2,000: some 9 MB each)."""
    before = relay.rss_mb()
    junk = bytes(4000)
    cut = [flood_retained(relay.host, relay.port, room_id(), 2000, junk) for _ in range(20)]
    settle(0.3)
    assert cut == [True] * 20
    assert relay.rss_mb() - before < 8.0


def test_a_restart_keeps_the_port_and_clients_come_back(relay: Any, connect: Any) -> None:
    room = room_id()
    owner = connect(room)
    assert owner.publish(channel(room, "log/1"), b"move") in ACCEPTED
    port = relay.port
    relay.restart()
    assert relay.port == port and relay.running
    owner.wait_for(lambda: owner.disconnects and owner.connects == 2, "reconnect after the restart")
    late = connect(room)
    late.subscribe(channel(room, "#"))
    late.barrier()
    assert late.topics() == []  # persistence false: the clients publish their log again


def test_two_relays_are_independent(relays: Any, connect: Any) -> None:
    """Rooms spread over relays by room id: what one relay holds, the other does not see."""
    first, second = relays
    assert first.port != second.port and first.pid != second.pid
    room = room_id()
    elsewhere = connect(room, port=second.port)
    elsewhere.subscribe(channel(room, "#"))
    here = connect(room, port=first.port)
    here.subscribe(channel(room, "#"))
    assert connect(room, port=first.port).publish(channel(room), b"move") in ACCEPTED
    elsewhere.barrier()
    assert elsewhere.topics() == []
    here.barrier()
    assert here.topics() == [channel(room)]


def test_the_relay_log_names_no_room(relay: Any, connect: Any) -> None:
    room, other = room_id(), room_id()
    owner = connect(room)
    owner.subscribe(channel(room, "#"), "#")
    owner.publish(channel(room), b"move")
    keeper = connect(room, reconnect=False)  # cut off for a retained message: that is not logged with its room
    keeper.publish(channel(room, "kept"), b"x", retain=True, wait=False)
    keeper.wait_for(lambda: keeper.disconnects, "disconnect")
    outsider = connect(other)
    outsider.publish(channel(room), b"forged")
    connect(None).subscribe("#")
    connect("+").subscribe("#")
    big = connect(room, reconnect=False)
    big.publish(channel(room, "big"), b"x" * 9000, wait=False)
    big.wait_for(lambda: big.disconnects, "disconnect")
    for client in (owner, outsider):
        client.barrier()
        client.stop()
    relay.stop()  # mosquitto's words at shutdown are in the log too
    log = relay.log_text()
    assert room not in log and other not in log and owner.client._client_id.decode() not in log
    assert "doolhof/c/" not in log


# ----- a network gone ------------------------------------------------------------------------------------------
def test_cutting_the_proxy_drops_a_client_and_healing_lets_it_reconnect(proxy: Any, connect: Any) -> None:
    room = room_id()
    client = connect(room, port=proxy.port)
    client.subscribe(channel(room, "#"))
    assert proxy.connections == 1
    proxy.cut()
    client.wait_for(lambda: client.disconnects, "disconnect after the cut")
    assert proxy.connections == 0 and client.connects == 1
    time.sleep(0.3)  # paho retries meanwhile and is refused
    assert client.connects == 1
    proxy.heal()
    client.wait_for(lambda: client.connects == 2, "reconnect after the heal")
    client.subscribe(channel(room, "#"))
    assert client.publish(channel(room), b"back") in ACCEPTED
    client.barrier()
    assert client.topics() == [channel(room)]


# ----- without mosquitto ---------------------------------------------------------------------------------------
class _Item:
    """Just enough of a pytest item for :func:`conftest.pytest_runtest_setup`."""

    def get_closest_marker(self, name: str) -> object:
        return object() if name == "relay" else None


def test_without_mosquitto_relay_tests_skip_saying_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest.local_relay, "find_mosquitto", lambda: None)
    monkeypatch.delenv("DOOLHOF_REQUIRE_RELAY", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt install mosquitto"):
        conftest.pytest_runtest_setup(_Item())  # type: ignore[arg-type]
    monkeypatch.setenv("DOOLHOF_REQUIRE_RELAY", "1")
    with pytest.raises(pytest.fail.Exception, match="DOOLHOF_REQUIRE_RELAY=1 but mosquitto is not installed"):
        conftest.pytest_runtest_setup(_Item())  # type: ignore[arg-type]


def test_ci_installs_mosquitto_and_requires_the_relay_tests_and_the_readme_says_how() -> None:
    if not (ROOT / ".ci" / "run").is_file():
        pytest.skip("no .ci/run here (the sdist carries no CI script)")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "apt-get install -y -qq mosquitto" in ci and "export DOOLHOF_REQUIRE_RELAY=1" in ci
    assert ci.index("DOOLHOF_REQUIRE_RELAY=1") < ci.index("python -m pytest")
    assert "sudo apt install mosquitto" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_relay_tests_carry_the_relay_marker(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("relay") is None  # this one needs no relay
    assert "relay" in request.config.getini("markers")[0]
