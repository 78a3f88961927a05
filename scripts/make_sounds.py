#!/usr/bin/env python3
"""Synthesise the game's sounds into ``assets/sounds/`` (16-bit mono WAV, 22.05 kHz).

Pure standard library and deterministic: every run writes the same bytes, so the WAVs are
committed and a test checks that they match this script. Run from the repository root::

    python scripts/make_sounds.py            # writes assets/sounds/*.wav
    python scripts/make_sounds.py --out DIR  # somewhere else
    python scripts/make_sounds.py --report   # also print peak, loudness and spectrum figures

Design rules (children 4-7; sound follows motion): short, soft, round sounds; success
is brighter. Every sound starts and ends at silence (attack and release envelopes, no clicks),
peaks sit at about -6 dBFS for celebrations and lower for the frequent small sounds, and the
timbres are sines and a few harmonics, with filtered noise only for the whoosh and the taps.
"""

from __future__ import annotations

import argparse
import cmath
import math
import random
import struct
import wave
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

RATE = 22050
"""Samples per second. Half CD rate: plenty for soft sounds and half the file size."""

NYQUIST_GUARD = 0.45 * RATE
"""Partials above this frequency are left out (they would alias)."""

SEED = 7_2024
"""Base seed of the noise generators; each sound derives its own from it, so sounds are independent."""

Samples = list[float]
Partials = Sequence[tuple[float, float, float]]
"""(frequency ratio, amplitude, decay multiplier) for each partial of a tone."""

# Equal-tempered pitches used below (Hz).
C4, E4, G4 = 261.63, 329.63, 392.00
C5, D5, E5, F5, G5, A5 = 523.25, 587.33, 659.26, 698.46, 783.99, 880.00
C6, D6, E6, G6, A6 = 1046.50, 1174.66, 1318.51, 1567.98, 1760.00
C7 = 2093.00

BELL: Partials = ((1.0, 1.0, 1.0), (2.0, 0.32, 1.7), (3.0, 0.10, 2.4), (4.16, 0.05, 3.5))
"""A soft celesta/bell: mostly fundamental, higher partials fade faster."""

ROUND: Partials = ((1.0, 1.0, 1.0), (2.0, 0.28, 1.3), (3.0, 0.08, 1.6))
"""A warm, round 'boop'."""


# ----- building blocks -------------------------------------------------------------------------


def n_samples(seconds: float) -> int:
    """How many samples *seconds* of sound take."""
    return round(seconds * RATE)


def silence(seconds: float) -> Samples:
    """*seconds* of silence."""
    return [0.0] * n_samples(seconds)


def mix_into(target: Samples, source: Iterable[float], at: float = 0.0, gain: float = 1.0) -> None:
    """Add *source* into *target* starting *at* seconds, growing *target* when needed."""
    start = n_samples(at)
    for i, value in enumerate(source):
        j = start + i
        if j >= len(target):
            target.append(0.0)
        target[j] += gain * value


def raised_cosine(i: int, length: int) -> float:
    """A smooth 0 → 1 ramp: sample *i* of *length* (1.0 beyond the end)."""
    if i >= length:
        return 1.0
    return 0.5 - 0.5 * math.cos(math.pi * i / length)


def tone(
    freq: float,
    seconds: float,
    *,
    partials: Partials = ROUND,
    decay: float = 6.0,
    attack: float = 0.004,
    glide_from: float | None = None,
    glide_time: float = 0.03,
    vibrato: tuple[float, float, float] = (0.0, 0.0, 0.0),
) -> Samples:
    """A struck or plucked tone: raised-cosine *attack*, then exponential *decay* (per second).

    Each partial decays ``decay * multiplier`` fast, so the tone mellows as it rings. With
    *glide_from* the pitch slides exponentially from that frequency to *freq* in *glide_time*.
    *vibrato* is (rate Hz, depth as a fraction of the pitch, onset seconds).
    """
    count = n_samples(seconds)
    attack_n = max(1, n_samples(attack))
    phases = [0.0] * len(partials)
    vib_rate, vib_depth, vib_onset = vibrato
    out: Samples = []
    for i in range(count):
        t = i / RATE
        f = freq
        if glide_from is not None and t < glide_time:
            f = glide_from * (freq / glide_from) ** (t / glide_time)
        if vib_depth and t > vib_onset:
            ramp = min(1.0, (t - vib_onset) / 0.15)
            f *= 1.0 + ramp * vib_depth * math.sin(2 * math.pi * vib_rate * (t - vib_onset))
        value = 0.0
        for k, (ratio, amp, mult) in enumerate(partials):
            pf = f * ratio
            phases[k] += 2 * math.pi * pf / RATE
            if pf < NYQUIST_GUARD:
                value += amp * math.exp(-decay * mult * t) * math.sin(phases[k])
        out.append(value * raised_cosine(i, attack_n))
    return out


