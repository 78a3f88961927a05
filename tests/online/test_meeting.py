"""Picture codes and remembered computers' invitations, step by step through their named phases.

The machines (:mod:`doolhof.online.meeting`) run under their real drivers (:class:`HostCode`, :class:`JoinCode`,
:class:`FriendLink`) over the in-memory relay of :mod:`tests.online.bus` (its ``link`` is their link factory),
with a clock the test moves; a few whole paths go through Mosquitto in test_online_games.py.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from typing import Any

import pytest
from spake2 import SPAKE2_Symmetric

from doolhof.online import wire
from doolhof.online.client import FriendLink, HostCode, JoinCode, LinkChanged
from doolhof.online.log import RULES
from doolhof.online.meeting import (
    MAX_ANSWERS,
    MAX_LOOKS,
    Accepted,
    CaughtUp,
    CodeDone,
    CodeFailed,
    CodeReady,
    Declined,
    Friend,
    HostCodeMachine,
    HostPhase,
    InvitationMachine,
    Invited,
    InvitePhase,
    JoinCodeMachine,
    JoinPhase,
    Withdrawn,
)
from doolhof.online.pairing import PictureCode, join_windows, look, place
from doolhof.online.room import Ready, Started, hello
from doolhof.online.timeouts import CODE_SECONDS, JOIN_SECONDS, LOOK_SECONDS
from doolhof.online.topics import Publish
from doolhof.online.trouble import Trouble
from doolhof.session.seats import SeatConfig, TableSetup
from tests.online.bus import GUEST, HOST, MemoryRelay

RELAYS = ["memory:1"]
CODE = PictureCode((3, 1, 4, 1, 5, 9))


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def kinds(events: list[Any]) -> list[type]:
    return [type(e) for e in events if not isinstance(e, LinkChanged)]


WALL = 1000.0  # a wall-clock time well inside its ten minutes (window 1): one meeting place
WHERE = place(CODE, 1)


def host_code(relay: MemoryRelay, clock: Clock, code: PictureCode = CODE, wall: float = WALL) -> HostCode:
    return HostCode(RELAYS, hello(HOST, 0), code, link_factory=relay.link, clock=clock, wall=lambda: wall,
                    background=False)


def join_code(relay: MemoryRelay, clock: Clock, code: PictureCode = CODE, device: str = GUEST,
              rules: str | None = None, wall: float = WALL) -> JoinCode:
    me = hello(device, 1)
    if rules is not None:
        me["rules"] = rules
    return JoinCode(RELAYS, me, code, link_factory=relay.link, clock=clock, wall=lambda: wall, background=False)


def no_host_here(join: JoinCode, clock: Clock) -> list[Any]:
    """The joiner's look is out and nobody answers it: its seconds run out."""
    assert kinds(join.poll()) == []
    clock.now += LOOK_SECONDS + 0.1
    return kinds_and(join.poll())


def kinds_and(events: list[Any]) -> list[Any]:
    return [e for e in events if not isinstance(e, LinkChanged)]


def test_a_picture_code_goes_from_the_hosts_tap_to_both_lobbies_through_its_phases() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    assert host.machine.phase is HostPhase.PLACING
    relay.hold = True  # the offer is slow to reach the relay
    host.start()
    assert host.machine.phase is HostPhase.OFFERING and host.machine.where == WHERE and kinds(host.poll()) == []
    relay.release()  # the offer goes out, the host's own look comes back after it
    assert host.machine.phase is HostPhase.SHOWN
    assert host.poll()[-1] == CodeReady(CODE, clock.now + CODE_SECONDS)
    join = join_code(relay, clock)
    join.start()
    assert join.machine.phase is JoinPhase.DONE and host.machine.phase is HostPhase.DONE
    joined, hosted = join.poll()[-1], host.poll()[-1]
    assert isinstance(joined, CodeDone) and isinstance(hosted, CodeDone)
    assert joined.paired.secret == hosted.paired.secret and joined.paired.hello["device"] == HOST
    assert relay.retained == {}, "nothing of a code is retained on the relay"
    assert not any(m.retain for m in relay.sent)
    # The welcome opens the same room on both sides: over the in-memory relay too.
    table = TableSetup("junior", (SeatConfig(), SeatConfig()))
    hosting = host.room(hosted.paired, table, frozenset({1}), RELAYS)
    guest = join.room(joined.paired, RELAYS)
    assert hosting.room.room_id == guest.room.room_id and hosting.room.key == guest.room.key
    hosting.start()
    guest.start()
    assert Ready in kinds(hosting.poll())
    hosting.begin()
    assert Started in kinds(guest.poll())


