"""The setup screen keeps what a family chose, and no tap takes it away.

- A tap on a face never takes a player away: the last seat's round minus, held, does; a free seat's plus adds a
  person. Only the switch (the person and the robot) makes a person a computer, never a tap on the word. The
  minus covers no part of a figure.
- The number of secrets is one choice (- and + beside the number, nothing else sets it).
- What was set up comes back after the puzzle book, after a game of the other kind, after a restart.
- Far away is a choice of its own (the place switch under a person), never one more step of person and
  computer, and the host's far seat is kept after a restart.
- After a restart or a hard kill the waiting online game is what the big Continue offers, the far figure on it.

Each at 1280x800, 800x600 and 800x1280, by mouse and by finger.
"""

from __future__ import annotations

import os
import time
from dataclasses import replace
from typing import Any

import pygame
import pytest

from doolhof.gui.puzzles.scene import BookScene
from doolhof.gui.setup import buttons as setup_buttons
from doolhof.gui.setup import scene as setup_scene
from doolhof.gui.setup.scene import SetupScene
from doolhof.session.savegame import SavedGame, save_game
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from doolhof.session.settings import load_settings
from tests.gui.helpers import center, hold, open_setup, run, tap, tap_by, touch_tap

SIZES = [(1280, 800), (800, 600), (800, 1280)]
RELAY = "127.0.0.1:1"  # online play on; nothing here connects


def restart(make_app: Any, size: tuple[int, int] = (1280, 800)) -> Any:
    """The program started again on the same folder: its settings read from the file, as the launch does."""
    app = make_app(size)
    app.settings = replace(load_settings().settings, tutorial_done=True, cards_tutorial_done=True)
    return app


def online(app: Any) -> None:
    """A parent turned online play on (kept in the settings file, as the settings screen does)."""
    app.change_settings(online=True, relay=RELAY)


# ----- faces, plus and minus ------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by_finger", [False, True])
def test_a_tap_on_a_face_never_takes_a_player_away(make_app: Any, size: tuple[int, int], by_finger: bool) -> None:
    app = make_app(size)
    scene = open_setup(app)
    tap_by(app, center(scene.figure_buttons[2].rect), by_finger)
    assert scene.count == 3, "a free seat's plus adds it"
    for _ in range(2):
        for k in range(3):
            tap_by(app, center(scene.figure_buttons[k].rect), by_finger)
            assert scene.count == 3, f"a tap on face {k} took a player away"
    # The minus on the last seat: a tap only wiggles it (its ring starts to fill, then falls back).
    minus = scene.remove_button.rect.copy()
    assert minus.width >= 48 and scene.seat_cards[2].contains(minus)
    assert not minus.colliderect(scene.figure_buttons[2].rect), "the minus is no part of the face"
    tap_by(app, center(minus), by_finger)
    assert scene.count == 3 and scene.remove_button.wiggle > 0 and scene.remove_button.ring_shown()
    run(app, 1.0)
    hold(app, center(minus), setup_scene.REMOVE_HOLD + 0.1, by_finger=by_finger)
    assert scene.count == 2, "held, the minus takes the last seat away"
    # The finger stays where it was and taps again: nothing there now (that seat's face area leaves the corner out).
    tap_by(app, center(minus), by_finger)
    assert scene.count == 2 and scene.remove_button.rect.width == 0, "two seats: no minus, and no tap adds one"
    tap_by(app, center(scene.figure_buttons[2].rect), by_finger)
    assert scene.count == 3 and scene.table().seats[2] == SeatConfig("person"), "added back as it was"


