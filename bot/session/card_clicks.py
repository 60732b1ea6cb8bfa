"""A card turn decided from the hand's buttons and menus: which engine action a click
stands for, with no Discord in it.

A hand message holds three menus (``a`` and ``b``: cards, ``m``: a meld of the table) and
a button per :class:`HandAction`. A front end passes the button's action and the values
picked (:func:`click_action`), or saves the next sort (:func:`cycle_sort`); a menu value
is a position and a card code (``3:Qh``, the same in every language:
:func:`card_of_value`). A menu keeps no order, so the cards picked for a meld are
arranged into one (:func:`arrange_meld`) before the engine checks it. Before an opening,
the cards picked in both menus are split into melds by the engine
(:func:`opening_melds`: the Lay them down button lays them all at once, tiles too;
:func:`without_meld`: the picks once one proposed meld is left out; :func:`suggested_picks`:
the Suggest button's, the best opening the hand holds).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from bot.session.hand import check_length, next_sort
from bot.session.model import SessionError
from engine import Card, NotationError, RuleSet, RummyError, classify
from engine.cards.actions import CardAction, Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.card import CardsText, read_codes, write_codes
from engine.i18n import Msg, quote
from engine.numbers import whole
from engine.opening import split, suggested_opening
from engine.rules import Kind
from engine.tiles.tile import Tile, format_tile, parse_tiles
from engine.views import Piece, PlayerView

if TYPE_CHECKING:
    from bot.session.prefs import Preferences

P = TypeVar("P")  # a piece: a card or a tile


class HandAction(StrEnum):
    """A button of a card hand; its value is the action's part of the button's custom id
    and of its label's catalog key (``bot.button.<action>``)."""

    DRAW = "draw"
    TAKE = "take"  # the discard pile's top card
    MELD = "meld"
    LAYOFF = "layoff"
    SWAP = "swap"  # a table joker for a card of the hand
    DISCARD = "discard"
    SORT = "sort"  # the next way of sorting the hand; no action of the game
    OPEN = "open"  # the cards picked in both menus laid as the melds of an opening
    SUGGEST = "suggest"  # pick the cards of the best opening the hand holds; no action


async def cycle_sort(prefs: Preferences, user_id: int) -> None:
    """The hand's Sort button: the player's next way of sorting, saved."""
    current = (await prefs.player(user_id)).sort
    await prefs.update_player(user_id, sort=next_sort(current))


def click_action(action: HandAction, picked: Mapping[str, Sequence[str]],
                 rules: RuleSet | None) -> CardAction:
    """The card action a hand button stands for (draw, take, meld, layoff, swap, discard),
    made of what is ``picked`` in the message's menus (``rules``: for a meld's order).

    Raises:
        SessionError: what the button needs is not picked (the message says what).
        NotationError: a picked value that is no card's code (no menu of the bot holds one).
        ValueError: :attr:`HandAction.SORT`, which is no action of the game
            (:func:`cycle_sort`).
    """
    action = HandAction(action)  # its code, read from a custom id, is taken too
    if action is HandAction.DRAW or action is HandAction.TAKE:
        return Draw("discard" if action is HandAction.TAKE else "stock")
    if action is HandAction.SORT:
        raise ValueError("the Sort button changes a preference, not the game: cycle_sort")
    if action is HandAction.SUGGEST:
        raise ValueError("the Suggest button changes the picks, not the game: suggested_picks")
    if action is HandAction.OPEN:
        assert rules is not None and rules.kind is Kind.CARDS
        return Meld(tuple(tuple(c for c in meld if isinstance(c, Card))
                          for meld in opening_melds(picked, rules)))
    button = Msg(f"bot.button.{action}")
    first = [card_of_value(v) for v in picked.get("a", [])]
    second = [card_of_value(v) for v in picked.get("b", [])]
    meld = [n for n in (whole(v) for v in picked.get("m", [])) if n is not None]
    if not first:
        raise SessionError("bot.error.pick_cards", button=button)
    if action is HandAction.MELD:
        assert rules is not None
        return Meld(tuple(arrange_meld(cards, rules) for cards in (first, second) if cards))
    if action is HandAction.DISCARD:
        if len(first) != 1:
            raise SessionError("bot.error.pick_one")
        return Discard(first[0])
    if not meld:
        raise SessionError("bot.error.pick_meld", button=button)
    if action is HandAction.LAYOFF:
        return LayOff(tuple(first), meld[0] - 1)
    if len(first) != 1:
        raise SessionError("bot.error.pick_one_swap")
    return SwapJoker(first[0], meld[0] - 1)


def picked_values(picked: Mapping[str, Iterable[str]]) -> list[str]:
    """The menu values picked in both piece menus (``a`` then ``b``), each position once."""
    return list(dict.fromkeys(v for slot in ("a", "b") for v in picked.get(slot, ())))


def picked_pieces(picked: Mapping[str, Iterable[str]], kind: Kind) -> list[Piece]:
    """The cards (or tiles, ``kind``) picked in both menus, each position once.

    Raises:
        NotationError: a picked value that is no piece's code.
    """
    read = card_of_value if kind is Kind.CARDS else tile_of_value
    return [read(value) for value in picked_values(picked)]


