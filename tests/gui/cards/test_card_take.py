"""The take step says what it does: the take button before a pick, pick and unpick, "done", refused picks,
the hint's ghost, a computer's paced take, and takeable cards that stand out (also for colour-blind eyes)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from doolhof.cards import Card, CardGame
from doolhof.gui.cards.choreography import COMPUTER_TAKE_TIME, TAKE_TIME
from doolhof.gui.cards.scene import CardPlayScene
from doolhof.gui.cardtable.painter import PICKED_LIFT
from doolhof.gui.kit import theme
from doolhof.gui.kit.widgets import darken
from tests.gui import colour_vision as cv
from tests.gui.cards import helpers as h
from tests.gui.helpers import FRAME, SoundLog, run, tap


def stranded() -> CardGame:
    """Laying LAID on (0, 0) joins apples on (1, 0) and (0, 1); (1, 1) holds the square together, and (2, 0)
    hangs on (1, 0) alone: (1, 0) is joined but may never be taken (it would cut (2, 0) off, C7)."""
    table = {
        (1, 0): (Card.from_text("67:apple"), 0),
        (0, 1): (Card.from_text("01:apple"), 0),
        (1, 1): (Card.from_text("0167:"), 0),
        (2, 0): (Card.from_text("67:"), 0),
    }
    return CardGame.from_position(table=table, hands=[[h.LAID], [Card.from_text("2367:")]], pile=[], current_player=0)



@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
def test_the_take_button_before_a_pick_does_not_end_the_turn(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    game = h.chain()
    scene = h.laid(app, game)
    tap(app, h.point(scene.layout.take))
    assert game.phase == "take" and game.current_player == 0 and game.scores == (0, 0), "nothing was thrown away"
    assert scene.accepting() and scene.picks == set()
    assert {e.target for e in scene.effects if e.kind == "nudge"} == game.takeable(), "the glowing cards hop"
    assert app.sound.played[-1] == "hint"
    run(app, 0.2)
    look = scene.painter.table_look(None)
    assert look.hops and all(share >= 0 for _, share in look.hops)
    scene.draw(app.screen)  # the inert place draws (no slab, empty slots)


def test_pick_unpick_and_take(make_app: Any) -> None:
    app = make_app((1280, 800))
    game = h.chain()
    scene = h.laid(app, game)
    tap(app, h.cell_point(scene, (2, 0)))
    assert scene.picks == {(2, 0)}
    look = scene.painter.table_look(None)
    assert look.picked == {(2, 0)} and (2, 0) not in look.pulse
    tap(app, h.cell_point(scene, (2, 0)))
    assert scene.picks == set(), "tapped again: put back"
    tap(app, h.point(scene.layout.take))
    assert game.phase == "take", "with nothing picked again, the take place does not take"
    tap(app, h.cell_point(scene, (2, 0)))
    scene.draw(app.screen)  # the picked card on the take button and its see-through copy in the tray
    tap(app, h.point(scene.layout.take))
    assert game.taken(0) == (Card.from_text("67:apple"),) and game.current_player == 1
    h.settle(app)
    assert len(scene.shown.taken[0]) == 1 and (2, 0) not in scene.shown.table


def test_a_joined_card_that_may_not_be_taken_shows_what_it_would_cut_off(make_app: Any) -> None:
    app = make_app((1280, 800))
    game = stranded()
    scene = h.laid(app, game)
    assert (1, 0) in game.joined() and (1, 0) not in game.takeable()
    tap(app, h.cell_point(scene, (1, 0)))
    assert scene.picks == set(), "not picked"
    assert scene.refused == {(2, 0)}, "the card that would fall off shows"
    assert app.sound.played[-1] == "nope"
    assert scene.painter.table_look(None).refused == {(2, 0)}
    run(app, 2.0)
    assert scene.refused == frozenset(), "only briefly"
    tap(app, h.cell_point(scene, (0, 1)))
    assert scene.picks == {(0, 1)}, "the card that may be taken still can be"


def _computer_take(make_app: Any, speed: str, reduced: bool = False) -> tuple[float, list[int], CardPlayScene]:
    """A computer lays LAID on the chain and takes both apples: (scene seconds of its take, tray sizes seen)."""
    app = make_app((1280, 800))
    app.settings = replace(app.settings, animation_speed=speed, reduced_motion=reduced)
    app.sound = SoundLog()
    scene = h.start_cards(app, h.chain(), h.table_of("computer", "person", level="clever"))
    assert h.step_until(app, lambda: getattr(scene.timeline.current, "name", "") == "take", dt=FRAME)
    assert scene.game.scores == (2, 0)
    seconds, trays = 0.0, []
    while getattr(scene.timeline.current, "name", "") == "take":
        clip = scene.timeline.current
        assert clip is not None
        if reduced:
            assert all(f.pose(scene.timeline.time).grow == 1.0 for f in clip.flights), "no growing with calm motion"
        trays.append(len(scene.shown.taken[0]))
        app.step([], FRAME)
        seconds += FRAME
    return seconds, trays, scene


def test_a_computers_take_is_paced_card_by_card_to_its_tray(make_app: Any) -> None:
    normal, trays, scene = _computer_take(make_app, "normal")
    assert normal >= COMPUTER_TAKE_TIME > TAKE_TIME, "slower than a person's own take, to follow"
    assert trays[0] == 0 and trays[-1] >= 1 and sorted(set(trays)) == list(range(max(trays) + 1)), \
        "the tray grows one card at a time"
    assert trays.index(1) > 10, "the first card lands after visible time"
    assert h.step_until(scene.host, lambda: len(scene.shown.taken[0]) == 2)
    slow, _, _ = _computer_take(make_app, "slow")
    quick, _, _ = _computer_take(make_app, "fast")
    calm, calm_trays, _ = _computer_take(make_app, "normal", reduced=True)
    assert quick < normal < slow
    assert 0 < calm < normal and max(calm_trays) >= 1, "calm motion: still travelling, nothing jumps"


def test_the_takeable_ring_stands_out_for_colour_blind_eyes() -> None:
    """The bright ring lies between dark bands: against every colour round it (the card's hedge and sand, the
    table, the glowing path) the ring or its dark band differs clearly, and picked differs from takeable."""
    around = (theme.HEDGE, theme.HEDGE_DARK, theme.HEDGE_LIGHT, theme.PATH, theme.PLATE, theme.REACH_GLOW,
              darken(theme.BACKGROUND, 0.18))
    for vision in cv.MACHADO:
        ring, edge = cv.seen(theme.TAKE_RING, vision), cv.seen(theme.TAKE_RING_EDGE, vision)
        assert cv.delta_e(ring, edge) >= 3 * cv.MIN_DELTA_E, vision
        for color in around:
            seen = cv.seen(color, vision)
            assert max(cv.delta_e(ring, seen), cv.delta_e(edge, seen)) >= 2 * cv.MIN_DELTA_E, (vision, color)
        assert cv.delta_e(ring, cv.seen(theme.PICKED_RIM, vision)) >= cv.MIN_DELTA_E, vision


def test_takeable_cards_are_ringed_thickly_on_a_46_card_table_at_800x600(make_app: Any) -> None:
    bench = h.bench_frames()
    app = make_app((800, 600))
    h.fast(app, reduced_motion=True)  # calm: the picture holds still
    game = bench.grown_card_game()
    game.place(bench._joining_place(game))
    assert len(game.table) == bench.CARDS_ON_TABLE + 1 and game.phase == "take"
    scene = h.start_cards(app, game, h.PEOPLE2)
    h.settle(app)
    for _ in range(40):  # sharp faces a few per frame
        app.step([], FRAME)
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    side = scene.cell_side()
    assert side >= 32, side
    for cell in game.takeable():
        card = scene.cell_rect(cell)
        rect = card.inflate(round(side * 0.3), round(side * 0.3))  # the ring lies round the card, under it
        ring = sum(
            1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
            if not card.collidepoint(x, y) and surface.get_rect().collidepoint(x, y)
            and _close(surface.get_at((x, y))[:3], theme.TAKE_RING)
        )
        assert ring >= side * 4 * 2, (cell, ring, rect)  # a bright band 2 px wide or more outside the card all round
    assert PICKED_LIFT * side >= 4, "a picked card lifts visibly"


def _close(a: tuple[int, ...], b: tuple[int, int, int]) -> bool:
    return all(abs(p - q) <= 40 for p, q in zip(a, b, strict=False))
