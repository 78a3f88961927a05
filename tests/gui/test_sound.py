"""The synthesised sounds (``scripts/make_sounds.py`` → ``assets/sounds/``) and the sound player."""

from __future__ import annotations

import itertools
import logging
import math
import os
import struct
import subprocess
import sys
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from doolhof.gui.kit import sound as sound_module
from doolhof.gui.kit.assets import asset
from doolhof.gui.kit.sound import SOUND_FILES, SOUND_NAMES, SoundPlayer
from tests import scripts

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "make_sounds.py"

BUDGET_SECONDS = {
    "turn": 0.15, "slide": 0.45, "pop": 0.25, "step": 0.15, "step_2": 0.15, "collect": 1.0,
    "fanfare": 2.5, "nope": 0.6, "tap": 0.12, "turn_start": 1.2, "hint": 1.2,
}
"""The longest each sound may be: nothing long."""

FREQUENT = ("turn", "slide", "pop", "step", "step_2", "tap", "nope")
CELEBRATIONS = ("collect", "fanfare")


def load_script() -> ModuleType:
    """Import ``scripts/make_sounds.py`` (scripts/ is not a package)."""
    return scripts.load_script("make_sounds", "make_sounds")


def read_wav(path: Path) -> tuple[wave._wave_params, list[int]]:
    """The parameters and the 16-bit samples of a mono WAV."""
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        frames = wav.readframes(params.nframes)
    assert params.sampwidth == 2, f"{path.name}: not 16-bit"
    return params, list(struct.unpack(f"<{params.nframes}h", frames))


def dbfs(value: float) -> float:
    """*value* (a 16-bit magnitude) in dB relative to full scale."""
    return 20 * math.log10(max(value, 1e-9) / 32768)


@pytest.fixture(scope="module")
def script() -> ModuleType:
    """The sound-making script as a module."""
    return load_script()


