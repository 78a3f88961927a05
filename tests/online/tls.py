"""Certificates made at test time with ``cryptography``: an authority, and server certificates it signs, for
Mosquitto's TLS and secure WebSocket listeners on loopback (the public configuration, rewritten to free ports)."""

from __future__ import annotations

import contextlib
import datetime
import ipaddress
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

ROOT = Path(__file__).resolve().parents[2]
PUBLIC_CONFIG = ROOT / "packaging" / "relay" / "mosquitto-public.conf"
ACL = ROOT / "packaging" / "relay" / "acl"


@dataclass
class Authority:
    """A certificate authority: its key and self-signed certificate."""

    key: ec.EllipticCurvePrivateKey
    cert: x509.Certificate

    @classmethod
    def make(cls, name: str) -> Authority:
        """A new authority called *name*."""
        key = ec.generate_private_key(ec.SECP256R1())
        subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
        now = datetime.datetime.now(datetime.timezone.utc)
        cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
                .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
                .not_valid_after(now + datetime.timedelta(days=2))
                .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                             content_commitment=False, key_encipherment=False,
                                             data_encipherment=False, key_agreement=False, encipher_only=False,
                                             decipher_only=False), critical=True)
                .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
                .sign(key, hashes.SHA256()))
        return cls(key, cert)

    def pem(self) -> bytes:
        """The authority's certificate, as a client trusts it."""
        return self.cert.public_bytes(serialization.Encoding.PEM)

    def issue(self, names: list[str], days: float = 1.0) -> tuple[bytes, bytes]:
        """A server certificate for *names* (host names or IP addresses): (chain PEM, key PEM)."""
        key = ec.generate_private_key(ec.SECP256R1())
        now = datetime.datetime.now(datetime.timezone.utc)
        alt: list[x509.GeneralName] = []
        for name in names:
            try:
                alt.append(x509.IPAddress(ipaddress.ip_address(name)))
            except ValueError:
                alt.append(x509.DNSName(name))
        cert = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0])]))
                .issuer_name(self.cert.subject).public_key(key.public_key())
                .serial_number(x509.random_serial_number())
                .not_valid_before(now - datetime.timedelta(days=max(0.0, -days) + 1))
                .not_valid_after(now + datetime.timedelta(days=days))
                .add_extension(x509.SubjectAlternativeName(alt), critical=False)
                .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(self.key.public_key()),
                               critical=False)
                .sign(self.key, hashes.SHA256()))
        chain = cert.public_bytes(serialization.Encoding.PEM) + self.pem()
        return chain, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                        serialization.NoEncryption())


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def public_config(text: str, folder: Path, ports: dict[str, int], host: str = "127.0.0.1") -> str:
    """The shipped public configuration with its listeners on *ports* of *host* (``{"8883": p, "443": q}``),
    its certificate and acl in *folder*; nothing else changed."""
    def listener(match: re.Match[str]) -> str:
        return f"listener {ports[match.group(1)]} {host}"

    text = re.sub(r"^listener (\d+)\s*$", listener, text, flags=re.M)
    text = re.sub(r"^certfile .*$", f"certfile {folder / 'fullchain.pem'}", text, flags=re.M)
    text = re.sub(r"^keyfile .*$", f"keyfile {folder / 'privkey.pem'}", text, flags=re.M)
    return re.sub(r"^acl_file .*$", f"acl_file {folder / 'acl'}", text, flags=re.M)


@dataclass
class PublicRelay:
    """A Mosquitto started from the public configuration on loopback: ``tls`` and ``wss`` ports."""

    process: subprocess.Popen[bytes]
    folder: Path
    tls: int
    wss: int

    def log(self) -> str:
        """What mosquitto wrote."""
        return (self.folder / "relay.log").read_text(encoding="utf-8", errors="replace")

    def rss_mb(self) -> float:
        """Its resident memory in MB."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0


def _readable_by_broker(folder: Path) -> None:
    folder.chmod(0o755)
    if os.geteuid() == 0:
        import pwd

        with contextlib.suppress(KeyError):
            account = pwd.getpwnam("mosquitto")
            for path in [folder, *folder.iterdir()]:
                os.chown(path, account.pw_uid, account.pw_gid)


@contextlib.contextmanager
def public_relay(chain: bytes, key: bytes, mosquitto: str, host: str = "127.0.0.1", wrap: tuple[str, ...] = (),
                 ports: dict[str, int] | None = None, edit: Callable[[str], str] = str) -> Iterator[PublicRelay]:
    """Run the shipped public configuration with *chain* and *key* on free ports of *host* (or *ports*; *wrap*
    before the command, e.g. ``ip netns exec NAME``); stopped and removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="doolhof-public-relay-"))
    try:
        (folder / "fullchain.pem").write_bytes(chain)
        (folder / "privkey.pem").write_bytes(key)
        shutil.copyfile(ACL, folder / "acl")
        ports = ports or {"8883": free_port(), "443": free_port()}
        text = public_config(PUBLIC_CONFIG.read_text(encoding="utf-8"), folder, ports, host)
        (folder / "mosquitto.conf").write_text(edit(text), encoding="utf-8")
        _readable_by_broker(folder)
        with (folder / "relay.log").open("wb") as sink:
            process = subprocess.Popen([*wrap, mosquitto, "-c", str(folder / "mosquitto.conf")],
                                       stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT)
        relay = PublicRelay(process, folder, ports["8883"], ports["443"])
        try:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and process.poll() is None:
                if not wrap and all(_answers(host, port) for port in ports.values()):
                    break
                if wrap and _listening(wrap, ports.values()):
                    break
                time.sleep(0.02)
            if process.poll() is not None:
                raise RuntimeError(f"mosquitto did not start from the public configuration: {relay.log()}")
            yield relay
        finally:
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _listening(wrap: tuple[str, ...], ports: object) -> bool:
    listed = subprocess.run([*wrap, "ss", "-ltnH"], capture_output=True, text=True, timeout=5).stdout
    return all(f":{port} " in listed for port in ports)  # type: ignore[attr-defined]


def _answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.2):
            return True
    except OSError:
        return False
