"""Render a fixed set of screenshots with ``doolhof screenshot``, or compare two such sets byte for byte.

    python scripts/screenshot_set.py OUT_DIR            # render the set into OUT_DIR
    python scripts/screenshot_set.py --compare A B      # list the pictures that differ (exit 1 if any)

The set covers every scene (the settings' online page too), a wide and a tall window, all four languages,
both boards, the mid-turn (lit cells) and hint states, a puzzle being played, and the card game (setup, play,
mid-turn take, six players, end). Use it around a refactoring: render before, render after, compare; every
difference must be explained. Each picture is rendered in its own process, exactly as a person would run the command.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SIZES = {"wide": "1280x800", "tall": "720x1000"}
LANGUAGES = ("en", "nl", "de", "sv")
RULES_PAGES = 10


def shot_list() -> list[tuple[str, list[str]]]:
    """(file name, ``doolhof screenshot`` arguments after OUT) for every picture of the set."""
    shots: list[tuple[str, list[str]]] = []
    for size_name, size in SIZES.items():
        for lang in LANGUAGES:
            base = ["--size", size, "--lang", lang, "--seed", "3"]
            for scene in ("setup", "end", "settings", "settings-online", "parents", "invite", "join", "lobby"):
                shots.append((f"{scene}-{size_name}-{lang}", ["--scene", scene, *base]))
            shots.append((f"rules0-{size_name}-{lang}", ["--scene", "rules", "--page", "0", *base]))
            shots.append((f"setup-cards-{size_name}-{lang}",
                          ["--scene", "setup", "--game", "cards", "--players", "6", *base]))
            shots.append((f"away-{size_name}-{lang}", ["--scene", "away", "--players", "2", *base]))
            shots.append((f"away-cards-{size_name}-{lang}",
                          ["--scene", "away", "--game", "cards", "--players", "3", *base]))
        base = ["--size", size, "--lang", "en", "--seed", "3"]
        for variant in ("junior", "junior-own", "classic"):
            shots.append((f"play-{variant}-{size_name}",
                          ["--scene", "play", "--variant", variant, "--turns", "5", *base]))
            shots.append((f"mid-{variant}-{size_name}",
                          ["--scene", "play", "--variant", variant, "--turns", "7", "--mid-turn", *base]))
        shots.append((f"play2-{size_name}", ["--scene", "play", "--players", "2", "--turns", "2", *base]))
        shots.append((f"hint-{size_name}", ["--scene", "hint", "--turns", "4", *base]))
        shots.append((f"tutorial-{size_name}", ["--scene", "tutorial", *base]))
        shots.append((f"puzzle-{size_name}", ["--scene", "puzzle", "--page", "26", "--mid-turn", *base]))
        shots.append((f"calendar-{size_name}", ["--scene", "calendar", *base]))
        shots.append((f"end-classic-{size_name}", ["--scene", "end", "--variant", "classic", "--players", "3", *base]))
        cards = ["--game", "cards", *base]
        shots.append((f"play-cards-{size_name}", ["--scene", "play", "--players", "4", "--turns", "8", *cards]))
        shots.append((f"mid-cards-{size_name}",
                      ["--scene", "play", "--players", "3", "--turns", "10", "--mid-turn", *cards]))
        shots.append((f"play-cards6-{size_name}", ["--scene", "play", "--players", "6", "--turns", "30", *cards]))
        shots.append((f"end-cards-{size_name}", ["--scene", "end", "--players", "5", *cards]))
        for page in range(1, RULES_PAGES):
            shots.append((f"rules{page}-{size_name}", ["--scene", "rules", "--page", str(page), *base]))
    return shots


def render(out_dir: Path, jobs: int) -> int:
    """Render the whole set into *out_dir*; returns the number of failures."""
    out_dir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DOOLHOF_HOME=str(out_dir / ".home"))

    def one(item: tuple[str, list[str]]) -> str | None:
        name, args = item
        done = subprocess.run([sys.executable, "-m", "doolhof", "screenshot", str(out_dir / f"{name}.png"), *args],
                              capture_output=True, text=True, env=env, timeout=300)
        return None if done.returncode == 0 else f"{name}: {done.stderr.strip()[-300:]}"

    with ThreadPoolExecutor(jobs) as pool:
        failures = [f for f in pool.map(one, shot_list()) if f]
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"rendered {len(shot_list()) - len(failures)} pictures into {out_dir}")
    return len(failures)


def digest(path: Path) -> str:
    """The SHA-256 of the file at *path*."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compare(a: Path, b: Path) -> int:
    """Print the pictures that differ between the sets *a* and *b* (or exist in one only); 1 if any."""
    names = sorted({p.name for p in a.glob("*.png")} | {p.name for p in b.glob("*.png")})
    different = [n for n in names if not (a / n).exists() or not (b / n).exists() or digest(a / n) != digest(b / n)]
    for name in different:
        print(f"differs: {name}")
    print(f"{len(names) - len(different)} of {len(names)} pictures byte-identical")
    return 1 if different else 0


def main() -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", type=Path, help="folder to render the set into")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"), help="compare two rendered sets")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="pictures rendered at once")
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        parser.error("give a folder to render into, or --compare A B")
    return 1 if render(args.out, args.jobs) else 0


if __name__ == "__main__":
    sys.exit(main())
