"""The parents' menu: only a two-second hold opens it; it offers back, settings, rules, new game,
full screen and quit (which saves first)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from doolhof.gui.kit.hold_button import HOLD_SECONDS, HoldButton
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.parents.menu import ParentMenuScene
from doolhof.gui.parents.settings_scene import SettingsScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.session import savegame
from tests.gui.family import person_push, start_game, table_of
from tests.gui.helpers import center, finger, hold, mouse, open_menu, run, step_until, tap


def test_hold_button_alone() -> None:
    fired: list[int] = []
    button = HoldButton(lambda: fired.append(1))
    button.rect.update(10, 10, 40, 40)
    assert button.handle(PointerEvent("down", (20, 20)))
    button.update(1.0)
    assert 0.45 < button.progress < 0.55 and not fired
    button.handle(PointerEvent("up", (20, 20)))
    assert not fired and button.wiggle > 0, "released early: a wiggle, nothing else"
    button.update(1.0)
    assert not button.busy()
    button.handle(PointerEvent("down", (20, 20)))
    button.handle(PointerEvent("move", (200, 200)))
    button.update(3.0)
    assert not fired, "sliding off cancels the hold"
    assert not button.handle(PointerEvent("down", (200, 200))), "a press elsewhere is not taken"
    button.handle(PointerEvent("down", (20, 20)))
    for _ in range(25):
        button.update(0.1)
    assert fired == [1], "fires once after the hold, however long the finger stays"
    button.handle(PointerEvent("up", (20, 20)))
    assert button.wiggle == 0


@pytest.mark.parametrize("where", ["play", "setup"])
def test_short_tap_wiggles_and_a_two_second_hold_opens(make_app: Any, where: str) -> None:
    app = make_app()
    if where == "play":
        scene = start_game(app, table_of("person", "computer"))
        assert app.controls.menu.rect == scene.layout.icons["menu"]
    else:
        scene = SetupScene(app)
        app.push_scene(scene)
        run(app)
        assert app.controls.menu.rect == scene.parent_menu_rect
    pos = center(app.controls.menu.rect)
    tap(app, pos)
    assert app.scene is scene and app.controls.menu.wiggle > 0, "a tap only wiggles"
    hold(app, pos, 1.5)
    assert app.scene is scene, "1.5 seconds is not enough"
    hold(app, pos, HOLD_SECONDS + 0.1, release=False)
    assert isinstance(app.scene, ParentMenuScene), "two seconds open the menu"
    run(app, 0, [mouse("up", pos)])
    assert isinstance(app.scene, ParentMenuScene)


def test_the_ring_fills_while_holding(make_app: Any) -> None:
    app = make_app()
    start_game(app, table_of("person", "computer"))
    pos = center(app.controls.menu.rect)
    hold(app, pos, 1.0, release=False)
    assert 0.4 < app.controls.menu.progress < 0.6
    assert app.controls.busy() and not app.is_idle(), "frames are drawn while the ring fills"
    run(app, 0, [mouse("up", pos)])


def test_holding_does_not_touch_the_game(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "computer"))
    before = scene.game.copy()
    menu = open_menu(app)
    tap(app, center(menu.back_button.rect))
    assert app.scene is scene and scene.game == before


def test_the_game_waits_while_the_menu_is_open(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "computer"))
    person_push(app, scene)
    walk = next(iter(scene.game.reachable()))
    tap(app, center(scene.cell_rect(walk)))
    open_menu(app)
    frozen = scene.game.copy()
    assert not frozen.is_over()
    run(app, 5.0)
    assert scene.game == frozen, "the computer waits for the parent"
    app.pop_scene()
    assert step_until(app, lambda: scene.game != frozen, limit=5.0), "and plays on when the menu closes"


def test_new_game_goes_to_setup_and_keeps_the_game_saved(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "computer"))
    person_push(app, scene)
    menu = open_menu(app)
    assert menu.new_game_button.visible
    tap(app, center(menu.new_game_button.rect))
    setup = app.scene
    assert isinstance(setup, SetupScene) and len(app.scenes) == 1
    assert setup.continue_button.visible, "the game can still be continued"
    saved = savegame.load_game().game
    assert saved is not None and saved.game == scene.game


def test_quit_from_the_menu_saves_and_leaves(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "computer"))
    person_push(app, scene)
    savegame.clear_game()
    menu = open_menu(app)
    tap(app, center(menu.quit_button.rect))
    assert not app.running
    saved = savegame.load_game().game
    assert saved is not None and saved.game == scene.game


def test_leaving_full_screen_is_in_the_menu(make_app: Any) -> None:
    app = make_app()
    app.toggle_fullscreen()
    assert app.fullscreen
    setup = SetupScene(app)
    app.push_scene(setup)
    run(app)
    assert not setup.fullscreen_button.visible, "the setup screen cannot leave full screen with a tap"
    menu = open_menu(app)
    assert "Leave" in menu.fullscreen_button.label()
    tap(app, center(menu.fullscreen_button.rect))
    assert not app.fullscreen
    assert app.settings.fullscreen is False


def test_menu_from_setup_has_no_new_game_and_escape_closes_it(make_app: Any) -> None:
    import pygame

    app = make_app((800, 600))
    setup = SetupScene(app)
    app.push_scene(setup)
    run(app)
    menu = open_menu(app)
    assert not menu.new_game_button.visible
    buttons = menu.visible_buttons()
    for button in buttons:
        assert menu.panel.contains(button.rect), button
        assert button.rect.height >= 56, button
    run(app, 0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41)])
    assert app.scene is setup and app.running


def test_settings_and_rules_open_from_the_menu(make_app: Any) -> None:
    app = make_app()
    start_game(app, table_of("person", "computer"))
    menu = open_menu(app)
    tap(app, center(menu.settings_button.rect))
    assert isinstance(app.scene, SettingsScene)
    tap(app, center(app.scene.done_button.rect))
    assert app.scene is menu
    assert menu.rules_button.visible
    tap(app, center(menu.rules_button.rect))
    assert type(app.scene).__name__ == "RulesScene"
    app.pop_scene()
    assert app.scene is menu


SIZES = [(1280, 800), (800, 600), (800, 1280)]


def _ring_after_tap(app: Any, button: HoldButton, by: str) -> list[float]:
    """A quick tap on *button* (one frame down, the next up) by mouse or finger; the ring's fill frame by frame
    from the press on, for two seconds (0: no ring)."""
    pos = center(button.rect)
    seen: list[float] = []
    if by == "mouse":
        run(app, 0, [mouse("move", pos), mouse("down", pos)])
        seen.append(button.progress)
        run(app, 0, [mouse("up", pos)])
    else:
        run(app, 0, [finger("down", app, pos)])
        seen.append(button.progress)
        run(app, 0, [finger("up", app, pos)])
    for _frame in range(120):
        seen.append(button.progress)
        run(app, 1 / 60)
    return seen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by", ["mouse", "finger"])
def test_a_quick_tap_on_the_menu_button_shows_that_it_wants_holding(make_app: Any, size: tuple[int, int],
                                                                    by: str) -> None:
    """The ring shows the moment the button is pressed, fills on a little after a quick tap, then falls back;
    the menu stays shut and the layer draws the button all that time."""
    app = make_app(size)
    scene = start_game(app, table_of("person", "computer"))
    seen = _ring_after_tap(app, app.controls.menu, by)
    assert seen[0] > 0, "the ring shows from the press on"
    top = max(seen)
    assert top >= 0.25, f"the ring fills to {top:.2f} of its round, enough to be seen"
    peak = seen.index(top)
    assert peak > 3 and all(b <= a for a, b in zip(seen[peak:], seen[peak + 1:])), "it rises, then falls back"
    assert seen[-1] == 0 and not app.controls.menu.busy(), "and is gone within two seconds"
    assert app.scene is scene, "a tap never opens the menu"
    run(app, 8.0)
    assert not app.controls.busy(), "the parents' note it showed goes too: the loop sleeps again"


@pytest.mark.parametrize("size", SIZES)
def test_the_replace_cards_hold_button_shows_the_same(make_app: Any, size: tuple[int, int]) -> None:
    """The replace card's hold button is the same control: a quick tap teases its ring, the waiting game stays."""
    from doolhof.session.savegame import SavedGame, save_game
    from doolhof.session.seats import SeatConfig, TableSetup

    table = TableSetup("junior", (SeatConfig("person"), SeatConfig("person")))
    save_game(SavedGame(table.new_game(1), table))
    app = make_app(size)
    setup = SetupScene(app, table)
    app.push_scene(setup)
    run(app)
    tap(app, center(setup.play_button.rect))
    button = setup.replace_card.replace_button
    seen = _ring_after_tap(app, button, "finger")
    assert seen[0] > 0 and max(seen) >= 0.25 and seen[-1] == 0
    assert app.scene is setup and setup.replace_card.shown and not setup.busy()


