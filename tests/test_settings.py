"""Settings: exact round trip, defaults for anything missing or wrong, damaged files moved aside."""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from doolhof.i18n import LANGUAGES, set_language
from doolhof.session import paths
from doolhof.session.seats import CARDS, LEVELS, SeatConfig, TableSetup
from doolhof.session.settings import (
    ANIMATION_SPEEDS,
    LABELS,
    Settings,
    SettingsResult,
    load_settings,
    save_settings,
    secrets_label,
)
from doolhof.session.setup_memory import SetupMemory

ASIDE = re.compile(r"^settings\.json\.corrupt-\d{8}-\d{6}(-\d+)?$")
CHANGED = Settings(
    language="sv", sound=False, volume=0.35, animation_speed="slow", reduced_motion=True, auto_hint=False,
    fullscreen=True,
    table=TableSetup("junior-own", (SeatConfig("computer", "expert"), SeatConfig(), SeatConfig("computer", "gentle")),
                     5, 0),
    tutorial_done=True,
    hidden_hands=True,
    cards_tutorial_done=True,
    online=True,
    relay="relay.example.org:1883",
    invitations=False,
    setup=SetupMemory(CARDS, "classic", tuple(SeatConfig("computer", "expert") for _ in range(6)), (3, 5), 7, 1,
                      frozenset({2}), 1700000000.0),
)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    set_language("en")


def write(data: object) -> Path:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def aside_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("settings.json.corrupt"))


def test_missing_file_gives_the_defaults_silently() -> None:
    assert load_settings() == SettingsResult(Settings(), None)


def test_every_setting_differs_from_its_default_in_the_round_trip_example() -> None:
    default = Settings()
    assert all(getattr(CHANGED, name) != getattr(default, name) for name in Settings.__dataclass_fields__)


def test_round_trip(tmp_path: Path) -> None:
    assert save_settings(CHANGED) is None
    assert (tmp_path / "settings.json").is_file()
    assert load_settings() == SettingsResult(CHANGED, None)
    # And again from what was read: the file does not drift.
    first = (tmp_path / "settings.json").read_text(encoding="utf-8")
    save_settings(load_settings().settings)
    assert (tmp_path / "settings.json").read_text(encoding="utf-8") == first


@hypothesis_settings(max_examples=60, deadline=None)
@given(
    language=st.sampled_from([None, *LANGUAGES]),
    flags=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    volume=st.floats(0.0, 1.0),
    speed=st.sampled_from(sorted(ANIMATION_SPEEDS)),
    seats=st.lists(st.builds(SeatConfig, st.sampled_from(["person", "computer"]), st.sampled_from(LEVELS)),
                   min_size=2, max_size=4),
    secrets=st.one_of(st.none(), st.integers(1, 12)),
)
def test_round_trip_is_exact_for_any_valid_settings(
    language: str | None, flags: tuple[bool, bool, bool, bool], volume: float, speed: str,
    seats: list[SeatConfig], secrets: int | None,
) -> None:
    original = Settings(language, flags[0], volume, speed, flags[1], flags[2], flags[3],
                        TableSetup("junior", tuple(seats), secrets, len(seats) - 1))
    data = json.loads(json.dumps(original.to_dict()))
    assert Settings.from_dict(data) == (original, [])


def test_unknown_keys_are_ignored() -> None:
    write({**CHANGED.to_dict(), "colour": "red", "future_feature": {"x": 1}})
    assert load_settings() == SettingsResult(CHANGED, None)


def test_missing_keys_get_their_defaults() -> None:
    write({"format": "doolhof.settings", "version": 1, "sound": False})
    assert load_settings().settings == replace(Settings(), sound=False)


@pytest.mark.parametrize(
    ("name", "bad"),
    [
        ("language", "fr"), ("language", 3), ("sound", "yes"), ("sound", 1), ("sound", None),
        ("volume", "loud"), ("volume", True), ("volume", 1.5), ("volume", -0.1), ("volume", None),
        ("animation_speed", "warp"), ("animation_speed", ["slow"]), ("reduced_motion", 0), ("auto_hint", "false"),
        ("fullscreen", {}), ("table", "junior"), ("table", {"variant": "junior", "seats": [{}]}),
        ("table", {"variant": "chess", "seats": [{}, {}]}), ("table", {"variant": "junior", "seats": [{}, {}],
                                                                        "secrets": 13}),
        ("table", {"variant": "junior", "seats": [{}, {}], "secrets": "6"}),
        ("table", {"variant": "junior", "seats": [{}] * 5}), ("table", {"variant": "cards", "seats": [{}] * 7}),
        ("table", {"variant": "cards", "seats": [{}]}),
        ("hidden_hands", "yes"), ("hidden_hands", 1), ("hidden_hands", None), ("hidden_hands", [True]),
    ],
)
def test_a_wrong_value_is_replaced_by_its_default_with_a_warning(
    name: str, bad: object, caplog: pytest.LogCaptureFixture
) -> None:
    write({**CHANGED.to_dict(), name: bad})
    with caplog.at_level(logging.WARNING):
        result = load_settings()
    assert result.message is None
    assert result.settings == replace(CHANGED, **{name: getattr(Settings(), name)})
    assert name in caplog.text and "not valid" in caplog.text


