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

What it fakes: one application and its bot user, guilds with text channels and members
(the first, ``guild_id`` and ``channels``, on shard 0 of any shard count; ``add_guild``
adds one on a chosen shard), the REST routes a slash-command bot calls (``rest``: users,
application, ``GET /gateway/bot`` with ``recommended_shards`` and a
``session_start_limit`` each IDENTIFY spends, global and guild command sync recorded in
``command_puts``, interaction callbacks, webhook follow-ups and ``@original``
edits, channel messages, a repeated enforced ``nonce`` answered with the first message)
and the gateway (``gateway``: HELLO, IDENTIFY → READY +
GUILD_CREATE, HEARTBEAT, RESUME, ``INTERACTION_CREATE``), sharded as Discord is: an
IDENTIFY with ``shard: [id, count]`` gets only the guilds of that shard, and a guild's
events go only to the connections of its shard, from one bot or several processes
(``connected_shards``, ``identified``, ``gateway_deliveries``). It acts as the guild's users
(``slash``, ``click``, ``select``, ``autocomplete``, ``submit``: a form the bot
answered with, filled in, as :mod:`~bot.discord_app.fake.modals` checks and shapes it) and
records everything the bot
answers with its raw payloads (``model``), so a caller can check flags (64: ephemeral),
allowed mentions and attachments, and wait for a change (``wait_for``).

It misbehaves as Discord does, on request (``faults``): ``fail`` answers the next calls
of a kind (send, edit, delete, interaction callback, follow-up…) with 500/502/503/403/…;
``rate_limit`` with a 429 (per route or global, with or without ``Via``, which discord.py
treats differently, or a resource's own limit with its code); ``hold`` serves a kind's
calls but keeps their answers until released (done by Discord, the answer on its way);
Discord's global limit
(``FakeDiscord(global_limit=50)``: requests per second on every route but interaction
answers, their follow-ups and webhook, then a global 429 with ``retry_after`` and
``X-RateLimit-Scope: global``, counted in ``rest.global_requests`` and
``rest.global_refused``; not enforced unless asked); ``set_bot_permissions``
takes permissions away in a channel (interactions carry them as ``app_permissions``,
channel messages get Discord's 403); ``drop_gateway``, ``reconnect_gateway``,
``invalidate_session`` upset the gateway. Every body the bot sends is checked against
Discord's size limits (content, embeds, components, select options, autocomplete choices,
files), and one that breaks a limit gets Discord's 400 naming the field (``limits``).
It has a clock (``clock``, ``FakeDiscord(clock=…)``:
Discord's time, which a test moves): message ids are made from it, and a message older
than an hour by it may be edited only a few times in a row, the next edit getting
Discord's 429 code 30046 (``edits``; ``age`` makes a message older than its id says).

Direct messages (``dms``): ``POST /users/@me/channels`` opens the bot's DM channel with
a member (the same one each time), messages are sent and edited there, a member's clicks
there come as Discord sends a DM's interactions (no guild, ``user``, context 1), and a
member whose DMs are closed (``dms.close(user)``) makes a message sent there fail with
403 code 50007; ``dms.rate_limit(count, per)`` arms a limit per DM channel;
``direct_messages(user)`` lists what the bot sent there.

What it does not fake: group DMs, threads, voice, file uploads in forms; rate limits nobody
armed (no route buckets are counted) but those, the 3-second and 15-minute deadlines of
interactions; compressed or ETF gateway frames, the identify rate limit (5 s per ``max_concurrency``
bucket), heartbeat deadlines, replaying events missed while disconnected. A REST route
it does not know answers 404 and is listed in ``unknown_routes``. Every REST request is
checked against Discord's published OpenAPI description (``openapi``: route, parameters,
JSON body or ``payload_json``, file parts), each mismatch listed in ``spec_violations``
with the failing field and the schema's complaint (recorded, still served: what Discord
refuses is the limits' to say; ``check_requests=False``: unchecked, as ``rummy-bot try``
runs without the dev extra's ``jsonschema``). ``FakeDiscord(retain=False)`` keeps only
what each message shows now, for long runs.

It imports aiohttp (a dependency of discord.py), never discord itself: what it sends is
Discord's JSON, as the real client receives it.
"""

from bot.discord_app.fake.faults import (
    ATTACH_FILES,
    EMBED_LINKS,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    Fault,
    Hold,
)
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
    option_type,
    snowflake,
)
from bot.discord_app.fake.openapi import Violation
from bot.discord_app.fake.server import FakeDiscord
from bot.discord_app.fake.state import DiscordState

__all__ = [
    "ALL_PERMISSIONS",
    "ATTACH_FILES",
    "EMBED_LINKS",
    "EPHEMERAL",
    "LOADING",
    "MANAGE_GUILD",
    "MEMBER_PERMISSIONS",
    "SEND_MESSAGES",
    "VIEW_CHANNEL",
    "Attachment",
    "DiscordState",
    "FakeDiscord",
    "Fault",
    "Hold",
    "Interaction",
    "Message",
    "User",
    "Violation",
    "option_type",
    "snowflake",
]
