"""The picture of a player's rating over their last matches: drawn, described, refused
without a match."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import render_rating_history


def test_the_rating_line_is_drawn_with_its_alt_text() -> None:
    drawn = render_rating_history([0.0, 1.5, -0.4, 3.3], title="Ann · Rami 51", name="Ann")
    image = Image.open(io.BytesIO(drawn.png))
    assert (image.width, image.height) == (drawn.width, drawn.height) == (560, 240)
    assert drawn.filename == "rating.png"
    assert drawn.alt == ("Skill rating of Ann over the last 4 matches: from 0.0 to 3.3,"
                         " lowest -0.4, highest 3.3.")


def test_the_alt_text_is_in_the_readers_language() -> None:
    drawn = render_rating_history([2.0, 4.5], title="t", name="Zoé", lang="fr")
    assert drawn.alt == ("Cote de Zoé sur les 2 dernières parties : de 2,0 à 4,5,"
                         " au plus bas 2,0, au plus haut 4,5.")


def test_a_single_match_draws_a_point() -> None:
    assert render_rating_history([1.0], title="t", name="Ann").alt.startswith(
        "Skill rating of Ann over the last 1 matches")


def test_no_match_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one match"):
        render_rating_history([], title="t", name="Ann")
