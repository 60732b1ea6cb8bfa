"""The application's emojis: their names, what a start uploads or deletes given what the
application holds, and the text cards are written in with and without them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.discord_app.core import emojis
from bot.discord_app.core.components import options
from bot.discord_app.core.emojis import Held, emoji_name, key_of, plan
from bot.discord_app.core.text import piece_shown, pieces_shown
from engine.cards.card import Card, Suit

QS = Card(12, Suit.SPADES)
SEVEN = Card(7, Suit.HEARTS)
WANTED = {"cQs": b"queen", "c7h": b"seven", "tr7": b"tile"}


@pytest.fixture(autouse=True)
def no_emojis_after() -> Iterator[None]:
    yield
    emojis.use({})


def held(*keys: str, pictures: dict[str, bytes] = WANTED) -> list[Held]:
    return [Held(i, emoji_name(key, pictures[key])) for i, key in enumerate(keys, 1)]


def test_name_is_the_face_key_and_the_pictures_hash() -> None:
    name = emoji_name("cQs_fr", b"picture")
    assert name.startswith("r_cQs_fr_") and len(name) == len("r_cQs_fr_") + 6
    assert key_of(name) == "cQs_fr"
    assert emoji_name("cQs_fr", b"other picture") != name


@pytest.mark.parametrize("name", ["rami", "r_cQs", "r_cQs_12345g", "x_cQs_123456",
                                  "r_zz_123456", "party_parrot"])
def test_names_that_are_not_ramis(name: str) -> None:
    assert key_of(name) is None


def test_first_start_uploads_every_face() -> None:
    todo = plan(WANTED, [])
    assert set(todo.upload) == set(WANTED) and not todo.delete and not todo.keep
    assert todo.upload["cQs"] == emoji_name("cQs", b"queen")


def test_restart_uploads_nothing() -> None:
    todo = plan(WANTED, held("cQs", "c7h", "tr7"))
    assert not todo.upload and not todo.delete and set(todo.keep) == set(WANTED)


def test_changed_picture_uploads_it_and_deletes_its_old_version() -> None:
    old = held("cQs", "c7h", "tr7")
    todo = plan({**WANTED, "c7h": b"seven, redrawn"}, old)
    assert list(todo.upload) == ["c7h"] and todo.delete == [old[1]]
    assert set(todo.keep) == {"cQs", "tr7"}


def test_faces_no_longer_drawn_and_duplicates_are_deleted() -> None:
    old = held("cQs", "c7h", "tr7")
    twin = Held(9, old[0].name)
    todo = plan({"cQs": b"queen"}, [*old, twin])
    assert todo.delete == [old[1], old[2], twin] and not todo.upload


def test_other_emojis_are_never_deleted_and_count_towards_the_limit() -> None:
    theirs = [Held(100 + i, f"party_{i}") for i in range(3)]
    todo = plan(WANTED, theirs, limit=5)
    assert not todo.delete
    assert len(todo.upload) == 2 and len(todo.over_limit) == 1


def test_text_until_emojis_are_loaded_then_emojis() -> None:
    assert piece_shown(QS, "en") == "Q♠" and piece_shown(QS, "fr") == "D♠"
    emojis.use({"cQs": Held(42, "r_cQs_abcdef")})
    assert piece_shown(QS, "en") == "<:r_cQs_abcdef:42>"
    assert piece_shown(QS, "fr") == "D♠"  # its French face was not loaded: text
    assert pieces_shown([QS, SEVEN], "en") == "<:r_cQs_abcdef:42> 7♥"


def test_menu_options_carry_their_emojis() -> None:
    emojis.use({"cQs": Held(42, "r_cQs_abcdef")})
    shown = options([("1:Qs", "1. Q♠"), ("2:7h", "2. 7♥")], {}, "a",
                    [emojis.emoji_of(QS, "en"), emojis.emoji_of(SEVEN, "en")])
    assert shown[0].emoji is not None and shown[0].emoji.id == 42
    assert shown[0].label == "1. Q♠"  # the label stays words: menus show text as it is
    assert shown[1].emoji is None


def test_a_french_reader_sees_the_french_court_face() -> None:
    emojis.use({"cQs": Held(42, "r_cQs_abcdef"), "cQs_fr": Held(43, "r_cQs_fr_abcdef"),
                "c7h": Held(44, "r_c7h_abcdef")})
    assert piece_shown(QS, "fr") == "<:r_cQs_fr_abcdef:43>"
    assert piece_shown(SEVEN, "fr") == "<:r_c7h_abcdef:44>"  # one face in both languages
