#!/usr/bin/env python3
"""A real Mosquitto relay on a free loopback port, started from the shipped configuration.

``packaging/relay/mosquitto.conf`` is copied into a temporary folder with its one ``listener 1883 127.0.0.1``
line moved to a free port (still 127.0.0.1), its ``acl_file`` made absolute and a ``persistence_location`` in
that folder added (used only if persistence were on); everything else is as shipped, so the tests run the
relay a family would run. Standard library only (the tests and the benchmark import it).

As a module::

    with LocalRelay() as relay:          # relay.address == "127.0.0.1:PORT"
        ...
        relay.restart()                  # the same port, nothing kept (persistence false)

:class:`CuttableProxy` stands between a client and the relay and can drop every connection at once, like a
network gone (:meth:`CuttableProxy.cut`), and let them back (:meth:`CuttableProxy.heal`).

As a script, ``python scripts/local_relay.py [--port N]`` starts a relay and prints its address until Ctrl-C,
for a developer playing in two windows. Every connection it makes or accepts is on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parent.parent
#: The configuration the project ships; the launcher changes only its port and the acl file's path.
SHIPPED_CONFIG = ROOT / "packaging" / "relay" / "mosquitto.conf"
HOST = "127.0.0.1"
#: Where Debian and a source build put the broker (it is not on a normal user's PATH on Debian).
_SEARCHED = ("/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto", "/usr/bin/mosquitto", "/usr/local/bin/mosquitto")
_LISTENER = re.compile(r"^\s*listener\s+(\S+)(?:\s+(\S+))?\s*$")
_ACL = re.compile(r"^\s*acl_file\s+(.+?)\s*$")


class RelayError(RuntimeError):
    """The relay could not be started (the message holds mosquitto's own words)."""


def find_mosquitto() -> str | None:
    """The path of the ``mosquitto`` broker on this machine, or None when it is not installed."""
    found = shutil.which("mosquitto")
    if found:
        return found
    return next((path for path in _SEARCHED if os.access(path, os.X_OK)), None)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def local_config(text: str, port: int, base: Path = ROOT, folder: Path | None = None) -> str:
    """The configuration *text* with its single listener on *port* of 127.0.0.1 and its acl file's path
    absolute (a relative one is read from *base*, the folder ``mosquitto -c`` runs in); with *folder*, a last
    line puts what ``persistence true`` would store there (the shipped ``persistence false`` stores nothing).

    >>> print(local_config("listener 1883 127.0.0.1\\nacl_file packaging/relay/acl\\n", 4242, Path("/p")))
    listener 4242 127.0.0.1
    acl_file /p/packaging/relay/acl
    <BLANKLINE>

    Any other listener is refused (:class:`RelayError`): the launcher opens nothing but 127.0.0.1.
    """
    lines = text.splitlines()
    listeners = [i for i, line in enumerate(lines) if _LISTENER.match(line)]
    if [lines[i].split() for i in listeners] != [["listener", "1883", HOST]]:
        raise RelayError("the configuration must have exactly one 'listener 1883 127.0.0.1' line, found: "
                         f"{[lines[i].strip() for i in listeners]}")
    lines[listeners[0]] = f"listener {port} {HOST}"
    for i, line in enumerate(lines):
        acl = _ACL.match(line)
        if acl:
            lines[i] = f"acl_file {(base / acl.group(1)).resolve()}"
    if folder is not None:
        lines.append(f"persistence_location {folder}/")
    return "\n".join(lines) + "\n"


def _acl_beside(text: str, folder: Path) -> str:
    """*text* with its acl file copied into *folder*: mosquitto reads it after dropping to its own user, who may
    not enter the project's folder (a checkout or an unpacked sdist in a private temporary folder)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        acl = _ACL.match(line)
        if acl:
            copy = folder / "acl"
            copy.write_text(Path(acl.group(1)).read_text(encoding="utf-8"), encoding="utf-8")
            copy.chmod(0o644)
            lines[i] = f"acl_file {copy}"
    return "\n".join(lines) + "\n"


def _hand_to_broker_user(folder: Path) -> None:
    """Started as root, mosquitto drops to the ``mosquitto`` user (its default ``user`` option): give it
    *folder*, so that what it would persist there can be written."""
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        import pwd

        with contextlib.suppress(KeyError, OSError):
            account = pwd.getpwnam("mosquitto")
            os.chown(folder, account.pw_uid, account.pw_gid)


class LocalRelay:
    """A Mosquitto broker started from *config* on 127.0.0.1 (*port*, or a free one), for tests and benchmarks.

    Use it as a context manager, or call :meth:`start` and :meth:`stop`. Its log (mosquitto's stderr: errors and
    warnings only, as shipped) is :meth:`log_text`.
    """

    host = HOST

    def __init__(self, port: int | None = None, *, config: Path = SHIPPED_CONFIG, binary: str | None = None,
                 start_timeout: float = 10.0) -> None:
        self.port = port or 0
        self.config = Path(config)
        self.binary = binary
        self.start_timeout = start_timeout
        self._process: subprocess.Popen[bytes] | None = None
        self._folder: Path | None = None
        self._log = ""

    @property
    def address(self) -> str:
        """``"127.0.0.1:PORT"``, as the clients and ``doolhof simulate --online`` take it."""
        return f"{self.host}:{self.port}"

    @property
    def pid(self) -> int | None:
        """The broker's process id while it runs, else None."""
        return self._process.pid if self.running else None  # type: ignore[union-attr]

    @property
    def running(self) -> bool:
        """Whether the broker process is alive."""
        return self._process is not None and self._process.poll() is None

    def start(self) -> LocalRelay:
        """Start the broker and return once it accepts TCP connections; :class:`RelayError` when it cannot.

        A relay without a fixed port tries another free port when the one it picked was taken meanwhile.
        """
        if self.running:
            return self
        binary = self.binary or find_mosquitto()
        if binary is None:
            raise RelayError("mosquitto is not installed (Debian: sudo apt install mosquitto)")
        fixed = bool(self.port)
        deadline = time.monotonic() + self.start_timeout
        while True:
            port = self.port if fixed else free_port()
            failure = self._launch(binary, port, deadline)
            if failure is None:
                self.port = port
                return self
            # A port taken meanwhile (or still held just after a restart): try again while time is left.
            if "Address already in use" not in failure or time.monotonic() > deadline:
                self._cleanup()
                raise RelayError(f"mosquitto did not start on {HOST}:{port}: {failure.strip() or 'no message'}")
            time.sleep(0.05)

    def _launch(self, binary: str, port: int, deadline: float) -> str | None:
        """Run the broker on *port*; None once it accepts connections, else what went wrong."""
        if self._folder is None:  # a restart keeps it: the folder mosquitto runs in is where it would persist
            self._folder = Path(tempfile.mkdtemp(prefix="doolhof-relay-"))
            _hand_to_broker_user(self._folder)
        conf = self._folder / "mosquitto.conf"
        text = local_config(self.config.read_text(encoding="utf-8"), port, folder=self._folder)
        conf.write_text(_acl_beside(text, self._folder), encoding="utf-8")
        log = self._folder / "relay.log"
        with log.open("ab") as sink:
            self._process = subprocess.Popen([binary, "-c", str(conf)], stdin=subprocess.DEVNULL,
                                             stdout=sink, stderr=subprocess.STDOUT, cwd=self._folder)
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                failure = log.read_text(encoding="utf-8", errors="replace")
                log.write_bytes(b"")
                return failure or f"exit status {self._process.returncode}"
            with contextlib.suppress(OSError), socket.create_connection((HOST, port), timeout=0.5):
                return None
            time.sleep(0.01)
        failure = self.log_text()
        self._terminate(keep_folder=True)
        return f"no connection accepted within {self.start_timeout} s; {failure}"

    def log_text(self) -> str:
        """What the broker wrote (errors and warnings), up to now or up to its last stop."""
        if self._folder is not None and (self._folder / "relay.log").is_file():
            self._log = (self._folder / "relay.log").read_text(encoding="utf-8", errors="replace")
        return self._log

    def stop(self) -> None:
        """Stop the broker (SIGTERM, then SIGKILL after 5 s) and remove its folder; everything it held in memory
        is gone, its log stays readable (:meth:`log_text`)."""
        self.log_text()
        self._terminate()

    def restart(self) -> LocalRelay:
        """Stop the broker and start it again on the same port, in the same folder (so a configuration with
        ``persistence true`` would find its ``mosquitto.db`` again, as on a real host)."""
        self.log_text()
        self._terminate(keep_folder=True)
        return self.start()

    def rss_mb(self) -> float:
        """The broker's resident memory in MB (VmRSS in /proc/PID/status); 0.0 when it is not running."""
        pid = self.pid
        if pid is None:
            return 0.0
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def _terminate(self, keep_folder: bool = False) -> None:
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)
        if not keep_folder:
            self._cleanup()

    def _cleanup(self) -> None:
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    def __enter__(self) -> LocalRelay:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"LocalRelay({self.address}, {'running' if self.running else 'stopped'})"


