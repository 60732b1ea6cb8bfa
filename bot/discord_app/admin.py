"""``/rummy settings …`` (``/rami reglages …``): a server's variant, rules and limits.

Only members with Manage Server may use it. ``default_permissions`` hides the group from
others where Discord honours it (it ignores it below the top level), so every handler
checks the permission again; a refusal is a private message saying who may do it.
Every value is checked in full (the engine's :meth:`RuleSet.with_overrides` for rules,
the store for the rest) before anything is saved: a bad value changes nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.choices import BuiltCommand
from bot.discord_app.i18n import language_name, loc, t
from bot.discord_app.replies import Reply, error_reply
from engine import RuleError, RuleSet, server_rules, variant
from engine.i18n import quote

if TYPE_CHECKING:
    from bot.discord_app.service import Service
    from bot.session.prefs import Preferences
    from data import GuildSettings, Store

CHANNEL_ACTIONS = [Choice(name=loc(f"bot.admin.choice.{code}"), value=code)
                   for code in ("add", "remove", "clear")]
FIXED_FIELDS = frozenset({"name", "kind"})
# The parameters servers change most come first (autocomplete shows 25 of them).
COMMON_PARAMETERS = ("target", "opening_minimum", "opening_minimum_two_players", "jokers",
                     "hand_sizes", "joker_swap", "meld_jokers", "ace_high")
RULE_PARAMETERS: tuple[str, ...] = tuple(sorted(
    (f.name for f in dataclasses.fields(RuleSet) if f.name not in FIXED_FIELDS),
    key=lambda name: (COMMON_PARAMETERS.index(name) if name in COMMON_PARAMETERS
                      else len(COMMON_PARAMETERS), name)))


async def save_guild(prefs: Preferences, guild_id: int, **changes: object) -> GuildSettings:
    """Save guild settings through the preferences cache, so the bot sees them at once.

    Raises:
        ValueError: a bad value (nothing is written).
    """
    return await prefs.update_guild(guild_id, **changes)


def shown_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(f"{n}:{size}" for n, size in value)
    return str(value)


def rules_embed(name: str, settings: GuildSettings, lang: str,
                rules: RuleSet | None = None) -> discord.Embed:
    """Every parameter of a variant as this server plays it (``rules``, when the caller
    built them already); changed ones are starred."""
    changed = set(settings.rule_overrides.get(name, {}))
    if rules is None:
        rules = server_rules(name, settings.rule_overrides)
    lines = []
    for key, value in rules.to_dict().items():
        if key in FIXED_FIELDS:
            continue
        star = "★ " if key in changed else ""
        lines.append(f"{star}`{key}` = {shown_value(value)}")
    embed = discord.Embed(title=t("bot.admin.effective", lang,
                                  variant=t(f"variant.{name}", lang)),
                          description="\n".join(lines)[:4000])
    embed.set_footer(text=t("bot.admin.effective.legend", lang))
    return embed


def settings_text(settings: GuildSettings, lang: str) -> str:
    """Every setting of the server, one per line."""
    overrides = []
    for name, changes in sorted(settings.rule_overrides.items()):
        pairs = ", ".join(f"{key}={shown_value(value)}" for key, value in changes.items())
        overrides.append(f"{t(f'variant.{name}', lang)} ({pairs})")
    channels = ", ".join(f"<#{c}>" for c in sorted(settings.allowed_channels))
    language = (language_name(settings.language) if settings.language
                else t("bot.admin.language.none", lang))
    return "\n".join([
        f"**{t('bot.admin.title', lang)}**",
        t("bot.admin.default_variant", lang,
          variant=t(f"variant.{settings.default_variant}", lang)),
        t("bot.admin.overrides", lang,
          changes="; ".join(overrides) or t("bot.admin.overrides.none", lang)),
        t("bot.admin.timeout", lang, seconds=settings.turn_timeout_s),
        t("bot.admin.language", lang, language=language),
        t("bot.admin.channels", lang, channels=channels or t("bot.admin.channels.all", lang)),
    ])


async def parameter_choices(interaction: discord.Interaction,
                            current: str) -> list[Choice[str]]:
    """Rule parameters containing what was typed (a hint: the handler checks again)."""
    typed = current.strip().lower().replace(" ", "_")
    starts = [p for p in RULE_PARAMETERS if p.startswith(typed)]
    inside = [p for p in RULE_PARAMETERS if typed in p and p not in starts]
    return [Choice(name=p, value=p) for p in starts + inside][:25]


@app_commands.default_permissions(manage_guild=True)
class SettingsGroup(app_commands.Group):
    """``/rummy settings``: what a moderator chooses for the whole server.

    ``variants`` and ``languages`` are the choices of a variant and of a language (the
    variants a lobby can be opened with: the same as ``/rummy new``).
    """

    def __init__(self, service: Service, store: Store, *, variants: list[Choice[str]],
                 languages: list[Choice[str]]) -> None:
        super().__init__(name=loc("bot.admin.cmd.settings"),
                         description=loc("bot.admin.cmd.settings.desc"), guild_only=True)
        self.service, self.store = service, store
        for command in (_variant_command(self, variants), _rule_command(self, variants),
                        _rule_reset_command(self, variants), _language_command(self, languages)):
            self.add_command(command)

    async def _run(self, interaction: discord.Interaction, what: str,
                   change: Callable[[str, int], Awaitable[Reply]]) -> None:
        """Check the permission, then answer with ``change(lang, guild_id)``."""
        async def work(lang: str) -> Reply:
            # default_permissions is only a hint (and ignored below the top level).
            if not interaction.permissions.manage_guild:
                return error_reply(t("bot.admin.refused", lang))
            try:
                return await change(lang, interaction.guild_id or 0)
            except RuleError:
                raise  # the engine's own message, in the player's language
            except ValueError as error:  # the store's check, in English only
                return error_reply(t("bot.admin.bad_setting", lang, detail=str(error)))

        await self.service.run(interaction, f"settings.{what}", work)

    @property
    def _prefs(self) -> Preferences:
        return self.service.prefs

    @app_commands.command(name=loc("bot.admin.cmd.show"),
                          description=loc("bot.admin.cmd.show.desc"))
    async def show(self, interaction: discord.Interaction) -> None:
        async def change(lang: str, guild: int) -> Reply:
            settings = await self.store.guild_settings(guild)
            return Reply(content=settings_text(settings, lang),
                         embeds=[rules_embed(settings.default_variant, settings, lang)],
                         ephemeral=True)

        await self._run(interaction, "show", change)

    async def default_variant(self, interaction: discord.Interaction, name: str) -> None:
        """The variant ``/rummy new`` opens when none is named."""
        async def change(lang: str, guild: int) -> Reply:
            rules = variant(name)  # RuleError for a name autocomplete did not offer
            settings = await save_guild(self._prefs, guild,
                                        default_variant=rules.name)
            return Reply(content=t("bot.admin.variant_set", lang,
                                   variant=t(f"variant.{rules.name}", lang)),
                         embeds=[rules_embed(rules.name, settings, lang)], ephemeral=True)

        await self._run(interaction, "variant", change)

    async def rule(self, interaction: discord.Interaction, parameter: str, value: str,
                   name: str | None = None) -> None:
        """Change one rule parameter of a variant (the default one when none is named)."""
        async def change(lang: str, guild: int) -> Reply:
            settings = await self._prefs.guild(guild)
            chosen = variant(name or settings.default_variant).name
            key = parameter.strip().lower()
            # The store merges the change in its transaction; the engine reads the text
            # ("13", "2:10, 3:7" for hand_sizes) and checks it with the whole rule set
            # (RuleError: nothing saved); saved as the engine read it.
            saved = await self._prefs.set_rule(guild, chosen, key, value.strip())
            rules = server_rules(chosen, saved.rule_overrides)
            return Reply(content=t("bot.admin.rule_set", lang,
                                   variant=t(f"variant.{chosen}", lang), parameter=key,
                                   value=shown_value(rules.to_dict()[key])),
                         embeds=[rules_embed(chosen, saved, lang, rules)], ephemeral=True)

        await self._run(interaction, "rule", change)

    async def rule_reset(self, interaction: discord.Interaction, parameter: str | None = None,
                         name: str | None = None) -> None:
        """Back to the variant's own rule (every one when no parameter is named)."""
        async def change(lang: str, guild: int) -> Reply:
            settings = await self._prefs.guild(guild)
            chosen = variant(name or settings.default_variant).name
            shown = t(f"variant.{chosen}", lang)
            if parameter is None:
                text = t("bot.admin.rules_reset", lang, variant=shown)
                key = None
            else:
                key = parameter.strip().lower()
                if key not in settings.rule_overrides.get(chosen, {}):
                    return error_reply(t("bot.admin.rule_not_set", lang, variant=shown,
                                         parameter=quote(key)))
                text = t("bot.admin.rule_reset", lang, variant=shown, parameter=key)
            saved = await self._prefs.reset_rule(guild, chosen, key)
            return Reply(content=text, embeds=[rules_embed(chosen, saved, lang)], ephemeral=True)

        await self._run(interaction, "rule_reset", change)

    @app_commands.command(name=loc("bot.admin.cmd.timeout"),
                          description=loc("bot.admin.cmd.timeout.desc"))
    @app_commands.rename(seconds=loc("bot.admin.opt.seconds"))
    @app_commands.describe(seconds=loc("bot.admin.opt.seconds.desc"))
    async def timeout(self, interaction: discord.Interaction,
                      seconds: app_commands.Range[int, 15, 86_400]) -> None:
        async def change(lang: str, guild: int) -> Reply:
            await save_guild(self._prefs, guild, turn_timeout_s=seconds)
            return Reply(content=t("bot.admin.timeout_set", lang, seconds=seconds),
                         ephemeral=True)

        await self._run(interaction, "timeout", change)

    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """The server's language (``auto``: each player's own)."""
        async def change(lang: str, guild: int) -> Reply:
            code = None if language == "auto" else language
            await save_guild(self._prefs, guild, language=code)
            answer_lang = await self.service.language(interaction)
            shown = language_name(code) if code else t(
                "bot.admin.language.none", answer_lang)
            return Reply(content=t("bot.admin.language_set", answer_lang, language=shown),
                         ephemeral=True)

        await self._run(interaction, "language", change)

    @app_commands.command(name=loc("bot.admin.cmd.channels"),
                          description=loc("bot.admin.cmd.channels.desc"))
    @app_commands.rename(action=loc("bot.admin.opt.action"), channel=loc("bot.admin.opt.channel"))
    @app_commands.describe(action=loc("bot.admin.opt.action.desc"),
                           channel=loc("bot.admin.opt.channel.desc"))
    @app_commands.choices(action=CHANNEL_ACTIONS)
    async def channels(self, interaction: discord.Interaction, action: str,
                       channel: discord.TextChannel | None = None) -> None:
        async def change(lang: str, guild: int) -> Reply:
            settings = await self.store.guild_settings(guild)
            target = channel.id if channel is not None else interaction.channel_id or 0
            allowed = set(settings.allowed_channels)
            if action == "add":
                allowed.add(target)
                code = "bot.admin.channel_added"
            elif action == "remove":
                allowed.discard(target)
                code = "bot.admin.channel_removed"
            else:
                allowed.clear()
                code = "bot.admin.channels_cleared"
            saved = await save_guild(self._prefs, guild, allowed_channels=allowed)
            return Reply(content="\n".join([t(code, lang, channel=f"<#{target}>"),
                                            settings_text(saved, lang)]), ephemeral=True)

        await self._run(interaction, "channels", change)


