"""Files of every older format version still load: today's v1 files (committed under tests/data/v1) and a
test-only version 2 of every file kind that proves each ladder climbs; and one rule for a file newer than
this program, the same for every kind: kept aside whole, never written over, and the parent told."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from doolhof.cards import game as card_rules
from doolhof.engine import game as maze_rules
from doolhof.engine import saved as maze_saved
from doolhof.session import paths, progress, savegame, settings
from doolhof.session.games import newer_version
from doolhof.session.progress import load_progress, save_progress
from doolhof.session.savegame import load_game, load_waiting, save_game
from doolhof.session.settings import load_settings, save_settings

V1 = Path(__file__).parent / "data" / "v1"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    for name in ("game.json", "card-game.json", "settings.json", "progress.json"):
        shutil.copy(V1 / name, tmp_path / name)
    yield


def v1(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((V1 / name).read_text(encoding="utf-8"))
    return data


def test_todays_v1_files_load_as_they_are() -> None:
    waiting, messages = load_waiting()
    assert messages == [] and set(waiting) == {"maze", "cards"}
    maze, cards = waiting["maze"], waiting["cards"]
    assert maze.table.variant == "junior-own" and maze.undo is not None and maze.extra == {"note": "kept"}
    assert maze.game.to_dict() == v1("game.json")["game"]
    assert cards.table.is_cards and cards.game.to_dict() == v1("card-game.json")["game"]
    loaded = load_settings()
    assert loaded.message is None and loaded.settings.language == "nl" and loaded.settings.volume == 0.5
    stars = load_progress()
    assert stars.message is None and stars.progress.stars == {"1-01": 3, "1-02": 2}
    assert stars.progress.daily == {"2026-11-30": 2, "2026-12-01": 3}


def rename(old: str, new: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A v1 -> v2 rung that renames a key, and the marker the test-only v2 reader checks."""
    def step(data: dict[str, Any]) -> dict[str, Any]:
        out = {k: v for k, v in data.items() if k != old}
        out[new] = data[old]
        return out
    return step


def test_a_v1_game_of_each_kind_loads_after_a_version_bump(monkeypatch: pytest.MonkeyPatch) -> None:
    """Version 2 of the maze game and card game (and the saved-game wrapper) rename a key; v1 files climb."""
    climbed: list[str] = []

    def marked(name: str, step: Callable[[dict[str, Any]], dict[str, Any]]) -> Callable[[dict[str, Any]], Any]:
        def rung(data: dict[str, Any]) -> dict[str, Any]:
            climbed.append(name)
            return step(data)
        return rung

    # Test-only v2s: the same data under one renamed key, renamed back by the readers below.
    monkeypatch.setattr(maze_rules, "VERSION", 2)
    monkeypatch.setattr(card_rules, "VERSION", 2)
    monkeypatch.setattr(savegame, "VERSION", 2)
    monkeypatch.setattr("doolhof.session.games.MAZE_VERSION", 2)
    monkeypatch.setitem(maze_saved.UPGRADES, 1, marked("maze", rename("turn", "turns")))
    monkeypatch.setitem(card_rules.UPGRADES, 1, marked("cards", rename("turn", "turns")))
    monkeypatch.setitem(savegame.UPGRADES, 1, marked("saved", rename("extra", "extras")))
    original_upgrade = maze_saved.upgrade

    def v2_maze(data: dict[str, Any], version: int, newest: int, ladder: Any = None) -> dict[str, Any]:
        out = original_upgrade(data, version, newest, ladder)
        return {**{k: v for k, v in out.items() if k != "turns"}, "turn": out["turns"]}

    monkeypatch.setattr(maze_rules, "upgrade", v2_maze)
    original_cards = card_rules.upgrade

    def v2_cards(data: dict[str, Any], version: int) -> dict[str, Any]:
        out = original_cards(data, version)
        return {**{k: v for k, v in out.items() if k != "turns"}, "turn": out["turns"]}

    monkeypatch.setattr(card_rules, "upgrade", v2_cards)
    original_saved = savegame.climb

    def v2_saved(data: dict[str, Any], version: int, newest: int, ladder: Any) -> dict[str, Any]:
        out = original_saved(data, version, newest, ladder)
        return {**{k: v for k, v in out.items() if k != "extras"}, "extra": out.get("extras", out.get("extra"))}

    monkeypatch.setattr(savegame, "climb", v2_saved)
    waiting, messages = load_waiting()
    assert messages == [] and set(waiting) == {"maze", "cards"}, "no v1 game was thrown away"
    assert {"maze", "cards", "saved"} <= set(climbed)
    assert waiting["maze"].game.turn == v1("game.json")["game"]["turn"]
    assert waiting["maze"].extra == {"note": "kept"}
    assert waiting["cards"].game.turn == v1("card-game.json")["game"]["turn"]
    assert save_game(waiting["maze"]) is None
    assert json.loads(paths.game_path().read_text(encoding="utf-8"))["version"] == 2, "saved as v2 from now on"


