"""Saving that fails, told to the parent and not the child; and one copy of the game at a time.

A failed save puts a small badge on the parents' menu button (nothing else on the screen changes)
and the message inside the parents' menu; the game keeps trying, and the badge goes once a save
works. A second ``doolhof`` on the same data folder says, in the parent's language, that Doolhof
is already open and does not start; a lock left by ``kill -9`` does not block the next start.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from doolhof.gui.parents.menu import ParentMenuScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.i18n import set_language
from doolhof.session import paths, savegame
from doolhof.session.keeper import fingerprint
from doolhof.session.logfile import log_path
from tests.file_faults import failing_writes
from tests.gui.family import person_push, person_walk, start_game, table_of
from tests.gui.helpers import open_menu, run, settle
from tests.gui.processes import Doolhof

ROOT = Path(__file__).resolve().parents[2]


def frame(app: Any) -> pygame.Surface:
    """What the window shows now: the scene and the parents' corner over it (drawing changes nothing)."""
    app.scene.draw(app.screen)
    app.controls.draw(app.screen)
    return app.screen.copy()


def changed_area(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect | None:
    """The smallest rectangle holding every pixel that differs between *a* and *b*, or None when none does."""
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other = b.copy()
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mask = pygame.mask.from_threshold(diff, (0, 0, 0, 255), (1, 1, 1, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else None


def test_a_failed_save_shows_a_quiet_badge_and_the_message_in_the_menu(make_app: Any,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    assert not app.controls.badge_shown()
    writes = failing_writes(monkeypatch, errno.ENOSPC)
    person_push(app, scene)
    settle(app)
    assert app.session.problem is not None, "the push was not saved"
    assert app.controls.badge_shown()

    # The badge is the only thing on screen that tells: the board, the pictures, the child's side stay as they were.
    with_badge = frame(app)
    problem, app.session.problem = app.session.problem, None
    without = frame(app)
    app.session.problem = problem
    area = changed_area(with_badge, without)
    menu = app.controls.menu.rect
    assert area is not None, "the badge is drawn"
    assert menu.inflate(menu.w // 2, menu.h // 2).contains(area), f"only the menu button changes, not {area}"
    assert area.w <= menu.w // 2 and area.h <= menu.h // 2, "the badge is small"

    # Playing on keeps trying quietly; the parents' menu says what happened, in words.
    person_walk(app, scene)
    assert app.session.keeper.failures == 2 and app.controls.badge_shown()
    menu_scene = open_menu(app)
    [note] = menu_scene.note()
    assert note.startswith(
        "The game could not be saved (the disk is full). You can play on; Doolhof tries again after every move."
        " Until saving works, this game cannot be continued later. ")
    assert note.endswith(str(log_path())), "and where the log is, to send along"
    assert menu_scene.note_rect.h > 0 and menu_scene.panel.contains(menu_scene.note_rect)
    buttons = menu_scene.visible_buttons()
    assert all(menu_scene.panel.contains(b.rect) and not b.rect.colliderect(menu_scene.note_rect) for b in buttons)
    assert min(b.rect.h for b in buttons) >= 64, "the menu's buttons stay big enough to tap"
    menu_scene.back()

    # A save that works again clears the badge by itself.
    writes(False)
    person_push(app, scene)
    run(app)
    assert app.session.problem is None and not app.controls.badge_shown()
    assert savegame.load_game().game is not None


def test_the_message_follows_the_language_and_goes_when_saving_works(make_app: Any,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    writes = failing_writes(monkeypatch, errno.EACCES)
    person_push(app, scene)
    settle(app)
    menu_scene = open_menu(app)
    set_language("nl")
    run(app)
    assert menu_scene.note()[0].startswith("Het spel kon niet worden opgeslagen (geen toestemming).")
    writes(False)
    assert app.session.save() is None
    run(app)
    assert menu_scene.note() == () and menu_scene.note_rect.h == 0, "the note goes while the menu is open"


def test_a_data_folder_that_is_a_file_shows_the_badge_in_play_and_at_setup(make_app: Any, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a-file").write_text("x")
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path / "a-file"))
    app = make_app()
    start_game(app, table_of("person", "computer"))
    run(app)
    assert app.controls.badge_shown()
    # The game's problem (the settings, where the setup screen keeps its choices, cannot be saved there either).
    messages = [problem.message() for problem in app.save_problems()]
    assert any(m.startswith("The game could not be saved (a file is in the way).") for m in messages), messages
    app.screens.leave_to_setup()
    run(app)
    assert isinstance(app.scene, SetupScene) and app.controls.badge_shown(), "the parent still learns of it"


def test_settings_that_cannot_be_saved_show_the_badge_too(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    app.push_scene(SetupScene(app))
    run(app)
    writes = failing_writes(monkeypatch, errno.EROFS)
    app.change_settings(sound=False)
    run(app)
    assert app.controls.badge_shown()
    menu_scene = open_menu(app)
    assert isinstance(menu_scene, ParentMenuScene)
    [note] = menu_scene.note()
    assert note.startswith("The settings could not be saved (the disk is read-only). They still apply until"
                           " Doolhof is closed. ")
    writes(False)
    app.change_settings(sound=True)
    assert app.save_problems() == []


# ----- 5: two copies ---------------------------------------------------------------------------
def doolhof_once(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m doolhof ARGS`` that leaves after its first frame."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DOOLHOF_HOME=str(home),
               DOOLHOF_EXIT_AFTER_FIRST_FRAME="1", PYTHONPATH=str(ROOT))
    env.pop("DOOLHOF_STRICT", None)
    env.pop("DOOLHOF_AUTOPLAY", None)
    return subprocess.run([sys.executable, "-m", "doolhof", "--size", "640x480", "--mute", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_second_copy_says_doolhof_is_open_and_touches_nothing(tmp_path: Path) -> None:
    first = Doolhof(tmp_path)
    try:
        first.wait_for("saved", count=2)
        second = doolhof_once(tmp_path, "--lang", "nl")
        assert second.returncode == 1, second.stderr
        assert "Doolhof is al geopend op deze computer" in second.stderr
        assert "first-frame" not in second.stdout
        seen = sum(line.startswith("saved") for line in first.seen)
        first.wait_for("saved", count=seen + 3)  # the first copy plays and saves on
    finally:
        first.kill()
    saves = [line.split() for line in first.seen if line.startswith("saved")]
    on_disk = savegame.load_game(tmp_path / paths.GAME_FILE).game
    assert on_disk is not None
    # The first copy's last reported save, or (killed between writing and printing) one after it.
    game, (last_turn, last_phase) = on_disk.game, (int(saves[-1][1]), saves[-1][2])
    after_last = (game.turn, game.phase == "walk") > (last_turn, last_phase == "walk")
    assert fingerprint(game) == saves[-1][3] or after_last, "the file is the first copy's game"

    # The first copy was killed with SIGKILL; its lock went with it.
    third = doolhof_once(tmp_path)
    assert third.returncode == 0, third.stderr
    assert "already open" not in third.stderr and "first-frame" in third.stdout


def test_the_second_copy_speaks_the_language_of_the_settings(tmp_path: Path) -> None:
    from doolhof.session.lock import FolderLock
    from doolhof.session.settings import Settings, save_settings

    assert save_settings(Settings(language="de")) is None
    lock = FolderLock(paths.data_dir())
    assert lock.acquire()
    try:
        before = sorted(p.name for p in tmp_path.iterdir())
        second = doolhof_once(tmp_path)
    finally:
        lock.release()
    assert second.returncode == 1
    assert "Doolhof ist auf diesem Computer schon geöffnet" in second.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before, "the second copy wrote nothing"


def test_a_screenshot_of_the_end_screen_keeps_the_saved_game(tmp_path: Path) -> None:
    table = table_of("person", "computer")
    assert savegame.save_game(savegame.SavedGame(table.new_game(3), table)) is None
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "doolhof", "screenshot", str(tmp_path / "end.png"), "--scene", "end",
                           "--size", "640x480"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert savegame.load_game().game is not None, "a picture of an end screen must not remove the family's game"
