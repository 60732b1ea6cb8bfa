"""An opening's melds side by side in the private hand (issue 25), through the fake
Discord: a player picks the cards of a two-meld opening, sees each meld as its own
section and the total against the minimum, presses the one button and both melds are on
the table; a short opening says what is missing, and pressing anyway changes nothing and
says what the opening needs. In English and in French; and a tile rack's initial meld
the same way."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from bot.discord_app.fake import FakeDiscord, Message, User
from engine import RuleSet, parse_cards, parse_tiles
from engine.cards.stacked import stacked_deck
from engine.game import Game
from engine.tiles.round import tile_pool
from tests.e2e.harness import BotHarness
from tests.e2e.players import assert_ok, menu_values
from tests.e2e.test_behaviour import refused, state
from tests.e2e.tile_players import menu_values as tile_values

# The first player's 13 cards: two melds worth 54 (Q♠ Q♥ Q♦ and 7-8-9♥), the rest
# making no meld; the second player's 13 make none either.
FIRST = "7h 8h 9h qs qh qd 2c 5d 9s 4c 6d 10s kc"
SECOND = "3c 6c 10c 2d 8d jd 3s 7s js 4h 10h 5s kh"


def _every_match_deals(monkeypatch: pytest.MonkeyPatch,
                       deck: Callable[[RuleSet], list[Any]]) -> None:
    """Every new match is dealt from ``deck(rules)`` (whatever its seed)."""
    new = Game.new.__func__  # type: ignore[attr-defined]

    def stacked(cls: type[Game], rules: RuleSet, players: Any, seed: int,
                deck_: Any = None) -> Game:
        return new(cls, rules, players, seed, deck=deck(rules))  # type: ignore[no-any-return]

    monkeypatch.setattr(Game, "new", classmethod(stacked))


@pytest.fixture
def dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new match deals FIRST to the first seat and SECOND to the second."""
    hands = [tuple(parse_cards(FIRST)), tuple(parse_cards(SECOND))]
    _every_match_deals(monkeypatch, lambda rules: list(stacked_deck(rules, hands)))


async def _start(fake: FakeDiscord, harness: BotHarness,
                 locale: str | None) -> tuple[int, User]:
    """alice (in ``locale``) opens a Rami 51 table, bob joins, alice starts: alice plays
    first, with FIRST."""
    channel = fake.channels[0]
    alice = fake.add_user("alice", locale=locale) if locale else fake.add_user("alice")
    bob = fake.add_user("bob")
    lobby = (await fake.slash(alice, channel, "rummy new", variant="rami51", target=1)).reply
    await fake.click(bob, lobby, "rami:lobby:join:")
    await fake.click(alice, lobby, "rami:lobby:start:")
    await harness.idle()
    assert harness.bot is not None
    view = await harness.bot.tables.hand(channel, alice.id)
    assert view.current == view.seat
    return channel, alice


async def _drawn_hand(fake: FakeDiscord, channel: int, alice: User) -> Message:
    return assert_ok(await fake.click(alice, assert_ok(
        await fake.slash(alice, channel, "rummy hand")), "rami:hand:draw:"))


async def _pick(fake: FakeDiscord, alice: User, hand: Message, cards: str) -> None:
    values = menu_values(hand, "rami:pick:a:", tuple(parse_cards(cards)))
    assert (await fake.select(alice, hand, "rami:pick:a:", values)).response_type == 7


def _sections(hand: Message) -> list[tuple[str, str]]:
    """Each section of the layout: its text and its accessory's custom id."""
    return [(" ".join(c["content"] for c in s["components"]),
             s["accessory"].get("custom_id", ""))
            for s in hand.all_components() if s["type"] == 9]


