"""Guild settings and player preferences: every key, its default and its check, in one place.

Only the values a guild or player changed are stored (as a JSON object), so a default
changed here reaches everyone who never touched it. Input is validated in full before
anything is written: an unknown key or a bad value raises ``ValueError`` naming it.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
import zoneinfo
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from engine.i18n import languages
from engine.variants import server_rules, variant_names

log = logging.getLogger(__name__)

# Theme and card back names are render's, sort names the engine's (the session layer checks a
# choice against them before saving): the store checks only that a name looks like one.
NAME_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")
MIN_TURN_TIMEOUT_S = 30  # 15 before issue 27: a stored 15…29 is read as 30 (decode)
OLD_MIN_TURN_TIMEOUT_S = 15
MAX_TURN_TIMEOUT_S = 3 * 24 * 3600  # games that last days (issue 27)
MAX_DAILY_OPPONENTS = 5  # a variant's own player limits are the session layer's check
MINUTES_A_DAY = 24 * 60
# A turn notification's delay: its name and seconds (issue 27); "off": none is sent.
NOTIFY_DELAYS: Mapping[str, int] = MappingProxyType({"now": 0, "1m": 60, "10m": 600,
                                                     "1h": 3600})
NOTIFY_CHOICES = ("off", *NOTIFY_DELAYS)
# What a turn that times out does (issue 27): "play": the easy computer plays it; "skip":
# the turn passes (a card is drawn from the stock and discarded as it came, a tile drawn,
# or a pass with an empty pool); "seat": as "play", and after ``timeout_seat_after`` in a
# row the seat goes to the easy computer for the rest of the match.
TIMEOUT_ACTIONS = ("play", "skip", "seat")
MAX_TIMEOUTS_IN_A_ROW = 5
MAX_CHANNEL_TIMEOUTS = 50  # channels with a time-out of their own (issue 27)
QUIET_HOURS = re.compile(r"([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)")

RuleOverrides = Mapping[str, Mapping[str, object]]


def _no_overrides() -> RuleOverrides:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A guild's settings; the defaults below are the only place defaults are declared."""

    default_variant: str = "rami51"
    # variant name -> {rule parameter: value}, applied with RuleSet.with_overrides
    rule_overrides: RuleOverrides = field(default_factory=_no_overrides)
    turn_timeout_s: int = 300
    timeout_action: str = "play"  # TIMEOUT_ACTIONS
    timeout_seat_after: int = 3  # time-outs in a row before "seat" gives the seat away
    # channel id -> its own turn time-out in seconds, over turn_timeout_s (issue 27)
    channel_timeouts: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    language: str | None = None  # a catalog language, or None: each player's own language
    allowed_channels: frozenset[int] = frozenset()  # empty: games allowed everywhere
    # The daily championship (bot.session.daily): its variant, computer opponents (how
    # many, and a level or "mixed"), its close in minutes after midnight in its time zone,
    # and the channel where the final ranking is posted (None: not posted).
    daily_variant: str = "rami30"
    daily_opponents: int = 2
    daily_level: str = "mixed"
    daily_close: int = 21 * 60
    daily_timezone: str = "Europe/Paris"
    daily_channel: int | None = None

    def turn_timeout_in(self, channel_id: int | None) -> int:
        """The turn time-out of a channel: its own, else the server's."""
        if channel_id is None:
            return self.turn_timeout_s
        return self.channel_timeouts.get(channel_id, self.turn_timeout_s)

    def allows(self, channel_id: int) -> bool:
        """Whether a game may be started in that channel."""
        return not self.allowed_channels or channel_id in self.allowed_channels


@dataclass(frozen=True, slots=True)
class PlayerPrefs:
    """A player's preferences."""

    theme: str = "classic"
    back: str = "blue"
    sort: str = "suit"
    language: str | None = None  # None: the Discord client's locale, else the guild's
    # No pictures in the player's private messages (hand, score sheet): the same
    # information as text, for screen readers, slow connections and data plans.
    text_only: bool = False
    # Direct-message notifications (issue 27): off, or the delay after which a turn not
    # acted on is notified (NOTIFY_DELAYS); quiet hours "HH:MM-HH:MM" in ``timezone``
    # hold them until they end (None: none).
    notify: str = "off"
    quiet_hours: str | None = None
    timezone: str = "UTC"


# ---------------------------------------------------------------- value checks


