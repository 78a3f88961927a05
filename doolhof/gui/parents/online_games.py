"""On the parents' page for playing far away: every waiting online game, each one a parent can end, and
whether a remembered computer's invitation shows on the setup screen.

The setup screen offers only the newest waiting online game; older ones (left, abandoned) are listed
here, each as the far side's figure with the globe over a little picture of its game (its own maze, or a
card from its table), with a round cross under it that wants holding (a tap never ends a game). Held, the
game is forgotten on this computer at once and the far computer is told (the room's ``end``,
:func:`doolhof.online.client.end_room`, and on the two computers' own channel, in a
:class:`~doolhof.gui.kit.worker.Worker` off the frame loop): it forgets the game too when it hears it (at
once when it is playing it or listening; else the news waits on this computer, ``store.record_end``, and
goes the next time both are online). The page says, in a short sentence, whether the relay took the news.

A game an older Doolhof made (another rules version or room format) cannot be continued: it is listed all
the same, its far figure faded on an empty picture and a plain note under the row, so a parent learns where
it went, and its cross forgets it here (the far computer is told on the two computers' own channel when it
is remembered; the room itself speaks the older protocol). The setup screen never offers it.

One on/off button says whether invitations show on the setup screen (``Settings.invitations``; on by
default): off, they show only on the join screen.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.boxes import least_tap, row_of_holds
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
from doolhof.online import store
from doolhof.online.errors import Refused
from doolhof.online.messages import Hello
from doolhof.online.room import Room
from doolhof.online.store import WaitingGame

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
MSG_OLD = N_("The faded game was made by an older Doolhof; it cannot be continued. Hold its cross to end it.")
MSG_OLD_FORGOTTEN = N_("The game is ended here. The other computer was not told; end it there the same way.")


def waiting_games() -> list[WaitingGame]:
    """Every waiting online game kept on this computer, newest first, those an older Doolhof made too (damaged
    ones are left out, logged)."""
    try:
        return store.waiting_games(MOST_LISTED, old=True)
    except OSError as error:
        log.warning("the waiting online games could not be read (%s)", error)
        return []


def end_game(kept: dict[str, Any], relays: list[str]) -> bool:
    """End the waiting game *kept*: the news is kept here until the far computer hears it, and told through the
    relay in the room (heard there if it is playing the game now) and on the two computers' own channel (heard
    there if its setup or join screen listens now, else the next time both are online; the only way for a room
    an older Doolhof made); blocks: run it in a worker. True when the relay took it."""
    from doolhof.online import store
    from doolhof.online.client import end_room, tell_ended

    try:
        room: Room | None = Room.from_dict(kept)
    except Refused:  # an older Doolhof's room: its protocol is not spoken here any more
        room = None
    me = room.me if room is not None else Hello.from_wire(kept.get("me"))
    peer = room.peer_device if room is not None else next(
        (str(d) for d in kept.get("members", ()) if d != me.device), "")
    room_id = str(kept.get("room"))
    end = Room.from_dict(kept).end()[0][0] if room is not None else None  # kept: said again when the other comes
    try:
        store.record_end(room_id, peer, relay=store.relay_of(kept), end=(end.topic, end.payload) if end else None)
    except (OSError, ValueError) as error:
        log.warning("an ended online game's news could not be kept (%s)", type(error).__name__)
    if not relays:
        return False
    told = end_room(room, relays) if room is not None else True
    friend = next((f for f in store.remembered() if f.device == peer), None)
    if friend is not None:
        heard = tell_ended(room_id, me, friend, relays, on_end_heard=store.end_heard)
        if room is None:
            return heard
    return told and room is not None


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
        #: Under the row while a game an older Doolhof made is listed (:data:`MSG_OLD`), else empty.
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        #: What the section says after an end: "" (nothing), or a sentence.
        self.said = ""
        #: The ends on their way, each with whether its game was an older Doolhof's.
        self.jobs: list[tuple[Worker[bool], bool]] = []
        self._laid_out: tuple[pygame.Rect, tuple[int, int]] | None = None
        self.sync()

    # ----- what it holds --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the waiting games again (files, never the network)."""
        self.games = waiting_games()
        self.end_buttons = [HoldButton(self._ender_of(g), icon="cross", hold_seconds=END_HOLD,
                                       face=theme.PANEL_DARK) for g in self.games]
        if self._laid_out is not None:  # the new crosses go under their games at once
            self.resize(*self._laid_out)
        self.sync()

    @property
    def note(self) -> str:
        """The note under the row (:data:`MSG_OLD`, in the parent's language) while an older Doolhof's game is
        listed, else ""."""
        return _(MSG_OLD) if any(g.old for g in self.games) else ""

    def _ender_of(self, game: WaitingGame) -> Callable[[], None]:
        return lambda: self.end(game)

    def end(self, game: WaitingGame) -> None:
        """End *game* (its cross was held): forgotten here at once, the far computer told in the background."""
        data = dict(game.kept, closed=True, ended=True)
        try:
            store.save_room(data)  # a closed room is forgotten
        except (OSError, ValueError) as error:
            log.warning("an ended online game could not be forgotten (%s)", error)
        relays, ender, kept = relays_of(self.host.settings), self._ender, game.kept
        self.jobs.append((Worker(lambda: ender(kept, relays)), game.old))
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
        for job, old in [j for j in self.jobs if j[0].done()]:
            self.jobs.remove((job, old))
            told = job.error is None and bool(job.result())
            if job.error is not None:
                log.warning("telling the other computer of an ended game failed: %s", job.error)
            self.said = _(MSG_TOLD) if told else _(MSG_OLD_FORGOTTEN) if old else _(MSG_NOT_TOLD)
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
        """Lay out in *area*: the switch on top, the label, the games in a row, each with its cross under it (and
        the note under them while an older Doolhof's game is listed)."""
        self._laid_out = (pygame.Rect(area), size)
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
        self.game_rects = row_of_holds(area.x, y, side, gap, hold, self.end_buttons)
        # the note beside the row (a full row leaves it none: then it takes the label's place)
        left = max((r.right for r in self.game_rects + [b.rect for b in self.end_buttons]), default=area.x) + 2 * gap
        self.note_rect = pygame.Rect(left, y, area.right - left, room)
        if not self.note or self.note_rect.w < 3 * least:
            self.note_rect = pygame.Rect(area.x, y, 0, 0)
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
            label = _(MSG_GAMES) if self.games else _(MSG_NO_GAMES)
            if self.note and not self.note_rect.w:
                label = self.note
            draw_text(surface, label, self.label_rect, theme.INK_SOFT, align="left", max_px=label_px)
        for game, cell, hold in zip(self.games, self.game_rects, self.end_buttons):
            _draw_game(surface, cell, game, art)
            hold.draw(surface, art)
        note = self.note
        if note and self.note_rect.w:
            top = pygame.Rect(self.note_rect.x, self.note_rect.y, self.note_rect.w, min(self.note_rect.h, 4 * label_px))
            draw_text(surface, note, top, theme.INK_SOFT, align="left", max_px=label_px)


def _draw_game(surface: pygame.Surface, cell: pygame.Rect, game: WaitingGame, art: Any) -> None:
    """The game's little picture (its maze, or a card of its table) with the far figure and the globe."""
    from doolhof.engine import Game
    from doolhof.gui.board.painter import draw_mini_maze

    pygame.draw.rect(surface, theme.PANEL_DARK, cell, border_radius=max(4, cell.w // 8))
    inner = cell.inflate(-cell.w // 8, -cell.h // 8)
    if game.game is None:  # an older Doolhof's game: nothing to show of it but whom it was with, faded
        draw_figure(surface, inner, art, game.figure, far_badge=True, faded=True)
        return
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
