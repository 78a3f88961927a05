"""What both play screens' clips do at a new turn and at the end: the same pop, bounce, jump and sound.

The choreographies of the maze's and the card game's play screens build their own clips; the
moments that look and sound alike in both games start with these callbacks, given the scene as a
:class:`Cued` stage.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from doolhof.gui.kit.anim import Effect, Motion


class Cued(Protocol):
    """What the cues need from a play scene."""

    effects: list[Effect]

    @property
    def motion(self) -> Motion:
        """The parents' animation speed and reduced-motion choice."""
        ...

    def play_sound(self, name: str) -> None:
        """Play a short sound."""
        ...

    def sync_shown(self) -> None:
        """Show the game as it stands."""
        ...

    def turn_began(self) -> None:
        """A new turn is on screen."""
        ...


def handover_cue(stage: Cued, seat: int) -> Callable[[], None]:
    """The start of a new turn: the game as it stands, *seat*'s portrait pops and figure bounces, the turn sound."""

    def start() -> None:
        stage.sync_shown()
        if not stage.motion.reduced:
            stage.effects.append(Effect("pop", "portrait", 0.45))
            stage.effects.append(Effect("bounce", seat, 0.6))
        stage.play_sound("turn_start")
        stage.turn_began()

    return start


def celebration_cue(stage: Cued, winners: frozenset[int]) -> Callable[[], None]:
    """The start of the celebration: the game as it stands, the *winners* jump, a fanfare plays."""

    def start() -> None:
        stage.sync_shown()
        if not stage.motion.reduced:
            for seat in winners:
                stage.effects.append(Effect("jump", seat, 2.0))
        stage.play_sound("fanfare")

    return start
