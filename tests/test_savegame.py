"""The saved game: round trip, atomic writes, and damaged files moved aside with a message, never a crash."""

from __future__ import annotations

import json
import logging
import os
import random
import re
from pathlib import Path

import pytest

from doolhof.engine import Game
from doolhof.engine.game import VERSION as ENGINE_VERSION
from doolhof.i18n import set_language
from doolhof.session import paths, savegame
from doolhof.session.savegame import LoadResult, SavedGame, clear_game, load_game, save_game
from doolhof.session.seats import SeatConfig, TableSetup

TABLE = TableSetup("junior", (SeatConfig("person"), SeatConfig("computer", "gentle"), SeatConfig("person")), 6)
ASIDE = re.compile(r"^game\.json\.corrupt-\d{8}-\d{6}(-\d+)?$")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    set_language("en")


def played(seed: int, half_turns: int) -> tuple[Game, Game | None]:
    """A 3-player game after *half_turns* random pushes and walks, and the state before the last one."""
    rng = random.Random(seed)
    game = Game.new("junior", players=3, secrets=6, seed=seed)
    previous = None
    for _ in range(half_turns):
        if game.is_over():
            break
        previous = game.copy()
        if game.phase == "push":
            game.push(rng.choice(game.legal_pushes()))
        else:
            game.walk(rng.choice(sorted(game.reachable())))
    return game, previous


def state(seed: int = 3, half_turns: int = 7) -> SavedGame:
    game, previous = played(seed, half_turns)
    return SavedGame(game, TABLE, undo=previous, extra={"scene": "play", "hint_shown": [1, 2], "pi": 3.25})


def aside_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("game.json.corrupt"))


# ----- round trip ------------------------------------------------------------------------------
@pytest.mark.parametrize(("seed", "half_turns"), [(1, 0), (2, 1), (3, 7), (4, 40)])
def test_save_then_load_gives_the_same_game(seed: int, half_turns: int, tmp_path: Path) -> None:
    saved = state(seed, half_turns)
    assert save_game(saved) is None
    assert (tmp_path / "game.json").is_file()
    result = load_game()
    assert result.message is None and result.game is not None
    loaded = result.game
    assert loaded.game == saved.game and loaded.game.to_dict() == saved.game.to_dict()
    assert loaded.undo == saved.undo
    assert loaded.table == TABLE and loaded.extra == saved.extra
    assert loaded.saved_at > 0
    # save -> load -> save writes the same data (apart from the time stamp).
    assert save_game(loaded) is None
    assert {**load_game().game.to_dict(), "saved_at": 0} == {**loaded.to_dict(), "saved_at": 0}  # type: ignore[union-attr]


def test_the_loaded_game_plays_on_like_the_original() -> None:
    saved = state(5, 9)
    save_game(saved)
    loaded = load_game().game
    assert loaded is not None
    rng_a, rng_b = random.Random(9), random.Random(9)
    a, b = saved.game, loaded.game
    for _ in range(20):
        if a.is_over():
            break
        if a.phase == "push":
            a.push(rng_a.choice(a.legal_pushes()))
            b.push(rng_b.choice(b.legal_pushes()))
        else:
            a.walk(rng_a.choice(sorted(a.reachable())))
            b.walk(rng_b.choice(sorted(b.reachable())))
    assert a == b


def test_no_undo_and_no_extra_are_fine() -> None:
    game = Game.new("junior", players=2, seed=1)
    assert save_game(SavedGame(game, TableSetup())) is None
    loaded = load_game().game
    assert loaded is not None and loaded.undo is None and loaded.extra == {}


def test_no_file_is_no_game_and_no_message() -> None:
    assert load_game() == LoadResult(None, None)
    assert not paths.game_path().exists()


def test_file_format() -> None:
    save_game(state())
    data = json.loads(paths.game_path().read_text(encoding="utf-8"))
    assert data["format"] == "doolhof.saved-game" and data["version"] == savegame.VERSION
    assert set(data) == {"format", "version", "saved_at", "table", "game", "undo", "extra"}


