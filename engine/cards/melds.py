"""Pure meld helpers: classify a meld, say what each joker stands for, extend a meld.

Glossary (the words of ``VARIANTS.md``):

- *group*: 3 or 4 cards of one rank, every suit different;
- *run*: 3 or more consecutive cards of one suit, written from low to high; the ace is
  low (A-2-3) and, where the rules allow, high (Q-K-A); a run never wraps (K-A-2);
- *joker*: stands for one precise card. In a run it follows from its place (the player's
  order decides at either end); in a group it stands for one of the missing suits;
- *opening count*: what a meld is worth towards the opening minimum: 2–10 face value,
  J/Q/K 10, a joker the value of the card it stands for, the ace as ``rules.ace_opening``
  says: always 1, always 11 (rami51: A-2-3 counts 16), or by its place, 1 in A-2-3 and 11
  in Q-K-A or a group of aces (1 where the ace is low only).

Nothing here changes state: the functions take cards and a rule set and return values
or raise :class:`~engine.errors.IllegalMeld` saying why.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.cards.card import JOKER, KING, Card, CardsText, RankText, Suit
from engine.errors import IllegalMeld
from engine.rules import AceOpening, JokerLimit, RuleSet

HIGH_ACE = 14  # the rank an ace takes after a king


class MeldKind(enum.StrEnum):
    RUN = "run"
    GROUP = "group"


@dataclass(frozen=True, slots=True)
class MeldShape:
    """A valid meld as it lies on the table."""

    kind: MeldKind
    cards: tuple[Card, ...]  # table order: a run from low to high, a group as written
    stands_for: tuple[Card | None, ...]  # per position: the card a joker stands for
    rank: int  # group: its rank; run: the rank of its first position (14: high ace)
    suit: Suit | None  # a run's suit; None for a group
    value: int  # opening count

    @property
    def jokers(self) -> int:
        return sum(1 for card in self.cards if card.rank == 0)

    @property
    def top(self) -> int:
        """A run's last rank (14 for a high ace); a group's rank."""
        return self.rank + len(self.cards) - 1 if self.kind is MeldKind.RUN else self.rank


def rank_points(rank: int, rules: RuleSet, *, run: bool = False) -> int:
    """Opening count of a position of ``rank`` (14: an ace after a king) in a group, or in
    a run with ``run`` (there an ace of rank 1 starts it: A-2-3)."""
    if rank != 1 and rank < HIGH_ACE:
        return 10 if rank > 10 else rank
    ace = rules.ace_opening
    if ace is not AceOpening.BY_PLACE:
        return 11 if ace is AceOpening.ELEVEN else 1
    if rank == HIGH_ACE:
        return 11
    return 1 if run or not rules.ace_high else 11


def hand_points(card: Card, rules: RuleSet) -> int:
    """What ``card`` costs left in a hand at the end of a round."""
    rank = card.rank
    if rank == 0:
        return rules.joker_hand_value
    if rank == 1:
        return rules.ace_hand_value
    return 10 if rank > 10 else rank


def hand_value(cards: Sequence[Card], rules: RuleSet) -> int:
    """The end-of-round value of a hand."""
    return sum(hand_points(card, rules) for card in cards)


def classify(cards: Sequence[Card], rules: RuleSet) -> MeldShape:
    """The meld the cards form, written in order (a run may also be written high to low;
    a run without jokers may be written in any order).

    Raises:
        IllegalMeld: the cards form no valid meld under ``rules``; the code and message
            say why (``meld.too_short``, ``meld.run_suit``, ``meld.gap``, ``meld.wrap``,
            ``meld.group_suit``, ``meld.jokers_one``, ``meld.jokers_adjacent``…).
    """
    n = len(cards)
    if n < 3:
        raise IllegalMeld("meld.too_short", cards=CardsText(tuple(cards)))
    reals = [card for card in cards if card.rank]
    if not reals:
        raise IllegalMeld("meld.only_jokers", cards=CardsText(tuple(cards)))
    first = reals[0]
    if all(card.rank == first.rank for card in reals):
        if len(reals) == 1:
            try:
                shape = _run(cards, rules)
            except IllegalMeld:
                shape = _group(cards, rules)
        else:
            shape = _group(cards, rules)
    elif all(card.suit is first.suit for card in reals):
        shape = _run(cards, rules)
    elif len({card.rank for card in reals}) == len(reals):
        odd = next(card for card in reals if card.suit is not first.suit)
        suit = first.suit.symbol if first.suit is not None else ""
        raise IllegalMeld("meld.run_suit", card=CardsText((odd,)), suit=suit)
    else:
        raise IllegalMeld("meld.mixed", cards=CardsText(tuple(cards)))
    check_jokers(shape, rules)
    return shape


def meld_value(cards: Sequence[Card], rules: RuleSet) -> int:
    """The opening count of one meld written in order (see :func:`classify`).

    Raises:
        IllegalMeld: the cards form no valid meld; the message says why.
    """
    return classify(cards, rules).value


def check_jokers(shape: MeldShape, rules: RuleSet) -> None:
    """Check the variant's limit on jokers in one meld.

    Raises:
        IllegalMeld: ``meld.jokers_one``, ``meld.jokers_minority`` or ``meld.jokers_adjacent``.
    """
    jokers = shape.jokers
    if not jokers:
        return
    limit = rules.meld_jokers
    if limit is JokerLimit.ONE and jokers > 1:
        raise IllegalMeld("meld.jokers_one", count=jokers)
    if limit is JokerLimit.MINORITY:
        if 2 * jokers >= len(shape.cards):
            raise IllegalMeld("meld.jokers_minority", count=jokers, size=len(shape.cards))
        cards = shape.cards
        for left, right in itertools.pairwise(cards):
            if left.rank == 0 and right.rank == 0:
                raise IllegalMeld("meld.jokers_adjacent")


def _group(cards: Sequence[Card], rules: RuleSet) -> MeldShape:
    if len(cards) > 4:
        raise IllegalMeld("meld.group_too_long", size=len(cards))
    suits: list[Suit] = []
    rank = 0
    for card in cards:
        if card.suit is not None:
            if card.suit in suits:
                raise IllegalMeld("meld.group_suit", card=CardsText((card,)))
            suits.append(card.suit)
            rank = card.rank
    missing = [suit for suit in Suit if suit not in suits]
    stands: list[Card | None] = []
    for card in cards:
        stands.append(Card(rank, missing.pop(0)) if card.rank == 0 else None)
    value = len(cards) * rank_points(rank, rules)
    return MeldShape(MeldKind.GROUP, tuple(cards), tuple(stands), rank, None, value)


def _run(cards: Sequence[Card], rules: RuleSet) -> MeldShape:
    seen: set[int] = set()
    for card in cards:
        if card.rank:
            if card.rank in seen:
                raise IllegalMeld("meld.run_duplicate", card=CardsText((card,)))
            seen.add(card.rank)
    if len(seen) == len(cards):  # no joker: any order will do
        if {1, 2, 13} <= seen and len(seen) < 13:
            raise IllegalMeld("meld.wrap")
        order = sorted(cards, key=_run_sort_key(seen, rules.ace_high))
        return run_in_order(order, rules)
    try:
        return run_in_order(cards, rules)
    except IllegalMeld as error:
        try:
            return run_in_order(cards[::-1], rules)
        except IllegalMeld:
            raise error from None


def _run_sort_key(ranks: set[int], ace_high: bool) -> Callable[[Card], int]:
    ace_last = 13 in ranks and 2 not in ranks  # where the ace is low only, run_in_order says so
    return lambda card: HIGH_ACE if ace_last and card.rank == 1 else card.rank


def run_in_order(cards: Sequence[Card], rules: RuleSet) -> MeldShape:
    """The run formed by ``cards`` exactly as ordered, low to high.

    Raises:
        IllegalMeld: not a run in that order (gap, wrap, wrong suit, ends past the ace…).
    """
    n = len(cards)
    if n < 3:
        raise IllegalMeld("meld.too_short", cards=CardsText(tuple(cards)))
    if n > 13:
        raise IllegalMeld("meld.too_long", size=n)
    start = 0
    suit: Suit | None = None
    prev_rank = prev_index = 0
    has_two = any(card.rank == 2 for card in cards)
    for index, card in enumerate(cards):
        rank = card.rank
        if not rank:
            continue
        if suit is None:
            suit = card.suit
        elif card.suit is not suit:
            raise IllegalMeld("meld.run_suit", card=CardsText((card,)),
                              suit=str(suit and suit.symbol))
        if rank == 1 and index > 0:
            if has_two:
                raise IllegalMeld("meld.wrap" if prev_rank else "meld.below_ace")
            if not rules.ace_high:
                raise IllegalMeld("meld.ace_low")
            rank = HIGH_ACE
        if prev_rank:
            if prev_rank == HIGH_ACE:
                raise IllegalMeld("meld.wrap")
            if rank <= prev_rank:
                raise IllegalMeld("meld.order", card=CardsText((card,)))
            if rank - prev_rank != index - prev_index:
                raise IllegalMeld("meld.gap", low=RankText(prev_rank), high=RankText(rank))
        else:
            start = rank - index
        prev_rank, prev_index = rank, index
    top = start + n - 1
    if start < 1:
        raise IllegalMeld("meld.below_ace")
    if top > (HIGH_ACE if rules.ace_high else 13):
        raise IllegalMeld("meld.above_top", top=RankText(HIGH_ACE if rules.ace_high else KING))
    assert suit is not None
    stands: list[Card | None] = []
    value = 0
    for index, card in enumerate(cards):
        rank = start + index
        value += rank_points(rank, rules, run=True)
        if card.rank:
            stands.append(None)
        else:
            stands.append(Card(1 if rank == HIGH_ACE else rank, suit))
    return MeldShape(MeldKind.RUN, tuple(cards), tuple(stands), start, suit, value)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where laid-off cards go: ``before`` the run's first card, ``after`` its last (a
    group takes every card ``after``), and the meld that results."""

    before: tuple[Card, ...]
    after: tuple[Card, ...]
    meld: MeldShape


