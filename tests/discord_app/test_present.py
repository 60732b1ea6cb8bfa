"""What the bot shows and how it reads what players pick (typed pieces: tests/session)."""

from __future__ import annotations

import discord
import pytest

from bot.discord_app import pictures, present
from bot.discord_app.controller import arrange_meld
from bot.discord_app.views import MAX_OPTIONS, selection_of
from bot.session import display_order
from engine import classify, parse_cards, variant, variant_names
from engine.game import Game
from tests.discord_app.helpers import components


def _view(seat: int = 0):  # type: ignore[no-untyped-def]
    game = Game.new(variant("rami51"), ["ann", "bob"], 7)
    return game.view(seat)


@pytest.mark.parametrize(("words", "expected"), [
    ("draw stock", "ann drew from the stock."),
    ("draw discard", "ann took the top of the discard pile."),
    ("meld 7♥ 8♥ 9♥ | Q♠ Q♥ Q♦", "ann laid 7♥ 8♥ 9♥ | Q♠ Q♥ Q♦."),
    ("layoff 10♥ J♥ 2", "ann laid off 10♥ J♥ on meld 2."),
    ("swapjoker 7♥ 1", "ann swapped 7♥ for the joker of meld 1."),
    ("discard K♣", "ann discarded K♣."),
])
def test_moves_in_words(words: str, expected: str) -> None:
    assert present.move_text("ann", words, "en") == expected
    assert present.move_text("ann", words, "fr") != expected


@pytest.mark.parametrize(("picked", "expected"), [
    ("5h jk 3h", "3h jk 5h"),          # the joker fills the gap
    ("Kh jk Ah", "jk Kh Ah"),          # ace high, the joker below
    ("2c jk 3c", "2c 3c jk"),          # no gap: the joker goes at the high end
    ("7s 7h 7d", "7s 7h 7d"),          # a group stays as picked
])
def test_menu_picks_are_arranged_into_a_meld(picked: str, expected: str) -> None:
    rules = variant("rami51")
    arranged = arrange_meld(parse_cards(picked), rules)
    classify(arranged, rules)
    assert arranged == tuple(parse_cards(expected))


async def test_hand_message_fits_discord_limits() -> None:
    view = _view()
    reply = present.hand(view, 123456789012345678, "en", components(), selected={
        "a": {"1:" + present.piece_text(view.hand[display_order(view, "suit")[0]])}})
    assert reply.ephemeral
    assert reply.view is not None
    rows = {item.row for item in reply.view.children}
    assert len(rows) <= 5
    for child in reply.view.children:
        item = getattr(child, "item", child)
        assert len(item.custom_id) <= 100
        if isinstance(item, discord.ui.Select):
            assert len(item.options) <= MAX_OPTIONS
    numbered = reply.content or ""
    assert "`1`" in numbered and f"`{len(view.hand)}`" in numbered
    payload = reply.view.to_components()
    message = discord.Message.__new__(discord.Message)
    message.components = [discord.ActionRow(row) for row in payload]  # type: ignore[arg-type]
    assert selection_of(message)["a"] == [next(iter(
        {"1:" + present.piece_text(view.hand[display_order(view, "suit")[0]])}))]


def test_a_huge_hand_keeps_menus_to_25_options() -> None:
    from dataclasses import replace

    view = _view()
    big = replace(view, hand=view.hand * 3)  # 39 cards
    reply = present.hand(big, 1, "en", components())
    assert reply.view is not None
    selects = [i.item for i in reply.view.children
               if isinstance(getattr(i, "item", None), discord.ui.Select)]
    assert selects and all(len(s.options) == MAX_OPTIONS for s in selects)
    assert "first 25 cards" in (reply.content or "")


async def test_pictures_drawn_in_a_painting_process_are_the_same() -> None:
    view = _view()
    pictures.set_painters(1)
    try:
        drawn = await pictures.draw(pictures.hand_picture, view, "fr", sort="rank")
    finally:
        pictures.stop_painters()
        pictures.set_painters(0)
    assert drawn == pictures.hand_picture(view, "fr", sort="rank")
    assert drawn.alt and drawn.filename == "hand.png"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", variant_names())
def test_the_rules_message_is_the_rule_sets_summary(name: str, lang: str) -> None:
    (embed,) = present.rules(variant(name), lang, components()).embeds
    assert embed.description == "\n".join(variant(name).summary(lang))
    assert len(embed.description) <= 4096


def test_the_rules_message_shows_the_rules_as_played() -> None:
    played = variant("rami51").with_overrides(hand_sizes=9)
    (embed,) = present.rules(played, "en", components()).embeds
    assert "Deal: 9 cards each." in (embed.description or "")
