"""The sound player: short, soft sounds for every visible action, silent when there is no audio.

The sounds live in ``assets/sounds/<name>.wav`` and are made by ``scripts/make_sounds.py``
(regenerate them with ``python scripts/make_sounds.py``; a test checks the committed files match).
Their names, in :data:`SOUND_NAMES`, are the API:

======================  ===================================================
``turn``                the sliding card turned a quarter (wooden tock)
``slide``               a row or column glides (soft whoosh, ~0.35 s)
``pop``                 the pushed-out card pops out (gentle bloop)
``step``                one footstep; play once per cell walked (alternates feet)
``collect``             a secret collected (bright arpeggio)
``fanfare``             somebody won (cheerful, ~2 s)
``nope``                a soft "not there" (two low boops, never scolding)
``tap``                 a button tap
``turn_start``          a new player's turn (soft two-note bell)
``hint``                a hint is shown (magical sparkle)
======================  ===================================================

How the app uses it (``doolhof.gui.app.App.sound`` makes the player on first use)::

    player = SoundPlayer(volume=settings.volume, muted=options.mute)
    ...
    player.play("step")                       # never raises, never waits

The window opens without sound (``doolhof.gui.app.open_window`` starts only the display and the
fonts). Unless something opened the mixer before, the player opens it with pygame's defaults
(``pygame.mixer.init()``) on the first :meth:`SoundPlayer.play`. When that
fails (no device, no SDL_mixer, a broken driver) the game runs silently: one warning in the log,
no exceptions, no further attempts. With ``SDL_AUDIODRIVER=dummy`` (tests, headless runs) the mixer
opens and everything works, it just makes no noise. While muted the player never touches the mixer.

Sounds are loaded lazily (a few KiB each, ~1 ms) and played with ``Channel.play`` on a free channel,
which returns at once. A small budget keeps repeated sounds from piling up into noise: each sound has a
maximum number of simultaneous voices (:data:`VOICES`) and a minimum gap between starts
(:data:`MIN_GAP`); a play over budget is skipped. Celebrations (:data:`PRIORITY`) take the oldest
channel if all channels are busy; everything else is skipped instead.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from doolhof.gui.kit.assets import asset

log = logging.getLogger(__name__)

SOUND_NAMES: tuple[str, ...] = (
    "turn", "slide", "pop", "step", "collect", "fanfare", "nope", "tap", "turn_start", "hint",
)
"""Every sound the game has; ``assets/sounds/<name>.wav`` exists for each."""

ALTERNATES: dict[str, tuple[str, ...]] = {"step": ("step", "step_2")}
"""Sounds that take turns between several files (left foot, right foot), so repeats sound alive."""

SOUND_FILES: tuple[str, ...] = tuple(dict.fromkeys(
    file for name in SOUND_NAMES for file in ALTERNATES.get(name, (name,))
))
"""Every file stem in ``assets/sounds/``: the names plus their alternates."""

VOICES: dict[str, int] = {"step": 2, "slide": 2, "fanfare": 1, "turn_start": 1, "hint": 1, "collect": 2, "nope": 1}
"""How many copies of a sound may play at once (default 2); a play beyond that is skipped."""

MIN_GAP: dict[str, float] = {"step": 0.06, "tap": 0.04, "turn": 0.04, "nope": 0.25, "pop": 0.05}
"""Seconds that must pass between two starts of the same sound; a quicker repeat is skipped."""

PRIORITY: frozenset[str] = frozenset({"collect", "fanfare", "turn_start", "hint"})
"""Sounds that may cut the oldest playing sound when every channel is busy."""

DEFAULT_VOICES = 2
"""Voices for a sound not listed in :data:`VOICES`."""

CHANNELS = 12
"""The player raises the mixer's channel count to at least this (pygame's default is 8)."""


class SoundPlayer:
    """Plays the game's sounds by name; silent (never failing) without an audio device.

    *volume* is 0..1, *muted* starts muted (``--mute``). *folder* overrides where the WAVs are
    (default ``assets/sounds``); *clock* (seconds, monotonic) is for tests of the repeat budget.
    """

    def __init__(
        self,
        volume: float = 0.8,
        muted: bool = False,
        *,
        folder: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Create a player; nothing is loaded and the mixer is not touched until needed."""
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self._folder = folder
        self._clock = clock
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._last_start: dict[str, float] = {}
        self._next_alternate: dict[str, int] = {}
        self._mixer_state: str = "unknown"  # "unknown" → "ready" or "unavailable"
        self._warned: set[str] = set()

    # ----- settings --------------------------------------------------------------------------
    @property
    def volume(self) -> float:
        """The master volume, 0..1."""
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Set the master volume (clamped to 0..1); also changes sounds already playing."""
        self._volume = _clamp(volume)
        if _mixer_open():
            for sound in self._sounds.values():
                sound.set_volume(self._volume)

    @property
    def muted(self) -> bool:
        """True while no sound is played."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self.set_muted(value)

    def set_muted(self, muted: bool) -> None:
        """Mute (stopping what is playing) or unmute."""
        self._muted = bool(muted)
        if self._muted:
            self.stop_all()

    def toggle_muted(self) -> bool:
        """Flip mute; returns the new state (True = muted)."""
        self.set_muted(not self._muted)
        return self._muted

    @property
    def available(self) -> bool:
        """True if the mixer is open (it is opened on demand; False after a failed attempt)."""
        return self._mixer_ready()

    # ----- playing ---------------------------------------------------------------------------
    def play(self, name: str) -> bool:
        """Start sound *name*; returns True if it started.

        Returns False, without raising, when muted, without audio, for an unknown name or a
        missing file (both logged once), or when the sound is over its voice or repeat budget.
        """
        if self._muted or self._volume <= 0.0 or not self._mixer_ready():
            return False
        if name not in SOUND_NAMES:
            self._warn_once(f"name:{name}", "unknown sound %r ignored (known: %s)", name, ", ".join(SOUND_NAMES))
            return False
        files = ALTERNATES.get(name, (name,))
        turn = self._next_alternate.get(name, 0)
        sound = self._load(files[turn % len(files)])
        if sound is None:
            return False
        now = self._clock()
        last = self._last_start.get(name)
        if last is not None and now - last < MIN_GAP.get(name, 0.0):
            return False
        try:
            playing = sum(self._sounds[f].get_num_channels() for f in files if f in self._sounds)
            if playing >= VOICES.get(name, DEFAULT_VOICES):
                return False
            channel = pygame.mixer.find_channel(name in PRIORITY)
            if channel is None:
                return False
            sound.set_volume(self._volume)
            channel.play(sound)
        except pygame.error as error:
            self._warn_once(f"play:{name}", "could not play sound %r: %s", name, error)
            return False
        self._last_start[name] = now
        self._next_alternate[name] = turn + 1
        return True

    def stop(self, name: str) -> None:
        """Stop every copy of *name* that is playing."""
        if not _mixer_open():
            return
        for file in ALTERNATES.get(name, (name,)):
            sound = self._sounds.get(file)
            if sound is not None:
                sound.stop()

    def stop_all(self) -> None:
        """Stop all of our sounds that are playing."""
        if not _mixer_open():
            return
        for sound in self._sounds.values():
            sound.stop()

    # ----- internals -------------------------------------------------------------------------
    def _path(self, name: str) -> Path:
        if self._folder is not None:
            return self._folder / f"{name}.wav"
        return asset("sounds", f"{name}.wav")

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        """The loaded sound file *name* (mixer open), or None (logged once) if it cannot be had."""
        sound = self._sounds.get(name)
        if sound is not None:
            return sound
        if name not in SOUND_FILES:
            self._warn_once(f"name:{name}", "unknown sound %r ignored (known: %s)", name, ", ".join(SOUND_NAMES))
            return None
        path = self._path(name)
        try:
            sound = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError) as error:
            self._warn_once(f"file:{name}", "sound %r not loaded from %s: %s", name, path, error)
            return None
        sound.set_volume(self._volume)
        self._sounds[name] = sound
        return sound

    def _mixer_ready(self) -> bool:
        """Open the mixer if nobody has; remember a failure so we try (and log) only once."""
        if self._mixer_state == "unavailable":
            return False
        try:
            if pygame.mixer.get_init():
                if self._mixer_state != "ready":
                    self._mixer_state = "ready"
                    if pygame.mixer.get_num_channels() < CHANNELS:
                        pygame.mixer.set_num_channels(CHANNELS)
                return True
            if self._mixer_state == "ready":
                # Someone closed the mixer (pygame.quit); our Sound objects died with it.
                self._sounds.clear()
                self._last_start.clear()
            self._mixer_state = "unknown"
            pygame.mixer.init()
            if not pygame.mixer.get_init():
                raise pygame.error("pygame.mixer.init() left the mixer closed")
        except (pygame.error, NotImplementedError, OSError) as error:
            # NotImplementedError: pygame built without SDL_mixer (pygame.mixer is a stub).
            self._mixer_state = "unavailable"
            log.warning("no sound: the audio mixer could not start (%s); playing silently", error)
            return False
        return self._mixer_ready()

    def _warn_once(self, key: str, message: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message, *args)


def _mixer_open() -> bool:
    """True if the pygame mixer is open (False also when pygame has no mixer module)."""
    try:
        return bool(pygame.mixer.get_init())
    except (pygame.error, NotImplementedError):
        return False


def _clamp(volume: float) -> float:
    """*volume* limited to 0..1 (NaN counts as 0)."""
    value = float(volume)
    if value != value:  # NaN
        return 0.0
    return min(1.0, max(0.0, value))
