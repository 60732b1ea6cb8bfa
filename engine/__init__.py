"""Rami's rules engine: pure Python, standard library only (plus one optional C module,
``engine._dpcore``, the tile solver's dynamic program compiled; see ``engine.solver_dp``)."""

from engine.actions import Action, Discard, Draw, LayOff, Meld, SwapJoker
from engine.card_round import CardRound, stacked_deck
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
from engine.game import Game, Outcome, Termination
from engine.melds import MeldKind, MeldShape, classify, meld_value
from engine.rules import VARIANT_NAMES, RuleSet, variant
from engine.solver import Arrangement, Solution, arrange, solve
from engine.tile_sets import TileSet, analyse_set, tile_set_value
from engine.tiles import Colour, Tile, format_tile, format_tiles, full_pool, parse_tile, parse_tiles

__all__ = [
    "JOKER",
    "VARIANT_NAMES",
    "Action",
    "Arrangement",
    "Card",
    "CardRound",
    "Colour",
    "CorruptGame",
    "Discard",
    "Draw",
    "Game",
    "IllegalMeld",
    "IllegalMove",
    "LayOff",
    "Meld",
    "MeldKind",
    "MeldShape",
    "NotationError",
    "Outcome",
    "RuleError",
    "RuleSet",
    "RummyError",
    "Solution",
    "Suit",
    "SwapJoker",
    "Termination",
    "Tile",
    "TileSet",
    "analyse_set",
    "arrange",
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
    "solve",
    "stacked_deck",
    "tile_set_value",
    "variant",
]
