"""Whole card games on the screen, driven through its hit areas only: by taps, by drags, and by six computers.

The engine's ``legal_places()`` says where a card may go; the test then lays it the way a child
would (tap the card, tap it again to turn it, tap the lit cell; or drag it there) and picks cards
to take by tapping them and the take button. Afterwards the game must be over, celebrated, and
handed to the end screen, and everything the engine promises must still hold.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pygame

from doolhof.cards import CardGame, Place
from doolhof.cards.ports import Cell
from doolhof.gui.cards.scene import CardPlayScene
from tests.gui.cards.helpers import (
    PEOPLE2,
    cell_point,
    fast,
    hold_done,
    lay_by_drag,
    lay_by_taps,
    point,
    ready,
    settle,
    start_cards,
    step_until,
    table_of,
)
from tests.gui.helpers import SoundLog, mouse, run, tap


def record_end(app: Any) -> list[CardGame]:
    """Catch the hand-over to the end screen."""
    ended: list[CardGame] = []
    app.screens.show_end = lambda game, table: ended.append(game)
    return ended


def check_invariants(game: CardGame) -> None:
    """The engine's promises: one table, 50 cards accounted for, scores = taken cards."""
    assert game.layout.connected()
    total = len(game.table) + game.pile_size + sum(len(game.hand(s)) + len(game.taken(s)) for s in range(game.players))
    assert total == 50
    assert game.scores == tuple(len(game.taken(s)) for s in range(game.players))


def choose_place(game: CardGame, rng: random.Random) -> Place:
    """A legal place, one that lets the player take in about half the turns where that is possible."""
    places = game.legal_places()
    joining = []
    for place in places:
        trial = game.copy()
        trial.place(place)
        if trial.phase == "take":
            joining.append(place)
    if joining and rng.random() < 0.6:
        return rng.choice(joining)
    return rng.choice(places)


def take_by_taps(app: Any, scene: CardPlayScene, rng: random.Random) -> set[Cell]:
    """Pick some takeable cards by tapping them (a refused pick changes nothing), then tap take or take nothing."""
    game = scene.game
    wanted = sorted(game.takeable())
    rng.shuffle(wanted)
    for cell in wanted[: rng.randint(0, len(wanted))]:
        before = set(scene.picks)
        tap(app, cell_point(scene, cell))
        assert game.can_take(scene.picks), "the picks always form a set that may be taken"
        assert cell in scene.picks or scene.picks == before
    picks = set(scene.picks)
    if picks and rng.random() < 0.9:
        tap(app, point(scene.layout.take))
    else:
        while scene.picks:  # "done" is there only once the picks are put back
            tap(app, cell_point(scene, min(scene.picks)))
        hold_done(app, scene)
        picks = set()
    return picks


def play_people(app: Any, scene: CardPlayScene, lay: Any, seed: int) -> None:
    rng = random.Random(seed)
    game = scene.game
    actions: list[CardGame] = []
    scene.on_action = lambda g: actions.append(g)
    turns = 0
    while True:
        assert step_until(app, ready(scene)), "the scene waits for a person again"
        if game.is_over():
            break
        if game.phase == "place":
            turns += 1
            assert turns <= 46
            place = choose_place(game, rng)
            before = len(game.table)
            lay(app, scene, place)
            assert len(game.table) == before + 1 and game.table[place.cell][1] == place.rotation, "laid as turned"
        else:
            taken_before = sum(game.scores)
            picks = take_by_taps(app, scene, rng)
            assert sum(game.scores) == taken_before + len(picks)
            assert game.phase != "take"
        check_invariants(game)
    assert turns == 46
    assert len(actions) >= 46


def two_people_play(app: Any, seed: int, lay: Any, play_seed: int) -> tuple[CardPlayScene, CardGame]:
    """Two people play a whole game of *seed* on *app*, laying with *lay*; it reaches the end scene."""
    fast(app)
    ended = record_end(app)
    game = CardGame.new(players=2, seed=seed)
    scene = start_cards(app, game, PEOPLE2)
    play_people(app, scene, lay, seed=play_seed)
    settle(app)
    assert scene.finished and ended == [game]
    return scene, game


def test_two_people_play_a_whole_game_by_taps(make_app: Any) -> None:
    app = make_app((1024, 700))
    scene, game = two_people_play(app, 11, lay_by_taps, 1)
    assert scene.shown.table == dict(game.table), "the screen caught up with the game"
    assert sum(game.scores) > 0, "some cards were taken by tapping"
    played = app.sound.played
    for name in ("tap", "turn", "slide", "pop", "collect", "turn_start", "fanfare"):
        assert name in played, name


