"""Where a won joker can still go, in words: what the refusals of rami51 and gameduell say.

Where ``swapped_joker_must_be_laid``, a joker won by a swap is never kept: the round
(:class:`engine.cards.round.CardRound`) refuses any action after which it could no longer
be laid, and any discard while it can still be laid (``swap.joker_no_place``,
``swap.lay_joker_first``). Both messages tell the player where it can go: on which melds
alone, on which meld with which card of the hand, or in a new meld with which cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards.actions import LayOff, Meld
from engine.cards.card import JOKER, Card, CardsText
from engine.i18n import SOURCE_LANGUAGE, Msg

MOST = 3  # lay-offs with a card, and new melds, named at most (the first ones found)


class JokerPlaces(Msg):
    """Where the current seat's won joker can still go, worked out only when the message
    is read: legality checks raise many refusals that nobody reads."""

    __slots__ = ("_find",)

    def __init__(self, find: Callable[[], Sequence[LayOff | Meld]]) -> None:
        """``find``: the places, on a copy of the round as it was when it refused."""
        super().__init__("swap.place.or")
        self._find = find

    def text(self, lang: str = SOURCE_LANGUAGE) -> str:
        return describe(self._find()).text(lang)


def describe(places: Sequence[LayOff | Meld]) -> Msg:
    """``places`` (legal actions laying a joker, ``CardRound.joker_places``) in words:
    "on meld 2", "on any of melds 2, 5 or 7", "on meld 3 together with 8♥", "in a new meld
    with 5♥ 7♥ or Q♠ Q♦", joined by "or".

    Raises:
        ValueError: ``places`` is empty (a refusal names a place only where one exists).
    """
    alone = sorted({p.meld + 1 for p in places if isinstance(p, LayOff) and len(p.cards) == 1})
    parts: list[Msg] = []
    if len(alone) == 1:
        parts.append(Msg("swap.place.meld", number=alone[0]))
    elif alone:
        parts.append(Msg("swap.place.melds", numbers=either([str(n) for n in alone])))
    with_card: dict[int, LayOff] = {}
    for place in places:
        if isinstance(place, LayOff) and len(place.cards) > 1 and place.meld + 1 not in alone:
            with_card.setdefault(place.meld, place)
    for number, lay_off in sorted(with_card.items())[:MOST]:
        parts.append(Msg("swap.place.meld_with", number=number + 1,
                         cards=CardsText(tuple(_besides_joker(lay_off.cards)))))
    new: dict[frozenset[Card], CardsText] = {}
    for place in places:
        if isinstance(place, Meld) and len(new) < MOST:
            others = _besides_joker(place.melds[0])
            new.setdefault(frozenset(others), CardsText(tuple(others)))
    if new:
        parts.append(Msg("swap.place.new_meld", cards=either(list(new.values()))))
    if not parts:
        raise ValueError("no place to describe")
    joined = either(parts)
    assert isinstance(joined, Msg)  # every part is one
    return joined


def either(items: Sequence[str | Msg | CardsText]) -> str | Msg | CardsText:
    """``a``, ``a or b``, ``a, b or c``… in the language the message is read in.

    Raises:
        ValueError: no items.
    """
    if not items:
        raise ValueError("nothing to list")
    if len(items) == 1:
        return items[0]
    joined = Msg("swap.place.or", first=items[-2], rest=items[-1])
    for item in reversed(items[:-2]):
        joined = Msg("swap.place.list", first=item, rest=joined)
    return joined


def _besides_joker(cards: Sequence[Card]) -> list[Card]:
    """The cards laid with the joker (one joker taken out, the order kept)."""
    rest = list(cards)
    rest.remove(JOKER)
    return rest