def test_the_meeting_place_is_slow_to_find_and_named_by_all_six_pictures_and_the_ten_minutes() -> None:
    old_slots = {f"pair-{n:03d}" for n in range(144)}
    places = {place(CODE, 1)}
    for i in range(6):  # any one picture changed: another place
        pictures = list(CODE.pictures)
        pictures[i] = (pictures[i] + 1) % 12
        places.add(place(PictureCode(tuple(pictures)), 1))
    places.add(place(CODE, 2))  # the next ten minutes: another place
    assert len(places) == 8 and not places & old_slots and all(len(p) == 33 for p in places)
    start = time.perf_counter()
    place(CODE, 3)
    assert time.perf_counter() - start > 0.01, "scrypt, not a quick hash"
    assert join_windows(1000.0) == [1] and join_windows(1500.0) == [2]
    assert join_windows(1250.0) == join_windows(1190.0) == [1, 2]


def test_scrypt_runs_off_the_screens_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    import doolhof.online.client as client

    release, relay, clock = threading.Event(), MemoryRelay(), Clock()
    slow = client.place

    def waiting(code: PictureCode, at: int) -> str:
        release.wait(5)
        return slow(code, at)

    monkeypatch.setattr(client, "place", waiting)
    host = HostCode(RELAYS, hello(HOST, 0), CODE, link_factory=relay.link, clock=clock, wall=lambda: WALL)
    host.start()  # returns while the meeting place is still being found
    assert host.machine.phase is HostPhase.PLACING and host.poll() == [] and host.link.problem is None
    release.set()
    events = host.wait(lambda e: isinstance(e, CodeReady), 5)
    assert isinstance(events[-1], CodeReady)


def test_the_code_is_ready_only_once_its_offer_is_on_the_relay() -> None:
    """Saying "ready" when the offer was only sent let a quick joiner miss it and hear "wrong code"."""
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    relay.hold = True
    host.start()
    assert host.machine.phase is HostPhase.OFFERING and kinds(host.poll()) == []
    relay.release()
    assert host.machine.phase is HostPhase.SHOWN and kinds(host.poll()) == [CodeReady]
    join = join_code(relay, clock)
    join.start()
    assert isinstance(join.poll()[-1], CodeDone)


def test_a_code_not_on_any_host_is_said_after_a_few_seconds_and_ends_no_host() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    wrong = join_code(relay, clock, PictureCode(CODE.pictures[:5] + ((CODE.pictures[5] + 1) % 12,)))
    wrong.start()
    assert no_host_here(wrong, clock) == [CodeFailed(Trouble.WRONG_CODE)]
    assert host.machine.phase is HostPhase.SHOWN, "a wrong code meets nobody: the host's code lives on"
    join_code(relay, clock).start()
    assert isinstance(host.poll()[-1], CodeDone)