@pytest.fixture(scope="module")
def generated(script: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh, in-process generation of every sound."""
    out = tmp_path_factory.mktemp("sounds_a")
    script.make_all(out)
    return out


# ----- the script and the committed files --------------------------------------------------------


def test_script_makes_exactly_the_sounds_the_player_knows(script: ModuleType) -> None:
    assert tuple(script.SOUNDS) == SOUND_FILES
    assert set(SOUND_NAMES) <= set(SOUND_FILES)


def test_generation_is_deterministic(generated: Path, tmp_path: Path) -> None:
    # A second run in a fresh interpreter with another hash seed must write the same bytes.
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, str(SCRIPT), "--out", str(tmp_path)], check=True, env=env,
                   capture_output=True, timeout=120)
    for name in SOUND_FILES:
        first = (generated / f"{name}.wav").read_bytes()
        second = (tmp_path / f"{name}.wav").read_bytes()
        assert first == second, f"{name}.wav differs between two runs of make_sounds.py"


def test_committed_sounds_match_the_script(generated: Path) -> None:
    # Exact on this machine; up to 1 LSB is allowed so another platform's libm (last-bit differences
    # in sin/exp that flip a rounding) does not fail the test. A forgotten regeneration differs by far more.
    for name in SOUND_FILES:
        committed = asset("sounds", f"{name}.wav")
        assert committed.is_file(), f"{committed} missing: run python scripts/make_sounds.py and commit"
        fresh_params, fresh = read_wav(generated / f"{name}.wav")
        params, samples = read_wav(committed)
        hint = f"assets/sounds/{name}.wav is stale: run python scripts/make_sounds.py and commit the WAVs"
        assert params == fresh_params, hint
        assert max((abs(a - b) for a, b in zip(samples, fresh)), default=0) <= 1, hint


def test_sound_files_are_small() -> None:
    total = sum(asset("sounds", f"{name}.wav").stat().st_size for name in SOUND_FILES)
    assert total < 1_000_000


# ----- every sound is short, soft and click-free -------------------------------------------------


@pytest.mark.parametrize("name", SOUND_FILES)
def test_sound_is_a_short_clean_wav(name: str) -> None:
    params, samples = read_wav(asset("sounds", f"{name}.wav"))
    rate = params.framerate
    assert params.nchannels == 1 and rate in (22050, 44100)
    seconds = len(samples) / rate
    assert 0.03 < seconds <= BUDGET_SECONDS[name], f"{name}: {seconds:.2f} s"

    peak = max(abs(x) for x in samples)
    assert -24.0 < dbfs(peak) <= -5.5, f"{name}: peak {dbfs(peak):.1f} dBFS (want headroom, yet audible)"
    assert abs(sum(samples) / len(samples)) < 30, f"{name}: DC offset"

    # Starts at silence and rises without a jump; ends faded out.
    ms = rate // 1000
    assert abs(samples[0]) <= 64 and abs(samples[-1]) <= 64
    first_jump = max(abs(b - a) for a, b in itertools.pairwise(samples[: 2 * ms + 1]))
    assert first_jump < 0.12 * 32768, f"{name}: clicks at the start"
    tail = max(abs(x) for x in samples[-5 * ms :])
    assert dbfs(tail) < -36.0, f"{name}: still {dbfs(tail):.1f} dBFS in the last 5 ms"


@pytest.mark.parametrize("name", SOUND_FILES)
def test_sound_is_not_harsh(script: ModuleType, name: str) -> None:
    params, samples = read_wav(asset("sounds", f"{name}.wav"))
    figures = script.analyse(samples, params.framerate)
    assert figures["above_5khz"] < 0.05, f"{name}: {figures['above_5khz']:.1%} of the energy above 5 kHz"
    assert 150.0 < figures["centroid_hz"] < 3000.0


def test_frequent_sounds_are_quieter_than_celebrations() -> None:
    def loudness(name: str) -> float:
        _, samples = read_wav(asset("sounds", f"{name}.wav"))
        return max(abs(x) for x in samples)

    quietest_celebration = min(loudness(name) for name in CELEBRATIONS)
    for name in FREQUENT:
        assert dbfs(loudness(name)) <= dbfs(quietest_celebration) - 3.0, name


def test_the_spectrum_check_can_tell_bright_from_soft(script: ModuleType) -> None:
    rate = 22050

    def sine(freq: float) -> list[int]:
        return [round(16000 * math.sin(2 * math.pi * freq * i / rate)) for i in range(rate // 4)]

    soft, bright = script.analyse(sine(500.0), rate), script.analyse(sine(8000.0), rate)
    assert soft["above_5khz"] < 0.01 and abs(soft["centroid_hz"] - 500) < 50
    assert bright["above_5khz"] > 0.9
    assert abs(soft["peak_dbfs"] - dbfs(16000)) < 0.1


# ----- the player ---------------------------------------------------------------------------------


@pytest.fixture
def mixer() -> Iterator[None]:
    """An open mixer on SDL's dummy audio driver (silent, but real)."""
    assert os.environ.get("SDL_AUDIODRIVER") == "dummy"
    pygame.mixer.init()
    yield
    pygame.mixer.quit()


class FakeClock:
    """A hand-wound monotonic clock."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def broken_mixer(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A mixer that is closed and cannot be opened (no audio device); returns the init-attempt counter."""
    attempts = [0]

    def fail_init(*args: object, **kwargs: object) -> None:
        attempts[0] += 1
        raise pygame.error("No available audio device")

    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail_init)
    return attempts


def test_plays_every_sound_with_the_dummy_driver(mixer: None) -> None:
    player = SoundPlayer(clock=FakeClock())
    assert player.available
    assert set(player._sounds) == set()
    assert player.play("tap")
    assert set(player._sounds) == {"tap"}, "sounds load lazily"
    for name in SOUND_NAMES:
        if name != "tap":
            assert player.play(name), name
    assert pygame.mixer.get_num_channels() >= sound_module.CHANNELS


def test_a_burst_of_plays_never_fails(mixer: None, caplog: pytest.LogCaptureFixture) -> None:
    """300 plays in a row, a tenth of a second apart on the player's clock: no error, no warning.

    How quickly they return (they never wait for the audio) is measured by ``scripts/bench_sound.py``.
    """
    clock = FakeClock()
    player = SoundPlayer(clock=clock)
    started = []
    with caplog.at_level(logging.WARNING):
        for k in range(300):
            clock.now += 0.1
            started.append(player.play(SOUND_NAMES[k % len(SOUND_NAMES)]))
    assert all(isinstance(ok, bool) for ok in started)
    assert all(started[:len(SOUND_NAMES)]), "the first round starts every sound: nothing plays yet"
    assert not caplog.records
    assert player.available and set(player._sounds) == set(SOUND_FILES)


