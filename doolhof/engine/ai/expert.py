"""The expert's search: full width over pushes and walks, on the engine's fast core.

Two players. Every position in the search is plain integers (:mod:`doolhof.engine.fast`): the
board's openings, the spare, the closed arrow, each figure's cell and where the goals are (a
picture travels with its card and may be the spare; home stays put). No events, no checks.

The search deepens one turn at a time within its budget, every push of the mover at the root:

1. **my push**: can I walk to the goal now? Then I score. Among scoring pushes, Junior keeps
   clever's choice (leave the next player few of the pictures that may come up next); with own
   piles, the push from which most of the possible next goals are one push away wins, less the
   share of the pictures the opponent may be chasing that it leaves them (see step 2).
2. **their push**: for every reply, can the opponent walk to a goal I can see (the shared
   picture, or home once their pile is empty)? A push that allows it is a *threat*; threats are
   ordered by how many replies score.
   Then, like clever, every walk cell's share of my own next pushes that reach the goal (the
   reply ignored): it orders the next step and decides between equally robust walks.
   With own piles the opponent's goal is hidden, but the pictures it may be are known (nobody
   has found them and they are not my goal): every push of mine also counts the share of them
   that some reply lets the opponent walk to, and pays for it (``DENY_WEIGHT``). Clever never
   looks at the opponent, so pushes that carry its figure away or wall it off win the race.
3. **my next push, against every reply**: for every reply the set of my walk cells from which
   some push of mine scores afterwards is one bit set (a flood from the goal after each of my
   pushes, carried back through both pushes), so every walk is searched at once. A walk cell in
   all of these sets is a *fork*: no reply stops me (two threats in one, a figure about to be
   carried or wrapped round by their push included). Otherwise the walk that scores against the
   most replies is best, and the push with the best such walk wins.
4. **their next push, against my best walks** (when budget is left): could the opponent build
   a fork of their own? Each of their replies that leaves a walk cell from which they score
   against every push of mine is a lost position for the push that allowed it.

The walk is chosen inside the search (step 3): :class:`Plan` keeps it for ``choose_walk``.
The budget counts pushes tried (each one push and one flood fill), so the same position gives
the same choice on any machine; a wall-clock cap stops a search on a machine far too slow.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache

from .. import fast
from ..board import Cell
from ..fast import Arrow
from ..game import Game, Push
from ..tiles import distinct_rotations, rotate
from .lookahead import known_goal

#: The value of a fork (a walk that scores against every reply), of a threat (the opponent can
#: score after this push; minus their share of scoring replies), and of pushing the own goal's
#: card out (the next player places it) while another push keeps it in.
FORK = 5.0
THREAT = -10.0
GIVE_AWAY = -1.0
#: A fork the opponent can build after this push (found in step 4).
ENEMY_FORK = -4.0
#: Own piles: weight of the share of the pictures the opponent may be chasing (every picture not
#: yet found but the mover's own goal) that some reply of theirs reaches after the push. In a
#: race a turn the opponent scores is worth about as much as one the mover scores; against clever
#: over 60 games on two seeds, 1.0 won 80-82 % of them, 1.5 85 %, 2.0 83-88 %, 2.5 82 %.
DENY_WEIGHT = 1.5
#: Weight of the walk's nearness to the goal (breaks ties between equally robust walks).
NEAR_WEIGHT = 0.02
#: Weight of the share of the mover's own next pushes that would reach the goal from the walk
#: (clever's measure; it decides when no walk scores against any reply: the goal is further away).
CHANCE_WEIGHT = 0.1
#: Pushes tried per decision: at most about 70 ms of CPU on Junior and 250 ms on the big board
#: (docs/ai.md, "Speed").
NODES = {5: 9_000, 7: 20_000}
#: Own piles: the budget for the big board (the opponent's replies are searched once more per push).
OWN_NODES = {7: 30_000}
#: Wall-clock cap in seconds: only a machine far slower than the budget assumes ever reaches it.
TIME_CAP = {5: 1.0, 7: 3.0}


@cache
def _turns(spare: int) -> tuple[tuple[int, int], ...]:
    """(rotation, turned card) for every distinct turn of *spare*."""
    return tuple((r, rotate(spare, r)) for r in distinct_rotations(spare))


@cache
def _closes(a: Arrow) -> Arrow:
    """The arrow closed after a push at *a* (R8)."""
    return fast.arrow(a.size, *a.closes)


def _nearest(cells: int, goal: int, size: int) -> int:
    """The cells of the set *cells* nearest to cell index *goal* (all of *cells* if the goal is the spare)."""
    if goal >= size * size:
        return cells
    for ring in fast.rings(size, goal):
        if cells & ring:
            return cells & ring
    return cells


def _lowest(cells: int) -> int:
    """The index of the lowest cell of a non-empty set."""
    return (cells & -cells).bit_length() - 1


class _Counter:
    """How many of the added sets hold each cell, bit-sliced (bit k of each count in ``levels[k]``)."""

    __slots__ = ("levels",)

    def __init__(self) -> None:
        self.levels = [0] * 7

    def add(self, cells: int) -> None:
        levels = self.levels
        carry = cells
        k = 0
        while carry:
            level = levels[k]
            levels[k] = level ^ carry
            carry &= level
            k += 1

    def best(self, among: int) -> tuple[int, int]:
        """The cells of *among* with the highest count, and that count."""
        count = 0
        for k in range(len(self.levels) - 1, -1, -1):
            top = among & self.levels[k]
            if top:
                among = top
                count |= 1 << k
        return among, count


@dataclass(frozen=True)
class Plan:
    """The search's choice: the push, the walk after it, and the board the walk is planned on."""

    push: Push
    walk: Cell
    value: float
    #: How deep the search got (turns) and how many pushes it tried.
    depth: int
    nodes: int
    #: The position after the push (openings, spare, every figure's cell), for ``choose_walk``.
    after: tuple[int, int, tuple[Cell, ...]]


