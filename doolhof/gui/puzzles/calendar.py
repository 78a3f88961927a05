"""The daily puzzle's calendar: the last four weeks as day stones, seven to a row. No words to read.

- Four rows of seven stones, Monday to Sunday; the last row is this week. Each stone shows its day
  of the month, the stars earned on that day's puzzle (the better of on time and late, see
  :meth:`~doolhof.session.progress.Progress.day_stars`) and a little flame on the days of the
  current streak.
- Today's stone is sunny yellow (like the book's daily stone), drawn larger than the others, ringed
  and breathing, with the child's figure standing on it; the days after today are faint and take no
  tap. Every other day can be played: a day missed shows its three empty star places as outlines,
  waiting to be filled (never pale stars that look earned), and a day played shows its gold stars (it
  can be played again).
- The months shown are named at the top, for the parent ("November – December 2026").
- Tapping a day makes that day's puzzle (:func:`~doolhof.engine.puzzles.daily`, in a worker thread)
  and opens it; its book button comes back here. A day played after its date keeps its stars on
  that day but does not count for the streak (decided against this scene's *today*).
- A big button at the top left (and Escape) goes back to the book.
"""

from __future__ import annotations

import datetime
import math

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.press import tap_released
from doolhof.gui.kit.scene import Host, Scene
from doolhof.gui.kit.text import draw_text
from doolhof.gui.kit.widgets import draw_corner_icon, garden_background, safe_icon
from doolhof.gui.puzzles.maker import DailyMaker
from doolhof.gui.puzzles.pictures import draw_flames, draw_stars, draw_stone
from doolhof.i18n import N_, _
from doolhof.session.progress import Progress, StarKeeper

#: Weeks the calendar shows (the last row is this week).
WEEKS = 4
#: How much larger today's stone is drawn than the others (its tap area stays its own cell's).
TODAY_GROWS = 0.12
#: Seconds today's stone breathes after the calendar opens or is touched (then it rests, glowing).
AMBIENT = 12.0
#: The months' names, translated where they are shown.
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))


def month_title(days: list[datetime.date]) -> str:
    """The months *days* run through, in the parent's language: "November – December 2026", "May 2026",
    "December 2026 – January 2027"."""
    first, last = days[0], days[-1]
    start, end = _(MONTHS[first.month - 1]), _(MONTHS[last.month - 1])
    if (first.year, first.month) == (last.year, last.month):
        title = f"{end} {last.year}"
    elif first.year == last.year:
        title = f"{start} – {end} {last.year}"
    else:
        title = f"{start} {first.year} – {end} {last.year}"
    return title[:1].upper() + title[1:]


def calendar_days(today: datetime.date, weeks: int = WEEKS) -> list[datetime.date]:
    """The days shown, Monday first, *weeks* whole weeks ending with the week of *today*.

    >>> days = calendar_days(datetime.date(2026, 12, 2))
    >>> len(days), days[0], days[-1]
    (28, datetime.date(2026, 11, 9), datetime.date(2026, 12, 6))
    """
    monday = today - datetime.timedelta(days=today.weekday())
    first = monday - datetime.timedelta(weeks=weeks - 1)
    return [first + datetime.timedelta(days=k) for k in range(weeks * 7)]


