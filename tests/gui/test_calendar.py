"""The daily puzzle's calendar: today's stone, a missed day played late, the faint days to come, the way back."""

from __future__ import annotations

import datetime
from typing import Any

import pygame
import pytest

from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.play.scene import PlayScene
from doolhof.gui.puzzles.calendar import CalendarScene
from doolhof.gui.puzzles.scene import BookScene
from doolhof.session.progress import load_progress
from tests.gui.helpers import center, open_book, run, step_until, tap, touch_tap
from tests.gui.test_puzzles import overlay_of, play_solution, quiet, wait_stars

TODAY = datetime.date(2026, 12, 1)  # a Tuesday: its puzzle and Monday's are quick 2-turn Junior ones
SIZES = [(1280, 800), (800, 600), (800, 1280)]
HOWS = {"mouse": tap, "finger": touch_tap}


def open_calendar(app: Any, press: Any, child: int | None = None) -> CalendarScene:
    """From the setup screen through the book (as of :data:`TODAY`) to its calendar, by *press*; *child* taps their
    figure in the book first (the book opens for the setup screen's child)."""
    first = open_book(app, press)
    if child is not None:
        press(app, center(first.child_rects[child]))
        run(app, 0.6)
    book = app.screens.book_scene(TODAY)
    app.replace_scene(book)
    run(app, 0)
    press(app, center(book.daily_rect))
    calendar = app.scene
    assert isinstance(calendar, CalendarScene), "the book's calendar stone opens the calendar"
    assert calendar.today == TODAY
    return calendar


def open_day(app: Any, calendar: CalendarScene, day: datetime.date, press: Any) -> PlayScene:
    press(app, center(calendar.day_rects[day]))
    assert step_until(app, lambda: isinstance(app.scene, PlayScene)), f"the stone of {day} opens its puzzle"
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.puzzle is not None
    assert scene.puzzle.puzzle.name == f"daily-{day.isoformat()}"
    return scene


@pytest.mark.parametrize("how", list(HOWS))
@pytest.mark.parametrize("size", SIZES)
def test_today_s_stone_opens_today_s_puzzle_and_the_book_button_comes_back(make_app: Any, size: tuple[int, int],
                                                                           how: str) -> None:
    app = make_app(size)
    press = HOWS[how]
    calendar = open_calendar(app, press)
    assert len(calendar.day_rects) == 28 and max(calendar.day_rects) == TODAY + datetime.timedelta(days=5)
    scene = open_day(app, calendar, TODAY, press)
    run_ = scene.puzzle
    assert run_ is not None
    run_.on_book()
    assert isinstance(app.scene, CalendarScene), "the puzzle's book button goes back to the calendar"


@pytest.mark.parametrize("how", list(HOWS))
@pytest.mark.parametrize("size", SIZES)
def test_a_missed_day_is_played_late_its_stars_land_on_it_and_not_on_the_streak(make_app: Any,
                                                                                  size: tuple[int, int],
                                                                                  how: str) -> None:
    app = make_app(size)
    press = HOWS[how]
    calendar = open_calendar(app, press)
    monday = TODAY - datetime.timedelta(days=1)
    scene = open_day(app, calendar, monday, press)
    run(app, 0.5)
    quiet(scene)
    play_solution(app, scene, "tap")
    wait_stars(app, scene)
    progress = load_progress().progress
    assert progress.day_stars(monday) == 3, "the stars land on the day played"
    assert progress.daily == {} and progress.streak(TODAY) == 0, "a day played late does not count for the streak"
    press(app, center(overlay_of(scene).buttons()["book"]))
    calendar = app.scene
    assert isinstance(calendar, CalendarScene) and calendar.progress.day_stars(monday) == 3


@pytest.mark.parametrize("how", list(HOWS))
@pytest.mark.parametrize("size", SIZES)
def test_the_days_to_come_take_no_tap_and_back_and_escape_go_to_the_book(make_app: Any, size: tuple[int, int],
                                                                        how: str) -> None:
    app = make_app(size)
    press = HOWS[how]
    calendar = open_calendar(app, press)
    tomorrow = TODAY + datetime.timedelta(days=1)
    press(app, center(calendar.day_rects[tomorrow]))
    run(app, 0.5)
    assert app.scene is calendar and calendar.maker is None, "a day to come does nothing"
    press(app, center(calendar.back_rect))
    assert isinstance(app.scene, BookScene), "the big button goes back to the book"
    calendar = open_calendar(app, press)
    run(app, 0.1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41)])
    assert isinstance(app.scene, BookScene), "Escape goes back to the book"


def test_the_stars_of_a_day_are_the_better_of_on_time_and_late(make_app: Any) -> None:
    app = make_app((1280, 800))
    app.screens.stars.solved_daily(TODAY, 1)
    app.screens.stars.solved_daily(TODAY, 3, late=True)
    calendar = app.screens.calendar_scene(TODAY)
    assert calendar.progress.day_stars(TODAY) == 3 and calendar.progress.streak(TODAY) == 1


