"""Every tap target a child or parent can touch is big enough, in every scene, at every window size.

The test walks every scene (setup for the maze and the cards, both play screens in each of their
phases, the puzzle, both tutorials, both end scenes, the parents' menu, settings (with its online page), both rules, the
puzzle book, the hand-over screen, the second copy's notice) at 1280×800, 800×600 and the tall
800×1280, collects the hit rectangle of every control shown (the area a press is taken on, not only
the drawing) and fails when one is narrower or lower than :data:`MINIMUM` asks for that size, when
two overlap (a tap on one must never be a tap on another) or when one is cut by the window's edge.
Another test checks that the parents' layer never draws the undo button over the parents' menu.

Targets are collected generically, so a new button is checked without touching this test: every
visible button of every :class:`~doolhof.gui.kit.widgets.ButtonSet` of the scene and its overlays,
every ``pygame.Rect`` field of the card game's layout but the areas listed in :data:`CARD_AREAS`,
the corner icons shown, the parents' menu and undo buttons, and the scene's own hit areas (arrows,
cells, the book's stones, the rules' page dots, the tutorials' skip button, the puzzle's buttons).
"""

from __future__ import annotations

import dataclasses
import datetime
import os
import random
import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from doolhof.cards import CardGame
from doolhof.engine import Push
from doolhof.engine.puzzles import BOOK, solve
from doolhof.gui.cards.scene import CardPlayScene
from doolhof.gui.kit.widgets import ButtonSet
from doolhof.gui.parents.settings_scene import SettingsScene
from doolhof.gui.play.puzzle import PuzzleOverlay
from doolhof.gui.play.scene import PlayScene
from doolhof.gui.puzzles.calendar import CalendarScene
from doolhof.gui.puzzles.scene import BookScene
from doolhof.gui.rules.scene import RulesScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.online.trouble import Trouble
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.cards.helpers import PEOPLE2, fast, start_cards
from tests.gui.cards.helpers import step_until as card_step_until
from tests.gui.helpers import FRAME, played_out, run, settle, start_play, step_until

#: The smallest side of a tap area (pixels) at each window size (the children's rule, 15 mm or so).
MINIMUM = {(1280, 800): 64, (800, 600): 48, (800, 1280): 64}

#: Rect fields of the card layout that are no tap targets: areas things are drawn in.
CARD_AREAS = {
    "window": "the whole window",
    "table": "the table's area (its cells are checked one by one)",
    "panel": "the side panel's area",
    "turn_box": "the block behind the figure and the pile",
    "portrait": "whose turn it is: shown, not tapped",
    "pile": "the pile: shown, not tapped",
    "hand_box": "the block behind the hand and the take buttons",
    "aside": "where rotate was, empty while taking (the far player's figure then): shown, not tapped",
}

#: Targets allowed to be smaller, with the reason (none today).
EXEMPT: dict[str, str] = {}
#: Targets other targets may lie on, with the reason (those others take the press first).
BACKGROUNDS = {"cards.handover": "the hand-over screen takes a tap anywhere but on the corner icons"}

Target = tuple[str, pygame.Rect]


def button_targets(owner: object, where: str) -> Iterator[Target]:
    """The hit areas of the visible buttons of every ButtonSet *owner* holds."""
    for attr, value in vars(owner).items():
        if isinstance(value, ButtonSet):
            for button in value.items:
                if button.visible and button.rect.w > 0 and button.rect.h > 0:
                    margin = button.hit_margin
                    yield f"{where}.{attr}.{button.name}", button.rect.inflate(2 * margin, 2 * margin)


