"""The saved document of a table: it round-trips, reads what earlier versions wrote, and
refuses a damaged field by name (the session then isolates the row)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.session import Player, Seat, Status, TableDoc, Tables, TableUi
from bot.session.document import game_text
from data import GameStatus, Store
from engine import CorruptGame, variant
from engine.ai import Level
from engine.game import Game

SAVED = Path(__file__).parent / "saved"
CHANNEL, GUILD = 100, 7
DELETE = object()


def saved(name: str) -> str:
    """A document as the session layer wrote it before it was typed (rami30, Alice and a
    hard computer player, ui set by the Discord front end)."""
    return (SAVED / f"{name}.json").read_text(encoding="utf-8").strip()


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await Store.open(tmp_path / "rami.sqlite3") as opened:
        yield opened


def a_doc(**changes: Any) -> TableDoc:
    rules = variant("rami51")
    values: dict[str, Any] = {
        "status": Status.PLAYING, "variant": rules.name, "rules": rules, "created_by": 1,
        "seats": (Seat("Alice", 1), Seat("CPU 1 ★★", None, "medium")), "seed": 9,
    }
    return TableDoc(**{**values, **changes})


def test_a_document_and_its_match_round_trip() -> None:
    doc = a_doc()
    game = Game.new(doc.rules, [seat.name for seat in doc.seats], doc.seed)
    again, match = TableDoc.from_json(doc.to_json(game))
    assert again == doc and again.old_ui is None
    assert "ui" not in json.loads(doc.to_json(game))  # what the channel shows: the store's
    assert match is not None and match.to_json() == game.to_json()


@pytest.mark.parametrize("name", ["rami51", "classic", "tiles"])
def test_a_match_is_saved_as_the_engine_writes_it(name: str) -> None:
    """The session writes the engine's document with orjson: the same text as the
    engine's own to_json (names with quotes, accents and line separators included)."""
    rules = variant(name)
    game = Game.new(rules, ['Zoé "la" reine', "Bob\u2028", "CPU 1"], 5)
    rng = random.Random(5)
    for _ in range(40):
        if not game.legal_moves():
            break
        game.apply(game.current, rng.choice(game.legal_moves()))
    assert game_text(game) == game.to_json()
    assert Game.from_json(game_text(game)).to_json() == game.to_json()


def test_a_level_is_saved_as_its_code_and_read_back_as_a_level() -> None:
    doc = a_doc(seats=(Seat("Alice", 1), Seat("CPU 1", None, Level.HARD)))
    assert json.loads(doc.to_json())["seats"][1]["level"] == "hard"
    level = TableDoc.from_json(doc.to_json())[0].seats[1].level
    assert level is Level.HARD


def test_a_lobby_has_no_match_and_an_ended_table_says_how() -> None:
    lobby = a_doc(status=Status.LOBBY)
    assert TableDoc.from_json(lobby.to_json()) == (lobby, None)
    assert json.loads(lobby.to_json())["game"] is None
    ended = a_doc(ended="cancelled")
    assert TableDoc.from_json(ended.to_json())[0].ended == "cancelled"


@given(
    seats=st.lists(st.builds(Seat, st.text(min_size=1), st.none() | st.integers(0, 2**63),
                             st.none() | st.sampled_from(["easy", "medium", "hard"])),
                   min_size=1, max_size=6).map(tuple),
    ended=st.sampled_from([None, "finished", "cancelled"]),
    seed=st.integers(0, 2**31),
)
def test_every_document_reads_back_as_written(seats: tuple[Seat, ...], ended: Any,
                                              seed: int) -> None:
    doc = a_doc(status=Status.LOBBY, seats=seats, ended=ended, seed=seed)
    assert TableDoc.from_json(doc.to_json()) == (doc, None)


# Rule parameters added since those documents were written: the engine gives them the
# values that play as it did then (rami30's match ended on reaching 1000).
ADDED = {"ace_opening": "by_place", "match_end": "reaches", "identical_discard_ban": False,
         "lay_off_before_opening": False}


