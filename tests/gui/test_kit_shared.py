"""The kit pieces both play screens share: worker threads, overlays, R and the wheel, panel boxes."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import pygame

from doolhof.gui.kit.boxes import pair, stack
from doolhof.gui.kit.overlay import Overlay, overlay_took, overlays_updated
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.press import turn_asked
from doolhof.gui.kit.worker import PacedWorker, Worker


def _wait(done: object, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:  # type: ignore[operator]
        time.sleep(0.001)


def test_a_worker_gives_its_result_once_done_and_keeps_an_error() -> None:
    go = threading.Event()
    job = Worker(lambda: go.wait(5) and 42)
    assert not job.done() and job.result() is None
    go.set()
    _wait(job.done)
    assert job.done() and job.result() == 42 and job.error is None

    def fails() -> int:
        raise ValueError("no")

    failed = Worker(fails)
    _wait(failed.done)
    assert failed.result() is None and isinstance(failed.error, ValueError)


def test_a_paced_worker_waits_the_minimum_and_gives_up_only_after_the_limit_in_both_clocks() -> None:
    go = threading.Event()
    quick = PacedWorker(lambda: "thought", "fallback", min_think=0.5, limit=60.0)
    _wait(lambda: not quick.still_thinking)
    assert quick.result() is None, "not before the minimum think time"
    quick.tick(0.5)
    assert quick.result() == "thought"

    stuck = PacedWorker(lambda: go.wait(10) and "late", "fallback", min_think=0.1, limit=1.0)
    stuck.tick(10.0)  # plenty of scene time, but hardly any wall time yet
    assert stuck.result() is None
    time.sleep(1.05)
    assert stuck.result() == "fallback" and isinstance(stuck.error, TimeoutError)
    assert stuck.still_thinking, "the abandoned thread still runs"
    go.set()


@dataclass
class _Sheet:
    takes: bool = False
    life: int = 1
    seen: int = 0

    @property
    def done(self) -> bool:
        return self.life <= 0

    def handle_pointer(self, event: PointerEvent) -> bool:
        self.seen += 1
        return self.takes

    def update(self, dt: float) -> None:
        self.life -= 1

    def busy(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass


def test_overlays_see_events_topmost_first_and_go_once_done() -> None:
    below, above = _Sheet(takes=True, life=1), _Sheet(takes=True, life=2)
    overlays: list[Overlay] = [below, above]
    assert overlay_took(overlays, PointerEvent("down", (1, 1)))
    assert (below.seen, above.seen) == (0, 1), "the topmost took it; the one below never saw it"
    assert overlays_updated(overlays, 0.1) == [above]
    assert overlays_updated([above], 0.1) == []
    assert overlays_updated([], 0.1) is None
    assert not overlay_took([_Sheet()], PointerEvent("up", (1, 1)))


def test_r_and_the_wheel_turn_the_card_in_hand() -> None:
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0)
    back = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=pygame.KMOD_SHIFT)
    assert (turn_asked(key), turn_asked(back)) == (1, -1)
    assert turn_asked(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)) == 1
    assert turn_asked(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2)) == -1
    assert turn_asked(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=0)) == 0
    assert turn_asked(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)) == 0


def test_panel_boxes() -> None:
    a, b = pair(pygame.Rect(0, 0, 300, 100), 10, 1.0, 0.5)
    assert a.h == 100 and b.h == 50 and b.x == a.right + 10 and a.centery == b.centery == 50
    assert [s.w for s in stack(pygame.Rect(0, 0, 100, 20), 4, 10, vertical=False)] == [17] * 4
    crowded = pygame.Rect(0, 0, 20, 20)
    assert [s.w for s in stack(crowded, 4, 10, vertical=False)] == [-3] * 4, "no floor (the maze's trays)"
    assert [s.w for s in stack(crowded, 4, 10, vertical=False, least=8)] == [8] * 4, "the card game's floor"
