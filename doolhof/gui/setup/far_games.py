"""The waiting online games on the setup screen: each a button with its game as it stands and the far figure.

An online game that waits (left, or the window closed, within the week: :mod:`doolhof.online.store`)
is offered on the setup screen like any other waiting game: a button with the little picture of its
maze or card table and, in its corner, the far side's figure wearing the far-away badge. A tap
continues it (:meth:`~doolhof.gui.screens.ScreenBuilder.resume_online`). Only while a parent has
online play turned on with a relay address; otherwise nothing of it shows and nothing is read.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.widgets import SECONDARY, Button
from doolhof.gui.setup.buttons import draw_waiting_game
from doolhof.session.games import AnyGame
from doolhof.session.savegame import SavedGame
from doolhof.session.seats import TableSetup

log = logging.getLogger(__name__)

#: The most waiting online games offered at once (the newest; older ones wait their week out).
MOST = 3


def online_on(host: Host) -> bool:
    """True when a parent turned online play on and gave a relay address."""
    settings = host.settings
    return bool(getattr(settings, "online", False)) and bool(str(getattr(settings, "relay", "")).strip())


class FarGameButton(Button):
    """One waiting online game: its picture, the far figure with its badge; a tap continues it."""

    def __init__(self, host: Host, kept: dict[str, Any], game: AnyGame, table: TableSetup, figure: int) -> None:
        """The button for the room *kept* (as the online memory holds it), whose *game* stands as shown;
        *figure* is the far seat whose figure it wears."""
        super().__init__(self._continue, icon=None, label=None, style=SECONDARY, name=f"far-game-{kept.get('room')}")
        self.host = host
        self.kept = kept
        self.saved = SavedGame(game, table)
        self.figure = figure

    def _continue(self) -> None:
        if not self.host.screens.resume_online(self.kept):
            self.visible = False  # it cannot come back (damaged, or no relay): not offered again this time

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect, ink: theme.Color, art: Art | None) -> None:
        """The game's little picture, the far figure in its lower right corner."""
        draw_waiting_game(surface, area, self.saved, art, rows=2)
        if art is None:
            return
        px = max(12, int(min(area.w, area.h) * 0.55))
        figure = art.figure(self.figure, px)
        spot = figure.get_rect(bottomright=(area.right + px // 6, area.bottom + px // 8))
        surface.blit(figure, spot)
        badge = art.far(max(10, px // 2))
        surface.blit(badge, badge.get_rect(center=(spot.right - badge.get_width() // 4,
                                                  spot.bottom - badge.get_height() // 4)))


def far_game_buttons(host: Host) -> list[FarGameButton]:
    """A button per waiting online game, newest first (none while online play is off)."""
    if not online_on(host):
        return []
    from doolhof.online import store
    from doolhof.online.errors import Refused
    from doolhof.online.room import Room

    buttons = []
    try:
        kept_rooms = store.waiting_rooms()
    except OSError as error:
        log.warning("the waiting online games could not be read (%s)", error)
        return []
    for kept in kept_rooms:
        try:
            room = Room.from_dict(kept)
        except Refused as refused:
            log.warning("a waiting online game could not be read (%s); it is left as it is", refused.reason)
            continue
        game = room.game
        if game is None or room.table is None or game.is_over():
            continue
        owners = room.log.genesis.owners if room.log is not None else ()
        figure = next((seat for seat, owner in enumerate(owners) if owner != room.me["device"]), 1)
        buttons.append(FarGameButton(host, kept, game.copy(), room.table, figure))
        if len(buttons) == MOST:
            break
    return buttons


__all__ = ["MOST", "FarGameButton", "far_game_buttons", "online_on"]
