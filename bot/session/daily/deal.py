"""The day's deal: the same for every player of a server, unknown to all before its day.

Everything random in a day of the championship comes from one key,
``HMAC-SHA256(secret, "rami-daily:<server>:<day>")``, where the secret is made once and kept
in the database (:meth:`data.Store.daily_secret`): the deal's seed, the computers' levels
when the moderators chose ``mixed``, and through the seed each computer's choices, drawn
from ``random.Random("rami-daily:<seed>:<move>")`` where ``move`` counts the actions played
so far in the try. So two players of a server who play the same moves meet the same
computer moves, two servers get different deals, and without the secret nobody can compute
tomorrow's deal.

A day's setup is a table waiting for its player (:class:`~bot.session.document.TableDoc`
in the lobby, the computers seated): it is frozen at the day's first try, so a moderator's
change of the settings applies from the next day that nobody has played yet.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Mapping

from bot.session.daily.calendar import zone
from bot.session.document import TableDoc
from bot.session.model import Player, Seat, SessionError, Status, computer_name
from data import GuildSettings
from engine import RuleSet
from engine.ai import LEVELS, Level
from engine.i18n import Msg
from engine.rules import Kind
from engine.variants import server_rules

MIXED = "mixed"
DAILY_LEVELS = (*LEVELS, MIXED)  # a level for every computer, or one drawn each day and seat


def day_key(secret: bytes, guild_id: int, day: str) -> bytes:
    """The key every random choice of a server's day is drawn from."""
    return hmac.new(secret, f"rami-daily:{guild_id}:{day}".encode(), hashlib.sha256).digest()


def computer_rng(seed: int, move: int) -> random.Random:
    """The randomness of the computer's ``move``-th action (counted from 0) of a try."""
    return random.Random(f"rami-daily:{seed}:{move}")


def daily_rules(name: str, overrides: Mapping[str, Mapping[str, object]]) -> RuleSet:
    """A variant as the server plays it, for one round (a try is one round).

    Raises:
        RuleError: no such variant, or the server's changes no longer fit it.
        SessionError: ``daily.cards_only``, a tile variant.
    """
    rules = server_rules(name, overrides, target=0)
    if rules.kind is not Kind.CARDS:
        raise SessionError("daily.cards_only", variant=Msg(f"variant.{rules.name}"))
    return rules


def check_settings(settings: GuildSettings) -> RuleSet:
    """Check that the server's championship settings make a game; return its rules.

    Raises:
        RuleError, SessionError: a tile variant (``daily.cards_only``), a level unknown
            (``daily.bad_level``), too many or too few computer opponents for the
            variant (``daily.opponents``), a time zone the system does not know
            (``daily.bad_zone``).
    """
    zone(settings.daily_timezone)
    rules = daily_rules(settings.daily_variant, settings.rule_overrides)
    if settings.daily_level not in DAILY_LEVELS:
        raise SessionError("daily.bad_level", level=settings.daily_level,
                           levels=", ".join(DAILY_LEVELS))
    players = settings.daily_opponents + 1
    if not rules.min_players <= players <= rules.max_players:
        raise SessionError("daily.opponents", variant=Msg(f"variant.{rules.name}"),
                           opponents=settings.daily_opponents, fewest=rules.min_players - 1,
                           most=rules.max_players - 1)
    return rules


def make_setup(secret: bytes, guild_id: int, day: str, settings: GuildSettings) -> TableDoc:
    """The day's table before its player sits: rules, computers and the deal's seed.

    Raises:
        RuleError, SessionError: the settings make no game (see :func:`check_settings`).
    """
    rules = check_settings(settings)
    key = day_key(secret, guild_id, day)
    computers = []
    for number in range(1, settings.daily_opponents + 1):
        if settings.daily_level == MIXED:
            level = LEVELS[key[8 + number] % len(LEVELS)]
        else:
            level = Level(settings.daily_level)  # checked above
        computers.append(Seat(computer_name(number), None, level))
    seed = int.from_bytes(key[:8], "big") >> 2  # 62 bits: an ordinary JSON number
    return TableDoc(status=Status.LOBBY, variant=rules.name, rules=rules, created_by=0,
                    seats=tuple(computers), seed=seed)


def seat_player(setup: TableDoc, player: Player) -> TableDoc:
    """The day's table with ``player`` in the first seat (who plays first), as a try."""
    return TableDoc(status=Status.PLAYING, variant=setup.variant, rules=setup.rules,
                    created_by=player.user_id,
                    seats=(Seat(player.name, player.user_id), *setup.seats), seed=setup.seed)
