"""``doolhof screenshot OUT``: render one scene without a window into a PNG of exactly the asked size.

    doolhof screenshot setup.png --scene setup --size 1280x800
    doolhof screenshot play.png --scene play --turns 12 --seed 3 --mid-turn
    doolhof screenshot end.png --scene end --players 3
    doolhof screenshot hint.png --scene hint --turns 4      (also: rules --page N, settings, parents, tutorial)
    doolhof screenshot puzzle.png --scene puzzle --page 26 --mid-turn      (also: book, the puzzle book)
    doolhof screenshot cards.png --game cards --players 6 --turns 9 --mid-turn   (setup, play, end)
    doolhof screenshot invite.png --scene invite      (also: join, lobby: the online screens, no network;
                                                       invitation: the setup screen noticing an invitation;
                                                       invite-declined: the invite screen after a "not now")
    doolhof screenshot far.png --scene setup-far --players 3     (setup after a restart, an online game waiting)

Scenes are drawn as the window shows them: the parents' corner lies over them (``App.controls``), and the
play scenes (``play``, ``hint``, ``tutorial``, ``parents``, ``away``) have the parents' resting ≡ menu button in
their corner, as ``ScreenBuilder.start_game`` gives it.

The play scene is shown after ``--turns`` random turns (``RandomPlayer(seed)``); ``--mid-turn``
pushes once more so the reachable cells are lit. The end scene shows a game played to its end
with random turns (a few secrets, so it ends quickly). ``hint`` is the play scene with the light
bulb's hint on screen, ``tutorial`` a first game with the tutorial over the board, ``parents`` the
parents' menu over a game, ``settings`` and ``rules`` (page ``--page``) those screens, ``settings-online``
the settings' page for playing far away (on, an address tested fine, one remembered computer, one waiting
online game; made up in memory: no network, no file written), ``end-online`` the end screen after an online
game (the host's: seat 1 was far away; only "new setup" is offered). Animations
are run until they settle (looping ones for a fixed stretch of scene time).

``puzzle`` is the book's puzzle number ``--page`` (from 0) in the play screen's puzzle mode
(``--mid-turn``: after the first push of its shortest solution, so the reachable cells are lit);
``book`` the puzzle book with the stars saved in the settings folder (its daily puzzle is today's);
``calendar`` the daily puzzle's calendar of the last four weeks with those stars.

``--figures 2,0`` gives the seats the figures the setup screen's picker would (seat 0 the yellow one,
seat 1 the red one; the seats after them the lowest figures left), in every scene; ``--pick SEAT`` shows the
setup screen with that seat's figure picker open.

``setup-far`` is the setup screen as it opens after a restart on the host's computer: online play on,
an online game (of ``--game``, two seats, the second far away) waiting in the online memory of the
picture's folder, and ``--players`` seats chosen, the second a person far away.

Pictures are made on a new empty folder of files (no saved game, default settings, no stars)
unless ``--home FOLDER`` or ``DOOLHOF_HOME`` asks for one: a tool never touches a family's files.

With ``--game cards`` the setup shows the card game chosen, the play scene is the card game's
(``doolhof.gui.cards.scene.CardPlayScene``) after ``--turns`` turns of clever computer players
(``--mid-turn``: one more card laid that joins a path, so the game waits in its take phase; when no
hand card can join one, the players play on until one can), and the
end scene shows a card game played to its end.

The PNG is made in memory and then written beside the target and moved into place, so a write
that fails (a full disk, a read-only folder) leaves no empty or half file behind, keeps any older
picture of that name, and ends with a message and exit status 1.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import errno
import io
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame.freetype

from doolhof import i18n
from doolhof.cards import CardGame
from doolhof.cards.ai import make_player
from doolhof.cards.players import CardPlayer
from doolhof.engine import Game
from doolhof.engine.players import RandomPlayer
from doolhof.engine.puzzles import BOOK, solve
from doolhof.gui.app import App
from doolhof.gui.cards.scene import CardPlayScene
from doolhof.gui.end.scene import Celebration
from doolhof.gui.kit import theme
from doolhof.gui.kit.hold_button import HoldButton
from doolhof.gui.kit.scene import Scene
from doolhof.gui.launch import build_app
from doolhof.gui.parents.online_page import MSG_ANSWERS
from doolhof.gui.play.scene import PlayScene
from doolhof.gui.screens import ScreenBuilder
from doolhof.gui.setup.scene import SetupScene
from doolhof.i18n import set_language
from doolhof.online.client import Friend
from doolhof.session import paths
from doolhof.session.seats import CARDS, SeatConfig, TableSetup, fill_figures

#: Secrets used for the end-scene picture, so the random game ends quickly.
END_SECRETS = 4
#: Give up playing random turns after this many (a random game always ends well before).
MAX_TURNS = 5000


#: Plain words for the reasons a write most often fails; the system's own text follows in brackets.
WRITE_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the disk or folder is read-only",
    errno.EACCES: "there is no permission to write there",
    errno.EPERM: "there is no permission to write there",
    errno.EIO: "the disk reported an error",
}


def render_screenshot(args: argparse.Namespace) -> int:
    """Render the scene *args* describe to ``args.out``; returns 0, 2 with a message for a bad path,
    or 1 with a message when the picture could not be written (nothing is left half written)."""
    out = Path(args.out)
    problem = _path_problem(out)
    if problem:
        print(f"doolhof screenshot: error: {problem}", file=sys.stderr)
        return 2
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if getattr(args, "lang", None):
        set_language(args.lang)
    with _home(getattr(args, "home", None)):
        surface = render_scene(args)
    try:
        png = io.BytesIO()
        pygame.image.save(surface, png, "png")
    except (pygame.error, OSError) as error:
        print(f"doolhof screenshot: error: the picture could not be made as a PNG ({error})", file=sys.stderr)
        return 1
    try:
        write_file(out, png.getvalue())
    except OSError as error:
        print(f"doolhof screenshot: error: could not write {out}: {write_problem(error)}; no picture was saved",
              file=sys.stderr)
        return 1
    print(f"wrote {out} ({surface.get_width()}x{surface.get_height()}, scene {args.scene})")
    return 0


@contextlib.contextmanager
def _home(asked: str | None) -> Iterator[None]:
    """Render with the files of *asked* (or of ``DOOLHOF_HOME`` when set), else of a new empty folder.

    A picture must never load, move aside or rewrite a family's saved games, settings or stars.
    """
    if asked:
        os.environ[paths.HOME_VARIABLE] = asked
    if asked or os.environ.get(paths.HOME_VARIABLE):
        yield
        return
    folder = tempfile.mkdtemp(prefix="doolhof-screenshot-")
    os.environ[paths.HOME_VARIABLE] = folder
    try:
        yield
    finally:
        del os.environ[paths.HOME_VARIABLE]
        shutil.rmtree(folder, ignore_errors=True)


def write_file(path: Path, data: bytes) -> None:
    """Write *data* to *path* whole or not at all: into a hidden file beside it, flushed to the disk,
    then moved over *path*. Raises OSError (the hidden file removed, *path* untouched) when any step fails."""
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with open(part, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            part.unlink()
        raise


def write_problem(error: OSError) -> str:
    """Why a write failed, for people: ``"the disk is full (No space left on device)"``."""
    detail = error.strerror or str(error)
    reason = WRITE_REASONS.get(error.errno) if error.errno is not None else None
    return f"{reason} ({detail})" if reason else detail


def _path_problem(out: Path) -> str | None:
    """Why *out* cannot be written as a PNG, or None."""
    if out.suffix.lower() != ".png":
        return f"{str(out)!r}: the file name must end in .png"
    if out.is_dir():
        return f"{str(out)!r} is a folder; give a file name ending in .png"
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        return f"the folder {str(folder)!r} does not exist"
    if not os.access(folder, os.W_OK):
        return f"the folder {str(folder)!r} cannot be written to"
    # os.access says yes to root even for a file marked read-only: its mode bits are the owner's wish.
    if out.is_file() and (not os.access(out, os.W_OK) or not out.stat().st_mode & 0o222):
        return f"{str(out)!r} is read-only; give another file name or make it writable"
    return None


def render_scene(args: argparse.Namespace) -> pygame.Surface:
    """Build the app and scene *args* ask for on the dummy display, settle it, and return the drawn surface."""
    size = tuple(args.size)
    pygame.display.init()
    pygame.freetype.init()
    screen = pygame.display.set_mode(size)
    options = argparse.Namespace(mute=True, size=size, fullscreen=False, lang=getattr(args, "lang", None),
                                 seed=args.seed)
    app = build_app(screen, options)  # the parents' corner included, as the window shows it
    app.read_only = True  # a picture never saves settings (the setup screen keeps its choices when covered)
    screens = app.screens
    assert isinstance(screens, ScreenBuilder)
    # Only the tutorial picture shows the first-game tutorial.
    app.settings = dataclasses.replace(app.settings, tutorial_done=args.scene != "tutorial",
                                       cards_tutorial_done=args.scene != "tutorial")
    if args.scene == "setup-far":  # online play on, in memory only
        app.settings = dataclasses.replace(app.settings, online=True, relay="relay.example.org:8883")
    scene = build_scene(screens, args)
    if isinstance(scene, (PlayScene, CardPlayScene)):
        # As ScreenBuilder.start_game and start_online do: the play scene draws the parents' resting menu button.
        scene.corner_buttons.setdefault("menu", ("menu", lambda: None))
    app.push_scene(scene)
    if getattr(args, "pick", None) is not None and isinstance(scene, SetupScene):
        scene.tap_figure(args.pick)
    if args.scene == "parents":
        settle(app)
        app.push_scene(screens.parent_menu())
    elif args.scene == "settings":
        app.push_scene(screens.settings_scene())
    elif args.scene == "settings-online":
        _show_online_settings(app, screens)
    elif args.scene == "rules":
        app.push_scene(screens.rules_scene(max(0, getattr(args, "page", 0)), getattr(args, "game", "maze")))
    elif args.scene == "hint" and isinstance(scene, PlayScene):
        _show_hint(scene)
    elif args.scene == "hint" and isinstance(scene, CardPlayScene):
        _show_card_hint(scene)
    settle(app)
    app.scene.draw(app.screen)
    if app.controls is not None:  # the parents' corner over the scene, as App.step draws it
        app.controls.update(0.0)
        app.controls.draw(app.screen)
    return app.screen


def _table(args: argparse.Namespace, variant: str, seats: tuple[SeatConfig, ...],
           secrets: int | None = None) -> TableSetup:
    """The table of *seats* playing *variant*, its seats wearing the figures ``--figures`` asks for."""
    asked = list(getattr(args, "figures", None) or ())
    figures = fill_figures(asked, len(seats)) if asked else ()
    return TableSetup(variant, seats, secrets, figures=figures)


def build_scene(screens: ScreenBuilder, args: argparse.Namespace) -> Scene:
    """The scene to picture: ``setup``, ``play`` (after some random turns) or ``end``; the other
    scenes are pictured over one of these (``settings`` and ``rules`` over setup, the rest over play)."""
    seats = (SeatConfig("person"),) + tuple(SeatConfig("computer", "clever") for _ in range(args.players - 1))
    if args.scene == "setup-far":
        return build_far_setup(screens, args, seats)
    if getattr(args, "game", "maze") == "cards":
        return build_card_scene(screens, args, seats)
    if args.scene in ("setup", "settings", "settings-online", "rules"):
        return screens.setup_scene(_table(args, args.variant, seats))
    if args.scene in ("invite", "join", "lobby", "invitation", "invite-declined"):
        from doolhof.gui.online.samples import SAMPLES  # the online screens, drawn without a network

        return SAMPLES[args.scene](screens.host)
    if args.scene == "book":
        book = screens.book_scene()
        book.daily.wait(30.0)
        return book
    if args.scene == "calendar":
        return screens.calendar_scene()
    if args.scene == "puzzle":
        return build_puzzle_scene(screens, args)
    if args.scene == "away":
        return build_away_scene(screens, args)
    player = RandomPlayer(args.seed)
    if args.scene in ("end", "end-online"):
        table = _table(args, args.variant, seats, max(END_SECRETS, args.players))
        game = table.new_game(args.seed)
        while not game.is_over() and game.turn < MAX_TURNS:
            _random_turn(game, player)
        return _online_end(screens.end_scene(game, table), args)
    # Every seat a person, so no computer moves on while the picture is taken.
    table = _table(args, args.variant, tuple(SeatConfig("person") for _ in range(args.players)))
    game = table.new_game(args.seed)
    for _ in range(max(0, args.turns)):
        if game.is_over():
            break
        _random_turn(game, player)
    if getattr(args, "mid_turn", False) and game.phase == "push":
        game.push(player.choose_push(game))
    return screens.play_scene_for(game, table)


def build_far_setup(screens: ScreenBuilder, args: argparse.Namespace, seats: tuple[SeatConfig, ...]) -> Scene:
    """The setup screen after a restart with an online game waiting (see the module text for ``setup-far``)."""
    from doolhof.online import store
    from doolhof.online.room import started_here

    variant = CARDS if getattr(args, "game", "maze") == "cards" else args.variant
    room, _ = started_here(TableSetup(variant, (SeatConfig(), SeatConfig())), frozenset({1}), "screenshotroom1")
    store.save_room(room.to_dict())
    chosen = (SeatConfig("person"), SeatConfig("person")) + seats[2:]
    return screens.setup_scene(TableSetup(variant, chosen[: max(2, args.players)]), far_seats=(1,))


def build_puzzle_scene(screens: ScreenBuilder, args: argparse.Namespace) -> Scene:
    """The book's puzzle ``--page`` being played (``--mid-turn``: after its solution's first push)."""
    puzzle = BOOK[min(max(0, getattr(args, "page", 0)), len(BOOK) - 1)]
    scene = screens.puzzle_scene_for(puzzle, tutorial=False)
    if getattr(args, "mid_turn", False):
        sol = solve(scene.game, puzzle.minimum)
        if sol is not None:
            scene.game.push(sol.steps[0][0])
            scene.sync_shown()
    return scene


def build_card_scene(screens: ScreenBuilder, args: argparse.Namespace, seats: tuple[SeatConfig, ...]) -> Scene:
    """The card game's ``setup``, ``play`` or ``end`` scene for ``--game cards`` (see the module text)."""
    if args.scene in ("setup", "settings", "settings-online", "rules"):
        return screens.setup_scene(_table(args, CARDS, seats))
    if args.scene == "away":
        return build_away_scene(screens, args)
    if args.scene in ("end", "end-online"):
        table = _table(args, CARDS, seats)
        game = table.new_card_game(args.seed)
        players = [make_player("clever", seed=args.seed + seat) for seat in range(game.players)]
        while not game.is_over() and game.turn < MAX_TURNS:
            _card_action(game, players[game.current_player])
        return _online_end(screens.end_scene(game, table), args)
    # Every seat a person, so no computer moves on while the picture is taken.
    table = _table(args, CARDS, tuple(SeatConfig("person") for _ in range(args.players)))
    game = table.new_card_game(args.seed)
    players = [make_player("clever", seed=args.seed + seat) for seat in range(game.players)]
    while not game.is_over() and game.turn < max(0, args.turns):
        _card_action(game, players[game.current_player])
    if getattr(args, "mid_turn", False):
        # When no hand card joins a path now, the players play on until one does.
        while not game.is_over() and not _lay_a_joining_card(game):
            _card_action(game, players[game.current_player])
    scene: Scene = screens.card_scene_for(game, table)
    return scene


