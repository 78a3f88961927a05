"""Computer players and hints for the card game (pure Python, no pygame).

>>> from doolhof.cards.game import CardGame
>>> game = CardGame.new(players=2, seed=3)
>>> bot = make_player("expert", seed=1)
>>> _ = game.place(bot.choose_place(game))
>>> if game.phase == "take":
...     _ = game.take(bot.choose_take(game))
>>> game.current_player
1

Levels (:data:`LEVELS`), weakest first:

- ``random``: any legal place, a random allowed take.
- ``gentle``: on about half its turns it looks for a place that takes something (any, not the
  best); otherwise it lays at random. It always takes all it may.
- ``clever``: the place that takes the most cards this turn; ties at random.
- ``expert``: clever, weighed against the table each place leaves (:class:`Outlook`). For every
  treasure it counts the cards showing it on one path network that still has an open end a new
  card could join (:class:`Offer`); every unseen card is worth what that offer gives its
  treasures, and the next player's expected best card (a random hand from the unseen heap) is
  counted against the expert, a share of its own kept card's value for it. Then it looks
  further (:func:`replies`): its :data:`LOOK_FURTHER` best places are judged again by every unseen
  and kept card's real largest take on the table each leaves.

Players see what a player at the table sees: the table, the taken cards, their own hand, and how
many cards every hand holds. The unseen cards (other hands and the pile) count only as one
shuffled heap. No player changes the game it is given; each keeps only its own seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb
from typing import Final

from .card import Card, Geometry
from .game import CardGame, Place
from .players import CardPlayer, RandomPlayer, require_phase
from .ports import MASK_PORTS, PORT_STEPS, Cell
from .table import Layout, Networks, neighbours

#: The level names, weakest first.
LEVELS: Final = ("random", "gentle", "clever", "expert")
#: How much the expert fears one point the next player may take, against one point of its own now.
RISK_WEIGHT: Final = 0.8
#: The same with three or more players (the next player is one rival of several).
RISK_WEIGHT_MANY: Final = 0.6
#: How much the expert values one point its kept card could take later.
OWN_WEIGHT: Final = 0.3
#: How many of its best places the expert judges again by the best replies (see :func:`replies`).
LOOK_FURTHER: Final = 3


@dataclass(frozen=True)
class Option:
    """A place with the largest set of cards it lets the player take, and a judgement (higher is better)."""

    place: Place
    takes: frozenset[Cell]
    value: float = 0.0


@dataclass(frozen=True)
class Hint:
    """A suggestion for a person: lay *place*, then take the cards on *takes* (maybe none)."""

    place: Place
    takes: frozenset[Cell]


def distinct_rotations(card: Card) -> tuple[int, ...]:
    """The rotations of *card* that look different (a symmetric card repeats itself)."""
    seen: set[tuple[tuple[int, ...], tuple[frozenset[str], ...]]] = set()
    result = []
    for r in range(4):
        g = card.geometry(r)
        key = (g.nets, g.treasures)
        if key not in seen:
            seen.add(key)
            result.append(r)
    return tuple(result)


def options(game: CardGame, *, judge: bool = False) -> list[Option]:
    """Every legal place (one per look: symmetric turns once) with its largest allowed take.

    With *judge*, each option's value adds the expert's view of the table it leaves (see
    :class:`Outlook`); without, it is the number of cards taken. Does not change *game*.
    """
    require_phase(game, "place")
    seat = game.current_player
    hand = game.hand(seat)
    looks = [distinct_rotations(card) for card in hand]
    work = game.layout.copy()
    nets = Networks(work)
    judging = Judging(Outlook.of(game), nets) if judge else None
    kept_reaches = [[_reach(c) for i, c in enumerate(hand) if i != index] for index in range(len(hand))]
    result = []
    for place in game.legal_places():
        index, cell, rotation = place
        if rotation not in looks[index]:
            continue
        card = hand[index]
        geometry = card.geometry(rotation)
        joined = nets.probe(cell, geometry) if judging is None else judging.probe(cell, geometry)
        takes: frozenset[Cell] = frozenset()
        if joined:
            work.put(cell, card, rotation)
            takeable = work.takeable(cell, joined)
            if takeable:
                takes = work.best_take(cell, takeable)
            work.remove(cell)
        value = float(len(takes))
        if judging is not None:
            value += judging.judge(work, place, card, geometry, takes, kept_reaches[index])
        result.append(Option(place, takes, value))
    return result


#: For each port mask: bit 0 when it has an even port, bit 1 when it has an odd one.
PARITY: Final[tuple[int, ...]] = tuple((1 if m & 0x55 else 0) | (2 if m & 0xAA else 0) for m in range(256))


class Offer:
    """What a table offers a card laid next: for every treasure, the most cards showing it on one
    path component with an open end that a network of the right ports can join (C2: a port
    always meets a port of the other parity, and turning keeps parity)."""

    __slots__ = ("best", "ranking", "changed", "shown")

    def __init__(self, nets: Networks):
        """Read the offer off labelled networks."""
        ranking: dict[str, tuple[list[tuple[int, int]], ...]] = {}
        #: Component with an open end -> treasure -> how many of its cards show it.
        self.shown: dict[int, dict[str, int]] = {}
        for number, holders in enumerate(nets.holders):
            ends = nets.ends[number]
            if not ends:
                continue
            shown = self.shown[number] = {}
            for name, cells in holders.items():
                rows = ranking.setdefault(name, ([], [], [], []))
                n = shown[name] = len(cells)
                for parity in (1, 2, 3):
                    if ends & parity:
                        rows[parity].append((n, number))
        for rows in ranking.values():
            for row in rows:
                row.sort(reverse=True)
        #: ``best[name][parity]``: the most cards showing *name* on one component a network of
        #: *parity* can join; ``ranking[name][parity]``: every such (count, component), largest first.
        self.best = {name: [0, *(row[0][0] if row else 0 for row in rows[1:])] for name, rows in ranking.items()}
        self.ranking = ranking
        #: After :meth:`after`: the treasures whose row may differ from the offer it was made from.
        self.changed: frozenset[str] = frozenset()

    def after(self, nets: Networks) -> Offer:
        """The offer of *nets*, made from this offer's networks by :meth:`Networks.changed`:
        only the treasures of the dissolved and the new components are looked at again."""
        dissolved = nets.dissolved
        names: set[str] = set()
        for holders in dissolved.values():
            names.update(holders)
        # What the new and changed components offer, per treasure: (count, ends) pairs.
        offered: dict[str, list[tuple[int, int]]] = {}
        for number in nets.reborn:
            ends = nets.ends[number]
            for name, cells in nets.holders[number].items():
                names.add(name)
                if ends:
                    offered.setdefault(name, []).append((len(cells), ends))
        best = dict(self.best)
        for name in names:
            row = self.without(name, dissolved)
            for n, ends in offered.get(name, ()):
                for parity in (1, 2, 3):
                    if ends & parity and n > row[parity]:
                        row[parity] = n
            if any(row):
                best[name] = row
            else:
                best.pop(name, None)  # as a fresh offer: no open component shows it any more
        new = Offer.__new__(Offer)
        new.best = best
        new.ranking = {}
        new.changed = frozenset(names)
        new.shown = {}
        return new

    def without(self, name: str, gone: Mapping[int, object]) -> list[int]:
        """The row of *name* (see :attr:`best`) with the components numbered in *gone* left out."""
        row = [0, 0, 0, 0]
        rows = self.ranking.get(name)
        if rows is not None:
            for parity in (1, 2, 3):
                for n, number in rows[parity]:
                    if number not in gone:
                        row[parity] = n
                        break
        return row

    def value(self, card: Card) -> int:
        """About how many cards *card* could take if laid next (its best network, treasures added)."""
        return self.worth(_reach(card))

    def worth(self, reach: tuple[tuple[int, tuple[str, ...]], ...]) -> int:
        """:meth:`value` of a card given as :func:`_reach` (the expert keeps those at hand)."""
        best = self.best
        top = 0
        for parity, names in reach:
            v = 0
            for name in names:
                row = best.get(name)
                if row:
                    v += row[parity]
            if v > top:
                top = v
        return top


def holding(layout: Layout) -> frozenset[Cell]:
    """The cards that hold *layout* together: taking one alone splits the table (cut vertices of the
    side-to-side graph, C7)."""
    cards = layout.cards
    if len(cards) < 3:
        return frozenset()
    depth: dict[Cell, int] = {}
    low: dict[Cell, int] = {}
    cut: set[Cell] = set()
    root = next(iter(cards))
    depth[root] = low[root] = 0
    children = 0
    stack: list[tuple[Cell, Cell | None, Iterator[Cell]]] = [(root, None, iter(neighbours(root)))]
    while stack:
        cell, parent, todo = stack[-1]
        for n in todo:
            if n not in cards or n == parent:
                continue
            if n in depth:
                low[cell] = min(low[cell], depth[n])
                continue
            depth[n] = low[n] = depth[cell] + 1
            stack.append((n, cell, iter(neighbours(n))))
            break
        else:
            stack.pop()
            if parent is not None:
                low[parent] = min(low[parent], low[cell])
                if parent == root:
                    children += 1
                elif low[cell] >= depth[parent]:
                    cut.add(parent)
    if children > 1:
        cut.add(root)
    return frozenset(cut)


@lru_cache(maxsize=1024)
def _reach(card: Card) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Each treasure-bearing network of *card*: the parities of its ports and its treasures."""
    return tuple((PARITY[n.mask], tuple(sorted(n.treasures))) for n in card.networks if n.treasures)


