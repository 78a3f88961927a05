"""A waiting game on a real full or read-only disk, by the family's own route: the newest state wins.

The data folder is a real 64 kB tmpfs (:func:`tests.file_faults.small_disk`; skipped where it cannot be
mounted). The family plays, the disk fills, the parent taps "New game" in the parents' menu (the setup
screen), the child opens the puzzle book and comes back home, the settings are opened and closed,
the window is closed or the program stopped by Ctrl-C; whatever happens, Continue offers the game as it
was left, and the file on disk never goes back to an older position (docs/architecture.md, "The newest
state of a game wins").
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from doolhof.gui.setup.scene import SetupScene
from doolhof.session import paths, savegame
from tests.file_faults import SmallDisk, small_disk
from tests.gui.cards.helpers import fast, hold_done, lay_by_taps, ready, step_until
from tests.gui.family import person_push, person_walk, start_game, table_of
from tests.gui.helpers import center, open_menu, run, settle, tap


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SmallDisk]:
    """The data folder on a 64 kB disk of its own; the temporary folder (for spare copies) elsewhere."""
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    with small_disk(tmp_path / "home") as mounted:
        monkeypatch.setenv("DOOLHOF_HOME", str(mounted.folder))
        yield mounted


def turns(app: Any, scene: Any, count: int) -> None:
    """The two children play *count* turns (a push and a walk each) by tapping."""
    for _ in range(count):
        person_push(app, scene)
        person_walk(app, scene)
        settle(app)


def card_turns(app: Any, scene: Any, count: int) -> None:
    """The two children play *count* card turns by tapping: lay a card, and end a take by holding "done"."""
    for _ in range(count):
        turn = scene.game.turn
        lay_by_taps(app, scene, scene.game.legal_places()[0])
        assert step_until(app, ready(scene))
        if scene.game.phase == "take":
            hold_done(app, scene)
            assert step_until(app, ready(scene))
        assert scene.game.turn == turn + 1


def on_disk(kind: str = "maze") -> Any:
    """The game of *kind* in its file now (None when there is none)."""
    saved = savegame.load_game(paths.game_path(kind)).game
    return saved.game if saved is not None else None


def new_game_from_menu(app: Any) -> SetupScene:
    """The parent opens the parents' menu and taps "New game": the setup screen, the game waiting."""
    menu = open_menu(app)
    tap(app, center(menu.new_game_button.rect))
    run(app)
    assert isinstance(app.scene, SetupScene)
    return app.scene


def book_and_home(app: Any) -> SetupScene:
    """The child taps the puzzle door on the setup screen, then the book's home button."""
    tap(app, center(app.scene.puzzle_button.rect))
    run(app)
    book = app.scene
    assert type(book).__name__ == "BookScene"
    book.ambient_until = 0.0
    tap(app, center(book.home_rect))
    run(app)
    assert isinstance(app.scene, SetupScene)
    return app.scene


def settings_and_back(app: Any) -> SetupScene:
    """The parent opens the parents' menu on the setup screen, then the settings, taps Done and Back."""
    menu = open_menu(app)
    tap(app, center(menu.settings_button.rect))
    run(app)
    assert type(app.scene).__name__ == "SettingsScene"
    tap(app, center(app.scene.done_button.rect))
    run(app)
    assert app.scene is menu
    tap(app, center(menu.back_button.rect))
    run(app)
    assert isinstance(app.scene, SetupScene)
    return app.scene


def close_window(app: Any) -> None:
    """The window's close button, and what the program does on its way out (gui.launch)."""
    run(app, 0, [pygame.event.Event(pygame.QUIT)])
    assert not app.running
    app.session.close()


def offered(setup: SetupScene, kind: str = "maze") -> Any:
    """The game of *kind* Continue offers on *setup*."""
    waiting = setup.waiting.get(kind)
    return waiting.game if waiting is not None else None


def next_start_offers(make_app: Any, game: Any) -> None:
    """The next start's setup screen offers *game* and tells the parent at which turn."""
    app = make_app()
    app.screens.show_setup()
    run(app)
    setup = app.scene
    assert offered(setup) == game
    assert any(f"turn {game.turn + 1}" in note for note in setup.notes), setup.notes


