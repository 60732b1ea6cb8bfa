"""The private hand as a layout message: within Discord's limits with the largest hand
and table in both languages, its picture, and a lay-off button beside each table meld
the cards picked fit."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.discord_app.cards.components import HandPick, LayOffButton
from bot.discord_app.core import emojis
from bot.discord_app.core import layout as layouts
from bot.discord_app.core import text as core_text
from bot.discord_app.core.replies import Picture
from bot.discord_app.hand import present as hand_present
from bot.session import display_order
from engine import parse_cards, variant
from engine.game import Game
from engine.views import MeldView, Phase, PlayerView
from render.emoji import face_key

CHANNEL = 123456789012345678
RULES = variant("classic")
PICTURE = Picture(b"png", "Your hand: 39 cards", "hand.png")


def _playing(melds: list[tuple[str, str]]) -> PlayerView:
    """ann's view in her play phase, opened, with these table melds (cards, kind)."""
    view = Game.new(RULES, ["ann", "bob"], 7).view(0)
    seats = (replace(view.seats[0], has_opened=True), *view.seats[1:])
    shown = tuple(MeldView(number, tuple(parse_cards(cards)), (None,) * len(cards.split()),
                           kind, 1) for number, (cards, kind) in enumerate(melds, 1))
    return replace(view, phase=Phase.PLAY, current=0, seats=seats, melds=shown)


def _value(view: PlayerView, card: str) -> str:
    """The first menu's value of ``card`` in ann's hand (put there if missing)."""
    order = display_order(view, "suit")
    for pos, index in enumerate(order, 1):
        if core_text.piece_code(view.hand[index]) == card:
            return f"{pos}:{card}"
    raise AssertionError(f"{card} not in the hand")


def _lay_off_ids(view: discord.ui.LayoutView) -> list[str]:
    return [item.custom_id for item in layouts.walk(view) if isinstance(item, LayOffButton)]


def _with(view: PlayerView, cards: str) -> PlayerView:
    return replace(view, hand=(*parse_cards(cards), *view.hand))


def test_a_lay_off_button_beside_each_meld_the_cards_picked_fit() -> None:
    view = _with(_playing([("7h 8h 9h", "run"), ("qs qh qd", "group"), ("2c 3c 4c", "run")]),
                 "10h")
    selected = {"a": {_value(view, "10h")}}
    reply = hand_present.hand(view, CHANNEL, "en", selected=selected, layout=True, rules=RULES)
    assert reply.layout is not None and reply.is_layout
    assert _lay_off_ids(reply.layout) == [f"rami:lay:1:{CHANNEL}"]  # 10♥ fits 7♥ 8♥ 9♥ only
    assert "Meld 1: 7♥ 8♥ 9♥" in reply.text()
    none = hand_present.hand(view, CHANNEL, "en", layout=True, rules=RULES)  # nothing picked
    assert none.layout is not None and not _lay_off_ids(none.layout)
    waiting = replace(view, current=1)
    theirs = hand_present.hand(waiting, CHANNEL, "en", selected=selected, layout=True,
                               rules=RULES)
    assert theirs.layout is not None and not _lay_off_ids(theirs.layout)