@pytest.mark.parametrize("size", SIZES)
def test_the_last_four_weeks_are_big_stones_with_their_stars_and_flames(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    stars = app.screens.stars
    stars.choose(1)  # the blue child reads the calendar
    for back, got in ((3, 2), (2, 3), (1, 1)):  # a streak of three up to yesterday, then a gap before it
        stars.solved_daily(TODAY - datetime.timedelta(days=back), got)
    stars.solved_daily(TODAY - datetime.timedelta(days=9), 2, late=True)
    calendar = open_calendar(app, tap, child=1)
    days = sorted(calendar.day_rects)
    assert len(days) == 28 and days[0].weekday() == 0 and days[-1].weekday() == 6, "four whole weeks, Monday first"
    rows = sorted({r.centery for r in calendar.day_rects.values()})
    assert len(rows) == 4 and all(sum(r.centery == y for r in calendar.day_rects.values()) == 7 for y in rows)
    least = least_tap(size)
    for day, rect in calendar.day_rects.items():
        assert min(rect.size) >= least, f"the stone of {day} is big ({rect.size} at {size})"
        others = [r for d, r in calendar.day_rects.items() if d != day]
        assert rect.collidelist(others) == -1, "stones do not overlap"
    gap = TODAY - datetime.timedelta(days=4)
    assert calendar.streak_days() == {TODAY - datetime.timedelta(days=k) for k in (1, 2, 3)}, "flames on the streak"
    assert calendar.kind(TODAY - datetime.timedelta(days=2)) == "played"
    assert calendar.progress.day_stars(TODAY - datetime.timedelta(days=2)) == 3
    assert calendar.kind(TODAY - datetime.timedelta(days=9)) == "played", "a day played late shows its stars"
    assert calendar.kind(gap) == "missed" and calendar.playable(gap), "a missed day waits to be played"
    assert calendar.kind(TODAY + datetime.timedelta(days=1)) == "to come"
    run(app, 0.1)  # every kind of stone draws (a frame is drawn)


@pytest.mark.parametrize("size", SIZES)
def test_today_s_stone_is_clearly_today(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    calendar = open_calendar(app, tap, child=2)
    assert calendar.kind(TODAY) == "today" and calendar.child == 2, "today's stone wears the reading child's figure"
    today = calendar.stone_rect(TODAY)
    others = [calendar.stone_rect(d) for d in calendar.day_rects if d != TODAY]
    assert all(today.w > r.w and today.h > r.h for r in others), "today's stone is drawn larger than the others"
    figure = calendar.figure_rect
    assert figure.h >= least_tap(size) * 0.6, f"the child's figure on it is big enough to see ({figure.size})"
    assert today.contains(figure), "the figure stands on today's stone"
    neighbours = [r for d, r in calendar.day_rects.items() if d != TODAY]
    assert figure.collidelist(neighbours) == -1, "the figure covers no other day"
    assert calendar.busy(), "today's stone breathes while the calendar is fresh"


def _gold_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels in *rect* are star gold, or gold faded over the stone (red well above blue)."""
    count = 0
    area = rect.clip(surface.get_rect())
    for x in range(area.left, area.right, 2):
        for y in range(area.top, area.bottom, 2):
            r, g, b, *_ = surface.get_at((x, y))
            count += r - b > 60 and g - b > 40
    return count


@pytest.mark.parametrize("lang", ["en", "nl", "de", "sv"])
@pytest.mark.parametrize("size", SIZES)
def test_a_missed_day_shows_empty_star_places_and_the_months_are_named(make_app: Any, size: tuple[int, int],
                                                                       lang: str) -> None:
    """A missed day's star places are empty outlines, never pale gold stars that look earned (a parent read
    them as stars won), a played day keeps its gold; and the months shown are named, in the parent's language."""
    from doolhof.gui.kit.text import measuring
    from doolhof.i18n import set_language
    from doolhof.session.progress import StarKeeper

    app = make_app(size)
    keeper = StarKeeper()
    played = TODAY - datetime.timedelta(days=2)
    keeper.solved_daily(played, 1)
    calendar = CalendarScene(app, TODAY, keeper)
    app.push_scene(calendar)
    run(app, 0)
    set_language(lang)
    try:
        missed = TODAY - datetime.timedelta(days=3)
        assert calendar.kind(missed) == "missed" and calendar.kind(played) == "played"
        surface = pygame.Surface(size)
        with measuring() as seen:
            calendar.draw(surface)
        assert _gold_pixels(surface, calendar.stone_rect(missed)) == 0, f"{size}: pale stars on a missed day"
        assert _gold_pixels(surface, calendar.stone_rect(played)) > 0, "the star earned is gold"
        texts = {t.text for t in seen}
        names = {"en": ("November", "December"), "nl": ("november", "december"), "de": ("November", "Dezember"),
                 "sv": ("november", "december")}[lang]
        assert any(all(name.lower() in text.lower() for name in names) and "2026" in text for text in texts), texts
    finally:
        set_language("en")
