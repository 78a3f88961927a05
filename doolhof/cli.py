"""The ``doolhof`` command: ``play`` (the default), ``simulate`` and ``screenshot``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from doolhof.engine.variants import VARIANTS

# pygame prints a greeting on import unless told not to; players and scripts need no banner.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

COMMANDS = ("play", "simulate", "screenshot")
#: The scenes ``doolhof screenshot`` can picture.
SCREENSHOT_SCENES = ("setup", "play", "end", "hint", "tutorial", "parents", "settings", "rules")


def _size(text: str) -> tuple[int, int]:
    """Parse ``WxH`` (e.g. ``1280x800``) into a window size."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size; write WIDTHxHEIGHT, e.g. 1280x800") from None
    if not (160 <= w <= 10000 and 160 <= h <= 10000):
        raise argparse.ArgumentTypeError(f"{text!r}: width and height must be 160 to 10000 pixels")
    return w, h


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _levels(text: str) -> list[str]:
    """Parse ``expert,random`` into computer levels, one per seat (the card game has the same levels)."""
    from doolhof.engine.ai import LEVELS

    levels = [part.strip() for part in text.split(",")]
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(f"{level!r} is not a computer level; choose from {', '.join(LEVELS)}")
    if not 2 <= len(levels) <= 6:
        raise argparse.ArgumentTypeError(f"give 2 to 6 levels, one per seat, not {len(levels)}")
    return levels


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``doolhof`` command."""
    parser = argparse.ArgumentParser(prog="doolhof", description="Doolhof: a maze that changes every turn.")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the game window (the default)")
    play.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    play.add_argument("--size", type=_size, help="window size, e.g. 1280x800")
    play.add_argument("--lang", choices=("en", "nl", "de", "sv"), help="language of the texts for parents")
    play.add_argument("--mute", action="store_true", help="start without sound")

    sim = sub.add_parser("simulate", help="play many games automatically and check the rules")
    sim.add_argument("--game", choices=("maze", "cards"), default="maze",
                     help="the maze board game (default) or the labyrinth card game")
    sim.add_argument("--variant", choices=sorted(VARIANTS), help="maze variant (default junior)")
    sim.add_argument("--players", type=int,
                     help="seats at the table: 2-4 for the maze, 2-6 for cards (default 4, or one per --ai level)")
    sim.add_argument("--ai", type=_levels, metavar="LEVEL,LEVEL,...",
                     help="one computer level per seat: random, gentle, clever or expert (default: all random)")
    sim.add_argument("--swap-seats", action="store_true",
                     help="play every deal once per seat rotation, so a first-move edge cancels")
    sim.add_argument("--games", type=_positive, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--max-turns", type=_positive, default=10_000, help="stop a game after this many turns")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")

    shot = sub.add_parser("screenshot", help="render a scene to a PNG without a window")
    shot.add_argument("out", help="the PNG file to write")
    shot.add_argument("--scene", choices=SCREENSHOT_SCENES, default="play")
    shot.add_argument("--page", type=int, default=0, help="the rules page to show (--scene rules)")
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--size", type=_size, default=(1280, 800))
    shot.add_argument("--turns", type=int, default=0, help="random turns played before the picture (play)")
    shot.add_argument("--variant", choices=sorted(VARIANTS), default="junior")
    shot.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    shot.add_argument("--lang", choices=("en", "nl", "de", "sv"))
    shot.add_argument("--mid-turn", action="store_true", help="push once more, so the reachable cells are lit (play)")
    return parser


def _simulate(args: argparse.Namespace) -> int:
    players = args.players if args.players is not None else (len(args.ai) if args.ai else 4)
    if args.ai and len(args.ai) != players:
        print(f"doolhof simulate: --ai names {len(args.ai)} levels for {players} players", file=sys.stderr)
        return 2
    most = 6 if args.game == "cards" else 4
    if not 2 <= players <= most:
        game = "card game" if args.game == "cards" else "maze game"
        print(f"doolhof simulate: the {game} is played by 2 to {most} players, not {players}", file=sys.stderr)
        return 2
    if args.game == "cards":
        if args.variant is not None:
            print("doolhof simulate: --variant is for the maze game; the card game has one deck", file=sys.stderr)
            return 2
        from doolhof.cards.simulate import simulate as simulate_cards

        cards = simulate_cards(
            players, args.games, args.seed, max_turns=args.max_turns, levels=args.ai, swap_seats=args.swap_seats
        )
        figures, examples, name = cards.as_dict(), cards.violation_examples, "the card game"
    else:
        from doolhof.engine.simulate import simulate

        args.variant = args.variant or "junior"
        maze = simulate(
            args.variant, players, args.games, args.seed, max_turns=args.max_turns, levels=args.ai,
            swap_seats=args.swap_seats,
        )
        figures, examples, name = maze.as_dict(), maze.violation_examples, args.variant
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{figures['games']} games of {name} with {players} players (seed {args.seed})")
        print(f"  finished:             {figures['finished']}")
        print(f"  turns per game:       {figures['turns_mean']:.1f} on average, {figures['turns_max']} at most")
        print(f"  wins per seat:        {figures['wins']}")
        if args.ai:
            print(f"  wins per level:       {figures['wins_by_level']} (decided alone: {figures['decided']})")
            print(f"  decided wins:         {figures['decided_wins_by_level']}")
        print(f"  invariant violations: {figures['invariant_violations']}")
        for example in examples[:5]:  # the five that --json shows
            print(f"    {example}")
        print(f"  speed:                {figures['games_per_s']:.1f} games/s")
    return 1 if figures["invariant_violations"] else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``doolhof`` command; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0] not in COMMANDS and args_list[0] not in ("-h", "--help")):
        args_list.insert(0, "play")
    args = build_parser().parse_args(args_list)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "screenshot":
        from doolhof.gui.screenshot import render_screenshot

        return render_screenshot(args)
    from doolhof.gui.launch import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
