"""The package's shape: standard library and doolhof.rules only, no pygame, a strict downward order, the public face."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import doolhof.cards

PACKAGE = Path(doolhof.cards.__file__).resolve().parent
#: Every module may import only modules before it (and the standard library).
ORDER = ("ports", "card", "deck", "table", "events", "game", "players", "ai", "simulate", "__init__")


def imports(path: Path) -> list[tuple[str, int]]:
    """Every import anywhere in the file (functions and TYPE_CHECKING blocks too): (module, level)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level and not node.module:
                found += [(alias.name, node.level) for alias in node.names]
            else:
                found.append((node.module or "", node.level))
    return found


def test_every_module_is_in_the_order() -> None:
    assert {p.stem for p in PACKAGE.glob("*.py")} == set(ORDER)
    assert not [p for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"]


def test_standard_library_only_and_strictly_downward() -> None:
    for path in PACKAGE.glob("*.py"):
        rank = ORDER.index(path.stem)
        for module, level in imports(path):
            if level == 2:  # the one package outside: what both games share
                assert module.split(".")[0] == "rules", f"{path.name} reaches outside the package: {module}"
            elif level:
                assert level == 1, f"{path.name} reaches outside the package: {module}"
                name = module.split(".")[0]
                assert ORDER.index(name) < rank, f"{path.name} imports {name}, which comes after it"
            else:
                top = module.split(".")[0]
                assert top in sys.stdlib_module_names and top != "doolhof", f"{path.name} imports {module}"


def test_importing_pulls_in_neither_pygame_nor_the_maze_engine() -> None:
    code = (
        "import doolhof.cards, doolhof.cards.simulate, sys;"
        "print(doolhof.cards.__file__, sorted(m for m in sys.modules if m.startswith(('pygame', 'doolhof'))))"
    )
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parents[1])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert out.startswith(str(PACKAGE))
    assert "pygame" not in out and "doolhof.engine" not in out and "doolhof.cards.ai" in out


def test_the_public_face() -> None:
    from doolhof.cards import DECK, Card, CardGame, IllegalMoveError, Place

    assert len(DECK) == 50 and issubclass(IllegalMoveError, ValueError)
    card = Card.from_text("07:apple|34:fish,key")
    assert card.text() == "07:apple|34:fish,key" and Card.from_text(card.text()) == card
    game = CardGame.new(players=3, seed=7)
    for name in ("players", "current_player", "phase", "table", "pile_size", "scores"):
        getattr(game, name)
    for method in ("hand", "legal_places", "place", "takeable", "take", "outcome", "copy", "to_dict", "from_dict",
                   "from_position"):
        assert callable(getattr(game, method))
    assert Place(0, (2, 0), 3) == Place(hand_index=0, cell=(2, 0), rotation=3)
    assert set(doolhof.cards.__all__) >= {"CardGame", "Card", "Place", "DECK", "IllegalMoveError"}
