"""Fixtures that run a real Mosquitto relay from the shipped configuration (scripts/local_relay.py).

``relay`` is a started :class:`LocalRelay` on a free loopback port, stopped after the test; ``second_relay`` is
an independent second one (``relays`` gives both, for sharding); ``proxy`` is a :class:`CuttableProxy` in front
of ``relay``. Every test that uses one of them, or carries ``@pytest.mark.relay``, is marked ``relay``
(``pytest -m relay`` / ``-m "not relay"``) and is skipped, saying how to install it, when mosquitto is not on
this machine, unless DOOLHOF_REQUIRE_RELAY=1 (as in CI), where it fails instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from tests.scripts import load_script

#: scripts/local_relay.py, for tests that start relays of their own (``local_relay.LocalRelay(...)``).
local_relay: ModuleType = load_script("local_relay", "local_relay")
RELAY_FIXTURES = frozenset({"relay", "second_relay", "relays", "proxy"})
MISSING = ("mosquitto is not installed, so the relay tests do not run (Debian/Ubuntu: sudo apt install mosquitto; "
           "DOOLHOF_REQUIRE_RELAY=1 makes them fail instead)")


def relay_required() -> bool:
    """Whether a missing mosquitto fails the relay tests (DOOLHOF_REQUIRE_RELAY=1, set by .ci/run)."""
    return os.environ.get("DOOLHOF_REQUIRE_RELAY", "") == "1"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``relay`` every test here that uses a relay fixture."""
    for item in items:
        if RELAY_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.relay)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip (or, when required, fail) a ``relay`` test on a machine without mosquitto."""
    if item.get_closest_marker("relay") is not None and local_relay.find_mosquitto() is None:
        if relay_required():
            pytest.fail("DOOLHOF_REQUIRE_RELAY=1 but " + MISSING.split(", so")[0], pytrace=False)
        pytest.skip(MISSING)


@pytest.fixture
def relay() -> Iterator[Any]:
    """A Mosquitto relay started from packaging/relay/mosquitto.conf on a free 127.0.0.1 port."""
    with local_relay.LocalRelay() as started:
        yield started


@pytest.fixture
def second_relay() -> Iterator[Any]:
    """A second relay, independent of ``relay`` (its own process and port)."""
    with local_relay.LocalRelay() as started:
        yield started


@pytest.fixture
def relays(relay: Any, second_relay: Any) -> tuple[Any, Any]:
    """Two independent relays, for spreading rooms over relays by room id."""
    return (relay, second_relay)


@pytest.fixture
def proxy(relay: Any) -> Iterator[Any]:
    """A loopback proxy in front of ``relay`` whose ``cut()`` drops every connection like a network gone."""
    with local_relay.CuttableProxy(relay.port) as started:
        yield started
