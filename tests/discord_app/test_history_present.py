"""What the history and the replays show: pure functions, records and replays in."""

from __future__ import annotations

import random

from bot.discord_app.history.present import (
    history_page,
    match_choice_name,
    match_choices,
    replay_step,
    when,
)
from bot.session.document import TableDoc
from bot.session.model import Seat, Status
from bot.session.replay import Replay
from data import LogEntry, MatchRecord, MatchSeat
from data.history import HistoryPage
from engine import format_action, variant
from engine.ai import choose_action
from engine.game import Game
from engine.views import Phase

DEC_2_2026_17H = 1_796_230_800.0  # 2026-12-02 17:00 UTC


def played() -> Replay:
    rules = variant("rami51").with_overrides(target=1)
    game = Game.new(rules, ["ann", "[cpu 1]"], 4)
    rng, log = random.Random(4), []
    while game.phase in (Phase.DRAW, Phase.PLAY):
        seat = game.current
        action = choose_action(game.view(seat), rules, "easy", rng)
        game.apply(seat, action)
        log.append(LogEntry(1, len(log) + 1, None, f"seat {seat}: {format_action(action)}", 0))
    doc = TableDoc(Status.MATCH_OVER, "rami51", rules, 1,
                   (Seat("ann", 5), Seat("[cpu 1]", None, "easy")), 4)
    return Replay.of(doc.to_json(game), log)


MATCH = MatchRecord(7, 1, 9, "rami51", DEC_2_2026_17H,
                    (MatchSeat(5, "ann", 0, True, 1, 0, 0),
                     MatchSeat(None, "[cpu 1]", 40, False, 0, 0, 40)))


def test_a_date_in_the_readers_language_and_the_servers_time_zone() -> None:
    assert when(DEC_2_2026_17H, "en", "Europe/Paris").startswith("Dec 2, 2026, 6:00")
    assert when(DEC_2_2026_17H, "fr", "America/New_York").startswith("2 déc. 2026, 12:00")


def test_a_page_names_every_match_and_its_buttons_carry_the_pages() -> None:
    page = HistoryPage((MATCH,), 1, 5, 6)
    reply = history_page(page, "ann", 5, None, 5, "fr", "Europe/Paris")
    assert reply.ephemeral and reply.content is not None
    assert "Parties de ann, toutes variantes confondues : page 2 sur 2" in reply.content
    assert "n° 7" in reply.content and "Ordi 1 40" in reply.content
    assert reply.view is not None
    ids = [getattr(item, "custom_id", None) for item in reply.view.children]
    assert ids == ["rami:hist:prev:0:5:-:5", "rami:hist:next:2:5:-:5", "rami:histopen:5"]
    disabled = [item.item.disabled for item in reply.view.children[:2]]
    assert disabled == [False, True]  # the last page: no older one


def test_a_step_shows_its_action_every_hand_and_buttons_to_its_neighbours() -> None:
    replay = played()
    first = replay_step(MATCH, replay, replay.frame(0), 5, "en", None, update=False)
    assert first.content is not None and "step 0 of" in first.content
    assert "Round 1 is dealt." in first.content and "CPU 1 (0):" in first.content
    assert first.view is not None
    buttons = [(getattr(b, "custom_id", ""), b.item.disabled)
               for b in first.view.children]
    assert buttons == [("rami:replay:first:7:0:5", True), ("rami:replay:prev:7:0:5", True),
                       ("rami:replay:next:7:1:5", False),
                       (f"rami:replay:last:7:{replay.last}:5", False)]
    last = replay_step(MATCH, replay, replay.frame(replay.last), 5, "fr", None, update=True)
    assert last.update and last.content is not None and "étape" in last.content
    assert last.view is not None
    assert [b.item.disabled for b in last.view.children] == [
        False, False, True, True]


def test_a_match_suggested_by_number_date_variant_and_players() -> None:
    assert match_choice_name(MATCH, "en", "Europe/Paris") == (
        "#7 · Dec 2, 2026, 6:00:00\u202fPM · Rami 51 · ann, CPU 1")
    assert match_choice_name(MATCH, "fr", "Europe/Paris") == (
        "n° 7 · 2 déc. 2026, 18:00:00 · Rami 51 · ann, Ordi 1")


def numbered(*ids: int, name: str = "ann", variant: str = "rami51") -> list[MatchRecord]:
    return [MatchRecord(n, n, 9, variant, DEC_2_2026_17H - n * 60,
                        (MatchSeat(5, name, 0, True, 1, 0, 0),)) for n in ids]


def test_the_suggestions_filtered_by_what_was_typed() -> None:
    matches = [*numbered(12, 120, 7), *numbered(31, name="Zoé", variant="tiles")]
    def values(typed: str, lang: str = "en") -> list[int]:
        return [c.value for c in match_choices(matches, typed, lang, "UTC")]
    assert values("") == [12, 120, 7, 31]  # newest first, as the store gives them
    assert values("12") == values("#12") == values("n° 12", "fr") == [12, 120]
    assert values("zoe") == values("TILE") == [31]  # case and accents aside
    assert values("rummikub") == [] and values("3") == [31]
    many = numbered(*range(1, 60))
    assert len(match_choices(many, "", "en", "UTC")) == 25


def test_a_suggestion_fits_discords_100_characters() -> None:
    crowd = MatchRecord(123456, 1, 9, "rami51", DEC_2_2026_17H, tuple(
        MatchSeat(n, "a very long member name " * 2, 0, False, 0, 0, 0) for n in range(6)))
    (choice,) = match_choices([crowd], "", "fr", "UTC")
    assert len(choice.name) == 100 and choice.name.endswith("…") and choice.value == 123456
