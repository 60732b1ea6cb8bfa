"""Candidate actions of a card round, for ``legal_moves`` (random players, tests, hints).

The candidates are simple: both draws, every discard, every single-card lay-off and joker
swap, and the melds found in the hand (groups, runs, each with at most one joker); before
the opening, a greedy set of disjoint melds that reaches the minimum. The round keeps only
the legal ones; this module never decides legality itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.card import JOKER, Card, Suit
from engine.cards.melds import MeldShape, classify, joker_to_swap, touches
from engine.errors import IllegalMeld
from engine.rules import RuleSet
from engine.views import Phase

if TYPE_CHECKING:
    from engine.cards.state import CardState

Candidate = Draw | Meld | LayOff | SwapJoker | Discard


def candidate_moves(state: CardState) -> list[Candidate]:
    """Actions worth trying for the current seat (some may be illegal)."""
    if state.phase is Phase.DRAW:
        return [Draw("stock"), Draw("discard")]
    hand = state.hands[state.current]
    distinct = list(dict.fromkeys(hand))
    moves: list[Candidate] = []
    opened = state.opened[state.current]
    minimum = 0 if opened else state.rules.opening_for(state.seats)
    moves.extend(Meld(melds) for melds in meld_options(hand, state.rules, minimum))
    for index, (shape, _) in enumerate(state.table):
        has_joker = JOKER in shape.cards
        for card in distinct:
            if touches(shape, card):
                moves.append(LayOff((card,), index))
            if has_joker and card.rank and joker_to_swap(shape, card) is not None:
                moves.append(SwapJoker(card, index))
    if state.must_lay:
        melds = [shape.cards for shape, _ in state.table]
        moves.extend(place for place in joker_places(hand, melds) if place not in moves)
    moves.extend(Discard(card) for card in distinct)
    return moves


def joker_places(hand: Sequence[Card], melds: Sequence[Sequence[Card]]) -> list[LayOff | Meld]:
    """Every action that would lay a joker of ``hand`` (legal or not), in this order: the
    joker alone on each meld; with one card of the hand on a meld of that card's suit (a
    run where the joker alone would break a joker limit, ``5♦ JK 7♦`` + ``8♦ JK``); in a
    new meld with two other cards of the hand. Where these all fail, so does any other
    way (a longer new meld holding the joker holds a valid trio of these, a longer lay-off
    a valid one with one card), so they answer whether a won joker can still be laid."""
    if JOKER not in hand:
        return []
    reals = sorted({card for card in hand if card.rank}, key=lambda c: c.sort_key)
    places: list[LayOff | Meld] = [LayOff((JOKER,), index) for index in range(len(melds))]
    for index, meld in enumerate(melds):
        suits = {card.suit for card in meld if card.rank}
        ranks = {card.rank for card in meld}
        if len(suits) == 1:  # a run, or a lone card with jokers
            places.extend(LayOff((JOKER, card), index) for card in reals
                          if card.suit in suits and card.rank not in ranks)
    places.extend(Meld((trio,)) for trio in joker_trios(hand))
    return places


def joker_trios(hand: Sequence[Card]) -> list[tuple[Card, Card, Card]]:
    """Every way of writing a joker of ``hand`` with two other cards of it (valid or not):
    where a won joker could be laid as a new meld."""
    if JOKER not in hand:
        return []
    others = sorted(set(hand) - {JOKER}, key=lambda c: c.rank)
    if hand.count(JOKER) > 1:
        others.append(JOKER)
    trios: list[tuple[Card, Card, Card]] = []
    for i, low in enumerate(others):
        for high in others[i + 1 :]:
            trios.extend(((low, high, JOKER), (low, JOKER, high), (JOKER, low, high)))
    return trios


def hand_melds(hand: list[Card], rules: RuleSet) -> list[MeldShape]:
    """Valid melds found in ``hand``: groups and runs of real cards, and the same with
    one joker filling a place (a missing suit, a gap or an end)."""
    reals = sorted({card for card in hand if card.rank}, key=lambda c: c.sort_key)
    joker = JOKER in hand
    found: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[Suit, list[Card]] = {}
    for card in reals:
        by_rank.setdefault(card.rank, []).append(card)
        assert card.suit is not None
        by_suit.setdefault(card.suit, []).append(card)
    for cards in by_rank.values():
        if len(cards) >= 3:
            found.append(tuple(cards))
            if len(cards) == 4:
                found.extend(tuple(c for c in cards if c != skip) for skip in cards)
        if joker and len(cards) >= 2:
            found.append((cards[0], cards[1], JOKER))
    for suited in by_suit.values():
        ranks = {card.rank: card for card in suited}
        if 1 in ranks:
            ranks[14] = ranks[1]
        for low in range(1, 13):
            window = [ranks.get(rank) for rank in range(low, low + 3)]
            holes = window.count(None)
            if holes == 0:
                found.append(tuple(c for c in window if c is not None))
            elif holes == 1 and joker:
                found.append(tuple(c if c is not None else JOKER for c in window))
        found.extend(_long_runs(ranks))
    shapes = []
    for meld in found:
        try:
            shapes.append(classify(meld, rules))
        except IllegalMeld:
            continue
    return shapes


def _long_runs(ranks: dict[int, Card]) -> list[tuple[Card, ...]]:
    """The stretches of 4+ consecutive ranks (a high ace as 14)."""
    runs = []
    streak: list[Card] = []
    for rank in range(1, 16):
        card = ranks.get(rank)
        if card is not None:
            streak.append(card)
            continue
        if len(streak) >= 4:
            runs.append(tuple(streak))
        streak = []
    return runs


def meld_options(
    hand: list[Card], rules: RuleSet, minimum: int
) -> list[tuple[tuple[Card, ...], ...]]:
    """Meld actions to try: each single meld, and (before an opening with a minimum) the
    best disjoint set found greedily, highest counts first."""
    shapes = hand_melds(hand, rules)
    options: list[tuple[tuple[Card, ...], ...]] = [
        (shape.cards,) for shape in shapes if shape.value >= minimum
    ]
    if minimum and shapes:
        left = Counter(hand)
        chosen: list[tuple[Card, ...]] = []
        total = 0
        for shape in sorted(shapes, key=lambda s: -s.value):
            need = Counter(shape.cards)
            if all(left[card] >= count for card, count in need.items()):
                left -= need
                chosen.append(shape.cards)
                total += shape.value
                if total >= minimum:
                    options.append(tuple(chosen))
                    break
    return options
