"""The tools a host and we run against a relay: ``doolhof simulate --online`` and scripts/bench_online.py."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from doolhof import cli
from tests.scripts import ROOT


@pytest.mark.parametrize("game", ["maze", "cards"])
def test_simulate_online_plays_whole_games_through_the_relay(relay: Any, game: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--online", relay.address, "--game", game, "--games", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == figures["finished"] == 2
    assert figures["desyncs"] == figures["refused"] == 0
    assert 0 < figures["latency_ms_p50"] <= figures["latency_ms_p95"]


def test_simulate_online_says_plainly_when_the_relay_is_not_there(relay: Any,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    relay.stop()
    assert cli.main(["simulate", "--online", relay.address, "--games", "1"]) == 1
    assert "nothing answers at" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--online", "not an address"])


def test_the_online_benchmark_prints_its_figures(relay: Any) -> None:
    # the benchmark starts a relay of its own; the fixture only makes sure mosquitto is here
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "bench_online.py"), "--json", "--rooms", "1", "3", "--moves", "3",
         "--pace", "0.05", "--frame-rounds", "1", "--pushes", "1"],
        capture_output=True, text=True, timeout=240, check=True,
    )
    figures = json.loads(done.stdout)
    assert [r["rooms"] for r in figures["rooms"]] == [1, 3]
    assert all(r["moves"] > 0 and r["lost"] == r["refused"] == 0 for r in figures["rooms"])
    assert figures["relay_rss_mb"] > 0 and figures["frame_p95_ms_online"] > 0
