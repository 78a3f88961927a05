"""The setup screen's own buttons: the seat figures, person or computer, levels, game cards, Continue.

Each draws itself from what it reads of the screen's choices (:class:`SetupChoices`, which
:class:`~doolhof.gui.setup.scene.SetupScene` is); a tap calls back into the screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Protocol, TypeAlias

import pygame

from doolhof.engine import Game
from doolhof.gui.board.painter import draw_mini_maze
from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.cardpics import Net, card_nets, draw_card_face
from doolhof.gui.kit.text import draw_text, font, shared_px
from doolhof.gui.kit.widgets import (
    CHOICE,
    QUIET,
    SECONDARY,
    Button,
    darken,
    draw_slab,
    lighten,
    safe_art,
    safe_icon,
    text_of,
)
from doolhof.i18n import N_, _
from doolhof.session.savegame import SavedGame
from doolhof.session.seats import CARDS, LEVELS, SeatConfig

if TYPE_CHECKING:  # the card rules are imported when a card game is met, not for the first frame
    from doolhof.cards import Card

VARIANT_LABELS = {"junior": N_("Junior"), "junior-own": N_("Own secrets"), "classic": N_("Big board"),
                  CARDS: N_("Card game")}
#: The card game's age, shown small in a corner of its game card for the parents.
CARDS_AGE = "7+"
LEVEL_LABELS = {"gentle": N_("gentle"), "clever": N_("clever"), "expert": N_("expert")}


class SetupChoices(Protocol):
    """What the buttons read of the setup screen, and what their taps call."""

    #: How many seats are in play.
    count: int
    #: Every seat card's person or computer (and level), in play or not.
    slots: list[SeatConfig]
    #: Every waiting game, kind (``"maze"``, ``"cards"``) -> game.
    waiting: dict[str, SavedGame]
    #: The seats marked far away (played on the other computer; only while online play is on).
    marked_far: set[int]
    #: The figure each seat card plays (all different).
    figures: list[int]

    @property
    def online(self) -> bool:
        """True while online play is on (seats may be far away)."""
        ...

    @property
    def saved_game(self) -> SavedGame | None:
        """The saved game Continue would continue (the chosen kind's), or None."""
        ...

    def tap_figure(self, k: int) -> None:
        """Seat *k*'s figure was tapped."""
        ...

    def toggle_place(self, k: int) -> None:
        """Seat *k*'s person plays here or far away."""
        ...

    def offered(self) -> tuple[SavedGame | None, int | None]:
        """The game the big Continue offers and, for an online game, the figure its far seat plays."""
        ...

    def waiting_variants(self) -> frozenset[str]:
        """The variants a game waits in (this computer's, and online ones while online play is on)."""
        ...

    def toggle_kind(self, k: int) -> None:
        """Switch seat *k* between person and computer."""
        ...

    def cycle_level(self, k: int) -> None:
        """The next level for computer seat *k*."""
        ...

    def set_variant(self, variant: str) -> None:
        """Choose the game *variant*."""
        ...

    def resume(self) -> None:
        """Continue the saved game."""
        ...


class SeatFigureButton(Button):
    """Seat *k*'s big figure (the one it plays): on a free seat (faded, with a plus) a tap adds seats up to it; on
    a seat in play a tap opens the figure picker (:mod:`.figures`; children tap faces: that never takes a player
    away)."""

    def __init__(self, scene: SetupChoices, k: int) -> None:
        """The figure button of seat *k*."""
        super().__init__(lambda: scene.tap_figure(k), name=f"figure{k}")
        self.scene, self.k = scene, k
        #: Where the figure is drawn: the tap area (:attr:`rect`) leaves out the corner where the remove
        #: control of the last seat sits, on every seat alike.
        self.area = pygame.Rect(0, 0, 0, 0)
        #: That corner: the figure is drawn clear of the round minus there (with its rim), on every seat.
        self.corner = pygame.Rect(0, 0, 0, 0)
        self._spots: dict[tuple[object, ...], tuple[int, tuple[int, int]]] = {}

    def spot(self, art: Art | None, look: int, box: pygame.Rect) -> tuple[int, tuple[int, int]]:
        """(size, centre) of figure *look* in *box*: as big and as central as it can be with no pixel of it under
        the corner's round minus and its rim (an ear, a hat, a petal), smaller only when it must."""
        most = int(min(box.width, box.height) * (0.82 if not self.pressed else 0.76))
        if art is None or self.corner.width <= 0 or most <= 4:
            return most, box.center
        key = (look, most, tuple(box), tuple(self.corner))
        found = self._spots.get(key)
        if found is None:
            found = self._spots[key] = _clear_spot(art, look, most, box, self.corner)
        return found

    def draw(self, surface: pygame.Surface, art: Art | None = None) -> None:
        """The figure (faded with a plus when the seat is free), a robot badge for computers."""
        if self.rect.width <= 0 or self.rect.height <= 0:
            return
        box = self.area if self.area.width > 0 else self.rect
        active = self.k < self.scene.count
        look = self.scene.figures[self.k]
        px, center = self.spot(art, look, box)
        figure = safe_art(f"figure {look}", lambda: art.figure(look, px)) if art is not None else None
        if figure is None:
            pygame.draw.circle(surface, theme.SEAT_COLORS[look], center, px // 2)
        elif active:
            surface.blit(figure, figure.get_rect(center=center))
        else:
            faded = figure.copy()
            faded.set_alpha(70)
            surface.blit(faded, faded.get_rect(center=center))
            plus = safe_icon(art, "plus", px // 2)
            if plus is not None:
                surface.blit(plus, plus.get_rect(center=center))
        spot = badge_rect(box, px)
        badge_px = spot.width
        if active and self.scene.slots[self.k].is_computer and art is not None:
            badge = safe_art("robot", lambda: art.robot(badge_px))
            if badge is not None:
                surface.blit(badge, badge.get_rect(topright=spot.topright))
        if active and self.k in self.scene.marked_far and self.scene.online \
                and not self.scene.slots[self.k].is_computer:
            pygame.draw.circle(surface, theme.WHITE, spot.center, badge_px // 2 + max(1, badge_px // 12))
            badge = safe_icon(art, "globe", badge_px)
            if badge is not None:
                surface.blit(badge, spot)


class _SeatWordButton(Button):
    """A seat's row button with an icon and a word (the place switch): the whole row is the tap area."""

    scene: SetupChoices
    k: int

    def _parts(self, face_rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, int]:
        """(icon box, words box, icon px) inside the face: the icon beside the word, or above it when the word
        gets a bigger size that way (a narrow seat card)."""
        area = face_rect.inflate(-face_rect.height // 5, -face_rect.height // 6)
        px = int(min(area.height, area.width * 0.35))
        beside = pygame.Rect(area.x + px + area.height // 8, area.y, max(1, area.width - px - area.height // 8),
                             area.height)
        top_px = int(area.height * 0.45)
        below = pygame.Rect(area.x, area.y + top_px, area.width, max(1, area.height - top_px))
        texts = self.label_texts()
        if shared_px(texts, below.size, int(below.height * 0.9)) > shared_px(texts, beside.size,
                                                                            int(area.height * 0.6)):
            return pygame.Rect(area.x, area.y, area.width, top_px), below, top_px
        return pygame.Rect(area.x, area.y, px, area.height), beside, px

    def _draw_inside(self, surface: pygame.Surface, face_rect: pygame.Rect, icon_box: pygame.Rect,
                     words: pygame.Rect, icon: pygame.Surface | None) -> None:
        """The icon in its box (at the box's left when it stands beside the word) and the word."""
        if icon is not None:
            where = icon.get_rect(center=icon_box.center)
            if icon_box.width < icon_box.height * 1.5:
                where.left = icon_box.left
            surface.blit(icon, where)
        top = int(face_rect.height * 0.6)
        draw_text(surface, text_of(self.label), words, theme.INK, max_px=top if self.text_px is None
                  else min(top, self.text_px))

    def label_box(self) -> tuple[pygame.Rect, int | None] | None:
        """The words' box, unpressed."""
        face = pygame.Rect(self.rect.x, self.rect.y, self.rect.width, self.rect.height - max(2, self.rect.height // 14))
        _icon, words, _px = self._parts(face)
        return (words, int(face.height * 0.6))


class KindButton(Button):
    """Person or computer for seat *k*: a switch showing both (the person and the robot, the chosen one on its
    knob), beside the word of what the seat is. Only the switch takes a tap (:attr:`rect`); the word and the
    rest of the row (:attr:`area`) are a label, so a child's tap on "Person" never makes the seat a computer.
    Far away is the place switch's (:class:`PlaceButton`)."""

    def __init__(self, scene: SetupChoices, k: int) -> None:
        """The switch of seat *k*."""
        super().__init__(lambda: scene.toggle_kind(k), style=CHOICE, name=f"kind{k}", label=self.word)
        self.scene, self.k = scene, k
        #: The whole row: the word's plate with the switch in it (:attr:`rect`, set by :meth:`place`).
        self.area = pygame.Rect(0, 0, 0, 0)
        #: Where the word is drawn.
        self.words = pygame.Rect(0, 0, 0, 0)

    def word(self) -> str:
        """What the seat is: a person or a computer."""
        return _("Computer") if self.scene.slots[self.k].is_computer else _("Person")

    def label_texts(self) -> list[str]:
        """Every word it may show, so the row keeps its size when a seat switches."""
        return [_("Person"), _("Computer")]

    def word_width(self, word_px: int) -> int:
        """The room the longest word needs at *word_px* (with a little air)."""
        return max(font(word_px).size(text)[0] for text in self.label_texts()) + max(8, word_px)

    def stacks(self, width: int, least: int, word_px: int) -> bool:
        """True when a row *width* wide has no room for a roomy switch beside the word: the word goes above."""
        return width - self.word_width(word_px) < least * 3 // 2

    def place(self, row: pygame.Rect, least: int, word_px: int) -> None:
        """Lay the switch and the word out in *row*: the switch (at least *least* each way) at the right, the
        word beside it, or above the switch when :meth:`stacks` and the row is tall enough."""
        self.area = row.copy()
        need = self.word_width(word_px)
        if not self.stacks(row.width, least, word_px) or row.height < least + word_px * 3 // 2:
            switch_w = min(row.width, max(least, min(int(row.height * 1.9), row.width - need)))
            self.rect = pygame.Rect(row.right - switch_w, row.y, switch_w, row.height)
            air = max(2, word_px // 3)
            self.words = pygame.Rect(row.x + air, row.y, max(1, row.width - switch_w - air), row.height)
        else:
            switch_h = max(least, min(row.height - word_px * 2, int(row.width / 1.6)))
            self.rect = pygame.Rect(row.x, row.bottom - switch_h, row.width, switch_h)
            self.words = pygame.Rect(row.x, row.y, row.width, max(1, row.height - switch_h))

    def label_box(self) -> tuple[pygame.Rect, int | None] | None:
        """The word's box."""
        return (self.words, int(min(self.words.height, self.area.height) * 0.6))

    def knob_rects(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(track, the person's place, the robot's place) of the switch drawn in :attr:`rect`, unpressed."""
        inner = self.rect.inflate(-max(4, self.rect.height // 8), -max(4, self.rect.height // 6))
        h = max(1, min(inner.height, int(inner.width / 2.1)))
        track = pygame.Rect(0, 0, min(inner.width, int(h * 2.1)), h)
        track.center = inner.center
        half = track.height
        person = pygame.Rect(track.x, track.y, half, half)
        robot = pygame.Rect(track.right - half, track.y, half, half)
        return track, person, robot

    def draw(self, surface: pygame.Surface, art: Art | None = None) -> None:
        """The word on a flat plate in the seat's colour, and the switch: the person and the robot on a track,
        the chosen one on a raised white knob, the other faded."""
        if not self.visible or self.rect.width <= 0:
            return
        computer = self.scene.slots[self.k].is_computer
        color = theme.SEAT_COLORS[self.scene.figures[self.k]]
        plate = self.area if self.area.width > 0 else self.rect
        radius = max(6, min(plate.width, plate.height) // 4)
        pygame.draw.rect(surface, lighten(color, 0.82) if not computer else theme.COMPUTER_FACE, plate,
                         border_radius=radius)
        pygame.draw.rect(surface, lighten(color, 0.4), plate, width=max(1, plate.height // 30), border_radius=radius)
        top = int(min(self.words.height, plate.height) * 0.6)
        draw_text(surface, self.word(), self.words, theme.INK,
                  max_px=top if self.text_px is None else min(top, self.text_px))
        track, person, robot = self.knob_rects()
        if self.pressed:
            for box in (track, person, robot):
                box.y += max(1, track.height // 12)
        edge = darken(color, 0.25)
        line = max(2, track.height // 14)
        pygame.draw.rect(surface, theme.SOFT_EDGE, track.move(0, line), border_radius=track.height // 2)
        pygame.draw.rect(surface, lighten(color, 0.55), track, border_radius=track.height // 2)
        pygame.draw.rect(surface, edge, track, width=line, border_radius=track.height // 2)
        chosen, other = (robot, person) if computer else (person, robot)
        pygame.draw.circle(surface, edge, (chosen.centerx, chosen.centery + line), chosen.height // 2)
        pygame.draw.circle(surface, theme.WHITE, chosen.center, chosen.height // 2)
        pygame.draw.circle(surface, edge, chosen.center, chosen.height // 2, line)
        if art is None:
            return
        px = max(1, int(track.height * 0.72))
        icons = (safe_art("person", lambda: art.icon("person", px)), safe_art("robot", lambda: art.robot(px)))
        for box, icon in zip((person, robot), icons):
            if icon is None:
                continue
            if box is other:
                icon = icon.copy()
                icon.set_alpha(110)
            surface.blit(icon, icon.get_rect(center=box.center))


class PlaceButton(_SeatWordButton):
    """Where seat *k*'s person plays: here (the house) or far away (the globe), on the other computer; a tap
    switches. Shown under a person's switch while online play is on, where a computer shows its level: far
    away is a choice of its own, never one more step of person and computer, so a tap too few never
    turns a far player into the computer."""

    def __init__(self, scene: SetupChoices, k: int) -> None:
        """The place switch of seat *k*."""
        Button.__init__(self, lambda: scene.toggle_place(k), style=CHOICE, name=f"place{k}", label=self.word)
        self.scene, self.k = scene, k

    def is_far(self) -> bool:
        """True when the seat is played far away (on the other computer)."""
        return self.k in self.scene.marked_far and self.scene.online and not self.scene.slots[self.k].is_computer

    def word(self) -> str:
        """Here or far away."""
        return _("Far away") if self.is_far() else _("Here")

    def label_texts(self) -> list[str]:
        """Both words, so the row keeps its size when the seat switches."""
        return [_("Here"), _("Far away")]

    def draw(self, surface: pygame.Surface, art: Art | None = None) -> None:
        """The house and "Here", or the globe and "Far away" on the sky's colour."""
        if not self.visible or self.rect.width <= 0:
            return
        is_far = self.is_far()
        color = theme.SEAT_COLORS[self.scene.figures[self.k]]
        face = theme.FAR_FACE if is_far else theme.WHITE
        face_rect = draw_slab(surface, self.rect, face, darken(color, 0.25) if is_far else theme.SOFT_EDGE,
                              self.pressed)
        icon_box, words, px = self._parts(face_rect)
        icon = safe_icon(art, "globe" if is_far else "home", px)
        self._draw_inside(surface, face_rect, icon_box, words, icon)


class LevelButton(Button):
    """A computer seat's level, shown as one to three pips and a word (tap to cycle)."""

    def __init__(self, scene: SetupChoices, k: int) -> None:
        """The level chip of seat *k*."""
        super().__init__(lambda: scene.cycle_level(k), style=QUIET, name=f"level{k}")
        self.scene, self.k = scene, k

    def draw(self, surface: pygame.Surface, art: Art | None = None) -> None:
        """Pips for the level and its name."""
        if not self.visible or self.rect.width <= 0:
            return
        level = self.scene.slots[self.k].level
        rank = LEVELS.index(level) + 1 if level in LEVELS else 1
        face_rect = draw_slab(surface, self.rect, theme.WHITE, theme.SOFT_EDGE, self.pressed)
        pips, words, r = self._parts(face_rect)
        step = int(2.6 * r)
        x0 = pips.centerx - (step * (len(LEVELS) - 1)) // 2 if pips.width > step * len(LEVELS) + r * 4 else pips.x + r
        for i in range(len(LEVELS)):
            c = (x0 + i * step, pips.centery)
            pygame.draw.circle(surface, theme.PIP if i < rank else theme.PIP_OFF, c, r)
            pygame.draw.circle(surface, theme.PIP_EDGE if i < rank else theme.SOFT_EDGE, c, r, max(1, r // 4))
        top = int(face_rect.height * 0.55)
        draw_text(surface, _(LEVEL_LABELS.get(level, level)), words, theme.INK,
                  max_px=top if self.text_px is None else min(top, self.text_px))

    def _parts(self, face_rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, int]:
        """(pips' box, word's box, pip radius) inside the face: the pips beside the word, or above it when the
        word gets a bigger size that way (a narrow seat card)."""
        area = face_rect.inflate(-face_rect.height // 4, -face_rect.height // 4)
        r = max(2, int(min(area.height * 0.22, area.width * 0.06)))
        left = area.x + int(2.6 * r) * len(LEVELS) + r
        beside = pygame.Rect(left, area.y, max(1, area.right - left), area.height)
        top_h = max(2 * r + 2, int(area.height * 0.3))
        r_above = max(2, min(r, top_h // 2 - 1))
        below = pygame.Rect(area.x, area.y + top_h, area.width, max(1, area.height - top_h))
        texts = self.label_texts()
        limit = int(face_rect.height * 0.55)
        if shared_px(texts, below.size, limit) > shared_px(texts, beside.size, limit):
            return pygame.Rect(area.x, area.y, area.width, top_h), below, r_above
        return pygame.Rect(area.x, area.y, left - area.x, area.height), beside, r

    def label_texts(self) -> list[str]:
        """Every level's word, so the row keeps its size while a level changes."""
        return [_(LEVEL_LABELS[level]) for level in LEVELS]

    def label_box(self) -> tuple[pygame.Rect, int | None] | None:
        """The word's box, unpressed."""
        face = pygame.Rect(self.rect.x, self.rect.y, self.rect.width, self.rect.height - max(2, self.rect.height // 14))
        _pips, words, _r = self._parts(face)
        return (words, int(face.height * 0.55))


class VariantButton(Button):
    """A game card: a small picture of the board and what you hunt, and its name."""

    def __init__(self, scene: SetupChoices, variant: str) -> None:
        """The card of *variant*."""
        super().__init__(lambda: scene.set_variant(variant), style=CHOICE, name=variant,
                         label=lambda: _(VARIANT_LABELS[variant]))
        self.scene, self.variant = scene, variant

    def waiting_here(self) -> bool:
        """True when a game of this very variant waits (this computer's or an online one: its card carries
        "again")."""
        return self.variant in self.scene.waiting_variants()

    def badge_rect(self) -> pygame.Rect:
        """Where the "again" badge sits: the card's top-right corner (zero size when no game of it waits)."""
        if not self.waiting_here():
            return pygame.Rect(0, 0, 0, 0)
        px = max(1, min(self.rect.height // 5, 36))
        corner = pygame.Rect(0, 0, px + px // 3, px + px // 3)
        corner.topright = (self.rect.right - px // 4, self.rect.top + px // 4)
        return corner

    def parts(self, area: pygame.Rect | None = None) -> dict[str, pygame.Rect]:
        """Where the card's pieces go inside its face *area* (default: as drawn unpressed): ``label``, ``badge``
        and, for a maze, ``board`` and ``hunt`` (the star card or the little piles); for the card game ``cards``
        and ``age``. The picture moves aside for the badge, so nothing hides another."""
        if area is None:
            depth = max(2, self.rect.height // 14)  # as draw_slab draws the face
            face = pygame.Rect(self.rect.x, self.rect.y, self.rect.width, self.rect.height - depth)
            area = face.inflate(-face.height // 5, -face.height // 6)
        text_h = int(area.height * 0.32)
        # The name may use the card's whole width, out to its rim: on a small card it is set bigger.
        wider = max(0, min(area.height // 8, (self.rect.width - area.width) // 2 - max(3, self.rect.height // 24)))
        out = {"label": pygame.Rect(area.x - wider, area.bottom - text_h, area.width + 2 * wider, text_h),
               "badge": self.badge_rect()}
        room = pygame.Rect(area.x, area.y, area.width, area.height - text_h)
        badge = out["badge"]
        if badge.width and badge.bottom > room.top and badge.left < room.right:
            # The picture takes the larger room beside or below the badge.
            gap = max(2, badge.width // 8)
            beside = pygame.Rect(room.x, room.y, max(1, badge.left - gap - room.x), room.height)
            below = pygame.Rect(room.x, badge.bottom + gap, room.width, max(1, room.bottom - badge.bottom - gap))
            room = beside if _fit(beside, self.variant) >= _fit(below, self.variant) else below
        if self.variant == CARDS:
            inner = room.inflate(-room.width // 16, 0)
            side = max(2, int(min(inner.width / 3.15, inner.height / 2.05)))
            gap = max(1, side // 20)
            out["cards"] = pygame.Rect(0, 0, 3 * side + 2 * gap, 2 * side + gap)
            out["cards"].center = inner.center
            age_h = max(10, min(int(self.rect.height * 0.16), 26))
            inset = max(4, self.rect.height // 14)
            out["age"] = pygame.Rect(self.rect.left + inset, self.rect.top + inset * 3 // 4, age_h * 2, age_h)
            return out
        side = max(1, min(room.height, int(room.width / 1.6)))
        total = side + side // 12 + int(side * 0.45)
        out["board"] = pygame.Rect(room.centerx - total // 2, room.centery - side // 2, side, side)
        box = pygame.Rect(out["board"].right + side // 12, out["board"].y, int(side * 0.45), side)
        if self.variant == "junior":
            card = pygame.Rect(0, 0, box.width, min(side, int(box.width * 1.3)))
            card.center = box.center
            box = card
        out["hunt"] = box
        return out

    def draw(self, surface: pygame.Surface, art: Art | None = None) -> None:
        """The card, with the "again" arrow in its corner when a game of this variant waits."""
        super().draw(surface, art)
        corner = self.badge_rect()
        if not self.visible or not corner.width:
            return
        icon = safe_icon(art, "again", corner.width * 3 // 4)
        if icon is None:
            return
        pygame.draw.circle(surface, theme.PANEL, corner.center, corner.width // 2)
        surface.blit(icon, icon.get_rect(center=corner.center))

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect, ink: theme.Color, art: Art | None) -> None:
        """Board picture on top, name below."""
        parts = self.parts(area)
        if self.variant == CARDS:
            self._draw_cards(surface, parts["cards"], parts["age"], art)
        else:
            board = parts["board"]
            surface.blit(mini_board(self.variant, board.width), board)
            self._draw_hunt(surface, art, parts["hunt"])
        draw_text(surface, text_of(self.label), parts["label"], ink, max_px=self.text_px)

    def label_box(self) -> tuple[pygame.Rect, int | None] | None:
        """The name's strip below the picture."""
        return (self.parts()["label"], None)

    def _draw_cards(self, surface: pygame.Surface, block: pygame.Rect, age: pygame.Rect, art: Art | None) -> None:
        """A few maze cards lying edge to edge in *block*, their paths joining two apples; "7+" small in *age*, the
        top-left corner, where the picture leaves a free cell."""
        gap = max(1, block.height // 41)
        side = (block.height - gap) // 2
        for (cx, cy), nets in TABLE_CARDS:
            rect = pygame.Rect(block.x + cx * (side + gap), block.y + cy * (side + gap), side, side)
            draw_card_face(surface, rect, nets, art)
        draw_text(surface, CARDS_AGE, age, theme.INK_SOFT, max_px=age.height)

    def _draw_hunt(self, surface: pygame.Surface, art: Art | None, box: pygame.Rect) -> None:
        """What you look for: one shared card (Junior) or a little pile per figure (own secrets)."""
        if self.variant == "junior":
            card = box
            pygame.draw.rect(surface, theme.WHITE, card, border_radius=max(2, card.width // 6))
            pygame.draw.rect(surface, theme.CARD_RIM, card, max(1, card.width // 14),
                             border_radius=max(2, card.width // 6))
            star = None if art is None else safe_art("star", lambda: art.picture("star", int(card.width * 0.8)))
            if star is not None:
                surface.blit(star, star.get_rect(center=card.center))
            return
        piles = 2
        step = box.height // (piles + 1)
        for p in range(piles):
            cy = box.y + step * (p + 1)
            for layer in range(3):
                card = pygame.Rect(0, 0, int(box.width * 0.62), int(step * 0.75))
                card.center = (box.centerx - layer * 3 + 4, cy - layer * 3 + 4)
                pygame.draw.rect(surface, lighten(theme.SEAT_COLORS[p], 0.3 if layer == 2 else 0.6), card,
                                 border_radius=max(2, card.height // 5))
                pygame.draw.rect(surface, darken(theme.SEAT_COLORS[p], 0.3), card, 1,
                                 border_radius=max(2, card.height // 5))


class GamePicture(VariantButton):
    """A game card's picture and name drawn flat, as a sign and not a control (an invitation says which game)."""

    def __init__(self, variant: str) -> None:
        """The picture of *variant*."""
        Button.__init__(self, lambda: None, style=CHOICE, name=f"picture-{variant}",
                        label=lambda: _(VARIANT_LABELS[variant]))
        self.variant = variant

    def waiting_here(self) -> bool:
        """A sign carries no "again" badge."""
        return False


def draw_game_card(surface: pygame.Surface, rect: pygame.Rect, variant: str, art: Art) -> None:
    """*variant*'s picture and name in *rect* as the setup screen's game card shows them, on a flat cream plate
    (no raised face: it is no button)."""
    if variant not in VARIANT_LABELS or rect.width < 8 or rect.height < 8:
        return
    radius = max(6, min(rect.size) // 8)
    pygame.draw.rect(surface, theme.WHITE, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.CREAM_EDGE, rect, width=max(1, rect.height // 40), border_radius=radius)
    picture = GamePicture(variant)
    picture.rect = rect.copy()
    picture.draw_content(surface, rect.inflate(-rect.height // 5, -rect.height // 6), theme.INK, art)


def _fit(room: pygame.Rect, variant: str) -> float:
    """How big a game card's picture gets in *room*: the side of its board (or of its cards)."""
    if variant == CARDS:
        return min(room.width / 3.15, room.height / 2.05)
    return min(room.height, room.width / 1.6)


class ContinueButton(Button):
    """Continue the waiting game: the "again" arrow, the word, and a little picture of the game that waits
    (an online game's with the far figure on it, wearing the far-away badge)."""

    def __init__(self, scene: SetupChoices) -> None:
        """The Continue button of *scene* (shown only when a game waits)."""
        super().__init__(scene.resume, icon="again", label=lambda: _("Continue"), style=SECONDARY, name="continue")
        self.scene = scene

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect, ink: theme.Color, art: Art | None) -> None:
        """The usual arrow and word, with the waiting game's picture at the right end when there is room.

        A maze is a square as high as the button's face; a card table is wider and shows at most
        :data:`CONTINUE_ROWS` rows of cards, so the cards are big enough to know again.
        """
        saved, figure = self.scene.offered()
        picture = self._picture(area)
        if saved is None or picture is None:
            super().draw_content(surface, area, ink, art)
            return
        alone = continue_picture(area, saved) is None
        if not alone:
            draw_waiting_game(surface, picture, saved, art,
                              rows=None if isinstance(saved.game, Game) else CONTINUE_ROWS)
        if figure is not None:
            draw_far_figure(surface, picture, figure, art, alone=alone)
        super().draw_content(surface, pygame.Rect(area.x, area.y, picture.x - area.x - area.height // 8,
                                                  area.height), ink, art)

    def _picture(self, area: pygame.Rect) -> pygame.Rect | None:
        """Where the waiting game's picture goes in the face *area*; for an online game in a button too narrow
        for its picture, the place of the far figure alone (whose game it is shows in every window)."""
        saved, figure = self.scene.offered()
        picture = continue_picture(area, saved)
        if picture is None and figure is not None and area.height >= 8:
            picture = pygame.Rect(0, 0, area.height * 3 // 5, area.height * 3 // 5)
            picture.midright = (area.right - area.height // 8, area.centery - area.height // 10)
        return picture

    def picture_rect(self) -> pygame.Rect | None:
        """Where the waiting game's picture goes (unpressed), or None when there is none."""
        return self._picture(self.face_area())

    def label_box(self) -> tuple[pygame.Rect, int | None] | None:
        """The word's box: beside the waiting game's picture when there is one."""
        area = self.face_area()
        picture = self._picture(area)
        if picture is not None:
            area = pygame.Rect(area.x, area.y, picture.x - area.x - area.height // 8, area.height)
        return self._label_box_in(area)


def draw_far_figure(surface: pygame.Surface, area: pygame.Rect, figure: int, art: Art | None,
                    alone: bool = False) -> None:
    """The far side's *figure* over the lower right corner of a waiting online game's picture in *area* (or, *alone*,
    filling *area*), with the far-away badge on it: whose game this is, at a glance."""
    if art is None:
        return
    px = max(12, int(min(area.w, area.h) * (1.0 if alone else 0.55)))
    image = safe_art(f"figure {figure}", lambda: art.figure(figure, px))
    if image is None:
        return
    spot = image.get_rect(center=area.center) if alone else \
        image.get_rect(bottomright=(area.right + px // 6, area.bottom + px // 8))
    surface.blit(image, spot)
    badge = safe_art("far", lambda: art.far_badge(max(10, px // 2)))
    if badge is not None:
        surface.blit(badge, badge.get_rect(center=(spot.right - badge.get_width() // 4,
                                                  spot.bottom - badge.get_height() // 4)))


#: Rows of cards the Continue button's picture of a waiting card table shows at most.
CONTINUE_ROWS = 2


def continue_picture(area: pygame.Rect, saved: SavedGame | None) -> pygame.Rect | None:
    """Where the Continue button with the face *area* pictures *saved*: at its right end, as high as the face
    (a card table half as wide again), smaller in a narrow button, so the word still gets room beside it;
    None when even the smallest picture leaves it none."""
    if saved is None or area.height < 8:
        return None
    wide = 1.0 if isinstance(saved.game, Game) else 1.5
    for share, ratio in ((1.0, wide), (0.8, wide), (0.8, 1.0), (0.65, 1.0)):  # a narrow button: a smaller one
        side = int(area.height * share)
        width = int(side * ratio)
        if area.width - width >= area.height * 1.7:
            picture = pygame.Rect(0, 0, width, side)
            picture.midright = (area.right, area.centery)
            return picture
    return None


def draw_waiting_game(surface: pygame.Surface, picture: pygame.Rect, saved: SavedGame, art: Art | None,
                      rows: int | None = None) -> None:
    """The little picture of a waiting game in *picture*, as it stands: its own maze with the figures where they
    are (a square in the middle), or its own card table, each card drawn as on the real table.

    *rows* (the Continue button's small picture) shows at most that many rows of cards, so they stay big
    enough to know again: the stretch of the table holding the most cards.
    """
    if isinstance(saved.game, Game):
        side = max(1, min(picture.width, picture.height))
        board = game_board(saved.game, side, saved.table.all_figures(saved.game.players))
        surface.blit(board, board.get_rect(center=picture.center))
    else:
        laid = tuple(sorted((cell, card, rotation) for cell, (card, rotation) in saved.game.table.items()))
        image = _card_table_picture(laid, (max(1, picture.width), max(1, picture.height)), art, rows)
        surface.blit(image, image.get_rect(center=picture.center))


#: The card game's picture on its game card: (column, row) -> a card's networks, joined edge to edge,
#: a path running from the apple on the first card through the middle two to the apple on the last.
TABLE_CARDS: tuple[tuple[tuple[int, int], list[Net]], ...] = (
    ((0, 1), card_nets([((3,), ("apple",)), ((0, 7), ())])),
    ((1, 1), card_nets([((6, 0), ()), ((3, 4), ("star",))])),
    ((1, 0), card_nets([((5, 2), ()), ((0, 7), ())])),
    ((2, 0), card_nets([((7,), ("apple",)), ((3, 5), ())])),
)
#: The two cards of the hand drawn beside the deck.
HAND_CARDS: tuple[list[Net], list[Net]] = (
    card_nets([((0, 4), ("fish",)), ((6,), ())]),
    card_nets([((2, 7), ("key",)), ((4, 5), ("moon",))]),
)


@lru_cache(maxsize=8)
def mini_board(variant: str, side: int) -> pygame.Surface:
    """A little picture of *variant*'s board: a real shuffled maze in hedge and sand, a figure in each
    corner (cached per size)."""
    game = Game.new(variant=variant, players=2, seed=4)
    homes = tuple(game.variant.home(seat) for seat in range(4))
    return _maze_picture(game.board.size, tuple(game.board.masks()), homes, side)


def game_board(game: Game, side: int, looks: tuple[int, ...] = ()) -> pygame.Surface:
    """A little picture of *game* as it waits: its own maze and its figures where they stand (cached); *looks*:
    the figure each seat plays (default: its own)."""
    return _maze_picture(game.board.size, tuple(game.board.masks()), tuple(game.positions), side, looks)


#: A laid card: its cell (x, y), the card and its rotation.
Laid: TypeAlias = "tuple[tuple[int, int], Card, int]"


def card_table_window(cells: Iterable[tuple[int, int]], size: tuple[int, int],
                      rows: int | None = None) -> tuple[float, tuple[int, int], tuple[int, int]]:
    """How the table's *cells* fit a picture of *size*: (cell side, first cell shown, cells across and down).

    Every card fits when it can; with *rows*, cells are at least ``height / rows`` and the picture shows the
    stretch (cells across by cells down) that holds the most cards.
    """
    spots = set(cells)
    if not spots:
        return (1.0, (0, 0), (0, 0))
    xs, ys = [x for x, _y in spots], [y for _x, y in spots]
    across, down = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    w, h = size
    step = min(w / across, h / down)
    if rows is not None and down > rows:
        step = max(step, h / rows)
    cols_shown, rows_shown = min(across, max(1, int(w / step + 1e-6))), min(down, max(1, int(h / step + 1e-6)))
    best, first = -1, (min(xs), min(ys))
    for x0 in range(min(xs), max(xs) - cols_shown + 2):
        for y0 in range(min(ys), max(ys) - rows_shown + 2):
            count = sum(1 for x, y in spots if x0 <= x < x0 + cols_shown and y0 <= y < y0 + rows_shown)
            if count > best:
                best, first = count, (x0, y0)
    return (step, first, (cols_shown, rows_shown))


@lru_cache(maxsize=6)
def _card_table_picture(laid: tuple[Laid, ...], size: tuple[int, int], art: Art | None,
                        rows: int | None) -> pygame.Surface:
    """The cards *laid* ((x, y), card, rotation) as they lie on the table, fitted into *size* (see
    :func:`card_table_window`): each card fills its cell as on the real table, with its pictures where the real
    card has them (:class:`~doolhof.gui.cardtable.faces.CardFaces`), so none hides another."""
    step, (x0, y0), (cols, rows_shown) = card_table_window((cell for cell, _card, _r in laid), size, rows)
    image = pygame.Surface((max(1, int(step * cols)), max(1, int(step * rows_shown))), pygame.SRCALPHA)
    faces = None
    if art is not None and step >= 8:
        from doolhof.gui.cardtable.faces import CardFaces  # the card table's drawing, only once a card game waits

        faces = CardFaces(art)
    for (x, y), card, rotation in laid:
        if not (x0 <= x < x0 + cols and y0 <= y < y0 + rows_shown):
            continue
        rect = pygame.Rect(round((x - x0) * step), round((y - y0) * step), int(step), int(step))
        if faces is not None:
            image.blit(faces.face(card, rotation, rect.width), rect)
        else:  # no art (tests) or too small for the table's faces: corridors only
            nets = card_nets(((n.ports, n.treasures) for n in card.networks), rotation)
            draw_card_face(image, rect.inflate(-max(1, rect.width // 20), -max(1, rect.width // 20)), nets, None)
    return image


@lru_cache(maxsize=8)
def _maze_picture(n: int, masks: tuple[int, ...], figures: tuple[tuple[int, int], ...], side: int,
                  looks: tuple[int, ...] = ()) -> pygame.Surface:
    """*n* x *n* cells of *masks* in hedge and sand, with seat *k*'s figure as a dot on ``figures[k]``, in the
    colour of the figure it plays (``looks[k]``; default its own) (figures sharing a cell stand side by side)."""
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    cell = side / n
    pygame.draw.rect(image, theme.HEDGE_DARK, image.get_rect(), border_radius=max(2, side // 14))
    draw_mini_maze(image, masks, n, 0.34)
    for seat, (r, c) in enumerate(figures):
        sharing = [k for k, spot in enumerate(figures) if spot == (r, c)]
        shift = (sharing.index(seat) - (len(sharing) - 1) / 2) * cell * 0.3
        center = (round((c + 0.5) * cell + shift), round((r + 0.5) * cell))
        radius = max(1, round(cell * (0.22 if len(sharing) == 1 else 0.16)))
        look = looks[seat] if seat < len(looks) else seat
        pygame.draw.circle(image, theme.SEAT_COLORS[look % len(theme.SEAT_COLORS)], center, radius)
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def badge_rect(box: pygame.Rect, px: int) -> pygame.Rect:
    """Where a seat's robot (a computer) or globe (far away) badge sits over a figure of *px* in *box*."""
    side = max(1, px // 3)
    badge = pygame.Rect(0, 0, side, side)
    badge.topright = (box.right - px // 12, box.top + px // 12)
    return badge


def minus_reach(corner: pygame.Rect) -> int:
    """The radius the last seat's round minus in *corner* is drawn with, its rim in the seat's colour included."""
    return corner.width // 2 + max(2, corner.width // 16)


@lru_cache(maxsize=8)
def _disc(radius: int) -> pygame.mask.Mask:
    disc = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
    pygame.draw.circle(disc, (0, 0, 0, 255), (radius, radius), radius)
    return pygame.mask.from_surface(disc)


def _clear_spot(art: Art, look: int, most: int, box: pygame.Rect, corner: pygame.Rect) -> tuple[int, tuple[int, int]]:
    """The biggest figure size (from *most* down) and the centre nearest *box*'s centre at which figure *look*
    lies inside *box* with none of its pixels on the minus' disc in *corner* (one pixel of air)."""
    radius = minus_reach(corner) + 1
    disc = _disc(radius)
    disc_at = (corner.centerx - radius, corner.centery - radius)
    px = most
    while px >= max(4, most * 55 // 100):
        image = safe_art(f"figure {look}", partial(art.figure, look, px))
        if image is None:
            break
        mask = pygame.mask.from_surface(image, 40)
        w, h = image.get_size()
        badge = badge_rect(box, px)
        mark = _disc(badge.width // 2 + max(1, badge.width // 12) + 1)
        mark_at = (badge.centerx - mark.get_size()[0] // 2, badge.centery - mark.get_size()[1] // 2)
        step = max(1, px // 24)
        spots = [(x, y) for x in range(box.centerx, box.right - w // 2 + 1, step)
                 for y in range(box.centery, box.bottom - h // 2 + 1, step)]
        for x, y in sorted(spots, key=lambda spot: (spot[0] - box.centerx) + (spot[1] - box.centery)):
            left, top = x - w // 2, y - h // 2
            if not mask.overlap(disc, (disc_at[0] - left, disc_at[1] - top)) and \
                    not mask.overlap(mark, (mark_at[0] - left, mark_at[1] - top)):
                return px, (x, y)
        px -= max(1, most // 30)
    return most, box.center
