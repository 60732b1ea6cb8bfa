"""What a computer player needs to know of a card variant, read from its :class:`RuleSet`.

This module only translates rule parameters and the engine's meld helpers
(``engine.cards.melds``) into the questions the levels ask; it decides nothing itself, so the
engine stays the one place where a meld or a move is judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from engine.ai.hand import CardRules
from engine.cards import melds as meld_rules
from engine.cards.actions import LayOff, Meld
from engine.cards.card import Card, CardsText
from engine.cards.discards import rest_refusal
from engine.errors import IllegalMeld
from engine.rules import GoingOut, JokerLimit, JokerSwap, RuleSet
from engine.views import MeldView, PlayerView


@dataclass(frozen=True, slots=True)
class CardVariant:
    """The rules of one card variant, as the questions a computer player asks."""

    rules: RuleSet
    kit: CardRules

    @property
    def decks(self) -> int:
        return self.rules.decks

    @property
    def out_by_discard_only(self) -> bool:
        return self.rules.going_out == GoingOut.DISCARD_ONLY

    @property
    def rami_sec_bonus(self) -> bool:
        rules = self.rules
        return (
            rules.rami_sec_multiplier > 1
            or rules.never_melded_penalty_rami_sec > rules.never_melded_penalty
        )

    @property
    def swap_allowed(self) -> bool:
        return self.rules.joker_swap != JokerSwap.NEVER

    def may_take_discard(self, view: PlayerView) -> bool:
        """Whether ``Draw("discard")`` is allowed for the seat now."""
        if not self.rules.draw_from_discard or view.discard_top is None:
            return False
        return not (self.rules.single_card_no_discard_pick and len(view.hand) <= 1)

    def may_discard(
        self,
        view: PlayerView,
        card: Card,
        *,
        hand: list[Card] | None = None,
        taken: Card | None = None,
    ) -> bool:
        """Whether ``card`` may end the turn (``hand``: what will be held then).

        The card taken from the discard pile is treated as kept for the turn in every
        variant: laying it straight back (gameduell) is never worth it to a computer.
        """
        if taken is None and isinstance(view.taken_from_discard, Card):
            taken = view.taken_from_discard
        if taken is not None and card == taken:
            return False
        held = hand if hand is not None else [c for c in view.hand if isinstance(c, Card)]
        if card.is_joker and not self.rules.joker_discard and len(held) > 1:
            return all(other.is_joker for other in held)
        return True

    def first_turn(self, view: PlayerView) -> bool:
        """Whether this is the seat's own first turn of the round."""
        return not any(seat == view.seat for seat, _ in view.discards)

    def may_meld(self, view: PlayerView) -> bool:
        """Whether the seat may lay new melds now."""
        return not (self.rules.first_turn_meld_ban and self.first_turn(view))

    def may_lay_off(self, view: PlayerView) -> bool:
        """Whether the seat may lay off now (opened, or before its opening where the rules
        allow it, and not in its opening turn where banned)."""
        if not view.seats[view.seat].has_opened and not self.rules.lay_off_before_opening:
            return False
        return self.rules.lay_off_in_opening_turn or not _opened_this_turn(view, self.rules)

    def may_lay_off_seat(self, view: PlayerView, seat: int) -> bool:
        """Whether ``seat`` could lay off in its next turn (opened, or allowed before)."""
        return view.seats[seat].has_opened or self.rules.lay_off_before_opening

    def may_swap_from(self, meld: MeldView) -> bool:
        """Whether a joker of ``meld`` may be swapped out under these rules."""
        if self.rules.joker_swap == JokerSwap.NEVER:
            return False
        if self.rules.joker_swap == JokerSwap.COMPLETE_GROUP:
            return meld.kind == "group" and len(meld.pieces) == 4
        return True

    def may_place(
        self, view: PlayerView, place: LayOff | Meld, hand: Sequence[Card],
        melds: Sequence[tuple[Card, ...]],
    ) -> bool:  # fmt: skip
        """Whether the engine accepts ``place`` (an action laying a joker,
        ``engine.cards.moves.joker_places``) from ``hand`` on the table ``melds``: the
        engine's own tests of the meld, the lay-off, the turn and the hand left."""
        if isinstance(place, LayOff):
            laid = place.cards
            if not self.may_lay_off(view) or not _extends(melds[place.meld], laid, self.rules):
                return False
        else:
            laid = place.melds[0]
            if not self.may_meld(view) or _shape(laid, self.rules) is None:
                return False
        rest = list(hand)
        for card in laid:
            rest.remove(card)
        taken = view.taken_from_discard if isinstance(view.taken_from_discard, Card) else None
        return rest_refusal(rest, self.rules, taken=taken) is None

    def extends(self, meld: MeldView, cards: tuple[Card, ...]) -> bool:
        """Whether ``cards`` may be laid off on ``meld``."""
        table = tuple(p for p in meld.pieces if isinstance(p, Card))
        return _extends(table, cards, self.rules)

    def extended(self, meld: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """The cards of ``meld`` (table order) once ``cards`` are laid off on it.

        Raises:
            IllegalMeld: ``meld`` is no meld, or the cards do not fit it.
        """
        shape = _shape(meld, self.rules)
        if shape is None:
            raise IllegalMeld("meld.no_fit", cards=CardsText(tuple(cards)))
        return meld_rules.extend(shape, cards, self.rules).cards

    def swappable(self, meld: MeldView, card: Card) -> bool:
        """Whether ``card`` may replace a joker of ``meld`` (rules of the variant aside)."""
        table = tuple(p for p in meld.pieces if isinstance(p, Card))
        shape = _shape(table, self.rules)
        return shape is not None and meld_rules.joker_to_swap(shape, card) is not None


def _opened_this_turn(view: PlayerView, rules: RuleSet) -> bool:
    """Whether the seat opened during this very turn (its view says so)."""
    return view.opened_this_turn


@cache
def card_variant(rules: RuleSet) -> CardVariant:
    """The computer player's reading of ``rules`` (cached per rule set)."""
    kit = CardRules(
        is_meld=lambda cards: _is_meld(cards, rules),
        meld_value=lambda cards: _value(cards, rules),
        points=lambda card: meld_rules.hand_points(card, rules),
        ace_high=rules.ace_high,
        max_jokers=1 if rules.meld_jokers == JokerLimit.ONE else 2,
    )
    return CardVariant(rules, kit)


@lru_cache(maxsize=200_000)
def _shape(cards: tuple[Card, ...], rules: RuleSet) -> meld_rules.MeldShape | None:
    try:
        return meld_rules.classify(cards, rules)
    except IllegalMeld:
        return None


def _is_meld(cards: tuple[Card, ...], rules: RuleSet) -> bool:
    return _shape(cards, rules) is not None


def _value(cards: tuple[Card, ...], rules: RuleSet) -> int:
    shape = _shape(cards, rules)
    return shape.value if shape is not None else -1


@lru_cache(maxsize=200_000)
def _extends(table: tuple[Card, ...], cards: tuple[Card, ...], rules: RuleSet) -> bool:
    shape = _shape(table, rules)
    return shape is not None and meld_rules.fits(shape, cards, rules)
