"""Card faces and the table painter: what is drawn where, cached and bounded."""

from __future__ import annotations

import os

import pygame
import pytest

from doolhof.cards import DECK, Card, CardGame
from doolhof.gui.cardtable.camera import Camera
from doolhof.gui.cardtable.faces import CardFaces, port_point, quantised, treasure_point
from doolhof.gui.cardtable.painter import TableLook, draw_card_at, draw_table, free_ring
from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture(scope="module")
def faces() -> CardFaces:
    pygame.init()
    return CardFaces(Art())


def _near(surface: pygame.Surface, pos: tuple[float, float], color: tuple[int, int, int], tol: int = 40,
          reach: int = 2) -> bool:
    x0, y0 = round(pos[0]), round(pos[1])
    for dx in range(-reach, reach + 1):
        for dy in range(-reach, reach + 1):
            x, y = x0 + dx, y0 + dy
            if 0 <= x < surface.get_width() and 0 <= y < surface.get_height():
                c = surface.get_at((x, y))
                if all(abs(c[i] - color[i]) <= tol for i in range(3)) and c[3] > 200:
                    return True
    return False


def fitted(table: dict[tuple[int, int], tuple[Card, int]], size: tuple[int, int]) -> tuple[pygame.Surface, Camera]:
    """A screen of *size* and a camera over all of it, fitted at once to *table*."""
    screen = pygame.Surface(size)
    camera = Camera()
    camera.set_area(screen.get_rect())
    camera.fit(table, instant=True)
    return screen, camera


def test_port_points_lie_on_the_sides_at_thirds() -> None:
    rect = pygame.Rect(10, 20, 90, 90)
    assert port_point(0, rect) == (40.0, 20.0)
    assert port_point(1, rect) == (70.0, 20.0)
    assert port_point(2, rect) == (100.0, 50.0)
    assert port_point(3, rect) == (100.0, 80.0)
    assert port_point(4, rect) == (70.0, 110.0)
    assert port_point(5, rect) == (40.0, 110.0)
    assert port_point(6, rect) == (10.0, 80.0)
    assert port_point(7, rect) == (10.0, 50.0)


@pytest.mark.parametrize("rotation", range(4))
def test_open_ports_show_sand_and_walls_show_hedge(faces: CardFaces, rotation: int) -> None:
    card = Card.from_text("07:apple|34:fish,key")
    side = 120
    face = faces.face(card, rotation, side)
    rect = pygame.Rect(0, 0, side, side)
    open_ports = card.ports_at(rotation)
    for port in range(8):
        x, y = port_point(port, rect)
        # Only an opening cuts through the rim round the card.
        inward = {0: (0, 1), 1: (0, 1), 2: (-1, 0), 3: (-1, 0), 4: (0, -1), 5: (0, -1), 6: (1, 0), 7: (1, 0)}[port]
        probe = (x + inward[0] * side * 0.045, y + inward[1] * side * 0.045)  # on the card's dark rim
        sandy = _near(face, probe, theme.PATH, tol=30)
        assert sandy == (port in open_ports), (port, rotation)


def test_pictures_stay_upright_and_turn_with_their_path(faces: CardFaces) -> None:
    card = Card.from_text("0:apple|4:fish")  # dead ends north and south
    rect = pygame.Rect(0, 0, 100, 100)
    ax, ay = treasure_point(card, 0, "apple", rect)
    _, fy = treasure_point(card, 0, "fish", rect)
    assert ay < 50 < fy
    # A quarter turn clockwise: the apple's path now comes from the east.
    ax, ay = treasure_point(card, 1, "apple", rect)
    assert ax > 50
    # The picture itself is the same upright drawing at every rotation.
    a0 = faces.face(card, 0, 100)
    a1 = faces.face(card, 1, 100)
    assert a0 is not a1
    assert treasure_point(card, 0, "nothing", rect) == (50.0, 50.0)


def test_every_deck_card_keeps_its_two_networks_apart_and_pictures_on_the_card() -> None:
    from doolhof.gui.cardtable.shape import PATH_RIM, PATH_WIDTH, card_shape

    for card in DECK:
        for rotation in range(4):
            shape = card_shape(card, rotation)
            assert set(shape.pictures) == set(card.treasures)
            for (x, y), size in shape.pictures.values():
                assert size > 0.22, (card, rotation)  # readable: at least 1/6 of the card
                assert size / 2 <= min(x, y, 1 - x, 1 - y) + 1e-9
            if len(shape.networks) == 2:
                a, b = shape.networks
                pa = [p for arm in a.arms for p in arm.samples(20)]
                pb = [p for arm in b.arms for p in arm.samples(20)]
                gap = min(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 for p in pa for q in pb)
                assert gap > PATH_WIDTH + 2 * PATH_RIM, (card, rotation, gap)


