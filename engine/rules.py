"""Rule sets: every parameter of the variant table (``VARIANTS.md``) as one frozen value.

A :class:`RuleSet` is looked up by name in the registry of :mod:`engine.variants`
(``variant("rami51")``, which also rebuilds one saved with :meth:`RuleSet.to_dict`),
changed, for one server, with :meth:`RuleSet.with_overrides`, which checks every change
(an unknown parameter or an impossible value raises :class:`~engine.errors.RuleError`,
never a silent default), and put in words by :func:`engine.rules_text.summary`.
"""

from __future__ import annotations

import contextlib
import enum
import functools
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from engine.errors import RuleError
from engine.i18n import SOURCE_LANGUAGE, Msg, count, quote
from engine.numbers import TOO_BIG, whole


class Kind(enum.StrEnum):
    """What the game is played with."""

    CARDS = "cards"
    TILES = "tiles"


class DiscardPick(enum.StrEnum):
    """What a player may do with the card taken from the discard pile."""

    KEEP = "keep"  # it may not be discarded that turn (classic)
    LAY_BACK = "lay_back"  # laying it straight back is allowed and ends the turn (gameduell)


class JokerLimit(enum.StrEnum):
    """How many jokers one meld may hold."""

    ANY = "any"  # any number, never all of the meld
    ONE = "one"  # at most one
    MINORITY = "minority"  # strictly fewer than half, never two side by side


class JokerSwap(enum.StrEnum):
    """When a joker on the table may be replaced by the card it stands for."""

    NEVER = "never"
    AFTER_OPENING = "after_opening"
    COMPLETE_GROUP = "complete_group"  # after opening, only from a group of four


class AceOpening(enum.StrEnum):
    """What an ace counts towards the opening minimum."""

    ONE = "one"  # 1 wherever it stands
    # 1 in A-2-3; 11 after a king and in a group of aces (1 there where the ace is low only)
    BY_PLACE = "by_place"
    ELEVEN = "eleven"  # 11 wherever it stands: A-2-3 counts 16 (rami51's booklet)


class GoingOut(enum.StrEnum):
    """How a player may empty their hand."""

    ANY = "any"  # melding, laying off or discarding the last card
    DISCARD_ONLY = "discard_only"  # only by discarding the last card


class StockEnd(enum.StrEnum):
    """What happens when the stock is empty and may no longer be rebuilt."""

    LOWEST_COLLECTS = "lowest_collects"  # classic: the fewest hand points get the differences
    NO_WINNER = "no_winner"  # every player scores their hand
    BLOCKED = "blocked"  # tiles: players pass until everyone has passed


class Scoring(enum.StrEnum):
    """How a finished round is scored."""

    WINNER_COLLECTS = "winner_collects"  # classic: the winner scores the others' hands
    PENALTY = "penalty"  # each other player scores their hand (low is good)
    TILES = "tiles"  # the winner gains the others' racks, each other loses their own


