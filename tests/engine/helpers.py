"""Helpers of the engine tests: exact deals, short card notation, turns, a random player.

(A uniquely named module: every tests/ folder has its own ``conftest``.)
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import re
from collections.abc import Iterator, Sequence

import pytest

from engine import (
    Card,
    Game,
    IllegalMove,
    RuleSet,
    Suit,
    parse_cards,
    register_variant,
    unregister_variant,
    variant,
    variant_names,
)
from engine.actions import Action
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.stacked import stacked_deck
from engine.rules import Kind
from engine.views import Phase

CARD_VARIANTS = tuple(name for name in variant_names() if variant(name).kind is Kind.CARDS)
# A variant made only of parameters: Rami 51 opened at 40, one deck and two jokers.
RAMI40 = dataclasses.replace(
    variant("rami51"), name="rami40", decks=1, jokers=2, max_players=4,
    hand_sizes=((2, 10), (3, 10), (4, 10)), opening_minimum=40, opening_minimum_two_players=40)


# The game's English vocabulary, to find English left in a French text (the catalog, the
# pictures). Words that French writes the same are left out: table, score, joker, points,
# total, match, pile, sort (« on ne sort »), stock, set…
ENGLISH_WORDS = frozenset({
    "draw", "drew", "drawn", "discard", "discards", "discarded", "meld", "melds", "melded",
    "hand", "hands", "round", "rounds", "turn", "turns", "card", "cards", "tile", "tiles", "rack",
    "pool", "deck", "player", "players", "winner", "wins", "won", "lost", "opened", "opening",
    "lay", "layoff", "laid", "swap", "swapped", "run", "runs", "group", "groups", "ace", "aces",
    "jack", "queen", "king", "clubs", "spades", "hearts", "diamonds", "easy", "medium", "hard",
    "level", "computer", "cpu", "you", "your", "yours", "the", "and", "with", "of", "to", "is",
    "are", "not", "in", "for", "from", "this", "pass", "passed", "undo", "reset", "confirm",
    "split", "move", "new", "add", "play", "played", "front", "replacing", "hint", "arrange",
    "quit", "exit", "help", "picture", "pictures", "join", "leave", "start", "cancel", "end",
    "back", "classic", "rummy", "lobby", "leaderboard", "stars", "seat", "seats", "sheet",
    "board", "went", "out", "blocked", "dealt", "deal",
})
_COMMAND_LINE = re.compile(r"rummy-bot \w+|--[\w-]+")  # a command line, the same everywhere


def english_words(text: str) -> list[str]:
    """The words of :data:`ENGLISH_WORDS` in ``text`` (a command line left out)."""
    words = re.findall(r"[^\W\d_]+", _COMMAND_LINE.sub(" ", text))
    return [word for word in words if word.lower() in ENGLISH_WORDS]


@contextlib.contextmanager
def registered(rules: RuleSet, aliases: Sequence[str] = ()) -> Iterator[RuleSet]:
    """``rules`` registered as a variant for the ``with`` block, then removed."""
    register_variant(rules, aliases)
    try:
        yield rules
    finally:
        unregister_variant(rules.name)


def cards(text: str) -> tuple[Card, ...]:
    """``cards("10h qs jk")``: the cards of a short text."""
    return tuple(parse_cards(text))


def card(text: str) -> Card:
    (one,) = parse_cards(text)
    return one


def filler(
    rules: RuleSet, players: int, hands: Sequence[str], reserved: Sequence[Card] = ()
) -> list[tuple[Card, ...]]:
    """Hands of the right size: each given text, topped up with spare cards that make no
    meld (never one of ``reserved``)."""
    size = rules.hand_size(players)
    given = [cards(text) if text else () for text in hands]
    given += [()] * (players - len(given))
    used = [c for hand in given for c in hand] + list(reserved)
    spare = [c for c in _spares(rules) if c not in used]
    result = []
    for hand in given:
        extra = size - len(hand)
        result.append(hand + tuple(spare[:extra]))
        spare = spare[extra:]
    return result


def _spares(rules: RuleSet) -> list[Card]:
    """Cards that make no meld together in any 13 in a row: no aces or jokers, ranks
    spread out, suits turning (checked by a test)."""
    ranks = (2, 9, 4, 11, 6, 13, 8, 3, 10, 5, 12, 7)
    return [
        Card(rank, Suit((index + shift) % 4))
        for _ in range(rules.decks)
        for shift in range(4)
        for index, rank in enumerate(ranks)
    ]


def deal(
    name: str | RuleSet,
    hands: Sequence[str],
    discard: str | None = None,
    stock: str = "",
    players: int | None = None,
    seed: int = 1,
) -> Game:
    """A game whose first round deals ``hands`` (seat 0 first, topped up with spare cards),
    starts the discard pile with ``discard`` and puts ``stock`` on top of the stock."""
    rules = variant(name) if isinstance(name, str) else name
    count = players or max(2, len(hands))
    top = card(discard) if discard else None
    stock_cards = list(cards(stock)) if stock else []
    full = filler(rules, count, hands, stock_cards + ([top] if top else []))
    deck = stacked_deck(rules, full, top, stock_cards)
    return Game.new(rules, [f"p{i}" for i in range(count)], seed, deck=deck)


def random_action(game: Game, rng: random.Random) -> Action:
    """A legal action, chosen at random with a taste for laying cards (so rounds end)."""
    moves = game.legal_moves()
    assert moves, "a seat always has a legal action"
    laying = [m for m in moves if isinstance(m, Meld | LayOff | SwapJoker)]
    if laying and rng.random() < 0.8:
        return rng.choice(laying)
    choice: Action = rng.choice(moves)
    return choice


def play_match(game: Game, rng: random.Random, max_steps: int = 100_000) -> int:
    """Play random legal actions to the end of the match; the number of actions."""
    steps = 0
    while game.outcome() is None:
        if game.phase is Phase.ROUND_OVER:
            game.start_next_round()
            continue
        game.apply(game.current, random_action(game, rng))
        steps += 1
        assert steps < max_steps, "the match does not end"
    return steps


OPENING = "8c 9c 10c jc qc kc"  # 57 points: opens everywhere
SMALL_RUN = "ah 2h 3h 4h 5h 6h"  # 21 points


def act(game: Game, *actions: object) -> None:
    for action in actions:
        game.apply(game.current, action)


def pass_turn(game: Game) -> None:
    """Draw from the stock and discard the card drawn (a joker stays where it may not go)."""
    game.apply(game.current, Draw("stock"))
    view = game.view(game.current)
    drawn = view.drawn
    assert isinstance(drawn, Card)
    if drawn.is_joker and not game.rules.joker_discard:
        drawn = next(c for c in view.hand if isinstance(c, Card) and not c.is_joker)
    game.apply(game.current, Discard(drawn))


def refused(game: Game, action: object, code: str, seat: int | None = None) -> None:
    """``action`` raises IllegalMove with ``code`` and changes nothing."""
    before = game.to_json()
    with pytest.raises(IllegalMove) as caught:
        game.apply(game.current if seat is None else seat, action)
    assert caught.value.code == code
    assert caught.value.message("fr") != caught.value.message("en")
    assert game.to_json() == before


def meld(*texts: str) -> Meld:
    return Meld(tuple(cards(text) for text in texts))
