"""The setup screen with a maze game and a card game waiting: Continue continues the chosen one, and a
new game asks a parent before it replaces the waiting game of its kind."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from doolhof.engine import Push
from doolhof.gui.kit import theme
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.pointer import REST_SECONDS
from doolhof.gui.setup.buttons import draw_waiting_game
from doolhof.gui.setup.scene import SetupScene
from doolhof.session import paths
from doolhof.session.savegame import SavedGame, load_waiting, save_game
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from doolhof.session.settings import load_settings
from tests.gui.helpers import center, finger, hold, run, tap

MAZE = TableSetup("classic", (SeatConfig("person"), SeatConfig("computer", "gentle")))
CARD_TABLE = TableSetup(CARDS, (SeatConfig("person"), SeatConfig("person")))


def two_waiting() -> tuple[Any, Any]:
    maze, cards = MAZE.new_game(1), CARD_TABLE.new_card_game(2)
    save_game(SavedGame(maze, MAZE))
    save_game(SavedGame(cards, CARD_TABLE))
    return maze, cards


def setup_with(app: Any, table: TableSetup) -> SetupScene:
    scene = SetupScene(app, table)
    app.push_scene(scene)
    run(app)
    return scene


def test_continue_continues_the_chosen_games_waiting_game(make_app: Any) -> None:
    maze, cards = two_waiting()
    app = make_app()
    setup = setup_with(app, CARD_TABLE)
    assert setup.continue_button.visible and setup.saved_game is not None and setup.saved_game.game == cards
    setup.set_variant("junior")
    run(app)
    assert setup.saved_game is not None and setup.saved_game.game == maze and setup.continue_button.visible
    setup.set_variant(CARDS)
    run(app)
    tap(app, center(setup.continue_button.rect))
    run(app)
    assert app.session.game == cards, "the card game, though the maze game was saved last"


def test_a_new_game_asks_first_and_a_tap_keeps_the_waiting_game(make_app: Any) -> None:
    _maze, cards = two_waiting()
    app = make_app()
    setup = setup_with(app, CARD_TABLE)
    before = paths.game_path("cards").read_bytes()
    tap(app, center(setup.play_button.rect))
    run(app)
    assert setup.replace_card.shown and setup.replace_card.saved is not None
    assert setup.replace_card.saved.game == cards, "the card shows the game that would go"
    tap(app, center(setup.replace_card.replace_button.rect))  # a child's tap: nothing happens
    run(app, 3.0)
    assert app.scene is setup and paths.game_path("cards").read_bytes() == before
    tap(app, center(setup.replace_card.keep_button.rect))
    run(app)
    assert app.session.game == cards


@pytest.mark.parametrize("by", ["mouse", "finger", "finger beside a resting palm"])
def test_a_parents_hold_replaces_only_the_waiting_game_of_that_kind(make_app: Any, by: str) -> None:
    """Held by mouse or by finger (a finger held still there is a hold, not a resting hand), even with a
    palm resting on the screen meanwhile."""
    maze, cards = two_waiting()
    app = make_app()
    setup = setup_with(app, CARD_TABLE)
    tap(app, center(setup.play_button.rect))
    run(app)
    spot = center(setup.replace_card.replace_button.rect)
    if by == "mouse":
        hold(app, spot, 2.5)
    else:
        if by != "finger":
            run(app, REST_SECONDS + 0.1, [finger("down", app, (8, app.window_size()[1] - 8), 9)])
        run(app, 2.5, [finger("down", app, spot)])
        run(app, 0, [finger("up", app, spot)])
    run(app)
    assert app.session.running and app.session.game != cards, "the hold replaced the waiting game"
    waiting = load_waiting()[0]
    assert waiting["maze"].game == maze, "the maze game still waits"
    assert waiting["cards"].game == app.session.game


def test_each_waiting_game_shows_its_mark_on_its_game_card(make_app: Any) -> None:
    app = make_app()
    setup = setup_with(app, CARD_TABLE)
    setup.draw(app.screen)
    before = {v: app.screen.subsurface(b.rect).copy() for v, b in setup.variant_buttons.items()}
    two_waiting()
    setup = setup_with(app, CARD_TABLE)
    setup.draw(app.screen)
    changed = {v for v, b in setup.variant_buttons.items()
               if app.screen.subsurface(b.rect).copy().get_view("2").raw != before[v].get_view("2").raw}
    assert changed == {"classic", CARDS}


def _picture(saved: SavedGame, side: int = 100) -> pygame.Surface:
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    draw_waiting_game(surface, surface.get_rect(), saved, None)
    return surface


def test_the_waiting_maze_game_is_pictured_as_it_stands(make_app: Any) -> None:
    """The picture is the game's own maze with each figure on its cell, so a child knows the game again."""
    make_app()
    game = MAZE.new_game(1)
    side, n = 140, game.board.size
    first = _picture(SavedGame(game, MAZE), side)
    for seat, (r, c) in enumerate(game.positions):
        spot = (int((c + 0.5) * side / n), int((r + 0.5) * side / n))
        assert tuple(first.get_at(spot))[:3] == theme.SEAT_COLORS[seat], f"seat {seat}'s figure on its cell"
    moved = game.copy()
    moved.push(Push(*moved.legal_arrows()[0]))
    assert pygame.image.tobytes(_picture(SavedGame(moved, MAZE), side), "RGBA") != pygame.image.tobytes(first, "RGBA")
    assert pygame.image.tobytes(_picture(SavedGame(MAZE.new_game(2), MAZE), side), "RGBA") != pygame.image.tobytes(
        first, "RGBA"), "another deal, another picture"


