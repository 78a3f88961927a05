"""Every online trouble has its words and its picture, in one module, in every language."""

from __future__ import annotations

import ast
import logging
from pathlib import Path
from typing import Any, get_args

import pygame
import pytest

from doolhof.gui.kit.art import ICON_NAMES, Art
from doolhof.gui.online.common import draw_trouble
from doolhof.gui.online.trouble_words import WORDS, card_sentence, game_sentence, picture, sign_sentence
from doolhof.i18n import LANGUAGES, set_language
from doolhof.online.errors import REASONS, Reason, Refused
from doolhof.online.trouble import Trouble

DOOLHOF = Path(__file__).resolve().parents[2] / "doolhof"


@pytest.mark.parametrize("why", list(Trouble))
def test_every_trouble_has_a_sentence_and_a_picture(why: Trouble) -> None:
    # A new member without its words fails here (WORDS[why] raises KeyError).
    words = WORDS[why]
    assert words.said.strip() and card_sentence(why) and game_sentence(why) and sign_sentence(why)
    icon, _crossed = picture(why)
    assert icon in ICON_NAMES


def test_the_words_name_only_troubles() -> None:
    assert set(WORDS) == set(Trouble) and all(isinstance(why, Trouble) for why in WORDS)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_trouble_is_said_in_every_language(language: str) -> None:
    set_language("en")
    english = {why: (card_sentence(why), game_sentence(why), sign_sentence(why)) for why in Trouble}
    try:
        set_language(language)
        for why in Trouble:
            said = (card_sentence(why), game_sentence(why), sign_sentence(why))
            assert all(a != b for a, b in zip(said, english[why])), (language, why, said)
    finally:
        set_language("en")


def test_no_other_module_has_a_troubles_words() -> None:
    """The sentences live in trouble_words.py alone: every other screen asks it."""
    sentences = {s for words in WORDS.values() for s in (words.said, words.in_game, words.sign) if s}
    home = DOOLHOF / "gui" / "online" / "trouble_words.py"
    assert sentences <= texts_of(home)
    for path in DOOLHOF.rglob("*.py"):
        if path != home:
            assert not sentences & texts_of(path), f"{path.relative_to(DOOLHOF)} says a trouble itself"


def texts_of(path: Path) -> set[str]:
    """Every text of *path* marked for translation (``N_("...")`` or ``_("...")``)."""
    return {node.args[0].value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("N_", "_")
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)}


def test_the_logs_keep_their_words() -> None:
    """A trouble prints as its plain word, as the logs always read (``online trouble shown: lost``)."""
    assert [str(why) for why in Trouble] == [why.value for why in Trouble]
    shown = logging.LogRecord("doolhof", logging.INFO, "", 0, "online trouble shown: %s", (Trouble.CODE_USED,), None)
    assert shown.getMessage() == "online trouble shown: host-code" and f"{Trouble.CODE_USED}" == "host-code"
    assert Trouble("lost") is Trouble.LOST


def test_every_refusal_reason_has_its_meaning() -> None:
    assert set(get_args(Reason)) == set(REASONS)
    assert str(Refused("altered", "result")) == f"altered: {REASONS['altered']} (result)"
    with pytest.raises(ValueError):
        Refused("typo")  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (800, 1280)])
def test_every_trouble_card_draws_its_picture(size: tuple[int, int], monkeypatch: Any) -> None:
    art = Art()
    asked: list[str] = []
    icon = art.icon
    monkeypatch.setattr(art, "icon", lambda name, px: asked.append(name) or icon(name, px))
    surface = pygame.Surface(size)
    for why in Trouble:
        asked.clear()
        draw_trouble(surface, pygame.Rect(0, 0, size[0] // 2, size[1] // 2), art, why, size)
        name, crossed = picture(why)
        assert asked == [name, "cross"] if crossed else asked == [name], (why, asked)
