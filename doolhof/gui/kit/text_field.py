"""A plain one-line text field for a parent (the relay address): typed, pasted, cut short, never a crash.

Text comes as SDL's ``TEXTINPUT`` events (and ``TEXTEDITING`` while an input method composes), which
pygame sends only between :meth:`TextField.focus` (``pygame.key.start_text_input``, which also brings up
an on-screen keyboard where there is one) and :meth:`TextField.blur`. Backspace takes the last
character, Ctrl+V (Cmd+V) pastes from the clipboard, Enter keeps: the field knows no more editing than
that (the cursor stays at the end). Anything that is not printable is dropped and the text is cut at
*limit* characters, so a pasted page or a control character never gets in::

    field = TextField(limit=200, on_enter=keep)
    field.rect = pygame.Rect(...)
    field.handle_event(event)     # True when the field took it
    field.draw(surface)
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from doolhof.gui.kit import theme
from doolhof.gui.kit.text import fit_text, font

log = logging.getLogger(__name__)


def printable(text: str) -> str:
    """*text* without what cannot stand in one line (line breaks and tabs become spaces, other controls go).

    >>> printable("relay.org\\r\\n\\x00:1883")
    'relay.org  :1883'
    """
    spaced = "".join(" " if c in "\t\r\n" else c for c in text)
    return "".join(c for c in spaced if c.isprintable())


class TextField:
    """One line of text a parent types; :attr:`text` is what it holds (see the module text)."""

    def __init__(self, text: str = "", *, limit: int = 200, on_enter: Callable[[], None] | None = None,
                 on_change: Callable[[], None] | None = None) -> None:
        """A field holding *text* (cleaned and cut to *limit*), not focused, with nothing laid out yet."""
        self.limit = max(1, limit)
        self.text = printable(text)[: self.limit]
        #: What an input method is composing (shown after the text, not part of it yet).
        self.composing = ""
        self.focused = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.on_enter = on_enter
        self.on_change = on_change
        #: Scene seconds, for the blinking cursor.
        self.clock = 0.0

    def set_text(self, text: str) -> None:
        """Replace the text (cleaned and cut like typed text)."""
        self.text = printable(text)[: self.limit]
        self.composing = ""

    def focus(self) -> None:
        """Take the keyboard: text input starts, the input method's box goes beside the field."""
        self.focused = True
        try:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        except pygame.error as error:  # no keyboard to ask for: typing still works where there is one
            log.debug("no text input: %s", error)

    def blur(self) -> None:
        """Let the keyboard go (an on-screen keyboard hides)."""
        if not self.focused:
            return
        self.focused = False
        self.composing = ""
        try:
            pygame.key.stop_text_input()
        except pygame.error as error:
            log.debug("text input did not stop: %s", error)

    def insert(self, text: str) -> None:
        """Add *text* at the end (cleaned; whatever goes over the limit is dropped)."""
        clean = printable(text)
        room = self.limit - len(self.text)
        if clean and room > 0:
            self.text += clean[:room]
            self._changed()

    def backspace(self) -> None:
        """Take the last character back."""
        if self.text:
            self.text = self.text[:-1]
            self._changed()

    def clear(self) -> None:
        """Empty the field."""
        if self.text or self.composing:
            self.text = ""
            self.composing = ""
            self._changed()

    def paste(self) -> None:
        """Add the clipboard's text (nothing when there is none or it cannot be read)."""
        try:
            pasted = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
        except (pygame.error, UnicodeError) as error:
            log.debug("nothing pasted: %s", error)
            return
        if isinstance(pasted, bytes):
            pasted = pasted.decode("utf-8", "replace")
        self.insert(pasted or "")

    def _changed(self) -> None:
        self.clock = 0.0
        if self.on_change is not None:
            self.on_change()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Typed text, composition, Backspace, paste and Enter while focused; True when the field took *event*."""
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            self.insert(str(getattr(event, "text", "")))
            return True
        if event.type == pygame.TEXTEDITING:
            self.composing = printable(str(getattr(event, "text", "")))[: self.limit]
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = getattr(event, "key", None)
        mod = int(getattr(event, "mod", 0))
        if key == pygame.K_BACKSPACE:
            if not self.composing:  # while composing, the input method takes its own backspace
                self.backspace()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_enter is not None:
                self.on_enter()
            return True
        if key == pygame.K_v and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.paste()
            return True
        return key not in (pygame.K_ESCAPE, pygame.K_F11)  # letters come as TEXTINPUT; the keys pass by

    def update(self, dt: float) -> None:
        """Advance the cursor's blink."""
        self.clock += dt

    def draw(self, surface: pygame.Surface, hint: str = "") -> None:
        """The white field with its text (the end of it, when too long), a blinking cursor while focused,
        and *hint* in grey while it is empty."""
        rect = self.rect
        if rect.w <= 0 or rect.h <= 0:
            return
        radius = max(4, rect.h // 6)
        pygame.draw.rect(surface, theme.WHITE, rect, border_radius=radius)
        edge = theme.CHOSEN_EDGE if self.focused else theme.SOFT_EDGE
        pygame.draw.rect(surface, edge, rect, width=max(2, rect.h // 16), border_radius=radius)
        inner = rect.inflate(-max(8, rect.h // 3), -max(4, rect.h // 4))
        px = max(10, int(inner.h * 0.62))
        if not self.text and not self.composing:
            if hint:
                words = fit_text(hint, inner.size, theme.INK_SOFT, max_px=px, bold=False, align="left")
                surface.blit(words, words.get_rect(midleft=inner.midleft))
            self._draw_cursor(surface, inner.x, inner, px)
            return
        face = font(px, bold=False)
        shown = self.text + self.composing
        # Show the end of a long text: that is where typing happens.
        while shown and face.size(shown)[0] > inner.w - 4:
            shown = shown[1:]
        image = face.render(shown, True, theme.INK)
        where = image.get_rect(midleft=inner.midleft)
        surface.blit(image, where)
        if self.composing:
            typed = max(0, len(shown) - len(self.composing))
            start = inner.x + face.size(shown[:typed])[0]
            pygame.draw.line(surface, theme.INK_SOFT, (start, where.bottom), (where.right, where.bottom), 2)
        self._draw_cursor(surface, where.right + 2, inner, px)

    def _draw_cursor(self, surface: pygame.Surface, x: int, inner: pygame.Rect, px: int) -> None:
        if self.focused and int(self.clock * 2) % 2 == 0:
            top = inner.centery - px // 2
            pygame.draw.line(surface, theme.INK, (x, top), (x, top + px), max(2, px // 12))
