"""The first card game's tutorial hand: it shows laying, then taking, cheers, and is gone; held two seconds its
hide button hides it for this game (a tap does not);
the first game is dealt so that the child's first card can take."""

from __future__ import annotations

import types
from dataclasses import replace
from typing import Any

import pygame
import pytest

from doolhof.cards import Card, CardGame, Place
from doolhof.gui.cards.tutorial import (
    CardTutorial,
    choose_place,
    offer_card_tutorial,
    teaches_take,
    tutorial_deal,
    wants_card_tutorial,
)
from doolhof.session.seats import TableSetup
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


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("by", ["mouse", "finger"])
def test_a_tap_never_hides_the_hand_a_hold_hides_it_for_this_game(make_app: Any, size: tuple[int, int],
                                                                   by: str) -> None:
    """The button in the table's corner is no red cross a parent takes for the way out, and one tap of a child
    does not end the tutorial (it ended it for good): a tap only wiggles it; held two seconds (a finger resting
    there too) it hides the hand for this game, and the next card game shows it again."""
    from doolhof.gui.kit.hold_button import HOLD_SECONDS
    from doolhof.session.seats import SeatConfig
    from tests.gui.helpers import center, finger, mouse

    app = make_app(size)
    app.settings = replace(app.settings, cards_tutorial_done=False, animation_speed="fast")
    table = TableSetup("cards", (SeatConfig("person"), SeatConfig("computer", "gentle")))
    app.screens.start_game(table.new_card_game(3), table)
    scene = app.scene
    run(app, 1.0)
    tutorial = next(o for o in scene.overlays if isinstance(o, CardTutorial))
    pos = center(tutorial.skip_rect())

    def press(kind: str) -> list[pygame.event.Event]:
        return [finger(kind, app, pos)] if by == "finger" else [mouse(kind, pos)]

    run(app, 0.05, press("down"))
    run(app, 0.05, press("up"))
    run(app, 1.0)
    assert not tutorial.done and tutorial in scene.overlays, "a tap does not end it"
    assert tutorial.hide.icon != "cross", "no cross: it is not the way out"
    assert app.settings.cards_tutorial_done is False
    table_before = dict(scene.game.table)
    run(app, 0.05, press("down"))
    run(app, HOLD_SECONDS + 0.2)
    run(app, 0.05, press("up"))
    assert tutorial.done and tutorial not in scene.overlays, "held two seconds it goes"
    assert dict(scene.game.table) == table_before, "the hold did nothing else"
    assert app.settings.cards_tutorial_done is False, "only for this game"
    app.screens.start_game(table.new_card_game(4), table)
    assert any(isinstance(o, CardTutorial) for o in app.scene.overlays), "the next card game shows the hand again"


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


TABLES = [
    table_of("person", "computer"),
    table_of("computer", "person", level="clever"),
    table_of("person", "person", "person"),
    table_of("computer", "computer", "person", level="expert"),
]


@pytest.mark.parametrize("table", TABLES, ids=lambda t: "-".join(s.kind for s in t.seats))
def test_the_first_game_is_dealt_so_the_childs_first_card_can_take(table: TableSetup) -> None:
    plain = 0
    for seed in range(12):
        game = table.new_card_game(seed)
        deal = tutorial_deal(game, table)
        assert teaches_take(deal, table), seed
        assert deal.players == game.players and deal.current_player == game.current_player
        assert tutorial_deal(game, table) == deal, "seeded: the same game gives the same deal"
        assert tutorial_deal(deal, table) is deal, "a deal that teaches is kept"
        plain += not teaches_take(game, table)
    assert plain > 0, "most plain deals teach no take at the first card: the check can fail"


def test_a_game_already_begun_is_never_dealt_again() -> None:
    table = table_of("person", "person")
    game = CardGame.new(players=2, seed=1)
    game.place(game.legal_places()[0])
    if game.phase == "take":
        game.take(frozenset())
    assert tutorial_deal(game, table) is game