def place(shape: MeldShape, cards: Sequence[Card], rules: RuleSet) -> Placement:
    """Where ``cards`` go when laid off on the meld, and the meld that results.

    On a run the cards keep the order written: the first ones may go before the run and the
    rest after it; where both are possible (a lone joker, an ace on 2…K) the cards go at the
    high end. Cards without a joker may be written in any order; cards with a joker may
    also be written high to low (``8♥ JK`` on 4-5-6♥ puts the joker on 7).

    Raises:
        IllegalMeld: the cards do not fit the meld (``meld.no_fit`` or the joker limit).
    """
    if not cards:
        raise IllegalMeld("meld.no_fit", cards="")
    if shape.kind is MeldKind.GROUP:
        rank = shape.rank
        if any(card.rank and card.rank != rank for card in cards):
            raise IllegalMeld("meld.no_fit", cards=CardsText(tuple(cards)))
        grown = _group((*shape.cards, *cards), rules)
        check_jokers(grown, rules)
        return Placement((), tuple(cards), grown)
    orders = [tuple(cards)]
    if all(card.rank for card in cards):
        ordered = tuple(sorted(cards, key=lambda c: c.rank))
        if ordered != orders[0]:
            orders.append(ordered)
        if any(card.rank == 1 for card in cards):  # a high ace goes last
            orders.append(tuple(sorted(cards, key=lambda c: c.rank if c.rank != 1 else HIGH_ACE)))
    elif len(cards) > 1:
        orders.append(tuple(reversed(cards)))  # written high to low, as runs may be
    joker_error: IllegalMeld | None = None
    for order in orders:
        for cut in range(len(order) + 1):
            candidate = (*order[:cut], *shape.cards, *order[cut:])
            try:
                grown = run_in_order(candidate, rules)
            except IllegalMeld:
                continue
            try:
                check_jokers(grown, rules)
            except IllegalMeld as error:
                joker_error = error
                continue
            return Placement(order[:cut], order[cut:], grown)
    if joker_error is not None:
        raise joker_error
    raise IllegalMeld("meld.no_fit", cards=CardsText(tuple(cards)))