def _online_end(scene: Celebration, args: argparse.Namespace) -> Celebration:
    """*scene* as the host sees it after an online game (``end-online``: seat 1 was far away), else as it is."""
    if args.scene == "end-online":
        scene.online = True
        scene.far_seats = frozenset({1})
    return scene


def build_away_scene(screens: ScreenBuilder, args: argparse.Namespace) -> Scene:
    """An online game on the host's screen, the far side's turn, the far side away: the waiting sign.

    The two computers' rooms are made in memory (no relay, nothing touches the network); the host's
    person plays seat 0's first turn, so the far seat 1 is to move.
    """
    from doolhof.gui.kit.far_sign import FarSign
    from doolhof.online.client import OnlineRoom
    from doolhof.online.follow import OnlineGame
    from doolhof.online.moves import lay_move, push_move, take_move, walk_move
    from doolhof.online.room import started_here

    cards = getattr(args, "game", "maze") == "cards"
    players = min(args.players, 4)
    table = _table(args, CARDS if cards else args.variant, tuple(SeatConfig("person") for _ in range(players)))
    host, _ = started_here(table, frozenset({1}))
    game = host.game
    if isinstance(game, CardGame):
        place = make_player("clever", seed=args.seed).choose_place(game.copy())
        host.play(lay_move(place.hand_index, place.cell, place.rotation))
        laid = host.game
        if laid is not None and laid.phase == "take":
            host.play(take_move(()))
    elif isinstance(game, Game):
        player = RandomPlayer(args.seed)
        host.play(push_move(player.choose_push(game.copy())))
        pushed = host.game
        assert isinstance(pushed, Game)
        host.play(walk_move(player.choose_walk(pushed.copy())))
    host.peer_here = False  # the far computer went away
    room = OnlineRoom(host, ["127.0.0.1:1"])  # never started: the picture needs no connection
    shown = host.game
    scene: PlayScene | CardPlayScene
    if isinstance(shown, CardGame):
        scene = CardPlayScene(screens.host, shown.copy(), table)
    elif isinstance(shown, Game):
        scene = PlayScene(screens.host, shown.copy(), table)
    else:
        raise RuntimeError("the pictured room did not start")
    scene.online_game = OnlineGame(room)
    scene.overlays.append(FarSign(scene, players))
    return scene


