"""Render a card table with the table painter, for looking at it and for timing it.

    python scripts/cardtable_demo.py OUT.png --cards 46 --size 1920x1080 [--seed S] [--look] [--bench]

Plays random lays (taking nothing) until *cards* cards lie on the table, then draws it. ``--look``
lays one more card that joins a path (when one exists) and shows the glowing path, the pulsing
takeable cards, lit and faint cells for the next hand card and a refused card. ``--bench`` times
the table draw: settled (faces cached) and while the camera zooms out to a grown table, in
processor time of this process (the machine may be shared; wall time would count the others' work).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from doolhof.cards import CardGame, PathJoined
from doolhof.gui.cardtable.camera import Camera
from doolhof.gui.cardtable.faces import CardFaces
from doolhof.gui.cardtable.painter import TableLook, draw_table
from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art


def grow(cards: int, seed: int) -> CardGame:
    """A 4-player game with random lays (nobody takes) until *cards* cards lie on the table."""
    rng = random.Random(seed)
    game = CardGame.new(players=4, seed=seed)
    while len(game.table) < cards and not game.is_over():
        if game.phase == "take":
            game.take(set())
            continue
        places = game.legal_places()
        game.place(rng.choice(places))
    if game.phase == "take":
        game.take(set())
    return game


def look_at(game: CardGame) -> TableLook:
    """Lay a card that joins a path (if any) and describe everything the table can show."""
    for place in game.legal_places():
        trial = game.copy()
        events = trial.place(place)
        joins = [e for e in events if isinstance(e, PathJoined)]
        if joins and trial.phase == "take":
            glow: list[tuple[tuple[int, int], str]] = []
            for join in joins:
                for cell in join.cells:
                    if (cell, join.treasure) not in glow:
                        glow.append((cell, join.treasure))
            takeable = trial.takeable()
            refused = frozenset()
            for cell in takeable:
                if not trial.can_take({cell}):
                    refused = frozenset({cell})
            game.__init__(  # type: ignore[misc]
                trial.table, [trial.hand(s) for s in range(trial.players)], trial.pile,
                current_player=trial.current_player)
            return TableLook(glow=tuple(glow), pulse=takeable, laid=place.cell, refused=refused,
                             picked=frozenset(list(takeable)[:1]))
    lit = frozenset(p.cell for p in game.legal_places() if p.hand_index == 0 and p.rotation == 0)
    faint = frozenset(p.cell for p in game.legal_places() if p.hand_index == 0) - lit
    return TableLook(lit=lit, faint=faint)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out")
    parser.add_argument("--cards", type=int, default=46)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--look", action="store_true")
    parser.add_argument("--bench", action="store_true")
    parser.add_argument("--sheet", type=int, default=0, metavar="PX",
                        help="instead: every deck card at PX pixels (rows of 10), turned --rotation")
    parser.add_argument("--rotation", type=int, default=0)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    pygame.init()
    if args.sheet:
        return sheet(args.out, args.sheet, args.rotation)
    screen = pygame.display.set_mode((w, h))
    game = grow(max(4, args.cards), args.seed)
    table = dict(game.table)
    look = look_at(game) if args.look else TableLook()
    if args.look and not look.glow:
        hand = game.hand(game.current_player)
        look = TableLook(
            lit=frozenset(p.cell for p in game.legal_places() if p.hand_index == 0 and p.rotation == 0),
            faint=frozenset(p.cell for p in game.legal_places() if p.hand_index == 0 and p.rotation != 0),
            ghost=(hand[0], 0, next(iter(p.cell for p in game.legal_places()))) if hand else None)
    if args.look:
        table = dict(game.table)
    camera = Camera()
    margin = round(min(w, h) * 0.03)
    camera.set_area(pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin))
    camera.fit(table, instant=True)
    faces = CardFaces(Art())
    screen.fill(theme.BACKGROUND)
    draw_table(screen, camera, faces, table, look, 0.3)
    pygame.image.save(screen, args.out)
    print(f"{args.out}: {len(table)} cards, cell {camera.side:.1f} px")
    if args.bench:
        bench(screen, camera, faces, game, look)
    return 0


def sheet(out: str, px: int, rotation: int) -> int:
    """Every card of the deck in rows of ten, plus a back and a glow, for looking at the faces."""
    from doolhof.cards import DECK

    pad = max(4, px // 10)
    screen = pygame.display.set_mode((10 * (px + pad) + pad, 6 * (px + pad) + pad))
    screen.fill(theme.BACKGROUND)
    faces = CardFaces(Art())
    for k, card in enumerate(DECK):
        x, y = pad + (k % 10) * (px + pad), pad + (k // 10) * (px + pad)
        screen.blit(faces.face(card, rotation, px), (x, y))
    y = pad + 5 * (px + pad)
    screen.blit(faces.back(px), (pad, y))
    for k, card in enumerate(DECK[:4]):
        name = sorted(card.treasures)[0]
        screen.blit(faces.face(card, rotation, px), (pad + (k + 1) * (px + pad), y))
        screen.blit(faces.glow(card, rotation, px, name), (pad + (k + 1) * (px + pad), y))
    pygame.image.save(screen, out)
    print(out)
    return 0


def bench(screen: pygame.Surface, camera: Camera, faces: CardFaces, game: CardGame, look: TableLook) -> None:
    """Time draw_table: settled with every face cached, and while the camera eases to a grown table."""
    table = dict(game.table)
    times = []
    for k in range(200):
        screen.fill(theme.BACKGROUND)
        start = time.process_time()
        draw_table(screen, camera, faces, table, look, k / 60)
        times.append((time.process_time() - start) * 1000)
    times.sort()
    print(f"settled: {len(times)} frames, best {times[0]:.2f} ms, median {statistics.median(times):.2f} ms, "
          f"p95 {times[int(len(times) * 0.95)]:.2f} ms")
    # Zooming: aim at a table two cells wider each way, ease there frame by frame.
    xs = [c[0] for c in table]
    ys = [c[1] for c in table]
    bigger = [*table, (min(xs) - 2, min(ys) - 2), (max(xs) + 2, max(ys) + 2)]
    zoom = []
    for _ in range(3):
        camera.fit(table, instant=True)
        camera.fit(bigger)
        k = 0
        while camera.moving and k < 60:
            camera.update(1 / 60)
            screen.fill(theme.BACKGROUND)
            start = time.process_time()
            draw_table(screen, camera, faces, table, look, k / 60)
            zoom.append((time.process_time() - start) * 1000)
            k += 1
    zoom.sort()
    print(f"zooming: {len(zoom)} frames, best {zoom[0]:.2f} ms, median {statistics.median(zoom):.2f} ms, "
          f"p95 {zoom[int(len(zoom) * 0.95)]:.2f} ms, max {zoom[-1]:.2f} ms")


if __name__ == "__main__":
    sys.exit(main())
