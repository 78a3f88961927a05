"""The package's layers import downward only, and no modules import each other in a circle.

Every ``import`` counts: at module level, inside functions, and under ``if TYPE_CHECKING:``.
Layers, bottom to top (see docs/architecture.md):

1. rules: ``doolhof.engine`` (the maze game) and ``doolhof.cards`` (the card game): standard library
   and ``doolhof.rules`` only, and neither imports the other; ``doolhof.rules`` (what both games
   share) imports the standard library only;
2. session: ``doolhof.session`` (seats, settings, saved games, files, the running game) and
   ``doolhof.i18n``: no pygame;
3. online: ``doolhof.online`` (rooms, move log, sealing, picture codes, the relay client): layers 1-2,
   paho-mqtt, spake2 and cryptography; never pygame;
4. screen: ``doolhof.gui`` (pygame); inside it no screen package (play, setup, end, parents,
   rules) imports another, and the shared ``kit`` and ``board`` import no screen;
5. the command: ``doolhof.cli``, ``doolhof.__main__``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "doolhof"
LAYERS = {
    "rules": 1, "engine": 1, "cards": 1, "session": 2, "i18n": 2, "online": 3, "gui": 4, "cli": 5, "__main__": 5,
    "__init__": 0,
}
#: Outside packages each layer may use (besides the standard library).
THIRD_PARTY = {
    1: set(), 2: {"platformdirs"}, 3: {"paho", "spake2", "cryptography"}, 4: {"pygame"}, 5: {"pygame"}, 0: set(),
}


def module_name(path: Path) -> str:
    """``doolhof/gui/kit/theme.py`` -> ``doolhof.gui.kit.theme`` (a package's ``__init__`` is the package)."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, known: set[str]) -> set[str]:
    """Every module *path* imports, anywhere in the file: doolhof modules by name, others by top package."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            for alias in node.names:  # "from . import x" may name a module
                candidate = f"{base}.{alias.name}"
                found.add(candidate if candidate in known else base)
    # "import doolhof.gui.kit" also imports its parents; only the named module counts as an edge here.
    return {m if m in known or not m.startswith("doolhof") else _nearest(m, known) for m in found}


def _nearest(name: str, known: set[str]) -> str:
    while name not in known and "." in name:
        name = name.rpartition(".")[0]
    return name


def graph() -> dict[str, set[str]]:
    """Module -> the modules and outside packages it imports."""
    files = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(f) for f in files}
    return {module_name(f): imports_of(f, known) - {module_name(f)} for f in files}


def layer(module: str) -> int:
    """The layer of a doolhof module (see the module docstring)."""
    parts = module.split(".")
    return LAYERS[parts[1] if len(parts) > 1 else "__init__"]


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in edges.get(node, ()):
            if nxt not in edges:
                continue
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def _may_share(module: str, target: str) -> bool:
    """Inside the rules layer: a package imports itself, and the games import the shared ``doolhof.rules``."""
    own, other = module.split(".")[1], target.split(".")[1]
    return own == other or (other == "rules" and own in ("engine", "cards"))


def wrong_way(edges: dict[str, set[str]]) -> list[str]:
    """Every import that goes up a layer, between the two rules packages, or to a forbidden outside package."""
    problems = []
    stdlib = set(sys.stdlib_module_names)
    for module, targets in sorted(edges.items()):
        own = layer(module)
        for target in sorted(targets):
            if target.startswith("doolhof"):
                other = layer(target)
                if other > own or (own == other == 1 and not _may_share(module, target)):
                    problems.append(f"{module} (layer {own}) imports {target} (layer {other})")
            else:
                top = target.split(".")[0]
                if top and top not in stdlib and top not in THIRD_PARTY[own]:
                    problems.append(f"{module} (layer {own}) imports the outside package {top}")
    return problems


#: The screens: none may import another; only ``doolhof.gui.screens`` (and the tools above it) knows them all.
SCREENS = (
    "doolhof.gui.play", "doolhof.gui.cards", "doolhof.gui.setup", "doolhof.gui.end", "doolhof.gui.parents",
    "doolhof.gui.rules", "doolhof.gui.puzzles",
)


def screen_of(module: str) -> str | None:
    """The screen package *module* belongs to, or None."""
    return next((s for s in SCREENS if module == s or module.startswith(s + ".")), None)


def crossings(edges: dict[str, set[str]]) -> list[str]:
    """Every import from one screen's package into another's, or from the shared kit or board into a screen."""
    problems = []
    for module, targets in sorted(edges.items()):
        own = screen_of(module)
        shared = module.startswith(("doolhof.gui.kit", "doolhof.gui.board", "doolhof.gui.cardtable"))
        if own is None and not shared:
            continue
        for target in sorted(targets):
            other = screen_of(target)
            if other is not None and other != own:
                problems.append(f"{module} imports {target}")
    return problems


def test_no_import_cycles() -> None:
    assert cycles(graph()) == []


def test_imports_go_downward_only() -> None:
    assert wrong_way(graph()) == []


def test_both_games_use_the_shared_rules_and_it_uses_the_standard_library_only() -> None:
    edges = graph()
    assert "doolhof.rules" in edges["doolhof.engine.game"] and "doolhof.rules" in edges["doolhof.cards.game"]
    kit = {target for module, targets in edges.items() if module.startswith("doolhof.rules") for target in targets}
    assert all(t.startswith("doolhof.rules") or t.split(".")[0] in sys.stdlib_module_names for t in kit), kit


def test_no_screen_imports_another() -> None:
    assert crossings(graph()) == []


def test_the_online_layer_never_draws_and_the_session_never_goes_online() -> None:
    edges = graph()
    online = {t for m, ts in edges.items() if m.startswith("doolhof.online") for t in ts}
    assert "pygame" not in online and not any(t.startswith("doolhof.gui") for t in online)
    session = {t for m, ts in edges.items() if m.startswith(("doolhof.session", "doolhof.rules", "doolhof.engine",
                                                           "doolhof.cards")) for t in ts}
    assert not any(t.startswith("doolhof.online") or t.split(".")[0] in ("paho", "spake2") for t in session)


def test_the_checks_can_fail() -> None:
    """The checks catch a planted cycle, a planted upward import and a screen importing another."""
    edges = {"doolhof.engine.a": {"doolhof.engine.b"}, "doolhof.engine.b": {"doolhof.engine.a"},
             "doolhof.session.s": {"doolhof.gui.x", "pygame"}, "doolhof.gui.x": set()}
    assert cycles(edges) == [["doolhof.engine.a", "doolhof.engine.b"]]
    assert wrong_way(edges) == ["doolhof.session.s (layer 2) imports doolhof.gui.x (layer 4)",
                                "doolhof.session.s (layer 2) imports the outside package pygame"]
    shared = {"doolhof.cards.a": {"doolhof.rules.x", "doolhof.engine.b"}, "doolhof.engine.b": {"doolhof.rules.x"},
              "doolhof.rules.x": {"doolhof.cards.a", "doolhof.rules.y", "random"}, "doolhof.rules.y": {"pygame"}}
    assert wrong_way(shared) == ["doolhof.cards.a (layer 1) imports doolhof.engine.b (layer 1)",
                                 "doolhof.rules.x (layer 1) imports doolhof.cards.a (layer 1)",
                                 "doolhof.rules.y (layer 1) imports the outside package pygame"]
    assert crossings({"doolhof.gui.end.scene": {"doolhof.gui.setup.scene", "doolhof.gui.kit.theme"},
                      "doolhof.gui.kit.widgets": {"doolhof.gui.play.layout"}}) == [
        "doolhof.gui.end.scene imports doolhof.gui.setup.scene",
        "doolhof.gui.kit.widgets imports doolhof.gui.play.layout"]
