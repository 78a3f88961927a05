"""The files of packaging/relay/ as an operator installs them, tried as far as this machine allows: both Mosquitto
configurations carry the same limits, the nftables file parses and, loaded in network namespaces this test makes
(its own veth link, nothing else reached), keeps one address from taking the relay's every connection; the systemd
drop-in reads cleanly and its user and capability open the listeners; the certbot hook hands the certificate to
the broker's user only."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.online.conftest import local_relay
from tests.online.tls import Authority, public_relay

ROOT = Path(__file__).resolve().parents[2]
RELAY = ROOT / "packaging" / "relay"
NFT = RELAY / "doolhof-relay.nft"
DROP_IN = RELAY / "mosquitto.service.d" / "doolhof.conf"
HOOK = RELAY / "certbot-deploy-hook"
#: The options both configurations must agree on (the tests run the local one; operators the public one).
SHARED = ("max_packet_size", "max_inflight_messages", "max_queued_messages", "max_queued_bytes",
          "retain_available", "max_keepalive", "persistent_client_expiration", "set_tcp_nodelay", "persistence",
          "sys_interval", "connection_messages", "allow_anonymous")
#: The per-address limits of doolhof-relay.nft.
OPEN_PER_ADDRESS = 24
NEW_BURST = 40


def _options(path: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.strip().partition(" ")
            found.setdefault(name, []).append(value.strip())
    return found


def test_the_local_and_the_public_configuration_carry_the_same_limits() -> None:
    local, public = _options(RELAY / "mosquitto.conf"), _options(RELAY / "mosquitto-public.conf")
    for name in SHARED:
        assert name in local and local[name] == public.get(name), name
    assert public["persistence"] == ["false"] and public["retain_available"] == ["false"]
    assert "memory_limit" not in public and public["persistent_client_expiration"] == ["1h"]
    assert public["listener"] == ["8883", "443"] and public["protocol"] == ["websockets"]
    assert all(int(n) > 0 for n in public["max_connections"]) and len(public["certfile"]) == 2


def test_the_nftables_file_parses() -> None:
    nft = shutil.which("nft") or "/usr/sbin/nft"
    if not os.access(nft, os.X_OK):
        pytest.skip("Debian's nftables is not installed (apt install nftables), so the file cannot be parsed here")
    done = subprocess.run([nft, "-c", "-f", str(NFT)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_the_systemd_drop_in_reads_cleanly_beside_debians_unit(tmp_path: Path) -> None:
    unit = Path("/lib/systemd/system/mosquitto.service")
    analyze = shutil.which("systemd-analyze")
    if analyze is None or not unit.is_file():
        pytest.skip("systemd-analyze or Debian's mosquitto.service is missing, so the drop-in cannot be read here")
    shutil.copy(unit, tmp_path / unit.name)
    (tmp_path / "mosquitto.service.d").mkdir()
    shutil.copy(DROP_IN, tmp_path / "mosquitto.service.d" / "doolhof.conf")
    env = {**os.environ, "SYSTEMD_UNIT_PATH": f"{tmp_path}:"}

    def verify() -> str:
        done = subprocess.run([analyze, "verify", str(tmp_path / unit.name)], capture_output=True, text=True,
                              env=env, timeout=60)
        return done.stdout + done.stderr

    assert verify() == ""
    with (tmp_path / "mosquitto.service.d" / "doolhof.conf").open("a") as extra:
        extra.write("MemoryMaxx=1\n")
    assert "MemoryMaxx" in verify(), "the drop-in was read (a misspelt option is reported)"
    text = DROP_IN.read_text(encoding="utf-8")
    for line in ("User=mosquitto", "Restart=always", "MemoryMax=256M", "NoNewPrivileges=yes", "ProtectSystem=strict",
                 "AmbientCapabilities=CAP_NET_BIND_SERVICE", "CapabilityBoundingSet=CAP_NET_BIND_SERVICE"):
        assert line in text.splitlines(), line


def test_the_certbot_hook_gives_the_certificate_to_the_broker_only(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("the hook hands files to the mosquitto user, which only root can do")
    import pwd

    try:
        broker = pwd.getpwnam("mosquitto")
    except KeyError:
        pytest.skip("there is no mosquitto user (apt install mosquitto)")
    lineage = tmp_path / "live" / "relay.example.org"
    lineage.mkdir(parents=True)
    (lineage / "fullchain.pem").write_text("chain\n")
    (lineage / "privkey.pem").write_text("key\n")
    stubs = tmp_path / "bin"
    stubs.mkdir()
    (stubs / "systemctl").write_text(f'#!/bin/sh\necho "$@" >> {tmp_path}/systemctl.log\n')
    (stubs / "systemctl").chmod(0o755)
    certs = tmp_path / "certs"
    env = {"PATH": f"{stubs}:/usr/sbin:/usr/bin:/sbin:/bin", "RENEWED_LINEAGE": str(lineage),
           "MOSQUITTO_CERTS": str(certs)}
    for _ in range(2):  # the first issue, then a renewal over the old files
        done = subprocess.run(["sh", str(HOOK)], env=env, capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
    for name, text in (("fullchain.pem", "chain\n"), ("privkey.pem", "key\n")):
        info = (certs / name).stat()
        assert (certs / name).read_text() == text and info.st_uid == broker.pw_uid and info.st_mode & 0o777 == 0o600
    told = (tmp_path / "systemctl.log").read_text().splitlines()
    assert told == ["is-active --quiet mosquitto", "reload mosquitto"] * 2
    assert not list(certs.glob("*.new"))


# ----- in network namespaces -------------------------------------------------------------------------------------


def _run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), capture_output=True, text=True, timeout=30, check=check)


class Namespaces:
    """A relay namespace (10.236.0.1) and a client namespace (10.236.0.2-.4) joined by one veth link."""

    RELAY_IP = "10.236.0.1"
    CLIENT_IPS = ("10.236.0.2", "10.236.0.3", "10.236.0.4")

    def __init__(self) -> None:
        tag = f"{os.getpid() % 100000}"
        self.relay, self.client = f"d36r{tag}", f"d36c{tag}"
        self.made: list[str] = []
        self._veth = (f"d36r{tag}", f"d36c{tag}")

    def make(self) -> None:
        for name in (self.relay, self.client):
            _run("ip", "netns", "add", name)
            self.made.append(name)
            _run("ip", "-n", name, "link", "set", "lo", "up")
        _run("ip", "link", "add", self._veth[0], "netns", self.relay, "type", "veth", "peer", "name", self._veth[1],
             "netns", self.client)
        _run("ip", "-n", self.relay, "addr", "add", f"{self.RELAY_IP}/24", "dev", self._veth[0])
        for address in self.CLIENT_IPS:
            _run("ip", "-n", self.client, "addr", "add", f"{address}/24", "dev", self._veth[1])
        _run("ip", "-n", self.relay, "link", "set", self._veth[0], "up")
        _run("ip", "-n", self.client, "link", "set", self._veth[1], "up")

    def wrap(self, name: str) -> tuple[str, ...]:
        return ("ip", "netns", "exec", name)

    def remove(self) -> None:
        for name in self.made:
            _run("ip", "netns", "del", name, check=False)


@pytest.fixture
def namespaces() -> Iterator[Namespaces]:
    """Two fresh network namespaces (skipped, saying why, where this machine cannot make them)."""
    if os.geteuid() != 0 or shutil.which("ip") is None or shutil.which("nft") is None:
        pytest.skip("network namespaces and nftables need root, iproute2 and nftables; the limits are not tried here")
    spaces = Namespaces()
    try:
        spaces.make()
    except subprocess.CalledProcessError as error:
        spaces.remove()
        pytest.skip(f"this machine cannot make network namespaces ({error.stderr.strip()[:120]})")
    try:
        yield spaces
    finally:
        spaces.remove()


def test_one_address_cannot_take_the_relays_every_connection(namespaces: Namespaces, tmp_path: Path) -> None:
    loaded = _run(*namespaces.wrap(namespaces.relay), "nft", "-f", str(NFT), check=False)
    if loaded.returncode != 0:
        pytest.skip(f"the kernel here does not take the nftables rules ({loaded.stderr.strip()[:160]})")
    mosquitto = local_relay.find_mosquitto()
    assert mosquitto is not None
    authority = Authority.make("Doolhof test authority")
    (tmp_path / "ca.pem").write_bytes(authority.pem())
    probe = str(Path(__file__).with_name("nsprobe.py"))
    client = namespaces.wrap(namespaces.client)
    hoarder, honest, flooder = namespaces.CLIENT_IPS
    with public_relay(*authority.issue([namespaces.RELAY_IP]), mosquitto, host=namespaces.RELAY_IP,
                      wrap=_as_broker(namespaces), ports={"8883": 8883, "443": 443}) as relay:
        # One address opens 40 bare connections (never a CONNECT) and keeps them: it gets its 24, no more.
        holder = subprocess.Popen([*client, sys.executable, probe, "hold", hoarder, namespaces.RELAY_IP,
                                   str(relay.tls), "40"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            assert holder.stdout is not None
            held = json.loads(holder.stdout.readline())
            assert held["accepted"] == OPEN_PER_ADDRESS and held["refused"] == 40 - OPEN_PER_ADDRESS, held
            # Meanwhile a family's computer at another address reaches the relay over TLS as always.
            check = ("import socket, sys; plain = socket.create_connection; socket.create_connection = "
                     "lambda a, timeout=None, source_address=None: plain(a, timeout, (sys.argv[3], 0)); "
                     "from doolhof.online.relay import Address, check_relay; "
                     "print(check_relay(Address.parse(sys.argv[1]), timeout=5.0, cafile=sys.argv[2]))")
            said = subprocess.run([*client, sys.executable, "-c", check, f"mqtts://{namespaces.RELAY_IP}:{relay.tls}",
                                   str(tmp_path / "ca.pem"), honest], capture_output=True, text=True, timeout=60,
                                  cwd=ROOT)
            assert said.stdout.strip() == "None", said.stdout + said.stderr
            # A third address opening and closing connections as fast as it can: the burst, then (nearly) nothing.
            burst = subprocess.run([*client, sys.executable, probe, "burst", flooder, namespaces.RELAY_IP,
                                    str(relay.wss), "70"], capture_output=True, text=True, timeout=120)
            flood = json.loads(burst.stdout)
            assert NEW_BURST <= flood["accepted"] <= NEW_BURST + 1 + flood["seconds"] / 2, flood
            assert flood["dropped"] == 70 - flood["accepted"], flood
        finally:
            if holder.stdin is not None:
                holder.stdin.write("\n")
                holder.stdin.flush()
            holder.wait(10)
        # Once the hoarder lets go, its address is served again.
        again = subprocess.run([*client, sys.executable, probe, "hold", hoarder, namespaces.RELAY_IP, str(relay.tls),
                                "3"], input="\n", capture_output=True, text=True, timeout=60)
        assert json.loads(again.stdout.splitlines()[0])["accepted"] == 3
        assert relay.process.poll() is None, relay.log()  # it logged the bare sockets' missing TLS, and runs on


def _as_broker(namespaces: Namespaces) -> tuple[str, ...]:
    """In the relay's namespace, as the systemd drop-in runs it: the mosquitto user with one capability."""
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("setpriv (util-linux) is missing, so the relay is not run as the drop-in runs it")
    return (*namespaces.wrap(namespaces.relay), setpriv, "--reuid=mosquitto", "--regid=mosquitto", "--clear-groups",
            "--inh-caps=-all,+net_bind_service", "--ambient-caps=-all,+net_bind_service",
            "--bounding-set=-all,+net_bind_service")


def test_the_broker_user_with_the_drop_ins_one_capability_opens_port_443(namespaces: Namespaces) -> None:
    mosquitto = local_relay.find_mosquitto()
    assert mosquitto is not None
    authority = Authority.make("Doolhof test authority")
    with public_relay(*authority.issue(["127.0.0.1"]), mosquitto, wrap=_as_broker(namespaces),
                      ports={"8883": 8883, "443": 443}) as relay:
        listed = _run(*namespaces.wrap(namespaces.relay), "ss", "-ltnpH").stdout
        assert ":443 " in listed and ":8883 " in listed, listed + relay.log()
        owner = _run("ps", "-o", "user=", "-p", str(relay.process.pid)).stdout.strip()
        assert owner in ("mosquitto", ""), owner  # ps shows the ip-netns wrapper's child as the broker's user
