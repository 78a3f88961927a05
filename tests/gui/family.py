"""Helpers shared by the family-ready tests (autosave, undo, parents' menu, settings, languages)."""

from __future__ import annotations

from typing import Any

from doolhof.engine import Game
from doolhof.gui.setup.scene import SetupScene
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import center, run, settle, tap


def table_of(*kinds: str, variant: str = "junior") -> TableSetup:
    """A table with one seat per kind (``"person"`` or ``"computer"``; computers are gentle)."""
    return TableSetup(variant, tuple(SeatConfig(kind, "gentle") for kind in kinds))


def start_game(app: Any, table: TableSetup, seed: int = 5, game: Game | None = None) -> Any:
    """Start *game* (or a new one of *table*) the way the setup screen does; returns the play scene."""
    app.push_scene(SetupScene(app, table))
    app.screens.start_game(game if game is not None else table.new_game(seed), table)
    scene = app.scene
    scene.ambient_time = 0.0
    scene.ambient_until = 0.0
    run(app)
    return scene


def person_push(app: Any, scene: Any) -> None:
    """The person to move taps the first legal arrow; waits until the push has played."""
    side, index = scene.game.legal_arrows()[0]
    tap(app, center(scene.arrow_rect(side, index)))
    assert scene.game.phase == "walk", "the tap on a legal arrow pushed"
    settle(app)


def person_walk(app: Any, scene: Any) -> tuple[int, int]:
    """The person to move taps a lit cell other than their own (or stays); returns the cell."""
    game = scene.game
    here = game.positions[game.current_player]
    others = sorted(c for c in game.reachable() if c != here)
    turn = game.turn
    if others:
        cell = others[0]
        tap(app, center(scene.cell_rect(cell)))
    else:
        cell = here
        tap(app, center(scene.cell_rect(here)))  # its own cell: stay
    assert scene.game.turn == turn + 1 or scene.game.is_over(), "the tap walked"
    return cell
