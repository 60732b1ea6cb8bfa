"""The opening a hand proposes (issue 25): the cards picked split into melds, each a
section, their total against the table's minimum beside one button laying them all,
within Discord's limits on the largest hands, in English and French."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.discord_app.cards.components import (
    HandButton,
    LayOffButton,
    LeaveOutButton,
    hand_items,
)
from bot.discord_app.core import layout as layouts
from bot.discord_app.core import text as core_text
from bot.discord_app.core.replies import Picture
from bot.discord_app.hand import present as hand_present
from bot.discord_app.hand.opening import opening_blocks, proposed
from bot.discord_app.tiles.components import TileButton, TileButtonAction
from bot.session import display_order
from bot.session.card_clicks import HandAction
from engine import parse_cards, parse_tiles, variant
from engine.game import Game
from engine.views import MeldView, Phase, PlayerView

CHANNEL = 123456789012345678
PICTURE = Picture(b"png", "Your hand: 15 cards", "hand.png")


def _view(name: str, hand: str, *, opened: bool = False, current: int = 0,
          melds: tuple[MeldView, ...] = (), first_turn: bool = False) -> PlayerView:
    """ann's view in her play phase (not opened), holding exactly ``hand`` (past her
    first turn: she has discarded once, unless ``first_turn``)."""
    discards = () if first_turn else ((0, parse_cards("2c")[0]),)
    view = Game.new(variant(name), ["ann", "bob", "cy"], 7).view(0)
    seats = (replace(view.seats[0], has_opened=opened), *view.seats[1:])
    return replace(view, phase=Phase.PLAY, current=current, seats=seats,
                   hand=tuple(parse_cards(hand)), melds=melds, discards=discards)


def _picked(view: PlayerView, cards: str) -> dict[str, set[str]]:
    """The first menu's values of ``cards`` in the hand."""
    order = display_order(view, "suit")
    codes = [core_text.piece_code(view.hand[i]) for i in order]
    values: set[str] = set()
    for code in (core_text.piece_code(c) for c in parse_cards(cards)):
        pos = next(p for p, shown in enumerate(codes, 1)
                   if shown == code and f"{p}:{code}" not in values)
        values.add(f"{pos}:{code}")
    return {"a": values}


def _shown(view: PlayerView, picked: dict[str, set[str]], lang: str, name: str,
           **options: Any) -> discord.ui.LayoutView:
    rules = variant(name)
    reply = hand_present.hand(view, CHANNEL, lang, selected=picked, layout=True,
                              rules=rules, opening=proposed(view, picked, rules), **options)
    assert reply.layout is not None
    return reply.layout


def _items(shown: discord.ui.LayoutView, cls: type[Any]) -> list[Any]:
    return [item for item in layouts.walk(shown) if isinstance(item, cls)]


def _open_button(shown: discord.ui.LayoutView) -> HandButton | None:
    found = [b for b in _items(shown, HandButton) if b.action is HandAction.OPEN]
    return found[0] if found else None


HAND = "7h 8h 9h qs qh qd 2c 5d 9s"


@pytest.mark.parametrize(("lang", "run", "group", "total"), [
    ("en", "**Run 2**: 7♥ 8♥ 9♥ — 24 points", "**Group 1**: Q♠ Q♥ Q♦ — 30 points",
     "**Opening: 54 points** of the 51 needed: enough to open."),
    ("fr", "**Suite 2** : 7♥ 8♥ 9♥ — 24 points", "**Brelan ou carré 1** : D♠ D♥ D♦ — 30 points",
     "**Première pose : 54 points** sur les 51 demandés : de quoi poser."),
])
def test_two_melds_side_by_side_and_their_total_beside_one_button(
        lang: str, run: str, group: str, total: str) -> None:
    view = _view("rami51", HAND)
    shown = _shown(view, _picked(view, "7h 8h 9h qs qh qd"), lang, "rami51")
    sections = _items(shown, discord.ui.Section)
    texts = [s.children[0].content for s in sections]
    assert [t for t in texts if t.startswith(("**Run", "**Group", "**Suite", "**Brelan"))] == [
        group, run]
    assert total in texts
    leave = [b.custom_id for b in _items(shown, LeaveOutButton)]
    assert leave == [f"rami:leave:1:{CHANNEL}", f"rami:leave:2:{CHANNEL}"]
    button = _open_button(shown)
    assert button is not None and not button.item.disabled
    assert button.custom_id == f"rami:hand:open:{CHANNEL}"
    assert button.item.label == ("Lay them down" if lang == "en" else "Tout poser")


