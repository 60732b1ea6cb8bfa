"""The variants: the five presets of ``VARIANTS.md``, their aliases, and the registry that
looks a rule set up by name.

Glossary: a *variant* is a :class:`~engine.rules.RuleSet` registered under its ``name``
(``rami51``); an *alias* is another name players type for it (``51``, ``rami-51``);
a server's *overrides* map a variant's name to the parameters that server changed.

Everything that lists or names variants asks this registry (:func:`variant_names`,
:func:`variant`), so a variant made only of parameters is added by one
:func:`register_variant` call and its display name in the text catalogs (``variant.<name>``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from engine.errors import RuleError
from engine.i18n import quote
from engine.rules import (
    AceOpening,
    DiscardPick,
    GoingOut,
    JokerLimit,
    JokerSwap,
    Kind,
    MatchEnd,
    RuleSet,
    Scoring,
    StockEnd,
)

_COMMON: dict[str, Any] = {
    "kind": Kind.CARDS, "draw_from_discard": True, "discard_pick": DiscardPick.KEEP,
    "identical_discard_ban": True, "single_card_no_discard_pick": False,
    "lay_off_in_opening_turn": True, "lay_off_before_opening": False,
    "first_turn_meld_ban": False, "ace_high": True, "ace_opening": AceOpening.BY_PLACE,
    "swapped_joker_must_be_laid": False, "joker_discard": True, "going_out": GoingOut.ANY,
    "max_reshuffles": 3,
    "stock_end": StockEnd.NO_WINNER, "joker_hand_value": 20, "scoring": Scoring.PENALTY,
    "never_melded_penalty": 0, "never_melded_penalty_rami_sec": 0,
    "rami_sec_multiplier": 1, "high_wins": False, "target": 1000,
    "match_end": MatchEnd.REACHES, "tie_plays_on": True,
}  # fmt: skip

CLASSIC = RuleSet(**{
    **_COMMON, "name": "classic", "decks": 1, "jokers": 0, "min_players": 2,
    "max_players": 6, "hand_sizes": ((2, 10), (3, 7), (4, 7), (5, 6), (6, 6)),
    "opening_minimum": 0, "opening_minimum_two_players": 0, "lay_off_before_opening": True,
    "ace_high": False,
    "ace_opening": AceOpening.ONE, "meld_jokers": JokerLimit.ANY, "joker_swap": JokerSwap.NEVER,
    "stock_end": StockEnd.LOWEST_COLLECTS, "ace_hand_value": 1, "joker_hand_value": 0,
    "scoring": Scoring.WINNER_COLLECTS, "high_wins": True, "target": 100,
})  # fmt: skip
RAMI51 = RuleSet(**{
    **_COMMON, "name": "rami51", "decks": 2, "jokers": 4, "min_players": 2,
    "max_players": 6, "hand_sizes": tuple((n, 13) for n in range(2, 7)),
    "opening_minimum": 51, "opening_minimum_two_players": 51,
    "lay_off_in_opening_turn": False, "ace_opening": AceOpening.ELEVEN,
    "meld_jokers": JokerLimit.ANY, "joker_swap": JokerSwap.AFTER_OPENING,
    "swapped_joker_must_be_laid": True, "ace_hand_value": 11,
    "never_melded_penalty": 100, "never_melded_penalty_rami_sec": 200,
})  # fmt: skip
RAMI30 = RuleSet(**{
    **_COMMON, "name": "rami30", "decks": 1, "jokers": 2, "min_players": 2,
    "max_players": 4, "hand_sizes": ((2, 13), (3, 13), (4, 10)),
    "opening_minimum": 30, "opening_minimum_two_players": 50,
    "lay_off_in_opening_turn": False, "meld_jokers": JokerLimit.ONE,
    "joker_swap": JokerSwap.AFTER_OPENING, "ace_hand_value": 15,
    "never_melded_penalty": 100, "never_melded_penalty_rami_sec": 100,
    "rami_sec_multiplier": 2, "match_end": MatchEnd.EXCEEDS,
})  # fmt: skip
GAMEDUELL = RuleSet(**{
    **_COMMON, "name": "gameduell", "decks": 2, "jokers": 6, "min_players": 2,
    "max_players": 4, "hand_sizes": tuple((n, 13) for n in range(2, 5)),
    "discard_pick": DiscardPick.LAY_BACK, "identical_discard_ban": False,
    "single_card_no_discard_pick": True,
    "opening_minimum": 51, "opening_minimum_two_players": 51, "first_turn_meld_ban": True,
    "meld_jokers": JokerLimit.MINORITY, "joker_swap": JokerSwap.COMPLETE_GROUP,
    "swapped_joker_must_be_laid": True, "joker_discard": False,
    "going_out": GoingOut.DISCARD_ONLY, "ace_hand_value": 11, "rami_sec_multiplier": 2,
    "tie_plays_on": False,
})  # fmt: skip
TILES = RuleSet(**{
    **_COMMON, "name": "tiles", "kind": Kind.TILES, "decks": 2, "jokers": 2,
    "min_players": 2, "max_players": 4, "hand_sizes": tuple((n, 14) for n in range(2, 5)),
    "draw_from_discard": False, "identical_discard_ban": False, "opening_minimum": 30,
    "opening_minimum_two_players": 30,
    "ace_high": False, "meld_jokers": JokerLimit.ANY, "joker_swap": JokerSwap.NEVER,
    "max_reshuffles": 0, "stock_end": StockEnd.BLOCKED, "ace_hand_value": 1,
    "joker_hand_value": 30, "scoring": Scoring.TILES, "high_wins": True, "target": 0,
    "tie_plays_on": False,
})  # fmt: skip

# Registration order is the order players see (menus, the rules buttons).
_NAME = re.compile(r"[a-z0-9]{1,32}")  # short: it goes into custom ids of 100 characters
_VARIANTS: dict[str, RuleSet] = {}
_ALIASES: dict[str, str] = {}  # normalised alias -> variant name


def _normal(name: str) -> str:
    """The form names and aliases are compared in: trimmed, lower case, ``_`` as ``-``."""
    return name.strip().lower().replace("_", "-")


def register_variant(rules: RuleSet, aliases: Iterable[str] = ()) -> RuleSet:
    """Add ``rules`` to the variants, under its name and ``aliases``; returns it.

    The name is 1 to 32 lower-case letters and digits (``rami40``); aliases may be any
    text.

    Raises:
        RuleError: the rule set cannot be played (its first inconsistency), the name is
            not lower-case letters and digits, an alias is empty, or the name or an
            alias is already taken. Nothing is registered then.
    """
    rules.check()
    name = rules.name
    if not _NAME.fullmatch(name):  # a name also goes into saved games and button ids
        raise RuleError("rules.variant_name", name=quote(name))
    wanted = [name, *(_normal(alias) for alias in aliases)]
    for key in wanted:
        if not key:
            raise RuleError("rules.variant_name", name=quote(key))
        if key in _VARIANTS or key in _ALIASES or wanted.count(key) > 1:
            raise RuleError("rules.variant_taken", name=key)
    _VARIANTS[name] = rules
    _ALIASES.update((alias, name) for alias in wanted[1:])
    return rules


def unregister_variant(name: str) -> None:
    """Remove the variant called ``name`` and its aliases (for tests and plug-ins that
    registered one).

    Raises:
        RuleError: no variant has that name (aliases are not accepted here).
    """
    if name not in _VARIANTS:
        raise RuleError("rules.variant", name=name, known=", ".join(_VARIANTS))
    del _VARIANTS[name]
    for alias in [alias for alias, target in _ALIASES.items() if target == name]:
        del _ALIASES[alias]


def variant_names() -> tuple[str, ...]:
    """The names of every registered variant, in registration order."""
    return tuple(_VARIANTS)


def variant(name: str) -> RuleSet:
    """The variant called ``name`` or one of its aliases, in any case.

    Raises:
        RuleError: no variant has that name; the message lists the known ones.
    """
    if not isinstance(name, str):
        raise RuleError("rules.variant", name=quote(repr(name)), known=", ".join(_VARIANTS))
    key = _normal(name)
    key = _ALIASES.get(key, key)
    rules = _VARIANTS.get(key) or _VARIANTS.get(key.replace("-", ""))
    if rules is None:
        raise RuleError("rules.variant", name=quote(name), known=", ".join(_VARIANTS))
    return rules


def rules_from_dict(data: Mapping[str, Any]) -> RuleSet:
    """A rule set saved with :meth:`RuleSet.to_dict`: the registered variant of its name,
    with every saved value checked.

    Raises:
        RuleError: no such variant, or a missing, unknown or bad parameter.
    """
    if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
        raise RuleError("rules.document")
    return variant(data["name"]).restored(data)


def server_rules(
    name: str, overrides: Mapping[str, Mapping[str, object]], **changes: object
) -> RuleSet:
    """The variant ``name`` (or an alias) as a server plays it: the changes ``overrides``
    stores under the variant's name applied, then ``changes`` (a lobby's target…).

    Raises:
        RuleError: an unknown variant, or a stored or given change that is unknown, has a
            bad value or makes the rules unplayable.
    """
    rules = variant(name)
    wanted = {**overrides.get(rules.name, {}), **changes}
    return rules.with_overrides(**wanted) if wanted else rules


for _preset, _aliases in (
    (CLASSIC, ("classique", "rami", "rummy", "rami-classique")),
    (RAMI51, ("51", "rami-51", "rami 51", "livret", "official")),
    (RAMI30, ("30", "rami-30", "rami 30", "rami30online", "rami-30-online")),
    (GAMEDUELL, ("gd", "game-duell", "rami-51-gameduell", "duell")),
    (TILES, ("rummikub", "tile", "tuiles", "rami-tuiles")),
):
    register_variant(_preset, _aliases)
