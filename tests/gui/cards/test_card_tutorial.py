"""The first card game's tutorial hand: it shows laying, then taking, cheers, and is gone; the "x" skips it."""

from __future__ import annotations

import types
from dataclasses import replace
from typing import Any

import pygame

from doolhof.cards import Card, CardGame, Place
from doolhof.gui.cards.tutorial import CardTutorial, choose_place, offer_card_tutorial, wants_card_tutorial
from tests.gui.cards.helpers import PEOPLE2, cell_point, lay_by_taps, point, ready, start_cards, step_until, table_of
from tests.gui.helpers import SoundLog, run, tap


def chain() -> CardGame:
    table = {(1, 0): (Card.from_text("2367:apple"), 0), (2, 0): (Card.from_text("67:apple"), 0)}
    return CardGame.from_position(table=table, hands=[[Card.from_text("2345:apple")], [Card.from_text("2367:")]],
                                  pile=[], current_player=0)


def with_tutorial(app: Any, game: CardGame) -> tuple[Any, CardTutorial, list[bool]]:
    app.settings = replace(app.settings, animation_speed="fast")
    app.sound = SoundLog()
    scene = start_cards(app, game, PEOPLE2)
    ended: list[bool] = []
    tutorial = CardTutorial(scene, on_done=ended.append)
    scene.overlays.append(tutorial)
    return scene, tutorial, ended


def test_the_hand_shows_laying_then_taking_and_goes(make_app: Any) -> None:
    app = make_app((1280, 800))
    game = chain()
    scene, tutorial, ended = with_tutorial(app, game)
    assert choose_place(game) == Place(0, (0, 0), 0), "a lay that joins, as the card lies"
    run(app, 1.0)
    assert tutorial.step == "lay" and tutorial.showing() and tutorial.shown_for > 0 and scene.busy()
    before = pygame.Surface(app.screen.get_size())
    scene.draw(before)
    lay_by_taps(app, scene, Place(0, (0, 0), 0))
    assert step_until(app, ready(scene))
    assert tutorial.step == "take"
    tap(app, cell_point(scene, (2, 0)))
    tap(app, point(scene.layout.take))
    assert step_until(app, lambda: tutorial.done)
    assert ended == [False] and tutorial not in scene.overlays


def test_the_x_skips_it(make_app: Any) -> None:
    app = make_app((1280, 800))
    scene, tutorial, ended = with_tutorial(app, CardGame.new(players=2, seed=3))
    tap(app, point(tutorial.skip_rect()))
    assert ended == [True] and tutorial.done
    run(app)
    assert scene.overlays == [] and len(scene.game.table) == 4, "the skip tap did nothing else"


def test_it_waits_while_a_computer_plays(make_app: Any) -> None:
    app = make_app((1280, 800))
    app.settings = replace(app.settings, animation_speed="fast")
    scene = start_cards(app, CardGame.new(players=2, seed=4), table_of("computer", "person"))
    tutorial = CardTutorial(scene)
    scene.overlays.append(tutorial)
    run(app, 0.5)
    assert not tutorial.showing() and tutorial.step == "lay"
    assert step_until(app, ready(scene))
    assert tutorial.step == "lay", "a computer's lay does not count"


def test_it_is_offered_only_when_the_settings_say_so(make_app: Any) -> None:
    app = make_app((1280, 800))
    scene = start_cards(app, CardGame.new(players=2, seed=5), PEOPLE2)
    assert not wants_card_tutorial(app, scene), "settings without the field: never"
    host = types.SimpleNamespace(settings=types.SimpleNamespace(cards_tutorial_done=False), change_settings=None)
    assert wants_card_tutorial(host, scene)  # type: ignore[arg-type]
    offer_card_tutorial(host, scene)  # type: ignore[arg-type]
    offer_card_tutorial(host, scene)  # type: ignore[arg-type]
    assert len(scene.overlays) == 1
