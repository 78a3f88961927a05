"""The puzzle progress file: stars, the daily streak, lenient reading, damaged files moved aside, reset."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from doolhof.session.progress import (
    Progress,
    load_progress,
    progress_path,
    reset_progress,
    save_progress,
)

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


def test_odd_entries_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"format": "doolhof.progress", "version": 1,
                                "stars": {"1-01": 2, "1-02": 7, "1-03": "three", "1-04": True},
                                "daily": {"2026-12-01": 1, "yesterday": 2}, "tutorial_done": "yes"}),
                    encoding="utf-8")
    progress = load_progress(path).progress
    assert progress == Progress({"1-01": 2}, {"2026-12-01": 1}, False)


def test_reset_forgets_everything(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    save_progress(Progress().with_solved("1-01", 3).with_daily(DAY, 3), path)
    assert reset_progress(path) is None
    assert load_progress(path).progress == Progress()


def test_the_file_lives_beside_the_settings(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    from doolhof.session.paths import settings_path

    assert progress_path().parent == settings_path().parent


def test_a_write_that_fails_gives_a_message(tmp_path: Path) -> None:
    folder = tmp_path / "a-file-not-a-folder"
    folder.write_text("x", encoding="utf-8")
    message = save_progress(Progress(), folder / "progress.json")
    assert message and "could not be saved" in message
