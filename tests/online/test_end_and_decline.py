"""A parent ends an online game on one computer and the other forgets it too; a declined invitation is said.

The room's ``end`` message is tested on the in-memory bus (:mod:`tests.online.bus`) and through a real
Mosquitto (live, and said again to a computer that comes back while the ending one is in the room); a computer
that was away hears it on the two computers' own channel (nothing is kept on the relay: the shipped relay takes
no retained message), also through Mosquitto; the "not now" to a remembered computer's invitation travels
sealed on that channel too.
"""

from __future__ import annotations

from typing import Any

from doolhof.online.client import Declined, Friend, FriendLink, Invited, LinkChanged, OnlineRoom, Withdrawn, end_room
from doolhof.online.errors import Refused
from doolhof.online.messages import End
from doolhof.online.room import Ended, Publish, Room, hello
from doolhof.online.seal import new_key
from doolhof.online.simulate import chooser
from doolhof.session.seats import SeatConfig, TableSetup
from tests.online.bus import GUEST, HOST, pair
from tests.online.raw import RawClient
from tests.online.test_online_games import WAIT, open_rooms, play


def test_an_end_tells_the_far_room_which_forgets_the_game_and_clears_the_relay() -> None:
    host, guest, bus = pair()
    mover = chooser("junior", "random", 3)
    assert host.game is not None
    bus.play(host, mover(host.game.copy()))
    out, events = guest.end()
    assert events == [Ended(True)] and guest.ended and guest.to_dict()["closed"]
    bus.send(out)
    assert bus.of(host, Ended) == [Ended(False)] and host.ended
    assert host.to_dict()["ended"] and host.to_dict()["closed"], "the store forgets a closed room"
    assert not any(m.retain for m in bus.sent), "nothing of the room is kept on the relay, not even the end"
    # an ended room plays no more and takes nothing more
    assert host.game is not None
    try:
        host.play(mover(host.game.copy()))
    except Refused as refused:
        assert refused.reason == "closed"
    else:
        raise AssertionError("an ended room took a move")
    assert host.receive(f"{host.base}/here/{GUEST}", b"x") == ([], [])


def test_an_end_is_said_again_to_a_computer_that_comes_back_while_the_ending_one_listens() -> None:
    host, guest, bus = pair()
    bus.online[id(host)] = False
    bus.send(guest.end()[0])
    assert bus.of(host, Ended) == [] and not any(m.retain for m in bus.sent), "nothing waits on the relay"
    kept = Room.from_dict(host.to_dict())  # the host's computer comes back from its file
    bus.rooms.append(kept)
    bus.events[id(kept)] = []
    recorded = [m for m in bus.sent if m.topic.startswith(f"{host.base}/hello/")]
    bus.connect(kept)
    assert bus.of(kept, Ended) == [Ended(False)], "its new connection's hello is answered with the end"
    told = len([m for m in bus.sent if m.topic.endswith("/end")])
    bus.send(recorded)  # an old hello sent again makes the ended room say nothing more
    assert len([m for m in bus.sent if m.topic.endswith("/end")]) == told


def test_an_end_from_outside_the_room_is_refused() -> None:
    host, guest, bus = pair()
    stranger = Room(host.room_id, new_key(), hello("c2c2c2c2c2c2c2c2", 2), ("c2c2c2c2c2c2c2c2", HOST),
                    table=host.table, far_seats=frozenset({1}))
    bus.send(stranger.end()[0][:1])  # sealed with another key
    assert not host.ended and not guest.ended and bus.of(host, Ended) == []
    # sealed with the room key but naming a computer not in the room
    forged = host._publish(f"{host.base}/end", End("d3d3d3d3d3d3d3d3"))
    bus.send([Publish(forged.topic, forged.payload, False)])
    assert not host.ended and not guest.ended


def test_an_end_through_the_relay_reaches_the_far_computer_playing(relay: Any) -> None:
    host, guest = open_rooms(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}), [relay.address])
    play(host, guest, moves=2)
    kept: list[dict[str, Any]] = []
    host.on_change = kept.append
    guest.end()
    ended = host.wait(lambda e: isinstance(e, Ended), WAIT)
    assert Ended(False) in ended and host.room.ended
    assert kept and kept[-1]["closed"], "the host's computer forgets the room (its file)"
    host.close()
    late = RawClient(relay.host, relay.port, host.room.room_id).start()
    late.subscribe(host.room.base + "/#")
    late.barrier()
    assert [m.topic for m in late.messages if m.retain and m.payload] == []
    late.stop()


def test_a_waiting_game_ended_from_the_parents_page_reaches_the_other_computer_on_their_channel_later(
        relay: Any) -> None:
    from doolhof.online.client import EndHeard, RoomEnded, tell_ended

    host, guest = open_rooms(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}), [relay.address])
    play(host, guest, moves=3)
    host_kept, guest_kept = host.room.to_dict(), guest.room.to_dict()
    host.leave()
    guest.leave()
    room_id, secret = host.room.room_id, new_key()
    ending = Room.from_dict(guest_kept)
    assert end_room(ending, [relay.address], listen=0.2), "the relay took the end (unretained)"
    # the parent ends it while the other computer is away: nobody hears it now
    far_device = host.room.me.device
    assert not tell_ended(room_id, ending.me, Friend(far_device, 0, secret), [relay.address], listen=0.5)
    back = OnlineRoom(Room.from_dict(host_kept), [relay.address])
    back.start()
    assert not any(isinstance(e, Ended) for e in back.wait(lambda e: isinstance(e, Ended), 1.0)), \
        "nothing was kept on the relay for it"
    back.leave()
    late = RawClient(relay.host, relay.port, room_id).start()
    late.subscribe(host.room.base + "/#")
    late.barrier()
    assert [m.topic for m in late.messages if m.retain] == []
    late.stop()
    # the next time both computers are online on their own channel, the ending one's link tells it
    listener = FriendLink([relay.address], host.room.me, Friend(ending.me.device, 1, secret))
    listener.start()
    listener.wait(lambda e: isinstance(e, LinkChanged), WAIT)
    heard: list[str] = []
    teller = FriendLink([relay.address], ending.me, Friend(far_device, 0, secret), ends=[room_id],
                        on_end_heard=heard.append)
    teller.start()
    assert RoomEnded(room_id) in listener.wait(lambda e: isinstance(e, RoomEnded), WAIT)
    assert EndHeard(room_id) in teller.wait(lambda e: isinstance(e, EndHeard), WAIT) and heard == [room_id]
    teller.stop()
    listener.stop()


