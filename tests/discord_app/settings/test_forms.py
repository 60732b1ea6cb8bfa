"""The settings' forms, built from the declarations: settings in, a modal out, within
Discord's limits in both languages; what a submit changes."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.discord_app.fake.modals import broken_modal
from bot.discord_app.settings import forms
from bot.discord_app.settings.forms import Field, Topic, Widget
from bot.session import SessionError
from data import GuildSettings
from data.settings import IntIn, OneOf
from engine import variant
from engine.variants import variant_names

LANGS = ("en", "fr")


def every_form(lang: str, settings: GuildSettings) -> list[forms.SettingsForm]:
    built = [form for topic in forms.topics()
             for form in forms.setting_forms(topic, settings, lang)]
    for name in variant_names():
        rules = variant(name)
        built += forms.rule_forms(name, rules, rules, lang)
    return built


@pytest.mark.parametrize("lang", LANGS)
def test_every_form_is_one_discord_shows(lang: str) -> None:
    settings = GuildSettings(allowed_channels=frozenset(range(1, 40)), language="fr")
    for form in every_form(lang, settings):
        payload = form.to_dict()
        assert broken_modal(payload) is None, (form.title, broken_modal(payload))
        assert 1 <= len(payload["components"]) <= 5
        assert all(c["type"] == 18 for c in payload["components"])


def test_the_words_are_french_in_french() -> None:
    (english,) = forms.setting_forms(Topic.TURNS, GuildSettings(), "en")
    (french,) = forms.setting_forms(Topic.TURNS, GuildSettings(), "fr")
    assert english.title == "Settings: turns" and french.title == "Réglages : tours"
    label = french.to_dict()["components"][0]
    assert label["label"] == "Secondes accordées pour un tour"
    assert label["description"] == "Un nombre entier de 30 à 259200."  # up to three days (issue 27)


def test_a_form_opens_with_the_values_of_now() -> None:
    settings = GuildSettings(default_variant="classic", turn_timeout_s=90, language=None,
                             allowed_channels=frozenset({7, 8}))
    shown: dict[str, Any] = {}
    for topic in forms.topics():
        for form in forms.setting_forms(topic, settings, "en"):
            for label in form.to_dict()["components"]:
                child = label["component"]
                shown[child["custom_id"]] = child
    assert [o["value"] for o in shown["default_variant"]["options"] if o["default"]] == [
        "classic"]
    assert shown["turn_timeout_s"]["value"] == "90"
    assert [o["value"] for o in shown["language"]["options"] if o["default"]] == ["auto"]
    assert [d["id"] for d in shown["allowed_channels"]["default_values"]] == [7, 8]


def test_the_rules_are_paged_switches_then_choices_then_numbers() -> None:
    rules = variant("rami51")
    built = forms.rule_forms("rami51", rules, rules, "en")
    kinds = [label["component"]["type"] for form in built
             for label in form.to_dict()["components"]]
    # The eleven yes/no rules in groups of check boxes of at most ten (issue 30 added two).
    assert kinds[:2] == [22, 22]
    assert kinds[2:10] == [21] * 8  # each choice a radio group
    assert set(kinds[10:]) == {4}  # each number, and the hand sizes, a text input
    asked = {key for form in built for field in form.fields for key in field.keys}
    assert asked == set(forms.rule_values(rules))  # every parameter, once
    assert {"identical_discard_ban", "lay_off_before_opening"} <= asked
    assert built[0].title == f"Rules of Rami 51 (1/{len(built)})"


@pytest.mark.parametrize(("name", "kind", "check", "widget"), [
    ("notify_turns", "bool", None, Widget.SWITCH),
    ("turn_reminder_s", "int", IntIn(10, 600), Widget.TEXT),
    ("board", "str", OneOf(lambda: ("big", "small")), Widget.RADIO),
    ("style", "str", OneOf(lambda: tuple(f"s{n}" for n in range(12))), Widget.MENU),
    ("log_channel", "int | None", None, Widget.CHANNEL),
    ("quiet_channels", "frozenset[int]", None, Widget.CHANNELS),
    ("greeting", "str | None", None, Widget.TEXT),
])
def test_a_setting_is_asked_by_its_type_and_check(name: str, kind: str, check: Any,
                                                  widget: Widget) -> None:
    field = forms.setting_field(name, kind, check or (lambda key, value: value))
    assert field.widget is widget


def test_a_setting_without_a_topic_is_asked_among_the_others() -> None:
    assert forms.topic_of("turn_reminder_s") is Topic.OTHER
    assert forms.topic_of("daily_close") is None  # /rummy daily settings checks those
    assert forms.topic_of("rule_overrides") is None  # the rules' own pages
    assert forms.topic_of("turn_timeout_s") is Topic.TURNS


def submitted(form: forms.SettingsForm, answers: dict[str, Any]) -> None:
    """Fill the form's components in as discord.py does on a submit."""
    for custom_id, value in answers.items():
        item = form.inputs[custom_id]
        if isinstance(item, discord.ui.TextInput | discord.ui.RadioGroup | discord.ui.Checkbox):
            item._value = value
        elif isinstance(item, discord.ui.CheckboxGroup):
            item._values = value
        else:
            raise AssertionError(type(item))


