"""One round of a card variant: the deal, the turns, the end of the round and its scores.

A turn is: draw (stock or discard pile), then any number of melds, lay-offs and joker
swaps, then a discard that ends the turn (going out may end the round earlier). Every
action is checked completely before anything changes (``_play(..., commit=False)`` is
the same check without the change), so an illegal action leaves the round untouched.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, Self

from engine.actions import Action
from engine.cards.actions import CardAction, Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.card import JOKER, Card, CardsText, full_deck
from engine.cards.discards import discard_refusal, may_take, rest_refusal
from engine.cards.melds import (
    MeldKind,
    MeldShape,
    classify,
    extend,
    joker_to_swap,
    swap,
)
from engine.cards.moves import candidate_moves, joker_places
from engine.cards.scoring import stock_out_points, went_out_points
from engine.cards.state import CardState, round_from_dict, round_to_dict
from engine.cards.won_joker import JokerPlaces
from engine.errors import IllegalMeld, IllegalMove, RuleError
from engine.i18n import quote
from engine.round import Round, TurnState
from engine.rules import JokerSwap, RuleSet
from engine.views import MeldView, Phase, Piece, RoundScore


class CardRound(CardState):
    """A round of classic, rami51, rami30 or gameduell (implements ``engine.round.Round``)."""

    __slots__ = ()

    @classmethod
    def deal(
        cls,
        rules: RuleSet,
        seats: int,
        first: int,
        number: int,
        rng: random.Random,
        deck: Sequence[Piece] | None = None,
    ) -> Self:
        """Deal a round: one card at a time to each seat from ``first``, then one card
        starts the discard pile; the rest is the stock. ``deck`` (top first) fixes the order.

        Raises:
            RuleError: ``deck`` is not exactly the variant's cards, or the seat count is wrong.
        """
        size = rules.hand_size(seats)
        expected = full_deck(rules.decks, rules.jokers)
        if deck is None:
            cards = expected
            rng.shuffle(cards)
        else:
            cards = [card for card in deck if isinstance(card, Card)]
            if len(cards) != len(deck) or Counter(cards) != Counter(expected):
                raise RuleError("round.deck", cards=len(expected), variant=rules.name)
        state = cls(rules, seats, first, number, rng.getrandbits(64))
        for index in range(size * seats):
            state.hands[(first + index) % seats].append(cards[index])
        state.pile.append(cards[size * seats])
        state.stock.extend(reversed(cards[size * seats + 1 :]))
        state.turns[first] = 1
        return state

    # ----------------------------------------------------------------- playing

    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``.

        Raises:
            IllegalMove: the action is not allowed now (the code says why); nothing changed.
        """
        self._play(seat, action, True)

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``apply(seat, action)`` would succeed (nothing changes)."""
        try:
            self._play(seat, action, False)
        except IllegalMove:
            return False
        return True

    def legal_moves(self) -> list[CardAction]:
        """Simple legal actions of the current seat: both draws, every discard, single-card
        lay-offs, swaps, and melds found in the hand (an opening set where one is found)."""
        if self.phase is Phase.ROUND_OVER:
            return []
        seat = self.current
        return [a for a in candidate_moves(self) if self.is_legal(seat, a)]

    def _play(self, seat: int, action: Action, commit: bool) -> None:
        if self.phase is Phase.ROUND_OVER:
            raise IllegalMove("move.round_over")
        if seat != self.current:
            raise IllegalMove("move.not_your_turn", seat=seat + 1, current=self.current + 1)
        kind = type(action)
        if kind is not Draw and self.phase is Phase.DRAW:
            raise IllegalMove("move.draw_first")
        if kind in _LAYING and (self.must_lay or (
            kind is SwapJoker and self.rules.swapped_joker_must_be_laid
        )):
            self._keep_joker_placeable(action)
        self._act(action, commit)

    def _act(self, action: Action, commit: bool) -> None:
        """The action's own checks, then (``commit``) its change."""
        kind = type(action)
        if kind is Draw:
            assert isinstance(action, Draw)
            self._draw(action.source, commit)
        elif kind is Discard:
            assert isinstance(action, Discard)
            self._discard(action.card, commit)
        elif kind is Meld:
            assert isinstance(action, Meld)
            self._meld(action.melds, commit)
        elif kind is LayOff:
            assert isinstance(action, LayOff)
            self._lay_off(action.cards, action.meld, commit)
        elif kind is SwapJoker:
            assert isinstance(action, SwapJoker)
            self._swap(action.card, action.meld, commit)
        else:
            raise IllegalMove("move.unknown", action=type(action).__name__)

    def _draw(self, source: str, commit: bool) -> None:
        if self.phase is not Phase.DRAW:
            raise IllegalMove("draw.already")
        hand = self.hands[self.current]
        if source == "discard":
            if not self.rules.draw_from_discard:
                raise IllegalMove("draw.discard_not_allowed")
            if not self.pile:
                raise IllegalMove("draw.discard_empty")
            if self.rules.single_card_no_discard_pick and len(hand) == 1:
                raise IllegalMove("draw.single_card")
            if not may_take(self.pile[-1], hand, self.rules):
                raise IllegalMove("draw.nothing_to_discard", card=CardsText((self.pile[-1],)))
            if commit:
                card = self.pile.pop()
                self.taken = card
                self.pickup_log.append((self.current, card))
        elif source == "stock":
            if commit:
                card = self.stock.pop()
        else:
            raise IllegalMove("draw.source", source=quote(source))
        if commit:
            hand.append(card)
            self.drawn = card
            self.phase = Phase.PLAY

    def _check_layer(self) -> None:
        """Checks shared by every action that puts cards on the table."""
        if self.rules.first_turn_meld_ban and self.turns[self.current] == 1:
            raise IllegalMove("move.first_turn")

    def _take(self, cards: Sequence[Card]) -> list[Card]:
        """The hand without ``cards``; IllegalMove when the hand lacks one of them."""
        rest = list(self.hands[self.current])
        for card in cards:
            try:
                rest.remove(card)
            except ValueError:
                held = self.hands[self.current].count(card)
                if held:  # named more often than held (``jk jk`` with one joker)
                    raise IllegalMove("move.too_few", card=CardsText((card,)), held=held,
                                      count=list(cards).count(card)) from None
                raise IllegalMove("move.not_in_hand", card=CardsText((card,))) from None
        return rest

    def _check_rest(self, rest: list[Card]) -> None:
        """The hand left after laying cards must allow going on (or be empty, where allowed)."""
        code = rest_refusal(rest, self.rules, taken=self.taken)
        if code is not None:
            raise IllegalMove(code)

    def _after_laying(self, rest: list[Card], laid: Sequence[Card]) -> None:
        self.hands[self.current] = rest
        self.acted = True
        if self.must_lay:
            self.must_lay = max(0, self.must_lay - sum(1 for c in laid if c.rank == 0))
        if not rest:
            self._finish_out()

    def _meld(self, melds: Sequence[Sequence[Card]], commit: bool) -> None:
        self._check_layer()
        if not melds:
            raise IllegalMove("meld.none")
        rest = self._take([card for meld in melds for card in meld])
        shapes = []
        for number, cards in enumerate(melds, 1):
            try:
                shapes.append(classify(cards, self.rules))
            except IllegalMeld as error:
                raise _as_move(error, number, len(melds)) from None
        seat = self.current
        if not self.opened[seat]:
            minimum = self.rules.opening_for(self.seats)
            total = sum(shape.value for shape in shapes)
            if total < minimum:
                raise IllegalMove("meld.opening_short", total=total, minimum=minimum)
        self._check_rest(rest)
        if not commit:
            return
        self.table.extend((shape, seat) for shape in shapes)
        if not self.opened[seat]:
            self.opened[seat] = True
            self.opened_this_turn = True
        self._after_laying(rest, [card for meld in melds for card in meld])

    def _meld_at(self, index: int) -> MeldShape:
        if type(index) is not int or not 0 <= index < len(self.table):
            raise IllegalMove("move.no_such_meld", number=_number(index), count=len(self.table))
        return self.table[index][0]

    def _lay_off(self, cards: Sequence[Card], index: int, commit: bool) -> None:
        self._check_layer()
        if not self.opened[self.current] and not self.rules.lay_off_before_opening:
            raise IllegalMove("layoff.not_opened")
        if self.opened_this_turn and not self.rules.lay_off_in_opening_turn:
            raise IllegalMove("layoff.opening_turn")
        shape = self._meld_at(index)
        rest = self._take(cards)
        try:
            grown = extend(shape, cards, self.rules)
        except IllegalMeld as error:
            raise IllegalMove(error.code, **error.params) from None
        self._check_rest(rest)
        if commit:
            self.table[index] = (grown, self.table[index][1])
            self._after_laying(rest, cards)

    def _swap(self, card: Card, index: int, commit: bool) -> None:
        self._check_layer()
        rules = self.rules
        if rules.joker_swap is JokerSwap.NEVER:
            raise IllegalMove("swap.not_allowed")
        if not self.opened[self.current]:
            raise IllegalMove("swap.not_opened")
        shape = self._meld_at(index)
        if rules.joker_swap is JokerSwap.COMPLETE_GROUP and (
            shape.kind is not MeldKind.GROUP or len(shape.cards) < 4
        ):
            raise IllegalMove("swap.complete_group")
        if not shape.jokers:
            raise IllegalMove("swap.no_joker", meld=index + 1)
        rest = self._take([card])
        if joker_to_swap(shape, card) is None:
            raise IllegalMove("meld.no_joker_for", card=CardsText((card,)))
        swapped = swap(shape, card, rules)
        rest.append(JOKER)
        if commit:
            self.table[index] = (swapped, self.table[index][1])
            self.hands[self.current] = rest
            self.acted = True
            if rules.swapped_joker_must_be_laid:
                self.must_lay += 1

    # A won joker is never kept (rami51, gameduell): no action may leave it nowhere to go,
    # and no discard may end the turn while it can still be laid.

    def _keep_joker_placeable(self, action: Action) -> None:
        """Refuse an action after which the won joker could no longer be laid this turn."""
        trial = self.clone()
        trial._act(action, True)  # the action's own refusal comes first
        if trial.phase is not Phase.PLAY or not trial.must_lay or trial.joker_places(True):
            return
        if type(action) is SwapJoker:
            raise IllegalMove("swap.joker_unplayable")
        if self._joker_fits_now():  # else a game saved before this rule: nothing to lose
            raise IllegalMove("swap.joker_no_place", places=self._where_joker_goes())

    def _joker_fits_now(self) -> bool:
        """Whether some action laying a joker passes its own checks now (not asking, as
        :meth:`joker_places` does, whether the other won jokers could follow: that would
        ask this again, endlessly)."""
        melds = [shape.cards for shape, _ in self.table]
        for place in joker_places(self.hands[self.current], melds):
            try:
                self._act(place, False)
            except IllegalMove:
                continue
            return True
        return False

    def joker_places(self, first: bool = False) -> list[LayOff | Meld]:
        """The legal actions of the current seat that lay a joker of its hand (see
        :func:`engine.cards.moves.joker_places`): where a won joker can still go.
        ``first``: stop at the first one found."""
        seat = self.current
        found: list[LayOff | Meld] = []
        melds = [shape.cards for shape, _ in self.table]
        for place in joker_places(self.hands[seat], melds):
            if self.is_legal(seat, place):
                found.append(place)
                if first:
                    break
        return found

    def _where_joker_goes(self) -> JokerPlaces:
        # A copy: the message says where the joker could go when the action was refused.
        return JokerPlaces(self.clone().joker_places)

    def _discard(self, card: Card, commit: bool) -> None:
        hand = self.hands[self.current]
        rest = self._take([card])
        if self.must_lay and self.joker_places(True):
            raise IllegalMove("swap.lay_joker_first", places=self._where_joker_goes())
        code = discard_refusal(card, hand, self.rules, taken=self.taken, acted=self.acted)
        if code == "discard.joker":
            raise IllegalMove(code)
        if code is not None:
            raise IllegalMove(code, card=CardsText((card,)))
        if not commit:
            return
        self.hands[self.current] = rest
        self.pile.append(card)
        self.discard_log.append((self.current, card))
        if not rest:
            self._finish_out()
        else:
            self._next_turn()

    # ------------------------------------------------------------ turn and end

    def _next_turn(self) -> None:
        self.current = (self.current + 1) % self.seats
        self.turns[self.current] += 1
        self.phase = Phase.DRAW
        self.drawn = self.taken = None
        self.acted = self.opened_this_turn = False
        self.must_lay = 0
        if self.stock:
            return
        if self.reshuffle_count < self.rules.max_reshuffles and len(self.pile) > 1:
            self.reshuffle_count += 1
            cards = self.pile[:-1]
            del self.pile[:-1]
            random.Random(f"{self.seed}:{self.reshuffle_count}").shuffle(cards)
            self.stock.extend(cards)
        else:
            self._finish_exhausted()

    def _finish_out(self) -> None:
        rami_sec = self.opened_this_turn
        points = went_out_points(self.rules, self.hands, self.current, self.opened, rami_sec)
        self._close(RoundScore(self.number, points, self.current, rami_sec, "went_out"))

    def _finish_exhausted(self) -> None:
        points = stock_out_points(self.rules, self.hands)
        self._close(RoundScore(self.number, points, None, False, "stock_exhausted"))

    def _close(self, score: RoundScore) -> None:
        self.score = score
        self.phase = Phase.ROUND_OVER

    # ------------------------------------------------------------ views, saving

    def result(self) -> RoundScore | None:
        return self.score

    def melds(self) -> tuple[MeldView, ...]:
        return tuple(
            MeldView(i + 1, shape.cards, shape.stands_for, shape.kind.value, owner)
            for i, (shape, owner) in enumerate(self.table)
        )

    def turn_state(self, seat: int) -> TurnState:
        mine = seat == self.current and self.phase is Phase.PLAY
        return {
            "drawn": self.drawn if mine else None,
            "taken_from_discard": self.taken if mine else None,
            "must_lay": JOKER if mine and self.must_lay else None,
            "opening_needed": 0 if self.opened[seat] else self.rules.opening_for(self.seats),
            "draft": None,
            "opened_this_turn": mine and self.opened_this_turn,
        }

    def to_dict(self) -> dict[str, Any]:
        return round_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: RuleSet) -> Self:
        """Rebuild a round from :meth:`to_dict`.

        Raises:
            CorruptGame: the document is malformed or inconsistent (the detail says where).
        """
        state = cls(rules, 2, 0, 1, 0)
        round_from_dict(state, data)
        return state


_LAYING = (Meld, LayOff, SwapJoker)


def _number(index: object) -> str:
    return str(index + 1) if type(index) is int else repr(index)


def _as_move(error: IllegalMeld, number: int, count: int) -> IllegalMove:
    if count == 1:
        return IllegalMove(error.code, **error.params)
    return IllegalMove("meld.nth", number=number, reason=error.as_msg())


def _implements_round(card_round: CardRound) -> Round:
    """Never called: mypy checks here that CardRound implements the Round protocol."""
    return card_round