@pytest.mark.parametrize(("locale", "melds", "total", "button"), [
    (None, ["**Group 1**: Q♠ Q♥ Q♦ — 30 points", "**Run 2**: 7♥ 8♥ 9♥ — 24 points"],
     "**Opening: 54 points** of the 51 needed: enough to open.", "Lay them down"),
    ("fr", ["**Brelan ou carré 1** : D♠ D♥ D♦ — 30 points",
            "**Suite 2** : 7♥ 8♥ 9♥ — 24 points"],
     "**Première pose : 54 points** sur les 51 demandés : de quoi poser.", "Tout poser"),
])
async def test_a_two_meld_opening_side_by_side_laid_with_one_button(
        fake: FakeDiscord, harness: BotHarness, dealt: None, locale: str | None,
        melds: list[str], total: str, button: str) -> None:
    channel, alice = await _start(fake, harness, locale)
    hand = await _drawn_hand(fake, channel, alice)
    assert not any(i.startswith("rami:hand:open:") for i in hand.custom_ids())  # nothing picked
    await _pick(fake, alice, hand, "qd 7h qs 9h qh 8h")  # in any order, one menu
    sections = _sections(hand)
    assert [(text, cid.rsplit(":", 1)[0]) for text, cid in sections[:2]] == [
        (melds[0], "rami:leave:1"), (melds[1], "rami:leave:2")]
    text, open_id = sections[2]
    assert text == total and open_id.startswith("rami:hand:open:")
    assert hand.component("rami:hand:open:")["label"] == button
    assert not hand.component("rami:hand:open:").get("disabled")

    laid = assert_ok(await fake.click(alice, hand, "rami:hand:open:"))
    assert harness.bot is not None
    view = await harness.bot.tables.hand(channel, alice.id)
    assert view.seats[view.seat].has_opened
    assert [m.pieces for m in view.melds] == [tuple(parse_cards("qs qh qd")),
                                              tuple(parse_cards("7h 8h 9h"))]
    assert len(view.hand) == 14 - 6
    assert not any(i.startswith(("rami:hand:open:", "rami:leave:")) for i in laid.custom_ids())


@pytest.mark.parametrize(("locale", "missing", "refusal"), [
    (None, "of the 51 needed: 27 points more.",
     "Your opening must reach 51 points together; these melds make 24. Nothing was laid."),
    ("fr", "sur les 51 demandés : encore 27 points.",
     "Votre première pose doit atteindre 51 points au total ; ces combinaisons en font 24. "
     "Rien n'a été posé."),
])
async def test_a_short_opening_says_what_is_missing_and_is_refused_unchanged(
        fake: FakeDiscord, harness: BotHarness, dealt: None, locale: str | None,
        missing: str, refusal: str) -> None:
    channel, alice = await _start(fake, harness, locale)
    hand = await _drawn_hand(fake, channel, alice)
    await _pick(fake, alice, hand, "7h 8h 9h")
    assert missing in hand.text()
    before = await state(harness, channel)
    assert refused(await fake.click(alice, hand, "rami:hand:open:")) == refusal
    assert await state(harness, channel) == before


async def test_leaving_a_meld_out_unpicks_its_cards(
        fake: FakeDiscord, harness: BotHarness, dealt: None) -> None:
    channel, alice = await _start(fake, harness, None)
    hand = await _drawn_hand(fake, channel, alice)
    await _pick(fake, alice, hand, "7h 8h 9h qs qh qd")
    before = await state(harness, channel)
    left = assert_ok(await fake.click(alice, hand, "rami:leave:1:"))  # the queens
    assert [text for text, _ in _sections(left)][:1] == ["**Run 1**: 7♥ 8♥ 9♥ — 24 points"]
    assert "of the 51 needed: 27 points more." in left.text()
    picked = [o["value"] for o in left.component("rami:pick:a:")["options"] if o.get("default")]
    assert sorted(v.partition(":")[2] for v in picked) == ["7h", "8h", "9h"]
    assert await state(harness, channel) == before  # a pick changes no game


# ------------------------------------------------------------------ tile rummy

RACK = "r10 r11 r12 b5 k5 o5 k1 b3 o7 r9 k13 b11 o2 k8"  # 33 + 15, the rest no set
OTHER = "b1 o4 r6 k3 b8 o10 r2 k11 b13 o12 r4 k6 b9 o1"


