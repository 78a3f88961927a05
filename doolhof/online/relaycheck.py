"""``doolhof relay-check ADDRESS``: what an operator checks before families use a relay, in plain words.

Four things a family relies on, tried from outside as a client would (at most a few seconds each, every
connection to the given address only):

1. It answers over TLS with a valid certificate (checked against the system's authorities, or *cafile*'s,
   and its name against the address), and says until when the certificate holds.
2. An anonymous client subscribing to everything (``#``, ``$SYS/#``, ``doolhof/#``) reads nothing, and a client
   of another room reads nothing of this one, while the room's own client hears its own message (so the
   silence is a refusal, not a broken relay).
3. It keeps nothing for anyone: a retained test message is refused (the relay, with ``retain_available false``,
   drops the connection that sends it) and a client that subscribes after it finds nothing. Whether the relay
   writes to disk cannot be seen from outside; the output says so.
"""

from __future__ import annotations

import secrets
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from .relay import Address, check_relay, problem_of, use_address
from .topics import channel_base

#: Seconds the check listens for what must not arrive (and waits for what must).
LISTEN: Final = 1.5
#: The expiry the retained test message asks for, in seconds (a relay that takes it keeps it no longer).
EXPIRY: Final = 2
#: Fewer days than this left on the certificate is said as a warning.
RENEW_DAYS: Final = 14


@dataclass(frozen=True)
class Finding:
    """One line of the check: *kind* is ``"ok"``, ``"fail"`` or ``"note"``."""

    kind: str
    text: str


class _Client:
    """One MQTT client of the check, on paho's thread, noting what it hears."""

    def __init__(self, address: Address, username: str | None, cafile: str | None) -> None:
        self.heard: list[tuple[str, bytes, bool]] = []
        self.connected = threading.Event()
        self.subscribed = threading.Event()
        self.refused: str | None = None
        #: Why the relay dropped this client's connection (None while it did not).
        self.dropped: str | None = None
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"doolhof-check-{secrets.token_hex(6)}",
                                  protocol=mqtt.MQTTv5)
        if username is not None:
            self.client.username_pw_set(username)
        use_address(self.client, address, cafile)
        self.client.on_connect = self._connect
        self.client.on_message = lambda c, u, m: self.heard.append((m.topic, bytes(m.payload), bool(m.retain)))
        self.client.on_subscribe = lambda c, u, mid, codes, p: self.subscribed.set()
        self.client.on_disconnect = self._disconnect
        self.address = address

    def _connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if getattr(reason, "is_failure", False):
            self.refused = str(reason)
        self.connected.set()

    def _disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        self.dropped = str(reason)

    def start(self, timeout: float) -> bool:
        self.client.connect(self.address.host, self.address.port, keepalive=30)
        self.client.loop_start()
        return self.connected.wait(timeout) and self.refused is None

    def subscribe(self, *filters: str, timeout: float = 5.0) -> None:
        self.subscribed.clear()
        self.client.subscribe([(f, 1) for f in filters])
        self.subscribed.wait(timeout)

    def publish(self, topic: str, payload: bytes, retain: bool, expiry: int | None = None,
                timeout: float = 5.0) -> None:
        props = None
        if expiry is not None:
            props = Properties(PacketTypes.PUBLISH)  # type: ignore[no-untyped-call]
            props.MessageExpiryInterval = expiry
        try:
            self.client.publish(topic, payload, qos=1, retain=retain, properties=props).wait_for_publish(timeout)
        except (RuntimeError, ValueError):
            pass  # the relay dropped the connection before acknowledging it (what a relay refusing it does)

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def certificate_text(address: Address, cafile: str | None, timeout: float) -> str:
    """Who signed the relay's certificate and until when it holds; raises OSError (ssl errors too)."""
    context = ssl.create_default_context(cafile=cafile)
    with socket.create_connection((address.host, address.port), timeout=timeout) as raw, \
            context.wrap_socket(raw, server_hostname=address.host) as tls:
        cert = tls.getpeercert() or {}
    issuer: dict[str, str] = {}
    for rdn in cert.get("issuer", ()):
        for pair in rdn:
            if isinstance(pair, tuple) and len(pair) == 2:
                issuer[str(pair[0])] = str(pair[1])
    until = ssl.cert_time_to_seconds(str(cert["notAfter"])) if "notAfter" in cert else 0.0
    days = (until - time.time()) / 86400
    signer = issuer.get("organizationName") or issuer.get("commonName") or "?"
    text = f"signed by {signer}, valid until {time.strftime('%Y-%m-%d', time.gmtime(until))}"
    return text + (f" (only {days:.0f} days left: renew it)" if days < RENEW_DAYS else "")