def word_spots(button: Any) -> list[tuple[int, int]]:
    """Where a child's finger lands on a seat's person/computer row by its word: the word, the plate's corners."""
    words = button.label_box()[0]
    area = getattr(button, "area", button.rect)
    spots = [center(words), (area.x + 3, area.y + 3)]
    if words.bottom >= area.bottom - 4:  # the word beside the switch: all down the row's side
        spots.append((area.x + 3, area.bottom - 4))
    return spots


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by_finger", [False, True])
@pytest.mark.parametrize("variant", ["junior", CARDS])
def test_only_the_switch_makes_a_person_a_computer(make_app: Any, size: tuple[int, int], by_finger: bool,
                                                    variant: str) -> None:
    app = make_app(size)
    scene = open_setup(app)
    scene.set_variant(variant)
    tap_by(app, center(scene.figure_buttons[scene.max_seats() - 1].rect), by_finger)  # every seat in play
    least = min(size) * 64 // 800 if min(size) < 800 else 64
    for k in range(scene.count):
        button = scene.kind_buttons[k]
        before = scene.slots[k]
        for spot in word_spots(button):
            tap_by(app, spot, by_finger)
            run(app, 0.6)
            assert scene.slots[k] == before, f"seat {k} at {size}: a tap on its word {spot} switched it"
        switch = button.rect
        assert min(switch.size) >= least and button.area.contains(switch), f"seat {k}: a fingertip switch"
        assert not any(switch.collidepoint(spot) for spot in word_spots(button)), "the word is no part of the switch"
        _track, person, robot = button.knob_rects()
        assert switch.contains(person) and switch.contains(robot) and not person.colliderect(robot), \
            "the switch shows both: the person and the robot"
        tap_by(app, center(switch), by_finger)
        run(app, 0.6)
        assert scene.slots[k].is_computer != before.is_computer, f"seat {k}: the switch switches"
        tap_by(app, center(switch), by_finger)
        run(app, 0.6)
        assert scene.slots[k] == before, f"seat {k}: and back"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by_finger", [False, True])
@pytest.mark.parametrize("variant", ["junior", CARDS])
def test_a_free_seats_plus_adds_a_person(make_app: Any, size: tuple[int, int], by_finger: bool,
                                         variant: str) -> None:
    app = make_app(size)
    online(app)
    scene = open_setup(app)
    scene.set_variant(variant)
    assert scene.count == 2
    last = scene.max_seats() - 1
    tap_by(app, center(scene.figure_buttons[last].rect), by_finger)
    assert scene.count == last + 1
    added = scene.table().seats[2:]
    assert added == tuple(SeatConfig("person", seat.level) for seat in added), \
        f"the plus added the child next to you, not a computer: {added}"
    # The last seat made a computer far away ... no: a computer, then taken away; its plus brings a person back.
    run(app, 0.6)
    tap_by(app, center(scene.kind_buttons[last].rect), by_finger)
    assert scene.slots[last].is_computer
    run(app, 1.0)
    hold(app, center(scene.remove_button.rect), setup_scene.REMOVE_HOLD + 0.1, by_finger=by_finger)
    assert scene.count == last
    run(app, 1.0)
    tap_by(app, center(scene.figure_buttons[last].rect), by_finger)
    assert scene.count == last + 1 and not scene.slots[last].is_computer and last not in scene.far_seats()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", ["junior", CARDS])
def test_the_minus_covers_no_figure(make_app: Any, size: tuple[int, int], variant: str) -> None:
    """The last seat's round minus (and its rim) lies on no pixel of that seat's figure, whichever figure it plays:
    no ear, hat or petal under it."""
    app = make_app(size)
    scene = open_setup(app)
    scene.set_variant(variant)
    last = scene.max_seats() - 1
    tap(app, center(scene.figure_buttons[last].rect))
    minus = scene.remove_button.rect
    assert minus.width > 0
    radius = minus.width // 2 + max(2, minus.width // 16)  # as the screen draws its rim
    disc = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
    pygame.draw.circle(disc, (0, 0, 0, 255), (radius, radius), radius)
    disc_mask = pygame.mask.from_surface(disc)
    for look in range(6):
        other = scene.figures.index(look)
        scene.figures[other], scene.figures[last] = scene.figures[last], look
        scene.sync()
        run(app)
        layer = pygame.Surface(size, pygame.SRCALPHA)
        scene.figure_buttons[last].draw(layer, app.art)
        drawn = pygame.mask.from_surface(layer, 40)
        assert drawn.count() > 0, f"figure {look} is drawn"
        hit = drawn.overlap(disc_mask, (minus.centerx - radius, minus.centery - radius))
        assert hit is None, f"{variant} at {size}: the minus covers figure {look} at {hit}"


