"""A player's match history, a page at a time, and one match: on both stores."""

from __future__ import annotations

import pytest

from data import MatchSeat, Store
from tests.data.helpers import Clock

ANN, BOB, CAT = 101, 102, 103
GUILD, OTHER_GUILD = 9, 10


def seats(winner: int, *users: int | None) -> list[MatchSeat]:
    return [MatchSeat(user, f"player {user}", 50 * index, user == winner, 1, 0, 50 * index)
            for index, user in enumerate(users)]


async def finish(store: Store, clock: Clock, variant: str, *users: int | None,
                 guild: int = GUILD) -> int:
    clock.advance(60)
    game = await store.create_game(1, guild, ANN, variant, "{}")
    return await store.finish_match(game.id, guild, variant, seats(users[0] or 0, *users),
                                    end_state="{}")


async def test_pages_newest_first_with_the_player_only(store: Store, clock: Clock) -> None:
    ids = [await finish(store, clock, "rami51", ANN, None) for _ in range(7)]
    bob_only = await finish(store, clock, "rami51", BOB, CAT)
    elsewhere = await finish(store, clock, "rami51", ANN, BOB, guild=OTHER_GUILD)
    first = await store.player_history(GUILD, ANN, size=3)
    assert [m.id for m in first.matches] == ids[::-1][:3]
    assert (first.total, first.pages, first.page) == (7, 3, 0)
    assert [s.user_id for s in first.matches[0].seats] == [ANN, None]  # every seat, in order
    assert first.matches[0].seats[0].won and first.matches[0].variant == "rami51"
    last = await store.player_history(GUILD, ANN, page=2, size=3)
    assert [m.id for m in last.matches] == ids[:1]
    past = await store.player_history(GUILD, ANN, page=3, size=3)
    assert past.matches == () and past.total == 7
    assert bob_only not in [m.id for m in (await store.player_history(GUILD, ANN)).matches]
    assert [m.id for m in (await store.player_history(OTHER_GUILD, ANN)).matches] == [elsewhere]
    nobody = await store.player_history(GUILD, 999)
    assert (nobody.matches, nobody.total, nobody.pages) == ((), 0, 1)


async def test_a_variant_keeps_its_matches(store: Store, clock: Clock) -> None:
    fifty_one = await finish(store, clock, "rami51", ANN, BOB)
    tiles = await finish(store, clock, "tiles", BOB, ANN)
    assert [m.id for m in (await store.player_history(GUILD, ANN, variant="tiles")).matches
            ] == [tiles]
    page = await store.player_history(GUILD, ANN, variant="rami51")
    assert [m.id for m in page.matches] == [fifty_one] and page.total == 1
    assert (await store.player_history(GUILD, ANN)).total == 2


async def test_one_match_in_its_guild_only(store: Store, clock: Clock) -> None:
    match_id = await finish(store, clock, "rami51", ANN, BOB)
    found = await store.match(GUILD, match_id)
    assert found is not None and found.id == match_id and found.finished_at == clock.now
    assert [s.user_id for s in found.seats] == [ANN, BOB]
    assert found.game_id is not None and await store.game(found.game_id) is not None
    assert await store.match(OTHER_GUILD, match_id) is None
    assert await store.match(GUILD, match_id + 100) is None


@pytest.mark.parametrize("page", [-1, 1.5, True])
async def test_a_bad_page_is_refused(store: Store, page: object) -> None:
    with pytest.raises(ValueError, match="page"):
        await store.player_history(GUILD, ANN, page=page)  # type: ignore[arg-type]


async def test_the_latest_matches_newest_first_with_the_player_only(store: Store,
                                                                     clock: Clock) -> None:
    ids = [await finish(store, clock, "rami51", ANN, BOB) for _ in range(4)]
    await finish(store, clock, "tiles", BOB, CAT)  # without ann
    await finish(store, clock, "rami51", ANN, guild=OTHER_GUILD)
    latest = await store.latest_matches(GUILD, ANN, limit=3)
    assert [m.id for m in latest] == ids[::-1][:3]
    assert [s.user_id for s in latest[0].seats] == [ANN, BOB]  # with every seat
    assert [m.id for m in await store.latest_matches(GUILD, ANN)] == ids[::-1]
    assert await store.latest_matches(GUILD, 999) == []
    with pytest.raises(ValueError, match="limit must be a whole number from 1"):
        await store.latest_matches(GUILD, ANN, limit=0)
