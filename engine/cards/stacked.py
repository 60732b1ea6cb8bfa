"""A deck stacked to deal chosen hands: for tests, puzzles and bug reports
(``Game.new(..., deck=stacked_deck(...))``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.cards.card import Card, CardsText, full_deck
from engine.errors import RuleError
from engine.rules import RuleSet


def stacked_deck(
    rules: RuleSet,
    hands: Sequence[Sequence[Card]],
    discard: Card | None = None,
    stock: Sequence[Card] = (),
) -> list[Card]:
    """A full deck (top first) that deals exactly ``hands`` (seat 0 first), starts the
    discard pile with ``discard`` and puts ``stock`` on top of the stock; the other cards
    follow in a fixed order. For tests, puzzles and bug reports: ``Game.new(..., deck=)``.

    Raises:
        RuleError: a hand is not of the variant's size, or a card is not in the deck
            (or asked for more often than the deck holds it).
    """
    size = rules.hand_size(len(hands))
    if any(len(hand) != size for hand in hands):
        raise RuleError("round.stacked_hand", count=size)
    left = Counter(full_deck(rules.decks, rules.jokers))
    wanted = [card for hand in hands for card in hand] + list(stock)
    wanted += [discard] if discard is not None else []
    for card in wanted:
        if left[card] <= 0:
            raise RuleError("round.stacked_card", card=CardsText((card,)))
        left[card] -= 1
    rest = list(left.elements())
    order = [hands[index % len(hands)][index // len(hands)] for index in range(size * len(hands))]
    order.append(discard if discard is not None else rest.pop(0))
    return order + list(stock) + rest
