"""What the bot shows and how it reads what players pick (typed pieces: tests/session)."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from bot.discord_app.core import layout as layouts
from bot.discord_app.core import pictures
from bot.discord_app.core import text as core_text
from bot.discord_app.core.components import MAX_OPTIONS, selection_of
from bot.discord_app.core.i18n import t
from bot.discord_app.hand import present as hand_present
from bot.discord_app.table import present as table_present
from bot.session import (
    Seat,
    Snapshot,
    Status,
    TableUi,
    computer_name,
    display_order,
    round_ending,
)
from engine import parse_cards, parse_tiles, rules_summary, variant, variant_names
from engine.actions import Action
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.game import Game
from engine.hand_order import sorted_hand
from engine.tiles.actions import (
    Add,
    Confirm,
    DrawTile,
    Move,
    NewSet,
    Pass,
    Play,
    Split,
    TakeBack,
    Undo,
)
from engine.tiles.tile import Tile
from tests.session.helpers import finished_round


def _view(seat: int = 0):  # type: ignore[no-untyped-def]
    game = Game.new(variant("rami51"), ["ann", "bob"], 7)
    return game.view(seat)


H7, H8, H9, S12, H12, D12 = parse_cards("7h 8h 9h qs qh qd")


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


@pytest.mark.parametrize(("move", "en", "fr"), [
    (Draw("stock"), "ann drew from the stock.", "ann a pioché."),
    (Draw("discard"), "ann took the top of the discard pile.",
     "ann a pris la carte de la défausse."),
    (Meld(((H7, H8, H9), (S12, H12, D12))), "ann laid 7♥ 8♥ 9♥ | Q♠ Q♥ Q♦.",
     "ann a posé 7♥ 8♥ 9♥ | D♠ D♥ D♦."),
    (LayOff(tuple(parse_cards("10h jh")), 1), "ann laid off 10♥ J♥ on meld 2.",
     "ann a ajouté 10♥ V♥ à la combinaison 2."),
    (SwapJoker(H7, 0), "ann swapped 7♥ for the joker of meld 1.",
     "ann a échangé 7♥ contre le joker de la combinaison 1."),
    (Discard(parse_cards("kc")[0]), "ann discarded K♣.", "ann a défaussé R♣."),
    (Play((tiles("k5 k6 k7"),)), "ann played k5 k6 k7.", "ann a joué k5 k6 k7."),
    (Play((tiles("r3 r4 r5 r6"), tiles("k5 k6 k7")), (1,)),
     "ann played r3 r4 r5 r6 | k5 k6 k7, rearranging 1 set of the table: 2.",
     "ann a joué r3 r4 r5 r6 | k5 k6 k7, en réarrangeant 1 série de la table : 2."),
    (Play((tiles("r3 r4 r5 r6"),), (0, 3)),
     "ann played r3 r4 r5 r6, rearranging 2 sets of the table: 1, 4.",
     "ann a joué r3 r4 r5 r6, en réarrangeant 2 séries de la table : 1, 4."),
    (Confirm(), "ann played on the table.", "ann a joué sur la table."),
    (NewSet(tiles("k5 k6")), "ann is working on the table…", "ann prépare son coup…"),
    (DrawTile(), "ann drew a tile.", "ann a pioché une tuile."),
    (Pass(), "ann passed.", "ann a passé."),
])
def test_moves_in_words(move: Action, en: str, fr: str) -> None:
    assert table_present.move_text("ann", move, "en") == en
    assert table_present.move_text("ann", move, "fr") == fr


@pytest.mark.parametrize(("action", "en", "fr"), [
    (Play((tiles("k5 k6 k7"),)), "You played k5 k6 k7.", "Vous avez joué k5 k6 k7."),
    (Confirm(), "You laid your tiles.", "Vous avez posé vos tuiles."),
    (Add(tiles("k4"), 1), "Draft: 1 tile added to set 2: k4.",
     "Brouillon : 1 tuile ajoutée à la série 2 : k4."),
    (Move(tiles("k5"), 0, None), "Draft: 1 tile moved from set 1 to a new set: k5.",
     "Brouillon : 1 tuile déplacée de la série 1 vers une nouvelle série : k5."),
    (TakeBack(tiles("k5 k6"), 0), "Draft: 2 tiles taken back from set 1: k5 k6.",
     "Brouillon : 2 tuiles reprises de la série 1 : k5 k6."),
    (Split(1, 2), "Draft: set 2 cut before tile 3.",
     "Brouillon : série 2 coupée avant la tuile 3."),
    (Undo(), "Draft: last change undone.", "Brouillon : dernière modification annulée."),
    (DrawTile(), None, None),
])
def test_tile_notes_in_words(action: Action, en: str | None, fr: str | None) -> None:
    view = _view()  # a tile action's note says nothing of the view
    assert hand_present.action_note(action, view, "en") == en
    assert hand_present.action_note(action, view, "fr") == fr


@pytest.mark.parametrize(("action", "en", "fr"), [
    (Meld(((H7, H8, H9),)), "You laid 7♥ 8♥ 9♥.", "Vous avez posé 7♥ 8♥ 9♥."),
    (LayOff((H7,), 2), "You laid off 7♥ on meld 3.", "Vous avez ajouté 7♥ à la combinaison 3."),
    (SwapJoker(H7, 0), "You swapped 7♥ for the joker of meld 1.",
     "Vous avez échangé 7♥ contre le joker de la combinaison 1."),
    (Discard(H9), "You discarded 9♥.", "Vous avez défaussé 9♥."),
    (Draw("stock"), None, None),
])
def test_card_notes_in_words(action: Action, en: str | None, fr: str | None) -> None:
    view = _view()
    assert hand_present.action_note(action, view, "en") == en
    assert hand_present.action_note(action, view, "fr") == fr


async def test_hand_message_fits_discord_limits() -> None:
    view = _view()
    reply = hand_present.hand(view, 123456789012345678, "en", selected={
        "a": {"1:" + core_text.piece_code(view.hand[display_order(view, "suit")[0]])}})
    assert reply.ephemeral
    assert reply.view is not None
    rows = {item.row for item in reply.view.children}
    assert len(rows) <= 5
    for child in reply.view.children:
        item = getattr(child, "item", child)
        assert len(item.custom_id) <= 100
        if isinstance(item, discord.ui.Select):
            assert len(item.options) <= MAX_OPTIONS
    numbered = reply.content or ""
    assert "`1`" in numbered and f"`{len(view.hand)}`" in numbered
    payload = reply.view.to_components()
    message = discord.Message.__new__(discord.Message)
    message.components = [discord.ActionRow(row) for row in payload]  # type: ignore[arg-type]
    assert selection_of(message)["a"] == [next(iter(
        {"1:" + core_text.piece_code(view.hand[display_order(view, "suit")[0]])}))]


def test_a_huge_hand_keeps_menus_to_25_options() -> None:
    from dataclasses import replace

    view = _view()
    big = replace(view, hand=view.hand * 3)  # 39 cards
    reply = hand_present.hand(big, 1, "en")
    assert reply.view is not None
    selects = [i.item for i in reply.view.children
               if isinstance(getattr(i, "item", None), discord.ui.Select)]
    assert selects and all(len(s.options) == MAX_OPTIONS for s in selects)
    assert "first 25 cards" in (reply.content or "")


async def test_pictures_drawn_in_a_painting_process_are_the_same() -> None:
    view = _view()
    pictures.set_painters(1)
    try:
        drawn = await pictures.draw(pictures.hand_picture, view, "fr", sort="rank")
    finally:
        pictures.stop_painters()
        pictures.set_painters(0)
    assert drawn == pictures.hand_picture(view, "fr", sort="rank")
    assert drawn.alt and drawn.filename == "hand.png"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", variant_names())
def test_the_rules_message_is_the_rule_sets_summary(name: str, lang: str) -> None:
    reply = table_present.rules(variant(name), lang)
    assert reply.is_layout and reply.ephemeral and reply.layout is not None
    shown = [item.content for item in layouts.texts(reply.layout)]
    assert shown[0] == f"### {t(f'variant.{name}', lang)}"
    assert shown[1:-1] == list(rules_summary(variant(name), lang))  # a text per topic
    assert shown[-1].startswith("-# ")  # the commands, below
    assert layouts.text_size(reply.layout) <= layouts.MOST_TEXT
    ids = [getattr(item, "custom_id", "") for item in layouts.walk(reply.layout)]
    assert f"rami:rules:{name}" in ids


def test_a_rules_message_sent_before_layouts_is_edited_as_an_embed() -> None:
    reply = table_present.rules(variant("classic"), "fr", layout=False)
    (embed,) = reply.embeds
    assert not reply.is_layout and embed.description == "\n".join(
        rules_summary(variant("classic"), "fr"))


def test_the_rules_message_shows_the_rules_as_played() -> None:
    played = variant("rami51").with_overrides(hand_sizes=9)
    assert "Deal: 9 cards each." in table_present.rules(played, "en").text()


def test_long_rules_share_text_displays_within_the_limits() -> None:
    lines = [f"topic {n}: " + "x" * 150 for n in range(60)]
    shown = layouts.texts_of(lines, 20)
    assert len(shown) == 20 and "\n".join(s.content for s in shown) == "\n".join(lines)


def _snapshot(variant_name: str, seats: tuple[Seat, ...]) -> Snapshot:
    game = Game.new(variant(variant_name), [seat.name for seat in seats], 7)
    return Snapshot(channel_id=1, guild_id=2, game_id=3, status=Status.PLAYING,
                    variant=variant_name, created_by=4, seats=seats, view=game.public_view(),
                    ui=TableUi(), version=1, rules=game.rules)


SEATS = (Seat("ann", 4), Seat(computer_name(1), None, "hard"))


def test_the_french_table_names_computers_and_says_who_has_opened() -> None:
    seats = table_present.table(_snapshot("rami51", SEATS), "fr").text().splitlines()
    shown = [line for line in seats if line.startswith(("ann", "Ordi"))]
    assert shown == ["ann : 13 cartes, 0 point, pas encore posé",
                     "Ordi 1 · difficile : 13 cartes, 0 point, pas encore posé"]
    english = table_present.table(_snapshot("rami51", SEATS), "en").text()
    assert "CPU 1 · hard: 13 cards, 0 points, not opened yet" in english.splitlines()


def test_a_variant_without_opening_minimum_says_nothing_of_opening() -> None:
    seats = table_present.table(_snapshot("classic", SEATS), "fr").text().splitlines()
    assert "Ordi 1 · difficile : 10 cartes, 0 point" in seats


def test_the_french_hand_writes_cards_with_v_d_r_and_menus_keep_codes() -> None:
    view = replace(_view(), hand=tuple(parse_cards("jc qs kh 10d jk")))
    reply = hand_present.hand(view, 1, "fr")
    assert "`1` V♣" in (reply.content or "") and "R♥" in (reply.content or "")
    assert reply.view is not None
    (cards, *_) = [i.item for i in reply.view.children
                   if isinstance(getattr(i, "item", None), discord.ui.Select)]
    assert [o.label for o in cards.options][:3] == ["1. V♣", "2. D♠", "3. R♥"]
    assert [o.value for o in cards.options][:3] == ["1:Jc", "2:Qs", "3:Kh"]  # any language


def test_autocomplete_matches_what_a_french_player_types() -> None:
    assert core_text.piece_text(parse_cards("qs")[0], "fr", ascii=True) == "Dp"
    assert core_text.piece_text(parse_cards("qs")[0], "en", ascii=True) == "Qs"


@pytest.mark.parametrize(("name", "held"), [("rami51", "left in hand"),
                                            ("tiles", "left on the rack")])
def test_a_finished_round_shows_what_every_player_still_held(name: str, held: str) -> None:
    snapshot = finished_round(name)
    assert snapshot.hands is not None
    reply = table_present.round_over(snapshot, "en")
    description = reply.text()
    assert description.splitlines()[1] == round_ending(snapshot, "en")  # below the title
    for seat, left in enumerate(snapshot.hands):
        if left:
            shown = [left[index] for index in sorted_hand(left, "suit")]
            assert f"{snapshot.seats[seat].name}: " in description
            assert f"{held}: {core_text.pieces_text(shown, 'en')}" in description


@pytest.mark.parametrize(("seconds", "lang", "words"), [
    (30, "en", "30 seconds"),
    (90, "en", "1 minute and 30 seconds"),
    (3661, "en", "1 hour, 1 minute and 1 second"),
    (259_200, "en", "3 days"),
    (300, "fr", "5 minutes"),
    (90, "fr", "1 minute et 30 secondes"),
    (90_061, "fr", "1 jour, 1 heure, 1 minute et 1 seconde"),
    (172_800, "fr", "2 jours"),
    (0, "fr", "0 seconde"),
])
def test_a_duration_is_said_in_words(seconds: int, lang: str, words: str) -> None:
    assert core_text.duration_words(seconds, lang) == words


def test_the_lobby_says_how_long_a_turn_may_take() -> None:
    lobby = replace(_snapshot("rami51", SEATS), status=Status.LOBBY, view=None)
    english = table_present.lobby(lobby, "en", lobby.rules, 90).text()
    assert "A turn may take up to 1 minute and 30 seconds; after that the bot plays it." in english
    french = table_present.lobby(lobby, "fr", lobby.rules, 259_200).text()
    assert "Un tour peut durer jusqu’à 3 jours ; ensuite, le bot le joue." in french
    none = table_present.lobby(lobby, "fr", lobby.rules, 0).text()
    assert "Les tours n’ont pas de limite de temps ici." in none
    unsaid = table_present.lobby(lobby, "en", lobby.rules).text()
    assert "A turn may take" not in unsaid
    # The embed of a lobby posted before layouts says it too.
    (embed,) = table_present.lobby(lobby, "en", lobby.rules, 90, layout=False).embeds
    assert "1 minute and 30 seconds" in (embed.description or "")