class MatchEnd(enum.StrEnum):
    """Which total ends a match played to a target."""

    REACHES = "reaches"  # a total equal to the target or above it
    EXCEEDS = "exceeds"  # a total above the target (rami30: « dépasse »)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every parameter of one variant. Look it up with :func:`engine.variants.variant`,
    change it with :meth:`with_overrides`."""

    name: str
    kind: Kind
    decks: int  # copies of the 52 cards (of each tile, for tiles)
    jokers: int
    min_players: int
    max_players: int
    hand_sizes: tuple[tuple[int, int], ...]  # (players, cards dealt to each)
    draw_from_discard: bool
    discard_pick: DiscardPick
    # Nor a card identical to the one taken (its twin of another deck, another joker):
    # discarding it would leave the hand unchanged.
    identical_discard_ban: bool
    single_card_no_discard_pick: bool  # a player holding one card may not take the discard
    opening_minimum: int  # 0: no minimum
    opening_minimum_two_players: int  # the minimum when exactly two play
    lay_off_in_opening_turn: bool
    lay_off_before_opening: bool  # lay off on any meld before laying a meld of one's own
    first_turn_meld_ban: bool  # nobody melds during their own first turn of the round
    ace_high: bool  # Q-K-A allowed (the ace always follows the king, never precedes the 2)
    ace_opening: AceOpening  # what an ace counts towards the opening minimum
    meld_jokers: JokerLimit
    joker_swap: JokerSwap
    swapped_joker_must_be_laid: bool
    joker_discard: bool  # False: only as the last, winning card
    going_out: GoingOut
    max_reshuffles: int
    stock_end: StockEnd
    ace_hand_value: int
    joker_hand_value: int
    scoring: Scoring
    never_melded_penalty: int  # 0: none
    never_melded_penalty_rami_sec: int  # the penalty when the winner went out rami sec
    rami_sec_multiplier: int
    high_wins: bool
    target: int  # match-end score; 0: a single round
    match_end: MatchEnd  # whether a total reaching the target ends the match, or exceeding it
    tie_plays_on: bool  # a tie for the win plays one more round

    def hand_size(self, players: int) -> int:
        """Cards dealt to each of ``players`` players.

        Raises:
            RuleError: the variant is not played by that many players.
        """
        for seats, size in self.hand_sizes:
            if seats == players:
                return size
        raise RuleError(
            "rules.players", players=players, low=self.min_players, high=self.max_players
        )

    def opening_for(self, players: int) -> int:
        """The opening minimum at a table of ``players`` (0: no minimum)."""
        return self.opening_minimum_two_players if players == 2 else self.opening_minimum

    @property
    def deck_size(self) -> int:
        return self.decks * 52 + self.jokers

    def with_overrides(self, **changes: Any) -> RuleSet:
        """A copy with ``changes`` applied, each checked.

        Values may be given as their type or as text (``"true"``, ``"51"``, ``"one"``);
        ``hand_sizes`` also accepts ``{players: size}`` or one number for every count.

        Raises:
            RuleError: an unknown parameter, a value of the wrong type or out of range,
                or a combination that cannot be played (e.g. too few cards to deal).
        """
        values: dict[str, Any] = {}
        for key, raw in changes.items():
            if key not in _FIELD_TYPES or key in _FIXED:
                raise RuleError("rules.unknown", name=quote(key),
                                known=", ".join(sorted(_EDITABLE)))
            values[key] = _coerce(key, raw, self)
        result = replace(self, **values)
        result.check()
        return result

    def check(self) -> None:
        """Check that the parameters can be played together, each within its bounds
        (:data:`BOUNDS`, :data:`TILE_BOUNDS` for tiles, :data:`HAND_SIZE_BOUNDS`).

        Raises:
            RuleError: the first inconsistency found.
        """
        low, high = BOUNDS["min_players"]
        if not low <= self.min_players <= self.max_players <= high:
            raise RuleError(
                "rules.players_range", low=self.min_players, high=self.max_players
            )
        bounds = BOUNDS | TILE_BOUNDS if self.kind is Kind.TILES else BOUNDS
        for key, (low, high) in bounds.items():
            value = getattr(self, key)
            if low == 0 and value < 0:
                raise RuleError("rules.negative", name=parameter_label(key), value=value)
            if not low <= value <= high:
                raise RuleError("rules.range", name=parameter_label(key), value=value, low=low,
                                high=high)
        low, high = HAND_SIZE_BOUNDS
        for _, dealt in self.hand_sizes:
            if not low <= dealt <= high:
                raise RuleError("rules.range", name=parameter_label("hand_sizes"), value=dealt,
                                low=low, high=high)
        for players in range(self.min_players, self.max_players + 1):
            size = dict(self.hand_sizes).get(players)
            if size is None:
                raise RuleError("rules.hand_size_missing", players=players)
            if players * size + 2 > self.deck_size:
                raise RuleError("rules.deck_too_small", hands=count("hands", players),
                                size=count("cards", size), cards=count("cards", self.deck_size))

    def restored(self, data: Mapping[str, Any]) -> RuleSet:
        """This variant with the parameters saved in ``data`` (:meth:`to_dict`), every
        value checked (:func:`engine.variants.rules_from_dict` finds the variant by name).
        A parameter added since ``data`` was saved takes the value that plays as the
        engine did then (``ace_opening`` ``by_place``, ``match_end`` ``reaches``, no
        ``identical_discard_ban``, no ``lay_off_before_opening``).

        Raises:
            RuleError: a parameter missing or unknown, another variant's kind, a bad value.
        """
        data = {**_ADDED_LATER, **data}
        missing = set(_FIELD_TYPES) - set(data)
        if missing:
            raise RuleError("rules.missing", names=", ".join(sorted(missing)))
        if data.get("kind") != self.kind.value:
            raise RuleError("rules.document")
        return self.with_overrides(**{k: v for k, v in data.items() if k not in _FIXED})

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary of every parameter (enums as their text)."""
        # Field by field rather than dataclasses.asdict, which deep-copies every value
        # (~1 ms; a game saves its rules after every move).
        data: dict[str, Any] = {}
        for name in _FIELD_TYPES:
            value = getattr(self, name)
            data[name] = value.value if isinstance(value, enum.Enum) else value
        data["hand_sizes"] = [list(pair) for pair in self.hand_sizes]
        return data


