"""This computer's online memory: its id, remembered computers, waiting rooms (newest state wins, a week at most)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from doolhof.online import store
from doolhof.online.client import Friend
from doolhof.online.room import Room
from tests.online.bus import pair
from tests.online.test_rooms import play_out


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOOLHOF_HOME", str(tmp_path))


def test_the_device_id_is_made_once() -> None:
    first = store.device_id()
    assert store.device_id() == first and first.isalnum()


def test_remembered_computers_are_kept_and_forgotten() -> None:
    friend = Friend("c0ffee00c0ffee00", 2, bytes(range(32)))
    store.remember(friend)
    store.remember(Friend("c0ffee00c0ffee00", 3, bytes(range(32))))  # the same computer, newer: replaced
    assert store.remembered() == [Friend("c0ffee00c0ffee00", 3, bytes(range(32)))]
    store.forget("c0ffee00c0ffee00")
    assert store.remembered() == []


def test_past_the_most_remembered_the_oldest_computer_is_forgotten() -> None:
    """Every remembered computer can be shown (and forgotten) on the parents' page and invited from setup."""
    from doolhof.gui.online.invite import MOST_FRIENDS
    from doolhof.gui.parents.online_page import MOST_SHOWN

    for k in range(store.MOST_REMEMBERED + 2):
        store.remember(Friend(f"device{k:010d}", k % 6, bytes(32)))
    kept = [f.device for f in store.remembered()]
    assert kept == [f"device{k:010d}" for k in range(2, store.MOST_REMEMBERED + 2)]
    store.remember(Friend("device0000000003", 5, bytes(32)))  # playing again makes it the newest
    assert store.remembered()[-1].device == "device0000000003" and len(store.remembered()) == store.MOST_REMEMBERED
    assert MOST_SHOWN == MOST_FRIENDS == store.MOST_REMEMBERED


def test_a_waiting_room_is_never_written_over_by_an_older_position() -> None:
    host, guest, bus = pair()
    older = guest.to_dict()
    bus.play(host, ["push", str(host.game.legal_pushes()[0])])  # type: ignore[union-attr]
    newer = guest.to_dict()
    assert store.save_room(newer)
    assert not store.save_room(older)
    assert store.waiting_rooms()[0]["entries"] == newer["entries"]
    assert Room.from_dict(store.waiting_rooms()[0]).game == guest.game


def test_a_room_older_than_a_week_or_finished_is_forgotten() -> None:
    host, guest, bus = pair()
    assert store.save_room(guest.to_dict())
    path = store.folder() / "rooms" / f"{guest.room_id}.json"
    old = time.time() - store.KEEP_SECONDS - 60
    os.utime(path, (old, old))
    assert store.waiting_rooms() == [] and not path.exists()
    play_out(host, guest, bus)
    assert guest.closed and store.save_room(guest.to_dict()) and not path.exists()


def test_a_remembered_computer_moves_on_to_its_next_channel_and_keeps_its_figure() -> None:
    secret = bytes(range(32))
    store.remember(Friend("c0ffee00c0ffee00", 4, secret))
    store.moved(Friend("c0ffee00c0ffee00", 1, secret, 1))  # the figure it sent differs: the one kept here stays
    assert store.remembered() == [Friend("c0ffee00c0ffee00", 4, secret, 1)]
    store.moved(Friend("c0ffee00c0ffee00", 1, secret, 1))
    store.moved(Friend("c0ffee00c0ffee00", 1, bytes(32), 5))  # another pairing's secret: not this computer
    assert store.remembered() == [Friend("c0ffee00c0ffee00", 4, secret, 1)], "never back, never another's"


