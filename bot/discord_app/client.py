"""The Discord client: opens the store, builds the session layer and the front end.

``make_bot(settings)`` builds a :class:`RamiBot` (one gateway connection) or, when the
settings name shards (``SHARD_COUNT``), a :class:`ShardedRamiBot` connecting this
cluster's shards. Its start checks Discord's budget of session starts
(:mod:`~bot.discord_app.starting`), opens the store, builds the session layer's
:class:`Tables` and :class:`~bot.session.daily.Daily`, then the front end's features (one
package each: ``table``, ``cards``, ``tiles``, ``daily``, ``settings``, ``player``), each
given what it needs, puts their commands in the ``/rummy`` group and routes their
components' clicks to them (:mod:`~bot.discord_app.core.feature`), syncs the commands
(cluster 0 only; to ``DISCORD_DEV_GUILD`` only when set), loads the cards' and tiles'
emojis in a task of their own (:mod:`~bot.discord_app.emoji_upload`: cluster 0 uploads
what changed), resumes the saved games and
posts the daily championship's closes (:class:`~bot.discord_app.daily.poster.
DailyPoster`). ``sync_only`` stops after the sync
(``rummy-bot sync``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import random
import time
from collections.abc import Callable
from typing import Any, cast

import discord
import yarl

import render
from bot.config import Settings
from bot.discord_app import emoji_upload
from bot.discord_app.command_sync import same_commands
from bot.discord_app.core import dispatch, emojis, pictures
from bot.discord_app.core.components import routed
from bot.discord_app.core.feature import Route, Routed
from bot.discord_app.core.i18n import RamiTranslator, t
from bot.discord_app.core.pacing import GlobalPacer, pacing_trace, process_share
from bot.discord_app.core.replies import error_reply
from bot.discord_app.core.tree import RamiTree
from bot.discord_app.daily.poster import DailyPoster
from bot.discord_app.features import Features, build
from bot.discord_app.ops.metrics import Metrics, Sampler
from bot.discord_app.ops.server import OpsServer
from bot.discord_app.ops.stopping import Gate
from bot.discord_app.shards import shard_filter
from bot.discord_app.starting import IdentifyPacer, check_budget
from bot.discord_app.table.publisher import RETRY_DELAYS
from bot.session import Daily, IdleSweeper, Tables
from bot.session.prefs import Preferences
from data import Store
from data.backup import hold_store_lock
from engine.i18n import languages

log = logging.getLogger("rami.bot")

STOP_TIMEOUT = 9.0  # seconds a stop takes at most before it gives up (the process: 10)
# The middle generation's collections between two full ones (Python's default: 10): a full
# collection walks every object the caches hold, so the bot's own process makes them rarer.
OLD_COLLECTIONS_EVERY = 100

DISCORD_API_BASE = discord.http.Route.BASE


def point_at(settings: Settings) -> None:
    """Send REST and gateway traffic where the settings say (a proxy, or a fake Discord)."""
    discord.http.Route.BASE = settings.api_base or DISCORD_API_BASE
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class RamiBot(discord.Client):
    """The bot on one gateway connection (see :func:`make_bot`). ``features``,
    ``routes``, ``tables``, ``store`` and ``tree`` exist once ``setup_hook`` has run."""

    features: Features
    routes: dict[type[Routed], Route]  # where each component class's clicks go
    tables: Tables
    daily: Daily
    daily_poster: DailyPoster
    store: Store
    tree: RamiTree
    emoji_loading: asyncio.Task[emoji_upload.Loaded]  # loading the emojis (a task)

    def __init__(
        self,
        settings: Settings,
        *,
        seed_source: Callable[[], int] | None = None,
        turn_timeout: float | None = None,
        guild_ready_timeout: float = 2.0,
        sync_commands: bool = True,
        min_edit_interval: float = 1.0,
        clock: Callable[[], float] = time.time,
        secret_source: Callable[[], bytes] | None = None,
        retry_delays: tuple[float, ...] | None = None,
        sync_only: bool = False,
        load_emojis: bool = True,
        warm_pictures: bool = False,
    ) -> None:
        # The bot plays no sound: no warnings about missing voice libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True
        shards: dict[str, Any] = {}
        if isinstance(self, discord.AutoShardedClient):
            shards = {"shard_ids": settings.cluster.shard_ids,
                      "shard_count": settings.cluster.shard_count}
        # METRICS_PORT: this bot's figures (its own registry) and the server showing them.
        self.metrics = metrics = (Metrics(settings.cluster.shard_ids)
                                  if settings.metrics_port is not None else None)
        # Discord's global limit kept here: this process's share of the token's requests.
        self.global_pacer = GlobalPacer(*process_share(settings.cluster.cluster_count))
        shards["http_trace"] = pacing_trace(
            self.global_pacer, metrics.http_trace() if metrics is not None else None)
        super().__init__(intents=intents, guild_ready_timeout=guild_ready_timeout,
                         allowed_mentions=discord.AllowedMentions.none(), **shards)
        self.ops = None if settings.metrics_port is None else OpsServer(
            settings.metrics_host, settings.metrics_port, self.readiness,
            metrics.exposition if metrics is not None else None, self._look)
        self.settings = settings
        self._seed_source = seed_source
        self._turn_timeout = turn_timeout
        self._sync_commands = sync_commands and settings.cluster.syncs_commands
        self._sync_only = sync_only
        self._load_emojis = load_emojis
        # The bot owns its process (main): its start-up also draws the hands' and the
        # tables' pieces ahead and freezes what it made out of the collector's sight (tests
        # leave both out).
        self._warm_pictures = warm_pictures
        self.pacer = IdentifyPacer()
        self._min_edit_interval = min_edit_interval
        # The time (the daily championship's, and the age of the table messages) and the
        # secret of the daily deals (tests inject both).
        self._clock = clock
        self._secret_source = secret_source
        self._retry_delays = retry_delays
        self._store_lock = contextlib.ExitStack()
        # Stopping: from the signal on, interactions are answered "restarting".
        self.gate = Gate(self, self._language,
                         on_refused=metrics.refused_while_stopping if metrics else None)
        self.gate.install()

    async def setup_hook(self) -> None:
        if self._sync_only:
            await self._build()
            await self.sync_commands(force=True)
            return
        await self.check_identify_budget()
        await self._build()
        if self._sync_commands:
            await self.sync_commands()
        emojis.use({})  # cards as text until this bot's emojis are loaded
        if self._load_emojis:
            # In a task: the bot serves meanwhile (an upload of the whole set takes a
            # while on Discord), its cards written as text until then.
            self.emoji_loading = asyncio.create_task(emoji_upload.load(
                self, uploads=self.settings.cluster.cluster_id == 0))
        resumed = await self.tables.resume()
        for channel_id in resumed:
            # What the channel shows may be older than the saved game (a crash between a
            # save and its messages): bring it up to date.
            await self.features.publisher.refresh(channel_id)
        # Turns time out from the database, those of tables no process holds too.
        self.tables.start_timers()
        self.features.notifications.start()  # DM notices (issue 27)
        self.idle_sweeper = IdleSweeper(self.store, self.tables).start()
        self.daily_poster = DailyPoster(self, self.daily, self.features.prefs,
                                        clock=self._clock).start()
        if self.metrics is not None:
            self.sampler = Sampler(self.metrics).start()
        log.info("ready to serve games_resumed=%d db=%s", len(resumed), self.store.path)

    async def check_identify_budget(self) -> None:
        """Read Discord's budget of session starts (``GET /gateway/bot``) and pace the
        IDENTIFYs by its ``max_concurrency``.

        Raises:
            IdentifyBudgetLow: starting would leave fewer than ``MIN_IDENTIFIES_LEFT``.
            discord.GatewayNotFound: Discord did not answer (a failed start).
        """
        cluster = self.settings.cluster
        recommended, _, limit = await self.http.get_bot_gateway()
        log.info("session starts remaining=%d total=%d reset_after_s=%d max_concurrency=%d "
                 "shards=%s recommended_shards=%d", limit["remaining"], limit["total"],
                 limit["reset_after"] // 1000, limit["max_concurrency"],
                 cluster.shard_count or 1, recommended)
        if cluster.shard_count is not None and cluster.shard_count < recommended:
            log.warning("SHARD_COUNT=%d is below the %d shards Discord recommends: Discord "
                        "refuses too few shards for the bot's servers",
                        cluster.shard_count, recommended)
        check_budget(remaining=limit["remaining"], total=limit["total"],
                     reset_after_ms=limit["reset_after"], needed=cluster.identifies,
                     reserve=cluster.min_identifies_left)
        self.pacer.max_concurrency = max(1, limit["max_concurrency"])

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait as long as Discord's identify rate asks, not discord.py's fixed 5 s."""
        waited = await self.pacer.wait(shard_id)
        if waited:
            log.info("identify paced shard=%s waited_s=%.1f", shard_id, waited)

    async def _build(self) -> None:
        """The store, the session layer, the front end and the command tree."""
        pictures.set_painters(self.settings.painters)
        # A theme's first picture computes its palette (~0.4 s): do it now, off the loop,
        # rather than in the first player's reply.
        self._warming = asyncio.create_task(self._warm_up())
        if self.settings.database_url is None:
            # While this bot serves the SQLite file, rummy-bot restore is refused.
            self._store_lock.enter_context(hold_store_lock(self.settings.db_path))
        self.store = await Store.open(self.settings.database)
        if self.metrics is not None:
            self.store.on_write = self.metrics.store_write
        # One cache of settings and preferences, read by the session layer (each human
        # turn's time-out) as by the front end.
        prefs = Preferences(self.store)
        self.tables = Tables(self.store, ai_delay=self.settings.ai_delay,
                             seed_source=self._seed_source, turn_timeout=self._turn_timeout,
                             shards=shard_filter(self), guild_settings=prefs.guild)
        self.daily = Daily(self.store, clock=self._clock, secret_source=self._secret_source)
        self.features = features = build(
            self, self.tables, self.store, self.daily,
            min_edit_interval=self._min_edit_interval,
            retry_delays=self._retry_delays or RETRY_DELAYS,
            on_answer=self.metrics.answered if self.metrics is not None else None,
            clock=self._clock, prefs=prefs)
        self.tables.subscribe(features.publisher.on_event)
        # Settings changed by another process sharing the database reach this one's cache.
        await features.prefs.listen(self.settings.database_listen_url)
        self.routes = features.routes  # the components' callbacks find their feature here
        self.add_dynamic_items(*features.component_classes)
        dispatch.install(self)  # a click's item made without the clicked message's view
        self.tree = RamiTree(self, features.replies.language)
        await self.tree.set_translator(RamiTranslator())
        self.tree.add_command(features.command_group())

    async def _warm_up(self) -> None:
        """Every theme's palette, then (``warm_pictures``) the default theme's hands in
        each language (their cells) and its tables' piles and meld cards, one step at a
        time in a thread: a stop waits for one step at most (a thread cannot be cancelled),
        not for them all. Then the objects made so far are frozen out of the garbage
        collector's sight (``gc.freeze``): they live as long as the process, and every full
        collection would walk them all again."""
        for name in render.THEMES:
            await asyncio.to_thread(render.warm_up, [name])
        if not self._warm_pictures:
            return
        for lang in languages():
            await asyncio.to_thread(render.warm_hands, "classic", [lang])
        for lang in languages():
            await asyncio.to_thread(render.warm_tables, "classic", [lang])
        gc.freeze()
        # A full collection walks every object made since (the caches of pictures, texts
        # and components filling up): 80-160 ms of the loop at 20 games, one every minute
        # or so, each a pause every answer then waits for. Young garbage is still
        # collected as often; the old generation ten times more rarely.
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, OLD_COLLECTIONS_EVERY)

    async def sync_commands(self, *, force: bool = False) -> None:
        """Register the commands: instantly in the development guild, else globally.

        They are registered only when the ones Discord holds for this application differ
        (one request to read them, with their translations: a fresh application, another
        application behind a new token, or deleted commands get them again); ``force``
        registers them anyway (``rummy-bot sync``).
        """
        guild = discord.Object(self.settings.dev_guild) if self.settings.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        where = "global" if guild is None else str(guild.id)
        if not force and same_commands(await self.command_payload(guild),
                                       await self.registered_commands(guild)):
            log.info("commands unchanged, not synced guild=%s", where)
            return
        synced = await self.tree.sync(guild=guild)
        log.info("commands synced count=%d guild=%s", len(synced), where)

    async def command_payload(self, guild: discord.abc.Snowflake | None) -> list[dict[str, Any]]:
        """Every command as ``CommandTree.sync`` would send it (both languages)."""
        translator = self.tree.translator or RamiTranslator()
        return [dict(await command.get_translated_payload(self.tree, translator))
                for command in self.tree.get_commands(guild=guild)]

    async def registered_commands(self, guild: discord.abc.Snowflake | None
                                  ) -> list[dict[str, Any]]:
        """The commands Discord holds for this application (in ``guild``, or global),
        with their translations."""
        app_id = self.application_id
        if guild is None:
            route = discord.http.Route("GET", "/applications/{application_id}/commands",
                                       application_id=app_id)
        else:
            route = discord.http.Route(
                "GET", "/applications/{application_id}/guilds/{guild_id}/commands",
                application_id=app_id, guild_id=guild.id)
        held = await self.http.request(route, params={"with_localizations": "true"})
        return cast("list[dict[str, Any]]", held or [])

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a click that no component of the bot takes (a forged or stale custom
        id, a click without its message: discord.py would leave it unanswered); hand a
        form's submit to its feature (no process holds the forms: a submit after a
        restart finds its feature too), and answer one that no feature takes."""
        kind = interaction.type
        if kind is discord.InteractionType.component:
            data = cast("dict[str, object]", interaction.data or {})
            if routed(self.features.component_classes, interaction.message,
                      str(data.get("custom_id", "")), data.get("component_type")):
                return  # its component class answers
        elif kind is not discord.InteractionType.modal_submit:
            return  # commands and autocomplete go through the command tree
        else:
            custom_id = str(cast("dict[str, object]", interaction.data or {})
                            .get("custom_id", ""))
            if self._form_open(custom_id):
                return  # a form discord.py holds answers
            if (submit := self.features.form_submit(custom_id)) is not None:
                await submit(interaction)  # a form no process holds: its feature's
                return
        async with self.features.replies.to(interaction, "stale") as answer:
            answer.reply = error_reply(t("bot.error.stale", answer.lang))

    def _form_open(self, custom_id: str) -> bool:
        """Whether discord.py still holds the form (modal) of ``custom_id``."""
        store = getattr(self._connection, "_view_store", None)
        return custom_id in getattr(store, "_modals", {})

    async def on_ready(self) -> None:
        log.info("connected user=%s guilds=%d", self.user, len(self.guilds))

    async def wait_idle(self, *, retries: bool = False) -> None:
        """Wait until the computer players have played every turn that is theirs and every
        channel update the bot queued has been sent, or waits for a retry after a failure
        (with ``retries``: until the retries succeeded too) (tests, benchmarks). Waiting
        for the channel updates alone is not enough: a human's move is shown while the
        computer seat after it is still thinking, and its move (with the next human's
        reminder) comes later; and a computer move makes channel updates in turn. So both
        are waited for until neither has anything left."""
        while True:
            played = await self.tables.idle()
            shown = await self.features.publisher.wait_idle(retries=retries)
            if not played and not shown:
                return

    async def readiness(self) -> list[str]:
        """What keeps this process from serving (empty: ready): starting or stopping, a
        shard of its own not connected to the gateway, the store not answering within
        1 s (``/readyz``)."""
        if not self.gate.open:
            return ["stopping"]
        if not hasattr(self, "features") or not self.is_ready():
            return ["starting: not connected to the gateway yet"]
        reasons = [f"shard {shard} not connected to the gateway"
                   for shard in self.disconnected_shards()]
        try:
            await asyncio.wait_for(self.store.schema_version(), 1.0)
        except TimeoutError:
            reasons.append("the store did not answer within 1 s")
        except Exception as error:
            reasons.append(f"the store failed: {type(error).__name__}")
        return reasons

    async def _look(self) -> None:
        """Bring the figures read from the bot's state up to date (before a scrape)."""
        if self.metrics is not None and hasattr(self, "tables"):
            self.metrics.state(self.tables.census(), pictures.waiting())

    def disconnected_shards(self) -> list[int | None]:
        """This process's gateway connections that are not open (None: the one
        connection of an unsharded bot)."""
        return [None] if self.ws is None or not self.ws.open else []

    async def _language(self, interaction: discord.Interaction) -> str:
        return await self.features.replies.language(interaction)

    async def shut_down(self, timeout: float = STOP_TIMEOUT) -> list[str]:
        """Stop cleanly within ``timeout`` seconds: take no new interaction (each is
        answered "restarting"), finish those under way (their saves and answers), stop
        the computer turns and timers (resumed from the saved games at the next start),
        let the channel updates under way be sent, then close the gateway and the store.

        Returns what was left undone when time ran out (empty: a clean stop).
        """
        loop = asyncio.get_running_loop()
        until = loop.time() + timeout
        self.gate.close()
        log.info("stopping: new interactions are answered as restarting timeout_s=%.0f",
                 timeout)
        left: list[str] = []
        if not await self.gate.drained(timeout):
            left.append(f"interactions_unfinished={len(self.gate.handling)}")
        if hasattr(self, "features"):
            await self.tables.close()  # bounded; the computer turns wait for the restart
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.features.publisher.wait_idle(),
                                       max(0.0, until - loop.time()))
            if waiting := self.features.publisher.unsettled():
                left.append(f"channels_unpublished={len(waiting)} "
                            f"channels={' '.join(waiting[:20])}")
        try:
            await asyncio.wait_for(self.close(), max(0.1, until - loop.time()))
        except TimeoutError:
            left.append("closing_unfinished=1")
        log.info("stopped refused_while_stopping=%d", self.gate.refused)
        return left

    async def close(self) -> None:
        if hasattr(self, "emoji_loading"):
            self.emoji_loading.cancel()
            await asyncio.wait({self.emoji_loading})
        if hasattr(self, "_warming"):
            self._warming.cancel()  # the theme being warmed finishes in its thread
            await asyncio.wait({self._warming})
        if hasattr(self, "idle_sweeper"):
            await self.idle_sweeper.stop()
        if hasattr(self, "sampler"):
            await self.sampler.stop()
        if hasattr(self, "daily_poster"):
            await self.daily_poster.stop()
        if hasattr(self, "features"):
            await self.features.notifications.close()
        if hasattr(self, "tables"):
            await self.tables.close()
        if hasattr(self, "features"):
            await self.features.publisher.close()
            await self.features.prefs.close()
        if hasattr(self, "store"):
            await self.store.close()
        self._store_lock.close()
        await super().close()


class ShardedRamiBot(RamiBot, discord.AutoShardedClient):
    """The bot on this cluster's shards (``settings.cluster.shard_ids`` of
    ``shard_count``), one gateway connection each, in one process."""

    def disconnected_shards(self) -> list[int | None]:
        shards = self.settings.cluster.shard_ids or []
        return [shard for shard in shards
                if (info := self.get_shard(shard)) is None or info.is_closed()]


def make_bot(settings: Settings, **options: Any) -> RamiBot:
    """The bot the settings ask for: sharded when ``SHARD_COUNT`` is set; ``options`` as
    :class:`RamiBot` takes them."""
    kind = RamiBot if settings.cluster.shard_count is None else ShardedRamiBot
    if settings.seed is not None and "seed_source" not in options:
        # RAMI_SEED: the matches' deals replay (tests of real processes, a bug report's
        # games); each process draws its own sequence from it.
        seeds = random.Random(f"{settings.seed}:{settings.cluster.shard_ids}")
        options["seed_source"] = lambda: seeds.getrandbits(31)
    return kind(settings, **options)
