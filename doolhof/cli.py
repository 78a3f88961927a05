"""The ``doolhof`` command: ``play`` (the default), ``simulate`` and ``screenshot``."""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Sequence
from types import FrameType
from typing import TextIO

from doolhof import __version__
from doolhof.engine.variants import VARIANTS

# pygame prints a greeting on import unless told not to; players and scripts need no banner.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

COMMANDS = ("play", "simulate", "screenshot", "relay-check")
#: The scenes ``doolhof screenshot`` can picture.
SCREENSHOT_SCENES = ("setup", "setup-far", "play", "end", "hint", "tutorial", "parents", "settings",
                     "settings-online", "rules", "puzzle", "book", "calendar", "invite", "join", "lobby", "away",
                     "invitation", "invite-declined", "end-online")


#: The smallest and largest window or picture side, in pixels (a 4K screen is 3840 wide).
SIZE_RANGE = (160, 3840)
#: The most games one ``doolhof simulate`` plays, and the most turns it lets a game last.
MAX_GAMES = 1_000_000
MAX_TURNS = 1_000_000
#: The most random turns ``doolhof screenshot --turns`` plays before the picture.
MAX_SHOT_TURNS = 10_000
#: Options that take a value which may start with a minus sign (``--size -5x10``, ``--seed -3``).
VALUE_OPTIONS = ("--size", "--turns", "--page", "--seed", "--games", "--max-turns", "--players")
#: Exit status after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130


def _size(text: str) -> tuple[int, int]:
    """Parse ``WxH`` (e.g. ``1280x800``) into a window size."""
    low, high = SIZE_RANGE
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size; write WIDTHxHEIGHT, e.g. 1280x800") from None
    if not (low <= w <= high and low <= h <= high):
        raise argparse.ArgumentTypeError(
            f"{text!r}: width and height must be {low} to {high} pixels each, e.g. 1280x800"
        )
    return w, h


def _whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from *low* to *high* (no upper limit when None)."""
    allowed = f"from {low:,} to {high:,}" if high is not None else f"of {low:,} or more"

    def whole(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number; give one {allowed}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{text!r} is out of range; give a whole number {allowed}")
        return value

    whole.__name__ = "whole number"
    return whole


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


def _figures(text: str) -> list[int]:
    """Parse ``2,0`` into the figure each seat plays (0 to 5, all different)."""
    try:
        figures = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give figures 0 to 5 separated by commas, e.g. 2,0") from None
    if not 1 <= len(figures) <= 6 or len(set(figures)) != len(figures) or not all(0 <= f <= 5 for f in figures):
        raise argparse.ArgumentTypeError(f"{text!r}: give one to six different figures 0 to 5")
    return figures


def _relays(text: str) -> list[str]:
    """Parse ``host:port[,host:port...]`` into relay addresses (checked, not yet connected)."""
    from doolhof.online.relay import Address

    relays = [part.strip() for part in text.split(",") if part.strip()]
    if not relays:
        raise argparse.ArgumentTypeError("give a relay address, e.g. 127.0.0.1:1883")
    for relay in relays:
        try:
            Address.parse(relay)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return relays


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``doolhof`` command."""
    parser = argparse.ArgumentParser(prog="doolhof", description="Doolhof: a maze that changes every turn.")
    parser.add_argument("--version", action="version", version=f"doolhof {__version__}")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the game window (the default)")
    play.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    play.add_argument("--size", type=_size,
                      help=f"window size, e.g. 1280x800 ({SIZE_RANGE[0]} to {SIZE_RANGE[1]} pixels each)")
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
    sim.add_argument("--games", type=_whole(1, MAX_GAMES), default=100,
                     help=f"how many games (1 to {MAX_GAMES:,}; long runs show progress, Ctrl-C stops)")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--max-turns", type=_whole(1, MAX_TURNS), default=10_000,
                     help=f"stop a game after this many turns (1 to {MAX_TURNS:,})")
    sim.add_argument("--online", type=_relays, metavar="HOST:PORT[,HOST:PORT...]",
                     help="play between two headless computers through this relay (or relays, picked by room)")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")

    shot = sub.add_parser("screenshot", help="render a scene to a PNG without a window")
    shot.add_argument("out", help="the PNG file to write")
    shot.add_argument("--scene", choices=SCREENSHOT_SCENES, default="play")
    shot.add_argument("--page", type=_whole(0), default=0,
                      help="the rules page (--scene rules) or book puzzle (--scene puzzle), from 0")
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--size", type=_size, default=(1280, 800))
    shot.add_argument("--turns", type=_whole(0, MAX_SHOT_TURNS), default=0,
                      help=f"random turns played before the picture, 0 to {MAX_SHOT_TURNS:,} (play)")
    shot.add_argument("--game", choices=("maze", "cards"), default="maze",
                      help="the maze board game (default) or the labyrinth card game (setup, play, end)")
    shot.add_argument("--variant", choices=sorted(VARIANTS), default="junior")
    shot.add_argument("--players", type=int, choices=(2, 3, 4, 5, 6), default=4,
                      help="seats at the table: 2-4 for the maze, 2-6 for cards (default 4)")
    shot.add_argument("--lang", choices=("en", "nl", "de", "sv"))
    shot.add_argument("--figures", type=_figures, metavar="F,F,...",
                      help="the figure each seat plays, 0-5, all different (default: seat k plays figure k)")
    shot.add_argument("--pick", type=_whole(0, 5), metavar="SEAT",
                      help="setup: the figure picker of seat SEAT open (as a tap on its face opens it)")
    shot.add_argument("--mid-turn", action="store_true",
                      help="push once more, so the reachable cells are lit; with cards, lay a card that takes (play)")
    shot.add_argument("--home", metavar="FOLDER",
                      help="read saved games, settings and stars from FOLDER (default: a new empty folder, so a"
                           " family's files are never touched; DOOLHOF_HOME also counts as asked)")

    check = sub.add_parser("relay-check", help="check a relay before families use it (for its operator)",
                           description="Check a relay as its families will use it: TLS with a valid certificate, no "
                                       "reading of other rooms or of everything, nothing kept past its expiry.")
    check.add_argument("address", help="the relay's address, e.g. mqtts://relay.example.org:8883")
    check.add_argument("--cafile", metavar="PEM",
                       help="trust this authority's certificate instead of the system's (a private relay, a test)")
    check.add_argument("--timeout", type=float, default=5.0, help="seconds to wait for each answer (default 5)")
    return parser


