"""Properties that hold at any point of any game (hypothesis, seeded random play)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import JOKER, Card, Game, IllegalMove, Suit, full_deck, variant
from engine.cards.actions import CardAction, Discard, Draw, LayOff, Meld, SwapJoker
from engine.views import Phase
from tests.engine.helpers import CARD_VARIANTS, random_action

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])  # fmt: skip


@st.composite
def games(draw: st.DrawFn) -> tuple[Game, random.Random]:
    """A game of any card variant and player count, after any number of random actions."""
    name = draw(st.sampled_from(CARD_VARIANTS))
    rules = variant(name)
    players = draw(st.integers(rules.min_players, rules.max_players))
    seed = draw(st.integers(0, 2**32))
    game = Game.new(rules, [f"p{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(draw(st.one_of(st.integers(0, 40), st.integers(100, 800)))):
        if game.outcome() is not None:
            break
        if game.phase is Phase.ROUND_OVER:
            game.start_next_round()
            continue
        game.apply(game.current, random_action(game, rng))
    return game, rng


def _cards() -> st.SearchStrategy[Card]:
    real = st.builds(Card, st.integers(1, 13), st.sampled_from(list(Suit)))
    return st.one_of(real, st.just(JOKER))


def _actions() -> st.SearchStrategy[CardAction]:
    index = st.integers(-1, 6)
    return st.one_of(
        st.builds(Draw, st.sampled_from(["stock", "discard"])),
        st.builds(Discard, _cards()),
        st.builds(LayOff, st.lists(_cards(), min_size=0, max_size=3).map(tuple), index),
        st.builds(SwapJoker, _cards(), index),
        st.builds(Meld, st.lists(st.lists(_cards(), min_size=0, max_size=5).map(tuple),
                                 min_size=0, max_size=3).map(tuple)),
    )  # fmt: skip


@SETTINGS
@given(games())
def test_no_card_is_created_or_lost(state: tuple[Game, random.Random]) -> None:
    game, _ = state
    rules = game.rules
    assert Counter(game.round.all_pieces()) == Counter(full_deck(rules.decks, rules.jokers))
    view = game.public_view()
    in_hands = sum(seat.hand_size for seat in view.seats)
    on_table = sum(len(meld.pieces) for meld in view.melds)
    assert in_hands + on_table + view.stock_size + view.discard_size == rules.deck_size


@SETTINGS
@given(games())
def test_json_round_trip_at_any_point(state: tuple[Game, random.Random]) -> None:
    game, _ = state
    text = game.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text
    assert again.public_view() == game.public_view()
    assert again.outcome() == game.outcome()


@SETTINGS
@given(games(), st.lists(_actions(), min_size=1, max_size=8), st.integers(0, 5))
def test_an_illegal_action_never_changes_the_game(
    state: tuple[Game, random.Random], actions: list[CardAction], seat_shift: int
) -> None:
    game, _ = state
    for action in actions:
        seat = (game.current + seat_shift) % len(game.players)
        before = game.to_json()
        legal = game.is_legal(seat, action)
        try:
            game.apply(seat, action)
        except IllegalMove:
            assert not legal
            assert game.to_json() == before
        else:
            assert legal


@SETTINGS
@given(games())
def test_legal_moves_are_legal_and_never_empty_while_playing(
    state: tuple[Game, random.Random],
) -> None:
    game, _ = state
    moves = game.legal_moves()
    if game.phase in (Phase.DRAW, Phase.PLAY):
        assert moves
    for action in moves:
        trial = game.clone()
        trial.apply(trial.current, action)


@SETTINGS
@given(games(), st.data())
def test_actions_from_the_hand_are_all_or_nothing(
    state: tuple[Game, random.Random], data: st.DataObject
) -> None:
    game, _ = state
    if game.phase is not Phase.PLAY:
        return
    hand = [c for c in game.view(game.current).hand if isinstance(c, Card)]
    tables = max(1, len(game.public_view().melds))
    for _ in range(6):
        picks = data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=6))
        cut = data.draw(st.integers(1, len(picks)))
        action = data.draw(st.sampled_from([
            Meld((tuple(picks),)), Meld((tuple(picks[:cut]), tuple(picks[cut:]))),
            LayOff(tuple(picks[:cut]), data.draw(st.integers(0, tables))),
            SwapJoker(picks[0], data.draw(st.integers(0, tables))), Discard(picks[0]),
        ]))  # fmt: skip
        before = game.to_json()
        try:
            game.apply(game.current, action)
        except IllegalMove:
            assert game.to_json() == before
            continue
        if game.phase is not Phase.PLAY:
            return
        hand = [c for c in game.view(game.current).hand if isinstance(c, Card)]
