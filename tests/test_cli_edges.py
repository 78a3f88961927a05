"""Command-line edges. Negative and huge values are refused with the allowed range,
an unknown command lists the commands, and a long ``simulate`` shows progress and ends cleanly on Ctrl-C."""

from __future__ import annotations

import io
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import doolhof.engine.simulate
from doolhof.cards.simulate import simulate as simulate_cards
from doolhof.cli import INTERRUPTED, Progress, build_parser, main
from doolhof.engine.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def nothing_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused command line must not start anything: a simulation, a screenshot or the window."""
    import doolhof.cards.simulate
    import doolhof.gui.launch
    import doolhof.gui.screenshot

    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("this command line should have been refused")

    monkeypatch.setattr(doolhof.engine.simulate, "simulate", started)
    monkeypatch.setattr(doolhof.cards.simulate, "simulate", started)
    monkeypatch.setattr(doolhof.gui.screenshot, "render_screenshot", started)
    monkeypatch.setattr(doolhof.gui.launch, "run", started)


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``doolhof ARGV``, expect exit status 2, return what it said on stderr."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(("argv", "words"), [
    (["--size", "-5x10"], "argument --size: '-5x10': width and height must be 160 to 3840 pixels each, e.g. 1280x800"),
    (["play", "--size", "-5x10"], "width and height must be 160 to 3840 pixels each"),
    (["--size=-5x10"], "width and height must be 160 to 3840 pixels each"),
    (["--size", "10000x10000"], "'10000x10000': width and height must be 160 to 3840 pixels each"),
    (["screenshot", "x.png", "--size", "3841x800"], "width and height must be 160 to 3840 pixels each"),
    (["screenshot", "x.png", "--size", "800x-600"], "width and height must be 160 to 3840"),
    (["screenshot", "x.png", "--turns", "-5"],
     "argument --turns: '-5' is out of range; give a whole number from 0 to 10,000"),
    (["screenshot", "x.png", "--turns", "100000"], "give a whole number from 0 to 10,000"),
    (["screenshot", "x.png", "--turns", "many"], "'many' is not a whole number; give one from 0 to 10,000"),
    (["screenshot", "x.png", "--page", "-1"],
     "argument --page: '-1' is out of range; give a whole number of 0 or more"),
    (["simulate", "--games", "2000000"],
     "argument --games: '2000000' is out of range; give a whole number from 1 to 1,000,000"),
    (["simulate", "--games", "-5"], "argument --games: '-5' is out of range; give a whole number from 1 to 1,000,000"),
    (["simulate", "--games", "0"], "give a whole number from 1 to 1,000,000"),
    (["simulate", "--max-turns", "-1"], "argument --max-turns: '-1' is out of range; give a whole number from 1 to"),
])
def test_bad_values_are_refused_with_the_allowed_range(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str], nothing_runs: None
) -> None:
    err = refused(argv, capsys)
    assert words in err
    assert "expected one argument" not in err


def test_the_largest_sizes_and_counts_are_accepted() -> None:
    args = build_parser().parse_args(["screenshot", "a.png", "--size", "3840x2160", "--turns", "10000", "--page", "0"])
    assert (args.size, args.turns, args.page) == ((3840, 2160), 10_000, 0)
    args = build_parser().parse_args(["simulate", "--games", "1000000", "--max-turns", "1000000"])
    assert (args.games, args.max_turns) == (1_000_000, 1_000_000)


def test_negative_seeds_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--players", "2", "--seed", "-3", "--json"]) == 0
    assert '"games": 1' in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "hint"), [
    (["foo"], ""),
    (["simulte", "--games", "3"], " Did you mean 'simulate'?"),
    (["screenshoot", "x.png"], " Did you mean 'screenshot'?"),
])
def test_an_unknown_command_lists_the_commands(
    argv: list[str], hint: str, capsys: pytest.CaptureFixture[str], nothing_runs: None
) -> None:
    err = refused(argv, capsys)
    assert (f"doolhof: error: {argv[0]!r} is not a command. The commands are: play (the default, opens the game),"
            f" simulate (plays many games automatically), screenshot (draws a scene into a PNG), relay-check"
            f" (checks a relay for its operator).{hint}") in err
    assert "unrecognized arguments" not in err


# ----- simulate: progress and Ctrl-C ---------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_is_quiet_on_short_runs_then_shows_how_far_and_how_long() -> None:
    clock, out = Clock(), io.StringIO()
    progress = Progress(1000, stream=out, clock=clock, after=2.0, every=5.0)
    clock.now += 1.5
    assert progress(10) and out.getvalue() == ""
    clock.now += 1.0  # 2.5 s: 20 games, so 980 more take about two minutes
    assert progress(20)
    assert out.getvalue() == ("doolhof simulate: 20 of 1,000 games (2%), about 2 min left;"
                              " Ctrl-C stops and shows the games so far\n")
    clock.now += 1.0
    assert progress(30) and out.getvalue().count("\n") == 1  # at most one line every 5 s
    clock.now += 5.0
    assert progress(200) and "200 of 1,000 games (20%)" in out.getvalue().splitlines()[-1]
    clock.now += 7200
    assert progress(500) and "500 of 1,000 games (50%), about 2 h 0 min left" in out.getvalue().splitlines()[-1]


def test_the_first_ctrl_c_stops_after_the_game_the_second_at_once() -> None:
    out = io.StringIO()
    progress = Progress(50, stream=out)
    assert progress(3)
    progress.interrupt(signal.SIGINT, None)
    assert "stopping after this game (3 of 50 done); Ctrl-C again stops at once" in out.getvalue()
    assert progress(4) is False
    with pytest.raises(KeyboardInterrupt):
        progress.interrupt(signal.SIGINT, None)


def test_the_simulators_stop_when_progress_says_so() -> None:
    seen: list[int] = []

    def three(done: int) -> bool:
        seen.append(done)
        return done < 3

    assert simulate("junior", 2, 10, progress=three).games == 3 and seen == [1, 2, 3]
    seen.clear()
    assert simulate_cards(2, 10, progress=three).games == 3 and seen == [1, 2, 3]


def test_ctrl_c_during_a_game_ends_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(doolhof.engine.simulate, "simulate", interrupted)
    assert main(["simulate", "--games", "5"]) == INTERRUPTED == 130
    assert capsys.readouterr().err == "doolhof: stopped by Ctrl-C\n"


def test_a_long_simulation_shows_progress_and_ctrl_c_ends_it_cleanly() -> None:
    """The real thing: a million games, a progress line after two seconds, Ctrl-C, a summary, status 130."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-m", "doolhof", "simulate", "--games", "1000000", "--players", "2"],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    assert child.stderr is not None
    reader = threading.Thread(target=lambda: [lines.put(line) for line in child.stderr or ()], daemon=True)
    reader.start()
    try:
        first = lines.get(timeout=60)
    except queue.Empty:
        first = ""
    child.send_signal(signal.SIGINT)
    child.wait(timeout=90)  # the summary is short, so stdout's pipe never fills; the reader drains stderr
    assert child.stdout is not None
    out = child.stdout.read()
    reader.join(timeout=10)
    err = first + "".join(lines.queue)
    assert first.startswith("doolhof simulate: ") and " of 1,000,000 games (0%), about " in first, err
    assert child.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "doolhof simulate: stopped by Ctrl-C after " in err
    assert "games of junior with 2 players (seed 1)" in out and "stopped by Ctrl-C:" in out
