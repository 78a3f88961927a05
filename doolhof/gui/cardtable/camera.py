"""The view of the open card table: which part of the unbounded grid shows where, and how big.

:meth:`Camera.fit` aims at the cells' bounding box plus one ring of free cells, centred in the
area, with cells as big as fit (but never bigger than :data:`MAX_SHARE` of the area's smaller
side, so four cards do not fill a big screen). :meth:`Camera.update` eases the centre and the
zoom toward that aim as a critically damped spring (zoom in log scale), so a growing table never
jumps: it settles in about 0.4 s without overshooting.

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

    def fit(self, cells: Iterable[Cell], *, instant: bool = False) -> None:
        """Aim at *cells*' bounding box plus one ring of free cells (eased by :meth:`update`, or at once)."""
        found = tuple(cells)
        self._cells = found if found else ((0, 0),)
        self._aim()
        if instant:
            self._snap()

    def target(self) -> tuple[float, float, float]:
        """The view being eased to: (centre x, centre y) in cells and the cell side in pixels."""
        return (self._tx, self._ty, math.exp(self._tl))

    def _aim(self) -> None:
        xs = [c[0] for c in self._cells]
        ys = [c[1] for c in self._cells]
        left, right, top, bottom = min(xs) - 1, max(xs) + 2, min(ys) - 1, max(ys) + 2
        cols, rows = right - left, bottom - top
        side = min(self.area.w / cols, self.area.h / rows, min(self.area.w, self.area.h) * MAX_SHARE)
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


def _spring(x: float, v: float, target: float, w: float, h: float) -> tuple[float, float]:
    """One semi-implicit Euler step of a critically damped spring pulling *x* toward *target*."""
    v += (-2 * w * v - w * w * (x - target)) * h
    return x + v * h, v


__all__ = ["Camera", "MAX_SHARE"]
