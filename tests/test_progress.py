"""The puzzle progress file: stars, the daily streak, lenient reading, damaged files moved aside, reset."""

from __future__ import annotations

import datetime
import errno
import json
import logging
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doolhof.session.progress import (
    DAILY_KEPT,
    MAX_BYTES,
    Book,
    Progress,
    StarKeeper,
    load_progress,
    progress_path,
    save_progress,
)
from tests.file_faults import failing_writes

DAY = datetime.date(2026, 12, 1)


def test_saved_progress_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress().with_solved("1-01", 3).with_daily(DAY, 2)
    assert save_progress(progress, path) is None
    assert load_progress(path).progress == progress
    assert not list(tmp_path.glob(".progress.json.*.tmp")), "the atomic write leaves no temporary file"


def test_the_best_result_is_kept() -> None:
    progress = Progress().with_solved("2-01", 1).with_solved("2-01", 3).with_solved("2-01", 2)
    assert progress.stars == {"2-01": 3}


@given(st.sets(st.integers(0, 40)))
def test_the_streak_counts_days_in_a_row_up_to_today_or_yesterday(days: set[int]) -> None:
    progress = Progress()
    for back in days:
        progress = progress.with_daily(DAY - datetime.timedelta(days=back), 1)
    start = 0 if 0 in days else 1
    expected = 0
    while start + expected in days:
        expected += 1
    assert progress.streak(DAY) == expected


def test_a_missing_file_is_a_fresh_start(tmp_path: Path) -> None:
    result = load_progress(tmp_path / "progress.json")
    assert result.progress == Progress() and result.message is None


def test_a_damaged_file_is_moved_aside_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(b"\xff\xfe not json")
    result = load_progress(path)
    assert result.progress == Progress() and result.message and "puzzle stars" in result.message
    assert not path.exists()
    kept = list(tmp_path.glob("progress.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"\xff\xfe not json"


def test_a_file_that_is_not_ours_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"format": "something else"}), encoding="utf-8")
    assert load_progress(path).message
    assert list(tmp_path.glob("progress.json.corrupt-*"))


