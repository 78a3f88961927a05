"""The connection to a relay: one MQTT 5 client (paho-mqtt) per channel, on paho's own network thread.

A relay is an Eclipse Mosquitto broker configured as in ``packaging/relay/``. This module knows
topics and bytes, never rules: it connects with the channel id as its user name (the relay's ACL
lets a client read and write only ``doolhof/c/<its user name>/#``), subscribes to its channel,
publishes with QoS 1, leaves a last will with a delay (so a short glitch does not flicker "away"),
reconnects by itself, and hands every message to a callback on its thread. Nothing here blocks the
caller: :meth:`RelayLink.start` returns at once.

A game room's link (``retained=False``) takes no retained message from the relay (the shipped relay keeps
none, ``retain_available false``; on another relay, junk a stranger left is never delivered). It keeps one
client id on every connection (so the relay drops the old connection's last will when the new one comes),
and sets a new will before each connection (its "away" names that connection). What waits to be sent is
bounded (:data:`MAX_QUEUED`).
"""

from __future__ import annotations

import errno
import hashlib
import logging
import socket
import ssl
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.subscribeoptions import SubscribeOptions

from doolhof.i18n import N_, _

from .timeouts import CHECK_SECONDS, KEEPALIVE, RETAIN_SECONDS, SEND_SECONDS, SESSION_SECONDS, WILL_DELAY
from .topics import Publish, channel_base

log = logging.getLogger(__name__)

#: The relay's packet limit (``max_packet_size`` in packaging/relay/mosquitto.conf); a message that
#: would not fit is never sent (the relay would drop the connection, and paho would send it again).
MAX_PACKET: Final = 8192
#: Room for the packet's own header and properties around topic and payload.
_OVERHEAD: Final = 64
#: The most messages waiting to be sent (or acknowledged); more are dropped, and counted (a room sends its log
#: in parts of ``room.CHUNK``, so an honest room stays far below this).
MAX_QUEUED: Final = 1000
#: The default port of a plain MQTT relay, and of one behind TLS.
PORT: Final = 1883
TLS_PORT: Final = 8883
#: A relay address's scheme: (TLS, default port). ``wss`` is MQTT over secure WebSockets (port 443 gets
#: through firewalls that let only web traffic out).
SCHEMES: Final = {"mqtt": (False, PORT), "mqtts": (True, TLS_PORT), "wss": (True, 443)}
#: The WebSocket path when a ``wss://`` address names none (Mosquitto answers on any path).
WS_PATH: Final = "/mqtt"

# A parent's words for what went wrong, translated when said (:func:`problem_of`, :meth:`Address.parse`).
MSG_NOT_ADDRESS = N_("{text} is not a relay address; write it like mqtts://relay.example.org:8883")
MSG_NOT_PORT = N_("{port} is not a port; a port is a number from 1 to 65535")
MSG_NO_SUCH_HOST = N_("no computer is called {host}: check the relay address")
MSG_NOTHING_ANSWERS = N_("nothing answers at {address}: the relay is not running there, or the port is wrong")
MSG_NO_ANSWER = N_("{address} does not answer: check the address and the internet connection")
MSG_NOT_SECURE = N_("the secure connection to {address} failed: check the address and the port")
MSG_NOT_TLS = N_("{address} does not answer securely on that port: check the port (mqtts:// is usually 8883)")
MSG_OTHER_NAME = N_("the relay at {address} shows a certificate for another name: check the address; "
                    "nothing was sent")
MSG_UNKNOWN_SIGNER = N_("the relay at {address} shows a certificate no known authority vouches for: "
                        "nothing was sent; its operator must fix it")
