"""The daily championship's commands and messages: names in both languages, the variants
offered, a try's message within Discord's limits, the close's post and the settings."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, Mock

import discord
import pytest
from discord import app_commands

from bot.discord_app.core import i18n
from bot.discord_app.core import layout as layouts
from bot.discord_app.core.replies import Picture
from bot.discord_app.daily import present as daily_present
from bot.discord_app.daily.poster import DailyPoster
from bot.session import Seat
from bot.session.daily import ClosedDay, Daily, DayInfo, TryResult, TryState
from bot.session.prefs import Preferences
from data import ChallengeResult, GuildSettings
from engine.cards.actions import Draw
from engine.game import Game
from engine.names import computer_name
from engine.variants import variant
from tests.discord_app.helpers import features

DAY = DayInfo(7, "2026-03-03", 1_772_568_000.0, "Europe/Paris")  # 21:00 in Paris
RULES = variant("rami30").with_overrides(target=0)
SEATS = (Seat("Al*ce", 1), Seat(computer_name(1), None, "easy"),
         Seat(computer_name(2), None, "easy"))


def a_try(**changes: object) -> TryState:
    game = Game.new(RULES, [seat.name for seat in SEATS], 5)
    state = TryState(day=DAY, number=3, tries_left=7, seats=SEATS, view=game.view(0),
                     rules=RULES)
    return replace(state, **changes)  # type: ignore[arg-type]


def daily_group() -> app_commands.Group:
    group = features().command_group().get_command("daily")
    assert isinstance(group, app_commands.Group)
    return group


async def test_the_commands_read_rami_quotidien_in_french() -> None:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payload = await daily_group().get_translated_payload(tree, i18n.RamiTranslator())
    assert (payload["name"], payload["name_localizations"]["fr"]) == ("daily", "quotidien")
    names = {option["name"]: option["name_localizations"]["fr"]
             for option in payload["options"]}
    assert names == {"play": "jouer", "ranking": "classement", "settings": "reglages"}


def test_the_championship_offers_only_card_variants() -> None:
    settings = daily_group().get_command("settings")
    assert isinstance(settings, app_commands.Command)
    (variants,) = [p.choices for p in settings.parameters if p.name == "name"]
    offered = [choice.value for choice in variants]
    assert "rami30" in offered and "tiles" not in offered
    (levels,) = [p.choices for p in settings.parameters if p.name == "level"]
    assert [choice.value for choice in levels] == ["easy", "medium", "hard", "mixed"]


def _ids(reply: daily_present.Reply) -> list[str]:
    assert reply.layout is not None
    return [getattr(item, "custom_id", None) or "" for item in layouts.walk(reply.layout)]


def test_a_try_shows_the_day_the_computers_the_hand_and_the_table() -> None:
    moves = tuple((1, Draw("stock")) for _ in range(400))  # far more than a message holds
    hand, table = (Picture(b"png", f"{name} alt", f"{name}.png") for name in ("hand", "table"))
    reply = daily_present.try_message(a_try(moves=moves), "en", sort="suit",
                                      note="You discarded 7♥.", hand_picture=hand,
                                      table_picture=table)
    assert reply.ephemeral and reply.is_layout and reply.content is None and not reply.embeds
    assert reply.layout is not None
    assert layouts.text_size(reply.layout) <= layouts.MOST_TEXT
    assert sum(layouts.count(item) for item in reply.layout.children) <= 40
    lines = reply.text().splitlines()
    assert lines[0].startswith("**Daily championship of March 3, 2026** · try 3 of 10")
    assert "closes at 21:00 (Europe/Paris)" in lines[0] and lines[1] == "You discarded 7♥."
    assert "CPU 1 drew from the stock." in reply.text()
    assert lines.count("CPU 1 drew from the stock.") < 400  # the oldest moves made room
    assert "**Your hand (13 cards)**" in reply.text()
    assert "### Rami 30, round 1" in reply.text()  # the table's blocks, as the table's
    assert "CPU 1 · easy: 13 cards, 0 points" in reply.text()  # the level in words
    ids = _ids(reply)
    assert "rami:daily:draw:2026030303" in ids and "rami:dpick:a:2026030303" in ids
    media = [(m.media.url, m.description) for m in layouts.media_items(reply.layout)]
    assert media == [("attachment://hand.png", "hand alt"), ("attachment://table.png",
                                                             "table alt")]
    assert [p.filename for p in reply.pictures] == ["hand.png", "table.png"]


def test_a_try_edited_without_new_pictures_shows_the_ones_it_has() -> None:
    shown = {"hand.png": ("hand.png", "the hand"), "table.png": ("table.png", "the table")}
    reply = daily_present.try_message(a_try(), "en", sort="suit", attached=shown)
    assert reply.layout is not None and not reply.pictures
    media = [(m.media.url, m.description) for m in layouts.media_items(reply.layout)]
    assert media == [("attachment://hand.png", "the hand"),
                     ("attachment://table.png", "the table")]


def test_a_try_sent_before_layouts_is_edited_in_its_own_form() -> None:
    reply = daily_present.try_message(a_try(moves=((1, Draw("stock")),)), "en", sort="suit",
                                      layout=False)
    assert not reply.is_layout and reply.content is not None and len(reply.content) <= 2000
    assert "CPU 1 drew from the stock." in reply.content and reply.view is not None
    assert reply.embeds[0].title == "Rami 30, round 1"
    assert "CPU 1 · easy" in str(reply.embeds[0].fields[0].value)


def test_a_try_names_the_computers_in_the_readers_language() -> None:
    reply = daily_present.try_message(a_try(moves=((1, Draw("stock")),)), "fr",
                                      sort="suit")
    assert "Ordi 1 a pioché." in reply.text()
    assert "Ordi 1 · facile : 13 cartes, 0 point" in reply.text()
    assert "### Rami 30, manche 1" in reply.text()


@pytest.mark.parametrize("layout", [True, False])
def test_a_finished_try_says_how_it_ended_and_offers_another(layout: bool) -> None:
    result = TryResult(score=-12, turns=9, counted=False, went_out=False, rami_sec=False,
                       place=None, players=4)
    reply = daily_present.try_message(a_try(result=result, tries_left=0), "fr",
                                      sort="suit", layout=layout)
    assert reply.is_layout is layout
    assert "Score de cet essai : -12 (9 tours)." in reply.text()
    assert "après la clôture de 21:00 (Europe/Paris) : il ne compte pas" in reply.text()
    assert "C'était votre dernier essai du jour" in reply.text()
    if layout:
        assert reply.layout is not None
        buttons = [item.item for item in layouts.walk(reply.layout)
                   if isinstance(getattr(item, "item", None), discord.ui.Button)]
        assert not any(i.startswith("rami:dpick:") for i in _ids(reply))  # no hand
    else:
        assert reply.view is not None
        buttons = [child.item for child in reply.view.children]  # type: ignore[attr-defined]
    again, ranking = buttons
    assert again.disabled and not ranking.disabled


def test_the_close_names_the_first_three_without_pinging() -> None:
    podium = tuple(ChallengeResult(rank, 10 + rank, f"p{rank}", 50 - rank, 8, 0.0, 2)
                   for rank in (1, 2, 3))
    reply = daily_present.close_post(ClosedDay(DAY, 555, podium, 12), "en", None)
    assert reply.is_layout and not reply.ephemeral
    assert "🥇 <@11>: 49 in 8 turns" in reply.text() and "🥉 <@13>" in reply.text()
    assert "12 players took part." in reply.text()
    assert reply.allowed_mentions.users is False  # mentioned, never pinged


def test_the_settings_in_words() -> None:
    text = daily_present.settings_text(GuildSettings(daily_channel=42, daily_close=1230),
                                       "fr")
    assert "Rami 30 contre 2 ordinateurs, niveau varié (tiré chaque jour)." in text
    assert "Clôture chaque jour à 20:30 (Europe/Paris)." in text and "<#42>" in text


def poster_with(send_error: Exception | None) -> tuple[DailyPoster, Any]:
    """A poster whose channel's send fails with ``send_error`` (or succeeds)."""
    client = Mock(spec_set=discord.Client)
    channel = client.get_partial_messageable.return_value
    channel.send = AsyncMock(side_effect=send_error, return_value=Mock(id=99))
    daily = Mock(spec_set=Daily)
    podium = (ChallengeResult(1, 11, "p1", 40, 8, 0.0, 2),)
    daily.close_due = AsyncMock(return_value=[ClosedDay(DAY, 555, podium, 1)])
    prefs = Mock(spec_set=Preferences)
    prefs.channel_language = AsyncMock(return_value="en")
    return DailyPoster(client, daily, prefs), daily