@functools.lru_cache(maxsize=256)
def rules_document(rules: RuleSet) -> dict[str, Any]:
    """``rules.to_dict()``, made once per rule set: a table saves the same rules after
    every move, in its match and in the document around it, and building them is a sixth
    of writing the match. Shared by every caller: read it, never change it."""
    return rules.to_dict()


_FIELD_TYPES: dict[str, str] = {f.name: str(f.type) for f in fields(RuleSet)}
_FIXED = frozenset({"name", "kind"})
_EDITABLE = frozenset(_FIELD_TYPES) - _FIXED
# The bounds (inclusive) of every whole-number parameter. Past them a game is no longer
# rummy, only work: 25,000,000 jokers once took ten seconds to deal and 75 MB per save.
BOUNDS: dict[str, tuple[int, int]] = {
    "decks": (1, 4), "jokers": (0, 16), "min_players": (2, 8), "max_players": (2, 8),
    "opening_minimum": (0, 300), "opening_minimum_two_players": (0, 300),
    "max_reshuffles": (0, 10), "ace_hand_value": (0, 100), "joker_hand_value": (0, 100),
    "never_melded_penalty": (0, 1000), "never_melded_penalty_rami_sec": (0, 1000),
    "rami_sec_multiplier": (1, 10), "target": (0, 100_000),
}  # fmt: skip
# Tile rummy within what the exact solver (hints, computer players) holds: two copies of
# each tile and seven jokers in all.
TILE_BOUNDS: dict[str, tuple[int, int]] = {"decks": (1, 2), "jokers": (0, 7)}
HAND_SIZE_BOUNDS = (1, 20)  # cards (tiles) dealt to each player
_ENUMS: dict[str, type[enum.StrEnum]] = {
    "discard_pick": DiscardPick, "meld_jokers": JokerLimit, "joker_swap": JokerSwap,
    "going_out": GoingOut, "stock_end": StockEnd, "scoring": Scoring,
    "ace_opening": AceOpening, "match_end": MatchEnd,
}  # fmt: skip
# Parameters added after games were first saved: a document saved without one plays on as
# it was started, with the value that behaves as the engine did then.
_ADDED_LATER: dict[str, Any] = {
    "ace_opening": AceOpening.BY_PLACE, "match_end": MatchEnd.REACHES,
    "identical_discard_ban": False, "lay_off_before_opening": False,
}  # fmt: skip
_TRUE = frozenset({"true", "yes", "on", "1", "oui", "vrai"})
_FALSE = frozenset({"false", "no", "off", "0", "non", "faux"})


