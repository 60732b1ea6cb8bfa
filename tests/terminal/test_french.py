"""The terminal game in French, as a French player tries it: French cards (V D R, suits
t p c k), French words everywhere, every French word that works listed in the help."""

from __future__ import annotations

import io
import re
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from bot.terminal import app as local
from bot.terminal.commands import COMMANDS, TILE_COMMANDS, parse
from engine import Card, Discard, Meld, NotationError, Suit, parse_cards, variant
from engine.ai import LEVELS, level_name
from engine.game import Game
from engine.i18n import t
from engine.notation_words import KEYWORDS, VERBS, Word
from engine.rules import Kind


@pytest.fixture(autouse=True)
def local_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "local.sqlite3"
    monkeypatch.setenv("RAMI_LOCAL_DB", str(path))
    return path


def play(argv: list[str], script: str) -> str:
    out = io.StringIO()
    assert local.run(["--plain", "--lang", "fr", *argv], io.StringIO(script), out) == 0
    return out.getvalue()


def test_a_french_player_types_french_suit_letters() -> None:
    view = Game.new(variant("rami51"), ["ann", "bob"], 3).view(0)
    view = replace(view, hand=tuple(parse_cards("10h 10c 5s 6s 7s qd")))
    rules = variant("rami51")
    assert parse("défausser", "10c", view, rules, "fr") == Discard(Card(10, Suit.HEARTS))
    assert parse("defausser", "10c", view, rules, "en") == Discard(Card(10, Suit.CLUBS))
    assert parse("poser", "5p 6p 7p", view, rules, "fr") == Meld((tuple(parse_cards("5s 6s 7s")),))
    assert parse("défausser", "Dk", view, rules, "fr") == Discard(Card(12, Suit.DIAMONDS))
    with pytest.raises(NotationError) as error:
        parse("poser", "5s 6s 7s", view, rules, "fr")
    assert "t ou ♣ trèfle, p ou ♠ pique" in error.value.message("fr")


def test_an_accepted_move_is_echoed_with_the_cards_symbols() -> None:
    text = play(["--variant", "rami51", "--seed", "3"], "piocher\ndéfausser 1\nquitter\n")
    assert re.search(r"^(?:> )?Vous avez pioché \S+[♣♠♥♦]\.$", text, re.M)
    echoed = re.search(r"^(?:> )?Vous avez défaussé (\S+)\.$", text, re.M)
    assert echoed is not None and echoed.group(1)[-1] in "♣♠♥♦"


def test_the_french_terminal_speaks_french() -> None:
    text = play(["--variant", "rami51", "--players", "3", "--seed", "3"],
                "niveau difficile\npiocher\ndéfausser\nquitter\n")
    assert text.startswith("Rami 51. Tapez ? pour l'aide")
    assert "Les ordinateurs jouent maintenant au niveau difficile" in text
    assert re.search(r"^Ordi 1 · difficile : 13 cartes, 0 point, pas encore posé$", text, re.M)
    assert re.search(r"^Ordi 2 a (pioché|pris|posé|ajouté|défaussé) ", text, re.M)
    assert "CPU" not in text and "ouvert" not in text and "hard" not in text
    assert re.search(r"\b[JQK][♣♠♥♦]", text) is None  # V D R, never J Q K


def test_opening_is_shown_only_where_the_variant_has_a_minimum() -> None:
    classic = play(["--variant", "classic", "--seed", "3"], "quitter\n")
    assert "encore posé" not in classic and "a posé" not in classic
    assert re.search(r"^Ordi 1 · moyen : 10 cartes, 0 point$", classic, re.M)


def test_the_tile_game_is_called_by_its_name() -> None:
    text = play(["--variant", "tiles", "--seed", "3"], "quitter\n")
    assert text.startswith("Rami à tuiles. ")
    assert "tiles" not in text.split("\n")[0]


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_typed_in_french(level: str) -> None:
    text = play(["--seed", "3"], f"niveau {level_name(level, 'fr')}\nquitter\n")
    assert f"au niveau {level_name(level, 'fr')} ;" in text


