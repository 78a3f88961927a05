"""The puzzle book: the chapters as a path of stepping stones, and the daily puzzle. No words to read.

- Along the top, the eight chapters as round markers: each a little board (Junior or the big
  board) with one to three footprints (the turns its puzzles need); a chapter whose every puzzle
  is solved wears a star. Tapping one shows its path. Where the strip would leave them smaller
  than :func:`chapter_least` (a tall window, a wide one of 800x600) they get a row of their own.
- The path: the chapter's puzzles as stepping stones along a dotted trail, each stone a little
  picture of its puzzle (the maze, the picture to reach, the reading child's figure at the start). Solved
  stones show their stars (1 to 3); the next stone to play glows, the child's figure beside it.
- The daily puzzle: a special stone with a calendar and the sun, its stars once solved today,
  and the streak (days in a row) as a row of little flames under it. It is made in a worker
  thread when the book opens (a weekend puzzle takes up to about a second).
- A big home button goes back to the setup screen; the parents' menu button sits in the corner
  (there a parent can reset the stars).
- Along the bottom, the six figures of the setup screen: whose stars these are. The child taps
  their own figure (it stands tall on a ring; the others wait small) and the book shows that
  child's stars and streak; the figure also stands beside the next stone.

Progress comes from :mod:`doolhof.session.progress` (a :class:`~doolhof.session.progress.StarKeeper`
that keeps it in memory) and is read again whenever the book is on top.
"""

from __future__ import annotations

import datetime
import logging
import math

import pygame

from doolhof.engine.puzzles import BOOK, Puzzle, chapters
from doolhof.gui.kit import theme
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.press import tap_released
from doolhof.gui.kit.scene import Host, Scene
from doolhof.gui.kit.widgets import darken, draw_corner_icon, garden_background, safe_icon
from doolhof.gui.puzzles.maker import DailyMaker
from doolhof.gui.puzzles.pictures import draw_flames, draw_path, draw_stars, draw_stone, puzzle_board
from doolhof.session.progress import CHILDREN, Progress, StarKeeper

log = logging.getLogger(__name__)

#: Seconds of the gentle glow's breath.
GLOW_PERIOD = 2.2
#: Seconds the book keeps breathing after the last input (then it rests, and the app sleeps).
AMBIENT = 8.0


def next_puzzle(progress: Progress) -> Puzzle | None:
    """The first puzzle of the book not solved yet (None when every one is)."""
    return next((p for p in BOOK if p.name not in progress.stars), None)


def chapter_least(window: tuple[int, int]) -> int:
    """The smallest a chapter marker is drawn: a third more than a fingertip's tap (64 px at 800x600), so a
    child sees its little board and footprints."""
    return least_tap(window) * 4 // 3


