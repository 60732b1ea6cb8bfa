"""Rami's rules engine: pure Python, standard library only (plus one optional C module,
``engine.solver._dpcore``, the tile solver's dynamic program compiled; see ``engine.solver.dp``)."""

from engine.actions import Action
from engine.cards.actions import CardAction, Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.card import (
    JOKER,
    Card,
    Suit,
    format_card,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
    read_codes,
    write_codes,
)
from engine.cards.melds import MeldKind, MeldShape, classify, meld_value
from engine.cards.round import CardRound
from engine.cards.stacked import stacked_deck
from engine.errors import (
    CorruptGame,
    IllegalMeld,
    IllegalMove,
    NotationError,
    RuleError,
    RummyError,
)
from engine.game import Game, Outcome, Termination
from engine.notation import format_action, parse_action
from engine.rules import RuleSet
from engine.rules_text import summary as rules_summary
from engine.solver.exact import Arrangement, Solution, arrange, solve
from engine.tiles.actions import TileAction
from engine.tiles.sets import TileSet, analyse_set, tile_set_value
from engine.tiles.tile import (
    Colour,
    Tile,
    format_tile,
    format_tiles,
    full_pool,
    parse_tile,
    parse_tiles,
)
from engine.variants import (
    register_variant,
    rules_from_dict,
    server_rules,
    unregister_variant,
    variant,
    variant_names,
)

__all__ = [
    "JOKER",
    "Action",
    "Arrangement",
    "Card",
    "CardAction",
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
    "TileAction",
    "TileSet",
    "analyse_set",
    "arrange",
    "classify",
    "format_action",
    "format_card",
    "format_cards",
    "format_tile",
    "format_tiles",
    "full_deck",
    "full_pool",
    "meld_value",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_tile",
    "parse_tiles",
    "read_codes",
    "register_variant",
    "rules_from_dict",
    "rules_summary",
    "server_rules",
    "solve",
    "stacked_deck",
    "tile_set_value",
    "unregister_variant",
    "variant",
    "variant_names",
    "write_codes",
]
