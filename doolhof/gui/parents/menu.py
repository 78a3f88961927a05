"""The parents' corner: the menu button that needs a two-second hold, undo, and the parents' menu.

:class:`ParentControls` is a thin layer the app puts over the play and setup screens. It owns:

- the **menu button** (:class:`~doolhof.gui.kit.hold_button.HoldButton`) in the scene's menu corner:
  a short tap wiggles it and lets its ring fill a little and fall back (it wants holding), and shows
  the **parents' note** beside it for a few seconds: in the parent's words, that holding it two
  seconds opens the menu with the way out (so a parent looking for the exit finds it at the first tap,
  or with Escape where Escape does nothing else;
  a press anywhere else puts it away, so a child's tap leaves nothing); holding it two seconds fills
  the ring and opens the :class:`ParentMenuScene`. Where it sits comes from the scene:
  ``scene.parent_menu_rect`` when the scene has one (setup), else the ``"menu"`` slot of
  ``scene.layout.icons`` (play). The scene draws the resting icon itself; the layer draws it only
  while it is held or wiggles.
- the **undo button** on the play screen, just inward of the corner icons, shown only while the
  running :class:`~doolhof.session.game_session.GameSession` has a person's action to take back and
  nobody has acted since, nor another person's turn begun (``undo_recent``). Later, the parents' menu
  offers it ("Take back the last move"): behind the two-second hold, never one tap for a child.
- a small **badge** on the menu button while something could not be saved (the game, the
  settings: :meth:`~doolhof.gui.kit.scene.Host.save_problems`). It is quiet on purpose: a dot, no
  sound, no movement, nothing on the board, so the child plays on. The message itself is inside
  the menu; the badge goes away by itself once a save works again.

Pointer events go to this layer first; what it does not take goes on to the scene.

The menu offers: back to the game, taking back a person's last move (over a game that has one),
settings, the illustrated rules,
a new game (back to setup; the game stays saved until a new one starts), full screen on/off, and
quit (the game is saved first). While a save fails, the menu says so above its buttons.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.hold_button import HoldButton
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host, Scene
from doolhof.gui.kit.text import draw_text, readable_px
from doolhof.gui.kit.widgets import (
    CHOICE,
    PRIMARY,
    SECONDARY,
    Button,
    ButtonSet,
    ButtonStyle,
    draw_card,
    safe_icon,
    share_text_size,
)
from doolhof.gui.online.trouble_words import game_sentence
from doolhof.i18n import _
from doolhof.online.trouble import Trouble
from doolhof.session.logfile import log_path

log = logging.getLogger(__name__)

#: A calm red for quitting (parents only; still friendly).
QUIT_STYLE = ButtonStyle(theme.STOP, theme.STOP_EDGE, theme.WHITE, theme.STOP_LIGHT, theme.STOP_EDGE, theme.WHITE)
#: Seconds the parents' note shows after a short tap on the menu button, the last of them fading.
NOTE_SECONDS = 5.0
NOTE_FADE = 0.8
#: The least height of a menu button (a child's finger; DESIGN.md, children first).
MIN_BUTTON_H = 64
#: The parents' note's font size, as a share of a parent's reading size (they read it from the sofa).
NOTE_PX = 1.25


def hold_note() -> str:
    """The parents' note, in the parent's language."""
    return _("For parents: hold this button for 2 seconds to open the menu (new game, settings, quit).")


def menu_rect_of(scene: object) -> pygame.Rect | None:
    """Where *scene* wants the parents' menu button, or None when it has none."""
    rect = getattr(scene, "parent_menu_rect", None)
    if isinstance(rect, pygame.Rect):
        return rect if rect.width > 0 else None
    icons = getattr(getattr(scene, "layout", None), "icons", None)
    if isinstance(icons, dict):
        found = icons.get("menu")
        if isinstance(found, pygame.Rect):
            return found
    return None