def test_a_submit_changes_only_what_was_changed() -> None:
    (form,) = forms.setting_forms(Topic.TURNS, GuildSettings(turn_timeout_s=90), "en")
    submitted(form, {"turn_timeout_s": " 90 "})
    assert form.changes() == {}
    submitted(form, {"turn_timeout_s": "120"})
    assert form.changes() == {"turn_timeout_s": 120}
    submitted(form, {"turn_timeout_s": "soon"})  # text: the store's check refuses it
    assert form.changes() == {"turn_timeout_s": "soon"}


def test_a_rules_submit_reads_the_switches_each() -> None:
    rules = variant("classic")
    form = forms.rule_forms("classic", rules, rules, "en")[0]
    values = forms.rule_values(rules)
    answers: dict[str, Any] = {}
    for field in form.fields:  # every component as it was shown, ace_high ticked
        if field.widget is Widget.SWITCHES:
            ticked = [key for key in field.keys if values[key] or key == "ace_high"]
            answers[field.custom_id] = ticked
        else:
            answers[field.custom_id] = str(values[field.key])
    assert "ace_high" in form.fields[0].keys
    submitted(form, answers)
    assert form.changes() == {"ace_high": True}
    assert form.variant == "classic"


def test_auto_reads_as_no_language() -> None:
    (form,) = forms.setting_forms(Topic.LANGUAGE, GuildSettings(language="fr"), "en")
    submitted(form, {"language": "auto"})
    assert form.changes() == {"language": None}


def test_fields_keep_their_order_and_ids_fit() -> None:
    for topic in forms.topics():
        for field in forms.setting_fields(topic):
            assert isinstance(field, Field) and len(field.custom_id) <= 100


def test_channels_past_the_menus_25_stay() -> None:
    many = frozenset(range(1, 31))
    (form,) = forms.setting_forms(Topic.CHANNELS, GuildSettings(allowed_channels=many),
                                  "en")
    menu = form.inputs["allowed_channels"]
    assert isinstance(menu, discord.ui.ChannelSelect)
    menu._values = []
    assert len(menu.default_values) == 25
    forms_read = form.changes()["allowed_channels"]
    assert forms_read == frozenset(range(26, 31))  # the 25 shown taken away, not the rest


def test_a_forms_id_says_which_form_and_what_it_showed() -> None:
    for form in every_form("fr", GuildSettings(allowed_channels=frozenset(range(1, 40)))):
        match = forms.FORM_ID.fullmatch(form.custom_id)
        assert match is not None and len(form.custom_id) <= 100, form.custom_id
        assert match["digest"] == form.digest
        page = forms.FormPage.of(match)
        again = page.form(GuildSettings(allowed_channels=frozenset(range(1, 40))), "en")
        assert again.custom_id == form.custom_id  # the same form, whatever the language


def test_the_digest_changes_with_a_value_shown_only() -> None:
    (turns,) = forms.setting_forms(Topic.TURNS, GuildSettings(), "en")
    (later,) = forms.setting_forms(Topic.TURNS, GuildSettings(language="fr"), "en")
    assert later.digest == turns.digest  # the language is another form's
    (changed,) = forms.setting_forms(Topic.TURNS, GuildSettings(turn_timeout_s=60), "en")
    assert changed.digest != turns.digest
    (channels,) = forms.setting_forms(Topic.CHANNELS,
                                      GuildSettings(allowed_channels=frozenset({1, 2})), "en")
    (same,) = forms.setting_forms(Topic.CHANNELS,
                                  GuildSettings(allowed_channels=frozenset({2, 1})), "en")
    assert channels.digest == same.digest


def test_a_form_page_that_no_longer_exists_is_refused() -> None:
    match = forms.FORM_ID.fullmatch("rami:form:rules:rami51:9:0123456789")
    assert match is not None
    with pytest.raises(SessionError) as refused:
        forms.FormPage.of(match).form(GuildSettings(), "en")
    assert refused.value.code == "bot.form.gone"
    assert forms.FORM_ID.fullmatch("rami:form:rules:rami51:1:0123") is None
    assert forms.FORM_ID.fullmatch("rami:form:nothing:1:0123456789") is None


def test_a_form_is_held_by_no_process() -> None:
    async def sent() -> bool:
        (form,) = forms.setting_forms(Topic.TURNS, GuildSettings(), "en")
        return form.is_finished()  # discord.py stores no finished form

    assert asyncio.run(sent())
