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
    if card == taken and (rules.discard_pick is DiscardPick.KEEP or acted):
        # Our choice: with two identical cards (two decks) the other copy may go.
        return hand.count(card) > 1
    if card.rank == 0 and not rules.joker_discard and len(hand) > 1:
        return all(other.rank == 0 for other in hand)  # our choice: never stuck
    return True


def rest_refusal(rest: Sequence[Card], rules: RuleSet, *, taken: Card | None) -> str | None:
    """Why the hand ``rest``, left after laying cards, could not go on (the code of the
    refusal: ``move.out_by_discard``, ``move.nothing_to_discard``), or None when it can:
    an empty hand where going out by laying is allowed, else a card it may discard."""
    if not rest:
        return "move.out_by_discard" if rules.going_out is GoingOut.DISCARD_ONLY else None
    if any(may_discard(card, rest, rules, taken=taken, acted=True) for card in rest):
        return None
    return "move.nothing_to_discard"
