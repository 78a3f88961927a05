"""Render a contact sheet of all our SVG art, to look at it with your own eyes.

Usage::

    python scripts/art_sheet.py OUT.png [--kinds pictures,figures,icons] [--sizes 40,64,160] [--columns 6]

Each drawing gets a cell with its name and every size twice: on sand (#F3E3C3, the corridor colour) and on
dark hedge (#2F5D3A, the wall colour). Runs headless.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from doolhof.cards.deck import TREASURES
from doolhof.engine.variants import CLASSIC_PICTURES
from doolhof.gui.kit.art import FIGURE_SEATS, ICON_NAMES, Art

SAND = (0xF3, 0xE3, 0xC3)
HEDGE = (0x2F, 0x5D, 0x3A)
PAPER = (250, 250, 250)
INK = (30, 30, 30)
GAP = 8
LABEL = 18


def items(kinds: list[str]) -> list[tuple[str, str]]:
    """(kind, name) of every drawing of the chosen kinds, in sheet order."""
    out: list[tuple[str, str]] = []
    if "pictures" in kinds:
        out += [("pictures", name) for name in CLASSIC_PICTURES]
        out += [("pictures", name) for name in TREASURES if name not in CLASSIC_PICTURES]  # the card game's kite
    if "figures" in kinds:
        out += [("figures", f"seat{seat}") for seat in range(FIGURE_SEATS)] + [("figures", "robot")]
    if "icons" in kinds:
        out += [("icons", name) for name in ICON_NAMES]
    return out


def render(art: Art, kind: str, name: str, px: int) -> pygame.Surface:
    """One drawing at *px* through the game's own loader."""
    if kind == "pictures":
        return art.picture(name, px)
    if kind == "icons":
        return art.icon(name, px)
    if name == "robot":
        return art.robot(px)
    return art.figure(int(name.removeprefix("seat")), px)


def sheet(kinds: list[str], sizes: list[int], columns: int) -> pygame.Surface:
    """The whole contact sheet as one surface."""
    art = Art()
    font = pygame.font.Font(None, 20)
    strip_w = sum(sizes) + GAP * (len(sizes) + 1)
    strip_h = max(sizes) + 2 * GAP
    cell_w, cell_h = strip_w + GAP, LABEL + 2 * strip_h + GAP
    entries = items(kinds)
    rows = (len(entries) + columns - 1) // columns
    out = pygame.Surface((columns * cell_w + GAP, rows * cell_h + GAP))
    out.fill(PAPER)
    for i, (kind, name) in enumerate(entries):
        x0 = GAP + (i % columns) * cell_w
        y0 = GAP + (i // columns) * cell_h
        out.blit(font.render(f"{kind[:-1]} {name}", True, INK), (x0, y0))
        for row, colour in enumerate((SAND, HEDGE)):
            top = y0 + LABEL + row * strip_h
            pygame.draw.rect(out, colour, (x0, top, strip_w, strip_h))
            x = x0 + GAP
            for px in sizes:
                out.blit(render(art, kind, name, px), (x, top + (strip_h - px) // 2))
                x += px + GAP
    return out


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, render the sheet and save it as PNG."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="PNG file to write")
    parser.add_argument("--kinds", default="pictures,figures,icons")
    parser.add_argument("--sizes", default="40,64,160")
    parser.add_argument("--columns", type=int, default=6)
    args = parser.parse_args(argv)
    pygame.init()
    image = sheet(args.kinds.split(","), [int(s) for s in args.sizes.split(",")], args.columns)
    pygame.image.save(image, args.out)
    print(f"wrote {args.out} ({image.get_width()}x{image.get_height()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
