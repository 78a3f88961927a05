"""Online play: two computers in two homes play one game through a relay that knows no rules.

No pygame here. The pieces, bottom up:

- :mod:`~doolhof.online.errors`: why a message is refused (reasons, never contents).
- :mod:`~doolhof.online.trouble`: every trouble a parent is told about (the screens have the words).
- :mod:`~doolhof.online.wire`: canonical JSON, size limits, digests.
- :mod:`~doolhof.online.seal`: sealing with the room key (ChaCha20-Poly1305), key derivation.
- :mod:`~doolhof.online.moves`: one action of either game as a short JSON list.
- :mod:`~doolhof.online.log`: the move log every computer replays and checks.
- :mod:`~doolhof.online.pairing`: the picture code and the password-authenticated key exchange.
- :mod:`~doolhof.online.room`: one computer's side of a room, as a pure state machine.
- :mod:`~doolhof.online.relay`: the MQTT connection (paho-mqtt) on its own thread.
- :mod:`~doolhof.online.client`: a room over a relay, with a queue of events for the screen.
- :mod:`~doolhof.online.store`: this computer's id, remembered computers, waiting online games.

docs/online.md says what goes where and what the relay sees.
"""