def test_footsteps_do_not_pile_up(mixer: None) -> None:
    clock = FakeClock()
    player = SoundPlayer(clock=clock)
    assert player.play("step")
    assert not player.play("step"), "a repeat within the minimum gap is skipped"
    clock.now += 0.1
    assert player.play("step")
    assert set(player._sounds) == {"step", "step_2"}, "the feet take turns"
    # Only one fanfare at a time, however much (fake) time passes: the real one is still playing.
    assert player.play("fanfare")
    clock.now += 10
    assert not player.play("fanfare")


def test_celebrations_take_a_channel_when_all_are_busy(mixer: None) -> None:
    player = SoundPlayer(clock=FakeClock())
    assert player.available  # the player has set up the mixer's channels: now leave it one
    pygame.mixer.set_num_channels(1)
    assert player.play("turn_start")
    assert not player.play("slide"), "no free channel: an ordinary sound is skipped"
    assert player.play("collect"), "a celebration takes the oldest channel"


def test_mute_round_trip(mixer: None) -> None:
    player = SoundPlayer(muted=True, clock=FakeClock())
    assert player.muted
    assert not player.play("tap")
    assert set(player._sounds) == set(), "muted: nothing is loaded"
    player.set_muted(False)
    assert not player.muted and player.play("tap")
    assert player.play("fanfare")
    player.muted = True
    assert player.muted and not player.play("collect")
    assert not pygame.mixer.get_busy(), "muting stops what is playing"
    assert player.toggle_muted() is False and not player.muted


def test_volume_round_trip(mixer: None) -> None:
    player = SoundPlayer(volume=0.5, clock=FakeClock())
    assert player.volume == 0.5
    assert player.play("fanfare")
    player.set_volume(0.25)
    assert player.volume == 0.25
    loaded = player._sounds["fanfare"]
    assert loaded.get_volume() == pytest.approx(0.25, abs=0.01), "the change reaches the loaded sound"
    player.set_volume(3.0)
    assert player.volume == 1.0
    player.set_volume(-1.0)
    assert player.volume == 0.0
    assert not player.play("tap"), "volume 0 plays nothing"
    player.set_volume(float("nan"))
    assert player.volume == 0.0


def test_unknown_names_are_harmless_and_logged_once(mixer: None, caplog: pytest.LogCaptureFixture) -> None:
    player = SoundPlayer(clock=FakeClock())
    with caplog.at_level(logging.WARNING, logger="doolhof.gui.kit.sound"):
        assert not player.play("boing")
        assert not player.play("boing")
        assert player.play("tap")
    assert [r.getMessage() for r in caplog.records if "boing" in r.getMessage()] != []
    assert len(caplog.records) == 1


def test_missing_files_are_harmless(mixer: None, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    player = SoundPlayer(folder=tmp_path, clock=FakeClock())
    with caplog.at_level(logging.WARNING, logger="doolhof.gui.kit.sound"):
        for _ in range(3):
            assert not player.play("collect")
    assert len(caplog.records) == 1 and "collect" in caplog.records[0].getMessage()


def test_no_audio_device_means_silence_without_errors(
    broken_mixer: list[int], caplog: pytest.LogCaptureFixture
) -> None:
    player = SoundPlayer(clock=FakeClock())
    with caplog.at_level(logging.WARNING, logger="doolhof.gui.kit.sound"):
        for _ in range(3):
            for name in (*SOUND_NAMES, "boing"):
                assert not player.play(name)
        player.set_volume(0.3)
        player.set_muted(True)
        player.set_muted(False)
        player.stop("tap")
        player.stop_all()
        assert not player.available
    assert broken_mixer[0] == 1, "the mixer is tried once, not on every play"
    assert len(caplog.records) == 1 and "no sound" in caplog.records[0].getMessage()
    assert player.volume == 0.3


def test_pygame_without_a_mixer_module_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(*args: object, **kwargs: object) -> None:
        raise NotImplementedError("mixer module not available")

    monkeypatch.setattr(pygame.mixer, "get_init", missing)
    player = SoundPlayer(clock=FakeClock())
    assert not player.play("tap")
    player.stop_all()
    player.set_volume(0.5)
    assert not player.available
