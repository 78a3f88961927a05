"""Translation tool: extract texts from the code, compile catalogues, check translations.

Usage: ``python scripts/i18n.py extract|compile|check``

- ``extract`` finds every ``_("...")``, ``N_("...")`` and ``ngettext("...", "...", n)`` in
  ``doolhof/**/*.py`` (with :mod:`ast`; xgettext is not needed), writes
  ``doolhof/locale/doolhof.pot`` and merges it into ``doolhof/locale/<lang>/LC_MESSAGES/doolhof.po``
  for every language in ``doolhof.i18n.LANGUAGES`` except English (creating missing ones).
  Existing translations are kept; a text that changed a little gets the old translation as a
  *fuzzy* suggestion; texts no longer used are kept at the end as obsolete (``#~``) entries.
- ``compile`` writes the ``.mo`` file next to each ``.po`` (a pure-Python msgfmt, after CPython's
  ``Tools/i18n/msgfmt.py``: plural forms, context, header; fuzzy and untranslated entries are left out).
- ``check`` reports untranslated and fuzzy entries, texts missing from a catalogue, placeholders
  (``{name}``, ``%s``, ``%(x)d``) that differ between the English and the translation, misuse of
  ``_()`` such as f-strings, and ``.mo`` files that are older than their ``.po``. Exit status 1 on
  any problem.

``tests/test_i18n.py`` runs the same checks. See ``docs/translating.md``.
"""

from __future__ import annotations

import argparse
import array
import ast
import difflib
import re
import string
import struct
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = "doolhof"
SINGULAR_FUNCTIONS = frozenset({"_", "N_", "gettext"})
PLURAL_FUNCTIONS = frozenset({"ngettext"})
#: Plural rules of the languages we know; others get the common two-form rule, to be checked.
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "sv": "nplurals=2; plural=(n != 1);",
}
FUZZY_CUTOFF = 0.8


# ----- catalogue entries ---------------------------------------------------------------------
@dataclass
class Entry:
    """One message of a ``.po``/``.pot`` file."""

    msgid: str
    msgid_plural: str | None = None
    #: One string, or one per plural form.
    msgstr: list[str] = field(default_factory=lambda: [""])
    msgctxt: str | None = None
    flags: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    #: ``#.`` comments for translators, from the code.
    extracted: list[str] = field(default_factory=list)
    #: ``#`` comments written by translators.
    comments: list[str] = field(default_factory=list)
    #: ``#|`` lines: the previous msgid of a fuzzy suggestion.
    previous: list[str] = field(default_factory=list)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        """What identifies the message: context and English text."""
        return (self.msgctxt, self.msgid)

    @property
    def fuzzy(self) -> bool:
        """True when the translation is only a suggestion that a translator must confirm."""
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        """True when every form has a translation."""
        return all(self.msgstr)


@dataclass
class Problem:
    """One thing ``check`` found wrong."""

    where: str
    text: str

    def __str__(self) -> str:
        return f"{self.where}: {self.text}"


# ----- extracting ----------------------------------------------------------------------------
def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _misuse(node: ast.expr) -> str | None:
    """Why the argument of ``_()`` can never be found in a catalogue, or None."""
    if isinstance(node, ast.JoinedStr):
        return "an f-string is passed to a translation function; use _(\"... {name} ...\").format(name=...)"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format" \
            and _literal(node.func.value) is not None:
        return "the text is formatted before it is translated; call .format() on the result of _()"
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add)) and _literal(node.left) is not None:
        return "the text is built before it is translated; translate the whole text, then format it"
    return None


def _translator_comments(lines: list[str], lineno: int) -> list[str]:
    """``# Translators: ...`` comment lines right above line *lineno* (1-based)."""
    found: list[str] = []
    index = lineno - 2
    while index >= 0 and lines[index].strip().startswith("#"):
        found.insert(0, lines[index].strip().lstrip("#").strip())
        index -= 1
    for start, text in enumerate(found):
        if text.lower().startswith("translators:"):
            return found[start:]
    return []


