"""A log a parent can send: a rotating file in the platform's log folder, each repeated error logged once with
a count, and after an error in the play scene the screen rebuilt from the game as saved."""

from __future__ import annotations

import logging
import logging.handlers
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from doolhof.gui.kit.scene import Scene
from doolhof.session import paths, savegame
from doolhof.session.logfile import MAX_BYTES, log_path, start_log
from tests.gui.family import start_game, table_of
from tests.gui.helpers import center, open_menu, run, tap


class DrawFails(Scene):
    """A scene whose every frame fails to draw."""

    def busy(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        raise RuntimeError("broken picture")


class DrawFailsAnew(Scene):
    """A scene whose every frame fails to draw with another text (a count, a time in the message)."""

    frames = 0

    def busy(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.frames += 1
        raise RuntimeError(f"broken picture at frame {self.frames}")


@pytest.fixture
def lenient(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOOLHOF_STRICT", raising=False)


@pytest.fixture
def log_file(tmp_path: Path) -> Iterator[Path]:
    root = logging.getLogger()
    before = list(root.handlers), root.level
    path = start_log()
    assert path is not None
    yield path
    for handler in root.handlers:
        if handler not in before[0]:
            handler.close()
    root.handlers[:] = before[0]
    root.setLevel(before[1])


def test_an_error_on_every_frame_is_logged_once_with_a_count(make_app: Any, lenient: None,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    app = make_app()
    app.push_scene(DrawFails(app))
    with caplog.at_level(logging.INFO):
        run(app, 2.0)  # 120 frames
    failures = [r for r in caplog.records if "a scene failed" in r.getMessage()]
    assert app.errors > 100 and app.running
    assert len(failures) == 3, [r.getMessage() for r in failures]  # the first (with its traceback), at 10 and 100
    assert failures[0].exc_info is not None and "100 times" in failures[2].getMessage()


def test_an_error_whose_text_changes_every_frame_is_still_one_error(make_app: Any, lenient: None,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    app = make_app()
    app.push_scene(DrawFailsAnew(app))
    with caplog.at_level(logging.INFO):
        run(app, 2.0)  # 120 frames
    failures = [r for r in caplog.records if "a scene failed" in r.getMessage()]
    assert app.errors > 100
    assert len(failures) == 3, len(failures)  # counted by where it comes from, not by its text
    assert "frame 1" in "".join(logging.Formatter().formatException(failures[0].exc_info))  # type: ignore[arg-type]
    assert "100 times" in failures[2].getMessage()


def test_one_huge_record_is_cut_in_the_log_file(log_file: Path) -> None:
    logging.getLogger("doolhof.test").error("start %s end", "x" * 1_000_000)
    text = log_file.read_text(encoding="utf-8")
    assert len(text) < 10_000, len(text)
    assert "start" in text and text.rstrip().endswith("end") and "characters cut" in text


def test_the_log_lives_in_the_log_folder_and_stays_small(tmp_path: Path, log_file: Path) -> None:
    assert log_file == log_path() == paths.log_dir() / "doolhof.log" and log_file.parent == tmp_path / "log"
    for k in range(5000):
        logging.getLogger("doolhof.test").warning("line %d %s", k, "x" * 100)
    files = list(log_file.parent.iterdir())
    assert sorted(p.name for p in files) == ["doolhof.log", "doolhof.log.1"]
    assert sum(p.stat().st_size for p in files) <= 2 * MAX_BYTES + 1000
    assert "line 4999" in log_file.read_text(encoding="utf-8")
    assert start_log() == log_file and sum(isinstance(h, logging.handlers.RotatingFileHandler)
                                           and Path(h.baseFilename) == log_file
                                           for h in logging.getLogger().handlers) == 1


def test_the_parents_menu_says_where_the_log_is_when_something_went_wrong(make_app: Any, lenient: None) -> None:
    app = make_app()
    start_game(app, table_of("person", "person"))
    menu = open_menu(app)
    assert not any(str(log_path()) in line for line in menu.note())
    app.errors += 1
    assert any(str(log_path()) in line for line in menu.note())


def test_after_an_error_mid_push_the_screen_shows_the_game_as_saved(make_app: Any, lenient: None,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene = start_game(app, table_of("person", "person"))
    saved_before = savegame.load_game().game
    assert saved_before is not None

    def broken() -> None:
        raise RuntimeError("a bug between the push and its recording")

    monkeypatch.setattr(scene.hints, "drop", broken)
    side, index = scene.game.legal_arrows()[0]
    tap(app, center(scene.arrow_rect(side, index)))
    assert app.errors >= 1
    saved = savegame.load_game().game
    assert saved is not None and saved.game == saved_before.game
    assert scene.game == saved.game and scene.game.phase == "push", "what is shown is what is saved"
    assert app.session.game is scene.game