# ----- the secrets ----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_number_of_secrets_is_one_choice(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    scene = open_setup(app)
    panel = scene.panels["secrets"]
    inside = {b.name for b in scene.buttons.items if b.visible and b.rect.width > 0 and panel.colliderect(b.rect)}
    assert inside == {"minus", "plus"}, f"one choice, not two: {sorted(inside)}"
    seen = [scene.effective_secrets()]
    while scene.minus_button.enabled:
        tap(app, center(scene.minus_button.rect))
        seen.append(scene.effective_secrets())
    assert seen == list(range(12, 0, -1)), "every number, the first-game half among them, one step at a time"


# ----- remembered -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by_finger", [False, True])
def test_a_card_table_set_up_is_there_after_the_puzzle_book(make_app: Any, size: tuple[int, int],
                                                           by_finger: bool) -> None:
    app = make_app(size)
    scene = open_setup(app)
    tap_by(app, center(scene.variant_buttons[CARDS].rect), by_finger)
    tap_by(app, center(scene.figure_buttons[2].rect), by_finger)
    tap_by(app, center(scene.kind_buttons[2].rect), by_finger)  # the third seat: the computer ...
    tap_by(app, center(scene.kind_buttons[2].rect), by_finger)  # ... no: a second child
    tap_by(app, center(scene.kind_buttons[1].rect), by_finger)  # and the second seat a child too
    chosen = scene.table()
    assert chosen == TableSetup(CARDS, (SeatConfig("person"), SeatConfig("person", "gentle"), SeatConfig("person")))
    tap_by(app, center(scene.puzzle_button.rect), by_finger)
    book = app.scene
    assert isinstance(book, BookScene)
    run(app, 0.2)
    tap_by(app, center(book.home_rect), by_finger)
    back = app.scene
    assert isinstance(back, SetupScene) and back is not scene
    assert back.table() == chosen, "the book visit kept the card table"
    # ... and a restart too.
    again = open_setup(restart(make_app, size))
    assert again.table() == chosen


def test_each_kind_of_game_keeps_its_own_table(make_app: Any) -> None:
    app = make_app()
    app.options.seed = 3
    scene = open_setup(app)
    for _ in range(6):
        tap(app, center(scene.minus_button.rect))
    tap(app, center(scene.play_button.rect))  # a Junior game with 6 secrets
    run(app)
    app.screens.leave_to_setup()
    run(app)
    scene = app.scene
    tap(app, center(scene.variant_buttons[CARDS].rect))
    tap(app, center(scene.figure_buttons[2].rect))
    tap(app, center(scene.play_button.rect))  # a card game for three
    run(app)
    app.screens.leave_to_setup()
    run(app)
    scene = app.scene
    assert scene.is_cards and scene.count == 3
    tap(app, center(scene.variant_buttons["junior"].rect))
    waiting = scene.saved_game
    assert waiting is not None and waiting.table.secrets == 6
    assert scene.effective_secrets() == 6 and scene.count == 2, "Junior shows how its waiting game was set up"
    tap(app, center(scene.variant_buttons[CARDS].rect))
    assert scene.count == 3, "and the card table its three seats"
    restarted = open_setup(restart(make_app))
    assert restarted.is_cards and restarted.count == 3
    restarted.set_variant("junior")
    assert restarted.effective_secrets() == 6