@pytest.fixture
def racks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new tile match deals RACK to the first seat and OTHER to the second."""
    first, second = parse_tiles(RACK), parse_tiles(OTHER)
    dealt = [tile for pair in zip(first, second, strict=True) for tile in pair]

    def deck(rules: RuleSet) -> list[Any]:
        rest = Counter(tile_pool(rules))
        rest.subtract(dealt)
        return [*dealt, *sorted(rest.elements(), key=str)]

    _every_match_deals(monkeypatch, deck)


async def _tile_rack(fake: FakeDiscord, harness: BotHarness,
                     locale: str | None) -> tuple[int, User, Message]:
    channel = fake.channels[0]
    alice = fake.add_user("alice", locale=locale) if locale else fake.add_user("alice")
    bob = fake.add_user("bob")
    lobby = (await fake.slash(alice, channel, "rummy new", variant="tiles")).reply
    await fake.click(bob, lobby, "rami:lobby:join:")
    await fake.click(alice, lobby, "rami:lobby:start:")
    await harness.idle()
    rack = assert_ok(await fake.slash(alice, channel, "rummy hand"))
    return channel, alice, rack


async def _pick_tiles(fake: FakeDiscord, alice: User, rack: Message, tiles: str) -> None:
    values = tile_values(rack, tuple(parse_tiles(tiles)))
    assert values is not None
    assert (await fake.select(alice, rack, "rami:pick:a:", values)).response_type == 7


@pytest.mark.parametrize(("locale", "texts", "button"), [
    (None, ["**Group 1**: k5 b5 o5 — 15 points", "**Run 2**: r10 r11 r12 — 33 points",
            "**Opening: 48 points** of the 30 needed: enough to open."], "Lay them down"),
    ("fr", ["**Groupe 1** : k5 b5 o5 — 15 points", "**Suite 2** : r10 r11 r12 — 33 points",
            "**Première pose : 48 points** sur les 30 demandés : de quoi poser."],
     "Tout poser"),
])
async def test_a_racks_initial_meld_side_by_side_laid_with_one_button(
        fake: FakeDiscord, harness: BotHarness, racks: None, locale: str | None,
        texts: list[str], button: str) -> None:
    channel, alice, rack = await _tile_rack(fake, harness, locale)
    await _pick_tiles(fake, alice, rack, "o5 r12 b5 r10 k5 r11")
    shown = _sections(rack)
    assert sorted(text for text, _ in shown) == sorted(texts)
    assert [cid.rsplit(":", 1)[0] for _, cid in shown] == [
        "rami:leave:1", "rami:leave:2", "rami:tiles:open"]
    assert rack.component("rami:tiles:open:")["label"] == button
    assert_ok(await fake.click(alice, rack, "rami:tiles:open:"))
    assert harness.bot is not None
    view = await harness.bot.tables.hand(channel, alice.id)
    assert view.seats[view.seat].has_opened and len(view.melds) == 2
    assert sorted(str(t) for m in view.melds for t in m.pieces) == sorted(
        ["o5", "r12", "b5", "r10", "k5", "r11"])
    assert len(view.hand) == 14 - 6


async def test_a_short_initial_meld_says_what_is_missing_and_is_refused_unchanged(
        fake: FakeDiscord, harness: BotHarness, racks: None) -> None:
    channel, alice, rack = await _tile_rack(fake, harness, "fr")
    await _pick_tiles(fake, alice, rack, "b5 k5 o5")
    assert "**Première pose : 15 points** sur les 30 demandés : encore 15 points." in (
        rack.text())
    before = await state(harness, channel)
    assert refused(await fake.click(alice, rack, "rami:tiles:open:")) == (
        "Votre première pose vaut 15 points ; il en faut 30.")
    assert await state(harness, channel) == before


@pytest.mark.parametrize(("locale", "label"), [(None, "Suggest an opening"),
                                               ("fr", "Suggérer une pose")])
async def test_suggest_picks_the_best_opening_then_one_button_lays_it(
        fake: FakeDiscord, harness: BotHarness, dealt: None, locale: str | None,
        label: str) -> None:
    channel, alice = await _start(fake, harness, locale)
    hand = await _drawn_hand(fake, channel, alice)
    assert hand.component("rami:hand:suggest:")["label"] == label
    before = await state(harness, channel)
    suggested = assert_ok(await fake.click(alice, hand, "rami:hand:suggest:"))
    assert await state(harness, channel) == before  # picks only
    picked = [o["value"].partition(":")[2]
              for o in suggested.component("rami:pick:a:")["options"] if o.get("default")]
    assert sorted(picked) == sorted(["7h", "8h", "9h", "Qs", "Qh", "Qd"])
    assert len([cid for _, cid in _sections(suggested) if cid.startswith("rami:leave:")]) == 2
    assert_ok(await fake.click(alice, suggested, "rami:hand:open:"))
    assert harness.bot is not None
    view = await harness.bot.tables.hand(channel, alice.id)
    assert view.seats[view.seat].has_opened and len(view.melds) == 2
    again = assert_ok(await fake.slash(alice, channel, "rummy hand"))
    assert not any(i.startswith("rami:hand:suggest:") for i in again.custom_ids())  # opened
