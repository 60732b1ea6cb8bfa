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

from collections.abc import Iterator, Sequence
from itertools import combinations

from engine.cards.card import JOKER, Card, Suit
from engine.cards.melds import HIGH_ACE, MeldShape, classify
from engine.errors import IllegalMeld
from engine.rules import RuleSet

MOST_CARDS = 30  # beyond this many picked cards no split is searched (no hand holds more)
# Candidate melds the search may try: dealt hands' picks need under 100 (3,000 seeded), a
# pick of one suit's run with three or four jokers ~5,000 (~25 ms: the bot searches off
# its event loop); past this bound (hands far larger than the rules deal) no split is
# proposed, and the Meld button still plays the picks.
MOST_TRIES = 20_000


def split_melds(cards: Sequence[Card], rules: RuleSet) -> tuple[MeldShape, ...] | None:
    """``cards`` laid out as valid melds, each card in exactly one: the split with the
    highest opening count (then the fewest melds; then the first found, the same for the
    same cards in any order). None when there is none (no cards, too many, or some card
    that fits no meld with the others, or a search past :data:`MOST_TRIES`).

    A joker stands in a run where no picked card of that rank is, or for at most one
    picked card that then goes into another meld; where the joker limits allow it, every
    split is found."""
    if not cards or len(cards) > MOST_CARDS:
        return None
    search = _Search(rules)
    try:
        best = search.best(tuple(sorted(_code(card) for card in cards)))
    except _TooLong:
        return None
    return None if best is None else best[1]


class _TooLong(Exception):
    """The search tried more than :data:`MOST_TRIES` candidate melds."""


_Best = tuple[tuple[int, int], tuple[MeldShape, ...]] | None  # ((count, -melds), melds)
_JOKER = 127  # a joker's code: after every card (the search takes the first card left)
_SUITS = list(Suit)


def _code(card: Card) -> int:
    """A card as a small number (hashed fast, sorted by suit then rank, jokers last)."""
    if card.is_joker:
        return _JOKER
    assert card.suit is not None
    return _SUITS.index(card.suit) * 16 + card.rank


def _card(code: int) -> Card:
    return JOKER if code == _JOKER else Card(code % 16, _SUITS[code // 16])


class _Search:
    """One split's search: the best split of each rest met (a rest: the codes of the
    cards left, sorted), and each candidate meld's shape, classified once."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.memo: dict[tuple[int, ...], _Best] = {}
        self.shapes: dict[tuple[int, ...], MeldShape | None] = {}
        self.tries = 0

    def shape(self, meld: tuple[int, ...]) -> MeldShape | None:
        if meld not in self.shapes:
            try:
                self.shapes[meld] = classify([_card(code) for code in meld], self.rules)
            except IllegalMeld:
                self.shapes[meld] = None
        return self.shapes[meld]

    def best(self, rest: tuple[int, ...]) -> _Best:
        if not rest:
            return ((0, 0), ())
        if rest in self.memo:
            return self.memo[rest]
        found: _Best = None
        pivot = rest[0]
        if pivot != _JOKER:  # jokers alone make no meld
            for meld in dict.fromkeys(_melds_with(pivot, rest)):
                self.tries += 1
                if self.tries > MOST_TRIES:
                    raise _TooLong
                shape = self.shape(meld)
                if shape is None:
                    continue
                left = list(rest)
                for code in meld:
                    left.remove(code)
                after = self.best(tuple(left))
                if after is None:
                    continue
                (value, fewer), melds = after
                score = (value + shape.value, fewer - 1)
                if found is None or score > found[0]:
                    found = (score, (shape, *melds))
        self.memo[rest] = found
        return found


def _melds_with(pivot: int, rest: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every group and run of ``rest`` holding ``pivot`` (``rest[0]``), written in an
    order :func:`~engine.cards.melds.classify` reads; some may break a rule."""
    others = rest[1:]
    jokers = others.count(_JOKER)
    suit, rank = divmod(pivot, 16)
    mates = sorted({c for c in others if c != _JOKER and c % 16 == rank and c // 16 != suit})
    for size in range(len(mates) + 1):
        for chosen in combinations(mates, size):
            for wild in range(jokers + 1):
                if 3 <= 1 + size + wild <= 4:
                    yield (pivot, *chosen, *[_JOKER] * wild)
    ranks = {c % 16 for c in others if c != _JOKER and c // 16 == suit}
    if 1 in ranks or rank == 1:
        ranks.add(HIGH_ACE)
    ranks.add(rank)
    places = [rank] + ([HIGH_ACE] if rank == 1 else [])
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


def _runs(pivot: int, place: int, low: int, high: int, ranks: set[int],
          spare: int) -> Iterator[tuple[int, ...]]:
    """The run from ``low`` to ``high`` in the pivot's suit, the pivot at ``place``: a
    picked card where there is one, else a joker; and, with a ``spare`` joker, the same
    with one picked card left to another meld, a joker in its place."""
    base = pivot // 16 * 16

    def card(rank: int, wild: bool) -> int:
        if rank == place:
            return pivot
        if wild or rank not in ranks:
            return _JOKER
        return base + (1 if rank == HIGH_ACE else rank)

    yield tuple(card(r, False) for r in range(low, high + 1))
    if spare:
        for freed in range(low, high + 1):
            if freed != place and freed in ranks:
                yield tuple(card(r, r == freed) for r in range(low, high + 1))