def _card_action(game: CardGame, player: CardPlayer) -> None:
    """One lay or take of the current player."""
    if game.phase == "take":
        game.take(player.choose_take(game))
    elif game.phase == "place":
        game.place(player.choose_place(game))


def _lay_a_joining_card(game: CardGame) -> bool:
    """Lay a card that joins a path, so the game waits in its take phase; False (nothing laid) when none does."""
    if game.phase != "place":
        return False
    for place in game.legal_places():
        trial = game.copy()
        trial.place(place)
        if trial.phase == "take":
            game.place(place)
            return True
    return False


#: The remembered computer the ``settings-online`` picture shows (made up, never written to a file).
SHOT_FRIEND = Friend("0123456789abcdef", 1, bytes(32))


def _show_online_settings(app: App, screens: ScreenBuilder) -> None:
    """The settings' online page as a parent sees it after a good test: on, an address, one computer."""
    app.settings = dataclasses.replace(app.settings, online=True, relay="mqtts://relay.example.org:8883")
    scene = screens.settings_scene()
    app.push_scene(scene)
    scene.open_online()
    page = scene.online
    page.friends = [SHOT_FRIEND]
    page.forget_buttons = [HoldButton(lambda: None, icon="cross", face=theme.PANEL_DARK)]
    from doolhof.online.room import started_here
    from doolhof.online.store import WaitingGame

    host_room, _far_room = started_here(TableSetup("junior", (SeatConfig("person"), SeatConfig("person"))),
                                        frozenset({1}))
    assert host_room.game is not None
    page.games.games = [WaitingGame(host_room.to_dict(), 0.0, 1, host_room.game, host_room.table)]
    page.games.end_buttons = [HoldButton(lambda: None, icon="cross", face=theme.PANEL_DARK)]
    page.resize(app.window_size())
    page.said = ("ok", i18n._(MSG_ANSWERS))


def _show_hint(scene: PlayScene, seconds: float = 10.0) -> None:
    """Ask the light bulb for help and step until the hint is on screen (its thread needs real time)."""
    scene.show_hint()
    deadline = time.monotonic() + seconds
    while scene.hint is None and time.monotonic() < deadline:
        scene.update(1 / 30)
        if scene.hints.job is not None:
            time.sleep(0.002)


def _show_card_hint(scene: CardPlayScene, seconds: float = 10.0) -> None:
    """The card game's light bulb: step until its ghost card is on screen (its thread needs real time)."""
    scene.show_hint()
    deadline = time.monotonic() + seconds
    while scene.hint is None and time.monotonic() < deadline:
        scene.update(1 / 30)
        time.sleep(0.002)


def _random_turn(game: Game, player: RandomPlayer) -> None:
    game.push(player.choose_push(game))
    if not game.is_over():
        game.walk(player.choose_walk(game))


def settle(app: App, limit: float = 20.0, dt: float = 1 / 30) -> None:
    """Advance the scene until nothing moves any more (or *limit* seconds of scene time have passed)."""
    waited = 0.0
    while waited < limit and app.scene.busy():
        app.scene.update(dt)
        waited += dt
