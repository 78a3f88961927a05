"""``doolhof screenshot OUT``: render one scene without a window into a PNG of exactly the asked size.

    doolhof screenshot setup.png --scene setup --size 1280x800
    doolhof screenshot play.png --scene play --turns 12 --seed 3 --mid-turn
    doolhof screenshot end.png --scene end --players 3
    doolhof screenshot hint.png --scene hint --turns 4      (also: rules --page N, settings, parents, tutorial)

The play scene is shown after ``--turns`` random turns (``RandomPlayer(seed)``); ``--mid-turn``
pushes once more so the reachable cells are lit. The end scene shows a game played to its end
with random turns (a few secrets, so it ends quickly). ``hint`` is the play scene with the light
bulb's hint on screen, ``tutorial`` a first game with the tutorial over the board, ``parents`` the
parents' menu over a game, ``settings`` and ``rules`` (page ``--page``) those screens. Animations
are run until they settle (looping ones for a fixed stretch of scene time).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from pathlib import Path
from typing import Any

#: Secrets used for the end-scene picture, so the random game ends quickly.
END_SECRETS = 4
#: Give up playing random turns after this many (a random game always ends well before).
MAX_TURNS = 5000


def render_screenshot(args: argparse.Namespace) -> int:
    """Render the scene *args* describe to ``args.out``; returns 0, or 2 with a message for a bad path."""
    out = Path(args.out)
    problem = _path_problem(out)
    if problem:
        print(f"doolhof screenshot: error: {problem}", file=sys.stderr)
        return 2
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    if getattr(args, "lang", None):
        from doolhof.i18n import set_language

        set_language(args.lang)
    surface = render_scene(args)
    try:
        pygame.image.save(surface, str(out))
    except (pygame.error, OSError) as error:
        print(f"doolhof screenshot: error: cannot write {out}: {error}", file=sys.stderr)
        return 2
    print(f"wrote {out} ({surface.get_width()}x{surface.get_height()}, scene {args.scene})")
    return 0


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
    return None


def render_scene(args: argparse.Namespace) -> Any:
    """Build the app and scene *args* ask for on the dummy display, settle it, and return the drawn surface."""
    import pygame
    import pygame.freetype

    from doolhof.gui.app import App

    size = tuple(args.size)
    pygame.display.init()
    pygame.freetype.init()
    screen = pygame.display.set_mode(size)
    options = argparse.Namespace(mute=True, size=size, fullscreen=False, lang=getattr(args, "lang", None),
                                 seed=args.seed)
    app = App(screen, options)
    if app.settings is not None:  # only the tutorial picture shows the first-game tutorial
        app.settings = dataclasses.replace(app.settings, tutorial_done=args.scene != "tutorial")
    scene = build_scene(app, args)
    app.push_scene(scene)
    if args.scene == "parents":
        from doolhof.gui.parents.menu import ParentMenuScene

        settle(app)
        app.push_scene(ParentMenuScene(app))
    elif args.scene == "settings":
        from doolhof.gui.parents.settings_scene import SettingsScene

        app.push_scene(SettingsScene(app))
    elif args.scene == "rules":
        from doolhof.gui.rules.scene import RulesScene

        app.push_scene(RulesScene(app, max(0, getattr(args, "page", 0))))
    elif args.scene == "hint":
        _show_hint(app, scene)
    settle(app)
    app.scene.draw(app.screen)
    return app.screen


def build_scene(app: Any, args: argparse.Namespace) -> Any:
    """The scene to picture: ``setup``, ``play`` (after some random turns) or ``end``; the other
    scenes are pictured over one of these (``settings`` and ``rules`` over setup, the rest over play)."""
    from doolhof.engine.players import RandomPlayer
    from doolhof.session.seats import SeatConfig, TableSetup

    seats = (SeatConfig("person"),) + tuple(SeatConfig("computer", "clever") for _ in range(args.players - 1))
    player = RandomPlayer(args.seed)
    if args.scene in ("setup", "settings", "rules"):
        from doolhof.gui.setup.scene import SetupScene

        return SetupScene(app, TableSetup(args.variant, seats))
    if args.scene == "end":
        from doolhof.gui.end.scene import EndScene

        table = TableSetup(args.variant, seats, max(END_SECRETS, args.players))
        game = table.new_game(args.seed)
        while not game.is_over() and game.turn < MAX_TURNS:
            _random_turn(game, player)
        return EndScene(app, game, table)
    # Every seat a person, so no computer moves on while the picture is taken.
    table = TableSetup(args.variant, tuple(SeatConfig("person") for _ in range(args.players)))
    game = table.new_game(args.seed)
    for _ in range(max(0, args.turns)):
        if game.is_over():
            break
        _random_turn(game, player)
    if getattr(args, "mid_turn", False) and game.phase == "push":
        game.push(player.choose_push(game))
    from doolhof.gui.play.scene import PlayScene

    return PlayScene(app, game, table)


def _show_hint(app: Any, scene: Any, seconds: float = 10.0) -> None:
    """Ask the light bulb for help and step until the hint is on screen (its thread needs real time)."""
    scene.show_hint()
    deadline = time.monotonic() + seconds
    while scene.hint is None and time.monotonic() < deadline:
        scene.update(1 / 30)
        if scene.hints.job is not None:
            time.sleep(0.002)


def _random_turn(game: Any, player: Any) -> None:
    game.push(player.choose_push(game))
    if not game.is_over():
        game.walk(player.choose_walk(game))


def settle(app: Any, limit: float = 20.0, dt: float = 1 / 30) -> None:
    """Advance the scene until nothing moves any more (or *limit* seconds of scene time have passed)."""
    waited = 0.0
    while waited < limit and app.scene.busy():
        app.scene.update(dt)
        waited += dt
