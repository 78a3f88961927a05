"""Online rooms through a real, local Mosquitto: move latency with many rooms at once, the relay's memory,
and the frame time of the game loop while online.

    python scripts/bench_online.py            # a short table
    python scripts/bench_online.py --json     # the figures as JSON

It starts its own relay from packaging/relay/mosquitto.conf on a free loopback port
(scripts/local_relay.py) and stops it at the end. Each room is two computers (two MQTT clients,
each with its paho network thread, as in two homes) playing the maze game with random moves; the
rooms are opened directly with a shared key (pairing by picture code is timed by
``doolhof simulate --online``, not here), up to 50 rooms per process. Every room plays one move
every ``--pace`` seconds (default 0.5 s, far busier than children: 200 rooms make 400 moves a
second). A move's latency is the time from ``OnlineRoom.play`` on one computer to the move being
checked and applied on the other (sealed, published, routed by the relay, opened, replayed by the
rules, its state digest compared).

The frame figures time ``App.step`` of the real play scene while pushes animate (as
scripts/bench_frames.py does), offline and then with one room playing in the background at the same
pace while the frame loop polls it every frame, alternated to cancel the machine's noise.

The ``"abuse"`` figures time attacks: ``replayed_have`` is a client's memory (RSS of the process that
holds the two computers of one room, its own forked process) before and after someone with the room
id replays the far computer's first ``have`` (n=0) 300 times at a room with a long log, and how many
entries the attacked computer sent again for it. ``pairing`` is ten pairings by picture code with a squatter and
a watcher on the 144 public slots pairing used before meeting places, the time to pair (from the joiner's last
picture to both in, scrypt included) and one scrypt's time; ``stranger_flood`` the relay's memory before and
after 20 connections of a stranger send 20,000 junk 4 kB messages on made-up meeting places, and then after 20
connections of one made-up username try to store 2,000 retained 4 kB messages each (the shipped relay cuts each
off at its first: ``retain_available false``), and the same retained flood at a relay with retained messages on,
for comparison.

Goals (a 2-core machine): 1 room p95 < 20 ms, 200 rooms p95 < 100 ms, frame p95 online within 1 ms
of offline; 300 replayed ``have``s grow a client by at most 20 MB; 10 of 10 pairings with a squatter and a
watcher, pairing p95 <= 2 s; a stranger's flood grows the relay by at most 8 MB.
"""

from __future__ import annotations

import argparse
import contextlib
import heapq
import importlib.util
import json
import os
import random
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("DOOLHOF_HOME", tempfile.mkdtemp(prefix="doolhof-bench-"))

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from doolhof.online.client import OnlineRoom  # noqa: E402
from doolhof.online.room import MoveMade, Ready, Room, Started, hello, new_device_id, new_room_id  # noqa: E402
from doolhof.online.seal import new_key  # noqa: E402
from doolhof.online.simulate import chooser, percentile  # noqa: E402
from doolhof.session.seats import SeatConfig, TableSetup  # noqa: E402

ROOM_COUNTS = (1, 50, 200)
MOVES_PER_ROOM = 30
PACE = 0.5


