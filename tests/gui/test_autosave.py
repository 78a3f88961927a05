"""Autosave: after every push and walk, atomically; killed mid-game it resumes at the last action;
damaged or newer files are moved aside with a note for the parent; closing the window saves first."""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

import pygame
import pytest

from doolhof.engine import Game
from doolhof.gui.launch import _load_settings
from doolhof.gui.setup.scene import SetupScene
from doolhof.session import paths, savegame
from doolhof.session.keeper import fingerprint
from tests.gui.family import person_push, person_walk, start_game, table_of
from tests.gui.helpers import center, mouse, played_out, run, settle, step_until, tap
from tests.gui.processes import Doolhof

ROOT = Path(__file__).resolve().parents[2]


def _saved() -> savegame.SavedGame:
    result = savegame.load_game()
    assert result.game is not None, result.message
    return result.game


def test_every_push_and_walk_is_saved(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    assert _saved().game == scene.game, "a new game is saved at once"
    person_push(app, scene)
    assert _saved().game == scene.game and _saved().game.phase == "walk"
    person_walk(app, scene)
    assert _saved().game == scene.game and _saved().game.current_player == 1
    assert app.session.keeper.saves == 3


def test_a_game_saved_mid_turn_resumes_with_the_reachable_cells_lit(make_app: Any) -> None:
    table = table_of("person", "computer")
    game = table.new_game(9)
    game.push(game.legal_pushes()[2])
    assert savegame.save_game(savegame.SavedGame(game, table)) is None
    app = make_app()
    setup = SetupScene(app)
    app.push_scene(setup)
    run(app)
    assert setup.continue_button.visible
    tap(app, center(setup.continue_button.rect))
    scene = app.scene
    assert scene.game == game and scene.game.phase == "walk"
    run(app)
    assert scene.lit_now(), "the walk phase shows the lit cells at once"
    cell = sorted(game.reachable())[-1]
    tap(app, center(scene.cell_rect(cell)))
    assert scene.game.positions[0] == cell and scene.game.current_player == 1


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
def test_a_game_continued_after_a_hinted_push_shows_the_hinted_cell_and_path_again(make_app: Any,
                                                                                   size: tuple[int, int]) -> None:
    app = make_app(size)
    scene = start_game(app, table_of("person", "computer"), seed=21)
    tap(app, center(scene.layout.icons["hint"]))
    assert step_until(app, lambda: scene.hint is not None, limit=5.0), "the bulb's push hint"
    push = scene.hint.push
    tap(app, center(scene.arrow_rect(push.side, push.index)))  # pushed as the ghost showed
    settle(app)
    assert step_until(app, lambda: scene.hint is not None and scene.hint_visible(), limit=5.0)
    shown = (scene.hint.cell, scene.hint.path)
    assert shown[0] is not None and len(shown[1]) > 1, "the walk hint: the ring and the path dots"
    game = scene.game.copy()
    app.session.flush()
    # Killed here; the next start continues the game.
    app = make_app(size)
    setup = SetupScene(app)
    app.push_scene(setup)
    run(app)
    tap(app, center(setup.continue_button.rect))
    scene = app.scene
    assert scene.game == game and scene.game.phase == "walk"
    assert step_until(app, lambda: scene.hint is not None and scene.hint_visible(), limit=5.0), \
        "the continued game shows the hinted cell it showed before"
    assert (scene.hint.cell, scene.hint.path) == shown


@pytest.mark.parametrize("kind", ["garbage", "foreign", "newer"])
def test_damaged_or_newer_save_is_moved_aside_with_a_note(make_app: Any, kind: str) -> None:
    path = paths.game_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "garbage":
        path.write_bytes(b"{\"format\": \"doolhof.saved-game\", \"version\": 1, \"game\": {\x00")
    elif kind == "foreign":
        path.write_text(json.dumps({"hello": "world"}), encoding="utf-8")
    else:
        table = table_of("person", "computer")
        data = savegame.SavedGame(table.new_game(1), table).to_dict()
        data["version"] = savegame.VERSION + 1
        path.write_text(json.dumps(data), encoding="utf-8")
    app = make_app((800, 600))
    setup = SetupScene(app)
    app.push_scene(setup)
    run(app)
    assert not path.exists(), "the file was moved aside"
    kept = list(path.parent.glob("game.json.newer-*" if kind == "newer" else "game.json.corrupt-*"))
    assert len(kept) == 1
    assert not setup.continue_button.visible, "a fresh start"
    assert len(setup.notes) == 1 and kept[0].name in setup.notes[0]
    assert ("newer version" in setup.notes[0]) == (kind == "newer")
    # While the note shows, the screen underneath ignores taps; OK dismisses it.
    started: list[object] = []
    app.screens.start_game = lambda game, table, undo=None, kept=None: started.append(game)
    tap(app, center(setup.play_button.rect))
    assert started == [] and setup.notes
    tap(app, center(setup.note_button.rect))
    assert not setup.notes
    tap(app, center(setup.play_button.rect))
    assert len(started) == 1, "a new game starts"


def test_damaged_settings_are_reported_to_the_parent(make_app: Any) -> None:
    paths.settings_path().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_path().write_text("not json", encoding="utf-8")
    settings, message = _load_settings()
    assert settings is not None and message and "settings.json.corrupt-" in message
    app = make_app()
    app.notes.append(message)
    setup = SetupScene(app)
    app.push_scene(setup)
    assert setup.notes == [message] and app.notes == []


def test_the_close_button_saves_first(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "computer"))
    person_push(app, scene)
    paths.game_path().unlink()  # so only the close can have written it
    run(app, 0, [pygame.event.Event(pygame.QUIT)])
    assert not app.running
    assert _saved().game == scene.game and _saved().game.phase == "walk"