def extract(root: Path = ROOT) -> tuple[list[Entry], list[Problem]]:
    """All translatable texts of ``root/doolhof`` in order of appearance, and any misuse found."""
    entries: dict[tuple[str | None, str], Entry] = {}
    problems: list[Problem] = []
    package = root / "doolhof"
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        relative = path.relative_to(root).as_posix()
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        calls = [n for n in ast.walk(ast.parse(source, filename=relative)) if isinstance(n, ast.Call) and n.args]
        for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name not in SINGULAR_FUNCTIONS and name not in PLURAL_FUNCTIONS:
                continue
            why = _misuse(node.args[0])
            if why:
                problems.append(Problem(f"{relative}:{node.lineno}", why))
                continue
            msgid = _literal(node.args[0])
            plural = None
            if name in PLURAL_FUNCTIONS:
                plural = _literal(node.args[1]) if len(node.args) > 1 else None
                if msgid is not None and plural is None:
                    problems.append(Problem(f"{relative}:{node.lineno}", "ngettext needs two literal texts"))
                    continue
            if msgid is None:
                continue  # e.g. _(LABELS[name]): the text itself is marked with N_() where it is defined
            if msgid == "":
                problems.append(Problem(f"{relative}:{node.lineno}", "an empty text cannot be translated"))
                continue
            entry = entries.get((None, msgid))
            if entry is None:
                entry = entries[(None, msgid)] = Entry(msgid, plural, ["", ""] if plural is not None else [""])
                entry.flags = _format_flags(msgid, plural)
            elif entry.msgid_plural != plural:
                problems.append(Problem(f"{relative}:{node.lineno}",
                                        f"{msgid!r} is used both with and without a plural"))
            if relative not in entry.references:
                entry.references.append(relative)
            for comment in _translator_comments(lines, node.lineno):
                if comment not in entry.extracted:
                    entry.extracted.append(comment)
    return list(entries.values()), problems


def _format_flags(msgid: str, plural: str | None) -> list[str]:
    text = msgid + (plural or "")
    flags = []
    if _brace_fields(text):
        flags.append("python-brace-format")
    if _percent_fields(text):
        flags.append("python-format")
    return flags


# ----- placeholders --------------------------------------------------------------------------
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?[diouxXeEfFgGcrsa%]")


