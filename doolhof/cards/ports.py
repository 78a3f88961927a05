"""Port geometry (C2): how the eight ports are numbered, turned and matched across a side.

Each side of a card has two ports, at one third and two thirds of its length, numbered clockwise
from the north side's western one::

         0   1
       7       2
       6       3
         5   4

A set of ports is an 8-bit *mask* (bit ``p`` for port ``p``). Cells are ``(x, y)`` with x growing
east and y growing south; the table is unbounded.

>>> facing(0), facing(1), facing(2), facing(3)
(5, 4, 7, 6)
>>> rotate_port(7, 1), ports_of(rotate_mask(mask_of((0, 3)), 2))
(1, (4, 7))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

Cell = tuple[int, int]

#: The side letters, in port order: side ``s`` holds ports ``2s`` and ``2s + 1``.
SIDES: Final = ("N", "E", "S", "W")
#: The (dx, dy) step to the neighbour across each side.
SIDE_STEPS: Final[tuple[Cell, ...]] = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: The two ports of each side as a mask.
SIDE_MASKS: Final[tuple[int, ...]] = (0x03, 0x0C, 0x30, 0xC0)
ALL_PORTS: Final = 0xFF


def facing(port: int) -> int:
    """The port of the neighbouring card that *port* meets across their shared side (C2)."""
    return (port + 5) % 8 if port % 2 == 0 else (port + 3) % 8


def rotate_port(port: int, rotation: int) -> int:
    """Where *port* is after *rotation* quarter turns clockwise: ``(port + 2 * rotation) % 8``."""
    return (port + 2 * rotation) % 8


def rotate_mask(mask: int, rotation: int) -> int:
    """A port mask after *rotation* quarter turns clockwise."""
    k = (2 * rotation) % 8
    return ((mask << k) | (mask >> (8 - k))) & ALL_PORTS


def mask_of(ports: Iterable[int]) -> int:
    """The mask of some port numbers."""
    m = 0
    for p in ports:
        m |= 1 << p
    return m


def ports_of(mask: int) -> tuple[int, ...]:
    """The port numbers in *mask*, ascending."""
    return MASK_PORTS[mask & ALL_PORTS]


#: Every 8-bit mask's ports, ascending (a table: the hot loops index it instead of counting bits).
MASK_PORTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(p for p in range(8) if m >> p & 1) for m in range(256)
)
#: For every port position: (dx, dy) to the neighbour it leads to, and the neighbour's facing port.
PORT_STEPS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (SIDE_STEPS[p // 2][0], SIDE_STEPS[p // 2][1], facing(p)) for p in range(8)
)
#: ``FACING_MASKS[side][mask]``: the ports of the neighbour across *side* that face ports of *mask*.
FACING_MASKS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(mask_of(facing(p) for p in MASK_PORTS[m & SIDE_MASKS[s]]) for m in range(256)) for s in range(4)
)


def crossing(a: int, b: int) -> bool:
    """True when two disjoint port masks interleave around the card, so their paths would cross.

    >>> crossing(mask_of((0, 4)), mask_of((2, 6))), crossing(mask_of((0, 1)), mask_of((4, 5)))
    (True, False)
    """
    order = [1 if a >> p & 1 else 2 if b >> p & 1 else 0 for p in range(8)]
    seq = [x for x in order if x]
    changes = sum(1 for i in range(len(seq)) if seq[i] != seq[i - 1])
    return changes > 2


__all__ = [
    "Cell", "SIDES", "SIDE_STEPS", "SIDE_MASKS", "ALL_PORTS", "MASK_PORTS", "PORT_STEPS", "FACING_MASKS",
    "facing", "rotate_port", "rotate_mask", "mask_of", "ports_of", "crossing",
]