def test_a_v1_settings_file_loads_after_a_version_bump(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "VERSION", 2)
    monkeypatch.setitem(settings.UPGRADES, 1, lambda data: {**data, "volume": data["volume"] / 2})
    loaded = load_settings()
    assert loaded.message is None and loaded.settings.language == "nl" and loaded.settings.volume == 0.25
    assert save_settings(loaded.settings) is None
    assert json.loads(paths.settings_path().read_text(encoding="utf-8"))["version"] == 2


def test_a_v1_progress_file_loads_after_a_version_bump(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "VERSION", progress.VERSION + 1)
    monkeypatch.setitem(progress.UPGRADES, progress.VERSION - 1, lambda data: {**data, "child": 2})
    loaded = load_progress()  # today's v1 climbs two rungs: one set of stars -> the first child's -> the test's
    assert loaded.message is None and loaded.book.child == 2
    assert loaded.book.of(0).stars == {"1-01": 3, "1-02": 2} and loaded.book.of(0).daily == v1("progress.json")["daily"]


def test_a_missing_rung_is_a_damaged_file_not_a_crash(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(settings, "VERSION", 2)
    loaded = load_settings()
    assert loaded.message is not None and list(tmp_path.glob("settings.json.corrupt-*"))


NEWER: list[tuple[str, Callable[[], str | None], Callable[[], str | None]]] = [
    ("game.json", lambda: load_game().message, lambda: save_game(load_waiting()[0]["cards"], paths.game_path())),
    ("card-game.json", lambda: load_game(paths.game_path("cards")).message,
     lambda: save_game(load_waiting()[0]["maze"], paths.game_path("cards"))),
    ("settings.json", lambda: load_settings().message, lambda: save_settings(load_settings().settings)),
    ("progress.json", lambda: load_progress().message, lambda: save_progress(load_progress().progress)),
]


@pytest.mark.parametrize(("name", "load", "save"), NEWER, ids=[n[0] for n in NEWER])
def test_a_newer_file_of_any_kind_is_kept_aside_whole_and_the_parent_told(
        name: str, load: Callable[[], str | None], save: Callable[[], str | None], tmp_path: Path) -> None:
    data = {**v1(name), "version": 99, "something new": [1, 2, 3]}
    text = json.dumps(data)
    (tmp_path / name).write_text(text, encoding="utf-8")
    message = load()
    [kept] = tmp_path.glob(f"{name}.newer-*")
    assert message is not None and "newer version of Doolhof" in message and kept.name in message
    save()
    assert kept.read_text(encoding="utf-8") == text, "never written over"


def test_a_game_newer_inside_todays_wrapper_is_kept_aside_as_newer(tmp_path: Path) -> None:
    data = v1("game.json")
    data["game"]["version"] = 5
    assert newer_version(data["game"]) == 5
    (tmp_path / "game.json").write_text(json.dumps(data), encoding="utf-8")
    message = load_game().message
    assert message is not None and "newer version" in message and list(tmp_path.glob("game.json.newer-*"))
