"""The pages of the parents' rules screen: short texts and small drawings of the real board.

Every page is a title, a few short paragraphs (a paragraph starting with ``"• "`` is a bullet)
and a :class:`BoardPicture`: an engine :class:`~doolhof.engine.Game` in a telling position plus
a few marks (lit cells, a closed arrow, a figure popping back in ...), drawn with the very tiles
of the play screen (:mod:`doolhof.gui.board.painter`). The texts are shortened from the rules in
``docs/rules.md`` (R1-R16) and marked with ``N_``; show them with ``_()``. The card game has its
own pages (``rules_pages("cards")``, :mod:`doolhof.gui.rules.card_pages`), drawn with real cards.

    pages = rules_pages()
    image = render_picture(pages[2].picture, view, (400, 400))
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from functools import cache

import pygame

from doolhof.engine import Game, Push
from doolhof.engine import events as ev
from doolhof.engine.board import Cell
from doolhof.gui.board.painter import (
    BAND,
    FIGURE,
    BoardArt,
    arrow_rect,
    cluster_offset,
    draw_arrow,
    draw_cards,
    draw_figure,
    draw_frame,
    draw_glow,
    draw_hand,
    draw_line_ring,
    draw_reach,
    draw_sparkle_ring,
    faded,
    line_rect,
)
from doolhof.gui.cardtable.faces import CardFaces
from doolhof.gui.kit import theme
from doolhof.gui.rules.card_pages import CARD_ORDER, CARD_TEXTS, CardPicture, card_picture, render_card_picture
from doolhof.gui.rules.trays import draw_tray_row, draw_trophy, tray_rows
from doolhof.i18n import N_

Spot = tuple[float, float]


@dataclass(frozen=True)
class Tray:
    """A row for the end page: a figure and the secrets it collected; *winner* gets a trophy."""

    seat: int
    pictures: tuple[str, ...]
    winner: bool = False


@dataclass(frozen=True)
class BoardPicture:
    """What one illustration shows: a board in a position, plus marks that explain the rule.

    Coordinates are (row, col) cells; fractional and off-board spots (the arrow band) are allowed.
    """

    #: The position to draw (board, figures, forbidden arrow). None: no board (the end page's trays).
    game: Game | None = None
    #: Seats whose figure is drawn (default: every player).
    figures: tuple[int, ...] | None = None
    #: Cells lit as reachable; every other cell is veiled. None: nothing lit or veiled.
    lit: frozenset[Cell] | None = None
    #: A warm glow behind this cell (the picture everyone looks for, or a home corner).
    halo: Cell | None = None
    #: An arrow drawn bright, as if the card hovers over it.
    hot: tuple[str, int] | None = None
    #: Draw every arrow quiet except *hot* and the closed one.
    quiet_arrows: bool = False
    #: A row or column outlined, (side, index) of its arrow.
    line: tuple[str, int] | None = None
    #: The sliding card drawn at a spot (usually waiting on the arrow band): (spot, openings, picture).
    card: tuple[Spot, int, str | None] | None = None
    #: A faded figure (seat, spot): where a figure was before it moved.
    ghost: tuple[int, Spot] | None = None
    #: A dotted arrow through these spots (the last one gets the head).
    trail: tuple[Spot, ...] = ()
    #: Sparkles around this cell (something was collected).
    sparkle: Cell | None = None
    #: A secret token shown large at this spot.
    token: tuple[Spot, str] | None = None
    #: The tutorial hand pointing at this spot.
    hand: Spot | None = None
    #: The end page: rows of collected secrets instead of a board.
    trays: tuple[Tray, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Page:
    """One page: title, paragraphs (English msgids, translate with ``_()``) and its illustration."""

    key: str
    title: str
    paragraphs: tuple[str, ...]
    picture: BoardPicture | CardPicture


# ----- the texts ------------------------------------------------------------------------------
TEXTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "goal": (N_("The goal"), (
        N_("2 to 4 players · ages 4 and up · about 15 minutes"),
        N_("A maze that changes every turn, with twelve secrets hidden inside. Everyone looks for the same "
           "picture at the same time: the one that glows. Whoever collects the most secrets wins."),
    )),
    "setup": (N_("Set up in one minute"), (
        N_("The game sets up for you, just like on the table:"),
        N_("• The corridor cards lie in the maze in random order. One card is left over: the sliding card."),
        N_("• The secrets are shuffled, picture side down, and the top one is turned over."),
        N_("• Every figure starts on the corner of its own colour."),
    )),
    "turn": (N_("A turn: slide, then walk"), (
        N_("Push the sliding card into the maze at a yellow arrow, by dragging or tapping. The row moves "
           "along and a card comes out on the other side: the sliding card for the next player."),
        N_("Then walk your figure as far as the corridors are open (the lit cells), or stay put. "
           "Sliding always comes first, even if the picture can already be reached."),
    )),
    "closed": (N_("The closed arrow"), (
        N_("One spot is off limits: where the card just came out. Pushing it straight back in would undo "
           "the previous player's move."),
        N_("Every other yellow arrow is fine, also one on the same side. The closed arrow is grey and "
           "gently says no."),
    )),
    "wrap": (N_("Pushed off? Back on the other side"), (
        N_("A figure on the card that slides out is not out of the game. It goes onto the card that was "
           "just pushed in, at the other end of the same row or column."),
        N_("That does not count as walking, and it can be your own figure too."),
    )),
    "collect": (N_("Collecting a secret"), (
        N_("Stop on the card with the glowing picture and the secret is yours. Then the next secret is "
           "turned over."),
        N_("Didn't make it? Then the next player hunts the same picture, with the new sliding card."),
    )),
    "end": (N_("The end"), (
        N_("As soon as someone takes the last secret, the game ends. Whoever has the most secrets wins."),
        N_("A tie is a shared victory. Or play a quick decider with half the secrets: the end screen "
           "offers it."),
    )),
    "variants": (N_("Harder: own secrets and the big board"), (
        N_("In the harder variant everyone gets their own pile of secrets and hunts only the top one, "
           "shown on their own turn. With an empty pile, walk back to your start corner: the first one "
           "home wins."),
        N_("The big board (7 × 7, 24 treasures) is played the same way: good practice for the big game."),
    )),
    "tips": (N_("Tips for experienced players"), (
        N_("• Before you slide, look where the picture is and which row or column can move that card. "
           "Often one slide opens a corridor."),
        N_("• Slide a row an opponent is standing in: they move along and end up further from the picture."),
        N_("• Next to the picture but not your turn? Expect someone to shift your row. Two open routes are "
           "better than one."),
    )),
    "young": (N_("Playing with a four- or five-year-old"), (
        N_("• The first time, play with half the secrets, so the game stays short."),
        N_("• While your child walks, trace the corridor with a finger. After a few games they do it "
           "themselves."),
        N_("• With a five-year-old: let them say out loud where the picture is and which arrow they choose "
           "before they push. That way they learn to think ahead without you stepping in."),
        N_("• Playing with family far away: the undo button is off (the other computer has seen the move), "
           "the light bulb helps only at its own screen, and own secrets show only on their own screen."),
    )),
}
#: The order of the pages.
ORDER: tuple[str, ...] = ("goal", "setup", "turn", "closed", "wrap", "collect", "end", "variants", "tips", "young")


# ----- the positions --------------------------------------------------------------------------
def _entry(size: int, side: str, index: int) -> Spot:
    """Where a card waits to go in at (side, index): on the arrow band, just off the board."""
    off = 0.5 + BAND / 2
    last = size - 1
    return {"N": (-off, index), "S": (last + off, index), "W": (index, -off), "E": (index, last + off)}[side]


def _best_push(game: Game, seat: int, want_target: bool = True) -> tuple[Push, Game]:
    """A push (rotation included) after which *seat* reaches many cells, the target if possible."""
    best: tuple[tuple[int, int, str], Push, Game] | None = None
    for push in game.legal_pushes():
        after = game.copy()
        after.push(push)
        reach = after.reachable(seat)
        target = after.target(seat)
        hits = int(want_target and target is not None and target in reach and target != after.positions[seat])
        score = (hits, len(reach), str(push))
        if best is None or score[:2] > best[0][:2]:
            best = (score, push, after)
    assert best is not None
    return best[1], best[2]


@cache
def _reaching(secrets: int | None = None) -> tuple[Game, Push, Game]:
    """The first seeded 2-player game where one push lets seat 0 walk a few cells to the picture."""
    for seed in range(1, 200):
        game = Game.new("junior", players=2, seed=seed, secrets=secrets)
        push, after = _best_push(game, 0)
        target = after.target(0)
        path = after.board.path(after.positions[0], target) if target is not None else None
        if path is not None and 4 <= len(path) <= 7:
            return game, push, after
    raise AssertionError("no seed gives a reachable picture")  # pragma: no cover - the engine is seeded


def _goal() -> BoardPicture:
    game = Game.new("junior", players=4, seed=11)
    return BoardPicture(game, halo=game.target(), quiet_arrows=True)


def _setup() -> BoardPicture:
    game = Game.new("junior", players=4, seed=5)
    return BoardPicture(game, card=(_entry(5, "N", 1), game.spare, game.spare_picture), hot=("N", 1),
                        halo=game.target())


def _turn() -> BoardPicture:
    _, push, after = _reaching()
    return BoardPicture(after, lit=after.reachable(0), hot=push.arrow, halo=after.target(0), figures=(0,))


def _closed() -> BoardPicture:
    game = Game.new("junior", players=2, seed=8)
    game.push(Push("W", 3, 0))
    game.walk(game.positions[0])
    return BoardPicture(game, card=(_entry(5, "N", 3), game.spare, game.spare_picture), hot=("N", 3))


def _wrap() -> BoardPicture:
    base = Game.new("junior", players=2, seed=21)
    game = Game.from_position(base.board.copy(), base.spare, players=2, positions=[(1, 4), (4, 4)],
                              spare_picture=base.spare_picture)
    events = game.push(Push("W", 1, 0))
    wrapped = next(e for e in events if isinstance(e, ev.FigureWrapped))
    gone = (1.0, 4 + 0.5 + BAND / 2 + 0.15)
    arc = tuple((1.0 - 0.95 * math.sin(math.pi * k / 8), gone[1] + (wrapped.end[1] - gone[1]) * k / 8)
                for k in range(9))
    return BoardPicture(game, figures=(0,), line=("W", 1), ghost=(0, gone), trail=arc, quiet_arrows=True)


def _collect() -> BoardPicture:
    _, _, after = _reaching()
    after = after.copy()
    target = after.target(0)
    assert target is not None
    picture = after.target_picture(0)
    assert picture is not None
    after.walk(target)
    return BoardPicture(after, figures=(0,), sparkle=target, token=((target[0] - 0.85, target[1] + 0.55), picture),
                        quiet_arrows=True)


def _end() -> BoardPicture:
    return BoardPicture(trays=(
        Tray(0, ("star", "fish", "sun", "boat", "moon"), True),
        Tray(1, ("apple", "key", "house", "tree", "ball"), True),
        Tray(2, ("crown", "flower"), False),
    ))


def _variants() -> BoardPicture:
    game = Game.new("classic", players=4, seed=4)
    return BoardPicture(game, halo=game.target(), quiet_arrows=True)


def _tips() -> BoardPicture:
    base = Game.new("junior", players=2, seed=14)
    # Seat 1 is to move; the opponent (seat 0) stands in row 3: sliding that row carries it away.
    target = base.face_up if base.face_up is not None and base.board.find_picture(base.face_up) else None
    game = Game.from_position(base.board.copy(), base.spare, players=2, positions=[(3, 1), (0, 4)],
                              current_player=1, spare_picture=base.spare_picture,
                              secrets=(target,) if target else ())
    line = ("W", 3)
    return BoardPicture(game, line=line, hot=line, card=(_entry(5, *line), game.spare, game.spare_picture),
                        halo=game.target(1))


def _young() -> BoardPicture:
    _, _, after = _reaching(6)
    target = after.target(0)
    path = after.board.path(after.positions[0], target) if target is not None else None
    trail: tuple[Spot, ...] = tuple((float(r), float(c)) for r, c in path) if path else ()
    hand = trail[len(trail) // 2] if trail else None
    return BoardPicture(after, figures=(0,), trail=trail, hand=hand, halo=target, quiet_arrows=True)


_BUILDERS = {
    "goal": _goal, "setup": _setup, "turn": _turn, "closed": _closed, "wrap": _wrap, "collect": _collect,
    "end": _end, "variants": _variants, "tips": _tips, "young": _young,
}


#: The games the rules screen explains: the maze games, and the card game.
GAMES: tuple[str, ...] = ("maze", "cards")


@cache
def rules_pages(game: str = "maze") -> tuple[Page, ...]:
    """Every page of the rules of *game* (``"maze"`` or ``"cards"``), in reading order (built once;
    texts stay English msgids). Anything else gets the maze's pages."""
    if game == "cards":
        return tuple(Page(key, CARD_TEXTS[key][0], CARD_TEXTS[key][1], card_picture(key)) for key in CARD_ORDER)
    return tuple(Page(key, TEXTS[key][0], TEXTS[key][1], _BUILDERS[key]()) for key in ORDER)


