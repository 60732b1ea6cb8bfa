"""Colour themes and card backs, looked up by name.

A *theme* sets every colour of a picture: the felt, the panels, the card faces and their
inks, the tiles. A *back* is the design on the back of a card (the stock pile). Both are
chosen per player; an unknown name raises :class:`ValueError` listing the valid ones.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.cards.card import Suit
from engine.tiles.tile import Colour

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour of one look."""

    name: str
    felt: RGB  # the table
    felt_dark: RGB  # the table's rim and the shadow side of the felt
    panel: RGB  # boxes drawn on the felt (seats, headers)
    panel_line: RGB
    text: RGB  # text on the felt and panels
    text_dim: RGB
    accent: RGB  # whose turn it is, the card just drawn
    good: RGB  # playable
    bad: RGB  # may not be discarded
    you: RGB  # the viewer's own seat
    card_face: RGB
    card_edge: RGB
    card_ink: tuple[RGB, RGB, RGB, RGB]  # per suit, in Suit order ♣ ♠ ♥ ♦
    court_frame: RGB  # the frame of J, Q, K
    joker_face: RGB
    joker_ink: RGB
    joker_star: RGB
    tile_face: RGB
    tile_edge: RGB
    tile_ink: tuple[RGB, RGB, RGB, RGB]  # per colour: black, blue, orange, red
    rack: RGB  # the wooden tile rack
    rack_dark: RGB
    shadow_alpha: int  # 0–255

    def ink(self, suit: Suit) -> RGB:
        return self.card_ink[int(suit)]

    def tile_colour(self, colour: Colour) -> RGB:
        return self.tile_ink[int(colour)]


@dataclass(frozen=True, slots=True)
class Back:
    """The back of a card: a field colour, a lattice colour and the emblem's."""

    name: str
    field: RGB
    lattice: RGB
    emblem: RGB


_BLACK, _RED = (22, 22, 28), (204, 22, 40)
_GREEN, _BLUE = (18, 128, 52), (22, 86, 200)
_TILE_INK: tuple[RGB, RGB, RGB, RGB] = ((25, 25, 30), (22, 92, 205), (236, 124, 0), (210, 28, 38))

_CLASSIC = Theme(
    name="classic",
    felt=(26, 112, 64),
    felt_dark=(15, 74, 41),
    panel=(18, 84, 47),
    panel_line=(58, 146, 94),
    text=(246, 244, 232),
    text_dim=(178, 214, 190),
    accent=(255, 196, 46),
    good=(88, 220, 120),
    bad=(255, 104, 96),
    you=(120, 200, 255),
    card_face=(253, 252, 246),
    card_edge=(150, 150, 140),
    card_ink=(_BLACK, _BLACK, _RED, _RED),
    court_frame=(214, 168, 52),
    joker_face=(92, 38, 150),
    joker_ink=(255, 255, 255),
    joker_star=(255, 204, 60),
    tile_face=(252, 247, 232),
    tile_edge=(170, 160, 140),
    tile_ink=_TILE_INK,
    rack=(150, 98, 52),
    rack_dark=(104, 64, 30),
    shadow_alpha=120,
)

THEMES: dict[str, Theme] = {
    "classic": _CLASSIC,
    "four-colour": replace(_CLASSIC, name="four-colour", card_ink=(_GREEN, _BLACK, _RED, _BLUE)),
    "dark": Theme(
        name="dark",
        felt=(30, 34, 41),
        felt_dark=(18, 20, 25),
        panel=(44, 49, 59),
        panel_line=(78, 86, 102),
        text=(236, 238, 242),
        text_dim=(150, 158, 172),
        accent=(255, 190, 60),
        good=(96, 214, 128),
        bad=(255, 110, 110),
        you=(120, 190, 255),
        card_face=(52, 57, 67),
        card_edge=(98, 106, 120),
        card_ink=((236, 236, 242), (236, 236, 242), (255, 106, 116), (255, 106, 116)),
        court_frame=(200, 160, 70),
        joker_face=(120, 62, 190),
        joker_ink=(255, 255, 255),
        joker_star=(255, 206, 70),
        tile_face=(56, 60, 70),
        tile_edge=(100, 108, 122),
        tile_ink=((236, 236, 242), (98, 162, 255), (255, 160, 60), (255, 96, 104)),
        rack=(92, 70, 52),
        rack_dark=(60, 44, 32),
        shadow_alpha=160,
    ),
}
THEMES["dark-four-colour"] = replace(
    THEMES["dark"],
    name="dark-four-colour",
    card_ink=((104, 214, 120), (236, 236, 242), (255, 106, 116), (110, 170, 255)),
)

BACKS: dict[str, Back] = {
    "blue": Back("blue", field=(30, 70, 160), lattice=(80, 124, 214), emblem=(240, 232, 200)),
    "red": Back("red", field=(170, 30, 42), lattice=(214, 86, 92), emblem=(246, 226, 190)),
    "green": Back("green", field=(20, 110, 70), lattice=(70, 160, 112), emblem=(240, 230, 190)),
    "black": Back("black", field=(34, 34, 40), lattice=(90, 90, 104), emblem=(214, 178, 90)),
}

# Gold, silver and bronze, for the first three of a leaderboard (the same in every theme).
MEDALS: dict[int, RGB] = {1: (232, 184, 40), 2: (192, 198, 208), 3: (205, 127, 50)}
MEDAL_INK: RGB = (40, 32, 16)

_ALIASES = {
    "four-color": "four-colour",
    "fourcolour": "four-colour",
    "4-colour": "four-colour",
    "dark-four-color": "dark-four-colour",
}


def get_theme(name: str) -> Theme:
    """The theme called ``name`` (``four-color`` is accepted for ``four-colour``).

    Raises:
        ValueError: no theme has that name; the message lists the valid names.
    """
    key = _ALIASES.get(name.strip().lower(), name.strip().lower())
    try:
        return THEMES[key]
    except KeyError:
        raise ValueError(f"unknown theme {name!r}; choose one of: {', '.join(THEMES)}") from None


def get_back(name: str) -> Back:
    """The card back called ``name``.

    Raises:
        ValueError: no back has that name; the message lists the valid names.
    """
    try:
        return BACKS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown card back {name!r}; choose one of: {', '.join(BACKS)}") from None