def test_the_ending_computer_online_tells_a_far_computer_that_comes_to_continue_the_game(relay: Any) -> None:
    """The child's computer was away when the game was ended; continued later while the grandparent's computer is
    online (its setup screen listens in the ended room, :class:`EndedRoom`), it hears the end at once."""
    from doolhof.online.client import EndedRoom

    host, guest = open_rooms(TableSetup("junior", (SeatConfig(), SeatConfig())), frozenset({1}), [relay.address])
    play(host, guest, moves=2)
    host_kept, guest_kept = host.room.to_dict(), guest.room.to_dict()
    host.leave()
    guest.leave()
    end = Room.from_dict(guest_kept).end()[0][0]
    listening = EndedRoom([relay.address], guest.room.room_id, end)
    listening.start()
    assert listening.link.connected.wait(WAIT)
    back = OnlineRoom(Room.from_dict(host_kept), [relay.address])
    back.start()
    assert Ended(False) in back.wait(lambda e: isinstance(e, Ended), WAIT)
    assert back.room.ended and back.room.closed
    back.close()
    listening.stop()


def test_end_room_says_no_when_the_relay_does_not_answer() -> None:
    host, _guest, _bus = pair()
    assert end_room(Room.from_dict(host.to_dict()), ["127.0.0.1:1"], timeout=1.0) is False


def friends(relay: Any) -> tuple[FriendLink, FriendLink]:
    secret = new_key()
    inviter = FriendLink([relay.address], hello(HOST, 0), Friend(GUEST, 1, secret))
    invitee = FriendLink([relay.address], hello(GUEST, 1), Friend(HOST, 0, secret))
    return inviter, invitee


def test_a_declined_invitation_is_said_to_the_inviter_only_for_its_own_room(relay: Any) -> None:
    inviter, invitee = friends(relay)
    inviter.start()
    inviter.wait(lambda e: isinstance(e, LinkChanged), WAIT)
    inviter.invite()
    invitee.start()
    assert any(isinstance(e, Invited) for e in invitee.wait(lambda e: isinstance(e, Invited), WAIT))
    invitee.decline()
    said = inviter.wait(lambda e: isinstance(e, Declined), WAIT)
    assert said and isinstance(said[-1], Declined) and said[-1].hello.device == GUEST
    assert not any(isinstance(e, Withdrawn) for e in invitee.poll()), "its own decline is no withdrawal"
    # the invitation is gone from the relay: a computer that looks now finds none
    again = FriendLink([relay.address], hello(GUEST, 1), invitee.friend)
    again.start()
    assert not any(isinstance(e, Invited) for e in again.wait(lambda e: isinstance(e, Invited), 1.5))
    again.stop()
    # a later invitation is news again, and an old "no" does not end it
    inviter.room_id = "r" + "5" * 32
    inviter.invite()
    assert any(isinstance(e, Invited) for e in invitee.wait(lambda e: isinstance(e, Invited), WAIT))
    assert not any(isinstance(e, Declined) for e in inviter.wait(lambda e: isinstance(e, Declined), 1.0))
    inviter.stop()
    invitee.stop()


def test_an_ended_game_is_told_on_the_two_computers_own_channel_to_a_listener_there(relay: Any) -> None:
    from doolhof.online.client import RoomEnded, tell_ended

    secret = new_key()
    listener = FriendLink([relay.address], hello(GUEST, 1), Friend(HOST, 0, secret))
    listener.start()
    listener.wait(lambda e: isinstance(e, LinkChanged), WAIT)
    assert tell_ended("r" + "7" * 32, hello(HOST, 0), Friend(GUEST, 1, secret), [relay.address]), "it heard"
    assert RoomEnded("r" + "7" * 32) in listener.wait(lambda e: isinstance(e, RoomEnded), WAIT)
    listener.stop()
    again = FriendLink([relay.address], hello(GUEST, 1), Friend(HOST, 0, secret))
    again.start()
    assert not any(isinstance(e, RoomEnded) for e in again.wait(lambda e: isinstance(e, RoomEnded), 1.5)), \
        "nothing of it stays on the relay"
    again.stop()
    # a computer that does not share the secret hears nothing of it
    stranger = FriendLink([relay.address], hello(GUEST, 1), Friend(HOST, 0, new_key()))
    stranger.start()
    stranger.wait(lambda e: isinstance(e, LinkChanged), WAIT)
    assert not tell_ended("r" + "8" * 32, hello(HOST, 0), Friend(GUEST, 1, secret), [relay.address], listen=1.0)
    assert not any(isinstance(e, RoomEnded) for e in stranger.poll())
    stranger.stop()
