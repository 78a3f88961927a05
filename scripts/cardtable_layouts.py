"""Write doolhof/gui/cardtable/deck_layouts.py: the worked-out hubs and pictures of every deck card.

    python scripts/cardtable_layouts.py

Working a card's layout out takes tens of milliseconds; with the deck's layouts written down ahead,
a resumed 46-card table draws at once. Run this again whenever the layout rules in
``doolhof/gui/cardtable/shape.py`` change (a test compares the file with a fresh computation).
"""

from __future__ import annotations

import sys
from pathlib import Path

from doolhof.cards import DECK
from doolhof.gui.cardtable.shape import compute_layout

OUT = Path(__file__).resolve().parent.parent / "doolhof" / "gui" / "cardtable" / "deck_layouts.py"
HEAD = '''"""The hubs and pictures of the 50 deck cards, unturned (written by ``scripts/cardtable_layouts.py``).

Each card text maps to (hubs, pictures): one hub per network, and each treasure's (centre, size) in
unit coordinates of the card (see :mod:`doolhof.gui.cardtable.shape`). Do not edit by hand.
"""

from __future__ import annotations

from typing import Final

Point = tuple[float, float]

LAYOUTS: Final[dict[str, tuple[tuple[Point, ...], dict[str, tuple[Point, float]]]]] = {
'''


def _num(x: float) -> str:
    return repr(round(x, 6))


def main() -> int:
    lines = [HEAD]
    for card in sorted(DECK, key=lambda c: c.text()):
        hubs, pictures = compute_layout(card)
        hub_text = ", ".join(f"({_num(x)}, {_num(y)})" for x, y in hubs)
        pic_text = ", ".join(f"{name!r}: (({_num(x)}, {_num(y)}), {_num(size)})"
                             for name, ((x, y), size) in sorted(pictures.items()))
        lines.append(f"    {card.text()!r}: (\n        ({hub_text},),\n        {{{pic_text}}},\n    ),\n")
    lines.append("}\n")
    OUT.write_text("".join(lines), encoding="utf-8")
    print(f"wrote {OUT} ({len(DECK)} cards)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
