"""Saving and loading a match: lossless, versioned, and checked on load."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine import CorruptGame, Game, variant
from engine.cards.actions import Draw
from engine.views import Phase
from tests.engine.helpers import deal, play_match, random_action


def _mid_game(name: str = "rami51", steps: int = 60) -> Game:
    game = Game.new(variant(name), ["ann", "bob", "cy"], seed=5)
    rng = random.Random(5)
    for _ in range(steps):
        if game.phase is not Phase.DRAW and game.phase is not Phase.PLAY:
            break
        game.apply(game.current, random_action(game, rng))
    return game


@pytest.mark.parametrize("name", ["classic", "rami51", "rami30", "gameduell"])
def test_round_trip_mid_game_and_after_the_match(name: str) -> None:
    game = _mid_game(name)
    text = game.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text
    assert again.view(1) == game.view(1)
    play_match(game, random.Random(1))
    assert Game.from_json(game.to_json()).outcome() == game.outcome()


def test_loaded_game_plays_on_identically() -> None:
    game = _mid_game("gameduell", 40)
    again = Game.from_json(game.to_json())
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(200):
        if game.outcome() is not None:
            break
        if game.phase is Phase.ROUND_OVER:
            game.start_next_round()
            again.start_next_round()
            continue
        action = random_action(game, rng_a)
        assert random_action(again, rng_b) == action
        game.apply(game.current, action)
        again.apply(again.current, action)
    assert again.to_json() == game.to_json()


def test_clone_is_independent() -> None:
    game = _mid_game("rami30", 10)
    copy = game.clone()
    text = game.to_json()
    copy.apply(copy.current, copy.legal_moves()[0])
    assert game.to_json() == text
    assert copy.to_json() != text


def _doc(game: Game | None = None) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((game or _mid_game()).to_json())
    return loaded


def _swap_two_cards(doc: dict[str, Any]) -> None:
    hand = doc["round"]["hands"][0].split()
    hand[0] = "jk" if hand[0] != "JK" else "ah"
    doc["round"]["hands"][0] = " ".join(hand)


TAMPERING: list[tuple[str, Callable[[dict[str, Any]], object]]] = [
    ("format", lambda d: d.update(format=2)),
    ("format", lambda d: d.pop("format")),
    ("format", lambda d: d.update(format=True)),
    ("seed", lambda d: d.update(seed="12")),
    ("players", lambda d: d.update(players=["a"])),
    ("players", lambda d: d.update(players=["a", "", "c"])),
    ("rules", lambda d: d["rules"].update(colour=3)),
    ("rules", lambda d: d["rules"].update(name="poker")),
    ("deck", _swap_two_cards),
    ("deck", lambda d: d["round"].update(stock=d["round"]["stock"] + " 2c")),
    ("card", lambda d: d["round"].update(discard="zz")),
    ("current", lambda d: d["round"].update(current=7)),
    ("phase", lambda d: d["round"].update(phase="dancing")),
    ("hands", lambda d: d["round"]["hands"].pop()),
    ("opened", lambda d: d["round"].update(opened=[1, 0, 0])),
    ("totals", lambda d: d.update(totals=[5, 0, 0])),
    ("rounds", lambda d: d.update(rounds=[{"number": 1}])),
    ("turn", lambda d: d["round"]["turn"].update(must_lay=5)),
    ("round", lambda d: d.update(round=[])),
    ("melds", lambda d: d["round"].update(melds=[{"cards": "2c 9d kh", "kind": "run",
                                                 "owner": 0}])),
]  # fmt: skip


@pytest.mark.parametrize(("what", "tamper"), TAMPERING, ids=[t[0] for t in TAMPERING])
def test_tampered_documents_raise_corrupt_game(
    what: str, tamper: Callable[[dict[str, Any]], object]
) -> None:
    doc = _doc()
    tamper(doc)
    with pytest.raises(CorruptGame) as caught:
        Game.from_json(json.dumps(doc))
    assert caught.value.params["detail"]
    assert "abîmée" in caught.value.message("fr")


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"game"', b"\xff\xfe"])
def test_not_a_game_raises_corrupt_game(text: str | bytes) -> None:
    with pytest.raises(CorruptGame):
        Game.from_json(text)


def test_a_hand_too_big_for_the_deal_is_refused() -> None:
    game = deal("rami51", ["", "", ""])
    doc = _doc(game)
    stock = doc["round"]["stock"].split()
    doc["round"]["hands"][1] += " " + stock[0]
    doc["round"]["stock"] = " ".join(stock[1:])
    with pytest.raises(CorruptGame) as caught:
        Game.from_json(json.dumps(doc))
    assert "more than a hand" in caught.value.params["detail"]


def test_views_hide_the_other_hands() -> None:
    game = deal("rami51", ["", "", ""])
    view = game.view(1)
    assert view.seat == 1
    assert view.hand == game.round.hand(1)
    public = game.public_view()
    assert not hasattr(public, "hand")
    assert [seat.hand_size for seat in public.seats] == [13, 13, 13]
    assert public.stock_size == 108 - 39 - 1
    game.apply(0, Draw("stock"))
    assert game.view(0).drawn is not None
    assert game.view(1).drawn is None