def _script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class TimedRoom(OnlineRoom):
    """An :class:`OnlineRoom` that notes when each move of the other computer was applied here."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.arrived: dict[int, float] = {}
        super().__init__(*args, **kwargs)

    def _deliver(self, events: Any) -> None:
        now = time.perf_counter()
        for event in events:
            if isinstance(event, MoveMade) and not event.mine:
                self.arrived[event.seq] = now
        super()._deliver(events)


class Pair:
    """One room: two computers, both connected and started."""

    def __init__(self, relay: str, seed: int) -> None:
        host_id, guest_id = new_device_id(), new_device_id()
        room_id, key = new_room_id(), new_key()
        table = TableSetup("junior", (SeatConfig(), SeatConfig()))
        self.host = TimedRoom(Room(room_id, key, hello(host_id, 0), (host_id, guest_id), table=table,
                                   far_seats=frozenset({1})), [relay])
        self.guest = TimedRoom(Room(room_id, key, hello(guest_id, 1), (host_id, guest_id)), [relay])
        self.movers = {id(self.host): chooser("junior", "random", seed),
                       id(self.guest): chooser("junior", "random", seed + 1)}
        self.sent: dict[int, tuple[TimedRoom, float]] = {}
        self.latencies: list[float] = []

    def start(self) -> None:
        self.host.start()
        self.guest.start()

    def begin(self, timeout: float = 30.0) -> None:
        if not any(isinstance(e, Ready) for e in self.host.wait(lambda e: isinstance(e, Ready), timeout)):
            raise RuntimeError("a room did not get ready")
        self.host.begin()
        if not any(isinstance(e, Started) for e in self.guest.wait(lambda e: isinstance(e, Started), timeout)):
            raise RuntimeError("a room did not start")

    def collect(self) -> None:
        """Turn arrived moves into latencies."""
        for seq, (receiver, sent) in list(self.sent.items()):
            if seq in receiver.arrived:
                self.latencies.append(receiver.arrived[seq] - sent)
                del self.sent[seq]

    def step(self) -> tuple[bool, bool]:
        """Play the next move if the last one has arrived: (the game goes on, a move was played)."""
        self.collect()
        game = self.host.room.game
        if game is None or game.is_over():
            return False, False
        if self.sent:
            return True, False  # the last move is still on its way
        mover, other = (self.host, self.guest) if self.host.room.my_turn() else (self.guest, self.host)
        if not mover.room.my_turn() or mover.room.game is None:
            return True, False  # the mover has not yet seen the previous move
        move = self.movers[id(mover)](mover.room.game.copy())
        mover.play(move)
        self.sent[len(mover.room.log or ())] = (other, time.perf_counter())
        return True, True

    def stop(self) -> None:
        self.host.stop()
        self.guest.stop()


#: Rooms one process holds: paho waits on its sockets with select(), which cannot watch file numbers
#: past 1024, so one process keeps to about 300 clients (a home has one or two).
ROOMS_PER_PROCESS = 50


def _play_rooms(address: str, rooms: int, moves: int, pace: float, seed: int, barrier: Any,
                ready: Any = None) -> dict[str, Any]:
    """One process's share: open *rooms* rooms, say so on *ready*, wait for every process, play; the raw figures."""
    pairs = [Pair(address, seed + 7 * n) for n in range(rooms)]
    for pair in pairs:
        pair.start()
    for pair in pairs:
        pair.begin(timeout=120.0)
    if ready is not None:
        ready.put(rooms)
    barrier.wait(600)
    rng = random.Random(seed)
    due = [(time.perf_counter() + rng.random() * pace, n) for n in range(rooms)]
    heapq.heapify(due)
    played = [0] * rooms
    began = time.perf_counter()
    while due:
        when, n = heapq.heappop(due)
        wait = when - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        alive, moved = pairs[n].step()
        played[n] += moved
        if alive and played[n] < moves:
            heapq.heappush(due, (max(when, time.perf_counter()) + (pace if moved else 0.005), n))
    deadline = time.perf_counter() + 10
    while any(p.sent for p in pairs) and time.perf_counter() < deadline:
        time.sleep(0.01)
        for pair in pairs:
            pair.collect()
    result = {"latencies": [x for p in pairs for x in p.latencies], "lost": sum(len(p.sent) for p in pairs),
              "refused": sum(p.host.refused + p.guest.refused for p in pairs), "seconds": time.perf_counter() - began}
    for pair in pairs:
        pair.stop()
    return result


def _worker(args: tuple[str, int, int, float, int, Any, Any, Any]) -> None:
    address, rooms, moves, pace, seed, barrier, results, ready = args
    results.put(_play_rooms(address, rooms, moves, pace, seed, barrier, ready))