def expected_best(values: list[int], held: int) -> float:
    """The expected largest of *held* values drawn at random (without putting back) from *values*."""
    n = len(values)
    held = min(held, n)
    if held <= 0:
        return 0.0
    ordered = sorted(values, reverse=True)
    return sum(v * comb(n - i - 1, held - 1) for i, v in enumerate(ordered) if v) / comb(n, held)


@dataclass(frozen=True)
class Outlook:
    """The expert's view of the future: the cards it cannot see (other hands and pile as one heap),
    how many of them the next player holds, and how much their points count against its own."""

    unseen: tuple[Card, ...]
    held: int
    risk: float
    own: float
    #: The unseen cards as :meth:`Offer.worth` reads them.
    reaches: tuple[tuple[tuple[int, tuple[str, ...]], ...], ...] = ()
    #: Treasure -> the indices of the unseen cards showing it.
    showing: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, game: CardGame) -> Outlook:
        """The outlook of the player to move in *game*."""
        seat = game.current_player
        nxt = (seat + 1) % game.players
        while not game.hand(nxt) and nxt != seat:
            nxt = (nxt + 1) % game.players
        unseen: list[Card] = list(game.pile)
        for s in range(game.players):
            if s != seat:
                unseen.extend(game.hand(s))
        held = len(game.hand(nxt)) if nxt != seat else 0
        risk = RISK_WEIGHT if game.players == 2 else RISK_WEIGHT_MANY
        reaches = tuple(_reach(c) for c in unseen)
        showing: dict[str, list[int]] = {}
        for i, reach in enumerate(reaches):
            for name in {name for _, names in reach for name in names}:
                showing.setdefault(name, []).append(i)
        return cls(tuple(unseen), held, risk, OWN_WEIGHT, reaches, {k: tuple(v) for k, v in showing.items()})

    def worths(self, offer: Offer) -> list[int]:
        """What every unseen card could take on the table of *offer*."""
        return [offer.worth(r) for r in self.reaches]


