"""``/rummy settings …`` (``/rami reglages …``): a server's variant, rules and limits.

Only members with Manage Server may use it. ``default_permissions`` hides the group from
others where Discord honours it (it ignores it below the top level), so every handler
checks the permission again; a refusal is a private message saying who may do it.
Every value is checked in full (the engine's :meth:`RuleSet.with_overrides` for rules,
the store for the rest) before anything is saved: a bad value changes nothing.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.core import layout as layouts
from bot.discord_app.core.answering import Replies
from bot.discord_app.core.choices import LANGUAGES, VARIANTS
from bot.discord_app.core.components import view_of
from bot.discord_app.core.feature import Feature, FormRoute, Route, Routed
from bot.discord_app.core.i18n import language_name, loc, t
from bot.discord_app.core.replies import Answer, Reply, error_reply
from bot.discord_app.core.text import COLOUR, MAX_CHOICE_NAME, MAX_CHOICES
from bot.discord_app.settings.components import (
    RulePageButton,
    RulesMenu,
    TopicButton,
    forms_rows,
    forms_view,
)
from bot.discord_app.settings.forms import FORM_ID, FormPage, SettingsForm, cut
from bot.discord_app.settings.present import (
    FIXED_FIELDS,
    changes_text,
    parameter_name,
    parameter_typed,
    rules_blocks,
    rules_embed,
    rules_reply,
    settings_text,
    timeout_action_text,
    value_typed,
)
from bot.session import SessionError
from data import TooManyChannels
from data.settings import (
    MAX_CHANNEL_TIMEOUTS,
    MAX_TIMEOUTS_IN_A_ROW,
    MAX_TURN_TIMEOUT_S,
    MIN_TURN_TIMEOUT_S,
    TIMEOUT_ACTIONS,
)
from engine import RuleError, RuleSet, RummyError, server_rules, variant
from engine.i18n import language_of, quote
from engine.rules import choice_values

if TYPE_CHECKING:
    from bot.session.prefs import Preferences
    from data import GuildSettings, Store

TIMEOUT_CHOICES = [Choice(name=loc(f"bot.form.choice.timeout_action.{code}"), value=code)
                   for code in TIMEOUT_ACTIONS]
CHANNEL_ACTIONS = [Choice(name=loc(f"bot.admin.choice.{code}"), value=code)
                   for code in ("add", "remove", "clear")]
# The parameters servers change most come first (autocomplete shows 25 of them).
COMMON_PARAMETERS = ("target", "opening_minimum", "opening_minimum_two_players", "jokers",
                     "hand_sizes", "joker_swap", "meld_jokers", "ace_high")
RULE_PARAMETERS: tuple[str, ...] = tuple(sorted(
    (f.name for f in dataclasses.fields(RuleSet) if f.name not in FIXED_FIELDS),
    key=lambda name: (COMMON_PARAMETERS.index(name) if name in COMMON_PARAMETERS
                      else len(COMMON_PARAMETERS), name)))


async def parameter_choices(interaction: discord.Interaction,
                            current: str) -> list[Choice[str]]:
    """Rule parameters whose name, or whose name in words in the reader's language,
    holds what was typed, each shown in words and as the option takes it (a hint: the
    handler checks again)."""
    lang = language_of(str(getattr(interaction, "locale", None) or "")) or "en"
    typed = current.strip().lower()
    key = typed.replace(" ", "_")
    named = {p: parameter_name(p, lang) for p in RULE_PARAMETERS}
    starts = [p for p in RULE_PARAMETERS
              if p.startswith(key) or named[p].lower().startswith(typed)]
    inside = [p for p in RULE_PARAMETERS
              if p not in starts and (key in p or typed in named[p].lower())]
    return [Choice(name=cut(f"{named[p]} ({p})", 100), value=p)
            for p in starts + inside][:MAX_CHOICES]


def check_moderator(interaction: discord.Interaction) -> None:
    """Check that the caller may change the server's settings (``default_permissions``
    only hides the group, and Discord ignores it below the top level).

    Raises:
        SessionError: ``bot.admin.refused``, the caller lacks Manage Server.
    """
    if not interaction.permissions.manage_guild:
        raise SessionError("bot.admin.refused")


class ServerSettings(Feature):
    """``/rummy settings``: what a moderator chooses for the whole server (the variants
    offered are those a lobby can be opened with: the same as ``/rummy new``)."""

    settings = app_commands.Group(
        name=loc("bot.admin.cmd.settings"), description=loc("bot.admin.cmd.settings.desc"),
        guild_only=True, default_permissions=discord.Permissions(manage_guild=True))

    def __init__(self, store: Store, prefs: Preferences, replies: Replies) -> None:
        self.store, self.prefs, self.replies = store, prefs, replies

    def routes(self) -> dict[type[Routed], Route]:
        return {TopicButton: self.on_topic, RulesMenu: self.on_rules_menu,
                RulePageButton: self.on_rule_page}

    @settings.command(name=loc("bot.admin.cmd.show"), description=loc("bot.admin.cmd.show.desc"))
    async def show(self, interaction: discord.Interaction) -> None:
        async with self.replies.to(interaction, "settings.show") as answer:
            check_moderator(interaction)
            settings = await self.store.guild_settings(interaction.guild_id or 0)
            answer.reply = self._settings_reply(settings, settings.default_variant, answer.lang)

    def _settings_reply(self, settings: GuildSettings, shown: str, lang: str,
                        first_line: str = "", *, update: bool = False,
                        clicked: discord.Message | None = None) -> Reply:
        """Every setting, the rules of ``shown`` and the buttons to the forms, as a layout
        (``clicked``: the message edited, ``update``; one sent before layouts is edited in
        its own form, content and an embed: an edit cannot add the flag)."""
        rules = server_rules(shown, settings.rule_overrides)
        lines = [first_line] if first_line else []
        words = "\n".join([*lines, settings_text(settings, lang)])
        if update and clicked is not None and not clicked.flags.components_v2:
            return Reply(content=words, embeds=[rules_embed(shown, settings, lang, rules)],
                         view=forms_view(shown, rules, lang), ephemeral=True, update=update)
        blocks = [layouts.text(words), layouts.separator(),
                  *rules_blocks(shown, settings, lang, rules),
                  *(layouts.row(*items) for items in forms_rows(shown, rules, lang))]
        return Reply(layout=layouts.layout(blocks, accent=COLOUR.value), ephemeral=True,
                     update=update)

    # ------------------------------------------------------------- the forms
    def forms(self) -> dict[re.Pattern[str], FormRoute]:
        return {FORM_ID: self.on_submit}

    async def on_topic(self, interaction: discord.Interaction, button: TopicButton) -> None:
        """Open a topic's form, filled in with the settings of now."""
        await self._open(interaction, f"settings.form.{button.topic}",
                         FormPage(button.topic, None, button.page))

    async def on_rule_page(self, interaction: discord.Interaction,
                           button: RulePageButton) -> None:
        """Open a page of a variant's rules as the server plays it."""
        await self._open(interaction, "settings.form.rules",
                         FormPage(None, button.variant, button.page))

    async def _open(self, interaction: discord.Interaction, what: str, page: FormPage) -> None:
        """Answer with the form of ``page`` (a refusal, for one who may not change the
        settings or a form that no longer exists, by the error path)."""
        try:
            check_moderator(interaction)
            lang = await self.replies.language(interaction)
            form = page.form(await self.store.guild_settings(interaction.guild_id or 0), lang)
        except RummyError as error:
            async with self.replies.to(interaction, what):
                raise error from None
            return
        await interaction.response.send_modal(form)

    async def on_rules_menu(self, interaction: discord.Interaction, menu: RulesMenu) -> None:
        """Show the rules of the variant picked, and the buttons to their forms."""
        async with self.replies.to(interaction, "settings.form.pick") as answer:
            check_moderator(interaction)
            chosen = variant(menu.picked or "").name  # RuleError for a forged value
            settings = await self.store.guild_settings(interaction.guild_id or 0)
            answer.reply = self._settings_reply(settings, chosen, answer.lang, update=True,
                                                clicked=interaction.message)

    async def on_submit(self, interaction: discord.Interaction, match: re.Match[str]) -> None:
        """Save what the moderator changed in a form, checked as the subcommands check it.

        The form is built again from the settings of now (no process holds it: this works
        after a restart, and in any process of a cluster): when it would not show what
        the moderator saw (its digest differs), the submit is refused and nothing saved.
        Only the fields the moderator changed are saved (a setting of another page changed
        meanwhile stays). A refusal offers to open the form again, with the values of now.
        """
        page = FormPage.of(match)
        async with self.replies.to(interaction, "settings.form.submit") as answer:
            check_moderator(interaction)
            guild = interaction.guild_id or 0
            form = page.form(await self.store.guild_settings(guild), answer.lang)
            if form.digest != match["digest"]:
                answer.reply = self._refused_form(
                    t("bot.form.changed", answer.lang), page, answer.lang)
                return
            form.fill(interaction)
            changes = form.changes()
            try:
                if not changes:
                    saved = await self.store.guild_settings(guild)
                elif form.variant is not None:
                    saved = await self._store_change(self.prefs.set_rules(
                        guild, form.variant, changes))  # type: ignore[arg-type]
                else:
                    saved = await self._save_form(answer, form, changes)
            except RummyError as error:  # a bad value: nothing saved
                answer.reply = self._refused_form(error.message(answer.lang), page,
                                                  answer.lang)
                return
            lang = await self.replies.language(interaction)  # a new language answers
            shown = form.variant or saved.default_variant
            line = (changes_text(changes, saved, form.variant, lang) if changes
                    else t("bot.form.unchanged", lang))
            answer.reply = self._settings_reply(saved, shown, lang, line,
                                                update=interaction.message is not None,
                                                clicked=interaction.message)

    @staticmethod
    def _refused_form(text: str, page: FormPage, lang: str) -> Reply:
        """A refused submit: what is wrong, and a button opening the form again (with the
        values of now: what was typed is lost, but not the way back to the form)."""
        label = cut(t("bot.form.again", lang), 80)
        button = (TopicButton(page.topic, page.number, label) if page.topic is not None
                  else RulePageButton(page.variant or "", page.number, label))
        return Reply(content=text, view=view_of(button), ephemeral=True)

    async def value_choices(self, interaction: discord.Interaction,
                            current: str) -> list[Choice[str]]:
        """The values of the rule parameter named in the command, in words in the
        reader's language, for the variant named there (the server's default one when
        none is), as this server plays it (a hint: the handler checks again)."""
        namespace = interaction.namespace
        key = str(getattr(namespace, "parameter", "") or "").strip().lower()
        hinted = await self.replies.hint(interaction,
                                         self.prefs.guild(interaction.guild_id or 0))
        if hinted is None or key not in RULE_PARAMETERS:
            return []
        settings, lang = hinted
        # The namespace names the options as Discord shows them (their English names).
        named = str(getattr(namespace, "variant", "") or "") or settings.default_variant
        try:
            rules = server_rules(variant(named).name, settings.rule_overrides)
        except RuleError:  # a variant no longer known: the command says so
            return []
        return [Choice(name=cut(choice.label.text(lang), MAX_CHOICE_NAME), value=choice.value)
                for choice in choice_values(key, current, rules, lang)]

    @settings.command(name=loc("bot.admin.cmd.variant"),
                      description=loc("bot.admin.cmd.variant.desc"))
    @app_commands.rename(name=loc("bot.opt.variant"))
    @app_commands.describe(name=loc("bot.opt.variant.desc"))
    @app_commands.choices(name=VARIANTS)
    async def default_variant(self, interaction: discord.Interaction, name: str) -> None:
        """The variant ``/rummy new`` opens when none is named."""
        async with self.replies.to(interaction, "settings.variant") as answer:
            check_moderator(interaction)
            rules = variant(name)  # RuleError for a name autocomplete did not offer
            saved = await self._save(answer, default_variant=rules.name)
            answer.reply = rules_reply(t("bot.admin.variant_set", answer.lang,
                                         variant=t(f"variant.{rules.name}", answer.lang)),
                                       rules.name, saved, answer.lang)

    @settings.command(name=loc("bot.admin.cmd.rule"), description=loc("bot.admin.cmd.rule.desc"))
    @app_commands.rename(parameter=loc("bot.admin.opt.parameter"),
                         value=loc("bot.admin.opt.value"), name=loc("bot.opt.variant"))
    @app_commands.describe(parameter=loc("bot.admin.opt.parameter.desc"),
                           value=loc("bot.admin.opt.value.desc"),
                           name=loc("bot.admin.opt.variant.desc"))
    @app_commands.autocomplete(parameter=parameter_choices, value=value_choices)
    @app_commands.choices(name=VARIANTS)
    async def rule(self, interaction: discord.Interaction, parameter: str, value: str,
                   name: str | None = None) -> None:
        """Change one rule parameter of a variant (the default one when none is named)."""
        async with self.replies.to(interaction, "settings.rule") as answer:
            check_moderator(interaction)
            lang, guild = answer.lang, interaction.guild_id or 0
            settings = await self.prefs.guild(guild)
            chosen = variant(name or settings.default_variant).name
            key = parameter.strip().lower()
            # The store merges the change in its transaction; the engine reads the text
            # ("13", "2:10, 3:7" for hand_sizes) and checks it with the whole rule set
            # (RuleError: nothing saved); saved as the engine read it.
            saved = await self._store_change(self.prefs.set_rule(guild, chosen, key,
                                                                 value.strip()))
            rules = server_rules(chosen, saved.rule_overrides)
            answer.reply = rules_reply(t("bot.admin.rule_set", lang,
                                         variant=t(f"variant.{chosen}", lang),
                                         parameter=parameter_typed(key, lang),
                                         value=value_typed(key, rules.to_dict()[key], lang)),
                                       chosen, saved, lang, rules)

    @settings.command(name=loc("bot.admin.cmd.rule_reset"),
                      description=loc("bot.admin.cmd.rule_reset.desc"))
    @app_commands.rename(parameter=loc("bot.admin.opt.parameter"), name=loc("bot.opt.variant"))
    @app_commands.describe(parameter=loc("bot.admin.opt.parameter.desc"),
                           name=loc("bot.admin.opt.variant.desc"))
    @app_commands.autocomplete(parameter=parameter_choices)
    @app_commands.choices(name=VARIANTS)
    async def rule_reset(self, interaction: discord.Interaction, parameter: str | None = None,
                         name: str | None = None) -> None:
        """Back to the variant's own rule (every one when no parameter is named)."""
        async with self.replies.to(interaction, "settings.rule_reset") as answer:
            check_moderator(interaction)
            lang, guild = answer.lang, interaction.guild_id or 0
            settings = await self.prefs.guild(guild)
            chosen = variant(name or settings.default_variant).name
            shown = t(f"variant.{chosen}", lang)
            key = None if parameter is None else parameter.strip().lower()
            if key is None:
                text = t("bot.admin.rules_reset", lang, variant=shown)
            elif key not in settings.rule_overrides.get(chosen, {}):
                named = parameter_typed(key, lang) if key in RULE_PARAMETERS else quote(key)
                answer.reply = error_reply(t("bot.admin.rule_not_set", lang, variant=shown,
                                             parameter=named))
                return
            else:
                text = t("bot.admin.rule_reset", lang, variant=shown,
                         parameter=parameter_typed(key, lang))
            saved = await self._store_change(self.prefs.reset_rule(guild, chosen, key))
            answer.reply = rules_reply(text, chosen, saved, lang)

    @settings.command(name=loc("bot.admin.cmd.timeout"),
                      description=loc("bot.admin.cmd.timeout.desc"))
    @app_commands.rename(seconds=loc("bot.admin.opt.seconds"),
                         action=loc("bot.admin.opt.timeout_action"),
                         after=loc("bot.admin.opt.timeout_after"),
                         channel=loc("bot.admin.opt.channel"))
    @app_commands.describe(seconds=loc("bot.admin.opt.seconds.desc"),
                           action=loc("bot.admin.opt.timeout_action.desc"),
                           after=loc("bot.admin.opt.timeout_after.desc"),
                           channel=loc("bot.admin.opt.timeout_channel.desc"))
    @app_commands.choices(action=TIMEOUT_CHOICES)
    async def timeout(self, interaction: discord.Interaction,
                      seconds: app_commands.Range[int, MIN_TURN_TIMEOUT_S,
                                                  MAX_TURN_TIMEOUT_S] | None = None,
                      action: str | None = None,
                      after: app_commands.Range[int, 1, MAX_TIMEOUTS_IN_A_ROW] | None = None,
                      channel: discord.TextChannel | None = None,
                      ) -> None:
        """A turn's time-out, and what a turn that times out does (issue 27); with
        ``channel``, that channel's own time-out (no seconds: the server's again)."""
        async with self.replies.to(interaction, "settings.timeout") as answer:
            check_moderator(interaction)
            if channel is not None:
                await self._channel_timeout(answer, interaction.guild_id or 0, channel.id,
                                            seconds, action, after)
                return
            changes: dict[str, object] = {}
            if seconds is not None:
                changes["turn_timeout_s"] = seconds
            if action is not None:
                changes["timeout_action"] = action
            if after is not None:
                changes["timeout_seat_after"] = after
            if not changes:
                answer.reply = error_reply(t("bot.admin.timeout_nothing", answer.lang))
                return
            saved = await self._save(answer, **changes)
            lines = [t("bot.admin.timeout_set", answer.lang, seconds=saved.turn_timeout_s)]
            lines.append(timeout_action_text(saved, answer.lang))
            answer.reply = Reply(content="\n".join(lines), ephemeral=True)

    async def _channel_timeout(self, answer: Answer, guild: int, channel: int,
                               seconds: int | None, action: str | None,
                               after: int | None) -> None:
        """One channel's own time-out (``seconds`` None: the server's again)."""
        lang = answer.lang
        if action is not None or after is not None:
            answer.reply = error_reply(t("bot.admin.timeout_channel_only", lang))
            return
        # That channel's row only (not the guild's whole map read from a cache): two
        # moderators setting two channels at once both keep their change.
        try:
            saved = await self._store_change(self.prefs.edit_channels(
                guild, timeouts={channel: seconds}))
        except TooManyChannels:
            answer.reply = error_reply(t("bot.admin.timeout_channels_full", lang,
                                         count=MAX_CHANNEL_TIMEOUTS))
            return
        text = (t("bot.admin.timeout_channel_set", lang, channel=f"<#{channel}>",
                  seconds=seconds) if seconds is not None else
                t("bot.admin.timeout_channel_cleared", lang, channel=f"<#{channel}>",
                  seconds=saved.turn_timeout_s))
        answer.reply = Reply(content=text, ephemeral=True)

    @settings.command(name=loc("bot.admin.cmd.language"),
                      description=loc("bot.admin.cmd.language.desc"))
    @app_commands.rename(language=loc("bot.admin.opt.language"))
    @app_commands.describe(language=loc("bot.admin.opt.language.desc"))
    @app_commands.choices(language=LANGUAGES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """The server's language (``auto``: each player's own)."""
        async with self.replies.to(interaction, "settings.language") as answer:
            check_moderator(interaction)
            code = None if language == "auto" else language
            await self._save(answer, language=code)
            lang = await self.replies.language(interaction)  # the new language answers
            shown = language_name(code) if code else t("bot.admin.language.none", lang)
            answer.reply = Reply(content=t("bot.admin.language_set", lang, language=shown),
                                 ephemeral=True)

    @settings.command(name=loc("bot.admin.cmd.channels"),
                      description=loc("bot.admin.cmd.channels.desc"))
    @app_commands.rename(action=loc("bot.admin.opt.action"), channel=loc("bot.admin.opt.channel"))
    @app_commands.describe(action=loc("bot.admin.opt.action.desc"),
                           channel=loc("bot.admin.opt.channel.desc"))
    @app_commands.choices(action=CHANNEL_ACTIONS)
    async def channels(self, interaction: discord.Interaction, action: str,
                       channel: discord.TextChannel | None = None) -> None:
        async with self.replies.to(interaction, "settings.channels") as answer:
            check_moderator(interaction)
            guild = interaction.guild_id or 0
            target = channel.id if channel is not None else interaction.channel_id or 0
            # That channel's row only: a change of another channel meanwhile stays.
            if action == "add":
                change = self.prefs.edit_channels(guild, allow=[target])
                code = "bot.admin.channel_added"
            elif action == "remove":
                change = self.prefs.edit_channels(guild, disallow=[target])
                code = "bot.admin.channel_removed"
            else:
                change = self.prefs.edit_channels(guild, disallow_all=True)
                code = "bot.admin.channels_cleared"
            saved = await self._store_change(change)
            answer.reply = Reply(content="\n".join([t(code, answer.lang, channel=f"<#{target}>"),
                                                    settings_text(saved, answer.lang)]),
                                 ephemeral=True)

    async def _save_form(self, answer: Answer, form: SettingsForm,
                         changes: dict[str, object]) -> GuildSettings:
        """Save a settings form's changes; its allowed channels as the channels the
        moderator added and removed (each its own row), not the whole set the form
        showed: a channel allowed or not elsewhere meanwhile stays so."""
        rest = dict(changes)
        picked = rest.pop("allowed_channels", None)
        saved = None
        if isinstance(picked, frozenset):
            shown = form.values.get("allowed_channels")
            before = shown if isinstance(shown, frozenset) else frozenset()
            saved = await self._store_change(self.prefs.edit_channels(
                answer.interaction.guild_id or 0, allow=picked - before,
                disallow=before - picked))
        elif picked is not None:  # not read as channel ids: the store's check refuses it
            rest["allowed_channels"] = picked
        if rest or saved is None:
            saved = await self._save(answer, **rest)
        return saved

    async def _save(self, answer: Answer, **changes: object) -> GuildSettings:
        """Save guild settings through the preferences cache, so the bot sees them at once
        (see :meth:`_store_change`)."""
        return await self._store_change(
            self.prefs.update_guild(answer.interaction.guild_id or 0, **changes))

    @staticmethod
    async def _store_change(change: Awaitable[GuildSettings]) -> GuildSettings:
        """The settings saved by ``change``.

        Raises:
            RuleError: the engine refuses a rule (its own message, in the player's language).
            TooManyChannels: too many channels with a time-out of their own.
            SessionError: the store refuses a value (its check's words, in English).
        """
        try:
            return await change
        except (RuleError, TooManyChannels):  # the caller words them
            raise
        except ValueError as error:
            raise SessionError("bot.admin.bad_setting", detail=str(error)) from None
