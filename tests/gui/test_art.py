"""The SVG art: every picture, figure and icon exists, renders with real content, and the cache behaves."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pytest

from doolhof.cards.deck import TREASURES
from doolhof.engine.variants import VARIANTS
from doolhof.gui.kit.art import FIGURE_SEATS, ICON_NAMES, Art, MissingArt, placeholder
from doolhof.gui.kit.theme import SEAT_COLORS

ALL_PICTURES = sorted({name for variant in VARIANTS.values() for name in variant.pictures})
#: Every picture we draw: the maze game's 24 and the card game's treasures (those 24 plus "kite").
EVERY_PICTURE = sorted(set(ALL_PICTURES) | set(TREASURES))


@pytest.fixture(scope="module")
def art() -> Art:
    """One cache for the module: rendering every drawing once keeps the tests fast."""
    pygame.init()
    return Art()


def coverage(surface: pygame.Surface) -> float:
    """The share of the surface's pixels that are visibly painted (alpha above 32)."""
    painted = pygame.mask.from_surface(surface, 32).count()
    return painted / (surface.get_width() * surface.get_height())


def painted_box(surface: pygame.Surface) -> pygame.Rect:
    """The bounding box of the visibly painted pixels."""
    return surface.get_bounding_rect(min_alpha=32)


def test_every_variant_has_its_pictures() -> None:
    assert len(ALL_PICTURES) == 24
    for variant in VARIANTS.values():
        assert set(variant.pictures) <= set(ALL_PICTURES)


def test_every_card_treasure_has_a_picture(art: Art) -> None:
    """The card game's deck names 25 treasures; each one is a picture file of ours."""
    assert len(TREASURES) == 25 and len(EVERY_PICTURE) == 25
    missing = [name for name in TREASURES if not art.path("pictures", name).is_file()]
    assert not missing, f"no picture for the treasures {missing}"


@pytest.mark.parametrize("name", EVERY_PICTURE)
def test_picture_file_renders_at_40_and_160(art: Art, name: str) -> None:
    path = art.path("pictures", name)
    assert path.is_file(), f"missing {path}"
    for px in (40, 160):
        # Load directly too, so a broken file fails here instead of hiding behind the placeholder.
        pygame.image.load_sized_svg(str(path), (px, px))
        surface = art.picture(name, px)
        assert surface.get_size() == (px, px)
        assert 0.25 <= coverage(surface) <= 0.85, f"{name} at {px}px covers {coverage(surface):.2f}"
        box = painted_box(surface)
        # Drawn large (about 80 % of the box) but with a margin, and roughly centred.
        assert 0.65 * px <= max(box.w, box.h) <= 0.97 * px, f"{name} at {px}px spans {box}"
        assert abs(box.centerx - px / 2) <= 0.12 * px and abs(box.centery - px / 2) <= 0.12 * px
        # Transparent corners: the picture sits on the corridor, not on a square of its own.
        assert surface.get_at((0, 0)).a == 0 and surface.get_at((px - 1, px - 1)).a == 0


INK = (0x2A, 0x1F, 0x1A)  # the dark outline every drawing shares