@pytest.mark.parametrize(("lang", "hand", "cards", "line"), [
    ("en", HAND, "7h 8h 9h 2c 2s 2d", "of the 51 needed: 21 points more."),
    ("fr", HAND, "7h 8h 9h 2c 2s 2d", "sur les 51 demandés : encore 21 points."),
    ("en", "10h jh qh kh qs qc 2c", "10h jh qh kh", "of the 51 needed: 11 points more."),
    ("fr", "9s 10s js qs ks qc qd 2c", "9s 10s js qs ks", "sur les 51 demandés : encore 2 points."),
])
def test_a_short_opening_says_what_is_missing_and_keeps_its_button(
        lang: str, hand: str, cards: str, line: str) -> None:
    view = _view("rami51", f"{hand} 2s 2d")
    shown = _shown(view, _picked(view, cards), lang, "rami51")
    assert line in layouts.shown_text(shown)
    button = _open_button(shown)
    assert button is not None and not button.item.disabled  # pressed: the round refuses


@pytest.mark.parametrize(("lang", "cards", "line"), [
    ("en", "2c 3c 4c 5s 5h 5d", "**Opening: 24 points** of the 30 needed: 6 points more."),
    ("en", "9c 10c jc", "**Opening: 29 points** of the 30 needed: 1 point more."),
    ("fr", "9c 10c jc", "**Première pose : 29 points** sur les 30 demandés : encore 1 point."),
    ("fr", "ac 2c 3c 4c 5c 6c 7c", "sur les 30 demandés : encore 2 points."),  # the ace 1
    ("en", "4c 5c 6c 7c 8c", "**Opening: 30 points** of the 30 needed: enough to open."),
])
def test_the_points_missing_in_the_languages_plurals(lang: str, cards: str, line: str) -> None:
    view = _view("rami30", f"{cards} kd")
    assert line in layouts.shown_text(_shown(view, _picked(view, cards), lang, "rami30"))


def test_classic_opens_with_any_meld() -> None:
    view = _view("classic", "7h 8h 9h 2c 5d")
    shown = _shown(view, _picked(view, "7h 8h 9h"), "en", "classic")
    assert "**Opening: 24 points.** Any meld opens" in layouts.shown_text(shown)


def test_the_button_is_off_when_the_player_may_not_meld_now() -> None:
    view = _view("rami51", HAND, current=1)  # bob's turn
    button = _open_button(_shown(view, _picked(view, "7h 8h 9h qs qh qd"), "en", "rami51"))
    assert button is not None and button.item.disabled
    first = _view("gameduell", HAND, first_turn=True)  # gameduell: no meld in one's first turn
    shown = _shown(first, _picked(first, "7h 8h 9h qs qh qd"), "en", "gameduell")
    button = _open_button(shown)
    assert button is not None and button.item.disabled
    assert "Nobody lays cards during their own first turn" in layouts.shown_text(shown)


def test_no_opening_nor_suggest_once_the_round_is_over() -> None:
    over = replace(_view("rami51", HAND), phase=Phase.ROUND_OVER)
    shown = _shown(over, _picked(over, "7h 8h 9h qs qh qd"), "en", "rami51")
    ids = [str(getattr(i, "custom_id", "")) for i in layouts.walk(shown)]
    assert not [i for i in ids if i.startswith(("rami:hand:open:", "rami:hand:suggest:"))]
    playing = _shown(_view("rami51", HAND), {}, "en", "rami51")
    assert [b for b in _items(playing, HandButton) if b.action is HandAction.SUGGEST]