def test_the_waiting_card_game_is_pictured_with_its_own_table(make_app: Any) -> None:
    make_app()
    game = CARD_TABLE.new_card_game(2)
    before = _picture(SavedGame(game, CARD_TABLE))
    assert before.get_bounding_rect().width > 50, "the cards fill the picture"
    game.place(game.legal_places()[0])
    assert pygame.image.tobytes(_picture(SavedGame(game, CARD_TABLE)), "RGBA") != pygame.image.tobytes(before, "RGBA")


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
def test_the_replace_card_fits_every_window_with_room_for_its_words(make_app: Any, size: tuple[int, int]) -> None:
    """Picture, Continue, the hold button and the parent's words inside the card, apart, big enough to tap."""
    two_waiting()
    app = make_app(size)
    setup = setup_with(app, CARD_TABLE)
    tap(app, center(setup.play_button.rect))
    run(app)
    card = setup.replace_card
    assert card.shown
    parts = [card.picture_rect, card.keep_button.rect, card.replace_button.rect, card.hint_rect]
    for k, rect in enumerate(parts):
        assert card.rect.contains(rect), f"part {k} lies inside the card"
        assert all(not rect.colliderect(other) for other in parts[k + 1:]), f"part {k} overlaps another"
    least = least_tap(size)
    for button in (card.keep_button.rect, card.replace_button.rect):
        assert min(button.size) >= least
    assert card.hint_rect.width >= card.rect.width // 4, "the words get room to be read"
    assert card.picture_rect.width >= card.rect.width // 3, "the waiting game is big enough to know again"


def test_a_restart_offers_the_game_played_last_not_the_one_started_last(make_app: Any) -> None:
    """The card game was started last; the family continues the maze game and closes the window: the next
    start opens setup with the maze game chosen, so the big Continue continues it."""
    maze, _cards = two_waiting()
    app = make_app()
    app.change_settings(table=CARD_TABLE)  # as when the card game was the last one started
    setup = setup_with(app, app.settings.table)
    setup.set_variant(MAZE.variant)
    run(app)
    tap(app, center(setup.continue_button.rect))
    run(app)
    assert app.session.game == maze
    app.session.close()
    again = make_app()  # the program starts again: the setup screen of the last table, as gui/launch opens it
    again.screens.show_setup(load_settings().settings.table)
    run(again)
    restarted = again.scene
    assert isinstance(restarted, SetupScene)
    assert restarted.variant == MAZE.variant and restarted.saved_game is not None
    assert restarted.saved_game.game == maze, "Continue continues the game just played"