def colour_histogram(surface: pygame.Surface) -> dict[tuple[int, int, int], float]:
    """Shares of the opaque, non-outline pixels per coarse colour bin (4 levels per channel)."""
    counts: dict[tuple[int, int, int], int] = {}
    w, h = surface.get_size()
    for x in range(w):
        for y in range(h):
            c = surface.get_at((x, y))
            if c.a < 200 or max(abs(c.r - INK[0]), abs(c.g - INK[1]), abs(c.b - INK[2])) < 40:
                continue
            key = (c.r // 64, c.g // 64, c.b // 64)
            counts[key] = counts.get(key, 0) + 1
    total = sum(counts.values())
    return {key: n / total for key, n in counts.items()}


def test_pictures_differ_in_colour(art: Art) -> None:
    """No two pictures share their colour scheme: their colour histograms overlap by well under 3/4."""
    histograms = {name: colour_histogram(art.picture(name, 64)) for name in EVERY_PICTURE}
    for i, a in enumerate(EVERY_PICTURE):
        for b in EVERY_PICTURE[i + 1 :]:
            shared = sum(min(share, histograms[b].get(key, 0.0)) for key, share in histograms[a].items())
            assert shared < 0.7, f"{a} and {b} look alike in colour ({shared:.2f} of their colour is shared)"


def test_figures_and_robot_render(art: Art) -> None:
    assert FIGURE_SEATS == len(SEAT_COLORS) == 6  # the card game seats up to six; the maze game uses 0-3
    for seat in range(FIGURE_SEATS):
        assert art.path("figures", f"seat{seat}").is_file()
        for px in (32, 200):
            surface = art.figure(seat, px)
            assert surface.get_size() == (px, px)
            assert coverage(surface) > 0.4, f"seat {seat} at {px}px"
    assert art.path("figures", "robot").is_file()
    assert coverage(art.robot(24)) > 0.4


def test_figures_have_their_seat_colour(art: Art) -> None:
    """The most common opaque colour of each figure is its seat colour from the theme."""
    for seat, colour in enumerate(SEAT_COLORS):
        surface = art.figure(seat, 64)
        counts: dict[tuple[int, int, int], int] = {}
        for x in range(64):
            for y in range(64):
                c = surface.get_at((x, y))
                if c.a == 255 and (c.r, c.g, c.b) != INK:
                    counts[(c.r, c.g, c.b)] = counts.get((c.r, c.g, c.b), 0) + 1
        assert max(counts, key=counts.__getitem__) == colour


def test_figure_silhouettes_differ(art: Art) -> None:
    """Colour-blind players tell figures apart by shape: the alpha masks must differ clearly."""
    masks = [pygame.mask.from_surface(art.figure(seat, 48), 128) for seat in range(FIGURE_SEATS)]
    for i in range(FIGURE_SEATS):
        for j in range(i + 1, FIGURE_SEATS):
            assert outline_overlap(masks[i], masks[j]) < 0.85, f"seats {i} and {j} have nearly the same outline"


def test_card_game_figures_stand_out_at_40_px(art: Art) -> None:
    """The bunny (seat 4) and the flower (seat 5) differ from every other figure even at 40 px."""
    masks = [pygame.mask.from_surface(art.figure(seat, 40), 128) for seat in range(FIGURE_SEATS)]
    for new in (4, 5):
        for other in range(FIGURE_SEATS):
            if other != new:
                overlap = outline_overlap(masks[new], masks[other])
                assert overlap < 0.83, f"seats {new} and {other} look alike at 40px ({overlap:.2f})"


def outline_overlap(a: pygame.mask.Mask, b: pygame.mask.Mask) -> float:
    """How much two silhouettes coincide: the shared pixels over the pixels of either (1.0: the same)."""
    overlap = a.overlap_area(b, (0, 0))
    return overlap / (a.count() + b.count() - overlap)


@pytest.mark.parametrize("name", ICON_NAMES)
def test_icon_renders(art: Art, name: str) -> None:
    assert art.path("icons", name).is_file()
    for px in (24, 96):
        surface = art.icon(name, px)
        assert surface.get_size() == (px, px)
        assert coverage(surface) > 0.15, f"{name} at {px}px"


def test_cache_returns_the_same_surface(art: Art) -> None:
    first = art.picture("star", 52)
    assert art.picture("star", 52) is first
    assert art.picture("star", 53) is not first
    assert art.figure(1, 52) is art.figure(1, 52)
    art.clear()
    assert len(art) == 0
    assert art.picture("star", 52) is not first


def test_cache_is_bounded() -> None:
    small = Art(max_entries=3)
    surfaces = [small.picture("apple", px) for px in (10, 11, 12, 13)]
    assert len(small) == 3
    assert small.picture("apple", 13) is surfaces[-1]
    assert small.picture("apple", 10) is not surfaces[0]  # the oldest was dropped and rendered anew


def test_surfaces_are_converted_once_a_display_exists() -> None:
    pygame.init()
    pygame.display.quit()  # start without a window, whatever earlier tests left behind
    pygame.display.init()
    cache = Art()
    before = cache.picture("sun", 30)
    pygame.display.set_mode((64, 64))
    try:
        after = cache.picture("sun", 30)
        assert after is not before  # re-made with convert_alpha() for fast blits
        assert after is cache.picture("sun", 30)
        assert after.get_flags() & pygame.SRCALPHA
    finally:
        pygame.display.quit()


def test_broken_or_missing_files_give_a_placeholder(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DOOLHOF_STRICT", raising=False)  # in play, not in tests
    (tmp_path / "pictures").mkdir()
    (tmp_path / "pictures" / "broken.svg").write_text("<svg this is not xml")
    cache = Art(root=tmp_path)
    with caplog.at_level(logging.WARNING, logger="doolhof.gui.kit.art"):
        broken = cache.picture("broken", 40)
        cache.picture("broken", 64)
        missing = cache.icon("nothing", 40)
    assert broken.get_size() == (40, 40) and missing.get_size() == (40, 40)
    assert coverage(broken) > 0.3  # clearly visible, not an invisible gap
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 2  # once per file, not once per size
    assert any("broken.svg" in r.getMessage() for r in warnings)


def test_placeholder_scales_down_to_one_pixel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOOLHOF_STRICT", raising=False)
    assert placeholder(1).get_size() == (1, 1)
    assert Art().picture("no-such-picture", 0).get_size() == (1, 1)


def test_strict_mode_makes_a_missing_or_broken_drawing_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOOLHOF_STRICT", "1")
    (tmp_path / "pictures").mkdir()
    (tmp_path / "pictures" / "broken.svg").write_text("<svg this is not xml")
    cache = Art(root=tmp_path)
    with pytest.raises(MissingArt, match=r"broken\.svg"):
        cache.picture("broken", 40)
    with pytest.raises(MissingArt, match=r"nothing\.svg"):
        cache.icon("nothing", 40)
    assert len(cache) == 0  # nothing half-made was cached
