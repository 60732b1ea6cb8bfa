"""The words and names every message of the bot writes the same way: pieces in the
reader's language, names escaped, seats with a computer's level, a variant's name.

Pure functions (no Discord call, no session): the features' ``present`` modules build
their messages from them.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable, Sequence

import discord

from bot.discord_app.core import emojis
from bot.discord_app.core.i18n import t
from bot.session import Seat, Snapshot
from engine.ai import level_name
from engine.cards.card import Card, format_card, write_codes
from engine.i18n import Catalog, catalog
from engine.names import shown_name
from engine.tiles.tile import format_tile
from engine.views import MeldView, Piece, PlayerView, PublicView

COLOUR = discord.Colour.dark_green()
MAX_CHOICES = 25  # Discord offers 25 choices at most (autocomplete, a command's choices)
MAX_CHOICE_NAME = 100  # characters of a choice's name (and of its string value)


def piece_text(piece: Piece, lang: str, *, ascii: bool = False) -> str:
    """A card as ``lang`` writes it (``D♠`` in French; ``Dp`` with ``ascii``), or a tile."""
    return format_card(piece, lang, ascii=ascii) if isinstance(piece, Card) else format_tile(piece)


def pieces_text(pieces: Iterable[Piece], lang: str) -> str:
    """The pieces as ``lang`` writes them, separated by spaces (a meld's, written once
    for the many messages that show it unchanged: every hand message lists the table's
    melds, and the table message too)."""
    return _pieces_text(pieces if isinstance(pieces, tuple) else tuple(pieces), lang,
                        catalog())


@functools.lru_cache(maxsize=4096)
def _pieces_text(pieces: tuple[Piece, ...], lang: str, words: Catalog) -> str:
    # ``words`` only keys the cache: under another catalog, the pieces are written anew.
    return " ".join(piece_text(p, lang) for p in pieces)


def melds_text(melds: Iterable[Iterable[Piece]], lang: str) -> str:
    """Melds or sets written one after the other: ``7♥ 8♥ 9♥ | Q♠ Q♥ Q♦``."""
    return " | ".join(pieces_text(meld, lang) for meld in melds)


def piece_shown(piece: Piece, lang: str) -> str:
    """A piece in a message's text: its emoji (``<:r_cQs_1a2b3c:id>``) when this process
    has loaded it, else :func:`piece_text` (never in a label: Discord shows a menu's or a
    choice's text as it is)."""
    return emojis.in_text(piece, lang) or piece_text(piece, lang)


def pieces_shown(pieces: Iterable[Piece], lang: str) -> str:
    return " ".join(piece_shown(p, lang) for p in pieces)


def melds_shown(melds: Iterable[Iterable[Piece]], lang: str) -> str:
    """Melds or sets one after the other, as :func:`piece_shown` writes pieces."""
    return " | ".join(pieces_shown(meld, lang) for meld in melds)


def piece_code(piece: Piece) -> str:
    """A piece as a menu value holds it: the same in every language."""
    return write_codes([piece]) if isinstance(piece, Card) else format_tile(piece)


def discard_top(view: PublicView | PlayerView, lang: str) -> str:
    """The card on the discard pile (its emoji once loaded), or "empty"."""
    if view.discard_top is None:
        return t("bot.table.empty", lang)
    return piece_shown(view.discard_top, lang)


def variant_name(variant: str, lang: str) -> str:
    return t(f"variant.{variant}", lang)


@functools.lru_cache(maxsize=4096)  # the names at the tables: every message shows them
def escaped(text: str) -> str:
    """Text a member typed (a name) as a message shows it: markdown and mentions escaped,
    so that a member called ``[Free Nitro](https://evil.example)`` or ``@everyone`` is
    shown as typed, never as a link, a heading or a ping."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def safe_name(name: str, lang: str) -> str:
    """A seat's name as a message shows it to a reader of ``lang``: a name the game gave
    in words (:func:`engine.names.shown_name`), escaped (:func:`escaped`). Every name a
    message shows goes through it (a mention, ``<@id>``, is not a name: Discord writes
    the name itself)."""
    return escaped(shown_name(name, lang))


def starts_with_vowel(text: str) -> bool:
    """Whether ``text`` begins with a vowel sound's letter (French elides before it:
    « d'alice », « d'Ordi 1 »; an h is left alone, aspirated or not)."""
    first = unicodedata.normalize("NFKD", text.lstrip()[:1]).casefold()[:1]
    return first in set("aeiouy")


def code_name(name: str, lang: str) -> str:
    """A seat's name inside a code block, where markdown is not read but a backtick ends
    it."""
    return shown_name(name, lang).replace("`", "'")


def seat_name(snapshot: Snapshot, seat: int, lang: str) -> str:
    """The name of ``seat`` as a reader of ``lang`` sees it (a computer's in words)."""
    return safe_name(snapshot.seats[seat].name, lang)


def seat_title(seat: Seat, lang: str, *, markdown: bool = True) -> str:
    """A seat as the lobby and the table list it: its name, and a computer's level in
    words (``Ordi 1 · difficile``); ``markdown=False`` where Discord shows text as it is
    (a command's choices), so nothing is escaped."""
    name = safe_name(seat.name, lang) if markdown else shown_name(seat.name, lang)
    if seat.level is None:
        return name
    return t("bot.table.computer", lang, name=name, level=level_name(seat.level, lang))


def mention(snapshot: Snapshot, seat: int, lang: str) -> str:
    user = snapshot.seats[seat].user_id
    return f"<@{user}>" if user is not None else seat_name(snapshot, seat, lang)


def meld_choices(melds: Sequence[MeldView], current: str,
                 lang: str) -> list[discord.app_commands.Choice[int]]:
    """The melds (or sets) whose number starts with what was typed, for an autocomplete."""
    return [
        discord.app_commands.Choice(
            name=f"{m.number}: {pieces_text(m.pieces, lang)}"[:MAX_CHOICE_NAME], value=m.number)
        for m in melds if not current or str(m.number).startswith(current.strip())
    ][:MAX_CHOICES]


DURATION_UNITS = (("days", 86_400), ("hours", 3_600), ("minutes", 60), ("seconds", 1))


def duration_words(seconds: float, lang: str) -> str:
    """``seconds`` in words in ``lang``, every unit that is not zero: "3 days", "1 minute
    and 30 seconds", « 1 heure, 1 minute et 1 seconde » (rounded to the second)."""
    left = max(0, round(seconds))
    parts: list[str] = []
    for unit, size in DURATION_UNITS:
        amount, left = divmod(left, size)
        if amount:
            parts.append(t(f"bot.duration.{unit}", lang, count=amount))
    if not parts:
        return t("bot.duration.seconds", lang, count=0)
    if len(parts) == 1:
        return parts[0]
    return t("bot.duration.join", lang, rest=", ".join(parts[:-1]), last=parts[-1])


def turn_time_line(seconds: float, lang: str) -> str:
    """How long a turn may take here (``seconds``, 0: no limit), said to the players."""
    if seconds <= 0:
        return t("bot.turn_time.none", lang)
    return t("bot.turn_time.limit", lang, duration=duration_words(seconds, lang))
