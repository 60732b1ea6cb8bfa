"""Hand analysis for the card variants: candidate melds and the best partition of a hand.

Glossary: a *partition* splits a hand into melds (groups and runs, jokers included) and
*deadwood*, the loose cards left over. The *best* partition leaves the fewest penalty
points in the hand (ties: the most points laid, which is what an opening counts).

The search works on a multiset of card *codes* (``suit * 13 + rank - 1``) plus a joker
count. It always decides the lowest remaining card first: either it stays loose, or it
goes into a candidate meld whose lowest card it is. Results are memoised per remaining
multiset, so evaluating a hand minus each possible discard shares most of the work.

Which cards form a meld is never decided here: candidates are *generated* from the hand's
shape and then *checked* with the engine's own meld rules (:class:`CardRules`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from engine.cards.card import JOKER, Card, Suit

Code = int  # suit * 13 + rank - 1, 0..51
State = tuple[tuple[Code, ...], int]  # sorted non-joker codes, jokers


def code_of(card: Card) -> Code:
    """The code of a non-joker card."""
    assert card.suit is not None
    return int(card.suit) * 13 + card.rank - 1


_CARDS: tuple[Card, ...] = tuple(Card(code % 13 + 1, Suit(code // 13)) for code in range(52))


def card_of(code: Code) -> Card:
    """The card of a code (one card object per code, shared: cards never change)."""
    return _CARDS[code]


@lru_cache(maxsize=64)
def _points_by_code(rules: CardRules) -> tuple[tuple[int, ...], int]:
    """The penalty of every card by its code, and a joker's, under ``rules`` (made once
    per rule set: a partitioner is made for every decision)."""
    return tuple(rules.points(card) for card in _CARDS), rules.points(JOKER)


@dataclass(frozen=True, slots=True)
class CardRules:
    """What the analysis needs from a variant, as plain functions (built in ``rulesbridge``).

    ``is_meld`` says whether the cards, in the order given, may be laid as one meld;
    ``meld_value`` is what they count towards an opening; ``points`` is a card's
    penalty left in a hand at the end of a round; ``max_jokers`` caps the jokers a
    candidate meld may hold (the engine's rules still have the last word).
    """

    is_meld: Callable[[tuple[Card, ...]], bool]
    meld_value: Callable[[tuple[Card, ...]], int]
    points: Callable[[Card], int]
    ace_high: bool
    max_jokers: int = 2


@dataclass(frozen=True, slots=True)
class Candidate:
    """A meld the hand could lay: its cards in table order, and what it is worth."""

    cards: tuple[Card, ...]
    codes: tuple[Code, ...]  # its non-joker cards, sorted
    jokers: int
    value: int  # opening count
    points: int  # penalty points it takes out of the hand


@dataclass(frozen=True, slots=True)
class Partition:
    """A hand split into melds and loose cards."""

    melds: tuple[Candidate, ...]
    loose: tuple[Card, ...]
    loose_points: int
    value: int  # opening count of the melds

    @property
    def melded_cards(self) -> int:
        return sum(len(meld.cards) for meld in self.melds)


def candidate_melds(
    hand: Sequence[Card], rules: CardRules, base: State | None = None
) -> list[Candidate]:
    """Every group and run the cards of ``hand`` can form (jokers capped), rules-checked.

    With ``base`` (a hand inside ``hand``), only the melds holding at most one card from
    outside it: what the base hand could meld after drawing one card.
    """
    jokers = min(sum(1 for card in hand if card.is_joker), rules.max_jokers)
    real = {code_of(card) for card in hand if not card.is_joker}
    found: dict[tuple[tuple[Code, ...], int], Candidate] = {}
    base_codes = frozenset(base[0]) if base is not None else frozenset(real)
    base_jokers = base[1] if base is not None else jokers

    def offer(cards: tuple[Card, ...]) -> None:
        codes = tuple(sorted(code_of(card) for card in cards if not card.is_joker))
        used = len(cards) - len(codes)
        if not codes:
            return
        outside = sum(1 for code in codes if code not in base_codes)
        if outside + max(0, used - base_jokers) > 1:
            return
        key = (codes, used)
        value = rules.meld_value(cards) if rules.is_meld(cards) else -1
        if value < 0:
            return
        known = found.get(key)
        if known is None or known.value < value:
            points = sum(rules.points(card) for card in cards)
            found[key] = Candidate(cards, codes, used, value, points)

    # Groups: one rank, different suits, 3 or 4 cards.
    for rank in range(1, 14):
        suits = [suit for suit in Suit if int(suit) * 13 + rank - 1 in real]
        for size in range(1, len(suits) + 1):
            for chosen in combinations(suits, size):
                for extra in range(max(0, 3 - size), min(jokers, 4 - size) + 1):
                    if size + extra >= 3:
                        offer(tuple(Card(rank, suit) for suit in chosen) + (JOKER,) * extra)
    # Runs: consecutive ranks of one suit; jokers fill gaps or an end.
    top = 14 if rules.ace_high else 13
    for suit in Suit:
        present = {rank for rank in range(1, 14) if int(suit) * 13 + rank - 1 in real}
        if rules.ace_high and 1 in present:
            present.add(14)
        for low in range(1, top - 1):
            missing = 0
            for high in range(low, min(top, low + 12) + 1):
                if high not in present:
                    missing += 1
                    if missing > jokers:
                        break
                if high - low >= 2 and missing < high - low + 1:
                    offer(
                        tuple(
                            Card(1 if rank == 14 else rank, suit) if rank in present else JOKER
                            for rank in range(low, high + 1)
                        )
                    )
    return sorted(found.values(), key=lambda c: (c.codes, c.jokers))


@dataclass(slots=True)
class Partitioner:
    """Best partitions of a hand and of its sub-hands, sharing one memo.

    Built once per decision from the whole set of cards that may be considered (the
    hand, plus cards that could be drawn); any sub-multiset can then be evaluated. A
    hand is held as two bit masks over the 52 codes (cards held at least once, cards
    held twice) and a joker count, so that checking and removing a meld are a few
    integer operations.
    """

    rules: CardRules
    pool: Sequence[Card]
    prefer_value: bool = False  # rank partitions by opening value first (planning an opening)
    base: Sequence[Card] | None = None  # only melds with at most one card from outside it
    _by_low: dict[Code, list[tuple[int, Candidate]]] = field(init=False)
    _memo: dict[tuple[int, int, int], tuple[int, int, Candidate | None]] = field(init=False)
    _points: tuple[int, ...] = field(init=False)
    _joker_points: int = field(init=False)

    def __post_init__(self) -> None:
        self._by_low = {}
        base = _state_of(self.base) if self.base is not None else None
        for cand in _candidates(_state_of(self.pool), self.rules, base):
            mask = 0
            for code in cand.codes:
                mask |= 1 << code
            self._by_low.setdefault(cand.codes[0], []).append((mask, cand))
        self._memo = {}
        self._points, self._joker_points = _points_by_code(self.rules)

    def best(self, hand: Iterable[Card]) -> Partition:
        """The partition of ``hand`` leaving the fewest penalty points (ties: most value)."""
        once, twice, jokers = _masks(hand)
        melds: list[Candidate] = []
        loose: list[Card] = []
        while once:
            _, _, choice = self._solve(once, twice, jokers)
            if choice is None:
                low = (once & -once).bit_length() - 1
                loose.append(card_of(low))
                once, twice = _take(once, twice, 1 << low)
            else:
                melds.append(choice)
                mask = 0
                for code in choice.codes:
                    mask |= 1 << code
                once, twice = _take(once, twice, mask)
                jokers -= choice.jokers
        loose.extend([JOKER] * jokers)
        points = sum(self.rules.points(card) for card in loose)
        return Partition(tuple(melds), tuple(loose), points, sum(m.value for m in melds))

    def loose_points(self, hand: Iterable[Card]) -> int:
        """Penalty points the best partition of ``hand`` leaves."""
        return self._solve(*_masks(hand))[0]

    def _solve(self, once: int, twice: int, jokers: int) -> tuple[int, int, Candidate | None]:
        key = (once, twice, jokers)
        known = self._memo.get(key)
        if known is not None:
            return known
        if not once:
            result: tuple[int, int, Candidate | None] = (jokers * self._joker_points, 0, None)
            self._memo[key] = result
            return result
        low = (once & -once).bit_length() - 1
        rest_once, rest_twice = _take(once, twice, 1 << low)
        cost, neg_value, _ = self._solve(rest_once, rest_twice, jokers)
        best: tuple[int, int, Candidate | None] = (cost + self._points[low], neg_value, None)
        for mask, cand in self._by_low.get(low, ()):
            if cand.jokers > jokers or mask & ~once:
                continue
            sub_once, sub_twice = _take(once, twice, mask)
            sub_cost, sub_neg, _ = self._solve(sub_once, sub_twice, jokers - cand.jokers)
            option = (sub_cost, sub_neg - cand.value, cand)
            if self._better(option, best):
                best = option
        self._memo[key] = best
        return best

    def _better(
        self, option: tuple[int, int, Candidate | None], best: tuple[int, int, Candidate | None]
    ) -> bool:
        if self.prefer_value:
            return (option[1], option[0]) < (best[1], best[0])
        return (option[0], option[1]) < (best[0], best[1])


def partitioner(
    rules: CardRules,
    pool: Iterable[Card],
    *,
    prefer_value: bool = False,
    base: Sequence[Card] | None = None,
) -> Partitioner:
    """A :class:`Partitioner` for ``pool``, shared with the recent decisions that used the
    same cards (its memo only grows with results that never change)."""
    cards = list(pool)
    return _shared(
        rules, _state_of(cards), prefer_value, _state_of(base) if base is not None else None
    )


@lru_cache(maxsize=64)
def _shared(
    rules: CardRules, pool: State, prefer_value: bool, base: State | None
) -> Partitioner:
    codes, jokers = pool
    cards = [card_of(code) for code in codes] + [JOKER] * jokers
    base_cards = (
        [card_of(code) for code in base[0]] + [JOKER] * base[1] if base is not None else None
    )
    return Partitioner(rules, cards, prefer_value, base_cards)


def _take(once: int, twice: int, mask: int) -> tuple[int, int]:
    """Remove one copy of each card of ``mask`` (all held) from the two masks."""
    return (once & ~mask) | (twice & mask), twice & ~mask


def _masks(hand: Iterable[Card]) -> tuple[int, int, int]:
    once = twice = jokers = 0
    for card in hand:
        if card.is_joker:
            jokers += 1
            continue
        bit = 1 << code_of(card)
        if once & bit:
            twice |= bit
        once |= bit
    return once, twice, jokers


@lru_cache(maxsize=4096)
def _candidates(state: State, rules: CardRules, base: State | None) -> tuple[Candidate, ...]:
    codes, jokers = state
    hand = [card_of(code) for code in codes] + [JOKER] * jokers
    return tuple(candidate_melds(hand, rules, base))


def _state_of(hand: Iterable[Card]) -> State:
    codes: set[Code] = set()
    jokers = 0
    for card in hand:
        if card.is_joker:
            jokers += 1
        else:
            codes.add(code_of(card))
    return tuple(sorted(codes)), jokers


def near_meld_partners(card: Card, others: Iterable[Card]) -> tuple[int, int]:
    """How many of ``others`` could join ``card`` in a group, and in a run (within 2 ranks).

    A card that works for both a group and a run is worth keeping.
    """
    if card.is_joker:
        return (0, 0)
    group = run = 0
    for other in others:
        if other.is_joker or other == card:
            continue
        if other.rank == card.rank:
            group += 1
        elif other.suit == card.suit and abs(other.rank - card.rank) <= 2:
            run += 1
    return group, run
