"""One maze card: its networks of paths, the ports they open and the treasures on them (C2, C3).

Card text: the networks separated by ``|``; each network is its ports as digits, a colon, then the
treasures on that network separated by commas (none: a plain path).

>>> card = Card.from_text("34:key,fish|07:apple")
>>> card.text()
'07:apple|34:fish,key'
>>> sorted(card.treasures), sorted(card.ports)
(['apple', 'fish', 'key'], [0, 3, 4, 7])
>>> sorted(card.ports_at(1))
[1, 2, 5, 6]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from ..rules import IllegalMoveError, checks, shown
from .ports import MASK_PORTS, mask_of, rotate_mask

#: How a treasure may be written: lower-case letters, digits, ``-`` and ``_``, a letter first.
TREASURE_NAME: Final = re.compile(r"^[a-z][a-z0-9_-]*$")
_NETWORK_TEXT: Final = re.compile(r"^([0-7]+):(.*)$")


@dataclass(frozen=True)
class Network:
    """Some ports joined by paths on one card, and the treasures (0, 1 or 2) lying on them."""

    ports: frozenset[int]
    treasures: frozenset[str]

    @property
    def mask(self) -> int:
        """The ports as an 8-bit mask (bit ``p`` for port ``p``), unturned."""
        return mask_of(self.ports)

    def text(self) -> str:
        """``"07:apple"``: ports ascending, a colon, treasures alphabetically."""
        return "".join(str(p) for p in sorted(self.ports)) + ":" + ",".join(sorted(self.treasures))


class Geometry:
    """A card turned one way, as the tables the rules loop over (shared and read only).

    *open* is the mask of open ports, *nets* each network's mask, *port_net* the network index
    of each of the 8 port positions (-1 for a wall), *treasures* each network's treasures and
    *net_of* each treasure's network index.
    """

    __slots__ = ("open", "nets", "port_net", "treasures", "net_of")

    def __init__(self, nets: tuple[int, ...], treasures: tuple[frozenset[str], ...]):
        """Tables for networks with port masks *nets* (already turned) carrying *treasures*."""
        self.nets = nets
        self.treasures = treasures
        self.open = 0
        port_net = [-1] * 8
        for k, m in enumerate(nets):
            self.open |= m
            for p in MASK_PORTS[m]:
                port_net[p] = k
        self.port_net: tuple[int, ...] = tuple(port_net)
        self.net_of: dict[str, int] = {t: k for k, names in enumerate(treasures) for t in names}


@dataclass(frozen=True)
class Card:
    """A maze card: one or two networks (C3). Equal cards have equal networks; cards are hashable.

    Build one with :meth:`from_text`. Validation follows C2/C3: ports 0-7, each port on at most one
    network, every network with at least one port and at most two treasures, no treasure twice.
    """

    networks: tuple[Network, ...]
    _geometry: tuple[Geometry, ...] = field(init=False, repr=False, compare=False, hash=False)
    _text: str = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        """Check the networks (ValueError with the reason) and put them in their canonical order."""
        nets = self.networks
        if not isinstance(nets, tuple) or not all(isinstance(n, Network) for n in nets):
            raise ValueError("a card's networks must be a tuple of Network")
        if not 1 <= len(nets) <= 2:
            raise ValueError(f"a card has one or two networks (C3), not {len(nets)}")
        seen_ports: set[int] = set()
        seen_treasures: set[str] = set()
        for net in nets:
            if not net.ports:
                raise ValueError("every network needs at least one port (C3)")
            if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 7 for p in net.ports):
                raise ValueError(f"ports are numbered 0 to 7 (C2), not {sorted(net.ports, key=str)}")
            if seen_ports & net.ports:
                raise ValueError(f"port {min(seen_ports & net.ports)} is on two networks")
            if len(net.treasures) > 2:
                raise ValueError("a network holds at most two treasures (C3)")
            for name in net.treasures:
                if not isinstance(name, str) or not TREASURE_NAME.match(name):
                    raise ValueError(f"{name!r} is not a treasure name (lower-case letters, digits, - or _)")
            if seen_treasures & net.treasures:
                raise ValueError(f"treasure {min(seen_treasures & net.treasures)!r} is on the card twice")
            seen_ports |= net.ports
            seen_treasures |= net.treasures
        ordered = tuple(sorted(nets, key=lambda n: min(n.ports)))
        object.__setattr__(self, "networks", ordered)
        treasures = tuple(n.treasures for n in ordered)
        geometry = tuple(
            Geometry(tuple(rotate_mask(n.mask, r) for n in ordered), treasures) for r in range(4)
        )
        object.__setattr__(self, "_geometry", geometry)
        object.__setattr__(self, "_text", "|".join(n.text() for n in ordered))

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Read card text such as ``"07:apple|34:fish,key"``; ValueError says what is wrong.

        Cards are immutable, so the same text gives the same (cached) card.
        """
        if not isinstance(text, str):
            raise IllegalMoveError(f"card text must be a string, not {shown(text)}")
        if cls is Card:
            return _parse(text)
        return cls._read(text)

    @classmethod
    def _read(cls, text: str) -> Card:
        networks = []
        for part in text.strip().split("|"):
            m = _NETWORK_TEXT.match(part.strip())
            if not m:
                raise IllegalMoveError(
                    f"{shown(text)} is not a card; write networks like '07:apple|34:fish,key' "
                    "(ports 0-7, a colon, treasures separated by commas)"
                )
            digits = [int(d) for d in m[1]]
            if len(set(digits)) != len(digits):
                raise IllegalMoveError(f"{shown(text)} names a port twice")
            names = [t.strip() for t in m[2].split(",")] if m[2].strip() else []
            if len(set(names)) != len(names):
                raise IllegalMoveError(f"{shown(text)} names a treasure twice")
            networks.append(Network(frozenset(digits), frozenset(names)))
        return cls(tuple(networks))

    def text(self) -> str:
        """The card text (canonical: networks by lowest port); :meth:`from_text` reads it back."""
        return self._text

    @property
    def treasures(self) -> frozenset[str]:
        """Every treasure on the card."""
        return frozenset(t for n in self.networks for t in n.treasures)

    @property
    def ports(self) -> frozenset[int]:
        """The open ports (C2), unturned."""
        return frozenset(p for n in self.networks for p in n.ports)

    def ports_at(self, rotation: int) -> frozenset[int]:
        """The open port positions when laid with *rotation* quarter turns clockwise."""
        return frozenset(MASK_PORTS[self.geometry(rotation).open])

    def network_of(self, treasure: str) -> Network | None:
        """The network *treasure* lies on, or None when the card does not show it."""
        checks.text(treasure, "a treasure")
        for n in self.networks:
            if treasure in n.treasures:
                return n
        return None

    def geometry(self, rotation: int) -> Geometry:
        """The read-only port tables of this card turned *rotation* quarters (0-3)."""
        if type(rotation) is not int or not 0 <= rotation <= 3:
            raise IllegalMoveError(f"a rotation is 0 to 3 quarter turns, not {shown(rotation)}")
        return self._geometry[rotation]

    def same_up_to_rotation(self, other: Card) -> bool:
        """True when *other* is this card turned some quarters (treasures included)."""
        if not isinstance(other, Card):
            raise IllegalMoveError(f"a card compares with a Card, not {shown(other)}")
        mine = self._shape(0)
        return any(other._shape(r) == mine for r in range(4))

    def _shape(self, rotation: int) -> frozenset[tuple[int, frozenset[str]]]:
        g = self._geometry[rotation]
        return frozenset(zip(g.nets, g.treasures))

    def __repr__(self) -> str:
        return f"Card.from_text({self.text()!r})"


@lru_cache(maxsize=4096)
def _parse(text: str) -> Card:
    """Card.from_text for plain cards, remembered (a save holds 50 card texts)."""
    return Card._read(text)


__all__ = ["Card", "Geometry", "Network", "TREASURE_NAME"]
