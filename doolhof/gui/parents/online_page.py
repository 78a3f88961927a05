"""The settings' page for playing far away: the relay address, its test, and the remembered computers.

Reached from the settings screen's "Playing far away" row while online play is on (the row's third
button); the settings screen owns it and shows either its rows or this page. Nothing here touches the
network until the parent taps "Test": then :func:`doolhof.online.relay.check_relay` runs in a daemon
thread (:class:`~doolhof.gui.kit.worker.Worker`) while the page stays live and a ring turns, and the
answer shows as a green tick ("The relay answers") or a red cross with the reason in the parent's words.

The address is a plain text field (:class:`~doolhof.gui.kit.text_field.TextField`): one address
(``mqtts://host:8883``, ``wss://host/mqtt``, ``host:port``), or several comma-separated. Left empty, the
relays this release carries are used (:mod:`doolhof.online.defaults`); under the test row two short
sentences say what a relay is and where an address comes from (or, with a release's relay, that the
field may stay empty). It is kept (saved to the settings) on Enter, "OK", "Test" and
on going back, when every part reads as an address (:meth:`doolhof.online.relay.Address.parse`); when a
part does not, the reason shows and the saved address stays as it was.

A remembered computer (:func:`doolhof.online.store.remembered`) shows as its figure with a round ✗ under
it that wants holding (:class:`~doolhof.gui.kit.hold_button.HoldButton`), so a tap never forgets one.
"""

from __future__ import annotations

import functools
import logging
import math
from collections.abc import Callable

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.boxes import least_tap, row_of_holds
from doolhof.gui.kit.hold_button import HoldButton
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.text import draw_text, readable_px
from doolhof.gui.kit.text_field import TextField
from doolhof.gui.kit.widgets import (
    PRIMARY,
    QUIET,
    SECONDARY,
    Button,
    ButtonSet,
    safe_art,
    safe_icon,
    share_text_size,
)
from doolhof.gui.kit.worker import Worker
from doolhof.gui.parents.online_games import WaitingGames
from doolhof.i18n import N_, _
from doolhof.online import store
from doolhof.online.client import Friend
from doolhof.online.defaults import release_relays
from doolhof.online.relay import Address, check_relay
from doolhof.session.settings import MAX_RELAY_TEXT

log = logging.getLogger(__name__)

#: How long a forget button must be held (seconds): shorter than the parents' menu, still no tap.
FORGET_HOLD = 1.5
#: The most remembered computers shown: all of them (:data:`doolhof.online.store.MOST_REMEMBERED`).
MOST_SHOWN = store.MOST_REMEMBERED
MSG_ANSWERS = N_("The relay answers.")
MSG_ASKING = N_("Asking the relay ...")
MSG_NO_ADDRESS = N_("Type the relay's address first (host or host:port).")
MSG_NONE_YET = N_("No computers remembered yet: one is remembered after the first game with a picture code.")
MSG_FORGET = N_("Remembered computers (hold the cross to forget one)")
MSG_NOT_FORGOTTEN = N_("The computer could not be forgotten: the file could not be written.")
MSG_HINT = N_("e.g. mqtts://relay.example.org:8883")
#: What a relay is and where an address comes from (shown when this release carries no relay).
MSG_ABOUT = N_("A relay is a computer on the internet that passes the moves between the two homes; it sees only "
               "sealed moves. A school or a friend can give you its address, or you can run one yourself.")
MSG_ABOUT_RELEASE = N_("Leave the address empty to use the relay this version comes with, or type your own.")


def parse_relays(text: str) -> list[Address]:
    """Every address in *text* (comma-separated); raises ValueError with the first part's reason."""
    parts = [part.strip() for part in text.split(",")]
    return [Address.parse(part) for part in parts if part]


def first_problem(addresses: list[Address], check: Callable[[Address], str | None]) -> str | None:
    """None when every relay answers, else the first one's reason (run off the frame loop: it blocks)."""
    for address in addresses:
        problem = check(address)
        if problem is not None:
            return problem
    return None


