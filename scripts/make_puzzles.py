"""Make the puzzle book from seeds: ``doolhof/engine/puzzles.json``.

Usage: ``python scripts/make_puzzles.py [--out PATH] [--check]``

Chapters climb gently: 1-turn puzzles on the Junior board with the picture almost in reach, then
harder 1-turn ones, the big board, 2-turn puzzles, and finally 3-turn puzzles on the big board.
Every puzzle is dealt like a new game from a seeded generator, its minimum proved by the solver,
and kept only when the first push matters: at most a small share of the first pushes still
allow the minimum (the share is measured; the limits are per chapter, and the first chapters
also want a few good pushes, so a small child finds one). Within a chapter the
puzzles go from the largest share (easiest to hit) to the smallest.

Re-running with the same seeds writes the same file, byte for byte. ``--check`` writes nothing
and fails when the file on disk differs from what the seeds give.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from doolhof.engine.puzzles import BOOK_FILE, BOOK_FORMAT, Puzzle, make_puzzle, solve

OUT = Path(__file__).resolve().parent.parent / "doolhof" / "engine" / BOOK_FILE


@dataclass(frozen=True)
class Chapter:
    """How one chapter's puzzles are made."""

    title: str
    variant: str
    turns: int
    count: int
    min_share: float
    max_share: float
    max_gap: int | None
    seed: int


CHAPTERS = (
    Chapter("One push, almost there", "junior", 1, 10, 0.12, 0.3, 1, 101),
    Chapter("One push, look closely", "junior", 1, 8, 0.0, 0.1, 3, 202),
    Chapter("The big board, one push", "classic", 1, 8, 0.0, 0.1, None, 303),
    Chapter("Two turns", "junior", 2, 8, 0.2, 0.35, None, 404),
    Chapter("Two turns, the first push counts", "junior", 2, 8, 0.0, 0.2, None, 505),
    Chapter("The big board, two turns", "classic", 2, 8, 0.1, 0.25, None, 606),
    Chapter("The big board, two careful turns", "classic", 2, 8, 0.0, 0.1, None, 707),
    Chapter("The big board, three turns", "classic", 3, 8, 0.0, 0.5, None, 808),
)


def make_book() -> dict[str, object]:
    """The book's data, made from the chapters' seeds."""
    puzzles: list[dict[str, object]] = []
    chapters: list[dict[str, object]] = []
    for number, spec in enumerate(CHAPTERS, start=1):
        rng = random.Random(spec.seed)
        made: list[tuple[float, Puzzle]] = []
        seen: set[Puzzle] = set()
        while len(made) < spec.count:
            puzzle, share = make_puzzle(spec.variant, rng, spec.turns, max_share=spec.max_share, max_gap=spec.max_gap)
            if puzzle in seen or share < spec.min_share:
                continue
            seen.add(puzzle)
            made.append((share, puzzle))
        made.sort(key=lambda sp: -sp[0])  # stable: equal shares keep the order they were made in
        for k, (share, puzzle) in enumerate(made, start=1):
            named = Puzzle(f"{number}-{k:02d}", number, puzzle.variant, puzzle.cells, puzzle.pictures,
                           puzzle.spare, puzzle.spare_picture, puzzle.figure, puzzle.target, puzzle.minimum,
                           puzzle.forbidden)
            sol = solve(named.game(), named.minimum)
            assert sol is not None and sol.turns == named.minimum, named.name
            data = named.to_dict()
            data["first_push_share"] = round(share, 3)
            puzzles.append(data)
        chapters.append({"chapter": number, "title": spec.title, "variant": spec.variant, "turns": spec.turns,
                         "count": spec.count})
    return {"format": BOOK_FORMAT, "version": 1, "chapters": chapters, "puzzles": puzzles}


def dump(book: dict[str, object]) -> str:
    """The book as JSON text with one puzzle per line (short diffs when a chapter changes)."""
    lines = ["{",
             f'  "format": {json.dumps(book["format"])},',
             f'  "version": {json.dumps(book["version"])},',
             '  "chapters": [']
    chapters = book["chapters"]
    puzzles = book["puzzles"]
    assert isinstance(chapters, list) and isinstance(puzzles, list)
    lines += [f"    {json.dumps(c, ensure_ascii=False)}{',' if i < len(chapters) - 1 else ''}"
              for i, c in enumerate(chapters)]
    lines += ["  ],", '  "puzzles": [']
    lines += [f"    {json.dumps(p, ensure_ascii=False)}{',' if i < len(puzzles) - 1 else ''}"
              for i, p in enumerate(puzzles)]
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check`` compare) the puzzle book."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write the book (default {OUT})")
    parser.add_argument("--check", action="store_true", help="write nothing; fail when the file differs")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    text = dump(make_book())
    spent = time.perf_counter() - t0
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        print(f"{args.out}: {'up to date' if same else 'DIFFERS from what the seeds give'} ({spent:.1f} s)")
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    data = json.loads(text)
    print(f"wrote {len(data['puzzles'])} puzzles in {len(data['chapters'])} chapters to {args.out} ({spent:.1f} s)")
    for c in data["chapters"]:
        shares = [p["first_push_share"] for p in data["puzzles"] if p["chapter"] == c["chapter"]]
        print(f"  {c['chapter']}. {c['title']:34} {c['variant']:8} {c['turns']} turn(s)  {c['count']:2} puzzles"
              f"  first-push share {min(shares):.2f}-{max(shares):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
