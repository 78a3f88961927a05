"""Settings and saved-game folders from platformdirs, and the one-time move of Doolhof 0.1's files to them.

Each platform's layout is simulated on this machine: ``sys.platform`` is monkeypatched, and the
folders platformdirs would ask the system for (the home folder; on Windows the known folders) are
pointed into ``tmp_path``.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import platformdirs.windows
import pytest

from doolhof.session import paths
from doolhof.session.settings import Settings, load_settings, save_settings


@dataclass
class Layout:
    """One simulated computer: where Doolhof 0.1 kept its files and where they belong now."""

    old_config: Path
    old_data: Path
    new_config: Path
    new_data: Path


def _simulate(platform: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Layout:
    monkeypatch.delenv("DOOLHOF_HOME", raising=False)
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "APPDATA", "LOCALAPPDATA", "USERPROFILE"):
        monkeypatch.delenv(variable, raising=False)
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(paths, "_adopted", set())
    if platform == "win32":
        roaming, local = home / "AppData" / "Roaming", home / "AppData" / "Local"
        monkeypatch.setenv("APPDATA", str(roaming))
        folders = {"CSIDL_APPDATA": str(roaming), "CSIDL_LOCAL_APPDATA": str(local)}
        monkeypatch.setattr(platformdirs.windows, "get_win_folder", folders.__getitem__)
        return Layout(roaming / "Doolhof", roaming / "Doolhof", roaming / "Doolhof", local / "Doolhof")
    if platform == "darwin":
        support = home / "Library" / "Application Support" / "Doolhof"
        return Layout(support, support, support, support)
    return Layout(home / ".config" / "doolhof", home / ".local" / "share" / "doolhof",
                  home / ".config" / "doolhof", home / ".local" / "share" / "doolhof")


@pytest.fixture(params=["linux", "darwin", "win32"])
def layout(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Layout:
    return _simulate(request.param, tmp_path, monkeypatch)


def _write(path: Path, text: str, mtime: float | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if mtime is not None:
        os.utime(path, (mtime, mtime))


def test_folders_follow_the_platform(layout: Layout) -> None:
    assert paths.config_dir() == layout.new_config
    assert paths.data_dir() == layout.new_data
    assert paths.legacy_dir("config") == layout.old_config
    assert paths.legacy_dir("data") == layout.old_data


def test_xdg_variables_are_followed_and_relative_ones_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _simulate("linux", tmp_path, monkeypatch)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # invalid by the XDG spec: ignored
    assert paths.config_dir() == tmp_path / "cfg" / "doolhof"
    assert paths.data_dir() == tmp_path / "home" / ".local" / "share" / "doolhof"
    assert paths.legacy_dir("config") == paths.config_dir() and paths.legacy_dir("data") == paths.data_dir()


def test_doolhof_home_puts_everything_in_one_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for platform in ("linux", "darwin", "win32"):
        _simulate(platform, tmp_path, monkeypatch)
        monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path / "dh"))
        assert paths.config_dir() == paths.data_dir() == tmp_path / "dh"
        assert paths.settings_path() == tmp_path / "dh" / "settings.json"
        assert paths.game_path() == tmp_path / "dh" / "game.json"
        assert paths.config_dir(platform=platform, environ={"DOOLHOF_HOME": "/x"}) == Path("/x")


def test_todays_files_are_found_at_the_new_place_with_nothing_lost(layout: Layout) -> None:
    settings = Settings(language="sv", volume=0.25)
    assert save_settings(settings, layout.old_config / "settings.json") is None
    _write(layout.old_data / "game.json", '{"a saved": "game"}')
    _write(layout.old_data / "game.json.corrupt-20260101-120000", "kept aside in 0.1")
    before = {p.name: p.read_bytes() for p in (layout.old_config.iterdir())} | {
        p.name: p.read_bytes() for p in layout.old_data.iterdir()}

    assert load_settings().settings == settings  # found, wherever it belongs now
    game = paths.game_path()
    assert game == layout.new_data / "game.json"
    assert game.read_text(encoding="utf-8") == '{"a saved": "game"}'
    after = {p.name: p.read_bytes() for p in layout.new_config.iterdir()} | {
        p.name: p.read_bytes() for p in layout.new_data.iterdir()}
    assert after == before  # every file, byte for byte
    if layout.old_data != layout.new_data:  # Windows: the saved game moved from Roaming to Local
        assert not (layout.old_data / "game.json").exists()
        assert not (layout.old_data / "game.json.corrupt-20260101-120000").exists()
        assert (layout.old_config / "settings.json").exists()  # settings stay in Roaming


def test_the_move_happens_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    layout = _simulate("win32", tmp_path, monkeypatch)
    _write(layout.old_data / "game.json", "old game")
    paths.game_path()
    _write(layout.new_data / "game.json", "played on since")
    monkeypatch.setattr(paths, "_adopted", set())  # a new run
    assert paths.game_path().read_text(encoding="utf-8") == "played on since"
    assert sorted(p.name for p in layout.new_data.iterdir()) == ["game.json"]


def test_a_newer_file_at_the_new_place_is_never_overwritten(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    layout = _simulate("win32", tmp_path, monkeypatch)
    _write(layout.old_data / "game.json", "old game", mtime=1_700_000_000)
    _write(layout.new_data / "game.json", "newer game", mtime=1_800_000_000)
    assert paths.game_path().read_text(encoding="utf-8") == "newer game"
    kept = [p for p in layout.new_data.iterdir() if p.name.startswith("game.json.older-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "old game"  # nothing lost
    assert not (layout.old_data / "game.json").exists()


def test_an_older_file_at_the_new_place_gives_way_and_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    layout = _simulate("win32", tmp_path, monkeypatch)
    _write(layout.old_data / "game.json", "newer game", mtime=1_800_000_000)
    _write(layout.new_data / "game.json", "old game", mtime=1_700_000_000)
    assert paths.game_path().read_text(encoding="utf-8") == "newer game"
    kept = [p for p in layout.new_data.iterdir() if p.name.startswith("game.json.older-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "old game"


def test_the_same_file_in_both_places_leaves_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    layout = _simulate("win32", tmp_path, monkeypatch)
    _write(layout.old_data / "game.json", "same")
    _write(layout.new_data / "game.json", "same")
    assert paths.game_path().read_text(encoding="utf-8") == "same"
    assert not (layout.old_data / "game.json").exists()
    assert sorted(p.name for p in layout.new_data.iterdir()) == ["game.json"]


def test_a_failed_move_leaves_the_file_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    layout = _simulate("win32", tmp_path, monkeypatch)
    _write(layout.old_data / "game.json", json.dumps({"keep": "me"}))
    layout.new_data.parent.mkdir(parents=True)
    layout.new_data.write_text("a file where the folder should be")
    with caplog.at_level(logging.WARNING, logger="doolhof.session.paths"):
        paths.game_path()
    assert (layout.old_data / "game.json").read_text(encoding="utf-8") == '{"keep": "me"}'
    warning = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warning) == 1 and str(layout.old_data / "game.json") in warning[0] and "stays" in warning[0]


def test_a_move_across_drives_copies_then_removes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    def no_rename(source: object, target: object) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    layout = _simulate("win32", tmp_path, monkeypatch)
    _write(layout.old_data / "game.json", "game", mtime=1_750_000_000)
    monkeypatch.setattr(os, "rename", no_rename)
    game = paths.game_path()
    assert game.read_text(encoding="utf-8") == "game" and game.stat().st_mtime == 1_750_000_000
    assert not (layout.old_data / "game.json").exists()