def _brace_fields(text: str) -> list[str]:
    try:
        return [f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    except ValueError:
        return ["<malformed braces>"]


def _percent_fields(text: str) -> list[str]:
    return [m for m in _PERCENT.findall(text) if m != "%%"]


def placeholders(text: str) -> Counter[str]:
    """The format placeholders in *text*: ``{name}``, ``{}``, ``%s``, ``%(x)d`` …, counted.

    >>> sorted(placeholders("{n} of %(total)d, %s and {n}").items())
    [('%(total)d', 1), ('%s', 1), ('{n}', 2)]
    """
    return Counter(_brace_fields(text) + _percent_fields(text))


def placeholder_problem(entry: Entry) -> str | None:
    """How the translation's placeholders differ from the English ones, or None when they agree.

    A singular text must keep exactly the same placeholders. For plurals, every form may only
    use placeholders of the English forms, and together the forms must use all of them (a
    language may write "one" instead of ``{n}`` in its singular).
    """
    if not entry.translated:
        return None
    source = placeholders(entry.msgid)
    if entry.msgid_plural is None:
        target = placeholders(entry.msgstr[0])
        if set(source) != set(target):
            return f"placeholders {sorted(source)} became {sorted(target)}"
        return None
    allowed = set(source) | set(placeholders(entry.msgid_plural))
    used: set[str] = set()
    for form in entry.msgstr:
        found = set(placeholders(form))
        if not found <= allowed:
            return f"placeholders {sorted(found - allowed)} are not in the English text"
        used |= found
    if used != allowed:
        return f"placeholders {sorted(allowed - used)} are missing from every form"
    return None


# ----- reading and writing .po ---------------------------------------------------------------
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, got {text!r}")
    body = text[1:-1]

    def replace(match: re.Match[str]) -> str:
        char = match.group(1)
        if char in _ESCAPES:
            return _ESCAPES[char]
        raise ValueError(f"{where}: unknown escape \\{char}")

    return re.sub(r"\\(.)", replace, body)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace(
        "\t", "\\t").replace("\r", "\\r") + '"'


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a ``.po`` or ``.pot`` file (the header is the entry with msgid ``""``)."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None  # the field that continuation lines ("...") append to
    has_msgid = seen_msgstr = False
    pending = Entry(msgid="", msgstr=[])  # collects the comments that come before an entry

    def finish() -> None:
        nonlocal current, target, has_msgid, seen_msgstr
        if current is not None:
            entries.append(current)
        current, target, has_msgid, seen_msgstr = None, None, False, False

    for number, raw_line in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        line = raw_line.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
            if line.startswith("|"):  # the previous msgid of an obsolete entry: not kept
                continue
        if not line:
            if not obsolete:
                finish()
            continue
        if line.startswith("#"):
            if seen_msgstr:
                finish()
            kind, rest = line[:2], line[2:].strip()
            if kind == "#,":
                pending.flags.extend(f.strip() for f in rest.split(",") if f.strip())
            elif kind == "#:":
                pending.references.extend(rest.split())
            elif kind == "#.":
                pending.extracted.append(rest)
            elif kind == "#|":
                pending.previous.append(rest)
            else:
                pending.comments.append(line[1:].strip())
            continue
        if line.startswith('"'):
            if current is None or target is None:
                raise ValueError(f"{where}: a string line outside an entry")
            field_name, index = target
            piece = _unquote(line, where)
            if field_name == "msgstr":
                current.msgstr[index] += piece
            else:
                setattr(current, field_name, (getattr(current, field_name) or "") + piece)
            continue
        keyword, _, value = line.partition(" ")
        if keyword == "msgctxt" or (keyword == "msgid" and (current is None or seen_msgstr or has_msgid)):
            finish()
            current, pending = pending, Entry(msgid="", msgstr=[])
            current.obsolete = obsolete
        if current is None:
            raise ValueError(f"{where}: {keyword} before msgid")
        if keyword == "msgctxt":
            current.msgctxt = _unquote(value, where)
            target = ("msgctxt", 0)
        elif keyword == "msgid":
            current.msgid = _unquote(value, where)
            target, has_msgid = ("msgid", 0), True
        elif keyword == "msgid_plural":
            current.msgid_plural = _unquote(value, where)
            target = ("msgid_plural", 0)
        elif keyword == "msgstr" or re.fullmatch(r"msgstr\[\d+\]", keyword):
            index = 0 if keyword == "msgstr" else int(keyword[7:-1])
            while len(current.msgstr) <= index:
                current.msgstr.append("")
            current.msgstr[index] = _unquote(value, where)
            target, seen_msgstr = ("msgstr", index), True
        else:
            raise ValueError(f"{where}: unknown line {raw_line!r}")
    finish()
    return entries


def _field(keyword: str, text: str, prefix: str) -> list[str]:
    if "\n" in text[:-1]:
        pieces = text.splitlines(keepends=True)
        return [f'{prefix}{keyword} ""'] + [f"{prefix}{_quote(p)}" for p in pieces]
    return [f"{prefix}{keyword} {_quote(text)}"]


def format_po(entries: Iterable[Entry]) -> str:
    """The text of a ``.po`` file; :func:`parse_po` reads it back to the same entries."""
    blocks = []
    for entry in entries:
        prefix = "#~ " if entry.obsolete else ""
        lines = [f"# {c}".rstrip() for c in entry.comments]
        if not entry.obsolete:
            lines += [f"#. {c}" for c in entry.extracted]
            lines += [f"#: {r}" for r in entry.references]
        if entry.flags:
            lines.append("#, " + ", ".join(entry.flags))
        lines += [f"#| {p}" for p in entry.previous]
        if entry.msgctxt is not None:
            lines += _field("msgctxt", entry.msgctxt, prefix)
        lines += _field("msgid", entry.msgid, prefix)
        if entry.msgid_plural is not None:
            lines += _field("msgid_plural", entry.msgid_plural, prefix)
            for index, form in enumerate(entry.msgstr):
                lines += _field(f"msgstr[{index}]", form, prefix)
        else:
            lines += _field("msgstr", entry.msgstr[0] if entry.msgstr else "", prefix)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


# ----- headers -------------------------------------------------------------------------------
def _header(language: str | None) -> Entry:
    fields = [
        f"Project-Id-Version: {DOMAIN}",
        "Report-Msgid-Bugs-To: ",
        f"Language: {language or ''}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        "Plural-Forms: " + (PLURAL_FORMS.get(language, PLURAL_FORMS["en"]) if language else
                            "nplurals=INTEGER; plural=EXPRESSION;"),
    ]
    comments = ["Translations of Doolhof.", "Update with: python scripts/i18n.py extract"]
    return Entry("", msgstr=["".join(f + "\n" for f in fields)], comments=comments)