# The commands below offer the variants or the languages as choices: they are made when
# the group is, so that the lists are the engine's and the catalog's at that time.
def _variant_command(group: SettingsGroup, variants: list[Choice[str]]) -> BuiltCommand:
    @app_commands.command(name=loc("bot.admin.cmd.variant"),
                          description=loc("bot.admin.cmd.variant.desc"))
    @app_commands.rename(name=loc("bot.opt.variant"))
    @app_commands.describe(name=loc("bot.opt.variant.desc"))
    @app_commands.choices(name=variants)
    async def default_variant(interaction: discord.Interaction, name: str) -> None:
        await group.default_variant(interaction, name)

    return default_variant


def _rule_command(group: SettingsGroup, variants: list[Choice[str]]) -> BuiltCommand:
    @app_commands.command(name=loc("bot.admin.cmd.rule"),
                          description=loc("bot.admin.cmd.rule.desc"))
    @app_commands.rename(parameter=loc("bot.admin.opt.parameter"),
                         value=loc("bot.admin.opt.value"), name=loc("bot.opt.variant"))
    @app_commands.describe(parameter=loc("bot.admin.opt.parameter.desc"),
                           value=loc("bot.admin.opt.value.desc"),
                           name=loc("bot.admin.opt.variant.desc"))
    @app_commands.autocomplete(parameter=parameter_choices)
    @app_commands.choices(name=variants)
    async def rule(interaction: discord.Interaction, parameter: str, value: str,
                   name: str | None = None) -> None:
        await group.rule(interaction, parameter, value, name)

    return rule


