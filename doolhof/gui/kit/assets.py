"""Where our assets live: inside the installed package, or ``assets/`` in a source checkout."""

from __future__ import annotations

import importlib
import os
from functools import lru_cache
from pathlib import Path

#: Set to 1 to make mistakes raise instead of being smoothed over: a scene error in the app, a missing or
#: broken asset in :class:`~doolhof.gui.kit.art.Art` (the tests and the built-app check switch it on).
STRICT_VARIABLE = "DOOLHOF_STRICT"
#: The app icon: a maze card with a figure, in ``assets/app/``.
APP_ICON = ("app", "doolhof.svg")


def strict() -> bool:
    """True when :data:`STRICT_VARIABLE` asks for errors to be raised rather than logged."""
    return os.environ.get(STRICT_VARIABLE) == "1"


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
