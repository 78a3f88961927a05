"""A remembered computer's invitation, noticed on the setup screen without anyone tapping Join.

While the setup screen shows (and a parent has online play on, with a relay address, and has not turned
invitations off: ``Settings.invitations``), every remembered computer's own channel is listened on in the
background (a :class:`~doolhof.online.client.FriendLink` each, made, started and stopped on a thread of
their own, so the frame loop never waits for the network; with online play off nothing is opened at all).
An invitation shows within a few seconds as a calm card over the lower part of the screen: the inviter's
figure with the globe beside the game it is for (its picture and name, as the setup screen's game card shows
it), a check to play (on to who is playing) and a cross for "not now", which travels
sealed to the inviter (:meth:`~doolhof.online.client.FriendLink.decline`), whose invite screen says it.
A withdrawn invitation takes the card away again. When the remembered computer's parents ended a waiting
game of the two (:class:`~doolhof.online.client.RoomEnded`), it is forgotten here too and the setup screen is
shown afresh, with a calm note, so it no longer offers that game.

The setup screen owns one :class:`InvitationNotice` and hands it its lifecycle: start, stop, resize,
update, the pointer (first, while the card shows) and draw (last).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host, Note
from doolhof.gui.kit.text import draw_text, readable_px
from doolhof.gui.kit.widgets import PRIMARY, QUIET, Button, ButtonSet, draw_card
from doolhof.gui.kit.worker import Worker
from doolhof.gui.online.common import (
    POLL_SECONDS,
    draw_figure,
    ended_room_link,
    ended_rooms,
    forget_ended,
    friend_link,
    my_hello,
    remembered,
)
from doolhof.gui.online.switch import online_on, relays_of
from doolhof.i18n import _
from doolhof.online import store
from doolhof.session.seats import CARDS
from doolhof.session.setup_memory import MAZE_VARIANTS

log = logging.getLogger(__name__)

#: The games an invitation may be for (a name the inviter sends that is none of these shows no game).
GAMES = frozenset((*MAZE_VARIANTS, CARDS))


def invitations_on(host: Host) -> bool:
    """True when invitations may show on the setup screen: online play on with a relay, and the parents'
    setting (``invitations``) not off."""
    return online_on(host.settings) and bool(getattr(host.settings, "invitations", True))


#: Draws a game's picture and name (a variant name) in a rectangle: the setup screen's game card, flat.
GameDrawer = Callable[[pygame.Surface, pygame.Rect, str, Art], None]


class InvitationNotice:
    """The setup screen's ear for remembered computers (see the module text); *figure* gives this computer's
    figure for the other side (read when listening starts); *draw_game* draws the game an invitation is for."""

    def __init__(self, host: Host, figure: Callable[[], int], draw_game: GameDrawer | None = None) -> None:
        """Not listening until :meth:`start`."""
        self.host = host
        self._figure = figure
        self._draw_game = draw_game
        #: The game the invitation shown is for (a variant name; "" when the inviter did not say).
        self.game = ""
        self._lock = threading.Lock()
        self._links: list[Any] = []
        self._stopped = True
        self._ends_seen = 0
        #: The invitation shown now: its link and the inviter's figure; None while there is none.
        self.shown: tuple[Any, int] | None = None
        #: The invitation being taken (its room comes from the worker), or None.
        self.accepting: Worker[Any] | None = None
        self.buttons = ButtonSet(on_press=lambda: host.play_sound("tap"))
        self.accept_button = self.buttons.add(Button(self.accept, icon="check", label=lambda: _("Play"),
                                                     style=PRIMARY, name="invitation-accept"))
        self.decline_button = self.buttons.add(Button(self.decline, icon="cross", label=lambda: _("Not now"),
                                                      style=QUIET, name="invitation-decline"))
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.figure_rect = pygame.Rect(0, 0, 0, 0)
        #: Where the game's picture and name show, beside the figure (under it in a narrow card).
        self.game_rect = pygame.Rect(0, 0, 0, 0)
        self.caption_rect = pygame.Rect(0, 0, 0, 0)
        self.size = (0, 0)

    # ----- listening ----------------------------------------------------------------------------------
    @property
    def listening(self) -> bool:
        """True while links are (being) opened."""
        return not self._stopped

    def start(self) -> None:
        """Listen for every remembered computer, in the background (nothing when invitations are off)."""
        if not invitations_on(self.host):
            if self.listening:
                self.stop()  # a parent turned them (or online play) off while the screen was covered
            return
        if not self._stopped:
            return
        self._stopped = False
        self._ends_seen = store.ends_changes()
        threading.Thread(target=self._open, args=(relays_of(self.host.settings), self._figure()),
                         name="doolhof-invitations", daemon=True).start()

    def _open(self, relays: list[str], figure: int) -> None:
        me = my_hello(figure)  # files only, but off the frame loop all the same
        self._add([partial(friend_link, relays, me, friend) for friend in remembered()]
                  + [partial(ended_room_link, relays, *ended) for ended in ended_rooms()])

    def _ended_since(self, relays: list[str]) -> None:
        """A parent ended a game while this screen listened (the parents' page over it): the links carry it too."""
        from doolhof.online.client import EndedRoom, FriendLink

        with self._lock:
            links = list(self._links)
        for link in links:
            if isinstance(link, FriendLink):
                for room_id in store.ends_for(link.friend.device):
                    if room_id not in link.machine.ends:
                        link.tell_ended(room_id)
        rooms = {link.room_id for link in links if isinstance(link, EndedRoom)}
        self._add([partial(ended_room_link, relays, *ended) for ended in ended_rooms() if ended[0] not in rooms])

    def _add(self, makers: list[Callable[[], Any]]) -> None:
        for make in makers:
            try:
                link = make()
            except Exception as error:  # a bad address: nothing to notice, never a traceback
                log.warning("a remembered computer could not be listened for (%s)", error)
                continue
            with self._lock:
                if self._stopped:
                    return
                self._links.append(link)
                link.start()

    def stop(self) -> None:
        """Stop listening (the setup screen is left): the links go on a thread of their own."""
        with self._lock:
            self._stopped = True
            links, self._links = self._links, []
        self.shown = None
        if links:
            threading.Thread(target=_stop_all, args=(links,), name="doolhof-invitations-stop", daemon=True).start()

    def give_away(self, link: Any) -> None:
        """*link* belongs to another screen now: not stopped with the others."""
        with self._lock:
            if link in self._links:
                self._links.remove(link)

    def update(self, dt: float) -> None:
        """Read the links: an invitation shows, a withdrawn one goes; a taken one opens who is playing."""
        from doolhof.online.client import Invited, RoomEnded, Withdrawn

        job = self.accepting
        if job is not None and job.done():
            self.accepting = None
            room = job.result() if job.error is None else None
            if room is None:
                log.warning("the invitation could not be taken (%s)", job.error)
                self.host.request_redraw()
            else:
                self.host.screens.open_lobby(room)
                return

        if self.listening and store.ends_changes() != self._ends_seen:
            self._ends_seen = store.ends_changes()
            threading.Thread(target=self._ended_since, args=(relays_of(self.host.settings),),
                             name="doolhof-invitations-ended", daemon=True).start()
        with self._lock:
            links = list(self._links)
        for link in links:
            try:
                events = link.poll()
            except Exception:
                log.exception("reading a remembered computer's channel failed")
                continue
            for event in events:
                if isinstance(event, Invited) and self.shown is None:
                    self.shown = (link, event.hello.figure)
                    game = getattr(event, "game", "")
                    self.game = game if game in GAMES else ""
                    log.info("a remembered computer's invitation shows on the setup screen")
                    self.host.play_sound("pop")
                    self.host.request_redraw()
                elif isinstance(event, Withdrawn) and self.shown is not None and self.shown[0] is link:
                    self.shown = None
                    self.host.request_redraw()
                elif isinstance(event, RoomEnded) and forget_ended(event.room):
                    from doolhof.online.follow import MSG_ENDED

                    self.host.notes.append(Note(_(MSG_ENDED), "ended", link.friend.figure))
                    self.host.screens.show_setup()  # afresh: the ended game is offered no more
                    return

    def wake_after(self) -> float | None:
        """Look a few times a second while listening (or taking an invitation)."""
        return POLL_SECONDS if self.listening or self.accepting is not None else None

    # ----- the card -------------------------------------------------------------------------------------
    def accept(self) -> None:
        """Play: take the invitation (sent on a thread of its own), then on to who is playing."""
        if self.shown is None or self.accepting is not None:
            return
        link, _figure = self.shown
        self.shown = None
        self.give_away(link)
        self.accepting = Worker(lambda: _accept(link))
        self.host.request_redraw()

    def show(self, link: Any, figure: int, game: str = "") -> None:
        """Show an invitation of *link* from *figure* to play *game* (the pictures draw one without a network)."""
        self.shown = (link, figure)
        self.game = game if game in GAMES else ""

    def decline(self) -> None:
        """Not now: the inviter is told (sealed, in the background); the card goes."""
        if self.shown is None:
            return
        link, _figure = self.shown
        self.shown = None
        threading.Thread(target=_decline, args=(link,), name="doolhof-decline", daemon=True).start()
        self.host.request_redraw()

    def handle_pointer(self, event: PointerEvent) -> bool:
        """While the card shows, its buttons take the pointer (and nothing under it does); True then."""
        if self.shown is None:
            return False
        self.buttons.handle(event)
        return True

    def resize(self, size: tuple[int, int]) -> None:
        """A card over the lower middle of the window: a sentence, the figure, the two buttons."""
        self.size = size
        w, h = max(1, size[0]), max(1, size[1])
        pad, least = max(4, int(min(w, h) * 0.02)), least_tap(size)
        card_w = min(w - 4 * pad, max(320, w // 2 if w >= h else w * 3 // 4))
        card_h = min(h - 4 * pad, max(240, h * 2 // 5))
        self.rect = pygame.Rect(0, 0, card_w, card_h)
        self.rect.midbottom = (w // 2, h - 2 * pad)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        button_h = max(least, min(inner.h // 4, inner.w // 4))
        self.caption_rect = pygame.Rect(inner.x, inner.y, inner.w, max(least // 2, inner.h // 6))
        middle = pygame.Rect(inner.x, self.caption_rect.bottom + pad, inner.w,
                             max(1, inner.h - button_h - self.caption_rect.h - 2 * pad))
        # The figure and, beside it, the game's card (a little wider than high, as on the setup screen).
        side = max(1, min(middle.h, (middle.w - pad) * 10 // 22))
        game_w = side * 12 // 10
        self.figure_rect = pygame.Rect(0, 0, side, side)
        self.game_rect = pygame.Rect(0, 0, game_w, side)
        left = middle.centerx - (side + pad + game_w) // 2
        self.figure_rect.midleft = (left, middle.centery)
        self.game_rect.midleft = (self.figure_rect.right + pad, middle.centery)
        button_w = max(button_h, (inner.w - pad) // 2)
        self.decline_button.rect = pygame.Rect(inner.x, inner.bottom - button_h, button_w, button_h)
        self.accept_button.rect = pygame.Rect(inner.right - button_w, inner.bottom - button_h, button_w, button_h)

    def draw(self, surface: pygame.Surface) -> None:
        """The card, while an invitation shows (a light shade: the screen stays visible behind it)."""
        if self.shown is None:
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((*theme.SHADE, 90))
        surface.blit(shade, (0, 0))
        draw_card(surface, self.rect)
        draw_text(surface, _("A computer you played with invites you to play"), self.caption_rect, theme.INK,
                  max_px=max(readable_px(self.size), self.caption_rect.h * 2 // 3))
        draw_figure(surface, self.figure_rect, self.host.art, self.shown[1], far_badge=True)
        if self.game and self._draw_game is not None:
            self._draw_game(surface, self.game_rect, self.game, self.host.art)
        self.buttons.draw(surface, self.host.art)


def _stop_all(links: list[Any]) -> None:
    for link in links:
        try:
            link.stop()
        except Exception:  # stopping must never fail (the network thread may be gone already)
            log.exception("stopping a remembered computer's link failed")


def _accept(link: Any) -> Any:
    """Take the invitation (sends and waits for the relay) and let the link go; the room, not yet started."""
    try:
        return link.accept()
    finally:
        _stop_all([link])


def _decline(link: Any) -> None:
    try:
        link.decline()
    except Exception:
        log.exception("saying 'not now' to an invitation failed")


__all__ = ["InvitationNotice", "invitations_on"]
