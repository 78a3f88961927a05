#!/usr/bin/env python3
"""Write the relays a release carries into ``doolhof/online/relays.txt`` (docs/releasing.md).

    python scripts/release_relays.py "mqtts://relay.example.org:8883, wss://relay.example.org/mqtt"

The release workflow runs it with the repository variable ``DOOLHOF_RELAYS`` before building; an empty
text leaves the release without a relay (the parents then type one). Every address must read as one
(``doolhof.online.relay.Address.parse``), or nothing is written and the release stops. Commas, spaces or
new lines separate addresses.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from doolhof.online.defaults import FILE_NAME, MOST, read_relays  # noqa: E402

#: The file the package reads (:mod:`doolhof.online.defaults`).
TARGET = ROOT / "doolhof" / "online" / FILE_NAME
HEADER = """\
# The relays this release of Doolhof uses when a parent types none: one address a line (mqtts://host:8883,
# wss://host/mqtt). Empty in the source tree; the release workflow writes it from the repository variable
# DOOLHOF_RELAYS (scripts/release_relays.py; docs/releasing.md). Lines starting with # are notes.
"""


def relays_text(text: str) -> str:
    """The file's text for the addresses in *text*; raises ValueError naming the first that does not read."""
    from doolhof.online.relay import Address

    parts = [part for part in re.split(r"[,\s]+", text.strip()) if part]
    if len(parts) > MOST:
        raise ValueError(f"at most {MOST} relays, not {len(parts)}")
    addresses = [str(Address.parse(part)) for part in parts]
    out = HEADER + "".join(f"{address}\n" for address in addresses)
    assert read_relays(out) == addresses
    return out


def main(argv: list[str] | None = None) -> int:
    """Write the file (or say why not)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("relays", help="the addresses, comma- or space-separated (empty: none)")
    parser.add_argument("--file", type=Path, default=TARGET, help="where to write (default: the package's file)")
    args = parser.parse_args(argv)
    try:
        text = relays_text(args.relays)
    except ValueError as error:
        print(f"release_relays: {error}", file=sys.stderr)
        return 1
    args.file.write_text(text, encoding="utf-8")
    print(f"release_relays: {len(read_relays(text))} relay(s) in {args.file}: {', '.join(read_relays(text)) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
