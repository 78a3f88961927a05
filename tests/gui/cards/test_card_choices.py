"""The computer never takes over a child's choice on the card screen, and nothing picked is lost by a hold.

- the automatic hint (or the light bulb) never moves the card the child chose: the next tap on a lit cell
  lays the child's card; the hinted card is ringed and its ghost lies on the table;
- a hint that comes while a finger is down never changes what that tap does (the automatic hint the child
  no longer needs is dropped, the view does not move under the finger);
- once a card is picked, "done" (end the turn taking nothing) is no longer there: holding it throws
  nothing away; "take these" takes.

Every test runs at 1280x800, 800x600 and 800x1280, by mouse and by finger.
"""

from __future__ import annotations

from typing import Any

import pytest

from doolhof.cards import CardGame, Place
from doolhof.cards.ai import suggest_place
from doolhof.gui.cards.gestures import DONE_HOLD
from doolhof.gui.cards.scene import AUTO_HINT_DELAY, CardPlayScene
from doolhof.gui.kit.pointer import REST_SECONDS
from tests.gui.cards import helpers as h
from tests.gui.helpers import FRAME, finger, mouse, run, tap, touch_tap, wait_for_workers

SIZES = [(1280, 800), (800, 600), (800, 1280)]
HOW = pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])


def press(app: Any, pos: tuple[int, int], touch: bool) -> None:
    """One tap at *pos* by mouse or by finger."""
    (touch_tap if touch else tap)(app, pos)


def down(app: Any, pos: tuple[int, int], touch: bool) -> None:
    """A finger (or the mouse button) goes down at *pos*."""
    run(app, 0, [finger("down", app, pos)] if touch else [mouse("move", pos), mouse("down", pos)])


def up(app: Any, pos: tuple[int, int], touch: bool) -> None:
    """The finger (or the mouse button) lifts at *pos*."""
    run(app, 0, [finger("up", app, pos)] if touch else [mouse("up", pos)])


def pondering(make_app: Any, size: tuple[int, int]) -> tuple[Any, CardGame, CardPlayScene, Place, int]:
    """A child who chose the card the hint will not suggest and thinks, the automatic hint on; with the wall
    clock in the test's hand. Returns (app, game, scene, the hint's place, the child's card)."""
    app = make_app(size)
    h.fast(app, auto_hint=True)
    game = CardGame.new(players=2, seed=3)
    best = suggest_place(game).place
    mine = 1 - best.hand_index
    scene = h.start_cards(app, game, h.PEOPLE2)
    now = [1000.0]
    scene.wall_clock = lambda: now[0]
    scene.note_input()
    tap(app, h.point(scene.layout.hand[mine]))
    assert scene.chosen == mine and scene.lit(), "the child's card fits somewhere as it lies"
    scene.now = now  # type: ignore[attr-defined]  # the test moves the wall clock on
    return app, game, scene, best, mine


def held_back(monkeypatch: Any) -> list[bool]:
    """Hint jobs that look unfinished until the returned list gets an item (a slow processor, made exact)."""
    from doolhof.gui.cards import scene as module

    real = module.HintJob
    gate: list[bool] = []

    class Gated(real):  # type: ignore[misc, valid-type]
        def done(self) -> bool:
            return bool(gate) and super().done()

    monkeypatch.setattr(module, "HintJob", Gated)
    return gate


@HOW
@pytest.mark.parametrize("size", SIZES)
def test_the_automatic_hint_never_moves_the_childs_card(make_app: Any, size: tuple[int, int], touch: bool) -> None:
    app, game, scene, best, mine = pondering(make_app, size)
    scene.now[0] += AUTO_HINT_DELAY + 1  # type: ignore[attr-defined]
    assert h.step_until(app, lambda: scene.hint_visible()), "the automatic hint comes"
    assert scene.ghost() is not None and scene.ghost()[2] == best.cell, "its ghost lies on the table"  # type: ignore[index]
    run(app, 0.5)
    assert scene.chosen == mine, "the child's card is still the chosen one"
    card = game.hand(0)[mine]
    lit = sorted(c for c in scene.lit() if c != best.cell and scene.camera.in_view(c))
    assert lit, "a lit cell away from the ghost"
    press(app, h.cell_point(scene, lit[0]), touch)
    assert game.table.get(lit[0]) == (card, 0), "the tap laid the card the child chose"


@HOW
@pytest.mark.parametrize("size", SIZES)
def test_the_light_bulb_rings_its_card_but_leaves_the_choice(make_app: Any, size: tuple[int, int],
                                                            touch: bool) -> None:
    app, game, scene, best, mine = pondering(make_app, size)
    press(app, h.point(scene.layout.icons["hint"]), touch)
    assert h.step_until(app, lambda: scene.hint_visible())
    assert scene.chosen == mine and scene.ghost() is not None
    ring = scene.painter  # the hinted card keeps its ring in the hand (drawn without trouble)
    ring.draw(app.screen)
    hinted = game.hand(0)[best.hand_index]
    h.into_view(app, scene, best.cell, touch)
    press(app, h.cell_point(scene, best.cell), touch)  # the ghost's slot: the card the hint shows, as it shows it
    assert game.table.get(best.cell) == (hinted, best.rotation)


