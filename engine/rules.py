"""Rule sets: every parameter of the variant table (``VARIANTS.md``) as one frozen value.

A :class:`RuleSet` is looked up by name with :func:`variant` (``classic``, ``rami51``,
``rami30``, ``gameduell``, ``tiles`` and their aliases) and changed, for one server,
with :meth:`RuleSet.with_overrides`, which checks every change: an unknown parameter or
an impossible value raises :class:`~engine.errors.RuleError`, never a silent default.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from engine.errors import RuleError
from engine.i18n import count


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


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every parameter of one variant. Build it with :func:`variant`, change it with
    :meth:`with_overrides`."""

    name: str
    kind: Kind
    decks: int  # copies of the 52 cards (of each tile, for tiles)
    jokers: int
    min_players: int
    max_players: int
    hand_sizes: tuple[tuple[int, int], ...]  # (players, cards dealt to each)
    draw_from_discard: bool
    discard_pick: DiscardPick
    single_card_no_discard_pick: bool  # a player holding one card may not take the discard
    opening_minimum: int  # 0: no minimum
    opening_minimum_two_players: int  # the minimum when exactly two play
    lay_off_in_opening_turn: bool
    first_turn_meld_ban: bool  # nobody melds during their own first turn of the round
    ace_high: bool  # Q-K-A allowed (the ace always follows the king, never precedes the 2)
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
                raise RuleError("rules.unknown", name=key, known=", ".join(sorted(_EDITABLE)))
            values[key] = _coerce(key, raw, self)
        result = replace(self, **values)
        result.check()
        return result

    def check(self) -> None:
        """Check that the parameters can be played together.

        Raises:
            RuleError: the first inconsistency found.
        """
        for key in _NON_NEGATIVE:
            if getattr(self, key) < 0:
                raise RuleError("rules.negative", name=key, value=getattr(self, key))
        if not 1 <= self.decks <= 4:
            raise RuleError("rules.range", name="decks", value=self.decks, low=1, high=4)
        if not 2 <= self.min_players <= self.max_players <= 8:
            raise RuleError(
                "rules.players_range", low=self.min_players, high=self.max_players
            )
        if self.rami_sec_multiplier < 1:
            raise RuleError("rules.range", name="rami_sec_multiplier",
                            value=self.rami_sec_multiplier, low=1, high=10)
        for players in range(self.min_players, self.max_players + 1):
            size = dict(self.hand_sizes).get(players)
            if size is None or size < 1:
                raise RuleError("rules.hand_size_missing", players=players)
            if players * size + 2 > self.deck_size:
                raise RuleError("rules.deck_too_small", hands=count("hands", players),
                                size=count("cards", size), cards=count("cards", self.deck_size))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary of every parameter (enums as their text)."""
        data = asdict(self)
        data["hand_sizes"] = [list(pair) for pair in self.hand_sizes]
        for key, value in data.items():
            if isinstance(value, enum.Enum):
                data[key] = value.value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Rebuild a rule set from :meth:`to_dict`: the named preset with every value checked.

        Raises:
            RuleError: an unknown variant or parameter, a missing one, or a bad value.
        """
        if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
            raise RuleError("rules.document")
        base = variant(data["name"])
        missing = set(_FIELD_TYPES) - set(data)
        if missing:
            raise RuleError("rules.missing", names=", ".join(sorted(missing)))
        if data.get("kind") != base.kind.value:
            raise RuleError("rules.document")
        changes = {k: v for k, v in data.items() if k not in _FIXED}
        return base.with_overrides(**changes)


