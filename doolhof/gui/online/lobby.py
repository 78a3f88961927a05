"""Who is playing: after the code (or a remembered computer's invitation), both computers see the seats.

Every seat shows its figure on its colour; a seat played on the other computer wears the globe and
stays faded until that computer is in the room (:class:`~doolhof.online.room.PeerJoined`, and here).
The host's screen has the start button, which wakes once the room is :class:`~doolhof.online.room.Ready`
(the far computer is in, the deal is made) and calls :meth:`~doolhof.online.client.OnlineRoom.begin`; the
other computer shows waiting dots. On :class:`~doolhof.online.room.Started` both go to the play screen
(``host.screens.start_online``), which takes the room's :class:`~doolhof.online.lifecycle.OnlineSession`
over. Back (the cross) leaves the room ("away" for the other side) and goes to the setup screen.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import pygame

from doolhof.engine import VARIANTS
from doolhof.gui.kit import theme
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.widgets import PRIMARY, QUIET, Button, ButtonSet, draw_card, lighten, safe_art
from doolhof.gui.online.common import (
    LinkScene,
    draw_figure,
    draw_trouble,
    draw_waiting_dots,
    heading,
)
from doolhof.i18n import N_, _, ngettext
from doolhof.online.client import LinkChanged, OnlineRoom
from doolhof.online.lifecycle import OnlineSession
from doolhof.online.messages import Hello
from doolhof.online.room import PeerJoined, PeerPresence, Ready, Started, VersionMismatch
from doolhof.online.timeouts import REACH_SECONDS
from doolhof.online.trouble import Trouble
from doolhof.session.seats import CARDS, TableSetup

log = logging.getLogger(__name__)

#: The game about to start, as the setup screen names it (the same words, so the same translations).
GAME_NAMES = {"junior": N_("Junior"), "junior-own": N_("Own secrets"), "classic": N_("Big board"),
              CARDS: N_("Card game")}


def game_name(table: TableSetup) -> str:
    """The game a table plays, in the parent's words: its name, and for a maze game how many secrets."""
    name = _(GAME_NAMES.get(table.variant, GAME_NAMES["junior"]))
    if table.is_cards:
        return name
    secrets = table.secrets if table.secrets is not None else len(VARIANTS[table.variant].pictures)
    return name + " · " + ngettext("{n} secret", "{n} secrets", secrets).format(n=secrets)