#: The row of a treasure no open component shows (every parity: nothing). Read only.
_NOTHING: Final = [0, 0, 0, 0]


class _Side:
    """What one empty cell's neighbours show a card laid there, for :meth:`Judging.laid`: the component each
    port position faces (``-2``: an empty cell, an open end of the card; ``-1``: a wall), the open ends each of
    those components loses to the cell, (odd, even), and the offer rows of the treasures they hold with all of
    them left out (the rows the place may change)."""

    __slots__ = ("faces", "closed", "rows")

    def __init__(self, faces: tuple[int, ...], closed: dict[int, tuple[int, int]], rows: dict[str, list[int]]):
        self.faces = faces
        self.closed = closed
        self.rows = rows


class Judging:
    """The expert's judgement of the many places of one decision (see :class:`Outlook`): for the table a place
    leaves, minus the points the next player may expect, plus a share of what the kept cards could take later.

    Fast, and the same values as labelling the table again for every place (a test checks it). A place
    that takes nothing only adds a card: the components it meets merge with it and those whose open end
    faced its cell lose that end; nothing splits. So the offer rows that change are found from
    the labels of *nets* alone, with no new labelling and no copy of the table's labels; the cell's
    neighbours are read once for all cards and turns laid there. Only the unseen cards showing a changed
    treasure are valued again, and the next player's expected best card is read off a count of values.
    A place that takes cards goes the general way (:meth:`Networks.changed`, :meth:`Offer.after`).
    """

    __slots__ = ("outlook", "nets", "base", "worths", "counts", "choose", "sides")

    def __init__(self, outlook: Outlook, nets: Networks):
        """Judge places on the table of *nets* (its layout must be as it is now whenever :meth:`judge` runs)."""
        self.outlook = outlook
        self.nets = nets
        self.base = Offer(nets)
        self.worths = outlook.worths(self.base)
        self.counts = [0] * (max(self.worths, default=0) + 1)
        for v in self.worths:
            self.counts[v] += 1
        n = len(self.worths)
        held = min(outlook.held, n)
        #: ``choose[m]`` = comb(m, held), for the expected best of a random hand (see :func:`_danger`).
        self.choose = [comb(m, held) for m in range(n + 1)] if held > 0 else []
        self.sides: dict[Cell, _Side] = {}

    def judge(
        self, work: Layout, place: Place, card: Card, geometry: Geometry, takes: frozenset[Cell],
        kept: list[tuple[tuple[int, tuple[str, ...]], ...]],
    ) -> float:
        """The judgement of *place* (a card turned as *geometry*) taking *takes*; *kept* holds the
        :func:`_reach` of the cards the player keeps. *work* is the table (put back as it was)."""
        if takes:
            _, cell, rotation = place
            work.put(cell, card, rotation)
            removed = [(c, work.remove(c)) for c in takes]
            offer = self.base.after(self.nets.changed(work, (cell, *takes)))
            for c, (taken, r) in removed:
                work.put(c, taken, r)
            work.remove(cell)
            rows: Mapping[str, list[int]] = {name: offer.best.get(name, _NOTHING) for name in offer.changed}
        else:
            rows = self.laid(place.cell, geometry)
        outlook = self.outlook
        best = self.base.best
        reaches = outlook.reaches
        worths = self.worths
        counts = self.counts
        again: set[int] = set()
        showing = outlook.showing
        for name, row in rows.items():
            if row != best.get(name, _NOTHING):  # only a row that really changed changes a card's value
                again.update(showing.get(name, ()))
        if again:
            counts = list(counts)
            for i in again:
                v = _worth(reaches[i], rows, best)
                if v != worths[i]:
                    counts[worths[i]] -= 1
                    if v >= len(counts):
                        counts.extend([0] * (v + 1 - len(counts)))
                    counts[v] += 1
        danger = _danger(counts, self.choose)
        mine = max((_worth(r, rows, best) for r in kept), default=0)
        return -outlook.risk * danger + outlook.own * mine

    def probe(self, cell: Cell, geometry: Geometry) -> dict[Cell, frozenset[str]]:
        """:meth:`Networks.probe`, read off the cell's neighbours as :meth:`side` keeps them."""
        faces = self.side(cell).faces
        touched = [{faces[p] for p in MASK_PORTS[m] if faces[p] >= 0} for m in geometry.nets]
        if len(touched) == 2 and touched[0] & touched[1]:
            both = touched[0] | touched[1]
            touched = [both, both]
        holders = self.nets.holders
        found: dict[Cell, set[str]] = {}
        for k, names in enumerate(geometry.treasures):
            if names:
                for number in touched[k]:
                    for name in names:
                        for c in holders[number].get(name, ()):
                            found.setdefault(c, set()).add(name)
        return {c: frozenset(t) for c, t in found.items()}

    def side(self, cell: Cell) -> _Side:
        """What the neighbours of empty *cell* show a card laid there (read once per cell)."""
        side = self.sides.get(cell)
        if side is None:
            nets = self.nets
            geo = nets.layout.geo
            label = nets.label
            x, y = cell
            faces = []
            closed: dict[int, list[int]] = {}
            for p, (dx, dy, q) in enumerate(PORT_STEPS):
                o = geo.get((x + dx, y + dy))
                if o is None:
                    faces.append(-2)
                    continue
                j = o.port_net[q]
                if j < 0:
                    faces.append(-1)
                    continue
                number = label[((x + dx, y + dy), j)]
                faces.append(number)
                # The component's open end at q (of the other parity than p) now meets the card.
                closed.setdefault(number, [0, 0])[p % 2] += 1
            names: set[str] = set()
            for number in closed:
                names.update(nets.holders[number])
            rows = {name: self.base.without(name, closed) for name in names}
            side = _Side(tuple(faces), {c: (v[0], v[1]) for c, v in closed.items()}, rows)
            self.sides[cell] = side
        return side

    def laid(self, cell: Cell, geometry: Geometry) -> dict[str, list[int]]:
        """The offer rows that change when a card turned as *geometry* is laid on empty *cell*, taking nothing
        (as :meth:`Offer.after` of :meth:`Networks.changed` gives them; a row of zeros: nothing offered)."""
        side = self.side(cell)
        nets = self.nets
        counted = self.base.shown  # every component facing the cell has an open end there
        opens = nets.opens
        closed = side.closed
        port_net = geometry.port_net
        count = len(geometry.nets)
        meets: list[set[int]] = [set() for _ in range(count)]
        fresh = [[0, 0] for _ in range(count)]  # the card's own open ends, (odd, even)
        for p, number in enumerate(side.faces):
            k = port_net[p]
            if k < 0:
                continue
            if number == -2:
                fresh[k][p % 2 == 0] += 1
            elif number >= 0:
                meets[k].add(number)
        groups: list[tuple[tuple[int, ...], set[int]]]
        if count == 2 and meets[0] & meets[1]:
            groups = [((0, 1), meets[0] | meets[1])]
        else:
            groups = [((k,), meets[k]) for k in range(count)]
        rows = {name: list(kept) for name, kept in side.rows.items()}
        merged: set[int] = set()
        offered: list[tuple[dict[str, int], int]] = []
        for ks, comps in groups:
            odd = even = 0
            shown: dict[str, int] = {}
            for k in ks:
                odd += fresh[k][0]
                even += fresh[k][1]
                for name in geometry.treasures[k]:
                    shown[name] = shown.get(name, 0) + 1
            for c in comps:
                o, shut = opens[c], closed[c]
                odd += o[0] - shut[0]
                even += o[1] - shut[1]
                for name, n in counted[c].items():
                    shown[name] = shown.get(name, 0) + n
            merged |= comps
            offered.append((shown, (1 if odd else 0) | (2 if even else 0)))
        for c, shut in closed.items():
            if c not in merged:
                o = opens[c]
                ends = (1 if o[0] - shut[0] else 0) | (2 if o[1] - shut[1] else 0)
                offered.append((counted[c], ends))
        for shown, ends in offered:
            if not ends:
                for name in shown:
                    if name not in rows:
                        rows[name] = self.base.without(name, closed)
                continue
            for name, n in shown.items():
                row = rows.get(name)
                if row is None:
                    row = rows[name] = self.base.without(name, closed)
                for parity in (1, 2, 3):
                    if ends & parity and n > row[parity]:
                        row[parity] = n
        return rows


