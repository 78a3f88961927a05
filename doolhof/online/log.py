"""The room's move log: a genesis (the table, who sits where, the deal's seed) and a chain of entries.

Every computer in a room keeps the whole log and replays each entry with its own rules engine,
checking that the entry is the next one (its sequence number and the digest of the entry before
it), that it is signed by the computer that plays the seat whose turn it is (an Ed25519 key per
computer per room, named in the genesis), that the rules allow the move, and that the game after it
has the digest the author wrote down. An entry that fails a check is refused and changes nothing. A
state digest that differs is a *desync*: the log rebuilds its game from the genesis and the entries
(its own game may be what went wrong) and checks again.

>>> from doolhof.session.seats import TableSetup
>>> host, far = new_signing_key(), new_signing_key()
>>> genesis = Genesis(TableSetup(), ("host", "far"), seed=7, room="room-for-a-doctest",
...                   keys=(public_key(host), public_key(far)))
>>> log = MoveLog(genesis)
>>> entry = log.author(host, ["push", str(log.game.legal_pushes()[0])]).entry
>>> entry["seq"], entry["seat"], entry["prev"] == genesis.digest
(1, 0, True)
>>> forged = sign_entry(far, {k: v for k, v in entry.items() if k != "sig"})  # the far computer, for seat 0
>>> try:
...     MoveLog(genesis).accept(forged)
... except Refused as refused:
...     print(refused.reason)
signature
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from doolhof.session.games import AnyGame
from doolhof.session.seats import TableSetup

from . import wire
from .errors import Refused
from .moves import Move, apply_move

#: The version of the rules both computers must share. Raise it whenever a rule, a deal or a game's
#: ``to_dict`` changes how a game goes on: clients with another version refuse to start a room
#: together (tests/online/test_rules_pinned.py notices such a change and asks for this to be raised).
RULES: Final = "doolhof-rules-3"
#: The longest log a room keeps: far beyond a game (a card game ends within 46 turns, a maze game
#: within a few hundred actions); a longer one is refused rather than kept.
MAX_ENTRIES: Final = 5000
#: What every entry signature covers besides the entry (so it is never taken for another signature).
_SIGNED: Final = b"doolhof entry|"
#: The fields of an entry on the wire.
FIELDS: Final = frozenset({"seq", "seat", "move", "prev", "state", "sig"})


def new_signing_key() -> Ed25519PrivateKey:
    """A fresh Ed25519 key: one per computer per room, its public half in the computer's sealed hello."""
    return Ed25519PrivateKey.generate()


def public_key(key: Ed25519PrivateKey) -> str:
    """The public half of *key* as the hello and the genesis name it (43 characters of base64)."""
    return wire.b64(key.public_key().public_bytes_raw())


def sign_entry(key: Ed25519PrivateKey, entry: dict[str, Any]) -> dict[str, Any]:
    """*entry* (without ``sig``) with its signature by *key*."""
    return {**entry, "sig": wire.b64(key.sign(_SIGNED + wire.dumps(entry)))}


def _signed_by(entry: dict[str, Any], public: str) -> bool:
    unsigned = {k: v for k, v in entry.items() if k != "sig"}
    try:
        signature = wire.unb64(entry.get("sig"), 64)
        Ed25519PublicKey.from_public_bytes(wire.unb64(public, 32)).verify(signature, _SIGNED + wire.dumps(unsigned))
    except (Refused, InvalidSignature, ValueError):
        return False
    return True


@dataclass(frozen=True)
class Genesis:
    """How a room's game starts: the *table*, the computer (device id) that plays each seat, the deal's *seed*,
    and the public signing key (:func:`public_key`) of each seat's computer, *keys*.

    A computer seat is played by the computer that owns it (the host). The *room* id is part of it
    so that a log of one room is never taken for another's.
    """

    table: TableSetup
    owners: tuple[str, ...]
    seed: int
    room: str
    keys: tuple[str, ...]
    rules: str = RULES

    def __post_init__(self) -> None:
        if len(self.owners) != len(self.table.seats) or len(self.keys) != len(self.owners):
            raise ValueError("every seat needs the computer that plays it and that computer's key")
        if len({(o, k) for o, k in zip(self.owners, self.keys, strict=True)}) != len(set(self.owners)) or \
                len(set(self.keys)) != len(set(self.owners)):
            raise ValueError("one key per computer, and two computers never share one")

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (what the digest is taken of)."""
        return {"table": self.table.to_dict(), "owners": list(self.owners), "seed": format(self.seed, "x"),
                "room": self.room, "rules": self.rules, "keys": list(self.keys)}

    @classmethod
    def from_dict(cls, data: Any) -> Genesis:
        """Read :meth:`to_dict` data; raises :class:`Refused` (``malformed`` or ``version``)."""
        if not isinstance(data, dict):
            raise Refused("malformed", "genesis")
        if data.get("rules") != RULES:
            raise Refused("version")
        owners = wire.field(data, "owners", list)
        keys = wire.field(data, "keys", list)
        seed = wire.field(data, "seed", str)
        if not all(isinstance(o, str) and 0 < len(o) <= 64 for o in owners) or not 0 < len(seed) <= 64 or \
                not all(isinstance(k, str) and len(k) == 43 for k in keys):
            raise Refused("malformed", "genesis")
        try:
            table = TableSetup.from_dict(data.get("table"))
            return cls(table, tuple(owners), int(seed, 16), wire.field(data, "room", str), tuple(keys))
        except ValueError:
            raise Refused("malformed", "genesis table") from None

    @property
    def digest(self) -> str:
        """The digest the first entry's ``prev`` names."""
        return wire.digest(self.to_dict())

    def new_game(self) -> AnyGame:
        """The game before the first entry."""
        return self.table.fresh(seed=self.seed)