def scene_targets(app: Any) -> list[Target]:
    """Every tap target on the top scene now, with its hit rectangle."""
    scene = app.scene
    kind = type(scene).__name__
    if isinstance(scene, CardPlayScene) and scene.handover is not None:
        # The hand-over screen: a tap anywhere goes on; only the corner icons stay themselves.
        return [("cards.handover", pygame.Rect((0, 0), app.window_size())), *icon_targets(scene, "cards"),
                *layer_targets(app)]
    found = [t for t in button_targets(scene, kind)
             if not (".note_buttons." in t[0] and not getattr(scene, "notes", None))]  # only while a note shows
    if getattr(scene, "invitation", None) is not None:  # the join screen's invitation card takes every press
        found = [t for t in found if ".invite_buttons." in t[0]]
    overlays = list(getattr(scene, "overlays", []))
    for overlay in overlays:
        found += button_targets(overlay, type(overlay).__name__)
        skip = getattr(overlay, "skip_hit", None)
        if callable(skip) and not getattr(overlay, "done", False) and getattr(overlay, "step", "") != "done":
            found.append((f"{type(overlay).__name__}.skip", skip()))
        if isinstance(overlay, PuzzleOverlay):  # its buttons take a press a few pixels around them
            found += [(f"puzzle.{name}", rect.inflate(8, 8)) for name, rect in overlay.buttons().items()]
    if isinstance(scene, PlayScene):
        found += play_targets(scene)
    elif isinstance(scene, CardPlayScene):
        found += card_targets(scene)
    elif isinstance(scene, BookScene):
        found.append(("book.home", scene.home_rect))
        found.append(("book.daily", scene.daily_rect.union(scene.flames_rect)))
        found += [(f"book.chapter{k}", r) for k, r in scene.chapter_rects.items()]
        found += [(f"book.stone.{k}", r) for k, r in scene.stone_rects.items()]
        found += [(f"book.child{k}", r) for k, r in scene.child_rects.items()]
    elif isinstance(scene, CalendarScene):
        found.append(("calendar.back", scene.back_rect))
        found += [(f"calendar.{d.isoformat()}", r) for d, r in scene.day_rects.items() if scene.playable(d)]
    elif isinstance(scene, RulesScene):
        found += [(f"rules.dot{k}", r) for k, r in enumerate(scene.dots)]
    elif isinstance(scene, SetupScene) and scene.remove_button.rect.width > 0 and not scene.notes \
            and not scene.replace_card.shown:  # the last seat's held minus
        found.append(("setup.remove", scene.remove_button.rect))
    elif isinstance(scene, SettingsScene) and scene.online.shown:  # the held forget buttons of the online page
        found += [(f"settings.forget{k}", b.rect) for k, b in enumerate(scene.online.forget_buttons)]
    return found + layer_targets(app)


def layer_targets(app: Any) -> list[Target]:
    """The parents' menu button and the undo button, where the layer over the scene has them now."""
    controls = app.controls
    found = []
    if controls.menu.rect.w:
        found.append(("parents.menu", controls.menu.rect))
    if controls.undo_rect.w:
        found.append(("parents.undo", controls.undo_rect))
    return found


def icon_targets(scene: Any, kind: str) -> list[Target]:
    """The corner icons shown now (the menu slot is the parents' layer's, added there)."""
    return [(f"{kind}.icon.{name}", rect) for name, rect in scene.layout.icons.items()
            if name != "menu" and scene.corner_icon(name) is not None]


def play_targets(scene: PlayScene) -> list[Target]:
    """The maze screen: icons, the sliding card, its button, the open arrows or the lit cells."""
    lay = scene.layout
    found = icon_targets(scene, "play")
    if not scene.accepting():
        return found  # the board and the panel take no press now (a puzzle's stars card lies over the panel)
    found += [("play.spare", lay.spare), ("play.rotate", lay.rotate)]
    if scene.game.phase == "push":
        found += [(f"play.arrow.{s}{i}", lay.arrow_hit(s, i)) for s, i in scene.game.legal_arrows()]
    else:
        found += [(f"play.cell{c}", lay.cell_rect(c)) for c in sorted(scene.game.reachable())]
    return found


def card_targets(scene: CardPlayScene) -> list[Target]:
    """The card screen: every rect of its layout but the areas, the hand, icons, and the cells on the table."""
    lay = scene.layout
    found = icon_targets(scene, "cards")
    for field in dataclasses.fields(lay):
        value = getattr(lay, field.name)
        if field.name in CARD_AREAS or field.name == "icons":
            continue
        if isinstance(value, pygame.Rect):
            if field.name in ("take", "done") and scene.game.phase != "take":
                continue  # the take buttons are shown while taking only
            if field.name == "rotate" and scene.game.phase == "take":
                continue
            found.append((f"cards.{field.name}", value))
        elif isinstance(value, tuple) and value and all(isinstance(r, pygame.Rect) for r in value):
            if scene.game.phase != "take":
                found += [(f"cards.{field.name}{k}", r) for k, r in enumerate(value)]
    cells = scene.lit() if scene.game.phase == "place" else scene.game.takeable()
    # A big table shows in part (the view pans): the cells in view are the targets.
    found += [(f"cards.cell{cell}", scene.cell_rect(cell)) for cell in sorted(cells) if scene.camera.in_view(cell)]
    return found