def test_back_from_the_book_after_the_disk_freed_continue_offers_the_newest_game(make_app: Any,
                                                                                 disk: SmallDisk) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    turns(app, scene, 1)
    disk.fill()
    turns(app, scene, 4)
    game = scene.game.copy()
    assert on_disk() != game, "the saves failed"
    setup = new_game_from_menu(app)
    assert offered(setup) == game
    disk.free()
    setup = book_and_home(app)
    assert offered(setup) == game, "the rebuilt setup screen offers the game as left, not the older file"
    assert on_disk() == game
    tap(app, center(setup.continue_button.rect))
    run(app)
    assert app.scene.game == game
    person_push(app, app.scene)
    settle(app)
    assert on_disk().turn == game.turn and on_disk().phase == "walk", "the action went on from the newest state"


def test_back_from_the_book_after_the_disk_freed_the_card_game_is_offered_as_left(make_app: Any,
                                                                                 disk: SmallDisk) -> None:
    app = make_app()
    fast(app)
    table = table_of("person", "person", variant="cards")
    scene = start_game(app, table, game=table.new_card_game(5))
    card_turns(app, scene, 1)
    disk.fill()
    card_turns(app, scene, 4)
    game = scene.game.copy()
    assert on_disk("cards") != game, "the saves failed"
    setup = new_game_from_menu(app)
    assert offered(setup, "cards") == game
    disk.free()
    setup = book_and_home(app)
    assert offered(setup, "cards") == game, "the rebuilt setup screen offers the game as left, not the older file"
    assert on_disk("cards") == game
    if not setup.is_cards:  # the setup screen shows the table last saved in the settings (they failed too)
        tap(app, center(setup.variant_buttons["cards"].rect))
        run(app)
    tap(app, center(setup.continue_button.rect))
    run(app)
    assert app.scene.game == game
    lay_by_taps(app, app.scene, app.scene.game.legal_places()[0])
    assert step_until(app, ready(app.scene))
    app.session.flush()
    after = on_disk("cards")
    assert len(after.table) == len(game.table) + 1 and after.turn >= game.turn, "the card went on the newest table"


def test_the_game_kept_in_memory_is_written_when_the_window_closes(make_app: Any, disk: SmallDisk) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    turns(app, scene, 1)
    disk.fill()
    turns(app, scene, 4)
    game = scene.game.copy()
    new_game_from_menu(app)
    disk.free()
    close_window(app)
    assert on_disk() == game


def test_the_card_game_kept_in_memory_is_written_when_the_window_closes(make_app: Any, disk: SmallDisk) -> None:
    app = make_app()
    fast(app)
    table = table_of("person", "person", variant="cards")
    scene = start_game(app, table, game=table.new_card_game(5))
    card_turns(app, scene, 1)
    disk.fill()
    card_turns(app, scene, 4)
    game = scene.game.copy()
    new_game_from_menu(app)
    disk.free()
    close_window(app)
    assert on_disk("cards") == game


def test_closed_while_the_disk_is_full_the_next_start_offers_the_game_as_left_and_says_so(make_app: Any,
                                                                                          disk: SmallDisk) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    turns(app, scene, 1)
    disk.fill()
    turns(app, scene, 4)
    game = scene.game.copy()
    new_game_from_menu(app)
    close_window(app)
    assert on_disk() != game, "the disk was full to the end"
    disk.free()

    next_start_offers(make_app, game)
    assert on_disk() == game, "written back to its own file once it could be"