def _worth(
    reach: tuple[tuple[int, tuple[str, ...]], ...], rows: Mapping[str, list[int]], best: Mapping[str, list[int]],
) -> int:
    """:meth:`Offer.worth` on the offer *best* with the rows in *rows* put in its place."""
    top = 0
    for parity, names in reach:
        v = 0
        for name in names:
            row = rows.get(name)
            if row is None:
                row = best.get(name)
                if row is None:
                    continue
            v += row[parity]
        if v > top:
            top = v
    return top


def _danger(counts: list[int], choose: list[int]) -> float:
    """:func:`expected_best` of values given as *counts* (``counts[v]``: how many are v), with
    ``choose[m]`` = comb(m, held): the same sum of whole numbers, one group of equal values at a time
    (the weights comb(n - i - 1, held - 1) of the places i of a group add up to a difference of two
    ``choose``), and the same division, so the same float."""
    if not choose:
        return 0.0
    n = len(choose) - 1
    total = 0
    above = n
    for v in range(len(counts) - 1, 0, -1):
        c = counts[v]
        if c:
            total += v * (choose[above] - choose[above - c])
            above -= c
    return total / choose[n]


def replies(game: CardGame, opts: list[Option]) -> list[Option]:
    """*opts* judged again by the best replies: on the table each leaves, every card the player cannot
    see and every card it keeps is tried on every cell where it meets a component showing one of its
    treasures, in every turn, and its largest take there is found as laying it would (C5, C7). The next
    player's expected best take (a random hand of the unseen heap, as in :class:`Outlook`) counts
    against the option, a share of the kept card's best take for it, as in the judgement itself."""
    outlook = Outlook.of(game)
    hand = game.hand(game.current_player)
    looks = [distinct_rotations(c) for c in hand]
    unseen = [(c, distinct_rotations(c)) for c in outlook.unseen]
    work = game.layout.copy()
    before = Networks(work)
    result = []
    for o in opts:
        index, cell, rotation = o.place
        work.put(cell, hand[index], rotation)
        removed = [(c, work.remove(c)) for c in o.takes]
        trial = _Trial(work, before.changed(work, (cell, *o.takes)))
        values = [trial.take(c, turns) for c, turns in unseen]
        mine = max((trial.take(c, looks[i]) for i, c in enumerate(hand) if i != index), default=0)
        for c, (taken, r) in removed:
            work.put(c, taken, r)
        work.remove(cell)
        value = len(o.takes) - outlook.risk * expected_best(values, outlook.held) + outlook.own * mine
        result.append(Option(o.place, o.takes, value))
    return result