# ----- the scenes ---------------------------------------------------------------------------------
MAZE = TableSetup(seats=(SeatConfig(), SeatConfig()))


def _maze_push(app: Any) -> None:
    start_play(app, MAZE.new_game(seed=3), MAZE)


def _maze_walk(app: Any) -> None:
    scene = start_play(app, MAZE.new_game(seed=3), MAZE)
    scene.game.push(Push("N", 1))
    scene.restore(scene.game)
    settle(app)


def _classic_walk(app: Any) -> None:
    table = TableSetup("classic", (SeatConfig(), SeatConfig(), SeatConfig(), SeatConfig()))
    scene = start_play(app, table.new_game(seed=4), table)
    scene.game.push(Push("W", 3))
    scene.restore(scene.game)
    settle(app)


def _maze_undo(app: Any) -> None:
    table = MAZE
    app.screens.start_game(table.new_game(seed=3), table)
    run(app, 0)
    scene = app.scene
    scene.ambient_time = scene.ambient_until = 0.0
    settle(app)
    arrow = scene.game.legal_arrows()[0]
    from tests.gui.helpers import center, tap

    tap(app, center(scene.arrow_rect(*arrow)))
    settle(app)
    assert app.controls.undo_offered()


def _menu_over_undo(app: Any) -> None:
    _maze_undo(app)
    app.screens.open_parent_menu()
    run(app, 0)


def _tutorial(app: Any) -> None:
    app.settings = dataclasses.replace(app.settings, tutorial_done=False)
    app.screens.start_game(MAZE.new_game(seed=3), MAZE)
    run(app, 0.2)


def _cards_place(app: Any) -> None:
    fast(app)
    scene = start_cards(app, CardGame.new(players=4, seed=11), TableSetup(
        variant="cards", seats=tuple(SeatConfig() for _ in range(4))))
    run(app, 0, [])
    from tests.gui.helpers import center, tap

    tap(app, center(scene.layout.hand[0]))


def _cards_take(app: Any) -> None:
    fast(app)
    game = CardGame.new(players=2, seed=11)
    scene = start_cards(app, game, PEOPLE2)
    for _ in range(40):
        place = next((p for p in game.legal_places() if _joins(game, p)), None)
        if place is not None:
            break
        game.place(game.legal_places()[0])
        if game.phase == "take":
            game.take(frozenset())
    assert place is not None
    game.place(place)
    scene.restore(game)
    assert card_step_until(app, lambda: scene.accepting() and game.phase == "take")


def _cards_late(app: Any) -> None:
    """Late in a game: the table is big, so the camera shows its cells smallest."""
    fast(app)
    game = CardGame.new(players=2, seed=12)
    rng = random.Random(12)
    while len(game.table) < 46 and not game.is_over():
        game.place(rng.choice(game.legal_places()))
        if game.phase == "take":
            game.take(frozenset())
    scene = start_cards(app, game, PEOPLE2)
    settle(app)
    from tests.gui.helpers import center, tap

    tap(app, center(scene.layout.hand[0]))


def _cards_long(app: Any) -> None:
    """A long, thin late table: fitted whole, its cells would be far under a fingertip."""
    from doolhof.cards import Card

    fast(app)
    table = {(x, 0): (Card.from_text("2367:"), 0) for x in range(34)}
    hands = [[Card.from_text("2367:"), Card.from_text("67:")], [Card.from_text("2367:")]]
    game = CardGame.from_position(table=table, hands=hands, pile=[], current_player=0)
    scene = start_cards(app, game, PEOPLE2)
    from tests.gui.helpers import center, tap

    tap(app, center(scene.layout.hand[0]))
    settle(app)
    assert scene.camera.side >= MINIMUM.get(app.window_size(), 48)
    assert any(scene.camera.in_view(c) for c in scene.lit()), "the view shows where the card fits"


