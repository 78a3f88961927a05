"""The whole public face of both games refuses bad arguments cleanly.

Every public function, class method and method of the names ``doolhof.engine`` and ``doolhof.cards``
export (found by introspection, so a new method is covered the day it is written) is called with
wrong types and out-of-range values. Each call either answers or raises a ``ValueError`` subclass
with a short message; a refused call changes nothing (``to_dict()`` before and after); and a seat,
cell or rotation that does not exist is always refused, never answered for another one.

Plain records (the events, ``Outcome``, ``Place``, ``Push`` and ``Network`` themselves, the
``Variant`` table) are built without checks; the game checks them where they are used. The games'
constructors are unchecked builders too (``new``, ``from_position`` and ``from_dict`` check).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import doolhof.cards
import doolhof.engine
from doolhof.cards import DECK, Card, CardGame, Place
from doolhof.engine import Board, Game, Push
from doolhof.rules.errors import SHOWN

#: The longest refusal a person should have to read (the value itself is cut to SHOWN characters).
LONGEST = 200 + SHOWN
#: Parameters whose value names a seat, a cell or a rotation: out of range, it must be refused.
SEATS, CELLS, ROTATIONS = {"seat"}, {"cell", "start", "goal"}, {"rotation"}


def _take_phase() -> CardGame:
    game = CardGame.new(players=2, seed=1)
    while not game.is_over():
        for place in game.legal_places():
            trial = game.copy()
            trial.place(place)
            if trial.phase == "take":
                return trial
        game.place(game.legal_places()[0])
    raise AssertionError("no take phase")  # pragma: no cover - the seed is known to reach one


TAKE = _take_phase().to_dict()


def _walk_phase(variant: str) -> Game:
    game = Game.new(variant=variant, players=3, seed=2)
    game.push(game.legal_pushes()[0])
    return game


#: What is called: a name, how to make a fresh owner (None for a class or module function), its state.
SUBJECTS: dict[str, Callable[[], Any]] = {
    "Game(junior)": lambda: Game.new(players=2, seed=1),
    "Game(junior, walk)": lambda: _walk_phase("junior"),
    "Game(classic, walk)": lambda: _walk_phase("classic"),
    "Game(junior-own)": lambda: Game.new(variant="junior-own", players=4, seed=3),
    "CardGame": lambda: CardGame.new(players=3, seed=2),
    "CardGame(take)": lambda: CardGame.from_dict(TAKE),
    "Board": lambda: Game.new(players=2, seed=1).board,
    "Card": lambda: DECK[7],
    "Push": lambda: Push("W", 1, 2),
}
#: Records and tables whose constructors (and data-only methods) check nothing by design.
RECORDS = {"Outcome", "Place", "Network", "Variant", "VARIANTS", "DECK", "TREASURES", "Cell", "Event"}


def _state(owner: Any) -> object:
    if isinstance(owner, (Game, CardGame)):
        return owner.to_dict()
    if isinstance(owner, Board):
        return (owner.masks(), owner.pictures())
    if isinstance(owner, Card):
        return owner.text()
    return repr(owner)


@dataclass(frozen=True)
class Call:
    """One public callable: where it lives, its name, the subject that owns it (or None)."""

    owner: str
    name: str
    subject: str | None


def public_calls() -> list[Call]:
    """Every public method, class method and function of what both packages export."""
    calls: list[Call] = []
    for package in (doolhof.engine, doolhof.cards):
        for export in package.__all__:
            thing = getattr(package, export)
            if export in RECORDS or not inspect.isclass(thing) or thing.__module__.endswith(".events"):
                continue
            if issubclass(thing, BaseException):
                continue
            subject = next((name for name, make in SUBJECTS.items() if type(make()) is thing), None)
            for name, member in vars(thing).items():
                if name.startswith("_") or isinstance(member, property):
                    continue
                if isinstance(member, (classmethod, staticmethod)):
                    calls.append(Call(export, name, None))
                elif inspect.isfunction(member):
                    assert subject is not None, f"no subject to call {export}.{name} on"
                    calls.extend(Call(export, name, s) for s, make in SUBJECTS.items() if type(make()) is thing)
    return calls


CALLS = public_calls()


def test_the_public_face_is_found() -> None:
    names = {f"{c.owner}.{c.name}" for c in CALLS}
    assert {"Game.pile", "Game.walk", "Board.mask_at", "Push.parse", "CardGame.new", "Card.geometry",
            "Card.same_up_to_rotation", "CardGame.hand"} <= names


BAD = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.integers(min_value=10**30), st.floats(),
    st.text(max_size=4), st.just("x" * 5_000), st.just(list(range(10_000))), st.lists(st.integers(-2, 8), max_size=3),
    st.tuples(st.integers(-3, 9), st.integers(-3, 9)), st.tuples(st.floats(0, 4), st.floats(0, 4)),
    st.tuples(st.booleans(), st.booleans()), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.sets(st.tuples(st.integers(-2, 3), st.integers(-2, 3)), max_size=3), st.just(object()),
    st.builds(Push, st.sampled_from(["N", "E", "S", "W", "X", 5]), st.integers(-1, 8), st.integers(-2, 5)),
    st.builds(Place, st.integers(-1, 3), st.tuples(st.integers(-2, 3), st.integers(-2, 3)), st.integers(-2, 5)),
    st.sampled_from(DECK), st.sampled_from(["junior", "classic", "junior-own", "star", "apple"]),
)


_CELL = st.tuples(st.integers(0, 4), st.integers(0, 4))
#: Good values for some parameters, so that one bad argument among good ones is tried too.
GOOD: dict[str, st.SearchStrategy[Any]] = {
    "seat": st.integers(0, 1), "cell": _CELL, "start": _CELL, "goal": _CELL, "rotation": st.integers(0, 3),
    "side": st.sampled_from("NESW"), "index": st.sampled_from([1, 3]), "card": st.sampled_from([5, 3, 14]),
    "picture": st.sampled_from([None, "star"]), "board": st.just(Game.new(players=2, seed=1).board),
    "spare": st.just("│"), "players": st.integers(2, 4), "variant": st.sampled_from(["junior", "classic"]),
    "text": st.sampled_from(["W1r2", "07:apple|34:fish,key", "┌┐\n└┘"]), "seed": st.integers(),
    "table": st.just({(0, 0): (DECK[0], 0)}), "hands": st.just([[DECK[1]], [DECK[2]]]),
}


def _out_of_range(name: str, value: object, owner: Any) -> bool:
    """True when *value* for parameter *name* names no seat, cell or rotation of *owner*."""
    whole = isinstance(value, int) and not isinstance(value, bool)
    if name in SEATS and isinstance(owner, (Game, CardGame)):
        return value is not None and not (whole and 0 <= value < owner.players)  # type: ignore[operator]
    if name in ROTATIONS and isinstance(owner, Card):
        return not (whole and 0 <= value <= 3)  # type: ignore[operator]
    if name in CELLS and isinstance(owner, (Board, Game)):
        size = owner.size if isinstance(owner, Board) else owner.board.size
        return not (isinstance(value, (tuple, list)) and len(value) == 2
                    and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < size for x in value))
    return False


@pytest.mark.parametrize("call", CALLS, ids=lambda c: f"{c.owner}.{c.name}@{c.subject}")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_bad_arguments_are_refused_cleanly(call: Call, data: st.DataObject) -> None:
    thing = getattr(doolhof.engine, call.owner, None) or getattr(doolhof.cards, call.owner)
    owner = SUBJECTS[call.subject]() if call.subject else None
    target = getattr(owner if owner is not None else thing, call.name)
    params = [p for p in inspect.signature(target).parameters.values()
              if p.kind in (p.POSITIONAL_OR_KEYWORD, p.POSITIONAL_ONLY, p.KEYWORD_ONLY)]
    kwargs = {p.name: data.draw(st.one_of(BAD, GOOD.get(p.name, BAD)), label=p.name) for p in params
              if p.default is p.empty or data.draw(st.booleans(), label=f"give {p.name}")}
    before = _state(owner)
    try:
        target(**kwargs)
    except ValueError as error:
        assert len(str(error)) <= LONGEST, f"{len(str(error))} characters: {str(error)[:300]}"
        assert _state(owner) == before, "a refused call changed the game"
        return
    except Exception as error:
        raise AssertionError(f"{call.owner}.{call.name}(**{kwargs!r:.300}) raised {type(error).__name__}: "
                             f"{str(error)[:200]}") from error
    wrong = [name for name, value in kwargs.items() if _out_of_range(name, value, owner)]
    assert not wrong, f"{call.owner}.{call.name} answered for a {wrong[0]} that is not there: {kwargs[wrong[0]]!r:.80}"


def test_the_cases_found_by_hand_are_refused() -> None:
    game = Game.new(variant="junior-own", players=2, seed=1)
    card = DECK[0]
    refused: list[Callable[[], object]] = [
        lambda: game.pile(-1), lambda: game.home(True), lambda: game.reachable(2), lambda: game.target(-1),
        lambda: game.target_picture(1.0),  # type: ignore[arg-type]
        lambda: Push.parse(5),  # type: ignore[arg-type]
        lambda: Game.new(seed=[1]), lambda: CardGame.new(seed={}),  # type: ignore[arg-type]
        lambda: card.same_up_to_rotation(3), lambda: card.geometry(4), lambda: card.geometry(-1),  # type: ignore[arg-type]
        lambda: game.board.mask_at((5, 0)), lambda: game.board.picture_at((0, -1)),
        lambda: game.board.path((0, 0), (0, 5)),
    ]
    for call in refused:
        with pytest.raises(ValueError):
            call()
    game.push(game.legal_pushes()[0])
    with pytest.raises(ValueError, match="is not a cell"):
        game.walk((1.0, 2.0))  # type: ignore[arg-type]
    with pytest.raises(ValueError) as refusal:
        game.walk("x" * 1_000_000)  # type: ignore[arg-type]
    assert len(str(refusal.value)) < 120
