"""Cards written and read in each language (English J Q K and c s h d; French V D R and
t p c k; the symbols in both), their codes the same in every language, and cards quoted in
messages in the reader's language."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Discard,
    Draw,
    Game,
    IllegalMeld,
    IllegalMove,
    NotationError,
    classify,
    variant,
)
from engine.cards.card import (
    JOKER,
    Card,
    CardsText,
    Suit,
    format_card,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
    rank_text,
    read_codes,
    write_codes,
)
from engine.i18n import languages, t

CLUBS, SPADES, HEARTS, DIAMONDS = Suit
LANGS = languages()
_CARD = st.one_of(st.builds(Card, st.integers(1, 13), st.sampled_from(list(Suit))),
                  st.just(JOKER))


@pytest.mark.parametrize(("card", "en", "fr"), [
    (Card(11, CLUBS), "J♣", "V♣"),
    (Card(12, SPADES), "Q♠", "D♠"),
    (Card(13, HEARTS), "K♥", "R♥"),
    (Card(1, DIAMONDS), "A♦", "A♦"),
    (Card(10, HEARTS), "10♥", "10♥"),
    (JOKER, "JK", "JK"),
])
def test_each_language_writes_its_own_ranks(card: Card, en: str, fr: str) -> None:
    assert format_card(card, "en") == en
    assert format_card(card, "fr") == fr


@pytest.mark.parametrize(("card", "en", "fr"), [
    (Card(10, CLUBS), "10c", "10t"),
    (Card(12, SPADES), "Qs", "Dp"),
    (Card(13, HEARTS), "Kh", "Rc"),
    (Card(11, DIAMONDS), "Jd", "Vk"),
])
def test_each_language_writes_its_own_suit_letters_in_ascii(card: Card, en: str,
                                                            fr: str) -> None:
    assert format_card(card, "en", ascii=True) == en
    assert format_card(card, "fr", ascii=True) == fr


@pytest.mark.parametrize(("text", "lang", "expected"), [
    ("10c", "en", Card(10, CLUBS)),
    ("10c", "fr", Card(10, HEARTS)),       # c is cœur in French
    ("5p", "fr", Card(5, SPADES)),         # p pique
    ("Rk", "fr", Card(13, DIAMONDS)),      # k carreau
    ("vt", "fr", Card(11, CLUBS)),         # t trèfle
    ("DP", "fr", Card(12, SPADES)),        # any case
    ("Kk", "fr", Card(13, DIAMONDS)),      # the English rank letters are read too
    ("Qs", "en", Card(12, SPADES)),
    ("Ds", "en", Card(12, SPADES)),        # and the French ones in English
    ("th", "en", Card(10, HEARTS)),        # T for ten
    ("1♣", "fr", Card(1, CLUBS)),          # 1 for the ace
    ("D♠", "fr", Card(12, SPADES)),        # symbols in every language
    ("Q♤", "en", Card(12, SPADES)),
    ("A♥\ufe0f", "fr", Card(1, HEARTS)),  # an emoji's variation selector
    ("jk", "fr", JOKER),
    ("joker", "en", JOKER),
])
def test_players_type_cards_in_their_language(text: str, lang: str, expected: Card) -> None:
    assert parse_card(text, lang) == expected


@pytest.mark.parametrize(("text", "lang"), [
    ("5s", "fr"), ("7h", "fr"), ("10d", "fr"),   # English suit letters in French
    ("5p", "en"), ("Rk", "en"), ("7t", "en"),    # French suit letters in English
    ("zz", "en"), ("11h", "en"), ("", "fr"), ("D", "fr"),
])
def test_a_suit_letter_of_another_language_is_refused(text: str, lang: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_card(text, lang)
    assert error.value.code == "notation.card"


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_error_shows_how_the_language_writes_cards(lang: str) -> None:
    """Its examples read in that language, and it names every suit letter of it."""
    with pytest.raises(NotationError) as error:
        parse_card("zz", lang)
    message = error.value.message(lang)
    assert "zz" in message
    suits = t("card.suits", lang).split()
    for letter in suits:
        assert re.search(rf"\b{letter}\b", message), (letter, message)
    examples = re.search(r"(?:for example|par exemple) (\S+), (\S+) (?:or|ou) (\S+?)[;,. ]",
                         message)
    assert examples is not None, message
    for token in examples.groups():
        parse_card(token, lang)


@pytest.mark.parametrize("lang", LANGS)
@settings(max_examples=50, deadline=None)
@given(st.lists(_CARD, min_size=1, max_size=8))
def test_cards_written_in_a_language_read_back_in_it(lang: str, cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards, lang), lang) == cards
    assert parse_cards(format_cards(cards, lang, ascii=True), lang) == cards
    assert parse_cards(format_cards(cards, lang, ascii=True).upper(), lang) == cards


def test_codes_are_the_same_in_every_language_and_read_back() -> None:
    deck = full_deck(1, 1)
    text = write_codes(deck)
    assert text.split()[:3] == ["Ac", "2c", "3c"] and text.endswith("Kd JK")
    assert read_codes(text) == deck
    assert read_codes("10H qs ♥7 j*".replace("♥7", "7♥")) == [
        Card(10, HEARTS), Card(12, SPADES), Card(7, HEARTS), JOKER]
    with pytest.raises(NotationError):
        read_codes("Dp")  # a French spelling is no code


def test_a_rank_is_written_in_each_language() -> None:
    assert [rank_text(rank, "fr") for rank in (1, 11, 12, 13, 14)] == ["A", "V", "D", "R", "A"]
    assert [rank_text(rank, "en") for rank in (1, 11, 12, 13, 14)] == ["A", "J", "Q", "K", "A"]


def test_cards_quoted_in_a_message_are_written_in_the_readers_language() -> None:
    quoted = CardsText((Card(12, SPADES), JOKER))
    assert quoted.text("fr") == "D♠ JK" and quoted.text("en") == "Q♠ JK"
    with pytest.raises(IllegalMeld) as error:
        classify(parse_cards("Qs Qs Qh"), variant("rami51"))
    assert "D♠" in error.value.message("fr") and "Q♠" in error.value.message("en")
    with pytest.raises(IllegalMeld) as gap:
        classify(parse_cards("9h 10h Kh"), variant("rami51"))
    assert "10 et R" in gap.value.message("fr") and "10 and K" in gap.value.message("en")


def test_a_card_not_in_hand_is_named_in_the_readers_language() -> None:
    game = Game.new(variant("classic"), ["a", "b"], 1)
    seat = game.public_view().current
    game.apply(seat, Draw("stock"))
    hand = game.view(seat).hand
    missing = next(card for card in full_deck() if card not in hand and card.rank == 12)
    with pytest.raises(IllegalMove) as error:
        game.apply(seat, Discard(missing))
    assert format_card(missing, "fr") in error.value.message("fr")
    assert format_card(missing, "en") in error.value.message("en")
