"""Test-wide setup: headless SDL before anything imports pygame, English texts, files pytest skips."""

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

collect_ignore = ["doolhof/__main__.py"]


@pytest.fixture(autouse=True)
def _english_texts() -> Iterator[None]:
    """Every test starts in English; the language is process-wide, so a test that switches it must not leak."""
    from doolhof import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")
