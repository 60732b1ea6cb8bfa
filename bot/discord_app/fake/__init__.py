"""A fake Discord on 127.0.0.1 that the real, unmodified discord.py client talks to.

The Discord front end's own double: the end-to-end tests and ``bench/bot_bench.py`` run
the bot against it, and a host can try the bot offline with it. The bot reaches it the
way large bots reach a REST proxy, through two settings: ``DISCORD_API_BASE`` (REST) and
``DISCORD_GATEWAY_URL`` (gateway)::

    fake = FakeDiscord()
    await fake.start()
    # the bot: DISCORD_TOKEN=fake.token, DISCORD_API_BASE=fake.api_base,
    # DISCORD_GATEWAY_URL=fake.gateway_url, DISCORD_DEV_GUILD=fake.guild_id
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    lobby = (await fake.slash(alice, fake.channels[0], "rummy new", variant="rami51")).reply
    await fake.click(bob, lobby, "rami:lobby:join:")  # waits for the bot's answer

What it fakes: one application and its bot user, one guild with text channels and
members, the REST routes a slash-command bot calls (``rest``: users, application, global
and guild command sync, interaction callbacks, webhook follow-ups and ``@original``
edits, channel messages, a repeated enforced ``nonce`` answered with the first message)
and the gateway (``gateway``: HELLO, IDENTIFY → READY +
GUILD_CREATE, HEARTBEAT, RESUME, ``INTERACTION_CREATE``). It acts as the guild's users
(``slash``, ``click``, ``select``, ``autocomplete``) and records everything the bot
answers with its raw payloads (``model``), so a caller can check flags (64: ephemeral),
allowed mentions and attachments, and wait for a change (``wait_for``).

What it does not fake: more than one guild, direct messages, threads, voice, modals;
rate limits, permission checks on the bot's own calls (only the token is checked),
Discord's limits on components and attachments, the 3-second and 15-minute deadlines of
interactions; compressed or ETF gateway frames, sharding (``GET /gateway/bot``), heartbeat
deadlines. A REST route it does not know answers 404 and is listed in ``unknown_routes``.

It imports aiohttp (a dependency of discord.py), never discord itself: what it sends is
Discord's JSON, as the real client receives it.
"""

from bot.discord_app.fake.model import (
    ALL_PERMISSIONS,
    EPHEMERAL,
    LOADING,
    MANAGE_GUILD,
    MEMBER_PERMISSIONS,
    Attachment,
    Interaction,
    Message,
    User,
    snowflake,
)
from bot.discord_app.fake.server import FakeDiscord
from bot.discord_app.fake.state import DiscordState

__all__ = [
    "ALL_PERMISSIONS",
    "EPHEMERAL",
    "LOADING",
    "MANAGE_GUILD",
    "MEMBER_PERMISSIONS",
    "Attachment",
    "DiscordState",
    "FakeDiscord",
    "Interaction",
    "Message",
    "User",
    "snowflake",
]
