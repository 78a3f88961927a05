"""``doolhof relay-check ADDRESS``, the operator's check, against relays started here: the shipped public
configuration passes; the same without its acl file, a plain address, or no relay at all fail, saying why."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from doolhof.cli import main
from tests.online.conftest import local_relay
from tests.online.tls import Authority, PublicRelay, free_port, public_relay

pytestmark = pytest.mark.relay


@pytest.fixture(scope="module")
def authority() -> Authority:
    """The authority the check is told to trust (--cafile)."""
    return Authority.make("Doolhof test authority")


@pytest.fixture
def cafile(authority: Authority, tmp_path: Path) -> str:
    """The authority's certificate as a file."""
    (tmp_path / "ca.pem").write_bytes(authority.pem())
    return str(tmp_path / "ca.pem")


def _started(authority: Authority, edit: Any = str) -> Iterator[PublicRelay]:
    mosquitto = local_relay.find_mosquitto()
    assert mosquitto is not None
    with public_relay(*authority.issue(["localhost"]), mosquitto, edit=edit) as relay:
        yield relay


def _check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(["relay-check", *argv])
    return status, capsys.readouterr().out


def test_the_shipped_public_relay_passes_every_check(authority: Authority, cafile: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    for relay in _started(authority):
        status, out = _check(capsys, f"mqtts://localhost:{relay.tls}", "--cafile", cafile)
        assert status == 0, out
        assert re.search(r"ok +it answers over TLS with a valid certificate for localhost \(signed by Doolhof test "
                         r"authority, valid until \d{4}-\d\d-\d\d \(only 1 days left: renew it\)\)", out), out
        assert "ok    an anonymous client subscribing to #, $SYS/# and doolhof/# read nothing" in out
        assert "ok    a client of another room read nothing of this room" in out
        assert "ok    it keeps nothing for anyone: a retained test message was refused and its sender cut off" \
            in out and "FAIL" not in out
        assert out.rstrip().endswith("Families can use this relay.")
        status, out = _check(capsys, f"wss://localhost:{relay.wss}/mqtt", "--cafile", cafile)
        assert status == 0 and "FAIL" not in out, out


def test_a_relay_without_its_acl_fails_the_reading_check(authority: Authority, cafile: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    def no_acl(text: str) -> str:
        return re.sub(r"^acl_file .*$", "", text, flags=re.M)

    for relay in _started(authority, no_acl):
        status, out = _check(capsys, f"mqtts://localhost:{relay.tls}", "--cafile", cafile)
        assert status == 1
        assert "FAIL  an anonymous client subscribing to # read" in out and "acl file" in out
        assert "FAIL  a client of another room read" in out
        assert "1 check(s) failed" not in out and "2 check(s) failed" in out


def test_a_relay_that_keeps_retained_messages_fails_the_keeping_check(authority: Authority, cafile: str,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    def keeping(text: str) -> str:
        return re.sub(r"^retain_available false$", "retain_available true", text, flags=re.M)

    for relay in _started(authority, keeping):
        status, out = _check(capsys, f"mqtts://localhost:{relay.tls}", "--cafile", cafile)
        assert status == 1 and "1 check(s) failed" in out, out
        assert "FAIL  it keeps messages for anyone who asks (retained messages): a stranger can fill its memory; " \
               "set retain_available false" in out


def test_without_the_authority_a_plain_address_or_no_relay_it_fails_plainly(
        authority: Authority, relay: Any, capsys: pytest.CaptureFixture[str]) -> None:
    for public in _started(authority):
        status, out = _check(capsys, f"mqtts://localhost:{public.tls}")
        assert status == 1 and "certificate no known authority vouches for" in out
    status, out = _check(capsys, relay.address)
    assert status == 1 and "is not encrypted" in out and "ok    an anonymous client" in out
    status, out = _check(capsys, f"mqtts://127.0.0.1:{free_port()}", "--timeout", "2")
    assert status == 1 and "nothing answers at" in out