def run_rooms(relay: Any, rooms: int, moves: int, pace: float, seed: int = 1) -> dict[str, Any]:
    """*rooms* rooms at once (in processes of up to :data:`ROOMS_PER_PROCESS`), each playing *moves* moves at
    *pace*; the latency figures (ms) and the relay's memory while they play."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    shares = [min(ROOMS_PER_PROCESS, rooms - k) for k in range(0, rooms, ROOMS_PER_PROCESS)]
    barrier = context.Barrier(len(shares) + 1)
    results = context.Queue()
    ready = context.Queue()
    workers = [context.Process(target=_worker, args=((relay.address, n, moves, pace, seed + 1000 * k, barrier,
                                                       results, ready),), daemon=True) for k, n in enumerate(shares)]
    for worker in workers:  # one process's rooms at a time: opening 2,000 connections at once swamps a small machine
        worker.start()
        ready.get(timeout=300)
    idle = relay.rss_mb()  # every room open and waiting
    barrier.wait(60)
    time.sleep(min(2.0, moves * pace / 2))
    rss = relay.rss_mb()
    parts = [results.get(timeout=600) for _ in workers]
    for worker in workers:
        worker.join(30)
    ms = sorted(x * 1000 for part in parts for x in part["latencies"])
    seconds = max(part["seconds"] for part in parts)
    return {"rooms": rooms, "processes": len(shares), "moves": len(ms), "lost": sum(p["lost"] for p in parts),
            "refused": sum(p["refused"] for p in parts),
            "p50_ms": round(percentile(ms, 50), 3), "p95_ms": round(percentile(ms, 95), 3),
            "max_ms": round(ms[-1], 3) if ms else 0.0, "moves_per_s": round(len(ms) / seconds, 1),
            "relay_rss_mb": round(rss, 2), "relay_rss_mb_rooms_open": round(idle, 2), "connections": 2 * rooms}


def _rss_kb(field: str = "VmRSS") -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(field + ":"))


def _own_topic(room: Room, kind: str) -> str:
    mine = getattr(room, "_mine", None)  # the topic a computer says *kind* on (by pseudonym, or device id before)
    return str(mine(kind)) if mine is not None else f"{room.base}/{kind}/{room.me.device}"


def _replayed_haves(address: str, moves: int, replays: int, results: Any) -> None:
    """In a process of its own: one room plays *moves* moves, then *replays* replays of the guest's first have."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    pair = Pair(address, 5)
    host_link = pair.host.room
    seen: list[tuple[str, bytes]] = []
    lock = threading.Lock()
    spy = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    spy.username_pw_set(host_link.room_id)  # someone who learned the room id, not its key

    def record(client: Any, userdata: Any, message: Any) -> None:
        with lock:
            seen.append((message.topic, bytes(message.payload)))

    spy.on_message = record
    from doolhof.online.relay import Address, use_address

    where = Address.parse(address)  # "127.0.0.1:PORT", or "mqtts://localhost:PORT" with --tls
    use_address(spy, where)
    spy.connect(where.host, where.port)
    spy.loop_start()
    spy.subscribe(host_link.base + "/#", qos=1)
    time.sleep(0.3)
    pair.start()
    pair.begin()
    played = 0
    deadline = time.monotonic() + 300
    while played < moves and time.monotonic() < deadline:
        alive, moved = pair.step()
        played += moved
        if not alive:
            break
        if not moved:
            time.sleep(0.001)
    time.sleep(1.0)
    have_topic = _own_topic(pair.guest.room, "have")
    with lock:
        old = next(payload for topic, payload in seen if topic == have_topic)
        entries_before = sum(1 for topic, _ in seen if "/log/" in topic)
    rss_before, peak_before = _rss_kb(), _rss_kb("VmHWM")
    began = time.perf_counter()
    for _ in range(replays):
        spy.publish(have_topic, old, qos=1)
    quiet, last = 0, -1
    while quiet < 3 and time.perf_counter() - began < 60:  # until the attacked computer has sent what it would
        time.sleep(0.5)
        with lock:
            count = len(seen)
        quiet = quiet + 1 if count == last else 0
        last = count
    rss_after, peak_after = _rss_kb(), _rss_kb("VmHWM")
    with lock:
        resent = sum(1 for topic, _ in seen if "/log/" in topic) - entries_before
    results.put({"log_entries": len(host_link.log or ()), "replays": replays, "entries_sent_again": resent,
                 "rss_before_mb": round(rss_before / 1024, 1), "rss_after_mb": round(rss_after / 1024, 1),
                 # the peak counts when the replays raised it (the process's peak so far was before them)
                 "rss_growth_mb": round(((max(rss_after, peak_after) if peak_after > peak_before else rss_after)
                                         - rss_before) / 1024, 1),
                 "refused": pair.host.refused, "seconds": round(time.perf_counter() - began, 1)})
    spy.disconnect()
    spy.loop_stop()
    pair.stop()


def abuse_replayed_haves(relay: Any, moves: int = 600, replays: int = 300) -> dict[str, Any]:
    """A client's memory under *replays* replays of an old ``have`` (goal: + 20 MB at most), in a forked process."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    results = context.Queue()
    worker = context.Process(target=_replayed_haves, args=(relay.address, moves, replays, results), daemon=True)
    worker.start()
    figures: dict[str, Any] = results.get(timeout=600)
    worker.join(30)
    return figures


def _stranger(relay: Any, channel: str) -> Any:
    """One MQTT client of a stranger, connected with *channel* as its username."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    client.username_pw_set(channel)
    client.connect(relay.host, relay.port)
    client.loop_start()
    return client