class CuttableProxy:
    """A TCP proxy on 127.0.0.1 in front of ``target_host:target_port`` whose connections can all be dropped at
    once (:meth:`cut`: a network gone; new connections are closed at once) and let through again (:meth:`heal`).

    One thread moves the bytes of every connection (at most *max_connections*; more are closed at once).
    """

    def __init__(self, target_port: int, target_host: str = HOST, *, max_connections: int = 64) -> None:
        self.target = (target_host, target_port)
        self.max_connections = max_connections
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind((HOST, 0))
        self._listener.listen(16)
        self._listener.setblocking(False)
        self.host = HOST
        self.port = int(self._listener.getsockname()[1])
        self._wake_read, self._wake_write = socket.socketpair()
        self._peers: dict[socket.socket, socket.socket] = {}
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._listener, selectors.EVENT_READ)
        self._selector.register(self._wake_read, selectors.EVENT_READ)
        self._lock = threading.Lock()
        self._requests: list[str] = []
        self._done = threading.Condition(self._lock)
        self._served = 0
        self.is_cut = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=f"CuttableProxy:{self.port}", daemon=True)
        self._thread.start()

    @property
    def address(self) -> str:
        """``"127.0.0.1:PORT"`` of the proxy, given to a client in place of the relay's."""
        return f"{self.host}:{self.port}"

    @property
    def connections(self) -> int:
        """How many client connections pass through the proxy now."""
        with self._lock:
            return len(self._peers) // 2

    def cut(self) -> None:
        """Drop every connection at once and refuse new ones until :meth:`heal`; returns once they are closed."""
        self._ask("cut")

    def heal(self) -> None:
        """Let connections through again (the dropped ones stay dropped: clients reconnect)."""
        self._ask("heal")

    def close(self) -> None:
        """Drop every connection and stop listening."""
        if not self._closed:
            self._ask("close")
            self._thread.join(timeout=5)

    def _ask(self, request: str, timeout: float = 5.0) -> None:
        with self._lock:
            if self._closed:
                return
            self._requests.append(request)
            served = self._served + len(self._requests)
            self._wake_write.send(b"!")
            if not self._done.wait_for(lambda: self._served >= served or self._closed, timeout=timeout):
                raise TimeoutError(f"the proxy did not {request} within {timeout} s")

    def _run(self) -> None:
        try:
            while not self._closed:
                for key, _ in self._selector.select(timeout=1.0):
                    sock = key.fileobj
                    if sock is self._wake_read:
                        self._serve_requests()
                    elif sock is self._listener:
                        self._accept()
                    else:
                        self._pump(sock)  # type: ignore[arg-type]
        finally:
            self._drop_all()
            for sock in (self._listener, self._wake_read, self._wake_write):
                sock.close()
            self._selector.close()

    def _serve_requests(self) -> None:
        with contextlib.suppress(OSError):
            self._wake_read.recv(1024)
        with self._lock:
            requests, self._requests = self._requests, []
        for request in requests:
            if request in ("cut", "close"):
                self._drop_all()
            self.is_cut = request != "heal"
            with self._lock:
                self._served += 1
                if request == "close":
                    self._closed = True
                self._done.notify_all()

    def _accept(self) -> None:
        try:
            client, _ = self._listener.accept()
        except OSError:
            return
        with self._lock:
            full = len(self._peers) // 2 >= self.max_connections
        if self.is_cut or full:
            client.close()
            return
        try:
            upstream = socket.create_connection(self.target, timeout=2.0)
        except OSError:
            client.close()
            return
        for sock in (client, upstream):
            sock.settimeout(5.0)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with self._lock:
            self._peers[client], self._peers[upstream] = upstream, client
        self._selector.register(client, selectors.EVENT_READ)
        self._selector.register(upstream, selectors.EVENT_READ)

    def _pump(self, sock: socket.socket) -> None:
        with self._lock:
            other = self._peers.get(sock)
        if other is None:
            return
        try:
            data = sock.recv(65536)
            if data:
                other.sendall(data)
                return
        except OSError:
            pass
        self._drop(sock)

    def _drop(self, sock: socket.socket) -> None:
        with self._lock:
            other = self._peers.pop(sock, None)
            if other is not None:
                self._peers.pop(other, None)
        for each in (sock, other):
            if each is None:
                continue
            with contextlib.suppress(KeyError, ValueError):
                self._selector.unregister(each)
            with contextlib.suppress(OSError):
                each.shutdown(socket.SHUT_RDWR)
            each.close()

    def _drop_all(self) -> None:
        with self._lock:
            socks = list(self._peers)
        for sock in socks:
            self._drop(sock)

    def __enter__(self) -> CuttableProxy:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def main(argv: list[str] | None = None) -> int:
    """Start a relay from the shipped configuration and print its address until Ctrl-C."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="the loopback port (default: a free one)")
    args = parser.parse_args(argv)
    try:
        relay = LocalRelay(args.port or None).start()
    except RelayError as error:
        print(f"local_relay: {error}", file=sys.stderr)
        return 1
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started in the background
    print(f"relay running at {relay.address} (pid {relay.pid}); Ctrl-C stops it", flush=True)
    try:
        while relay.running:
            time.sleep(0.5)
        print(f"local_relay: mosquitto stopped: {relay.log_text().strip()}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        relay.stop()


if __name__ == "__main__":
    sys.exit(main())