@pytest.mark.parametrize("name", ["rami30-lobby", "rami30-playing"])
def test_documents_written_by_the_untyped_version_are_read(name: str) -> None:
    text = saved(name)
    doc, game = TableDoc.from_json(text)
    assert doc.variant == "rami30" and doc.rules == variant("rami30").with_overrides(**ADDED)
    assert doc.seats == (Seat("Alice", 1, None), Seat("CPU 1 ★★★", None, "hard"))
    assert doc.old_ui is not None  # to be taken over by the session layer
    assert doc.old_ui.lobby_message == 555 and doc.old_ui.lang == "fr"
    assert (game is None) == (doc.status is Status.LOBBY)
    written = json.loads(text)
    del written["ui"]  # no longer written: the store keeps it beside the game
    for rules in (written["rules"], *([written["game"]["rules"]] if game else [])):
        rules.update(ADDED)
    assert json.loads(doc.to_json(game)) == written  # written back the same, and the added


async def test_a_table_saved_by_the_untyped_version_resumes(store: Store) -> None:
    stored = await store.create_game(CHANNEL, GUILD, 1, "rami30", saved("rami30-playing"))
    tables = Tables(store, ai_delay=0, seed_source=lambda: 1, turn_timeout=0)
    assert await tables.resume() == [CHANNEL]
    snapshot = await tables.snapshot(CHANNEL)
    assert snapshot is not None and snapshot.status is Status.PLAYING
    # What its document held of the channel is taken over into the store.
    assert snapshot.ui == TableUi(lobby_message=555, table_message=777, lang="fr")
    assert (await store.game_ui(stored.id)).table_message == 777
    await tables.set_ui(CHANNEL, table_message=778)
    view = await tables.hand(CHANNEL, 1)
    assert view.seat == 0 and len(view.hand) == view.seats[0].hand_size
    assert (await store.game_ui(stored.id)).table_message == 778
    assert (await store.game(stored.id)).version == 0  # type: ignore[union-attr]
    await tables.close()
    again = Tables(store, ai_delay=0, seed_source=lambda: 1, turn_timeout=0)
    assert await again.resume() == [CHANNEL]  # the old "ui" does not win over the store's
    assert (await again.snapshot(CHANNEL)).ui.table_message == 778  # type: ignore[union-attr]
    await again.close()


async def test_what_the_front_end_shows_is_saved_for_the_game_it_names(store: Store) -> None:
    await store.create_game(CHANNEL, GUILD, 1, "rami30", saved("rami30-playing"))
    tables = Tables(store, ai_delay=0, seed_source=lambda: 1, turn_timeout=0)
    snapshot = await tables.snapshot(CHANNEL)
    assert snapshot is not None
    await tables.set_ui(CHANNEL, reminder_message=901, reminder_turn="1:1:3",
                        results_shown="1:1", game_id=snapshot.game_id)
    await tables.set_ui(CHANNEL, reminder_message=902, game_id=snapshot.game_id + 1)
    again = await tables.snapshot(CHANNEL)
    assert again is not None and again.ui == TableUi(
        lobby_message=555, table_message=777, lang="fr", reminder_message=901,
        reminder_turn="1:1:3", results_shown="1:1")
    assert again.version == snapshot.version  # no save of the game at all
    await tables.close()
    resumed = Tables(store, ai_delay=0, seed_source=lambda: 1, turn_timeout=0)
    assert await resumed.resume() == [CHANNEL]
    assert (await resumed.snapshot(CHANNEL)).ui == again.ui  # type: ignore[union-attr]
    await resumed.close()


