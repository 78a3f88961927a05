"""Joining a far computer's game: a keypad of the twelve treasure pictures, or a remembered computer's invitation.

The child (or a parent) taps the six pictures the other computer shows; the chosen ones fill a row
at the top, and the erase key takes the last one back. The sixth picture tries the code
(:class:`~doolhof.online.client.JoinCode`) after a short grace (:data:`GRACE_SECONDS`) in which the erase
key still takes it back, so one slip on the last picture costs nothing. A wrong code is said calmly (the
exchange cannot tell which picture was wrong, so none is crossed out): "try again" empties the row to tap
the host's next code. Meanwhile every
remembered computer is listened for (a :class:`~doolhof.online.client.FriendLink` each): its
invitation shows its figure big with a check to accept and a cross to decline. Both ways end in the
lobby (who is playing). The cross at the bottom goes back to the setup screen; every link stops then.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.text import draw_text, readable_px
from doolhof.gui.kit.widgets import CHOICE, PRIMARY, QUIET, Button, ButtonSet, draw_card, safe_art
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
from doolhof.online.client import (
    CodeDone,
    CodeFailed,
    FriendLink,
    Invited,
    JoinCode,
    LinkChanged,
    RoomEnded,
    Withdrawn,
)
from doolhof.online.errors import Refused
from doolhof.online.pairing import CODE_LENGTH, PICTURES, PictureCode
from doolhof.online.trouble import Trouble

log = logging.getLogger(__name__)

#: Seconds after the sixth picture before the code is tried: the erase key still takes the last one back.
GRACE_SECONDS = 2.0


class PictureKey(Button):
    """One key of the keypad: a treasure picture."""

    def __init__(self, scene: JoinScene, name: str) -> None:
        """The key of picture *name*."""
        super().__init__(lambda: scene.choose(name), style=CHOICE, name=f"key-{name}")
        self.picture = name

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect, ink: theme.Color, art: Art | None) -> None:
        """The picture, as big as the key."""
        if art is None:
            return
        px = int(min(area.width, area.height) * 1.05)
        image = safe_art(f"picture {self.picture}", lambda: art.picture(self.picture, px))
        if image is not None:
            if not self.enabled:
                image = image.copy()
                image.set_alpha(90)
            surface.blit(image, image.get_rect(center=area.center))


class JoinScene(LinkScene):
    """The keypad and the invitations; *figure* is this computer's figure (shown to the other side)."""

    def __init__(self, host: Host, figure: int = 0, connect: bool = True) -> None:
        """Listening for remembered computers once shown (unless *connect* is False: pictures)."""
        super().__init__(host)
        self.figure = figure
        self.relays = relays_of(host.settings)
        self.chosen: list[str] = []
        self.join_code: JoinCode | None = None
        #: The invitation shown now: its link and its computer's figure.
        self.invitation: tuple[FriendLink, int] | None = None
        self._connect = connect
        self._entered = False
        #: Seconds left of the grace after the sixth picture (None: no code waits to be tried).
        self.grace: float | None = None
        self.buttons = ButtonSet(on_press=lambda: self.host.play_sound("tap"))
        self.keys = [self.buttons.add(PictureKey(self, name)) for name in PICTURES]
        self.erase_button = self.buttons.add(Button(self.take_back, icon="erase", style=QUIET, name="erase"))
        self.cancel_button = self.buttons.add(Button(self.cancel, icon="cross", label=lambda: _("Back"),
                                                     style=QUIET, name="cancel"))
        # This computer cannot make a code: it tries again with the one the other computer shows next.
        self.again_button = self.buttons.add(Button(self.clear, icon="again", label=lambda: _("Try again"),
                                                    style=PRIMARY, name="again"))
        self.invite_buttons = ButtonSet(on_press=lambda: self.host.play_sound("tap"))
        self.accept_button = self.invite_buttons.add(Button(self.accept, icon="check", style=PRIMARY, name="accept"))
        self.decline_button = self.invite_buttons.add(Button(self.decline, icon="cross", style=QUIET,
                                                             name="decline"))
        self.slots: list[pygame.Rect] = []
        self.heading_rect = pygame.Rect(0, 0, 0, 0)
        self.trouble_rect = pygame.Rect(0, 0, 0, 0)
        self.invite_rect = pygame.Rect(0, 0, 0, 0)
        self.invite_figure = pygame.Rect(0, 0, 0, 0)
        self.invite_caption = pygame.Rect(0, 0, 0, 0)
        self.sync()

    # ----- the keypad --------------------------------------------------------------------------------
    @property
    def trying(self) -> bool:
        """True while the six pictures are being tried."""
        return self.join_code is not None

    def choose(self, name: str) -> None:
        """One more picture; the sixth tries the code once its grace is over."""
        if self.trying or self.trouble is not None or len(self.chosen) >= CODE_LENGTH:
            return
        self.chosen.append(name)
        if len(self.chosen) == CODE_LENGTH:
            self.grace = GRACE_SECONDS
        self.sync()

    def take_back(self) -> None:
        """Take the last picture back (also the sixth, during its grace)."""
        if self.chosen and not self.trying and self.trouble is None:
            self.chosen.pop()
            self.grace = None
        self.sync()

    def update(self, dt: float) -> None:
        """Read the links; the sixth picture's grace runs out, then the code is tried."""
        super().update(dt)
        if self.grace is not None:
            self.grace -= dt
            if self.grace <= 0:
                self.grace = None
                self.try_code()
                self.sync()

    def busy(self) -> bool:
        """True during the sixth picture's grace (its time runs on scene time)."""
        return self.grace is not None

    def clear(self) -> None:
        """After trouble: an empty row, ready for the host's new code."""
        if self.join_code is not None:
            self.drop(self.join_code)
            self.join_code = None
        self.chosen.clear()
        self.trouble = None
        self.grace = None
        self.sync()

    def try_code(self) -> None:
        """Ask the relay whether the six pictures open a code."""
        try:
            code = JoinCode(self.relays, my_hello(self.figure), PictureCode.from_names(self.chosen))
            self.join_code = self.own(code)
            code.start()
        except ValueError as error:  # a bad address, or none: said plainly
            log.warning("the code could not be tried (%s)", error)
            self._fail(Trouble.RELAY)
        except Exception:  # a bug: its traceback in the log; the parent reads the plain sentence
            log.exception("the code could not be tried")
            self._fail(Trouble.RELAY)

    def _fail(self, why: Trouble) -> None:
        if self.join_code is not None:
            self.drop(self.join_code)
            self.join_code = None
        self.show_trouble(why)
        self.sync()

    def sync(self) -> None:
        """Keys, erase and "new code" as the row stands."""
        open_ = not self.trying and self.trouble is None and self.invitation is None
        for key in self.keys:
            key.enabled = open_ and len(self.chosen) < CODE_LENGTH
        self.erase_button.enabled = open_ and bool(self.chosen) and (len(self.chosen) < CODE_LENGTH
                                                                     or self.grace is not None)
        self.again_button.visible = self.trouble is not None
        self.accept_button.visible = self.decline_button.visible = self.invitation is not None
        self.host.request_redraw()

    # ----- invitations -----------------------------------------------------------------------------
    def enter(self) -> None:
        """Listen for every remembered computer the first time the screen shows."""
        if not self._connect or self._entered:
            return
        self._entered = True
        for friend in remembered():
            try:
                link = friend_link(self.relays, my_hello(self.figure), friend)
                self.own(link)
                link.start()
            except ValueError as error:  # a bad address, or none: said plainly
                log.warning("a remembered computer could not be listened for (%s)", error)
            except Exception:  # a bug: its traceback in the log; the parent reads the plain sentence
                log.exception("a remembered computer could not be listened for")

    def accept(self) -> None:
        """Take the invitation shown: on to who is playing."""
        if self.invitation is None:
            return
        link, _figure = self.invitation
        self.invitation = None
        try:
            room = link.accept()
        except (ValueError, Refused) as error:
            log.warning("the invitation could not be taken (%s)", error)
            self.drop(link)
            self.show_trouble(Trouble.WRONG_CODE)
            self.sync()
            return
        self.drop(link)
        self.host.screens.open_lobby(room)

    def decline(self) -> None:
        """Not now: the inviter is told (sealed, in the background) and the invitation card goes."""
        import threading

        if self.invitation is not None:
            link = self.invitation[0]
            threading.Thread(target=_decline, args=(link,), name="doolhof-decline", daemon=True).start()
        self.invitation = None
        self.sync()

    def on_event(self, link: Any, event: Any) -> None:
        """A code's result, an invitation, the link's ups and downs."""
        if isinstance(event, Invited) and isinstance(link, FriendLink):
            self.invitation = (link, event.hello.figure)
            self.host.play_sound("pop")
            self.sync()
        elif isinstance(event, RoomEnded):
            forget_ended(event.room)  # a parent ended it on the other computer: the setup screen offers it no more
        elif isinstance(event, Withdrawn) and self.invitation is not None and self.invitation[0] is link:
            log.info("the remembered computer took its invitation back")
            self.invitation = None
            self.sync()
        elif link is self.join_code and isinstance(event, CodeDone):
            remember(event.paired)
            code = self.join_code
            try:
                room = code.room(event.paired, self.relays)
            except Refused:
                log.warning("the host's welcome was damaged")
                self._fail(Trouble.WRONG_CODE)
                return
            self.drop(code)
            self.join_code = None
            self.host.screens.open_lobby(room)
        elif link is self.join_code and isinstance(event, CodeFailed):
            log.info("the code did not work: %s", event.why)
            self.host.play_sound("nope")
            self._fail(event.why)
        elif link is self.join_code and isinstance(event, LinkChanged) and not event.up:
            self._fail(Trouble.LOST)

    def cancel(self) -> None:
        """Back to the setup screen (every link stops)."""
        self.stop_all()
        self.host.screens.show_setup()

    # ----- screen ------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Lay out: the row of chosen pictures and erase, the keypad, back and "new code"."""
        self.size = size
        w, h = max(1, size[0]), max(1, size[1])
        pad, least = self.pad(), self.least()
        self.heading_rect = pygame.Rect(pad, pad, w - 2 * pad, max(least // 2, h // 14))
        bottom_y = self.bottom_row(self.cancel_button, self.again_button, 9)
        top = self.heading_rect.bottom + pad
        space = bottom_y - pad - top
        row_h = max(least, min(space // 4, (w - 2 * pad) // 8))
        row = pygame.Rect(pad, top, w - 2 * pad - row_h - pad, row_h)
        self.slots = picture_slots(row, CODE_LENGTH, least, max(2, pad // 2))
        self.erase_button.rect = pygame.Rect(self.slots[-1].right + pad, row.y + (row_h - self.slots[0].h) // 2,
                                             self.slots[0].h, self.slots[0].h)
        pad_area = pygame.Rect(pad, row.bottom + 2 * pad, w - 2 * pad, bottom_y - row.bottom - 4 * pad)
        gap = pad

        def fit(grid: tuple[int, int]) -> int:
            return min((pad_area.w - gap * (grid[0] - 1)) // grid[0], (pad_area.h - gap * (grid[1] - 1)) // grid[1])

        across, down = max(((6, 2), (4, 3), (3, 4), (2, 6)), key=fit)  # the biggest keys for this window
        side = max(least, fit((across, down)))
        total_w, total_h = across * side + (across - 1) * gap, down * side + (down - 1) * gap
        x0, y0 = pad_area.centerx - total_w // 2, pad_area.centery - total_h // 2
        for k, key in enumerate(self.keys):
            r, c = divmod(k, across)
            key.rect = pygame.Rect(x0 + c * (side + gap), y0 + r * (side + gap), side, side)
        self.trouble_rect = pad_area.inflate(-pad_area.w // 10, -pad_area.h // 10)
        self.invite_rect = pygame.Rect(0, 0, min(w - 4 * pad, max(320, w * 2 // 3)),
                                       min(h - 4 * pad, max(260, h * 2 // 3)))
        self.invite_rect.center = (w // 2, h // 2)
        inner = self.invite_rect.inflate(-2 * pad, -2 * pad)
        button = max(least, min(inner.h // 4, inner.w // 3))
        self.invite_caption = pygame.Rect(inner.x, inner.y, inner.w, max(least // 2, inner.h // 8))
        figure = max(1, inner.h - button - self.invite_caption.h - 2 * pad)
        self.invite_figure = pygame.Rect(0, 0, figure, figure)
        self.invite_figure.midtop = (inner.centerx, self.invite_caption.bottom + pad)
        self.decline_button.rect = pygame.Rect(inner.x, inner.bottom - button, max(button, inner.w // 3), button)
        self.accept_button.rect = pygame.Rect(inner.right - max(button, inner.w // 3), inner.bottom - button,
                                              max(button, inner.w // 3), button)

    def handle_pointer(self, event: PointerEvent) -> None:
        """The invitation's buttons while one shows, else the keypad and the rest."""
        if self.invitation is not None:
            self.invite_buttons.handle(event)
            return
        self.buttons.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The row, the keypad, trouble, an invitation."""
        self.background(surface)
        art = self.host.art
        heading(surface, _("Tap the pictures the other computer shows"), self.heading_rect, self.size)
        for k, rect in enumerate(self.slots):
            draw_picture_card(surface, rect, art, self.chosen[k] if k < len(self.chosen) else None)
        self.buttons.draw(surface, art)
        if self.grace is not None:  # the ring round erase empties: until then the last picture can come back
            spot = self.erase_button.rect
            draw_ring(surface, spot.center, spot.w // 2 + self.pad(), self.grace / GRACE_SECONDS, theme.LEAF)
            self.erase_button.draw(surface, art)
        if self.trying:
            draw_waiting_dots(surface, self.erase_button.rect.center, self.erase_button.rect.w, self.clock)
        if self.trouble is not None:
            draw_trouble(surface, self.trouble_rect, art, self.trouble, self.size)
        if self.invitation is not None:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((*theme.SHADE, 150))
            surface.blit(shade, (0, 0))
            draw_card(surface, self.invite_rect)
            draw_text(surface, _("A computer you played with invites you to play"), self.invite_caption, theme.INK,
                      max_px=max(readable_px(self.size), self.invite_caption.h * 2 // 3))
            draw_figure(surface, self.invite_figure, art, self.invitation[1], far_badge=True)
            self.invite_buttons.draw(surface, art)


def _decline(link: FriendLink) -> None:
    try:
        link.decline()
    except Exception:  # the card is gone either way; the inviter's minutes run out by themselves
        log.exception("saying 'not now' to an invitation failed")


__all__ = ["JoinScene"]
