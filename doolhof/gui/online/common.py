"""What the online screens share: whether online play is on, the relays, this computer's hello,
the links a screen owns, trouble said plainly, and a few drawings (the code's pictures, the ring).

Nothing here opens a connection by itself: a screen makes its links (:mod:`doolhof.online.client`)
and hands them to :class:`LinkScene`, which polls them every frame and stops every one of them when
the screen is left (a screen covered by the parents' menu keeps them).
"""

from __future__ import annotations

import logging
import math
from typing import Any, Protocol

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.scene import Host, Scene
from doolhof.gui.kit.text import draw_text, readable_px
from doolhof.gui.kit.widgets import Button, draw_card, garden_background, safe_art, safe_icon
from doolhof.gui.online.switch import online_on, relays_of
from doolhof.gui.online.trouble_words import card_sentence
from doolhof.gui.online.trouble_words import picture as picture_of
from doolhof.online import store
from doolhof.online.messages import Hello
from doolhof.online.room import hello
from doolhof.online.trouble import Trouble

log = logging.getLogger(__name__)

#: How often (seconds) an idle online screen wakes to read its links.
POLL_SECONDS = 0.1



class Channel(Protocol):
    """What a screen needs of a link (:class:`~doolhof.online.client.HostCode`, ``JoinCode``, ``FriendLink``,
    ``OnlineRoom``): its events, and stopping it."""

    def poll(self) -> list[Any]:
        """Everything that happened since the last call."""
        ...

    def stop(self) -> None:
        """Disconnect."""
        ...


def my_hello(figure: int) -> Hello:
    """This computer's hello: its random id (:func:`doolhof.online.store.device_id`) and *figure*."""
    return hello(store.device_id(), max(0, min(5, figure)))


