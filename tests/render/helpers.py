"""Helpers of the picture tests: views built directly from the engine's dataclasses (seeded)."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from PIL import Image

from engine.cards.card import JOKER, Card, Suit, parse_cards
from engine.rules import Kind
from engine.tiles.tile import parse_tiles
from engine.views import MeldView, Phase, Piece, PlayerView, PublicView, RoundScore, SeatView
from render import Picture

NAMES = ("Alice", "Bruno", "Chloé", "Dmitri", "Élodie", "Farid")


def seats(count: int) -> tuple[SeatView, ...]:
    return tuple(SeatView(i, NAMES[i], 7 + i, 10 * i, i % 2 == 0) for i in range(count))


def meld(
    number: int,
    pieces: Sequence[Piece],
    owner: int | None = 0,
    stands: dict[int, Piece] | None = None,
    kind: str = "run",
) -> MeldView:
    stands = stands or {}
    return MeldView(
        number, tuple(pieces), tuple(stands.get(i) for i in range(len(pieces))), kind, owner
    )


def public(
    players: int = 3,
    melds: Sequence[MeldView] = (),
    *,
    tiles: bool = False,
    rounds: Sequence[RoundScore] = (),
    current: int = 1,
) -> PublicView:
    return PublicView(
        variant="tiles" if tiles else "rami51",
        kind=Kind.TILES if tiles else Kind.CARDS,
        round_number=len(rounds) + 1,
        seats=seats(players),
        current=current,
        phase=Phase.PLAY,
        melds=tuple(melds),
        discard_top=None if tiles else Card(12, Suit.SPADES),
        discard_size=0 if tiles else 9,
        stock_size=40,
        reshuffles=0,
        rounds=tuple(rounds),
        totals=tuple(sum(r.points[s] for r in rounds) for s in range(players)),
        target=0 if tiles else 1000,
        high_wins=tiles,
        discards=(),
        pickups=(),
        opening_minimum=30 if tiles else 51,
    )


def player(
    view: PublicView,
    hand: Sequence[Piece],
    seat: int = 1,
    drawn: Piece | None = None,
    **changes: Any,
) -> PlayerView:
    fields = {name: getattr(view, name) for name in PublicView.__dataclass_fields__}
    built = PlayerView(
        **fields,
        seat=seat,
        hand=tuple(hand),
        drawn=drawn,
        taken_from_discard=None,
        must_lay=None,
        opening_needed=0,
        draft=None,
    )
    return replace(built, **changes) if changes else built


def random_melds(count: int, players: int, seed: int = 1) -> list[MeldView]:
    """``count`` seeded runs of 3–6 cards, a joker in every fourth."""
    rng = random.Random(seed)
    melds = []
    for number in range(1, count + 1):
        suit = rng.choice(list(Suit))
        length = rng.randrange(3, 7)
        start = rng.randrange(1, 15 - length)
        cards = [Card(r, suit) for r in range(start, start + length)]
        stands: dict[int, Piece] = {}
        if number % 4 == 0:
            stands[1] = cards[1]
            cards[1] = JOKER
        melds.append(meld(number, cards, rng.randrange(players), stands))
    return melds


HAND_13 = parse_cards("7c 8c 10c Kc Ks 4s 7s 10s 6h 3d 8d Qd jk")
RACK_14 = parse_tiles("k7 k8 k10 k13 b4 b7 b10 o2 o6 r3 r8 r12 r13 jk")


def decode(picture: Picture) -> Image.Image:
    """Reopen a picture's PNG, checking that it is a whole, valid PNG of the stated size."""
    assert picture.png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(picture.png))
    assert image.format == "PNG"
    image.load()
    assert image.size == (picture.width, picture.height)
    return image
