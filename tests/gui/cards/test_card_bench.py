"""The card part of ``scripts/bench_frames.py`` keeps working, and the painter's still table layer it led to
draws exactly what a fresh draw would (no timing is asserted: the machine is shared)."""

from __future__ import annotations

import hashlib
import json
import math
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame
import pytest

from doolhof.cards.ai import best_take
from doolhof.gui.cards.draw import CardPainter
from doolhof.gui.cardtable import painter as painter_module
from tests.gui.cards.helpers import BENCH_FRAMES, PEOPLE2, bench_frames, cell_point, into_view, point, start_cards
from tests.gui.helpers import FRAME, mouse, tap


def mouse_tap(pos: tuple[int, int]) -> list[pygame.event.Event]:
    """The events of one tap at *pos*."""
    return [mouse("move", pos), mouse("down", pos), mouse("up", pos)]

def test_the_benchmarks_card_part_runs_quickly(tmp_path: Path) -> None:
    env = dict(os.environ, DOOLHOF_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, str(BENCH_FRAMES), "--cards-only", "--quick", "--json"], capture_output=True,
                          text=True, env=env, timeout=240, check=False)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    for size in ("1280x800", "1920x1080"):
        for name in ("cards_frame_ms", "cards_zoom_frame_ms", "cards_take_frame_ms", "cards_frame_cpu_ms"):
            p50, p95 = figures[f"{name}_p50_{size}"], figures[f"{name}_p95_{size}"]
            assert 0 < p50 <= p95 and math.isfinite(p95), (name, size, p50, p95)
    assert 0 <= figures["cards_idle_cpu_percent"] < 100
    assert figures["cards_resume_first_frame_ms"] > 0
    assert "frame_ms_p95_1920x1080" not in figures  # --cards-only leaves the maze out


def _frames_of_a_lay_and_take(app: Any, bench: ModuleType) -> list[str]:
    """Lay a joining card on the 45-card table and take by taps; the digest of every frame drawn."""
    game = bench.grown_card_game()
    scene = start_cards(app, game, PEOPLE2)
    place = bench._joining_place(game)
    for _ in range(1 + place.rotation):
        tap(app, point(scene.layout.hand[place.hand_index]))
    bench._settle_cards(app, scene)
    frames: list[str] = []
    drawn = app.frames_drawn

    def step_through(events: list[pygame.event.Event]) -> None:
        nonlocal drawn
        for _ in range(900):
            app.step(events, FRAME)
            events = []
            if app.frames_drawn != drawn:
                drawn = app.frames_drawn
                frames.append(hashlib.sha1(pygame.image.tobytes(app.screen, "RGB")).hexdigest())
            if not (scene.timeline.busy() or scene.camera.moving):
                return

    into_view(app, scene, place.cell)  # the late table shows in part
    step_through(mouse_tap(cell_point(scene, place.cell)))
    for cell in sorted(best_take(scene.game)):
        into_view(app, scene, cell)
        step_through(mouse_tap(cell_point(scene, cell)))
    step_through(mouse_tap(point(scene.layout.take)))
    assert len(scene.game.table) < bench.CARDS_ON_TABLE + 1, "nothing was taken"
    return frames


def test_the_still_table_layer_draws_what_a_fresh_draw_does(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lay and a take on the 45-card table look the same frame for frame with and without the kept layer
    (faces rendered at once, so both runs draw alike whatever the machine's speed)."""
    bench = bench_frames()
    monkeypatch.setattr(painter_module, "RENDER_BUDGET", 60.0)
    used = 0
    real_blit_still = CardPainter._keep_still

    def counting(self: CardPainter, surface: pygame.Surface, key: tuple[object, ...]) -> None:
        nonlocal used
        used += 1
        real_blit_still(self, surface, key)

    monkeypatch.setattr(CardPainter, "_keep_still", counting)
    kept = _frames_of_a_lay_and_take(make_app((1280, 800)), bench)
    assert used > 0, "the still table layer was never kept"
    monkeypatch.setattr(CardPainter, "_still_key", lambda self, surface, look: None)
    fresh = _frames_of_a_lay_and_take(make_app((1280, 800)), bench)
    assert len(kept) > 60 and kept == fresh
