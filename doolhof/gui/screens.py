"""The one module that knows every screen: it builds the scenes and moves between them.

Scenes ask for another screen through their host's :attr:`~doolhof.gui.kit.scene.Host.screens`
(the :class:`~doolhof.gui.kit.scene.Screens` interface), never by importing it, so the screens
stay independent of each other. :class:`ScreenBuilder` is that interface: it creates the setup,
play (the maze's :class:`~doolhof.gui.play.scene.PlayScene` or the card game's
``doolhof.gui.cards.scene.CardPlayScene``), end, parents' menu, settings, rules and notice scenes,
wires the play scene to the running
:class:`~doolhof.session.game_session.GameSession`, and puts the first-game tutorial over a
child's first board.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from doolhof.engine import Game
from doolhof.engine.puzzles import BOOK, Puzzle
from doolhof.gui.kit.scene import GameScene, Host
from doolhof.gui.parents.menu import ParentControls, ParentMenuScene
from doolhof.gui.parents.notice import NoticeScene
from doolhof.gui.setup.scene import SetupScene
from doolhof.i18n import N_, _
from doolhof.session.games import AnyGame
from doolhof.session.savegame import SavedGame
from doolhof.session.seats import SeatConfig, TableSetup

# The first frame needs only the setup screen and the parents' corner; the other screens are
# imported when first shown, which keeps start-up near 0.3 s (scripts/bench_frames.py).
if TYPE_CHECKING:
    import pygame

    from doolhof.cards import CardGame
    from doolhof.gui.cards.scene import CardPlayScene
    from doolhof.gui.end.scene import Celebration
    from doolhof.gui.parents.settings_scene import SettingsScene
    from doolhof.gui.play.scene import PlayScene
    from doolhof.gui.puzzles.calendar import CalendarScene
    from doolhof.gui.puzzles.scene import BookScene
    from doolhof.gui.rules.scene import RulesScene
    from doolhof.online.client import OnlineRoom
    from doolhof.online.lifecycle import OnlineSession
    from doolhof.session.progress import StarKeeper


#: Told over the setup screen when a waiting online game is played in another Doolhof window on this computer.
MSG_OPEN_ELSEWHERE = N_("This online game is already open in another Doolhof window on this computer. Play it"
                        " there, or close it there first and continue it here; nothing is lost.")


def keep_room(data: dict[str, object]) -> None:
    """Keep an online room in this computer's online memory (:func:`doolhof.online.lifecycle.keep_room`, called
    on the writer thread); never raises."""
    from doolhof.online.lifecycle import keep_room as keep

    keep(data)


class ScreenBuilder:
    """Builds every scene of the game for one host and switches between them."""

    def __init__(self, host: Host) -> None:
        """Screens for *host* (the app)."""
        self.host = host
        #: The play scene showing the running game (maze or cards), or None.
        self.play_scene: GameScene | None = None
        #: The online room whose game is on screen (its play scene follows it), or None.
        self.online: OnlineSession | None = None
        #: Keeps an online room on this computer after every change (tests running two apps in one
        #: process give each its own).
        self.keep_room: Callable[[dict[str, object]], None] = keep_room
        self._stars: StarKeeper | None = None

    @property
    def stars(self) -> StarKeeper:
        """The children's puzzle stars, kept in memory (read from the file the first time they are needed)."""
        if self._stars is None:
            from doolhof.session.progress import StarKeeper

            self._stars = StarKeeper()
        return self._stars

    # ----- the building blocks ---------------------------------------------------------------------
    def setup_scene(self, table: TableSetup | None = None, far_seats: Iterable[int] = ()) -> SetupScene:
        """A setup screen pre-filled with *table* (None: the last table played, from the settings) and the
        seats *far_seats* marked far away."""
        return SetupScene(self.host, table, far_seats)

    def play_scene_for(self, game: Game, table: TableSetup) -> PlayScene:
        """A play scene for *game*, not tied to the running session (pictures, tests).

        A child's first game gets the tutorial over the board
        (:func:`~doolhof.gui.play.tutorial.offer_tutorial`: only while the settings say it is not done).
        """
        from doolhof.gui.play.scene import PlayScene
        from doolhof.gui.play.tutorial import offer_tutorial

        return offer_tutorial(self.host, PlayScene(self.host, game, table))

    def card_scene_for(self, game: CardGame, table: TableSetup) -> CardPlayScene:
        """A card play scene (:class:`~doolhof.gui.cards.scene.CardPlayScene`) for *game*, not tied to the session.

        A child's first card game gets the card game's tutorial hand over the table (only while the
        settings say ``cards_tutorial_done`` is False).
        """
        from doolhof.gui.cards.scene import CardPlayScene

        scene = CardPlayScene(self.host, game, table)
        scene.offer_tutorial()
        return scene

    def first_card_game(self, game: CardGame, table: TableSetup) -> CardGame:
        """*game*, or while the card tutorial is still to be seen, the tutorial's deal for it
        (:func:`~doolhof.gui.cards.tutorial.tutorial_deal`: the child's first card can join a path)."""
        from doolhof.gui.cards.tutorial import tutorial_deal

        if getattr(self.host.settings, "cards_tutorial_done", True) is not False:
            return game
        return tutorial_deal(game, table)

    def game_scene_for(self, game: AnyGame, table: TableSetup) -> PlayScene | CardPlayScene:
        """The play scene of either game (:meth:`play_scene_for` or :meth:`card_scene_for`)."""
        if isinstance(game, Game):
            return self.play_scene_for(game, table)
        return self.card_scene_for(game, table)

    def end_scene(self, game: AnyGame, table: TableSetup) -> Celebration:
        """The end screen of the finished *game* (:class:`~doolhof.gui.end.scene.EndScene` for the maze,
        :class:`~doolhof.gui.end.cards.CardEndScene` for the card game)."""
        if isinstance(game, Game):
            from doolhof.gui.end.scene import EndScene

            return EndScene(self.host, game, table)
        from doolhof.gui.end.cards import CardEndScene

        return CardEndScene(self.host, game, table)

    def book_scene(self, today: datetime.date | None = None, children: tuple[int, ...] = ()) -> BookScene:
        """The puzzle book (:class:`~doolhof.gui.puzzles.scene.BookScene`) as of *today*, for the *children*
        playing here (see :meth:`open_puzzles`)."""
        from doolhof.gui.puzzles.scene import BookScene

        return BookScene(self.host, today, self.stars, children)

    def calendar_scene(self, today: datetime.date | None = None) -> CalendarScene:
        """The daily puzzle's calendar (:class:`~doolhof.gui.puzzles.calendar.CalendarScene`) as of *today*."""
        from doolhof.gui.puzzles.calendar import CalendarScene

        return CalendarScene(self.host, today, self.stars)

    def puzzle_scene_for(self, puzzle: Puzzle, tutorial: bool = True) -> PlayScene:
        """The play scene in puzzle mode for *puzzle* (:class:`~doolhof.gui.play.puzzle.PuzzleRun`).

        Solving saves the stars (:mod:`doolhof.session.progress`); "next" opens the book's next
        puzzle (none after the daily one or the last); the book button goes back to the book. The
        book's first puzzle gets the tutorial hand until it was seen once. The child plays as the
        figure they picked in the book (the board's figure and the big portrait).
        """
        from doolhof.engine.puzzle_run import PuzzleRun
        from doolhof.gui.play.scene import PlayScene
        from doolhof.gui.play.tutorial import Tutorial
        run = PuzzleRun(puzzle)
        table = TableSetup(puzzle.variant, (SeatConfig("person"), SeatConfig("person")))
        scene = PlayScene(self.host, puzzle.game(), table, puzzle=run, looks={0: self.stars.book.child})
        scene.corner_buttons["menu"] = ("menu", lambda: None)  # the parents' corner layer takes the pointer there
        run.on_solved = lambda stars: self._record_puzzle(puzzle, stars)
        run.on_book = self.open_puzzles
        names = [p.name for p in BOOK]
        if puzzle.name in names and names.index(puzzle.name) + 1 < len(names):
            following = BOOK[names.index(puzzle.name) + 1]
            run.on_next = lambda: self.start_puzzle(following)
        if tutorial and names and puzzle.name == names[0] and not self.stars.progress.tutorial_done:
            # Under the puzzle's overlay, so the stars of the solved puzzle cover the hand's cheer.
            scene.overlays.insert(0, Tutorial(
                scene, on_done=lambda skipped: None if skipped else self._puzzle_tutorial_done()))
        return scene

    def _record_puzzle(self, puzzle: Puzzle, stars: int, today: datetime.date | None = None) -> None:
        """Save the stars of a solved puzzle for the child reading the book; a daily one counts for the streak
        unless its day is before *today* (the date of the calendar that opened it): then it was played late."""
        from doolhof.engine.puzzle_run import daily_day

        day = daily_day(puzzle.name)
        if day is not None:
            self.stars.solved_daily(day, stars, late=today is not None and day < today)
        else:
            self.stars.solved(puzzle.name, stars)
        message = self.stars.take_message()
        if message:
            self.host.notes.append(message)

    def _puzzle_tutorial_done(self) -> None:
        self.stars.tutorial_done()

    def parent_menu(self, from_game: bool = False, puzzles: bool = False) -> ParentMenuScene:
        """The parents' menu; *from_game* offers "new game" (back to setup), *puzzles* the reset of the puzzle stars.

        The reset goes through the stars kept in memory, so stars whose saving failed cannot come back after it.
        """
        return ParentMenuScene(self.host, from_game=from_game, reset_stars=self.stars.reset if puzzles else None)

    def settings_scene(self) -> SettingsScene:
        """The settings screen."""
        from doolhof.gui.parents.settings_scene import SettingsScene

        return SettingsScene(self.host)

    def rules_scene(self, page: int = 0, game: str = "maze") -> RulesScene:
        """The illustrated rules of *game* (``"maze"`` or ``"cards"``) at *page*."""
        from doolhof.gui.rules.scene import RulesScene

        return RulesScene(self.host, page, game=game)

    def notice_scene(self, message: Callable[[], str]) -> NoticeScene:
        """A message for the parent on its own, whose OK closes the program (Doolhof is already open, say)."""
        return NoticeScene(self.host, message, self.host.request_quit)

    def open_elsewhere_notice(self, saved: SavedGame, figure: int) -> None:
        """Over the top scene: the waiting online game *saved* (the far seat plays *figure*) is played in another
        Doolhof window on this computer (:data:`MSG_OPEN_ELSEWHERE`, and the picture of two windows with that
        game in the front one); OK goes back."""
        from doolhof.gui.parents.notice import draw_two_windows
        from doolhof.gui.setup.buttons import draw_far_figure, draw_waiting_game

        art = self.host.art

        def game(surface: pygame.Surface, rect: pygame.Rect) -> None:
            draw_waiting_game(surface, rect, saved, art, rows=2)
            draw_far_figure(surface, rect, figure, art)

        self.host.push_scene(NoticeScene(self.host, lambda: _(MSG_OPEN_ELSEWHERE), self.host.pop_scene,
                                         lambda surface, rect: draw_two_windows(surface, rect, game)))

    def parent_controls(self) -> ParentControls:
        """The parents' corner (hold-to-open menu button and undo) that lies over every scene."""
        return ParentControls(self.host)

    # ----- the Screens interface -----------------------------------------------------------------
    def show_setup(self, table: TableSetup | None = None, far_seats: Iterable[int] = ()) -> None:
        """The setup screen in place of the top scene (with the seats *far_seats* marked far away)."""
        self.host.replace_scene(self.setup_scene(table, far_seats))

    def start_game(self, game: AnyGame, table: TableSetup, undo: AnyGame | None = None,
                   kept: dict[str, Any] | None = None) -> None:
        """Show the play scene for *game* (fresh, or continued with its *undo* snapshot and what the screen
        *kept*, see :meth:`~doolhof.gui.kit.playing.PlayingScene.kept`) in place of the top scene.

        A maze game gets the :class:`~doolhof.gui.play.scene.PlayScene`, a card game the
        ``CardPlayScene``. The game is saved at once (a new game replaces the saved one) and after
        every action; the parents' menu button goes into the play scene's corner; a child's first
        maze game starts with the tutorial over the board (see :meth:`play_scene_for`), a first card
        game with its tutorial on a deal that teaches a take (:meth:`first_card_game`).
        """
        host = self.host
        if undo is None and not isinstance(game, Game):
            game = self.first_card_game(game, table)
        scene = self.game_scene_for(game, table)
        scene.resume(kept or {})
        scene.on_action = lambda played: host.session.record(played, scene.kept())
        # The play scene draws the resting icon; the parents' corner layer takes the pointer there.
        scene.corner_buttons["menu"] = ("menu", lambda: None)
        self.play_scene = scene
        host.session.start(game, table, undo, scene.kept())
        host.replace_scene(scene)

    def start_online(self, room: OnlineRoom | OnlineSession) -> None:
        """Play the started game of the online *room* (its :class:`~doolhof.online.room.Started` was seen, or
        it is a waiting online game brought back), connected (:meth:`OnlineRoom.start`) or not yet; *room*
        may come with its :class:`~doolhof.online.lifecycle.OnlineSession` (from the lobby).

        The play scene reads the room's events from here on (:class:`~doolhof.online.follow.OnlineGame`); the
        session keeps the room in this computer's online memory after every change (on the session's
        writer), not in the game files, and has no undo (the far side has seen the move). No tutorial: the
        first game is played at home.
        """
        from doolhof.gui.kit.far_sign import FarSign
        from doolhof.online.lifecycle import OnlineSession

        host = self.host
        online = room if isinstance(room, OnlineSession) else OnlineSession(room)
        game = online.room.view.game
        table = online.room.view.table
        if game is None or table is None:
            raise ValueError("the room's game has not started")
        online_game = online.play(lambda data: self.keep_room(data), getattr(host.session, "writer", None))
        if host.session.running:
            host.session.leave()
        scene: PlayScene | CardPlayScene
        if isinstance(game, Game):
            from doolhof.gui.play.scene import PlayScene

            scene = PlayScene(host, game.copy(), table)
        else:
            from doolhof.gui.cards.scene import CardPlayScene

            scene = CardPlayScene(host, game.copy(), table)
        scene.online_game = online_game
        scene.overlays.append(FarSign(scene, game.players))
        scene.corner_buttons["menu"] = ("menu", lambda: None)  # the parents' corner layer takes the pointer there
        self.online = online
        self.play_scene = scene
        host.replace_scene(scene)

    def resume_online(self, kept: dict[str, object]) -> bool:
        """Continue a waiting online game kept on this computer (one of ``store.waiting_rooms()``) through the
        relay it started on (a room kept before rooms remembered theirs: the settings' relays); False (and a
        logged reason) when it cannot be brought back."""
        from doolhof.gui.online.switch import relays_of
        from doolhof.online.lifecycle import OnlineSession

        online = OnlineSession.resume(kept, relays_of(self.host.settings))
        if online is None:
            return False
        if not online.hold():
            # another Doolhof window plays it: two would take the room's connection from each other forever
            room = online.room.room
            if room.table is not None and room.game is not None:
                from doolhof.online import store

                self.open_elsewhere_notice(SavedGame(room.game.copy(), room.table), store.far_figure(room))
            return True
        self.start_online(online)  # held here, or let go of in a moment by this window's room that was left
        return True

    def open_invite(self, table: TableSetup, far_seats: frozenset[int], figure: int) -> None:
        """The invite screen (:class:`~doolhof.gui.online.invite.InviteScene`) in place of the top scene."""
        from doolhof.gui.online.invite import InviteScene

        self.host.replace_scene(InviteScene(self.host, table, far_seats, figure))

    def open_join(self, figure: int) -> None:
        """The join screen (:class:`~doolhof.gui.online.join.JoinScene`) in place of the top scene."""
        from doolhof.gui.online.join import JoinScene

        self.host.replace_scene(JoinScene(self.host, figure))

    def open_lobby(self, room: OnlineRoom) -> None:
        """Who is playing (:class:`~doolhof.gui.online.lobby.LobbyScene`) for *room*, in place of the top scene."""
        from doolhof.gui.online.lobby import LobbyScene

        self.host.replace_scene(LobbyScene(self.host, room))

    def resume_game(self, saved: SavedGame) -> None:
        """Continue a saved game, with its undo snapshot."""
        self.start_game(saved.game, saved.table, saved.undo, saved.extra)

    def show_end(self, game: AnyGame, table: TableSetup) -> None:
        """The end screen of *game* in place of the top scene (after an online game: the room is closed on the
        relay once the far side has it all, and the end screen leads back to setup only)."""
        scene = self.end_scene(game, table)
        online, self.online = self.online, None
        if online is not None:
            online.close()
            scene.online = True
            scene.far_seats = online.far_seats
        self.host.replace_scene(scene)

    def open_parent_menu(self) -> None:
        """The parents' menu over the top scene ("new game" is offered over a game, the stars' reset over the book)."""
        self.host.push_scene(self.parent_menu(from_game=self.game_on_top(), puzzles=self._book_on_top()))

    def _book_on_top(self) -> bool:
        scenes = self.host.scenes
        return bool(scenes) and type(scenes[-1]).__name__ in ("BookScene", "CalendarScene")

    def open_calendar(self, today: datetime.date | None = None) -> None:
        """The daily puzzle's calendar as of *today* in place of the top scene."""
        self.host.replace_scene(self.calendar_scene(today))

    def start_daily(self, puzzle: Puzzle, today: datetime.date) -> None:
        """Play the daily *puzzle* from the calendar of *today*: its stars count late for a day before *today*,
        and its book button goes back to the calendar."""
        scene = self.puzzle_scene_for(puzzle)
        run = scene.puzzle
        if run is not None:
            run.on_solved = lambda stars: self._record_puzzle(puzzle, stars, today)
            run.on_book = lambda: self.open_calendar(today)
        self.host.replace_scene(scene)

    def open_puzzles(self, children: tuple[int, ...] = ()) -> None:
        """The puzzle book in place of the top scene, for the *children* playing here (their figures, the first
        first): read by its last reader when that is one of them (or none are given), else by the first."""
        self.host.replace_scene(self.book_scene(children=children))

    def start_puzzle(self, puzzle: Puzzle) -> None:
        """Play *puzzle* in place of the top scene (not saved as the running game: progress is kept by stars)."""
        self.host.replace_scene(self.puzzle_scene_for(puzzle))

    def open_settings(self) -> None:
        """The settings screen over the top scene."""
        self.host.push_scene(self.settings_scene())

    def open_rules(self, page: int = 0, game: str | None = None) -> None:
        """The illustrated rules over the top scene; *game* None: the rules of the game in front of the family."""
        self.host.push_scene(self.rules_scene(page, game or self.game_in_view()))

    def game_in_view(self) -> str:
        """``"cards"`` while a card game runs or the setup screen has the card game chosen, else ``"maze"``."""
        host = self.host
        table = host.session.table if host.session.running else None
        if table is None and self.online is not None and self.play_scene is not None:
            table = getattr(self.play_scene, "table", None)
        if table is None:
            setup = next((s for s in reversed(host.scenes) if isinstance(s, SetupScene)), None)
            table = setup.table() if setup is not None else None
        return "cards" if table is not None and table.is_cards else "maze"

    def leave_to_setup(self) -> None:
        """Back to the setup screen from the game (and any menus over it); the game stays saved."""
        host = self.host
        table, far_seats = host.session.table or host.settings.table, []
        online_table = getattr(self.play_scene, "table", None) if self.online is not None else None
        if isinstance(online_table, TableSetup) and self.play_scene is not None:
            # An online game on screen: the setup screen opens on its table with its far seats (the session's table
            # is this computer's last game of its own), so the big Continue offers the waiting online game.
            table = online_table
            far_seats = [seat for seat in range(len(table.seats)) if self.play_scene.is_far(seat)]
        host.session.leave()
        self.leave_online()
        while len(host.scenes) > 1 and not self._is_play_scene(host.scenes[-1]):
            host.pop_scene()
        self.play_scene = None
        self.show_setup(table, far_seats)

    def close_online(self) -> None:
        """The program ends: leave the online game on screen at once (the far side sees "away"; the game waits
        in the online memory), waiting at most a moment for the message to go."""
        online, self.online = self.online, None
        if online is not None:
            online.quit()

    def leave_online(self) -> None:
        """Leave the online game on screen, if any: the far side sees "away", the game waits on both sides
        (kept in the online memory; the setup screen offers it again within the week). Never waits here."""
        online, self.online = self.online, None
        if online is not None:
            online.leave()  # a game played to its end is closed instead

    def game_on_top(self) -> bool:
        """True when the top scene is the play scene of the running game (on this computer, or online)."""
        host = self.host
        return (host.session.running or self.online is not None) and bool(host.scenes) \
            and self._is_play_scene(host.scenes[-1])

    def _is_play_scene(self, scene: object) -> bool:
        return self.play_scene is not None and scene is self.play_scene

    def recover(self, failed: object) -> None:
        """After an error caught in the running game's play scene, show the game as last recorded (and saved).

        An error mid-action can leave the live game changed but not recorded, or the scene half
        way through its animations: the keeper's last recorded state is the truth, and the scene is
        rebuilt from it. Errors in any other scene change nothing here.
        """
        scene = self.play_scene
        if scene is None or failed is not scene or not self.host.session.running:
            return
        game = self.host.session.rewind()
        if game is not None:
            scene.restore(game)
            self.host.request_redraw()

    def undo_fits(self) -> bool:
        """True unless the play scene is at a step of the turn where Undo does not show (a person's take step)."""
        scene = self.play_scene
        return scene is None or scene.undo_fits()

    def undo_last(self, older: bool = False) -> bool:
        """Take back a person's last action (see :class:`~doolhof.session.keeper.GameKeeper`); False when refused.

        The quick Undo button takes back only an action nobody has followed yet, and not at a person's take
        step; *older* (the parents' menu, behind its hold) takes back the person's last action also after
        computers played since, at any step.
        """
        host, scene = self.host, self.play_scene
        if scene is None or not any(self._is_play_scene(s) for s in host.scenes) or not host.session.can_undo():
            return False
        if not older and (not host.session.undo_recent() or not self.undo_fits()):
            return False
        game = host.session.undo()
        if game is None:
            return False
        host.guard(scene.restore, game)
        host.play_sound("turn")
        host.request_redraw()
        return True
