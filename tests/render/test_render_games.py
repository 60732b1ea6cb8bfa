"""Seeded games of every variant, played by the computer, drawn at every turn."""

from __future__ import annotations

import random

import pytest

from engine.ai import choose_action
from engine.cards.card import Card, format_cards
from engine.game import Game
from engine.hand_order import sorted_hand
from engine.tiles.tile import Tile, format_tiles
from engine.variants import variant, variant_names
from engine.views import Phase
from render import render_hand, render_scores, render_table
from tests.render.helpers import decode


@pytest.mark.parametrize("name", variant_names())
def test_a_whole_round_draws_at_every_turn(name: str) -> None:
    rules = variant(name)
    players = ["Ana", "Bob"] if name == "gameduell" else ["Ana", "Bob", "Cyd"]
    game = Game.new(rules, players, seed=11)
    rng = random.Random(11)
    for turn in range(150):
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            break
        seat = game.current
        view = game.view(seat)
        hand = render_hand(view, sort="rank", theme="four-colour", lang="fr")
        shown = [view.hand[i] for i in sorted_hand(view.hand, "rank")]
        cards = [piece for piece in shown if isinstance(piece, Card)]
        tiles = [piece for piece in shown if isinstance(piece, Tile)]
        assert (format_tiles(tiles) if tiles else format_cards(cards, "fr")) in hand.alt
        if turn % 4 == 0:
            decode(render_table(view))
        game.apply(seat, choose_action(view, rules, "easy", rng))
    public = game.public_view()
    decode(render_table(public, theme="dark"))
    scores = render_scores(public)
    decode(scores)
    if public.rounds:
        assert "Round 1: " in scores.alt
