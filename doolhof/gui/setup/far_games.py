"""The waiting online games on the setup screen: each a button with its game as it stands and the far figure.

An online game that waits (left, the window closed or the program killed, within the week:
:mod:`doolhof.online.store`) is offered on the setup screen like any other waiting game: the newest
waiting game of the chosen kind is what the big Continue offers, an online one with the far side's
figure on its picture (see :meth:`~doolhof.gui.setup.scene.SetupScene.offered`); another waiting
online game gets a button of its own beside Join, with the little picture of its maze or card table
and, in its corner, the far figure wearing the far-away badge. A tap continues it
(:meth:`~doolhof.gui.screens.ScreenBuilder.resume_online`). Only while a parent has online play
turned on with a relay address; otherwise nothing of it shows and nothing is read.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.widgets import SECONDARY, Button
from doolhof.gui.online.switch import online_on
from doolhof.gui.setup.buttons import draw_far_figure, draw_waiting_game
from doolhof.session.games import AnyGame
from doolhof.session.savegame import SavedGame
from doolhof.session.seats import TableSetup

log = logging.getLogger(__name__)

#: The most waiting online games offered at once (the newest; older ones wait their week out).
MOST = 3


class OnlineGameButton(Button):
    """One waiting online game: its picture, the far figure with its badge; a tap continues it."""

    def __init__(self, host: Host, kept: dict[str, Any], game: AnyGame, table: TableSetup, figure: int,
                 at: float = 0.0) -> None:
        """The button for the room *kept* (as the online memory holds it), whose *game* stands as shown;
        *figure* is the figure the far seat plays, *at* when the room last changed."""
        super().__init__(self._continue, icon=None, label=None, style=SECONDARY, name=f"far-game-{kept.get('room')}")
        self.host = host
        self.kept = kept
        self.saved = SavedGame(game, table, saved_at=at)
        self.figure = figure
        #: True once it could not be brought back (damaged, or no relay): not offered again this time.
        self.gone = False

    @property
    def at(self) -> float:
        """When the room last changed on this computer (seconds since the epoch)."""
        return self.saved.saved_at

    def resume(self) -> None:
        """Continue this online game (the big Continue's tap when it offers this one)."""
        self._continue()

    def _continue(self) -> None:
        if not self.host.screens.resume_online(self.kept):
            self.gone = True
            self.visible = False

    def forget_if_ended(self) -> bool:
        """Mark the button gone when its room is no longer kept on this computer (a parent ended it on the settings'
        page while this screen lay under it, or it finished); True when it went just now."""
        from doolhof.online import store

        if self.gone or store.is_kept(str(self.kept.get("room", ""))):
            return False
        self.gone = True
        self.visible = False
        return True

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect, ink: theme.Color, art: Art | None) -> None:
        """The game's little picture, the far figure in its lower right corner."""
        draw_waiting_game(surface, area, self.saved, art, rows=2)
        draw_far_figure(surface, area, self.figure, art)


def online_game_buttons(host: Host) -> list[OnlineGameButton]:
    """A button per waiting online game, newest first (none while online play is off)."""
    if not online_on(host.settings):
        return []
    from doolhof.online import store

    try:
        games = store.waiting_games(MOST)
    except OSError as error:
        log.warning("the waiting online games could not be read (%s)", error)
        return []
    return [OnlineGameButton(host, g.kept, g.game, g.table, g.figure, g.at) for g in games
            if g.game is not None and g.table is not None]


__all__ = ["MOST", "OnlineGameButton", "online_game_buttons"]
