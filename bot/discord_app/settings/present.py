"""What the moderators' settings show: every setting of a server, and a variant's rules
as the server plays them (changed ones starred). Pure functions."""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.discord_app.core.i18n import language_name, t
from bot.discord_app.core.layout import Block, layout, separator, text, texts_of
from bot.discord_app.core.replies import Reply
from bot.discord_app.core.text import COLOUR
from data import GuildSettings
from engine import RuleSet, server_rules
from engine.i18n import catalog
from engine.rules import parameter_label, value_label

FIXED_FIELDS = frozenset({"name", "kind"})  # what makes a variant, not a rule to change


def shown_value(value: object) -> str:
    """A parameter's value as the engine reads it typed (``true``, ``2:10, 3:7``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ", ".join(f"{n}:{size}" for n, size in value)
    return str(value)


def parameter_name(key: str, lang: str) -> str:
    """A rule parameter's name in words ("Joker swap"), as forms and settings say it."""
    return parameter_label(key).text(lang)


def parameter_typed(key: str, lang: str) -> str:
    """A rule parameter's name in words and as the subcommand takes it, for its answers:
    "Joker swap (`joker_swap`)"."""
    return f"{parameter_name(key, lang)} (`{key}`)"


def value_words(key: str, value: object, lang: str) -> str:
    """A parameter's value in words ("after opening", "yes"; a number as it is)."""
    words = value_label(key, value)
    return words.text(lang) if words is not None else shown_value(value)


def value_typed(key: str, value: object, lang: str) -> str:
    """A value in words and as the subcommand takes it: "after opening (`after_opening`)"
    (a number as it is)."""
    words = value_label(key, value)
    return shown_value(value) if words is None else f"{words.text(lang)} (`{shown_value(value)}`)"


def rule_line(name: str, value: str, lang: str) -> str:
    """A parameter and its value on one line ("Joker swap: never", « … : jamais »)."""
    return t("bot.admin.rule_line", lang, name=name, value=value)


MOST_RULE_TEXTS = 6  # text displays of a variant's rules, beside the forms' buttons


def rules_lines(name: str, settings: GuildSettings, lang: str,
                rules: RuleSet | None = None) -> list[str]:
    """Every parameter of a variant as this server plays it (``rules``, when the caller
    built them already), one a line; changed ones are starred."""
    changed = set(settings.rule_overrides.get(name, {}))
    if rules is None:
        rules = server_rules(name, settings.rule_overrides)
    lines = []
    for key, value in rules.to_dict().items():
        if key in FIXED_FIELDS:
            continue
        star = "★ " if key in changed else ""
        lines.append(star + rule_line(parameter_name(key, lang), value_words(key, value, lang),
                                      lang))
    return lines


def rules_blocks(name: str, settings: GuildSettings, lang: str,
                 rules: RuleSet | None = None) -> list[Block]:
    """:func:`rules_lines` as a layout's blocks: the title, the parameters (in a few
    text displays) and what the star means."""
    title = t("bot.admin.effective", lang, variant=t(f"variant.{name}", lang))
    lines = rules_lines(name, settings, lang, rules)
    return [text(f"**{title}**"), *texts_of(lines, MOST_RULE_TEXTS),
            text(f"-# {t('bot.admin.effective.legend', lang)}")]


def rules_embed(name: str, settings: GuildSettings, lang: str,
                rules: RuleSet | None = None) -> discord.Embed:
    """:func:`rules_lines` as an embed, to edit a settings message sent before layouts
    (an edit cannot give it the layout flag)."""
    embed = discord.Embed(title=t("bot.admin.effective", lang,
                                  variant=t(f"variant.{name}", lang)),
                          description="\n".join(rules_lines(name, settings, lang, rules))[:4000])
    embed.set_footer(text=t("bot.admin.effective.legend", lang))
    return embed


def rules_reply(first: str, name: str, settings: GuildSettings, lang: str,
                rules: RuleSet | None = None) -> Reply:
    """A private answer of the settings' subcommands: ``first`` (what was done), then
    the rules of ``name`` as the server now plays them, as a layout."""
    blocks = [text(first), separator(), *rules_blocks(name, settings, lang, rules)]
    return Reply(layout=layout(blocks, accent=COLOUR.value), ephemeral=True)


def settings_text(settings: GuildSettings, lang: str) -> str:
    """Every setting of the server, one per line."""
    overrides = []
    for name, changes in sorted(settings.rule_overrides.items()):
        pairs = "; ".join(rule_line(parameter_name(key, lang), value_words(key, value, lang),
                                    lang) for key, value in changes.items())
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
        timeout_action_text(settings, lang),
        *([t("bot.admin.channel_timeouts", lang, channels=", ".join(
            f"<#{channel}> {seconds} s"
            for channel, seconds in sorted(settings.channel_timeouts.items())))]
          if settings.channel_timeouts else []),
        t("bot.admin.language", lang, language=language),
        t("bot.admin.channels", lang, channels=channels or t("bot.admin.channels.all", lang)),
    ])


def timeout_action_text(settings: GuildSettings, lang: str) -> str:
    """What a turn that times out does at this server's tables."""
    return t(f"bot.admin.timeout_action.{settings.timeout_action}", lang,
             count=settings.timeout_seat_after)


def changes_text(changes: Mapping[str, object], saved: GuildSettings, variant: str | None,
                 lang: str) -> str:
    """What a form changed, as saved (a rule as the engine read it)."""
    rules = server_rules(variant, saved.rule_overrides).to_dict() if variant else {}
    pairs = []
    for key in changes:
        if variant:
            pairs.append(rule_line(parameter_name(key, lang),
                                   value_words(key, rules[key], lang), lang))
        else:
            value = getattr(saved, key, changes[key])
            label = f"bot.form.field.{key}"
            name = t(label, lang) if label in catalog().keys else key
            pairs.append(rule_line(name, _setting_shown(key, value, lang), lang))
    if variant:
        return t("bot.form.saved_rules", lang, variant=t(f"variant.{variant}", lang),
                 changes="; ".join(pairs))
    return t("bot.form.saved", lang, changes="; ".join(pairs))


def _setting_shown(key: str, value: object, lang: str) -> str:
    if isinstance(value, frozenset | set):
        return ", ".join(f"<#{c}>" for c in sorted(value)) or t("bot.admin.channels.all", lang)
    if value is None:
        return t("bot.admin.language.none", lang) if key == "language" else "—"
    if key == "language" and isinstance(value, str):
        return language_name(value)
    if key == "timeout_action" and isinstance(value, str):
        return t(f"bot.form.choice.timeout_action.{value}", lang)
    if key.endswith("variant") and isinstance(value, str):
        return t(f"variant.{value}", lang)
    return shown_value(value)