JUNIOR = TableSetup("junior", (SeatConfig("person"), SeatConfig("computer", "gentle")))


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
def test_the_again_badge_covers_nothing_on_its_game_card(make_app: Any, size: tuple[int, int]) -> None:
    """The "again" badge of a waiting Junior game (and card game) keeps clear of the board, the star card and
    the cards: the picture moves aside for it."""
    save_game(SavedGame(JUNIOR.new_game(1), JUNIOR))
    save_game(SavedGame(CARD_TABLE.new_card_game(2), CARD_TABLE))
    app = make_app(size)
    setup = setup_with(app, JUNIOR)
    for variant in ("junior", CARDS):
        button = setup.variant_buttons[variant]
        parts = button.parts()
        badge = parts.pop("badge")
        assert badge.width > 0 and button.rect.contains(badge), f"{variant}: the badge is shown on its card"
        for name, rect in parts.items():
            assert button.rect.contains(rect), f"{variant}: {name} lies on the card"
            if name != "age":
                assert not badge.colliderect(rect), f"{variant}: the badge covers the {name} at {size}"
        picture = parts.get("board", parts.get("cards"))
        assert picture is not None and picture.height >= button.rect.height // 4, f"{variant}: still a picture"


def _laid_table(turns: int = 12) -> Any:
    import random

    game = CARD_TABLE.new_card_game(2)
    rng = random.Random(3)
    for _turn in range(turns):
        game.place(rng.choice(game.legal_places()))
        if game.laid is not None:
            game.take(())
    return game


def test_the_waiting_card_table_is_drawn_with_the_real_cards(make_app: Any) -> None:
    """Each card of the replace card's picture is the card as the table draws it, in its own cell, its pictures
    where the real card has them, so no picture hides another."""
    from doolhof.gui.cardtable.faces import CardFaces, treasure_point

    app = make_app()
    game = _laid_table()
    side = 300
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    draw_waiting_game(surface, surface.get_rect(), SavedGame(game, CARD_TABLE), app.art)
    xs, ys = [x for x, _y in game.table], [y for _x, y in game.table]
    across, down = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    step = min(side / across, side / down)
    width, height = int(step * across), int(step * down)
    left, top = side // 2 - width // 2, side // 2 - height // 2
    faces = CardFaces(app.art)
    checked = 0
    for (x, y), (card, rotation) in game.table.items():
        cell = pygame.Rect(left + round((x - min(xs)) * step), top + round((y - min(ys)) * step), int(step),
                           int(step))
        real = faces.face(card, rotation, int(step))
        for network in card.networks:
            for treasure in network.treasures:
                px, py = treasure_point(card, rotation, treasure, cell)
                spot = (int(px), int(py))
                want = real.get_at((spot[0] - cell.x, spot[1] - cell.y))
                assert tuple(surface.get_at(spot))[:3] == tuple(want)[:3], f"{treasure} on {(x, y)} as on the table"
                checked += 1
    assert checked >= 12


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("kind", ["maze", CARDS])
def test_continue_pictures_the_waiting_game_big_enough_to_know_again(make_app: Any, size: tuple[int, int],
                                                                      kind: str) -> None:
    """Continue shows the waiting game's picture in every window; a card table shows a stretch of at most two
    rows, its cards half the picture high (28 px or more) (not a whole long table squeezed into a square)."""
    from doolhof.gui.setup.buttons import CONTINUE_ROWS, card_table_window

    game = _laid_table(14) if kind == CARDS else JUNIOR.new_game(1)
    table = CARD_TABLE if kind == CARDS else JUNIOR
    save_game(SavedGame(game, table))
    app = make_app(size)
    setup = setup_with(app, table)
    picture = setup.continue_button.picture_rect()
    assert picture is not None, f"Continue pictures the waiting game at {size}"
    assert picture.height >= setup.continue_button.rect.height // 2
    if kind == CARDS:
        step = card_table_window(game.table, picture.size, CONTINUE_ROWS)[0]
        assert step >= max(28, picture.height / CONTINUE_ROWS - 1), f"cards of {step:.0f} px at {size}"
