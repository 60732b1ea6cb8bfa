"""Seeded random playouts of whole matches: every card variant, every player count."""

from __future__ import annotations

import random

import pytest

from engine import Game, variant
from tests.engine.helpers import CARD_VARIANTS, play_match

CASES = [
    (name, players, seed)
    for name in CARD_VARIANTS
    for players in range(variant(name).min_players, variant(name).max_players + 1)
    for seed in (1, 2)
]


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_a_random_match_ends_with_a_sound_outcome(name: str, players: int, seed: int) -> None:
    rules = variant(name)
    game = Game.new(rules, [f"p{i}" for i in range(players)], seed)
    play_match(game, random.Random(seed))
    outcome = game.outcome()
    assert outcome is not None
    totals = outcome.totals
    assert max(totals) >= rules.target
    best = max(totals) if rules.high_wins else min(totals)
    assert outcome.winners == tuple(s for s, t in enumerate(totals) if t == best)
    assert len(outcome.winners) == 1  # ties play another round
    assert totals == tuple(sum(r.points[s] for r in game.public_view().rounds)
                           for s in range(players))  # fmt: skip
    assert Game.from_json(game.to_json()).outcome() == outcome


def test_the_same_seed_plays_the_same_match() -> None:
    results = []
    for _ in range(2):
        game = Game.new(variant("classic"), ["a", "b", "c"], seed=77)
        play_match(game, random.Random(77))
        results.append(game.to_json())
    assert results[0] == results[1]
