"""Inviting the far computer: the picture code, big, with the time it has left as a shrinking ring.

The host's setup screen opens this with the table and the seats marked far away. A
:class:`~doolhof.online.client.HostCode` puts six of the maze's pictures on the relay; the other
computer taps them in on its join screen. The ring empties over the code's three minutes (nothing to
read). A remembered computer (:func:`doolhof.online.store.remembered`) shows as its figure: a tap
invites it without a code (:class:`~doolhof.online.client.FriendLink`). Once the other computer is in,
the code is remembered for next time and the lobby (who is playing) follows. Trouble (the relay cannot
be reached, the code expired, a wrong code ended it, another version) shows a picture for the child and a
sentence for the parent, with "new code" to try again. The cross goes back to the setup screen; every link
stops when the screen is left.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.widgets import CHOICE, PRIMARY, QUIET, Button, ButtonSet
from doolhof.gui.online.common import (
    LinkScene,
    draw_figure,
    draw_picture_card,
    draw_ring,
    draw_trouble,
    draw_waiting_dots,
    forget_ended,
    friend_link,
    heading,
    my_hello,
    picture_slots,
    relays_of,
    remember,
    remembered,
)
from doolhof.i18n import _
from doolhof.online import store
from doolhof.online.client import (
    Accepted,
    CodeDone,
    CodeFailed,
    CodeReady,
    Declined,
    Friend,
    FriendLink,
    HostCode,
    LinkChanged,
    RoomEnded,
)
from doolhof.online.pairing import CODE_LENGTH, CODE_SECONDS, PictureCode
from doolhof.online.timeouts import REACH_SECONDS
from doolhof.online.trouble import Trouble
from doolhof.session.seats import TableSetup

log = logging.getLogger(__name__)

#: The most remembered computers shown: all of them (:data:`doolhof.online.store.MOST_REMEMBERED`).
MOST_FRIENDS = store.MOST_REMEMBERED


class FriendButton(Button):
    """A remembered computer, shown as its figure with the globe: a tap invites it without a code."""

    def __init__(self, scene: InviteScene, friend: Friend) -> None:
        """The button of *friend*."""
        super().__init__(lambda: scene.invite_friend(friend), style=CHOICE, name=f"friend-{friend.device}")
        self.friend = friend
        self.scene = scene

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect, ink: theme.Color, art: Art | None) -> None:
        """The friend's figure and the globe (faded while its last invitation went unanswered)."""
        if art is None:
            return
        side = min(area.width, area.height)
        box = pygame.Rect(0, 0, side, side)
        box.center = area.center
        draw_figure(surface, box, art, self.friend.figure, far_badge=True, faded=self.scene.unanswered is self.friend)


