"""On the parents' page for playing far away: every waiting online game, each one a parent can end, and
whether a remembered computer's invitation shows on the setup screen.

The setup screen offers only the newest waiting online game; older ones (left, abandoned) are listed
here, each as the far side's figure with the globe over a little picture of its game (its own maze, or a
card from its table), with a round cross under it that wants holding (a tap never ends a game). Held, the
game is forgotten on this computer at once and the far computer is told (the room's ``end``,
:func:`doolhof.online.client.end_room`, in a :class:`~doolhof.gui.kit.worker.Worker` off the frame loop):
it forgets the game too when it hears it (at once when it is playing it, else when it looks). The page
says, in a short sentence, whether the relay took the news.

One on/off button says whether invitations show on the setup screen (``Settings.invitations``; on by
default): off, they show only on the join screen.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.cardpics import card_nets, draw_card_face
from doolhof.gui.kit.hold_button import HoldButton
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.text import draw_text, readable_px
from doolhof.gui.kit.widgets import CHOICE, Button, ButtonSet
from doolhof.gui.kit.worker import Worker
from doolhof.gui.online.common import draw_figure
from doolhof.gui.online.switch import relays_of
from doolhof.i18n import N_, _

log = logging.getLogger(__name__)

#: How long an end button must be held (seconds), as the forget buttons beside it.
END_HOLD = 1.5
#: The most waiting games listed (a week's worth is far fewer; the oldest are forgotten after their week).
MOST_LISTED = 6
MSG_GAMES = N_("Online games waiting (hold the cross to end one on both computers)")
MSG_NO_GAMES = N_("No online game is waiting.")
MSG_TOLD = N_("The game is ended here, and the other computer was told.")
MSG_NOT_TOLD = N_("The game is ended here; the relay did not answer, so the other computer still shows it.")
MSG_INVITATIONS = N_("Invitations show on the first screen")


class WaitingGame:
    """One waiting online game as listed: the room as kept, its game, and the far seat's figure."""

    def __init__(self, kept: dict[str, Any], game: Any, figure: int) -> None:
        """*kept* is the room's ``to_dict()``; *game* its game as it stands."""
        self.kept = kept
        self.game = game
        self.figure = figure

    @property
    def room_id(self) -> str:
        """The room's id (never shown)."""
        return str(self.kept.get("room"))


def waiting_games() -> list[WaitingGame]:
    """Every waiting online game kept on this computer, newest first (damaged ones are left out, logged)."""
    from doolhof.online import store
    from doolhof.online.errors import Refused
    from doolhof.online.room import Room

    try:
        kept_rooms = store.waiting_rooms()
    except OSError as error:
        log.warning("the waiting online games could not be read (%s)", error)
        return []
    games = []
    for kept in kept_rooms:
        try:
            room = Room.from_dict(kept)
        except Refused as refused:
            log.warning("a waiting online game could not be read (%s)", refused.reason)
            continue
        game = room.game
        if game is None or game.is_over() or room.log is None:
            continue
        owners = room.log.genesis.owners
        seat = next((seat for seat, owner in enumerate(owners) if owner != room.me["device"]), 1)
        games.append(WaitingGame(kept, game, room.log.genesis.table.figure(seat)))
    return games[:MOST_LISTED]


def end_game(kept: dict[str, Any], relays: list[str]) -> bool:
    """End the waiting game *kept*: the far computer is told through the relay, in the room (it hears it there
    when it plays or continues the game) and on the two computers' own channel (its setup screen hears it
    there); blocks: run it in a worker. True when the relay took it."""
    from doolhof.online import store
    from doolhof.online.client import end_room, tell_ended
    from doolhof.online.room import Room

    if not relays:
        return False
    room = Room.from_dict(kept)
    told = end_room(room, relays)
    friend = next((f for f in store.remembered() if f.device == room.peer_device), None)
    if friend is not None:
        told = tell_ended(room.room_id, room.me, friend, relays) and told
    return told


