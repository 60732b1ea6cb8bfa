"""A round as an animated GIF within a size limit."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine import variant
from engine.ai import choose_action
from engine.game import Game
from engine.views import Phase, PublicView
from render.animation import render_round_animation


def round_views(seed: int = 3) -> list[PublicView]:
    game = Game.new(variant("rami51"), ["ann", "bob", "cy"], seed)
    rng, views = random.Random(seed), [game.public_view()]
    while game.phase in (Phase.DRAW, Phase.PLAY):
        seat = game.current
        game.apply(seat, choose_action(game.view(seat), game.rules, "easy", rng))
        views.append(game.public_view())
    return views


@pytest.mark.parametrize("limit", [10 * 1024 * 1024, 200_000, 40_000])
def test_the_animation_fits_its_limit(limit: int) -> None:
    views = round_views()
    drawn = render_round_animation(views, max_bytes=limit, alt="a round")
    assert len(drawn.png) <= limit and drawn.filename == "round.gif"
    image = Image.open(io.BytesIO(drawn.png))
    assert image.format == "GIF" and image.is_animated
    assert (image.width, image.height) == (drawn.width, drawn.height)
    if limit >= 1024 * 1024:  # room enough: every step, full size
        assert image.n_frames == len(views)
    assert image.n_frames >= 2


def test_no_animation_fits_in_nothing() -> None:
    with pytest.raises(ValueError, match="fits"):
        render_round_animation(round_views()[:3], max_bytes=100)
    with pytest.raises(ValueError, match="at least one"):
        render_round_animation([], max_bytes=10_000)
