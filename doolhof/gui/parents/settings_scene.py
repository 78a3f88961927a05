"""The parents' settings screen: language, sound, volume, animation speed, reduced motion, hints, the card
game's hands (open or hidden), full screen, and playing far away.

One row per setting, the label on the left (above, in a tall window) and big choice buttons on
the right. Every tap goes through :meth:`doolhof.gui.app.App.apply_settings`, which saves the
settings file and applies the change at once: the language from the next frame, sound and volume
on the sound player, full screen on the window. Animation speed, reduced motion and automatic
hints are read by the play screen from ``app.settings``; so is ``hidden_hands`` by the card game's
play screen. Its two choices are pictures: two open cards, or two face-down cards under a hand.

"Playing far away" (``Settings.online``) is off by default; while it is on, a third button in its row
opens the page of the relay address and the remembered computers (:mod:`.online_page`), shown on this
screen in place of the rows. While it is off nothing of it shows and nothing touches the network.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.cardpics import card_nets, draw_card_back, draw_card_face
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host, Scene
from doolhof.gui.kit.text import draw_text, readable_px, shared_px
from doolhof.gui.kit.widgets import (
    CHOICE,
    PRIMARY,
    QUIET,
    SECONDARY,
    Button,
    ButtonSet,
    draw_card,
    garden_background,
    share_text_size,
    text_of,
)
from doolhof.gui.online.switch import relays_of
from doolhof.gui.parents.online_page import OnlinePage
from doolhof.i18n import LANGUAGES, N_, _
from doolhof.session.settings import ANIMATION_SPEEDS, LABELS, SYSTEM_LANGUAGE_LABEL, Settings

#: The rows, top to bottom (keys of :data:`doolhof.session.settings.LABELS`).
ROWS = ("language", "sound", "volume", "animation_speed", "reduced_motion", "auto_hint", "hidden_hands",
        "fullscreen", "online")
#: The words under the card game's two hands pictures.
HANDS_LABELS = {False: N_("Open hands"), True: N_("Hidden hands")}
#: The value a choice button sets: a language code (None: the system's), an animation speed, on or off.
Choice = str | bool | None
#: Language choices: the shipped languages, then "same as the computer" (None).
LANGUAGE_CHOICES: tuple[str | None, ...] = (*LANGUAGES, None)
#: One tap on - or + changes the volume by this much.
VOLUME_STEP = 0.1


@dataclass
class Row:
    """One setting on screen: its label area and its buttons."""

    name: str
    label_rect: pygame.Rect
    buttons: list[Button]
    #: The volume bar (only the volume row has one).
    bar: pygame.Rect | None = None


class SettingsScene(Scene):
    """Change the parents' settings; each change is saved and applied at once."""

    def __init__(self, host: Host) -> None:
        """The settings screen for *app* (its :attr:`App.settings` is what is shown and changed)."""
        super().__init__(host)
        self.buttons = ButtonSet(on_press=lambda: self.host.play_sound("tap"))
        add = self.buttons.add
        self.done_button = add(Button(self.close, icon="check", label=lambda: _("Done"), style=PRIMARY, name="done"))
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.card = pygame.Rect(0, 0, 0, 0)
        self.rows: dict[str, Row] = {}
        self.choices: dict[str, dict[Choice, Button]] = {}
        for name in ROWS:
            self.rows[name] = Row(name, pygame.Rect(0, 0, 0, 0), [])
        self._choice_row("language", {code: self._language_label(code) for code in LANGUAGE_CHOICES})
        self._on_off_row("sound", "sound_on", "sound_off")
        self.volume_down = add(Button(lambda: self.step_volume(-1), icon="minus", style=QUIET, name="volume-"))
        self.volume_up = add(Button(lambda: self.step_volume(+1), icon="plus", style=QUIET, name="volume+"))
        self.volume_bar = add(Button(None, style=QUIET, name="volume-bar"))
        self.rows["volume"].buttons = [self.volume_down, self.volume_bar, self.volume_up]
        self._choice_row("animation_speed", {key: _lazy(label) for key, label in ANIMATION_SPEEDS.items()})
        for name in ("reduced_motion", "auto_hint", "fullscreen", "online"):
            self._on_off_row(name, "check", "cross")
        #: Opens the online page; shown only while online play is on (beside its on/off, not one of the choices).
        self.online_button = add(Button(self.open_online, label=lambda: _("Relay and computers"), style=SECONDARY,
                                        name="online-page"))
        self.online = OnlinePage(host, keep=lambda text: self.change(relay=text), back=self.close_online,
                                 change=self.change)
        #: The online page's buttons (a field of the scene, so every button of the screen is found the same way).
        self.online_buttons = self.online.buttons
        self.online.show(False)
        group: dict[Choice, Button] = {}
        for hidden in (False, True):
            group[hidden] = self.buttons.add(HandsButton(self._setter("hidden_hands", hidden), hidden))
        self.choices["hidden_hands"] = group
        self.rows["hidden_hands"].buttons = list(group.values())
        self.sync()

    # ----- building ------------------------------------------------------------------------------
    @staticmethod
    def _language_label(code: str | None) -> Callable[[], str]:
        if code is None:
            return lambda: _(SYSTEM_LANGUAGE_LABEL)
        name = LANGUAGES[code]
        return lambda: name

    def _choice_row(self, name: str, labels: dict[Choice, Callable[[], str]],
                    icons: dict[Choice, str] | None = None) -> None:
        group: dict[Choice, Button] = {}
        for value, label in labels.items():
            icon = icons.get(value) if icons else None
            button = self.buttons.add(ChoiceButton(self._setter(name, value), icon=icon, label=label, style=CHOICE,
                                                   name=f"{name}={value}"))
            group[value] = button
        self.choices[name] = group
        self.rows[name].buttons = list(group.values())

    def _on_off_row(self, name: str, on_icon: str, off_icon: str) -> None:
        self._choice_row(name, {True: lambda: _("On"), False: lambda: _("Off")}, {True: on_icon, False: off_icon})

    def _setter(self, name: str, value: Choice) -> Callable[[], None]:
        return lambda: self.change(**{name: value})

    # ----- changing ------------------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        """The settings as they are now."""
        current = self.host.settings
        return current if isinstance(current, Settings) else Settings()

    def change(self, **changes: Any) -> None:
        """Change, save and apply settings (e.g. ``change(sound=False)``)."""
        self.host.apply_settings(replace(self.settings, **changes))
        self.sync()

    def step_volume(self, steps: int) -> None:
        """Louder or softer by *steps* tenths."""
        self.set_volume(self.settings.volume + steps * VOLUME_STEP)

    def set_volume(self, volume: float) -> None:
        """Set the volume (rounded to tenths, kept within 0..1)."""
        self.change(volume=round(max(0.0, min(1.0, volume)), 1))

    def sync(self) -> None:
        """Show which choice of each row is the current one."""
        current = self.settings
        values = {"language": current.language, "sound": current.sound, "animation_speed": current.animation_speed,
                  "reduced_motion": current.reduced_motion, "auto_hint": current.auto_hint,
                  "hidden_hands": current.hidden_hands, "fullscreen": bool(self.host.fullscreen),
                  "online": current.online}
        for name, group in self.choices.items():
            for value, button in group.items():
                button.selected = value == values[name] and type(value) is type(values[name])
        self.volume_down.enabled = current.volume > 0.0
        self.volume_up.enabled = current.volume < 1.0
        self.online_button.visible = current.online and not self.online.shown
        self.online_button.style = PRIMARY if current.online and not relays_of(current) else SECONDARY
        if not current.online and self.online.shown:
            self.close_online()
        self.host.request_redraw()

    # ----- the online page ----------------------------------------------------------------------
    def open_online(self) -> None:
        """Show the page of the relay address and the remembered computers in place of the rows."""
        if not self.settings.online:
            return
        self.online.refresh()
        self.online.show(True)
        for button in self.buttons.items:
            button.visible = False
        self.online.resize(self.host.window_size())
        self.host.request_redraw()

    def close_online(self) -> None:
        """Back to the rows (an address that reads well is kept on the way)."""
        if self.online.shown:
            self.online.keep_quietly()
        self.online.show(False)
        for button in self.buttons.items:
            button.visible = True
        self.sync()

    def close(self) -> None:
        """Back to where the settings were opened from."""
        self.host.pop_scene()

    def exit(self) -> None:
        """The keyboard is let go when the screen closes."""
        self.online.field.blur()

    # ----- lifecycle -----------------------------------------------------------------------------
    def enter(self) -> None:
        """Show the current values (they may have changed elsewhere, e.g. with F11)."""
        self.sync()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out the rows: label beside the buttons in a wide window, above them in a tall one."""
        w, h = max(1, size[0]), max(1, size[1])
        pad = max(6, int(min(w, h) * 0.02))
        self.card = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        inner = self.card.inflate(-2 * pad, -2 * pad)
        header_h = max(40, int(inner.h * 0.09))  # nine rows below it keep a fingertip each, also at 640x480
        done_w = min(inner.w // 3, max(header_h * 3, int(inner.w * 0.22)))
        self.done_button.rect = pygame.Rect(inner.right - done_w, inner.y, done_w, header_h)
        self.title_rect = pygame.Rect(inner.x, inner.y, inner.w - done_w - pad, header_h)
        gap = max(3, pad // 2)
        top = inner.y + header_h + pad
        row_h = (inner.bottom - top - gap * (len(ROWS) - 1)) // len(ROWS)
        wide = w >= h
        for k, name in enumerate(ROWS):
            band = pygame.Rect(inner.x, top + k * (row_h + gap), inner.w, row_h)
            if wide:
                label_w = int(band.w * 0.3)
                label = pygame.Rect(band.x, band.y, label_w, band.h)
                controls = pygame.Rect(band.x + label_w + pad, band.y, band.w - label_w - pad, band.h)
            else:
                label_h = band.h // 3
                label = pygame.Rect(band.x, band.y, band.w, label_h)
                controls = pygame.Rect(band.x, band.y + label_h, band.w, band.h - label_h)
            row = self.rows[name]
            row.label_rect = label
            if name == "volume":
                self._layout_volume(row, controls, gap)
            else:
                self._layout_choices(row, controls, gap)
            if name == "online":
                right = row.buttons[-1].rect.right + 2 * gap
                width = min(controls.right - right, max(controls.h * 4, controls.w // 2))
                self.online_button.rect = pygame.Rect(controls.right - width, controls.y, width, controls.h)
        self.online.resize(size)

    @staticmethod
    def _layout_choices(row: Row, area: pygame.Rect, gap: int) -> None:
        count = len(row.buttons)
        # On/off pairs stay compact; the language and speed rows use the whole width.
        wide = 3.8 if row.name == "hidden_hands" else 2.6  # room for a picture of two cards beside the word
        width = area.w if count > 2 else min(area.w, int(area.h * wide) * 2 + gap)
        each = (width - gap * (count - 1)) // count
        for k, button in enumerate(row.buttons):
            button.rect = pygame.Rect(area.x + k * (each + gap), area.y, each, area.h)

    def _layout_volume(self, row: Row, area: pygame.Rect, gap: int) -> None:
        side = area.h
        self.volume_down.rect = pygame.Rect(area.x, area.y, side, side)
        bar_w = max(1, min(area.w - 2 * (side + gap), side * 6))
        self.volume_bar.rect = pygame.Rect(self.volume_down.rect.right + gap, area.y, bar_w, side)
        self.volume_up.rect = pygame.Rect(self.volume_bar.rect.right + gap, area.y, side, side)
        row.bar = self.volume_bar.rect

    def handle_pointer(self, event: PointerEvent) -> None:
        """Buttons take the pointer; a tap on the volume bar sets the volume where it lands."""
        if self.online.shown:
            self.online.handle_pointer(event)
            return
        bar = self.volume_bar.rect
        if event.kind == "up" and self.buttons.active is self.volume_bar and bar.collidepoint(event.pos):
            self.buttons.handle(event)
            inner = bar.inflate(-bar.h // 2, 0)
            self.set_volume((event.pos[0] - inner.x) / max(1, inner.w))
            return
        self.buttons.handle(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Typing goes to the relay address while it has the keyboard; Escape goes back (it never quits)."""
        if self.online.shown and self.online.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.online.shown:
                self.close_online()
            else:
                self.close()

    def update(self, dt: float) -> None:
        """The online page's test, holds and cursor."""
        self.online.update(dt)

    def busy(self) -> bool:
        """True while the online page moves (a test runs, a hold fills, the cursor blinks)."""
        return self.online.shown and self.online.busy()

    def holding(self) -> bool:
        """True while a remembered computer's forget button is held."""
        return self.online.shown and self.online.holding()

    # ----- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the screen."""
        surface.blit(garden_background(surface.get_size()), (0, 0))
        draw_card(surface, self.card)
        if self.online.shown:
            self.online.draw(surface)
            return
        draw_text(surface, _("Settings"), self.title_rect, theme.INK, align="left")
        least = readable_px(surface.get_size())  # one size per role; a longer word wraps rather than shrink
        labels = [(_(LABELS[name]), row.label_rect) for name, row in self.rows.items()]
        label_px = max(least, min(shared_px([text], rect.size, max(12, int(rect.h * 0.42))) for text, rect in labels))
        for text, rect in labels:
            draw_text(surface, text, rect, theme.INK_SOFT, align="left", max_px=label_px)
        choice_px = share_text_size([b for row in self.rows.values() for b in row.buttons if b is not self.volume_bar],
                                    least=least, lines=2)  # "Same as the computer" may take two lines
        if self.online_button.visible:  # no louder than the choices beside it
            share_text_size([self.online_button], most=choice_px, least=least, lines=2)
        self.buttons.draw(surface, self.host.art)
        self._draw_volume(surface)

    def _draw_volume(self, surface: pygame.Surface) -> None:
        """Ten segments, growing taller left to right, filled up to the volume."""
        bar = self.volume_bar.rect
        if bar.w <= 0:
            return
        inner = bar.inflate(-bar.h // 2, -bar.h // 2)
        inner.y -= bar.h // 28  # the slab's face sits a little above its edge
        segments = 10
        gap = max(2, inner.w // 60)
        each = max(1, (inner.w - gap * (segments - 1)) // segments)
        level = round(self.settings.volume * segments)
        muted = not self.settings.sound
        for k in range(segments):
            height = max(2, int(inner.h * (0.35 + 0.65 * (k + 1) / segments)))
            seg = pygame.Rect(inner.x + k * (each + gap), inner.bottom - height, each, height)
            on = k < level
            color = (theme.ARROW if not muted else theme.VOLUME_MUTED) if on else theme.VOLUME_OFF
            pygame.draw.rect(surface, color, seg, border_radius=max(1, each // 4))
            if on:
                pygame.draw.rect(surface, theme.ARROW_OUTLINE if not muted else theme.DISABLED_INK, seg,
                                 width=max(1, each // 10), border_radius=max(1, each // 4))


class ChoiceButton(Button):
    """A choice of a settings row; a word alone is kept to the size of the words beside icons."""

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect, ink: theme.Color, art: Art | None) -> None:
        """The icon and word as usual; a word without icon at most half the button's height."""
        if self.icon:
            super().draw_content(surface, area, ink, art)
        else:
            top = max(10, int(area.h * 0.56))
            draw_text(surface, text_of(self.label), area, ink, max_px=top if self.text_px is None
                      else min(top, self.text_px))

    def label_box(self) -> tuple[pygame.Rect, int | None] | None:
        """The word's box and its own size limit (a word alone: half the button's height)."""
        if self.icon:
            return super().label_box()
        area = self.face_area()
        return (area, max(10, int(area.h * 0.56)))


class HandsButton(ChoiceButton):
    """A choice of the card game's hands: two open cards, or two face-down cards under a hand, and a word."""

    def __init__(self, on_tap: Callable[[], None], hidden: bool) -> None:
        """The button that chooses open (*hidden* False) or hidden hands."""
        super().__init__(on_tap, label=_lazy(HANDS_LABELS[hidden]), style=CHOICE, name=f"hidden_hands={hidden}")
        self.hidden = hidden

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect, ink: theme.Color, art: Art | None) -> None:
        """The two cards at the left, the word beside them."""
        side = max(4, int(min(area.h * 0.95, area.w * 0.23)))
        step = side + max(1, side // 8)
        picture = pygame.Rect(area.x, area.centery - side // 2, step + side, side)
        for k, nets in enumerate(HAND):
            card = pygame.Rect(picture.x + k * step, picture.y, side, side)
            if self.hidden:
                draw_card_back(surface, card)
            else:
                draw_card_face(surface, card, nets, art)
        if self.hidden and art is not None:
            hand = art.icon("hand", int(side * 0.8))
            surface.blit(hand, hand.get_rect(midbottom=(picture.centerx + side // 4, area.bottom + side // 8)))
        top = max(10, int(area.h * 0.5))
        draw_text(surface, text_of(self.label), self._words(area), ink,
                  max_px=top if self.text_px is None else min(top, self.text_px))

    @staticmethod
    def _words(area: pygame.Rect) -> pygame.Rect:
        side = max(4, int(min(area.h * 0.95, area.w * 0.23)))
        right = area.x + 2 * side + max(1, side // 8) + side // 4
        return pygame.Rect(right, area.y, max(1, area.right - right), area.h)

    def label_box(self) -> tuple[pygame.Rect, int | None] | None:
        """The word's box beside the two cards."""
        area = self.face_area()
        return (self._words(area), max(10, int(area.h * 0.5)))


#: The open hand on the settings button.
HAND = (card_nets([((0, 4), ("fish",)), ((6,), ())]), card_nets([((2, 7), ("key",)), ((4, 5), ())]))


def _lazy(message: str) -> Callable[[], str]:
    """A label that translates *message* (marked with ``N_`` elsewhere) when drawn."""
    return lambda: _(message)