def _relay_check(args: argparse.Namespace) -> int:
    """``relay-check``: one line per check; exit status 0 when nothing failed, 1 otherwise."""
    from doolhof.online.relay import Address
    from doolhof.online.relaycheck import Finding, relay_check

    try:
        address = Address.parse(args.address)
    except ValueError as error:
        print(f"relay-check: {error}", file=sys.stderr)
        return 2
    print(f"Checking the relay at {address} ...", flush=True)
    marks = {"ok": "  ok    ", "fail": "  FAIL  ", "note": "  note  "}

    def say(finding: Finding) -> None:
        print(marks[finding.kind] + finding.text, flush=True)

    findings = relay_check(address, args.cafile, max(0.5, min(args.timeout, 60.0)), say)
    failed = sum(f.kind == "fail" for f in findings)
    print("Families can use this relay." if not failed else f"{failed} check(s) failed: fix them before families use"
          " this relay (packaging/relay/README.md).")
    return 1 if failed else 0


class Progress:
    """How far a long ``doolhof simulate`` is, on stderr; also the flag a first Ctrl-C sets to stop it.

    Called after every game with the number done (see the *progress* argument of the simulators);
    says nothing for the first *after* seconds, so short runs stay quiet, then a line at most every
    *every* seconds (rewritten in place on a terminal). Returns False once :attr:`stop` is set.
    """

    def __init__(self, total: int, stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic,
                 after: float = 2.0, every: float | None = None):
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.start = clock()
        self.after = after
        self.terminal = self.stream.isatty()
        self.every = every if every is not None else (0.5 if self.terminal else 5.0)
        self.last: float | None = None
        self.done = 0
        self.stop = False

    def __call__(self, done: int) -> bool:
        """Note that *done* games are finished; show progress when due; False when asked to stop."""
        self.done = done
        now = self.clock()
        due = now - self.start >= self.after and (self.last is None or now - self.last >= self.every)
        if due and done < self.total and not self.stop:
            self.last = now
            self._show(self.line(done, now - self.start))
        return not self.stop

    def line(self, done: int, seconds: float) -> str:
        """``"1,234 of 100,000 games (1%), about 12 min left; Ctrl-C stops and shows the games so far"``."""
        left = (self.total - done) * seconds / done if done else None
        share = f"{100 * done // self.total}%"
        when = f", {_duration(left)} left" if left is not None else ""
        return (f"doolhof simulate: {done:,} of {self.total:,} games ({share}){when};"
                " Ctrl-C stops and shows the games so far")

    def interrupt(self, signum: int, frame: FrameType | None) -> None:
        """The SIGINT handler: the first Ctrl-C stops after the game being played, the second at once."""
        if self.stop:
            raise KeyboardInterrupt
        self.stop = True
        self._show(f"doolhof simulate: stopping after this game ({self.done:,} of {self.total:,} done);"
                   " Ctrl-C again stops at once", final=True)

    def finish(self) -> None:
        """End a progress line left open on a terminal."""
        if self.terminal and self.last is not None:
            self.stream.write("\n")
            self.stream.flush()
            self.last = None

    def _show(self, text: str, final: bool = False) -> None:
        if self.terminal:
            self.stream.write("\r" + text + "\033[K" + ("\n" if final else ""))
            if final:
                self.last = None
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    """``"less than a minute"``, ``"about 12 min"``, ``"about 3 h 5 min"``."""
    minutes = round(seconds / 60)
    if minutes < 1:
        return "less than a minute"
    if minutes < 60:
        return f"about {minutes} min"
    return f"about {minutes // 60} h {minutes % 60} min"


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
    if args.game == "cards" and args.variant is not None:
        print("doolhof simulate: --variant is for the maze game; the card game has one deck", file=sys.stderr)
        return 2
    if args.online:
        return _simulate_online(args, players if args.players is not None else None)
    progress = Progress(args.games)
    try:
        previous = signal.signal(signal.SIGINT, progress.interrupt)
    except ValueError:  # not the main thread (a test calling main): Ctrl-C simply raises there
        previous = None
    try:
        if args.game == "cards":
            from doolhof.cards.simulate import simulate as simulate_cards

            cards = simulate_cards(
                players, args.games, args.seed, max_turns=args.max_turns, levels=args.ai,
                swap_seats=args.swap_seats, progress=progress,
            )
            figures, examples, name = cards.as_dict(), cards.violation_examples, "the card game"
        else:
            from doolhof.engine.simulate import simulate

            args.variant = args.variant or "junior"
            maze = simulate(
                args.variant, players, args.games, args.seed, max_turns=args.max_turns, levels=args.ai,
                swap_seats=args.swap_seats, progress=progress,
            )
            figures, examples, name = maze.as_dict(), maze.violation_examples, args.variant
    finally:
        progress.finish()
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{figures['games']} games of {name} with {players} players (seed {args.seed})")
        if progress.stop:
            print(f"  stopped by Ctrl-C:    {figures['games']:,} of {args.games:,} games played")
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
    if progress.stop:
        print(f"doolhof simulate: stopped by Ctrl-C after {figures['games']:,} of {args.games:,} games",
              file=sys.stderr)
        return INTERRUPTED
    return 1 if figures["invariant_violations"] else 0