def undo_rect_of(scene: object) -> pygame.Rect | None:
    """Where the undo button goes on *scene*: one slot inward of its corner icons (None without icons)."""
    icons = getattr(getattr(scene, "layout", None), "icons", None)
    if not isinstance(icons, dict) or not icons:
        return None
    rects = [r for r in icons.values() if isinstance(r, pygame.Rect)]
    if not rects:
        return None
    inner = min(rects, key=lambda r: r.x)
    gap = max(4, inner.w // 4)
    return pygame.Rect(inner.x - gap - inner.w, inner.y, inner.w, inner.h)


class ParentControls:
    """The menu hold-button and the undo button over the top scene (see the module notes)."""

    def __init__(self, host: Host) -> None:
        """Controls for *host*; they follow whatever scene is on top."""
        self.host = host
        self.menu = HoldButton(self.open_menu, "menu", on_tap=self._tapped)
        #: Seconds the parents' note has shown (None: not shown).
        self.note_age: float | None = None
        self.undo_rect = pygame.Rect(0, 0, 0, 0)
        self.undo_pressed = False
        self._undo_down = False
        self._badge = False

    # ----- where things are ------------------------------------------------------------------------
    def place(self) -> None:
        """Put the buttons where the top scene wants them (nowhere for scenes without a menu corner)."""
        scene = self.host.scenes[-1] if self.host.scenes else None
        rect = menu_rect_of(scene) if scene is not None else None
        self.menu.rect = rect.copy() if rect is not None else pygame.Rect(0, 0, 0, 0)
        if self.menu.rect.width == 0:
            self.menu.reset()
        undo = undo_rect_of(scene) if scene is not None and self.undo_offered() else None
        self.undo_rect = undo if undo is not None else pygame.Rect(0, 0, 0, 0)

    def badge_shown(self) -> bool:
        """True when the menu button carries the badge: it is on screen and something could not be saved."""
        return self.menu.rect.width > 0 and (bool(self.host.save_problems()) or online_trouble(self.host) is not None)

    def undo_offered(self) -> bool:
        """True when the top scene is the kept game's play scene and a person's action can be taken back."""
        return self.host.screens.game_on_top() and self.host.session.undo_recent() and self.host.screens.undo_fits()

    # ----- input -----------------------------------------------------------------------------------
    def handle_pointer(self, event: PointerEvent) -> bool:
        """Take *event* when it belongs to the menu or undo button; True when taken."""
        self.place()
        if event.kind == "down" and self.note_age is not None and not self.menu.hit(event.pos):
            self.note_age = None  # a press elsewhere (a child playing on) puts the note away
            self.host.request_redraw()
        if self.menu.handle(event):
            return True
        if event.kind == "down":
            if self.undo_rect.width and self.undo_rect.collidepoint(event.pos):
                self._undo_down = True
                self.undo_pressed = True
                return True
            return False
        if not self._undo_down:
            return False
        if event.kind == "move":
            self.undo_pressed = self.undo_rect.collidepoint(event.pos)
            return True
        released_on = event.kind == "up" and self.undo_rect.collidepoint(event.pos)
        self._undo_down = False
        self.undo_pressed = False
        if released_on:
            self.host.screens.undo_last()
        return True

    def _tapped(self) -> None:
        """A short tap: the "not like that" sound, and the parents' note says what the button wants."""
        self.host.play_sound("nope")
        self.tell()

    def tell(self) -> None:
        """Show the parents' note beside the menu button (a short tap on it, or Escape that did nothing else)."""
        self.place()
        if self.menu.rect.width:
            self.note_age = 0.0
            self.host.request_redraw()

    def note_shown(self) -> bool:
        """True while the parents' note shows beside the menu button."""
        return self.note_age is not None and self.menu.rect.width > 0

    def note_rect(self) -> pygame.Rect:
        """Where the parents' note goes: beside the menu button, towards the middle of the window, inside it."""
        w, h = self.host.window_size()
        button = self.menu.rect
        pad = max(4, min(w, h) // 60)
        px = readable_px((w, h))
        width = min(w - 2 * pad, max(px * 18, int(w * 0.36)))
        height = int(px * NOTE_PX * 1.05 * 3.6) + 2 * pad
        rect = pygame.Rect(0, 0, width, height)
        rect.right = button.right
        if button.centery < h // 2:
            rect.top = button.bottom + pad
        else:
            rect.bottom = button.top - pad
        rect = rect.clamp(pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad))
        scene = self.host.scenes[-1] if self.host.scenes else None
        play = getattr(scene, "play_rects", None)
        rects = play() if callable(play) else []
        if not any(rect.colliderect(r) for r in rects):
            return rect
        # Small, in the button's row: the child's cells, cards and figures stay in sight.
        left = pad
        for r in rects:
            if r.top < button.bottom and r.bottom > button.top and r.right <= button.left:
                left = max(left, r.right + pad)
        return pygame.Rect(left, button.top, max(0, button.left - pad - left), button.h)

    def open_menu(self) -> None:
        """The hold was long enough: open the parents' menu over the scene."""
        self.note_age = None
        self.host.play_sound("tap")
        self.host.screens.open_parent_menu()

    # ----- time and drawing ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance the hold and the wiggle; draw again when the badge comes or goes."""
        self.place()
        self.menu.update(dt)
        self.place()  # the hold may just have opened the menu: the game's undo must not be drawn over it
        if self.note_age is not None:
            self.note_age += max(0.0, dt)
            if self.note_age >= NOTE_SECONDS or self.menu.rect.width == 0:
                self.note_age = None
                self.host.request_redraw()
        badge = self.badge_shown()
        if badge != self._badge:
            self._badge = badge
            self.host.request_redraw()

    def holding(self) -> bool:
        """True while the menu button is held down (a finger holding it is no resting hand)."""
        return self.menu.held is not None

    def busy(self) -> bool:
        """True while the menu button is held or wiggles, and while the parents' note shows."""
        return self.menu.busy() or self.note_age is not None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the undo button when offered, the menu button while it is held or wiggles, and the badge."""
        art = self.host.art
        if self.undo_rect.width:
            draw_undo_button(surface, self.undo_rect, art, self.undo_pressed)
        if self.menu.rect.width and self.menu.busy():
            self.menu.draw(surface, art)
        if self.badge_shown():
            draw_badge(surface, self.menu.rect)
        if self.note_shown() and self.note_age is not None:
            fade = min(1.0, (NOTE_SECONDS - self.note_age) / NOTE_FADE)
            draw_hold_note(surface, self.note_rect(), self.menu.rect, hold_note(), int(255 * max(0.0, fade)))


def online_trouble(host: Host) -> str | None:
    """What goes wrong with the online game on screen, in the parents' words (their language), or None."""
    online = getattr(getattr(host, "screens", None), "online", None)
    kind = getattr(online, "trouble", None)
    return game_sentence(kind) if isinstance(kind, Trouble) else None


def draw_badge(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The small quiet dot on the round menu button in *rect*, at its upper right, where a parent looks."""
    radius = max(5, rect.w // 8)
    offset = int(rect.w / 2 * 0.72)
    center = (rect.centerx + offset, rect.centery - offset)
    pygame.draw.circle(surface, theme.PANEL, center, radius + max(2, radius // 3))
    pygame.draw.circle(surface, theme.NOTICE, center, radius)


def draw_hold_note(surface: pygame.Surface, rect: pygame.Rect, button: pygame.Rect, text: str,
                   opacity: int = 255) -> None:
    """The parents' note in *rect*: the note paper with a little point towards the *button* it tells about."""
    radius = max(6, rect.h // 6)
    side = max(6, rect.h // 8)
    beside = button.left >= rect.right  # in the button's row: the point goes to the right
    bounds = rect.inflate(2 * side + 2, 0) if beside else rect.inflate(0, 2 * side + 2)
    layer = pygame.Surface(bounds.size, pygame.SRCALPHA)
    paper = rect.move(-bounds.x, -bounds.y)
    tip_x = max(paper.x + radius, min(paper.right - radius, button.centerx - bounds.x))
    mid = paper.centery
    if beside:
        point = [(paper.right - 1, mid - side), (paper.right - 1, mid + side), (paper.right + side, mid)]
    elif button.centery < rect.centery:
        point = [(tip_x - side, paper.top + 1), (tip_x + side, paper.top + 1), (tip_x, paper.top - side)]
    else:
        point = [(tip_x - side, paper.bottom - 1), (tip_x + side, paper.bottom - 1), (tip_x, paper.bottom + side)]
    pygame.draw.polygon(layer, theme.NOTICE, point)
    pygame.draw.rect(layer, theme.NOTICE_PAPER, paper, border_radius=radius)
    pygame.draw.rect(layer, theme.NOTICE, paper, width=max(2, rect.h // 30), border_radius=radius)
    pad = max(4, rect.h // 10)
    draw_text(layer, text, paper.inflate(-2 * pad, -2 * pad), theme.INK,
              max_px=int(readable_px(surface.get_size()) * NOTE_PX), bold=False)
    layer.set_alpha(opacity)
    surface.blit(layer, bounds.topleft)


def draw_undo_button(surface: pygame.Surface, rect: pygame.Rect, art: Art, pressed: bool = False) -> None:
    """The undo button: the "again" arrow mirrored, on a light disc so it stands out from the quiet icons."""
    center = (rect.centerx, rect.centery + (max(1, rect.h // 20) if pressed else 0))
    pygame.draw.circle(surface, theme.PANEL_EDGE, (rect.centerx, rect.centery + max(2, rect.h // 16)), rect.w // 2)
    pygame.draw.circle(surface, theme.PANEL, center, rect.w // 2)
    image = safe_icon(art, "again", int(rect.w * 0.66))
    if image is not None:
        image = pygame.transform.flip(image, True, False)
        surface.blit(image, image.get_rect(center=center))


class ParentMenuScene(Scene):
    """The parents' menu, drawn over the (paused) scene below it."""

    def __init__(self, host: Host, from_game: bool = False,
                 reset_stars: Callable[[], str | None] | None = None) -> None:
        """The menu over the current top scene; offers "new game" when that scene is the running game (*from_game*),
        and the reset of the puzzle stars over the puzzle book (*reset_stars* erases them: None when done, else a
        message for the parent)."""
        super().__init__(host)
        self.from_game = from_game
        self._reset_stars = reset_stars
        #: "ask" after the first tap on the reset (a second tap erases), "done" once erased.
        self.reset_state = ""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        #: Where the note about saving goes (zero size when every save works).
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        #: The note's messages as laid out (the layout changes when they do).
        self.noted: tuple[str, ...] = ()
        self.buttons = ButtonSet(on_press=lambda: self.host.play_sound("tap"))
        add = self.buttons.add
        self.back_button = add(Button(self.back, icon="play", style=PRIMARY, name="back",
                                      label=lambda: _("Back to the game") if self.from_game else _("Back")))
        self.undo_button = add(Button(self.take_back, icon="again", label=lambda: _("Take back the last move"),
                                      style=CHOICE, name="undo"))
        self.undo_button.visible = from_game and self.host.session.can_undo()
        self.settings_button = add(Button(self.open_settings, icon="menu", label=lambda: _("Settings"), style=CHOICE,
                                          name="settings"))
        self.rules_button = add(Button(self.open_rules, icon="hint", label=lambda: _("Rules"), style=CHOICE,
                                       name="rules"))
        self.new_game_button = add(Button(self.new_game, icon="home", label=lambda: _("New game"), style=SECONDARY,
                                          name="new_game"))
        self.new_game_button.visible = self.from_game
        self.reset_button = add(Button(self.reset_puzzles, icon="stones", style=CHOICE, name="reset_puzzles",
                                       label=self._reset_label))
        self.reset_button.visible = reset_stars is not None
        self.fullscreen_button = add(Button(self.toggle_fullscreen, icon="fullscreen", style=CHOICE,
                                            name="fullscreen", label=self._fullscreen_label))
        self.quit_button = add(Button(self.quit, icon="cross", label=lambda: _("Quit"), style=QUIT_STYLE,
                                      name="quit"))

    def _reset_label(self) -> str:
        if self.reset_state == "ask":
            return _("Tap again to erase all puzzle stars")
        if self.reset_state == "done":
            return _("The puzzle stars are erased")
        return _("Reset the puzzle stars")

    def reset_puzzles(self) -> None:
        """Erase every puzzle star and the daily streak: the first tap asks, a second tap erases."""
        if self.reset_state == "":
            self.reset_state = "ask"
            self.reset_button.style = QUIT_STYLE
        elif self.reset_state == "ask" and self._reset_stars is not None:
            message = self._reset_stars()
            self.reset_state = "done"
            self.reset_button.style = CHOICE
            self.reset_button.enabled = False
            if message:
                self.host.notes.append(message)
        self.host.request_redraw()

    def _fullscreen_label(self) -> str:
        return _("Leave full screen") if self.host.fullscreen else _("Full screen")

    # ----- actions -------------------------------------------------------------------------------
    def back(self) -> None:
        """Close the menu."""
        self.host.pop_scene()

    def take_back(self) -> None:
        """Back to the game with a person's last move taken back (and the computers' moves made since)."""
        self.host.pop_scene()
        self.host.screens.undo_last(older=True)

    def open_settings(self) -> None:
        """Show the settings screen."""
        self.host.screens.open_settings()

    def open_rules(self) -> None:
        """Show the illustrated rules."""
        self.host.screens.open_rules()

    def new_game(self) -> None:
        """Back to the setup screen; the game stays saved (Continue) until a new one starts."""
        self.host.screens.leave_to_setup()

    def toggle_fullscreen(self) -> None:
        """Enter or leave full screen."""
        self.host.toggle_fullscreen()

    def quit(self) -> None:
        """Save and close the program."""
        self.host.request_quit()

    # ----- lifecycle ----------------------------------------------------------------------------
    def visible_buttons(self) -> list[Button]:
        """The buttons shown, top to bottom."""
        return [b for b in self.buttons.items if b.visible]

    def note(self) -> tuple[str, ...]:
        """What could not be saved, one sentence each in the current language, and where the log is; () when
        all is well."""
        lines = [problem.message() for problem in self.host.save_problems()]
        trouble = online_trouble(self.host)
        if trouble is not None:
            lines.append(trouble)
        errors: int = getattr(self.host, "errors", 0)
        if lines or errors:
            where = _("Doolhof notes what went wrong in its log: {path}").format(path=log_path())
            lines[-1:] = [f"{lines[-1]} {where}" if lines else where]  # one more sentence, not one more note
        return tuple(lines)

    def resize(self, size: tuple[int, int]) -> None:
        """A column of big buttons on a card in the middle."""
        w, h = max(1, size[0]), max(1, size[1])
        pad = max(6, int(min(w, h) * 0.025))
        buttons = self.visible_buttons()
        self.noted = self.note()
        # A tall window gets a wide card, so the buttons' words stay on one line at one size.
        share = 0.84 if h > w else 0.56 if self.noted else 0.5  # with a note a little wider, for its text
        least_w, most = (380, 1.2) if self.noted else (320, 1.1)
        panel_w = min(w - 2 * pad, max(least_w, int(w * share)), int(h * most))
        panel_h = h - 2 * pad
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        title_h = int(inner.h * (0.09 if self.noted else 0.12))
        self.title_rect = pygame.Rect(inner.x, inner.y, inner.w, title_h)
        gap = max(4, pad // 2)
        area_top = self.title_rect.bottom + gap
        self.note_rect = pygame.Rect(inner.x, area_top, inner.w, 0)
        if self.noted:
            self.note_rect.h = int(inner.h * (0.22 if len(self.noted) == 1 else 0.32))
            area_top = self.note_rect.bottom + gap
        each = (inner.bottom - area_top - gap * (len(buttons) - 1)) // max(1, len(buttons))
        columns = 1
        if each < MIN_BUTTON_H and len(buttons) > 2 and w - 2 * pad > panel_w:
            # Too many buttons for one column of finger-sized ones (a note and every choice showing): two columns
            # on a wider card, so no button gets smaller than a finger.
            columns = 2
            self.panel.w = min(w - 2 * pad, 2 * panel_w)
            self.panel.centerx = w // 2
            inner = self.panel.inflate(-2 * pad, -2 * pad)
            self.title_rect.x, self.title_rect.w = inner.x, inner.w
            self.note_rect.x, self.note_rect.w = inner.x, inner.w
        rows = -(-len(buttons) // columns)
        each = (inner.bottom - area_top - gap * (rows - 1)) // max(1, rows)
        each = min(each, max(MIN_BUTTON_H, int(min(h, w * 1.25) * 0.13)))
        total = each * rows + gap * (rows - 1)
        top = area_top + (inner.bottom - area_top - total) // 2
        col_w = (inner.w - gap * (columns - 1)) // columns
        for i, button in enumerate(buttons):
            row, col = (i, 0) if columns == 1 else divmod(i, columns)
            button.rect = pygame.Rect(inner.x + col * (col_w + gap), top + row * (each + gap), col_w, each)
        share_text_size(buttons)

    def handle_pointer(self, event: PointerEvent) -> None:
        """Buttons take the pointer; taps beside the card do nothing."""
        self.buttons.handle(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Escape closes the menu (it never quits)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def update(self, dt: float) -> None:
        """Lay the card out again when the note about saving changes (it came, went or changed language)."""
        if self.note() != self.noted:
            self.resize(self.host.window_size())
            self.host.request_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        """The paused scene, dimmed, with the menu card on top."""
        below = self.host.scenes[-2] if len(self.host.scenes) >= 2 and self.host.scenes[-1] is self else None
        if below is not None:
            self.host.guard(below.draw, surface)
        else:
            surface.fill(theme.BACKGROUND)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((*theme.SHADE, 150))
        surface.blit(shade, (0, 0))
        draw_card(surface, self.panel)
        draw_text(surface, _("For parents"), self.title_rect, theme.INK)
        if self.note_rect.h > 0:
            draw_note(surface, self.note_rect, "\n".join(self.noted))
        share_text_size(self.visible_buttons())  # the labels change with the language and the reset's state
        self.buttons.draw(surface, self.host.art)


def draw_note(surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
    """The note about saving: soft paper with the badge's dot, so a parent links the two, and the text."""
    radius = max(6, min(rect.w, rect.h) // 8)
    pygame.draw.rect(surface, theme.NOTICE_PAPER, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.NOTICE, rect, width=max(1, rect.h // 60), border_radius=radius)
    pad = max(4, rect.h // 14)
    dot = max(5, min(rect.h // 12, 10))
    pygame.draw.circle(surface, theme.NOTICE, (rect.x + pad + dot, rect.centery), dot)
    text_rect = pygame.Rect(rect.x + 2 * pad + 2 * dot, rect.y + pad, rect.w - 3 * pad - 2 * dot, rect.h - 2 * pad)
    draw_text(surface, text, text_rect, theme.INK, max_px=max(14, min(34, rect.h // 5)), bold=False, align="left")