def _joins(game: CardGame, place: Any) -> bool:
    trial = game.copy()
    trial.place(place)
    return trial.phase == "take"


def _cards_tutorial(app: Any) -> None:
    app.settings = dataclasses.replace(app.settings, cards_tutorial_done=False)
    fast(app)
    app.screens.start_game(CardGame.new(players=2, seed=11), PEOPLE2)
    run(app, 0.2)


def _handover(app: Any) -> None:
    app.settings = dataclasses.replace(app.settings, hidden_hands=True)
    fast(app)
    scene = start_cards(app, CardGame.new(players=2, seed=11), PEOPLE2)
    assert card_step_until(app, lambda: scene.handover is not None)


def _setup(app: Any, variant: str = "junior") -> None:
    app.push_scene(app.screens.setup_scene(TableSetup(variant=variant, seats=(SeatConfig(), SeatConfig()))))
    run(app, 0)


def _setup_six(app: Any) -> None:
    """The card game's setup with six seats, computers among them (every seat card shows all three buttons)."""
    seats = tuple(SeatConfig("computer", "clever") if k % 2 else SeatConfig() for k in range(6))
    app.push_scene(app.screens.setup_scene(TableSetup(variant="cards", seats=seats)))
    run(app, 0)


def _notice(app: Any) -> None:
    app.push_scene(app.screens.notice_scene(lambda: "Doolhof is already open on this computer."))
    run(app, 0)


def _setup_waiting(app: Any) -> None:
    app.screens.start_game(MAZE.new_game(seed=3), MAZE)
    run(app, 0)
    app.screens.leave_to_setup()
    run(app, 0)
    assert app.scene.saved_game is not None


def _end(app: Any) -> None:
    table = TableSetup(seats=(SeatConfig(), SeatConfig()), secrets=2)
    app.push_scene(app.screens.end_scene(played_out(table, 5), table))
    run(app, 1.0)


def _online_end(app: Any) -> None:
    table = TableSetup(seats=(SeatConfig(), SeatConfig()), secrets=2)
    scene = app.screens.end_scene(played_out(table, 5), table)
    scene.online = True  # after an online game: only the way back to setup
    app.push_scene(scene)
    run(app, 1.0)


def _away(app: Any, game: str = "maze") -> None:
    import argparse

    from doolhof.gui.screenshot import build_away_scene

    args = argparse.Namespace(game=game, players=3, variant="junior", seed=3)
    app.push_scene(build_away_scene(app.screens, args))
    run(app, 2.0)


def _cards_end(app: Any) -> None:
    game = CardGame.new(players=3, seed=5)
    while not game.is_over():
        game.place(game.legal_places()[0])
        if game.phase == "take":
            game.take(frozenset())
    app.push_scene(app.screens.end_scene(game, TableSetup(variant="cards", seats=(SeatConfig(),) * 3)))
    run(app, 1.0)


def _menu(app: Any) -> None:
    _maze_push(app)
    app.push_scene(app.screens.parent_menu(from_game=True))
    run(app, 0)


def _settings(app: Any) -> None:
    app.push_scene(app.screens.settings_scene())
    run(app, 0)


def _settings_on(app: Any) -> None:
    """Online play on: its row shows the button to the page of the relay and the remembered computers."""
    app.settings = dataclasses.replace(app.settings, online=True)
    _settings(app)


def _settings_online(app: Any) -> None:
    """The online page with a tested address and as many remembered computers as it shows."""
    from doolhof.gui.parents.online_page import MOST_SHOWN
    from doolhof.online import store
    from doolhof.online.client import Friend

    for k in range(MOST_SHOWN + 1):
        store.remember(Friend(f"device{k}", k % 6, bytes(32)))
    app.settings = dataclasses.replace(app.settings, online=True, relay="relay.example.org:1883")
    _settings(app)
    app.scene.open_online()
    app.scene.online.said = ("no", "nothing answers at relay.example.org:1883: the relay is not running there")
    run(app, 0)