def test_only_a_real_spake2_failure_ends_the_code() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    # Someone who found the meeting place (it took scrypt over every code) and guesses the pictures wrong.
    guess = JoinCodeMachine(PictureCode((0, 0, 0, 0, 0, 0)), hello(GUEST, 1), b"n" * 12, clock.now)
    guess.placed(WHERE)
    guess.connected()
    relay.publish(Publish(f"doolhof/c/{WHERE}/look", look(b"n" * 12), False))
    offer = next(m for m in relay.sent if m.topic.endswith("/offer"))
    out, _ = guess.receive(offer.topic, offer.payload)
    assert host.machine.phase is HostPhase.SHOWN, "the look and the offer changed nothing"
    relay.publish(out[0])
    assert kinds_and(host.poll())[-1] == CodeFailed(Trouble.CODE_USED) and host.machine.phase is HostPhase.FAILED


def junk(where: str, offer: bytes) -> list[tuple[str, bytes]]:
    """Stray and malformed messages for every topic of a meeting place (an attacker who knows the place)."""
    data = json.loads(offer)
    other = SPAKE2_Symmetric(b"other", idSymmetric=b"doolhof pairing 2").start()
    bad = [b"", b"\x00", b"x" * 5000, b"{}", b"[]", b'{"n": 5}', b'{"pake": "AAAA", "to": ""}',
           json.dumps({"pake": data["pake"], "offer": "0" * 32, "confirm": "AAAA"}).encode(),
           json.dumps({"pake": data["pake"], "offer": "", "confirm": ""}).encode()]
    well_formed_not_live = json.dumps({"pake": wire.b64(bytes(other)), "rules": RULES, "to": ""}).encode()
    lie = json.dumps({"ok": False, "why": "version"}).encode()
    out = [(f"doolhof/c/{where}/{name}", payload) for name in ("look", "offer", "join", "result") for payload in bad]
    out += [(f"doolhof/c/{where}/offer", well_formed_not_live), (f"doolhof/c/{where}/result", lie)]
    out.append((f"doolhof/c/{where}/join", json.dumps({"pake": data["pake"], "offer": hashlib.sha256(
        b"doolhof offer|" + wire.unb64(data["pake"])).hexdigest()[:32], "confirm": "AAAA"}).encode()))  # reflected
    return out


def test_stray_and_malformed_messages_end_nothing_and_an_unsealed_refusal_is_not_believed() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    offer = next(m for m in relay.sent if m.topic.endswith("/offer")).payload
    join = join_code(relay, clock)
    relay.hold = True
    join.start()  # its look waits behind the junk
    held, relay._held = relay._held, []
    for name, payload in junk(WHERE, offer):
        relay._held.append(Publish(name, payload, False))
    relay._held += held
    relay.release()
    assert host.machine.phase is HostPhase.DONE and join.machine.phase is JoinPhase.DONE
    assert isinstance(join.poll()[-1], CodeDone) and isinstance(host.poll()[-1], CodeDone)
    assert host.machine.ignored >= 15 and join.machine.ignored >= 10


def test_a_stranger_answering_the_look_first_does_not_stop_the_pairing() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    join = join_code(relay, clock)
    relay.hold = True
    join.start()
    fake = SPAKE2_Symmetric(b"not the code", idSymmetric=b"doolhof pairing 2").start()
    relay._held.insert(0, Publish(f"doolhof/c/{WHERE}/offer", json.dumps(
        {"pake": wire.b64(bytes(fake)), "rules": RULES, "to": ""}).encode(), False))
    relay.release()
    assert isinstance(join.poll()[-1], CodeDone) and isinstance(host.poll()[-1], CodeDone)


def test_a_used_code_lets_no_third_computer_in() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    join_code(relay, clock).start()
    assert isinstance(host.poll()[-1], CodeDone)
    third = join_code(relay, clock, device="c2c2c2c2c2c2c2c2")
    third.start()
    assert no_host_here(third, clock) == [CodeFailed(Trouble.WRONG_CODE)] and third.machine.phase is JoinPhase.FAILED