class CalendarScene(Scene):
    """The daily puzzle's calendar (see the module docstring)."""

    def __init__(self, host: Host, today: datetime.date | None = None, stars: StarKeeper | None = None) -> None:
        """The calendar as of *today* (default: the computer's date) with the children's *stars*."""
        super().__init__(host)
        self.today = today or datetime.date.today()
        self.stars = stars if stars is not None else StarKeeper()
        self.days = calendar_days(self.today)
        self.size = (0, 0)
        self.clock = 0.0
        self.back_rect = pygame.Rect(0, 0, 0, 0)
        self.parent_menu_rect = pygame.Rect(0, 0, 0, 0)
        self.flames_rect = pygame.Rect(0, 0, 0, 0)
        #: Where the months' names are written.
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        #: Day -> its stone (future days too: drawn faint, never tapped).
        self.day_rects: dict[datetime.date, pygame.Rect] = {}
        self._pressed: str | None = None
        #: The puzzle being made for the day the child tapped (opened once made).
        self.maker: DailyMaker | None = None
        #: Where the child's figure stands on today's stone.
        self.figure_rect = pygame.Rect(0, 0, 0, 0)
        self.ambient_until = AMBIENT

    # ----- state ---------------------------------------------------------------------------
    @property
    def progress(self) -> Progress:
        """The reading child's progress."""
        return self.stars.progress

    @property
    def child(self) -> int:
        """The figure of the child reading the book."""
        return self.stars.book.child

    def playable(self, day: datetime.date) -> bool:
        """True for today and the days before it (the days after today wait)."""
        return day <= self.today

    def kind(self, day: datetime.date) -> str:
        """How *day*'s stone looks: ``"today"``, ``"played"`` (it has stars), ``"missed"`` (a day before today
        without stars: empty star places) or ``"to come"`` (faint, no tap)."""
        if day == self.today:
            return "today"
        if not self.playable(day):
            return "to come"
        return "played" if self.progress.day_stars(day) else "missed"

    def stone_rect(self, day: datetime.date) -> pygame.Rect:
        """Where *day*'s stone is drawn: its tap area, today's a little larger."""
        rect = self.day_rects[day]
        if day != self.today:
            return rect
        return rect.inflate(int(rect.w * TODAY_GROWS), int(rect.h * TODAY_GROWS))

    def streak_days(self) -> set[datetime.date]:
        """The days of the current streak (each wears a flame)."""
        count = self.progress.streak(self.today)
        last = self.today if self.today.isoformat() in self.progress.daily else self.today - datetime.timedelta(1)
        return {last - datetime.timedelta(days=k) for k in range(count)}

    # ----- actions -------------------------------------------------------------------------
    def open_day(self, day: datetime.date) -> None:
        """Make the puzzle of *day* and play it (a day after today does nothing)."""
        if not self.playable(day):
            return
        if self.maker is None or self.maker.day != day:
            self.maker = DailyMaker(day)
        self.update(0.0)

    def go_back(self) -> None:
        """Back to the puzzle book."""
        self.maker = None
        self.host.screens.open_puzzles()

    # ----- lifecycle -----------------------------------------------------------------------
    def enter(self) -> None:
        """Back on top (after the parents' menu, say): read the stars again."""
        self.stars.reload()
        message = self.stars.take_message()
        if message:
            self.host.notes.append(message)
        self.host.request_redraw()

    def _calm(self) -> bool:
        return bool(getattr(getattr(self.host, "settings", None), "reduced_motion", False))

    def busy(self) -> bool:
        """Busy while a day's puzzle is being made, and while today's stone breathes."""
        return self.maker is not None or (self.clock < self.ambient_until and not self._calm())

    def update(self, dt: float) -> None:
        """Open the tapped day's puzzle once it is made."""
        self.clock += max(0.0, min(float(dt), 0.1))
        maker = self.maker
        if maker is None or not maker.ready():
            return
        self.maker = None
        if maker.puzzle is None:
            self.host.play_sound("nope")
            self.host.request_redraw()
            return
        self.host.screens.start_daily(maker.puzzle, self.today)

    def resize(self, size: tuple[int, int]) -> None:
        """The top strip (back to the book, the streak, the parents' corner) and the weeks below."""
        self.size = size
        w, h = max(1, size[0]), max(1, size[1])
        pad = max(6, int(min(w, h) * 0.02))
        top_h = max(least_tap((w, h)) + 8, int(min(h * 0.13, w * 0.12)))
        menu = max(least_tap((w, h)), min(56, top_h // 2))
        self.parent_menu_rect = pygame.Rect(w - pad - menu, pad, menu, menu)
        self.back_rect = pygame.Rect(pad, pad, top_h, top_h)
        middle = max(2, self.parent_menu_rect.x - self.back_rect.right - pad * 4)
        self.title_rect = pygame.Rect(self.back_rect.right + pad * 2, pad + top_h // 5, middle * 11 // 20,
                                      top_h * 3 // 5)
        self.flames_rect = pygame.Rect(self.title_rect.right + pad, pad + top_h // 5,
                                       max(1, middle - self.title_rect.w - pad), top_h * 3 // 5)
        top = pad * 2 + top_h
        area = pygame.Rect(pad, top, w - 2 * pad, max(1, h - top - pad))
        cell_w, cell_h = area.w / 7, area.h / WEEKS
        side = int(min(cell_w * 0.92, cell_h * 0.9, cell_w * 1.3))
        grid_h = min(cell_h, side * 1.25)  # a tall window: the weeks stay together, in the middle
        area.y += int((area.h - grid_h * WEEKS) / 2)
        self.day_rects = {}
        for k, day in enumerate(self.days):
            row, col = divmod(k, 7)
            rect = pygame.Rect(0, 0, side, int(min(side * 0.95, grid_h * 0.9)))
            rect.center = (round(area.x + (col + 0.5) * cell_w), round(area.y + (row + 0.5) * grid_h))
            self.day_rects[day] = rect
        face = self._face(self.stone_rect(self.today))
        side = max(12, int(min(face.h * 0.5, face.w * 0.36)))
        self.figure_rect = pygame.Rect(0, 0, side, side)
        self.figure_rect.midleft = (face.x + face.w // 9, face.centery - face.h // 12)

    # ----- input ---------------------------------------------------------------------------
    def target_at(self, pos: tuple[int, int]) -> str | None:
        """What a tap at *pos* is on: ``"back"``, ``"day:ISO"`` (today or before) or None."""
        if self.back_rect.collidepoint(pos):
            return "back"
        for day, rect in self.day_rects.items():
            if rect.collidepoint(pos) and self.playable(day):
                return f"day:{day.isoformat()}"
        return None

    def handle_pointer(self, event: PointerEvent) -> None:
        """A tap acts when released on what it pressed."""
        if event.kind == "down":
            self.ambient_until = self.clock + AMBIENT
        self._pressed, act = tap_released(event, self._pressed, self.target_at)
        if event.kind == "down" and self._pressed is not None:
            self.host.play_sound("tap")
        if act is not None:
            self._act(act)
        if event.kind in ("down", "up"):
            self.host.request_redraw()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Escape goes back to the book."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()

    def _act(self, target: str) -> None:
        if target == "back":
            self.go_back()
        elif target.startswith("day:"):
            self.open_day(datetime.date.fromisoformat(target.split(":", 1)[1]))

    # ----- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the calendar."""
        surface.blit(garden_background(surface.get_size()), (0, 0))
        art = self.host.art
        self._draw_back(surface)
        draw_text(surface, month_title(self.days), self.title_rect, theme.PANEL, align="left",
                  max_px=max(14, self.title_rect.h * 3 // 5), shadow=theme.HEDGE_DARK)
        draw_flames(surface, self.flames_rect, self.progress.streak(self.today), art)
        self._draw_days(surface)
        if self.parent_menu_rect.w > 0:
            draw_corner_icon(surface, self.parent_menu_rect, art, "menu")

    def _draw_back(self, surface: pygame.Surface) -> None:
        rect = self.back_rect
        drop = max(3, rect.h // 14)
        face = pygame.Rect(rect.x, rect.y, rect.w, rect.h - drop)
        if self._pressed == "back":
            face.y += drop - 1
        pygame.draw.ellipse(surface, theme.LEAF_EDGE, pygame.Rect(rect.x, rect.y + drop, rect.w, rect.h - drop))
        pygame.draw.ellipse(surface, theme.LEAF, face)
        icon = safe_icon(self.host.art, "stones", int(face.w * 0.62))
        if icon is not None:
            surface.blit(icon, icon.get_rect(center=face.center))

    @staticmethod
    def _face(rect: pygame.Rect) -> pygame.Rect:
        """The top face of the stone drawn in *rect* (as :func:`draw_stone` paints it, not pressed)."""
        return pygame.Rect(rect.x, rect.y, rect.w, rect.h - max(3, rect.h // 10))

    def _today_glow(self) -> float:
        if self._calm() or self.clock >= self.ambient_until:
            return 0.8
        return 0.65 + 0.35 * math.sin(self.clock * math.tau / 2.2)

    def _draw_days(self, surface: pygame.Surface) -> None:
        art = self.host.art
        flames = self.streak_days()
        making = self.maker.day if self.maker is not None else None
        # The days after today go on one see-through layer: there, faint, but not for now.
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for day in self.day_rects:
            kind = self.kind(day)
            layer = veil if kind == "to come" else surface
            rect = self.stone_rect(day)
            pressed = self._pressed == f"day:{day.isoformat()}"
            if kind == "today":
                pygame.draw.ellipse(layer, theme.SUN_EDGE, rect.inflate(rect.w // 7, rect.h // 7))
                pygame.draw.ellipse(layer, theme.SUN_LIGHT, rect.inflate(rect.w // 12, rect.h // 12))
            glow = 0.6 + 0.4 * math.sin(self.clock * 6) if making == day else 0.0
            if kind == "today":
                glow = glow or self._today_glow()
            colors = (theme.SUN_LIGHT, theme.SUN_EDGE) if kind == "today" else (theme.STONE, theme.STONE_EDGE)
            face = draw_stone(layer, rect, glow, pressed, colors)
            stars = self.progress.day_stars(day)
            star_px = max(10, face.w // 4)
            if kind == "today":
                # The child's figure stands on the left, the date on the right: "this is me, now".
                shift = face.y - self._face(rect).y
                spot = self.figure_rect.move(0, shift)
                figure = art.figure(self.child, spot.h)
                surface.blit(figure, spot)
                number = pygame.Rect(spot.right, face.y + face.h // 10, face.right - face.w // 12 - spot.right,
                                     int(face.h * 0.5))
                draw_text(surface, str(day.day), number, theme.SUN_INK, max_px=max(12, int(face.h * 0.42)))
                draw_stars(surface, (face.centerx, face.bottom - face.h // 6), max(10, face.w // 5), stars, art,
                           outline=theme.SUN_EDGE)
            else:
                number = pygame.Rect(face.x, face.y + face.h // 10, face.w, int(face.h * 0.46))
                draw_text(layer, str(day.day), number, theme.STONE_EDGE, max_px=max(12, int(face.h * 0.42)))
                if kind != "to come":
                    draw_stars(layer, (face.centerx, face.bottom - face.h // 5), star_px, stars, art,
                               outline=theme.STONE_EDGE)
            if day in flames:
                flame = art.icon("flame", max(12, face.w // 3))
                layer.blit(flame, flame.get_rect(center=(face.right - face.w // 8, face.y + face.h // 8)))
        veil.set_alpha(90)
        surface.blit(veil, (0, 0))
