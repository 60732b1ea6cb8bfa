"""Which card may end a turn, and whether a hand left after laying cards can still end one.

Pure functions of the rules, shared by the round (:class:`engine.cards.round.CardRound`,
which refuses with these answers) and the computer players (``engine.ai``), so that both
judge a discard alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards.card import Card
from engine.rules import DiscardPick, GoingOut, RuleSet


def may_discard(
    card: Card, hand: Sequence[Card], rules: RuleSet, *, taken: Card | None, acted: bool
) -> bool:
    """Whether ``card`` of ``hand`` may be discarded, ``taken`` being the card taken from
    the discard pile this turn and ``acted`` whether anything was laid or swapped since."""
    return discard_refusal(card, hand, rules, taken=taken, acted=acted) is None


def discard_refusal(
    card: Card, hand: Sequence[Card], rules: RuleSet, *, taken: Card | None, acted: bool
) -> str | None:
    """Why ``card`` of ``hand`` may not be discarded (the code of the refusal:
    ``discard.taken``, ``discard.taken_identical``, ``discard.joker``), or None when it may
    (``taken`` and ``acted`` as :func:`may_discard`'s)."""
    if card == taken and (rules.discard_pick is DiscardPick.KEEP or acted):
        if hand.count(card) == 1:
            return "discard.taken"
        # Cards compare by value: another copy of the card taken (the twin of another
        # deck, another joker) leaves the hand unchanged, like discarding the card itself.
        # Where that is not banned the copy may go (our choice, as before the ban).
        return "discard.taken_identical" if rules.identical_discard_ban else None
    if card.rank == 0 and not rules.joker_discard and len(hand) > 1 and not all(
        other.rank == 0 for other in hand  # our choice: never stuck
    ):
        return "discard.joker"
    return None


def rest_refusal(rest: Sequence[Card], rules: RuleSet, *, taken: Card | None) -> str | None:
    """Why the hand ``rest``, left after laying cards, could not go on (the code of the
    refusal: ``move.out_by_discard``, ``move.nothing_to_discard``), or None when it can:
    an empty hand where going out by laying is allowed, else a card it may discard."""
    if not rest:
        return "move.out_by_discard" if rules.going_out is GoingOut.DISCARD_ONLY else None
    if any(may_discard(card, rest, rules, taken=taken, acted=True) for card in rest):
        return None
    return "move.nothing_to_discard"


def may_take(top: Card, hand: Sequence[Card], rules: RuleSet) -> bool:
    """Whether taking ``top`` from the discard pile leaves ``hand`` a card to discard (with
    identical cards banned, a hand of nothing but copies of ``top`` would have none)."""
    held = [*hand, top]
    return any(may_discard(card, held, rules, taken=top, acted=False) for card in held)