def held_note(
    freq: float,
    seconds: float,
    *,
    harmonics: int = 6,
    rolloff: float = 1.4,
    attack: float = 0.015,
    release: float = 0.06,
    sustain: float = 0.65,
    vibrato: tuple[float, float, float] = (0.0, 0.0, 0.0),
) -> Samples:
    """A held, brass-like note (a toy trumpet): harmonics ``1/n**rolloff``, attack, sustain, release."""
    partials = tuple((float(n), 1.0 / n**rolloff, 0.0) for n in range(1, harmonics + 1))
    body = tone(freq, seconds, partials=partials, decay=0.0, attack=attack, vibrato=vibrato)
    release_n = max(1, n_samples(release))
    count = len(body)
    for i in range(count):
        t = i / RATE
        level = sustain + (1.0 - sustain) * math.exp(-t * 9.0)
        body[i] *= level * raised_cosine(count - 1 - i, release_n)
    return body


def white_noise(seconds: float, rng: random.Random) -> Samples:
    """Uniform white noise in [-1, 1] from *rng* (``random()`` only, which is stable across Pythons)."""
    return [2.0 * rng.random() - 1.0 for _ in range(n_samples(seconds))]


def lowpass(samples: Samples, cutoff: float) -> Samples:
    """A gentle one-pole low-pass filter at *cutoff* Hz."""
    a = 1.0 - math.exp(-2 * math.pi * cutoff / RATE)
    y = 0.0
    out: Samples = []
    for x in samples:
        y += a * (x - y)
        out.append(y)
    return out


def bandpass(samples: Samples, centre: Callable[[float], float], damping: float = 1.0) -> Samples:
    """A state-variable band-pass whose centre frequency (Hz) may move with time (seconds).

    *damping* is 1/Q: 2.0 is very wide, 0.2 rings. The centre must stay below ``RATE / 6``.
    """
    low = band = 0.0
    out: Samples = []
    for i, x in enumerate(samples):
        f = 2.0 * math.sin(math.pi * centre(i / RATE) / RATE)
        low += f * band
        high = x - low - damping * band
        band += f * high
        out.append(band)
    return out


def envelope(samples: Samples, shape: Callable[[float], float]) -> Samples:
    """Multiply *samples* by ``shape(t)`` (t in seconds)."""
    return [x * shape(i / RATE) for i, x in enumerate(samples)]


def finish(samples: Samples, peak_dbfs: float, fade_in: float = 0.002, fade_out: float = 0.02) -> list[int]:
    """Remove DC, fade the very ends to zero, scale to *peak_dbfs* and quantise to 16-bit."""
    # DC blocker (starts from zero, so it cannot create a step at the start).
    out: Samples = []
    x1 = y1 = 0.0
    for x in samples:
        y1 = x - x1 + 0.9985 * y1
        x1 = x
        out.append(y1)
    count = len(out)
    fade_in_n, fade_out_n = n_samples(fade_in), n_samples(fade_out)
    for i in range(count):
        out[i] *= raised_cosine(i, fade_in_n) * raised_cosine(count - 1 - i, fade_out_n)
    peak = max(abs(x) for x in out) or 1.0
    scale = 32767 * 10 ** (peak_dbfs / 20) / peak
    return [max(-32767, min(32767, round(x * scale))) for x in out]


# ----- the sounds --------------------------------------------------------------------------------


