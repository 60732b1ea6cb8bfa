"""Pictures composed directly on the palette (from blocks and cells mapped once each) are
exactly the RGB pictures mapped onto the palette as a whole: the same PNG, for hands and
tables of every size, mark and theme (seeded)."""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import pytest

from engine.cards.card import Card
from engine.views import PlayerView
from render.draw import background
from render.hand import compose_hand
from render.indexed import felt
from render.picture import to_palette
from render.samples import player_view, public_view
from render.table import compose_table
from render.themes import BACKS, THEMES


def _marked(view: PlayerView, rng: random.Random) -> tuple[PlayerView, set[int]]:
    """``view`` with a seeded choice of a card drawn, taken, to lay, and playable ones."""
    hand, first = view.hand, view.hand[0]
    taken = rng.choice([None, first]) if isinstance(first, Card) else None  # cards only
    view = replace(view, drawn=rng.choice([None, hand[-1], rng.choice(hand)]),
                   taken_from_discard=taken,
                   must_lay=rng.choice([None, None, hand[-1]]),
                   opening_needed=rng.choice([0, 51]))
    return view, set(rng.sample(range(len(hand)), rng.randrange(len(hand) + 1)))


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("tiles", [False, True])
def test_a_hand_on_the_palette_is_the_rgb_hand_mapped(theme: str, tiles: bool) -> None:
    chosen, rng = THEMES[theme], random.Random(f"{theme}{tiles}")
    palette = functools.partial(to_palette, theme=chosen)
    for size in (1, 7, 8, 13, 15, 25):
        view, playable = _marked(player_view(tiles, size=size, seed=rng.randrange(999)), rng)
        lang, sort = rng.choice(["en", "fr"]), rng.choice(["suit", "rank"])
        rgb, alt = compose_hand(view, chosen, sort, None, lang, playable)
        indexed, same_alt = compose_hand(view, chosen, sort, None, lang, playable, palette)
        assert indexed.mode == "P" and same_alt == alt
        assert indexed.tobytes() == to_palette(rgb, chosen).tobytes(), (size, lang, sort)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("tiles", [False, True])
def test_a_table_on_the_palette_is_the_rgb_table_mapped(theme: str, tiles: bool) -> None:
    chosen, rng = THEMES[theme], random.Random(f"{theme}{tiles}")
    palette = functools.partial(to_palette, theme=chosen)
    views = [public_view(tiles, players=players, melds=melds)
             for players, melds in ((2, 0), (3, 1), (4, 3), (5, 20), (6, 20))]
    views.append(player_view(tiles))
    for view in views:
        lang, seat = rng.choice(["en", "fr"]), rng.choice([None, 0, 1])
        rgb, alt = compose_table(view, chosen, BACKS["red"], lang, seat)
        indexed, same_alt = compose_table(view, chosen, BACKS["red"], lang, seat, palette)
        assert indexed.mode == "P" and same_alt == alt
        assert indexed.tobytes() == to_palette(rgb, chosen).tobytes(), (len(view.melds), lang)


@pytest.mark.parametrize("size", [(41, 41), (42, 60), (884, 538), (1000, 986)])
def test_a_felt_built_on_the_palette_is_the_felt_mapped(size: tuple[int, int]) -> None:
    for theme in THEMES.values():
        palette = functools.partial(to_palette, theme=theme)
        mapped = to_palette(background(*size, theme.felt, theme.felt_dark), theme)
        assert felt(theme, *size, palette).tobytes() == mapped.tobytes()
