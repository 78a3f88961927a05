"""Whether online play shows at all: only when the parents turned it on and typed a relay address.

Light on purpose (no network library): the setup screen asks it for its first frame.
"""

from __future__ import annotations

from doolhof.session.settings import Settings


def online_on(settings: Settings) -> bool:
    """True when the parents turned online play on and gave a relay address (else nothing online shows)."""
    return bool(getattr(settings, "online", False)) and bool(relays_of(settings))


def relays_of(settings: Settings) -> list[str]:
    """The relay addresses the parents typed (comma-separated), without blanks."""
    text = str(getattr(settings, "relay", "") or "")
    return [part.strip() for part in text.split(",") if part.strip()]


__all__ = ["online_on", "relays_of"]
