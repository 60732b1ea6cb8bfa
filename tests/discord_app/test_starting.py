"""Discord's session start budget: a start that would leave too few is refused, and the
identifies are spaced by bucket (``shard_id % max_concurrency``) every 5 seconds."""

from __future__ import annotations

import pytest

from bot.discord_app.starting import IdentifyBudgetLow, IdentifyPacer, check_budget


@pytest.mark.parametrize(("remaining", "needed", "reserve", "refused"), [
    (1000, 4, 10, False), (14, 4, 10, False), (13, 4, 10, True), (1, 1, 0, False),
    (1, 2, 0, True), (0, 1, 0, True),
])
def test_budget(remaining: int, needed: int, reserve: int, refused: bool) -> None:
    def check() -> None:
        check_budget(remaining=remaining, total=1000, reset_after_ms=3_723_000,
                     needed=needed, reserve=reserve)

    if not refused:
        check()
        return
    with pytest.raises(IdentifyBudgetLow, match=f"allows {remaining} more .* in 1 h 2 min"):
        check()


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@pytest.mark.parametrize(("concurrency", "shards", "waits"), [
    (1, [0, 1, 2, 3], [0, 5, 5, 5]),  # one bucket: 5 s between identifies
    (16, [0, 1, 2, 3], [0, 0, 0, 0]),  # a bucket each: no wait
    (2, [1, 3, 5], [0, 5, 5]),  # every odd shard shares bucket 1
    (2, [0, 1, 2, 3], [0, 0, 5, 0]),  # 3 waits for nothing: 5 s passed for its bucket
])
async def test_pacer_spaces_identifies_by_bucket(concurrency: int, shards: list[int],
                                                 waits: list[float]) -> None:
    time = FakeTime()
    pacer = IdentifyPacer(concurrency, clock=time.clock, sleep=time.sleep)
    assert [await pacer.wait(shard) for shard in shards] == waits


async def test_pacer_waits_only_what_is_left_of_the_window() -> None:
    time = FakeTime()
    pacer = IdentifyPacer(1, clock=time.clock, sleep=time.sleep)
    await pacer.wait(None)
    time.now += 3.5  # a reidentify 3.5 s later
    assert await pacer.wait(None) == pytest.approx(1.5)
