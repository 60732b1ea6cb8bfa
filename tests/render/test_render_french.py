"""Every picture in French is French: the words drawn and the alt texts of hands, racks,
tables, score sheets and leaderboards hold no word of the game's English vocabulary,
computer seats are "Ordi", and court cards read V D R."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import bot  # noqa: F401  (the interfaces' catalog: the leaderboards' bot.* titles)
from engine.ai import choose_action
from engine.cards.card import JOKER, Card, Suit
from engine.game import Game
from engine.i18n import t
from engine.names import YOU, computer_name
from engine.tiles.tile import parse_tiles
from engine.variants import variant, variant_names
from engine.views import MeldView, Phase, PlayerView, PublicView, RoundScore
from render import (
    DailyEntry,
    LeaderboardEntry,
    Picture,
    draw,
    hand,
    render_daily_ranking,
    render_hand,
    render_leaderboard,
    render_scores,
    render_table,
    table,
)
from tests.engine.helpers import english_words
from tests.render.helpers import HAND_13, RACK_14, meld, player, public, random_melds

NAMES = [YOU, computer_name(1), "Chloé"]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the pictures drawn from now on stamp (the blocks of the table drawn
    afresh, not taken from their caches)."""
    render_table(public())  # the palette is learnt from sample pictures before recording
    table.clear_caches()
    hand.clear_caches()
    texts: list[str] = []
    original = draw.text_mask

    def recording(text: str, size: int, bold: bool = False):  # type: ignore[no-untyped-def]
        texts.append(text)
        return original(text, size, bold)

    monkeypatch.setattr(draw, "text_mask", recording)
    return texts


def _phases(view: PublicView) -> list[PublicView]:
    return [view, replace(view, phase=Phase.ROUND_OVER), replace(view, phase=Phase.MATCH_OVER)]


def _played(name: str) -> list[Picture]:
    """The pictures of a seeded game of ``name`` in French, played by the computer."""
    rules = variant(name)
    players = NAMES[:2] if rules.max_players < 3 else NAMES
    game = Game.new(rules, players, seed=5)
    rng = random.Random(5)
    pictures = []
    for turn in range(60):
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            break
        if turn % 10 == 0:  # as the player at the terminal sees them
            mine = game.view(0)
            pictures += [render_hand(mine, lang="fr"), render_table(mine, lang="fr")]
        view = game.view(game.current)
        game.apply(game.current, choose_action(view, rules, "hard", rng))
    pictures.append(render_table(game.view(0), lang="fr"))
    return pictures


def _hands() -> list[Picture]:
    marked = player(public(), HAND_13, drawn=HAND_13[3], taken_from_discard=HAND_13[0],
                    must_lay=JOKER, opening_needed=51, current=1)
    rack = player(public(tiles=True), RACK_14, drawn=RACK_14[2], opening_needed=30)
    return [render_hand(marked, lang="fr", playable={1, 2}),
            render_hand(replace(marked, current=0), lang="fr", sort="rank"),
            render_hand(rack, lang="fr"), render_hand(rack, lang="fr", sort="rank")]


def _tables() -> list[Picture]:
    names = tuple(replace(seat, name=name) for seat, name in
                  zip(public().seats, NAMES, strict=True))
    cards = replace(public(3, random_melds(8, 3)), seats=names, reshuffles=1)
    sets = [meld(1, parse_tiles("r3 r4 jk r6"), None, {2: parse_tiles("r5")[0]}),
            MeldView(2, tuple(parse_tiles("k9 b9")), (None, None), "invalid", None)]
    tiles = replace(public(3, sets[:1], tiles=True), seats=names)
    draft = replace(player(tiles, RACK_14, seat=0), draft=tuple(sets))
    empty = replace(public(3), seats=names, discard_top=None, stock_size=0)
    pictures = [render_table(view, lang="fr", highlight_seat=0)
                for view in (*_phases(cards), *_phases(tiles), empty)]
    return [*pictures, render_table(draft, lang="fr"), render_table(cards, lang="fr")]