class OnlinePage:
    """The page's controls and drawing; the settings screen lays it out, feeds it and shows it."""

    def __init__(self, host: Host, keep: Callable[[str], None], back: Callable[[], None],
                 check: Callable[[Address], str | None] = check_relay,
                 change: Callable[..., None] | None = None) -> None:
        """*keep* saves a checked address text, *back* returns to the settings' rows, *check* asks one relay,
        *change* saves other settings (the invitations switch)."""
        self.host = host
        #: The waiting online games a parent can end, and the invitations switch (online_games.py).
        self.games = WaitingGames(host, change or (lambda **changes: None))
        self._keep = keep
        self._check = check
        self.buttons = ButtonSet(on_press=lambda: host.play_sound("tap"))
        add = self.buttons.add
        self.back_button = add(Button(back, icon="check", label=lambda: _("Back"), style=PRIMARY, name="online-back"))
        self.field_button = add(Button(self.focus_field, style=QUIET, name="relay-field"))
        self.clear_button = add(Button(self.clear_field, icon="cross", style=QUIET, name="relay-clear"))
        self.ok_button = add(Button(self.keep_typed, label=lambda: _("OK"), style=SECONDARY, name="relay-ok"))
        self.test_button = add(Button(self.test, label=lambda: _("Test"), style=SECONDARY, name="relay-test"))
        self.field = TextField(self._saved(), limit=MAX_RELAY_TEXT, on_enter=self.keep_typed, on_change=self._edited)
        self.friends: list[Friend] = []
        self.forget_buttons: list[HoldButton] = []
        #: What the page says under the field: (kind, text) with kind "ok", "no", "asking" or "" (nothing).
        self.said: tuple[str, str] = ("", "")
        self.job: Worker[str | None] | None = None
        self.spin = 0.0
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.label_rect = pygame.Rect(0, 0, 0, 0)
        self.answer_rect = pygame.Rect(0, 0, 0, 0)
        self.about_rect = pygame.Rect(0, 0, 0, 0)
        self.friends_label = pygame.Rect(0, 0, 0, 0)
        self.friend_rects: list[pygame.Rect] = []
        self.shown = False

    # ----- what it holds -----------------------------------------------------------------------
    def _saved(self) -> str:
        return str(getattr(self.host.settings, "relay", "") or "")

    def refresh(self) -> None:
        """Read the remembered computers again (a file, never the network) and show the saved address."""
        self.field.set_text(self._saved())
        try:
            self.friends = store.remembered()[-MOST_SHOWN:]
        except OSError as error:  # an unreadable folder shows no computers, it never stops the page
            log.warning("remembered computers could not be read (%s)", error)
            self.friends = []
        self.forget_buttons = [HoldButton(self._forgetter(f.device), icon="cross", hold_seconds=FORGET_HOLD,
                                          face=theme.PANEL_DARK) for f in self.friends]
        self.games.refresh()

    def _forgetter(self, device: str) -> Callable[[], None]:
        return lambda: self.forget(device)

    def forget(self, device: str) -> None:
        """Forget the remembered computer *device* (its forget button was held)."""
        try:
            store.forget(device)
        except OSError as error:
            log.warning("a remembered computer could not be forgotten (%s)", error.strerror or error)
            self.said = ("no", _(MSG_NOT_FORGOTTEN))
        self.host.play_sound("pop")
        text = self.field.text
        self.refresh()
        self.field.set_text(text)
        self.resize(self.host.window_size())
        self.host.request_redraw()

    # ----- the address ----------------------------------------------------------------------------
    def focus_field(self) -> None:
        """The field takes the keyboard."""
        self.field.focus()
        self.host.request_redraw()

    def clear_field(self) -> None:
        """Empty the field and take the keyboard."""
        self.field.clear()
        self.field.focus()

    def _edited(self) -> None:
        if self.said[0] != "asking":
            self.said = ("", "")  # a result was about another address
        self.host.request_redraw()

    def keep(self) -> list[Address] | None:
        """Save the field's text when every part reads as an address; else say why. Returns the addresses."""
        parts = [part.strip() for part in self.field.text.split(",") if part.strip()]
        text = ", ".join(parts)
        if len(text) > MAX_RELAY_TEXT:  # the spaces after the commas must not make it too long to keep
            text = ",".join(parts)
        try:
            addresses = parse_relays(text)
        except ValueError as error:
            self.said = ("no", str(error))
            self.host.request_redraw()
            return None
        self.field.set_text(text)
        if text != self._saved():
            self._keep(text)
        if self.said[0] == "no":
            self.said = ("", "")
        self.field.blur()
        self.host.request_redraw()
        return addresses

    def keep_typed(self) -> None:
        """OK or Enter: keep the address (or say why it cannot be kept)."""
        self.keep()

    def keep_quietly(self) -> None:
        """On going back: keep an address that reads well; one that does not is dropped for the saved one."""
        try:
            parse_relays(self.field.text)
        except ValueError:
            self.field.set_text(self._saved())
        else:
            self.keep()
        self.field.blur()

    def test(self) -> None:
        """Keep the address and ask every relay in it, off the frame loop."""
        if self.job is not None:
            return
        addresses = self.keep()
        if addresses is None:
            return
        if not addresses:
            addresses = [Address.parse(relay) for relay in release_relays()]  # checked when released
        if not addresses:
            self.said = ("no", _(MSG_NO_ADDRESS))
            return
        check = self._check
        self.said = ("asking", "")
        self.test_button.enabled = False
        self.job = Worker(lambda: first_problem(addresses, check))

    # ----- scene hooks ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Turn the ring, fill the holds, take the test's answer when it came."""
        self.spin += dt
        self.field.update(dt)
        for button in self.forget_buttons:
            button.update(dt)
        self.games.update(dt)
        job = self.job
        if job is not None and job.done():
            self.job = None
            self.test_button.enabled = True
            if job.error is not None:
                log.warning("the relay test failed: %s", job.error)
                self.said = ("no", str(job.error)[:200])
            else:
                problem = job.result()
                self.said = ("ok", _(MSG_ANSWERS)) if problem is None else ("no", problem)
            self.host.request_redraw()

    def busy(self) -> bool:
        """True while the test runs (the ring turns), a forget button is held, or the cursor blinks."""
        return (self.job is not None or self.field.focused or any(b.busy() for b in self.forget_buttons)
                or self.games.busy())

    def holding(self) -> bool:
        """True while a forget button is held (a still finger there is no resting hand)."""
        return any(b.held is not None for b in self.forget_buttons) or self.games.holding()

    def handle_pointer(self, event: PointerEvent) -> None:
        """Forget buttons first, then the buttons; a press anywhere off the field lets the keyboard go."""
        for button in self.forget_buttons:
            if button.handle(event):
                return
        if self.shown and self.games.handle_pointer(event):
            return
        if event.kind == "down" and self.field.focused and self.buttons.at(event.pos) not in (
                self.field_button, self.clear_button, self.ok_button, self.test_button):
            self.field.blur()
        self.buttons.handle(event)
        if event.kind == "up" and self.field.focused and self.field.rect.collidepoint(event.pos):
            self.field.place_cursor(event.pos[0])  # a tap in the text puts the cursor there
            self.host.request_redraw()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Typing goes to the field; True when it took *event*."""
        took = self.field.handle_event(event)
        if took:
            self.host.request_redraw()
        return took

    def show(self, shown: bool) -> None:
        """Show or hide the page's controls."""
        self.shown = shown
        for button in self.buttons.items:
            button.visible = shown
        self.games.show(shown)
        if not shown:
            self.field.blur()
            for hold in self.forget_buttons:
                hold.reset()

    # ----- layout -----------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Header, the address row, the test row, then the remembered computers, top to bottom."""
        w, h = max(1, size[0]), max(1, size[1])
        pad = max(6, int(min(w, h) * 0.02))
        inner = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad).inflate(-2 * pad, -2 * pad)
        header_h = max(24, int(inner.h * 0.1))
        back_w = min(inner.w // 3, max(header_h * 3, int(inner.w * 0.22)))
        self.back_button.rect = pygame.Rect(inner.right - back_w, inner.y, back_w, header_h)
        self.title_rect = pygame.Rect(inner.x, inner.y, inner.w - back_w - pad, header_h)
        least = least_tap(size)
        row_h = max(least + 4, min(inner.h // 8, inner.w // 9, int(header_h * 1.3)))
        y = inner.y + header_h + pad
        self.label_rect = pygame.Rect(inner.x, y, inner.w, row_h // 2)
        y = self.label_rect.bottom + pad // 2
        gap = max(4, pad // 2)
        ok_w = max(row_h, int(inner.w * 0.14))
        self.ok_button.rect = pygame.Rect(inner.right - ok_w, y, ok_w, row_h)
        self.clear_button.rect = pygame.Rect(self.ok_button.rect.x - gap - row_h, y, row_h, row_h)
        self.field_button.rect = pygame.Rect(inner.x, y, self.clear_button.rect.x - gap - inner.x, row_h)
        self.field.rect = self.field_button.rect.inflate(-4, -max(4, row_h // 8))
        y += row_h + pad
        test_w = max(row_h * 2, int(inner.w * 0.2))
        self.test_button.rect = pygame.Rect(inner.x, y, test_w, row_h)
        self.answer_rect = pygame.Rect(inner.x + test_w + pad, y - pad // 2, inner.right - inner.x - test_w - pad,
                                       row_h + pad)
        y += row_h + pad
        self.about_rect = pygame.Rect(inner.x, y, inner.w, row_h)
        y = self.about_rect.bottom + pad
        # Below: the remembered computers, and the waiting online games (beside them, or under them when tall).
        lower = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
        if w >= h:
            friends_w = (lower.w - 2 * pad) // 2
            self.games.resize(pygame.Rect(lower.x + friends_w + 2 * pad, lower.y, lower.w - friends_w - 2 * pad,
                                          lower.h), size)
            lower.w = friends_w
        else:
            games_h = lower.h * 11 // 20
            self.games.resize(pygame.Rect(lower.x, lower.bottom - games_h, lower.w, games_h), size)
            lower.h -= games_h + pad
        self.friends_label = pygame.Rect(inner.x, y, lower.w, row_h // 2)
        y = self.friends_label.bottom + pad // 2
        room = lower.bottom - y
        side = max(1, min(int(row_h * 1.6), (room - gap) * 5 // 8, (lower.w - gap * (MOST_SHOWN - 1)) // MOST_SHOWN))
        hold = max(least, min(row_h, int(side * 0.62)))
        self.friend_rects = row_of_holds(inner.x, y, side, gap, hold, self.forget_buttons)

    # ----- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the page (on the settings card the screen drew)."""
        art = self.host.art
        least = readable_px(surface.get_size())
        draw_text(surface, _("Playing far away"), self.title_rect, theme.INK, align="left")
        label_px = max(least, int(self.label_rect.h * 0.8))
        draw_text(surface, _("Relay address"), self.label_rect, theme.INK_SOFT, align="left", max_px=label_px)
        share_text_size([self.back_button, self.ok_button, self.test_button], most=label_px, least=least)
        self.buttons.draw(surface, art)
        released = release_relays()
        self.field.draw(surface, hint=released[0] if released else _(MSG_HINT))
        self._draw_answer(surface, least)
        draw_text(surface, _(MSG_ABOUT_RELEASE) if released else _(MSG_ABOUT), self.about_rect, theme.INK_SOFT,
                  align="left", max_px=max(least, int(label_px * 0.9)))
        draw_text(surface, _(MSG_FORGET) if self.friends else _(MSG_NONE_YET), self.friends_label, theme.INK_SOFT,
                  align="left", max_px=label_px)
        for friend, cell, hold in zip(self.friends, self.friend_rects, self.forget_buttons):
            pygame.draw.circle(surface, theme.PANEL_DARK, cell.center, cell.w // 2)
            px = int(cell.w * 0.86)
            figure = safe_art(f"figure {friend.figure}", functools.partial(art.figure, friend.figure, px))
            if figure is not None:
                surface.blit(figure, figure.get_rect(center=cell.center))
            hold.draw(surface, art)
        self.games.draw(surface)

    def _draw_answer(self, surface: pygame.Surface, least: int) -> None:
        kind, text = self.said
        area = self.answer_rect
        if not kind or area.w <= 0:
            return
        mark = pygame.Rect(area.x, area.centery - area.h * 3 // 8, area.h * 3 // 4, area.h * 3 // 4)
        words = pygame.Rect(mark.right + area.h // 5, area.y, max(1, area.right - mark.right - area.h // 5), area.h)
        if kind == "asking":
            width = max(3, mark.w // 8)
            start = self.spin * 5.0
            pygame.draw.circle(surface, theme.SOFT_EDGE, mark.center, mark.w // 2, width)
            pygame.draw.arc(surface, theme.LEAF_EDGE, mark, start, start + math.pi * 1.2, width)
            draw_text(surface, _(MSG_ASKING), words, theme.INK_SOFT, align="left", max_px=max(least, area.h // 3))
            return
        ok = kind == "ok"
        pygame.draw.circle(surface, theme.WHITE, mark.center, mark.w // 2)  # the tick or cross stands out on white
        pygame.draw.circle(surface, theme.LEAF_EDGE if ok else theme.STOP_EDGE, mark.center, mark.w // 2,
                           max(3, mark.w // 12))
        icon = safe_icon(art=self.host.art, name="check" if ok else "cross", px=int(mark.w * 0.7))
        if icon is not None:
            surface.blit(icon, icon.get_rect(center=mark.center))
        draw_text(surface, text, words, theme.LEAF_EDGE if ok else theme.STOP_EDGE, align="left",
                  max_px=max(least, area.h // 3))
