"""The open table as port geometry, and the searches the rules need (C5, C7).

:class:`Layout` keeps the laid cards in cell-keyed dicts with each card's turned port tables
(:class:`~doolhof.cards.card.Geometry`), so laying a card, finding the empty cells where a path
goes on, following paths from a treasure and checking that the table stays in one piece are a
few dictionary look-ups per card. :class:`Networks` labels every path network of a fixed table
once, so that many hypothetical cards can be judged quickly (the computer players use it).

Nodes of the path graph are ``(cell, network index)``: two nodes are joined when a port of one
faces an open port of the other across a shared side (C2).

>>> from doolhof.cards.card import Card
>>> layout = Layout({(0, 0): (Card.from_text("23:apple"), 0), (1, 0): (Card.from_text("67:apple|0:"), 0)})
>>> layout.joined((0, 0))
{(1, 0): frozenset({'apple'})}
>>> sorted(layout.frontier().items())[:2]
[((-1, 0), 0), ((0, -1), 0)]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations

from .card import Card, Geometry
from .ports import FACING_MASKS, MASK_PORTS, PORT_STEPS, SIDE_STEPS, Cell

Node = tuple[Cell, int]


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells sharing a side with *cell*: north, east, south, west."""
    x, y = cell
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


class Layout:
    """Cards on the table: ``cards`` maps a cell to (Card, rotation), ``geo`` to its turned tables.

    Change it only through :meth:`put` and :meth:`remove` (they keep both dicts and the cached
    frontier in step).
    """

    __slots__ = ("cards", "geo", "_frontier")

    def __init__(self, table: Mapping[Cell, tuple[Card, int]] | None = None):
        """A layout holding *table* (cell -> (card, rotation)); empty by default."""
        self.cards: dict[Cell, tuple[Card, int]] = {}
        self.geo: dict[Cell, Geometry] = {}
        self._frontier: dict[Cell, int] | None = None
        for cell, (card, rotation) in (table or {}).items():
            self.put(cell, card, rotation)

    def copy(self) -> Layout:
        """An independent copy (cards and geometry are immutable, so they are shared)."""
        new = Layout.__new__(Layout)
        new.cards = dict(self.cards)
        new.geo = dict(self.geo)
        new._frontier = self._frontier
        return new

    def put(self, cell: Cell, card: Card, rotation: int) -> None:
        """Lay *card* turned *rotation* on *cell* (no rule checks here)."""
        self.cards[cell] = (card, rotation)
        self.geo[cell] = card.geometry(rotation)
        self._frontier = None

    def remove(self, cell: Cell) -> tuple[Card, int]:
        """Take the card off *cell* and return it with its rotation."""
        del self.geo[cell]
        self._frontier = None
        return self.cards.pop(cell)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, cell: object) -> bool:
        return cell in self.cards

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cards)

    # ----- laying (C5, C6) -------------------------------------------------------------------------
    def frontier(self) -> dict[Cell, int]:
        """Every empty cell sharing a side with a card -> the mask of its port positions that face an
        open port of a neighbour (0 where only walls face it). Cached until the table changes; read only.
        """
        if self._frontier is None:
            geo = self.geo
            need: dict[Cell, int] = {}
            for (x, y), g in geo.items():
                o = g.open
                for s in range(4):
                    dx, dy = SIDE_STEPS[s]
                    n = (x + dx, y + dy)
                    if n not in geo:
                        need[n] = need.get(n, 0) | FACING_MASKS[s][o]
            self._frontier = need
        return self._frontier

    def touches(self, cell: Cell) -> bool:
        """True when *cell* is empty and shares a side with a card."""
        return cell in self.frontier()

    def fits(self, cell: Cell, geometry: Geometry) -> bool:
        """True when a card turned as *geometry* on empty *cell* continues a neighbour's path (C5)."""
        return bool(self.frontier().get(cell, 0) & geometry.open)

    # ----- one piece (C7) --------------------------------------------------------------------------
    def reach(self, start: Cell, removed: Iterable[Cell] = ()) -> set[Cell]:
        """The cards joined side to side to *start* once the cards on *removed* are gone."""
        cards = self.geo
        blocked = set(removed)
        seen = {start}
        stack = [start]
        while stack:
            x, y = stack.pop()
            for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if n in cards and n not in seen and n not in blocked:
                    seen.add(n)
                    stack.append(n)
        return seen

    def connected(self, removed: Iterable[Cell] = ()) -> bool:
        """True when the cards left after taking *removed* form one group joined side to side."""
        gone = set(removed) & self.cards.keys()
        left = len(self.cards) - len(gone)
        if left <= 1:
            return True
        start = next(c for c in self.cards if c not in gone)
        return len(self.reach(start, gone)) == left

    # ----- paths (C7) ------------------------------------------------------------------------------
    def component(self, cell: Cell, net: int) -> set[Node]:
        """Every (cell, network) joined by a continuous path to network *net* of the card on *cell*."""
        seen = {(cell, net)}
        stack = [(cell, net)]
        while stack:
            for nxt in self.next_nodes(stack.pop()):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen

    def next_nodes(self, node: Node) -> Iterator[Node]:
        """The (cell, network) nodes a path leads to from *node*, across its open ports."""
        geo = self.geo
        (x, y), k = node
        for p in MASK_PORTS[geo[node[0]].nets[k]]:
            dx, dy, q = PORT_STEPS[p]
            n = (x + dx, y + dy)
            h = geo.get(n)
            if h is not None:
                j = h.port_net[q]
                if j >= 0:
                    yield (n, j)

    def joined(self, cell: Cell) -> dict[Cell, frozenset[str]]:
        """The other cards whose network with a treasure of the card on *cell* is joined by a path to
        that treasure's network on *cell* (C7): cell -> the treasures that join them.
        """
        g = self.geo[cell]
        found: dict[Cell, set[str]] = {}
        for k, names in enumerate(g.treasures):
            if not names:
                continue
            for n, j in self.component(cell, k):
                if n != cell:
                    hit = names & self.geo[n].treasures[j]
                    if hit:
                        found.setdefault(n, set()).update(hit)
        return {c: frozenset(t) for c, t in found.items()}

    def path(self, cell: Cell, treasure: str, target: Cell) -> tuple[Cell, ...]:
        """One shortest chain of cells along paths from *treasure* on *cell* to it on *target*.

        Shortest in networks passed; the cells run from *cell* to *target*. ValueError when the two
        are not joined.
        """
        geo = self.geo
        start = (cell, geo[cell].net_of[treasure])
        goal = (target, geo[target].net_of[treasure])
        parent: dict[Node, Node | None] = {start: None}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            if node == goal:
                chain: list[Cell] = []
                walk: Node | None = node
                while walk is not None:
                    chain.append(walk[0])
                    walk = parent[walk]
                return tuple(reversed(chain))
            for nxt in self.next_nodes(node):
                if nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
        raise ValueError(f"{treasure!r} on {cell} is not joined to {target}")

    # ----- taking (C7) -----------------------------------------------------------------------------
    def takeable(self, cell: Cell, candidates: Iterable[Cell]) -> frozenset[Cell]:
        """The *candidates* that belong to at least one set that may be taken, *cell* staying.

        A card c qualifies when every group that taking c alone would cut off from *cell* consists
        of candidates only (taking them with c leaves one piece); a set containing c can do no better.
        """
        pool = frozenset(candidates) - {cell}
        total = len(self.cards)
        result = []
        for c in pool:
            reached = self.reach(cell, (c,))
            if len(reached) == total - 1:
                result.append(c)
                continue
            cut = self.cards.keys() - reached - {c}
            if cut <= pool:
                result.append(c)
        return frozenset(result)

    def can_take(self, cell: Cell, cells: Iterable[Cell]) -> bool:
        """True when the cards left after taking *cells* are joined side to side and include *cell*."""
        gone = set(cells)
        if cell in gone:
            return False
        return len(self.reach(cell, gone)) == len(self.cards) - len(gone & self.cards.keys())

    def best_take(self, cell: Cell, takeable: Iterable[Cell]) -> frozenset[Cell]:
        """A largest set of the *takeable* cells that may be taken together (ties: the first found)."""
        pool = sorted(takeable)
        for size in range(len(pool), 0, -1):
            for subset in combinations(pool, size):
                if self.can_take(cell, subset):
                    return frozenset(subset)
        return frozenset()