class WaitingGames:
    """The page's section of waiting online games and the invitations switch (see the module text)."""

    def __init__(self, host: Host, change: Callable[..., None],
                 ender: Callable[[dict[str, Any], list[str]], bool] = end_game) -> None:
        """*change* saves settings (``change(invitations=...)``); *ender* tells the far computer (tests swap it)."""
        self.host = host
        self._change = change
        self._ender = ender
        self.games: list[WaitingGame] = []
        self.end_buttons: list[HoldButton] = []
        self.game_rects: list[pygame.Rect] = []
        self.buttons = ButtonSet(on_press=lambda: host.play_sound("tap"))
        self.invitations_button = self.buttons.add(Button(self.toggle_invitations, icon="check",
                                                          label=lambda: _(MSG_INVITATIONS), style=CHOICE,
                                                          name="invitations"))
        self.label_rect = pygame.Rect(0, 0, 0, 0)
        self.said_rect = pygame.Rect(0, 0, 0, 0)
        #: What the section says after an end: "" (nothing), or a sentence.
        self.said = ""
        self.jobs: list[Worker[bool]] = []
        self.sync()

    # ----- what it holds --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the waiting games again (files, never the network)."""
        self.games = waiting_games()
        self.end_buttons = [HoldButton(self._ender_of(g), icon="cross", hold_seconds=END_HOLD,
                                       face=theme.PANEL_DARK) for g in self.games]
        self.sync()

    def _ender_of(self, game: WaitingGame) -> Callable[[], None]:
        return lambda: self.end(game)

    def end(self, game: WaitingGame) -> None:
        """End *game* (its cross was held): forgotten here at once, the far computer told in the background."""
        from doolhof.online import store

        data = dict(game.kept, closed=True, ended=True)
        try:
            store.save_room(data)  # a closed room is forgotten
        except (OSError, ValueError) as error:
            log.warning("an ended online game could not be forgotten (%s)", error)
        relays, ender, kept = relays_of(self.host.settings), self._ender, game.kept
        self.jobs.append(Worker(lambda: ender(kept, relays)))
        log.info("a parent ended a waiting online game")
        self.host.play_sound("pop")
        self.refresh()
        self.host.request_redraw()

    def toggle_invitations(self) -> None:
        """Invitations on the setup screen: on, off."""
        self._change(invitations=not self.invitations_on)
        self.sync()

    @property
    def invitations_on(self) -> bool:
        """The setting as it stands."""
        return bool(getattr(self.host.settings, "invitations", True))

    def sync(self) -> None:
        """The switch shows the setting."""
        on = self.invitations_on
        self.invitations_button.selected = on
        self.invitations_button.icon = "check" if on else "cross"
        self.host.request_redraw()

    # ----- the page's hooks --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Fill the holds; take the answers of the ends sent."""
        for button in self.end_buttons:
            button.update(dt)
        for job in [j for j in self.jobs if j.done()]:
            self.jobs.remove(job)
            told = job.error is None and bool(job.result())
            if job.error is not None:
                log.warning("telling the other computer of an ended game failed: %s", job.error)
            self.said = _(MSG_TOLD) if told else _(MSG_NOT_TOLD)
            self.host.request_redraw()

    def busy(self) -> bool:
        """True while an end button is held or an end is on its way."""
        return bool(self.jobs) or any(b.busy() for b in self.end_buttons)

    def holding(self) -> bool:
        """True while an end button is held."""
        return any(b.held is not None for b in self.end_buttons)

    def handle_pointer(self, event: PointerEvent) -> bool:
        """The end buttons and the switch; True when one took *event*."""
        for button in self.end_buttons:
            if button.handle(event):
                return True
        took = self.buttons.at(event.pos) is not None
        self.buttons.handle(event)
        return took

    def show(self, shown: bool) -> None:
        """Show or hide the section's controls (what an end said is forgotten when the page is left)."""
        if not shown:
            self.said = ""
        for button in self.buttons.items:
            button.visible = shown
        if not shown:
            for hold in self.end_buttons:
                hold.reset()

    def resize(self, area: pygame.Rect, size: tuple[int, int]) -> None:
        """Lay out in *area*: the switch on top, the label, the games in a row, each with its cross under it."""
        least = least_tap(size)
        gap = max(4, min(size) // 100)
        switch_h = max(least, min(area.h // 5, least + least // 3))
        self.invitations_button.rect = pygame.Rect(area.x, area.y, area.w, switch_h)
        y = area.y + switch_h + gap
        label_h = max(readable_px(size) + 4, min(area.h // 8, least // 2))
        self.label_rect = pygame.Rect(area.x, y, area.w, label_h)
        y += label_h + gap // 2
        room = area.bottom - y
        count = max(3, len(self.games))
        side = max(1, min((area.w - gap * (count - 1)) // count, (room - gap) * 5 // 8))
        hold = max(least, min(int(side * 0.62), room - side - gap))
        self.game_rects = []
        for k, button in enumerate(self.end_buttons):
            cell = pygame.Rect(area.x + k * (side + gap), y, side, side)
            self.game_rects.append(cell)
            button.rect = pygame.Rect(0, 0, hold, hold)
            button.rect.midtop = (cell.centerx, cell.bottom + gap)
        self.said_rect = self.label_rect  # what an end said takes the label's place until the page is left

    def draw(self, surface: pygame.Surface) -> None:
        """The switch, the label, each game's picture and figure with its cross, and what an end said."""
        art = self.host.art
        least = readable_px(surface.get_size())
        self.buttons.draw(surface, art)
        label_px = max(least, int(self.label_rect.h * 0.8))
        if self.said:
            draw_text(surface, self.said, self.said_rect, theme.INK, align="left", max_px=label_px)
        else:
            draw_text(surface, _(MSG_GAMES) if self.games else _(MSG_NO_GAMES), self.label_rect, theme.INK_SOFT,
                      align="left", max_px=label_px)
        for game, cell, hold in zip(self.games, self.game_rects, self.end_buttons):
            _draw_game(surface, cell, game, art)
            hold.draw(surface, art)


def _draw_game(surface: pygame.Surface, cell: pygame.Rect, game: WaitingGame, art: Any) -> None:
    """The game's little picture (its maze, or a card of its table) with the far figure and the globe."""
    from doolhof.engine import Game
    from doolhof.gui.board.painter import draw_mini_maze

    pygame.draw.rect(surface, theme.PANEL_DARK, cell, border_radius=max(4, cell.w // 8))
    inner = cell.inflate(-cell.w // 8, -cell.h // 8)
    if isinstance(game.game, Game):
        image = pygame.Surface(inner.size, pygame.SRCALPHA)
        draw_mini_maze(image, game.game.board.masks(), game.game.board.size, 0.5)
        surface.blit(image, inner)
    else:
        laid = sorted(game.game.table.items())
        if laid:
            _cell, (card, rotation) = laid[-1]
            draw_card_face(surface, inner, card_nets(((n.ports, n.treasures) for n in card.networks), rotation), art)
    figure = pygame.Rect(0, 0, cell.w * 3 // 5, cell.w * 3 // 5)
    figure.bottomright = (cell.right + cell.w // 10, cell.bottom + cell.w // 10)
    draw_figure(surface, figure, art, game.figure, far_badge=True)


__all__ = ["END_HOLD", "MOST_LISTED", "WaitingGame", "WaitingGames", "end_game", "waiting_games"]
