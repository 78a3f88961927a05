"""Translations: every text in the code is translated in every language, catalogues compiled, switching works."""

from __future__ import annotations

import ast
import gettext
import io
import re
import shutil
import string
import subprocess
import sys
import textwrap
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from doolhof import i18n
from doolhof.i18n import LANGUAGES, _, current_language, ngettext, set_language, system_language

ROOT = Path(__file__).resolve().parent.parent
#: Babel's settings for the catalogues, as ``pybabel`` reads them (pyproject.toml, [tool.babel.*]).
BABEL = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["babel"]
LOCALE = ROOT / BABEL["update_catalog"]["output_dir"]
DOMAIN = BABEL["update_catalog"]["domain"]
TRANSLATED = [code for code in LANGUAGES if code != "en"]
#: The functions whose first argument is a text to translate (besides Babel's defaults: _, gettext, ngettext, ...).
TRANSLATION_FUNCTIONS = {"_", "N_", "gettext", "ngettext"}


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def po_path(language: str, locale: Path = LOCALE) -> Path:
    """The translation of *language*."""
    return locale / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def pybabel(*args: str, cwd: Path = ROOT) -> None:
    """Run ``pybabel`` as a volunteer would, in *cwd* (whose pyproject.toml configures it)."""
    done = subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def fresh_template(tmp_path: Path, root: Path = ROOT) -> Catalog:
    """The template ``pybabel extract`` makes from the code of *root* now (not the committed one)."""
    out = tmp_path / "fresh.pot"
    pybabel("extract", "-o", str(out), cwd=root)
    return read_catalog(out)


def message_ids(catalog: Catalog) -> list[str | tuple[str, ...]]:
    return [message.id for message in catalog if message.id]


# ----- what translations must keep ----------------------------------------------------------------
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?[diouxXeEfFgGcrsa%]")


def placeholders(text: str) -> Counter[str]:
    """The format placeholders in *text*: ``{name}``, ``{}``, ``%s``, ``%(x)d`` …, counted.

    >>> sorted(placeholders("{n} of %(total)d, %s and {n}").items())
    [('%(total)d', 1), ('%s', 1), ('{n}', 2)]
    """
    try:
        braces = [f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    except ValueError:
        braces = ["<malformed braces>"]
    return Counter(braces + [m for m in _PERCENT.findall(text) if m != "%%"])


def placeholder_problem(msgid: str, plural: str | None, msgstr: list[str]) -> str | None:
    """How the translation's placeholders differ from the English ones, or None when they agree.

    A singular text must keep exactly the same placeholders. For plurals, every form may only
    use placeholders of the English forms, and together the forms must use all of them (a
    language may write "one" instead of ``{n}`` in its singular).
    """
    if not all(msgstr):
        return None
    source = placeholders(msgid)
    if plural is None:
        target = placeholders(msgstr[0])
        if set(source) != set(target):
            return f"placeholders {sorted(source)} became {sorted(target)}"
        return None
    allowed = set(source) | set(placeholders(plural))
    used: set[str] = set()
    for form in msgstr:
        found = set(placeholders(form))
        if not found <= allowed:
            return f"placeholders {sorted(found - allowed)} are not in the English text"
        used |= found
    if used != allowed:
        return f"placeholders {sorted(allowed - used)} are missing from every form"
    return None


def catalogue_problems(catalog: Catalog, template: Catalog) -> list[str]:
    """What is wrong with one language's *catalog* for the texts of *template* (the code's)."""
    problems = []
    for wanted in template:
        if not wanted.id:
            continue
        key = wanted.id[0] if wanted.pluralizable else wanted.id
        entry = catalog.get(key)
        text = repr(key)
        if entry is None:
            problems.append(f"missing {text} (run: pybabel extract && pybabel update)")
        elif entry.id != wanted.id:
            problems.append(f"{text}: the plural text differs from the code's")
        else:
            forms = list(entry.string) if entry.pluralizable else [entry.string]
            if not all(forms):
                problems.append(f"untranslated {text}")
            elif entry.fuzzy:
                problems.append(f"fuzzy (unconfirmed) {text}")
            elif entry.pluralizable and len(forms) != catalog.num_plurals:
                problems.append(f"{text} has {len(forms)} plural forms, not {catalog.num_plurals}")
            else:
                plural = entry.id[1] if entry.pluralizable else None
                problem = placeholder_problem(key, plural, forms)
                if problem:
                    problems.append(f"{text}: {problem}")
    return problems


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def misuse(node: ast.expr) -> str | None:
    """Why the argument of ``_()`` can never be found in a catalogue (Babel skips such calls silently), or None."""
    if isinstance(node, ast.JoinedStr):
        return "an f-string is passed to a translation function; use _(\"... {name} ...\").format(name=...)"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format" \
            and _literal(node.func.value) is not None:
        return "the text is formatted before it is translated; call .format() on the result of _()"
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add)) and _literal(node.left) is not None:
        return "the text is built before it is translated; translate the whole text, then format it"
    if _literal(node) == "":
        return "an empty text cannot be translated"
    return None


