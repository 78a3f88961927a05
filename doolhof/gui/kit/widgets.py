"""Big, friendly buttons for parents' screens (and anyone else): icon plus an optional short word.

A :class:`Button` is a chunky rounded slab that sinks when pressed; it fires on *release* inside
itself, so sliding a finger off cancels. A :class:`ButtonSet` routes pointer events to the
buttons it holds and draws them; scenes just lay out ``button.rect`` in :meth:`Scene.resize`::

    self.buttons = ButtonSet(on_press=lambda: app.play_sound("tap"))
    self.play = self.buttons.add(Button(self.start, icon="play", label=lambda: _("Play"), style=PRIMARY))
    ...
    def handle_pointer(self, event): self.buttons.handle(event)
    def draw(self, surface): self.buttons.draw(surface, self.app.art)

Labels are callables (or plain strings) so they are translated when drawn, not when built.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TypeVar

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art, IconSource
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.text import draw_text, fit_text, shared_px
from doolhof.gui.kit.theme import Color

log = logging.getLogger(__name__)

Label = str | Callable[[], str] | None


@dataclass(frozen=True)
class ButtonStyle:
    """The colours of a button: its face, the darker edge it stands on, and the ink of its label."""

    face: Color
    edge: Color
    ink: Color
    #: Face, edge and ink when the button is the chosen one of a group.
    selected_face: Color
    selected_edge: Color
    selected_ink: Color


#: The one big action of a screen (Play, Again): sunny yellow on a warm brown edge.
PRIMARY = ButtonStyle(theme.SUN, theme.SUN_EDGE, theme.SUN_INK, theme.SUN_LIGHT, theme.SUN_EDGE, theme.SUN_INK)
#: Choices in a group (number of secrets, variant): cream, and bright yellow when chosen.
CHOICE = ButtonStyle(theme.CREAM, theme.CREAM_EDGE, theme.BUTTON_INK, theme.CHOSEN, theme.CHOSEN_EDGE, theme.CHOSEN_INK)
#: Secondary actions (new setup, continue): leafy green with white ink.
SECONDARY = ButtonStyle(theme.LEAF, theme.LEAF_EDGE, theme.WHITE, theme.LEAF_LIGHT, theme.LEAF_EDGE, theme.WHITE)
#: Small quiet buttons (+/-): white with a soft edge.
QUIET = ButtonStyle(theme.WHITE, theme.SOFT_EDGE, theme.BUTTON_INK, theme.QUIET_LIGHT, theme.QUIET_LIGHT_EDGE,
                    theme.BUTTON_INK)


def text_of(label: Label) -> str:
    """The text of a label (calling it when it is a callable, so translations are current)."""
    if label is None:
        return ""
    return label() if callable(label) else label


def safe_icon(art: IconSource | None, name: str, px: int) -> pygame.Surface | None:
    """``art.icon(name, px)``, or None when there is no art service or it fails."""
    if art is None or px < 4:
        return None
    try:
        surface: pygame.Surface = art.icon(name, px)
        return surface
    except Exception as error:  # art is optional decoration: a missing icon must never stop a button
        log.debug("no icon %s (%s)", name, error)
        return None


#: The drawings :func:`safe_art` could not make, each logged once (it is asked again every frame).
_FAILED_ART: set[str] = set()


def safe_art(what: str, make: Callable[[], pygame.Surface]) -> pygame.Surface | None:
    """``make()``, or None when it fails: the error is logged once per *what*, not on every frame.

    For decoration drawn from the art cache (a figure, a picture): a broken drawing must never stop a
    screen, but a parent's log should say which one was missing.
    """
    try:
        return make()
    except Exception as error:  # art is optional decoration: the caller draws a plain stand-in
        if what not in _FAILED_ART:
            _FAILED_ART.add(what)
            log.warning("cannot draw %s: %s", what, error)
        return None


def draw_corner_icon(surface: pygame.Surface, rect: pygame.Rect, art: IconSource | None, icon: str) -> None:
    """A resting corner icon (the play screen's, the parents' menu button): a dark disc with the icon on it."""
    pygame.draw.circle(surface, theme.PANEL_DARK, rect.center, rect.w // 2)
    image = safe_icon(art, icon, int(rect.w * 0.7))
    if image is not None:
        surface.blit(image, image.get_rect(center=rect.center))


def lighten(color: Color, amount: float) -> Color:
    """*color* moved *amount* (0-1) of the way towards white."""
    r, g, b = color
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount), int(b + (255 - b) * amount))


def darken(color: Color, amount: float) -> Color:
    """*color* moved *amount* (0-1) of the way towards black."""
    r, g, b = color
    return (int(r * (1 - amount)), int(g * (1 - amount)), int(b * (1 - amount)))


def draw_slab(surface: pygame.Surface, rect: pygame.Rect, face: Color, edge: Color, pressed: bool = False,
              radius: int | None = None) -> pygame.Rect:
    """Draw a rounded slab standing on a darker edge; returns the face rectangle (sunk when *pressed*)."""
    depth = max(2, rect.height // 14)
    radius = radius if radius is not None else max(6, min(rect.width, rect.height) // 4)
    face_rect = pygame.Rect(rect.x, rect.y, rect.width, rect.height - depth)
    if pressed:
        face_rect.y += depth - max(1, depth // 3)
    pygame.draw.rect(surface, edge, pygame.Rect(rect.x, rect.y + depth, rect.width, rect.height - depth),
                     border_radius=radius)
    pygame.draw.rect(surface, face, face_rect, border_radius=radius)
    # A soft highlight along the top makes the slab look touchable.
    shine = face_rect.inflate(-radius, 0)
    shine.height = max(2, face_rect.height // 5)
    shine.y = face_rect.y + max(2, depth // 2)
    pygame.draw.rect(surface, lighten(face, 0.35), shine, border_radius=shine.height // 2)
    return face_rect


class Button:
    """A big rounded button with an icon and/or a short label.

    *on_tap* is called (with no arguments) when the pointer is released over the button after
    pressing it there. ``selected`` shows it as the chosen one of a group; ``enabled`` False
    greys it out and makes it ignore the pointer; ``visible`` False hides it entirely.
    """

    def __init__(
        self,
        on_tap: Callable[[], None] | None = None,
        icon: str | None = None,
        label: Label = None,
        style: ButtonStyle = CHOICE,
        *,
        name: str = "",
        enabled: bool = True,
        selected: bool = False,
        hit_margin: int = 0,
    ) -> None:
        """A button with nothing laid out yet: set :attr:`rect` before drawing."""
        self.on_tap = on_tap
        self.icon = icon
        self.label = label
        self.style = style
        self.name = name or (icon or text_of(label))
        self.enabled = enabled
        self.selected = selected
        self.visible = True
        self.pressed = False
        self.hit_margin = hit_margin
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: The font size its label is drawn at most (one size for a row of buttons: :func:`share_text_size`).
        self.text_px: int | None = None

    def __repr__(self) -> str:
        return f"<Button {self.name!r} at {tuple(self.rect)}>"

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when *pos* is on the button (including its invisible margin)."""
        if not (self.visible and self.enabled) or self.rect.width <= 0:
            return False
        return self.rect.inflate(2 * self.hit_margin, 2 * self.hit_margin).collidepoint(pos)

    def tap(self) -> None:
        """Act as if tapped (also used by keyboard shortcuts)."""
        if self.enabled and self.visible and self.on_tap is not None:
            self.on_tap()

    def colors(self) -> tuple[Color, Color, Color]:
        """(face, edge, ink) for the current state."""
        s = self.style
        if not self.enabled:
            return theme.DISABLED_FACE, theme.DISABLED_EDGE, theme.DISABLED_INK
        if self.selected:
            return s.selected_face, s.selected_edge, s.selected_ink
        return s.face, s.edge, s.ink

    def draw(self, surface: pygame.Surface, art: Art | None = None) -> None:
        """Paint the button in its current state."""
        if not self.visible or self.rect.width <= 0 or self.rect.height <= 0:
            return
        face, edge, ink = self.colors()
        face_rect = draw_slab(surface, self.rect, face, edge, self.pressed)
        if self.selected and self.enabled:
            pygame.draw.rect(surface, darken(edge, 0.2), face_rect, width=max(2, self.rect.height // 22),
                             border_radius=max(6, min(self.rect.width, self.rect.height) // 4))
        self.draw_content(surface, face_rect.inflate(-face_rect.height // 5, -face_rect.height // 6), ink, art)

    def face_area(self) -> pygame.Rect:
        """Where the icon and label go when the button is not pressed (inside the slab's face)."""
        face = pygame.Rect(self.rect.x, self.rect.y, self.rect.width, self.rect.height - max(2, self.rect.height // 14))
        return face.inflate(-face.height // 5, -face.height // 6)

    def label_texts(self) -> list[str]:
        """Every text its label may show (a row of buttons sized by :func:`share_text_size` keeps its size while
        a label changes)."""
        text = text_of(self.label)
        return [text] if text else []

    def label_box(self) -> tuple[pygame.Rect, int | None] | None:
        """Where the label goes and its own font size limit, unpressed; None without a label."""
        return self._label_box_in(self.face_area())

    def _label_box_in(self, area: pygame.Rect) -> tuple[pygame.Rect, int | None] | None:
        text = text_of(self.label)
        if not text:
            return None
        if not self.icon:
            return (area, None)
        if area.height > area.width * 0.9:  # tall: icon on top, word below
            px = int(min(area.width, area.height * 0.6))
            return (pygame.Rect(area.x, area.y + px, area.width, max(1, area.height - px)), None)
        px = int(min(area.height, area.width * 0.4))
        return (pygame.Rect(area.x, area.y, max(1, area.width - px - area.height // 6), area.height),
                int(area.height * 0.62))

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect, ink: Color, art: Art | None) -> None:
        """Paint the icon and label inside *area* (icon beside the word when wide, above it when tall)."""
        text = text_of(self.label)
        icon = None
        if self.icon:
            if text and area.height > area.width * 0.9:
                px = int(min(area.width, area.height * 0.6))
            elif text:
                px = int(min(area.height, area.width * 0.4))
            else:
                px = int(min(area.width, area.height))
            icon = safe_icon(art, self.icon, px)
            if icon is not None and not self.enabled:
                icon = icon.copy()
                icon.set_alpha(110)
        if icon is None:
            if text:
                draw_text(surface, text, area, ink, max_px=self.text_px)
            return
        if not text:
            surface.blit(icon, icon.get_rect(center=area.center))
            return
        if area.height > area.width * 0.9:  # tall: icon on top, word below
            icon_rect = icon.get_rect(midtop=area.midtop)
            text_rect = pygame.Rect(area.x, icon_rect.bottom, area.width, area.bottom - icon_rect.bottom)
            surface.blit(icon, icon_rect)
            draw_text(surface, text, text_rect, ink, max_px=self.text_px)
            return
        gap = area.height // 6
        text_area = pygame.Rect(0, area.y, area.width - icon.get_width() - gap, area.height)
        image_rect = pygame.Rect(0, 0, icon.get_width(), area.height)
        # Centre icon and word together as one group.
        top = int(area.height * 0.62)
        words = fit_text(text, text_area.size, ink, max_px=top if self.text_px is None else min(top, self.text_px))
        total = icon.get_width() + gap + words.get_width()
        image_rect.x = area.centerx - total // 2
        surface.blit(icon, icon.get_rect(midleft=(image_rect.x, area.centery)))
        surface.blit(words, words.get_rect(midleft=(image_rect.right + gap, area.centery)))


def share_text_size(buttons: Iterable[Button], most: int | None = None, least: int = 0, lines: int = 1) -> int | None:
    """Give the visible *buttons* (one role: a row of choices, a column of menu buttons) one label size: the
    largest at which every text each may show fits its label box on at most *lines* lines (at most *most*, at
    least *least*: a text too long for that wraps). Returns it (None when none has a label)."""
    boxes = []
    for button in buttons:
        box = button.label_box() if button.visible and button.rect.width > 0 else None
        if box is not None:
            boxes.append((button, box))
    if not boxes:
        return None
    px = min(shared_px(button.label_texts(), rect.size, limit, lines) for button, (rect, limit) in boxes)
    if most is not None:
        px = min(px, most)
    px = max(px, least)
    for button, _box in boxes:
        button.text_px = px
    return px


#: Any kind of button: :meth:`ButtonSet.add` returns the very kind it was given.
AnyButton = TypeVar("AnyButton", bound=Button)


class ButtonSet:
    """The buttons of one screen: routes the pointer to them and draws them in order."""

    def __init__(self, on_press: Callable[[], None] | None = None) -> None:
        """*on_press* runs when any enabled button is pressed (a tap sound, say)."""
        self.items: list[Button] = []
        self.active: Button | None = None
        self.on_press = on_press

    def add(self, button: AnyButton) -> AnyButton:
        """Hold *button* (later ones are drawn on top and win the hit test); returns it."""
        self.items.append(button)
        return button

    def at(self, pos: tuple[int, int]) -> Button | None:
        """The topmost enabled button under *pos*."""
        for button in reversed(self.items):
            if button.hit(pos):
                return button
        return None

    def handle(self, event: PointerEvent) -> bool:
        """Feed one pointer event; True when a button took it (pressed, tracked or fired)."""
        if event.kind == "down":
            self.active = self.at(event.pos)
            if self.active is None:
                return False
            self.active.pressed = True
            if self.on_press is not None:
                self.on_press()
            return True
        if self.active is None:
            return False
        button = self.active
        if event.kind == "move":
            button.pressed = button.hit(event.pos)
            return True
        self.active = None
        button.pressed = False
        if event.kind == "up" and button.hit(event.pos):
            button.tap()
        return True

    def draw(self, surface: pygame.Surface, art: Art | None = None) -> None:
        """Paint every visible button."""
        for button in self.items:
            button.draw(surface, art)


def window_surface(old: pygame.Surface | None, size: tuple[int, int]) -> pygame.Surface:
    """A surface of *size* to paint a whole window's background on: *old* again while its size holds.

    Allocating and converting a full-window surface costs milliseconds, so a painter keeps one.
    """
    if old is not None and old.get_size() == size:
        return old
    surface = pygame.Surface(size)
    return surface.convert() if pygame.display.get_surface() is not None else surface


@lru_cache(maxsize=8)
def garden_background(size: tuple[int, int]) -> pygame.Surface:
    """The deep green backdrop with a faint maze of paths (drawn once per window size)."""
    w, h = max(1, size[0]), max(1, size[1])
    image = pygame.Surface((w, h))
    image.fill(theme.BACKGROUND)
    step = max(24, min(w, h) // 9)
    faint = lighten(theme.BACKGROUND, 0.06)
    width = max(2, step // 5)
    seedling = 7
    for row, y in enumerate(range(step // 2, h + step, step)):
        for col, x in enumerate(range(step // 2, w + step, step)):
            seedling = (seedling * 1103515245 + 12345 + row * 31 + col) & 0x7FFFFFFF
            if seedling & 1:
                pygame.draw.line(image, faint, (x, y), (x + step, y), width)
            if seedling & 2:
                pygame.draw.line(image, faint, (x, y), (x, y + step), width)
            pygame.draw.circle(image, faint, (x, y), width // 2)
    return image.convert() if pygame.display.get_surface() is not None else image


@dataclass(frozen=True)
class CardShape:
    """How round a card is and how far its darker edge shows below it, as shares of its size.

    The corner radius is the short side // *corner* (at least *least_radius*); the edge shows
    height // *drop* pixels below the card (at least *least_drop*).
    """

    corner: int = 16
    least_radius: int = 8
    drop: int = 80
    least_drop: int = 3

    def but(self, **changes: int) -> CardShape:
        """This shape with some of its numbers changed, e.g. ``CARD.but(corner=18)``."""
        return replace(self, **changes)


#: The parents' cards: the menu, the settings and the notes sit on one.
CARD = CardShape()


def draw_card(surface: pygame.Surface, rect: pygame.Rect, fill: Color = theme.PANEL, edge: Color = theme.PANEL_EDGE,
              shape: CardShape = CARD) -> None:
    """A rounded card *fill* on its darker *edge*, which shows below it as a soft shadow."""
    radius = max(shape.least_radius, min(rect.w, rect.h) // shape.corner)
    pygame.draw.rect(surface, edge, rect.move(0, max(shape.least_drop, rect.h // shape.drop)), border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