def _rules(app: Any, game: str = "maze") -> None:
    app.push_scene(app.screens.rules_scene(1, game=game))
    run(app, 0)


def _puzzle_solved(app: Any) -> None:
    """A puzzle just solved: the stars card with its buttons (again, next, the book)."""
    from tests.gui.helpers import center, tap

    app.push_scene(app.screens.puzzle_scene_for(BOOK[0], tutorial=False))
    run(app, 0.2)
    scene = app.scene
    solution = solve(scene.game, max_turns=3)
    assert solution is not None
    for push, cell in solution.steps:
        settle(app)
        for _ in range(push.rotation % 4):
            tap(app, center(scene.spare_rect()))
        settle(app)
        tap(app, center(scene.arrow_rect(push.side, push.index)))
        settle(app)
        tap(app, center(scene.cell_rect(cell)))
    overlay = scene.puzzle_overlay
    assert overlay is not None
    assert step_until(app, lambda: overlay.showing == "stars" and bool(overlay.buttons()))


def _online(app: Any) -> None:
    app.settings = dataclasses.replace(app.settings, online=True, relay="127.0.0.1:1")


def _setup_far(app: Any) -> None:
    """The setup screen with online play on: a seat far away, Join beside Play."""
    _online(app)
    _setup_waiting(app)  # Continue too: the bottom row at its fullest
    scene = app.scene
    if scene.slots[1].is_computer:
        scene.toggle_kind(1)  # the computer becomes a person, who plays far away
    scene.toggle_place(1)
    assert scene.far_seats() and scene.join_button.visible and scene.place_buttons[0].visible
    run(app, 0)


def _setup_far_game(app: Any) -> None:
    """The setup screen at its fullest with a waiting online game beside Join (and Continue, a seat far away)."""
    from doolhof.online import store
    from doolhof.online.room import started_here

    host, _ = started_here(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}))
    store.save_room(host.to_dict())
    _setup_far(app)
    assert [b.visible for b in app.scene.online_game_buttons] == [True]


def _setup_far_front(app: Any) -> None:
    """After a restart: the waiting online game is the big Continue's, its far figure on it; another one waits beside
    Join (and four seats, one far away: the minus on the last)."""
    from doolhof.online import store
    from doolhof.online.room import started_here

    for k, variant in enumerate(("cards", "junior")):  # the maze game last: the newest
        host, _ = started_here(TableSetup(variant, (SeatConfig(), SeatConfig())), frozenset({1}), f"frontroom{k}")
        store.save_room(host.to_dict())
        stamp = time.time() - 60 + k
        os.utime(store.folder() / "rooms" / f"frontroom{k}.json", (stamp, stamp))
    _online(app)
    app.push_scene(app.screens.setup_scene())
    scene = app.scene
    scene.tap_figure(3)
    scene.toggle_place(2)
    assert scene.offered_online() is not None and scene.continue_button.visible
    assert [b.visible for b in scene.online_game_buttons] == [False, True]
    run(app, 0)


def _online_sample(app: Any, name: str) -> None:
    from doolhof.gui.online.samples import SAMPLES

    _online(app)
    app.push_scene(SAMPLES[name](app))
    run(app, 0)


def _invite_trouble(app: Any) -> None:
    _online_sample(app, "invite")
    app.scene.fail(Trouble.EXPIRED)
    run(app, 0)


def _join_wrong(app: Any) -> None:
    _online_sample(app, "join")
    app.scene.chosen += ["moon", "moon", "moon"]  # as if tried and refused (no network here)
    app.scene._fail(Trouble.WRONG_CODE)
    run(app, 0)


def _join_invited(app: Any) -> None:
    _online_sample(app, "join")
    app.scene.invitation = (None, 2)
    app.scene.sync()
    run(app, 0)


def _book(app: Any) -> None:
    app.push_scene(app.screens.book_scene())
    run(app, 0)


def _calendar(app: Any) -> None:
    app.push_scene(app.screens.calendar_scene(datetime.date(2026, 12, 2)))
    run(app, 0)


def _puzzle(app: Any) -> None:
    app.push_scene(app.screens.puzzle_scene_for(BOOK[3], tutorial=False))
    run(app, 0.2)