def misuses(package: Path) -> list[str]:
    """Every call of a translation function in *package* whose text cannot be found in a catalogue."""
    problems = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name in TRANSLATION_FUNCTIONS:
                why = misuse(node.args[0])
                if why:
                    problems.append(f"{path.relative_to(package.parent)}:{node.lineno}: {why}")
    return problems


# ----- the catalogues of the repository -------------------------------------------------------
def test_the_code_uses_translation_functions_correctly() -> None:
    problems = misuses(ROOT / "doolhof")
    assert not problems, "\n".join(problems)


def test_the_template_is_up_to_date(tmp_path: Path) -> None:
    fresh = fresh_template(tmp_path)
    ids = message_ids(fresh)
    assert {"Sound", "Full screen", ("{n} secret", "{n} secrets")} <= set(ids)  # an N_() label and an ngettext
    assert len(ids) >= 20
    committed = read_catalog(LOCALE / f"{DOMAIN}.pot")
    assert message_ids(committed) == ids, "run `pybabel extract && pybabel update` (docs/translating.md)"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_of_the_code_is_translated(language: str) -> None:
    """Fails when a text used in the code is missing, untranslated, fuzzy or has other placeholders."""
    template = read_catalog(LOCALE / f"{DOMAIN}.pot")
    problems = catalogue_problems(read_catalog(po_path(language), language), template)
    assert not problems, "run `pybabel update`, translate, then `pybabel compile`:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_compiled_catalogues_are_up_to_date(language: str) -> None:
    fresh = io.BytesIO()
    write_mo(fresh, read_catalog(po_path(language), language), use_fuzzy=False)
    committed = po_path(language).with_suffix(".mo")
    assert committed.is_file(), f"{committed} is missing: run `pybabel compile`"
    assert committed.read_bytes() == fresh.getvalue(), f"{committed} is stale: run `pybabel compile`"


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalogue_headers(language: str) -> None:
    catalog = read_catalog(po_path(language))
    assert str(catalog.locale) == language
    assert catalog.charset.lower() == "utf-8"
    rule = get_plural(language)  # the language's plural forms as the Unicode CLDR has them (nl, de, sv: one, many)
    assert catalog.num_plurals == rule.num_plurals and catalog.plural_expr == rule.plural_expr


def test_every_shipped_language_has_a_catalogue() -> None:
    found = sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    assert found == sorted(TRANSLATED)


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