def relay_check(address: Address, cafile: str | None = None, timeout: float = 5.0,
                say: Callable[[Finding], None] | None = None) -> list[Finding]:
    """Run the checks against *address* (see the module text); every finding also goes to *say* as it comes."""
    findings: list[Finding] = []

    def note(kind: str, text: str) -> None:
        findings.append(Finding(kind, text))
        if say is not None:
            say(findings[-1])

    if not address.tls:
        note("fail", f"{address} is not encrypted: a relay on the internet is reached as mqtts://HOST:8883 "
                     "(or wss://HOST/mqtt); plain MQTT is for a home or school network only")
    problem = check_relay(address, timeout, cafile)
    if problem is not None:
        note("fail", f"it does not answer: {problem}")
        return findings
    if address.tls:
        try:
            note("ok", f"it answers over TLS with a valid certificate for {address.host} "
                       f"({certificate_text(address, cafile, timeout)})")
        except (OSError, ValueError) as error:
            note("fail", f"its certificate could not be read: {problem_of(error, address)}")
    else:
        note("ok", "it answers (without TLS)")
    _check_reading(address, cafile, timeout, note)
    note("note", "whether it writes to disk cannot be seen from outside: its configuration must say "
                 "persistence false (packaging/relay/mosquitto-public.conf)")
    return findings


def _check_reading(address: Address, cafile: str | None, timeout: float, note: Callable[[str, str], None]) -> None:
    channel = f"check-{secrets.token_hex(12)}"
    base = channel_base(channel)
    room, stranger, other = _Client(address, channel, cafile), _Client(address, None, cafile), \
        _Client(address, f"check-{secrets.token_hex(12)}", cafile)
    started: list[_Client] = []
    try:
        for client in (room, stranger, other):
            started.append(client)
            if not client.start(timeout):
                note("fail", f"a test client was refused ({client.refused or 'no answer'})")
                return
        room.subscribe(base + "/#")
        stranger.subscribe("#", "$SYS/#", "doolhof/#", "+/+/+/+")
        other.subscribe(base + "/#", "#")
        room.publish(base + "/probe", b"check", retain=False)
        time.sleep(LISTEN)
        if not any(topic == base + "/probe" for topic, _, _ in room.heard):
            note("fail", "the relay did not pass a room's own message back to it: rooms cannot play here")
            return
        if stranger.heard:
            note("fail", f"an anonymous client subscribing to # read {len(stranger.heard)} message(s): the acl file "
                         "is missing (acl_file) or allows too much")
        else:
            note("ok", "an anonymous client subscribing to #, $SYS/# and doolhof/# read nothing")
        if other.heard:
            note("fail", f"a client of another room read {len(other.heard)} message(s) of this room")
        else:
            note("ok", "a client of another room read nothing of this room")
        _check_keeping(address, cafile, timeout, channel, started, note)
    finally:
        for client in started:
            client.stop()


def _check_keeping(address: Address, cafile: str | None, timeout: float, channel: str, started: list[_Client],
                   note: Callable[[str, str], None]) -> None:
    """A retained message must be refused (the connection that sends it dropped) and nothing found after it."""
    base = channel_base(channel)
    keeper = _Client(address, channel, cafile)
    started.append(keeper)
    if not keeper.start(timeout):
        note("fail", f"a test client was refused ({keeper.refused or 'no answer'})")
        return
    keeper.publish(base + "/kept", b"check", retain=True, expiry=EXPIRY, timeout=LISTEN)
    deadline = time.monotonic() + LISTEN
    while keeper.dropped is None and time.monotonic() < deadline:
        time.sleep(0.05)
    late = _Client(address, channel, cafile)
    started.append(late)
    if not late.start(timeout):
        note("fail", f"a test client was refused ({late.refused or 'no answer'})")
        return
    late.subscribe(base + "/#")
    time.sleep(LISTEN / 2)
    kept = any(retain and topic == base + "/kept" for topic, _, retain in late.heard)
    if kept or keeper.dropped is None:
        note("fail", "it keeps messages for anyone who asks (retained messages): a stranger can fill its memory; "
                     "set retain_available false (packaging/relay/mosquitto-public.conf)")
        if kept:
            late.publish(base + "/kept", b"", retain=True, expiry=None, timeout=LISTEN)  # the check leaves nothing
    else:
        note("ok", "it keeps nothing for anyone: a retained test message was refused and its sender cut off")


__all__ = ["Finding", "certificate_text", "relay_check"]
