"""Seeded sample views (hands, racks, tables of many melds, score sheets, a leaderboard),
the sample a theme's palette is learnt from, and a sheet of every card: what the docs'
pictures (:mod:`render.gallery`), the benchmark and the tests draw."""

from __future__ import annotations

import random

from PIL import Image

from engine.cards.card import JOKER, Card, Suit
from engine.rules import Kind
from engine.tiles.tile import TILE_JOKER, Colour, Tile
from engine.views import MeldView, Phase, Piece, PlayerView, PublicView, RoundScore, SeatView
from render.art import HAND_CARD, PILE_CARD, back_sprite, card_sprite, tile_sprite
from render.draw import background, paste_sprite
from render.hand import compose_hand
from render.scores import DailyEntry, LeaderboardEntry, compose_leaderboard, compose_scores
from render.table import compose_table
from render.themes import BACKS, Theme

NAMES = ("Alice", "Bruno", "Chloé", "Dmitri", "Élodie", "Farid")


def _seats(
    count: int, hand_sizes: tuple[int, ...], scores: tuple[int, ...]
) -> tuple[SeatView, ...]:
    return tuple(
        SeatView(seat, NAMES[seat], hand_sizes[seat], scores[seat], seat % 3 != 2)
        for seat in range(count)
    )


def _card_melds(rng: random.Random, count: int, players: int) -> tuple[MeldView, ...]:
    melds: list[MeldView] = []
    for number in range(1, count + 1):
        owner = rng.randrange(players)
        if number % 3 == 0:
            rank = rng.randrange(1, 14)
            suits = rng.sample(list(Suit), rng.choice((3, 4)))
            pieces: list[Card] = [Card(rank, suit) for suit in suits]
            stands: list[Card | None] = [None] * len(pieces)
            if number % 2 == 0:
                stands[-1] = pieces[-1]
                pieces[-1] = JOKER
            kind = "group"
        else:
            suit = rng.choice(list(Suit))
            length = rng.choice((3, 3, 4, 5, 7)) if number != 7 else 13
            start = rng.randrange(1, 15 - length)
            pieces = [Card(rank, suit) for rank in range(start, start + length)]
            stands = [None] * length
            if number % 4 == 1:
                at = rng.randrange(length)
                stands[at] = pieces[at]
                pieces[at] = JOKER
            kind = "run"
        melds.append(MeldView(number, tuple(pieces), tuple(stands), kind, owner))
    return tuple(melds)


def _tile_sets(rng: random.Random, count: int) -> tuple[MeldView, ...]:
    sets: list[MeldView] = []
    for number in range(1, count + 1):
        if number % 2:
            colour = rng.choice(list(Colour))
            length = rng.choice((3, 4, 5, 6))
            start = rng.randrange(1, 15 - length)
            pieces: list[Tile] = [Tile(n, colour) for n in range(start, start + length)]
            kind = "run"
        else:
            n = rng.randrange(1, 14)
            pieces = [Tile(n, colour) for colour in rng.sample(list(Colour), rng.choice((3, 4)))]
            kind = "group"
        stands: list[Tile | None] = [None] * len(pieces)
        if number % 4 == 3:
            stands[1] = pieces[1]
            pieces[1] = TILE_JOKER
        sets.append(MeldView(number, tuple(pieces), tuple(stands), kind, None))
    return tuple(sets)


def _rounds(players: int, count: int, rng: random.Random) -> tuple[RoundScore, ...]:
    rounds = []
    for number in range(1, count + 1):
        winner = rng.randrange(players)
        points = tuple(
            0 if seat == winner else rng.choice((5, 12, 23, 31, 48, 100)) for seat in range(players)
        )
        rounds.append(RoundScore(number, points, winner, number == 3, "went_out"))
    return tuple(rounds)


def public_view(
    tiles: bool = False, players: int = 6, melds: int = 20, seed: int = 4
) -> PublicView:
    """A mid-game table: ``melds`` melds (tile sets) and ``players`` players, seeded."""
    rng = random.Random(seed)
    rounds = _rounds(players, 0 if tiles else 4, rng)
    totals = tuple(sum(r.points[seat] for r in rounds) for seat in range(players))
    hand_sizes = tuple(rng.randrange(2, 14) for _ in range(players))
    return PublicView(
        variant="tiles" if tiles else "rami51",
        kind=Kind.TILES if tiles else Kind.CARDS,
        round_number=1 if tiles else 5,
        seats=_seats(players, hand_sizes, totals),
        current=2 % players,
        phase=Phase.PLAY,
        melds=_tile_sets(rng, melds) if tiles else _card_melds(rng, melds, players),
        discard_top=None if tiles else Card(12, Suit.SPADES),
        discard_size=0 if tiles else 17,
        stock_size=38 if tiles else 41,
        reshuffles=0,
        rounds=rounds,
        totals=totals,
        target=0 if tiles else 1000,
        high_wins=tiles,
        discards=(),
        pickups=(),
        opening_minimum=30 if tiles else 51,
    )