class LobbyScene(LinkScene):
    """Who is playing, on either computer, for *room* (started here unless *connect* is False: pictures)."""

    def __init__(self, host: Host, room: OnlineRoom, connect: bool = True) -> None:
        """The lobby of *room* (an :class:`OnlineRoom` just made from a code or an invitation)."""
        super().__init__(host)
        self.room: OnlineRoom = self.own(room)
        #: The room's life from here to the end (the play screen takes it on :class:`Started`).
        self.online = OnlineSession(room)
        view = room.view  # a snapshot: the screen never reads the live room
        self.is_host = view.is_host
        self.peer: Hello | None = view.peer
        self.peer_here = view.peer_here or self.peer is not None
        self.ready = view.ready
        self._connect = connect
        self._started = False
        self._started_at = 0.0
        self.now = time.monotonic
        self.seat_rects: list[pygame.Rect] = []
        self.buttons = ButtonSet(on_press=lambda: self.host.play_sound("tap"))
        self.back_button = self.buttons.add(Button(self.back, icon="cross", label=lambda: _("Back"), style=QUIET,
                                                   name="back"))
        self.start_button = self.buttons.add(Button(self.begin, icon="play", label=lambda: _("Start"),
                                                    style=PRIMARY, name="start"))
        self.start_button.visible = self.is_host
        self.start_button.enabled = self.ready
        self.heading_rect = pygame.Rect(0, 0, 0, 0)
        self.game_rect = pygame.Rect(0, 0, 0, 0)
        self.trouble_rect = pygame.Rect(0, 0, 0, 0)
        self.seats_area = pygame.Rect(0, 0, 0, 0)

    # ----- the room ------------------------------------------------------------------------------
    def enter(self) -> None:
        """Connect the room the first time the screen shows."""
        if self._connect and not self._started:
            self._started = True
            self._started_at = self.now()
            try:
                self.online.connect()
            except Exception:  # never a traceback: the parent reads that the relay cannot be reached
                log.exception("the room could not connect")
                self.show_trouble(Trouble.RELAY)

    def seats(self) -> list[tuple[int, bool, bool]]:
        """Each seat of the table (once known): (figure, played far away from here, a computer)."""
        view = self.room.view
        table = view.table
        if table is None:
            return []
        far_seats = view.far_seats
        return [(table.figure(k), (k in far_seats) == self.is_host, seat.is_computer)
                for k, seat in enumerate(table.seats)]

    def on_event(self, link: Any, event: Any) -> None:
        """The room's news: the far computer in or away, ready, started, another version, the link."""
        if isinstance(event, PeerJoined):
            self.peer, self.peer_here = event.hello, True
        elif isinstance(event, PeerPresence):
            self.peer_here = event.here
        elif isinstance(event, VersionMismatch):
            log.warning("the other computer plays by other rules (%s)", event.theirs)
            self.show_trouble(Trouble.VERSION)
            self.start_button.enabled = False
        elif isinstance(event, Ready):
            self.ready = True
            self.start_button.enabled = self.trouble is not Trouble.VERSION
        elif isinstance(event, Started):
            self.give_away(self.room)  # the play screen owns the room from now on
            self.host.screens.start_online(self.online)
            return
        elif isinstance(event, LinkChanged):
            if not event.up:
                self.show_trouble(Trouble.LOST)
            elif self.trouble in (Trouble.LOST, Trouble.RELAY):
                self.trouble = None
        self.host.request_redraw()

    def update(self, dt: float) -> None:
        """Read the room; a relay that does not answer at all is said (as on the invite screen), not waited on
        behind the dots for ever. Paho keeps trying: once it connects, the sentence goes."""
        super().update(dt)
        if self._started and self.trouble is None and self.room in self.links \
                and not self.room.link.connected.is_set() and self.now() - self._started_at > REACH_SECONDS:
            log.info("the room's relay did not answer: %s", self.room.link.problem or "no answer")
            self.show_trouble(Trouble.RELAY)

    def begin(self) -> None:
        """The host's parent starts the game (once ready)."""
        if not self.is_host or not self.ready:
            return
        self.online.begin()  # its Started comes through the room's events

    def back(self) -> None:
        """Leave the room (the other side sees "away") and go back to the setup screen."""
        self.give_away(self.room)
        self.online.leave()  # on the network side: the frame loop does not wait for the relay
        view = self.room.view
        self.host.screens.show_setup(view.table if self.is_host else None, view.far_seats if self.is_host else ())

    # ----- screen ------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Lay out: the sentence, the seats in a row, start (host) and back."""
        self.size = size
        w, h = max(1, size[0]), max(1, size[1])
        pad, least = self.pad(), self.least()
        self.heading_rect = pygame.Rect(pad, pad, w - 2 * pad, max(least // 2, h // 10))
        self.game_rect = pygame.Rect(pad, self.heading_rect.bottom, w - 2 * pad, max(least // 2, h // 16))
        bottom_y = self.bottom_row(self.back_button, self.start_button, 7)
        middle = pygame.Rect(pad, self.game_rect.bottom + pad, w - 2 * pad,
                             bottom_y - self.game_rect.bottom - 2 * pad)
        self.seats_area = middle
        self.trouble_rect = middle.inflate(-middle.width // 8, -middle.height // 8)

    def seat_side(self, count: int) -> int:
        """The side of each seat's card for *count* seats in one row."""
        area, pad = self.seats_area, self.pad()
        return max(1, min(area.height * 2 // 3, area.width // 3, (area.width - pad * (count - 1)) // max(1, count)))

    def handle_pointer(self, event: PointerEvent) -> None:
        """The buttons take the pointer."""
        self.buttons.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The seats, the sentence, the buttons (and trouble, when there is any)."""
        self.background(surface)
        art = self.host.art
        heading(surface, _("Who is playing?"), self.heading_rect, self.size)
        table = self.room.view.table
        if table is not None:  # which game is about to start (the far computer learns it from the host)
            heading(surface, game_name(table), self.game_rect, self.size)
        seats = self.seats()
        if not seats:
            draw_waiting_dots(surface, self.seats_area.center, self.seat_side(3), self.clock)
        else:
            pad = self.pad()
            side = self.seat_side(len(seats))
            total = len(seats) * side + (len(seats) - 1) * pad
            x = self.seats_area.centerx - total // 2
            for k, (figure, is_far, computer) in enumerate(seats):
                card = pygame.Rect(x + k * (side + pad), self.seats_area.centery - side // 2, side, side)
                color = theme.SEAT_COLORS[figure % len(theme.SEAT_COLORS)]
                away = is_far and not (self.peer is not None and self.peer_here)
                pygame.draw.rect(surface, lighten(color, 0.7 if not away else 0.85), card, border_radius=side // 8)
                pygame.draw.rect(surface, color, card, width=max(2, side // 30), border_radius=side // 8)
                draw_figure(surface, card.inflate(-side // 8, -side // 8), art, figure, far_badge=is_far, faded=away)
                if computer:
                    badge = safe_art("robot", lambda: art.robot(max(8, side // 3)))
                    if badge is not None:
                        surface.blit(badge, badge.get_rect(topleft=(card.x + side // 16, card.y + side // 16)))
                if away:
                    draw_waiting_dots(surface, (card.centerx, card.bottom - side // 8), side // 2, self.clock)
        if not self.is_host:
            spot = self.start_button.rect
            draw_card(surface, spot, theme.PANEL_DARK, theme.PANEL_EDGE)
            draw_waiting_dots(surface, spot.center, spot.height, self.clock)
        self.buttons.draw(surface, art)
        if self.trouble is not None:
            draw_trouble(surface, self.trouble_rect, art, self.trouble, self.size)


__all__ = ["LobbyScene"]