def opening_melds(picked: Mapping[str, Iterable[str]], rules: RuleSet
                  ) -> tuple[tuple[Piece, ...], ...]:
    """The melds (tile sets) of the opening the hand proposes for the pieces picked in
    both menus (:func:`engine.opening.split`), each in table order; the round then
    judges them (the minimum, the first turn, the hand left).

    Raises:
        SessionError: nothing is picked, or the pieces picked make no melds together.
        NotationError: a picked value that is no piece's code.
    """
    pieces = picked_pieces(picked, rules.kind)
    if not pieces:
        raise SessionError("bot.error.pick_cards", button=Msg("bot.button.open"))
    melds = split(pieces, rules)
    if melds is None:
        if rules.kind is Kind.CARDS:
            raise SessionError("bot.error.open_no_split",
                               cards=CardsText(tuple(c for c in pieces if isinstance(c, Card))))
        raise SessionError("bot.error.open_no_split.tiles", tiles=" ".join(
            format_tile(p) for p in pieces if isinstance(p, Tile)))
    return tuple(meld.pieces for meld in melds)


def without_meld(picked: Mapping[str, Sequence[str]], rules: RuleSet,
                 number: int) -> dict[str, set[str]]:
    """The menus' picks once the pieces of meld ``number`` (from 1) of the proposed
    opening are left out (the hand's "Leave out" button beside that meld).

    Raises:
        SessionError: the picks make no such meld any more (the message was stale).
        NotationError: a picked value that is no piece's code.
    """
    values = picked_values(picked)
    read = card_of_value if rules.kind is Kind.CARDS else tile_of_value
    melds = split([read(v) for v in values], rules) if values else None
    if melds is None or not 1 <= number <= len(melds):
        raise SessionError("bot.error.open_stale")
    out = Counter(melds[number - 1].pieces)
    dropped: set[str] = set()
    for value in values:
        piece = read(value)
        if out[piece] > 0:
            out[piece] -= 1
            dropped.add(value)
    return {slot: {v for v in chosen if v not in dropped} if slot in ("a", "b") else set(chosen)
            for slot, chosen in picked.items()}


def tile_of_value(value: str) -> Tile:
    """A rack menu value ``"3:r12"`` (position:tile) back to its tile.

    Raises:
        NotationError: not one tile's code (a value no menu of the bot holds).
    """
    return _one_piece(value, parse_tiles, "notation.tile")


def suggested_picks(view: PlayerView, order: Sequence[int], rules: RuleSet
                    ) -> dict[str, set[str]]:
    """The picks of the hand's Suggest button: the cards of the best opening the hand
    holds (:func:`engine.opening.suggested_opening`) in the first menu, by their values
    (``order``: the hand's display order, positions from 1), nothing in the others.

    Raises:
        SessionError: the hand holds no meld (``bot.error.suggest_none``).
    """
    wanted = Counter(suggested_opening(view, rules))
    if not wanted:
        raise SessionError("bot.error.suggest_none")
    values: set[str] = set()
    for position, index in enumerate(order, 1):
        card = view.hand[index]
        if isinstance(card, Card) and wanted[card] > 0:
            wanted[card] -= 1
            values.add(f"{position}:{write_codes([card])}")
    return {"a": values}


def card_of_value(value: str) -> Card:
    """A menu value ``"3:Qh"`` (position:card code, the same in every language) back to
    its card; older menus hold ``"3:Q♥"``, which reads the same.

    Raises:
        NotationError: not one card's code (a value no menu of the bot holds).
    """
    return _one_piece(value, read_codes, "notation.card")


def _one_piece(value: str, read: Callable[[str], Sequence[P]], refusal: str) -> P:
    """The one piece a menu value ``"position:code"`` (or a bare code) names, else
    NotationError ``refusal`` quoting the value."""
    pieces = read(check_length(value.partition(":")[2] or value))
    if len(pieces) != 1:
        raise NotationError(refusal, token=quote(value))
    return pieces[0]


def arrange_meld(cards: Sequence[Card], rules: RuleSet) -> tuple[Card, ...]:
    """Cards picked in a menu (which keeps no order) in an order that makes a meld.

    Jokers are tried in every place between and around the real cards sorted by rank
    (ace high, then ace low), the high end first; the first valid arrangement wins. Cards
    that form no meld are returned sorted, for the engine to explain what is wrong.
    """
    reals = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    orders = [sorted(reals, key=lambda c: 14 if c.rank == 1 else c.rank),
              sorted(reals, key=lambda c: c.rank)]
    for order in orders:
        if not jokers:
            candidates: Iterable[tuple[Card, ...]] = [tuple(order)]
        else:
            size = len(cards)
            candidates = (
                _with_jokers(order, jokers, places)
                for places in reversed(list(
                    itertools.combinations(range(size), len(jokers))))
            )
        for candidate in candidates:
            try:
                classify(candidate, rules)
            except RummyError:
                continue
            return candidate
    return tuple(orders[1] + jokers)


def _with_jokers(reals: list[Card], jokers: list[Card], places: tuple[int, ...]
                 ) -> tuple[Card, ...]:
    out: list[Card] = []
    it = iter(reals)
    jk = iter(jokers)
    for index in range(len(reals) + len(jokers)):
        out.append(next(jk) if index in places else next(it))
    return tuple(out)
