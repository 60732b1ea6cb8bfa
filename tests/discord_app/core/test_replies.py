"""Everything the bot sends is within Discord's limits (a Reply is fitted when it is
made), and every name a message shows is escaped."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from bot.discord_app.cards.components import HandPick
from bot.discord_app.core import layout as layouts
from bot.discord_app.core import text as core_text
from bot.discord_app.core.components import Slot
from bot.discord_app.core.replies import LIMITS, Picture, Reply, fitted, safe_filename
from bot.discord_app.table import present as table_present
from bot.session import Seat, Snapshot, Status, TableUi
from engine import Draw, variant
from engine.game import Game
from tests.session.helpers import finished_round

EVIL = "[Free Nitro](https://evil.example) @everyone **x**"


def test_content_is_cut_with_an_ellipsis() -> None:
    reply = Reply(content="x" * 6000)
    assert reply.content is not None and len(reply.content) == LIMITS["content"]
    assert reply.content.endswith("…")
    assert Reply(content="short").content == "short"


def test_embeds_are_fitted_one_by_one_and_together() -> None:
    big = discord.Embed(title="t" * 300, description="d" * 5000)
    for _ in range(30):
        big.add_field(name="n" * 300, value="v" * 2000)
    big.set_footer(text="f" * 3000)
    other = discord.Embed(title="second", description="e" * 4000)
    reply = Reply(embeds=[big, other, *[discord.Embed(title="x")] * 12])
    assert len(reply.embeds) == LIMITS["embeds"]
    assert sum(len(embed) for embed in reply.embeds) <= LIMITS["embed_total"]
    first = reply.embeds[0]
    assert first.title is not None and len(first.title) == LIMITS["title"]
    assert len(first.fields) <= LIMITS["fields"]
    assert all(len(f.value or "") <= LIMITS["field_value"] for f in first.fields)


def test_menus_and_buttons_are_fitted() -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Select(
        custom_id="menu", placeholder="p" * 300, max_values=40,
        options=[discord.SelectOption(label="l" * 300, value=str(n)) for n in range(40)]))
    view.add_item(discord.ui.Button(label="b" * 200, custom_id="button"))
    Reply(view=view)
    menu, button = view.children
    assert isinstance(menu, discord.ui.Select) and isinstance(button, discord.ui.Button)
    assert len(menu.options) == LIMITS["options"] == menu.max_values
    assert all(len(o.label) <= LIMITS["option"] for o in menu.options)
    assert menu.placeholder is not None and len(menu.placeholder) <= LIMITS["placeholder"]
    assert button.label is not None and len(button.label) <= LIMITS["label"]


def test_a_shared_menu_is_fitted_when_made_and_then_left_as_it_is() -> None:
    """A hand's menus and buttons are made once and shared by many messages: fitted when
    made, the replies that show them send them as they are; the other items of the same
    layout are fitted as ever."""
    shared = fitted(HandPick(Slot.FIRST, 5, [discord.SelectOption(
        label="l" * 300, value=str(n)) for n in range(40)], placeholder="p" * 300))
    menu = shared.item
    assert len(menu.options) == LIMITS["options"] == menu.max_values
    assert all(len(o.label) == LIMITS["option"] for o in menu.options)
    own = discord.ui.Button(label="b" * 200, custom_id="button")
    options = [(o.label, o.value) for o in menu.options]
    menu.options[0].label = "x" * 300  # as no code does: a shared item is never changed
    view = layouts.layout([layouts.row(shared), layouts.row(own)])
    Reply(layout=view)
    assert menu.options[0].label == "x" * 300  # left as it was made: not walked again
    assert [(o.label, o.value) for o in menu.options][1:] == options[1:]
    assert own.label is not None and len(own.label) == LIMITS["label"]


@pytest.mark.parametrize(("name", "safe"), [
    ("hand.png", "hand.png"), ("../../etc/passwd", "etc_passwd"), ("a b.png", "a_b.png"),
    ("x" * 300 + ".png", "x" * 60 + ".png"), (".png", "file.png"), ("é.png", "file.png"),
])  # fmt: skip
def test_filenames_are_ones_discord_keeps(name: str, safe: str) -> None:
    assert safe_filename(name) == safe
    reply = Reply(pictures=[Picture(b"", "a" * 5000, name)] * 12)
    assert len(reply.pictures) == LIMITS["files"]
    assert reply.pictures[0].filename == safe and len(reply.pictures[0].alt) == LIMITS["alt"]


def test_a_name_is_shown_as_typed_never_as_markdown_or_a_ping() -> None:
    shown = core_text.safe_name(EVIL, "en")
    assert shown.startswith(r"\[Free Nitro]") and r"\*\*x\*\*" in shown
    assert "@everyone" not in shown
    # A name the game gave is put in words first; a stand-in keeps its person's name safe.
    assert core_text.safe_name("[cpu 1]", "fr") == "Ordi 1"
    assert core_text.safe_name("**Bo** [cpu]", "en") == r"\*\*Bo\*\* (CPU)"


def _snapshot(names: list[str]) -> Snapshot:
    game = Game.new(variant("classic"), names, 3)
    seats = tuple(Seat(name, None, "easy") for name in names)
    return Snapshot(channel_id=1, guild_id=2, game_id=3, status=Status.PLAYING,
                    variant="classic", created_by=9, seats=seats, view=game.public_view(),
                    ui=TableUi(), version=1, rules=game.rules)


def test_every_public_message_escapes_names() -> None:
    snapshot = _snapshot([EVIL, "ann"])
    texts = [
        table_present.table(snapshot, "en"),
        table_present.lobby(snapshot, "en", variant("classic")),
        table_present.match_over(snapshot, "en"),
        table_present.round_over(replace(finished_round("classic"), seats=(
            Seat(EVIL, 1), Seat("bob", None, "easy"))), "en"),
    ]
    for reply in texts:
        text = reply.text()
        assert "[Free Nitro](" not in text.replace(r"\[Free Nitro](", ""), text
        assert "@everyone" not in text
    line = table_present.move_text(core_text.safe_name(EVIL, "fr"), Draw("stock"), "fr")
    assert line.startswith(r"\[Free Nitro]") and "@everyone" not in line