@HOW
@pytest.mark.parametrize("size", SIZES)
def test_a_hint_coming_while_a_finger_is_down_on_a_card_loses_no_tap(make_app: Any, size: tuple[int, int],
                                                                       touch: bool, monkeypatch: Any) -> None:
    """The automatic hint is worked out; the child's finger goes down on the hinted card in the very frame the
    advice is ready. The tap chooses that card (it is not turned by a hint that chose it meanwhile)."""
    app, _game, scene, best, _mine = pondering(make_app, size)
    gate = held_back(monkeypatch)
    scene.now[0] += AUTO_HINT_DELAY + 1  # type: ignore[attr-defined]
    app.step([], FRAME)
    assert scene.hint_job is not None, "the automatic hint is being worked out"
    scene.hint_job._thread.join(30)
    at = h.point(scene.layout.hand[best.hand_index])
    gate.append(True)  # ready in the frame the finger goes down
    down(app, at, touch)
    up(app, at, touch)
    assert scene.chosen == best.hand_index and scene.rotations == [0, 0], "chosen, not turned"
    run(app, 0.5)
    assert not scene.hint_visible(), "the child acted: the hint they no longer needed is dropped"


@HOW
@pytest.mark.parametrize("size", SIZES)
def test_a_hint_coming_while_a_finger_is_down_on_a_lit_cell_lays_the_childs_card(
        make_app: Any, size: tuple[int, int], touch: bool) -> None:
    app, game, scene, _best, mine = pondering(make_app, size)
    card = game.hand(0)[mine]
    cell = next(c for c in sorted(scene.lit()) if scene.camera.in_view(c))
    at = h.cell_point(scene, cell)
    down(app, at, touch)
    scene.show_hint()  # the light bulb's advice arrives while the finger is down
    wait_for_workers(app)
    run(app, 0.2)
    assert scene.hint_visible() and scene.chosen == mine
    assert h.cell_point(scene, cell) == at, "the table does not move under the finger"
    up(app, at, touch)
    assert game.table.get(cell) == (card, 0), "the child's card, where the child tapped"


# ----- "done" is no way to throw a pick away ---------------------------------------------------------------
@HOW
@pytest.mark.parametrize("size", SIZES)
def test_holding_done_after_a_pick_throws_nothing_away(make_app: Any, size: tuple[int, int], touch: bool) -> None:
    app = make_app(size)
    game = h.chain()
    scene = h.laid(app, game)
    press(app, h.cell_point(scene, (2, 0)), touch)
    assert scene.picks == {(2, 0)}
    at = h.point(scene.layout.done)
    down(app, at, touch)
    run(app, DONE_HOLD + 0.4)  # a child presses and holds
    assert DONE_HOLD + 0.4 > REST_SECONDS
    up(app, at, touch)
    run(app, 0.2)
    assert game.phase == "take" and game.current_player == 0 and scene.picks == {(2, 0)}, "the pick is kept"
    assert scene.done_ring == 0, "no ring fills: there is no \"done\" while something is picked"
    press(app, h.point(scene.layout.take), touch)
    assert game.scores == (1, 0), "\"take these\" takes"


@pytest.mark.parametrize("size", SIZES)
def test_done_comes_back_when_the_pick_is_put_back(make_app: Any, size: tuple[int, int]) -> None:
    """Taking stays optional (C7): with nothing picked, "done" held ends the turn taking nothing."""
    app = make_app(size)
    game = h.chain()
    scene = h.laid(app, game)
    tap(app, h.cell_point(scene, (2, 0)))
    tap(app, h.cell_point(scene, (2, 0)))
    assert scene.picks == set()
    h.hold_done(app, scene)
    assert game.scores == (0, 0) and game.current_player == 1


def test_the_automatic_hint_is_not_given_back_to_a_child_who_chose(make_app: Any, monkeypatch: Any) -> None:
    """After the hint that was dropped, a child who thinks again gets it (the hint is there for the one who waits)."""
    app, _game, scene, _best, mine = pondering(make_app, (1280, 800))
    gate = held_back(monkeypatch)
    scene.now[0] += AUTO_HINT_DELAY + 1  # type: ignore[attr-defined]
    app.step([], FRAME)
    assert scene.hint_job is not None
    scene.hint_job._thread.join(30)
    gate.append(True)
    tap(app, h.point(scene.layout.hand[mine]))  # turns the child's card: they act
    run(app, 0.3)
    assert not scene.hint_visible() and scene.chosen == mine
    scene.now[0] += AUTO_HINT_DELAY + 1  # type: ignore[attr-defined]
    assert h.step_until(app, lambda: scene.hint_visible())
    assert scene.chosen == mine
