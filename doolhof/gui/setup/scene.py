"""The setup screen, for the parent: who plays, which game, how many secrets, then one big Play.

Everything is a big tap target (at least 64 px on a 1280x800 window):

- four seat cards (six for the card game), each with a figure of its own; a free seat shows its figure
  faded with a plus: a tap adds seats up to it, each a person here. A tap on a face in play opens the
  figure picker (:mod:`.figures`): the child chooses which figure (colour and shape) that seat plays, from those no
  seat in play wears. The last seat in play carries a round minus in its corner, held a moment to take
  that seat away (its ring fills from the press on; a tap only wiggles it): a tap on a face never takes
  a player away (2 to 4 seats, 2 to 6 for the card game; the seats in play are always the first *n*
  seat cards, seat *k* starting on corner *k*, which wears its figure's colour, R5; a maze table and a
  card table each keep their own number of seats);
- under each figure a person/computer switch showing both (only the switch takes a tap, not the word
  beside it), and for a computer its level (gentle, clever,
  expert; tap to cycle); while online play is on, a person's place in that spot: here (the house)
  or far away (the globe), a choice of its own, so a tap too few never makes a far player the
  computer;
- four game cards: three with a little board picture (Junior, Junior with own secrets, the big 7x7
  board) and the card game with a few maze cards lying edge to edge ("7+" in its corner, for parents);
- the number of secrets, one choice: - and + beside the number, a row of little stars under it
  (lit: used; the first-game advice, half, is one step among the others); for the card game, which
  has no secrets, that panel shows the deck and a hand of two cards (face down when the parents
  chose hidden hands);
- Play; when a game of the chosen kind is waiting (a maze game and a card game can each wait, see
  :func:`doolhof.session.savegame.load_waiting`, and online games: :mod:`.far_games`), Continue is
  the big button (with a little picture of the newest game that waits, an online one with the far
  figure on it) and Play becomes a smaller "New game", which asks first when it would replace a game
  of this computer (:class:`~doolhof.gui.setup.replace.ReplaceCard`: the waiting game's picture,
  Continue, and a two-second hold to replace it). The game card of each waiting game carries the
  "again" arrow.

Every choice is remembered (:mod:`doolhof.session.setup_memory`, written when the screen is left): a
visit to the puzzle book or a restart brings back exactly this screen. At the start of the program a
game played after the last choice brings its kind to the front.

In the top corner sits the parents' menu button (opened by a two-second hold; the app's
:class:`~doolhof.gui.parents.menu.ParentControls` handles it at :attr:`SetupScene.parent_menu_rect`).
A message for the parent (a damaged saved game was moved aside, say) is shown on a card over the
screen until the parent taps OK.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from dataclasses import replace

import pygame

from doolhof.engine import VARIANTS
from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.boxes import least_tap
from doolhof.gui.kit.cardpics import draw_card_back, draw_card_face, draw_pile
from doolhof.gui.kit.hold_button import HoldButton
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host, Note, Scene
from doolhof.gui.kit.text import draw_text, readable_px, shared_px
from doolhof.gui.kit.widgets import (
    CARD,
    CHOICE,
    PRIMARY,
    QUIET,
    SECONDARY,
    Button,
    ButtonSet,
    darken,
    draw_card,
    draw_corner_icon,
    garden_background,
    lighten,
    safe_icon,
    share_text_size,
)
from doolhof.gui.online.common import draw_figure
from doolhof.gui.online.invitation_notice import InvitationNotice
from doolhof.gui.online.switch import online_on
from doolhof.gui.setup.buttons import (
    HAND_CARDS,
    ContinueButton,
    KindButton,
    LevelButton,
    PlaceButton,
    SeatFigureButton,
    VariantButton,
    draw_game_card,
    draw_waiting_game,
    minus_reach,
)
from doolhof.gui.setup.far_games import OnlineGameButton, online_game_buttons
from doolhof.gui.setup.figures import FigurePicker
from doolhof.gui.setup.replace import ReplaceCard
from doolhof.i18n import _, ngettext
from doolhof.session.savegame import SavedGame
from doolhof.session.seats import CARDS, LEVELS, SeatConfig, TableSetup, seat_range
from doolhof.session.setup_memory import MAZE_VARIANTS, SetupMemory, kind_of

log = logging.getLogger(__name__)

#: Seat cards on the screen: six for the card game (four of them for a maze game).
MAX_SEATS = seat_range(CARDS)[1]
MAZE_SEATS = seat_range("junior")[1]
MIN_SEATS = 2
VARIANT_ORDER = (*MAZE_VARIANTS, CARDS)
#: Seconds the last seat's minus must be held to take that seat away (a tap only wiggles it).
REMOVE_HOLD = 0.8
#: The cards holding one group of choices each.
CHOICES_CARD = CARD.but(corner=12, least_radius=6, drop=60, least_drop=2)


class SetupScene(Scene):
    """Choose the table and start a game. *table* pre-fills the choices (e.g. the last game's)."""

    def __init__(self, host: Host, table: TableSetup | None = None, far_seats: Iterable[int] = ()) -> None:
        """Build the screen with the remembered choices (:meth:`Settings.setup_memory`); *table* (the game
        just left, say) is chosen over them, its seats *far_seats* marked far away (coming back from inviting, or
        from an online game's end). A waiting game, if any, is offered with a Continue button."""
        super().__init__(host)
        #: The games that can be continued, kind (``"maze"``, ``"cards"``) -> game.
        self.waiting, messages = load_waiting_games(host)
        memory = host.settings.setup_memory()
        if host.settings.setup is None:
            # Settings from before the memory hold only the last table played: each waiting game tells how its
            # kind was set up (a 6-secret Junior game waiting shows 6 secrets, not 12).
            for saved in sorted(self.waiting.values(), key=lambda saved: saved.saved_at):
                if saved.kind != kind_of(host.settings.table.variant):
                    memory = memory.with_table(saved.table)
            memory = memory.with_table(host.settings.table)
        if table is not None:
            memory = memory.with_table(table, far_seats)
        self.slots: list[SeatConfig] = list(memory.slots)
        self.variant = memory.variant if memory.variant in VARIANT_ORDER else "junior"
        #: The maze variant the secrets count for (the last one chosen while the card game is chosen).
        self.maze = memory.maze
        #: Seats in play at a maze table and at a card table (each kind keeps its own).
        self.counts = {"maze": memory.counts[0], "cards": memory.counts[1]}
        self.secrets: int | None = memory.secrets
        self.first_player = memory.first_player if memory.first_player < self.count else 0
        #: The seats marked "far away": played on the other computer (only while online play is on; a
        #: computer seat is never far away, but its mark comes back with the person).
        self.marked_far: set[int] = set(memory.marked_far)
        #: The figure each seat card plays, in play or not (all different: a free seat keeps its own).
        self.figures: list[int] = list(memory.figures)
        #: Messages for the parent, shown one after the other on a card until tapped away.
        self.notes: list[str] = [*host.notes, *messages]
        host.notes.clear()
        #: Asks before a new game replaces the waiting one of its kind.
        self.replace_card = ReplaceCard(self.resume_here, self._replace, self._keep_waiting, draw_waiting_game,
                                        on_tap=lambda: self.host.play_sound("tap"))
        #: Where the parents' menu button sits (the app's parent controls read it).
        self.parent_menu_rect = pygame.Rect(0, 0, 0, 0)
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        self.note_text_rect = pygame.Rect(0, 0, 0, 0)
        self.size = (0, 0)
        self.panels: dict[str, pygame.Rect] = {}
        self._background: pygame.Surface | None = None

        self.buttons = ButtonSet(on_press=lambda: self.host.play_sound("tap"))
        add = self.buttons.add
        self.figure_buttons = [add(SeatFigureButton(self, k)) for k in range(MAX_SEATS)]
        self.kind_buttons = [add(KindButton(self, k)) for k in range(MAX_SEATS)]
        self.level_buttons = [add(LevelButton(self, k)) for k in range(MAX_SEATS)]
        self.variant_buttons = {v: add(VariantButton(self, v)) for v in VARIANT_ORDER}
        self.minus_button = add(Button(lambda: self.step_secrets(-1), icon="minus", style=QUIET, name="minus"))
        self.plus_button = add(Button(lambda: self.step_secrets(+1), icon="plus", style=QUIET, name="plus"))
        # With a saved game waiting, Continue is the big yellow button and this one says "New game":
        # a returning family (or a child tapping the brightest button) must not lose the saved game.
        self.play_button = add(Button(self.start, icon="play", label=self._play_label, style=PRIMARY,
                                      name="play"))
        self.continue_button = add(ContinueButton(self))
        # The door to the puzzle book, for a child alone: a picture only (stepping stones up to a star).
        self.puzzle_button = add(Button(self.open_puzzles, icon="stones", style=CHOICE, name="puzzles"))
        # The other computer's way in (only while online play is on): the keypad of pictures.
        self.join_button = add(Button(self.open_join, icon="join", label=lambda: _("Join"), style=CHOICE,
                                      name="join"))
        self.place_buttons = [add(PlaceButton(self, k)) for k in range(MAX_SEATS)]
        # The waiting online games (only while online play is on): the newest of the chosen kind is the big
        # Continue's; the newest other one has a button beside Join: its picture and the far figure.
        self.online_game_buttons: list[OnlineGameButton] = [add(button) for button in online_game_buttons(host)]
        #: The last seat's minus: held a moment, that seat goes (a tap on a face never takes a player away).
        self.remove_button = HoldButton(self.remove_last, icon="minus", hold_seconds=REMOVE_HOLD,
                                        on_tap=lambda: self.host.play_sound("tap"), face=theme.WHITE)
        self.seat_cards: list[pygame.Rect] = []
        #: Each seat card's corner where the minus sits while it is the last seat (no figure's tap area there).
        self.seat_corners: list[pygame.Rect] = []
        self.fullscreen_button = add(Button(self.host.toggle_fullscreen, icon="fullscreen", style=QUIET,
                                            name="fullscreen"))
        self.note_button = Button(self.dismiss_note, icon="check", label=lambda: _("OK"), style=PRIMARY,
                                  name="note-ok")
        self.note_buttons = ButtonSet(on_press=lambda: self.host.play_sound("tap"))
        self.note_buttons.add(self.note_button)
        #: The picker a tap on a face in play opens: which figure that seat plays.
        self.figure_picker = FigurePicker(self.choose_figure, on_tap=lambda: self.host.play_sound("tap"))
        #: The seat whose face was pressed while its picker was open (that tap closes it, never opens it again).
        self._closing_seat: int | None = None
        #: A remembered computer's invitation, noticed here in the background (gui/online/invitation_notice.py).
        self.invitations = InvitationNotice(host, self.my_figure, draw_game_card)
        if table is None:
            self._front_newest(memory.at)
        self.set_secrets(self.secrets)

    # ----- the choices ---------------------------------------------------------------------
    def table(self) -> TableSetup:
        """The table as chosen now."""
        secrets = None if self.is_cards else self.secrets
        figures = tuple(self.figures[: self.count])
        own = all(f == k for k, f in enumerate(figures))
        return TableSetup(self.variant, tuple(self.slots[: self.count]), secrets, self.first_player,
                          () if own else figures)

    def memory(self) -> SetupMemory:
        """Every choice on the screen now, for both kinds of game (its ``at`` left at 0)."""
        return SetupMemory(self.variant, self.maze, tuple(self.slots), (self.counts["maze"], self.counts["cards"]),
                           self.secrets, self.first_player, frozenset(self.marked_far), figures=tuple(self.figures))

    @property
    def count(self) -> int:
        """How many seats are in play at the chosen game's table."""
        return self.counts[kind_of(self.variant)]

    @count.setter
    def count(self, n: int) -> None:
        self.counts[kind_of(self.variant)] = n

    @property
    def saved_game(self) -> SavedGame | None:
        """This computer's waiting game of the chosen kind (maze or cards), which a new game would replace."""
        return self.waiting.get(kind_of(self.variant))

    def offered_online(self) -> OnlineGameButton | None:
        """The waiting online game of the chosen kind the big Continue offers: the newest one, when no game of
        this computer of that kind was played later (None while online play is off)."""
        if not self.online:
            return None
        kind, here = kind_of(self.variant), self.saved_game
        for button in self.online_game_buttons:
            if not button.gone and button.saved.kind == kind:
                return button if here is None or button.at >= here.saved_at else None
        return None

    def offered(self) -> tuple[SavedGame | None, int | None]:
        """The game the big Continue offers (None: nothing of this kind waits) and, for an online game, the figure
        its far seat plays."""
        waiting = self.offered_online()
        if waiting is not None:
            return waiting.saved, waiting.figure
        return self.saved_game, None

    def waiting_variants(self) -> frozenset[str]:
        """The variants a game waits in (this computer's, and online ones while online play is on)."""
        found = {saved.table.variant for saved in self.waiting.values()}
        if self.online:
            found |= {button.saved.table.variant for button in self.online_game_buttons if not button.gone}
        return frozenset(found)

    @property
    def is_cards(self) -> bool:
        """True while the card game is chosen."""
        return self.variant == CARDS

    def max_seats(self) -> int:
        """The most seats the chosen game allows (4, or 6 for the card game)."""
        return seat_range(self.variant)[1]

    def total_secrets(self) -> int:
        """All the pictures of the chosen maze variant (12, or 24 on the big board)."""
        return len(VARIANTS[self.maze].pictures)

    def min_secrets(self) -> int:
        """The fewest secrets allowed: with own piles everyone needs at least one."""
        return self.count if VARIANTS[self.maze].own_piles else 1

    def effective_secrets(self) -> int:
        """The number of secrets the game will use."""
        return self.total_secrets() if self.secrets is None else self.secrets

    def tap_figure(self, k: int) -> None:
        """Seat *k*'s figure was tapped: a free seat adds seats up to it; a face in play opens its figure picker
        (or closes it when it was open): children tap faces, nobody goes."""
        if k >= self.max_seats():
            self.host.play_sound("nope")
            return
        if k < self.count:
            if self._closing_seat == k:
                self._closing_seat = None
                return
            free = self.free_figures()
            if free:
                self.figure_picker.open(k, self.figures[k], free, self.figure_buttons[k].rect)
                self.host.request_redraw()
            return
        # The plus adds the child next to you, here: a free seat shows no robot nor globe, so it never adds a
        # computer or a far player (the parent switches it after, on purpose); the computer's level is kept.
        for j in range(self.count, k + 1):
            self.slots[j] = SeatConfig("person", self.slots[j].level)
            self.marked_far.discard(j)
        self.count = k + 1
        self.set_secrets(self.secrets)

    def remove_last(self) -> None:
        """The last seat's minus was held: that seat goes (a plus brings it back as a person)."""
        if self.count <= MIN_SEATS:
            return
        self.count -= 1
        if self.first_player >= self.count:
            self.first_player = 0
        self.remove_button.reset()
        self.set_secrets(self.secrets)

    @property
    def online(self) -> bool:
        """True while the parents have online play on (and a relay address): then seats can be far away."""
        return online_on(self.host.settings)

    def far_seats(self) -> frozenset[int]:
        """The seats in play marked far away (none while online play is off; a computer is never far away)."""
        if not self.online:
            return frozenset()
        return frozenset(k for k in self.marked_far if k < self.count and not self.slots[k].is_computer)

    def free_figures(self) -> list[int]:
        """The figures no seat in play wears (a seat may choose one of them), in figure order."""
        return sorted(self.figures[self.count:])

    def choose_figure(self, k: int, figure: int) -> None:
        """Seat *k* plays *figure* from now on; the seat card that had it (not in play) gets *k*'s old one."""
        if not 0 <= k < self.count or figure not in self.free_figures():
            return
        other = self.figures.index(figure)
        self.figures[k], self.figures[other] = figure, self.figures[k]
        self.host.play_sound("turn")
        self.sync()

    def toggle_kind(self, k: int) -> None:
        """Seat *k* switches between a person and a computer player (far away is :meth:`toggle_place`'s)."""
        seat = self.slots[k]
        self.slots[k] = SeatConfig("person" if seat.is_computer else "computer", seat.level)
        self.sync()

    def toggle_place(self, k: int) -> None:
        """Seat *k*'s person plays here or far away, on the other computer (only while online play is on)."""
        if not self.online or self.slots[k].is_computer:
            return
        if k in self.marked_far:
            self.marked_far.discard(k)
        else:
            self.marked_far.add(k)
        self.sync()

    def cycle_level(self, k: int) -> None:
        """Computer seat *k* gets the next level (gentle, clever, expert, gentle ...)."""
        seat = self.slots[k]
        level = LEVELS[(LEVELS.index(seat.level) + 1) % len(LEVELS)] if seat.level in LEVELS else LEVELS[0]
        self.slots[k] = SeatConfig(seat.kind, level)
        self.sync()

    def set_variant(self, variant: str) -> None:
        """Choose the game; the number of secrets keeps its meaning (all stays all, half stays half).

        The seat row shows six seats for the card game and four for a maze game; each kind keeps its own
        number of seats in play (a 3-seat card game and a 2-seat maze game are both remembered).
        """
        if variant == self.variant or variant not in VARIANT_ORDER:
            return
        seats_before, waiting_before = self.max_seats(), self.offered()[0] is not None
        self.variant = variant
        self.count = min(self.count, self.max_seats())
        if self.first_player >= self.count:
            self.first_player = 0
        if variant != CARDS:
            was_half = self.secrets is not None and self.secrets == self.total_secrets() // 2
            self.maze = variant
            self.secrets = self.total_secrets() // 2 if was_half else self.secrets
        relayout = self.max_seats() != seats_before or (self.offered()[0] is not None) != waiting_before
        if relayout and self.size != (0, 0):
            self.resize(self.size)  # the seat row has another number of cards, or Continue comes or goes
        self.set_secrets(self.secrets)

    def set_secrets(self, secrets: int | None) -> None:
        """Use *secrets* secrets (None: all), clamped to what this variant and table allow."""
        if secrets is not None:
            secrets = max(self.min_secrets(), min(self.total_secrets(), secrets))
            if secrets == self.total_secrets():
                secrets = None
        self.secrets = secrets
        self.sync()

    def step_secrets(self, delta: int) -> None:
        """One secret more or fewer."""
        self.set_secrets(self.effective_secrets() + delta)

    # ----- leaving -------------------------------------------------------------------------
    def start(self) -> None:
        """Start a new game (a maze or a card game) with the chosen table; first ask when one of its kind waits.

        With seats far away, invite the other computer instead (the invite screen; a waiting game of this
        computer stays as it is).
        """
        far_seats = self.far_seats()
        if far_seats:
            table = self.table()
            self.remember(table=table)
            self.host.screens.open_invite(table, far_seats, self.my_figure())
            return
        if self.saved_game is not None:
            self.replace_card.open(self.saved_game)
            self.host.request_redraw()
            return
        self._start_new()

    def _replace(self) -> None:
        """The parent held the button: the new game replaces the waiting one."""
        self.replace_card.hide()
        self._start_new()

    def _keep_waiting(self) -> None:
        self.replace_card.hide()
        self.host.request_redraw()

    def _start_new(self) -> None:
        table = self.table()
        self.remember(table=table)
        game = table.fresh(self.host.next_seed())
        self.host.screens.start_game(game, table)

    def remember(self, **also: object) -> None:
        """Keep the choices in the settings (with *also*, e.g. the table played), when they changed or *also*
        asks for a write; stamped with the time, so a game played later comes to the front at the next start."""
        memory = self.memory()
        if not also and replace(self.host.settings.setup_memory(), at=0.0) == memory:
            return
        self.host.change_settings(setup=replace(memory, at=time.time()), **also)

    def _front_newest(self, since: float) -> None:
        """At the start: the newest waiting game (of this computer, or online while online play is on) played
        after the choices were made at *since* brings its kind to the front, so the big button offers it."""
        games = list(self.waiting.values())
        if self.online:
            games += [button.saved for button in self.online_game_buttons if not button.gone]
        newest = max(games, key=lambda saved: saved.saved_at, default=None)
        if newest is not None and newest.saved_at > since and newest.kind != kind_of(self.variant):
            self.set_variant(newest.table.variant)

    def open_puzzles(self) -> None:
        """The puzzle book, read by the child playing here: the figure of the first person in play on this computer;
        the book's last reader when that child is at this table too (a sibling who picked their figure in the book),
        or when only computers are in play."""
        far_seats = self.far_seats()
        here = [self.figures[k] for k in range(self.count) if not self.slots[k].is_computer and k not in far_seats]
        self.host.screens.open_puzzles(tuple(here))

    def my_figure(self) -> int:
        """This computer's figure for the other one: the figure of its first seat not far away."""
        far_seats = self.far_seats()
        return self.figures[next((k for k in range(self.count) if k not in far_seats), 0)]

    def open_join(self) -> None:
        """The join screen: tap in the other computer's pictures, or take a remembered computer's invitation."""
        if self.online:
            self.host.screens.open_join(self.my_figure())

    def _play_label(self) -> str:
        if self.far_seats():
            return _("Invite")
        return _("New game") if self.offered()[0] is not None else _("Play!")

    def resume(self) -> None:
        """Continue the game the big Continue offers: the newest waiting one of the chosen kind (online, or this
        computer's with its undo step)."""
        waiting = self.offered_online()
        if waiting is None:
            self.resume_here()
            return
        self.replace_card.hide()
        self.remember()
        waiting.resume()
        if waiting.gone:  # it cannot come back (damaged, or no relay): the next waiting game is offered
            self.host.play_sound("nope")
            self.sync()
            if self.size != (0, 0):
                self.resize(self.size)

    def resume_here(self) -> None:
        """Continue this computer's waiting game of the chosen kind (with its undo step).

        Its table becomes the last table played, so the next start of the program opens the setup
        screen with this game chosen and its Continue in front (not the game started last).
        """
        saved = self.saved_game
        self.replace_card.hide()
        if saved is None:
            return
        self.remember(table=saved.table)
        self.host.screens.resume_game(saved)

    def dismiss_note(self) -> None:
        """The parent has read the message on top: show the next one, or the screen."""
        if self.notes:
            self.notes.pop(0)
        self.host.request_redraw()

    # ----- keeping the buttons in step -----------------------------------------------------
    def sync(self) -> None:
        """Update every button's look (selected, visible, enabled) from the choices."""
        online = self.online
        for k in range(MAX_SEATS):
            active = k < self.count
            self.figure_buttons[k].visible = k < self.max_seats()
            self.kind_buttons[k].visible = active
            self.level_buttons[k].visible = active and self.slots[k].is_computer
            self.place_buttons[k].visible = active and online and not self.slots[k].is_computer
        self._place_remove()
        if self.figure_picker.seat is not None and self.figure_picker.seat >= self.count:
            self.figure_picker.hide()
        for name, button in self.variant_buttons.items():
            button.selected = name == self.variant
        n = self.effective_secrets()
        self.minus_button.enabled = n > self.min_secrets()
        self.plus_button.enabled = n < self.total_secrets()
        for secret_button in (self.minus_button, self.plus_button):
            secret_button.visible = not self.is_cards
        inviting = bool(self.far_seats())
        offered = self.offered_online()
        waiting = self.offered()[0] is not None
        self.continue_button.visible = waiting
        self.continue_button.style = PRIMARY if waiting else SECONDARY
        self.play_button.style = SECONDARY if waiting else PRIMARY
        self.play_button.icon = "globe" if inviting else "play"
        self.join_button.visible = online
        side = next((b for b in self.online_game_buttons if not b.gone and b is not offered), None) if online else None
        for waiting_game in self.online_game_buttons:
            waiting_game.visible = waiting_game is side
        # Leaving full screen is for parents (the menu); here it can only be entered.
        self.fullscreen_button.visible = not self.host.fullscreen
        self.host.request_redraw()

    def _place_remove(self) -> None:
        """The minus sits in the last seat's corner (none at the fewest seats); another seat's corner is empty."""
        k = self.count - 1
        corner = self.seat_corners[k] if self.count > MIN_SEATS and k < len(self.seat_corners) else None
        if corner is None or corner.width <= 0:
            self.remove_button.rect = pygame.Rect(0, 0, 0, 0)
            self.remove_button.reset()
        elif corner != self.remove_button.rect:
            self.remove_button.rect = corner.copy()
            self.remove_button.reset()

    # ----- scene lifecycle -----------------------------------------------------------------
    def enter(self) -> None:
        """Listen for remembered computers' invitations while the screen shows (only with online play on); a waiting
        online game ended meanwhile (on the parents' page over this screen) is offered no more."""
        if any([button.forget_if_ended() for button in self.online_game_buttons]):
            self.sync()
        self.invitations.start()

    def exit(self) -> None:
        """The screen is left (the book, a game, the parents' menu over it): its choices are kept; left for good
        (not only covered by the parents' menu), it stops listening."""
        self.remember()
        if self not in self.host.scenes:
            self.invitations.stop()

    def wake_after(self) -> float | None:
        """Wake a few times a second while listening for invitations."""
        return self.invitations.wake_after()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out panels and buttons for a window of *size* (any size, even tiny, must work)."""
        self.size = size
        self._background = None
        w, h = max(1, size[0]), max(1, size[1])
        pad = max(4, int(min(w, h) * 0.02))
        wide = w >= h * 1.15
        # Beside the secrets' six fingertip columns the game cards need room for their names at one size.
        if wide:
            bands = _bands(pad, h - pad, pad, (0.10, 0.44, 0.26, 0.14))
            header, players, lower, bottom = bands
            # The secrets row needs six fingertip-sized columns; the game cards take the rest.
            secrets_w = 6 * least_tap((w, h)) + 6 * max(2, pad // 2) + pad
            left_w = min(int((w - 3 * pad) * 0.6), w - 3 * pad - secrets_w)
            variant_rect = pygame.Rect(pad, lower[0], left_w, lower[1])
            secrets_rect = pygame.Rect(2 * pad + left_w, lower[0], w - 3 * pad - left_w, lower[1])
        else:
            header, players, var_band, sec_band, bottom = _bands(pad, h - pad, pad, (0.07, 0.34, 0.21, 0.16, 0.12))
            variant_rect = pygame.Rect(pad, var_band[0], w - 2 * pad, var_band[1])
            secrets_rect = pygame.Rect(pad, sec_band[0], w - 2 * pad, sec_band[1])
        self.panels = {
            "header": pygame.Rect(pad, header[0], w - 2 * pad, header[1]),
            "players": pygame.Rect(pad, players[0], w - 2 * pad, players[1]),
            "variant": variant_rect,
            "secrets": secrets_rect,
            "bottom": pygame.Rect(pad, bottom[0], w - 2 * pad, bottom[1]),
        }
        self._layout_header(self.panels["header"])
        self._layout_players(self.panels["players"], pad)
        self._layout_variants(self.panels["variant"], pad)
        self._layout_secrets(self.panels["secrets"], pad)
        self._layout_bottom(self.panels["bottom"], pad)
        self._layout_note(w, h, pad)
        seat, top = self.figure_picker.seat, self.panels["players"].bottom + pad
        below = pygame.Rect(pad, top, w - 2 * pad, max(1, h - top - pad))
        self.figure_picker.layout(below, self.figure_buttons[seat].rect if seat is not None else None)
        self.replace_card.layout(w, h, pad)
        self.invitations.resize(size)

    def _layout_note(self, w: int, h: int, pad: int) -> None:
        note_w = min(w - 4 * pad, max(300, int(w * 0.6)))
        note_h = min(h - 4 * pad, max(200, int(h * 0.45)))
        self.note_rect = pygame.Rect(0, 0, note_w, note_h)
        self.note_rect.center = (w // 2, h // 2)
        inner = self.note_rect.inflate(-3 * pad, -3 * pad)
        button_h = max(1, min(int(inner.h * 0.3), max(64, h // 9)))
        button_w = min(inner.w, button_h * 3)
        self.note_button.rect = pygame.Rect(0, 0, button_w, button_h)
        self.note_button.rect.midbottom = inner.midbottom
        self.note_text_rect = pygame.Rect(inner.x, inner.y, inner.w, max(1, inner.h - button_h - pad))

    def _layout_header(self, area: pygame.Rect) -> None:
        side = max(1, area.height)
        menu = max(1, min(side, max(56, least_tap(self.size))))
        self.parent_menu_rect = pygame.Rect(area.right - menu, area.centery - menu // 2, menu, menu)
        gap = max(4, side // 3)
        self.fullscreen_button.rect = pygame.Rect(self.parent_menu_rect.x - gap - side, area.centery - side // 2,
                                                  side, side)
        self.fullscreen_button.visible = not self.host.fullscreen

    def _heading_h(self) -> int:
        """The least height of a panel's heading strip: room for a readable heading."""
        return min(self.size) // 24 if self.size != (0, 0) else 0

    def _layout_players(self, panel: pygame.Rect, pad: int) -> None:
        self.player_label, cards = _label_and_body(panel, pad, 0.12, self._heading_h())
        shown = self.max_seats()
        rows = 1
        across = shown
        gap = pad if across <= MAZE_SEATS else max(2, pad * 2 // 3)
        card_w = max(1, (cards.width - gap * (across - 1)) // across)
        card_h = max(1, (cards.height - gap * (rows - 1)) // rows)
        self.seat_cards = []
        self.seat_corners = []
        for k in range(MAX_SEATS):
            if k >= shown:
                for button in (self.figure_buttons[k], self.kind_buttons[k], self.level_buttons[k],
                               self.place_buttons[k]):
                    button.rect = pygame.Rect(0, 0, 0, 0)
                self.figure_buttons[k].area = pygame.Rect(0, 0, 0, 0)
                self.figure_buttons[k].corner = pygame.Rect(0, 0, 0, 0)
                self.kind_buttons[k].area = pygame.Rect(0, 0, 0, 0)
                continue
            row, col = divmod(k, across)
            card = pygame.Rect(cards.x + col * (card_w + gap), cards.y + row * (card_h + gap), card_w, card_h)
            self.seat_cards.append(card)
            body = card.inflate(-max(2, pad // 2), -max(2, pad // 2))
            figure_h = int(body.height * 0.46)
            kind_h = int(body.height * 0.26)
            least, word_px = least_tap(self.size), readable_px(self.size)
            if self.kind_buttons[k].stacks(body.width, least, word_px):  # the word above the switch: a taller row
                grow = max(0, min(least + word_px * 2 - kind_h, figure_h - least - least // 3))
                figure_h, kind_h = figure_h - grow, kind_h + grow
            level_h = body.height - figure_h - kind_h - 2 * max(1, pad // 3)
            # The top left corner holds the minus while this is the last seat; the figure's tap area leaves it
            # out on every seat, so no finger that stays where it was taps a face after the seat went.
            # A narrow card (six seats, a tall window) leaves out a band at the top instead of a column.
            corner = max(1, min(least_tap(self.size), figure_h, body.width))
            self.seat_corners.append(pygame.Rect(body.x, body.y, corner, corner))
            figure = self.figure_buttons[k]
            figure.area = pygame.Rect(body.x, body.y, body.width, figure_h)
            figure.corner = self.seat_corners[-1].copy()
            if body.width - corner >= min(figure_h, least_tap(self.size)) or figure_h - corner < body.width - corner:
                figure.rect = pygame.Rect(body.x + corner, body.y, max(1, body.width - corner), figure_h)
            else:
                figure.rect = pygame.Rect(body.x, body.y + corner, body.width, max(1, figure_h - corner))
            y = body.y + figure_h + max(1, pad // 3)
            self.kind_buttons[k].place(pygame.Rect(body.x, y, body.width, kind_h), least, word_px)
            y += kind_h + max(1, pad // 3)
            self.level_buttons[k].rect = pygame.Rect(body.x, y, body.width, max(1, level_h))
            self.place_buttons[k].rect = self.level_buttons[k].rect.copy()
        self._place_remove()

    def _layout_variants(self, panel: pygame.Rect, pad: int) -> None:
        self.variant_label, row = _label_and_body(panel, pad, 0.16, self._heading_h())
        gap = pad
        count = len(VARIANT_ORDER)
        bw = max(1, (row.width - (count - 1) * gap) // count)
        for k, name in enumerate(VARIANT_ORDER):
            self.variant_buttons[name].rect = pygame.Rect(row.x + k * (bw + gap), row.y, bw, row.height)

    def _layout_secrets(self, panel: pygame.Rect, pad: int) -> None:
        inner = panel.inflate(-pad, -pad)
        label_h = min(inner.height // 2, max(self._heading_h(), int(inner.height * 0.16)))
        self.secrets_label = pygame.Rect(inner.x, inner.y, inner.width, label_h)
        note_h = int(inner.height * 0.22)
        #: Where the card game's deck and a hand are shown in place of the secrets.
        self.deck_rect = pygame.Rect(inner.x, inner.y + label_h, inner.width, inner.height - label_h)
        row = pygame.Rect(inner.x, inner.y + label_h, inner.width, inner.height - label_h - note_h)
        #: Under the number: a little star per picture, the used ones lit (and with own piles, how many each).
        self.secrets_note = pygame.Rect(inner.x, row.bottom, inner.width, note_h)
        gap = max(2, pad // 2)
        # - n +   : one choice, the number itself twice as wide as a button
        side = max(1, min(row.height, (row.width - 3 * gap) // 4))
        total_w = 4 * side + 3 * gap
        x = row.centerx - total_w // 2
        y = row.centery - side // 2
        self.minus_button.rect = pygame.Rect(x, y, side, side)
        self.count_rect = pygame.Rect(x + side + gap, y, 2 * side + gap, side)
        self.plus_button.rect = pygame.Rect(self.count_rect.right + gap, y, side, side)

    def _layout_bottom(self, area: pygame.Rect, pad: int) -> None:
        """The puzzle book's door at the left; Play (and Continue) centred, or beside the door when it is narrow."""
        door_w = max(1, min(int(area.height * 1.4), area.width // (5 if self.size[1] > self.size[0] else 4)))
        self.puzzle_button.rect = pygame.Rect(area.x, area.y, door_w, area.height)
        online = self.online
        self.join_button.visible = online
        self.join_button.rect = pygame.Rect(area.right - door_w, area.y, door_w, area.height) if online \
            else pygame.Rect(0, 0, 0, 0)
        far_games = [b for b in self.online_game_buttons if b.visible] if online else []
        right_edge = self.join_button.rect.x
        for button in far_games:
            button.rect = pygame.Rect(right_edge - pad - door_w, area.y, door_w, area.height)
            right_edge = button.rect.x
        self._layout_play(area, pad)
        waiting = self.offered()[0] is not None
        used = self.play_button.rect.union(self.continue_button.rect) if waiting else self.play_button.rect
        doors = [self.puzzle_button.rect] + ([self.join_button.rect] if online else []) + [b.rect for b in far_games]
        if any(used.colliderect(door.inflate(2 * pad, 0)) for door in doors):
            right = (door_w + pad) * (1 + len(far_games)) if online else 0
            self._layout_play(pygame.Rect(area.x + door_w + pad, area.y, area.width - door_w - pad - right,
                                          area.height), pad)

    def _layout_play(self, area: pygame.Rect, pad: int) -> None:
        w = min(area.width, max(int(area.width * 0.34), int(area.height * 3.2)))
        waiting = self.offered()[0] is not None
        if waiting:
            w = min(w, int((area.width - pad) / 1.8))  # both fit side by side, even in a tall window
        play = pygame.Rect(0, area.y, w, area.height)
        if waiting:
            # Continue is the main button (full size, on the right); a new game is the smaller one.
            cont = play
            nw = min(int(w * 0.8), (area.width - w - pad))
            total = w + pad + nw
            play = pygame.Rect(area.centerx - total // 2, area.y + area.height // 10, nw, area.height * 8 // 10)
            cont.x = play.right + pad
            self.continue_button.rect = cont
        else:
            play.centerx = area.centerx
        self.play_button.rect = play

    def handle_pointer(self, event: PointerEvent) -> None:
        """Buttons take the pointer (only the OK button while a message is shown)."""
        if self.notes:
            self.note_buttons.handle(event)
            return
        if self.invitations.handle_pointer(event):
            return
        if self.replace_card.shown:
            self.replace_card.handle(event)
            return
        if event.kind == "down":
            seat = self.figure_picker.seat
            self._closing_seat = seat if seat is not None and self.figure_buttons[seat].hit(event.pos) else None
        if self.figure_picker.handle(event, self.panels.get("players", pygame.Rect(0, 0, 0, 0)).collidepoint):
            self.host.request_redraw()
            return
        if self.remove_button.handle(event):
            return
        self.buttons.handle(event)

    def update(self, dt: float) -> None:
        """The hold buttons' rings fill with scene time (the replace card's, the last seat's minus); invitations
        are read."""
        self.invitations.update(dt)
        if self.replace_card.shown:
            self.replace_card.update(dt)
        else:
            self.remove_button.update(dt)

    def holding(self) -> bool:
        """True while a hold button is pressed (the replace card's, the minus: a finger held there is no resting
        hand)."""
        if self.replace_card.shown:
            return self.replace_card.replace_button.held is not None
        return self.remove_button.held is not None

    def busy(self) -> bool:
        """True while a hold button is held, wiggles or its ring falls back."""
        return self.replace_card.busy() if self.replace_card.shown else self.remove_button.busy()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter continues the saved game, else starts the game (for parents with a keyboard); a message first."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.notes:
                self.dismiss_note()
            elif self.figure_picker.shown:
                self.figure_picker.hide()
                self.host.request_redraw()
            elif self.replace_card.shown:
                self.replace_card.keep_button.tap()
            elif self.offered()[0] is not None:
                self.continue_button.tap()
            else:
                self.play_button.tap()

    # ----- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the screen."""
        if self._background is None or self._background.get_size() != surface.get_size():
            self._background = garden_background(surface.get_size())
        surface.blit(self._background, (0, 0))
        art = self.host.art
        header = self.panels["header"]
        title = pygame.Rect(header.x, header.y, int(header.width * 0.5), header.height)
        draw_text(surface, "Doolhof", title, theme.PANEL, align="left", shadow=theme.HEDGE_DARK)
        self._draw_header_pictures(surface, header, art)
        for name in ("players", "variant", "secrets"):
            draw_card(surface, self.panels[name], theme.PANEL, theme.HEDGE_DARK, CHOICES_CARD)
        secrets = _("Two cards in every hand") if self.is_cards else _("How many secrets?")
        headings = ((_("Who is playing?"), self.player_label), (_("Which game?"), self.variant_label),
                    (secrets, self.secrets_label))
        heading_px = min(shared_px([text], rect.size) for text, rect in headings)  # one size for the three
        for text, rect in headings:
            draw_text(surface, text, rect, theme.INK_SOFT, max_px=heading_px, align="left")
        self.share_text_sizes()
        for k, card in enumerate(self.seat_cards):
            _seat_card(surface, card, self.figures[k], k < self.count)
        self.buttons.draw(surface, art)
        minus = self.remove_button.rect
        if minus.width > 0:  # a rim in the seat's colour, so the round minus reads as a button of that seat
            rim = darken(theme.SEAT_COLORS[self.figures[self.count - 1]], 0.25)
            pygame.draw.circle(surface, rim, minus.center, minus_reach(minus))
        self.remove_button.draw(surface, art)
        if self.is_cards:
            self._draw_deck(surface, art)
        else:
            self._draw_count(surface, art)
        if self.parent_menu_rect.width > 0:
            draw_corner_icon(surface, self.parent_menu_rect, art, "menu")
        self.figure_picker.draw(surface, art)
        self.replace_card.draw(surface, art)
        self.invitations.draw(surface)
        if self.notes:
            self._draw_note(surface, art)

    def share_text_sizes(self) -> None:
        """One size per role: the seat buttons' words, the game cards' names, the big buttons' words."""
        least = readable_px(self.size)  # a longer translation wraps at this size rather than shrink below it
        share_text_size([*self.kind_buttons, *self.level_buttons, *self.place_buttons], least=least)
        share_text_size(self.variant_buttons.values(), least=least)
        share_text_size([self.play_button, self.continue_button], least=least)

    def _draw_note(self, surface: pygame.Surface, art: Art) -> None:
        """The message on top, on a card over the dimmed screen, with an OK button."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((*theme.SHADE, 140))
        surface.blit(shade, (0, 0))
        draw_card(surface, self.note_rect)
        note, words = self.notes[0], self.note_text_rect
        if isinstance(note, Note):  # a picture for the child above the words (the child cannot read)
            picture, words = self.note_parts(note)
            _draw_note_picture(surface, picture, note, art)
        draw_text(surface, note, words, theme.INK, max_px=max(14, self.note_rect.h // 9))
        self.note_buttons.draw(surface, art)

    def note_parts(self, note: Note) -> tuple[pygame.Rect, pygame.Rect]:
        """(picture, words) of the note card's text room for *note*: the picture on top, the words under it."""
        room = self.note_text_rect
        side = max(1, min(room.h * 11 // 20, room.w // (3 if note.figure is not None else 2)))
        picture = pygame.Rect(room.x, room.y, room.w, side)
        gap = max(2, side // 12)
        return picture, pygame.Rect(room.x, picture.bottom + gap, room.w, max(1, room.bottom - picture.bottom - gap))

    def _draw_header_pictures(self, surface: pygame.Surface, header: pygame.Rect, art: Art) -> None:
        px = int(header.height * 0.62)
        x = header.x + int(header.width * 0.5) - px
        for k, name in enumerate(("star", "apple", "fish", "key")):
            if x - k * (px + px // 4) < header.x + header.width * 0.3:
                break
            image = art.picture(name, px)
            surface.blit(image, image.get_rect(midright=(x - k * (px + px // 4) + px, header.centery)))

    def _draw_deck(self, surface: pygame.Surface, art: Art) -> None:
        """The card game's deck (a face-down pile) and a hand of two cards, open or hidden as the parents chose."""
        area = self.deck_rect
        if area.width <= 8 or area.height <= 8:
            return
        side = int(min(area.height * 0.66, area.width / 3.8))
        pile = pygame.Rect(0, 0, side, int(area.height * 0.86))
        pile.midbottom = (area.x + area.width // 4 + side // 6, area.bottom - area.height // 14)
        top = draw_pile(surface, pile, 7)
        hidden = bool(getattr(self.host.settings, "hidden_hands", False))
        hand_center = (area.x + area.width * 5 // 8 + side // 6, (top.centery + pile.bottom - side // 2) // 2)
        for k, (nets, angle) in enumerate(((HAND_CARDS[0], 8), (HAND_CARDS[1], -8))):
            image = pygame.Surface((side, side), pygame.SRCALPHA)
            if hidden:
                draw_card_back(image, image.get_rect())
            else:
                draw_card_face(image, image.get_rect(), nets, art)
            turned = pygame.transform.rotate(image, angle)
            dx = (k * 2 - 1) * int(side * 0.42)
            surface.blit(turned, turned.get_rect(center=(hand_center[0] + dx, hand_center[1] + abs(dx) // 8)))

    def _draw_count(self, surface: pygame.Surface, art: Art) -> None:
        """The number between - and +, and under it a little star per picture, the used ones lit."""
        n = self.effective_secrets()
        rect = self.count_rect
        pygame.draw.rect(surface, theme.WHITE, rect, border_radius=max(4, rect.height // 4))
        pygame.draw.rect(surface, theme.CREAM_EDGE, rect, width=max(1, rect.height // 24),
                         border_radius=max(4, rect.height // 4))
        icon_px = int(rect.height * 0.55)
        picture = art.picture("star", icon_px)
        text_rect = rect.inflate(-rect.height // 5, -rect.height // 4)
        if rect.width > rect.height * 1.4:
            surface.blit(picture, picture.get_rect(midleft=(rect.x + rect.height // 6, rect.centery)))
            text_rect.x += icon_px // 2 + rect.height // 10
            text_rect.width -= icon_px // 2 + rect.height // 10
        draw_text(surface, str(n), text_rect, theme.INK)
        strip = self.secrets_note
        if VARIANTS[self.variant].own_piles:
            each = n // self.count
            note = ngettext("{n} each", "{n} each", each).format(n=each)
            words = pygame.Rect(strip.right - strip.width * 3 // 10, strip.y, strip.width * 3 // 10, strip.height)
            draw_text(surface, note, words, theme.INK_SOFT)
            strip = pygame.Rect(strip.x, strip.y, strip.width - words.width, strip.height)
        _draw_star_row(surface, strip, n, self.total_secrets(), art)


def _draw_note_picture(surface: pygame.Surface, area: pygame.Rect, note: Note, art: Art) -> None:
    """*note*'s picture centred in *area*: the other computer's figure with the globe (when known) beside its icon."""
    side = area.height
    gap = side // 6
    total = side * (2 if note.figure is not None else 1) + (gap if note.figure is not None else 0)
    x = area.centerx - total // 2
    if note.figure is not None:
        draw_figure(surface, pygame.Rect(x, area.y, side, side), art, note.figure, far_badge=True)
        x += side + gap
    icon = safe_icon(art, note.picture, side)
    if icon is not None:
        surface.blit(icon, (x, area.y))


def _draw_star_row(surface: pygame.Surface, area: pygame.Rect, lit: int, total: int, art: Art) -> None:
    """*total* little stars in *area* (in two rows when one would make them too small), the first *lit* bright."""
    if area.width < 8 or area.height < 8 or total <= 0:
        return
    rows = 1 if area.width / total >= area.height * 0.6 or total <= 12 else 2
    across = -(-total // rows)
    px = int(min(area.height / rows, area.width / across) * 0.86)
    if px < 4:
        return
    bright = art.picture("star", px)
    faint = bright.copy()
    faint.set_alpha(60)
    step = min(area.width / across, px * 1.25)
    left = area.centerx - step * (across - 1) / 2
    top = area.centery - (rows - 1) * px * 0.55
    for k in range(total):
        row, col = divmod(k, across)
        image = bright if k < lit else faint
        surface.blit(image, image.get_rect(center=(round(left + col * step), round(top + row * px * 1.1))))


def load_waiting_games(host: Host) -> tuple[dict[str, SavedGame], list[str]]:
    """The waiting games (kind -> :class:`~doolhof.session.savegame.SavedGame`) and messages for the parent.

    :meth:`doolhof.session.game_session.GameSession.offer`: the newest copy of each game, from its file,
    the session's memory or a spare copy (damaged or newer files are kept aside and said). Never raises.
    """
    try:
        return host.session.offer()
    except Exception as error:  # a damaged save must never block a new game
        log.warning("cannot offer the saved games: %s", error)
        return {}, []


def _bands(top: int, bottom: int, gap: int, weights: tuple[float, ...]) -> list[tuple[int, int]]:
    """Split the height from *top* to *bottom* into (y, height) bands proportional to *weights*."""
    space = max(0, bottom - top - gap * (len(weights) - 1))
    total = sum(weights)
    out = []
    y = top
    for weight in weights:
        h = int(space * weight / total)
        out.append((y, h))
        y += h + gap
    return out


def _seat_card(surface: pygame.Surface, rect: pygame.Rect, figure: int, active: bool) -> None:
    """The card behind a seat, tinted with its *figure*'s colour (a dashed-looking outline when the seat is free)."""
    radius = max(6, min(rect.width, rect.height) // 10)
    color = theme.SEAT_COLORS[figure]
    if active:
        pygame.draw.rect(surface, lighten(color, 0.7), rect, border_radius=radius)
        pygame.draw.rect(surface, color, rect, width=max(2, rect.width // 40), border_radius=radius)
    else:
        pygame.draw.rect(surface, theme.FREE_SEAT, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.FREE_SEAT_EDGE, rect, width=max(1, rect.width // 80), border_radius=radius)




def _label_and_body(panel: pygame.Rect, pad: int, share: float, least: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """A panel's heading strip (*share* of its inner height, at least *least* pixels) and the room below it."""
    inner = panel.inflate(-pad, -pad)
    label_h = min(inner.height // 2, max(least, int(inner.height * share)))
    return (pygame.Rect(inner.x, inner.y, inner.width, label_h),
            pygame.Rect(inner.x, inner.y + label_h, inner.width, inner.height - label_h))