def parameter_label(key: str) -> Msg:
    """A rule parameter's name in words (catalog ``rule.param.<key>``: "Joker swap"), as
    the moderators' forms, settings and the rules' refusals say it."""
    return Msg(f"rule.param.{key}")


def value_label(key: str, value: object) -> Msg | None:
    """A parameter's value in words (``rule.value.<key>.<value>`` for a choice,
    ``rule.value.true`` / ``false`` for a yes/no one); None: a number or the hand sizes,
    shown as they are."""
    if isinstance(value, bool):
        return Msg(f"rule.value.{str(value).lower()}")
    if key in _ENUMS:
        return Msg(f"rule.value.{key}.{value.value if isinstance(value, enum.Enum) else value}")
    return None


MAX_VALUE_CHOICES = 25  # suggestions at most (Discord's autocomplete shows 25)


@dataclass(frozen=True, slots=True)
class ValueChoice:
    """A value to suggest for a rule parameter: ``value`` as :meth:`RuleSet.with_overrides`
    takes it (``"true"``, ``"after_opening"``, ``"51"``, ``"2:10, 3:7"``), ``label`` in
    words ("yes", "after opening", "51 (a whole number from 0 to 300)")."""

    value: str
    label: Msg


def choice_values(key: str, typed: str, rules: RuleSet,
                  lang: str = SOURCE_LANGUAGE) -> list[ValueChoice]:
    """The values of parameter ``key`` to suggest to a moderator who typed ``typed``, for
    ``rules`` (the variant as the server plays it): only values ``rules`` accepts (each
    checked with the whole rule set), at most :data:`MAX_VALUE_CHOICES`, the value of now
    said so (first when nothing was typed; else what was typed comes first). Yes/no and
    each choice by their words in ``lang`` (those matching what was typed; every one when
    none does); a number with its bounds in words: every value of a range of at most 25
    (those starting as typed), else the number typed, the value of now and the bounds;
    the hand sizes as typed (one number, or per player count) and as now. An unknown
    parameter has none."""
    if key not in _EDITABLE:
        return []
    current = rules.to_dict()[key]
    now = _shown(current)
    candidates = [(value, label) for value, label in _candidates(key, typed, rules)
                  if _accepted(rules, key, value)]
    folded = " ".join(typed.split()).casefold()
    if key in _ENUMS or _FIELD_TYPES[key] == "bool":
        matching = [(value, label) for value, label in candidates
                    if folded in value or folded in label.text(lang).casefold()
                    or _alias_matches(key, value, folded)]
        candidates = matching or candidates
    elif _FIELD_TYPES[key] == "int" and _narrow(key, rules.kind):
        candidates = [c for c in candidates if c[0].startswith(folded)] or candidates
    if not typed.strip():  # stable: the value of now first, then the rest in their order
        candidates.sort(key=lambda choice: choice[0] != now)
    return [ValueChoice(value, Msg("rule.choice.current", choice=label) if value == now
                        else label) for value, label in candidates[:MAX_VALUE_CHOICES]]


def _candidates(key: str, typed: str, rules: RuleSet) -> list[tuple[str, Msg]]:
    kind = _FIELD_TYPES[key]
    if kind == "bool":
        return [(str(flag).lower(), Msg(f"rule.value.{str(flag).lower()}"))
                for flag in (True, False)]
    if key in _ENUMS:
        return [(member.value, Msg(f"rule.value.{key}.{member.value}")) for member in _ENUMS[key]]
    if key == "hand_sizes":
        values = []
        with contextlib.suppress(RuleError):  # not sizes: only those of now
            values.append(_shown(_hand_sizes(typed, rules, RuleError("rules.document"))))
        values.append(_shown(rules.hand_sizes))
        return [(value, Msg("rule.choice.hand_sizes", value=value))
                for value in dict.fromkeys(values)]
    low, high = _range(key, rules.kind)
    number = whole(typed, signed=True)
    if _narrow(key, rules.kind):
        numbers = list(range(low, high + 1))
    else:
        numbers = [n for n in (number, getattr(rules, key), low, high) if n is not None]
    return [(str(n), Msg("rule.choice.number", value=n, low=low, high=high))
            for n in dict.fromkeys(numbers)]