def _scores() -> list[Picture]:
    rounds = (RoundScore(1, (0, 23, 41), 0, False, "went_out"),
              RoundScore(2, (12, 0, 200), 1, True, "went_out"),
              RoundScore(3, (5, 9, 14), None, False, "stock_exhausted"))
    names = tuple(replace(seat, name=name) for seat, name in
                  zip(public().seats, NAMES, strict=True))
    views = [replace(public(3, rounds=rounds), seats=names),
             replace(public(3, rounds=rounds, tiles=True), seats=names, target=0),
             replace(public(3), seats=names)]
    return [render_scores(view, lang="fr") for view in views]


def _leaderboards() -> list[Picture]:
    title = t("bot.board.title", "fr", scope=t("bot.board.all_variants", "fr"),
              period=t("bot.admin.choice.month", "fr"))
    rows = [LeaderboardEntry(i + 1, name, 10 - i, 5 - i, 900 - 100 * i)
            for i, name in enumerate(("Alice", "Bruno", "Chloé", "Dmitri"))]  # fmt: skip
    daily = [DailyEntry(i + 1, name, 45 - 20 * i, 7 + i, 1 + i)
             for i, name in enumerate(("Alice", "Bruno", "Chloé"))]  # fmt: skip
    day = t("bot.daily.title", "fr", day="2026-03-03")
    return [render_leaderboard(rows, title=title, lang="fr"),
            render_leaderboard([], title=title, lang="fr"),
            render_daily_ranking(daily, title=day, lang="fr"),
            render_daily_ranking([], title=day, lang="fr")]


def test_every_word_of_the_french_pictures_is_french(drawn: list[str]) -> None:
    pictures = [*_hands(), *_tables(), *_scores(), *_leaderboards()]
    for name in variant_names():
        pictures += _played(name)
    alts = [picture.alt for picture in pictures]
    assert len(drawn) > 100
    assert {text: words for text in [*drawn, *alts] if (words := english_words(text))} == {}
    everything = " ".join([*drawn, *alts])
    assert "Ordi 1" in everything and "Vous" in everything and "(vous)" not in everything
    assert "pas encore posé" in everything and "a posé" in everything
    assert "Q♠" not in everything and "D♠" in everything  # the discard pile's queen


def test_a_french_hand_alt_text_writes_court_cards_v_d_r() -> None:
    view = player(public(), [Card(11, Suit.CLUBS), Card(12, Suit.HEARTS), Card(13, Suit.SPADES)])
    assert "V♣ R♠ D♥" in render_hand(view, lang="fr").alt  # by suit: ♣ ♠ ♥ ♦
    assert "J♣ K♠ Q♥" in render_hand(view, lang="en").alt


def test_the_viewer_of_the_terminal_is_not_named_twice() -> None:
    seats = tuple(replace(seat, name=name) for seat, name in
                  zip(public().seats, NAMES, strict=True))
    view: PlayerView = player(replace(public(), seats=seats), HAND_13, seat=0)
    alt = render_table(view, lang="fr").alt
    assert "Vous : 7 cartes" in alt and "Ordi 1 : 8 cartes" in alt
    other = player(public(), HAND_13, seat=0)  # a named player: marked as the viewer
    assert render_table(other, lang="fr").alt.count("Alice") >= 1


@pytest.mark.parametrize("name", ["rami51", "rami30"])
def test_french_seat_boxes_at_three_players_say_the_opening_whole(
        name: str, drawn: list[str]) -> None:
    game = Game.new(variant(name), [YOU, computer_name(1), computer_name(2)], seed=5)
    picture = render_table(game.view(0), lang="fr")
    details = [text for text in drawn if "cartes" in text]
    assert len(details) >= 3  # each seat (the widths measured too)
    assert all(text.endswith("pas encore posé") for text in details), details
    assert not [text for text in drawn if text.endswith("…")]
    assert picture.width >= 640
