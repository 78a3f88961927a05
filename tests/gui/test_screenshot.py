"""``doolhof screenshot`` writes a PNG of exactly the asked size for every scene; bad paths exit with 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from doolhof.cli import build_parser
from doolhof.gui.screenshot import render_screenshot


def _args(out: Path, *extra: str) -> object:
    return build_parser().parse_args(["screenshot", str(out), *extra])


def _size_of(path: Path) -> tuple[int, int]:
    return pygame.image.load(str(path)).get_size()


def test_command_line_writes_the_png(tmp_path: Path) -> None:
    out = tmp_path / "setup.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "doolhof", "screenshot", str(out), "--scene", "setup",
                           "--size", "800x600"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert _size_of(out) == (800, 600)


@pytest.mark.parametrize(("scene", "size", "extra"), [
    ("setup", (1920, 1080), ()),
    ("setup", (800, 1280), ("--variant", "classic", "--players", "2", "--lang", "de")),
    ("end", (1280, 800), ("--players", "3")),
    ("end", (800, 600), ("--variant", "junior-own", "--players", "2")),
    ("play", (1280, 800), ("--turns", "5", "--mid-turn")),
    ("play", (801, 599), ("--variant", "classic", "--turns", "3")),
    ("hint", (800, 600), ("--turns", "2")),
    ("tutorial", (800, 600), ()),
    ("parents", (640, 480), ()),
    ("settings", (800, 1000), ("--lang", "nl")),
    ("settings-online", (800, 600), ("--lang", "sv")),
    ("rules", (800, 600), ("--page", "3")),
    ("calendar", (800, 1280), ("--lang", "sv")),
    ("calendar", (1280, 800), ()),
])
def test_every_scene_renders_at_exactly_the_size(tmp_path: Path, scene: str, size: tuple[int, int],
                                                  extra: tuple[str, ...]) -> None:
    out = tmp_path / f"{scene}.png"
    status = render_screenshot(_args(out, "--scene", scene, "--size", f"{size[0]}x{size[1]}", *extra))
    assert status == 0
    assert _size_of(out) == size


@pytest.mark.parametrize("name", ["no/such/folder/x.png", "picture.jpg", "."])
def test_bad_output_paths_exit_with_2(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / name
    assert render_screenshot(_args(out, "--scene", "setup")) == 2
    err = capsys.readouterr().err
    assert err.startswith("doolhof screenshot: error:")
    assert not out.is_file()


def test_the_hint_picture_shows_a_hint(tmp_path: Path) -> None:
    """The hint scene is the play scene with the light bulb's hint on screen, not a plain play scene."""
    hint, play = tmp_path / "hint.png", tmp_path / "play.png"
    assert render_screenshot(_args(hint, "--scene", "hint", "--size", "800x600", "--turns", "2")) == 0
    assert render_screenshot(_args(play, "--scene", "play", "--size", "800x600", "--turns", "2")) == 0
    assert hint.read_bytes() != play.read_bytes()


@pytest.mark.parametrize(("scene", "size", "extra"), [
    ("setup", (800, 600), ("--players", "6")),
    ("setup", (800, 1280), ("--players", "5", "--lang", "sv")),
    ("end", (1280, 800), ("--players", "6")),
    ("end", (800, 1280), ("--players", "2")),
    ("play", (1280, 800), ("--players", "4", "--turns", "8", "--mid-turn")),
    ("play", (800, 600), ("--players", "6", "--turns", "30")),
    ("tutorial", (1280, 800), ("--players", "2")),
    ("hint", (800, 600), ("--players", "3", "--turns", "5")),
])
def test_the_card_game_renders(tmp_path: Path, scene: str, size: tuple[int, int], extra: tuple[str, ...]) -> None:
    out = tmp_path / f"cards-{scene}.png"
    status = render_screenshot(_args(out, "--game", "cards", "--scene", scene, "--size", f"{size[0]}x{size[1]}",
                                     *extra))
    assert status == 0
    assert _size_of(out) == size


