"""Every language fits: at 800x600 the texts of the setup screen, the parents' menu and the settings
screen stay inside their buttons, readable (no shrinking below a minimum font size, no squeezing)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from doolhof.gui.kit import text, widgets
from doolhof.gui.kit.widgets import Button
from doolhof.gui.parents import menu as parent_menu
from doolhof.gui.parents import settings_scene
from doolhof.gui.parents.menu import ParentMenuScene
from doolhof.gui.parents.settings_scene import SettingsScene
from doolhof.gui.setup import scene as setup_scene
from doolhof.gui.setup.scene import SetupScene
from doolhof.i18n import set_language
from tests.gui.family import table_of
from tests.gui.helpers import run

LANGUAGES = ("en", "nl", "de", "sv")
SIZE = (800, 600)
#: The smallest line height (pixels) a parent's text may be shrunk to at 800x600.
MIN_PX = 12
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Rendered:
    """One text as drawn: the box it had to fit, its line height in pixels, and whether it had to be squeezed."""

    text: str
    box: tuple[int, int]
    px: int
    squeezed: bool


class TextLog:
    """Records every text rendering and every ``draw_text`` placement while installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.rendered: list[Rendered] = []
        self.placed: list[tuple[str, pygame.Rect]] = []
        self._last_px = 0
        self._squeezed = False
        font, render, smoothscale = text.font, text._render_fitting, pygame.transform.smoothscale

        def font_spy(px: int, bold: bool = True) -> Any:
            chosen = font(px, bold)
            self._last_px = chosen.get_height()  # the nominal size of the bundled font is larger than its letters
            return chosen

        def smoothscale_spy(surface: pygame.Surface, size: Any, *args: Any) -> pygame.Surface:
            self._squeezed = True
            return smoothscale(surface, size, *args)

        def render_spy(message: str, width: int, height: int, *rest: Any) -> pygame.Surface:
            self._squeezed = False
            image = render(message, width, height, *rest)
            self.rendered.append(Rendered(message, (width, height), self._last_px, self._squeezed))
            return image

        monkeypatch.setattr(text, "font", font_spy)
        monkeypatch.setattr(text, "_render_fitting", render_spy)
        monkeypatch.setattr(pygame.transform, "smoothscale", smoothscale_spy)
        draw = text.draw_text

        def draw_spy(surface: pygame.Surface, message: str, rect: pygame.Rect, *args: Any, **kwargs: Any) -> Any:
            where = draw(surface, message, rect, *args, **kwargs)
            self.placed.append((message, where))
            return where

        for module in (widgets, setup_scene, settings_scene, parent_menu):
            monkeypatch.setattr(module, "draw_text", draw_spy)


@pytest.fixture
def text_log(monkeypatch: pytest.MonkeyPatch) -> Iterator[TextLog]:
    text._cache.clear()  # rendered texts come from the cache, past the spies
    yield TextLog(monkeypatch)
    text._cache.clear()
    set_language("en")


def _setup(app: Any) -> SetupScene:
    from doolhof.session import savegame

    table = table_of("person", "computer")
    savegame.save_game(savegame.SavedGame(table.new_game(1), table))  # so Continue shows too
    scene = SetupScene(app, table)
    scene.tap_figure(3)
    for k in range(4):
        if not scene.slots[k].is_computer:
            scene.toggle_kind(k)  # every level chip visible
    scene.set_variant("junior-own")  # the "{n} each" note
    scene.notes.append(savegame.MSG_DAMAGED.format(name="game.json.corrupt-20250101-120000"))
    return scene


def _menu(app: Any) -> ParentMenuScene:
    app.push_scene(SetupScene(app))
    return ParentMenuScene(app, from_game=app.screens.game_on_top())


SCENES: dict[str, Callable[[Any], Any]] = {"setup": _setup, "menu": _menu, "settings": SettingsScene}


def _buttons(scene: Any) -> list[Button]:
    items = list(scene.buttons.items)
    items += list(getattr(getattr(scene, "note_buttons", None), "items", []))
    return [b for b in items if b.visible and b.rect.width > 0]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("which", sorted(SCENES))
def test_texts_fit_inside_their_buttons(make_app: Any, text_log: TextLog, language: str, which: str) -> None:
    set_language(language)
    app = make_app(SIZE)
    scene = SCENES[which](app)
    app.push_scene(scene)
    run(app)
    surface = app.screen
    # Each button alone, so every placed text belongs to the button being drawn.
    for button in _buttons(scene):
        text_log.placed.clear()
        button.draw(surface, app.art)
        for message, where in text_log.placed:
            assert button.rect.contains(where), f"{language}: {message!r} at {where} is outside {button}"
    if which == "setup":
        scene.dismiss_note()
        run(app)
    scene.draw(surface)
    assert text_log.rendered, "texts were drawn"
    for item in text_log.rendered:
        assert not item.squeezed, f"{language}: {item.text!r} did not fit {item.box} even at the smallest size"
        assert item.px >= MIN_PX, f"{language}: {item.text!r} shrank to {item.px} px in {item.box}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_lang_option_renders_the_setup_screen(tmp_path: Path, language: str) -> None:
    """``--lang`` reaches the screen: the screenshot command draws the setup screen in that language."""
    out = tmp_path / f"setup-{language}.png"
    done = subprocess.run([sys.executable, "-m", "doolhof", "screenshot", str(out), "--scene", "setup",
                           "--size", "800x600", "--lang", language], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={**_env(), "DOOLHOF_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(out)).get_size() == SIZE


def _env() -> dict[str, str]:
    import os

    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