MSG_EXPIRED = N_("the relay at {address} shows an expired certificate: nothing was sent; its operator must renew it")
MSG_UNREACHABLE = N_("cannot reach {address}: {reason}")
MSG_RELAY_REFUSED = N_("the relay at {address} refused the connection ({detail})")
MSG_LOST = N_("cannot reach the relay at {address}")
_X509_EXPIRED: Final = 10  # OpenSSL's X509_V_ERR_CERT_HAS_EXPIRED
_X509_HOSTNAME_MISMATCH: Final = 62  # X509_V_ERR_HOSTNAME_MISMATCH
#: The network's common reasons, in a parent's words (error number -> text for ``_``); others stay the system's.
NETWORK_REASONS: dict[int, str] = {
    errno.ENETUNREACH: N_("the network cannot be reached"),
    errno.EHOSTUNREACH: N_("that computer cannot be reached"),
    errno.ECONNRESET: N_("the connection was broken off"),
    errno.ECONNABORTED: N_("the connection was broken off"),
}


@dataclass(frozen=True)
class Address:
    """Where a relay is: *host*, *port*, whether to speak TLS, and for MQTT over WebSockets the *path*.

    >>> Address.parse("127.0.0.1:1884"), Address.parse("mqtts://relay.example.org").port
    (Address(host='127.0.0.1', port=1884, tls=False, path=''), 8883)
    >>> str(Address.parse("wss://relay.example.org")), str(Address.parse("relay.example.org:8883"))
    ('wss://relay.example.org:443/mqtt', 'mqtts://relay.example.org:8883')
    """

    host: str
    port: int
    tls: bool = False
    #: The WebSocket path (``/mqtt``) of a ``wss://`` relay; empty for plain MQTT over TCP.
    path: str = ""

    @classmethod
    def parse(cls, text: str) -> Address:
        """Read ``host``, ``host:port``, ``mqtt://host[:port]``, ``mqtts://host[:port]`` or
        ``wss://host[:port][/path]``; raises ValueError."""
        rest = text.strip()
        scheme, sep_scheme, after = rest.partition("://")
        if not sep_scheme:
            scheme, after = "mqtt", rest
        scheme = scheme.lower()
        if scheme not in SCHEMES:
            raise ValueError(_(MSG_NOT_ADDRESS).format(text=repr(text[:60])))
        tls, default_port = SCHEMES[scheme]
        path = ""
        if scheme == "wss":
            after, slash, tail = after.partition("/")
            path = "/" + tail if slash else WS_PATH
            if any(c.isspace() for c in path) or len(path) > 200:
                raise ValueError(_(MSG_NOT_ADDRESS).format(text=repr(text[:60])))
        host, sep, port_text = after.rpartition(":") if after.count(":") == 1 else (after, "", "")
        if not sep:
            host, port_text = after, ""
        host = host.strip("[]")
        if not host or any(c.isspace() or c in "/@" for c in host) or len(host) > 253:
            raise ValueError(_(MSG_NOT_ADDRESS).format(text=repr(text[:60])))
        if port_text and not (port_text.isdigit() and 0 < int(port_text) < 65536):
            raise ValueError(_(MSG_NOT_PORT).format(port=repr(port_text[:10])))
        port = int(port_text) if port_text else default_port
        if not sep_scheme and port == TLS_PORT:
            tls = True  # 8883 is MQTT over TLS's own port: "relay.example.org:8883" means mqtts://
        return cls(host, port, tls, path)

    def __str__(self) -> str:
        if self.path:
            return f"wss://{self.host}:{self.port}{self.path}"
        return ("mqtts://" if self.tls else "") + f"{self.host}:{self.port}"


def choose_relay(relays: Sequence[str], channel: str) -> Address:
    """The relay of *channel* among *relays*: rooms never talk to each other, so they spread by room id.

    Rendezvous hashing: every relay gets a score from the channel and its own address, and the highest
    wins. Every computer given the same list picks the same relay for a room, whatever the list's order;
    a relay added takes over only the rooms it now scores highest for, and a relay taken out moves only
    its own rooms (a waiting game keeps the relay it started on anyway: ``store.relay_of``).
    """
    if not relays:
        raise ValueError("no relay address is set")
    addresses = [Address.parse(relay) for relay in relays]

    def score(address: Address) -> bytes:
        return hashlib.sha256(f"{channel}\n{address}".encode()).digest()

    return max(addresses, key=score)