def test_an_expired_code_answers_nobody() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    clock.now += CODE_SECONDS - 1
    assert kinds(host.poll()) == [CodeReady]
    clock.now += 2
    assert host.poll() == [CodeFailed(Trouble.EXPIRED)] and relay.retained == {}
    join = join_code(relay, clock)
    join.start()
    assert no_host_here(join, clock) == [CodeFailed(Trouble.WRONG_CODE)]


@pytest.mark.parametrize("how", ["stopped", "died"])
def test_a_code_does_not_outlive_its_host(how: str) -> None:
    """A host that stops, or dies while showing its code, leaves nothing on the relay (no week of "busy")."""
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    host.stop() if how == "stopped" else host._places[0].link.cut()  # type: ignore[attr-defined]
    assert relay.retained == {}
    join = join_code(relay, clock)
    join.start()
    assert no_host_here(join, clock) == [CodeFailed(Trouble.WRONG_CODE)]
    again = host_code(relay, clock)
    again.start()
    assert again.machine.phase is HostPhase.SHOWN, "the same code can be shown again at once: nothing is busy"


def test_another_version_is_refused_sealed_with_a_reason_on_both_sides() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    join = join_code(relay, clock, rules="doolhof-rules-0")
    join.start()
    assert host.poll()[-1] == CodeFailed(Trouble.VERSION) and join.poll()[-1] == CodeFailed(Trouble.VERSION)
    result = next(m for m in relay.sent if m.topic.endswith("/result")).payload
    assert b"version" not in result and result[:1] == b"\x01", "sealed: the relay does not learn it"


#: The rules version of the app before this one (signed entries, retained ends on the relay).
PREVIOUS_RULES = "doolhof-rules-2"
#: The meeting place of code 0-1-2-3-4-5 in window 0, as every version since meeting places finds it.
PINNED_PLACE = "63f41dcadcd467c8fab816cf1b77dc9b"


@pytest.mark.parametrize("older", ["host", "joiner"])
def test_an_app_of_the_version_before_and_this_one_are_told_to_update_not_that_the_pictures_failed(
        older: str) -> None:
    """The app before this one differs only in its rules version (its pairing is this one's): both computers
    hear "version" (update both), never "code" (these pictures did not work)."""
    assert RULES != PREVIOUS_RULES
    relay, clock = MemoryRelay(), Clock()
    host_me, join_me = hello(HOST, 0), hello(GUEST, 1)
    (host_me if older == "host" else join_me)["rules"] = PREVIOUS_RULES
    host = HostCode(RELAYS, host_me, CODE, link_factory=relay.link, clock=clock, wall=lambda: WALL, background=False)
    host.start()
    join = JoinCode(RELAYS, join_me, CODE, link_factory=relay.link, clock=clock, wall=lambda: WALL, background=False)
    join.start()
    assert kinds_and(host.poll())[-1] == CodeFailed(Trouble.VERSION)
    assert kinds_and(join.poll())[-1] == CodeFailed(Trouble.VERSION)


def test_the_meeting_place_and_the_pairing_identity_are_those_of_the_version_before() -> None:
    """Changing either would part two versions' apps (their codes then say "did not work", not "update")."""
    from doolhof.online import pairing

    assert pairing._IDENTITY == b"doolhof pairing 2"
    assert place(PictureCode((0, 1, 2, 3, 4, 5)), 0) == "m" + PINNED_PLACE


def test_a_live_host_of_the_same_code_makes_it_busy_and_a_dead_or_malformed_one_does_not() -> None:
    relay, clock = MemoryRelay(), Clock()
    relay.publish(Publish(f"doolhof/c/{WHERE}/offer", b"\x01", False))  # junk first: no one is "here"
    first = host_code(relay, clock)
    first.start()
    assert first.machine.phase is HostPhase.SHOWN
    second = host_code(relay, clock)
    second.start()
    assert second.poll()[-1] == CodeFailed(Trouble.BUSY) and second.machine.phase is HostPhase.FAILED
    assert first.machine.phase is HostPhase.SHOWN, "the first code is untouched"