def _rule_reset_command(group: SettingsGroup, variants: list[Choice[str]]) -> BuiltCommand:
    @app_commands.command(name=loc("bot.admin.cmd.rule_reset"),
                          description=loc("bot.admin.cmd.rule_reset.desc"))
    @app_commands.rename(parameter=loc("bot.admin.opt.parameter"), name=loc("bot.opt.variant"))
    @app_commands.describe(parameter=loc("bot.admin.opt.parameter.desc"),
                           name=loc("bot.admin.opt.variant.desc"))
    @app_commands.autocomplete(parameter=parameter_choices)
    @app_commands.choices(name=variants)
    async def rule_reset(interaction: discord.Interaction, parameter: str | None = None,
                         name: str | None = None) -> None:
        await group.rule_reset(interaction, parameter, name)

    return rule_reset


def _language_command(group: SettingsGroup, languages: list[Choice[str]]) -> BuiltCommand:
    @app_commands.command(name=loc("bot.admin.cmd.language"),
                          description=loc("bot.admin.cmd.language.desc"))
    @app_commands.rename(language=loc("bot.admin.opt.language"))
    @app_commands.describe(language=loc("bot.admin.opt.language.desc"))
    @app_commands.choices(language=languages)
    async def language(interaction: discord.Interaction, language: str) -> None:
        await group.language(interaction, language)

    return language