SCENES = {
    "setup": _setup,
    "setup_cards": lambda app: _setup(app, "cards"),
    "setup_six": _setup_six,
    "setup_waiting": _setup_waiting,
    "maze_push": _maze_push,
    "maze_walk": _maze_walk,
    "classic_walk": _classic_walk,
    "maze_undo": _maze_undo,
    "menu_over_undo": _menu_over_undo,
    "tutorial": _tutorial,
    "cards_place": _cards_place,
    "cards_take": _cards_take,
    "cards_late": _cards_late,
    "cards_long": _cards_long,
    "cards_tutorial": _cards_tutorial,
    "handover": _handover,
    "end": _end,
    "cards_end": _cards_end,
    "online_end": _online_end,
    "away": _away,
    "away_cards": lambda app: _away(app, "cards"),
    "menu": _menu,
    "settings": _settings,
    "settings_on": _settings_on,
    "settings_online": _settings_online,
    "notice": _notice,
    "rules": _rules,
    "rules_cards": lambda app: _rules(app, "cards"),
    "book": _book,
    "calendar": _calendar,
    "puzzle": _puzzle,
    "puzzle_solved": _puzzle_solved,
    "setup_far": _setup_far,
    "setup_far_game": _setup_far_game,
    "setup_far_front": _setup_far_front,
    "invite": lambda app: _online_sample(app, "invite"),
    "invite_trouble": _invite_trouble,
    "join": lambda app: _online_sample(app, "join"),
    "join_wrong": _join_wrong,
    "join_invited": _join_invited,
    "lobby": lambda app: _online_sample(app, "lobby"),
}


def too_small(targets: list[Target], minimum: int) -> list[str]:
    """The targets narrower or lower than *minimum*, described."""
    return [f"{name} {r.w}x{r.h}" for name, r in targets
            if name not in EXEMPT and (r.w < minimum or r.h < minimum)]


@pytest.mark.parametrize("size", list(MINIMUM))
@pytest.mark.parametrize("name", list(SCENES))
def test_every_tap_target_is_big_enough(make_app: Any, name: str, size: tuple[int, int]) -> None:
    app = make_app(size)
    SCENES[name](app)
    app.step([], FRAME)
    targets = scene_targets(app)
    assert targets, "every scene has something to tap"
    small = too_small(targets, MINIMUM[size])
    assert not small, f"{name} at {size}: below {MINIMUM[size]} px: {small}"
    assert not overlapping(targets), f"{name} at {size}: targets on top of each other: {overlapping(targets)}"
    window = pygame.Rect(0, 0, *size)
    cut = [n for n, r in targets if r.clip(window).size != r.size]
    assert not cut, f"{name} at {size}: targets reaching out of the window: {cut}"


def overlapping(targets: list[Target]) -> list[str]:
    """Pairs of targets whose hit areas overlap (a press there would be on two controls)."""
    clash = []
    for k, (name, rect) in enumerate(targets):
        for other, rect2 in targets[k + 1:]:
            if rect.colliderect(rect2) and name not in BACKGROUNDS and other not in BACKGROUNDS:
                clash.append(f"{name} & {other}")
    return clash


@pytest.mark.parametrize("size", list(MINIMUM))
def test_the_undo_button_is_never_drawn_over_the_parents_menu(make_app: Any, size: tuple[int, int],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from doolhof.gui.parents import menu as menu_module
    from doolhof.gui.parents.menu import ParentMenuScene
    from tests.gui.helpers import open_menu

    app = make_app(size)
    _maze_undo(app)
    drawn: list[object] = []
    real = menu_module.draw_undo_button

    def recording(*args: Any, **kw: Any) -> None:
        drawn.append(app.scene)
        real(*args, **kw)

    monkeypatch.setattr(menu_module, "draw_undo_button", recording)
    app.request_redraw()
    app.step([], FRAME)
    assert drawn, "the undo button shows over the game"
    drawn.clear()
    open_menu(app)  # the hold opens the menu in the middle of a frame
    run(app, 0.5)
    assert isinstance(app.scene, ParentMenuScene)
    assert not [s for s in drawn if isinstance(s, ParentMenuScene)], "undo was drawn over the menu"
