"""Started without a display (over ssh, or before the desktop is ready), Doolhof says so and ends with status 1."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from doolhof.gui import launch
from doolhof.i18n import set_language

ROOT = Path(__file__).resolve().parents[2]


def test_a_fallback_to_drawing_in_memory_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import argparse
    import logging

    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", list(root.handlers))  # the log file started by run() goes afterwards
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    assert launch.run(argparse.Namespace(lang="nl")) == 1
    assert "Doolhof kan zijn venster niet openen" in capsys.readouterr().err
    set_language("en")


def test_the_dummy_driver_asked_for_is_no_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert launch.display_problem() is None


@pytest.mark.skipif(sys.platform != "linux", reason="a Linux machine without X11 or Wayland")
def test_the_real_program_without_a_display_ends_at_once_with_a_message(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(DOOLHOF_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "doolhof"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "cannot open its window" in done.stderr