def test_settings_from_before_the_memory_show_the_waiting_games_table(make_app: Any) -> None:
    """A settings file holding only the last table played (a card game) and a 6-secret Junior game waiting."""
    junior = TableSetup("junior", (SeatConfig(), SeatConfig("computer", "gentle")), 6)
    save_game(SavedGame(junior.new_game(1), junior, saved_at=time.time() - 100))
    app = make_app()
    app.settings = replace(app.settings, table=TableSetup(CARDS, (SeatConfig(), SeatConfig(), SeatConfig())))
    assert getattr(app.settings, "setup", None) is None
    scene = open_setup(app)
    scene.set_variant("junior")
    assert scene.effective_secrets() == 6


def test_a_damaged_memory_gives_defaults_part_by_part() -> None:
    from doolhof.session.setup_memory import SetupMemory

    memory = SetupMemory.from_dict({"variant": "chess", "slots": [{"kind": "robot"}, 7], "counts": [9, 3],
                                    "secrets": 99, "first_player": -1, "far": [1, "x", 40], "at": "soon"})
    assert memory.variant == "junior" and memory.slots[0] == SeatConfig() and memory.counts == (2, 3)
    assert memory.secrets is None and memory.first_player == 0 and memory.marked_far == frozenset({1})
    assert memory.at == 0
    kept = SetupMemory().with_table(TableSetup(CARDS, (SeatConfig(),) * 5), far_seats=(3,), at=5.0)
    assert SetupMemory.from_dict(kept.to_dict()) == kept


# ----- far away -------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_far_away_is_a_choice_of_its_own(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    online(app)
    scene = open_setup(app)
    kinds = []
    for _ in range(5):  # person, computer, person ...: the switch never lands on far away
        tap(app, center(scene.kind_buttons[1].rect))
        kinds.append(scene.kind_buttons[1].word())
        assert scene.far_seats() == frozenset() and scene.play_button.label() == "Play!"
    assert kinds == ["Person", "Computer", "Person", "Computer", "Person"]
    place = scene.place_buttons[1]
    assert place.visible and place.word() == "Here" and min(place.rect.size) >= 48
    assert not scene.place_buttons[1].rect.colliderect(scene.kind_buttons[1].rect)
    touch_tap(app, center(place.rect))
    assert scene.far_seats() == frozenset({1}) and place.word() == "Far away"
    assert scene.play_button.label() == "Invite" and scene.play_button.icon == "globe"
    run(app, 0.6)  # the mouse is heard again after a finger (kit/pointer.MOUSE_QUIET)
    tap(app, center(scene.kind_buttons[1].rect))
    assert scene.far_seats() == frozenset() and not place.visible, "a computer is never far away"
    assert scene.play_button.label() == "Play!"
    tap(app, center(scene.kind_buttons[1].rect))
    assert scene.far_seats() == frozenset({1}), "back a person, still far away"