@dataclass(frozen=True, slots=True)
class IntIn:
    """The check of a whole number between ``low`` and ``high`` (inclusive); a form reads
    the bounds to say what it takes."""

    low: int
    high: int

    def __call__(self, key: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{key} must be a whole number, not {value!r}")
        if not self.low <= value <= self.high:
            raise ValueError(f"{key} must be between {self.low} and {self.high}, not {value}")
        return value


@dataclass(frozen=True, slots=True)
class OneOf:
    """The check of one name among ``choices()`` (read when checked: the registry of
    variants and the catalogs may grow), or None when ``optional``; a form offers the
    choices. ``unknown`` words the refusal of a name that is not one."""

    options: Callable[[], tuple[str, ...]]
    optional: bool = False
    unknown: str = ""  # e.g. "unknown variant": the refusal then lists the names known

    @property
    def choices(self) -> tuple[str, ...]:
        return self.options()

    def __call__(self, key: str, value: object) -> Any:
        if value is None and self.optional:
            return None
        choices = self.choices
        if self.unknown and isinstance(value, str) and value:
            if value not in choices:
                raise ValueError(f"{key}: {self.unknown} {value!r}; known: "
                                 f"{', '.join(sorted(choices))}")
            return value
        if not isinstance(value, str) or value not in choices:
            allowed = ", ".join(repr(c) for c in choices) + (", None" if self.optional else "")
            if self.unknown:
                raise ValueError(f"{key} must be a {self.unknown.split()[-1]} name, "
                                 f"not {value!r}")
            raise ValueError(f"{key} must be one of {allowed}, not {value!r}")
        return value


def _int_in(low: int, high: int) -> IntIn:
    return IntIn(low, high)


def _one_of(choices: tuple[str, ...], *, optional: bool = False) -> OneOf:
    return OneOf(lambda: choices, optional)


def _flag(key: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{key} must be true or false, not {value!r}")
    return value


def _name(key: str, value: object) -> str:
    """A name of a theme, card back or sort: lower-case letters, digits and hyphens."""
    if not isinstance(value, str) or not NAME_PATTERN.fullmatch(value):
        raise ValueError(f"{key} must be a name (lower-case letters, digits, hyphens), "
                         f"not {value!r}")
    return value


_variant_name = OneOf(variant_names, unknown="unknown variant")


def _rule_overrides(key: str, value: object) -> RuleOverrides:
    if not isinstance(value, Mapping):
        raise ValueError(f"{key} must map variant names to parameter overrides, not {value!r}")
    checked: dict[str, Mapping[str, object]] = {}
    for variant, overrides in value.items():
        name = _variant_name(f"{key} variant", variant)
        if not isinstance(overrides, Mapping) or not all(isinstance(k, str) for k in overrides):
            raise ValueError(f"{key}[{name!r}] must map parameter names to values")
        for param, param_value in overrides.items():
            if not isinstance(param_value, str | int | float | bool | None):
                raise ValueError(
                    f"{key}[{name!r}][{param!r}] must be a number, text, true/false or null,"
                    f" not {param_value!r}"
                )
        try:
            server_rules(name, {name: overrides})
        except (ValueError, TypeError, KeyError) as error:  # RuleError is a ValueError
            raise ValueError(f"{key}[{name!r}]: {error}") from error
        if overrides:
            checked[name] = MappingProxyType(dict(overrides))
    return MappingProxyType(checked)


# A language the catalog speaks (the languages are the catalogs installed), or None.
_language = OneOf(languages, optional=True)


def _time_zone(key: str, value: object) -> str:
    """A zone of the system's time zone database (``zoneinfo``), e.g. ``Europe/Paris``."""
    if not isinstance(value, str) or not value:
        raise ValueError(f"{key} must be a time zone name such as 'Europe/Paris', not {value!r}")
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{key}: unknown time zone {value!r} (names such as 'Europe/Paris',"
                         " 'America/Montreal', 'UTC')") from None
    return value


def _quiet_hours(key: str, value: object) -> str | None:
    """A range of the day, ``HH:MM-HH:MM`` (24-hour clock; it may pass midnight), or None."""
    if value is None:
        return None
    if not isinstance(value, str) or not QUIET_HOURS.fullmatch(value) or (
            value[:5] == value[6:]):
        raise ValueError(f"{key} must be a range such as '22:00-07:30' (two different "
                         f"times of a 24-hour clock), not {value!r}")
    return value


def quiet_minutes(text: str) -> tuple[int, int]:
    """The start and end of quiet hours ``HH:MM-HH:MM``, in minutes after midnight."""
    found = QUIET_HOURS.fullmatch(text)
    if found is None:
        raise ValueError(f"not quiet hours: {text!r}")
    hour, minute, end_hour, end_minute = (int(part) for part in found.groups())
    return hour * 60 + minute, end_hour * 60 + end_minute


def _optional_id(key: str, value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{key} must be a channel id (a whole number) or None, not {value!r}")
    return value


def _channels(key: str, value: object) -> frozenset[int]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ValueError(f"{key} must be a collection of channel ids, not {value!r}")
    items = list(value)
    bad = [item for item in items if isinstance(item, bool) or not isinstance(item, int)]
    if bad:
        raise ValueError(f"{key} must hold channel ids (whole numbers), not {bad[0]!r}")
    return frozenset(items)


def _channel_timeouts(key: str, value: object) -> Mapping[int, int]:
    """Channel ids (whole numbers, or their digits as JSON keys) to seconds."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{key} must map channel ids to seconds, not {value!r}")
    if len(value) > MAX_CHANNEL_TIMEOUTS:
        raise ValueError(f"{key}: at most {MAX_CHANNEL_TIMEOUTS} channels, not {len(value)}")
    seconds = IntIn(MIN_TURN_TIMEOUT_S, MAX_TURN_TIMEOUT_S)
    checked: dict[int, int] = {}
    for channel, timeout in value.items():
        if isinstance(channel, str) and channel.isdigit() and channel.isascii():
            channel = int(channel)
        checked[_optional_id(f"{key} channel", channel) or 0] = seconds(
            f"{key}[{channel}]", timeout)
    if 0 in checked:
        raise ValueError(f"{key} must map channel ids to seconds, not {value!r}")
    return MappingProxyType(checked)


_CHECKS: dict[type[Any], dict[str, Callable[[str, object], Any]]] = {
    GuildSettings: {
        "default_variant": _variant_name,
        "rule_overrides": _rule_overrides,
        "turn_timeout_s": _int_in(MIN_TURN_TIMEOUT_S, MAX_TURN_TIMEOUT_S),
        "timeout_action": _one_of(TIMEOUT_ACTIONS),
        "timeout_seat_after": _int_in(1, MAX_TIMEOUTS_IN_A_ROW),
        "channel_timeouts": _channel_timeouts,
        "language": _language,
        "allowed_channels": _channels,
        "daily_variant": _variant_name,
        "daily_opponents": _int_in(1, MAX_DAILY_OPPONENTS),
        "daily_level": _name,
        "daily_close": _int_in(0, MINUTES_A_DAY - 1),
        "daily_timezone": _time_zone,
        "daily_channel": _optional_id,
    },
    PlayerPrefs: {
        "theme": _name,
        "back": _name,
        "sort": _name,
        "language": _language,
        "text_only": _flag,
        "notify": _one_of(NOTIFY_CHOICES),
        "quiet_hours": _quiet_hours,
        "timezone": _time_zone,
    },
}

S = TypeVar("S", GuildSettings, PlayerPrefs)


def checks(cls: type[S]) -> Mapping[str, Callable[[str, object], Any]]:
    """The check of every key of ``cls`` (an :class:`IntIn`, a :class:`OneOf`, or a
    function), in the order the keys are declared: what a form is built from."""
    return MappingProxyType(_CHECKS[cls])


def validate_changes(cls: type[S], changes: Mapping[str, object]) -> dict[str, Any]:
    """Check every change; return the normalised values.

    Raises:
        ValueError: an unknown key or a bad value (the message names it).
    """
    checks = _CHECKS[cls]
    unknown = sorted(set(changes) - set(checks))
    if unknown:
        raise ValueError(
            f"unknown {cls.__name__} key(s) {', '.join(unknown)}; known: {', '.join(checks)}"
        )
    return {key: checks[key](key, value) for key, value in changes.items()}


def _plain(value: object) -> object:
    """A JSON-ready copy of a setting value."""
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def encode(values: S) -> str:
    """The JSON object of the values that differ from the defaults."""
    defaults = type(values)()
    changed = {
        f.name: _plain(getattr(values, f.name))
        for f in dataclasses.fields(values)
        if getattr(values, f.name) != getattr(defaults, f.name)
    }
    return json.dumps(changed, sort_keys=True, separators=(",", ":"))


def decode(cls: type[S], text: str | None, *, owner: str) -> S:
    """Rebuild settings from stored JSON; a stored value that no longer passes its check
    (or a key that no longer exists) is reported and falls back to its default."""
    if text is None:
        return cls()
    try:
        stored = json.loads(text)
        if not isinstance(stored, dict):
            raise ValueError("not a JSON object")
    except ValueError as error:
        log.warning("%s of %s unreadable (%s): using defaults", cls.__name__, owner, error)
        return cls()
    values: dict[str, Any] = {}
    for key, value in stored.items():
        if (key == "turn_timeout_s" and isinstance(value, int) and not isinstance(value, bool)
                and OLD_MIN_TURN_TIMEOUT_S <= value < MIN_TURN_TIMEOUT_S):
            value = MIN_TURN_TIMEOUT_S  # chosen when the minimum was lower: the nearest now
        try:
            values.update(validate_changes(cls, {key: value}))
        except ValueError as error:
            log.warning("%s of %s: ignoring stored %s (%s)", cls.__name__, owner, key, error)
    return cls(**values)
