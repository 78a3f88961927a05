"""A bare paho-mqtt client for the relay tests: no sealing, no protocol, every wait bounded.

It talks MQTT 5 to a relay as a client of one channel (its username) and records what arrives, so a test can
say exactly what the relay let through. Ordering gives bounded "nothing arrived" checks without sleeping:
the relay handles packets in order and sends each client its packets in order, so once a client's own QoS 1
publish is acknowledged (:meth:`RawClient.barrier`), every message the relay had routed to it before has
arrived.
"""

from __future__ import annotations

import threading
import time
import uuid
from dataclasses import dataclass, field

import paho.mqtt.client as mqtt
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

#: The longest any single wait in these tests takes before it fails.
WAIT = 5.0
#: A topic in no channel (see :meth:`RawClient.barrier`).
BARRIER = "doolhof/barrier"
#: The PUBACK reason codes of a publish the relay took (MQTT 5 says "No matching subscribers" when no one listens).
ACCEPTED = frozenset({"Success", "No matching subscribers"})


@dataclass
class Received:
    """One message the relay delivered."""

    topic: str
    payload: bytes
    retain: bool


@dataclass
class RawClient:
    """A paho-mqtt 2 client (MQTT 5) of the relay at ``host:port`` with *username* (None: anonymous)."""

    host: str
    port: int
    username: str | None
    reconnect: bool = True
    messages: list[Received] = field(default_factory=list)
    connects: int = 0
    disconnects: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lock = threading.Condition()
        self._acks: dict[int, str] = {}
        self._subacks: dict[int, list[str]] = {}
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"test-{uuid.uuid4().hex[:12]}",
                                  protocol=mqtt.MQTTv5)
        if self.username is not None:
            self.client.username_pw_set(self.username)
        self.client.reconnect_delay_set(min_delay=0.05, max_delay=0.2)  # type: ignore[arg-type]
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.client.on_publish = self._on_publish
        self.client.on_subscribe = self._on_subscribe
        self.connect_reason: str | None = None

    # ----- paho's callbacks (its network thread) ---------------------------------------------------------
    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object, reason: object,
                    properties: object) -> None:
        with self._lock:
            self.connect_reason = str(reason)
            if not getattr(reason, "is_failure", False):
                self.connects += 1
            self._lock.notify_all()

    def _on_disconnect(self, client: mqtt.Client, userdata: object, flags: object, reason: object,
                       properties: object) -> None:
        with self._lock:
            self.disconnects.append(str(reason))
            self._lock.notify_all()
        if not self.reconnect:
            client.disconnect()  # stops paho's reconnecting (and its re-sending of the queued message)

    def _on_message(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        with self._lock:
            self.messages.append(Received(message.topic, bytes(message.payload), bool(message.retain)))
            self._lock.notify_all()

    def _on_publish(self, client: mqtt.Client, userdata: object, mid: int, reason: object, properties: object) -> None:
        with self._lock:
            self._acks[mid] = str(reason)
            self._lock.notify_all()

    def _on_subscribe(self, client: mqtt.Client, userdata: object, mid: int, reasons: list[object],
                      properties: object) -> None:
        with self._lock:
            self._subacks[mid] = [str(r) for r in reasons]
            self._lock.notify_all()

    # ----- what a test calls ---------------------------------------------------------------------------------
    def wait_for(self, condition: object, what: str, timeout: float = WAIT) -> None:
        """Wait (bounded) until *condition()* holds; AssertionError naming *what* otherwise."""
        with self._lock:
            if not self._lock.wait_for(condition, timeout=timeout):  # type: ignore[arg-type]
                raise AssertionError(f"{self.username!r}: no {what} within {timeout} s")

    def start(self, wait: bool = True) -> RawClient:
        """Connect and run paho's network thread; with *wait*, return once the relay accepted the connection."""
        self.client.connect(self.host, self.port, keepalive=30)
        self.client.loop_start()
        if wait:
            self.wait_for(lambda: self.connects > 0 or self.connect_reason is not None, "CONNACK")
        return self

    def stop(self) -> None:
        """Disconnect and stop the network thread."""
        self.reconnect = False
        self.client.disconnect()
        self.client.loop_stop()

    def subscribe(self, *topics: str) -> list[str]:
        """Subscribe to *topics* at QoS 1; the SUBACK's reason codes."""
        result, mid = self.client.subscribe([(t, 1) for t in topics])
        assert result == mqtt.MQTT_ERR_SUCCESS, result
        self.wait_for(lambda: mid in self._subacks, "SUBACK")
        return self._subacks[mid]

    def publish(self, topic: str, payload: bytes, *, retain: bool = False, expiry: int | None = None,
                wait: bool = True) -> str | None:
        """Publish at QoS 1 (retained, with an MQTT 5 message expiry in seconds if given); the PUBACK's reason
        code (e.g. "Success", "Not authorized"), or None without *wait*."""
        properties = None
        if expiry is not None:
            properties = Properties(PacketTypes.PUBLISH)
            properties.MessageExpiryInterval = expiry
        info = self.client.publish(topic, payload, qos=1, retain=retain, properties=properties)
        if not wait:
            return None
        self.wait_for(lambda: info.mid in self._acks, f"PUBACK of {topic}")
        return self._acks[info.mid]

    def barrier(self) -> None:
        """Return once every message the relay routed to this client before now has arrived (see the module).

        It publishes to a topic outside every channel, which no one may write: the relay refuses it, delivers
        it to no one, and its PUBACK comes after whatever it sent this client before."""
        assert self.publish(BARRIER, b"") == "Not authorized"

    def topics(self) -> list[str]:
        """The topics of what arrived so far."""
        with self._lock:
            return [m.topic for m in self.messages]


def try_to_keep(host: str, port: int, username: str | None, topics: list[str], payload: bytes = b"x") -> list[str]:
    """A stranger tries to leave *payload* retained on each of *topics* (one connection, as fast as it can): why
    the relay ended its connection (the shipped relay: ``["Retain not supported"]``, at the first)."""
    client = RawClient(host, port, username, reconnect=False).start()
    try:
        for topic in topics:
            info = client.client.publish(topic, payload, qos=1, retain=True)
            client.wait_for(lambda mid=info.mid: mid in client._acks or client.disconnects,
                            f"PUBACK of {topic} or a cut")
            if client.disconnects:
                break
        return list(client.disconnects)
    finally:
        client.stop()


def flood_retained(host: str, port: int, username: str, count: int, payload: bytes, wait: float = 20.0) -> bool:
    """A stranger's connection sends *count* retained messages of *payload* as fast as it can (no waiting for
    acknowledgements); True when the relay cut it off."""
    client = RawClient(host, port, username, reconnect=False).start()
    try:
        infos = [client.client.publish(f"doolhof/c/{username}/r{n}", payload, qos=1, retain=True)
                 for n in range(count)]
        last = infos[-1].mid
        client.wait_for(lambda: client.disconnects or last in client._acks, "the flood's end", wait)
        return bool(client.disconnects)
    finally:
        client.stop()


def settle(seconds: float) -> None:
    """Let *seconds* pass (a bounded wait for time itself, e.g. a message expiry)."""
    time.sleep(seconds)


def room_id() -> str:
    """A fresh channel id as the clients make them: [a-z0-9-], here 32 characters."""
    return uuid.uuid4().hex
