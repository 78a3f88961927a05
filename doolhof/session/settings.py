"""The parents' settings and what the setup screen remembers, saved as JSON in the user config folder.

Reading never fails: a missing file gives the defaults, unknown keys are ignored, a value of
the wrong type or out of range is replaced by its default (with a logged warning), and a file
that is not JSON, not ours, newer than this program or cannot be opened is kept aside with a
message for the parent, as every file of Doolhof is (:mod:`doolhof.session.files`).
Values are cut short in the log (:func:`doolhof.session.problems.clip_repr`).
Saving is atomic (see :func:`doolhof.session.paths.atomic_write_text`).

>>> s = Settings(sound=False, volume=0.5)
>>> Settings.from_dict(s.to_dict())[0] == s
True
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from doolhof.engine import VARIANTS
from doolhof.i18n import LANGUAGES, N_, ngettext
from doolhof.rules.formats import Upgrade, climb
from doolhof.session import paths
from doolhof.session.files import FileKind, check_version, load_file
from doolhof.session.problems import Problem, clip_repr
from doolhof.session.seats import TableSetup
from doolhof.session.setup_memory import SetupMemory

log = logging.getLogger(__name__)

FORMAT = "doolhof.settings"
VERSION = 1
#: The upgrade ladder: ``UPGRADES[n]`` turns version *n* data into version *n + 1* (none yet: v1 is today's).
UPGRADES: dict[int, Upgrade] = {}
ANIMATION_SPEEDS: dict[str, str] = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}

#: The label of each setting, for the parents' settings screen; show it with ``_(LABELS[name])``.
LABELS: dict[str, str] = {
    "language": N_("Language"),
    "sound": N_("Sound"),
    "volume": N_("Volume"),
    "animation_speed": N_("Animation speed"),
    "reduced_motion": N_("Reduced motion"),
    "auto_hint": N_("Automatic hints"),
    "fullscreen": N_("Full screen"),
    "hidden_hands": N_("Cards in hand"),
    "online": N_("Playing far away"),
    "relay": N_("Relay address"),
}
#: The longest relay address text kept (a parent types it; anything longer is not an address).
MAX_RELAY_TEXT = 200
#: The label for ``language=None``.
SYSTEM_LANGUAGE_LABEL = N_("Same as the computer")

MSG_CORRUPT = N_("The settings could not be read, so the usual settings are used. The old file was kept as {name}.")
MSG_UNREADABLE = N_("The settings could not be read ({error}), so the usual settings are used. The old file was"
                    " kept as {path}.")
MSG_UNREADABLE_LEFT = N_("The settings could not be read ({error}), so the usual settings are used. The file was left"
                         " untouched at {path}; Doolhof will not save over it.")
MSG_NEWER = N_("The settings were made by a newer version of Doolhof, so the usual settings are used. The file"
               " was kept as {name}.")
MSG_NEWER_LEFT = N_("The settings were made by a newer version of Doolhof, so the usual settings are used. The file"
                    " was left untouched at {path}; Doolhof will not save over it.")
MSG_NOT_SAVED = N_("The settings could not be saved ({error}). They still apply until Doolhof is closed.")
#: How the settings' problems are told (:mod:`doolhof.session.files`).
SETTINGS_FILE = FileKind("the settings", MSG_CORRUPT, MSG_NEWER, MSG_UNREADABLE, MSG_UNREADABLE_LEFT,
                         MSG_NEWER_LEFT)


@dataclass(frozen=True)
class Settings:
    """Everything the parent chose, plus the last table from the setup screen.

    Immutable: change one with ``dataclasses.replace(settings, sound=False)`` and pass the new
    value to :func:`save_settings`.
    """

    #: A code from :data:`doolhof.i18n.LANGUAGES`, or None to follow the computer's language.
    language: str | None = None
    sound: bool = True
    #: Loudness from 0.0 (silent) to 1.0.
    volume: float = 0.8
    #: ``"slow"``, ``"normal"`` or ``"fast"`` (keys of :data:`ANIMATION_SPEEDS`).
    animation_speed: str = "normal"
    #: Fewer and calmer movements (no pulsing, short slides).
    reduced_motion: bool = False
    #: Show a gentle hint by itself when a child seems stuck.
    auto_hint: bool = True
    fullscreen: bool = False
    #: The last table set up: variant, seats (person/computer + level), number of secrets.
    table: TableSetup = field(default_factory=TableSetup)
    #: True once the child's first-game tutorial was finished or skipped (it is offered only before that).
    tutorial_done: bool = False
    #: The card game: False shows every hand open (helping is allowed); True hides the hands, and a
    #: hand-over screen shows the next figure before its hand is revealed by a tap.
    hidden_hands: bool = False
    #: True once the card game's first-game tutorial was finished or skipped.
    cards_tutorial_done: bool = False
    #: Playing with a far computer through a relay (off by default: then nothing touches the network).
    online: bool = False
    #: The relay's address, ``host`` or ``host:port`` (several, comma-separated, share rooms by room id);
    #: typed by a parent, checked by :func:`doolhof.online.relay.Address.parse` where it is used.
    relay: str = ""
    #: A remembered computer's invitation shows itself on the setup screen (while online play is on); a
    #: parent may turn it off, and then only the join screen shows invitations.
    invitations: bool = True
    #: Every choice on the setup screen, for both kinds of game (None: not made yet; :meth:`setup_memory`
    #: then shows :attr:`table`).
    setup: SetupMemory | None = None

    def setup_memory(self) -> SetupMemory:
        """What the setup screen shows: its remembered choices, or (from an older file) the last table."""
        return self.setup if self.setup is not None else SetupMemory.from_table(self.table)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data, with our format name and version."""
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = value.to_dict() if isinstance(value, (TableSetup, SetupMemory)) else value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Read :meth:`to_dict` data leniently; returns the settings and a warning per replaced value.

        >>> Settings.from_dict({"sound": "loud", "colour": "red"})  # doctest: +ELLIPSIS
        (Settings(language=None, sound=True, ...), ["sound: 'loud' is not valid; using True"])
        """
        default = cls()
        values: dict[str, Any] = {}
        warnings: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            raw = data[f.name]
            try:
                fixed = _check(f.name, raw)
            except Exception:  # whatever odd value a hand-edited file holds, it only costs that one setting
                fixed = _INVALID
            if fixed is _INVALID:
                warnings.append(f"{f.name}: {clip_repr(raw)} is not valid; using {getattr(default, f.name)!r}")
            else:
                values[f.name] = fixed
        return replace(default, **values), warnings


class _Invalid:
    pass


_INVALID = _Invalid()


def _check(name: str, value: Any) -> Any:
    """The stored *value* of setting *name* in its proper type, or ``_INVALID``."""
    if name == "language":
        return value if value is None or (isinstance(value, str) and value in LANGUAGES) else _INVALID
    if name in ("sound", "reduced_motion", "auto_hint", "fullscreen", "tutorial_done", "hidden_hands",
                "cards_tutorial_done", "online", "invitations"):
        return value if isinstance(value, bool) else _INVALID
    if name == "volume":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        return float(value) if ok and 0.0 <= value <= 1.0 else _INVALID
    if name == "animation_speed":
        return value if isinstance(value, str) and value in ANIMATION_SPEEDS else _INVALID
    if name == "table":
        return _check_table(value)
    if name == "setup":
        return None if value is None else SetupMemory.from_dict(value)
    if name == "relay":
        return value if isinstance(value, str) and len(value) <= MAX_RELAY_TEXT and value.isprintable() else _INVALID
    return _INVALID


def _check_table(value: Any) -> Any:
    try:
        table = TableSetup.from_dict(value)
    except ValueError:
        return _INVALID
    if table.is_cards:
        return table
    if table.secrets is not None and not 1 <= table.secrets <= len(VARIANTS[table.variant].pictures):
        return _INVALID
    return table


@dataclass(frozen=True)
class SettingsResult:
    """What :func:`load_settings` found: the settings to use and, when something went wrong, a message."""

    settings: Settings
    #: A sentence for the parent (in the current language) when the file was damaged or unreadable.
    message: str | None = None


def load_settings(path: Path | None = None) -> SettingsResult:
    """Read the settings file (default :func:`doolhof.session.paths.settings_path`); never raises.

    A missing file gives the defaults and no message. Bad values are replaced by defaults with a
    logged warning; an older version is upgraded (:data:`UPGRADES`). A file that is not JSON, not a
    settings file of ours, newer than this program or that cannot be opened is kept aside as every
    file of Doolhof is (:mod:`doolhof.session.files`), and the message says where it went.
    """
    path = paths.settings_path() if path is None else path
    loaded = load_file(path, SETTINGS_FILE, lambda data: _parse(path, data))
    return SettingsResult(loaded.value or Settings(), loaded.message)


def _parse(path: Path, data: Any) -> Settings:
    """The settings in *data* (upgraded to :data:`VERSION`), with a logged warning per replaced value."""
    data = climb(data, check_version(data, FORMAT, VERSION), VERSION, UPGRADES)
    settings, warnings = Settings.from_dict(data)
    for warning in warnings:
        log.warning("%s: %s", path, warning)
    return settings


def peek_language(path: Path | None = None) -> str | None:
    """The language the settings file asks for (None: the computer's), read without changing anything.

    For a copy of the program that must not touch the files (Doolhof is already open): a damaged
    or unreadable file is not moved aside here, it just gives None.
    """
    path = paths.settings_path() if path is None else path
    try:
        data = json.loads(paths.read_file(path))
    except (OSError, ValueError, RecursionError):
        return None
    language = data.get("language") if isinstance(data, dict) else None
    return language if isinstance(language, str) and language in LANGUAGES else None


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write *settings* atomically (default :func:`doolhof.session.paths.settings_path`).

    Returns None on success, or a message for the parent (in the current language) when the
    file cannot be written; the failure is logged too. Never raises for disk problems.
    """
    problem = write_settings(settings, path)
    if problem is None:
        return None
    log.error("cannot save the settings: %s", problem.log_text())
    return problem.message()


def write_settings(settings: Settings, path: Path | None = None) -> Problem | None:
    """Like :func:`save_settings`, but logs nothing and returns the :class:`~doolhof.session.problems.Problem`."""
    path = paths.settings_path() if path is None else path
    text = json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n"
    try:
        paths.atomic_write_text(path, text)
    except OSError as error:
        return Problem.of(MSG_NOT_SAVED, error, path)
    return None


def secrets_label(count: int) -> str:
    """E.g. "6 secrets", in the current language, for the setup screen.

    >>> from doolhof.i18n import set_language
    >>> set_language("en")
    'en'
    >>> secrets_label(1), secrets_label(12)
    ('1 secret', '12 secrets')
    """
    return ngettext("{n} secret", "{n} secrets", count).format(n=count)