def test_an_unknown_level_lists_the_french_ones() -> None:
    text = play(["--seed", "3"], "niveau génial\nquitter\n")
    assert "« génial » n'est pas un niveau d'ordinateur ; choisissez parmi facile, moyen, " \
           "difficile." in text


def test_ajouter_lays_off_in_french() -> None:
    text = play(["--variant", "rami51", "--seed", "3"], "piocher\najouter 1 1\nquitter\n")
    assert "n'est pas une commande" not in text
    assert "Vous ne pouvez compléter qu'après votre première pose." in text


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("kind", list(Kind))
def test_every_word_that_works_is_in_the_help(lang: str, kind: Kind) -> None:
    """The action words and their aliases, the keywords, the terminal's own words and
    the levels of the player's language all appear in the help."""
    help_text = t(f"local.help.{kind.value}", lang)
    keywords = {Kind.CARDS: (Word.STOCK, Word.PILE),
                Kind.TILES: tuple(k for k in KEYWORDS if k not in (Word.STOCK, Word.PILE))}
    words = [*(f"notation.read.{name}" for name in (*VERBS[kind], *keywords[kind])),
             *(f"local.read.{name}" for name in COMMANDS
               if (kind is Kind.TILES or name not in TILE_COMMANDS)
               and not (kind is Kind.TILES and name == "next"))]  # tiles: one round
    missing = [word for key in words for word in t(key, lang).split()
               if not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", help_text)]
    missing += [level_name(level, lang) for level in LEVELS
                if level_name(level, lang) not in help_text]
    assert missing == []


def test_a_game_saved_in_french_goes_on_in_english(local_db: Path) -> None:
    """The saved game holds no word of either language: names and cards are put in words
    when shown, in the language of the day."""
    french = play(["--variant", "rami51", "--seed", "3"], "piocher\ndéfausser\nquitter\n")
    assert "Ordi 1" in french
    out = io.StringIO()
    local.run(["--plain", "--lang", "en"], io.StringIO("hand\nquit\n"), out)
    english = out.getvalue()
    assert "Resuming rami51-1: Rami 51, round 1, with You, CPU 1." in english
    assert re.search(r"^CPU 1 · medium: 13 cards, 0 points, not opened yet$", english, re.M)
    assert "Ordi" not in english and "Vous" not in english
    with sqlite3.connect(local_db) as db:
        saved = " ".join(row[0] for row in db.execute("SELECT state FROM games"))
    assert "[cpu 1]" in saved and "[you]" in saved
    assert "Ordi" not in saved and "Vous" not in saved and "CPU" not in saved


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("kind", list(Kind))
def test_the_help_fits_80_columns_its_descriptions_aligned(lang: str, kind: Kind) -> None:
    lines = t(f"local.help.{kind.value}", lang).splitlines()
    assert max(map(len, lines)) <= 80
    rows = [line for line in lines if line.startswith("  ")]
    starts = {re.search(r"\S {2,}(\S)", line).start(1) for line in rows  # type: ignore[union-attr]
              if re.search(r"\S {2,}\S", line)}
    starts |= {len(line) - len(line.lstrip()) for line in rows if line.startswith("    ")
               and not line.lstrip().startswith("…")}
    assert len(starts) == 1  # every description, hint and arrange too, in one column


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_tile_help_names_no_card_command(lang: str) -> None:
    text = t("local.help.tiles", lang)
    assert "discard" not in text and "défausser" not in text and "meld 1" not in text
    assert text.splitlines()[-1].endswith(("The French words work too.",
                                           "Les mots anglais marchent aussi."))


def test_the_french_help_shows_x_for_discard() -> None:
    assert "défausser (x) [<carte>]" in t("local.help.cards", "fr")
    text = play(["--variant", "classic", "--seed", "3", "--lang", "fr"],
                "piocher\nx\nquitter\n")
    assert re.search(r"^(?:> )?Vous avez défaussé \S+[♣♠♥♦]\.$", text, re.M)