def player_view(
    tiles: bool = False, seat: int = 2, seed: int = 7, size: int | None = None, melds: int = 20
) -> PlayerView:
    """Seat ``seat``'s view of :func:`public_view`, with a seeded hand (13 cards, 14 tiles)."""
    rng = random.Random(seed)
    public = public_view(tiles, melds=melds)
    hand: list[Piece]
    if tiles:
        pool = [Tile(n, c) for c in Colour for n in range(1, 14)] * 2
        hand = [*rng.sample(pool, (size or 14) - 1), TILE_JOKER]
    else:
        deck = [Card(r, s) for s in Suit for r in range(1, 14)] * 2
        hand = [*rng.sample(deck, (size or 13) - 1), JOKER]
    rng.shuffle(hand)
    fields = {name: getattr(public, name) for name in PublicView.__dataclass_fields__}
    return PlayerView(
        **fields,
        seat=seat,
        hand=tuple(hand),
        drawn=hand[-1],
        taken_from_discard=None,
        must_lay=None,
        opening_needed=0 if tiles else 51,
        draft=None,
    )


def leaderboard() -> list[LeaderboardEntry]:
    """A sample server leaderboard of eight players."""
    rows = [
        ("Alice", 42, 19, 2210),
        ("Farid", 38, 15, 1984),
        ("Chloé", 51, 14, 1902),
        ("Bruno", 29, 11, 1540),
        ("Élodie", 33, 9, 1321),
        ("Dmitri", 17, 6, 874),
        ("Gaspard-Emmanuel de la Tour", 12, 3, 512),
        ("Hana", 5, 1, 190),
    ]
    return [LeaderboardEntry(i + 1, *row) for i, row in enumerate(rows)]


def daily_ranking() -> list[DailyEntry]:
    """A sample day of the championship: five players' best tries."""
    rows = [("Chloé", 124, 7, 3), ("Farid", 96, 9, 10), ("Alice", 96, 11, 2),
            ("Bruno", -12, 14, 1), ("Gaspard-Emmanuel de la Tour", -58, 16, 4)]
    return [DailyEntry(i + 1, *row) for i, row in enumerate(rows)]


def palette_sample(theme: Theme) -> Image.Image:
    """Sample pictures of ``theme`` side by side, in RGB, to learn its palette from."""

    images = [
        compose_hand(player_view(), theme, "suit", None, "en", {0, 1, 2})[0],
        compose_hand(player_view(tiles=True), theme, "suit", None, "en", None)[0],
        compose_table(public_view(), theme, BACKS["blue"], "en", 1)[0],
        compose_table(
            public_view(tiles=True, players=4, melds=12), theme, BACKS["red"], "en", None
        )[0],
        compose_scores(public_view(), theme, "en")[0],
        compose_leaderboard(leaderboard(), "Leaderboard", theme, "en")[0],
    ]
    width = max(image.width for image in images)
    sample = Image.new("RGB", (width, sum(image.height for image in images)), theme.felt)
    y = 0
    for image in images:
        sample.paste(image, (0, y))
        y += image.height
    return sample


def deck_sheet(theme: Theme) -> Image.Image:
    """Every card, the joker, a joker standing for a card, and every back, in RGB."""

    w, h = HAND_CARD
    step_x, step_y = w + 8, h + 10
    width, height = 16 + 13 * step_x, 16 + 5 * step_y + 20
    sheet = background(width, height, theme.felt, theme.felt_dark)
    for row, suit in enumerate(Suit):
        for column, rank in enumerate(range(1, 14)):
            sprite = card_sprite(theme, w, h, Card(rank, suit))
            paste_sprite(sheet, sprite, (12 + column * step_x, 12 + row * step_y))
    y = 12 + 4 * step_y
    paste_sprite(sheet, card_sprite(theme, w, h, JOKER), (12, y))
    paste_sprite(sheet, card_sprite(theme, w, h, JOKER, Card(7, Suit.HEARTS)), (12 + step_x, y))
    for i, back in enumerate(BACKS.values()):
        paste_sprite(sheet, back_sprite(back, w, h), (12 + (2 + i) * step_x, y))
    x = 12 + (2 + len(BACKS)) * step_x + 20
    tw, th = PILE_CARD[0] - 8, PILE_CARD[1] - 12
    for i, tile in enumerate([*(Tile(i * 3 + 1, c) for i, c in enumerate(Colour)), TILE_JOKER]):
        paste_sprite(sheet, tile_sprite(theme, tw, th, tile), (x + i * (tw + 8), y + 20))
    return sheet
