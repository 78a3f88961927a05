"""``doolhof simulate --online``: whole games between two headless computers through a real relay.

Each game goes the way two homes would play it: the host makes a picture code, the far computer
joins with it (handed over in memory instead of tapped), both open the room, the host starts, and
each computer plays its own seats with a computer player, sending every move through the relay.
Nothing but the relay connects the two sides. The summary counts finished games, desyncs and
refused messages, and the time from a move being played on one computer to its being checked and
applied on the other.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from doolhof.session.seats import CARDS, SeatConfig, TableSetup

from .client import CodeDone, CodeFailed, CodeReady, HostCode, JoinCode, OnlineRoom
from .moves import Move, lay_move, push_move, take_move, walk_move
from .relay import Address, check_relay
from .room import Closed, Finished, MoveMade, Ready, Started, hello, new_device_id

#: Seconds to wait for any one step (a code, a start, a move arriving) before a game counts as stuck.
STEP_SECONDS = 20.0


class OnlineTrouble(Exception):
    """A game could not go on (the relay is not reachable, a step timed out); the message says which."""


@dataclass
class OnlineSummary:
    """What ``simulate --online`` measured."""

    relay: str
    game: str
    games: int = 0
    finished: int = 0
    desyncs: int = 0
    refused: int = 0
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-safe data (latencies in milliseconds)."""
        ms = sorted(x * 1000 for x in self.latencies)
        return {
            "relay": self.relay, "game": self.game, "games": self.games, "finished": self.finished,
            "desyncs": self.desyncs, "refused": self.refused, "moves": self.moves,
            "latency_ms_p50": round(percentile(ms, 50), 3), "latency_ms_p95": round(percentile(ms, 95), 3),
            "latency_ms_max": round(ms[-1], 3) if ms else 0.0, "seconds": round(self.seconds, 2),
        }


def percentile(values: Sequence[float], p: float) -> float:
    """The *p*-th percentile of sorted *values* (nearest rank; 0 for none)."""
    if not values:
        return 0.0
    rank = max(0, min(len(values) - 1, round(p / 100 * len(values) + 0.5) - 1))
    return values[rank]


