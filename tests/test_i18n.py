"""Translations: every text in the code is translated in every language, catalogues compiled, switching works."""

from __future__ import annotations

import gettext
import importlib.util
import io
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from doolhof import i18n
from doolhof.i18n import LANGUAGES, _, current_language, ngettext, set_language, system_language

ROOT = Path(__file__).resolve().parent.parent


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("doolhof_i18n_tool", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


tool = _load_tool()
TRANSLATED = [code for code in LANGUAGES if code != "en"]


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


# ----- the catalogues of the repository -------------------------------------------------------
def test_the_code_uses_translation_functions_correctly() -> None:
    _, problems = tool.extract(ROOT)
    assert not problems, "\n".join(map(str, problems))


def test_the_extractor_finds_texts() -> None:
    found, _ = tool.extract(ROOT)
    ids = {entry.msgid for entry in found}
    assert {"Sound", "Full screen", "{n} secret"} <= ids  # one N_() label and the ngettext of settings.py
    assert len(found) >= 20


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_of_the_code_is_translated(language: str) -> None:
    """Fails when a text used in the code is missing, untranslated, fuzzy or has other placeholders."""
    used, _ = tool.extract(ROOT)
    entries = tool.read_po(tool.po_path(language, ROOT))
    problems = tool.check_catalogue(language, entries, used)
    assert not problems, "run `python scripts/i18n.py extract`, translate, then `compile`:\n" + "\n".join(
        map(str, problems))


@pytest.mark.parametrize("language", TRANSLATED)
def test_compiled_catalogues_are_up_to_date(language: str, tmp_path: Path) -> None:
    po = tool.po_path(language, ROOT)
    fresh = tmp_path / "doolhof.mo"
    fresh.write_bytes(tool.compile_mo(tool.read_po(po)))
    committed = po.with_suffix(".mo")
    assert committed.is_file(), f"{committed} is missing: run `python scripts/i18n.py compile`"
    assert committed.read_bytes() == fresh.read_bytes(), f"{committed} is stale: run `python scripts/i18n.py compile`"


def test_the_template_is_up_to_date() -> None:
    used, _ = tool.extract(ROOT)
    template = tool.read_po(tool.locale_dir(ROOT) / "doolhof.pot")
    assert [e.key for e in template if e.msgid] == [e.key for e in used], "run `python scripts/i18n.py extract`"


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalogue_headers(language: str) -> None:
    entries = tool.read_po(tool.po_path(language, ROOT))
    header = tool.header_fields(entries)
    assert header["Language"].strip() == language
    assert "charset=UTF-8" in header["Content-Type"]
    assert tool.nplurals(entries) == 2  # en, nl, de, sv: one and many


# ----- switching languages ---------------------------------------------------------------------
def test_switching_at_runtime() -> None:
    assert set_language("nl") == "nl" and current_language() == "nl"
    assert _("Sound") == "Geluid" and _("Full screen") == "Volledig scherm"
    assert set_language("de") == "de"
    assert _("Sound") == "Ton"
    assert ngettext("{n} secret", "{n} secrets", 1).format(n=1) == "1 Geheimnis"
    assert ngettext("{n} secret", "{n} secrets", 3).format(n=3) == "3 Geheimnisse"
    assert set_language("sv") == "sv"
    assert _("Sound") == "Ljud" and ngettext("{n} secret", "{n} secrets", 2).format(n=2) == "2 hemligheter"
    assert set_language("en") == "en"
    assert _("Sound") == "Sound" and ngettext("{n} secret", "{n} secrets", 2) == "{n} secrets"


def test_region_codes_and_unknown_languages() -> None:
    assert set_language("de_AT.UTF-8") == "de" and _("Sound") == "Ton"
    assert set_language("fr") == "en" and _("Sound") == "Sound" and current_language() == "en"
    assert set_language("klingon") == "en"
    assert _("a text nobody translated") == "a text nobody translated"


def test_none_means_the_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    assert set_language(None) == "sv"
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert set_language("") == "en"


def test_underscore_works_before_any_language_is_set() -> None:
    code = "from doolhof.i18n import _, ngettext, current_language; " \
           "print(_('Sound'), ngettext('{n} secret', '{n} secrets', 2), current_language())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "Sound {n} secrets en"


def test_a_damaged_catalogue_falls_back_to_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "nl" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "nl" / "LC_MESSAGES" / "doolhof.mo").write_bytes(b"this is not a catalogue at all")
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    monkeypatch.setattr(i18n, "_cache", {})
    assert set_language("nl") == "nl"
    assert _("Sound") == "Sound"
    assert "cannot load the nl translation" in caplog.text


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "de_AT"}, "de"),
        ({"LANG": "sv_SE"}, "sv"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "nl_BE@euro"}, "nl"),
        ({"LANG": "de-CH"}, "de"),
        ({"LANG": "SV"}, "sv"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({}, "en"),
        ({"LANG": ""}, "en"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "nl_NL.UTF-8"}, "de"),
        ({"LC_MESSAGES": "sv_SE.UTF-8", "LANG": "nl_NL.UTF-8"}, "sv"),
        ({"LC_ALL": "fr_FR", "LANG": "nl_NL"}, "en"),  # LC_ALL decides, and we do not speak French
        ({"LANGUAGE": "nl:de", "LANG": "sv_SE"}, "nl"),
        ({"LANGUAGE": "fr_FR:de_DE:nl", "LANG": "sv_SE"}, "de"),
        ({"LANGUAGE": "fr", "LANG": "sv_SE"}, "sv"),  # nothing in LANGUAGE fits: the locale decides
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "nl_NL"}, "nl"),
    ],
)
def test_system_language(environ: dict[str, str], expected: str) -> None:
    assert system_language(environ) == expected