@pytest.mark.parametrize("table", TABLES[:2], ids=["person-first", "computer-first"])
def test_the_first_card_game_teaches_a_take_through_the_screens(make_app: Any, table: TableSetup) -> None:
    app = make_app((1280, 800))
    app.settings = replace(app.settings, animation_speed="fast", cards_tutorial_done=False)
    app.sound = SoundLog()
    app.screens.start_game(table.fresh(7), table)
    run(app)
    scene = app.scene
    tutorial = next(o for o in scene.overlays if isinstance(o, CardTutorial))
    assert step_until(app, ready(scene)), "the child's turn comes"
    child = scene.game.current_player
    assert not scene.is_computer(child)
    place = tutorial.plan()
    assert place is not None and place.rotation == 0, "a card as it lies in the hand"
    run(app, 1.0)
    assert tutorial.showing() and tutorial.step == "lay"
    lay_by_taps(app, scene, place)
    assert step_until(app, ready(scene)) and scene.game.phase == "take", "the hand's lay joins a path"
    assert tutorial.step == "take"
    run(app, 1.0)
    frame = pygame.Surface(app.screen.get_size())
    scene.draw(frame)  # the hand taps the glowing card
    cell = sorted(scene.game.takeable())[0]
    tap(app, cell_point(scene, cell))
    assert scene.picks, "picked"
    run(app, 1.0)
    scene.draw(frame)  # now the hand goes to "take these"
    tap(app, point(scene.layout.take))
    assert scene.game.scores[child] >= 1, "a take is done"
    assert step_until(app, lambda: tutorial.done)
    assert not tutorial.skipped and app.settings.cards_tutorial_done is True


def test_a_lay_that_joins_nothing_brings_the_hand_back_next_turn(make_app: Any) -> None:
    app = make_app((1280, 800))
    hands = [[Card.from_text("2345:apple"), Card.from_text("2367:")], [Card.from_text("2367:")]]
    game = CardGame.from_position(table=dict(chain().table), hands=hands, pile=[], current_player=0)
    scene, tutorial, ended = with_tutorial(app, game)

    def joins(place: Place) -> bool:
        trial = game.copy()
        trial.place(place)
        return trial.phase == "take"

    quiet = next(p for p in game.legal_places() if p.hand_index == 1 and not joins(p))
    lay_by_taps(app, scene, quiet)
    assert step_until(app, ready(scene)) and game.turn == 1
    assert tutorial.step == "lay" and not tutorial.done and tutorial.turns_taught == 1, "no take yet: it goes on"
    assert ended == []


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("seed", [7, 11, 29])
def test_once_the_child_chose_the_other_card_the_hand_never_shows_the_tutorials_card_laid(
        make_app: Any, size: tuple[int, int], seed: int) -> None:
    """The computer never moves a child's choice, and a hint shows what its gesture does: the hand (and the
    light bulb) show a lay of the chosen card, or the hand only taps its own card again, carrying nothing."""
    app = make_app(size)
    app.settings = replace(app.settings, animation_speed="fast", cards_tutorial_done=False)
    table = TABLES[0]
    app.screens.start_game(table.fresh(seed), table)
    run(app)
    scene = app.scene
    tutorial = next(o for o in scene.overlays if isinstance(o, CardTutorial))
    assert step_until(app, ready(scene))
    run(app, 1.0)
    own = tutorial.plan()
    assert own is not None and tutorial.showing()
    other = 1 - own.hand_index
    tap(app, point(scene.layout.hand[other]))  # the child picks the other card
    assert scene.chosen == other
    frame = pygame.Surface(app.screen.get_size())
    for _ in range(30):  # 15 s of watching
        run(app, 0.5)
        scene.draw(frame)
        shown = tutorial.plan()
        assert tutorial.showing() and scene.chosen == other, "the hand never changes the child's choice"
        assert shown is None or shown.hand_index == other, "the hand never carries the card the child did not choose"
        assert (shown is None) == (tutorial.pointing_back() == own), "else it only taps its own card"
    tap(app, point(scene.layout.icons["hint"]))
    assert step_until(app, lambda: scene.hint is not None and scene.hint_visible())
    assert scene.hint.place == (shown or own), "the light bulb shows what the hand shows"
    assert scene.chosen == other
    if shown is not None:  # a tap on the cell the hand showed lays the chosen card there, as shown
        card = scene.game.hand(scene.game.current_player)[other]
        lay_by_taps(app, scene, shown)
        assert scene.game.table[shown.cell] == (card, shown.rotation)