class BookScene(Scene):
    """The puzzle book (see the module docstring)."""

    def __init__(self, host: Host, today: datetime.date | None = None, stars: StarKeeper | None = None,
                 children: tuple[int, ...] = ()) -> None:
        """The book as of *today* (default: the computer's date), with the children's *stars* (default: read
        from the file), for the *children* playing here (figures, the first first: the setup screen's people on
        this computer): it opens for its last reader when that is one of them or none are given, else for the
        first (the child who chose that figure at the table, not the book's first child)."""
        super().__init__(host)
        self.today = today or datetime.date.today()
        self.stars = stars if stars is not None else StarKeeper()
        self.progress = Progress()
        #: The figures along the bottom, one per child: tap yours to see your stars.
        self.child_rects: dict[int, pygame.Rect] = {}
        self.book = chapters()
        self.chapter = 1
        self.clock = 0.0
        #: The scene time until which the next stone breathes (tests set it to 0 to settle at once).
        self.ambient_until = AMBIENT
        self.size = (0, 0)
        self.daily = DailyMaker(self.today)
        self._daily_wanted = False
        self._pressed: str | None = None
        self.home_rect = pygame.Rect(0, 0, 0, 0)
        self.parent_menu_rect = pygame.Rect(0, 0, 0, 0)
        self.daily_rect = pygame.Rect(0, 0, 0, 0)
        self.flames_rect = pygame.Rect(0, 0, 0, 0)
        self.path_area = pygame.Rect(0, 0, 0, 0)
        self.chapter_rects: dict[int, pygame.Rect] = {}
        self.stone_rects: dict[str, pygame.Rect] = {}
        self.reload()
        mine = [child for child in children if 0 <= child < CHILDREN]
        if mine and self.child not in mine:
            self.stars.choose(mine[0])
            message = self.stars.take_message()
            if message:
                self.host.notes.append(message)
            self.progress = self.stars.progress
        upcoming = next_puzzle(self.progress)
        self.chapter = upcoming.chapter if upcoming is not None else max(self.book)

    # ----- state ---------------------------------------------------------------------------
    def reload(self) -> None:
        """Read the progress file again (a damaged one is moved aside; the parent is told on the setup screen).

        Stars whose saving failed stay as they are in memory (:class:`~doolhof.session.progress.StarKeeper`).
        """
        self.stars.reload()
        self.progress = self.stars.progress
        message = self.stars.take_message()
        if message:
            self.host.notes.append(message)

    @property
    def child(self) -> int:
        """The figure of the child whose stars the book shows."""
        return self.stars.book.child

    def choose_child(self, child: int) -> None:
        """Show *child*'s stars (a figure 0 to 5) from now on."""
        if child == self.child:
            return
        self.stars.choose(child)
        message = self.stars.take_message()
        if message:
            self.host.notes.append(message)
        self.progress = self.stars.progress
        upcoming = next_puzzle(self.progress)
        self.chapter = upcoming.chapter if upcoming is not None else max(self.book)
        self.resize(self.size)
        self.host.request_redraw()

    def upcoming(self) -> Puzzle | None:
        """The stone that glows: the book's first unsolved puzzle."""
        return next_puzzle(self.progress)

    def streak(self) -> int:
        """Days in a row the daily puzzle was solved."""
        return self.progress.streak(self.today)

    def daily_stars(self) -> int:
        """Stars earned on today's daily puzzle (0: not solved yet)."""
        return self.progress.daily.get(self.today.isoformat(), 0)

    def chapter_done(self, chapter: int) -> bool:
        """True when every puzzle of *chapter* is solved."""
        return all(p.name in self.progress.stars for p in self.book.get(chapter, ()))

    # ----- actions -------------------------------------------------------------------------
    def open_puzzle(self, puzzle: Puzzle) -> None:
        """Play *puzzle*."""
        self.host.screens.start_puzzle(puzzle)

    def open_daily(self) -> None:
        """Play today's puzzle (as soon as it is made)."""
        if not self.daily.ready():
            self._daily_wanted = True
            return
        if self.daily.puzzle is None:
            self.host.play_sound("nope")
            return
        self.open_puzzle(self.daily.puzzle)

    def show_chapter(self, chapter: int) -> None:
        """Show the path of *chapter*."""
        if chapter in self.book and chapter != self.chapter:
            self.chapter = chapter
            self.resize(self.size)
            self.host.request_redraw()

    def go_home(self) -> None:
        """Back to the setup screen."""
        self.host.screens.show_setup()

    # ----- lifecycle -----------------------------------------------------------------------
    def enter(self) -> None:
        """Back on top (after the parents' menu, say): read the progress again."""
        self.reload()
        self.host.request_redraw()

    def _calm(self) -> bool:
        return bool(getattr(getattr(self.host, "settings", None), "reduced_motion", False))

    def busy(self) -> bool:
        """The next stone breathes a while after input; the daily stone waits for its puzzle."""
        return (self.clock < self.ambient_until and not self._calm()) or not self.daily.ready() or self._daily_wanted

    def update(self, dt: float) -> None:
        """Breathe; open the daily puzzle once made when the child already asked for it."""
        self.clock += max(0.0, min(float(dt), 0.1))
        if self._daily_wanted and self.daily.ready():
            self._daily_wanted = False
            self.open_daily()

    def resize(self, size: tuple[int, int]) -> None:
        """The top strip (home, chapters, daily, parents' corner) and the path below."""
        self.size = size
        w, h = max(1, size[0]), max(1, size[1])
        pad = max(6, int(min(w, h) * 0.02))
        wide = w >= h * 1.1
        top_h = int(min(h * (0.2 if wide else 0.11), w * 0.17))
        top_h = max(64, top_h)
        menu = max(least_tap((w, h)), min(56, top_h // 2))
        self.parent_menu_rect = pygame.Rect(w - pad - menu, pad, menu, menu)
        self.home_rect = pygame.Rect(pad, pad, top_h, top_h)
        daily_w = int(top_h * 1.05)
        self.daily_rect = pygame.Rect(self.parent_menu_rect.x - pad - daily_w, pad, daily_w, int(top_h * 0.78))
        self.flames_rect = pygame.Rect(self.daily_rect.x - pad, self.daily_rect.bottom, daily_w + 2 * pad,
                                       top_h - self.daily_rect.h)
        # The chapters: between home and the daily stone in a wide window, in a row of their own in a tall one,
        # and in a wide window too where the strip would leave them smaller than a child's marker.
        count = len(self.book)
        left, right, row_top, row_h = self.home_rect.right + pad, self.daily_rect.x - pad, pad, top_h
        each = int(min(row_h * 0.92, (right - left - (count - 1) * pad * 0.6) / max(1, count)))
        apart = not wide or each < chapter_least((w, h))
        if apart:
            left, right, row_top = pad, w - pad, pad * 2 + top_h
            row_h = int(min(top_h * 1.1, (w - 2 * pad) / max(1, count) * 0.94))
            each = int(min(row_h * 0.92, (right - left - (count - 1) * pad * 0.6) / max(1, count)))
        gap = (right - left - count * each) / max(1, count - 1) if count > 1 else 0
        gap = min(gap, each * 0.35)
        row_w = count * each + (count - 1) * gap
        x0 = left + (right - left - row_w) / 2
        self.chapter_rects = {
            chapter: pygame.Rect(round(x0 + k * (each + gap)), row_top + (row_h - each) // 2, each, each)
            for k, chapter in enumerate(self.book)
        }
        top = row_top + row_h + pad if apart else pad * 2 + top_h
        # Whose stars: the figures in a band along the bottom.
        figure = max(44, min(int(top_h * 0.62), (w - 2 * pad) // (CHILDREN + 1)))
        band = figure + pad
        row_w = CHILDREN * figure + (CHILDREN - 1) * (pad // 2)
        x = (w - row_w) // 2
        self.child_rects = {k: pygame.Rect(x + k * (figure + pad // 2), h - pad - figure, figure, figure)
                            for k in range(CHILDREN)}
        self.path_area = pygame.Rect(pad, top, w - 2 * pad, max(1, h - top - pad - band))
        self._layout_stones(wide)

    def _layout_stones(self, wide: bool) -> None:
        puzzles = self.book.get(self.chapter, ())
        area = self.path_area
        n = max(1, len(puzzles))
        best: tuple[float, int, int] = (0.0, 1, n)
        for rows in range(1, n + 1):
            cols = -(-n // rows)
            side = min(area.w / cols, area.h / (rows * 1.05))
            if side > best[0]:
                best = (side, rows, cols)
        side, rows, cols = best
        stone = int(side * 0.8)
        cell_w, cell_h = area.w / cols, area.h / rows
        self.stone_rects = {}
        for k, puzzle in enumerate(puzzles):
            row, col = divmod(k, cols)
            if row % 2:
                col = cols - 1 - col  # the trail winds back
            cx = area.x + (col + 0.5) * cell_w
            cy = area.y + (row + 0.5) * cell_h + math.sin(k * 1.3) * cell_h * 0.06
            rect = pygame.Rect(0, 0, stone, int(stone * 0.9))
            rect.center = (round(cx), round(cy))
            self.stone_rects[puzzle.name] = rect

    # ----- input ---------------------------------------------------------------------------
    def target_at(self, pos: tuple[int, int]) -> str | None:
        """What a tap at *pos* is on: ``"home"``, ``"daily"``, ``"chapter:N"``, ``"stone:NAME"`` or None."""
        if self.home_rect.collidepoint(pos):
            return "home"
        if self.daily_rect.union(self.flames_rect).collidepoint(pos):
            return "daily"
        for chapter, rect in self.chapter_rects.items():
            if rect.collidepoint(pos):
                return f"chapter:{chapter}"
        for name, rect in self.stone_rects.items():
            if rect.collidepoint(pos):
                return f"stone:{name}"
        for child, rect in self.child_rects.items():
            if rect.collidepoint(pos):
                return f"child:{child}"
        return None

    def handle_pointer(self, event: PointerEvent) -> None:
        """A tap acts when released on what it pressed."""
        self.ambient_until = self.clock + AMBIENT
        self._pressed, act = tap_released(event, self._pressed, self.target_at)
        if event.kind == "down" and self._pressed is not None:
            self.host.play_sound("tap")
        if act is not None:
            self._act(act)
        if event.kind in ("down", "up"):
            self.host.request_redraw()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Escape goes home."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_home()

    def _act(self, target: str) -> None:
        if target == "home":
            self.go_home()
        elif target == "daily":
            self.host.screens.open_calendar(self.today)
        elif target.startswith("chapter:"):
            self.show_chapter(int(target.split(":", 1)[1]))
        elif target.startswith("child:"):
            self.choose_child(int(target.split(":", 1)[1]))
        elif target.startswith("stone:"):
            name = target.split(":", 1)[1]
            puzzle = next((p for p in BOOK if p.name == name), None)
            if puzzle is not None:
                self.open_puzzle(puzzle)

    # ----- drawing -------------------------------------------------------------------------
    def _glow(self) -> float:
        if self._calm() or self.clock >= self.ambient_until:
            return 0.8
        return 0.6 + 0.4 * math.sin(self.clock * math.tau / GLOW_PERIOD)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the book."""
        surface.blit(garden_background(surface.get_size()), (0, 0))
        art = self.host.art
        self._draw_home(surface)
        self._draw_chapters(surface)
        self._draw_daily(surface)
        self._draw_path(surface)
        self._draw_children(surface)
        if self.parent_menu_rect.w > 0:
            draw_corner_icon(surface, self.parent_menu_rect, art, "menu")

    def _draw_children(self, surface: pygame.Surface) -> None:
        """The six figures; the reading child's stands tall on a ring of its colour, the others small and faded."""
        art = self.host.art
        for child, rect in self.child_rects.items():
            chosen = child == self.child
            if chosen:
                pygame.draw.circle(surface, theme.SEAT_COLORS[child], rect.center, rect.w // 2)
                pygame.draw.circle(surface, theme.PANEL, rect.center, rect.w // 2 - max(2, rect.w // 12))
            px = int(rect.w * (0.86 if chosen else 0.62))
            if self._pressed == f"child:{child}":
                px = int(px * 0.92)
            figure = art.figure(child, max(8, px))
            if not chosen:
                figure = figure.copy()
                figure.set_alpha(150)
            surface.blit(figure, figure.get_rect(center=rect.center))

    def _draw_round(self, surface: pygame.Surface, rect: pygame.Rect, face: theme.Color, edge: theme.Color,
                    pressed: bool) -> pygame.Rect:
        drop = max(3, rect.h // 14)
        face_rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h - drop)
        if pressed:
            face_rect.y += drop - 1
        pygame.draw.ellipse(surface, edge, pygame.Rect(rect.x, rect.y + drop, rect.w, rect.h - drop))
        pygame.draw.ellipse(surface, face, face_rect)
        return face_rect

    def _draw_home(self, surface: pygame.Surface) -> None:
        face = self._draw_round(surface, self.home_rect, theme.LEAF, theme.LEAF_EDGE, self._pressed == "home")
        icon = safe_icon(self.host.art, "home", int(face.w * 0.62))
        if icon is not None:
            surface.blit(icon, icon.get_rect(center=face.center))

    def _draw_chapters(self, surface: pygame.Surface) -> None:
        art = self.host.art
        upcoming = self.upcoming()
        for chapter, rect in self.chapter_rects.items():
            chosen = chapter == self.chapter
            face_color = theme.CHOSEN if chosen else theme.CHAPTER
            edge = theme.CHOSEN_EDGE if chosen else theme.CHAPTER_EDGE
            if upcoming is not None and upcoming.chapter == chapter and not chosen:
                halo = rect.inflate(rect.w // 5, rect.h // 5)
                layer = pygame.Surface(halo.size, pygame.SRCALPHA)
                pygame.draw.ellipse(layer, (*theme.REACH_GLOW, int(120 * self._glow())), layer.get_rect())
                surface.blit(layer, halo.topleft)
            face = self._draw_round(surface, rect, face_color, edge, self._pressed == f"chapter:{chapter}")
            first = self.book[chapter][0]
            board_px = int(face.w * 0.5)
            board = puzzle_board(first, board_px, art, self.child)
            surface.blit(board, board.get_rect(center=(face.centerx, face.y + int(face.h * 0.42))))
            feet = first.minimum
            px = max(8, int(face.w * 0.2))
            y = face.y + int(face.h * 0.82)
            for k in range(feet):
                foot = art.icon("foot", px)
                if k % 2:
                    foot = pygame.transform.flip(foot, True, False)
                x = face.centerx + (k - (feet - 1) / 2) * px * 0.9
                surface.blit(foot, foot.get_rect(center=(round(x), y)))
            if self.chapter_done(chapter):
                star = art.picture("star", max(10, int(rect.w * 0.4)))
                surface.blit(star, star.get_rect(center=(rect.right - rect.w // 8, rect.y + rect.h // 8)))

    def _draw_daily(self, surface: pygame.Surface) -> None:
        art = self.host.art
        rect = self.daily_rect
        ready = self.daily.ready() and self.daily.puzzle is not None
        face = self._draw_round(surface, rect, theme.SUN_LIGHT if ready else theme.CHAPTER, theme.SUN_EDGE,
                                self._pressed == "daily")
        px = int(min(face.h * 0.8, face.w * 0.62))
        icon = art.icon("calendar", px)
        if not self.daily.ready():
            icon = icon.copy()
            icon.set_alpha(int(140 + 80 * math.sin(self.clock * 4)))
        surface.blit(icon, icon.get_rect(center=face.center))
        stars = self.daily_stars()
        if stars:
            draw_stars(surface, (face.centerx, face.bottom - face.h // 10), max(8, face.h // 4), stars, art)
        draw_flames(surface, self.flames_rect.inflate(0, -max(2, self.flames_rect.h // 8)), self.streak(), art)

    def _draw_path(self, surface: pygame.Surface) -> None:
        art = self.host.art
        puzzles = self.book.get(self.chapter, ())
        rects = [self.stone_rects[p.name] for p in puzzles if p.name in self.stone_rects]
        if not rects:
            return
        draw_path(surface, [r.center for r in rects], max(3, rects[0].w // 14))
        upcoming = self.upcoming()
        glow = self._glow()
        for puzzle, rect in zip(puzzles, rects):
            is_next = upcoming is not None and puzzle.name == upcoming.name
            face = draw_stone(surface, rect, glow if is_next else 0.0, self._pressed == f"stone:{puzzle.name}")
            side = int(min(face.w * 0.56, face.h * 0.62))
            board = puzzle_board(puzzle, side, art, self.child)
            spot = board.get_rect(center=(face.centerx, face.centery - face.h // 12))
            pygame.draw.rect(surface, darken(theme.STONE_EDGE, 0.2), spot.inflate(4, 4),
                             border_radius=max(3, side // 9))
            surface.blit(board, spot)
            # The picture to reach, large on a little plate at the board's corner: "the fish one".
            plate = max(12, int(side * 0.42))
            plate_centre = (spot.right - plate // 5, spot.y + plate // 5)
            pygame.draw.circle(surface, theme.STONE_EDGE, (plate_centre[0], plate_centre[1] + 2), plate // 2)
            pygame.draw.circle(surface, theme.PLATE, plate_centre, plate // 2)
            picture = art.picture(puzzle.target, int(plate * 0.78))
            surface.blit(picture, picture.get_rect(center=plate_centre))
            stars = self.progress.stars.get(puzzle.name, 0)
            if stars:
                draw_stars(surface, (face.centerx, face.bottom - face.h // 12), max(10, face.w // 6), stars, art)
            if is_next:
                bob = 0.0 if self._calm() or self.clock >= self.ambient_until else math.sin(self.clock * 3) * 4
                figure = art.figure(self.child, max(16, int(rect.w * 0.42)))
                surface.blit(figure, figure.get_rect(midbottom=(rect.x + rect.w // 10,
                                                                 round(rect.y + rect.h * 0.6 + bob))))