def _range(key: str, kind: Kind) -> tuple[int, int]:
    return (BOUNDS | TILE_BOUNDS if kind is Kind.TILES else BOUNDS)[key]


def _narrow(key: str, kind: Kind) -> bool:
    """Whether every value of a number fits among the suggestions."""
    low, high = _range(key, kind)
    return high - low < MAX_VALUE_CHOICES


def _shown(value: object) -> str:
    """A value as the command takes it typed."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list | tuple):
        return ", ".join(f"{n}:{size}" for n, size in value)
    return str(value.value if isinstance(value, enum.Enum) else value)


def _accepted(rules: RuleSet, key: str, value: str) -> bool:
    try:
        rules.with_overrides(**{key: value})
    except RuleError:
        return False
    return True


def _alias_matches(key: str, value: str, folded: str) -> bool:
    """Whether ``folded`` starts a word that means ``value`` of a yes/no parameter
    (``oui``, ``vrai``, ``on``…), whatever the reader's language."""
    if not folded or _FIELD_TYPES[key] != "bool":
        return False
    return any(word.startswith(folded) for word in (_TRUE if value == "true" else _FALSE))


def _coerce(key: str, raw: Any, rules: RuleSet) -> Any:
    """``raw`` as the type of parameter ``key``; RuleError when it cannot be."""
    kind = _FIELD_TYPES[key]
    expected = Msg(f"rules.expected.{'hand_sizes' if key == 'hand_sizes' else kind}")
    bad = RuleError("rules.value", name=parameter_label(key), value=quote(raw), expected=expected)
    if key in _ENUMS:
        try:
            return _ENUMS[key](raw.value if isinstance(raw, enum.Enum) else str(raw).lower())
        except ValueError:
            choices = ", ".join(member.value for member in _ENUMS[key])
            raise RuleError("rules.choice", name=parameter_label(key), value=quote(raw),
                            choices=choices) from None
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if isinstance(raw, str) and text in _TRUE | _FALSE:
            return text in _TRUE
        raise bad
    if kind == "int":
        number = _whole(raw)
        if number is None:
            raise bad
        if abs(number) >= TOO_BIG:  # quote what was typed, not the number it stands for
            low, high = BOUNDS[key]
            raise RuleError("rules.range", name=parameter_label(key), value=quote(raw), low=low,
                            high=high)
        return number
    if key == "hand_sizes":
        return _hand_sizes(raw, rules, bad)
    raise bad


def _whole(raw: Any) -> int | None:
    """``raw`` as a whole number (an int, or text writing one), else None."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    return whole(raw, signed=True) if isinstance(raw, str) else None


def _hand_sizes(raw: Any, rules: RuleSet, bad: RuleError) -> tuple[tuple[int, int], ...]:
    """One size for every player count (a number, or text writing one), or sizes per
    player count: ``{players: size}``, pairs, or text ``"2:10, 3:7"``."""
    single = _whole(raw)
    if single is not None:
        return tuple((n, single) for n in range(rules.min_players, rules.max_players + 1))
    if isinstance(raw, str):
        raw = [pair.split(":") for pair in raw.replace(";", ",").split(",") if pair.strip()]
    pairs = raw.items() if isinstance(raw, Mapping) else raw
    try:
        found = [(_whole(n), _whole(size)) for n, size in pairs]
    except (TypeError, ValueError):  # not pairs at all
        raise bad from None
    result = tuple(sorted((n, size) for n, size in found if n is not None and size is not None))
    if len(result) != len(found) or len({n for n, _ in result}) != len(result):
        raise bad
    low, high = BOUNDS["min_players"]  # the player counts a variant may have
    if any(not low <= n <= high for n, _ in result):
        raise bad
    return result