def test_the_deck_layouts_written_ahead_match_a_fresh_computation() -> None:
    """scripts/cardtable_layouts.py must be run again when the layout rules change."""
    from doolhof.gui.cardtable.deck_layouts import LAYOUTS
    from doolhof.gui.cardtable.shape import compute_layout

    assert set(LAYOUTS) == {card.text() for card in DECK}
    for card in DECK:
        hubs, pictures = compute_layout(card)
        stored_hubs, stored_pictures = LAYOUTS[card.text()]
        assert len(hubs) == len(stored_hubs)
        for a, b in zip(hubs, stored_hubs):
            assert abs(a[0] - b[0]) < 1e-5 and abs(a[1] - b[1]) < 1e-5, card
        assert set(pictures) == set(stored_pictures)
        for name, ((x, y), size) in pictures.items():
            (sx, sy), ssize = stored_pictures[name]
            assert abs(x - sx) < 1e-5 and abs(y - sy) < 1e-5 and abs(size - ssize) < 1e-5, card


def test_any_card_gets_a_layout_and_turning_moves_paths_not_pictures() -> None:
    from doolhof.gui.cardtable.shape import card_shape

    card = Card.from_text("1:apple|46:")  # not a deck card: worked out on the spot
    up = card_shape(card, 0)
    right = card_shape(card, 1)
    (ax, ay), size = up.pictures["apple"]
    (bx, by), size1 = right.pictures["apple"]
    assert size == size1
    assert (bx, by) == pytest.approx((1 - ay, ax))  # a quarter turn clockwise about the centre
    assert sorted(right.networks[0].ports) == [3]


def test_faces_are_cached_and_the_cache_is_bounded(faces: CardFaces) -> None:
    card = DECK[0]
    assert faces.face(card, 1, 64) is faces.face(card, 1, 64)
    for k, c in enumerate(DECK):
        for side in range(40, 50):
            faces.face(c, k % 4, side)
    assert faces.cached() <= 400 + 160


def test_back_glow_and_quantised_sizes(faces: CardFaces) -> None:
    back = faces.back(80)
    assert back.get_size() == (80, 80)
    assert back.get_at((40, 40))[3] == 255 and back.get_at((0, 0))[3] < 100  # rounded corner
    card = Card.from_text("0246:fish,kite")
    glow = faces.glow(card, 0, 100, "fish")
    assert glow.get_size() == (100, 100)
    assert _near(glow, (33, 12), theme.PATH_GLOW_CORE, tol=40, reach=4)
    assert faces.glow(card, 0, 100, "apple").get_bounding_rect().w == 0
    assert quantised(64) >= 64 and quantised(64.5) >= 64.5 and quantised(quantised(70)) == quantised(70)


def _game_table(cards: int) -> dict[tuple[int, int], tuple[Card, int]]:
    import random

    rng = random.Random(3)
    game = CardGame.new(players=4, seed=3)
    while len(game.table) < cards:
        if game.phase == "take":
            game.take(set())
        else:
            game.place(rng.choice(game.legal_places()))
    return dict(game.table)


def test_draw_table_shows_cards_slots_lit_cells_and_hides_hidden(faces: CardFaces) -> None:
    table = _game_table(8)
    screen, camera = fitted(table, (800, 600))
    ring = sorted(free_ring(table))
    lit, hidden = ring[0], next(iter(table))
    look = TableLook(lit=frozenset({lit}), hidden=frozenset({hidden}), faint=frozenset(ring[1:3]))
    screen.fill(theme.BACKGROUND)
    draw_table(screen, camera, faces, table, look, 0.0)
    # Every card but the hidden one shows hedge at its centre-ish rim.
    for cell in table:
        rect = camera.rect_of(cell)
        rim = (rect.left + rect.w * 0.2, rect.top + rect.h * 0.06)
        seen = screen.get_at((round(rim[0]), round(rim[1])))[:3]
        if cell == hidden:
            assert seen == theme.BACKGROUND
        else:
            assert seen != theme.BACKGROUND
    # The lit cell is bright, a plain slot is not.
    lit_px = screen.get_at(camera.rect_of(lit).center)
    plain = next(c for c in ring if c != lit and c not in look.faint)
    plain_px = screen.get_at(camera.rect_of(plain).center)
    assert sum(lit_px[:3]) > sum(plain_px[:3]) + 150


