"""The table picture: every meld numbered with its owner, jokers, piles, seats, drafts."""

from __future__ import annotations

from dataclasses import replace

from engine.cards.card import Card, format_card, parse_cards
from engine.tiles.tile import parse_tiles
from engine.views import Phase, PublicView
from render import THEMES, render_table
from tests.render.helpers import NAMES, decode, meld, player, public, random_melds


def test_twenty_melds_and_six_players_fit_one_picture(big_table: PublicView) -> None:
    picture = render_table(big_table)
    image = decode(picture)
    assert image.mode == "P"
    assert picture.filename == "table.png"
    assert picture.width == 1000
    assert picture.height <= 1100
    assert len(picture.png) < 100_000


def test_every_theme_and_back_draws_the_table(big_table: PublicView) -> None:
    pngs = {render_table(big_table, theme=theme).png for theme in THEMES}
    pngs |= {render_table(big_table, back=back).png for back in ("red", "green")}
    assert len(pngs) == len(THEMES) + 2


def test_the_alt_text_names_every_meld_its_owner_and_its_jokers(big_table: PublicView) -> None:
    alt = render_table(big_table).alt
    for m in big_table.melds:
        owner = big_table.seats[m.owner or 0].name
        assert f"{m.number} ({owner}): " in alt
    fourth = big_table.melds[3]
    stands = fourth.stands_for[1]
    assert isinstance(stands, Card)
    expected = f"JK={format_card(stands)}"
    assert expected in alt
    assert "Stock: 40." in alt
    assert "Discard: 9, discard pile top Q♠." in alt
    assert "Chloé's turn." in alt
    assert "Farid: 12 cards, 50 points" in alt


def test_french_labels() -> None:
    view = public(2, [meld(1, parse_cards("3h 4h 5h"), 1)])
    alt = render_table(view, lang="fr").alt
    assert "Pioche : 40." in alt
    assert "À Bruno de jouer." in alt
    assert "Combinaisons : 1 (Bruno) : 3♥ 4♥ 5♥." in alt


def test_a_seat_can_be_highlighted() -> None:
    view = public(3, random_melds(5, 3))
    assert render_table(view).png != render_table(view, highlight_seat=0).png


def test_an_empty_table_says_so() -> None:
    view = replace(public(2), discard_top=None, discard_size=0, stock_size=0)
    picture = render_table(view)
    decode(picture)
    assert "No meld on the table yet." in picture.alt
    assert "Discard: empty." in picture.alt


def test_the_tile_table_shows_the_pool_and_the_sets(tile_table: PublicView) -> None:
    picture = render_table(tile_table)
    decode(picture)
    assert "Pool: 40." in picture.alt
    assert "Sets: 1: r3 r4 r5 r6; 2: k9 b9 o9; 3: b11 jk=b12 b13." in picture.alt
    assert "Stock" not in picture.alt


def test_a_tile_players_draft_replaces_the_table(tile_table: PublicView) -> None:
    draft = (*tile_table.melds, meld(4, parse_tiles("k1 k2 k3"), None))
    view = player(tile_table, parse_tiles("o5 o6"), draft=draft)
    picture = render_table(view)
    assert "Your turn in progress (not confirmed)." in picture.alt
    assert "4: k1 k2 k3" in picture.alt
    assert picture.png != render_table(tile_table).png


def test_long_names_widen_the_table_then_are_cut_to_fit() -> None:
    view = public(3, [meld(1, parse_cards("3h 4h 5h"), 0)])
    names = render_table(replace(view, seats=tuple(replace(s, name=f"{s.name} Dupont")
                                                   for s in view.seats)))
    assert 640 < names.width < 1000  # wider, so that every name shows whole
    long = replace(view, seats=tuple(replace(s, name=s.name * 12) for s in view.seats))
    picture = render_table(long)
    decode(picture)
    assert picture.width == 1000
    assert NAMES[0] * 12 in picture.alt


def test_a_small_table_is_narrower() -> None:
    small = render_table(public(2, [meld(1, parse_cards("3h 4h 5h"), 0)]))
    assert 640 <= small.width < 1000


def test_after_the_round_the_header_says_so() -> None:
    view = replace(public(3), phase=Phase.ROUND_OVER)
    alt = render_table(view).alt
    assert "Round over." in alt
    assert "turn" not in alt
    assert "Partie terminée." in render_table(replace(view, phase=Phase.MATCH_OVER), lang="fr").alt


def test_reshuffles_of_the_stock_are_counted() -> None:
    view = replace(public(2), reshuffles=2)
    assert "Stock: 40 (reshuffled 2×)." in render_table(view).alt
    assert "Pioche : 40 (remélangée 2 fois)." in render_table(view, lang="fr").alt