def test_no_lay_off_button_before_the_opening_where_the_rules_forbid_it() -> None:
    view = _with(_playing([("7h 8h 9h", "run")]), "10h")
    closed = replace(view, seats=(replace(view.seats[0], has_opened=False), *view.seats[1:]))
    strict = RULES.with_overrides(lay_off_before_opening=False)
    reply = hand_present.hand(closed, CHANNEL, "en", selected={"a": {_value(view, "10h")}},
                              layout=True, rules=strict)
    assert reply.layout is not None and not _lay_off_ids(reply.layout)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_largest_hand_and_table_fit_a_layout_message(lang: str) -> None:
    runs = [(f"{r}{s} {r + 1}{s} {r + 2}{s}", "run") for s in "hsdc" for r in range(2, 8)]
    view = _with(_playing(runs), "jk")
    big = replace(view, hand=view.hand * 3)  # 33 cards: more than a menu holds
    selected: dict[str, Any] = {"a": {_value(big, "JK")}}  # a joker fits every run
    reply = hand_present.hand(big, CHANNEL, lang, selected=selected, picture=PICTURE,
                              layout=True, rules=RULES, note="x" * 3000)
    shown = reply.layout
    assert shown is not None and not reply.content and not reply.embeds
    (container,) = shown.children
    assert isinstance(container, discord.ui.Container)
    assert layouts.count(container) <= layouts.MOST_COMPONENTS
    assert layouts.text_size(shown) <= layouts.MOST_TEXT
    assert container.accent_colour is not None  # her turn
    (item,) = layouts.media_items(shown)
    assert item.media.url == "attachment://hand.png" and item.description == PICTURE.alt
    ids = [i.custom_id for i in layouts.walk(shown) if getattr(i, "custom_id", None)]
    for kept in ("rami:pick:a:", "rami:pick:b:", "rami:pick:m:", "rami:hand:draw:",
                 "rami:hand:layoff:", "rami:hand:discard:", "rami:hand:sort:"):
        assert any(str(i).startswith(kept) for i in ids), kept  # every button kept
    assert 1 <= len(_lay_off_ids(shown)) < len(runs)  # as many as there is room for
    words = hand_present.hand(big, CHANNEL, lang, selected=selected, layout=True,
                              rules=RULES)  # text only: no picture
    assert words.layout is not None and not list(layouts.media_items(words.layout))
    assert not words.pictures


def _menus(reply_view: discord.ui.LayoutView) -> dict[str, Any]:
    return {item.custom_id: item for item in layouts.walk(reply_view)
            if isinstance(item, HandPick)}


def _components(view: PlayerView, selected: dict[str, set[str]]) -> tuple[Any, list[Any]]:
    reply = hand_present.hand(view, CHANNEL, "en", selected=selected, picture=PICTURE,
                              owner=5, layout=True, rules=RULES)
    assert reply.layout is not None
    return reply.layout, reply.layout.to_components()


def test_a_pick_changes_one_menu_the_other_is_shared_and_each_message_sends_its_own() -> None:
    """A hand's menus are made once per hand and picks and shared between messages: a
    pick in the first menu makes that menu anew, the second is the one shown before;
    what each message sends is its own picks."""
    view = _playing([])
    first = _value(view, core_text.piece_code(view.hand[0]))
    before, sent_before = _components(view, {})
    after, sent_after = _components(view, {"a": {first}})
    menus_before, menus_after = _menus(before), _menus(after)
    a_id = f"rami:pick:a:{CHANNEL}:5"
    b_id = f"rami:pick:b:{CHANNEL}:5"
    assert menus_after[b_id] is menus_before[b_id]
    assert menus_after[a_id] is not menus_before[a_id]

    def defaults(sent: list[Any], custom_id: str) -> list[str]:
        found = [c for row in sent[0]["components"] if row["type"] == 1
                 for c in row["components"] if c.get("custom_id") == custom_id]
        return [o["value"] for o in found[0]["options"] if o.get("default")]

    assert defaults(sent_before, a_id) == [] and defaults(sent_after, a_id) == [first]
    assert defaults(sent_after, b_id) == []


def test_a_hand_shows_the_emojis_loaded_since_it_was_last_shown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = _playing([])
    monkeypatch.setattr(emojis, "SHOWN", emojis.Shown())
    _, plain = _components(view, {})
    assert all("emoji" not in option for option in _first_menu(plain)["options"])
    card = view.hand[display_order(view, "suit")[0]]
    emojis.SHOWN.use({face_key(card, "en"): emojis.Held(99, "r_cXx_abcdef")})
    _, shown = _components(view, {})
    assert _first_menu(shown)["options"][0]["emoji"]["id"] == 99


def _first_menu(sent: list[Any]) -> Any:
    return next(c for row in sent[0]["components"] if row["type"] == 1
                for c in row["components"] if c.get("custom_id", "").startswith("rami:pick:a:"))