def test_ctrl_c_mid_game_while_the_disk_is_full_the_next_start_offers_the_game_as_left_and_says_so(
        make_app: Any, disk: SmallDisk, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the terminal that started the game, by the program's own way out (gui.launch.run)."""
    from doolhof.gui import launch
    from doolhof.gui.app import App

    left: list[Any] = []

    def play_then_ctrl_c(app: Any) -> None:
        app.settings = replace(app.settings, tutorial_done=True, cards_tutorial_done=True)
        scene = start_game(app, table_of("person", "person"))
        turns(app, scene, 1)
        disk.fill()
        turns(app, scene, 4)
        left.append(scene.game.copy())
        raise KeyboardInterrupt

    monkeypatch.setattr(App, "run", play_then_ctrl_c)
    root = logging.getLogger()
    handlers = list(root.handlers)
    try:
        with pytest.raises(KeyboardInterrupt):
            launch.run(argparse.Namespace(size=(1280, 800), fullscreen=False, mute=True, lang="en"))
    finally:
        for handler in [h for h in root.handlers if h not in handlers]:  # the log file launch started
            root.removeHandler(handler)
            with contextlib.suppress(OSError):  # its last lines cannot reach the full disk (logging.shutdown's way)
                handler.close()
    [game] = left
    assert on_disk() != game, "the disk was full to the end"
    disk.free()

    pygame.display.set_mode((1280, 800))
    next_start_offers(make_app, game)
    assert on_disk() == game, "written back to its own file once it could be"


def test_killed_on_the_setup_screen_while_the_disk_is_full_the_next_start_offers_the_game_as_left(
        make_app: Any, disk: SmallDisk) -> None:
    """The setup screen (and the book, back home) are built while the disk is full, then the power goes:
    no close, so the kept copy made while playing is all the next start has."""
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    turns(app, scene, 1)
    disk.fill()
    turns(app, scene, 4)
    game = scene.game.copy()
    setup = new_game_from_menu(app)
    assert offered(setup) == game
    setup = book_and_home(app)
    assert offered(setup) == game
    # killed here: nothing more is written (no close)
    assert on_disk() != game, "the disk was full to the end"
    disk.free()

    next_start_offers(make_app, game)


def test_on_a_read_only_disk_the_settings_and_the_book_never_bring_an_older_game_back(make_app: Any,
                                                                                     disk: SmallDisk) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    turns(app, scene, 1)
    disk.read_only()
    try:
        turns(app, scene, 3)
        game = scene.game.copy()
        setup = new_game_from_menu(app)
        assert offered(setup) == game
        settings_and_back(app)
        setup = book_and_home(app)
        assert offered(setup) == game
    finally:
        disk.read_only(False)
    setup = book_and_home(app)
    assert offered(setup) == game
    assert on_disk() == game


def test_while_a_copy_is_kept_the_parent_is_told_the_game_will_be_offered(make_app: Any, disk: SmallDisk) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    disk.fill()
    person_push(app, scene)
    settle(app)
    note = " ".join(open_menu(app).note())
    assert "cannot be continued later" not in note, note
    assert "offered next time" in note, note


def test_a_folder_where_the_saved_game_belongs_continue_offers_the_game_as_left(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    turns(app, scene, 1)
    path = paths.game_path("maze")
    path.unlink()
    path.mkdir()  # a folder where the file should be: every save fails
    (path / "inside.txt").write_text("kept", encoding="utf-8")
    turns(app, scene, 2)
    game = scene.game.copy()
    setup = new_game_from_menu(app)
    assert offered(setup) == game, "Continue offers the game as left"
    assert not any("a new game starts" in note for note in setup.notes), setup.notes
    [aside] = [p for p in path.parent.iterdir() if p.name.startswith("game.json.unreadable-")]
    assert (aside / "inside.txt").read_text(encoding="utf-8") == "kept", "the folder was kept aside whole"
    assert on_disk() == game
    tap(app, center(setup.continue_button.rect))
    run(app)
    assert app.scene.game == game, "Continue went on from the game as left"


def test_a_newer_game_on_a_read_only_disk_is_left_untouched_and_said_to_be_newer(make_app: Any,
                                                                                disk: SmallDisk) -> None:
    newer = {"format": savegame.FORMAT, "version": savegame.VERSION + 1, "game": "from a newer Doolhof"}
    paths.game_path("maze").write_text(json.dumps(newer), encoding="utf-8")
    disk.read_only()
    try:
        app = make_app()
        app.screens.show_setup()
        run(app)
        notes = list(app.scene.notes)
    finally:
        disk.read_only(False)
    [note] = [n for n in notes if "saved game" in n]
    assert "made by a newer version of Doolhof" in note and "left untouched" in note, note
    assert "could not be opened" not in note
    assert json.loads(paths.game_path("maze").read_text(encoding="utf-8")) == newer