def extend(shape: MeldShape, cards: Sequence[Card], rules: RuleSet) -> MeldShape:
    """The meld once ``cards`` are laid off on it (see :func:`place` for the ends).

    Raises:
        IllegalMeld: the cards do not fit the meld (``meld.no_fit`` or the joker limit).
    """
    return place(shape, cards, rules).meld


def fits(shape: MeldShape, cards: Sequence[Card], rules: RuleSet) -> bool:
    """Whether ``cards`` may be laid off on the meld (see :func:`extend`)."""
    try:
        extend(shape, cards, rules)
    except IllegalMeld:
        return False
    return True


def touches(shape: MeldShape, card: Card) -> bool:
    """A quick test: could ``card`` alone be laid off on the meld? (A joker always might;
    :func:`extend` gives the exact answer, joker limits included.)"""
    rank = card.rank
    if rank == 0:
        return True
    if shape.kind is MeldKind.GROUP:
        return rank == shape.rank and all(c.suit is not card.suit for c in shape.cards)
    if card.suit is not shape.suit:
        return False
    high = shape.top + 1
    return rank in (shape.rank - 1, high) or (rank == 1 and high == HIGH_ACE)


def joker_to_swap(shape: MeldShape, card: Card) -> int | None:
    """The position of a joker that ``card`` may replace, or None.

    In a run the card must be exactly the one the joker stands for; in a group a card of
    the group's rank and of any missing suit replaces a joker.
    """
    if card.rank == 0:
        return None
    if shape.kind is MeldKind.RUN:
        for index, stands in enumerate(shape.stands_for):
            if stands == card:
                return index
        return None
    if card.rank != shape.rank or any(c.suit is card.suit for c in shape.cards):
        return None
    return shape.cards.index(JOKER) if JOKER in shape.cards else None


def swap(shape: MeldShape, card: Card, rules: RuleSet) -> MeldShape:
    """The meld once ``card`` has replaced the joker it stands for.

    Raises:
        IllegalMeld: ``meld.no_joker_for`` when no joker of the meld stands for ``card``.
    """
    index = joker_to_swap(shape, card)
    if index is None:
        raise IllegalMeld("meld.no_joker_for", card=CardsText((card,)))
    cards = (*shape.cards[:index], card, *shape.cards[index + 1 :])
    if shape.kind is MeldKind.RUN:
        return run_in_order(cards, rules)
    return _group(cards, rules)


def restore(cards: Sequence[Card], kind: MeldKind, rules: RuleSet) -> MeldShape:
    """The meld of ``kind`` lying in exactly this table order (for saved games).

    Raises:
        IllegalMeld: the cards do not form that meld under ``rules``.
    """
    shape = run_in_order(cards, rules) if kind is MeldKind.RUN else _group(cards, rules)
    if kind is MeldKind.GROUP and len(cards) < 3:
        raise IllegalMeld("meld.too_short", cards=CardsText(tuple(cards)))
    if not any(card.rank for card in cards):
        raise IllegalMeld("meld.only_jokers", cards=CardsText(tuple(cards)))
    check_jokers(shape, rules)
    return shape
