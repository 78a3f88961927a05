"""The relays a release carries: the parents need to type no address when this list is not empty.

Read from ``relays.txt`` beside this module, which is empty (notes only) in the source tree and written
at release time from a repository setting (``scripts/release_relays.py``, docs/releasing.md). Light on
purpose (standard library only, no network): the setup screen asks it for its first frame.
"""

from __future__ import annotations

import functools
import logging
from importlib import resources
from typing import Final

log = logging.getLogger(__name__)

#: The file beside this module, one address a line, ``#`` for notes.
FILE_NAME: Final = "relays.txt"
#: The most addresses read (a release lists a few).
MOST: Final = 16


def read_relays(text: str) -> list[str]:
    """The addresses in *text*: one a line, blank lines and ``#`` notes left out.

    >>> read_relays("# notes\\nmqtts://a.example.org\\n\\n wss://b.example.org/mqtt \\n")
    ['mqtts://a.example.org', 'wss://b.example.org/mqtt']
    """
    lines = (line.strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")][:MOST]


@functools.lru_cache(maxsize=1)
def release_relays() -> tuple[str, ...]:
    """The relays this release carries (empty when it carries none, or when the file cannot be read)."""
    try:
        text = resources.files(__package__ or "doolhof.online").joinpath(FILE_NAME).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        log.warning("the release's relay list could not be read (%s)", type(error).__name__)
        return ()
    return tuple(read_relays(text))


__all__ = ["FILE_NAME", "read_relays", "release_relays"]