def test_mid_turn_leaves_the_card_game_waiting_for_a_take() -> None:
    from doolhof.gui.screenshot import build_card_scene
    from doolhof.session.seats import SeatConfig

    class Screens:
        def card_scene_for(self, game: object, table: object) -> object:
            return game

    for seed in (1, 2, 3):
        args = build_parser().parse_args(["screenshot", "x.png", "--game", "cards", "--seed", str(seed),
                                          "--turns", "6", "--mid-turn"])
        game = build_card_scene(Screens(), args, (SeatConfig(),) * 4)  # type: ignore[arg-type]
        assert game.phase == "take" and game.turn >= 6 and game.takeable()  # type: ignore[attr-defined]


def test_five_players_are_for_the_card_game(capsys: pytest.CaptureFixture[str]) -> None:
    from doolhof.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["screenshot", "x.png", "--players", "5"])
    assert stop.value.code == 2 and "--game cards" in capsys.readouterr().err


def test_the_online_settings_picture_writes_no_file_of_its_own(tmp_path: Path) -> None:
    """``settings-online`` (the page for playing far away, tested fine, one computer) is made up in memory."""
    home = tmp_path / "home"
    home.mkdir()
    out = tmp_path / "online.png"
    assert render_screenshot(_args(out, "--scene", "settings-online", "--size", "1280x800", "--home", str(home))) == 0
    assert _size_of(out) == (1280, 800)
    assert not (home / "online" / "remembered.json").exists(), "the picture's computer is never remembered"
    assert not any(home.rglob("settings.json")), "nor are the picture's settings saved"


def _differences(a: pygame.Surface, b: pygame.Surface) -> tuple[int, pygame.Rect | None]:
    """How many pixels differ between *a* and *b* (of one size), and the box round them (None: none)."""
    width, height = a.get_size()
    rows_a, rows_b = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    count, box = 0, None
    for y in range(height):
        row_a, row_b = rows_a[y * width * 3:(y + 1) * width * 3], rows_b[y * width * 3:(y + 1) * width * 3]
        if row_a == row_b:
            continue
        xs = [x for x in range(width) if row_a[x * 3:x * 3 + 3] != row_b[x * 3:x * 3 + 3]]
        count += len(xs)
        line = pygame.Rect(xs[0], y, xs[-1] - xs[0] + 1, 1)
        box = line if box is None else box.union(line)
    return count, box


@pytest.mark.parametrize(("extra", "size"), [
    (("--scene", "play", "--turns", "5"), (1280, 800)),
    (("--scene", "hint", "--turns", "2"), (800, 600)),
    (("--scene", "tutorial"), (800, 1280)),
    (("--scene", "play", "--game", "cards", "--players", "4", "--turns", "8"), (800, 600)),
    (("--scene", "play", "--game", "cards", "--players", "3", "--turns", "10", "--mid-turn"), (1280, 800)),
    (("--scene", "tutorial", "--game", "cards", "--players", "2"), (1024, 768)),
])
def test_the_play_pictures_show_the_parents_menu_button_as_the_window_does(
        extra: tuple[str, ...], size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """A family sees the ≡ button in the play screen's corner (the parents' way out); the picture shows it too, and
    it is the only thing the parents' corner adds: the picture with the button hidden differs inside its slot only."""
    from doolhof.gui.kit.playing import PlayingScene
    from doolhof.gui.screenshot import _home, render_scene

    real = PlayingScene.corner_icon
    scenes: list[object] = []

    def picture(menu: bool) -> pygame.Surface:
        def corner_icon(self: PlayingScene[object, object], name: str) -> object:  # type: ignore[type-var]
            scenes.append(self)
            return None if name == "menu" and not menu else real(self, name)  # type: ignore[arg-type]

        monkeypatch.setattr(PlayingScene, "corner_icon", corner_icon)
        args = _args(Path("x.png"), "--size", f"{size[0]}x{size[1]}", "--seed", "3", *extra)
        with _home(None):
            return render_scene(args).copy()

    shown, hidden = picture(True), picture(False)
    slot = scenes[-1].layout.icons["menu"]  # type: ignore[attr-defined]
    count, box = _differences(shown, hidden)
    assert count > slot.w * slot.h // 20, f"the ≡ button is missing ({count} pixels differ)"
    assert box is not None and slot.inflate(slot.w // 2, slot.h // 2).contains(box), (box, slot)
