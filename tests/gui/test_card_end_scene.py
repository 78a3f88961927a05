"""The card game's end screen: every count sits inside its column (off the panel's border), the trophy never
flies over the title, and the screen keeps moving after the celebration (two pictures 3 s apart differ)."""

from __future__ import annotations

import hashlib
from typing import Any

import pygame
import pytest

from doolhof.cards import CardGame
from doolhof.cards.ai import best_take
from doolhof.cards.deck import DECK
from doolhof.gui.end.cards import CardEndScene
from doolhof.gui.end.scene import CELEBRATION
from doolhof.session.seats import SeatConfig, TableSetup
from tests.gui.helpers import FRAME, SoundLog, run

SIZES = [(1280, 800), (800, 600), (800, 1280)]


def greedy_game(players: int, seed: int) -> CardGame:
    """A card game played to its end, every take as big as the computers take: one seat ends far ahead."""
    game = CardGame.new(players=players, seed=seed)
    while not game.is_over():
        places = game.legal_places()
        if game.current_player == 0 or players > 3:
            places = [p for p in places if _joins(game, p)] or places
        game.place(places[0])
        if game.phase == "take":
            game.take(frozenset(best_take(game)) if game.current_player == 0 or players > 3 else frozenset())
    return game


def _joins(game: CardGame, place: Any) -> bool:
    trial = game.copy()
    trial.place(place)
    return trial.phase == "take"


def _end(make_app: Any, size: tuple[int, int], players: int = 3) -> tuple[Any, CardEndScene]:
    app = make_app(size)
    app._sound = SoundLog()
    game = greedy_game(players, 5)
    assert max(game.scores) >= (10 if players < 4 else 7), game.scores
    scene = CardEndScene(app, game, TableSetup(variant="cards", seats=(SeatConfig(),) * players))
    app.push_scene(scene)
    run(app, 0)
    return app, scene


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("size", SIZES)
def test_each_count_sits_inside_its_column(make_app: Any, size: tuple[int, int], players: int) -> None:
    _, scene = _end(make_app, size, players)
    inner = scene.scores_rect.inflate(-max(4, scene.scores_rect.height // 12), -max(4, scene.scores_rect.height // 12))
    for seat, column in scene.columns():
        if column.count is None:
            continue
        assert column.box.contains(column.count), (seat, column)
        assert inner.contains(column.count), "the count is off the panel's border"
        assert column.top is not None and column.count.bottom <= column.top.top, "above its stack"
        assert column.top.bottom <= column.figure.top, "the stack stands on the figure's head, not over it"


@pytest.mark.parametrize("taken", [(16, 2), (len(DECK) - 2, 1)], ids=["16", "all"])
@pytest.mark.parametrize("size", SIZES)
def test_the_tallest_stack_keeps_its_count_inside_the_panel(make_app: Any, size: tuple[int, int],
                                                             taken: tuple[int, int]) -> None:
    """The count over a stack of 16 (as a family met it), and of every card but two, stays off the border."""
    cards = list(DECK)
    first, second = cards[:taken[0]], cards[taken[0]:sum(taken)]
    game = CardGame.from_position(table={(0, 0): (cards[-1], 0)}, hands=[[], []], taken=[first, second])
    assert game.is_over() and game.scores == taken
    app = make_app(size)
    scene = CardEndScene(app, game, TableSetup(variant="cards", seats=(SeatConfig(),) * 2))
    app.push_scene(scene)
    run(app, 0)
    margin = max(4, scene.scores_rect.height // 12)
    inner = scene.scores_rect.inflate(-margin, -margin)
    counted = [column for _seat, column in scene.columns() if column.count is not None]
    assert len(counted) == 2
    for column in counted:
        assert column.count is not None and inner.contains(column.count), (size, taken, column)
        assert column.top is not None and column.count.bottom <= column.top.top
        assert column.top.bottom <= column.figure.top


@pytest.mark.parametrize("size", SIZES)
def test_the_trophy_never_flies_over_the_title(make_app: Any, size: tuple[int, int]) -> None:
    app, scene = _end(make_app, size)
    title = scene.title_rect()
    for _ in range(int(CELEBRATION / FRAME / 3)):
        for _, figure, trophy in scene.winner_spots():
            assert not trophy.colliderect(title), (trophy, title, scene.time)
            assert not figure.colliderect(title)
        run(app, 3 * FRAME)


def _picture(app: Any) -> str:
    surface = pygame.Surface(app.window_size())
    app.scene.draw(surface)
    return hashlib.sha1(pygame.image.tobytes(surface, "RGB")).hexdigest()


@pytest.mark.parametrize("size", SIZES)
def test_after_the_celebration_the_screen_still_moves(make_app: Any, size: tuple[int, int]) -> None:
    app, scene = _end(make_app, size)
    run(app, CELEBRATION + 1.0)
    assert not scene.busy(), "no full-speed frames: the loop sleeps between twinkles"
    assert scene.wake_after() is not None and scene.wake_after() <= 0.2
    first = _picture(app)
    stars = scene.twinkles()
    run(app, 3.0)
    assert _picture(app) != first, "two pictures 3 s apart differ"
    assert scene.twinkles() != stars and scene.twinkles(), "the stars round the winner twinkle on"