def test_a_long_games_file_is_not_read_again_for_every_move_yet_a_newer_one_still_wins(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading and parsing a long game's file for every move held Python's lock for tens of milliseconds (the frame
    loop waits for it, whichever thread reads): what this program wrote last is remembered; a file changed since
    is read again."""

    host, guest, bus = pair()
    play_out(host, guest, bus, limit=6)
    data = host.to_dict()
    reads: list[Path] = []
    real = store._read
    monkeypatch.setattr(store, "_read", lambda path: reads.append(path) or real(path))
    assert store.save_room({**data, "entries": data["entries"][:4]})
    assert store.save_room({**data, "entries": data["entries"][:5]})
    assert len(reads) == 1, "only the first save reads the file"
    path = store.folder() / "rooms" / f"{data['room']}.json"
    assert store.waiting_rooms() == [{**data, "entries": data["entries"][:5]}], "the same room, written in pieces"
    time.sleep(0.01)
    path.write_text(json.dumps(data))  # another copy of this program wrote the newer position
    assert not store.save_room({**data, "entries": data["entries"][:5]})
    assert len(json.loads(path.read_text())["entries"]) == len(data["entries"])


def _room_files(data: dict[str, object]) -> tuple[Path, Path]:
    path = store.folder() / "rooms" / f"{data['room']}.json"
    return path, path.with_suffix(".log")


def test_a_save_appends_only_the_new_entries_and_leaves_the_header_alone() -> None:
    """Saving a long game costs its new entries, not its whole log: encoding and writing 1 MB for every move held
    Python's lock while the frame loop waited (saved off the frame loop as the offline games are)."""
    host, guest, bus = pair()
    play_out(host, guest, bus, limit=6)
    data = host.to_dict()
    assert store.save_room({**data, "entries": data["entries"][:3]})
    header, log = _room_files(data)
    head_text, log_text = header.read_text(), log.read_text()
    assert store.save_room({**data, "entries": data["entries"][:5]})
    assert header.read_text() == head_text, "the header is not rewritten when only the log grew"
    grown = log.read_text()
    assert grown.startswith(log_text) and grown.count("\n") == 5, "two lines appended, the three before untouched"
    assert store.waiting_rooms()[0]["entries"] == data["entries"][:5]


def test_a_torn_last_line_is_left_out_and_the_next_save_mends_the_log() -> None:
    """A crash while a line was appended leaves half a line: the room reads as it was before that entry."""
    host, guest, bus = pair()
    play_out(host, guest, bus, limit=6)
    data = host.to_dict()
    assert store.save_room({**data, "entries": data["entries"][:4]})
    _, log = _room_files(data)
    line = json.dumps(data["entries"][4], sort_keys=True)
    with log.open("a") as handle:
        handle.write(line[: len(line) // 2])
    assert store.waiting_rooms()[0]["entries"] == data["entries"][:4]
    store._written.clear()  # the program started again after the crash
    assert store.save_room({**data, "entries": data["entries"][:5]})
    assert store.waiting_rooms()[0]["entries"] == data["entries"][:5]
    assert all(json.loads(text) for text in log.read_text().splitlines()), "no torn line left inside the log"


def test_a_room_file_written_whole_by_an_older_doolhof_is_read_and_upgraded() -> None:
    host, guest, bus = pair()
    play_out(host, guest, bus, limit=6)
    data = host.to_dict()
    header, log = _room_files(data)
    header.parent.mkdir(parents=True)
    header.write_text(json.dumps({**data, "entries": data["entries"][:5]}))
    assert store.waiting_rooms() == [{**data, "entries": data["entries"][:5]}]
    assert Room.from_dict(store.waiting_rooms()[0]).game is not None
    assert not store.save_room({**data, "entries": data["entries"][:4]}), "fewer entries never replace more"
    assert store.save_room(data)
    assert "entries" not in json.loads(header.read_text()) and log.read_text().count("\n") == len(data["entries"])
    assert store.waiting_rooms() == [data]


def test_a_closed_room_takes_its_log_along() -> None:
    host, guest, bus = pair()
    assert store.save_room(guest.to_dict())
    header, log = _room_files(guest.to_dict())
    assert header.exists() and log.exists()
    play_out(host, guest, bus)
    assert store.save_room(guest.to_dict()) and not header.exists() and not log.exists()