# ----- the tool itself: it must be able to fail --------------------------------------------------
def entry(msgid: str, *msgstr: str, plural: str | None = None, flags: tuple[str, ...] = ()) -> object:
    return tool.Entry(msgid, plural, list(msgstr), flags=list(flags))


@pytest.mark.parametrize(
    ("msgid", "plural", "msgstr", "bad"),
    [
        ("Hello {name}", None, ["Hallo {name}"], False),
        ("Hello {name}", None, ["Hallo {naam}"], True),
        ("Hello {name}", None, ["Hallo"], True),
        ("Hello", None, ["Hallo {name}"], True),
        ("%(count)d left", None, ["nog %(count)d"], False),
        ("%(count)d left", None, ["nog %(count)s"], True),
        ("%s and %d", None, ["%s en %d"], False),
        ("%s and %d", None, ["%s en"], True),
        ("100%% sure", None, ["100%% zeker"], False),
        ("{} of {}", None, ["{} van {}"], False),
        ("{a}", None, ["{a"], True),
        ("one secret", "{n} secrets", ["één geheim", "{n} geheimen"], False),
        ("{n} secret", "{n} secrets", ["{n} geheim", "{n} geheimen"], False),
        ("{n} secret", "{n} secrets", ["{n} geheim", "{m} geheimen"], True),
        ("{n} secret", "{n} secrets", ["één geheim", "veel geheimen"], True),
    ],
)
def test_placeholder_check(msgid: str, plural: str | None, msgstr: list[str], bad: bool) -> None:
    problem = tool.placeholder_problem(tool.Entry(msgid, plural, msgstr))
    assert (problem is not None) == bad, problem


def fake_checkout(tmp_path: Path, code: str) -> Path:
    package = tmp_path / "doolhof"
    package.mkdir()
    (package / "i18n.py").write_text('LANGUAGES: dict[str, str] = {"en": "English", "nl": "Nederlands"}\n')
    (package / "game.py").write_text(textwrap.dedent(code))
    return tmp_path


def test_the_check_fails_for_a_new_untranslated_text(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path, """
        from doolhof.i18n import _, N_, ngettext
        TITLE = N_("Maze")
        def draw(n):
            # Translators: the button that starts a game
            return _("Play"), _(TITLE), ngettext("{n} card", "{n} cards", n), _.__name__
    """)
    assert tool.run_extract(root) == []
    problems = [str(p) for p in tool.run_check(root)]
    assert any("untranslated 'Play'" in p for p in problems)
    assert any("untranslated '{n} card'" in p for p in problems)
    assert any("out of date" in p for p in problems)
    po = tool.po_path("nl", root)
    text = po.read_text(encoding="utf-8")
    assert "#. Translators: the button that starts a game" in text
    assert text.index('msgid "Maze"') < text.index('msgid "Play"') < text.index('msgid "{n} card"')
    # Translate everything, compile: the check passes.
    entries = tool.read_po(po)
    translations = {"Maze": ["Doolhof"], "Play": ["Spelen"], "{n} card": ["{n} kaart", "{n} kaarten"]}
    for e in entries:
        e.msgstr = translations.get(e.msgid, e.msgstr)
    po.write_text(tool.format_po(entries), encoding="utf-8")
    tool.run_compile(root)
    assert tool.run_check(root) == []
    catalogue = gettext.GNUTranslations(io.BytesIO(po.with_suffix(".mo").read_bytes()))
    assert catalogue.gettext("Play") == "Spelen" and catalogue.ngettext("{n} card", "{n} cards", 4) == "{n} kaarten"
    # A changed English text: the old translation becomes a fuzzy suggestion, and the check fails again.
    (root / "doolhof" / "game.py").write_text('from doolhof.i18n import _\nX = _("Play!")\nY = _("Maze")\n')
    tool.run_extract(root)
    entries = {e.msgid: e for e in tool.read_po(po)}
    assert entries["Play!"].fuzzy and entries["Play!"].msgstr == ["Spelen"]
    assert entries["Maze"].msgstr == ["Doolhof"] and not entries["Maze"].fuzzy
    assert entries["{n} card"].obsolete
    assert any("fuzzy (unconfirmed) 'Play!'" in str(p) for p in tool.run_check(root))
    # Fuzzy entries are not compiled: the program shows the English text until someone confirms it.
    tool.run_compile(root)
    catalogue = gettext.GNUTranslations(io.BytesIO(po.with_suffix(".mo").read_bytes()))
    assert catalogue.gettext("Play!") == "Play!" and catalogue.gettext("Maze") == "Doolhof"


