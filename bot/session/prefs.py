"""Player preferences and guild settings, read through a short-lived cache, and the one
rule that says which language someone reads (:func:`player_language`).

The themes and card backs a player may choose are those ``render`` draws
(:data:`render.THEMES`, :data:`render.BACKS`), the sorts those of
:class:`engine.hand_order.Sort`: the store only checks that a name looks like one, this
layer that it is one.

Nearly every interaction needs the player's language and sort, and every table update the
guild's language: reading them from the store each time would cost a thread hop (SQLite)
or a round trip (PostgreSQL) per read. The bot's own changes go through
:meth:`Preferences.update_player` and are seen at once. On a store several processes
share, :meth:`Preferences.listen` hears every process's changes (the store's change
notices) and drops the entries named at once; while it listens, entries live
``listening_ttl`` seconds, a safety net should a notice ever be lost unnoticed.
Otherwise a change made elsewhere shows within ``ttl`` seconds.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from bot.session.model import SessionError
from data import Change, PlayerPrefs
from engine.hand_order import Sort
from engine.i18n import SOURCE_LANGUAGE, Msg, language_of, languages, quote
from render import BACKS, THEMES

if TYPE_CHECKING:
    from data import GuildSettings, Store, Subscription

log = logging.getLogger("rami.session")

# Each preference render draws: the option's name as players see it, and its choices.
DRAWN: Mapping[str, tuple[Msg, tuple[str, ...]]] = {
    "theme": (Msg("bot.admin.opt.theme"), tuple(THEMES)),
    "back": (Msg("bot.admin.opt.back"), tuple(BACKS)),
    "sort": (Msg("bot.admin.opt.sort"), tuple(Sort)),
}


def player_language(preference: str | None, locale: str | None, guild_language: str | None) -> str:
    """The language someone reads: their saved preference, else their Discord client's
    language when it is not English, else the server's language, else English.

    Only a client in another language than English decides: Discord's default locale is
    English, so an English client in a French server reads the server's language. A
    language decides only where the catalog speaks it. For a public message the reader is
    the channel: its preference is the server's language, its locale the language the
    table was opened in (:meth:`Preferences.channel_language`).
    """
    known = languages()
    client = language_of(locale)
    for candidate in (preference, None if client == SOURCE_LANGUAGE else client, guild_language):
        if candidate is not None and candidate in known:
            return candidate
    return SOURCE_LANGUAGE


def check_drawn(changes: Mapping[str, object]) -> None:
    """Check that every theme, back and sort in ``changes`` is one render draws.

    Raises:
        SessionError: ``session.bad_pref``, naming the option, the value and the choices.
    """
    for key, (option, choices) in DRAWN.items():
        if key in changes and changes[key] not in choices:
            raise SessionError("session.bad_pref", option=option, value=quote(changes[key]),
                               choices=", ".join(choices))


def _drawable(prefs: PlayerPrefs, user_id: int) -> PlayerPrefs:
    """``prefs`` with a theme, back or sort render no longer draws back to its default."""
    defaults = PlayerPrefs()
    stale = {key: getattr(defaults, key) for key, (_, choices) in DRAWN.items()
             if getattr(prefs, key) not in choices}
    if not stale:
        return prefs
    log.warning("player %s: ignoring saved %s that render does not draw", user_id,
                ", ".join(sorted(stale)))
    return dataclasses.replace(prefs, **stale)


LISTENING_TTL = 600.0  # seconds an entry lives while change notices are heard


class Preferences:
    """Player preferences and guild settings through a cache (see the module)."""

    def __init__(self, store: Store, ttl: float = 30.0,
                 clock: Callable[[], float] = time.monotonic, *,
                 listening_ttl: float = LISTENING_TTL) -> None:
        self.store = store
        self.ttl = ttl
        self.listening_ttl = listening_ttl
        self.clock = clock
        self._players: dict[int, tuple[float, PlayerPrefs]] = {}
        self._guilds: dict[int, tuple[float, GuildSettings]] = {}
        self._subscription: Subscription | None = None
        # Notices heard so far: a value read while one arrives may predate it, so it is
        # returned but not cached.
        self._notices = 0

    async def listen(self, url: str | None = None) -> None:
        """Hear every process's changes from now on (the store's change notices, on
        ``url`` if given: see :meth:`data.Store.listen`); nothing to hear on a store no
        other process shares. Returns at once: the connection is made in the background,
        and until it listens (again) entries live ``ttl``. Stop with :meth:`close`."""
        if self._subscription is None and self.store.shared:
            self._subscription = await self.store.listen(self.changed, url=url)

    async def close(self) -> None:
        """Stop hearing changes (idempotent); entries then live ``ttl`` again."""
        subscription, self._subscription = self._subscription, None
        if subscription is not None:
            await subscription.close()

    def changed(self, kind: Change, key: int | None) -> None:
        """Forget what a change notice names: a guild's settings, a player's preferences,
        or everything."""
        self._notices += 1
        if kind is Change.GUILD and key is not None:
            self._guilds.pop(key, None)
        elif kind is Change.PLAYER and key is not None:
            self._players.pop(key, None)
        else:
            self._guilds.clear()
            self._players.clear()

    def _expiry(self, now: float) -> float:
        listening = self._subscription is not None and self._subscription.listening
        return now + (self.listening_ttl if listening else self.ttl)

    async def player(self, user_id: int) -> PlayerPrefs:
        now = self.clock()
        cached = self._players.get(user_id)
        if cached is not None and cached[0] > now:
            return cached[1]
        notices = self._notices
        prefs = _drawable(await self.store.player_prefs(user_id), user_id)
        if notices == self._notices:
            self._players[user_id] = (self._expiry(now), prefs)
        return prefs

    async def guild(self, guild_id: int) -> GuildSettings:
        now = self.clock()
        cached = self._guilds.get(guild_id)
        if cached is not None and cached[0] > now:
            return cached[1]
        notices = self._notices
        settings = await self.store.guild_settings(guild_id)
        if notices == self._notices:
            self._guilds[guild_id] = (self._expiry(now), settings)
        return settings

    async def update_player(self, user_id: int, **changes: object) -> PlayerPrefs:
        """Save changes to a player's preferences: a theme, back or sort render draws
        (checked here), anything else as the store checks it.

        Raises:
            SessionError: a theme, back or sort render does not draw (nothing is written).
            ValueError: an unknown key or a bad value (nothing is written).
        """
        check_drawn(changes)
        prefs = _drawable(await self.store.update_player_prefs(user_id, **changes), user_id)
        self._players[user_id] = (self._expiry(self.clock()), prefs)
        return prefs

    async def update_guild(self, guild_id: int, **changes: object) -> GuildSettings:
        """Save changes to a guild's settings (validated by the store).

        Raises:
            ValueError: an unknown key or a bad value (nothing is written).
        """
        settings = await self.store.update_guild_settings(guild_id, **changes)
        self._guilds[guild_id] = (self._expiry(self.clock()), settings)
        return settings

    async def set_rule(self, guild_id: int, variant: str, parameter: str,
                       value: str | int | float | bool | None) -> GuildSettings:
        """Change one rule parameter of a variant as the guild plays it, merged in the
        store's transaction (:meth:`data.Store.set_rule`); returns the guild's settings.

        Raises:
            ValueError: an unknown variant or parameter, or a value the rules refuse
                (``RuleError``): nothing is written.
        """
        settings = await self.store.set_rule(guild_id, variant, parameter, value)
        self._guilds[guild_id] = (self._expiry(self.clock()), settings)
        return settings

    async def set_rules(self, guild_id: int, variant: str,
                        changes: Mapping[str, str | int | float | bool | None]
                        ) -> GuildSettings:
        """Change several rule parameters of a variant at once (a settings form's page),
        all saved or none (:meth:`data.Store.set_rules`); returns the guild's settings.

        Raises:
            ValueError: as :meth:`set_rule`: nothing is written.
        """
        settings = await self.store.set_rules(guild_id, variant, changes)
        self._guilds[guild_id] = (self._expiry(self.clock()), settings)
        return settings

    async def reset_rule(self, guild_id: int, variant: str,
                         parameter: str | None = None) -> GuildSettings:
        """Back to the variant's own rule (None: every parameter), merged in the store's
        transaction (:meth:`data.Store.reset_rule`); returns the guild's settings.

        Raises:
            ValueError: an unknown variant or parameter.
        """
        settings = await self.store.reset_rule(guild_id, variant, parameter)
        self._guilds[guild_id] = (self._expiry(self.clock()), settings)
        return settings

    async def edit_channels(self, guild_id: int, *, allow: Iterable[int] = (),
                            disallow: Iterable[int] = (), disallow_all: bool = False,
                            timeouts: Mapping[int, int | None] | None = None
                            ) -> GuildSettings:
        """Change the guild's settings of the channels named only, each channel a row of
        its own (:meth:`data.Store.edit_channels`: two changes of two channels at once
        both stay); returns the guild's settings.

        Raises:
            TooManyChannels: too many channels would have a time-out of their own.
            ValueError: a bad channel id or time-out: nothing is written.
        """
        settings = await self.store.edit_channels(guild_id, allow=allow, disallow=disallow,
                                                  disallow_all=disallow_all,
                                                  timeouts=timeouts)
        self._guilds[guild_id] = (self._expiry(self.clock()), settings)
        return settings

    async def language(self, user_id: int, locale: str | None, guild_id: int | None) -> str:
        """The language of a reply to ``user_id`` (see :func:`player_language`)."""
        preference = (await self.player(user_id)).language
        guild = (await self.guild(guild_id)).language if guild_id else None
        return player_language(preference, locale, guild)

    async def channel_language(self, guild_id: int, table_language: str | None) -> str:
        """The language of a public message at a table opened in ``table_language``."""
        return player_language((await self.guild(guild_id)).language, table_language, None)

    def forget_player(self, user_id: int) -> None:
        """Drop a player's cached preferences (after their data was deleted)."""
        self._players.pop(user_id, None)
