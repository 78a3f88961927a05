"""The end screen: every tied winner is celebrated, the fanfare plays once, the buttons lead on."""

from __future__ import annotations

from typing import Any

import pytest

from doolhof.engine import Game
from doolhof.gui.end.scene import CELEBRATION, EndScene, half_secrets
from doolhof.gui.setup.scene import SetupScene
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import TIED_TABLE, SoundLog, center, clear_win, played_out, run, settle, tap, tied_game


def _end(make_app: Any, game: Game, table: TableSetup = TIED_TABLE, size: tuple[int, int] = (1280, 800)) -> Any:
    app = make_app(size)
    app._sound = SoundLog()
    app.options.seed = 100
    app.push_scene(EndScene(app, game, table))
    run(app)
    return app


def _record_starts(app: Any) -> list[tuple[Game, TableSetup]]:
    started: list[tuple[Game, TableSetup]] = []
    app.screens.start_game = lambda game, table, undo=None, kept=None: started.append((game, table))
    return started


def test_all_tied_winners_are_celebrated_equally(make_app: Any) -> None:
    app = _end(make_app, tied_game())
    scene = app.scene
    assert scene.winners == (0, 2)
    assert app.sound.played.count("fanfare") == 1
    settle(app)
    # Re-entering (e.g. after a menu on top) does not repeat the fanfare.
    scene.exit()
    scene.enter()
    assert app.sound.played.count("fanfare") == 1


def test_the_celebration_comes_to_rest(make_app: Any) -> None:
    app = _end(make_app, tied_game())
    assert app.scene.busy()
    run(app, CELEBRATION + 0.2)
    assert not app.scene.busy()
    drawn = app.frames_drawn
    run(app, 1.0)
    assert app.frames_drawn == drawn, "a resting end screen is not redrawn"


def test_again_uses_the_same_table_with_a_new_seed(make_app: Any) -> None:
    app = _end(make_app, tied_game())
    started = _record_starts(app)
    tap(app, center(app.scene.again_button.rect))
    assert started == [(TIED_TABLE.new_game(100), TIED_TABLE)]


def test_decider_has_half_the_secrets(make_app: Any) -> None:
    app = _end(make_app, tied_game())
    started = _record_starts(app)
    tap(app, center(app.scene.decider_button.rect))
    (game, table), = started
    assert table == TIED_TABLE.with_secrets(2)
    assert game.players == 3 and len(game.deck) + 1 == 2


def test_decider_of_a_full_game_and_of_own_piles() -> None:
    full = TableSetup("junior", (SeatConfig(), SeatConfig()))
    assert half_secrets(full.new_game(1), full) == 6
    one = full.with_secrets(1)
    assert half_secrets(one.new_game(1), one) == 1
    own = TableSetup("junior-own", tuple(SeatConfig() for _ in range(4)), 4)
    assert half_secrets(own.new_game(1), own) == 4, "own piles need one secret each"


def test_new_setup_keeps_the_table(make_app: Any) -> None:
    app = _end(make_app, tied_game())
    tap(app, center(app.scene.setup_button.rect))
    assert isinstance(app.scene, SetupScene)
    assert app.scene.table() == TIED_TABLE


def test_again_opens_the_play_scene(make_app: Any) -> None:
    from doolhof.gui.play.scene import PlayScene

    app = _end(make_app, tied_game())
    tap(app, center(app.scene.again_button.rect))
    assert isinstance(app.scene, PlayScene)
    assert app.scene.table == TIED_TABLE


def test_own_piles_winner_is_who_got_home(make_app: Any) -> None:
    table = TableSetup("junior-own", (SeatConfig(), SeatConfig()), 2)
    game = played_out(table, 4)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "home" and len(outcome.winners) == 1
    app = _end(make_app, game, table)
    assert app.scene.winners == tuple(outcome.winners)
    (winner,) = outcome.winners
    assert game.positions[winner] == game.home(winner)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (800, 1280), (640, 480), (300, 200)])
def test_buttons_stay_apart_and_on_screen(make_app: Any, size: tuple[int, int]) -> None:
    import pygame

    app = _end(make_app, played_out(TableSetup("classic", (SeatConfig(),) * 4, 8), 2), size=size)
    scene = app.scene
    screen = pygame.Rect((0, 0), size)
    buttons = [b for b in scene.buttons.items if b.visible]
    for i, a in enumerate(buttons):
        assert screen.contains(a.rect), a
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect)
    run(app, 0.5)


@pytest.mark.parametrize("lang", ["en", "nl", "de", "sv"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (800, 1280)])
@pytest.mark.parametrize("tie", [True, False], ids=["tie", "win"])
def test_the_buttons_words_share_one_readable_size(make_app: Any, size: tuple[int, int], lang: str,
                                                    tie: bool) -> None:
    """The end screen's buttons set their words at one size, big enough to read, never squeezed: in Swedish at
    800x600 the tie-breaker's words were smaller than their neighbours', and in a tall window "New setup" broke
    onto two lines beside a one-line "Again" though one line fitted. Two lines only where one would be too small."""
    from doolhof.gui.kit.text import measuring, readable_px
    from doolhof.gui.kit.widgets import text_of
    from doolhof.i18n import set_language

    set_language(lang)
    try:
        app = _end(make_app, tied_game() if tie else clear_win(), size=size)
        scene = app.scene
        buttons = [b for b in (scene.again_button, scene.decider_button, scene.setup_button) if b.visible]
        assert len(buttons) == (3 if tie else 2)
        words = {text_of(b.label) for b in buttons}
        with measuring() as seen:
            scene.draw(app.screen)
        mine = [t for t in seen if t.text in words]
        assert {t.text for t in mine} == words, (words, seen)
        sizes = {t.text: (t.px, t.lines) for t in mine}
        assert len({t.px for t in mine}) == 1, f"{lang} at {size}: one size, not {sizes}"
        assert all(not t.scaled and t.px >= readable_px(size) and t.lines <= 2 for t in mine), sizes
        if not tie:
            assert all(t.lines == 1 for t in mine), f"{lang} at {size}: room for one line each, {sizes}"
    finally:
        set_language("en")