_FIELD_TYPES: dict[str, str] = {f.name: str(f.type) for f in fields(RuleSet)}
_FIXED = frozenset({"name", "kind"})
_EDITABLE = frozenset(_FIELD_TYPES) - _FIXED
_NON_NEGATIVE = (
    "jokers", "opening_minimum", "opening_minimum_two_players", "max_reshuffles",
    "ace_hand_value", "joker_hand_value", "never_melded_penalty",
    "never_melded_penalty_rami_sec", "target",
)  # fmt: skip
_ENUMS: dict[str, type[enum.StrEnum]] = {
    "discard_pick": DiscardPick, "meld_jokers": JokerLimit, "joker_swap": JokerSwap,
    "going_out": GoingOut, "stock_end": StockEnd, "scoring": Scoring,
}  # fmt: skip
_TRUE = frozenset({"true", "yes", "on", "1", "oui", "vrai"})
_FALSE = frozenset({"false", "no", "off", "0", "non", "faux"})


def _coerce(key: str, raw: Any, rules: RuleSet) -> Any:
    """``raw`` as the type of parameter ``key``; RuleError when it cannot be."""
    kind = _FIELD_TYPES[key]
    bad = RuleError("rules.value", name=key, value=str(raw), expected=kind)
    if key in _ENUMS:
        try:
            return _ENUMS[key](raw.value if isinstance(raw, enum.Enum) else str(raw).lower())
        except ValueError:
            choices = ", ".join(member.value for member in _ENUMS[key])
            raise RuleError("rules.choice", name=key, value=str(raw), choices=choices) from None
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if isinstance(raw, str) and text in _TRUE | _FALSE:
            return text in _TRUE
        raise bad
    if kind == "int":
        if isinstance(raw, bool):
            raise bad
        if isinstance(raw, int):
            return raw
        if isinstance(raw, str) and raw.strip().lstrip("-").isdigit():
            return int(raw.strip())
        raise bad
    if key == "hand_sizes":
        return _hand_sizes(raw, rules, bad)
    raise bad


def _hand_sizes(raw: Any, rules: RuleSet, bad: RuleError) -> tuple[tuple[int, int], ...]:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return tuple((n, raw) for n in range(rules.min_players, rules.max_players + 1))
    pairs = raw.items() if isinstance(raw, Mapping) else raw
    try:
        result = tuple(sorted((int(n), int(size)) for n, size in pairs))
    except (TypeError, ValueError):
        raise bad from None
    if len({n for n, _ in result}) != len(result):
        raise bad
    return result


def _preset(**values: Any) -> RuleSet:
    rules = RuleSet(**values)
    rules.check()
    return rules


_COMMON: dict[str, Any] = {
    "kind": Kind.CARDS, "draw_from_discard": True, "discard_pick": DiscardPick.KEEP,
    "single_card_no_discard_pick": False, "lay_off_in_opening_turn": True,
    "first_turn_meld_ban": False, "ace_high": True, "swapped_joker_must_be_laid": False,
    "joker_discard": True, "going_out": GoingOut.ANY, "max_reshuffles": 3,
    "stock_end": StockEnd.NO_WINNER, "joker_hand_value": 20, "scoring": Scoring.PENALTY,
    "never_melded_penalty": 0, "never_melded_penalty_rami_sec": 0,
    "rami_sec_multiplier": 1, "high_wins": False, "target": 1000, "tie_plays_on": True,
}  # fmt: skip

