"""The figures the host's children chose on the setup screen are the ones both homes see, through a real relay.

The host's table carries the figure of each seat (:attr:`~doolhof.session.seats.TableSetup.figures`); the far
computer learns the table from the host, so its lobby, board, trays and waiting sign show the same figures.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from doolhof.gui.kit.art import Art
from doolhof.session.seats import CARDS, SeatConfig, TableSetup
from tests.online.test_two_screens import _home, maze_turn, pump, resting, start_both, two_apps

__all__ = ["_home", "two_apps"]  # the fixtures of the two-screen tests


@pytest.mark.parametrize("game", ["junior", CARDS])
def test_both_homes_see_the_chosen_figures(relay: Any, two_apps: Any, monkeypatch: pytest.MonkeyPatch,
                                           game: str) -> None:
    drawn: set[int] = set()
    original = Art.figure

    def figure(art: Art, seat: int, px: int) -> pygame.Surface:
        drawn.add(seat)
        return original(art, seat, px)

    monkeypatch.setattr(Art, "figure", figure)
    host_app, far_app = two_apps()
    table = TableSetup(game, (SeatConfig(), SeatConfig()), secrets=3 if game != CARDS else None, figures=(3, 5))
    host_scene, far_scene = start_both(host_app, far_app, relay, table)
    assert far_scene.table.figures == (3, 5), "the far computer plays the host's table, its figures too"
    for app in (host_app, far_app):
        drawn.clear()
        app.scene.draw(pygame.Surface((1280, 800)))
        assert drawn <= {3, 5} and drawn, f"figures drawn: {sorted(drawn)}"
    if game != CARDS:
        both = (host_app, far_app)
        maze_turn(host_app, both)
        pump(both, lambda: far_scene.game.turn == host_scene.game.turn)
        pump(both, lambda: resting(host_app) and resting(far_app))
        assert host_scene.game.to_dict() == far_scene.game.to_dict()
        drawn.clear()
        far_app.scene.draw(pygame.Surface((1280, 800)))
        assert drawn == {3, 5}
