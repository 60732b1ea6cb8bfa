"""Golden pictures: a layout change shows as a difference beyond a small tolerance.

Regenerate after an intended change with ``RAMI_UPDATE_GOLDEN=1 .venv/bin/python -m pytest
tests/render/test_render_golden.py`` and look at the new files before committing them.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.cards.card import Card, Suit, parse_cards
from engine.tiles.tile import parse_tiles
from engine.views import RoundScore
from render import (
    LeaderboardEntry,
    Picture,
    render_hand,
    render_leaderboard,
    render_scores,
    render_table,
)
from tests.render.helpers import HAND_13, meld, player, public, random_melds

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("RAMI_UPDATE_GOLDEN") == "1"
MEAN_TOLERANCE = 2.0  # mean absolute difference per channel, 0–255
PIXEL_TOLERANCE = 0.001  # share of pixels allowed to differ by more than 48


def _hand() -> Picture:
    view = player(public(), HAND_13, drawn=Card(6, Suit.HEARTS), opening_needed=51)
    return render_hand(view, playable={0, 1, 2})


def _hand_fr() -> Picture:
    """In French: V D R on the court cards, the words of the legend."""
    view = player(public(), HAND_13, drawn=Card(12, Suit.DIAMONDS), opening_needed=51)
    return render_hand(view, lang="fr", sort="rank")


def _table_fr() -> Picture:
    """In French, at the terminal's table: "Vous" (not "Vous (vous)"), the computer
    seats as "Ordi", whether each seat has opened."""
    view = public(3, random_melds(5, 3, seed=4), current=2)
    names = ("[you]", "[cpu 1]", "[cpu 2]")
    view = replace(view, seats=tuple(replace(s, name=n) for s, n in zip(view.seats, names,
                                                                         strict=True)))
    return render_table(view, highlight_seat=0, lang="fr")


def _rack() -> Picture:
    rack = parse_tiles("k7 k8 k10 k13 b4 b7 b10 o2 o6 r3 r8 r12 r13 jk")
    return render_hand(player(public(tiles=True), rack, drawn=rack[9]), theme="dark")


def _table() -> Picture:
    return render_table(public(3, random_melds(7, 3), current=2), highlight_seat=1)


def _tile_table() -> Picture:
    sets = [meld(1, parse_tiles("r3 r4 r5 r6"), None), meld(2, parse_tiles("k9 b9 o9"), None)]
    return render_table(public(2, sets, tiles=True), lang="fr")


def _scores() -> Picture:
    rounds = (
        RoundScore(1, (0, 23, 41), 0, False, "went_out"),
        RoundScore(2, (12, 0, 200), 1, True, "went_out"),
    )
    return render_scores(public(3, rounds=rounds), theme="four-colour")


def _leaderboard() -> Picture:
    rows = [LeaderboardEntry(i + 1, name, 10 - i, 5 - i, 900 - 100 * i)
            for i, name in enumerate(("Alice", "Bruno", "Chloé", "Dmitri"))]  # fmt: skip
    return render_leaderboard(rows, title="Leaderboard")


def _four_colour_meld() -> Picture:
    view = public(2, [meld(1, parse_cards("Ac Ad Ah As"), 0, kind="group")])
    return render_table(view, theme="four-colour")


CASES: dict[str, Callable[[], Picture]] = {
    "hand": _hand,
    "hand-fr": _hand_fr,
    "table-fr": _table_fr,
    "rack-dark": _rack,
    "table": _table,
    "tile-table-fr": _tile_table,
    "scores-four-colour": _scores,
    "leaderboard": _leaderboard,
    "table-four-colour": _four_colour_meld,
}


def difference(got: Image.Image, want: Image.Image) -> str | None:
    """Why ``got`` differs from ``want`` beyond the tolerance, or None."""
    got, want = got.convert("RGB"), want.convert("RGB")
    if got.size != want.size:
        return f"size {got.size}, golden {want.size}"
    diff = ImageChops.difference(got, want)
    mean = max(ImageStat.Stat(diff).mean)
    strong = sum(diff.convert("L").point(lambda v: 255 if v > 48 else 0).histogram()[255:])
    share = strong / (got.width * got.height)
    if mean <= MEAN_TOLERANCE and share <= PIXEL_TOLERANCE:
        return None
    return f"mean difference {mean:.2f}, {share:.2%} of pixels differ"


def _decoded(picture: Picture) -> Image.Image:
    return Image.open(io.BytesIO(picture.png))


def test_the_tolerance_catches_a_card_out_of_place() -> None:
    view = player(public(), HAND_13)
    suit = render_hand(view, sort="own", order=list(range(13)))
    swapped = render_hand(view, sort="own", order=[12, *range(1, 12), 0])
    assert difference(_decoded(suit), _decoded(suit)) is None
    assert difference(_decoded(suit), _decoded(swapped)) is not None


@pytest.mark.parametrize("name", sorted(CASES))
def test_picture_matches_its_golden(name: str) -> None:
    picture = CASES[name]()
    path = GOLDEN / f"{name}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no golden {path.name}: run with RAMI_UPDATE_GOLDEN=1 to create it")
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(picture.png)
        return
    with Image.open(path) as golden:
        problem = difference(_decoded(picture), golden)
    assert problem is None, (
        f"{name} differs from its golden: {problem}; "
        "if intended, regenerate with RAMI_UPDATE_GOLDEN=1 and look at the new picture"
    )