def _simulate_online(args: argparse.Namespace, players: int | None) -> int:
    """``simulate --online``: whole games between two headless computers through a real relay."""
    from doolhof.online.simulate import OnlineTrouble, simulate_online

    level = args.ai[0] if args.ai else "random"
    progress = Progress(args.games)
    try:
        previous = signal.signal(signal.SIGINT, progress.interrupt)
    except ValueError:
        previous = None
    try:
        summary = simulate_online(args.online, args.game, args.games, args.seed, args.variant or "junior",
                                  players, level, progress=progress)
    except OnlineTrouble as trouble:
        print(f"doolhof simulate: {trouble}", file=sys.stderr)
        return 1
    finally:
        progress.finish()
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    figures = summary.as_dict()
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{figures['games']} online games of {figures['game']} through {figures['relay']} (seed {args.seed})")
        print(f"  finished:             {figures['finished']}")
        print(f"  desyncs:              {figures['desyncs']}")
        print(f"  refused messages:     {figures['refused']}")
        print(f"  moves:                {figures['moves']}")
        print(f"  move to far screen:   {figures['latency_ms_p50']:.2f} ms p50, {figures['latency_ms_p95']:.2f} ms p95")
    ok = figures["finished"] == figures["games"] and not figures["desyncs"] and not figures["refused"]
    return 0 if ok or progress.stop else 1


def _joined_values(argv: list[str]) -> list[str]:
    """``--size -5x10`` as ``--size=-5x10``: argparse takes a value starting with ``-`` and a digit
    for an option of its own, and would say "expected one argument" instead of what is wrong with it."""
    out: list[str] = []
    k = 0
    while k < len(argv):
        if argv[k] in VALUE_OPTIONS and k + 1 < len(argv) and re.match(r"-\d", argv[k + 1]):
            out.append(f"{argv[k]}={argv[k + 1]}")
            k += 2
        else:
            out.append(argv[k])
            k += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``doolhof`` command; returns the exit status (130 after Ctrl-C, without a traceback)."""
    args_list = _joined_values(list(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    if args_list and not args_list[0].startswith("-") and args_list[0] not in COMMANDS:
        close = difflib.get_close_matches(args_list[0], COMMANDS, n=1)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        parser.error(f"{args_list[0]!r} is not a command. The commands are: play (the default, opens the game),"
                     f" simulate (plays many games automatically), screenshot (draws a scene into a PNG), relay-check"
                     f" (checks a relay for its operator).{hint}"
                     " 'doolhof COMMAND --help' tells more.")
    if not args_list or args_list[0] not in (*COMMANDS, "-h", "--help", "--version"):
        args_list.insert(0, "play")
    try:
        args = parser.parse_args(args_list)
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "relay-check":
            return _relay_check(args)
        if args.command == "screenshot":
            if args.game == "maze" and args.players > 4:
                parser.error(f"the maze game is played by 2 to 4 players, not {args.players}; 5 and 6 are for"
                             " --game cards")
            from doolhof.gui.screenshot import render_screenshot

            return render_screenshot(args)
        from doolhof.gui.launch import run

        return run(args)
    except KeyboardInterrupt:
        print("doolhof: stopped by Ctrl-C", file=sys.stderr)
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
