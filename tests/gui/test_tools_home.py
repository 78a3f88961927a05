"""Tools never touch a family's files unless asked: ``doolhof screenshot`` renders on an empty temporary home."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from doolhof.cli import build_parser
from doolhof.gui.screenshot import render_screenshot
from doolhof.session import paths


@pytest.fixture
def family(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A family's real data folder (no DOOLHOF_HOME), holding a damaged game that must stay as it is."""
    monkeypatch.delenv("DOOLHOF_HOME", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(variable, raising=False)
    data = paths.data_dir()
    data.mkdir(parents=True)
    (data / "game.json").write_text("a game only a newer Doolhof can read", encoding="utf-8")
    return data


@pytest.mark.parametrize("scene", ["setup", "book", "calendar"])
def test_a_screenshot_leaves_the_familys_files_alone(family: Path, tmp_path: Path, scene: str) -> None:
    before = {p.name: p.read_bytes() for p in family.iterdir()}
    args = build_parser().parse_args(["screenshot", str(tmp_path / "shot.png"), "--scene", scene, "--size", "640x400"])
    assert render_screenshot(args) == 0
    assert {p.name: p.read_bytes() for p in family.iterdir()} == before
    assert not paths.config_dir().exists() or not any(paths.config_dir().iterdir())
    assert "DOOLHOF_HOME" not in os.environ


def test_a_screenshot_of_a_home_asked_for_reads_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOOLHOF_HOME", raising=False)
    home = tmp_path / "asked"
    home.mkdir()
    (home / "game.json").write_text("damaged", encoding="utf-8")
    args = build_parser().parse_args(["screenshot", str(tmp_path / "shot.png"), "--scene", "setup", "--home",
                                      str(home)])
    assert render_screenshot(args) == 0
    assert list(home.glob("game.json.corrupt-*")), "the files asked for were read (and the damaged one kept aside)"
