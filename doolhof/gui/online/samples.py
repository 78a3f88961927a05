"""The online screens as pictures and tap-target tests see them, drawn without any network.

Each builds its screen with ``connect=False`` (no link is started) and puts it in a typical state: the
invite screen with a code two thirds through its time and a remembered computer, the join screen with
three pictures tapped, the lobby on the host's side with the far computer in and ready.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from doolhof.gui.kit.scene import Host, Scene
from doolhof.gui.online.invite import InviteScene
from doolhof.gui.online.join import JoinScene
from doolhof.gui.online.lobby import LobbyScene
from doolhof.online.client import Friend, OnlineRoom
from doolhof.online.pairing import CODE_SECONDS, PictureCode
from doolhof.online.room import Room, hello
from doolhof.session.seats import SeatConfig, TableSetup

#: The table of the pictures: three seats, the middle one far away, the last a computer.
TABLE = TableSetup("junior", (SeatConfig("person"), SeatConfig("person"), SeatConfig("computer", "gentle")))
FAR = frozenset({1})
#: A code that shows six different pictures.
CODE = PictureCode((0, 5, 3, 9, 1, 7))
HOST, GUEST = "a0a0a0a0a0a0a0a0", "b1b1b1b1b1b1b1b1"
#: Where the sample room would connect (it never does).
NOWHERE = ["127.0.0.1:1"]


def invite(host: Host) -> InviteScene:
    """The invite screen showing :data:`CODE`, two thirds of its time gone, and one remembered computer."""
    scene = InviteScene(host, TABLE, FAR, 0, connect=False)
    scene.set_friends([Friend(GUEST, 3, bytes(32))])
    start = time.monotonic()
    scene.now = lambda: start  # a still clock: the ring is drawn the same every time (byte-identical pictures)
    scene.show_code(CODE, start + CODE_SECONDS / 3)
    return scene


def declined(host: Host) -> InviteScene:
    """The invite screen after the remembered computer said "not now": its figure faded, the sentence calm."""
    scene = invite(host)
    scene.unanswered, scene.declined = scene.friends[0], True
    return scene


def invitation(host: Host) -> Scene:
    """The setup screen noticing a remembered computer's invitation (figure 3, to the card game), no network."""
    from doolhof.gui.setup.scene import SetupScene

    scene = SetupScene(host, TableSetup("junior", (SeatConfig("person"), SeatConfig("computer", "gentle"))))
    scene.invitations.show(None, 3, "cards")
    return scene


def join(host: Host) -> JoinScene:
    """The join screen with three pictures of :data:`CODE` tapped."""
    scene = JoinScene(host, 3, connect=False)
    for name in CODE.names[:3]:
        scene.choose(name)
    return scene


def lobby(host: Host) -> LobbyScene:
    """Who is playing, on the host's side: the far computer is in, the host may start."""
    room = Room("rsample0000000001", bytes(32), hello(HOST, 0), (HOST, GUEST), table=TABLE, far_seats=FAR)
    room.peer = hello(GUEST, 3)
    scene = LobbyScene(host, OnlineRoom(room, NOWHERE), connect=False)
    scene.peer, scene.peer_here, scene.ready = room.peer, True, True
    scene.start_button.enabled = True
    return scene


#: The screenshot scene names and their builders.
SAMPLES: dict[str, Callable[[Host], Scene]] = {"invite": invite, "join": join, "lobby": lobby,
                                               "invitation": invitation, "invite-declined": declined}

__all__ = ["SAMPLES", "declined", "invitation", "invite", "join", "lobby"]