def make_turn(rng: random.Random) -> list[int]:
    """Card turned a quarter: a soft wooden 'tock' (inharmonic partials like a wood block)."""
    body = tone(820.0, 0.10, partials=((1.0, 1.0, 1.0), (2.57, 0.45, 1.7), (4.1, 0.15, 2.6)), decay=48.0, attack=0.001)
    grain = bandpass(white_noise(0.10, rng), lambda t: 2400.0, damping=0.6)
    grain = envelope(grain, lambda t: math.exp(-220.0 * t))
    mix_into(body, grain, gain=0.25)
    return finish(body, -12.0, fade_in=0.0008, fade_out=0.015)


def make_slide(rng: random.Random) -> list[int]:
    """Row glides: a soft cardboard whoosh, noise swept 380 → 1100 → 800 Hz, ~0.36 s."""
    seconds = 0.36

    def centre(t: float) -> float:
        x = t / seconds
        return 380.0 + 720.0 * math.sin(math.pi * min(1.0, x * 1.4) / 2) - 300.0 * max(0.0, x - 0.7)

    whoosh = lowpass(bandpass(white_noise(seconds, rng), centre, damping=1.1), 2200.0)
    rumble = lowpass(lowpass(white_noise(seconds, rng), 260.0), 260.0)
    texture = lowpass(white_noise(seconds, rng), 35.0)  # slow random flutter = scrape grain
    mixed = [w + 2.2 * r for w, r in zip(whoosh, rumble)]
    mixed = [x * (1.0 + 3.0 * g) for x, g in zip(mixed, texture)]

    def shape(t: float) -> float:  # swell over the first 40 %, ease out after
        x = t / seconds
        return math.sin(math.pi / 2 * x / 0.4) ** 2 if x < 0.4 else math.cos(math.pi / 2 * (x - 0.4) / 0.6) ** 1.5

    return finish(envelope(mixed, shape), -13.0, fade_out=0.03)


def make_pop(rng: random.Random) -> list[int]:
    """Card pops out: a gentle bubble 'bloop' rising 260 → 700 Hz."""
    body = tone(700.0, 0.17, partials=((1.0, 1.0, 1.0), (2.0, 0.12, 1.5)), decay=24.0, attack=0.003,
                glide_from=260.0, glide_time=0.04)
    puff = envelope(lowpass(white_noise(0.03, rng), 1500.0), lambda t: math.exp(-150.0 * t))
    mix_into(body, puff, gain=0.5)
    return finish(body, -12.0, fade_out=0.03)


def _footstep(rng: random.Random, pitch: float, peak_dbfs: float) -> list[int]:
    """A soft felt tap (a low 'tup', still audible on laptop speakers) at *pitch* Hz."""
    body = tone(pitch, 0.09, partials=((1.0, 1.0, 1.0), (2.0, 0.4, 1.6), (3.1, 0.12, 2.2)), decay=42.0,
                attack=0.002, glide_from=pitch * 1.52, glide_time=0.025)
    pad = envelope(lowpass(lowpass(white_noise(0.09, rng), 1100.0), 1800.0), lambda t: math.exp(-110.0 * t))
    mix_into(body, pad, gain=2.0)
    return finish(body, peak_dbfs, fade_out=0.02)


def make_step(rng: random.Random) -> list[int]:
    """One footstep (the left foot)."""
    return _footstep(rng, 250.0, -16.0)


def make_step_2(rng: random.Random) -> list[int]:
    """The other foot, a little lower, so a walk sounds like feet rather than a machine."""
    return _footstep(rng, 228.0, -17.5)


def make_collect(rng: random.Random) -> list[int]:
    """Secret collected: a bright, happy celesta arpeggio C6 E6 G6 C7 over a warm C5."""
    out = silence(0.9)
    for k, (freq, gain) in enumerate(((C6, 0.75), (E6, 0.75), (G6, 0.8), (C7, 1.0))):
        mix_into(out, tone(freq, 0.9 - 0.07 * k, partials=BELL, decay=6.5 if k < 3 else 5.5), at=0.07 * k, gain=gain)
    mix_into(out, tone(C5, 0.8, partials=ROUND, decay=5.0, attack=0.01), at=0.21, gain=0.35)
    return finish(out[: n_samples(0.9)], -6.0, fade_out=0.08)