class _Goal:
    """Where one seat's goal is: a picture that moves with its card, or a fixed cell (home)."""

    __slots__ = ("loc", "moving")

    def __init__(self, loc: int, moving: bool):
        self.loc = loc
        self.moving = moving

    def after(self, loc: int, a: Arrow) -> int:
        return fast.picture_moves(a)[loc] if self.moving else loc


class _OutOfBudget(Exception):
    pass


@dataclass
class _Child:
    """One push of the mover at the root, with what the deeper steps found."""

    a: Arrow
    rotation: int
    bits: int
    spare: int
    me: int  # the mover's cell set after the push (one bit)
    them: int
    goal: int
    their_goal: int
    reach: int
    value: float = 0.0
    walk: int = 0
    depth: int = 1
    threats: int = 0
    chance: float = 0.0
    counts: _Counter | None = None


class Search:
    """One decision of the two-player expert, from a game in its push or walk phase."""

    def __init__(self, game: Game, nodes: int | None = None, time_cap: float | None = None):
        """Read *game* into plain integers; *nodes* pushes at most (None: the board's default)."""
        size = game.board.size
        self.size = size
        self.area = size * size
        seat = game.current_player
        rival = (seat + 1) % game.players
        self.arrows = fast.arrows(size)
        self.bits = game.board.bits
        self.spare = game.spare
        self.forbidden = fast.arrow(size, *game.forbidden) if game.forbidden else None
        self.me = fast.cell_bit(game.positions[seat], size)
        self.them = fast.cell_bit(game.positions[rival], size)
        self.goal = self._goal(game, seat)
        self.their_goal = self._goal(game, rival)
        self.next_goals = self._next_goals(game, seat)
        self.their_options = self._their_options(game, seat, rival)
        default = (OWN_NODES if game.variant.own_piles else NODES).get(size, NODES.get(size, 30_000))
        self.limit = default if nodes is None else nodes
        cap = TIME_CAP.get(size, 3.0) if time_cap is None else time_cap
        self.deadline = time.perf_counter() + cap
        self.nodes = 0

    def _goal(self, game: Game, seat: int) -> _Goal | None:
        goal = known_goal(game, seat)
        if goal is None:
            return None
        size = self.size
        if isinstance(goal, str):
            cell = game.board.find_picture(goal)
            if cell is None:
                return _Goal(self.area, True) if game.spare_picture == goal else None
            return _Goal(cell[0] * size + cell[1], True)
        return _Goal(goal[0] * size + goal[1], False)

    def _next_goals(self, game: Game, seat: int) -> list[_Goal]:
        """Own piles: where the goal after the current one may be (the mover sees only its top
        secret): home after the last secret, else any picture nobody has collected yet."""
        if not game.variant.own_piles or self.goal is None or not self.goal.moving:
            return []
        if len(game.pile(seat)) == 1:
            home = game.home(seat)
            return [_Goal(home[0] * self.size + home[1], False)]
        taken = {p for pile in game.collected for p in pile} | {game.pile(seat)[0]}
        goals = []
        for picture in game.variant.pictures:
            if picture in taken:
                continue
            cell = game.board.find_picture(picture)
            if cell is not None:
                goals.append(_Goal(cell[0] * self.size + cell[1], True))
            elif game.spare_picture == picture:
                goals.append(_Goal(self.area, True))
        return goals

    def _their_options(self, game: Game, seat: int, rival: int) -> tuple[int, bool]:
        """Own piles, the opponent's goal hidden: the cells of the pictures they may be chasing
        (nobody has found them and they are not the mover's own goal), and whether the spare's
        picture is one of them. Nothing when their goal is known (home) or hidden nowhere."""
        if not game.variant.own_piles or self.their_goal is not None or not game.pile(rival):
            return 0, False
        taken = {p for pile in game.collected for p in pile}
        mine = known_goal(game, seat)
        cells = 0
        for picture in game.variant.pictures:
            if picture in taken or picture == mine:
                continue
            cell = game.board.find_picture(picture)
            if cell is not None:
                cells |= fast.cell_bit(cell, self.size)
        spare = game.spare_picture is not None and game.spare_picture not in taken and game.spare_picture != mine
        return cells, spare

    def denial(self, child: _Child) -> float:
        """Own piles: the share of the pictures the opponent may be chasing that some reply of
        theirs lets them walk to after *child* (0 when nothing is hidden)."""
        cells, on_spare = self.their_options
        if not cells and not on_spare:
            return 0.0
        a0 = child.a
        # The candidates after the mover's push: pictures ride with their cards (R7).
        after = fast.carry(cells & ~a0.out_bit, a0) | (a0.in_bit if on_spare else 0)
        pushed_out = bool(cells & a0.out_bit)
        total = bin(after).count("1") + pushed_out
        found = 0
        area = self.area
        for a, _, card in self._pushes(_closes(a0), child.spare):
            self.nodes += 1  # counted, never checked: one per reply, and scoring pushes call it outside the budget
            bits, _ = fast.push(child.bits, a, card)
            moved = fast.carry(after & ~a.out_bit, a) | (a.in_bit if pushed_out else 0)
            hit = fast.reach(bits, self.size, fast.carry(child.them, a)) & moved
            if hit & a.in_bit and pushed_out:
                found |= 1 << area
            found |= fast.uncarry(hit & ~a.in_bit, a)
        return bin(found).count("1") / max(total, 1)

    def prepared(self, child: _Child) -> float:
        """Own piles, a scoring push: the share of the possible next goals the mover could reach
        with one push after walking to the goal (the opponent's push in between ignored)."""
        goals = self.next_goals
        locs = [goal.after(goal.loc, child.a) for goal in goals]
        me = 1 << child.goal
        left = list(range(len(goals)))
        area = self.area
        for a, _, card in self._pushes(_closes(child.a), child.spare):
            self.nodes += 1
            bits, _ = fast.push(child.bits, a, card)
            reach = fast.reach(bits, self.size, fast.carry(me, a))
            left = [i for i in left if not reach >> min(goals[i].after(locs[i], a), area) & 1]
            if not left:
                break
        return 1.0 - len(left) / max(len(goals), 1)

    # ----- budget ------------------------------------------------------------------------------
    def _spend(self, n: int = 1) -> None:
        self.nodes += n
        if self.nodes > self.limit or (self.nodes & 255 < n and time.perf_counter() > self.deadline):
            raise _OutOfBudget

    # ----- moves -------------------------------------------------------------------------------
    def _pushes(self, forbidden: Arrow | None, spare: int) -> list[tuple[Arrow, int, int]]:
        turns = _turns(spare)
        return [(a, r, card) for a in self.arrows if a is not forbidden for r, card in turns]

    def _scores_from(self, bits: int, spare: int, forbidden: Arrow | None, goal: _Goal, loc: int, interest: int) -> int:
        """The cells of *interest* from which the next pusher can walk to the goal after some push."""
        found = 0
        size = self.size
        area = self.area
        turns = _turns(spare)
        for a in self.arrows:
            if a is forbidden:
                continue
            g = goal.after(loc, a)
            if g >= area:
                continue
            start = 1 << g
            wanted = interest & ~found
            if len(turns) > 1:
                # A crossing joins at least as much as any real card: if even it misses, so do all turns.
                self._spend()
                crossed, _ = fast.push(bits, a, 15)
                if not fast.uncarry(fast.reach(crossed, size, start), a) & wanted:
                    continue
            for _, card in turns:
                self._spend()
                after, _ = fast.push(bits, a, card)
                found |= fast.uncarry(fast.reach(after, size, start), a) & interest
            if found == interest:
                break
        return found

    # ----- the steps -------------------------------------------------------------------------
    def children(self) -> list[_Child]:
        """Step 1: every push of the mover, with its reach; scoring ones have value ``inf``."""
        out: list[_Child] = []
        size = self.size
        goal, their = self.goal, self.their_goal
        for a, r, card in self._pushes(self.forbidden, self.spare):
            self.nodes += 1
            bits, spare = fast.push(self.bits, a, card)
            me = fast.carry(self.me, a)
            reach = fast.reach(bits, size, me)
            g = goal.after(goal.loc, a) if goal else self.area
            tg = their.after(their.loc, a) if their else self.area
            child = _Child(a, r, bits, spare, me, fast.carry(self.them, a), g, tg, reach)
            if g < self.area and reach >> g & 1:
                child.value = float("inf")
                child.walk = 1 << g
            else:
                near = _nearest(reach, g, size)
                child.walk = near & -near
                child.value = GIVE_AWAY if goal is not None and goal.moving and g >= self.area else 0.0
            out.append(child)
        return out

    def threats(self, child: _Child) -> int:
        """Step 2: how many replies let the opponent walk to their goal."""
        their = self.their_goal
        if their is None:
            return 0
        count = 0
        for a, _, card in self._pushes(_closes(child.a), child.spare):
            tg = their.after(child.their_goal, a)
            if tg >= self.area:
                continue
            self._spend()
            bits, _ = fast.push(child.bits, a, card)
            if fast.reach(bits, self.size, fast.carry(child.them, a)) >> tg & 1:
                count += 1
        return count

    def chances(self, child: _Child) -> None:
        """Like clever: for every walk cell after *child*, how many of the mover's own next pushes
        would reach the goal from it (the reply ignored). Sets ``child.chance`` (the best share),
        ``child.counts`` and ``child.walk`` (the best cell, nearest the goal among equals)."""
        goal = self.goal
        reach = child.reach
        counter = _Counter()
        child.counts = counter
        if goal is None:
            return
        pushes = self._pushes(_closes(child.a), child.spare)
        for a, _, card in pushes:
            g = goal.after(child.goal, a)
            if g >= self.area:
                continue
            self._spend()
            bits, _ = fast.push(child.bits, a, card)
            counter.add(fast.uncarry(fast.reach(bits, self.size, 1 << g), a) & reach)
        best, count = counter.best(reach)
        child.chance = count / max(len(pushes), 1)
        near = _nearest(best, child.goal, self.size)
        child.walk = near & -near

    def robust(self, child: _Child) -> tuple[float, int]:
        """Step 3: the best walk after *child* against every reply, and its value (``FORK`` for a fork).

        Equally robust walks are decided by :meth:`chances` (run first), then nearness to the goal.
        """
        goal = self.goal
        reach = child.reach
        if goal is None:
            return 0.0, child.walk
        counter = _Counter()
        forced = reach
        replies = self._pushes(_closes(child.a), child.spare)
        for a, _, card in replies:
            self._spend()
            bits, spare = fast.push(child.bits, a, card)
            mine = fast.carry(reach, a)
            good = self._scores_from(bits, spare, _closes(a), goal, goal.after(child.goal, a), mine)
            cells = fast.uncarry(good, a) & reach
            counter.add(cells)
            forced &= cells
        if forced:
            best, value = forced, FORK
        else:
            best, count = counter.best(reach)
            value = count / max(len(replies), 1)
        if child.counts is not None:
            best, _ = child.counts.best(best)
        near = _nearest(best, child.goal, self.size)
        return value, near & -near

    def enemy_fork(self, child: _Child, walk: int) -> bool:
        """Step 4: can the opponent, after *child* and my walk to *walk*, reach a walk that scores
        against every push of mine (and none of my pushes scores first)?"""
        their, goal = self.their_goal, self.goal
        if their is None:
            return False
        size, area = self.size, self.area
        for a, _, card in self._pushes(_closes(child.a), child.spare):
            self._spend()
            bits, spare = fast.push(child.bits, a, card)
            them = fast.reach(bits, size, fast.carry(child.them, a))
            me = fast.carry(walk, a)
            g = goal.after(child.goal, a) if goal else area
            tg = their.after(child.their_goal, a)
            forced = them
            for a3, _, card3 in self._pushes(_closes(a), spare):
                self._spend()
                bits3, spare3 = fast.push(bits, a3, card3)
                g3 = goal.after(g, a3) if goal else area
                if g3 < area and fast.reach(bits3, size, fast.carry(me, a3)) >> g3 & 1:
                    forced = 0  # I score first after this push of mine
                    break
                mine = fast.carry(forced, a3)
                good = self._scores_from(bits3, spare3, _closes(a3), their, their.after(tg, a3), mine)
                forced &= fast.uncarry(good, a3)
                if not forced:
                    break
            if forced:
                return True
        return False

    def run(self) -> tuple[_Child, list[_Child], int]:
        """Deepen turn by turn within the budget; the best child, all children and the depth reached."""
        children = self.children()
        scoring = [c for c in children if c.value == float("inf")]
        if scoring:
            if self.next_goals:
                return max(scoring, key=lambda c: self.prepared(c) - DENY_WEIGHT * self.denial(c)), children, 1
            return scoring[0], children, 1
        depth = 1
        try:
            for child in children:
                child.threats = self.threats(child)
                if child.threats:
                    child.value = THREAT - child.threats / 100.0
            depth = 2
            calm = sorted(
                (c for c in children if not c.threats),
                key=lambda c: -(c.value + NEAR_WEIGHT * self._nearness(c.walk, c.goal)),
            )
            for child in calm:
                self.chances(child)
                child.value += CHANCE_WEIGHT * child.chance - DENY_WEIGHT * self.denial(child)
                child.depth = 2
            for child in sorted(calm, key=lambda c: -(c.value + NEAR_WEIGHT * self._nearness(c.walk, c.goal))):
                value, child.walk = self.robust(child)
                child.value += value + NEAR_WEIGHT * self._nearness(child.walk, child.goal)
                child.depth = 3
            depth = 3
            for child in sorted(calm, key=lambda c: -c.value)[:4]:
                if self.enemy_fork(child, child.walk):
                    child.value += ENEMY_FORK
                child.depth = 4
            depth = 4
        except _OutOfBudget:
            pass
        top = max(c.depth for c in children)
        searched = [c for c in children if c.depth >= min(top, 3)]
        best = max(searched, key=lambda c: c.value)
        return best, children, depth

    def _nearness(self, walk: int, goal: int) -> float:
        if goal >= self.area:
            return 0.0
        i = _lowest(walk)
        span = 2 * (self.size - 1)
        return 1.0 - (abs(i // self.size - goal // self.size) + abs(i % self.size - goal % self.size)) / span


def plan(game: Game, nodes: int | None = None, time_cap: float | None = None) -> tuple[Plan, bool]:
    """The expert's push and walk for the mover of a two-player *game* in its push phase.

    Returns the plan and whether the push scores. Does not change *game*.
    """
    search = Search(game, nodes, time_cap)
    best, _, depth = search.run()
    walk = _lowest(best.walk)
    cell = (walk // search.size, walk % search.size)
    push = Push(best.a.side, best.a.index, best.rotation)
    size = search.size
    figures = tuple(_cell(fast.carry(fast.cell_bit(p, size), best.a), size) for p in game.positions)
    after = (best.bits, best.spare, figures)
    return Plan(push, cell, best.value, depth, search.nodes, after), best.value == float("inf")


def _cell(one: int, size: int) -> Cell:
    i = _lowest(one)
    return (i // size, i % size)


def position_after(game: Game) -> tuple[int, int, tuple[Cell, ...]]:
    """What :attr:`Plan.after` is compared with in the walk phase."""
    return (game.board.bits, game.spare, game.positions)


def walk_after_push(game: Game, nodes: int | None = None, time_cap: float | None = None) -> Cell:
    """The expert's walk for a two-player *game* in its walk phase (step 3 of the search on this push)."""
    search = Search(game, nodes, time_cap)
    size = search.size
    goal, their = search.goal, search.their_goal
    reach = fast.reach(search.bits, size, search.me)
    g = goal.loc if goal else search.area
    if g < search.area and reach >> g & 1:
        return (g // size, g % size)
    if search.forbidden is None:
        raise ValueError("a game in its walk phase always has a closed arrow")
    # The push is made: a child of the arrow across from the closed one (it closes that one, R8).
    near = _nearest(reach, g, size)
    child = _Child(
        fast.arrow(size, *search.forbidden.closes), 0, search.bits, search.spare, search.me, search.them, g,
        their.loc if their else search.area, reach, walk=near & -near,
    )
    try:
        search.chances(child)
        _, child.walk = search.robust(child)
    except _OutOfBudget:
        pass
    i = _lowest(child.walk)
    return (i // size, i % size)

