"""The start-up's warm-up: it draws ahead the cells the hands then use, and changes no
picture."""

from __future__ import annotations

import itertools

import pytest

from engine.rules import RuleSet
from engine.variants import RAMI51, TILES
from render import render_hand, warm_hands
from render.hand import clear_caches
from render.hand_cells import _CELLS
from render.warm import sample_hands


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