CLASSIC = _preset(**{
    **_COMMON, "name": "classic", "decks": 1, "jokers": 0, "min_players": 2,
    "max_players": 6, "hand_sizes": ((2, 10), (3, 7), (4, 7), (5, 6), (6, 6)),
    "opening_minimum": 0, "opening_minimum_two_players": 0, "ace_high": False,
    "meld_jokers": JokerLimit.ANY, "joker_swap": JokerSwap.NEVER,
    "stock_end": StockEnd.LOWEST_COLLECTS, "ace_hand_value": 1, "joker_hand_value": 0,
    "scoring": Scoring.WINNER_COLLECTS, "high_wins": True, "target": 100,
})  # fmt: skip
RAMI51 = _preset(**{
    **_COMMON, "name": "rami51", "decks": 2, "jokers": 4, "min_players": 2,
    "max_players": 6, "hand_sizes": tuple((n, 13) for n in range(2, 7)),
    "opening_minimum": 51, "opening_minimum_two_players": 51,
    "meld_jokers": JokerLimit.ANY, "joker_swap": JokerSwap.AFTER_OPENING,
    "swapped_joker_must_be_laid": True, "ace_hand_value": 11,
    "never_melded_penalty": 100, "never_melded_penalty_rami_sec": 200,
})  # fmt: skip
RAMI30 = _preset(**{
    **_COMMON, "name": "rami30", "decks": 1, "jokers": 2, "min_players": 2,
    "max_players": 4, "hand_sizes": ((2, 13), (3, 13), (4, 10)),
    "opening_minimum": 30, "opening_minimum_two_players": 50,
    "lay_off_in_opening_turn": False, "meld_jokers": JokerLimit.ONE,
    "joker_swap": JokerSwap.AFTER_OPENING, "ace_hand_value": 15,
    "never_melded_penalty": 100, "never_melded_penalty_rami_sec": 100,
    "rami_sec_multiplier": 2,
})  # fmt: skip
GAMEDUELL = _preset(**{
    **_COMMON, "name": "gameduell", "decks": 2, "jokers": 6, "min_players": 2,
    "max_players": 4, "hand_sizes": tuple((n, 13) for n in range(2, 5)),
    "discard_pick": DiscardPick.LAY_BACK, "single_card_no_discard_pick": True,
    "opening_minimum": 51, "opening_minimum_two_players": 51, "first_turn_meld_ban": True,
    "meld_jokers": JokerLimit.MINORITY, "joker_swap": JokerSwap.COMPLETE_GROUP,
    "swapped_joker_must_be_laid": True, "joker_discard": False,
    "going_out": GoingOut.DISCARD_ONLY, "ace_hand_value": 11, "rami_sec_multiplier": 2,
})  # fmt: skip
TILES = _preset(**{
    **_COMMON, "name": "tiles", "kind": Kind.TILES, "decks": 2, "jokers": 2,
    "min_players": 2, "max_players": 4, "hand_sizes": tuple((n, 14) for n in range(2, 5)),
    "draw_from_discard": False, "opening_minimum": 30, "opening_minimum_two_players": 30,
    "ace_high": False, "meld_jokers": JokerLimit.ANY, "joker_swap": JokerSwap.NEVER,
    "max_reshuffles": 0, "stock_end": StockEnd.BLOCKED, "ace_hand_value": 1,
    "joker_hand_value": 30, "scoring": Scoring.TILES, "high_wins": True, "target": 0,
    "tie_plays_on": False,
})  # fmt: skip

PRESETS: dict[str, RuleSet] = {
    r.name: r for r in (CLASSIC, RAMI51, RAMI30, GAMEDUELL, TILES)
}
VARIANT_NAMES: tuple[str, ...] = tuple(PRESETS)
_ALIASES: dict[str, str] = {
    "classique": "classic", "rami": "classic", "rummy": "classic", "rami-classique": "classic",
    "51": "rami51", "rami-51": "rami51", "rami 51": "rami51", "livret": "rami51",
    "official": "rami51", "30": "rami30", "rami-30": "rami30", "rami 30": "rami30",
    "rami30online": "rami30", "rami-30-online": "rami30", "gd": "gameduell",
    "game-duell": "gameduell", "rami-51-gameduell": "gameduell", "duell": "gameduell",
    "rummikub": "tiles", "tile": "tiles", "tuiles": "tiles", "rami-tuiles": "tiles",
}  # fmt: skip


def variant(name: str) -> RuleSet:
    """The preset rule set called ``name`` (or one of its aliases, any case).

    Raises:
        RuleError: no variant has that name; the message lists the known ones.
    """
    if not isinstance(name, str):
        raise RuleError("rules.variant", name=repr(name), known=", ".join(VARIANT_NAMES))
    key = name.strip().lower().replace("_", "-")
    key = _ALIASES.get(key, key)
    rules = PRESETS.get(key) or PRESETS.get(key.replace("-", ""))
    if rules is None:
        raise RuleError("rules.variant", name=name, known=", ".join(VARIANT_NAMES))
    return rules