def header_fields(entries: list[Entry]) -> dict[str, str]:
    """The header of a catalogue as a dict (``Language``, ``Plural-Forms`` …)."""
    for entry in entries:
        if entry.msgid == "" and entry.msgctxt is None and not entry.obsolete:
            return dict(line.split(":", 1) for line in entry.msgstr[0].splitlines() if ":" in line)
    return {}


def nplurals(entries: list[Entry]) -> int:
    """The number of plural forms the catalogue's header declares (2 when it says nothing usable)."""
    match = re.search(r"nplurals\s*=\s*(\d+)", header_fields(entries).get("Plural-Forms", ""))
    return int(match.group(1)) if match else 2


# ----- merging -------------------------------------------------------------------------------
def merge(old: list[Entry], template: list[Entry], language: str) -> list[Entry]:
    """The catalogue *old* brought up to date with *template*'s messages (like ``msgmerge``)."""
    header = next((e for e in old if e.msgid == "" and not e.obsolete), None) or _header(language)
    forms = nplurals([header])
    previous = {e.key: e for e in old if e.msgid}
    translated_pool = {e.msgid: e for e in old if e.msgid and e.translated}
    used: set[tuple[str | None, str]] = set()
    result = [header]
    for new in template:
        if not new.msgid:
            continue
        entry = Entry(new.msgid, new.msgid_plural, msgctxt=new.msgctxt, references=list(new.references),
                      extracted=list(new.extracted), flags=[f for f in new.flags if f != "fuzzy"])
        size = forms if new.msgid_plural is not None else 1
        before = previous.get(new.key)
        if before is not None:
            used.add(new.key)
            entry.comments = before.comments
            entry.msgstr = (before.msgstr + [""] * size)[:size]
            if before.fuzzy or (before.msgid_plural is None) != (new.msgid_plural is None):
                entry.flags.insert(0, "fuzzy")
                entry.previous = before.previous
        else:
            entry.msgstr = [""] * size
            close = difflib.get_close_matches(new.msgid, [m for m in translated_pool if m not in
                                                          {k[1] for k in used}], n=1, cutoff=FUZZY_CUTOFF)
            if close:
                suggestion = translated_pool[close[0]]
                entry.msgstr = (suggestion.msgstr + [suggestion.msgstr[-1]] * size)[:size]
                entry.flags.insert(0, "fuzzy")
                entry.previous = [f"msgid {_quote(suggestion.msgid)}"]
        result.append(entry)
    for entry in old:
        if entry.msgid and entry.key not in used and entry.translated:
            entry.obsolete, entry.references, entry.extracted = True, [], []
            result.append(entry)
    return result