def test_two_people_lay_every_card_by_dragging(make_app: Any) -> None:
    two_people_play(make_app((1280, 800)), 12, lay_by_drag, 2)


def test_six_computers_play_to_the_end(make_app: Any) -> None:
    app = make_app((800, 600))
    fast(app)
    ended = record_end(app)
    table = replace(table_of(*["computer"] * 6), seats=tuple(
        replace(s, level=level) for s, level in zip(table_of(*["computer"] * 6).seats,
                                                    ("random", "gentle", "clever", "expert", "gentle", "clever"),
                                                    strict=True)))
    game = CardGame.new(players=6, seed=13)
    scene = start_cards(app, game, table)
    actions: list[CardGame] = []
    scene.on_action = lambda g: actions.append(g)
    assert step_until(app, lambda: scene.finished, limit=400, wait=120), "six computers finish a game"
    assert game.is_over() and ended == [game]
    check_invariants(game)
    assert len(actions) >= 46
    assert sum(game.scores) > 0


def test_a_computer_card_travels_and_turns_before_the_engine_hears_of_it(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app)
    game = CardGame.new(players=2, seed=14)
    scene = start_cards(app, game, table_of("computer", "person"))
    assert step_until(app, lambda: scene.timeline.current is not None and scene.timeline.current.name == "travel")
    assert len(game.table) == 4, "the card is on its way; the game has not changed yet"
    flights = scene.timeline.current.flights  # type: ignore[union-attr]
    assert flights and flights[0].card is not None
    assert step_until(app, lambda: len(game.table) == 5)
    assert step_until(app, ready(scene))
    assert game.current_player == 1


def test_a_cell_that_does_not_fit_refuses_gently(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app)
    game = CardGame.new(players=2, seed=15)
    scene = start_cards(app, game, PEOPLE2)
    tap(app, point(scene.layout.hand[0]))
    assert scene.chosen == 0
    wrong = next(c for c in sorted(scene.free()) if c not in scene.lit())
    tap(app, cell_point(scene, wrong))
    assert len(game.table) == 4 and game.phase == "place"
    assert "nope" in app.sound.played
    assert any(e.kind == "shake" for e in scene.effects)
    # A drag let go there flies back and changes nothing either.
    run(app, 0, [mouse("move", point(scene.layout.hand[0])), mouse("down", point(scene.layout.hand[0]))])
    run(app, 0, [mouse("move", cell_point(scene, wrong))])
    run(app, 0, [mouse("up", cell_point(scene, wrong))])
    settle(app)
    assert len(game.table) == 4 and scene.accepting()


def test_the_wheel_and_r_turn_the_chosen_card(make_app: Any) -> None:
    app = make_app((1280, 800))
    fast(app)
    game = CardGame.new(players=2, seed=16)
    scene = start_cards(app, game, PEOPLE2)
    run(app, 0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r")])
    assert scene.chosen == 0 and scene.rotations[0] == 1
    run(app, 0, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
    assert scene.rotations[0] == 2
    lit = scene.lit()
    assert lit == frozenset(p.cell for p in game.legal_places() if p.hand_index == 0 and p.rotation == 2)
    assert not lit & scene.faint()


def _computer_turn_seconds(make_app: Any, speed: str, reduced: bool = False) -> float:
    app = make_app((800, 600))
    app.settings = replace(app.settings, animation_speed=speed, reduced_motion=reduced)
    app.sound = SoundLog()
    game = CardGame.new(players=2, seed=17)
    scene = start_cards(app, game, table_of("computer", "person", level="random"))
    steps = 0
    while game.current_player == 0 or scene.timeline.busy() or scene.thinking:
        if scene.thinking and scene._thinking is not None and scene._thinking.still_thinking:
            import time

            time.sleep(0.01)  # the thread's time is not scene time
            continue
        app.step([], 1 / 60)
        steps += 1
        assert steps < 5000
    return steps / 60


def test_slow_normal_fast_and_calm_motion_pace_a_turn(make_app: Any) -> None:
    slow = _computer_turn_seconds(make_app, "slow")
    normal = _computer_turn_seconds(make_app, "normal")
    quick = _computer_turn_seconds(make_app, "fast")
    calm = _computer_turn_seconds(make_app, "normal", reduced=True)
    assert quick < normal < slow
    assert abs(slow / normal - 1.5) < 0.15 and abs(quick / normal - 0.6) < 0.1
    assert calm < normal
