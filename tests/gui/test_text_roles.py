"""One readable text size per role: the setup screen's and the parents' menu's texts of one role (the seat
buttons' words, the game cards' names, the headings, the big buttons, the menu's buttons) are set at one font
size, on one line, never squeezed, and big enough to read, at 1280x800, 800x600 and 800x1280.

Measured with :func:`doolhof.gui.kit.text.measuring`, which notes how each text drawn was set.
"""

from __future__ import annotations

from typing import Any

import pytest

from doolhof.gui.kit.text import SetText, measuring
from doolhof.gui.parents.menu import ParentMenuScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.session.savegame import SavedGame, save_game
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from tests.gui.helpers import run

SIZES = [(1280, 800), (800, 600), (800, 1280)]
SEATS = (SeatConfig("person"), SeatConfig("computer", "gentle"), SeatConfig("person"),
         SeatConfig("computer", "expert"))
#: The setup screen's roles and their texts (English).
SETUP_ROLES = {
    "seat": {"Person", "Computer", "gentle", "clever", "expert"},
    "game": {"Junior", "Own secrets", "Big board", "Card game"},
    "heading": {"Who is playing?", "Which game?", "How many secrets?", "Two cards in every hand"},
    "action": {"New game", "Continue", "Play!"},
}
MENU_ROLE = {"Back", "Back to the game", "Settings", "Rules", "New game", "Full screen", "Quit"}


def least_px(size: tuple[int, int]) -> int:
    """The smallest font size a parent reads comfortably in a window of *size* (15 px at 600 high, 20 at 800)."""
    return max(15, min(size) // 40)


def check_role(role: str, texts: set[str], seen: list[SetText], size: tuple[int, int]) -> None:
    mine = [t for t in seen if t.text in texts]
    assert mine, f"{role}: drawn"
    sizes = {t.text: t.px for t in mine}
    assert len(set(sizes.values())) == 1, f"{role} at {size}: one size, not {sizes}"
    for t in mine:
        assert t.lines == 1 and not t.scaled, f"{role} at {size}: {t.text!r} on one line, not squeezed ({t})"
        assert t.px >= least_px(size), f"{role} at {size}: {t.text!r} is {t.px} px, below {least_px(size)}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", ["junior", CARDS])
def test_the_setup_screen_has_one_readable_size_per_role(make_app: Any, size: tuple[int, int], variant: str) -> None:
    table = TableSetup("junior", SEATS[:2])
    save_game(SavedGame(table.new_game(1), table))
    cards = TableSetup(CARDS, SEATS)
    save_game(SavedGame(cards.new_card_game(2), cards))
    app = make_app(size)
    setup = SetupScene(app, TableSetup(variant, SEATS))
    app.push_scene(setup)
    run(app)
    with measuring() as seen:
        setup.draw(app.screen)
    for role, texts in SETUP_ROLES.items():
        check_role(role, texts, seen, size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("from_game", [False, True])
def test_the_parents_menu_has_one_readable_size_for_its_buttons(make_app: Any, size: tuple[int, int],
                                                                from_game: bool) -> None:
    app = make_app(size)
    app.push_scene(SetupScene(app))
    run(app)
    menu = ParentMenuScene(app, from_game=from_game)
    app.push_scene(menu)
    run(app)
    with measuring() as seen:
        menu.draw(app.screen)
    check_role("menu", MENU_ROLE, [t for t in seen if t.text in {b.label() for b in menu.visible_buttons()
                                                                  if callable(b.label)}], size)


@pytest.mark.parametrize("size", SIZES)
def test_the_settings_choices_share_one_readable_size(make_app: Any, size: tuple[int, int]) -> None:
    """Every choice's word on the settings screen ("Nederlands", "Same as the computer", "On" ...) is set at one
    readable size, none squeezed (a long one may take two lines); the rows' names share one size too."""
    from doolhof.gui.parents.settings_scene import SettingsScene
    from doolhof.session.settings import LABELS

    app = make_app(size)
    app.push_scene(SetupScene(app))
    scene = SettingsScene(app)
    app.push_scene(scene)
    run(app)
    with measuring() as seen:
        scene.draw(app.screen)
    words = {b.label() if callable(b.label) else b.label for row in scene.rows.values() for b in row.buttons
             if b.label and b is not scene.volume_bar}
    for role, texts in (("choices", words), ("rows", {LABELS[name] for name in scene.rows})):
        mine = [t for t in seen if t.text in texts]
        sizes = [(t.text, t.px) for t in mine]
        assert mine and len({t.px for t in mine}) == 1, f"{role} at {size}: one size, not {sizes}"
        for t in mine:
            assert t.lines <= 2 and not t.scaled and t.px >= least_px(size), f"{role} at {size}: {t}"


@pytest.mark.parametrize("size", SIZES)
def test_the_online_page_has_one_readable_size_for_its_buttons(make_app: Any, size: tuple[int, int]) -> None:
    """The settings' page for playing far away: "Back", "OK" and "Test" at one readable size, on one line."""
    from dataclasses import replace

    from doolhof.gui.parents.settings_scene import SettingsScene

    app = make_app(size)
    app.settings = replace(app.settings, online=True, relay="relay.example.org:1883")
    app.push_scene(SetupScene(app))
    scene = SettingsScene(app)
    app.push_scene(scene)
    run(app)
    scene.open_online()
    with measuring() as seen:
        scene.draw(app.screen)
    check_role("online", {"Back", "OK", "Test"}, seen, size)


@pytest.mark.parametrize("size", SIZES)
def test_the_game_cards_names_use_the_cards_width(make_app: Any, size: tuple[int, int]) -> None:
    """The game cards' names run out to the card's rim, so on the small cards of an 800x600 window they are set
    a fifth above a parent's reading size (they were at its floor, letters about 11 px high), still one line,
    inside their card."""
    from doolhof.gui.kit.text import readable_px

    app = make_app(size)
    setup = SetupScene(app, TableSetup("junior", SEATS))
    app.push_scene(setup)
    run(app)
    with measuring() as seen:
        setup.draw(app.screen)
    names = [t for t in seen if t.text in SETUP_ROLES["game"]]
    assert names and all(t.lines == 1 and not t.scaled for t in names), names
    assert min(t.px for t in names) >= readable_px(size) * 6 // 5, names
    for button in setup.variant_buttons.values():
        assert button.rect.contains(button.parts()["label"]), button