class InviteScene(LinkScene):
    """The host's code and remembered computers; *figure* is the host's own figure (its first local seat)."""

    def __init__(self, host: Host, table: TableSetup, far_seats: frozenset[int], figure: int = 0,
                 connect: bool = True) -> None:
        """Ready to invite; the code is asked for when the screen shows (unless *connect* is False: pictures)."""
        super().__init__(host)
        self.table, self.far_seats, self.figure = table, far_seats, figure
        self.relays = relays_of(host.settings)
        self.code: PictureCode | None = None
        self.expires = 0.0
        self.host_code: HostCode | None = None
        self.friend_link: FriendLink | None = None
        #: The remembered computer invited now, and until when its invitation waits.
        self.inviting: Friend | None = None
        self.invite_expires = 0.0
        #: The remembered computer whose invitation ran out unanswered or was declined (its figure fades, the
        #: parent is told which: :attr:`declined`).
        self.unanswered: Friend | None = None
        #: True when :attr:`unanswered` said "not now" (rather than not answering at all).
        self.declined = False
        self._asked_at = 0.0
        self._connect = connect
        self._entered = False
        self.now = time.monotonic
        self.buttons = ButtonSet(on_press=lambda: self.host.play_sound("tap"))
        self.cancel_button = self.buttons.add(Button(self.cancel, icon="cross", label=lambda: _("Cancel"),
                                                     style=QUIET, name="cancel"))
        self.again_button = self.buttons.add(Button(self.new_code, icon="again", label=lambda: _("New code"),
                                                    style=PRIMARY, name="again"))
        self.again_button.visible = False
        self.friends: list[Friend] = []
        self.friend_buttons: list[FriendButton] = []
        self.set_friends(remembered())
        self.slots: list[pygame.Rect] = []
        self.ring_rect = pygame.Rect(0, 0, 0, 0)
        self.heading_rect = pygame.Rect(0, 0, 0, 0)
        self.friends_rect = pygame.Rect(0, 0, 0, 0)
        self.trouble_rect = pygame.Rect(0, 0, 0, 0)
        self.friends_caption = pygame.Rect(0, 0, 0, 0)

    def set_friends(self, friends: list[Friend]) -> None:
        """The remembered computers to offer (the newest :data:`MOST_FRIENDS`)."""
        for button in self.friend_buttons:
            self.buttons.items.remove(button)
        self.friends = list(friends)[-MOST_FRIENDS:]
        self.friend_buttons = [self.buttons.add(FriendButton(self, f)) for f in self.friends]
        if self.size != (0, 0):
            self.resize(self.size)

    # ----- links -----------------------------------------------------------------------------------
    def enter(self) -> None:
        """Ask for a code the first time the screen shows."""
        if self._connect and not self._entered:
            self._entered = True
            self.new_code()

    def new_code(self) -> None:
        """A fresh code (after trouble, or the first one): the old one is stopped."""
        if self.host_code is not None:
            self.drop(self.host_code)
            self.host_code = None
        self.code, self.trouble = None, None
        self.again_button.visible = False
        try:
            code = HostCode(self.relays, my_hello(self.figure))
            self.host_code = self.own(code)
            code.start()
        except ValueError as error:  # a bad address, or none: said plainly
            log.warning("no code could be asked for (%s)", error)
            self.fail(Trouble.RELAY)
            return
        except Exception:  # a bug: its traceback in the log; the parent reads the plain sentence
            log.exception("no code could be asked for")
            self.fail(Trouble.RELAY)
            return
        self._asked_at = self.now()
        self.host.request_redraw()

    def show_code(self, code: PictureCode, expires: float) -> None:
        """Show *code* until *expires* (``time.monotonic()``)."""
        self.code, self.expires = code, expires
        self.host.request_redraw()

    def fail(self, why: Trouble) -> None:
        """Trouble: the code is gone; "new code" tries again."""
        if self.host_code is not None:
            self.drop(self.host_code)
            self.host_code = None
        self.code = None
        self.show_trouble(why)
        self.again_button.visible = True

    def invite_friend(self, friend: Friend) -> None:
        """Invite a remembered computer without a code (it accepts on its join screen)."""
        if self.friend_link is not None:
            self.drop(self.friend_link)
        self.inviting, self.unanswered, self.declined = friend, None, False
        self.invite_expires = self.now() + CODE_SECONDS
        try:
            link: FriendLink = friend_link(self.relays, my_hello(self.figure), friend, game=self.table.variant)
            self.friend_link = self.own(link)
            link.start()
        except ValueError as error:  # a bad address, or none: said plainly
            log.warning("the remembered computer could not be invited (%s)", error)
            self.friend_link, self.inviting = None, None
            self.fail(Trouble.RELAY)
            return
        except Exception:  # a bug: its traceback in the log; the parent reads the plain sentence
            log.exception("the remembered computer could not be invited")
            self.friend_link, self.inviting = None, None
            self.fail(Trouble.RELAY)
            return
        for button in self.friend_buttons:
            button.selected = button.friend is friend
        self.host.request_redraw()

    def on_event(self, link: Any, event: Any) -> None:
        """The code's and the invitation's news."""
        if link is self.friend_link:
            self._friend_event(event)
            return
        if isinstance(event, CodeReady):
            self.show_code(event.code, event.expires)
        elif isinstance(event, CodeDone):
            remember(event.paired, min(self.far_seats, default=None))
            code = self.host_code
            assert code is not None
            room = code.room(event.paired, self.table, self.far_seats, self.relays)
            self.drop(code)
            self.host_code = None
            self.host.screens.open_lobby(room)
        elif isinstance(event, CodeFailed):
            log.info("the code ended: %s", event.why)
            self.fail(event.why)
        elif isinstance(event, LinkChanged):
            if not event.up and self.trouble is None:
                self.show_trouble(Trouble.LOST)
            elif event.up and self.trouble is Trouble.LOST:
                self.trouble = None

    def _friend_event(self, event: Any) -> None:
        link = self.friend_link
        assert link is not None
        if isinstance(event, LinkChanged) and event.up:
            link.invite()
        elif isinstance(event, RoomEnded):
            forget_ended(event.room)  # a parent ended it on the other computer: the setup screen offers it no more
        elif isinstance(event, Accepted):
            room = link.room(self.table, self.far_seats)
            self.drop(link)
            self.friend_link = None
            self.host.screens.open_lobby(room)
        elif isinstance(event, Declined):
            # "Not now" from the other computer: said calmly; its figure fades until tapped again.
            log.info("the remembered computer said not now")
            self.drop(link)
            self.friend_link, self.unanswered, self.inviting, self.declined = None, self.inviting, None, True
            for button in self.friend_buttons:
                button.selected = False
            self.host.request_redraw()

    def update(self, dt: float) -> None:
        """Read the links; a code that never reaches the relay, or an invitation's end, is said."""
        super().update(dt)
        now = self.now()
        code = self.host_code
        if code is not None and self.code is None and self.trouble is None and now - self._asked_at > REACH_SECONDS:
            log.info("the relay did not answer: %s", code.link.problem or "no answer")
            self.fail(Trouble.RELAY)
        friend = self.friend_link
        if friend is not None and not friend.link.connected.is_set() and \
                now - (self.invite_expires - CODE_SECONDS) > REACH_SECONDS:
            log.info("the relay did not answer the invitation: %s", friend.link.problem or "no answer")
            self.drop(friend)
            self.friend_link, self.inviting = None, None
            for button in self.friend_buttons:
                button.selected = False
            self.fail(Trouble.RELAY)
        if self.inviting is not None and now > self.invite_expires:
            # Its minutes are up: the other computer was not on its join screen. Said, not silently dropped.
            log.info("the remembered computer did not answer the invitation")
            if self.friend_link is not None:
                self.drop(self.friend_link)
            self.friend_link, self.unanswered, self.inviting, self.declined = None, self.inviting, None, False
            for button in self.friend_buttons:
                button.selected = False
            self.host.request_redraw()

    def cancel(self) -> None:
        """Back to the setup screen (every link stops)."""
        self.stop_all()
        self.host.screens.show_setup(self.table, self.far_seats)

    # ----- screen ------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Lay out: the sentence, the six pictures, the ring, the remembered computers, cancel."""
        self.size = size
        w, h = max(1, size[0]), max(1, size[1])
        pad, least = self.pad(), self.least()
        tall = h > w * 1.15
        self.heading_rect = pygame.Rect(pad, pad, w - 2 * pad, max(least // 2, h // 10))
        bottom_y = self.bottom_row(self.cancel_button, self.again_button, 8)
        top, room_h = self.heading_rect.bottom + pad, bottom_y - self.heading_rect.bottom - 2 * pad
        friends_h = max(least, room_h // 3) if self.friends else 0
        code_h = room_h - friends_h - (pad if friends_h else 0)
        code_area = pygame.Rect(pad, top, w - 2 * pad, code_h)
        two_rows, two_ring = self._two_rows(code_area, least, pad)
        one_row, one_ring = self._one_row(code_area, w, least, pad)
        # A tall window takes two rows of three; a near-square one too, when that makes the pictures bigger
        # (one row of six leaves them small there, with the screen empty above and below).
        if tall or two_rows[0].w > one_row[0].w * 1.2:
            self.slots, self.ring_rect = two_rows, two_ring
        else:
            self.slots, self.ring_rect = one_row, one_ring
        self.friends_rect = pygame.Rect(pad, code_area.bottom + pad, w - 2 * pad, friends_h)
        caption_h = max(least // 3, friends_h // 4) if friends_h > 2 * least else 0
        self.friends_caption = pygame.Rect(pad, self.friends_rect.y, w - 2 * pad, caption_h)
        self.friends_rect = pygame.Rect(pad, self.friends_rect.y + caption_h, w - 2 * pad, friends_h - caption_h)
        side = max(least, min(self.friends_rect.h, (self.friends_rect.w - pad * (MOST_FRIENDS - 1)) // MOST_FRIENDS))
        total = len(self.friend_buttons) * side + max(0, len(self.friend_buttons) - 1) * pad
        x = self.friends_rect.centerx - total // 2
        for k, button in enumerate(self.friend_buttons):
            button.rect = pygame.Rect(x + k * (side + pad), self.friends_rect.centery - side // 2, side, side)
        self.trouble_rect = code_area.copy()

    @staticmethod
    def _two_rows(area: pygame.Rect, least: int, pad: int) -> tuple[list[pygame.Rect], pygame.Rect]:
        """Two rows of three pictures in *area*, the ring under them."""
        ring_h = max(least, area.h // 4)
        rows = pygame.Rect(area.x, area.y, area.w, area.h - ring_h - pad)
        half = (rows.h - pad) // 2
        slots = (picture_slots(pygame.Rect(rows.x, rows.y, rows.w, half), 3, least, pad)
                 + picture_slots(pygame.Rect(rows.x, rows.y + half + pad, rows.w, half), 3, least, pad))
        ring = pygame.Rect(0, 0, ring_h, ring_h)
        ring.midbottom = area.midbottom
        return slots, ring

    @staticmethod
    def _one_row(area: pygame.Rect, w: int, least: int, pad: int) -> tuple[list[pygame.Rect], pygame.Rect]:
        """One row of six pictures in *area*, the ring at its right."""
        side = max(least, min(area.h // 2, w // 9))
        row = pygame.Rect(area.x, area.y, area.w - side - 2 * pad, area.h)
        slots = picture_slots(row, CODE_LENGTH, least, pad)
        ring = pygame.Rect(0, 0, side, side)
        ring.midleft = (slots[-1].right + pad * 2, row.centery)
        return slots, ring

    def handle_pointer(self, event: PointerEvent) -> None:
        """The buttons take the pointer."""
        self.buttons.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The code (or its empty slots while it comes), the ring, the remembered computers, trouble."""
        self.background(surface)
        art = self.host.art
        heading(surface, _("Tap these pictures in on the other computer"), self.heading_rect, self.size)
        names = self.code.names if self.code is not None else (None,) * CODE_LENGTH
        for rect, name in zip(self.slots, names, strict=True):
            draw_picture_card(surface, rect, art, name)
        if self.friend_buttons and self.friends_caption.h:
            if self.unanswered is None:
                caption = _("Or tap a computer you played with before")
            elif self.declined:
                caption = _("That computer said not now. Tap it again another time.")
            else:
                caption = _("That computer did not answer. Open Join on it, then tap it again.")
            heading(surface, caption, self.friends_caption, self.size)
        ring = self.ring_rect
        if self.code is not None:
            draw_ring(surface, ring.center, ring.w // 2, (self.expires - self.now()) / CODE_SECONDS)
        elif self.trouble is None:
            draw_waiting_dots(surface, ring.center, ring.w, self.clock)
        if self.inviting is not None:
            selected = next((b for b in self.friend_buttons if b.friend is self.inviting), None)
            if selected is not None:
                spot = selected.rect
                draw_ring(surface, (spot.centerx, spot.centery), spot.w // 2 + self.pad(),
                          (self.invite_expires - self.now()) / CODE_SECONDS, theme.LEAF)
        self.buttons.draw(surface, art)
        if self.trouble is not None:
            draw_trouble(surface, self.trouble_rect, art, self.trouble, self.size)
            if self.again_button.visible:
                self.again_button.draw(surface, art)


__all__ = ["InviteScene"]