# ----- drawing --------------------------------------------------------------------------------
def render_picture(picture: BoardPicture | CardPicture, view: BoardArt, size: tuple[int, int],
                   faces: CardFaces | None = None) -> pygame.Surface:
    """The illustration drawn as large as fits into *size* (a transparent surface of exactly that size).

    Card pictures are drawn with *faces* (default: a fresh cache on the view's art).
    """
    if isinstance(picture, CardPicture):
        return render_card_picture(picture, faces if faces is not None else CardFaces(view.art), view, size)
    w, h = max(8, int(size[0])), max(8, int(size[1]))
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    if picture.game is None:
        _draw_trays(surface, picture.trays, view)
    else:
        _draw_board(surface, picture, view)
    return surface


def board_geometry(board_cells: int, size: tuple[int, int]) -> tuple[int, int, pygame.Rect]:
    """(cell, band, board rect) of a board of *board_cells* drawn centred in *size*, with its arrow band."""
    w, h = size
    # A little room beyond the arrow band: a card waiting on the band sticks out of it.
    cell = max(6, int(min(w, h) / (board_cells + 2 * BAND + 0.4)))
    band = round(cell * BAND)
    side = board_cells * cell
    board = pygame.Rect((w - side) // 2, (h - side) // 2, side, side)
    return cell, band, board


def _draw_board(surface: pygame.Surface, pic: BoardPicture, view: BoardArt) -> None:
    game = pic.game
    assert game is not None
    n = game.board.size
    cell, band, board = board_geometry(n, surface.get_size())

    def centre(spot: Spot) -> tuple[float, float]:
        return (board.x + (spot[1] + 0.5) * cell, board.y + (spot[0] + 0.5) * cell)

    def cell_centre(spot: Cell) -> tuple[int, int]:
        return pygame.Rect(board.x + spot[1] * cell, board.y + spot[0] * cell, cell, cell).center

    # Small drawings: the frame's corners and edge may get smaller than on the play screen.
    draw_frame(surface, board, cell, band, least=(6, 2, 3))
    draw_cards(surface, view, game.board, game.variant, cell, cell_centre)
    if pic.lit is not None:
        draw_reach(surface, view, game.board, pic.lit, cell, board.topleft)
    if pic.halo is not None:
        draw_glow(surface, view, centre(pic.halo), cell, 8, game.board.picture_at(pic.halo), int(cell * 0.56))
    _draw_arrows(surface, pic, view, game, cell, band, board)
    if pic.line is not None:
        draw_line_ring(surface, line_rect(board, cell, *pic.line), cell)
    if pic.trail:
        _draw_trail(surface, [centre(s) for s in pic.trail], cell, head=pic.ghost is not None)
    if pic.ghost is not None:
        seat, spot = pic.ghost
        img = faded(view.figure(seat, int(cell * FIGURE)), 110)
        surface.blit(img, img.get_rect(center=centre(spot)))
    seats = pic.figures if pic.figures is not None else tuple(range(game.players))
    drawn = [game.positions[seat] for seat in seats]
    for k, seat in enumerate(seats):
        dx, dy = cluster_offset(drawn, k)
        here = drawn[k]
        draw_figure(surface, view, seat, centre((here[0] + dy, here[1] + dx)), int(cell * FIGURE))
    if pic.card is not None:
        spot, mask, picture = pic.card
        tile = view.corridor(mask, cell, False, None, plate=picture is not None)
        where = tile.get_rect(center=centre(spot))
        shadow = pygame.Surface(where.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (*theme.SHADOW, 70), shadow.get_rect(), border_radius=max(4, cell // 8))
        surface.blit(shadow, where.move(max(2, cell // 16), max(3, cell // 12)))
        surface.blit(tile, where)
        if picture is not None:
            img = view.picture(picture, int(cell * 0.52))
            surface.blit(img, img.get_rect(center=where.center))
    if pic.sparkle is not None:
        star = view.sparkle(max(8, cell // 3))
        draw_sparkle_ring(surface, star, centre(pic.sparkle), (cell * 0.66, cell * 0.52), 8, 0.3)
    if pic.token is not None:
        spot, name = pic.token
        img = view.token(name, int(cell * 0.9))
        surface.blit(img, img.get_rect(center=centre(spot)))
    if pic.hand is not None:
        draw_hand(surface, view, centre(pic.hand), int(cell * 0.95))


def _draw_arrows(surface: pygame.Surface, pic: BoardPicture, view: BoardArt, game: Game, cell: int, band: int,
                 board: pygame.Rect) -> None:
    for side, index in game.arrows():
        arrow_id = (side, index)
        if arrow_id == game.forbidden and game.phase == "push":
            state = "closed"
        elif arrow_id == pic.hot:
            state = "hot"
        elif pic.quiet_arrows or game.phase != "push":
            state = "rest"
        else:
            state = "open"
        draw_arrow(surface, view, side, arrow_rect(board, cell, band, side, index), state)


def _draw_trail(surface: pygame.Surface, points: list[tuple[float, float]], cell: int, head: bool) -> None:
    """Dots along *points* (evenly spaced), with an arrowhead at the end when *head*."""
    if len(points) < 2:
        return
    gap = max(6.0, cell * 0.2)
    dot = max(2, cell // 16)
    carry = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.dist((x0, y0), (x1, y1))
        t = carry
        while t < length:
            u = t / length
            p = (x0 + (x1 - x0) * u, y0 + (y1 - y0) * u)
            pygame.draw.circle(surface, theme.ARROW_OUTLINE, p, dot + max(1, dot // 2))
            pygame.draw.circle(surface, theme.ARROW, p, dot)
            t += gap
        carry = t - length
    if head:
        (x0, y0), (x1, y1) = points[-2], points[-1]
        a = math.atan2(y1 - y0, x1 - x0)
        size = cell * 0.26
        tip = (x1 + math.cos(a) * size * 0.2, y1 + math.sin(a) * size * 0.2)
        wing1 = (tip[0] - math.cos(a - 0.5) * size, tip[1] - math.sin(a - 0.5) * size)
        wing2 = (tip[0] - math.cos(a + 0.5) * size, tip[1] - math.sin(a + 0.5) * size)
        pygame.draw.polygon(surface, theme.ARROW, (tip, wing1, wing2))
        pygame.draw.polygon(surface, theme.ARROW_OUTLINE, (tip, wing1, wing2), width=max(2, dot // 2 + 1))


def _draw_trays(surface: pygame.Surface, trays: tuple[Tray, ...], view: BoardArt) -> None:
    most = max((len(t.pictures) for t in trays), default=0)
    for tray, row in zip(trays, tray_rows(surface.get_size(), len(trays)), strict=True):
        row_h = row.h
        draw_tray_row(surface, row, tray.winner, view.figure(tray.seat, int(row_h * 0.86)))
        left = row.x + row_h
        right = row.right - (row_h if tray.winner or most else row_h // 4)
        count = max(1, most)
        step = min(row_h * 0.8, (right - left) / count)
        token_px = int(min(row_h * 0.7, step * 1.15))
        for j, name in enumerate(tray.pictures):
            img = view.token(name, token_px)
            surface.blit(img, img.get_rect(center=(round(left + step * (j + 0.5)), row.centery)))
        if tray.winner:
            draw_trophy(surface, row, view.icon("trophy", int(row_h * 0.78)))