def test_near_the_change_of_ten_minutes_the_joiner_looks_in_both_places() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock, wall=1190.0)  # window 1
    host.start()
    join = join_code(relay, clock, wall=1250.0)  # windows 1 and 2
    join.start()
    assert len(join.machines) == 2
    events = kinds_and(join.poll())
    assert [type(e) for e in events] == [CodeDone], "the other place's silence is not said"
    clock.now += LOOK_SECONDS + 1
    assert kinds_and(join.poll()) == []


@pytest.mark.parametrize(("linked", "why"), [(True, Trouble.WRONG_CODE), (False, Trouble.RELAY)])
def test_a_joiner_waits_its_seconds_then_says_why(linked: bool, why: Trouble) -> None:
    machine = JoinCodeMachine(CODE, hello(GUEST, 1), b"n" * 12, now=0.0)
    machine.placed(WHERE)
    if linked:
        out, _events = machine.connected()
        assert machine.phase is JoinPhase.LOOKING and [p.topic for p in out] == [f"doolhof/c/{WHERE}/look"]
    assert machine.tick(JOIN_SECONDS) == ([], [])
    assert machine.tick(JOIN_SECONDS + 0.1) == ([], [CodeFailed(why)])
    assert machine.tick(JOIN_SECONDS + 1) == ([], []), "said once"


def test_a_host_machine_ignores_what_does_not_belong_to_its_phase() -> None:
    machine = HostCodeMachine(CODE, hello(HOST, 0), "r" + "0" * 32, bytes(32), b"m" * 12, now=0.0)
    base = f"doolhof/c/{WHERE}"
    assert machine.connected() == ([], []), "no place yet"
    machine.placed(WHERE)
    assert machine.receive(f"{base}/join", b"{}") == ([], []), "no join before the offer"
    out, _ = machine.connected()
    assert [p.topic for p in out] == [f"{base}/offer", f"{base}/look"] and not any(p.retain for p in out)
    assert machine.receive(f"{base}/look", look(b"m" * 12)) == ([], [CodeReady(CODE, CODE_SECONDS)])
    out, _ = machine.receive(f"{base}/look", look(b"j" * 12))
    assert [p.topic for p in out] == [f"{base}/offer"], "a joiner's look is answered with the offer"
    out, _ = machine.connected()
    assert [p.topic for p in out] == [f"{base}/offer", f"{base}/look"], "a reconnect offers again"


# ----- remembered computers --------------------------------------------------------------------------
SECRET = bytes(range(32))


def friends(relay: MemoryRelay, epoch: int = 0, moved: list[Any] | None = None) -> tuple[FriendLink, FriendLink]:
    keep = moved.append if moved is not None else None
    inviter = FriendLink(RELAYS, hello(HOST, 0), Friend(GUEST, 1, SECRET, epoch), link_factory=relay.link,
                         on_moved=keep)
    invited = FriendLink(RELAYS, hello(GUEST, 1), Friend(HOST, 0, SECRET, epoch), link_factory=relay.link,
                         on_moved=keep)
    return inviter, invited


@pytest.mark.parametrize("inviter_first", [True, False])
def test_an_invitation_is_taken_and_both_open_the_same_room(inviter_first: bool) -> None:
    relay, moved = MemoryRelay(), []  # type: ignore[var-annotated]
    inviter, invited = friends(relay, moved=moved)
    first, second = (inviter, invited) if inviter_first else (invited, inviter)
    first.start()
    if first is inviter:
        inviter.invite()
    second.start()  # later: the listener's "here" or the inviter's knock finds the other
    if second is inviter:
        inviter.invite()
    assert inviter.machine.phase is InvitePhase.INVITING
    assert kinds(invited.poll()) == [Invited] and invited.machine.phase is InvitePhase.INVITED
    assert relay.retained == {} and not any(m.retain for m in relay.sent), "nothing retained"
    room = invited.accept()
    assert kinds(inviter.poll()) == [Accepted] and inviter.machine.phase is InvitePhase.ACCEPTED
    hosting = inviter.room(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}))
    assert (room.room.room_id, room.room.key) == (hosting.room.room_id, hosting.room.key)
    assert room.room.members == hosting.room.members == (HOST, GUEST)
    # Both move on to the next channel together: the next game's invitation is on another one.
    assert sorted(f.epoch for f in moved) == [1, 1] and len({f.channel for f in moved}) == 1
    assert moved[0].channel != inviter.friend.channel


