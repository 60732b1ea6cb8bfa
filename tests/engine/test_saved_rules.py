"""Games saved before a rule parameter was added play on with the rules they were started
with: ``tests/engine/saved/*-before-issue-30.json`` were written by the engine before
``identical_discard_ban`` and ``lay_off_before_opening`` (issue 30)."""

from __future__ import annotations

import json
from pathlib import Path

from engine import Game
from engine.cards.actions import Discard, LayOff
from tests.engine.helpers import act, card, cards, refused

SAVED = Path(__file__).parent / "saved"


def saved(name: str) -> Game:
    text = (SAVED / f"{name}-before-issue-30.json").read_text(encoding="utf-8")
    rules = json.loads(text)["rules"]
    assert "identical_discard_ban" not in rules and "lay_off_before_opening" not in rules
    return Game.from_json(text)


def test_a_classic_game_saved_before_waits_for_the_opening_to_lay_off() -> None:
    game = saved("classic")
    assert game.rules.lay_off_before_opening is False  # the preset now says True
    assert game.current == 1 and not game.view(1).seats[1].has_opened
    refused(game, LayOff(cards("7c"), 0), "layoff.not_opened")


def test_a_rami51_game_saved_before_lets_the_twin_of_the_card_taken_go() -> None:
    game = saved("rami51")
    assert game.rules.identical_discard_ban is False  # the preset now says True
    assert game.view(0).taken_from_discard == card("7h")
    act(game, Discard(card("7h")))
    assert game.current == 1 and game.public_view().discard_top == card("7h")


def test_a_game_saved_before_is_written_back_with_its_old_rules() -> None:
    game = saved("rami51")
    again = Game.from_json(game.to_json())
    assert json.loads(game.to_json())["rules"]["identical_discard_ban"] is False
    assert again.rules == game.rules
