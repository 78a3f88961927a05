"""This computer's online memory: its own id, the computers it remembers, and its waiting online games.

Kept in the data folder (``online/``), never on the relay. A waiting room is written after every
change (:class:`~doolhof.online.client.OnlineRoom`'s *on_change*) and follows the rule every saved
game keeps: the newest state is never replaced by an older one (a room file is never written over
by one with fewer log entries). Rooms untouched for :data:`KEEP_SECONDS` (a week, as long as the
relay keeps their messages) and finished rooms are forgotten.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from doolhof.session import paths
from doolhof.session.games import AnyGame
from doolhof.session.lock import FolderLock
from doolhof.session.seats import TableSetup

from .errors import Refused
from .meeting import Friend
from .room import FIGURES, Room, new_device_id
from .timeouts import KEEP_SECONDS

log = logging.getLogger(__name__)

#: The most computers remembered: a family has a few; the oldest is forgotten when one more is remembered (so the
#: parents' page and the invite screen can show every one of them, each a fingertip wide).
MOST_REMEMBERED = 6
#: The key of a kept room's relay address (beside ``Room.to_dict()``'s own keys).
RELAY_KEY: Final = "relay"
#: The largest room file read (a whole long game's log is far smaller).
MAX_BYTES: Final = 4_000_000


def folder() -> Path:
    """Where this computer's online memory lives."""
    return paths.data_dir() / "online"