@pytest.mark.parametrize("size", SIZES)
def test_the_hosts_far_seat_is_kept_after_a_restart(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    online(app)
    scene = open_setup(app)
    tap(app, center(scene.kind_buttons[1].rect))
    tap(app, center(scene.place_buttons[1].rect))
    invited: list[Any] = []
    app.screens.open_invite = lambda table, far_seats, figure: invited.append((table, far_seats))
    tap(app, center(scene.play_button.rect))
    assert invited and invited[0][1] == frozenset({1})
    restarted = open_setup(restart(make_app, size))
    assert restarted.far_seats() == frozenset({1})
    assert restarted.kind_buttons[1].word() == "Person" and restarted.place_buttons[1].word() == "Far away"
    assert restarted.play_button.label() == "Invite"


# ----- the waiting online game ----------------------------------------------------------------------
def keep_online_game(variant: str = "junior", room_id: str = "waitingroom1", age: float = 0.0) -> None:
    """An online game started with the far side (seat 1), kept in this computer's online memory *age* s ago."""
    from doolhof.online import store
    from doolhof.online.room import started_here

    host, _ = started_here(TableSetup(variant, (SeatConfig(), SeatConfig())), frozenset({1}), room_id)
    store.save_room(host.to_dict())
    stamp = time.time() - age
    os.utime(store.folder() / "rooms" / f"{room_id}.json", (stamp, stamp))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by_finger", [False, True])
def test_after_a_restart_the_big_button_continues_the_waiting_online_game(make_app: Any, size: tuple[int, int],
                                                                          by_finger: bool,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    first = make_app(size)
    online(first)
    # The child's computer had a card table chosen last before the grandparent's invitation came (and the hard
    # kill came during the online Junior game: nothing was written at its end).
    first.change_settings(table=TableSetup(CARDS, (SeatConfig(), SeatConfig())))
    keep_online_game()
    app = restart(make_app, size)
    drawn: list[int] = []
    real = getattr(setup_buttons, "draw_far_figure", None)

    def recording(surface: Any, area: Any, figure: int, art: Any, alone: bool = False) -> None:
        drawn.append(figure)
        if real is not None:
            real(surface, area, figure, art, alone)

    monkeypatch.setattr(setup_buttons, "draw_far_figure", recording, raising=False)
    scene = open_setup(app)
    scene.draw(app.screen)
    assert scene.variant == "junior", "the game played last brings its kind to the front"
    assert scene.continue_button.visible
    cont, play = scene.continue_button.rect, scene.play_button.rect
    assert cont.width * cont.height > play.width * play.height, "Continue is the big button"
    assert scene.play_button.label() == "New game"
    assert scene.offered()[1] == 1 and drawn and set(drawn) == {1}, "the far figure is on it"
    assert not any(b.visible for b in scene.online_game_buttons), "offered once"
    assert scene.variant_buttons["junior"].waiting_here(), "its game card carries the again arrow"
    resumed: list[Any] = []
    app.screens.resume_online = lambda kept: resumed.append(kept) or True
    tap_by(app, center(cont), by_finger)
    assert [kept["room"] for kept in resumed] == ["waitingroom1"]


def test_a_game_of_this_computer_played_later_keeps_the_big_button(make_app: Any) -> None:
    keep_online_game(age=300)
    junior = TableSetup("junior", (SeatConfig(), SeatConfig("computer", "gentle")))
    game = junior.new_game(2)
    save_game(SavedGame(game, junior))
    app = make_app()
    online(app)
    scene = open_setup(app)
    assert scene.offered_online() is None and scene.offered()[0] is not None and scene.offered()[1] is None
    (side,) = [b for b in scene.online_game_buttons if b.visible]
    assert side.figure == 1 and min(side.rect.size) >= 64, "the online game waits beside Join"
    started: list[Any] = []
    app.screens.start_game = lambda g, table, undo=None, kept=None: started.append(g)
    tap(app, center(scene.continue_button.rect))
    assert started == [game]


def test_nothing_online_shows_while_online_play_is_off(make_app: Any) -> None:
    keep_online_game()
    scene = open_setup(make_app())
    assert not scene.continue_button.visible and scene.play_button.label() == "Play!"
    assert not any(b.visible for b in scene.online_game_buttons) and not any(b.visible for b in scene.place_buttons)


def test_the_choices_are_kept_when_the_window_closes_on_the_setup_screen(make_app: Any,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The program's own way in and out (gui.launch.run): a 3-seat card table set up, the window closed."""
    import argparse
    import contextlib
    import logging

    from doolhof.gui import launch
    from doolhof.gui.app import App

    def set_up_and_close(app: Any) -> None:
        scene = app.scene
        assert isinstance(scene, SetupScene)
        scene.set_variant(CARDS)
        scene.tap_figure(2)  # nothing is left: no book, no game, the window's cross

    monkeypatch.setattr(App, "run", set_up_and_close)
    root = logging.getLogger()
    handlers = list(root.handlers)
    try:
        launch.run(argparse.Namespace(size=(1280, 800), fullscreen=False, mute=True, lang="en"))
    finally:
        for handler in [h for h in root.handlers if h not in handlers]:  # the log file launch started
            root.removeHandler(handler)
            with contextlib.suppress(OSError):
                handler.close()
    kept = load_settings().settings.setup
    assert kept is not None and kept.table().is_cards and len(kept.table().seats) == 3