def http_error(kind: type[discord.HTTPException], status: int) -> discord.HTTPException:
    return kind(Mock(status=status, reason="test"), "test")


async def test_a_close_posted_is_said_so_with_its_nonce() -> None:
    poster, daily = poster_with(None)
    assert await poster.run_once() == [99]
    daily.posted.assert_awaited_once_with(daily.close_due.return_value[0], 99)
    channel = poster.client.get_partial_messageable.return_value  # type: ignore[attr-defined]
    assert channel.send.await_args.kwargs["nonce"] == "daily20260303"


@pytest.mark.parametrize(("error", "given_up"), [
    (http_error(discord.NotFound, 404), True),
    (http_error(discord.Forbidden, 403), True),
    (http_error(discord.HTTPException, 500), False),
])
async def test_a_close_not_posted_is_given_up_only_when_the_channel_is_gone(
        error: discord.HTTPException, given_up: bool) -> None:
    poster, daily = poster_with(error)
    assert await poster.run_once() == []
    if given_up:
        daily.posted.assert_awaited_once_with(daily.close_due.return_value[0], None)
    else:
        daily.posted.assert_not_awaited()  # tried again at the next round


@pytest.mark.parametrize(("shard_count", "shard_ids", "posted"), [
    (None, None, True),  # not sharded: every guild's days
    (4, [0, 2], True),  # guild 7 is on shard 0 of 4 ((7 >> 22) % 4): this process's
    (4, [1, 3], False),  # another process serves that guild: it posts the day
])
async def test_a_closed_day_is_posted_by_the_process_serving_its_guild(
        shard_count: int | None, shard_ids: list[int] | None, posted: bool) -> None:
    poster, daily = poster_with(None)
    poster.client = SimpleNamespace(  # type: ignore[assignment]
        shard_count=shard_count, shard_ids=shard_ids, shard_id=None,
        get_partial_messageable=poster.client.get_partial_messageable)
    assert await poster.run_once() == ([99] if posted else [])
    assert daily.posted.await_count == (1 if posted else 0)
