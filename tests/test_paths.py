"""Settings, saved-game and log folders from platformdirs.

Each platform's layout is simulated on this machine: ``sys.platform`` is monkeypatched, and the
folders platformdirs would ask the system for (the home folder; on Windows the known folders) are
pointed into ``tmp_path``.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import platformdirs.windows
import pytest

from doolhof.session import paths


@dataclass
class Layout:
    """One simulated computer: where Doolhof's files belong."""

    new_config: Path
    new_data: Path
    new_log: Path


def _simulate(platform: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Layout:
    monkeypatch.delenv("DOOLHOF_HOME", raising=False)
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "APPDATA", "LOCALAPPDATA", "USERPROFILE"):
        monkeypatch.delenv(variable, raising=False)
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setattr(sys, "platform", platform)
    if platform == "win32":
        roaming, local = home / "AppData" / "Roaming", home / "AppData" / "Local"
        monkeypatch.setenv("APPDATA", str(roaming))
        folders = {"CSIDL_APPDATA": str(roaming), "CSIDL_LOCAL_APPDATA": str(local)}
        monkeypatch.setattr(platformdirs.windows, "get_win_folder", folders.__getitem__)
        return Layout(roaming / "Doolhof", local / "Doolhof", local / "Doolhof" / "Logs")
    if platform == "darwin":
        support = home / "Library" / "Application Support" / "Doolhof"
        return Layout(support, support, home / "Library" / "Logs" / "Doolhof")
    return Layout(home / ".config" / "doolhof", home / ".local" / "share" / "doolhof",
                  home / ".local" / "state" / "doolhof" / "log")


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
    assert paths.log_dir() == layout.new_log


def test_xdg_variables_are_followed_and_relative_ones_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _simulate("linux", tmp_path, monkeypatch)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # invalid by the XDG spec: ignored
    assert paths.config_dir() == tmp_path / "cfg" / "doolhof"
    assert paths.data_dir() == tmp_path / "home" / ".local" / "share" / "doolhof"


def test_doolhof_home_puts_everything_in_one_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for platform in ("linux", "darwin", "win32"):
        _simulate(platform, tmp_path, monkeypatch)
        monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path / "dh"))
        assert paths.config_dir() == paths.data_dir() == tmp_path / "dh"
        assert paths.settings_path() == tmp_path / "dh" / "settings.json"
        assert paths.game_path() == tmp_path / "dh" / "game.json"
        assert paths.game_path("cards") == tmp_path / "dh" / "card-game.json"
        assert paths.log_dir() == tmp_path / "dh" / "log"
        assert paths.config_dir(platform=platform, environ={"DOOLHOF_HOME": "/x"}) == Path("/x")


def test_a_file_that_could_not_be_kept_aside_is_never_written_over(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("only copy", encoding="utf-8")
    paths.protect(path)
    with pytest.raises(PermissionError):
        paths.atomic_write_text(path, "new")
    assert path.read_text(encoding="utf-8") == "only copy"
