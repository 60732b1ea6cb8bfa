"""Skill ratings through the fake Discord: a match played to its end shows each seat's
rating before and after, and the leaderboard then ranks by those ratings."""

from __future__ import annotations

import re

from bot.discord_app.fake import FakeDiscord
from tests.e2e.harness import BotHarness
from tests.e2e.players import last_with, play_match


async def test_a_finished_match_shows_ratings_before_and_after_and_ranks_by_them(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel = fake.channels[2]
    await play_match(fake, harness, "rami30", 1, channel)
    await harness.idle()
    assert harness.bot is not None
    ranking = last_with(fake, channel, "rami:table:rematch:")
    text = ranking.text()
    assert "Skill ratings" in text
    moves = re.findall(r"^(.+): (-?\d+\.\d) → (-?\d+\.\d) \(([+-]?\d+\.\d)\)$", text, re.M)
    assert len(moves) == 3  # alice, bob and the computer
    assert all(before == "0.0" for _, before, _, _ in moves)  # everybody's first match
    after = {name: float(value) for name, _, value, _ in moves}

    alice = next(u for u in fake.users.values() if u.name == "alice")
    board = (await fake.slash(alice, channel, "rummy leaderboard", variant="rami30")).reply
    lines = board.content.splitlines()[1:3]
    people = sorted((name for name in after if name in ("alice", "bob")),
                    key=lambda name: -after[name])
    assert [line.split(". ", 1)[1].split(":")[0] for line in lines] == people
    stored = await harness.bot.store.rating_board(fake.guild_id, "rami30")
    assert [round(row.ordinal, 1) for row in stored] == [after[name] for name in people]