class LinkScene(Scene):
    """A screen that owns links: polled every frame, all stopped when the screen is left."""

    def __init__(self, host: Host) -> None:
        """No links yet."""
        super().__init__(host)
        self.links: list[Channel] = []
        #: The trouble shown now (its words: :mod:`~doolhof.gui.online.trouble_words`), or None.
        self.trouble: Trouble | None = None
        self.size = (0, 0)
        self.clock = 0.0
        self._drawn_at = 0.0
        self._background: pygame.Surface | None = None

    def own(self, link: Any) -> Any:
        """Keep *link* to poll and to stop when the screen is left; returns it."""
        self.links.append(link)
        return link

    def drop(self, link: Any) -> None:
        """Stop *link* and forget it (it is no longer this screen's)."""
        if link in self.links:
            self.links.remove(link)
            _stop(link)

    def give_away(self, link: Any) -> None:
        """Forget *link* without stopping it: another screen owns it now."""
        if link in self.links:
            self.links.remove(link)

    def stop_all(self) -> None:
        """Stop every link this screen owns."""
        links, self.links = self.links, []
        for link in links:
            _stop(link)

    def exit(self) -> None:
        """Left for good (not only covered by the parents' menu): every link stops."""
        if self not in self.host.scenes:
            self.stop_all()

    def show_trouble(self, why: Trouble) -> None:
        """Say *why* to the parent (and log it): a picture and a sentence, never a traceback."""
        if self.trouble != why:
            log.info("online trouble shown: %s", why)
        self.trouble = why
        self.host.request_redraw()

    def update(self, dt: float) -> None:
        """Read every link's events (a link's own handler, :meth:`on_event`, decides what they mean)."""
        self.clock += dt
        for link in list(self.links):
            try:
                events = link.poll()
            except Exception:  # a broken link must never freeze the screen
                log.exception("reading an online link failed")
                self.drop(link)
                self.show_trouble(Trouble.RELAY)
                continue
            for event in events:
                if link not in self.links:
                    break
                self.on_event(link, event)
        if self.clock - self._drawn_at >= 0.2:  # the ring shrinks, the dots wait
            self._drawn_at = self.clock
            self.host.request_redraw()

    def on_event(self, link: Any, event: Any) -> None:
        """One event of one of the screen's links."""

    def wake_after(self) -> float | None:
        """Wake a few times a second while links are open (events come from the network)."""
        return POLL_SECONDS if self.links else None

    def background(self, surface: pygame.Surface) -> None:
        """The garden backdrop."""
        if self._background is None or self._background.get_size() != surface.get_size():
            self._background = garden_background(surface.get_size())
        surface.blit(self._background, (0, 0))

    def pad(self) -> int:
        """The gap between blocks for the window now."""
        return max(4, int(min(self.size) * 0.02)) if self.size != (0, 0) else 4

    def least(self) -> int:
        """The least tap side for the window now."""
        return least_tap(self.size) if self.size != (0, 0) else 48

    def bottom_row(self, left: Button, right: Button, rows: int) -> int:
        """Lay *left* (back, cancel) and *right* (start, new code) along the bottom, a *rows*-th of the window
        high; returns the row's top."""
        w, h = max(1, self.size[0]), max(1, self.size[1])
        pad, least = self.pad(), self.least()
        bottom_h = max(least, min(h // rows, w // 8))
        bottom = pygame.Rect(pad, h - pad - bottom_h, w - 2 * pad, bottom_h)
        left.rect = pygame.Rect(bottom.x, bottom.y, max(least, min(bottom.w // 2 - pad, bottom_h * 3)), bottom_h)
        right_w = max(least, min(bottom.w - left.rect.w - pad, bottom_h * 3))
        right.rect = pygame.Rect(bottom.right - right_w, bottom.y, right_w, bottom_h)
        return bottom.y


def _stop(link: Any) -> None:
    try:
        link.stop()
    except Exception:  # stopping must never fail the screen (the network thread may be gone already)
        log.exception("stopping an online link failed")


# ----- drawings ----------------------------------------------------------------------------------
def picture_slots(area: pygame.Rect, count: int, least: int, gap: int) -> list[pygame.Rect]:
    """*count* equal squares in a row centred in *area* (at least *least* each, as big as fit)."""
    side = max(least, min(area.height, (area.width - gap * (count - 1)) // max(1, count)))
    total = count * side + (count - 1) * gap
    x = area.centerx - total // 2
    y = area.centery - side // 2
    return [pygame.Rect(x + k * (side + gap), y, side, side) for k in range(count)]


def draw_picture_card(surface: pygame.Surface, rect: pygame.Rect, art: Art, name: str | None,
                      faded: bool = False) -> None:
    """One picture of a code on a light card (an empty slot when *name* is None)."""
    radius = max(4, rect.width // 6)
    fill = theme.PANEL if name is not None else theme.FREE_SEAT
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect.move(0, max(2, rect.height // 20)), border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.CREAM_EDGE, rect, width=max(1, rect.width // 30), border_radius=radius)
    if name is None:
        return
    image = safe_art(f"picture {name}", lambda: art.picture(name, int(rect.width * 0.8)))
    if image is None:
        return
    if faded:
        image = image.copy()
        image.set_alpha(90)
    surface.blit(image, image.get_rect(center=rect.center))


def draw_ring(surface: pygame.Surface, center: tuple[int, int], radius: int, share: float,
              color: theme.Color = theme.SUN) -> None:
    """A ring that is *share* (0..1) full, starting at the top and shrinking clockwise: time left."""
    width = max(3, radius // 4)
    pygame.draw.circle(surface, theme.PANEL_DARK, center, radius)
    pygame.draw.circle(surface, theme.PANEL_EDGE, center, radius, width)
    share = max(0.0, min(1.0, share))
    if share <= 0:
        return
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = center
    start = math.pi / 2
    steps = max(2, int(share * 64))
    points = []
    for k in range(steps + 1):
        angle = start + 2 * math.pi * share * k / steps
        points.append((center[0] + (radius - width / 2) * math.cos(angle),
                       center[1] - (radius - width / 2) * math.sin(angle)))
    pygame.draw.lines(surface, color, False, points, width)
    for end in (points[0], points[-1]):
        pygame.draw.circle(surface, color, (round(end[0]), round(end[1])), width // 2)


def draw_waiting_dots(surface: pygame.Surface, center: tuple[int, int], size: int, clock: float) -> None:
    """Three dots that light one after the other: something is on its way."""
    step = size // 3
    for k in range(3):
        lit = int(clock * 3) % 3 == k
        pygame.draw.circle(surface, theme.SUN if lit else theme.PIP_OFF,
                           (center[0] + (k - 1) * step, center[1]), max(2, size // 9))


def draw_figure(surface: pygame.Surface, rect: pygame.Rect, art: Art, figure: int, far_badge: bool = False,
                faded: bool = False) -> None:
    """A seat's figure in *rect* (square), the globe badge when it is played far away."""
    px = int(min(rect.width, rect.height) * 0.86)
    image = safe_art(f"figure {figure}", lambda: art.figure(figure % 6, px))
    if image is None:
        pygame.draw.circle(surface, theme.SEAT_COLORS[figure % len(theme.SEAT_COLORS)], rect.center, px // 2)
    else:
        if faded:
            image = image.copy()
            image.set_alpha(80)
        surface.blit(image, image.get_rect(center=rect.center))
    if far_badge:
        draw_far_mark(surface, rect, art)


def draw_far_mark(surface: pygame.Surface, rect: pygame.Rect, art: Art | None) -> None:
    """The "far away" mark: a little globe in the top right corner of *rect*."""
    px = max(8, int(min(rect.width, rect.height) * 0.36))
    badge = safe_icon(art, "globe", px)
    where = pygame.Rect(0, 0, px, px)
    where.topright = (rect.right, rect.top)
    if badge is None:
        pygame.draw.circle(surface, theme.SEAT_COLORS[1], where.center, px // 2)
        return
    pygame.draw.circle(surface, theme.WHITE, where.center, px // 2 + max(1, px // 12))
    surface.blit(badge, where)


def draw_trouble(surface: pygame.Surface, rect: pygame.Rect, art: Art, why: Trouble, size: tuple[int, int]) -> None:
    """The trouble card: the child's picture (:func:`~doolhof.gui.online.trouble_words.picture`) and the parent's
    sentence."""
    draw_card(surface, rect)
    inner = rect.inflate(-rect.height // 8, -rect.height // 8)
    px = max(16, min(inner.height // 2, inner.width // 3))
    picture = pygame.Rect(0, 0, px, px)
    picture.midtop = (inner.centerx, inner.y)
    icon, crossed = picture_of(why)
    image = safe_icon(art, icon, px)
    if image is not None:
        surface.blit(image, picture)
    if crossed:
        cross = safe_icon(art, "cross", px // 2)
        if cross is not None:
            surface.blit(cross, cross.get_rect(center=picture.bottomright).move(-px // 8, -px // 8))
    words = pygame.Rect(inner.x, picture.bottom + inner.height // 20, inner.width,
                        max(1, inner.bottom - picture.bottom - inner.height // 20))
    draw_text(surface, card_sentence(why), words, theme.INK, max_px=max(readable_px(size), words.height // 3))


def heading(surface: pygame.Surface, text: str, rect: pygame.Rect, size: tuple[int, int]) -> None:
    """A screen's short sentence for the parent, light on the garden."""
    top = max(readable_px(size), min(rect.height * 2 // 3, min(size) // 20))
    draw_text(surface, text, rect, theme.PANEL, max_px=top, shadow=theme.HEDGE_DARK)


def remember(paired: Any, figure: int | None = None) -> bool:
    """Remember the computer a code just paired with (:func:`doolhof.online.store.remember`), shown next time
    as *figure* (default: the figure it sent; the host passes the far seat it plays here, so a child sees
    the figure they played against, not the far side's own first seat); False when the folder cannot be
    written (logged; the game goes on)."""
    from dataclasses import replace

    from doolhof.online.client import Friend

    try:
        friend = Friend.of(paired)
        store.remember(friend if figure is None else replace(friend, figure=figure))
    except (OSError, ValueError, KeyError, TypeError) as error:
        log.warning("the other computer could not be remembered (%s)", type(error).__name__)
        return False
    return True


def friend_link(relays: list[str], me: Hello, friend: Any, game: str = "") -> Any:
    """A :class:`~doolhof.online.client.FriendLink` to *friend* that keeps its channel when an invitation is
    taken (inviting, to play *game*) and carries the news of the games a parent ended here that *friend* has not
    heard of yet (:func:`doolhof.online.store.ends_for`: read from a small file, so call it off the frame loop or
    once)."""
    from doolhof.online.client import FriendLink

    try:
        ends = store.ends_for(friend.device)
    except OSError as error:
        log.warning("the ended games could not be read (%s)", type(error).__name__)
        ends = []
    return FriendLink(relays, me, friend, on_moved=store.moved, ends=ends, on_end_heard=store.end_heard, game=game)


#: The most ended rooms listened on at once (the newest; each is one more connection to the relay).
MOST_ENDED_LINKS = 4


def ended_rooms() -> list[tuple[str, str | None, str, bytes]]:
    """The newest games a parent ended here that the other computer has not heard of, with their sealed end
    (:func:`doolhof.online.store.ended_rooms`; never raises)."""
    try:
        return store.ended_rooms()[:MOST_ENDED_LINKS]
    except Exception as error:  # a damaged file must never stop the screen
        log.warning("the ended games could not be read (%s)", type(error).__name__)
        return []


def ended_room_link(relays: list[str], room_id: str, relay: str | None, topic: str, end: bytes) -> Any:
    """An :class:`~doolhof.online.client.EndedRoom`: the room's own relay if kept, and its sealed end."""
    from doolhof.online.client import EndedRoom
    from doolhof.online.topics import Publish

    return EndedRoom([relay] if relay else relays, room_id, Publish(topic, end, False))


def forget_ended(room_id: str) -> bool:
    """Forget the waiting game of *room_id* (a parent ended it on the other computer); True when it was kept."""
    if not store.is_kept(room_id):
        return False
    try:
        store.save_room({"room": room_id, "closed": True})  # a closed room is forgotten
    except (OSError, ValueError) as error:
        log.warning("an ended online game could not be forgotten (%s)", error)
        return False
    log.info("the other computer ended a waiting online game; it is forgotten here too")
    return True


def remembered() -> list[Any]:
    """The remembered computers (never raises: a damaged file gives none)."""
    try:
        return list(store.remembered())
    except Exception as error:  # a damaged memory must never stop the screen
        log.warning("the remembered computers could not be read (%s)", type(error).__name__)
        return []


__all__ = ["MOST_ENDED_LINKS", "POLL_SECONDS", "Channel", "LinkScene", "draw_far_mark", "draw_figure",
           "draw_picture_card", "draw_ring", "draw_trouble", "draw_waiting_dots", "ended_room_link", "ended_rooms",
           "forget_ended", "friend_link", "heading", "my_hello", "online_on", "picture_slots", "relays_of", "remember",
           "remembered"]
