"""A plain reference for C5 and C7, written apart from the engine: port arithmetic straight from
C2, a breadth-first search over (cell, network) nodes, and brute force over every subset.

It shares nothing with doolhof.cards but the Card's networks (its ports and treasures as data).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from itertools import combinations

from doolhof.cards import Card

Cell = tuple[int, int]
Table = Mapping[Cell, tuple[Card, int]]

#: C2: the side each port is on (as a step) and the neighbour's port it meets.
STEP = {0: (0, -1), 1: (0, -1), 2: (1, 0), 3: (1, 0), 4: (0, 1), 5: (0, 1), 6: (-1, 0), 7: (-1, 0)}
MEETS = {0: 5, 1: 4, 2: 7, 3: 6, 4: 1, 5: 0, 6: 3, 7: 2}


def networks_at(table: Table, cell: Cell) -> list[tuple[set[int], frozenset[str]]]:
    """The networks of the card on *cell*, with their ports where they lie after turning."""
    card, rotation = table[cell]
    return [({(p + 2 * rotation) % 8 for p in net.ports}, net.treasures) for net in card.networks]


def open_ports(table: Table, cell: Cell) -> set[int]:
    return {p for ports, _ in networks_at(table, cell) for p in ports}


def node_neighbours(table: Table, node: tuple[Cell, int]) -> list[tuple[Cell, int]]:
    (x, y), k = node
    found = []
    for p in networks_at(table, (x, y))[k][0]:
        dx, dy = STEP[p]
        other = (x + dx, y + dy)
        if other in table:
            for j, (ports, _) in enumerate(networks_at(table, other)):
                if MEETS[p] in ports:
                    found.append((other, j))
    return found


def joined(table: Table, laid: Cell) -> set[Cell]:
    """Cells whose card shows a treasure of the laid card on a network joined to that treasure's network."""
    result = set()
    for k, (_, names) in enumerate(networks_at(table, laid)):
        if not names:
            continue
        seen = {(laid, k)}
        queue = deque([(laid, k)])
        while queue:
            node = queue.popleft()
            for nxt in node_neighbours(table, node):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        for cell, j in seen:
            if cell != laid and names & networks_at(table, cell)[j][1]:
                result.add(cell)
    return result


def one_piece(cells: set[Cell]) -> bool:
    """True when *cells* are joined side to side (or empty)."""
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                queue.append(n)
    return len(seen) == len(cells)


def allowed_takes(table: Table, laid: Cell) -> list[frozenset[Cell]]:
    """Every non-empty set of joined cards whose taking leaves one piece (brute force, C7)."""
    pool = sorted(joined(table, laid))
    result = []
    for size in range(1, len(pool) + 1):
        for subset in combinations(pool, size):
            if one_piece(set(table) - set(subset)):
                result.append(frozenset(subset))
    return result


def takeable(table: Table, laid: Cell) -> frozenset[Cell]:
    """The cells in at least one allowed set."""
    return frozenset(c for s in allowed_takes(table, laid) for c in s)


def frontier(table: Table) -> set[Cell]:
    """Empty cells sharing a side with a card."""
    return {
        (x + dx, y + dy) for x, y in table for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    } - set(table)


def continues_path(opens: Mapping[Cell, set[int]], cell: Cell, card: Card, rotation: int) -> bool:
    """C5: some port of *card* turned *rotation* on *cell* meets an open port of a neighbour
    (*opens*: the open ports of every table card)."""
    x, y = cell
    for q in card.ports:
        p = (q + 2 * rotation) % 8
        dx, dy = STEP[p]
        other = (x + dx, y + dy)
        if other in opens and MEETS[p] in opens[other]:
            return True
    return False


def legal_places(table: Table, hand: list[Card]) -> set[tuple[int, Cell, int]]:
    """C5, with C6 when no card continues a path anywhere."""
    cells = frontier(table)
    opens = {cell: open_ports(table, cell) for cell in table}
    fits = {
        (i, c, r) for i, card in enumerate(hand) for c in cells for r in range(4)
        if continues_path(opens, c, card, r)
    }
    return fits or {(i, c, r) for i in range(len(hand)) for c in cells for r in range(4)}