def fits(topic: str, payload: bytes) -> bool:
    """True when a message of *topic* and *payload* fits the relay's packet limit."""
    return len(topic.encode()) + len(payload) + _OVERHEAD <= MAX_PACKET


def problem_of(error: BaseException | int | str, address: Address) -> str:
    """A parent's words for why the relay could not be reached, in the language of the moment.

    >>> problem_of(ConnectionRefusedError(), Address("127.0.0.1", 1))
    'nothing answers at 127.0.0.1:1: the relay is not running there, or the port is wrong'
    """
    if isinstance(error, socket.gaierror):
        return _(MSG_NO_SUCH_HOST).format(host=address.host)
    if isinstance(error, ConnectionRefusedError):
        return _(MSG_NOTHING_ANSWERS).format(address=address)
    if isinstance(error, (TimeoutError, socket.timeout)):
        return _(MSG_NO_ANSWER).format(address=address)
    if isinstance(error, ssl.SSLCertVerificationError):
        code = getattr(error, "verify_code", 0)
        if code == _X509_HOSTNAME_MISMATCH or "match" in str(error.verify_message or ""):
            return _(MSG_OTHER_NAME).format(address=address)
        if code == _X509_EXPIRED:
            return _(MSG_EXPIRED).format(address=address)
        return _(MSG_UNKNOWN_SIGNER).format(address=address)
    if address.tls and isinstance(error, ConnectionResetError):
        return _(MSG_NOT_TLS).format(address=address)  # a plain MQTT port hangs up on a TLS hello
    if isinstance(error, ssl.SSLError):
        if "WRONG_VERSION_NUMBER" in str(error) or "record layer failure" in str(error):
            return _(MSG_NOT_TLS).format(address=address)
        return _(MSG_NOT_SECURE).format(address=address)
    if isinstance(error, OSError):
        known = NETWORK_REASONS.get(error.errno) if error.errno is not None else None
        reason = _(known) if known else (error.strerror or str(error) or type(error).__name__)[:80]
        return _(MSG_UNREACHABLE).format(address=address, reason=reason)
    return _(MSG_RELAY_REFUSED).format(address=address, detail=str(error)[:60])


def use_address(client: mqtt.Client, address: Address, cafile: str | None = None,
                noted: Callable[[ssl.SSLError], None] | None = None) -> None:
    """Set *client* up for *address*: TLS (the certificate checked against the system's authorities, or
    *cafile*'s, and its name against the host: never accepted unchecked) and WebSockets when it says so.

    *noted* hears why a TLS handshake failed (paho's reconnecting thread keeps that to itself).
    """
    if address.path:
        client.transport = "websockets"
        client.ws_set_options(path=address.path)
    if not address.tls:
        return
    context = ssl.create_default_context(cafile=cafile)
    if noted is not None:
        context.sslsocket_class = _noting_socket(noted)
    client.tls_set_context(context)


def _noting_socket(noted: Callable[[ssl.SSLError], None]) -> type[ssl.SSLSocket]:
    class NotingSocket(ssl.SSLSocket):
        def do_handshake(self, block: bool = False) -> None:
            try:
                super().do_handshake(block)
            except ssl.SSLError as error:
                noted(error)
                raise

    return NotingSocket


def check_relay(address: Address, timeout: float = CHECK_SECONDS, cafile: str | None = None) -> str | None:
    """Try the relay at *address* once (a real MQTT connection, at most *timeout* seconds): None when it
    answers, else the reason in a parent's words. Blocks: call it off the screen's thread."""
    client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    client.username_pw_set("doolhof-check")
    client.connect_timeout = timeout
    answered: list[Any] = []
    client.on_connect = lambda c, u, f, reason, p: answered.append(reason)
    use_address(client, address, cafile)
    try:
        client.connect(address.host, address.port, keepalive=KEEPALIVE)
        deadline = time.monotonic() + timeout
        while not answered and time.monotonic() < deadline:
            client.loop(timeout=0.05)
    except (OSError, ValueError) as error:
        return problem_of(error, address)
    finally:
        client.disconnect()
    if not answered:
        return problem_of(TimeoutError(), address)
    reason = answered[0]
    return problem_of(str(reason), address) if getattr(reason, "is_failure", False) else None