class _Trial:
    """One table to try the next cards on (:func:`replies`): its frontier, the components each empty
    cell faces, and the cells next to a component showing each treasure, read once."""

    __slots__ = ("work", "nets", "need", "faces", "near", "cut")

    def __init__(self, work: Layout, nets: Networks):
        self.work = work
        self.nets = nets
        self.need = work.frontier()  # the table is put back after every trial, so these stay right
        self.cut = holding(work)
        geo = work.geo
        label = nets.label
        holders = nets.holders
        self.faces: dict[Cell, list[int]] = {}
        #: Treasure -> the empty cells next to the table where a component showing it has an open end.
        self.near: dict[str, set[Cell]] = {}
        for f in self.need:
            x, y = f
            faces = []
            for dx, dy, q in PORT_STEPS:
                o = geo.get((x + dx, y + dy))
                j = -1 if o is None else o.port_net[q]
                number = label[((x + dx, y + dy), j)] if j >= 0 else -1
                faces.append(number)
                if number >= 0:
                    for name in holders[number]:
                        self.near.setdefault(name, set()).add(f)
            self.faces[f] = faces

    def take(self, card: Card, turns: tuple[int, ...]) -> int:
        """The most cards *card* could take if laid next (in one of *turns*, its distinct rotations)."""
        near = self.near
        cells: set[Cell] = set()
        for net in card.networks:
            for name in net.treasures:
                cells.update(near.get(name, ()))
        best = 0
        holders = self.nets.holders
        for f in cells:
            mask = self.need[f]
            faces = self.faces[f]
            for r in turns:
                g = card.geometry(r)
                if not mask & g.open:
                    continue
                touched = [{faces[p] for p in MASK_PORTS[m] if faces[p] >= 0} for m in g.nets]
                if len(touched) == 2 and touched[0] & touched[1]:
                    touched[0] = touched[1] = touched[0] | touched[1]
                joined: set[Cell] = set()
                for k, names in enumerate(g.treasures):
                    for number in touched[k]:
                        for name in names:
                            joined.update(holders[number].get(name, ()))
                if len(joined) > best:
                    best = max(best, self._largest(f, card, r, joined))
        return best

    def _largest(self, f: Cell, card: Card, r: int, joined: set[Cell]) -> int:
        """The largest take of *card* turned *r* on *f* joining *joined* (as :meth:`Layout.best_take`)."""
        work = self.work
        if len(joined) == 1:
            (c,) = joined
            if c not in self.cut and any(n in work.geo and n != c for n in neighbours(f)):
                return 1  # the table stays in one piece without it, and the new card touches the rest
        work.put(f, card, r)
        takeable = work.takeable(f, joined)
        n = len(work.best_take(f, takeable)) if takeable else 0
        work.remove(f)
        return n