async def test_a_change_of_what_the_channel_shows_writes_no_document(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    stored = await store.create_game(CHANNEL, GUILD, 1, "rami30", saved("rami30-playing"))
    tables = Tables(store, ai_delay=0, seed_source=lambda: 1, turn_timeout=0)
    written: list[TableDoc] = []
    real = TableDoc.to_json
    monkeypatch.setattr(TableDoc, "to_json",
                        lambda doc, game=None: written.append(doc) or real(doc, game))
    await tables.set_ui(CHANNEL, table_message=1)
    await tables.set_ui(CHANNEL, reminder_message=2, reminder_turn="t")
    assert written == []
    after = await store.game(stored.id)
    assert after is not None and after.state == stored.state and after.version == 0
    assert await store.game_log(stored.id) == []
    await tables.close()


def changed(text: str, path: tuple[str | int, ...], value: object) -> str:
    """``text`` with the field at ``path`` set to ``value`` (or removed: ``DELETE``)."""
    document = copy.deepcopy(json.loads(text))
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    if value is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return json.dumps(document, ensure_ascii=False)


CORRUPT_FIELDS = [
    (("format",), 2, "format: unknown table document format 2"),
    (("format",), DELETE, "format: unknown table document format None"),
    (("status",), DELETE, "status: missing"),
    (("status",), "paused", "status: "),
    (("colour",), "green", "colour: unknown field"),
    (("variant",), 3, "variant: not a text"),
    (("rules",), "rami30", "rules: The saved rules are not a valid rule set."),
    (("rules", "hand_sizes"), DELETE, "rules: The saved rules lack: hand_sizes."),
    (("rules", "target"), -5, "rules: "),
    (("created_by",), "1", "created_by: not a whole number"),
    (("created_by",), True, "created_by: not a whole number"),
    (("seats",), {}, "seats: not a list"),
    (("seats", 1, "name"), DELETE, "seats[1].name: missing"),
    (("seats", 1, "name"), "", "seats[1].name: not a text"),
    (("seats", 1, "level"), "genius", "seats[1].level: unknown level 'genius'"),
    (("seats", 0, "user_id"), "1", "seats[0].user_id: not a whole number"),
    (("seats", 0, "colour"), "red", "seats[0].colour: unknown field"),
    (("seats", 0), "Alice", "seats[0]: not a JSON object"),
    (("seed",), 1.5, "seed: not a whole number"),
    (("ui",), [], "ui: not a JSON object"),
    (("ui", "lobby_message"), "555", "ui.lobby_message: not a whole number"),
    (("ui", "lang"), 7, "ui.lang: not a text"),
    (("ui", "reminder_message"), "9", "ui.reminder_message: not a whole number"),
    (("ui", "reminder_turn"), 9, "ui.reminder_turn: not a text"),
    (("ui", "results_shown"), "", "ui.results_shown: not a text"),
    (("ui", "colour"), 1, "ui.colour: unknown field"),
    (("ended",), "paused", "ended: not one of finished, cancelled"),
    (("game",), "tampered", "game: "),
    (("game", "rounds"), "tampered", "game: "),
    (("game", "rules", "jokers"), 10**30,
     "game: rules: Number of jokers must be between 0 and 16"),
]


@pytest.mark.parametrize(("path", "value", "detail"), CORRUPT_FIELDS,
                         ids=[f"{'.'.join(map(str, p))}={v!r}" for p, v, _ in CORRUPT_FIELDS])
def test_a_damaged_field_is_named(path: tuple[str | int, ...], value: object,
                                  detail: str) -> None:
    with pytest.raises(CorruptGame) as caught:
        TableDoc.from_json(changed(saved("rami30-playing"), path, value))
    assert caught.value.params["detail"].startswith(detail)


@pytest.mark.parametrize(("text", "detail"), [
    ("{", "document: not JSON"), ("[]", "document: not a JSON object (list)"),
])
def test_a_document_that_is_no_object_is_refused(text: str, detail: str) -> None:
    with pytest.raises(CorruptGame) as caught:
        TableDoc.from_json(text)
    assert caught.value.params["detail"].startswith(detail)


async def test_a_damaged_row_is_isolated_with_the_field_named(store: Store) -> None:
    bad = changed(saved("rami30-playing"), ("seats", 1, "level"), "genius")
    stored = await store.create_game(CHANNEL, GUILD, 1, "rami30", bad)
    tables = Tables(store, ai_delay=0, seed_source=lambda: 1, turn_timeout=0)
    assert await tables.snapshot(CHANNEL) is None
    isolated = await store.game(stored.id)
    assert isolated is not None and isolated.status is GameStatus.CORRUPT
    assert isolated.status_reason is not None and "seats[1].level" in isolated.status_reason
    lobby = await tables.open_lobby(CHANNEL, GUILD, Player(2, "Bob"), "classic")
    assert lobby.status is Status.LOBBY  # the channel starts afresh
    await tables.close()