def make_fanfare(rng: random.Random) -> list[int]:
    """Win: a short cheerful toy-trumpet fanfare (C E G C' - G C'') with a bell sparkle and chord, 2 s."""
    total = 2.0
    out = silence(total)
    melody = ((C5, 0.00, 0.12), (E5, 0.13, 0.12), (G5, 0.26, 0.12), (C6, 0.39, 0.28), (G5, 0.70, 0.14),
              (C6, 0.87, 1.05))
    for freq, at, seconds in melody:
        long = seconds > 0.5
        vibrato = (5.5, 0.004, 0.25) if long else (0.0, 0.0, 0.0)
        note = held_note(freq, seconds, release=0.5 if long else 0.04, vibrato=vibrato)
        mix_into(out, note, at=at, gain=1.0)
        mix_into(out, tone(freq * 2, 0.5, partials=BELL, decay=7.0), at=at, gain=0.18)  # sparkle an octave up
    for freq in (C4, E4, G4, C5):  # the closing chord under the last note
        mix_into(out, held_note(freq, 1.05, harmonics=3, attack=0.03, release=0.55, sustain=0.7), at=0.87, gain=0.22)
    mix_into(out, tone(C4 / 2, 0.6, partials=ROUND, decay=7.0, attack=0.006), at=0.87, gain=0.45)  # soft drum thump
    softened = lowpass(out[: n_samples(total)], 4200.0)
    return finish(softened, -6.0, fade_out=0.1)


def make_nope(rng: random.Random) -> list[int]:
    """A soft, not-scolding 'not there': two low, round boops going gently down (E4, C4)."""
    out = silence(0.46)
    first = held_note(E4, 0.15, harmonics=4, rolloff=1.7, attack=0.012, release=0.05, sustain=0.8)
    second = held_note(C4, 0.24, harmonics=4, rolloff=1.7, attack=0.012, release=0.12, sustain=0.8)
    mix_into(out, first, at=0.0)
    mix_into(out, second, at=0.19)
    return finish(out[: n_samples(0.46)], -15.0, fade_out=0.03)


def make_tap(rng: random.Random) -> list[int]:
    """UI button tap: a tiny, soft water-drop 'tip'."""
    body = tone(950.0, 0.06, partials=((1.0, 1.0, 1.0), (2.0, 0.1, 1.5)), decay=65.0, attack=0.0015,
                glide_from=1300.0, glide_time=0.015)
    return finish(body, -15.0, fade_out=0.012)


def make_turn_start(rng: random.Random) -> list[int]:
    """A new player's turn: a soft two-note bell rising a fourth (G5, C6): 'your turn!'."""
    out = silence(1.0)
    mix_into(out, tone(G5, 1.0, partials=BELL, decay=4.8, attack=0.004), at=0.0, gain=0.8)
    mix_into(out, tone(C6, 0.84, partials=BELL, decay=4.8, attack=0.004), at=0.16, gain=0.9)
    return finish(out[: n_samples(1.0)], -10.0, fade_out=0.12)