# ----- compiling -----------------------------------------------------------------------------
def compile_mo(entries: list[Entry]) -> bytes:
    """A GNU ``.mo`` file of *entries*: translated, non-fuzzy messages plus the header.

    The layout follows CPython's ``Tools/i18n/msgfmt.py`` (keys sorted, no hash table), written
    little-endian so the same ``.po`` always gives the same bytes.
    """
    messages: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.obsolete or not entry.translated:
            continue
        if entry.fuzzy and entry.msgid:
            continue
        key = entry.msgid.encode()
        if entry.msgid_plural is not None:
            key += b"\0" + entry.msgid_plural.encode()
        if entry.msgctxt is not None:
            key = entry.msgctxt.encode() + b"\x04" + key
        messages[key] = b"\0".join(form.encode() for form in entry.msgstr)
    keys = sorted(messages)
    offsets = []
    ids = strs = b""
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    keystart = 7 * 4 + 16 * len(keys)
    valuestart = keystart + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + keystart]
        voffsets += [l2, o2 + valuestart]
    table = array.array("I", koffsets + voffsets)
    if sys.byteorder == "big":
        table.byteswap()
    header = struct.pack("<Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return header + table.tobytes() + ids + strs


# ----- the catalogues of this repository ----------------------------------------------------
def locale_dir(root: Path = ROOT) -> Path:
    """``doolhof/locale`` of the checkout at *root*."""
    return root / "doolhof" / "locale"


def languages(root: Path = ROOT) -> dict[str, str]:
    """``LANGUAGES`` of ``doolhof/i18n.py``, read without importing the package."""
    tree = ast.parse((root / "doolhof" / "i18n.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "LANGUAGES" \
                and node.value is not None:
            value = ast.literal_eval(node.value)
            assert isinstance(value, dict)
            return {str(k): str(v) for k, v in value.items()}
    raise LookupError("LANGUAGES not found in doolhof/i18n.py")


def translated_languages(root: Path = ROOT) -> list[str]:
    """The languages that need a catalogue: all but English, whose texts are the source."""
    return [code for code in languages(root) if code != "en"]


def po_path(language: str, root: Path = ROOT) -> Path:
    """``doolhof/locale/<language>/LC_MESSAGES/doolhof.po``."""
    return locale_dir(root) / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_po(path: Path) -> list[Entry]:
    """The entries of the ``.po`` file at *path*."""
    return parse_po(path.read_text(encoding="utf-8"), path.name)


def run_extract(root: Path = ROOT) -> list[Problem]:
    """Write the ``.pot`` and merge it into every ``.po``; returns the misuses found in the code."""
    found, problems = extract(root)
    template = [_header(None), *found]
    pot = locale_dir(root) / f"{DOMAIN}.pot"
    pot.parent.mkdir(parents=True, exist_ok=True)
    pot.write_text(format_po(template), encoding="utf-8")
    for language in translated_languages(root):
        path = po_path(language, root)
        old = read_po(path) if path.exists() else []
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(format_po(merge(old, found, language)), encoding="utf-8")
        print(f"updated {path.relative_to(root)}")
    print(f"{len(found)} texts in {pot.relative_to(root)}")
    return problems


def run_compile(root: Path = ROOT) -> None:
    """Write ``doolhof.mo`` beside every ``.po``."""
    for language in translated_languages(root):
        path = po_path(language, root)
        path.with_suffix(".mo").write_bytes(compile_mo(read_po(path)))
        print(f"compiled {path.with_suffix('.mo').relative_to(root)}")


def check_catalogue(language: str, entries: list[Entry], used: list[Entry]) -> list[Problem]:
    """What is wrong with one language's catalogue for the texts *used* in the code."""
    where = f"{language}/{DOMAIN}.po"
    problems = []
    have = {e.key: e for e in entries if not e.obsolete}
    forms = nplurals(entries)
    for message in used:
        entry = have.get(message.key)
        if entry is None:
            problems.append(Problem(where, f"missing {message.msgid!r} (run: python scripts/i18n.py extract)"))
        elif entry.msgid_plural != message.msgid_plural:
            problems.append(Problem(where, f"{message.msgid!r}: the plural text differs from the code's"))
        elif not entry.translated:
            problems.append(Problem(where, f"untranslated {message.msgid!r}"))
        elif entry.fuzzy:
            problems.append(Problem(where, f"fuzzy (unconfirmed) {message.msgid!r}"))
        elif entry.msgid_plural is not None and len(entry.msgstr) != forms:
            problems.append(Problem(where, f"{message.msgid!r} has {len(entry.msgstr)} plural forms, not {forms}"))
        else:
            problem = placeholder_problem(entry)
            if problem:
                problems.append(Problem(where, f"{message.msgid!r}: {problem}"))
    return problems


def run_check(root: Path = ROOT) -> list[Problem]:
    """Every problem with the code's texts and the catalogues (see the module docstring)."""
    used, problems = extract(root)
    for language in translated_languages(root):
        path = po_path(language, root)
        if not path.exists():
            problems.append(Problem(str(path.relative_to(root)), "missing (run: python scripts/i18n.py extract)"))
            continue
        entries = read_po(path)
        problems += check_catalogue(language, entries, used)
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compile_mo(entries):
            problems.append(Problem(str(mo.relative_to(root)), "out of date (run: python scripts/i18n.py compile)"))
    return problems


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("command", choices=("extract", "compile", "check"))
    args = parser.parse_args(argv)
    if args.command == "extract":
        problems = run_extract()
    elif args.command == "compile":
        run_compile()
        problems = []
    else:
        problems = run_check()
        if not problems:
            print("all texts are translated in " + ", ".join(translated_languages()))
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
