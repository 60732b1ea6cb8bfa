"""Adding a card variant made only of parameters touches the engine and the text catalogs
alone: registered with its rule set and given a display name, it is listed, explained,
played under a server's overrides, drawn, and offered by every Discord command that
names a variant (/rummy new, rules, leaderboard, settings), with no other code changed."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from discord import app_commands

from bot.discord_app.core.i18n import RamiTranslator
from bot.discord_app.table import present as table_present
from engine import Game, RuleSet, rules_summary, server_rules, variant, variant_names
from engine.ai import choose_action
from engine.i18n import LOCALE_DIR, Catalog, t, use_catalog
from engine.views import Phase
from render import render_scores, render_table
from tests.discord_app.helpers import features
from tests.engine.helpers import RAMI40, registered

NAMES = {"en": "Rami 40", "fr": "Rami à 40"}


@pytest.fixture
def rami40(tmp_path: Path) -> Iterator[RuleSet]:
    """RAMI40 (Rami 51 opened at 40, one deck, two jokers) registered with
    ``register_variant`` and named in both catalogs."""
    locales = tmp_path / "locales"
    shutil.copytree(LOCALE_DIR, locales)
    for lang, name in NAMES.items():
        folder = locales / lang / "LC_MESSAGES"
        with (folder / "rami.po").open("a", encoding="utf-8") as stream:
            stream.write(f'\nmsgid "variant.rami40"\nmsgstr "{name}"\n')
        with (folder / "rami.po").open("rb") as stream:
            catalog = read_po(stream)
        with (folder / "rami.mo").open("wb") as stream:
            write_mo(stream, catalog)
    with registered(RAMI40, aliases=("40",)) as rules:
        use_catalog(Catalog(locales))
        try:
            yield rules
        finally:
            use_catalog(None)


def test_the_new_variant_is_listed_and_named(rami40: RuleSet) -> None:
    assert variant_names()[-1] == "rami40"
    assert variant("40") is rami40
    assert t("variant.rami40", "en") == "Rami 40" and t("variant.rami40", "fr") == "Rami à 40"


@pytest.mark.parametrize(("lang", "fragments"), [
    ("en", ("1 deck of 52 and 2 jokers, 54 cards in all", "Deal: 10 cards each.",
            "at least 40 points.", "Players: 2 to 4.")),
    ("fr", ("1 jeu de 52 et 2 jokers, 54 cartes en tout", "Distribution : 10 cartes chacun.",
            "au moins 40 points.", "Joueurs : de 2 à 4.")),
])  # fmt: skip
def test_its_rules_summary_says_its_parameters(
    rami40: RuleSet, lang: str, fragments: tuple[str, ...]
) -> None:
    text = "\n".join(rules_summary(rami40, lang))
    assert [fragment for fragment in fragments if fragment not in text] == []


def test_a_server_changes_it_like_any_variant(rami40: RuleSet) -> None:
    rules = server_rules("40", {"rami40": {"target": 200}}, opening_minimum=45)
    assert (rules.name, rules.target, rules.opening_minimum, rules.jokers) == (
        "rami40", 200, 45, 2)
    assert "at least 45 points" in " ".join(rules_summary(rules, "en"))


def test_it_is_played_saved_and_drawn(rami40: RuleSet) -> None:
    rules = server_rules("rami40", {"rami40": {"target": 200}})
    game = Game.new(rules, ["Ana", "Bob", "Cyd"], seed=40)
    rng = random.Random(40)
    for _ in range(30):
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            break
        seat = game.current
        game.apply(seat, choose_action(game.view(seat), rules, "medium", rng))
    assert Game.from_json(game.to_json()).public_view() == game.public_view()
    public = game.public_view()
    assert public.variant == "rami40"
    for lang, name in NAMES.items():
        assert name in render_table(public, lang=lang).alt
        assert name in render_scores(public, lang=lang).alt


def _choices(payload: dict[str, Any], *path: str) -> list[dict[str, Any]]:
    """The choices of the option ``path[-1]`` of the command ``path[:-1]`` of a payload."""
    node = payload
    for name in path:
        (node,) = [option for option in node["options"] if option["name"] == name]
    return list(node["choices"])


async def test_discord_offers_it_in_every_variant_choice(rami40: RuleSet) -> None:
    group = features().command_group()  # built now: the registry as it stands
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payload = await group.get_translated_payload(tree, RamiTranslator())
    for path in (("new", "variant"), ("rules", "variant"), ("settings", "variant", "variant"),
                 ("settings", "rule", "variant"), ("leaderboard", "variant")):
        offered = {choice["value"]: choice for choice in _choices(payload, *path)}
        assert offered["rami40"]["name"] == "Rami 40", path
        assert offered["rami40"]["name_localizations"]["fr"] == "Rami à 40", path


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_discord_shows_its_rules_as_a_server_plays_them(rami40: RuleSet, lang: str) -> None:
    played = server_rules("rami40", {"rami40": {"opening_minimum": 45}})
    shown = table_present.rules(played, lang).text().split("\n")
    assert shown[0] == f"### {NAMES[lang]}"
    assert "\n".join(rules_summary(played, lang)) in "\n".join(shown)
    assert "45" in "\n".join(shown)
