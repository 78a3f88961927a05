"""The settings screen: every tap is saved to the settings file and applied at once."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from doolhof.gui.parents.settings_scene import LANGUAGE_CHOICES, SettingsScene
from doolhof.i18n import _, current_language, set_language
from doolhof.session import paths
from doolhof.session.settings import load_settings
from tests.gui.helpers import center, mouse, run, tap


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def _on_file() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(paths.settings_path().read_text(encoding="utf-8"))
    return data


def _open(make_app: Any, size: tuple[int, int] = (1280, 800)) -> tuple[Any, SettingsScene]:
    app = make_app(size)
    scene = SettingsScene(app)
    app.push_scene(scene)
    run(app)
    return app, scene


def test_sound_and_volume(make_app: Any) -> None:
    app, scene = _open(make_app)
    assert scene.choices["sound"][True].selected
    tap(app, center(scene.choices["sound"][False].rect))
    assert app.settings.sound is False and app.sound.muted
    assert _on_file()["sound"] is False
    assert scene.choices["sound"][False].selected and not scene.choices["sound"][True].selected
    tap(app, center(scene.choices["sound"][True].rect))
    assert app.settings.sound is True and not app.sound.muted and _on_file()["sound"] is True
    tap(app, center(scene.volume_down.rect))
    tap(app, center(scene.volume_down.rect))
    assert app.settings.volume == pytest.approx(0.6) and app.sound.volume == pytest.approx(0.6)
    assert _on_file()["volume"] == pytest.approx(0.6)
    bar = scene.volume_bar.rect
    tap(app, (bar.right - 2, bar.centery))
    assert app.settings.volume == 1.0 and not scene.volume_up.enabled
    tap(app, (bar.x + 2, bar.centery))
    assert app.settings.volume == 0.0 and not scene.volume_down.enabled
    assert load_settings().settings.volume == 0.0


def test_language_applies_on_the_next_frame(make_app: Any) -> None:
    app, scene = _open(make_app)
    tap(app, center(scene.choices["language"]["nl"].rect))
    assert current_language() == "nl" and _("Sound") == "Geluid"
    assert _on_file()["language"] == "nl" and scene.choices["language"]["nl"].selected
    run(app)
    tap(app, center(scene.choices["language"]["sv"].rect))
    assert current_language() == "sv"
    tap(app, center(scene.choices["language"][None].rect))
    assert _on_file()["language"] is None and app.settings.language is None
    assert set(LANGUAGE_CHOICES) == {"en", "nl", "de", "sv", None}


def test_motion_hints_and_full_screen(make_app: Any) -> None:
    app, scene = _open(make_app)
    tap(app, center(scene.choices["animation_speed"]["fast"].rect))
    assert app.settings.animation_speed == "fast"  # the play scene reads it live (anim.Motion.from_settings)
    tap(app, center(scene.choices["animation_speed"]["slow"].rect))
    assert app.settings.animation_speed == "slow"
    tap(app, center(scene.choices["reduced_motion"][True].rect))
    tap(app, center(scene.choices["auto_hint"][False].rect))
    assert app.settings.reduced_motion is True and app.settings.auto_hint is False
    tap(app, center(scene.choices["fullscreen"][True].rect))
    assert app.fullscreen and app.settings.fullscreen is True
    assert scene.choices["fullscreen"][True].rect.width > 0, "laid out again for the new window"
    data = _on_file()
    assert (data["animation_speed"], data["reduced_motion"], data["auto_hint"], data["fullscreen"]) == (
        "slow", True, False, True)
    tap(app, center(scene.choices["fullscreen"][False].rect))
    assert not app.fullscreen and _on_file()["fullscreen"] is False
    # Everything survives a restart: the file reads back to what the screen shows.
    assert load_settings().settings == app.settings


def test_a_tap_slid_off_changes_nothing(make_app: Any) -> None:
    app, scene = _open(make_app)
    rect = scene.choices["sound"][False].rect
    run(app, 0, [mouse("move", rect.center), mouse("down", rect.center)])
    run(app, 0, [mouse("move", (2, 2)), mouse("up", (2, 2))])
    assert app.settings.sound is True and not paths.settings_path().exists()


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1280, 800), (600, 900)])
def test_rows_fit_and_do_not_overlap(make_app: Any, size: tuple[int, int]) -> None:
    _app, scene = _open(make_app, size)
    visible = [b for b in scene.buttons.items if b.visible]
    window = scene.card
    for button in visible:
        assert window.contains(button.rect), button
        assert min(button.rect.size) >= (40 if size[1] < 600 else 48), button
    for i, a in enumerate(visible):
        for b in visible[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a, b)
    for row in scene.rows.values():
        for button in row.buttons:
            assert not row.label_rect.colliderect(button.rect)
