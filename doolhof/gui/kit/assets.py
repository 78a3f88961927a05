"""Where our assets live: inside the installed package, or ``assets/`` in a source checkout."""

from __future__ import annotations

import importlib
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    """The folder holding ``pictures/``, ``figures/``, ``sounds/`` and the other assets."""
    try:
        package = importlib.import_module("doolhof.assets")  # the installed package maps assets/ here
        return Path(str(package.__file__)).resolve().parent
    except ImportError:
        return Path(__file__).resolve().parents[3] / "assets"


def asset(*parts: str) -> Path:
    """The path of one asset, e.g. ``asset("pictures", "star.svg")``."""
    return assets_dir().joinpath(*parts)