@pytest.mark.parametrize("game", ["cards", "junior-own", ""])
def test_an_invitation_says_which_game_it_is_for(game: str) -> None:
    """The invited computer's card shows the game's picture: the invitation carries the inviter's variant (an
    older inviter that says none gives "")."""
    relay = MemoryRelay()
    inviter = FriendLink(RELAYS, hello(HOST, 0), Friend(GUEST, 1, SECRET), link_factory=relay.link, game=game)
    invited = FriendLink(RELAYS, hello(GUEST, 1), Friend(HOST, 0, SECRET), link_factory=relay.link)
    invited.start()
    inviter.start()
    inviter.invite()
    events = [e for e in invited.poll() if isinstance(e, Invited)]
    assert len(events) == 1 and events[0].game == game


def test_the_channel_changes_with_every_invitation_taken() -> None:
    channels = [Friend(GUEST, 1, SECRET, epoch).channel for epoch in range(5)]
    assert len(set(channels)) == 5 and Friend(GUEST, 1, SECRET).moved() == Friend(GUEST, 1, SECRET, 1)
    kept = Friend(GUEST, 1, SECRET, 3)
    assert Friend.from_dict(kept.to_dict()) == kept
    assert Friend.from_dict({k: v for k, v in kept.to_dict().items() if k != "epoch"}).epoch == 0, "older entries"


def test_a_moved_on_pair_meets_on_its_new_channel() -> None:
    relay, moved = MemoryRelay(), []  # type: ignore[var-annotated]
    inviter, invited = friends(relay, moved=moved)
    inviter.start()
    inviter.invite()
    invited.start()
    invited.accept()
    inviter.poll()
    again_inviter, again_invited = friends(relay, epoch=1)
    again_invited.start()
    again_inviter.start()
    again_inviter.invite()
    assert kinds(again_invited.poll()) == [Invited]
    stale, _ = friends(relay)  # one still on the old channel finds nobody (both had moved on: nobody is there)
    stale.start()
    stale.invite()
    assert kinds(again_invited.poll()) == [] and stale.machine.friend.epoch == 0


def lose_the_accept(relay: MemoryRelay) -> tuple[list[Any], list[Any]]:
    """An invitation taken whose accept never reaches the inviter (its link was down just then): the invited
    computer moved on to epoch 1, the inviter stayed at 0. What each kept (``on_moved``)."""
    kept_inviter: list[Any] = []
    kept_invited: list[Any] = []
    inviter = FriendLink(RELAYS, hello(HOST, 0), Friend(GUEST, 1, SECRET), link_factory=relay.link,
                         on_moved=kept_inviter.append)
    invited = FriendLink(RELAYS, hello(GUEST, 1), Friend(HOST, 0, SECRET), link_factory=relay.link,
                         on_moved=kept_invited.append)
    inviter.start()
    inviter.invite()
    invited.start()
    assert kinds(invited.poll()) == [Invited]
    inviter.link.connected.clear()  # the inviter's network drops just as the accept goes out
    invited.accept()
    inviter.link.connected.set()
    assert kinds(inviter.poll()) == [] and inviter.machine.phase is InvitePhase.INVITING
    inviter.stop()
    invited.stop()
    assert [(f.epoch, f.settled) for f in kept_invited] == [(1, False)] and kept_inviter == []
    return kept_inviter, kept_invited


