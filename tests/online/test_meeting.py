"""Picture codes and remembered computers' invitations, step by step through their named phases.

The machines (:mod:`doolhof.online.meeting`) run under their real drivers (:class:`HostCode`, :class:`JoinCode`,
:class:`FriendLink`) over the in-memory relay of :mod:`tests.online.bus` (its ``link`` is their link factory),
with a clock the test moves; a few whole paths go through Mosquitto in test_online_games.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from doolhof.online.client import FriendLink, HostCode, JoinCode, LinkChanged
from doolhof.online.meeting import (
    Accepted,
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
    RoomEnded,
    Withdrawn,
)
from doolhof.online.pairing import PictureCode
from doolhof.online.room import Ready, Started, hello
from doolhof.online.timeouts import CODE_SECONDS, JOIN_SECONDS
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


def host_code(relay: MemoryRelay, clock: Clock, code: PictureCode = CODE) -> HostCode:
    return HostCode(RELAYS, hello(HOST, 0), code, link_factory=relay.link, clock=clock)


def join_code(relay: MemoryRelay, clock: Clock, code: PictureCode = CODE, device: str = GUEST,
              rules: str | None = None) -> JoinCode:
    me = hello(device, 1)
    if rules is not None:
        me["rules"] = rules
    return JoinCode(RELAYS, me, code, link_factory=relay.link, clock=clock)


def test_a_picture_code_goes_from_the_hosts_tap_to_both_lobbies_through_its_phases() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    assert host.machine.phase is HostPhase.CONNECTING
    relay.hold = True  # the offer is slow to reach the relay
    host.start()
    assert host.machine.phase is HostPhase.PROBING and kinds(host.poll()) == []
    relay.release()  # the probe comes back (the slot is free), the offer goes out and comes back
    assert host.machine.phase is HostPhase.SHOWN
    assert host.poll()[-1] == CodeReady(CODE, clock.now + CODE_SECONDS)
    join = join_code(relay, clock)
    join.start()
    assert join.machine.phase is JoinPhase.DONE and host.machine.phase is HostPhase.DONE
    joined, hosted = join.poll()[-1], host.poll()[-1]
    assert isinstance(joined, CodeDone) and isinstance(hosted, CodeDone)
    assert joined.paired.secret == hosted.paired.secret and joined.paired.hello["device"] == HOST
    assert relay.topics(CODE.channel) == [], "a used code leaves nothing on the slot"
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


def test_the_code_is_ready_only_once_its_offer_is_on_the_relay() -> None:
    """Saying "ready" when the offer was only sent let a quick joiner miss it and hear "wrong code"."""
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    held: list[Any] = []
    plain = relay.publish

    def slow(message: Any) -> None:
        if message.topic.endswith("/host") and message.payload:
            held.append(message)  # the offer is on its way, not yet on the relay
        else:
            plain(message)

    relay.publish = slow  # type: ignore[method-assign]
    host.start()
    assert host.machine.phase is HostPhase.OFFERING and kinds(host.poll()) == []
    relay.publish = plain  # type: ignore[method-assign]
    plain(held.pop())
    assert host.machine.phase is HostPhase.SHOWN and kinds(host.poll()) == [CodeReady]
    join = join_code(relay, clock)
    join.start()
    assert isinstance(join.poll()[-1], CodeDone)


def test_a_wrong_code_ends_it_on_both_sides_and_the_right_one_is_used_up() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    wrong = join_code(relay, clock, PictureCode(CODE.pictures[:2] + (0, 0, 0, 0)))
    wrong.start()
    assert wrong.poll()[-1] == CodeFailed("code") and host.poll()[-1] == CodeFailed("code")
    assert host.machine.phase is HostPhase.FAILED and relay.topics(CODE.channel) == []
    late = join_code(relay, clock, device="c2c2c2c2c2c2c2c2")
    late.start()
    assert late.poll()[-1] == CodeFailed("code"), "nothing left on the slot: said at once"


def test_a_used_code_lets_no_third_computer_in() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    join_code(relay, clock).start()
    assert isinstance(host.poll()[-1], CodeDone)
    third = join_code(relay, clock, device="c2c2c2c2c2c2c2c2")
    third.start()
    assert third.poll()[-1] == CodeFailed("code") and third.machine.phase is JoinPhase.FAILED


def test_an_expired_code_is_gone_from_the_relay() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    assert relay.topics(CODE.channel) == [f"doolhof/c/{CODE.channel}/host"]
    clock.now += CODE_SECONDS - 1
    assert kinds(host.poll()) == [CodeReady]
    clock.now += 2
    assert host.poll() == [CodeFailed("expired")] and relay.topics(CODE.channel) == []
    join = join_code(relay, clock)
    join.start()
    assert join.poll()[-1] == CodeFailed("code")


def test_stopping_a_code_takes_it_off_the_relay() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    host.stop()
    assert relay.topics(CODE.channel) == [] and host.finished
    join = join_code(relay, clock)
    join.start()
    assert join.poll()[-1] == CodeFailed("code")


def test_another_version_is_refused_with_a_reason_on_both_sides() -> None:
    relay, clock = MemoryRelay(), Clock()
    host = host_code(relay, clock)
    host.start()
    join = join_code(relay, clock, rules="doolhof-rules-0")
    join.start()
    assert host.poll()[-1] == CodeFailed("version") and join.poll()[-1] == CodeFailed("version")


def test_a_slot_in_use_is_not_taken_over() -> None:
    relay, clock = MemoryRelay(), Clock()
    first = host_code(relay, clock)
    first.start()
    second = host_code(relay, clock, PictureCode(CODE.pictures[:2] + (0, 0, 0, 0)))
    second.start()
    assert second.poll()[-1] == CodeFailed("busy") and second.machine.phase is HostPhase.FAILED
    assert first.machine.phase is HostPhase.SHOWN, "the first code is untouched"


@pytest.mark.parametrize(("linked", "why"), [(True, "code"), (False, "relay")])
def test_a_joiner_waits_its_seconds_then_says_why(linked: bool, why: str) -> None:
    machine = JoinCodeMachine(CODE, hello(GUEST, 1), b"probe", now=0.0)
    if linked:
        out, _events = machine.connected()
        assert machine.phase is JoinPhase.LOOKING and [p.topic for p in out] == [f"doolhof/c/{CODE.channel}/probe"]
    assert machine.tick(JOIN_SECONDS) == ([], [])
    assert machine.tick(JOIN_SECONDS + 0.1) == ([], [CodeFailed(why)])
    assert machine.tick(JOIN_SECONDS + 1) == ([], []), "said once"


def test_a_host_machine_ignores_what_does_not_belong_to_its_phase() -> None:
    machine = HostCodeMachine(CODE, hello(HOST, 0), "r" + "0" * 32, bytes(32), b"probe", now=0.0)
    slot = f"doolhof/c/{CODE.channel}"
    assert machine.receive(f"{slot}/join", b"{}") == ([], []), "no join before the offer"
    machine.connected()
    assert machine.receive(f"{slot}/probe", b"another probe") == ([], [])
    assert machine.connected() == ([], []), "a reconnect does not probe again"
    out, _events = machine.receive(f"{slot}/probe", b"probe")
    assert machine.phase is HostPhase.OFFERING and out[0].retain and out[0].topic == f"{slot}/host"


# ----- remembered computers --------------------------------------------------------------------------
def friends(relay: MemoryRelay) -> tuple[FriendLink, FriendLink]:
    secret = bytes(range(32))
    inviter = FriendLink(RELAYS, hello(HOST, 0), Friend(GUEST, 1, secret), link_factory=relay.link)
    invited = FriendLink(RELAYS, hello(GUEST, 1), Friend(HOST, 0, secret), link_factory=relay.link)
    return inviter, invited


def test_an_invitation_is_taken_and_both_open_the_same_room() -> None:
    relay = MemoryRelay()
    inviter, invited = friends(relay)
    inviter.start()
    inviter.invite()
    assert inviter.machine.phase is InvitePhase.INVITING
    channel = inviter.friend.channel
    assert relay.topics(channel) == [f"doolhof/c/{channel}/invite"]
    assert relay.expiry[f"doolhof/c/{channel}/invite"] == CODE_SECONDS, "an invitation waits its minutes only"
    invited.start()  # later: the retained invitation is found
    assert kinds(invited.poll()) == [Invited] and invited.machine.phase is InvitePhase.INVITED
    room = invited.accept()
    assert kinds(invited.poll()) == [], "its own clearing is no withdrawal"
    assert kinds(inviter.poll()) == [Accepted] and inviter.machine.phase is InvitePhase.ACCEPTED
    assert relay.topics(channel) == [], "used once"
    hosting = inviter.room(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}))
    assert (room.room.room_id, room.room.key) == (hosting.room.room_id, hosting.room.key)
    assert room.room.members == hosting.room.members == (HOST, GUEST)


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
    assert relay.topics(inviter.friend.channel) == []
    with pytest.raises(ValueError):
        invited.accept()


def test_a_stranger_on_the_channel_and_our_own_echo_change_nothing() -> None:
    relay = MemoryRelay()
    inviter, _invited = friends(relay)
    inviter.start()
    inviter.invite()  # its own invitation comes back to it: no Invited
    assert kinds(inviter.poll()) == [] and inviter.machine.phase is InvitePhase.INVITING
    invitation = relay.sent[-1]
    # someone on the channel without the secret: the invitation does not open for it
    stranger = InvitationMachine(hello(GUEST, 1), Friend(HOST, 0, bytes(32)), "r" + "1" * 32, bytes(32))
    assert stranger.receive(invitation.topic, invitation.payload) == ([], [])
    assert stranger.phase is InvitePhase.LISTENING
    # and an "accept" it makes is nothing to the inviter
    forged = stranger._sealed("accept", {"t": "accept", "hello": hello(GUEST, 1)})
    inviter._message(inviter.machine.topic("accept"), forged.payload)
    assert kinds(inviter.poll()) == [] and inviter.machine.phase is InvitePhase.INVITING


def test_an_ended_game_is_heard_by_the_other_computer_whenever_it_listens_then_cleared() -> None:
    relay = MemoryRelay()
    teller, listener = friends(relay)
    teller.start()
    teller.tell_ended("r" + "2" * 32)
    channel = teller.friend.channel
    assert len(relay.topics(channel)) == 1, "it waits on the relay"
    listener.start()  # later, in any phase
    assert listener.poll()[-1] == RoomEnded("r" + "2" * 32)
    assert relay.topics(channel) == [], "heard: nothing of it stays"
    assert kinds(teller.poll()) == [], "its own word coming back is nothing to it"