def test_clear_game() -> None:
    save_game(state())
    assert clear_game() is None
    assert not paths.game_path().exists() and load_game() == LoadResult(None, None)
    assert clear_game() is None  # nothing to clear is fine too


def test_doolhof_home_is_respected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = tmp_path / "elsewhere"
    monkeypatch.setenv("DOOLHOF_HOME", str(other))
    assert paths.game_path() == other / "game.json"
    save_game(state())
    assert (other / "game.json").is_file() and not (tmp_path / "game.json").exists()


def test_a_state_that_cannot_be_continued_is_refused_when_made() -> None:
    game, previous = played(1, 2)
    with pytest.raises(ValueError, match="does not match"):
        SavedGame(game, TableSetup())  # 2 seats for a 3-player game
    with pytest.raises(ValueError, match="undo"):
        SavedGame(game, TABLE, undo=Game.new("junior", players=2, seed=1))
    assert previous is not None and SavedGame(game, TABLE, undo=previous).undo == previous


# ----- atomic writes ---------------------------------------------------------------------------
def test_a_crash_before_the_rename_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = state(1, 3)
    save_game(first)
    before = paths.game_path().read_bytes()

    def crash(src: object, dst: object) -> None:
        raise OSError(5, "simulated crash")

    monkeypatch.setattr(os, "replace", crash)
    message = save_game(state(2, 8))
    assert message is not None and "simulated crash" in message
    monkeypatch.undo()
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    assert paths.game_path().read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary file left behind
    loaded = load_game().game
    assert loaded is not None and loaded.game == first.game