@pytest.mark.parametrize("behind_first", [True, False])
@pytest.mark.parametrize("next_inviter", ["behind", "ahead"])
def test_after_a_lost_accept_the_next_invitation_finds_the_other_and_both_meet_on_one_epoch(
        behind_first: bool, next_inviter: str) -> None:
    relay = MemoryRelay()
    _, (unsure,) = lose_the_accept(relay)
    kept_behind: list[Any] = []
    kept_ahead: list[Any] = []
    behind = FriendLink(RELAYS, hello(HOST, 0), Friend(GUEST, 1, SECRET, 0), link_factory=relay.link,
                        on_moved=kept_behind.append)
    ahead = FriendLink(RELAYS, hello(GUEST, 1), unsure, link_factory=relay.link, on_moved=kept_ahead.append)
    inviting, listening = (behind, ahead) if next_inviter == "behind" else (ahead, behind)
    for link in (behind, ahead) if behind_first else (ahead, behind):
        link.start()
        if link is inviting:
            link.invite()
    seen: list[Any] = []
    for _ in range(5):  # a few frames: the one behind hears "moved", moves on and meets the other there
        seen += kinds(listening.poll()) + kinds(inviting.poll())
    assert kept_behind[:1] == [Friend(GUEST, 1, SECRET, 1)], "the one behind caught up"
    assert kept_ahead[:1] == [Friend(HOST, 0, SECRET, 1)], "heard on the new channel: the move held"
    assert Invited in seen
    listening.accept()
    assert Accepted in kinds(inviting.poll())
    assert behind.machine.friend.epoch == ahead.machine.friend.epoch == 2, "both on one epoch again"
    assert kept_behind[-1].epoch == kept_ahead[-1].epoch == 2


def test_a_pair_on_one_epoch_hears_nothing_odd_from_the_channel_before() -> None:
    """Both at epoch 1 (the accept was not lost): the one that took the invitation says "moved" on the old channel,
    where nobody answers, hears the other on the new one (its move held) and nothing else changes."""
    relay = MemoryRelay()
    kept: list[Any] = []
    first = FriendLink(RELAYS, hello(HOST, 0), Friend(GUEST, 1, SECRET, 1, settled=False), link_factory=relay.link,
                       on_moved=kept.append)
    second = FriendLink(RELAYS, hello(GUEST, 1), Friend(HOST, 0, SECRET, 1), link_factory=relay.link,
                        on_moved=kept.append)
    first.start()
    second.start()
    second.invite()  # the other says something on the new channel
    for _ in range(3):
        first.poll()
        second.poll()
    assert kept == [Friend(GUEST, 1, SECRET, 1)] and len([m for m in relay.sent if m.topic.endswith("/moved")]) == 1
    moved = [m for m in relay.sent if m.topic.endswith("/moved")]
    for message in moved * 5:  # sent again by someone who recorded them: a replay is never ahead
        relay.publish(message)
    assert not any(isinstance(e, CaughtUp) for e in first.poll() + second.poll())
    assert first.machine.friend.epoch == second.machine.friend.epoch == 1


def test_not_now_is_said_to_the_inviter_and_a_later_invitation_is_news_again() -> None:
    relay = MemoryRelay()
    inviter, invited = friends(relay)
    inviter.start()
    invited.start()
    inviter.invite()
    assert kinds(invited.poll()) == [Invited]
    invited.decline()
    assert invited.machine.phase is InvitePhase.LISTENING and kinds(invited.poll()) == []
    assert kinds(inviter.poll()) == [Declined] and inviter.machine.phase is InvitePhase.DECLINED
    again, _ = friends(relay)
    again.start()
    again.invite()
    assert kinds(invited.poll()) == [Invited]


