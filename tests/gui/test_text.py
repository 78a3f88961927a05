"""Texts fit their boxes: wrapped on spaces, then shrunk, never overflowing (long German words, accents)."""

from __future__ import annotations

import pygame
import pytest

from doolhof.gui.kit.text import draw_text, fit_text, font, wrap

WORDS = [
    "Schiebekarte",
    "Computerspieler",
    "Geheimniskartenstapelüberraschung",
    "äöü åé ë ß Ää Öö Üü",
    "Neues Spiel mit der halben Anzahl Geheimnisse",
    "Nog een keer",
]
# Button-sized boxes of an 800x600 window, from roomy to cramped.
BOXES = [(240, 60), (150, 48), (96, 40), (60, 30), (40, 20), (8, 6)]


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("text", WORDS)
@pytest.mark.parametrize("box", BOXES)
def test_text_never_overflows_its_box(text: str, box: tuple[int, int]) -> None:
    image = fit_text(text, box, (0, 0, 0))
    assert image.get_width() <= box[0] and image.get_height() <= box[1]
    assert image.get_bounding_rect().width > 0, "something must be drawn"


def test_long_text_wraps_on_spaces_before_shrinking() -> None:
    f = font(30)
    lines = wrap("Neues Spiel mit der halben Anzahl", f, f.size("Neues Spiel")[0] + 2)
    assert lines is not None and len(lines) >= 3
    assert all(f.size(line)[0] <= f.size("Neues Spiel")[0] + 2 for line in lines)
    assert " ".join(lines) == "Neues Spiel mit der halben Anzahl"
    assert wrap("Computerspieler", f, 20) is None  # one word wider than the box: cannot wrap


def test_wrapping_keeps_text_larger_than_shrinking_alone() -> None:
    text = "Neues Spiel einrichten"
    box = (150, 90)
    wrapped = fit_text(text, box, (0, 0, 0))
    one_line_px = max(px for px in range(4, 90) if font(px).size(text)[0] <= box[0])
    assert wrapped.get_height() > font(one_line_px).get_height(), "two lines at a bigger size are used"


def test_accented_letters_render_as_glyphs_not_boxes() -> None:
    f = font(40)
    # A missing glyph would be drawn as the same box for every letter: the accented forms must differ.
    shapes = {bytes(pygame.image.tobytes(f.render(ch, True, (0, 0, 0), (255, 255, 255)), "RGB")) for ch in "äöüåéë"}
    assert len(shapes) == 6


def test_rendering_is_cached_per_text_size_and_colour() -> None:
    a = fit_text("Schiebekarte", (200, 50), (1, 2, 3))
    assert fit_text("Schiebekarte", (200, 50), (1, 2, 3)) is a
    assert fit_text("Schiebekarte", (200, 50), (3, 2, 1)) is not a
    assert fit_text("Schiebekarte", (201, 50), (1, 2, 3)) is not a


def test_draw_text_stays_inside_the_rect() -> None:
    surface = pygame.Surface((300, 200))
    rect = pygame.Rect(20, 30, 90, 40)
    for align in ("left", "center", "right"):
        where = draw_text(surface, "Computerspieler", rect, (255, 255, 255), align=align)
        assert rect.contains(where)


def test_letters_are_spaced_evenly_without_the_fonts_kerning_table() -> None:
    """The bundled font's kerning pairs open gaps inside words ("pic ture", "i f"): a line must be
    as wide as its letters set one by one, give or take rounding."""
    f = font(40)
    for line in ("picture always if", "Schiebekarte", "already reached"):
        letters = sum(f.size(ch)[0] for ch in line)
        assert abs(f.size(line)[0] - letters) <= len(line) // 4, line