class Networks:
    """The path networks of a fixed table labelled once, to judge hypothetical cards quickly.

    ``label[(cell, net)]`` is a component number; ``holders[label]`` maps each treasure of that
    component to the cells showing it there; ``ends[label]`` says which ports of a new card could
    join the component at an open end (a port facing an empty cell): bit 0 set when an even
    port can, bit 1 when an odd one can (a port always faces one of the other parity); 0 means
    the component is closed. ``members[label]`` lists the component's nodes. A component that
    :meth:`changed` dissolved keeps its number with no members, treasures or ends.
    """

    __slots__ = ("layout", "label", "holders", "ends", "members", "opens", "dissolved", "reborn")

    def __init__(self, layout: Layout):
        """Label the networks of *layout* (which must not change while this is in use)."""
        self.layout = layout
        self.label: dict[Node, int] = {}
        self.holders: list[dict[str, list[Cell]]] = []
        self.ends: list[int] = []
        self.members: list[list[Node]] = []
        #: How many open ends give bit 0 and bit 1 of ``ends``.
        self.opens: list[tuple[int, int]] = []
        #: After :meth:`changed`: the treasures each dissolved or changed component held before, and
        #: the numbers of the components that are new or changed (read them again).
        self.dissolved: dict[int, dict[str, list[Cell]]] = {}
        self.reborn: list[int] = []
        for cell, g in layout.geo.items():
            for k in range(len(g.nets)):
                if (cell, k) not in self.label:
                    self._grow((cell, k), None)

    def _grow(self, start: Node, within: set[Node] | None) -> None:
        """Label the component of *start* with the next number, noting its treasures and open ends."""
        geo = self.layout.geo
        label = self.label
        number = len(self.holders)
        holders: dict[str, list[Cell]] = {}
        members = [start]
        odd = even = 0
        label[start] = number
        stack = [start]
        if within is not None:
            within.discard(start)
        while stack:
            n, j = stack.pop()
            h = geo[n]
            for name in h.treasures[j]:
                holders.setdefault(name, []).append(n)
            x, y = n
            for p in MASK_PORTS[h.nets[j]]:
                dx, dy, q = PORT_STEPS[p]
                other = (x + dx, y + dy)
                o = geo.get(other)
                if o is None:
                    if p % 2 == 0:
                        even += 1
                    else:
                        odd += 1
                    continue
                i = o.port_net[q]
                if i < 0:
                    continue
                node = (other, i)
                if within is None:
                    if node in label:
                        continue
                elif node not in within:
                    continue
                else:
                    within.discard(node)
                label[node] = number
                members.append(node)
                stack.append(node)
        self.holders.append(holders)
        self.ends.append((1 if odd else 0) | (2 if even else 0))
        self.members.append(members)
        self.opens.append((odd, even))

    def changed(self, layout: Layout, cells: Iterable[Cell]) -> Networks:
        """The networks of *layout*: this table with cards laid on or taken from *cells* and
        nothing else changed. Only the components those cells touch are labelled again; the
        others keep their numbers. Equal, component for component, to ``Networks(layout)``.
        """
        cells = tuple(cells)
        new = self._copy(layout)
        label = new.label
        geo = layout.geo
        if len(cells) == 1 and cells[0] in geo and (cells[0], 0) not in label:
            new._laid(cells[0])
            return new
        hit: set[int] = set()
        fresh: set[Node] = set()
        for cell in cells:
            for k in range(4):  # the cell's old networks (a taken card), if any
                number = label.get((cell, k))
                if number is not None:
                    hit.add(number)
            g = geo.get(cell)
            if g is not None:
                fresh.update((cell, k) for k in range(len(g.nets)))
            x, y = cell
            for dx, dy, q in PORT_STEPS:  # whatever faces the cell gains or loses an open end
                o = geo.get((x + dx, y + dy))
                if o is not None and o.port_net[q] >= 0:
                    number = label.get(((x + dx, y + dy), o.port_net[q]))
                    if number is not None:
                        hit.add(number)
        new.dissolved = {number: self.holders[number] for number in hit}
        first = len(self.holders)
        for number in hit:
            for node in new.members[number]:
                del label[node]
                if node[0] in geo:
                    fresh.add(node)
            new._empty(number)
        while fresh:
            new._grow(fresh.pop(), fresh)
        new.reborn = list(range(first, len(new.holders)))
        return new

    def _copy(self, layout: Layout) -> Networks:
        new = Networks.__new__(Networks)
        new.layout = layout
        new.label = dict(self.label)
        new.holders = list(self.holders)
        new.ends = list(self.ends)
        new.members = list(self.members)
        new.opens = list(self.opens)
        new.dissolved = {}
        new.reborn = []
        return new

    def _empty(self, number: int) -> None:
        self.holders[number] = {}
        self.ends[number] = 0
        self.members[number] = []
        self.opens[number] = (0, 0)

    def _laid(self, cell: Cell) -> None:
        """:meth:`changed` for one card laid on *cell*: nothing splits, so the components its
        networks meet are merged with it (no search), and those whose open end faced the cell lose it."""
        geo = self.layout.geo
        label = self.label
        g = geo[cell]
        x, y = cell
        count = len(g.nets)
        meets: list[set[int]] = [set() for _ in range(count)]
        closed: dict[int, list[int]] = {}
        new_opens = [[0, 0] for _ in range(count)]
        for p, (dx, dy, q) in enumerate(PORT_STEPS):
            k = g.port_net[p]
            o = geo.get((x + dx, y + dy))
            if o is None:
                if k >= 0:
                    new_opens[k][p % 2 == 0] += 1
                continue
            j = o.port_net[q]
            if j < 0:
                continue
            number = label[((x + dx, y + dy), j)]
            closed.setdefault(number, [0, 0])[q % 2 == 0] += 1  # its open end at q now meets the card
            if k >= 0:
                meets[k].add(number)
        groups: list[tuple[list[int], set[int]]] = []
        for k in range(count):
            for nets, comps in groups:
                if comps & meets[k]:
                    nets.append(k)
                    comps |= meets[k]
                    break
            else:
                groups.append(([k], set(meets[k])))
        old_holders = self.holders
        dissolved: dict[int, dict[str, list[Cell]]] = {}
        merged: set[int] = set()
        for nets, comps in groups:
            # The largest component met keeps its number (only the others are labelled again).
            keep = max(comps, key=lambda c: len(self.members[c])) if comps else -1
            if keep < 0:
                number = len(self.holders)
                self.holders.append({})
                self.ends.append(0)
                self.members.append([])
                self.opens.append((0, 0))
                members: list[Node] = []
                holders: dict[str, list[Cell]] = {}
                odd = even = 0
            else:
                number = keep
                members = list(self.members[keep])
                holders = dict(old_holders[keep])
                shut = closed.get(keep, (0, 0))
                odd = self.opens[keep][0] - shut[0]
                even = self.opens[keep][1] - shut[1]
                dissolved[keep] = old_holders[keep]
                merged.add(keep)
            grown: set[str] = set()  # the lists of *holders* already copied (the old ones are shared)
            for k in nets:
                odd += new_opens[k][0]
                even += new_opens[k][1]
                node = (cell, k)
                members.append(node)
                label[node] = number
                for name in g.treasures[k]:
                    _add_cells(holders, grown, name, [cell])
            for c in comps:
                if c == keep:
                    continue
                for node in self.members[c]:
                    label[node] = number
                members.extend(self.members[c])
                for name, where in old_holders[c].items():
                    _add_cells(holders, grown, name, where)
                shut = closed.get(c, (0, 0))
                odd += self.opens[c][0] - shut[0]
                even += self.opens[c][1] - shut[1]
                dissolved[c] = old_holders[c]
                merged.add(c)
                self._empty(c)
            self.holders[number] = holders
            self.ends[number] = (1 if odd else 0) | (2 if even else 0)
            self.members[number] = members
            self.opens[number] = (odd, even)
            self.reborn.append(number)
        for c, shut in closed.items():
            if c in merged:
                continue
            odd, even = self.opens[c][0] - shut[0], self.opens[c][1] - shut[1]
            self.opens[c] = (odd, even)
            self.ends[c] = (1 if odd else 0) | (2 if even else 0)
            dissolved[c] = old_holders[c]
            self.reborn.append(c)
        self.dissolved = dissolved

    def touched(self, cell: Cell, geometry: Geometry) -> list[set[int]]:
        """For each network of a card turned as *geometry* on empty *cell*: the components it would join
        (two networks that reach the same component join each other, and then share their sets).
        """
        geo = self.layout.geo
        label = self.label
        x, y = cell
        result: list[set[int]] = []
        for m in geometry.nets:
            found: set[int] = set()
            for p in MASK_PORTS[m]:
                dx, dy, q = PORT_STEPS[p]
                h = geo.get((x + dx, y + dy))
                if h is not None:
                    j = h.port_net[q]
                    if j >= 0:
                        found.add(label[((x + dx, y + dy), j)])
            result.append(found)
        if len(result) == 2 and result[0] & result[1]:
            both = result[0] | result[1]
            result = [both, both]
        return result

    def probe(self, cell: Cell, geometry: Geometry) -> dict[Cell, frozenset[str]]:
        """What :meth:`Layout.joined` would say after laying a card turned as *geometry* on *cell*."""
        found: dict[Cell, set[str]] = {}
        touched = self.touched(cell, geometry)
        for k, names in enumerate(geometry.treasures):
            for number in touched[k]:
                holders = self.holders[number]
                for name in names:
                    for c in holders.get(name, ()):
                        found.setdefault(c, set()).add(name)
        return {c: frozenset(t) for c, t in found.items()}


def _add_cells(holders: dict[str, list[Cell]], grown: set[str], name: str, where: list[Cell]) -> None:
    """Add *where* to ``holders[name]``, copying a list shared with older networks first (*grown*: copied)."""
    if name in grown:
        holders[name].extend(where)
    else:
        holders[name] = holders[name] + where if name in holders else list(where)
        grown.add(name)


__all__ = ["Layout", "Networks", "Node", "neighbours"]
