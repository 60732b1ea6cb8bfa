"""Engine actions in words and notation, for the game log and the table's last move."""

from __future__ import annotations

from dataclasses import fields, is_dataclass

from engine import Card, Tile, format_cards
from engine.tiles.tile import format_tiles


def describe_action(action: object) -> str:
    """An action in words and notation, e.g. ``meld 7♥ 8♥ 9♥ | Q♠ Q♥ Q♦``.

    Used for the game log and the table's "last move" line; any engine action
    dataclass works (card and tile variants alike).
    """
    name = type(action).__name__.lower()
    if not is_dataclass(action):
        return name
    parts = [name]
    for item in fields(action):
        parts.append(_describe_value(getattr(action, item.name)))
    return " ".join(part for part in parts if part)


def _describe_value(value: object) -> str:
    if isinstance(value, Card):
        return format_cards([value])
    if isinstance(value, Tile):
        return format_tiles([value])
    if isinstance(value, tuple | list):
        if all(isinstance(item, Card) for item in value):
            return format_cards(value)
        if all(isinstance(item, Tile) for item in value):
            return format_tiles(value)
        return " | ".join(_describe_value(item) for item in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value + 1)  # meld indexes are shown 1-based, as players number them
    return str(value)
