"""Run inside a client network namespace by tests/online/test_relay_packaging.py: open TCP connections to the relay
from one source address and print what happened, as JSON. Standard library only.

    python nsprobe.py hold SRC HOST PORT N      # open N connections and keep them; how many were accepted
    python nsprobe.py burst SRC HOST PORT N     # open and reset N connections, 20 ms apart
"""

from __future__ import annotations

import json
import socket
import struct
import sys
import time


def _connect(src: str, host: str, port: int) -> socket.socket | str:
    sock = socket.socket()
    sock.settimeout(0.5)
    sock.bind((src, 0))
    try:
        sock.connect((host, port))
    except ConnectionRefusedError:
        sock.close()
        return "refused"
    except OSError:
        sock.close()
        return "dropped"
    return sock


def main() -> None:
    """Do what the command line says."""
    mode, src, host, port, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    counts = {"accepted": 0, "refused": 0, "dropped": 0}
    held = []
    began = time.monotonic()
    for _ in range(n):
        result = _connect(src, host, port)
        if isinstance(result, str):
            counts[result] += 1
            continue
        counts["accepted"] += 1
        if mode == "hold":
            held.append(result)
        else:  # a reset, so the connection is closed at once on both sides (it no longer counts as open)
            result.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            result.close()
            time.sleep(0.02)  # the kernel forgets a closed connection a moment later
    counts["seconds"] = round(time.monotonic() - began, 2)  # type: ignore[assignment]
    print(json.dumps(counts), flush=True)
    if mode == "hold":
        sys.stdin.readline()  # keep them open until the test says so
    for sock in held:
        sock.close()


if __name__ == "__main__":
    main()
