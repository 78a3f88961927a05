"""docs/online.md's tables of messages ("The messages") say what :mod:`doolhof.online.messages` does.

Each table follows a bold line naming its channel (a message class's ``CHANNEL``, or ``values``); every row
names a real class, and every class is in its channel's table once, with its exact topic, seal, type tag and
wire fields (in the order the class declares them).
"""

from __future__ import annotations

import re
from pathlib import Path

from doolhof.online import messages
from doolhof.online.messages import MESSAGES, VALUES

DOC = Path(__file__).resolve().parents[2] / "docs" / "online.md"


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _code(cell: str) -> str:
    """The text of a cell that is one `code` span (or ``-``)."""
    match = re.fullmatch(r"`([^`]*)`", cell)
    assert match is not None or cell == "-", f"not one code span: {cell!r}"
    return match.group(1) if match else "-"


def _fields(cell: str) -> tuple[str, ...]:
    return tuple(_code(part.strip()) for part in cell.split(","))


def tables() -> dict[str, list[dict[str, str]]]:
    """Every table of the section, by the bold channel name before it: its rows as {column: cell}."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("\n## The messages\n", 1)[1].split("\n## ", 1)[0]
    found: dict[str, list[dict[str, str]]] = {}
    channel: str | None = None
    header: list[str] | None = None
    for line in section.splitlines():
        bold = re.match(r"\*\*([^*]+)\*\*", line)
        if bold:
            channel, header = bold.group(1), None
            assert channel not in found, f"two tables of {channel}"
            found[channel] = []
        elif line.startswith("|") and channel is not None:
            cells = _cells(line)
            if header is None:
                header = cells
            elif not set("".join(cells)) <= set("-: "):
                assert len(cells) == len(header), line
                found[channel].append(dict(zip(header, cells, strict=True)))
        elif not line.strip():
            header = None  # a table ends
    return found


def test_the_doc_has_a_table_per_channel_and_one_of_values() -> None:
    assert set(tables()) == {m.CHANNEL for m in MESSAGES} | {"values"}


def test_every_row_names_a_real_class() -> None:
    for channel, rows in tables().items():
        for row in rows:
            name = _code(row["Class"])
            cls = getattr(messages, name, None)
            assert cls in (VALUES if channel == "values" else MESSAGES), f"{name} in the {channel} table"
            if channel != "values":
                assert cls.CHANNEL == channel, f"{name} travels on the {cls.CHANNEL} channel, not {channel}"


def test_every_message_is_listed_with_its_topic_seal_tag_and_fields() -> None:
    rows = {_code(row["Class"]): row for channel, table in tables().items() if channel != "values" for row in table}
    assert sum(len(t) for c, t in tables().items() if c != "values") == len(rows), "a class listed twice"
    for cls in MESSAGES:
        row = rows.get(cls.__name__)
        assert row is not None, f"{cls.__name__} is not in docs/online.md"
        assert _code(row["Topic"]) == cls.TOPIC, cls.__name__
        assert row["Sealed"] == ("yes" if cls.SEALED else "no"), cls.__name__
        assert _code(row["`t`"]) == (cls.KIND or "-"), cls.__name__
        assert _fields(row["Fields"]) == cls.FIELDS, cls.__name__


def test_every_value_is_listed_with_its_fields() -> None:
    rows = {_code(row["Class"]): row for row in tables()["values"]}
    assert set(rows) == {cls.__name__ for cls in VALUES}
    for cls in VALUES:
        assert _fields(rows[cls.__name__]["Fields"]) == cls.FIELDS, cls.__name__