def _read(path: Path) -> Any:
    try:
        return json.loads(paths.read_file(path, MAX_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        log.warning("%s could not be read (%s); it is left as it is", path.name, type(error).__name__)
        return None


def device_id() -> str:
    """This computer's random id, made once (it names nobody)."""
    path = folder() / "device.json"
    data = _read(path)
    device = data.get("device") if isinstance(data, dict) else None
    if isinstance(device, str) and device.isalnum() and 0 < len(device) <= 32:
        return device
    device = new_device_id()
    try:
        paths.atomic_write_text(path, json.dumps({"device": device}))
    except OSError as error:
        log.warning("this computer's online id could not be kept (%s)", error.strerror or type(error).__name__)
    return device


def remembered() -> list[Friend]:
    """The computers this one has played with (damaged entries are left out, and logged)."""
    data = _read(folder() / "remembered.json")
    friends = []
    for item in data.get("computers", []) if isinstance(data, dict) else []:
        try:
            friends.append(Friend.from_dict(item))
        except Refused:
            log.warning("a remembered computer's entry is damaged and left out")
    return friends


def remember(friend: Friend) -> None:
    """Keep *friend* (replacing an older entry of the same computer, the oldest going past
    :data:`MOST_REMEMBERED`); raises OSError when it cannot be written."""
    friends = ([f for f in remembered() if f.device != friend.device] + [friend])[-MOST_REMEMBERED:]
    paths.atomic_write_text(folder() / "remembered.json",
                            json.dumps({"format": "doolhof.remembered", "version": 1,
                                        "computers": [f.to_dict() for f in friends]}))


def moved(friend: Friend) -> None:
    """A remembered computer's channel moved on (an invitation was taken), or the move was found to hold (it
    is *settled*): keep its epoch, its figure as remembered here (never an older epoch)."""
    for old in remembered():
        if old.device == friend.device and old.secret == friend.secret and (
                old.epoch < friend.epoch or (old.epoch == friend.epoch and old.settled != friend.settled)):
            remember(replace(old, epoch=friend.epoch, settled=friend.settled))


def forget(device: str) -> None:
    """Forget a remembered computer (a parent's choice)."""
    friends = [f for f in remembered() if f.device != device]
    paths.atomic_write_text(folder() / "remembered.json",
                            json.dumps({"format": "doolhof.remembered", "version": 1,
                                        "computers": [f.to_dict() for f in friends]}))


def _room_path(room_id: str) -> Path:
    """A room's header file: everything of it but its log (the log is the ``.log`` file beside it)."""
    if not room_id.isalnum() or len(room_id) > 64:
        raise ValueError("not a room id")
    return folder() / "rooms" / f"{room_id}.json"


def _log_path(path: Path) -> Path:
    return path.with_suffix(".log")


def _read_log(path: Path) -> list[Any]:
    """The entries of a room's log file, one JSON line each; a last line without its newline (torn by a crash
    while it was appended) is left out, and so is everything from a damaged line on."""
    try:
        raw = paths.read_file(path, MAX_BYTES)
    except FileNotFoundError:
        return []
    except OSError as error:
        log.warning("%s could not be read (%s); it is left as it is", path.name, type(error).__name__)
        return []
    entries = []
    for line in raw.split(b"\n")[:-1]:
        try:
            entries.append(json.loads(line.decode("utf-8")))
        except ValueError:
            log.warning("%s is damaged after %d entries; the rest is left out", path.name, len(entries))
            break
    return entries


def _read_room(path: Path) -> dict[str, Any] | None:
    """A kept room as :meth:`Room.to_dict` wrote it. A header holding its ``entries`` was written whole (by an
    older Doolhof): its log file, if any, is not used; the next save writes it as header and log."""
    head = _read(path)
    if not isinstance(head, dict):
        return None
    if "entries" not in head:
        head["entries"] = _read_log(_log_path(path))
    return head


def _signature(path: Path) -> tuple[int, int] | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns


@dataclass(frozen=True)
class _Written:
    """What this program last wrote of one room: while its files still look so they are not read again."""

    signature: tuple[int, int] | None  # the header's size and time
    log_signature: tuple[int, int] | None
    entries: int
    last: object  # the last entry, to see that a newer log continues this one
    head: str  # the header's JSON
    relay: str | None


#: Reading and parsing a long game's files (1 MB at 3,000 entries) for every move held Python's lock for tens of
#: milliseconds, and the frame loop waits for that lock whichever thread holds it; so does joining and encoding the
#: whole log, hence a room is a small header rewritten when it changes plus a log that only grows, by appending.
_written: dict[Path, _Written] = {}
_written_lock = threading.Lock()


def _forget_written(path: Path) -> None:
    with _written_lock:
        _written.pop(path, None)


def save_room(data: dict[str, Any]) -> bool:
    """Write a room (its ``Room.to_dict()``); False, and nothing written, when the files hold a newer state.

    Only the entries new since this program's last save are encoded and appended to the room's log (one JSON
    line each, fsynced); the header (everything else) is rewritten only when it changed. Beside the room's own
    keys, *data* may name the address of the relay the room plays on (:data:`RELAY_KEY`): the first one
    written stays with the room (:func:`relay_of`), so a changed relay list never moves a waiting game to
    another relay, where the other computer would not find it. A finished and cleared room is forgotten
    instead. Raises OSError when the folder cannot be written.
    """
    path = _room_path(str(data.get("room")))
    log_file = _log_path(path)
    if data.get("closed"):
        path.unlink(missing_ok=True)
        log_file.unlink(missing_ok=True)
        _forget_written(path)
        return True
    offered = list(data.get("entries") or ())
    with _written_lock:
        known = _written.get(path)
    if known is not None and (known.signature, known.log_signature) == (_signature(path), _signature(log_file)):
        entries, first = known.entries, known.relay
    else:  # not written by this program, or changed since: read what the files hold, then write the log whole
        known = None
        kept = _read_room(path)
        entries = len(kept["entries"]) if isinstance(kept, dict) and isinstance(kept.get("entries"), list) else -1
        first = relay_of(kept) if isinstance(kept, dict) else None
    if first:
        data = {**data, RELAY_KEY: first}
    if entries > len(offered):
        log.warning("a waiting online game was not written over by an older position (%d entries kept, %d offered)",
                    entries, len(offered))
        return False
    head = json.dumps({k: v for k, v in data.items() if k != "entries"}, sort_keys=True)
    try:  # the log before the header: a header never names a log that is not on the disk yet
        if known is not None and (known.entries == 0 or offered[known.entries - 1] == known.last):
            fresh = "".join(json.dumps(entry, sort_keys=True) + "\n" for entry in offered[known.entries:])
            if fresh:
                with log_file.open("ab") as handle:
                    handle.write(fresh.encode("utf-8"))
                    handle.flush()
                    os.fsync(handle.fileno())
        else:
            paths.atomic_write_text(log_file, "".join(json.dumps(entry, sort_keys=True) + "\n" for entry in offered))
        if known is None or head != known.head:
            paths.atomic_write_text(path, head)
        else:
            os.utime(path)  # the header's time is the room's last change (a week is counted from it)
    except OSError:
        _forget_written(path)  # a half-appended line: the next save reads the files and writes the log whole
        raise
    with _written_lock:
        _written[path] = _Written(_signature(path), _signature(log_file), len(offered),
                                  offered[-1] if offered else None, head, relay_of(data))
    return True


class RoomHold:
    """This copy of Doolhof's hold on one of its rooms: at most one program plays a room at a time.

    Each computer connects to a room with one client id (:attr:`Room.client_id <doolhof.online.room.Room.client_id>`),
    so two programs with the same online memory in one room would take that connection from each other, each
    reconnecting and taking it back, forever. The hold is the operating system's lock on a file of the online
    memory's ``locks/`` named by that client id (:class:`~doolhof.session.lock.FolderLock`: ``fcntl.flock``, or
    ``msvcrt.locking`` on Windows), so it goes with the program however it ends. Within one program, one
    hold per room at a time too (a room left a moment ago is let go of before the next takes it). When the
    folder can hold no lock at all, the hold is taken (playing on, as :mod:`doolhof.gui.launch` does).
    """

    def __init__(self, name: str) -> None:
        """The hold on the room whose client id is *name* (not taken yet)."""
        if not name.isalnum() or len(name) > 64:
            raise ValueError("not a client id")
        self.name = name
        self._lock = FolderLock(folder() / LOCKS, f"{name}.lock")
        self.held = False

    def take(self) -> bool:
        """Take the hold (never waits): True when it is ours now, False while another program, or another hold
        in this one, has it."""
        with _holds_lock:
            if self.held:
                return True
            if self.name in _holds:
                return False
            try:
                if not self._lock.acquire():
                    return False
            except OSError as error:
                log.warning("the room could not be locked (%s); it is played all the same", type(error).__name__)
            _holds.add(self.name)
            self.held = True
            return True

    def release(self) -> None:
        """Let go of the hold (nothing when not held)."""
        with _holds_lock:
            if not self.held:
                return
            self.held = False
            _holds.discard(self.name)
            self._lock.release()
            _let_go.notify_all()


#: The client ids of the rooms some :class:`RoomHold` of this program holds.
_holds: set[str] = set()
_holds_lock = threading.Lock()
_let_go = threading.Condition(_holds_lock)


def wait_let_go(timeout: float) -> None:
    """Wait until a hold of this program is let go of, or *timeout* seconds (another program's is not heard:
    ask again after the timeout)."""
    with _let_go:
        _let_go.wait(timeout)
#: The folder of the rooms' lock files (beside ``rooms/``).
LOCKS: Final = "locks"


def open_elsewhere(name: str) -> bool:
    """True when another program holds the room whose client id is *name* (another window of Doolhof plays it);
    False when nobody does, or only this program (a room of it being left)."""
    with _holds_lock:
        if name in _holds:
            return False
    probe = RoomHold(name)
    if not probe.take():
        return True
    probe.release()
    return False


def relay_of(data: dict[str, Any]) -> str | None:
    """The relay address a kept room started on (None for a room kept before rooms remembered it)."""
    relay = data.get(RELAY_KEY)
    return relay if isinstance(relay, str) and 0 < len(relay) <= 300 else None


def is_kept(room_id: str) -> bool:
    """True while the room *room_id* is kept on this computer (not ended, finished or forgotten since)."""
    try:
        return _room_path(room_id).is_file()
    except ValueError:
        return False


def waiting_rooms(now: float | None = None) -> list[dict[str, Any]]:
    """The waiting online games (newest first); rooms older than :data:`KEEP_SECONDS` are forgotten."""
    return [data for _, data in _waiting(now)]


def _waiting(now: float | None) -> list[tuple[float, dict[str, Any]]]:
    """(when it last changed, the room as kept) of every waiting online game, newest first."""
    now = time.time() if now is None else now
    rooms = []
    for path in sorted((folder() / "rooms").glob("*.json")) if (folder() / "rooms").is_dir() else []:
        try:
            age = now - path.stat().st_mtime
        except OSError:
            continue
        if age > KEEP_SECONDS:
            try:
                os.unlink(path)
                _log_path(path).unlink(missing_ok=True)
                _forget_written(path)
                log.info("a waiting online game older than a week was forgotten")
            except OSError:
                pass
            continue
        data = _read_room(path)
        if isinstance(data, dict) and data.get("format") == "doolhof.room":
            rooms.append((path.stat().st_mtime, data))
    _sweep_locks(now)
    return sorted(rooms, key=lambda item: -item[0])


def _sweep_locks(now: float) -> None:
    """Remove the lock files of rooms nobody took for a week (a room's lock file is written when it is taken)."""
    locks = folder() / LOCKS
    for path in sorted(locks.glob("*.lock")) if locks.is_dir() else []:
        try:
            if now - path.stat().st_mtime <= KEEP_SECONDS:
                continue
        except OSError:
            continue
        hold = RoomHold(path.stem) if path.stem.isalnum() else None
        if hold is None or not hold.take():
            continue
        try:
            path.unlink(missing_ok=True)  # while held, so nobody takes it meanwhile
        except OSError:  # Windows removes no open file: let go first
            hold.release()
            try:
                path.unlink(missing_ok=True)
            except OSError:
                pass
        hold.release()


@dataclass(frozen=True)
class WaitingGame:
    """One waiting online game as the screens list it (:func:`waiting_games`).

    *kept* is the room as kept (its ``Room.to_dict()``), *at* when it last changed (seconds since the epoch),
    *figure* the figure of the far computer's seat. *game* and *table* are the game as it stands, or None when
    an older Doolhof made the room (:attr:`old`): it cannot be continued, only ended.
    """

    kept: dict[str, Any]
    at: float
    figure: int
    game: AnyGame | None = None
    table: TableSetup | None = None

    @property
    def room_id(self) -> str:
        """The room's id (never shown)."""
        return str(self.kept.get("room"))

    @property
    def old(self) -> bool:
        """True when an older Doolhof made the room (another rules version or room format): never continued."""
        return self.game is None


def waiting_games(most: int, old: bool = False) -> list[WaitingGame]:
    """The first *most* waiting online games that can be continued, newest first (with *old*, also those an
    older Doolhof made, which cannot be). A game not started or over is left out; a damaged room is left
    out and logged. Raises OSError when the folder cannot be read."""
    games: list[WaitingGame] = []
    for at, kept in _waiting(None):
        if len(games) >= most:
            break
        try:
            room = Room.from_dict(kept)
        except Refused as refused:
            if refused.reason == "version":  # an older Doolhof's: listed for a parent to end, never continued
                if old:
                    games.append(WaitingGame(kept, at, _old_figure(kept)))
            else:
                log.warning("a waiting online game could not be read (%s); it is left as it is", refused.reason)
            continue
        game = room.game
        if game is None or room.table is None or room.log is None or game.is_over():
            continue
        games.append(WaitingGame(kept, at, far_figure(room), game.copy(), room.table))
    return games


def far_figure(room: Room) -> int:
    """The figure of the seat the far computer plays in the started *room* (its first such seat)."""
    owners = room.log.genesis.owners if room.log is not None else ()
    seat = next((seat for seat, owner in enumerate(owners) if owner != room.me["device"]), 1)
    return room.table.figure(seat) if room.table is not None else seat


def _old_figure(kept: dict[str, Any]) -> int:
    """The far computer's figure as an older Doolhof kept it (its hello), else the second seat's."""
    peer = kept.get("peer")
    figure = peer.get("figure") if isinstance(peer, dict) else None
    return figure if isinstance(figure, int) and not isinstance(figure, bool) and 0 <= figure < FIGURES else 1


#: The most ended games kept until the other computer hears of them (a parent ends a few in a week).
MOST_ENDS: Final = 32


def _ends(now: float) -> list[dict[str, Any]]:
    """The ended games not heard of yet, younger than a room's week (``online/ended.json``)."""
    data = _read(folder() / "ended.json")
    ends = []
    for item in data.get("ends", []) if isinstance(data, dict) else []:
        if isinstance(item, dict) and isinstance(item.get("room"), str) and isinstance(item.get("device"), str) \
                and isinstance(item.get("at"), (int, float)) and now - item["at"] <= KEEP_SECONDS:
            ends.append({k: item[k] for k in ("room", "device", "at", "relay", "topic", "end") if k in item})
    return ends[-MOST_ENDS:]


#: Counts the changes of the ended games written by this program (:func:`ends_changes`).
_ends_written = 0


def ends_changes() -> int:
    """How often this program changed the ended games kept (cheap: no file read; a screen that listens compares it)."""
    return _ends_written


def _write_ends(ends: list[dict[str, Any]]) -> None:
    global _ends_written
    paths.atomic_write_text(folder() / "ended.json",
                            json.dumps({"format": "doolhof.ended", "version": 1, "ends": ends[-MOST_ENDS:]}))
    _ends_written += 1


def record_end(room_id: str, device: str, now: float | None = None, *, relay: str | None = None,
               end: tuple[str, bytes] | None = None) -> None:
    """A parent ended the game of *room_id* here: keep the news for computer *device* until it hears it
    (:func:`end_heard`) or the room's week is up (the relay keeps nothing): with the room's *relay* and its
    sealed *end* (topic, payload), said again in the room when the other computer comes (:func:`ended_rooms`).
    Raises OSError when it cannot be written."""
    now = time.time() if now is None else now
    item: dict[str, Any] = {"room": room_id, "device": device, "at": now}
    if relay:
        item["relay"] = relay
    if end is not None:
        item["topic"], item["end"] = end[0], base64.b64encode(end[1]).decode("ascii")
    _write_ends([e for e in _ends(now) if e["room"] != room_id] + [item])


def ended_rooms(now: float | None = None) -> list[tuple[str, str | None, str, bytes]]:
    """The ended games not heard of yet whose sealed ``end`` is kept, newest first: (room id, its relay or None,
    the end's topic, its payload)."""
    out = []
    for e in reversed(_ends(time.time() if now is None else now)):
        try:
            out.append((e["room"], e.get("relay"), str(e["topic"]), base64.b64decode(e["end"], validate=True)))
        except (KeyError, TypeError, ValueError):
            continue
    return out


def ends_for(device: str, now: float | None = None) -> list[str]:
    """The rooms of games ended here that computer *device* has not heard of yet, oldest first."""
    return [e["room"] for e in _ends(time.time() if now is None else now) if e["device"] == device]


def end_heard(room_id: str, now: float | None = None) -> None:
    """The other computer heard that the game of *room_id* was ended here: the news is forgotten."""
    ends = _ends(time.time() if now is None else now)
    if any(e["room"] == room_id for e in ends):
        _write_ends([e for e in ends if e["room"] != room_id])


__all__ = [
    "KEEP_SECONDS", "LOCKS", "MOST_ENDS", "RoomHold", "WaitingGame", "device_id", "end_heard", "ended_rooms",
    "ends_changes", "ends_for", "far_figure", "folder", "forget", "is_kept", "moved", "open_elsewhere", "record_end",
    "relay_of", "remember", "remembered", "save_room", "wait_let_go", "waiting_games", "waiting_rooms",
]
