"""The choices the commands offer that change with the engine's registry or the catalog:
the variants (every one, or the card variants only) and the languages, read when a bot
builds its commands (not when they are declared at import).

A command declares such an option with one of the marker lists below
(``@app_commands.choices(variant=VARIANTS)``); :func:`fill` gives each of a bot's bound
commands (a cog's copies, see :mod:`~bot.discord_app.core.feature`) the choices of now,
so a variant registered before the bot starts is offered by ``/rummy new``, ``rules``,
``leaderboard``, ``settings`` and ``daily`` alike, and a bot built earlier keeps what it
registered.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import cast

from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.core.i18n import language_choices, loc
from engine import variants
from engine.rules import Kind

# The markers: empty, and never changed (a command declared with one holds it).
VARIANTS: list[Choice[str]] = []  # every variant, by its name in the catalog
CARD_VARIANTS: list[Choice[str]] = []  # the card variants (the daily championship's)
LANGUAGES: list[Choice[str]] = []  # every catalog language by its own name, then "auto"


def variant_names() -> tuple[str, ...]:
    """The names of the variants a table can be opened with, in the engine's order."""
    return variants.variant_names()


def variant_choices(kind: Kind | None = None) -> list[Choice[str]]:
    """Every variant (of ``kind``) by its name in the catalog (``variant.<name>``)."""
    return [Choice(name=loc(f"variant.{name}"), value=name) for name in variant_names()
            if kind is None or variants.variant(name).kind is kind]


_NOW: dict[int, Callable[[], list[Choice[str]]]] = {
    id(VARIANTS): variant_choices,
    id(CARD_VARIANTS): lambda: variant_choices(Kind.CARDS),
    id(LANGUAGES): language_choices,
}


def fill(group: app_commands.Group) -> None:
    """Give the options of ``group``'s commands declared with a marker list the choices
    of now. The commands must be a bot's own copies (a cog's bound commands): each copy
    has its own parameters' table, and the parameters are replaced, never changed."""
    for command in group.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        # discord.py keeps a command's parameters in ``_params`` (its own dict per copy).
        params = command._params
        for name, param in list(params.items()):
            now = _NOW.get(id(param.choices))
            if now is not None:
                fresh = cast("list[Choice[str | int | float]]", now())
                params[name] = dataclasses.replace(param, choices=fresh)
