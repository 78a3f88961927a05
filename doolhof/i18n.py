"""Translations of the texts for parents: gettext catalogues for English, Dutch, German and Swedish.

Mark every text with ``_()`` (or ``ngettext`` for counts) and call it when the text is *shown*,
not at import time, so a language switch takes effect on the next frame::

    from doolhof.i18n import _, ngettext
    label = _("Sound")
    count = ngettext("{n} secret", "{n} secrets", n).format(n=n)

A text that must be defined before a language is known (a table of labels, say) is marked with
``N_()``, which only marks it for ``pybabel extract``; translate it with ``_(value)`` at
draw time. The source texts are English, so English needs no catalogue.

>>> set_language("nl")
'nl'
>>> _("Sound")
'Geluid'
>>> set_language("xx")
'en'
>>> _("Sound")
'Sound'
"""

from __future__ import annotations

import gettext
import logging
import os
import sys
from collections.abc import Mapping
from pathlib import Path

__all__ = [
    "DEFAULT_LANGUAGE", "LANGUAGES", "N_", "_", "current_language", "locale_dir", "mac_preferred_languages",
    "ngettext", "parse_apple_languages", "set_language", "system_language",
]

log = logging.getLogger(__name__)

#: The catalogue (gettext domain) name: ``locale/<lang>/LC_MESSAGES/doolhof.mo``.
DOMAIN = "doolhof"
#: The languages we ship, each named in its own language (for the language menu).
LANGUAGES: dict[str, str] = {"en": "English", "nl": "Nederlands", "de": "Deutsch", "sv": "Svenska"}
#: The language of the source texts, and the fallback for anything unknown.
DEFAULT_LANGUAGE = "en"

_current = DEFAULT_LANGUAGE
_translations: gettext.NullTranslations = gettext.NullTranslations()
_cache: dict[str, gettext.NullTranslations] = {}


def locale_dir() -> Path:
    """The folder holding ``<lang>/LC_MESSAGES/doolhof.mo`` (and the ``.po`` sources in a checkout)."""
    return Path(__file__).resolve().parent / "locale"


def _(message: str) -> str:
    """*message* in the current language (the English text itself until a language is set)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for the count *n*, in the current language.

    >>> set_language("en")
    'en'
    >>> ngettext("{n} secret", "{n} secrets", 1).format(n=1)
    '1 secret'
    """
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:  # the conventional name of gettext_noop
    """Mark *message* for translation without translating it now; pass it to :func:`_` later."""
    return message


def _load(code: str) -> gettext.NullTranslations:
    if code not in _cache:
        if code == DEFAULT_LANGUAGE:
            _cache[code] = gettext.NullTranslations()
        else:
            try:
                with open(locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as handle:
                    _cache[code] = gettext.GNUTranslations(handle)
            except Exception as error:  # a missing or damaged catalogue (any error) must not stop the game
                log.warning("cannot load the %s translation (%s); the texts stay in English", code, error)
                _cache[code] = gettext.NullTranslations()
    return _cache[code]


def set_language(code: str | None) -> str:
    """Switch all texts to the language *code* (e.g. ``"nl"``, ``"de_AT"``); returns the code in use.

    ``None`` or an empty code means the system's language (:func:`system_language`). Anything
    we do not ship falls back to English.
    """
    global _current, _translations
    wanted = system_language() if not code else _language_of(code)
    if wanted is None:
        log.info("language %r is not available; using English", code)
        wanted = DEFAULT_LANGUAGE
    _translations = _load(wanted)
    _current = wanted
    return wanted


def current_language() -> str:
    """The code of the language texts are shown in now, e.g. ``"en"``."""
    return _current


def _language_of(value: str) -> str | None:
    """The shipped language of a locale name such as ``nl_NL.UTF-8``, ``de-AT`` or ``sv``, or None.

    >>> _language_of("nl_NL.UTF-8"), _language_of("de_AT@euro"), _language_of("SV-se"), _language_of("fr_FR")
    ('nl', 'de', 'sv', None)
    """
    name = value.strip().split(".")[0].split("@")[0].replace("-", "_")
    code = name.split("_")[0].lower()
    return code if code in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The user's language from the locale environment, as one of :data:`LANGUAGES` (English if none fits).

    Follows gettext: ``LANGUAGE`` is a colon-separated list of preferences, the first shipped one
    wins; otherwise the first set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` decides (``C`` and
    ``POSIX`` mean English). Without these variables, Windows is asked for the user's display language
    and macOS for the preferred languages (the first one we ship wins).

    >>> system_language({"LANG": "nl_NL.UTF-8"}), system_language({"LC_ALL": "de_AT", "LANG": "sv_SE"})
    ('nl', 'de')
    >>> system_language({"LANGUAGE": "fr:sv", "LANG": "de_DE"}), system_language({"LANG": "ja_JP"})
    ('sv', 'en')
    """
    env = os.environ if environ is None else environ
    for preference in env.get("LANGUAGE", "").split(":"):
        code = _language_of(preference) if preference else None
        if code:
            return code
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable)
        if value:
            return _language_of(value) or DEFAULT_LANGUAGE
    if environ is None:
        return _platform_language() or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def _platform_language() -> str | None:
    """The user's language as the operating system reports it, where it has no locale variables."""
    if sys.platform == "win32":
        try:
            import ctypes
            import locale

            lang_id = ctypes.windll.kernel32.GetUserDefaultUILanguage()
            return _language_of(locale.windows_locale.get(lang_id, ""))
        except (AttributeError, OSError):
            return None
    if sys.platform == "darwin":  # an app started from Finder gets no LANG: ask for the preferred languages
        return next(filter(None, map(_language_of, mac_preferred_languages())), None)
    return None


#: The command that prints a Mac user's preferred languages, most preferred first (System Settings › Language).
MAC_LANGUAGES_COMMAND = ("/usr/bin/defaults", "read", "-g", "AppleLanguages")


def mac_preferred_languages() -> list[str]:
    """The Mac user's preferred languages (e.g. ``["nl-NL", "en"]``); empty when they cannot be read."""
    import subprocess

    try:
        done = subprocess.run(MAC_LANGUAGES_COMMAND, capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError) as error:
        log.info("cannot read the preferred languages (%s)", error)
        return []
    return parse_apple_languages(done.stdout) if done.returncode == 0 else []


def parse_apple_languages(text: str) -> list[str]:
    """The entries of the old-style property list array that ``defaults read -g AppleLanguages`` prints.

    >>> parse_apple_languages('(\\n    "nl-NL",\\n    en,\\n    "zh-Hans-CN"\\n)\\n')
    ['nl-NL', 'en', 'zh-Hans-CN']
    >>> parse_apple_languages("")
    []
    """
    body = text.strip().removeprefix("(").removesuffix(")")
    return [entry for entry in (item.strip().strip('"') for item in body.split(",")) if entry]
