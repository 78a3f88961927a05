"""Command-line mistakes get a clear message and exit status 2."""

from __future__ import annotations

import pytest

from doolhof.cli import build_parser, main


@pytest.mark.parametrize(("argv", "words"), [
    (["screenshot", "x.png", "--size", "big"], "is not a size"),
    (["screenshot", "x.png", "--size", "10x10"], "must be 160 to 3840"),
    (["screenshot", "x.png", "--scene", "menu"], "invalid choice: 'menu'"),
    (["--size", "1280"], "is not a size"),
    (["play", "--lang", "xx"], "invalid choice: 'xx'"),
])
def test_bad_options_exit_with_2(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert words in capsys.readouterr().err


def test_screenshot_options() -> None:
    args = build_parser().parse_args(["screenshot", "a.png", "--scene", "end", "--size", "800x1280", "--mid-turn"])
    assert (args.scene, args.size, args.mid_turn) == ("end", (800, 1280), True)


def test_play_is_the_default_command() -> None:
    parser = build_parser()
    args = parser.parse_args(["play", "--size", "1024x768", "--mute", "--fullscreen", "--lang", "nl"])
    assert (args.size, args.mute, args.fullscreen, args.lang) == ((1024, 768), True, True, "nl")


def test_bad_screenshot_path_exits_with_2(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screenshot", "/no/such/folder/x.png", "--scene", "setup"]) == 2
    assert "does not exist" in capsys.readouterr().err
