"""Fixed-seed counting tests: the engine reproduces the reference's numbers in tests/data/counts.json.

Regenerate the file with ``python scripts/make_counts.py`` (it uses the reference, not the engine).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from doolhof.engine import Game, Push

DATA = json.loads((Path(__file__).parent.parent / "data" / "counts.json").read_text(encoding="utf-8"))


def engine_counts(game: Game) -> dict[str, Any]:
    """The engine's version of make_counts.counts()."""
    results = set()
    reach_total = 0
    for push in game.legal_pushes():
        trial = game.copy()
        trial.push(push)
        pictures = tuple(sorted((cell, trial.board.picture_at(cell)) for cell in trial.board
                                if trial.board.picture_at(cell)))
        results.add((trial.board.text(), trial.spare_text(), trial.spare_picture, pictures, trial.positions))
        reach_total += len(trial.reachable())
    return {
        "board": game.board.text(),
        "spare": game.spare_text(),
        "positions": [list(p) for p in game.positions],
        "scores": list(game.scores),
        "reachable": len(game.reachable()),
        "legal_pushes": len(game.legal_pushes()),
        "distinct_results": len(results),
        "reach_total": reach_total,
    }


def test_the_data_file_covers_every_variant() -> None:
    assert {c["variant"] for c in DATA["cases"]} == {"junior", "junior-own", "classic"}
    assert all(len(c["checkpoints"]) >= 4 for c in DATA["cases"])


@pytest.mark.parametrize("case", DATA["cases"], ids=lambda c: f"{c['variant']}-{c['players']}p-seed{c['seed']}")
def test_engine_counts_match_the_reference_file(case: dict[str, Any]) -> None:
    game = Game.new(variant=case["variant"], players=case["players"], seed=case["seed"])
    for turn, (side, index, rotation, cell) in enumerate(case["moves"]):
        if str(turn) in case["checkpoints"]:
            assert engine_counts(game) == case["checkpoints"][str(turn)], f"turn {turn}"
        game.push(Push(side, index, rotation))
        game.walk(tuple(cell))
    last = str(len(case["moves"]))
    if last in case["checkpoints"]:
        assert engine_counts(game) == case["checkpoints"][last], f"turn {last}"
