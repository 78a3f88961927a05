"""Everything around the card game's play scene: choosing it on the setup screen, six seats, starting,
continuing a saved card game, undo through the screens, the parents' hands setting and the end screen."""

from __future__ import annotations

import random
from typing import Any

import pytest

from doolhof.cards import DECK, CardGame
from doolhof.cards.ai import make_player
from doolhof.gui.end.cards import CardEndScene
from doolhof.gui.parents.menu import menu_rect_of
from doolhof.gui.parents.settings_scene import SettingsScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.session import paths, savegame
from doolhof.session.savegame import SavedGame, save_game
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from doolhof.session.settings import load_settings
from tests.gui.helpers import center, hold, run, tap


def cards_table(*kinds: str) -> TableSetup:
    return TableSetup(CARDS, tuple(SeatConfig(kind, "gentle") for kind in kinds))


def setup(make_app: Any, table: TableSetup | None = None, size: tuple[int, int] = (1280, 800)) -> tuple[Any, Any]:
    app = make_app(size)
    scene = SetupScene(app, table)
    app.push_scene(scene)
    run(app)
    return app, scene


def finished(table: TableSetup, seed: int = 3) -> CardGame:
    game = table.new_card_game(seed)
    players = [make_player("clever", seed=seat) for seat in range(game.players)]
    while not game.is_over():
        player = players[game.current_player]
        if game.phase == "take":
            game.take(player.choose_take(game))
        else:
            game.place(player.choose_place(game))
    return game


def card_scene_type() -> type:
    from doolhof.gui.cards.scene import CardPlayScene

    return CardPlayScene


# ----- the setup screen -------------------------------------------------------------------------
def start_card_game(app: Any, *kinds: str) -> Any:
    """Start a card game (seed 4) for seats of *kinds* through the screens; the play scene."""
    table = cards_table(*kinds)
    app.screens.start_game(table.new_card_game(4), table)
    run(app)
    return app.screens.play_scene


def lay_first(play: Any) -> Any:
    """The mover lays at the first legal place, as the scene would report it; the game before."""
    before = play.game.copy()
    play.game.place(play.game.legal_places()[0])
    play.on_action(play.game)
    return before


def test_choosing_the_card_game_offers_six_seats_and_each_game_keeps_its_own_seats(make_app: Any) -> None:
    app, scene = setup(make_app)
    assert not scene.figure_buttons[4].visible and not scene.figure_buttons[5].visible, "a maze game: four seats"
    tap(app, center(scene.figure_buttons[3].rect))
    tap(app, center(scene.variant_buttons[CARDS].rect))
    assert scene.table().is_cards and scene.table().secrets is None
    assert all(scene.figure_buttons[k].visible for k in range(6)), "the card game shows six seat cards"
    assert not scene.minus_button.visible and not scene.plus_button.visible, "no secrets in the card game"
    tap(app, center(scene.figure_buttons[5].rect))
    assert len(scene.table().seats) == 6
    seats = scene.table().seats
    tap(app, center(scene.kind_buttons[5].rect))
    assert scene.table().seats[5].kind != seats[5].kind, "the sixth seat's switch works"
    six = scene.table().seats
    for k in range(6):
        assert min(scene.figure_buttons[k].rect.size) >= 64, "big targets at 1280x800"
        assert scene.figure_buttons[k].rect.colliderect(scene.panels["players"])
    tap(app, center(scene.variant_buttons["junior"].rect))
    table = scene.table()
    assert table.variant == "junior" and len(table.seats) == 4 and table.seats == seats[:4]
    assert not scene.figure_buttons[4].visible and scene.minus_button.visible
    tap(app, center(scene.variant_buttons[CARDS].rect))
    assert scene.table().seats == six, "the card table keeps its six seats (nothing chosen is lost by a tap)"


def test_a_remembered_card_table_comes_back_with_its_six_seats(make_app: Any) -> None:
    table = TableSetup(CARDS, tuple(SeatConfig("computer" if k % 2 else "person", "expert") for k in range(6)),
                       None, 0)
    _, scene = setup(make_app, table)
    assert scene.table() == table


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (800, 1280)])
def test_the_card_setup_fits_every_window(make_app: Any, size: tuple[int, int]) -> None:
    app, scene = setup(make_app, cards_table(*["person"] * 6), size)
    window = app.screen.get_rect()
    for button in scene.buttons.items:
        if button.visible and button.rect.width > 0:
            assert window.contains(button.rect), button
    cards = [scene.figure_buttons[k].rect for k in range(6)]
    assert all(not a.colliderect(b) for i, a in enumerate(cards) for b in cards[i + 1:]), "seat cards do not overlap"
    scene.draw(app.screen)