def test_draw_table_glow_grows_along_the_chain(faces: CardFaces) -> None:
    apple = Card.from_text("2367:apple")
    table = {(0, 0): (apple, 0), (1, 0): (apple, 0), (2, 0): (apple, 0)}
    chain = (((2, 0), "apple"), ((1, 0), "apple"), ((0, 0), "apple"))
    screen, camera = fitted(table, (600, 300))

    def glowing(progress: float) -> list[bool]:
        screen.fill(theme.BACKGROUND)
        draw_table(screen, camera, faces, table, TableLook(glow=chain, glow_progress=progress), 0.0)
        out = []
        for cell in ((0, 0), (1, 0), (2, 0)):
            rect = camera.rect_of(cell)
            probe = (rect.left + rect.w * 0.08, rect.top + rect.h / 3)  # on the path, near the west opening
            out.append(_near(screen, probe, theme.PATH_GLOW_CORE, tol=25, reach=1))
        return out

    assert glowing(0.0) == [False, False, False]
    assert glowing(0.34) == [False, False, True]
    assert glowing(1.0) == [True, True, True]


def test_draw_card_at_any_angle_and_alpha(faces: CardFaces) -> None:
    screen = pygame.Surface((300, 300))
    for angle, alpha in ((0.0, 255), (30.0, 255), (45.0, 128), (0.0, 100)):
        screen.fill(theme.BACKGROUND)
        draw_card_at(screen, faces, DECK[5], 1, (150, 150), 120, angle=angle, alpha=alpha)
        assert screen.get_at((150, 150))[:3] != theme.BACKGROUND
        assert screen.get_at((5, 5))[:3] == theme.BACKGROUND


def test_a_joined_path_lights_the_networks_between_its_treasures() -> None:
    from doolhof.gui.cardtable.painter import glow_networks

    apple = Card.from_text("2367:apple")
    between = Card.from_text("0:kite|2367:")  # a dead end with a kite, and a plain corridor west-east
    table = {(0, 0): (apple, 0), (1, 0): (between, 0), (2, 0): (apple, 0)}
    chain = (((2, 0), "apple"), ((1, 0), "apple"), ((0, 0), "apple"))
    assert glow_networks(table, chain) == [((2, 0), 0), ((1, 0), 1), ((0, 0), 0)]
    # A cell the chain names that holds no card, or a network that joins nothing lit, lights nothing.
    assert glow_networks(table, (((5, 5), "apple"), ((1, 0), "apple"))) == [((5, 5), -1), ((1, 0), -1)]


def test_zooming_renders_no_new_faces_and_settling_refines_them_over_a_few_frames(faces: CardFaces) -> None:
    table = _game_table(30)
    screen, camera = fitted(table, (1280, 800))
    look = TableLook()
    draw_table(screen, camera, faces, table, look, 0.0)
    first = camera.side
    xs = [c[0] for c in table]
    ys = [c[1] for c in table]
    camera.fit([*table, (max(xs) + 3, max(ys) + 3)])
    rendered = []
    while camera.moving:
        camera.update(1 / 60)
        before = len(faces._faces)
        draw_table(screen, camera, faces, table, look, 0.0)
        rendered.append(len(faces._faces) - before)
    assert camera.side < first
    assert sum(rendered[:-1]) == 0  # while it moves, the faces it has are scaled
    # At rest the exact faces come back, a few per frame, until every card is sharp again.
    for _ in range(60):
        draw_table(screen, camera, faces, table, look, 0.0)
    side = max(8, round(camera.side))
    assert all(faces.peek(card, rotation, side) is not None for card, rotation in table.values())


def test_a_card_growing_in_flight_is_scaled_and_a_resting_one_becomes_sharp() -> None:
    pygame.init()
    faces = CardFaces(Art())
    screen = pygame.Surface((400, 400))
    card = DECK[7]
    draw_card_at(screen, faces, card, 2, (200, 200), 60)
    before = len(faces._faces)
    for k in range(1, 30):  # flying to the table, growing a little every frame
        draw_card_at(screen, faces, card, 2, (200, 200), 60 + k * 3)
    assert len(faces._faces) - before <= 3  # a few quantised sizes at most, not one face per frame
    draw_card_at(screen, faces, card, 2, (200, 200), 150)
    assert faces.peek(card, 2, 150) is None
    draw_card_at(screen, faces, card, 2, (200, 200), 150)
    assert faces.peek(card, 2, 150) is not None  # the same size twice: rendered sharp