class RelayLink:
    """One MQTT connection for one channel (see the module text)."""

    def __init__(
        self, address: Address, channel: str, *, on_message: Callable[[str, bytes], None],
        on_connect: Callable[[], None] | None = None, on_disconnect: Callable[[str], None] | None = None,
        will: Publish | Callable[[], Publish] | None = None, client_id: str | None = None, retained: bool = True,
    ) -> None:
        """Nothing is sent until :meth:`start`; the callbacks run on the network thread.

        *will* is the last will, or what gives a new one before every connection (on the network thread).
        Without *retained*, the relay's retained messages are not delivered to this link."""
        if not 8 <= len(channel) <= 64 or not all(c.isalnum() or c == "-" for c in channel):
            raise ValueError("a channel id is 8 to 64 letters, digits and dashes")
        self.address = address
        self.channel = channel
        self._on_message = on_message
        self._on_connect = on_connect
        self._on_disconnect = on_disconnect
        self.connected = threading.Event()
        self.problem: str | None = None
        self.dropped = 0
        self._retained = retained
        self._client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=client_id or "", protocol=mqtt.MQTTv5,
            reconnect_on_failure=True,
        )
        self._client.username_pw_set(channel)
        self._client.reconnect_delay_set(min_delay=1, max_delay=4)
        self._client.max_queued_messages_set(MAX_QUEUED)
        use_address(self._client, address, noted=self._tls_failed)
        if isinstance(will, Publish):
            self._set_will(will)
        elif will is not None:
            self._client.on_pre_connect = lambda client, userdata: self._set_will(will())
        self._client.on_connect = self._connected
        self._client.on_disconnect = self._disconnected
        self._client.on_connect_fail = self._failed
        self._client.on_message = self._message
        self._client.on_socket_open = _no_delay
        self._started = False
        #: The message ids published and not yet acknowledged by the relay (paho's ``on_publish`` says when),
        #: and those acknowledged before :meth:`publish` had noted them.
        self._unacked: set[int] = set()
        self._early: set[int] = set()
        self._acks = threading.Condition()
        self._client.on_publish = self._acknowledged

    def _set_will(self, will: Publish) -> None:
        props = _properties(PacketTypes.WILLMESSAGE)
        props.WillDelayInterval = WILL_DELAY
        props.MessageExpiryInterval = RETAIN_SECONDS
        self._client.will_set(will.topic, will.payload, qos=1, retain=will.retain, properties=props)

    @property
    def base(self) -> str:
        """The channel's topic tree."""
        return channel_base(self.channel)

    def start(self) -> None:
        """Connect in the background (and keep reconnecting until :meth:`stop`)."""
        if self._started:
            return
        self._started = True
        props = _properties(PacketTypes.CONNECT)
        props.SessionExpiryInterval = SESSION_SECONDS
        try:
            self._client.connect_async(self.address.host, self.address.port, keepalive=KEEPALIVE, properties=props)
        except (OSError, ValueError) as error:
            self.problem = problem_of(error, self.address)
        self._client.loop_start()

    def publish(self, message: Publish, expiry: int | None = None) -> None:
        """Send *message* (QoS 1; retained ones expire after *expiry* seconds, the message's own
        :attr:`~doolhof.online.topics.Publish.expiry` unless told); raises ValueError when it is too big."""
        if not fits(message.topic, message.payload):
            raise ValueError(f"a message of {len(message.payload)} bytes does not fit the relay's limit")
        props = None
        if message.retain and message.payload:
            props = _properties(PacketTypes.PUBLISH)
            props.MessageExpiryInterval = message.expiry if expiry is None else expiry
        # paho queues a QoS 1 message even while the connection is down and sends it on reconnect
        # (``rc`` then says "not connected"); its id is acknowledged all the same.
        info = self._client.publish(message.topic, message.payload, qos=1, retain=message.retain, properties=props)
        if info.rc == mqtt.MQTT_ERR_QUEUE_SIZE:
            self.dropped += 1
            log.warning("more than %d messages wait for the relay: one was dropped", MAX_QUEUED)
            return
        with self._acks:
            if info.mid in self._early:
                self._early.discard(info.mid)
            else:
                self._unacked.add(info.mid)

    def _acknowledged(self, client: mqtt.Client, userdata: Any, mid: int, reason: Any, properties: Any) -> None:
        with self._acks:
            if mid in self._unacked:
                self._unacked.discard(mid)
            elif len(self._early) < 1024:
                self._early.add(mid)
            self._acks.notify_all()

    def wait_sent(self, timeout: float = SEND_SECONDS) -> bool:
        """Wait (at most *timeout* seconds) until the relay has acknowledged what was published; True when it has."""
        deadline = time.monotonic() + timeout
        with self._acks:
            while self._unacked and self.connected.is_set():
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._acks.wait(min(left, 0.05))  # wakes at once on an acknowledgement; checks the link now and then
            return not self._unacked and self.connected.is_set()

    def stop(self) -> None:
        """Disconnect cleanly (the last will is not sent) and end the network thread."""
        if not self._started:
            return
        self._started = False
        try:
            self._client.disconnect()
        finally:
            self._client.loop_stop()
        self.connected.clear()

    # ----- paho's callbacks, on the network thread --------------------------------------------
    def _connected(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if getattr(reason, "is_failure", False):
            self.problem = problem_of(str(reason), self.address)
            log.warning("relay refused the connection: %s", reason)
            return
        self.problem = None
        # retainHandling 2: the relay sends no retained message on subscribing (a room keeps none there)
        topics = [(self.base + "/#", SubscribeOptions(qos=1, retainHandling=0 if self._retained else 2))]
        client.subscribe(topics)
        self.connected.set()
        if self._on_connect is not None:
            self._on_connect()

    def _disconnected(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        was = self.connected.is_set()
        self.connected.clear()
        if was and self._on_disconnect is not None:
            self._on_disconnect(str(reason))

    def _failed(self, client: mqtt.Client, userdata: Any) -> None:
        if self.problem is None:
            self.problem = _(MSG_LOST).format(address=self.address)

    def _tls_failed(self, error: ssl.SSLError) -> None:
        # A certificate that does not hold is said as such (never retried into silence, never accepted).
        problem = problem_of(error, self.address)
        if problem != self.problem:  # said once, not at every retry
            log.warning("the relay's secure connection failed: %s", type(error).__name__)
        self.problem = problem

    def _message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        try:
            self._on_message(message.topic, bytes(message.payload))
        except Exception:  # a bug in handling one message must not end the network thread
            log.exception("handling a relay message failed")


def _no_delay(client: mqtt.Client, userdata: Any, sock: Any) -> None:
    # A move is one small packet: without this, Nagle's algorithm holds it for the relay's delayed ACK (~40 ms).
    sock = getattr(sock, "_socket", sock)  # over WebSockets paho hands over its wrapper of the (TLS) socket
    if isinstance(sock, socket.socket) and sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def _properties(packet: int) -> Properties:
    return Properties(packet)  # type: ignore[no-untyped-call]  # paho's Properties has no annotations


__all__ = [
    "KEEPALIVE", "MAX_PACKET", "MAX_QUEUED", "WILL_DELAY", "Address", "RelayLink", "check_relay", "choose_relay",
    "fits", "problem_of", "use_address",
]
