"""Rami's rules engine: pure Python, standard library only."""

from engine.actions import Action, Discard, Draw, LayOff, Meld, SwapJoker
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
from engine.melds import MeldKind, MeldShape, classify, meld_value
from engine.rules import VARIANT_NAMES, RuleSet, variant
from engine.tiles import Colour, Tile, format_tile, format_tiles, full_pool, parse_tile, parse_tiles

__all__ = [
    "JOKER",
    "VARIANT_NAMES",
    "Action",
    "Card",
    "Colour",
    "CorruptGame",
    "Discard",
    "Draw",
    "IllegalMeld",
    "IllegalMove",
    "LayOff",
    "Meld",
    "MeldKind",
    "MeldShape",
    "NotationError",
    "RuleError",
    "RuleSet",
    "RummyError",
    "Suit",
    "SwapJoker",
    "Tile",
    "classify",
    "format_card",
    "format_cards",
    "format_tile",
    "format_tiles",
    "full_deck",
    "full_pool",
    "meld_value",
    "parse_card",
    "parse_cards",
    "parse_tile",
    "parse_tiles",
    "variant",
]