def test_play_starts_a_card_game_of_that_table(make_app: Any) -> None:
    app, scene = setup(make_app, cards_table("person", "computer", "person"))
    tap(app, center(scene.play_button.rect))
    run(app)
    play = app.scene
    assert isinstance(play, card_scene_type()) and app.screens.play_scene is play
    assert isinstance(play.game, CardGame) and play.game.players == 3
    assert app.session.running and app.session.game is play.game
    assert app.settings.table == cards_table("person", "computer", "person"), "the table is remembered"
    saved = savegame.load_game(paths.game_path("cards")).game
    assert saved is not None and saved.game == play.game and saved.table.is_cards, "saved at once"


def test_continue_resumes_a_saved_card_game_with_its_undo(make_app: Any) -> None:
    table = cards_table("person", "person")
    game = table.new_card_game(9)
    before = game.copy()
    game.place(random.Random(1).choice(game.legal_places()))
    assert save_game(SavedGame(game, table, undo=before)) is None
    app, scene = setup(make_app, TableSetup())
    assert scene.saved_game is None and "cards" in scene.waiting, "a maze game is chosen: its Continue is for mazes"
    scene.set_variant(CARDS)
    assert scene.saved_game is not None and scene.continue_button.visible
    scene.draw(app.screen)  # the Continue button pictures the card game that waits
    tap(app, center(scene.continue_button.rect))
    run(app)
    play = app.scene
    assert isinstance(play, card_scene_type()) and play.game == game
    assert app.session.can_undo(), "the undo step came back with the saved game"
    assert game.turn == before.turn + 1 and not app.screens.undo_last(), "the next person's turn: no quick Undo"
    assert app.screens.undo_last(older=True), "the parents' menu takes it back"
    assert play.game == before and not app.session.can_undo()


def test_undo_last_takes_back_a_persons_lay_in_the_card_game(make_app: Any) -> None:
    app, _ = setup(make_app)
    play = start_card_game(app, "person", "computer")
    assert play is app.scene and not app.screens.undo_last(), "nothing to undo yet"
    before = lay_first(play)
    assert app.session.can_undo()
    assert app.screens.undo_last()
    assert play.game == before and app.session.game == before
    assert savegame.load_game(paths.game_path("cards")).game.game == before  # type: ignore[union-attr]


def test_the_parents_undo_button_sits_in_the_card_scenes_corner(make_app: Any) -> None:
    app, _ = setup(make_app)
    play = start_card_game(app, "person", "computer")
    assert app.controls.undo_rect.width == 0, "nothing to undo at the start"
    assert menu_rect_of(play) == play.layout.icons["menu"], "the parents' menu sits on the scene's icon"
    before = lay_first(play)
    run(app)
    rect = app.controls.undo_rect
    assert rect.width > 0, "the undo button is offered after a person's lay, while the computer thinks"
    tap(app, center(rect))
    assert play.game == before


def test_leaving_a_card_game_returns_to_a_card_setup(make_app: Any) -> None:
    app, _ = setup(make_app)
    table = cards_table("person", "computer", "person", "person", "person")
    app.screens.start_game(table.new_card_game(4), table)
    run(app)
    app.screens.leave_to_setup()
    run(app)
    assert isinstance(app.scene, SetupScene) and app.scene.table() == table
    assert app.scene.saved_game is not None and app.scene.saved_game.table == table


# ----- the parents' settings ---------------------------------------------------------------------
def test_the_hands_choice_is_saved(make_app: Any) -> None:
    app = make_app()
    scene = SettingsScene(app)
    app.push_scene(scene)
    run(app)
    hidden, open_ = scene.choices["hidden_hands"][True], scene.choices["hidden_hands"][False]
    assert open_.selected and not hidden.selected, "open hands by default"
    assert min(hidden.rect.size) >= 64
    tap(app, center(hidden.rect))
    assert app.settings.hidden_hands and hidden.selected and not open_.selected
    assert load_settings().settings.hidden_hands is True
    tap(app, center(open_.rect))
    assert load_settings().settings.hidden_hands is False


