"""Small French words: « En attente d'alice » (elided before a vowel), « toutes variantes
confondues », and an example card that reads as no word."""

from __future__ import annotations

from typing import Any

import pytest

import bot
from bot.discord_app.core.text import pieces_text, starts_with_vowel
from bot.discord_app.hand.present import hand
from engine import i18n, variant
from engine.cards.card import parse_cards
from engine.errors import NotationError
from engine.game import Game
from engine.i18n import Catalog, t, use_catalog


@pytest.mark.parametrize(("name", "waiting"), [
    ("alice", "En attente d'alice."), ("Émile", "En attente d'Émile."),
    ("[cpu 1]", "En attente d'Ordi 1."), ("bruno", "En attente de bruno."),
    ("Hugo", "En attente de Hugo."),
])  # fmt: skip
def test_waiting_for_a_name_elides_before_a_vowel(name: str, waiting: str) -> None:
    game = next(game for seed in range(1, 20)
                if (game := Game.new(variant("classic"), [name, "me"], seed=seed))
                .view(1).current == 0)  # the other one's turn: "me" waits for them
    text = hand(game.view(1), 1, "fr", names=(name, "me")).content or ""
    assert waiting in text


def test_a_vowel_is_a_vowel_whatever_its_accent_or_case() -> None:
    assert [starts_with_vowel(word) for word in ("alice", "Élodie", "Yves", "hugo", "bob")] \
        == [True, True, True, False, False]


def test_all_variants_reads_as_french_says_it() -> None:
    assert t("bot.board.all_variants", "fr") == "toutes variantes confondues"
    assert t("bot.board.empty", "fr", scope=t("bot.board.all_variants", "fr"),
             period=t("bot.admin.choice.all", "fr")) == (
        "Aucune partie terminée sur ce serveur (toutes variantes confondues, depuis toujours).")


def test_the_example_cards_of_a_refusal_read_as_no_word() -> None:
    with pytest.raises(NotationError) as refused:
        parse_cards("zz", "en")
    assert "for example 10h, Q♠ or Ac; a joker is jk." in refused.value.message("en")


def test_a_meld_is_written_in_the_catalog_in_use() -> None:
    """A meld's text is kept once written (every hand message lists the table's melds),
    but kept per catalog: another catalog in use spells the cards its own way."""
    meld = tuple(parse_cards("Qh Kh Ah", "en"))
    assert pieces_text(meld, "fr") == "D♥ R♥ A♥"

    class Spelled(Catalog):  # the package's catalog, its French ranks spelled out
        def text(self, key: str, lang: str = "en", /, **params: Any) -> str:
            found = super().text(key, lang, **params)
            if key == "card.ranks" and lang == "fr":
                return found.replace("D", "Dame").replace("R", "Roi")
            return found

    use_catalog(Spelled(i18n.LOCALE_DIR, i18n.DOMAIN, beside=[(bot.LOCALE_DIR, bot.DOMAIN)]))
    try:
        assert pieces_text(meld, "fr") == "Dame♥ Roi♥ A♥"
    finally:
        use_catalog(None)
    assert pieces_text(list(meld), "fr") == "D♥ R♥ A♥"
