"""Rami's rules engine: pure Python, standard library only."""

from engine.cards import (
    JOKER,
    Card,
    Suit,
    format_card,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
)
from engine.errors import (
    CorruptGame,
    IllegalMeld,
    IllegalMove,
    NotationError,
    RuleError,
    RummyError,
)
from engine.tiles import Colour, Tile, format_tile, format_tiles, full_pool, parse_tile, parse_tiles

__all__ = [
    "JOKER",
    "Card",
    "Colour",
    "CorruptGame",
    "IllegalMeld",
    "IllegalMove",
    "NotationError",
    "RuleError",
    "RummyError",
    "Suit",
    "Tile",
    "format_card",
    "format_cards",
    "format_tile",
    "format_tiles",
    "full_deck",
    "full_pool",
    "parse_card",
    "parse_cards",
    "parse_tile",
    "parse_tiles",
]
