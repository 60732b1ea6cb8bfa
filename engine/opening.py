"""An opening proposed from the pieces a player picked, in cards or tiles: the pieces
split into melds (sets, in tile rummy), measured against the table's minimum.

Glossary (the words of ``VARIANTS.md``):

- *split*: the picked pieces laid out as melds, every piece in exactly one;
- *opening count*: what the melds are worth towards the opening minimum (a card meld as
  :func:`engine.cards.melds.classify` counts it, a tile set its numbers, a joker the
  piece it stands for);
- *missing*: the points the split lacks to reach the minimum (0: it opens).

The minimum is the :class:`~engine.rules.RuleSet`'s (:meth:`~engine.rules.RuleSet.
opening_for` the table's seats: 51, 30, 50 with two in Rami 30, none in classic, 30 in
tile rummy), never a variant's name. The cards' split is :func:`engine.cards.opening.
split_melds` (the split worth the most); the tiles' is the solver's
(:func:`engine.solver.exact.arrange` of the tiles alone: every tile laid, a joker where
it fits). Nothing here changes state: the round judges the opening when it is played
(``Meld(melds)``, or ``Play(added)`` in tile rummy: one action laying every meld).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.hand import partitioner
from engine.ai.variant import card_variant
from engine.cards.card import Card
from engine.cards.discards import rest_refusal
from engine.cards.opening import split_melds
from engine.rules import Kind, RuleSet
from engine.solver.exact import arrange
from engine.tiles.sets import analyse_set
from engine.tiles.tile import Tile
from engine.views import Piece, PlayerView

MOST_PIECES = 30  # beyond this many picked pieces no split is searched (no hand holds more)


@dataclass(frozen=True, slots=True)
class ProposedMeld:
    """One meld of a split: its pieces in table order (as the action lays them), whether
    a run or a group, and its opening count."""

    kind: str  # "run" or "group"
    pieces: tuple[Piece, ...]
    value: int


@dataclass(frozen=True, slots=True)
class OpeningPlan:
    """The melds proposed for an opening and what the table asks of it."""

    melds: tuple[ProposedMeld, ...]
    minimum: int  # the table's opening minimum (0: any meld opens)

    @property
    def total(self) -> int:
        """The opening count of the melds together."""
        return sum(meld.value for meld in self.melds)

    @property
    def missing(self) -> int:
        """The points the melds lack to reach the minimum (0: they open)."""
        return max(0, self.minimum - self.total)

    @property
    def enough(self) -> bool:
        return self.missing == 0


def split(pieces: Sequence[Piece], rules: RuleSet) -> tuple[ProposedMeld, ...] | None:
    """``pieces`` (all cards, or all tiles, as ``rules`` plays) laid out as valid melds,
    each piece in exactly one; None when there is none (nothing picked, too many pieces,
    pieces of the other kind, a piece that fits no meld with the others, more copies of a
    tile than the game holds)."""
    if not pieces or len(pieces) > MOST_PIECES:
        return None
    if rules.kind is Kind.CARDS:
        cards = [p for p in pieces if isinstance(p, Card)]
        if len(cards) != len(pieces):
            return None
        shapes = split_melds(cards, rules)
        return None if shapes is None else tuple(
            ProposedMeld(str(shape.kind), shape.cards, shape.value) for shape in shapes)
    tiles = [p for p in pieces if isinstance(p, Tile)]
    if len(tiles) != len(pieces):
        return None
    try:
        laid = arrange((), tiles, rules)
    except ValueError:  # more copies of a tile than a game holds
        return None
    if laid is None:
        return None
    sets = [analyse_set(s, rules) for s in laid.table]
    return tuple(ProposedMeld(s.kind, s.tiles, s.value) for s in sets)


def opening_plan(view: PlayerView, pieces: Sequence[Piece], rules: RuleSet
                 ) -> OpeningPlan | None:
    """The opening the seat of ``view`` could lay with exactly ``pieces`` (picked from
    its hand or rack): the split (:func:`split`) against the table's minimum. None when
    the seat has opened already or the pieces make no split."""
    if view.seats[view.seat].has_opened:
        return None
    melds = split(pieces, rules)
    if melds is None:
        return None
    return OpeningPlan(melds, rules.opening_for(len(view.seats)))


def suggested_opening(view: PlayerView, rules: RuleSet) -> tuple[Card, ...]:
    """The cards of the best opening a card hand holds: the melds worth the most together
    (as the hardest computer player plans its opening, :func:`engine.ai.hand.
    partitioner`), fewer where the hand left could not go on (the round's own test,
    :func:`engine.cards.discards.rest_refusal`). Empty when the hand holds no meld, the
    seat has opened, or the game is tile rummy (its rack's *Hint* is the solver's).
    Whether they reach the minimum is :func:`opening_plan`'s to say."""
    if rules.kind is not Kind.CARDS or view.seats[view.seat].has_opened:
        return ()
    hand = [card for card in view.hand if isinstance(card, Card)]
    melds = list(partitioner(card_variant(rules).kit, hand, prefer_value=True).best(hand).melds)
    taken = view.taken_from_discard
    while melds:
        rest = Counter(hand)
        rest.subtract(card for meld in melds for card in meld.cards)
        if rest_refusal(list(rest.elements()), rules, taken=taken) is None:
            break
        melds.pop(min(range(len(melds)), key=lambda i: melds[i].value))
    return tuple(card for meld in melds for card in meld.cards)