# ----- the end screen ------------------------------------------------------------------------------
def test_the_card_end_screen_orders_the_figures_and_plays_again(make_app: Any) -> None:
    app, _ = setup(make_app)
    table = cards_table("person", "computer", "computer", "person")
    game = finished(table)
    app.screens.show_end(game, table)
    run(app, 6.0)
    end = app.scene
    assert isinstance(end, CardEndScene)
    order = end.order()
    assert [game.scores[s] for s in order] == sorted(game.scores, reverse=True)
    best = max(game.scores)
    assert set(end.winners) == {s for s in range(4) if game.scores[s] == best}
    assert not end.decider_button.visible, "the card game has no decider"
    end.draw(app.screen)
    tap(app, center(end.again_button.rect))
    run(app)
    again = app.scene
    assert isinstance(again, card_scene_type()) and again.game.players == 4 and again.game.turn == 0
    assert again.table == table


def test_a_tie_is_a_shared_victory_and_setup_goes_back_with_the_table(make_app: Any) -> None:
    app, _ = setup(make_app)
    table = cards_table("person", "person")
    cards = list(DECK)
    game = CardGame.from_position({(0, 0): (cards[0], 0)}, [[], []], taken=[cards[1:4], cards[4:7]])
    assert game.is_over() and game.scores == (3, 3)
    end = app.screens.end_scene(game, table)
    app.replace_scene(end)
    run(app)
    assert isinstance(end, CardEndScene) and end.winners == (0, 1)
    tap(app, center(end.setup_button.rect))
    run(app)
    assert isinstance(app.scene, SetupScene) and app.scene.table() == table


def test_a_first_card_game_gets_the_tutorial_hand_once(make_app: Any) -> None:
    from dataclasses import replace

    from doolhof.gui.cards.tutorial import CardTutorial

    app, scene = setup(make_app, cards_table("person", "computer"))
    app.settings = replace(app.settings, cards_tutorial_done=False)
    tap(app, center(scene.play_button.rect))
    run(app)
    assert any(isinstance(o, CardTutorial) for o in app.scene.overlays), "the first card game shows the hand"
    app.settings = replace(app.settings, cards_tutorial_done=True)
    app.screens.leave_to_setup()
    run(app)
    tap(app, center(app.scene.play_button.rect))
    run(app)
    hold(app, center(app.scene.replace_card.replace_button.rect), 2.5)  # a new one in place of the waiting game
    run(app)
    assert not any(isinstance(o, CardTutorial) for o in app.scene.overlays), "once seen, never again"


def test_computers_play_a_card_game_to_the_end_screen(make_app: Any) -> None:
    from dataclasses import replace

    from tests.gui.helpers import step_until

    app, _ = setup(make_app)
    app.settings = replace(app.settings, animation_speed="fast")
    table = TableSetup(CARDS, (SeatConfig("computer", "gentle"), SeatConfig("computer", "clever")))
    game = table.new_card_game(2)
    players = [make_player("clever", seed=seat) for seat in range(2)]
    while game.pile_size or sum(len(game.hand(s)) for s in range(2)) > 2 or game.phase != "place":
        player = players[game.current_player]  # played ahead to the last two cards, to keep the test quick
        game.take(player.choose_take(game)) if game.phase == "take" else game.place(player.choose_place(game))
    app.screens.start_game(game, table)
    assert step_until(app, lambda: isinstance(app.scene, CardEndScene), limit=300.0)
    end = app.scene
    assert end.game.is_over() and sum(end.game.scores) > 0
    assert savegame.load_game().game is None, "a finished game is not offered to continue"


def test_the_parents_rules_show_the_game_in_front_of_the_family(make_app: Any) -> None:
    from doolhof.gui.rules.scene import RulesScene

    app, scene = setup(make_app)
    scene.set_variant("junior")
    app.screens.open_rules()
    assert isinstance(app.scene, RulesScene) and app.scene.game == "maze"
    app.pop_scene()
    scene.set_variant(CARDS)
    app.screens.open_rules()
    assert isinstance(app.scene, RulesScene) and app.scene.game == "cards", "the setup has the card game chosen"
    app.pop_scene()
    start_card_game(app, "person", "computer")
    app.screens.open_rules(2)
    assert isinstance(app.scene, RulesScene) and app.scene.game == "cards" and app.scene.page == 2
    app.pop_scene()
    maze = TableSetup("junior", (SeatConfig("person"), SeatConfig("computer", "gentle")))
    app.screens.start_game(maze.new_game(4), maze)
    run(app)
    app.screens.open_rules()
    assert isinstance(app.scene, RulesScene) and app.scene.game == "maze", "a running maze game"
