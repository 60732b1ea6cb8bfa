"""The rule parameters' names in words (issue 25): every parameter of a rule set, and
every value of its choices, has a label in each catalog; the forms, the settings and the
refusals say the labels, and only the subcommand's answers and autocomplete name the
parameter as the option takes it."""

from __future__ import annotations

import dataclasses
import enum
import typing
from pathlib import Path
from types import SimpleNamespace

import pytest
from babel.messages.pofile import read_po

from bot.discord_app.settings.cog import RULE_PARAMETERS, parameter_choices
from bot.discord_app.settings.forms import (
    all_fields,
    choice_label,
    field_label,
    rule_forms,
    setting_fields,
    topics,
)
from bot.discord_app.settings.present import (
    parameter_typed,
    rules_lines,
    settings_text,
    value_typed,
)
from data import GuildSettings
from engine import RuleError, RuleSet, variant
from engine.i18n import LOCALE_DIR, languages

EDITABLE = [f.name for f in dataclasses.fields(RuleSet) if f.name not in ("name", "kind")]
TYPES = typing.get_type_hints(RuleSet)
CHOICES = {name: [str(member.value) for member in kind] for name, kind in TYPES.items()
           if name in EDITABLE and isinstance(kind, type) and issubclass(kind, enum.Enum)}
BOT_LOCALES = Path(__file__).resolve().parents[3] / "bot" / "locales"


def po_texts(folder: Path, domain: str, lang: str) -> dict[str, str]:
    with (folder / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as stream:
        return {str(m.id): str(m.string) for m in read_po(stream) if m.id and m.string}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_rule_parameter_and_choice_has_a_label_in_each_catalog(lang: str) -> None:
    assert set(languages()) == {"en", "fr"}
    texts = po_texts(LOCALE_DIR, "rami", lang)
    missing = [name for name in EDITABLE if not texts.get(f"rule.param.{name}")]
    missing += [f"{name}.{value}" for name, values in CHOICES.items() for value in values
                if not texts.get(f"rule.value.{name}.{value}")]
    missing += [value for value in ("true", "false") if not texts.get(f"rule.value.{value}")]
    assert missing == []
    labels = [texts[f"rule.param.{name}"] for name in EDITABLE]
    assert len(set(labels)) == len(labels)  # two parameters never read alike
    assert not any("_" in label for label in labels)  # words, not the engine's names


def test_french_labels_are_french() -> None:
    english, french = (po_texts(LOCALE_DIR, "rami", lang) for lang in ("en", "fr"))
    keys = [f"rule.param.{name}" for name in EDITABLE]
    same = [key for key in keys if english[key] == french[key]]
    assert same == []
    assert french["rule.param.joker_swap"] == "Échange du joker"
    assert french["rule.value.joker_swap.after_opening"] == "après l'ouverture"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_setting_in_the_forms_has_a_label_in_each_catalog(lang: str) -> None:
    texts = po_texts(BOT_LOCALES, "rami_bot", lang)
    keys = [field.key for topic in topics() for field in setting_fields(topic)]
    assert keys and [key for key in keys if not texts.get(f"bot.form.field.{key}")] == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_forms_say_labels_never_engine_names(lang: str) -> None:
    rules = variant("rami51")
    forms = rule_forms("rami51", rules, rules, lang)
    shown: list[str] = []
    for field in all_fields(forms):
        shown.append(field_label(field, lang))
        shown += [choice_label(field, value, lang) for value in field.choices]
    for form in forms:
        for item in form.walk_children():
            shown += [str(o.label) for o in getattr(item, "options", [])]
    assert not [text for text in shown if "_" in text]
    labels = [item.text for form in forms for item in form.walk_children()
              if hasattr(item, "text") and isinstance(item.text, str)]
    assert ("Échange du joker" if lang == "fr" else "Joker swap") in labels


def test_the_settings_say_each_rule_in_words() -> None:
    settings = GuildSettings(rule_overrides={"rami51": {"joker_swap": "never", "target": 300}})
    lines = rules_lines("rami51", settings, "fr")
    assert "★ Échange du joker : jamais" in lines and "★ Score à atteindre : 300" in lines
    assert not [line for line in lines if "`" in line or "_" in line]
    text = settings_text(settings, "en")
    assert "Rami 51 (Joker swap: never; Target score: 300)" in text


def test_the_subcommands_answers_name_the_parameter_as_typed() -> None:
    assert parameter_typed("joker_swap", "en") == "Joker swap (`joker_swap`)"
    assert parameter_typed("joker_swap", "fr") == "Échange du joker (`joker_swap`)"
    assert value_typed("joker_swap", "after_opening", "fr") == (
        "après l'ouverture (`after_opening`)")
    assert value_typed("ace_high", False, "en") == "no (`false`)"
    assert value_typed("target", 300, "en") == "300"


async def test_the_parameter_option_offers_names_in_words_in_the_readers_language() -> None:
    french = SimpleNamespace(locale="fr")
    choices = await parameter_choices(french, "échange")  # type: ignore[arg-type]
    assert [(c.name, c.value) for c in choices] == [("Échange du joker (joker_swap)",
                                                     "joker_swap")]
    typed = await parameter_choices(french, "joker_sw")  # type: ignore[arg-type]
    assert [c.value for c in typed] == ["joker_swap"]  # the name as typed works too
    assert set(RULE_PARAMETERS) == set(EDITABLE)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Number of jokers must be between 0 and 16 (got 99)."),
    ("fr", "Nombre de jokers doit être entre 0 et 16 (reçu 99)."),
])
def test_a_refusal_names_the_parameter_in_words(lang: str, said: str) -> None:
    with pytest.raises(RuleError) as caught:
        variant("rami51").with_overrides(jokers=99)
    assert caught.value.message(lang) == said
