"""Whether online play shows at all: only when the parents turned it on and there is a relay to use,
typed by them or carried by this release (:mod:`doolhof.online.defaults`).

Light on purpose (no network library): the setup screen asks it for its first frame.
"""

from __future__ import annotations

from doolhof.online.defaults import release_relays
from doolhof.session.settings import Settings


def online_on(settings: Settings) -> bool:
    """True when the parents turned online play on and a relay is known (else nothing online shows)."""
    return bool(getattr(settings, "online", False)) and bool(relays_of(settings))


def typed_relays(settings: Settings) -> list[str]:
    """The relay addresses the parents typed (comma-separated), without blanks."""
    text = str(getattr(settings, "relay", "") or "")
    return [part.strip() for part in text.split(",") if part.strip()]


def relays_of(settings: Settings) -> list[str]:
    """The relays to use: the parents' own when they typed any, else the ones this release carries."""
    return typed_relays(settings) or list(release_relays())


__all__ = ["online_on", "relays_of", "typed_relays"]