def _fake_defaults(tmp_path: Path, output: str, status: int = 0) -> Path:
    """A stand-in for macOS's ``defaults`` printing *output* (what ``defaults read -g AppleLanguages`` prints)."""
    script = tmp_path / "defaults"
    script.write_text(f"#!/bin/sh\ncat <<'END'\n{output}\nEND\nexit {status}\n", encoding="utf-8")
    script.chmod(0o755)
    return script


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in for defaults is a shell script")
def test_a_mac_without_lang_follows_the_preferred_languages(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # as for an app started from Finder
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(sys, "platform", "darwin")
    fake = _fake_defaults(tmp_path, '(\n    "fr-FR",\n    "nl-NL",\n    en\n)')
    monkeypatch.setattr(i18n, "MAC_LANGUAGES_COMMAND", (str(fake), "read", "-g", "AppleLanguages"))
    assert i18n.mac_preferred_languages() == ["fr-FR", "nl-NL", "en"]
    assert system_language() == "nl"  # French is not shipped: the first preferred language we have wins
    assert set_language(None) == "nl" and _("Sound") == "Geluid"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # a LANG set in a terminal still decides
    assert system_language() == "de"


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in for defaults is a shell script")
def test_a_mac_whose_languages_cannot_be_read_gets_english(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(sys, "platform", "darwin")
    failing = _fake_defaults(tmp_path, "The domain/default pair of (kCFPreferencesAnyApplication, AppleLanguages)"
                                       " does not exist", status=1)
    monkeypatch.setattr(i18n, "MAC_LANGUAGES_COMMAND", (str(failing),))
    assert system_language() == "en"
    monkeypatch.setattr(i18n, "MAC_LANGUAGES_COMMAND", (str(tmp_path / "no-such-program"),))
    assert i18n.mac_preferred_languages() == [] and system_language() == "en"
    monkeypatch.setattr(sys, "platform", "linux")  # elsewhere nobody is asked
    assert system_language() == "en"


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


# ----- the checks and the workflow: they must be able to fail ------------------------------------
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
    problem = placeholder_problem(msgid, plural, msgstr)
    assert (problem is not None) == bad, problem


def fake_checkout(tmp_path: Path, code: str) -> Path:
    """A project folder with our Babel settings and one module of *code*."""
    package = tmp_path / "doolhof"
    package.mkdir()
    (package / "game.py").write_text(textwrap.dedent(code), encoding="utf-8")
    (package / "locale").mkdir()
    shutil.copyfile(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_workflow_of_docs_translating_md(tmp_path: Path) -> None:
    """extract, init, translate, compile; then a changed text becomes a fuzzy suggestion that the checks refuse."""
    root = fake_checkout(tmp_path, """
        from doolhof.i18n import _, N_, ngettext
        TITLE = N_("Maze")
        def draw(n):
            # Translators: the button that starts a game
            return _("Play"), _(TITLE), ngettext("{n} card", "{n} cards", n), _.__name__
    """)
    locale = root / "doolhof" / "locale"
    pybabel("extract", cwd=root)
    pybabel("init", "-l", "nl", cwd=root)
    template = read_catalog(locale / f"{DOMAIN}.pot")
    assert message_ids(template) == ["Maze", "Play", ("{n} card", "{n} cards")]
    assert template.get("Play").auto_comments == ["Translators: the button that starts a game"]
    po = po_path("nl", locale)
    problems = catalogue_problems(read_catalog(po), template)
    assert "untranslated 'Play'" in problems and "untranslated '{n} card'" in problems
    # Translate everything, compile: the checks pass and the game's gettext reads it.
    catalog = read_catalog(po)
    catalog.get("Maze").string = "Doolhof"
    catalog.get("Play").string = "Spelen"
    catalog.get("{n} card").string = ("{n} kaart", "{n} kaarten")
    with po.open("wb") as handle:
        write_po(handle, catalog)
    pybabel("compile", cwd=root)
    assert catalogue_problems(read_catalog(po), template) == []
    compiled = gettext.GNUTranslations(io.BytesIO(po.with_suffix(".mo").read_bytes()))
    assert compiled.gettext("Play") == "Spelen" and compiled.ngettext("{n} card", "{n} cards", 4) == "{n} kaarten"
    # A changed English text: the old translation becomes a fuzzy suggestion, and the check fails again.
    (root / "doolhof" / "game.py").write_text('from doolhof.i18n import _\nX = _("Play!")\nY = _("Maze")\n')
    pybabel("extract", cwd=root)
    pybabel("update", cwd=root)
    template = read_catalog(locale / f"{DOMAIN}.pot")
    catalog = read_catalog(po)
    assert catalog.get("Play!").fuzzy and catalog.get("Play!").string == "Spelen"
    assert catalog.get("Maze").string == "Doolhof" and not catalog.get("Maze").fuzzy
    assert catalog.obsolete.get("{n} card") is not None  # kept, in case the text comes back
    assert catalogue_problems(catalog, template) == ["fuzzy (unconfirmed) 'Play!'"]
    # Fuzzy entries are not compiled: the program shows the English text until someone confirms it.
    pybabel("compile", cwd=root)
    compiled = gettext.GNUTranslations(io.BytesIO(po.with_suffix(".mo").read_bytes()))
    assert compiled.gettext("Play!") == "Play!" and compiled.gettext("Maze") == "Doolhof"


def test_a_missing_text_and_other_placeholders_are_reported(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path, """
        from doolhof.i18n import _
        A = _("Kept as {name}.")
        B = _("Sound")
    """)
    pybabel("extract", cwd=root)
    template = read_catalog(root / "doolhof" / "locale" / f"{DOMAIN}.pot")
    catalog = Catalog(locale="nl")
    catalog.add("Kept as {name}.", "Bewaard als {naam}.")
    assert catalogue_problems(catalog, template) == [
        "'Kept as {name}.': placeholders ['{name}'] became ['{naam}']",
        "missing 'Sound' (run: pybabel extract && pybabel update)",
    ]


def test_misuse_of_underscore_is_reported(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path, """
        from doolhof.i18n import _
        name = "x"
        a = _(f"Hello {name}")
        b = _("Hello {name}".format(name=name))
        c = _("Hello " + name)
        d = _("")
        e = _("Fine {name}").format(name=name)
    """)
    problems = misuses(root / "doolhof")
    assert [p.split(":")[1] for p in problems] == ["4", "5", "6", "7"]