def _first_game(app: Any, game: str) -> Any:
    """A family's first game as the setup screen starts it: the tutorial's hand over the board or table."""
    from dataclasses import replace

    app.settings = replace(app.settings, tutorial_done=False, cards_tutorial_done=False)
    table = table_of("person", "computer") if game == "maze" else cards_table()
    scene = start_game(app, table, game=None if game == "maze" else table.new_card_game(5))
    assert scene.overlays, "the first game shows the tutorial"
    return scene


def cards_table() -> Any:
    from doolhof.session.seats import CARDS, SeatConfig, TableSetup

    return TableSetup(CARDS, (SeatConfig("person"), SeatConfig("computer", "gentle")))


def _texts_on_screen(app: Any) -> list[Any]:
    from doolhof.gui.kit.text import measuring

    with measuring() as seen:
        app.scene.draw(app.screen)
        app.controls.draw(app.screen)
    return list(seen)


@pytest.mark.parametrize("game", ["maze", "cards"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("by", ["mouse", "finger"])
def test_a_parent_looking_for_the_way_out_is_told_at_the_first_tap(make_app: Any, size: tuple[int, int],
                                                                   game: str, by: str) -> None:
    """In a first game a tap on the menu button says, in the parent's words, to hold it two seconds (the only
    way out was found by reading the README); the note sits beside the button, inside the window, readable;
    it never opens the menu, a press elsewhere puts it away, and it goes by itself."""
    from doolhof.gui.kit.text import readable_px

    app = make_app(size)
    scene = _first_game(app, game)
    button = app.controls.menu.rect
    pos = center(button)

    def press(kind: str, at: tuple[int, int] = pos) -> None:
        run(app, 0.05, [finger(kind, app, at)] if by == "finger" else [mouse(kind, at)])

    before = {t.text for t in _texts_on_screen(app)}
    press("down")
    press("up")
    run(app, 0.3)
    assert app.scene is scene, "a tap never opens the menu"
    told = [t for t in _texts_on_screen(app) if t.text not in before and "2" in t.text and "hold" in t.text]
    assert told, f"{size}: a tap on the menu button says how to open it"
    assert told[0].px >= readable_px(size) and not told[0].scaled, told[0]
    note = app.controls.note_rect()
    window = pygame.Rect((0, 0), size)
    assert window.contains(note) and not note.colliderect(button), (note, button)
    # A press anywhere else (a child playing on) puts it away; it does nothing else.
    elsewhere = (size[0] // 2, size[1] // 2) if not note.collidepoint(size[0] // 2, size[1] // 2) else (5, size[1] - 5)
    press("down", elsewhere)
    press("up", elsewhere)
    assert not app.controls.note_shown()
    press("down")
    press("up")
    assert app.controls.note_shown()
    run(app, 8.0)  # a few seconds
    assert not app.controls.note_shown(), "it goes by itself"
    assert app.scene is scene
    press("down")
    run(app, HOLD_SECONDS + 0.1)
    assert isinstance(app.scene, ParentMenuScene), "the hold still opens the menu"


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
def test_escape_in_a_game_tells_the_parent_how_to_leave(make_app: Any, size: tuple[int, int]) -> None:
    """A parent at a keyboard presses Escape first: in a game (and on the setup screen) it shows the same note
    beside the menu button and nothing else; where Escape means back (the parents' menu) it only goes back."""
    app = make_app(size)
    scene = _first_game(app, "maze")
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41)
    run(app, 0.05, [key])
    assert app.scene is scene and app.controls.note_shown(), "Escape in a game says how to leave"
    told = [t for t in _texts_on_screen(app) if "hold" in t.text and "2" in t.text]
    assert told, "the note is drawn"
    run(app, 8.0)
    menu = open_menu(app)
    run(app, 0.05, [key])
    assert app.scene is scene and not app.controls.note_shown(), "in the menu Escape only goes back"
    assert menu not in app.scenes


def _play_elements(scene: Any) -> list[pygame.Rect]:
    """The rects a child plays with, from the screen's layout: cells (and arrows), the big figure and its target
    or pile, the sliding card or the hand, the seats' trays."""
    lay = scene.layout
    if hasattr(lay, "spare_box"):  # the maze
        arrows = [scene.arrow_rect(side, i) for side in "NSWE" for i in range(1, lay.size, 2)]
        return [lay.board, *arrows, lay.portrait, lay.target, lay.spare, lay.rotate, *lay.trays]
    game = scene.game
    cells = {*game.table, *(p.cell for p in game.legal_places())}
    shown = [scene.cell_rect(c) for c in cells if scene.cell_rect(c).colliderect(lay.table)]
    return [*shown, lay.portrait, lay.pile, *lay.hand, lay.rotate, *(seat.box for seat in lay.seats)]


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("game", ["maze", "cards"])
@pytest.mark.parametrize("by", ["tap", "escape"])
def test_the_parents_note_covers_nothing_a_child_plays_with(make_app: Any, size: tuple[int, int], game: str,
                                                            by: str) -> None:
    """The note a tap on the menu button (or Escape) shows stays beside the button: the child's big figure,
    target, cells, cards and trays stay in sight."""
    app = make_app(size)
    table = table_of("person", "computer", "person") if game == "maze" else cards_table()
    scene = start_game(app, table, game=None if game == "maze" else table.new_card_game(5))
    if by == "tap":
        tap(app, center(app.controls.menu.rect))
    else:
        run(app, 0.05, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")])
    run(app, 0.3)
    assert app.scene is scene and app.controls.note_shown()
    note = app.controls.note_rect()
    assert note.w > 0 and pygame.Rect((0, 0), size).contains(note)
    covered = [r for r in _play_elements(scene) if note.colliderect(r)]
    assert not covered, (note, covered)