def test_escape_never_quits(make_app: Any) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "computer"))
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41)
    run(app, 0.2, [escape, escape])
    assert app.running and app.scene is scene
    app.replace_scene(SetupScene(app))
    run(app, 0.2, [escape, mouse("move", (3, 3))])
    assert app.running and isinstance(app.scene, SetupScene)


def test_a_finished_game_is_not_saved_again_on_close(make_app: Any) -> None:
    app = make_app()
    table = table_of("person", "computer")
    scene = start_game(app, table)
    game = scene.game
    # Pretend the game ended: the end screen removed the file; closing must not bring it back.
    savegame.clear_game()
    app.session.keeper.game = _finished_game(table)
    run(app, 0, [pygame.event.Event(pygame.QUIT)])
    assert not paths.game_path().exists()
    assert game is scene.game


def _finished_game(table: Any) -> Game:
    return played_out(table.with_secrets(1), 2)


# ----- a real process, killed mid-game ------------------------------------------------------------
def _order(game: Game) -> tuple[int, int]:
    return (game.turn, 0 if game.phase == "push" else 1)


def test_killed_mid_game_it_resumes_at_the_last_completed_action(tmp_path: Path) -> None:
    first = Doolhof(tmp_path)
    try:
        first.wait_for("saved", count=5)
    finally:
        first.kill()
    assert first.process.returncode == -signal.SIGKILL
    assert first.seen[0] == "new"
    saves = [line.split() for line in first.seen if line.startswith("saved")]
    on_disk = savegame.load_game(tmp_path / paths.GAME_FILE)
    assert on_disk.message is None and on_disk.game is not None, "the file is whole after the kill"
    game = on_disk.game.game
    printed = [fp for *_, fp in saves]
    last_turn, last_phase = int(saves[-1][1]), saves[-1][2]
    # The file holds the last save reported, or (killed between writing and printing) one after it.
    assert fingerprint(game) == printed[-1] or _order(game) > (last_turn, 0 if last_phase == "push" else 1)
    assert _order(game) >= (1, 1) or len(saves) >= 5, "several actions were played and saved"

    second = Doolhof(tmp_path)
    try:
        lines = second.wait_for("saved", count=2)
    finally:
        second.kill()
    resumed = [line.split() for line in lines if line.startswith("resumed")]
    assert resumed, f"Continue was not offered: {lines}"
    assert resumed[0][3] == fingerprint(game), "Continue loaded exactly what was saved"
    assert (int(resumed[0][1]), resumed[0][2]) == (game.turn, game.phase)