def test_odd_entries_are_kept_as_they_were_and_logged(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "progress.json"
    odd_stars = {"1-02": 7, "1-03": "three", "1-04": True}
    path.write_text(json.dumps({"format": "doolhof.progress", "version": 1, "stars": {"1-01": 2, **odd_stars},
                                "daily": {"2026-12-01": 1, "yesterday": 2}, "tutorial_done": "yes"}),
                    encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        progress = load_progress(path).progress
    assert (progress.stars, progress.daily, progress.tutorial_done) == ({"1-01": 2}, {"2026-12-01": 1}, False)
    assert "4 entries that make no sense" in caplog.text
    assert save_progress(progress.with_solved("1-05", 3), path) is None
    written = json.loads(path.read_text(encoding="utf-8"))["children"]["0"]
    assert {k: written["stars"][k] for k in odd_stars} == odd_stars and written["daily"]["yesterday"] == 2


def test_children_of_no_figure_are_kept_through_a_save(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "progress.json"
    strangers = {"9": {"stars": {"1-01": 3}}, "x": {"stars": {}}, "-1": [1, 2]}
    path.write_text(json.dumps({"format": "doolhof.progress", "version": 2, "child": 0,
                                "children": {"0": {"stars": {"1-01": 2}}, **strangers}}), encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        progress = load_progress(path).progress
    assert progress.stars == {"1-01": 2} and caplog.text.count("no figure") == 3
    assert save_progress(progress.with_solved("1-02", 1), path) is None
    written = json.loads(path.read_text(encoding="utf-8"))["children"]
    assert {k: written[k] for k in strangers} == strangers, "kept as they were found"
    assert written["0"]["stars"] == {"1-01": 2, "1-02": 1}


@pytest.mark.parametrize("data", [
    {"format": "doolhof.progress", "version": 2, "children": [{"stars": {"1-01": 2}}]},
    {"format": "doolhof.progress", "version": 2, "children": {"0": [{"stars": {"1-01": 2}}]}},
    {"format": "doolhof.progress", "version": 2, "children": {"0": {"stars": ["1-01", "1-02"]}}},
    {"format": "doolhof.progress", "version": 1, "stars": ["1-01", "1-02"]},
    {"format": "doolhof.progress", "version": 2, "children": {"0": {"daily": "every day"}}},
], ids=["children-list", "child-list", "stars-list", "old-stars-list", "daily-text"])
def test_a_part_of_the_wrong_shape_is_never_dropped_without_a_log_line(data: dict[str, object], tmp_path: Path,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "progress.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        result = load_progress(path)
    assert result.progress.stars == {} and result.message is None
    assert "not a table" in caplog.text, caplog.text


def test_a_million_daily_entries_are_not_read(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    daily = ", ".join(f'"{2000 + k // 365:04d}-{k % 12 + 1:02d}-{k % 28 + 1:02d}x{k}": 1' for k in range(10**6))
    path.write_text('{"format": "doolhof.progress", "version": 1, "stars": {}, "daily": {' + daily + "}}",
                    encoding="utf-8")
    import tracemalloc

    tracemalloc.start()
    result = load_progress(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 5 * MAX_BYTES, "the file was not read whole"
    assert result.progress == Progress() and result.message is not None
    assert list(tmp_path.glob("progress.json.corrupt-*")), "kept aside, not lost"


def test_more_days_than_kept_are_cut_while_reading(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    days = {(DAY - datetime.timedelta(days=k)).isoformat(): 2 for k in range(DAILY_KEPT + 50)}
    path.write_text(json.dumps({"format": "doolhof.progress", "version": 1, "daily": days}), encoding="utf-8")
    progress = load_progress(path).progress
    assert len(progress.daily) == DAILY_KEPT and DAY.isoformat() in progress.daily


def test_each_child_keeps_their_own_stars(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    keeper = StarKeeper(path)
    assert keeper.solved("1-01", 3) is None
    keeper.choose(1)
    assert keeper.progress.stars == {}, "the second child finds nothing solved"
    keeper.solved("1-01", 1)
    again = StarKeeper(path)
    assert again.book.child == 1 and again.progress.stars == {"1-01": 1}
    assert again.book.of(0).stars == {"1-01": 3}


def test_stars_won_while_saving_fails_stay_in_the_book(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    keeper = StarKeeper(path)
    writes = failing_writes(monkeypatch, errno.ENOSPC)
    assert keeper.solved("1-01", 3) is not None
    assert keeper.reload() is not None and keeper.progress.stars == {"1-01": 3}, "not read back from the old file"
    writes(False)
    assert keeper.reload() is None and load_progress(path).progress.stars == {"1-01": 3}


def test_reset_forgets_everything(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    save_progress(Progress().with_solved("1-01", 3).with_daily(DAY, 3), path)
    keeper = StarKeeper(path)
    keeper.choose(1)
    assert keeper.reset() is None
    assert load_progress(path).progress == Progress() and keeper.book == Book() == load_progress(path).book


def test_a_reset_while_saving_fails_never_brings_the_old_stars_back(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    keeper = StarKeeper(path)
    writes = failing_writes(monkeypatch, errno.ENOSPC)
    assert keeper.solved("1-01", 3) is not None, "this star could not be saved"
    assert keeper.reset() is not None, "nor the reset: the parent is told"
    keeper.reload()
    assert keeper.progress == Progress(), "the unsaved star is gone from memory too"
    writes(False)
    assert keeper.reload() is None and load_progress(path).progress == Progress()


def test_the_file_lives_beside_the_settings(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    from doolhof.session.paths import settings_path

    assert progress_path().parent == settings_path().parent


def test_a_write_that_fails_gives_a_message(tmp_path: Path) -> None:
    folder = tmp_path / "a-file-not-a-folder"
    folder.write_text("x", encoding="utf-8")
    message = save_progress(Progress(), folder / "progress.json")
    assert message and "could not be saved" in message