def _retained_tries(relay: Any, channel: str, topics: list[str], payload: bytes, wait: float = 10.0) -> bool:
    """One connection of a stranger sends *payload* retained on every topic of *topics*, as fast as it can; True
    when the relay cut it off (the shipped relay does at the first: ``retain_available false``)."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    cut = threading.Event()
    client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5, reconnect_on_failure=False)
    client.username_pw_set(channel)
    client.on_disconnect = lambda c, u, f, reason, p: cut.set()
    client.connect(relay.host, relay.port)
    client.loop_start()
    try:
        infos = [client.publish(topic, payload, qos=1, retain=True) for topic in topics]
        deadline = time.monotonic() + wait
        while not cut.is_set() and not all(i.is_published() for i in infos[-20:]) and time.monotonic() < deadline:
            time.sleep(0.01)
        return cut.is_set()
    finally:
        client.disconnect()
        client.loop_stop()


def _old_slot_attackers(relay: Any) -> list[Any]:
    """A squatter (trying to leave a retained byte on every topic of the 144 public slots pairing used before
    meeting places) and a watcher on every slot answering whatever appears there with junk on every topic."""
    clients = []
    for n in range(144):
        slot = f"pair-{n:03d}"
        _retained_tries(relay, slot, [f"doolhof/c/{slot}/{name}" for name in ("host", "offer", "look")], b"x")
        client = _stranger(relay, slot)

        def answer(client: Any, userdata: Any, message: Any) -> None:
            if message.payload != b"x":
                base = message.topic.rsplit("/", 1)[0]
                for name in ("join", "result", "offer", "look"):
                    client.publish(f"{base}/{name}", b"x", qos=1)

        client.on_message = answer
        client.subscribe(f"doolhof/c/{slot}/#", qos=1)
        clients.append(client)
    return clients


def abuse_pairings(relay: Any, pairings: int = 10) -> dict[str, Any]:
    """Pairings by picture code with a squatter and a watcher on the relay (goal: 10 of 10, one try each), the
    time to pair (from the joiner's last picture to both in: scrypt included; goal p95 <= 2 s on loopback) and
    the time one scrypt of a meeting place takes here."""
    from doolhof.online.client import CodeDone, CodeFailed, CodeReady, HostCode, JoinCode
    from doolhof.online.pairing import PictureCode, place

    kdf = []
    for at in range(5):
        start = time.perf_counter()
        place(PictureCode.random(), at)
        kdf.append((time.perf_counter() - start) * 1000)
    attackers = _old_slot_attackers(relay)
    paired, ready_ms, pair_ms = 0, [], []
    try:
        for _ in range(pairings):
            start = time.perf_counter()
            host = HostCode([relay.address], hello(new_device_id(), 0))
            host.start()
            ready = host.wait(lambda e: isinstance(e, (CodeReady, CodeFailed)), 20)
            if not ready or not isinstance(ready[-1], CodeReady):
                host.stop()
                continue
            ready_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            join = JoinCode([relay.address], hello(new_device_id(), 1), ready[-1].code)
            join.start()
            joined = join.wait(lambda e: isinstance(e, (CodeDone, CodeFailed)), 20)
            hosted = host.wait(lambda e: isinstance(e, (CodeDone, CodeFailed)), 5)
            if joined and hosted and isinstance(joined[-1], CodeDone) and isinstance(hosted[-1], CodeDone):
                paired += 1
                pair_ms.append((time.perf_counter() - start) * 1000)
            host.stop()
            join.stop()
    finally:
        for client in attackers:
            client.disconnect()
            client.loop_stop()
    pair_ms.sort()
    ready_ms.sort()
    return {"pairings": pairings, "paired": paired, "attackers": "squatter and watcher on the 144 old slots",
            "scrypt_ms_median": round(sorted(kdf)[len(kdf) // 2], 1),
            "code_ready_ms_p50": round(percentile(ready_ms, 50), 1),
            "pair_ms_p50": round(percentile(pair_ms, 50), 1), "pair_ms_p95": round(percentile(pair_ms, 95), 1)}


def _retained_flood(relay: Any, connections: int, messages: int, junk: bytes) -> int:
    """*connections* of one made-up username, one after the other, each trying to store *messages* retained
    messages; how many of them the relay cut off."""
    channel = "m" + os.urandom(16).hex()
    topics = [f"doolhof/c/{channel}/r{i}" for i in range(messages)]
    return sum(_retained_tries(relay, channel, topics, junk) for _ in range(connections))


def abuse_stranger_flood(relay: Any, connections: int = 20, messages: int = 1000,
                         retained: int = 2000) -> dict[str, Any]:
    """The relay's memory before and after a stranger's bounded flood (goal: + 8 MB at most): *connections*
    (within the per-address limit of doolhof-relay.nft) on made-up meeting places, each sending *messages* 4 kB
    looks, offers and joins nobody retains; then *connections* of one made-up username each trying to store
    *retained* retained 4 kB messages (the shipped relay cuts each off at its first); and that retained flood
    again at a relay from the shipped configuration with ``retain_available true``, for comparison."""
    before = relay.rss_mb()
    clients = [_stranger(relay, "m" + os.urandom(16).hex()) for _ in range(connections)]
    junk = os.urandom(4000)
    for client in clients:
        base = f"doolhof/c/{client._username.decode()}"
        infos = [client.publish(f"{base}/{('look', 'offer', 'join')[i % 3]}", junk, qos=1) for i in range(messages)]
        for info in infos[-20:]:
            info.wait_for_publish(10)
    time.sleep(0.5)
    during = relay.rss_mb()
    for client in clients:
        client.disconnect()
        client.loop_stop()
    time.sleep(0.5)
    after = relay.rss_mb()
    cut = _retained_flood(relay, connections, retained, junk)
    time.sleep(0.5)
    kept = relay.rss_mb()
    figures = {"connections": connections, "messages": connections * messages, "message_bytes": len(junk),
               "relay_rss_mb_before": round(before, 2), "relay_rss_mb_during": round(during, 2),
               "relay_rss_mb_after": round(after, 2), "relay_rss_growth_mb": round(after - before, 2),
               "retained_tries": f"{connections} connections x {retained} retained 4 kB messages",
               "retained_connections_cut_off": cut, "retained_rss_mb_after": round(kept, 2),
               "retained_growth_mb": round(kept - after, 2), "total_growth_mb": round(kept - before, 2)}
    local_relay = _script("local_relay")
    folder = Path(tempfile.mkdtemp(prefix="doolhof-bench-retain-"))
    keeping = folder / "mosquitto.conf"
    keeping.write_text(local_relay.SHIPPED_CONFIG.read_text(encoding="utf-8").replace(
        "retain_available false", "retain_available true"), encoding="utf-8")
    with local_relay.LocalRelay(config=keeping) as other:
        idle = other.rss_mb()
        cut_there = _retained_flood(other, 1, retained, junk)
        time.sleep(0.5)
        figures.update({"retain_on_connections_cut_off": cut_there, "retain_on_rss_mb_before": round(idle, 2),
                        "retain_on_rss_mb_after": round(other.rss_mb(), 2),
                        "retain_on_growth_mb": round(other.rss_mb() - idle, 2)})
    return figures


def frame_p95(relay: Any, rounds: int, pushes: int) -> tuple[float, float]:
    """p95 of ``App.step`` (ms) offline and online (one room playing in the background), alternated."""
    frames = _script("bench_frames")
    offline: list[float] = []
    online: list[float] = []
    for _ in range(rounds):
        offline += frames.frame_times((1280, 800), pushes)
        pair = Pair(relay.address, 99)
        pair.start()
        pair.begin()
        stop = threading.Event()

        def background(p: Pair = pair, stop: threading.Event = stop) -> None:
            while not stop.is_set() and p.step()[0]:
                stop.wait(PACE)

        worker = threading.Thread(target=background, daemon=True)
        worker.start()
        online += frames.frame_times((1280, 800), pushes, on_frame=pair.host.poll)
        stop.set()
        worker.join(5)
        pair.stop()
    return percentile(sorted(offline), 95), percentile(sorted(online), 95)


class _TlsRelay:
    """The public configuration on loopback over TLS (tests/online/tls.py), as ``LocalRelay`` is used here."""

    def __init__(self, started: Any) -> None:
        self.started = started
        self.address = f"mqtts://localhost:{started.tls}"

    def rss_mb(self) -> float:
        return float(self.started.rss_mb())


@contextlib.contextmanager
def _tls_relay(mosquitto: str) -> Iterator[_TlsRelay]:
    from tests.online.tls import Authority, public_relay

    authority = Authority.make("bench_online authority")
    ca = Path(tempfile.mkdtemp(prefix="doolhof-bench-ca-")) / "ca.pem"
    ca.write_bytes(authority.pem())
    os.environ["SSL_CERT_FILE"] = str(ca)  # the clients trust it as the system's authorities (forked workers too)
    with public_relay(*authority.issue(["localhost"]), mosquitto) as started:
        yield _TlsRelay(started)


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--rooms", type=int, nargs="+", default=list(ROOM_COUNTS), help="room counts to time")
    parser.add_argument("--moves", type=int, default=MOVES_PER_ROOM, help="moves each room plays")
    parser.add_argument("--pace", type=float, default=PACE, help="seconds between a room's moves")
    parser.add_argument("--frame-rounds", type=int, default=3, help="offline/online frame runs, alternated")
    parser.add_argument("--pushes", type=int, default=4, help="push animations timed per frame run")
    parser.add_argument("--abuse-moves", type=int, default=600, help="the log's length before the replayed haves")
    parser.add_argument("--abuse-pairings", type=int, default=10, help="pairings tried with a squatter and a watcher")
    parser.add_argument("--tls", action="store_true",
                        help="the public configuration (packaging/relay/mosquitto-public.conf) over TLS, with a"
                             " certificate from an authority made for the run, in place of the local one")
    args = parser.parse_args()
    local_relay = _script("local_relay")
    if local_relay.find_mosquitto() is None:
        print("bench_online: mosquitto is not installed (Debian: sudo apt install mosquitto)", file=sys.stderr)
        return 2
    with _tls_relay(local_relay.find_mosquitto()) if args.tls else local_relay.LocalRelay() as relay:
        idle_rss = relay.rss_mb()
        rooms = [run_rooms(relay, n, args.moves, args.pace) for n in args.rooms]
        offline, online = frame_p95(relay, args.frame_rounds, args.pushes) if args.frame_rounds else (0.0, 0.0)
        abuse = {"replayed_have": abuse_replayed_haves(relay, args.abuse_moves)} if args.abuse_moves else {}
        if args.abuse_pairings:
            abuse["pairing"] = abuse_pairings(relay, args.abuse_pairings)
            abuse["stranger_flood"] = abuse_stranger_flood(relay)
    figures = {
        "rooms": rooms, "relay_rss_mb": max(r["relay_rss_mb"] for r in rooms), "relay_idle_rss_mb": round(idle_rss, 2),
        "frame_p95_ms_offline": round(offline, 3), "frame_p95_ms_online": round(online, 3),
        "frame_p95_online_minus_offline_ms": round(online - offline, 3),
        "pace_s": args.pace, "moves_per_room": args.moves, "load_average": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(), "abuse": abuse,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    for r in rooms:
        print(f"{r['rooms']:4d} rooms: p50 {r['p50_ms']:.2f} ms, p95 {r['p95_ms']:.2f} ms, max {r['max_ms']:.1f} ms"
              f" ({r['moves']} moves, {r['moves_per_s']}/s, lost {r['lost']}, refused {r['refused']})")
    print(f"relay memory: {figures['relay_rss_mb']} MB (idle {figures['relay_idle_rss_mb']} MB)")
    print(f"frame p95: offline {offline:.2f} ms, online {online:.2f} ms")
    if "replayed_have" in abuse:
        have = abuse["replayed_have"]
        print(f"{have['replays']} replayed haves at a log of {have['log_entries']}: "
              f"{have['entries_sent_again']} entries sent again, client {have['rss_before_mb']} -> "
              f"{have['rss_after_mb']} MB (+{have['rss_growth_mb']})")
    if "pairing" in abuse:
        pairing, flood = abuse["pairing"], abuse["stranger_flood"]
        print(f"pairing with a squatter and a watcher: {pairing['paired']} of {pairing['pairings']}, "
              f"p50 {pairing['pair_ms_p50']} ms, p95 {pairing['pair_ms_p95']} ms"
              f" (scrypt {pairing['scrypt_ms_median']} ms)")
        print(f"stranger flood: relay {flood['relay_rss_mb_before']} -> {flood['relay_rss_mb_after']} MB"
              f" (+{flood['relay_rss_growth_mb']}); then {flood['retained_tries']}:"
              f" {flood['retained_connections_cut_off']} cut off, relay {flood['retained_rss_mb_after']} MB"
              f" (+{flood['total_growth_mb']} in all); with retained messages on, 1 x 2000 retained:"
              f" {flood['retain_on_rss_mb_before']} -> {flood['retain_on_rss_mb_after']} MB"
              f" (+{flood['retain_on_growth_mb']})")
    print(f"load average {figures['load_average']} on {figures['cpus']} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