def make_hint(rng: random.Random) -> list[int]:
    """A hint: a magical sparkle, a quick rising glass run on a pentatonic scale with a faint shimmer."""
    total = 1.0
    out = silence(total)
    scale = (C6, D6, E6, G6, A6, C7, C7 * 9 / 8, C7 * 5 / 4)
    count = 10
    for k in range(count):
        index = min(len(scale) - 1, k * len(scale) // count + rng.choice((0, 0, 1)))
        at = 0.055 * k + 0.012 * rng.random()
        gain = 0.45 + 0.55 * math.sin(math.pi * (k + 1) / (count + 1))
        glass = ((1.0, 1.0, 1.0), (2.0, 0.15, 2.0), (3.0, 0.04, 3.0))
        mix_into(out, tone(scale[index], total - at, partials=glass, decay=9.0, attack=0.003), at=at, gain=gain)
    shimmer = bandpass(white_noise(total, rng), lambda t: 3400.0, damping=0.5)
    shimmer = envelope(shimmer, lambda t: math.sin(math.pi * min(1.0, t / 0.8)) ** 2)
    mix_into(out, shimmer, gain=0.08)
    return finish(out[: n_samples(total)], -10.0, fade_out=0.12)


SOUNDS: dict[str, Callable[[random.Random], list[int]]] = {
    "turn": make_turn,
    "slide": make_slide,
    "pop": make_pop,
    "step": make_step,
    "step_2": make_step_2,
    "collect": make_collect,
    "fanfare": make_fanfare,
    "nope": make_nope,
    "tap": make_tap,
    "turn_start": make_turn_start,
    "hint": make_hint,
}
"""Every sound file by name: the names of ``doolhof.gui.kit.sound.SOUND_NAMES`` plus alternates (``step_2``)."""


# ----- writing and inspecting -------------------------------------------------------------------


def render(name: str) -> list[int]:
    """The 16-bit samples of sound *name*, from its own seeded noise generator."""
    rng = random.Random(f"{SEED}:{name}")
    return SOUNDS[name](rng)


def write_wav(path: Path, samples: Sequence[int]) -> None:
    """Write *samples* as a 16-bit mono WAV at :data:`RATE`."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))


def make_all(out_dir: Path) -> list[Path]:
    """Write every sound into *out_dir* (created if missing); returns the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in SOUNDS:
        path = out_dir / f"{name}.wav"
        write_wav(path, render(name))
        paths.append(path)
    return paths


def _fft(values: list[complex]) -> list[complex]:
    """Radix-2 FFT (length must be a power of two)."""
    n = len(values)
    if n == 1:
        return values
    even, odd = _fft(values[0::2]), _fft(values[1::2])
    twiddled = [cmath.exp(-2j * math.pi * k / n) * odd[k] for k in range(n // 2)]
    return [even[k] + twiddled[k] for k in range(n // 2)] + [even[k] - twiddled[k] for k in range(n // 2)]


def power_spectrum(samples: Sequence[float], rate: int = RATE, frame: int = 1024) -> list[tuple[float, float]]:
    """Average power per frequency bin over Hann-windowed frames: ``[(hz, power), ...]`` (Welch)."""
    window = [0.5 - 0.5 * math.cos(2 * math.pi * i / frame) for i in range(frame)]
    padded = list(samples) + [0.0] * (-len(samples) % frame)
    totals = [0.0] * (frame // 2)
    for start in range(0, len(padded), frame // 2):
        chunk = padded[start : start + frame]
        if len(chunk) < frame:
            break
        spectrum = _fft([complex(x * w) for x, w in zip(chunk, window)])
        for k in range(frame // 2):
            totals[k] += abs(spectrum[k]) ** 2
    return [(k * rate / frame, p) for k, p in enumerate(totals)]


def analyse(samples: Sequence[int], rate: int = RATE) -> dict[str, float]:
    """Figures to judge a sound by: seconds, peak and RMS (dBFS), spectral centroid (Hz), share above 5 kHz."""
    peak = max(abs(x) for x in samples) / 32768
    rms = math.sqrt(sum(x * x for x in samples) / len(samples)) / 32768
    spectrum = power_spectrum([x / 32768 for x in samples], rate)
    energy = sum(p for _, p in spectrum) or 1.0
    return {
        "seconds": len(samples) / rate,
        "peak_dbfs": 20 * math.log10(peak) if peak else -math.inf,
        "rms_dbfs": 20 * math.log10(rms) if rms else -math.inf,
        "centroid_hz": sum(f * p for f, p in spectrum) / energy,
        "above_5khz": sum(p for f, p in spectrum if f >= 5000) / energy,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: write the sounds, optionally print figures about them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_out = Path(__file__).resolve().parent.parent / "assets" / "sounds"
    parser.add_argument("--out", type=Path, default=default_out, help="folder to write into (default: %(default)s)")
    parser.add_argument("--report", action="store_true", help="print duration, peak, RMS and spectrum figures")
    args = parser.parse_args(argv)
    paths = make_all(args.out)
    total = sum(p.stat().st_size for p in paths)
    print(f"wrote {len(paths)} sounds, {total / 1024:.0f} KiB, into {args.out}")
    if args.report:
        print(f"{'name':<11} {'sec':>5} {'peak':>6} {'rms':>6} {'centroid':>8} {'>5kHz':>6}")
        for name in SOUNDS:
            f = analyse(render(name))
            print(f"{name:<11} {f['seconds']:5.2f} {f['peak_dbfs']:6.1f} {f['rms_dbfs']:6.1f} "
                  f"{f['centroid_hz']:8.0f} {f['above_5khz']:6.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