def _best(opts: list[Option], rng: random.Random) -> Option:
    top = max(o.value for o in opts)
    return rng.choice([o for o in opts if o.value >= top - 1e-9])


def best_take(game: CardGame) -> frozenset[Cell]:
    """A largest set of cards that may be taken now (empty outside the take phase)."""
    laid = game.laid
    if game.phase != "take" or laid is None:
        return frozenset()
    return game.layout.best_take(laid, game.takeable())


class GentlePlayer:
    """Kind to a seven-year-old: takes what it sees, sometimes misses.

    On a *seek* share of its turns it lays a card that takes something (any such place, not the
    best); otherwise, and when nothing can be taken, it lays at random. It always takes all it may.
    """

    name = "gentle"

    def __init__(self, seed: int | None = None, seek: float = 0.5):
        """A gentle player; *seek* is the share of turns on which it looks for a take."""
        self.rng = random.Random(seed)
        self.seek = seek

    def choose_place(self, game: CardGame) -> Place:
        """A taking place on seeking turns when there is one, else a random legal place."""
        require_phase(game, "place")
        if self.rng.random() < self.seek:
            taking = [o.place for o in options(game) if o.takes]
            if taking:
                return self.rng.choice(taking)
        return self.rng.choice(game.legal_places())

    def choose_take(self, game: CardGame) -> frozenset[Cell]:
        """As many cards as may be taken."""
        require_phase(game, "take")
        return best_take(game)


