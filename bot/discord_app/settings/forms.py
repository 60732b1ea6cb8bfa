"""The moderators' settings as forms (Discord modals of ``Label``-wrapped components).

Built from the declarations, never from a list per setting: a :class:`GuildSettings` field
becomes a form field by its type and its check (:func:`data.settings.checks`): a
:class:`~data.settings.OneOf` a radio group (a menu past ten choices), an
:class:`~data.settings.IntIn` a text input saying its bounds, a ``bool`` a check box, a set
of channels a channel menu; a :class:`~engine.RuleSet` parameter by its type: the yes/no
ones one group of check boxes, each choice a radio group, each number (and the hand
sizes) a text input. A topic (:data:`TOPICS`; a field no topic names goes to
``other``) or a variant's rules hold as many forms as five components each take.

A form opens with the values of now, and its ``custom_id`` says everything its submit
needs (:data:`FORM_ID`): the topic (or the variant) and the page, and a digest of the
values it showed (:func:`digest`). No process holds the form: its submit, in this process
after a restart or in another of a cluster, rebuilds it from the settings as they are at
the submit, and the digest tells whether they are still those the moderator saw (if not,
the submit is refused and nothing changes). Only the fields the moderator changed are
read back (:meth:`SettingsForm.changes`), so a setting of another page changed meanwhile
stays. What is read back is checked by the same code as the subcommands' (the store's
checks, :meth:`RuleSet.with_overrides`). Pure: settings in, a modal out.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import re
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import discord
from discord.app_commands.namespace import Namespace

from bot.discord_app.core.i18n import language_name, t
from bot.discord_app.settings.present import (
    FIXED_FIELDS,
    parameter_name,
    shown_value,
    value_words,
)
from bot.session import SessionError
from data import GuildSettings
from data.settings import IntIn, OneOf, checks
from engine import RuleSet, server_rules, variant
from engine.i18n import catalog, languages
from engine.numbers import whole
from engine.rules import BOUNDS, TILE_BOUNDS, Kind

MAX_COMPONENTS = 5  # Discord's limit of a modal's top-level components
MAX_RADIOS = 10  # options of a radio group or a check box group
MAX_MENU = 25  # options of a menu; channels of a channel menu
TITLE, LABEL, DESCRIPTION, OPTION = 45, 45, 100, 100  # Discord's lengths
AUTO = "auto"  # a choice's value standing for None ("each player's own language")
DIGEST = 10  # hexadecimal digits of a form's digest of the values it showed


class Topic(enum.StrEnum):
    """A form of the settings (the rules of a variant are :data:`RULES`' pages)."""

    VARIANT = "variant"
    TURNS = "turns"
    LANGUAGE = "language"
    CHANNELS = "channels"
    OTHER = "other"  # any setting no topic names


RULES = "rules"
# A form's custom_id: ``rami:form:<topic>:<page>:<digest>`` or
# ``rami:form:rules:<variant>:<page>:<digest>`` (at most 62 characters).
FORM_ID = re.compile(
    rf"rami:form:(?:(?P<topic>{'|'.join(Topic)})|{RULES}:(?P<variant>[a-z0-9_-]{{1,32}}))"
    rf":(?P<page>\d{{1,2}}):(?P<digest>[0-9a-f]{{{DIGEST}}})")
# Where each setting is asked; a setting added without a topic appears in ``other``.
TOPICS: Mapping[str, Topic] = {
    "default_variant": Topic.VARIANT, "turn_timeout_s": Topic.TURNS,
    "timeout_action": Topic.TURNS, "timeout_seat_after": Topic.TURNS,
    "language": Topic.LANGUAGE, "allowed_channels": Topic.CHANNELS,
}  # fmt: skip
# Not in these forms: the rules have their own pages; the daily championship's settings
# are checked with the day's rules by ``/rummy daily settings``.
NOT_IN_FORMS = frozenset({"rule_overrides", "channel_timeouts"})  # /rummy settings timeout
NOT_IN_FORMS_PREFIXES = ("daily_",)


class Widget(enum.StrEnum):
    """How a form asks for a value."""

    TEXT = "text"  # TextInput (4)
    MENU = "menu"  # StringSelect (3)
    RADIO = "radio"  # RadioGroup (21)
    SWITCHES = "switches"  # CheckboxGroup (22): several yes/no values
    SWITCH = "switch"  # Checkbox (23)
    CHANNELS = "channels"  # ChannelSelect (8), several
    CHANNEL = "channel"  # ChannelSelect (8), one or none


@dataclass(frozen=True, slots=True)
class Field:
    """One component of a form: what it asks (``keys``: one, or the switches' several),
    how, and how its answer is read back (``number``: text read as a whole number)."""

    keys: tuple[str, ...]
    widget: Widget
    choices: tuple[str, ...] = ()
    optional: bool = False
    number: bool = False
    bounds: tuple[int, int] | None = None
    rule: bool = False  # a rule parameter (its label: catalog rule.param.<key>)

    @property
    def key(self) -> str:
        return self.keys[0]

    @property
    def custom_id(self) -> str:
        return "switches:" + self.key if self.widget is Widget.SWITCHES else self.key


# ---------------------------------------------------------------- the declarations read


def setting_field(name: str, kind: str, check: Callable[[str, object], Any]) -> Field:
    """The form field of a setting, by its declared type and its check."""
    optional = "None" in kind
    if kind == "bool":
        return Field((name,), Widget.SWITCH)
    if isinstance(check, OneOf):
        choices = check.choices + ((AUTO,) if check.optional else ())
        widget = Widget.RADIO if 2 <= len(choices) <= MAX_RADIOS else Widget.MENU
        return Field((name,), widget, choices, optional=check.optional)
    if kind.startswith("frozenset[int]"):
        return Field((name,), Widget.CHANNELS)
    if kind == "int | None":
        return Field((name,), Widget.CHANNEL, optional=True)
    if isinstance(check, IntIn):
        return Field((name,), Widget.TEXT, number=True, bounds=(check.low, check.high))
    return Field((name,), Widget.TEXT, optional=optional, number=kind.startswith("int"))


def topic_of(name: str) -> Topic | None:
    """The form a setting is asked in (None: not in the forms)."""
    if name in NOT_IN_FORMS or name.startswith(NOT_IN_FORMS_PREFIXES):
        return None
    return TOPICS.get(name, Topic.OTHER)


def setting_fields(topic: Topic) -> tuple[Field, ...]:
    """The fields of a topic, in the order the settings are declared."""
    declared = {f.name: str(f.type) for f in dataclasses.fields(GuildSettings)}
    return tuple(setting_field(name, declared[name], check)
                 for name, check in checks(GuildSettings).items()
                 if name in declared and topic_of(name) is topic)


def topics() -> tuple[Topic, ...]:
    """The topics that have a setting to ask."""
    return tuple(topic for topic in Topic if setting_fields(topic))


_RULE_TYPES = typing.get_type_hints(RuleSet)


def rule_fields(rules: RuleSet) -> tuple[Field, ...]:
    """The fields of a variant's rules: its yes/no parameters as groups of check boxes,
    then each choice, then each number and the hand sizes."""
    names = [f.name for f in dataclasses.fields(RuleSet) if f.name not in FIXED_FIELDS]
    switches = [n for n in names if _RULE_TYPES[n] is bool]
    found = [Field(tuple(switches[i:i + MAX_RADIOS]), Widget.SWITCHES, rule=True)
             for i in range(0, len(switches), MAX_RADIOS)]
    for name in names:
        kind = _RULE_TYPES[name]
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            values = tuple(str(m.value) for m in kind)
            widget = Widget.RADIO if 2 <= len(values) <= MAX_RADIOS else Widget.MENU
            found.append(Field((name,), widget, values, rule=True))
    bounds = BOUNDS | TILE_BOUNDS if rules.kind is Kind.TILES else BOUNDS
    for name in names:
        if _RULE_TYPES[name] is int:
            found.append(Field((name,), Widget.TEXT, number=True, bounds=bounds.get(name),
                               rule=True))
        elif name not in switches and not isinstance(_RULE_TYPES[name], type):
            found.append(Field((name,), Widget.TEXT, rule=True))  # hand_sizes
    return tuple(found)


def pages(fields: Sequence[Field]) -> list[tuple[Field, ...]]:
    """The fields, five to a form."""
    return [tuple(fields[i:i + MAX_COMPONENTS]) for i in range(0, len(fields), MAX_COMPONENTS)]


def rule_values(rules: RuleSet) -> dict[str, object]:
    """A variant's parameters as its form shows them (enums as text, hand sizes as
    ``2:10, 3:7``)."""
    return {key: shown_value(value) if key == "hand_sizes" else value
            for key, value in rules.to_dict().items() if key not in FIXED_FIELDS}


def setting_values(settings: GuildSettings) -> dict[str, object]:
    return {f.name: getattr(settings, f.name) for f in dataclasses.fields(settings)}


# ---------------------------------------------------------------- words


def cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def field_label(field: Field, lang: str) -> str:
    if field.widget is Widget.SWITCHES:
        return cut(t("bot.form.switches", lang), LABEL)
    if field.rule:
        return cut(parameter_name(field.key, lang), LABEL)
    key = f"bot.form.field.{field.key}"
    return cut(t(key, lang) if key in catalog().keys else field.key, LABEL)


def choice_label(field: Field, value: str, lang: str) -> str:
    if value == AUTO and field.optional:
        return t("bot.admin.language.none", lang) if field.key == "language" else t(
            "bot.form.none", lang)
    if value in languages() and field.key == "language":
        return language_name(value)
    if field.rule:
        return value_words(field.key, value, lang)
    if f"bot.form.choice.{field.key}.{value}" in catalog().keys and not field.rule:
        return t(f"bot.form.choice.{field.key}.{value}", lang)
    if f"variant.{value}" in catalog().keys and not field.rule:
        return t(f"variant.{value}", lang)
    return value


def _description(field: Field, standard: Mapping[str, object] | None, lang: str) -> str | None:
    if field.rule and standard is not None and field.widget is not Widget.SWITCHES:
        return cut(t("bot.form.standard", lang,
                     value=value_words(field.key, standard[field.key], lang)), DESCRIPTION)
    if field.bounds is not None:
        low, high = field.bounds
        return cut(t("bot.form.range", lang, low=low, high=high), DESCRIPTION)
    if field.widget is Widget.SWITCHES:
        return cut(t("bot.form.switches.desc", lang), DESCRIPTION)
    return None



# ---------------------------------------------------------------- the modal


def digest(fields: Sequence[Field], values: Mapping[str, object]) -> str:
    """A short digest of what ``fields`` show of ``values`` (their keys and values): a
    form's ``custom_id`` carries it, and a submit whose form would now show otherwise is
    told apart (the settings changed since it opened)."""
    shown = tuple((key, _canonical(values.get(key))) for field in fields for key in field.keys)
    return hashlib.sha256(repr(shown).encode()).hexdigest()[:DIGEST]


def _canonical(value: object) -> object:
    return tuple(sorted(value)) if isinstance(value, frozenset | set) else value


class SettingsForm(discord.ui.Modal):
    """One form: ``fields`` shown with ``values``; :meth:`changes` reads back only what
    was changed. Its ``custom_id`` (:data:`FORM_ID`) ends with the digest of what it
    shows (:func:`digest`). No process holds it: its submit is handled by the settings
    feature's form route, which builds it again and fills it in (:meth:`fill`)."""

    def __init__(self, *, title: str, form_id: str, fields: Sequence[Field],
                 values: Mapping[str, object], lang: str, variant: str | None = None,
                 standard: Mapping[str, object] | None = None) -> None:
        self.digest = digest(fields, values)
        super().__init__(title=cut(title, TITLE), custom_id=f"{form_id}:{self.digest}")
        self.fields, self.values, self.variant = tuple(fields), dict(values), variant
        self.inputs: dict[str, discord.ui.Item[Any]] = {}
        for field in self.fields:
            component = _component(field, self.values, lang)
            self.inputs[field.custom_id] = component
            self.add_item(discord.ui.Label(text=field_label(field, lang), component=component,
                                           description=_description(field, standard, lang)))
        # Not held by discord.py once sent (a stopped form is not stored): its submit
        # takes the one path that works after a restart too.
        self.stop()

    def fill(self, interaction: discord.Interaction) -> None:
        """Fill the form in with what ``interaction`` (its submit) says, as discord.py
        fills in a form it holds (:meth:`discord.ui.Modal._dispatch_submit`)."""
        data = cast("dict[str, Any]", interaction.data or {})
        try:
            resolved = Namespace._get_resolved_items(interaction, data.get("resolved", {}))
        except KeyError:
            resolved = {}
        self._refresh(interaction, data.get("components", []), resolved)

    def changes(self) -> dict[str, object]:
        """What the moderator changed, read as the checks take it (text that is not a
        whole number stays text: the check refuses it in its own words)."""
        changed: dict[str, object] = {}
        for field in self.fields:
            for key, value in read(field, self.inputs[field.custom_id]).items():
                before = self.values.get(key)
                if field.widget is Widget.CHANNELS and isinstance(before, frozenset) and \
                        isinstance(value, frozenset):
                    # Past the menu's 25, the channels it could not show stay.
                    value = value | frozenset(sorted(before)[MAX_MENU:])
                if value != before:
                    changed[key] = value
        return changed


def _component(field: Field, values: Mapping[str, object], lang: str) -> discord.ui.Item[Any]:
    value = values.get(field.key)
    custom_id = field.custom_id
    if field.widget is Widget.SWITCHES:
        return discord.ui.CheckboxGroup(
            custom_id=custom_id, required=False, min_values=0, max_values=len(field.keys),
            options=[discord.CheckboxGroupOption(label=cut(parameter_name(key, lang), OPTION),
                                                 value=key, default=bool(values.get(key)))
                     for key in field.keys])
    if field.widget is Widget.SWITCH:
        return discord.ui.Checkbox(custom_id=custom_id, default=bool(value))
    current = AUTO if value is None else str(value)
    if field.widget is Widget.RADIO:
        return discord.ui.RadioGroup(
            custom_id=custom_id, required=True,
            options=[discord.RadioGroupOption(label=cut(choice_label(field, c, lang), OPTION),
                                              value=c, default=c == current)
                     for c in field.choices])
    if field.widget is Widget.MENU:
        return discord.ui.Select(
            custom_id=custom_id, required=True, min_values=1, max_values=1,
            options=[discord.SelectOption(label=cut(choice_label(field, c, lang), OPTION),
                                          value=c, default=c == current)
                     for c in field.choices[:MAX_MENU]])
    if field.widget in (Widget.CHANNELS, Widget.CHANNEL):
        chosen = sorted(value) if isinstance(value, frozenset | set) else (
            [value] if isinstance(value, int) else [])
        return discord.ui.ChannelSelect(
            custom_id=custom_id, required=False, min_values=0,
            max_values=MAX_MENU if field.widget is Widget.CHANNELS else 1,
            channel_types=[discord.ChannelType.text],
            default_values=[discord.Object(c, type=discord.TextChannel)
                            for c in chosen[:MAX_MENU]])
    shown = "" if value is None else str(value)
    return discord.ui.TextInput(custom_id=custom_id, default=shown[:4000],
                                required=not field.optional, max_length=4000)


def read(field: Field, item: discord.ui.Item[Any]) -> dict[str, object]:
    """What a submitted component says, as the checks take it."""
    if isinstance(item, discord.ui.CheckboxGroup):
        ticked = set(item.values)
        return {key: key in ticked for key in field.keys}
    if isinstance(item, discord.ui.Checkbox):
        return {field.key: bool(item.value)}
    if isinstance(item, discord.ui.RadioGroup):
        if item.value is None and not field.optional:
            return {}  # no answer given: left as it was
        return {field.key: _choice(field, item.value)}
    if isinstance(item, discord.ui.ChannelSelect):
        ids = [_channel_id(v) for v in item.values]
        if field.widget is Widget.CHANNELS:
            return {field.key: frozenset(ids)}
        return {field.key: ids[0] if ids else None}
    if isinstance(item, discord.ui.Select):
        if not item.values and not field.optional:
            return {}
        return {field.key: _choice(field, item.values[0] if item.values else None)}
    text = str(getattr(item, "value", "") or "").strip()
    if not text and field.optional:
        return {field.key: None}
    number = whole(text, signed=True) if field.number else None
    return {field.key: text if number is None else number}


def _choice(field: Field, value: str | None) -> object:
    return None if value in (AUTO, None) and field.optional else value


def _channel_id(value: object) -> int:
    found: object = getattr(value, "id", value)  # a resolved channel, or its id as text
    return int(str(found))


# ---------------------------------------------------------------- the forms


def setting_forms(topic: Topic, settings: GuildSettings, lang: str) -> list[SettingsForm]:
    """Every form of a topic (pages of five fields), filled in with ``settings``."""
    shown = pages(setting_fields(topic))
    return [SettingsForm(title=_title(t(f"bot.form.topic.{topic}", lang), number, len(shown)),
                         form_id=f"rami:form:{topic}:{number}", fields=fields,
                         values=setting_values(settings), lang=lang)
            for number, fields in enumerate(shown, 1)]


def rule_forms(name: str, rules: RuleSet, standard: RuleSet, lang: str) -> list[SettingsForm]:
    """Every form of a variant's rules as the server plays them (``standard``: the
    variant's own, said beside each value)."""
    shown = pages(rule_fields(rules))
    variant_name = t(f"variant.{name}", lang)
    return [SettingsForm(title=_title(t("bot.form.topic.rules", lang, variant=variant_name),
                                      number, len(shown)),
                         form_id=f"rami:form:{RULES}:{name}:{number}", fields=fields,
                         values=rule_values(rules), lang=lang, variant=name,
                         standard=rule_values(standard))
            for number, fields in enumerate(shown, 1)]


@dataclass(frozen=True, slots=True)
class FormPage:
    """Which form: page ``number`` (from 1) of a topic's forms, or of the forms of a
    variant's rules."""

    topic: Topic | None
    variant: str | None
    number: int

    @classmethod
    def of(cls, match: re.Match[str]) -> FormPage:
        """The form a :data:`FORM_ID` match names."""
        topic = match["topic"]
        return cls(Topic(topic) if topic else None, match["variant"], int(match["page"]))

    def form(self, settings: GuildSettings, lang: str) -> SettingsForm:
        """The form, filled in with ``settings``.

        Raises:
            RuleError: a variant no longer known.
            SessionError: ``bot.form.gone``, a page that no longer exists.
        """
        if self.topic is not None:
            built = setting_forms(self.topic, settings, lang)
        else:
            standard = variant(self.variant or "")
            rules = server_rules(standard.name, settings.rule_overrides)
            built = rule_forms(standard.name, rules, standard, lang)
        if not 1 <= self.number <= len(built):
            raise SessionError("bot.form.gone")
        return built[self.number - 1]


def rule_page_count(rules: RuleSet) -> int:
    return len(pages(rule_fields(rules)))


def _title(text: str, number: int, count: int) -> str:
    suffix = f" ({number}/{count})" if count > 1 else ""
    return cut(text, TITLE - len(suffix)) + suffix


def all_fields(forms: Sequence[SettingsForm]) -> Iterator[Field]:
    for form in forms:
        yield from form.fields