def default_table(game: str, variant: str, players: int) -> tuple[TableSetup, frozenset[int]]:
    """A table for *players* seats and the far seats: every other seat is far away; for three
    seats and more the host's last seat is a computer (its moves go through the log like any other)."""
    seats = [SeatConfig() for _ in range(players)]
    if players >= 3:
        seats[(players - 1) // 2 * 2] = SeatConfig("computer", "gentle")  # the host's last seat
    far_seats = frozenset(s for s in range(players) if s % 2 == 1)
    return TableSetup(CARDS if game == "cards" else variant, tuple(seats)), far_seats


def chooser(game: str, level: str, seed: int) -> Callable[[Any], Move]:
    """A function from a game to the next move of its seat to move, by a computer player of *level*."""
    if game == "cards":
        from doolhof.cards.ai import make_player as card_player

        cards = card_player(level, seed)

        def card_move(g: Any) -> Move:
            if g.phase == "take":
                return take_move(cards.choose_take(g))
            place = cards.choose_place(g)
            return lay_move(place.hand_index, place.cell, place.rotation)

        return card_move
    from doolhof.engine.ai import make_player as maze_player

    maze = maze_player(level, seed)

    def maze_move(g: Any) -> Move:
        return push_move(maze.choose_push(g)) if g.phase == "push" else walk_move(maze.choose_walk(g))

    return maze_move


def _wait(channel: HostCode | JoinCode | OnlineRoom, kinds: tuple[type, ...], what: str) -> Any:
    events = channel.wait(lambda e: isinstance(e, kinds), STEP_SECONDS)
    if not events or not isinstance(events[-1], kinds):
        problem = channel.link.problem
        raise OnlineTrouble(f"{what} did not happen within {STEP_SECONDS:.0f} s" + (f" ({problem})" if problem else ""))
    return events[-1]


def _is_move(seq: int, event: object) -> bool:
    return isinstance(event, MoveMade) and event.seq == seq


def play_one(relays: Sequence[str], table: TableSetup, far_seats: frozenset[int], level: str, seed: int,
             summary: OnlineSummary, max_moves: int = 5000) -> None:
    """Pair two computers with a fresh code, play one whole game between them, and count it in *summary*."""
    host_hello, far_hello = hello(new_device_id(), 0), hello(new_device_id(), 1)
    host_code = HostCode(relays, host_hello)
    host_code.start()
    join: JoinCode | None = None
    rooms: list[OnlineRoom] = []
    try:
        ready = _wait(host_code, (CodeReady, CodeFailed), "the host's picture code")
        if isinstance(ready, CodeFailed):
            raise OnlineTrouble(f"the host's code failed ({ready.why})")
        join = JoinCode(relays, far_hello, ready.code)
        join.start()
        joined = _wait(join, (CodeDone, CodeFailed), "joining with the code")
        hosted = _wait(host_code, (CodeDone, CodeFailed), "the host seeing the join")
        if isinstance(joined, CodeFailed) or isinstance(hosted, CodeFailed):
            raise OnlineTrouble("the picture code did not work")
        host = host_code.room(hosted.paired, table, far_seats, relays)
        guest = join.room(joined.paired, relays)
        host_code.stop()
        join.stop()
        rooms = [host, guest]
        for room in rooms:
            room.start()
        _wait(host, (Ready,), "both computers in the room")
        host.begin()
        _wait(guest, (Started,), "the far computer starting")
        movers = {id(host): chooser(table.variant, level, seed), id(guest): chooser(table.variant, level, seed + 1)}
        for _ in range(max_moves):
            game = host.room.game
            if game is None or game.is_over():
                break
            mover, other = (host, guest) if host.room.my_turn() else (guest, host)
            move = movers[id(mover)](mover.room.game.copy() if mover.room.game is not None else None)
            started = time.perf_counter()
            mover.play(move)
            seq = len(mover.room.log) if mover.room.log is not None else 0
            other.wait(functools.partial(_is_move, seq), STEP_SECONDS)
            if other.room.log is None or len(other.room.log) < seq:
                raise OnlineTrouble(f"move {seq} did not reach the far computer within {STEP_SECONDS:.0f} s")
            summary.latencies.append(time.perf_counter() - started)
            summary.moves += 1
        finished = all(r.room.game is not None and r.room.game.is_over() for r in rooms)
        same = host.room.game is not None and guest.room.game is not None and host.room.game == guest.room.game
        summary.finished += int(finished and same)
        summary.desyncs += int(not same) + sum(r.desyncs for r in rooms)
        if finished:
            for room in rooms:
                room.wait(lambda e: isinstance(e, (Finished, Closed)), 0.5)
    finally:
        summary.games += 1
        summary.refused += sum(r.refused for r in rooms)
        for room in rooms:
            room.close()
        host_code.stop()
        if join is not None:
            join.stop()


def simulate_online(relays: Sequence[str], game: str = "maze", games: int = 1, seed: int = 1,
                    variant: str = "junior", players: int | None = None, level: str = "random",
                    progress: Callable[[int], bool] | None = None) -> OnlineSummary:
    """Play *games* whole games through the relays; raises :class:`OnlineTrouble` when one gets stuck.

    *progress* is called after every game with the number done and returns False to stop early.
    """
    for relay in relays:
        problem = check_relay(Address.parse(relay))
        if problem is not None:
            raise OnlineTrouble(problem)
    count = players if players is not None else (3 if game == "cards" else 2)
    table, far_seats = default_table(game, variant, count)
    summary = OnlineSummary(", ".join(relays), CARDS if game == "cards" else variant)
    began = time.perf_counter()
    for number in range(games):
        play_one(relays, table, far_seats, level, seed + 1000 * number, summary)
        if progress is not None and not progress(number + 1):
            break
    summary.seconds = time.perf_counter() - began
    return summary


__all__ = ["OnlineSummary", "OnlineTrouble", "chooser", "default_table", "percentile", "play_one", "simulate_online"]
