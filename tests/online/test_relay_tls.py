"""TLS kept working: Mosquitto started from the shipped public configuration (packaging/relay/mosquitto-public.conf,
its listeners moved to free loopback ports) with certificates from an authority made at test time. A good
certificate connects, over MQTT/TLS and over secure WebSockets; a wrong host name, an unknown authority, an
expired certificate or a plain port is refused with a plain reason in the parent's words, never accepted."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from doolhof.i18n import set_language
from doolhof.online.relay import (
    MSG_EXPIRED,
    MSG_NOT_TLS,
    MSG_OTHER_NAME,
    MSG_UNKNOWN_SIGNER,
    Address,
    RelayLink,
    check_relay,
)
from doolhof.online.room import Publish
from tests.online.conftest import local_relay
from tests.online.tls import Authority, PublicRelay, public_relay

pytestmark = pytest.mark.relay
WAIT = 10.0


@pytest.fixture(scope="module")
def authority() -> Authority:
    """The authority the tests' computers trust."""
    return Authority.make("Doolhof test authority")


@pytest.fixture
def trusted(authority: Authority, tmp_path: Path) -> str:
    """The trusted authority's certificate as a file (what ``cafile`` and SSL_CERT_FILE take)."""
    path = tmp_path / "ca.pem"
    path.write_bytes(authority.pem())
    return str(path)


def _relay(chain_key: tuple[bytes, bytes]) -> Iterator[PublicRelay]:
    mosquitto = local_relay.find_mosquitto()
    assert mosquitto is not None
    with public_relay(*chain_key, mosquitto) as started:
        yield started


@pytest.fixture
def good(authority: Authority) -> Iterator[PublicRelay]:
    """The public relay with a certificate for localhost and 127.0.0.1 from the trusted authority."""
    yield from _relay(authority.issue(["localhost", "127.0.0.1"]))


def _said(address: Address, trusted: str, language: str = "en") -> str | None:
    set_language(language)
    try:
        return check_relay(address, timeout=5.0, cafile=trusted)
    finally:
        set_language("en")


def test_a_good_certificate_connects_over_tls_and_over_secure_websockets(good: PublicRelay, trusted: str) -> None:
    assert _said(Address.parse(f"mqtts://localhost:{good.tls}"), trusted) is None
    assert _said(Address.parse(f"mqtts://127.0.0.1:{good.tls}"), trusted) is None
    assert _said(Address.parse(f"wss://localhost:{good.wss}/mqtt"), trusted) is None
    assert "rror" not in good.log(), good.log()


def test_without_the_authority_the_same_relay_is_refused(good: PublicRelay) -> None:
    said = check_relay(Address.parse(f"mqtts://localhost:{good.tls}"), timeout=5.0)  # the system's authorities
    assert said == MSG_UNKNOWN_SIGNER.format(address=f"mqtts://localhost:{good.tls}")


def test_a_certificate_for_another_name_is_refused_in_the_parents_words(authority: Authority, trusted: str) -> None:
    for relay in _relay(authority.issue(["relay.example.org"])):
        address = Address.parse(f"mqtts://localhost:{relay.tls}")
        assert _said(address, trusted) == MSG_OTHER_NAME.format(address=address)
        dutch = _said(address, trusted, "nl")
        assert dutch is not None and dutch != MSG_OTHER_NAME.format(address=address) and str(address) in dutch
        assert _said(Address.parse(f"wss://localhost:{relay.wss}"), trusted) == MSG_OTHER_NAME.format(
            address=Address.parse(f"wss://localhost:{relay.wss}"))


def test_an_unknown_authority_and_an_expired_certificate_are_refused(authority: Authority, trusted: str) -> None:
    stranger = Authority.make("Someone else")
    for relay in _relay(stranger.issue(["localhost"])):
        address = Address.parse(f"mqtts://localhost:{relay.tls}")
        assert _said(address, trusted) == MSG_UNKNOWN_SIGNER.format(address=address)
        for language in ("nl", "de", "sv"):
            said = _said(address, trusted, language)
            assert said is not None and said != MSG_UNKNOWN_SIGNER.format(address=address)
    for relay in _relay(authority.issue(["localhost"], days=-1)):
        address = Address.parse(f"mqtts://localhost:{relay.tls}")
        assert _said(address, trusted) == MSG_EXPIRED.format(address=address)


def test_tls_to_a_plain_port_says_so(relay: Any, trusted: str) -> None:
    address = Address.parse(f"mqtts://127.0.0.1:{relay.port}")
    assert _said(address, trusted) == MSG_NOT_TLS.format(address=address)


class _Ear:
    """One channel's link that notes what it hears."""

    def __init__(self, address: Address, channel: str) -> None:
        self.heard: list[tuple[str, bytes]] = []
        self.got = threading.Event()
        self.link = RelayLink(address, channel, on_message=self._hear)

    def _hear(self, topic: str, payload: bytes) -> None:
        self.heard.append((topic, payload))
        self.got.set()


@pytest.mark.parametrize("scheme", ["mqtts", "wss"])
def test_a_room_link_talks_through_the_secure_listeners(good: PublicRelay, trusted: str, scheme: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", trusted)  # the system's authorities, as the app uses them
    port = good.tls if scheme == "mqtts" else good.wss
    address = Address.parse(f"{scheme}://localhost:{port}")
    one, two = _Ear(address, "tlsroom0001"), _Ear(address, "tlsroom0001")
    for ear in (one, two):
        ear.link.start()
    try:
        assert one.link.connected.wait(WAIT) and two.link.connected.wait(WAIT), (one.link.problem, good.log())
        time.sleep(0.2)
        one.link.publish(Publish(f"{one.link.base}/m", b"sealed bytes", False))
        assert two.got.wait(WAIT) and two.heard == [(f"{one.link.base}/m", b"sealed bytes")]
        # A move goes at once (Nagle's algorithm off), over WebSockets too: else each waits ~40 ms for an ACK.
        for ear in (one, two):
            sock = ear.link._client.socket()
            sock = getattr(sock, "_socket", sock)
            assert isinstance(sock, socket.socket) and sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    finally:
        one.link.stop()
        two.link.stop()


def test_a_room_link_never_accepts_a_wrong_certificate_and_says_why(authority: Authority, trusted: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", trusted)
    for relay in _relay(authority.issue(["relay.example.org"])):
        address = Address.parse(f"mqtts://localhost:{relay.tls}")
        ear = _Ear(address, "tlsroom0002")
        ear.link.start()
        try:
            deadline = time.monotonic() + WAIT
            while ear.link.problem is None and time.monotonic() < deadline:
                time.sleep(0.05)
            assert ear.link.problem == MSG_OTHER_NAME.format(address=address)
            assert not ear.link.connected.wait(1.5), "a certificate for another name is never accepted"
        finally:
            ear.link.stop()


def test_two_homes_pair_and_play_a_whole_game_over_tls_and_secure_websockets(good: PublicRelay, trusted: str) -> None:
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "SSL_CERT_FILE": trusted}
    for address in (f"mqtts://localhost:{good.tls}", f"wss://localhost:{good.wss}/mqtt"):
        done = subprocess.run([sys.executable, "-m", "doolhof", "simulate", "--online", address, "--game", "cards",
                               "--games", "1", "--json"], env=env, capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, done.stderr
        figures = json.loads(done.stdout)
        assert figures["finished"] == 1 and figures["desyncs"] == 0 and figures["refused"] == 0, figures
