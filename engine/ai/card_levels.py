"""The three computer levels for the card variants (classic, rami51, rami30, gameduell).

Each call looks at one :class:`PlayerView` and returns the seat's next single action;
a turn is a sequence of calls (draw, then meld / lay off / swap as wanted, then discard).
Nothing is remembered between calls, so a level may change between any two of them.

- easy: draws from the stock, lays the melds a simple greedy search finds (once it may),
  throws its highest loose card.
- medium: the best partition of its hand; takes the discard when it completes a meld or
  pairs with loose cards both ways; lays off on its own melds; keeps cards that work for
  a group and a run.
- hard: the best partition, opening planned by value, lay-offs anywhere and joker swaps,
  discards weighed by what one draw is expected to meld (live cards only), the next
  player's pickups and discards weighed before feeding them a card, and a held opening
  when a rami sec is close.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.hand import Candidate, candidate_melds, near_meld_partners, partitioner
from engine.ai.levels import Level
from engine.ai.variant import CardVariant
from engine.cards.actions import CardAction, Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.card import JOKER, Card, Suit
from engine.cards.moves import joker_places
from engine.views import Phase, PlayerView


class Discarding(enum.Enum):
    """How a level chooses the card it throws."""

    HIGHEST = "highest"  # the highest loose card of the greedy melds
    PARTNERS = "partners"  # the loose card with the fewest partners, weighed by points
    LOOKAHEAD = "lookahead"  # a scorer: live outs, one draw ahead, the next player's risk


@dataclass(frozen=True, slots=True)
class CardProfile:
    """Every decision and weight that makes a level, named (one instance per level in
    :data:`PROFILES`). The weights of the discard are read only by the discard style that
    uses them; their defaults are the values tuned with the simulator (docs/AI.md)."""

    takes_discard: bool  # may draw the discard when it melds or pairs up both ways
    searches_melds: bool  # the best partition of the hand, not the first melds found
    lays_off: bool  # lays off loose cards once opened (or before, where the rules allow)
    lays_off_anywhere: bool  # on any player's meld (else its own), jokers too
    swaps_jokers: bool  # swaps a table joker for the real card when that helps
    holds_for_rami_sec: bool  # holds an opening back when going out in one go is close
    discarding: Discarding
    # PARTNERS: a loose card's points are multiplied by these while it has partners, so
    # that a card that could join a group and a run is kept longest.
    keep_both_ways: float = 0.25
    keep_one_way: float = 0.6
    # LOOKAHEAD (tuned with the simulator, see docs/AI.md):
    out_weight: float = 0.14  # a loose card's points shrink by this per live card melding it
    out_cap: float = 0.7  # ... but never below 30% of them
    loose_joker: float = 2.0  # a loose joker counts little: it will find a meld
    opening_gap: float = 0.4  # per point still missing for the opening
    pickup_risk: float = 4.0  # feeding the next player a card near one they took from the pile
    discard_safety: float = 1.5  # ... near one they threw away themselves
    layoff_risk: float = 3.0  # ... that they could lay off at once
    joker_risk: float = 25.0  # throwing a joker gives the next player the best card there is
    shortlist: int = 3  # discards weighed with the look-ahead (it is the costly part)
    lookahead: float = 3.0  # draws one draw's expected gain stands for (0: pairwise outs)


PROFILES: dict[Level, CardProfile] = {
    # Easy plays legally and simply: the stock, the first melds it sees, its highest card.
    Level.EASY: CardProfile(
        takes_discard=False, searches_melds=False, lays_off=False, lays_off_anywhere=False,
        swaps_jokers=False, holds_for_rami_sec=False, discarding=Discarding.HIGHEST),
    # Medium plays well with its own cards: good melds, useful discards taken, lay-offs on
    # its own melds, and cards that work both ways kept.
    Level.MEDIUM: CardProfile(
        takes_discard=True, searches_melds=True, lays_off=True, lays_off_anywhere=False,
        swaps_jokers=False, holds_for_rami_sec=False, discarding=Discarding.PARTNERS),
    # Hard plays to win: the whole table and the next player weighed.
    Level.HARD: CardProfile(
        takes_discard=True, searches_melds=True, lays_off=True, lays_off_anywhere=True,
        swaps_jokers=True, holds_for_rami_sec=True, discarding=Discarding.LOOKAHEAD),
}


def choose_card_action(
    view: PlayerView, variant: CardVariant, level: Level, rng: random.Random
) -> CardAction:
    """The next action of ``view.seat`` at ``level`` (its :data:`PROFILES` entry).

    Raises:
        ValueError: it is not this seat's turn, or the round is over.
    """
    if view.current != view.seat or view.phase not in (Phase.DRAW, Phase.PLAY):
        raise ValueError("not this seat's turn")
    hand = [card for card in view.hand if isinstance(card, Card)]
    profile = PROFILES[level]
    if view.phase == Phase.DRAW:
        return _draw(view, variant, profile, hand)
    return _play(view, variant, profile, hand, rng)


# ---------------------------------------------------------------- drawing


def _draw(view: PlayerView, variant: CardVariant, profile: CardProfile, hand: list[Card]
          ) -> Draw:
    top = view.discard_top
    can_take = top is not None and variant.may_take_discard(view)
    if view.stock_size == 0:
        return Draw("discard") if can_take else Draw("stock")
    if not can_take or top is None or not profile.takes_discard:
        return Draw("stock")
    if not any(variant.may_discard(view, x, hand=[*hand, top], taken=top) for x in hand):
        return Draw("stock")  # nothing could end the turn after taking it
    if (view.seat, top) in view.discards:
        # Never take back a card it threw: players could pass cards round forever.
        return Draw("stock")
    parts = partitioner(variant.kit, [*hand, top])
    with_top = parts.best([*hand, top])
    completes = any(top in meld.cards for meld in with_top.melds) and (
        with_top.loose_points < parts.loose_points(hand)
    )
    # Take it when it melds, or when it pairs up both ways.
    if completes:
        return Draw("discard")
    group, run = near_meld_partners(top, parts.best(hand).loose)
    return Draw("discard" if group and run else "stock")


# ---------------------------------------------------------------- playing


def _play(
    view: PlayerView, variant: CardVariant, profile: CardProfile, hand: list[Card],
    rng: random.Random,
) -> CardAction:
    opened = view.seats[view.seat].has_opened
    if view.must_lay is not None and isinstance(view.must_lay, Card):
        placed = _place_joker(view, variant, hand)
        if placed is not None:
            return placed
    if variant.may_meld(view):
        melds = _melds_to_lay(view, variant, profile, hand, opened)
        if melds:
            return Meld(tuple(meld.cards for meld in melds))
    if profile.lays_off and variant.may_lay_off(view):
        lay = _lay_off(view, variant, profile, hand)
        if lay is not None:
            return lay
    if opened and profile.swaps_jokers and variant.may_lay_off(view):
        swap = _swap(view, variant, hand)
        if swap is not None:
            return swap
    return _discard(view, variant, profile, hand, rng)


def _melds_to_lay(
    view: PlayerView, variant: CardVariant, profile: CardProfile, hand: list[Card],
    opened: bool,
) -> list[Candidate]:
    """Melds to lay now (all at once), or nothing."""
    if not profile.searches_melds:
        melds = _greedy_melds(variant, hand)
    else:
        melds = list(partitioner(variant.kit, hand).best(hand).melds)
        if not opened and sum(m.value for m in melds) < view.opening_needed:
            melds = list(partitioner(variant.kit, hand, prefer_value=True).best(hand).melds)
    melds = _keep_a_discard(view, variant, hand, melds)
    if not melds:
        return []
    if not opened and sum(m.value for m in melds) < view.opening_needed:
        return []
    if not opened and profile.holds_for_rami_sec and _wait_for_rami_sec(view, variant, hand, melds):
        return []
    return melds


def _greedy_melds(variant: CardVariant, hand: list[Card]) -> list[Candidate]:
    """Easy: the first melds found, in the order groups then runs, without searching."""
    left = Counter(hand)
    chosen: list[Candidate] = []
    for cand in sorted(candidate_melds(hand, variant.kit), key=lambda c: -len(c.cards)):
        need = Counter(cand.cards)
        if all(left[card] >= n for card, n in need.items()):
            left -= need
            chosen.append(cand)
    return chosen


def _keep_a_discard(
    view: PlayerView, variant: CardVariant, hand: list[Card], melds: list[Candidate]
) -> list[Candidate]:
    """Drop melds until what stays in hand can end the turn legally."""
    melds = list(melds)
    while melds:
        rest = _without_all(hand, [card for meld in melds for card in meld.cards])
        if _can_end_with(view, variant, rest):
            return melds
        melds.pop(min(range(len(melds)), key=lambda i: melds[i].value))
    return melds


def _can_end_with(view: PlayerView, variant: CardVariant, rest: list[Card]) -> bool:
    if not rest:
        return not variant.out_by_discard_only and view.must_lay is None
    return any(variant.may_discard(view, card, hand=rest) for card in rest)


def _lay_off(
    view: PlayerView, variant: CardVariant, profile: CardProfile, hand: list[Card]
) -> LayOff | None:
    loose = partitioner(variant.kit, hand).best(hand).loose
    # Before its opening (where allowed) a seat has no melds of its own: any will do.
    anywhere = profile.lays_off_anywhere or not view.seats[view.seat].has_opened
    for card in sorted(loose, key=lambda c: -variant.kit.points(c)):
        if card.is_joker and not profile.lays_off_anywhere:
            continue
        rest = _without(hand, card)
        if not _can_end_with(view, variant, rest):
            continue
        for index, meld in enumerate(view.melds):
            if not anywhere and meld.owner != view.seat:
                continue  # on its own melds only
            if variant.extends(meld, (card,)):
                return LayOff((card,), index)
    return None


def _place_joker(view: PlayerView, variant: CardVariant, hand: list[Card]) -> Meld | LayOff | None:
    """Lay again the joker won by a swap (some variants require it this turn): the joker
    melds of the best partition, else the first of the engine's ways of laying a joker
    (``engine.cards.moves.joker_places``) the engine would accept, the same test the
    engine makes, so that one is found whenever the engine knows one."""
    if variant.may_meld(view):
        parts = partitioner(variant.kit, hand).best(hand)
        with_joker = _keep_a_discard(view, variant, hand, [m for m in parts.melds if m.jokers])
        if with_joker:
            return Meld(tuple(meld.cards for meld in with_joker))
    melds = [tuple(p for p in meld.pieces if isinstance(p, Card)) for meld in view.melds]
    options = [p for p in joker_places(hand, melds) if variant.may_place(view, p, hand, melds)]
    # Two jokers won (a player swapped twice, then the turn timer played for them): the
    # engine wants the other one still placeable, so prefer a place that keeps one.
    for place in options:
        if _keeps_a_place(view, variant, hand, melds, place):
            return place
    return options[0] if options else None


def _keeps_a_place(
    view: PlayerView, variant: CardVariant, hand: list[Card], melds: list[tuple[Card, ...]],
    place: LayOff | Meld,
) -> bool:  # fmt: skip
    """Whether a joker left in hand after ``place`` could still be laid."""
    laid = place.cards if isinstance(place, LayOff) else place.melds[0]
    rest = _without_all(hand, laid)
    if JOKER not in rest:
        return True
    after = list(melds)
    if isinstance(place, LayOff):
        after[place.meld] = variant.extended(melds[place.meld], laid)
    else:
        after.append(laid)
    return any(variant.may_place(view, p, rest, after) for p in joker_places(rest, after))


def _swap(view: PlayerView, variant: CardVariant, hand: list[Card]) -> SwapJoker | None:
    """Swap a table joker for the real card when the joker then makes a better hand."""
    if not variant.swap_allowed:
        return None
    base = partitioner(variant.kit, hand).loose_points(hand)
    for index, meld in enumerate(view.melds):
        if not variant.may_swap_from(meld):
            continue
        if not any(isinstance(p, Card) and p.is_joker for p in meld.pieces):
            continue
        real = {c for c in hand if not c.is_joker and variant.swappable(meld, c)}
        for card in sorted(real, key=lambda c: c.sort_key):
            after = [*_without(hand, card), JOKER]
            best = partitioner(variant.kit, after).best(after)
            if not any(m.jokers for m in best.melds) or not variant.may_meld(view):
                continue  # the joker must find a meld (some variants: this very turn)
            rest = _without_all(after, [c for m in best.melds for c in m.cards])
            if rest and not _can_end_with(view, variant, rest):
                continue
            if not rest and variant.out_by_discard_only:
                continue
            if best.loose_points < base:
                return SwapJoker(card, index)
    return None


# ---------------------------------------------------------------- discarding


def _discard(
    view: PlayerView, variant: CardVariant, profile: CardProfile, hand: list[Card],
    rng: random.Random,
) -> Discard:
    allowed = [card for card in hand if variant.may_discard(view, card, hand=hand)]
    if not allowed:
        allowed = list(hand)  # the engine will say why; never expected
    if len(allowed) == 1:
        return Discard(allowed[0])
    kit = variant.kit
    if profile.discarding is Discarding.HIGHEST:
        easy_loose = set(_greedy_loose(variant, hand)) & set(allowed)
        pool = sorted(easy_loose or allowed, key=lambda c: (-kit.points(c), c.sort_key))
        return Discard(pool[0])
    if profile.discarding is Discarding.PARTNERS:
        loose = partitioner(kit, hand).best(hand).loose
        choices = [c for c in allowed if c in loose and not c.is_joker] or allowed

        def keep_weight(card: Card) -> float:
            group, run = near_meld_partners(card, loose)
            factor = (profile.keep_both_ways if group and run
                      else profile.keep_one_way if group or run else 1.0)
            return kit.points(card) * factor

        top = max(keep_weight(c) for c in choices)
        best = [c for c in choices if keep_weight(c) == top]
        return Discard(sorted(best, key=lambda c: c.sort_key)[rng.randrange(len(best))])
    quick = partitioner(kit, hand)
    candidates = set(quick.best(hand).loose) & set(allowed) or set(allowed)
    if len(candidates) > profile.shortlist:
        # Look ahead only for the few discards that leave the fewest loose points.
        ranked = sorted(
            candidates, key=lambda c: (quick.loose_points(_without(hand, c)), c.sort_key)
        )
        candidates = set(ranked[: profile.shortlist])
    scorer = _Scorer(view, variant, hand, profile)
    scored = sorted(
        (scorer.score(_without(hand, c)) + scorer.danger(c), c.sort_key, c) for c in candidates
    )
    return Discard(scored[0][2])


def _greedy_loose(variant: CardVariant, hand: list[Card]) -> list[Card]:
    return _without_all(hand, [c for m in _greedy_melds(variant, hand) for c in m.cards])


class _Scorer:
    """The look-ahead's measure of a hand: loose points, discounted by live outs, plus
    the opening's gap (the weights are ``profile``'s)."""

    def __init__(
        self, view: PlayerView, variant: CardVariant, pool: Sequence[Card],
        profile: CardProfile,
    ) -> None:
        self.view = view
        self.variant = variant
        self.profile = profile
        self.opened = view.seats[view.seat].has_opened
        seen: Counter[Card] = Counter(pool)
        for meld in view.melds:
            seen.update(p for p in meld.pieces if isinstance(p, Card))
        if view.reshuffles == 0:
            seen.update(card for _, card in view.discards)
            seen.subtract(card for _, card in view.pickups)
        self.seen = seen
        self.draws: list[tuple[Card, int]] = []
        if profile.lookahead > 0:
            self.draws = self._possible_draws(partitioner(variant.kit, pool).best(pool).loose)
        self.unseen = max(1, variant.rules.deck_size - sum(seen.values()))
        self.parts = partitioner(
            variant.kit, [*pool, *(card for card, _ in self.draws)], base=pool
        )

    def _possible_draws(self, pool: Sequence[Card]) -> list[tuple[Card, int]]:
        """Unseen cards that could join a card of ``pool`` in a meld, with their live count."""
        near: set[Card] = set()
        for card in pool:
            if card.is_joker or card.suit is None:
                continue
            near.update(Card(card.rank, suit) for suit in Suit if suit != card.suit)
            for step in (-2, -1, 1, 2):
                rank = card.rank + step
                if rank == 14 and self.variant.kit.ace_high:
                    rank = 1
                if 1 <= rank <= 13:
                    near.add(Card(rank, card.suit))
        if self.variant.rules.jokers:
            near.add(JOKER)
        draws = [(card, self.live(card)) for card in near if card not in pool or card.is_joker]
        return [(card, live) for card, live in sorted(draws, key=lambda d: d[0].sort_key) if live]

    def live(self, card: Card) -> int:
        if card.is_joker:
            return max(0, self.variant.rules.jokers - self.seen[card])
        return max(0, self.variant.decks - self.seen[card])

    def score(self, hand: list[Card]) -> float:
        if self.draws:
            return self._expected(hand)
        part = self.parts.best(hand)
        total = 0.0
        loose = part.loose
        for card in loose:
            if card.is_joker:
                total += self.profile.loose_joker
                continue
            outs = self._outs(card, loose)
            shrink = min(self.profile.out_cap, self.profile.out_weight * outs)
            total += self.variant.kit.points(card) * (1.0 - shrink)
        if not self.opened and self.view.opening_needed:
            total += self.profile.opening_gap * max(0, self.view.opening_needed - part.value)
        return total

    def _expected(self, hand: list[Card]) -> float:
        """Loose points now, less what one draw is expected to meld (times the profile's
        ``lookahead``)."""
        points = self.variant.kit.points
        part = self.parts.best(hand)
        now = part.loose_points
        gain = 0.0
        for card, live in self.draws:
            better = now + points(card) - self.parts.loose_points([*hand, card])
            if better > 0:
                gain += live * better
        total = now - self.profile.lookahead * gain / self.unseen
        if not self.opened and self.view.opening_needed:
            total += self.profile.opening_gap * max(0, self.view.opening_needed - part.value)
        return total

    def _outs(self, card: Card, loose: Sequence[Card]) -> int:
        outs = 0
        for other in loose:
            if other.is_joker or other == card:
                continue
            if other.rank == card.rank:
                outs += sum(
                    self.live(Card(card.rank, s))
                    for s in Suit
                    if s not in (card.suit, other.suit)
                )
            elif other.suit == card.suit and abs(other.rank - card.rank) <= 2:
                low, high = sorted((card.rank, other.rank))
                wanted = (
                    [low + 1] if high - low == 2 else [low - 1, high + 1]
                )
                outs += sum(
                    self.live(Card(r, card.suit)) for r in wanted if 1 <= r <= 13
                )
        return outs

    def danger(self, card: Card) -> float:
        """How much ``card`` would help the next player (what they took and threw)."""
        view = self.view
        nxt = (view.seat + 1) % len(view.seats)
        risk = 0.0
        for seat, taken in view.pickups:
            if seat != nxt or taken.is_joker or card.is_joker:
                continue
            if taken.rank == card.rank or (
                taken.suit == card.suit and abs(taken.rank - card.rank) <= 2
            ):
                risk += self.profile.pickup_risk
        for seat, thrown in view.discards:
            if seat != nxt or thrown.is_joker or card.is_joker:
                continue
            if thrown.rank == card.rank or (
                thrown.suit == card.suit and abs(thrown.rank - card.rank) <= 1
            ):
                risk -= self.profile.discard_safety
        if self.variant.may_lay_off_seat(view, nxt) and any(
            self.variant.extends(meld, (card,)) for meld in view.melds
        ):
            risk += self.profile.layoff_risk
        if card.is_joker:
            risk += self.profile.joker_risk
        return risk


def _wait_for_rami_sec(
    view: PlayerView, variant: CardVariant, hand: list[Card], melds: list[Candidate]
) -> bool:
    """Hold an opening back when the whole hand is one card from going out in one go."""
    if not variant.rami_sec_bonus:
        return False
    rest = _without_all(hand, [card for meld in melds for card in meld.cards])
    if len(rest) <= 1:
        return False  # going out now is a rami sec already
    others = [s.hand_size for s in view.seats if s.seat != view.seat]
    return len(rest) <= 2 and min(others) >= 7 and view.stock_size >= 20


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    out = list(hand)
    out.remove(card)
    return out


def _without_all(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    out = list(hand)
    for card in cards:
        out.remove(card)
    return out