class CleverPlayer:
    """The place that takes the most cards this turn (ties at random), then takes them all."""

    name = "clever"

    def __init__(self, seed: int | None = None):
        """A clever player; the seed only decides between equally good places."""
        self.rng = random.Random(seed)

    def choose_place(self, game: CardGame) -> Place:
        """A place with the largest take."""
        return _best(options(game), self.rng).place

    def choose_take(self, game: CardGame) -> frozenset[Cell]:
        """As many cards as may be taken."""
        require_phase(game, "take")
        return best_take(game)


class ExpertPlayer:
    """Clever, plus the table it leaves: denies the next player easy takes and keeps paths useful to itself."""

    name = "expert"

    def __init__(self, seed: int | None = None):
        """An expert player; the seed only decides between equally good places."""
        self.rng = random.Random(seed)

    def choose_place(self, game: CardGame) -> Place:
        """The place with the best judgement (points now, minus risk, plus own chances); the
        :data:`LOOK_FURTHER` best of them judged again by :func:`replies`."""
        opts = options(game, judge=True)
        if LOOK_FURTHER > 1 and len(opts) > 1:
            opts = replies(game, sorted(opts, key=lambda o: -o.value)[:LOOK_FURTHER])
        return _best(opts, self.rng).place

    def choose_take(self, game: CardGame) -> frozenset[Cell]:
        """As many cards as may be taken."""
        require_phase(game, "take")
        return best_take(game)


def suggest_place(game: CardGame) -> Hint:
    """The place to suggest to a person now and what it would take: the largest take this turn,
    among equal takes the one that leaves the next player least (deterministic). Does not change
    *game*; raises :class:`~doolhof.cards.IllegalMoveError` outside the place phase.
    """
    opts = options(game, judge=True)
    best = max(opts, key=lambda o: (len(o.takes), o.value, [-v for v in _flat(o.place)]))
    return Hint(best.place, best.takes)


def suggest_take(game: CardGame) -> frozenset[Cell]:
    """The cells to suggest taking now: as many as allowed. Raises outside the take phase."""
    require_phase(game, "take")
    return best_take(game)


def _flat(place: Place) -> tuple[int, int, int, int]:
    return (place.hand_index, place.cell[0], place.cell[1], place.rotation)


def make_player(level: str, seed: int | None = None) -> CardPlayer:
    """A computer player of *level* (one of :data:`LEVELS`) with its own seeded generator."""
    if level == "random":
        return RandomPlayer(seed)
    if level == "gentle":
        return GentlePlayer(seed)
    if level == "clever":
        return CleverPlayer(seed)
    if level == "expert":
        return ExpertPlayer(seed)
    raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = [
    "LEVELS", "Hint", "Option", "GentlePlayer", "CleverPlayer", "ExpertPlayer", "make_player",
    "options", "Offer", "Outlook", "expected_best", "suggest_place", "suggest_take", "best_take", "distinct_rotations",
    "Judging", "holding", "replies", "LOOK_FURTHER",
]