def test_no_opening_once_opened_or_when_the_cards_make_no_melds() -> None:
    opened = _view("rami51", HAND, opened=True)
    shown = _shown(opened, _picked(opened, "7h 8h 9h qs qh qd"), "en", "rami51")
    assert _open_button(shown) is None and not _items(shown, LeaveOutButton)
    view = _view("rami51", HAND)
    shown = _shown(view, _picked(view, "7h 8h qs"), "en", "rami51")
    assert _open_button(shown) is None and not _items(shown, LeaveOutButton)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_largest_hand_with_four_melds_and_lay_offs_fits_a_layout(lang: str) -> None:
    hand = "7h 8h 9h qs qh qd 2c 3c 4c 5d 5s 5c jk 9c kd"
    view = _view("classic", hand)
    picked = _picked(view, "7h 8h 9h qs qh qd 2c 3c 4c 5d 5s 5c")
    reply = hand_present.hand(view, CHANNEL, lang, selected=picked, layout=True,
                              rules=variant("classic"), picture=PICTURE, note="x" * 1500,
                              opening=proposed(view, picked, variant("classic")))
    assert reply.layout is not None and len(_items(reply.layout, LeaveOutButton)) == 4
    # And beside them as many lay-off buttons as the table has melds (more than any pick
    # of four melds fits): the opening is kept whole, the lay-offs take what room is left.
    table = [MeldView(n, tuple(parse_cards("as 2s 3s")), (None,) * 3, "run", 1)
             for n in range(1, 11)]
    classic = variant("classic")
    opening = opening_blocks(view, proposed(view, picked, classic), classic,
                             channel_id=CHANNEL, lang=lang)
    menus, buttons = hand_items(
        CHANNEL, lang, cards=[(f"{i}:x", "x") for i in range(1, 16)], melds=[("1", "1")],
        selected=picked, sort="suit", can_draw=False, can_play=True)
    head = ["x" * 1500, "**Your hand**", "  ".join(f"`{i}` <:r_cQs_1a2b3c:123456789012345678>"
                                                  for i in range(1, 16))]
    shown = hand_present.hand_layout(
        head, ["y" * 200], menus, buttons, picture=PICTURE, my_turn=True,
        lay_offs=[(m, f"Meld {m.number}: A♠ 2♠ 3♠") for m in table],
        channel_id=CHANNEL, lang=lang, opening=opening).layout
    assert shown is not None
    (container,) = shown.children
    assert layouts.count(container) <= layouts.MOST_COMPONENTS
    assert layouts.text_size(shown) <= layouts.MOST_TEXT
    assert len(_items(shown, LeaveOutButton)) == 4 and _open_button(shown) is not None
    assert 1 <= len(_items(shown, LayOffButton)) < len(table)


def _rack(tiles: str, *, draft: bool = False) -> PlayerView:
    """ann's tile rack on her turn (not opened), holding exactly ``tiles``."""
    view = Game.new(variant("tiles"), ["ann", "bob"], 7).view(0)
    return replace(view, current=0, hand=tuple(parse_tiles(tiles)),
                   draft=() if draft else None)


def _rack_picked(view: PlayerView, tiles: str) -> dict[str, set[str]]:
    order = display_order(view, "suit")
    codes = [core_text.piece_code(view.hand[i]) for i in order]
    return {"a": {f"{codes.index(code) + 1}:{code}" for code in tiles.split()}}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_racks_initial_meld_is_proposed_the_same_way(lang: str) -> None:
    view = _rack("r10 r11 r12 b5 k5 o5 k1 b3 o7 r9 k13 b11 o2 k8")
    shown = _shown(view, _rack_picked(view, "r10 r11 r12 b5 k5 o5"), lang, "tiles")
    assert len(_items(shown, LeaveOutButton)) == 2
    (button,) = [b for b in _items(shown, TileButton) if b.action is TileButtonAction.OPEN]
    assert not button.item.disabled and button.custom_id == f"rami:tiles:open:{CHANNEL}"
    words = "of the 30 needed: enough" if lang == "en" else "sur les 30 demandés : de quoi"
    assert words in layouts.shown_text(shown)
    (container,) = shown.children
    assert layouts.count(container) <= layouts.MOST_COMPONENTS


def test_no_initial_meld_proposed_while_a_draft_is_edited() -> None:
    view = _rack("r10 r11 r12 b5 k5 o5 k1", draft=True)
    shown = _shown(view, _rack_picked(view, "r10 r11 r12"), "en", "tiles")
    assert not _items(shown, LeaveOutButton)