def state_digest(game: AnyGame) -> str:
    """The digest of a whole game's state (hidden cards included; the digest itself hides them)."""
    return wire.digest(game.to_dict())


class Accepted(NamedTuple):
    """An entry the log took: the entry, the rules' events of its move, and whether the log had to
    rebuild its own game to agree with it (a desync that mended itself)."""

    entry: dict[str, Any]
    events: list[object]
    rebuilt: bool = False


class MoveLog:
    """One room's log and the game it leads to, checked entry by entry."""

    def __init__(self, genesis: Genesis, entries: Sequence[dict[str, Any]] = ()) -> None:
        """A log from *genesis*; *entries* (a kept log) are replayed and checked; raises :class:`Refused`."""
        self.genesis = genesis
        self._entries: list[dict[str, Any]] = []
        self._game = genesis.new_game()
        for entry in entries:
            self.accept(entry)

    @property
    def game(self) -> AnyGame:
        """The game after the last entry. Read it, never change it (use ``copy()`` to play ahead)."""
        return self._game

    @property
    def entries(self) -> tuple[dict[str, Any], ...]:
        """Every entry so far, first first."""
        return tuple(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def head(self) -> str:
        """The digest the next entry's ``prev`` must name."""
        return wire.digest(self._entries[-1]) if self._entries else self.genesis.digest

    def seats_of(self, device: str) -> frozenset[int]:
        """The seats *device* plays."""
        return frozenset(s for s, owner in enumerate(self.genesis.owners) if owner == device)

    def author(self, key: Ed25519PrivateKey, move: Move) -> Accepted:
        """Make the next entry, signed by *key*: its computer plays *move* for the seat whose turn it is;
        raises :class:`Refused` (``out-of-turn`` when that seat is not this key's computer's)."""
        seat = self._game.current_player
        if self.genesis.keys[seat] != public_key(key) or self._game.is_over():
            raise Refused("out-of-turn", f"seat {seat}")
        after = self._game.copy()
        events = apply_move(after, move)
        entry = sign_entry(key, {"seq": len(self._entries) + 1, "seat": seat, "move": move, "prev": self.head,
                                 "state": state_digest(after)})
        self._commit(entry, after)
        return Accepted(entry, events)

    def accept(self, entry: object) -> Accepted | None:
        """Check and take *entry*; None when the log already has it; raises :class:`Refused`.

        Whoever sent it, it counts only when signed by the key the genesis names for its seat
        (``signature``): a computer plays its own seats only.
        """
        if not isinstance(entry, dict) or set(entry) != FIELDS:
            raise Refused("malformed", "entry")
        seq = wire.field(entry, "seq", int)
        if 1 <= seq <= len(self._entries):
            if wire.digest(self._entries[seq - 1]) == wire.digest(entry):
                return None
            raise Refused("fork", f"entry {seq}")
        if seq != len(self._entries) + 1 or seq > MAX_ENTRIES:
            raise Refused("sequence", f"entry {seq}, expected {len(self._entries) + 1}")
        if entry["prev"] != self.head:
            raise Refused("chain", f"entry {seq}")
        seat = entry["seat"]
        if seat != self._game.current_player or self._game.is_over():
            raise Refused("out-of-turn", f"seat {str(seat)[:4]}")
        if not _signed_by(entry, self.genesis.keys[seat]):
            raise Refused("signature", f"entry {seq}, seat {seat}")
        try:
            after, events = self._after(entry)
            rebuilt = False
        except Refused as refused:
            # An illegal move or another state from a computer of the room: perhaps our own game went
            # wrong. Rebuild it from the log; if that changes nothing, the entry is wrong.
            if refused.reason not in ("illegal", "state") or not self.rebuild():
                raise
            after, events = self._after(entry)
            rebuilt = True
        self._commit(dict(entry), after)
        return Accepted(dict(entry), events, rebuilt)

    def _after(self, entry: dict[str, Any]) -> tuple[AnyGame, list[object]]:
        after = self._game.copy()
        events = apply_move(after, entry["move"])
        if state_digest(after) != entry["state"]:
            raise Refused("state", f"entry {entry['seq']}")
        return after, events

    def _commit(self, entry: dict[str, Any], after: AnyGame) -> None:
        self._entries.append(entry)
        self._game = after

    def rebuild(self) -> bool:
        """Replay every entry from the genesis into a fresh game; True when that game differs from the one held."""
        game = self.genesis.new_game()
        for entry in self._entries:
            apply_move(game, entry["move"])
        changed = state_digest(game) != state_digest(self._game)
        self._game = game
        return changed


__all__ = [
    "FIELDS", "RULES", "Accepted", "Genesis", "MoveLog", "new_signing_key", "public_key", "sign_entry", "state_digest",
]
