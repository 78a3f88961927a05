"""A plain one-line text field for a parent (the relay address): typed, pasted, cut short, never a crash.

Text comes as SDL's ``TEXTINPUT`` events (and ``TEXTEDITING`` while an input method composes), which
pygame sends only between :meth:`TextField.focus` (``pygame.key.start_text_input``, which also brings up
an on-screen keyboard where there is one) and :meth:`TextField.blur`. The cursor moves with the arrow
keys, Home and End, or a tap in the text (:meth:`TextField.place_cursor`); typing and pasting go in at the
cursor, Backspace and Delete take the character before and after it, Ctrl+V (Cmd+V) pastes from the
clipboard, Enter keeps. Anything that is not printable is dropped and the text is cut at *limit*
characters, so a pasted page or a control character never gets in::

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
from doolhof.gui.kit.text import UIFont, fit_text, font

log = logging.getLogger(__name__)

#: The keys an input method uses itself while it composes (the field leaves them alone then).
EDITING_KEYS = frozenset({pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
                          pygame.K_DOWN, pygame.K_HOME, pygame.K_END})


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
        #: Where typing goes in: the number of characters before the cursor.
        self.cursor = len(self.text)
        #: The first character shown when the text is wider than the field (it scrolls to keep the cursor in view).
        self._first = 0
        #: What an input method is composing (shown after the text, not part of it yet).
        self.composing = ""
        self.focused = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.on_enter = on_enter
        self.on_change = on_change
        #: Scene seconds, for the blinking cursor.
        self.clock = 0.0

    def set_text(self, text: str) -> None:
        """Replace the text (cleaned and cut like typed text); the cursor goes to its end."""
        self.text = printable(text)[: self.limit]
        self.cursor = len(self.text)
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
        """Put *text* in at the cursor (cleaned; whatever goes over the limit is dropped)."""
        clean = printable(text)[: max(0, self.limit - len(self.text))]
        if clean:
            self.text = self.text[: self.cursor] + clean + self.text[self.cursor:]
            self.cursor += len(clean)
            self._changed()

    def backspace(self) -> None:
        """Take back the character before the cursor."""
        if self.cursor > 0:
            self.text = self.text[: self.cursor - 1] + self.text[self.cursor:]
            self.cursor -= 1
            self._changed()

    def delete(self) -> None:
        """Take away the character after the cursor."""
        if self.cursor < len(self.text):
            self.text = self.text[: self.cursor] + self.text[self.cursor + 1:]
            self._changed()

    def move_cursor(self, to: int) -> None:
        """Put the cursor before character *to* (kept within the text)."""
        self.cursor = max(0, min(len(self.text), to))
        self.clock = 0.0  # the cursor shows at once where it went

    def place_cursor(self, x: int) -> None:
        """Put the cursor at the character boundary nearest to *x* (a tap or click in the field)."""
        face, inner, _px = self._face()
        left = inner.x
        shown = self.text[self._first:]
        best, best_gap = self._first, abs(x - left)
        for k in range(1, len(shown) + 1):
            gap = abs(x - (left + face.size(shown[:k])[0]))
            if gap < best_gap:
                best, best_gap = self._first + k, gap
        self.move_cursor(best)

    def clear(self) -> None:
        """Empty the field."""
        if self.text or self.composing:
            self.text = ""
            self.cursor = self._first = 0
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
        if self.composing and key in EDITING_KEYS:
            return True  # while composing, the input method takes its own backspace and arrows
        if key == pygame.K_BACKSPACE:
            self.backspace()
            return True
        if key == pygame.K_DELETE:
            self.delete()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_cursor(self.cursor + (1 if key == pygame.K_RIGHT else -1))
            return True
        if key in (pygame.K_HOME, pygame.K_UP):
            self.move_cursor(0)
            return True
        if key in (pygame.K_END, pygame.K_DOWN):
            self.move_cursor(len(self.text))
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

    def _face(self) -> tuple[UIFont, pygame.Rect, int]:
        """The font, the text's area inside the field and the text size."""
        inner = self.rect.inflate(-max(8, self.rect.h // 3), -max(4, self.rect.h // 4))
        px = max(10, int(inner.h * 0.62))
        return font(px, bold=False), inner, px

    def _scroll(self, face: UIFont, room: int, line: str, cursor: int) -> None:
        """Move the first shown character so that the cursor (at *cursor* in *line*) stays in view."""
        self._first = max(0, min(self._first, cursor, len(line)))
        while self._first < cursor and face.size(line[self._first:cursor])[0] > room:
            self._first += 1
        # Fill the field from the left when text before the first shown character would fit again.
        while self._first > 0 and face.size(line[self._first - 1:])[0] <= room:
            self._first -= 1

    def draw(self, surface: pygame.Surface, hint: str = "") -> None:
        """The white field with its text (scrolled to keep the cursor in view when too long), a blinking cursor
        while focused, and *hint* in grey while it is empty."""
        rect = self.rect
        if rect.w <= 0 or rect.h <= 0:
            return
        radius = max(4, rect.h // 6)
        pygame.draw.rect(surface, theme.WHITE, rect, border_radius=radius)
        edge = theme.CHOSEN_EDGE if self.focused else theme.SOFT_EDGE
        pygame.draw.rect(surface, edge, rect, width=max(2, rect.h // 16), border_radius=radius)
        face, inner, px = self._face()
        if not self.text and not self.composing:
            if hint:
                words = fit_text(hint, inner.size, theme.INK_SOFT, max_px=px, bold=False, align="left")
                surface.blit(words, words.get_rect(midleft=inner.midleft))
            self._draw_cursor(surface, inner.x, inner, px)
            return
        line = self.text[: self.cursor] + self.composing + self.text[self.cursor:]
        cursor = self.cursor + len(self.composing)
        room = inner.w - 4
        self._scroll(face, room, line, cursor)
        shown = line[self._first:]
        while shown and face.size(shown)[0] > room:
            shown = shown[:-1]
        image = face.render(shown, True, theme.INK)
        where = image.get_rect(midleft=inner.midleft)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        surface.blit(image, where)
        surface.set_clip(clip)
        if self.composing:
            start = inner.x + face.size(line[self._first: self.cursor])[0]
            end = inner.x + face.size(line[self._first: cursor])[0]
            pygame.draw.line(surface, theme.INK_SOFT, (start, where.bottom), (min(end, inner.right), where.bottom), 2)
        self._draw_cursor(surface, inner.x + face.size(line[self._first: cursor])[0] + 1, inner, px)

    def _draw_cursor(self, surface: pygame.Surface, x: int, inner: pygame.Rect, px: int) -> None:
        if self.focused and int(self.clock * 2) % 2 == 0:
            top = inner.centery - px // 2
            pygame.draw.line(surface, theme.INK, (x, top), (x, top + px), max(2, px // 12))