def test_a_crash_while_writing_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = state(1, 3)
    save_game(first)

    def crash(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", crash)
    assert save_game(state(2, 8)) is not None
    monkeypatch.undo()
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert load_game().game.game == first.game  # type: ignore[union-attr]


def test_temporary_files_of_a_killed_save_are_tidied_away(tmp_path: Path) -> None:
    save_game(state())
    old, fresh = tmp_path / ".game.json.abc123.tmp", tmp_path / ".game.json.def456.tmp"
    old.write_text('{"half": ')
    fresh.write_text('{"half": ')
    os.utime(old, (1_000_000_000, 1_000_000_000))
    assert load_game().game is not None
    assert not old.exists() and fresh.exists()  # a fresh one may belong to a save in progress


def test_unwritable_folder_gives_a_message_not_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("DOOLHOF_HOME", str(blocker / "doolhof"))  # its parent is a file: cannot be created
    with caplog.at_level(logging.ERROR):
        message = save_game(state())
    assert message is not None and message.startswith("The game could not be saved")
    assert "cannot save" in caplog.text


def test_extra_that_is_not_json_gives_a_message_and_keeps_the_old_file() -> None:
    first = state(1, 3)
    save_game(first)
    message = save_game(SavedGame(first.game, TABLE, extra={"bad": object()}))
    assert message is not None and "could not be saved" in message
    assert load_game().game.game == first.game  # type: ignore[union-attr]


# ----- damaged files -------------------------------------------------------------------------
def write_raw(text: str) -> Path:
    path = paths.game_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def good_data() -> dict[str, object]:
    s = state()
    data = s.to_dict()
    return json.loads(json.dumps(data))  # type: ignore[no-any-return]


def damaged_files() -> dict[str, str]:
    data = good_data()
    cases = {
        "not json": '{"format": "doolhof.saved-game", "version": 1, "game": ',
        "empty": "",
        "binary": "\udcff",
        "a list": "[1, 2, 3]",
        "wrong format": json.dumps({**data, "format": "something.else"}),
        "no format": json.dumps({k: v for k, v in data.items() if k != "format"}),
        "version as text": json.dumps({**data, "version": "1"}),
        "missing game": json.dumps({k: v for k, v in data.items() if k != "game"}),
        "table does not fit": json.dumps({**data, "table": {**data["table"], "seats": [{"kind": "person"}] * 2}}),
        "secrets 10^30": json.dumps({**data, "table": {**data["table"], "secrets": 10**30}}),
        "secrets -5": json.dumps({**data, "table": {**data["table"], "secrets": -5}}),
        "extra not a dict": json.dumps({**data, "extra": [1]}),
        "deeply nested": "[" * 100000 + "]" * 100000,
    }
    game = dict(data["game"])  # type: ignore[call-overload]
    cases["engine-invalid game"] = json.dumps({**data, "game": {**game, "cells": game["cells"][:-1]}})
    cases["engine-invalid undo"] = json.dumps({**data, "undo": {**game, "positions": [[9, 9]] * 3}})
    cases["foreign engine version"] = json.dumps({**data, "game": {**game, "version": "one"}})
    return cases


@pytest.mark.parametrize("case", sorted(damaged_files()))
def test_damaged_file_is_moved_aside_with_a_message(case: str, tmp_path: Path,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    text = damaged_files()[case]
    path = paths.game_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    with caplog.at_level(logging.ERROR):
        result = load_game()
    assert result.game is None
    [aside] = aside_files(tmp_path)
    assert ASIDE.match(aside)
    assert (tmp_path / aside).read_bytes() == text.encode("utf-8", "surrogateescape")  # nothing lost
    assert not path.exists()
    assert result.message == (
        f"The saved game could not be read, so a new game starts. The old file was kept as {aside}."
    )
    assert aside in caplog.text
    # The next start is clean: no file, no message.
    assert load_game() == LoadResult(None, None)


def test_a_newer_file_says_so(tmp_path: Path) -> None:
    write_raw(json.dumps({**good_data(), "version": savegame.VERSION + 1}))
    result = load_game()
    [aside] = [p.name for p in tmp_path.iterdir() if p.name.startswith("game.json.newer-")]
    assert result.game is None and not (tmp_path / "game.json").exists()
    assert result.message is not None and "newer version of Doolhof" in result.message and aside in result.message


def test_a_game_from_a_newer_engine_says_so(tmp_path: Path) -> None:
    data = good_data()
    write_raw(json.dumps({**data, "game": {**data["game"], "version": ENGINE_VERSION + 1}}))  # type: ignore[dict-item]
    result = load_game()
    assert result.game is None and result.message is not None and "newer version" in result.message
    assert len([p for p in tmp_path.iterdir() if p.name.startswith("game.json.newer-")]) == 1


def test_two_damaged_files_in_the_same_second_both_stay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths.time, "time", lambda: 1_800_000_000.0)
    for _ in range(3):
        write_raw("garbage")
        assert load_game().message is not None
    assert len(aside_files(tmp_path)) == 3


def test_unreadable_file_is_moved_aside_not_written_over(tmp_path: Path) -> None:
    paths.game_path().mkdir(parents=True)  # a folder where the file should be: reading fails
    result = load_game()
    assert result.game is None
    assert result.message is not None and "could not be opened" in result.message
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("game.json.unreadable-")]
    assert kept.is_dir() and str(kept) in result.message and not aside_files(tmp_path)


def test_messages_follow_the_language(tmp_path: Path) -> None:
    write_raw("garbage")
    set_language("nl")
    try:
        message = load_game().message
    finally:
        set_language("en")
    [aside] = aside_files(tmp_path)
    assert message == (
        f"Het opgeslagen spel kon niet worden gelezen, dus begint er een nieuw spel. Het oude bestand is bewaard"
        f" als {aside}."
    )


@pytest.mark.parametrize("secrets", [10**30, -5, 0, 13])
def test_a_table_that_cannot_start_a_game_is_refused(secrets: int) -> None:
    """Secret counts outside what the variant allows (R13) never load, so no later new game can fail."""
    with pytest.raises(ValueError, match="cannot start a game"):
        TableSetup.from_dict({"variant": "junior", "seats": [{}, {}], "secrets": secrets})
    assert TableSetup.from_dict({"variant": "junior", "seats": [{}, {}], "secrets": 6}).secrets == 6
