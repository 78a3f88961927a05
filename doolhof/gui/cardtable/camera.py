"""The view of the open card table: which part of the unbounded grid shows where, and how big.

:meth:`Camera.fit` aims at the cells' bounding box plus one ring of free cells, centred in the
area, with cells as big as fit (but never bigger than :data:`MAX_SHARE` of the area's smaller
side, so four cards do not fill a big screen). :meth:`Camera.update` eases the centre and the
zoom toward that aim as a critically damped spring (zoom in log scale), so a growing table never
jumps: it settles in about 0.4 s without overshooting.

A late table can be long and thin: fitted whole, its cells would shrink under a fingertip. With a
least cell side (:meth:`Camera.set_least`, the window's tap minimum) the camera then keeps cells
that big and shows a part of the table: :meth:`Camera.pan_by` moves the view with a finger (never
past the table's ring of free cells), and :meth:`Camera.follow` eases it just far enough to bring
cells where the play happens (a card just laid, the cards to take, the hint) into view.

>>> import pygame
>>> camera = Camera()
>>> camera.set_area(pygame.Rect(0, 0, 800, 600))
>>> camera.fit([(0, 0), (1, 0), (0, 1), (1, 1)], instant=True)
>>> camera.cell_at(camera.rect_of((1, 1)).center)
(1, 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from doolhof.cards.ports import Cell

#: The largest cell, as a share of the area's smaller side.
MAX_SHARE = 1 / 4.5
#: The spring's angular frequency (1/s): critically damped, it is within 0.3 % after 0.4 s.
OMEGA = 20.0
#: Integration step (s): long frames are split so the spring stays smooth and stable.
SUBSTEP = 1 / 240
#: When the view counts as settled: every cell edge within this many pixels of its aim.
SETTLED = 0.25
#: Cells kept in view by :meth:`Camera.follow` stay at least this many cell sides inside the area's edge.
FOLLOW_MARGIN = 0.35


class Camera:
    """Maps table cells (x east, y south) to window pixels and eases toward the fitted view."""

    def __init__(self) -> None:
        """A camera over an empty 640x480 area, showing cell (0, 0) until :meth:`fit` is called."""
        self.area = pygame.Rect(0, 0, 640, 480)
        self._cells: tuple[Cell, ...] = ((0, 0),)
        # Current and target centre (in cell units, the point at the area's centre) and log side.
        self._cx, self._cy, self._ls = 0.5, 0.5, math.log(64.0)
        self._tx, self._ty, self._tl = self._cx, self._cy, self._ls
        self._vx = self._vy = self._vl = 0.0
        self._side = 64.0
        #: The smallest cell side in pixels (0: none, the whole table is always fitted).
        self.least = 0.0
        #: The table's box with its ring of free cells (left, top, right, bottom) in cell units.
        self._box = (0.0, 0.0, 1.0, 1.0)
        #: True when the aim shows only a part of the table (cells kept at :attr:`least`).
        self.panned = False
        self._aim()
        self._snap()

    # ----- aiming --------------------------------------------------------------------------------------------
    def set_area(self, area: pygame.Rect) -> None:
        """The window part the table may use. A changed area re-fits at once (a resize does not ease)."""
        area = pygame.Rect(area)
        if area.w < 1 or area.h < 1:
            area = pygame.Rect(area.x, area.y, max(1, area.w), max(1, area.h))
        if area != self.area:
            self.area = area
            self._aim()
            self._snap()

    def set_least(self, side: float) -> None:
        """Never show cells smaller than *side* pixels (the tap minimum): a bigger table is shown in part, panned."""
        side = max(0.0, float(side))
        if side != self.least:
            self.least = side
            self._aim()
            self._snap()

    def fit(self, cells: Iterable[Cell], *, instant: bool = False) -> None:
        """Aim at *cells*' bounding box plus one ring of free cells (eased by :meth:`update`, or at once);
        a table too big for :attr:`least` keeps the part of it in view, moved only as far as the box ends."""
        found = tuple(cells)
        self._cells = found if found else ((0, 0),)
        self._aim()
        if instant:
            self._snap()

    def can_pan(self) -> bool:
        """True when only a part of the table shows, so the view may be moved."""
        return self.panned

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the view with a finger that moved (*dx*, *dy*) pixels: the table follows it, up to its ring's edge."""
        if not self.panned:
            return
        side = self.side
        self._cx, self._cy = self._clamped(self._cx - dx / side, self._cy - dy / side, side)
        tx, ty = self._clamped(self._tx - dx / self._side, self._ty - dy / self._side, self._side)
        if (self._cx, self._cy, self._ls) == (self._tx, self._ty, self._tl):
            self._cx, self._cy = tx, ty  # settled: the view sticks to the finger
        self._tx, self._ty = tx, ty

    def follow(self, cells: Iterable[Cell], *, instant: bool = False) -> None:
        """Ease the view just far enough to show *cells*, the first of them above all (as many of the rest as fit)."""
        wanted = list(cells)
        if not self.panned or not wanted:
            return
        side = self._side
        vw, vh = self.area.w / side, self.area.h / side
        m = FOLLOW_MARGIN
        x0, y0 = wanted[0]
        box = (x0, y0, x0 + 1, y0 + 1)
        for x, y in wanted[1:]:
            grown = (min(box[0], x), min(box[1], y), max(box[2], x + 1), max(box[3], y + 1))
            if grown[2] - grown[0] + 2 * m <= vw and grown[3] - grown[1] + 2 * m <= vh:
                box = grown
        tx = _into(self._tx, box[0] - m, box[2] + m, vw)
        ty = _into(self._ty, box[1] - m, box[3] + m, vh)
        self._tx, self._ty = self._clamped(tx, ty, side)
        if instant:
            self._snap()

    def in_view(self, cell: Cell) -> bool:
        """True when all of *cell* shows in the area now (give or take the pixel the area's centre rounds)."""
        return self.area.inflate(2, 2).contains(self.rect_of(cell))

    def _clamped(self, cx: float, cy: float, side: float) -> tuple[float, float]:
        """The centre (*cx*, *cy*) moved as little as needed for the view to stay on the table's box."""
        left, top, right, bottom = self._box
        vw, vh = self.area.w / side, self.area.h / side
        if right - left <= vw:
            cx = (left + right) / 2
        else:
            cx = min(max(cx, left + vw / 2), right - vw / 2)
        if bottom - top <= vh:
            cy = (top + bottom) / 2
        else:
            cy = min(max(cy, top + vh / 2), bottom - vh / 2)
        return cx, cy

    def target(self) -> tuple[float, float, float]:
        """The view being eased to: (centre x, centre y) in cells and the cell side in pixels."""
        return (self._tx, self._ty, math.exp(self._tl))

    def _aim(self) -> None:
        xs = [c[0] for c in self._cells]
        ys = [c[1] for c in self._cells]
        left, right, top, bottom = min(xs) - 1, max(xs) + 2, min(ys) - 1, max(ys) + 2
        cols, rows = right - left, bottom - top
        cap = min(self.area.w, self.area.h) * MAX_SHARE
        side = min(self.area.w / cols, self.area.h / rows, cap)
        self._box = (float(left), float(top), float(right), float(bottom))
        least = min(self.least, self.area.w, self.area.h)
        was_panned, self.panned = self.panned, side < least
        if self.panned:
            side = least
            self._side = side
            if not was_panned:  # the table just outgrew the area: from its middle on
                self._tx, self._ty = (left + right) / 2, (top + bottom) / 2
            self._tx, self._ty = self._clamped(self._tx, self._ty, side)
        else:
            self._tx, self._ty = (left + right) / 2, (top + bottom) / 2
            self._side = max(1.0, side)
        self._tl = math.log(self._side)

    def _snap(self) -> None:
        self._cx, self._cy, self._ls = self._tx, self._ty, self._tl
        self._vx = self._vy = self._vl = 0.0

    # ----- easing ---------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Ease toward the aim for *dt* seconds (critically damped; never overshoots a still target)."""
        if not self.moving or not dt > 0:
            return
        dt = min(float(dt), 0.5)  # a long stall eases on from where it was instead of leaping
        steps = max(1, math.ceil(dt / SUBSTEP))
        h = dt / steps
        w = OMEGA
        for _ in range(steps):
            self._cx, self._vx = _spring(self._cx, self._vx, self._tx, w, h)
            self._cy, self._vy = _spring(self._cy, self._vy, self._ty, w, h)
            self._ls, self._vl = _spring(self._ls, self._vl, self._tl, w, h)
        if self._close():
            self._snap()

    def _close(self) -> bool:
        """True when snapping to the aim moves nothing on the screen by more than a quarter pixel."""
        side = math.exp(self._ls)
        reach = max(self.area.w, self.area.h) / side  # cells across the area: the zoom error grows with it
        return (abs(self._cx - self._tx) * side < SETTLED and abs(self._cy - self._ty) * side < SETTLED
                and abs(self._ls - self._tl) * side * reach < SETTLED
                and (abs(self._vx) + abs(self._vy)) * side + abs(self._vl) * side * reach < 60 * SETTLED)

    @property
    def moving(self) -> bool:
        """True while the view is still easing toward its aim."""
        return (self._cx, self._cy, self._ls) != (self._tx, self._ty, self._tl) or bool(
            self._vx or self._vy or self._vl)

    @property
    def side(self) -> float:
        """The cell size in pixels now."""
        if self._ls == self._tl:
            return self._side  # exactly the fitted size once settled (exp(log(x)) may differ in the last bit)
        return math.exp(self._ls)

    # ----- mapping ------------------------------------------------------------------------------------------
    def _origin(self) -> tuple[float, float]:
        s = self.side
        return (self.area.centerx - self._cx * s, self.area.centery - self._cy * s)

    def rect_of(self, cell: Cell) -> pygame.Rect:
        """The pixels of *cell* now (neighbouring cells share their edges exactly)."""
        s = self.side
        ox, oy = self._origin()
        x, y = cell
        left, top = math.floor(ox + x * s), math.floor(oy + y * s)
        right, bottom = math.floor(ox + (x + 1) * s), math.floor(oy + (y + 1) * s)
        return pygame.Rect(left, top, max(1, right - left), max(1, bottom - top))

    def center_of(self, cell: Cell) -> tuple[float, float]:
        """The centre of *cell* in pixels now."""
        s = self.side
        ox, oy = self._origin()
        return (ox + (cell[0] + 0.5) * s, oy + (cell[1] + 0.5) * s)

    def cell_at(self, pos: tuple[int, int]) -> Cell:
        """The cell under pixel *pos* (any pixel; the inverse of :meth:`rect_of`)."""
        s = self.side
        ox, oy = self._origin()
        x = math.floor((pos[0] - ox) / s)
        y = math.floor((pos[1] - oy) / s)
        # rect_of floors the cell edges; agree with it exactly at the borders.
        if math.floor(ox + x * s) > pos[0]:
            x -= 1
        elif math.floor(ox + (x + 1) * s) <= pos[0]:
            x += 1
        if math.floor(oy + y * s) > pos[1]:
            y -= 1
        elif math.floor(oy + (y + 1) * s) <= pos[1]:
            y += 1
        return (x, y)


def _into(centre: float, low: float, high: float, view: float) -> float:
    """*centre* moved as little as needed for [*low*, *high*] to lie in a view *view* wide (centred when wider)."""
    if high - low >= view:
        return (low + high) / 2
    return min(max(centre, high - view / 2), low + view / 2)


def _spring(x: float, v: float, target: float, w: float, h: float) -> tuple[float, float]:
    """One semi-implicit Euler step of a critically damped spring pulling *x* toward *target*."""
    v += (-2 * w * v - w * w * (x - target)) * h
    return x + v * h, v


__all__ = ["Camera", "FOLLOW_MARGIN", "MAX_SHARE"]
