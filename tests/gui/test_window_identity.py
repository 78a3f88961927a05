"""The program says who it is: one version, the app icon on the window, the title in the player's language."""

from __future__ import annotations

import argparse
import dataclasses
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pygame
import pytest

import doolhof
from doolhof import i18n
from doolhof.cli import main
from doolhof.gui import app as app_module
from doolhof.gui.kit.assets import APP_ICON, asset

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_has_one_source() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # tomllib is Python 3.11+
    assert 'dynamic = ["version"]' in text and not re.search(r"^version\s*=\s*\"", text, re.M)
    assert 'version = { attr = "doolhof.__version__" }' in text
    assert metadata.version("doolhof") == doolhof.__version__


def test_doolhof_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"doolhof {doolhof.__version__}"


def test_python_dash_m_doolhof_runs_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "doolhof", "--version"], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"doolhof {doolhof.__version__}"
    assert done.stderr == ""


def test_the_app_icon_is_a_square_drawing_that_renders() -> None:
    pygame.init()
    icon = pygame.image.load_sized_svg(str(asset(*APP_ICON)), (64, 64))
    assert icon.get_size() == (64, 64)
    # opaque inside (a card), transparent in the rounded corners
    assert icon.get_at((32, 32)).a == 255 and icon.get_at((0, 0)).a == 0


def test_the_window_gets_the_icon_and_the_title(monkeypatch: pytest.MonkeyPatch) -> None:
    icons: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", icons.append)
    try:
        app_module.open_window(argparse.Namespace(size=(640, 480), fullscreen=False))
        assert pygame.display.get_caption()[0] == "Doolhof – a maze that changes every turn"
        assert len(icons) == 1 and icons[0].get_size() == (app_module.ICON_PX, app_module.ICON_PX)
    finally:
        pygame.display.quit()


DUTCH_TITLE = "Doolhof – een doolhof dat elke beurt verandert"


def test_the_title_follows_the_players_language(make_app: object) -> None:
    app = make_app()  # type: ignore[operator]
    app.apply_settings(dataclasses.replace(app.settings, language="nl"))
    assert pygame.display.get_caption()[0] == DUTCH_TITLE
    app.apply_settings(dataclasses.replace(app.settings, language="en"))
    assert pygame.display.get_caption()[0] == "Doolhof – a maze that changes every turn"
    i18n.set_language("nl")  # as doolhof play does before it opens the window
    app_module.open_window(argparse.Namespace(size=(640, 480), fullscreen=False))
    assert pygame.display.get_caption()[0] == DUTCH_TITLE
