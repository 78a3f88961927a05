"""Saved formats that outlive versions: the one way a file of an older format version is brought up to date.

Every kind of saved file (a maze game, a card game, and the session's own files) keeps a ladder of
upgrade functions, ``ladder[n]`` turning version *n* data into version *n + 1*; :func:`climb` runs it.

>>> climb({"version": 1, "a": 1}, 1, 3, {1: lambda d: {**d, "b": 2}, 2: lambda d: {**d, "c": 3}})
{'version': 3, 'a': 1, 'b': 2, 'c': 3}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

#: One rung of a ladder: version *n* data in, version *n + 1* data out (the version field is set by :func:`climb`).
Upgrade = Callable[[dict[str, Any]], dict[str, Any]]


def climb(data: dict[str, Any], version: int, newest: int, ladder: Mapping[int, Upgrade],
          what: str = "saved data") -> dict[str, Any]:
    """*data* of *version* brought up to *newest* one rung at a time; ValueError when a rung is missing."""
    while version < newest:
        if version not in ladder:
            raise ValueError(f"no way to read {what} of version {version}")
        data = {**ladder[version](data), "version": version + 1}
        version += 1
    return data
