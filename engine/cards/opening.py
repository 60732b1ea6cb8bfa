"""The cards a player picked split into melds (the opening a hand proposes:
:mod:`engine.opening`).

Glossary (the words of ``VARIANTS.md``):

- *split*: the picked cards laid out as melds, every card in exactly one meld;
- *opening count*: what the melds are worth towards the opening minimum
  (:func:`engine.cards.melds.classify` counts each one).

:func:`split_melds` finds the split worth the most (the search takes the first card left,
tries every group and run holding it, and goes on with the rest, remembering what a rest
is worth). Nothing here changes state; the round judges the opening when it is played
(``Meld(melds)``, one action laying every meld at once).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from engine.cards.card import JOKER, Card
from engine.cards.melds import HIGH_ACE, MeldShape, classify
from engine.errors import IllegalMeld
from engine.rules import RuleSet

MOST_CARDS = 30  # beyond this many picked cards no split is searched (no hand holds more)


def split_melds(cards: Sequence[Card], rules: RuleSet) -> tuple[MeldShape, ...] | None:
    """``cards`` laid out as valid melds, each card in exactly one: the split with the
    highest opening count (then the fewest melds; then the first found, the same for the
    same cards in any order). None when there is none (no cards, too many, or some card
    that fits no meld with the others).

    A joker stands in a run where no picked card of that rank is, or for at most one
    picked card that then goes into another meld; where the joker limits allow it, every
    split is found."""
    if not cards or len(cards) > MOST_CARDS:
        return None
    memo: dict[tuple[Card, ...], _Best] = {}
    best = _best(tuple(sorted(cards, key=_order)), rules, memo)
    return None if best is None else best[1]


_Best = tuple[tuple[int, int], tuple[MeldShape, ...]] | None  # ((count, -melds), melds)


def _order(card: Card) -> tuple[int, int, int]:
    """Jokers last; then by suit and rank (the search takes the first card left)."""
    if card.is_joker:
        return (1, 0, 0)
    assert card.suit is not None
    return (0, list(type(card.suit)).index(card.suit), card.rank)


def _best(rest: tuple[Card, ...], rules: RuleSet,
          memo: dict[tuple[Card, ...], _Best]) -> _Best:
    if not rest:
        return ((0, 0), ())
    if rest in memo:
        return memo[rest]
    found: _Best = None
    pivot = rest[0]
    if not pivot.is_joker:  # jokers alone make no meld
        for meld in dict.fromkeys(_melds_with(pivot, rest)):
            try:
                shape = classify(meld, rules)
            except IllegalMeld:
                continue
            left = Counter(rest)
            left.subtract(meld)
            after = _best(tuple(c for c in rest if _take(left, c)), rules, memo)
            if after is None:
                continue
            (value, fewer), melds = after
            score = (value + shape.value, fewer - 1)
            if found is None or score > found[0]:
                found = (score, (shape, *melds))
    memo[rest] = found
    return found


def _take(left: Counter[Card], card: Card) -> bool:
    """Whether ``card`` is still left (counting it off): the rest keeps its order."""
    if left[card] > 0:
        left[card] -= 1
        return True
    return False


def _melds_with(pivot: Card, rest: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
    """Every group and run of ``rest`` holding ``pivot`` (``rest[0]``), written in an
    order :func:`~engine.cards.melds.classify` reads; some may break a rule."""
    others = rest[1:]
    jokers = others.count(JOKER)
    suits = {c.suit: c for c in others if c.rank == pivot.rank and c.suit is not pivot.suit}
    mates = list(suits.values())
    for size in range(len(mates) + 1):
        for chosen in combinations(mates, size):
            for wild in range(jokers + 1):
                if 3 <= 1 + size + wild <= 4:
                    yield (pivot, *chosen, *[JOKER] * wild)
    ranks = {c.rank for c in others if c.suit is pivot.suit}
    if 1 in ranks or pivot.rank == 1:
        ranks.add(HIGH_ACE)
    ranks.add(pivot.rank)
    places = [pivot.rank] + ([HIGH_ACE] if pivot.rank == 1 else [])
    for place in places:
        for low in range(max(1, place - 12), place + 1):
            below = sum(1 for r in range(low, place) if r not in ranks)
            if below > jokers:
                continue
            holes = below
            for high in range(place, min(HIGH_ACE, low + 12) + 1):
                if high > place and high not in ranks:
                    holes += 1
                if holes > jokers:
                    break  # a longer run has more holes still
                if high >= low + 2:
                    yield from _runs(pivot, place, low, high, ranks, jokers - holes)


def _runs(pivot: Card, place: int, low: int, high: int, ranks: set[int],
          spare: int) -> Iterator[tuple[Card, ...]]:
    """The run from ``low`` to ``high`` in the pivot's suit, the pivot at ``place``: a
    picked card where there is one, else a joker; and, with a ``spare`` joker, the same
    with one picked card left to another meld, a joker in its place."""
    suit = pivot.suit
    assert suit is not None

    def card(rank: int, wild: bool) -> Card:
        if rank == place:
            return pivot
        if wild or rank not in ranks:
            return JOKER
        return Card(1 if rank == HIGH_ACE else rank, suit)

    yield tuple(card(r, False) for r in range(low, high + 1))
    if spare:
        for freed in range(low, high + 1):
            if freed != place and freed in ranks:
                yield tuple(card(r, r == freed) for r in range(low, high + 1))
