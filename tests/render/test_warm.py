"""The start-up's warm-up: it draws ahead the cells the hands then use and the blocks of
the tables' piles, and changes no picture."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from engine.cards.card import full_deck
from engine.rules import RuleSet
from engine.variants import RAMI51, TILES
from render import render_hand, render_table, table, warm_hands, warm_tables
from render.hand import clear_caches
from render.hand_cells import _CELLS
from render.warm import sample_hands
from tests.render.helpers import public, random_melds


@pytest.fixture(autouse=True)
def cold_cells() -> None:
    clear_caches()


def _kept() -> int:
    return len(_CELLS._kept)


def test_a_hand_of_the_warm_up_needs_no_new_cell() -> None:
    assert warm_hands("classic", ["en"], deals=2) == 2 * 30
    kept = _kept()
    for view in itertools.islice(sample_hands(RAMI51, 2), 0, None, 7):
        render_hand(view, theme="classic", lang="en")
    assert _kept() == kept  # every cell was drawn by the warm-up


def test_the_warm_up_draws_each_language_and_only_the_theme_asked() -> None:
    warm_hands("classic", ["fr"], deals=1)
    kept = _kept()
    view = next(sample_hands(RAMI51, 1))
    render_hand(view, theme="classic", lang="fr")
    assert _kept() == kept
    render_hand(view, theme="classic", lang="en")  # the English indexes: other cells
    assert _kept() > kept
    kept = _kept()
    render_hand(view, theme="dark", lang="fr")
    assert _kept() > kept


@pytest.mark.parametrize("rules", [RAMI51, TILES], ids=["cards", "tiles"])
def test_a_picture_drawn_after_the_warm_up_is_the_one_drawn_cold(rules: RuleSet) -> None:
    views = list(itertools.islice(sample_hands(rules, 1, seed=7), 0, 12, 4))
    cold = [render_hand(view, lang="fr").png for view in views]
    clear_caches()
    warm_hands("classic", ["fr"], rules=rules, deals=1)
    assert [render_hand(view, lang="fr").png for view in views] == cold


def test_an_unknown_language_is_refused_before_anything_is_drawn() -> None:
    with pytest.raises(ValueError):
        warm_hands("classic", ["xx"], deals=1)
    assert _kept() == 0


def _pile_blocks_kept() -> int:
    piles = {table._stock_band, table._stock_label, table._discard_band, table._discard_label}
    return sum(1 for key in table._BLOCKS._kept if key[0] in piles)


def test_a_card_table_after_the_tables_warm_up_maps_no_new_pile_block() -> None:
    table.clear_caches()
    assert warm_tables("classic", ["fr"]) > 0
    kept = _pile_blocks_kept()
    rng = random.Random(5)
    for _ in range(12):
        view = replace(public(4, random_melds(3, 4, seed=rng.randrange(99))),
                       stock_size=rng.randrange(111), discard_size=rng.randrange(1, 111),
                       discard_top=rng.choice(full_deck(1, 1)))
        render_table(view, lang="fr")
    assert _pile_blocks_kept() == kept  # every pile block was mapped by the warm-up
    render_table(replace(public(4), stock_size=12), lang="en")  # English words: new blocks
    assert _pile_blocks_kept() > kept


def test_a_table_drawn_after_the_tables_warm_up_is_the_one_drawn_cold() -> None:
    views = [replace(public(3, random_melds(4, 3, seed=seed)), stock_size=seed * 9,
                     discard_top=full_deck(1, 1)[seed * 7], discard_size=seed + 1)
             for seed in range(1, 6)]
    table.clear_caches()
    cold = [render_table(view, lang="en").png for view in views]
    table.clear_caches()
    warm_tables("classic", ["en"])
    assert [render_table(view, lang="en").png for view in views] == cold


def test_the_tables_warm_up_refuses_an_unknown_language_or_theme() -> None:
    table.clear_caches()
    with pytest.raises(ValueError):
        warm_tables("classic", ["xx"])
    with pytest.raises(ValueError):
        warm_tables("felt", ["en"])
    assert _pile_blocks_kept() == 0
