"""Importing the tools in ``scripts/`` from tests (scripts/ is not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(name: str, module: str) -> ModuleType:
    """Import ``scripts/<name>.py`` as a fresh module called *module* (registered in ``sys.modules``,
    where its dataclasses look their module up)."""
    spec = importlib.util.spec_from_file_location(module, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = loaded
    spec.loader.exec_module(loaded)
    return loaded