def test_whole_numbers_are_fine_for_the_volume() -> None:
    write({**Settings().to_dict(), "volume": 1})
    volume = load_settings().settings.volume
    assert volume == 1.0 and isinstance(volume, float)


def test_a_newer_file_is_kept_aside_whole_and_never_written_over(caplog: pytest.LogCaptureFixture,
                                                                 tmp_path: Path) -> None:
    newer = json.dumps({**CHANGED.to_dict(), "version": 7, "haptics": True})
    (tmp_path / "settings.json").write_text(newer, encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        result = load_settings()
    assert result.settings == Settings() and result.message is not None and "newer version" in result.message
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.newer-")]
    assert kept.name in result.message and kept.read_text(encoding="utf-8") == newer
    assert save_settings(CHANGED) is None and kept.read_text(encoding="utf-8") == newer
    assert "version 7" in caplog.text


@pytest.mark.parametrize(
    "content",
    ['{"format": "doolhof.settings", "sound": ', "", "[]", '"text"', '{"sound": false}',
     '{"format": "other", "version": 1}', "\udcff", "[" * 100_000],
)
def test_a_damaged_file_is_moved_aside_with_a_message(content: str, tmp_path: Path,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    path = paths.settings_path()
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    with caplog.at_level(logging.ERROR):
        result = load_settings()
    assert result.settings == Settings()
    [aside] = aside_files(tmp_path)
    assert ASIDE.match(aside) and not path.exists()
    assert (tmp_path / aside).read_bytes() == content.encode("utf-8", "surrogateescape")
    assert result.message == (
        f"The settings could not be read, so the usual settings are used. The old file was kept as {aside}."
    )
    assert aside in caplog.text
    assert load_settings() == SettingsResult(Settings(), None)


def test_an_unreadable_file_is_moved_aside_not_written_over(tmp_path: Path) -> None:
    paths.settings_path().mkdir()
    result = load_settings()
    assert result.settings == Settings() and result.message is not None and "could not be read" in result.message
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.unreadable-")]
    assert kept.is_dir() and str(kept) in result.message and not aside_files(tmp_path)


def test_a_crash_before_the_rename_keeps_the_old_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save_settings(CHANGED)

    def crash(src: object, dst: object) -> None:
        raise OSError(5, "simulated crash")

    monkeypatch.setattr(os, "replace", crash)
    message = save_settings(Settings())
    monkeypatch.undo()
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))
    assert message == "The settings could not be saved (simulated crash). They still apply until Doolhof is closed."
    assert load_settings().settings == CHANGED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_unwritable_folder_gives_a_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path / "file" / "sub"))
    with caplog.at_level(logging.ERROR):
        message = save_settings(CHANGED)
    assert message is not None and message.startswith("The settings could not be saved")
    assert "cannot save" in caplog.text


def test_labels_are_translated_when_shown() -> None:
    assert secrets_label(1) == "1 secret" and secrets_label(6) == "6 secrets"
    set_language("de")
    try:
        assert secrets_label(1) == "1 Geheimnis" and secrets_label(12) == "12 Geheimnisse"
        assert set(LABELS) <= set(Settings.__dataclass_fields__)
    finally:
        set_language("en")


@pytest.mark.parametrize("relay", [7, None, "x" * 201, "relay\n.example.org", ["a"]])
def test_an_odd_relay_address_is_replaced_by_none(relay: object) -> None:
    settings, warnings = Settings.from_dict({"relay": relay, "online": True})
    assert settings.relay == "" and settings.online is True
    assert len(warnings) == 1 and warnings[0].startswith("relay:")


def test_online_play_is_off_by_default_and_only_a_true_turns_it_on() -> None:
    assert Settings().online is False
    assert Settings.from_dict({"online": "yes"})[0].online is False
