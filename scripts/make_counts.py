"""Regenerate tests/data/counts.json from the *reference* implementation (tests/reference.py).

Usage: ``python scripts/make_counts.py``

For a few seeds per variant, the reference sets a game up from the seed, plays random turns with
its own seeded random choices and, at fixed turn counts, writes down what the engine must
reproduce: the board text, spare, figures and scores, how many legal pushes there are, how many
*different* positions those pushes lead to, and the mover's reachable cells summed over all of
them (a perft-style count). The moves themselves are stored so the engine can replay them.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.reference import RefGame, new_game  # noqa: E402

OUT = ROOT / "tests" / "data" / "counts.json"
CASES = [("junior", 2, 1), ("junior", 4, 2), ("junior-own", 3, 3), ("junior-own", 2, 4), ("classic", 2, 5),
         ("classic", 4, 6)]
CHECKPOINTS = (0, 1, 2, 5, 10, 20)


def counts(game: RefGame) -> dict[str, Any]:
    """What can happen from *game* (in its push phase) in one push."""
    results = set()
    reach_total = 0
    for side, index, rotation in game.legal_pushes():
        trial = game.copy()
        trial.push(side, index, rotation)
        pictures = tuple(sorted((cell, p) for cell, p in trial.pictures.items() if p))
        results.add((trial.text(), trial.spare_text(), trial.spare_picture, pictures, tuple(trial.positions)))
        reach_total += len(trial.reachable())
    return {
        "board": game.text(),
        "spare": game.spare_text(),
        "positions": [list(p) for p in game.positions],
        "scores": list(game.scores()),
        "reachable": len(game.reachable()),
        "legal_pushes": len(game.legal_pushes()),
        "distinct_results": len(results),
        "reach_total": reach_total,
    }


def case(variant: str, players: int, seed: int) -> dict[str, Any]:
    """One seeded game played by the reference, with counts at every checkpoint."""
    game = new_game(variant, players, seed)
    rng = random.Random(seed * 7919)
    moves: list[list[Any]] = []
    checkpoints: dict[str, Any] = {}
    for turn in range(max(CHECKPOINTS) + 1):
        if game.phase == "over":
            break
        if turn in CHECKPOINTS:
            checkpoints[str(turn)] = counts(game)
        if turn == max(CHECKPOINTS):
            break
        side, index, rotation = rng.choice(game.legal_pushes())
        game.push(side, index, rotation)
        cell = rng.choice(sorted(game.reachable()))
        game.walk(cell)
        moves.append([side, index, rotation, list(cell)])
    return {"variant": variant, "players": players, "seed": seed, "moves": moves, "checkpoints": checkpoints}


def main() -> int:
    """Write the file."""
    data = {
        "about": "Made by scripts/make_counts.py from tests/reference.py; tests/engine/test_counts.py checks the "
                 "engine against it. Checkpoint keys are turns played.",
        "cases": [case(*c) for c in CASES],
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(CASES)} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
