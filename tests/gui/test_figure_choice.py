"""A child chooses their own figure on the setup screen, and every screen of the game shows it.

- A tap on a face in play opens the figure picker (the puzzle book's row of figures on a card under the seats):
  the seat's own figure on its ring and every figure no seat in play wears, each a big target, no words. A tap
  on one gives it to the seat; a tap on the face again, on the seat's own figure or beside the card changes
  nothing. No tap on a face ever takes a player away.
- The choice is kept: after the puzzle book, after a restart, in the saved game.
- The maze (board, start corners, trays, portrait), the card game (portrait, seats, hand-over), the end
  screens and the online lobby and waiting sign all show the chosen figures, never a seat's default one.

Each at 1280x800, 800x600 and 800x1280, by mouse and by finger.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Any

import pygame
import pytest

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.play.scene import PlayScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.session.savegame import load_game
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from doolhof.session.settings import load_settings
from doolhof.session.setup_memory import SetupMemory
from tests.gui.helpers import center, open_setup, run, tap_by

SIZES = [(1280, 800), (800, 600), (800, 1280)]


def choose(app: Any, scene: SetupScene, seat: int, figure: int, by_finger: bool) -> None:
    """The child taps seat *seat*'s face, then *figure* on the picker."""
    tap_by(app, center(scene.figure_buttons[seat].rect), by_finger)
    picker = scene.figure_picker
    assert picker.seat == seat, "a tap on a face in play opens its figure picker"
    tap_by(app, center(picker.option_rects[figure]), by_finger)