def test_an_invitation_taken_back_is_withdrawn_on_the_other_screen() -> None:
    relay = MemoryRelay()
    inviter, invited = friends(relay)
    inviter.start()
    invited.start()
    inviter.invite()
    assert kinds(invited.poll()) == [Invited]
    inviter.stop()
    assert kinds(invited.poll()) == [Withdrawn] and invited.machine.phase is InvitePhase.LISTENING
    with pytest.raises(ValueError):
        invited.accept()
    late = friends(relay)[1]
    late.start()
    assert kinds(late.poll()) == [], "a stopped invitation is found by nobody later"


def test_replayed_invitations_and_answers_lead_nowhere() -> None:
    """Old sealed messages of the pair, sent again by someone who recorded them, are refused."""
    relay = MemoryRelay()
    inviter, invited = friends(relay)
    inviter.start()
    invited.start()
    inviter.invite()
    invited.accept()
    recorded = [m for m in relay.sent if m.topic.rsplit("/", 1)[-1] in ("invite", "accept", "decline", "here")]
    assert {m.topic.rsplit("/", 1)[-1] for m in recorded} == {"invite", "accept", "here"}
    # Next day, on the same channel (as if the pair had not moved on): a listener and an inviter, each new.
    listener = friends(relay)[1]
    listener.start()
    waiting_inviter = friends(relay)[0]
    waiting_inviter.start()
    waiting_inviter.machine.phase = InvitePhase.INVITING  # inviting, but its knock is not out yet
    for message in recorded * 3:
        relay.publish(message)
    assert kinds(listener.poll()) == [], "an old invitation names an old listener: no card, no dead room"
    assert kinds(waiting_inviter.poll()) == [], "an old accept names an old invitation"
    assert listener.machine.refused >= 3 and waiting_inviter.machine.refused >= 3
    assert listener.machine.phase is InvitePhase.LISTENING


def test_a_stranger_on_the_channel_and_our_own_echo_change_nothing() -> None:
    relay = MemoryRelay()
    inviter, _invited = friends(relay)
    inviter.start()
    inviter.invite()  # its own knock comes back to it: no Invited
    assert kinds(inviter.poll()) == [] and inviter.machine.phase is InvitePhase.INVITING
    knock = relay.sent[-1]
    # someone on the channel without the secret: nothing opens for it
    stranger = InvitationMachine(hello(GUEST, 1), Friend(HOST, 0, bytes(32)), "r" + "1" * 32, bytes(32))
    assert stranger.receive(knock.topic, knock.payload) == ([], [])
    assert stranger.phase is InvitePhase.LISTENING
    # and an "accept" it makes is nothing to the inviter
    forged = stranger._sealed("accept", {"t": "accept", "id": inviter.machine._invitation_id})
    inviter._message(inviter.machine.topic("accept"), forged.payload)
    assert kinds(inviter.poll()) == [] and inviter.machine.phase is InvitePhase.INVITING


def test_replayed_knocks_and_looks_make_bounded_work() -> None:
    """A flood of recorded knocks or a stranger's looks makes a machine send a bounded number of answers."""
    inviter = InvitationMachine(hello(HOST, 0), Friend(GUEST, 1, SECRET), "r" + "1" * 32, bytes(32))
    listener = InvitationMachine(hello(GUEST, 1), Friend(HOST, 0, SECRET), "r" + "2" * 32, bytes(32))
    knock = inviter.invite()[0]
    answers = sum(len(listener.receive(knock.topic, knock.payload)[0]) for _ in range(1000))
    assert answers == MAX_ANSWERS
    machine = HostCodeMachine(CODE, hello(HOST, 0), "r" + "0" * 32, bytes(32), b"m" * 12, now=0.0)
    machine.placed(WHERE)
    machine.connected()
    offers = sum(len(machine.receive(f"doolhof/c/{WHERE}/look", look(i.to_bytes(12, "big")))[0]) for i in range(1000))
    assert offers == MAX_LOOKS and machine.phase is HostPhase.OFFERING
