"""The points of a finished card round: a player went out, or the stock ran out for good.

Pure functions of the rules and the hands left (``VARIANTS.md``, "round scoring" and
"round end, stock empty"); :class:`engine.cards.round.CardRound` records what they return.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards.card import Card
from engine.cards.melds import hand_value
from engine.rules import RuleSet, Scoring, StockEnd


def went_out_points(
    rules: RuleSet, hands: Sequence[Sequence[Card]], winner: int, opened: Sequence[bool],
    rami_sec: bool,
) -> tuple[int, ...]:  # fmt: skip
    """Each seat's points when ``winner`` emptied their hand (``rami_sec``: in the turn of
    their opening): the winner collects the other hands (classic), or each other seat
    scores its hand, the never-melded penalty instead where it applies, times the rami sec
    multiplier."""
    points = [0] * len(hands)
    for seat, hand in enumerate(hands):
        if seat == winner:
            continue
        value = hand_value(hand, rules)
        if rules.scoring is Scoring.WINNER_COLLECTS:
            points[winner] += value
            continue
        if not opened[seat] and rules.never_melded_penalty:
            value = rules.never_melded_penalty_rami_sec if rami_sec else rules.never_melded_penalty
        points[seat] = value * (rules.rami_sec_multiplier if rami_sec else 1)
    return tuple(points)


def stock_out_points(rules: RuleSet, hands: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """Each seat's points when the round stops on an empty stock: the fewest hand points
    receive the difference from each other seat (classic), or everyone scores their hand."""
    values = [hand_value(hand, rules) for hand in hands]
    if rules.stock_end is StockEnd.LOWEST_COLLECTS:
        low = min(values)
        gain = sum(value - low for value in values)
        return tuple(gain if value == low else 0 for value in values)
    return tuple(values)