class Drawn:
    """Records which figures the art draws (every screen draws a figure through ``Art.figure``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.figures: set[int] = set()
        original = Art.figure

        def figure(art: Art, seat: int, px: int) -> pygame.Surface:
            self.figures.add(seat)
            return original(art, seat, px)

        monkeypatch.setattr(Art, "figure", figure)

    def of(self, draw: Any) -> set[int]:
        """The figures drawn by ``draw()``."""
        self.figures = set()
        draw()
        return self.figures


# ----- the picker ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by_finger", [False, True])
def test_a_child_taps_their_face_and_chooses_a_figure(make_app: Any, size: tuple[int, int], by_finger: bool) -> None:
    app = make_app(size)
    scene = open_setup(app)
    assert scene.count == 2 and scene.table().figures == ()
    tap_by(app, center(scene.figure_buttons[0].rect), by_finger)
    picker = scene.figure_picker
    assert picker.seat == 0
    assert sorted(picker.option_rects) == [0, 2, 3, 4, 5], "its own figure and those no seat in play wears"
    for figure, rect in picker.option_rects.items():
        assert min(rect.size) >= least_tap(size), f"figure {figure} is a big target: {rect.size}"
        assert not rect.colliderect(scene.panels["players"]), "the card never covers the row of seats"
    # The face again, under the finger that stayed: the picker closes, nothing changes, nobody goes.
    tap_by(app, center(scene.figure_buttons[0].rect), by_finger)
    assert not picker.shown and scene.figures[:2] == [0, 1] and scene.count == 2
    # Beside the card: closes it, nothing else.
    tap_by(app, center(scene.figure_buttons[0].rect), by_finger)
    beside = (picker.area.right - 4, picker.area.bottom - 4)
    assert not picker.rect.collidepoint(beside)
    tap_by(app, beside, by_finger)
    assert not picker.shown and scene.figures[:2] == [0, 1] and not app.session.running
    # The seat's own figure: closes it, nothing changes.
    tap_by(app, center(scene.figure_buttons[0].rect), by_finger)
    tap_by(app, center(picker.option_rects[0]), by_finger)
    assert not picker.shown and scene.figures[:2] == [0, 1]
    # A free figure: seat 0 plays it now; seat 1's figure stays; the seat card that had it gets seat 0's old one.
    choose(app, scene, 0, 4, by_finger)
    assert not picker.shown and scene.count == 2
    assert scene.table().figures == (4, 1) and sorted(scene.figures) == list(range(6))
    assert scene.figures[4] == 0, "the free seat card that had the figure gets seat 0's old one"
    # The second child: seat 1 takes the yellow one; seat 0's choice is not offered to seat 1.
    tap_by(app, center(scene.figure_buttons[1].rect), by_finger)
    assert 4 not in picker.option_rects and 1 in picker.option_rects
    tap_by(app, center(picker.option_rects[2]), by_finger)
    assert scene.table().figures == (4, 2) and scene.count == 2


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by_finger", [False, True])
def test_no_tap_on_a_face_takes_a_player_away_with_the_picker(make_app: Any, size: tuple[int, int],
                                                              by_finger: bool) -> None:
    app = make_app(size)
    scene = open_setup(app)
    scene.set_variant(CARDS)
    run(app)
    tap_by(app, center(scene.figure_buttons[3].rect), by_finger)
    assert scene.count == 4
    for _ in range(3):
        for k in range(4):
            tap_by(app, center(scene.figure_buttons[k].rect), by_finger)
            assert scene.count == 4, f"a tap on face {k} took a player away"
    # With the picker open the minus still only wiggles at a tap; a free seat's plus still adds.
    tap_by(app, center(scene.figure_buttons[1].rect), by_finger)
    tap_by(app, center(scene.remove_button.rect), by_finger)
    assert scene.count == 4 and scene.remove_button.wiggle > 0 and not scene.figure_picker.shown
    tap_by(app, center(scene.figure_buttons[1].rect), by_finger)
    tap_by(app, center(scene.figure_buttons[5].rect), by_finger)
    assert scene.count == 6 and not scene.figure_picker.shown
    # Six seats, six figures: nothing free, so the face only bobs.
    tap_by(app, center(scene.figure_buttons[2].rect), by_finger)
    assert not scene.figure_picker.shown and scene.count == 6


# ----- kept -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by_finger", [False, True])
def test_the_chosen_figures_are_kept(make_app: Any, size: tuple[int, int], by_finger: bool) -> None:
    app = make_app(size)
    scene = open_setup(app)
    choose(app, scene, 0, 3, by_finger)
    choose(app, scene, 1, 5, by_finger)
    app.screens.open_puzzles()
    run(app)
    scene = open_setup(app)
    assert scene.table().figures == (3, 5), "after the puzzle book"
    again = make_app(size)
    again.settings = replace(load_settings().settings, tutorial_done=True)
    scene = open_setup(again)
    assert scene.table().figures == (3, 5), "after a restart"
    tap_by(again, center(scene.play_button.rect), by_finger)
    run(again, 0.1)
    assert again.session.table is not None and again.session.table.figures == (3, 5)
    again.session.writer.flush()
    saved = load_game().game
    assert saved is not None and saved.table.figures == (3, 5), "in the saved game"


def test_old_files_without_figures_read_as_before() -> None:
    old = {"variant": "junior", "seats": [{"kind": "person", "level": "clever"}] * 2, "secrets": None,
           "first_player": 0}
    table = TableSetup.from_dict(old)
    assert table.figures == () and [table.figure(k) for k in range(2)] == [0, 1]
    assert table.to_dict() == old, "a table of the seats' own figures is written exactly as before"
    chosen = TableSetup.from_dict({**old, "figures": [5, 2]})
    assert chosen.figures == (5, 2) and TableSetup.from_dict(chosen.to_dict()) == chosen
    for damaged in ([1, 1], [0], [0, 9], "two", [True, 0]):
        assert TableSetup.from_dict({**old, "figures": damaged}).figures == (), damaged
    memory = SetupMemory.from_dict({"variant": "junior"})
    assert memory.figures == tuple(range(6))
    assert SetupMemory.from_dict({"figures": [3, 1, 2, 0, 4, 4]}).figures == tuple(range(6))
    kept = SetupMemory().with_table(TableSetup("junior", (SeatConfig(), SeatConfig()), figures=(4, 0)))
    assert kept.figures[:2] == (4, 0) and sorted(kept.figures) == list(range(6))
    assert SetupMemory.from_dict(kept.to_dict()) == kept


# ----- every screen shows them -----------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by_finger", [False, True])
def test_the_maze_shows_the_chosen_figures(make_app: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int],
                                           by_finger: bool) -> None:
    app = make_app(size)
    drawn = Drawn(monkeypatch)
    scene = open_setup(app)
    choose(app, scene, 0, 2, by_finger)
    choose(app, scene, 1, 5, by_finger)
    tap_by(app, center(scene.play_button.rect), by_finger)
    run(app, 0.1)
    play = app.scene
    assert isinstance(play, PlayScene)
    surface = pygame.Surface(size)
    assert drawn.of(lambda: play.draw(surface)) == {2, 5}, "board, trays and portrait: the chosen figures only"
    # The start corners wear the figures that start there; the empty ones figures nobody plays.
    background = play.painter._paint_background(size)
    corners = [play.cell_rect(play.game.variant.home(seat)).center for seat in range(4)]
    colours = [tuple(background.get_at(spot))[:3] for spot in corners]
    assert colours[0] == theme.SEAT_COLORS[2] and colours[1] == theme.SEAT_COLORS[5], colours
    assert len(set(colours)) == 4, "no colour twice on the board's corners"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("by_finger", [False, True])
def test_the_card_game_shows_the_chosen_figures(make_app: Any, monkeypatch: pytest.MonkeyPatch,
                                                size: tuple[int, int], by_finger: bool) -> None:
    app = make_app(size)
    app.settings = replace(app.settings, hidden_hands=True)
    drawn = Drawn(monkeypatch)
    scene = open_setup(app)
    scene.set_variant(CARDS)
    run(app)
    tap_by(app, center(scene.figure_buttons[2].rect), by_finger)
    scene.toggle_kind(1)  # three children
    choose(app, scene, 0, 4, by_finger)
    choose(app, scene, 2, 5, by_finger)
    tap_by(app, center(scene.play_button.rect), by_finger)
    run(app, 0.1)
    play = app.scene
    assert play.table.figures == (4, 1, 5)
    surface = pygame.Surface(size)
    assert drawn.of(lambda: play.draw(surface)) <= {4, 1, 5}
    play.handover = 2  # the hand-over screen before the third child's turn
    assert 5 in drawn.of(lambda: play.draw(surface)), "the hand-over shows the next child's own figure"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["maze", "cards"])
def test_the_end_screens_show_the_chosen_figures(make_app: Any, monkeypatch: pytest.MonkeyPatch,
                                                 size: tuple[int, int], game: str) -> None:
    from doolhof.gui.screenshot import build_scene

    app = make_app(size)
    drawn = Drawn(monkeypatch)
    args = argparse.Namespace(scene="end", game=game, variant="junior", players=3, seed=2, turns=0,
                              figures=[5, 3, 4])
    end = build_scene(app.screens, args)
    app.push_scene(end)
    run(app, 3.0)
    surface = pygame.Surface(size)
    assert drawn.of(lambda: end.draw(surface)) == {5, 3, 4}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["maze", "cards"])
def test_the_online_screens_show_the_chosen_figures(make_app: Any, monkeypatch: pytest.MonkeyPatch,
                                                    size: tuple[int, int], game: str) -> None:
    from doolhof.gui.online.lobby import LobbyScene
    from doolhof.gui.online.samples import GUEST, HOST, NOWHERE
    from doolhof.gui.screenshot import build_scene
    from doolhof.online.client import OnlineRoom
    from doolhof.online.room import Room, hello

    app = make_app(size)
    drawn = Drawn(monkeypatch)
    table = TableSetup(CARDS if game == "cards" else "junior", (SeatConfig(), SeatConfig()), figures=(3, 4))
    room = Room("rfigures000000001", bytes(32), hello(HOST, 3), (HOST, GUEST), table=table, far_seats=frozenset({1}))
    room.peer = hello(GUEST, 0)
    lobby = LobbyScene(app, OnlineRoom(room, NOWHERE), connect=False)
    app.push_scene(lobby)
    run(app)
    surface = pygame.Surface(size)
    assert drawn.of(lambda: lobby.draw(surface)) == {3, 4}, "who is playing: the chosen figures"
    args = argparse.Namespace(scene="away", game=game, variant="junior", players=2, seed=1, turns=0,
                              figures=[3, 4])
    away = build_scene(app.screens, args)
    app.push_scene(away)
    run(app, 1.0)
    assert drawn.of(lambda: away.draw(surface)) == {3, 4}, "the far side away: its own chosen figure waits"