def test_misuse_of_underscore_is_reported(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path, """
        from doolhof.i18n import _
        name = "x"
        a = _(f"Hello {name}")
        b = _("Hello {name}".format(name=name))
        c = _("Hello " + name)
        d = _("")
    """)
    _found, problems = tool.extract(root)
    assert [str(p).split(":")[1] for p in problems] == ["4", "5", "6", "7"]


def test_po_files_read_back_exactly() -> None:
    text = textwrap.dedent('''\
        # a translator's note
        #. Translators: shown on the button
        #: doolhof/gui/setup.py
        #, fuzzy, python-brace-format
        #| msgid "Old"
        msgctxt "button"
        msgid "Play {n}"
        msgstr "Spelen {n}"

        msgid ""
        "two\\n"
        "lines \\"quoted\\" \\\\ tab\\t"
        msgstr "twee\\nregels"

        msgid "{n} card"
        msgid_plural "{n} cards"
        msgstr[0] "{n} kaart"
        msgstr[1] "{n} kaarten"

        #~ msgid "gone"
        #~ msgstr "weg"
    ''')
    entries = tool.parse_po(text)
    assert [e.msgid for e in entries] == ["Play {n}", 'two\nlines "quoted" \\ tab\t', "{n} card", "gone"]
    first = entries[0]
    assert (first.msgctxt, first.msgstr, first.flags, first.references) == (
        "button", ["Spelen {n}"], ["fuzzy", "python-brace-format"], ["doolhof/gui/setup.py"])
    assert first.comments == ["a translator's note"] and first.extracted == ["Translators: shown on the button"]
    assert entries[1].msgstr == ["twee\nregels"]
    assert entries[2].msgid_plural == "{n} cards" and entries[2].msgstr == ["{n} kaart", "{n} kaarten"]
    assert entries[3].obsolete and entries[3].msgstr == ["weg"]
    assert tool.parse_po(tool.format_po(entries)) == entries
    for language in TRANSLATED:
        po = tool.po_path(language, ROOT)
        assert tool.format_po(tool.read_po(po)) == po.read_text(encoding="utf-8")


def test_compiled_catalogue_has_context_plurals_and_header() -> None:
    header = tool.Entry("", msgstr=["Language: nl\nContent-Type: text/plain; charset=UTF-8\n"
                                    "Plural-Forms: nplurals=2; plural=(n != 1);\n"])
    entries = [
        header,
        tool.Entry("Open", msgstr=["Open"], msgctxt="door"),
        tool.Entry("Open", msgstr=["Openen"]),
        tool.Entry("{n} card", "{n} cards", ["{n} kaart", "{n} kaarten"]),
        tool.Entry("Half", msgstr=[""]),
        tool.Entry("Unsure", msgstr=["Onzeker"], flags=["fuzzy"]),
    ]
    catalogue = gettext.GNUTranslations(io.BytesIO(tool.compile_mo(entries)))
    assert catalogue.info()["language"] == "nl"
    assert catalogue.pgettext("door", "Open") == "Open" and catalogue.gettext("Open") == "Openen"
    assert catalogue.ngettext("{n} card", "{n} cards", 1) == "{n} kaart"
    assert catalogue.ngettext("{n} card", "{n} cards", 0) == "{n} kaarten"
    assert catalogue.gettext("Half") == "Half" and catalogue.gettext("Unsure") == "Unsure"
    assert tool.compile_mo(entries) == tool.compile_mo(list(reversed(entries)))  # order does not matter
