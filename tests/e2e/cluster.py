"""Whole games against bot processes that run elsewhere: each person reads their own hand
from the shared database (as a human reads the hand message) and plays through the fake
Discord; what the game log says of who played each turn.

The bot processes (``BotProcess``) save every action before they answer it, so once the
fake has the answer the database shows its effect.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from bot.discord_app.fake import FakeDiscord, Message, User
from bot.session import Status, TableDoc
from data import LogEntry, Store, StoredGame
from engine.game import Game
from engine.views import Phase, PlayerView
from tests.e2e.harness import BotHarness
from tests.e2e.players import Human, last_with

_SEAT = re.compile(r"seat (\d+): ")


@dataclass(frozen=True, slots=True)
class Saved:
    """A channel's game as the database holds it."""

    row: StoredGame
    doc: TableDoc
    game: Game | None

    @property
    def over(self) -> bool:
        return self.doc.status is Status.MATCH_OVER

    @property
    def between_rounds(self) -> bool:
        return self.game is not None and self.game.phase is Phase.ROUND_OVER

    @property
    def current_user(self) -> int | None:
        """The person whose turn it is (None: a computer's, or no turn open)."""
        if self.game is None or self.game.phase not in (Phase.DRAW, Phase.PLAY):
            return None
        return self.doc.seats[self.game.current].user_id


async def saved(store: Store, game_id: int) -> Saved:
    """The game ``game_id`` as saved."""
    row = await store.game(game_id)
    assert row is not None, f"no game {game_id}"
    doc, game = TableDoc.from_json(row.state)
    return Saved(row, doc, game)


class RemoteHuman(Human):
    """A person playing with ``/rummy`` commands; their view is read from the database."""

    def __init__(self, fake: FakeDiscord, store: Store, user: User, channel: int,
                 game_id: int, seed: int) -> None:
        super().__init__(fake, cast(BotHarness, None), user, channel, "slash", seed)
        self.store, self.game_id = store, game_id
        self.level = "hard"  # rounds end sooner: the test's time goes to the bots' work

    async def view(self) -> PlayerView:
        now = await saved(self.store, self.game_id)
        assert now.game is not None
        seat = next(i for i, s in enumerate(now.doc.seats) if s.user_id == self.user.id)
        return now.game.view(seat)

    async def rules(self) -> object:
        return (await saved(self.store, self.game_id)).doc.rules


@dataclass(slots=True)
class ClusterGame:
    """One channel's game: two people and a computer, ``game_id`` once opened."""

    fake: FakeDiscord
    store: Store
    channel: int
    seed: int
    game_id: int = 0
    humans: dict[int, RemoteHuman] | None = None

    async def open(self, variant: str = "classic", target: int = 1) -> None:
        """alice opens a lobby, bob joins, alice seats a computer and starts."""
        fake, channel = self.fake, self.channel
        alice = fake.add_user(f"alice{self.seed}")
        bob = fake.add_user(f"bob{self.seed}")
        lobby = (await fake.slash(alice, channel, "rummy new", variant=variant,
                                  target=target)).reply
        assert (await fake.click(bob, lobby, "rami:lobby:join:")).response_type == 7
        assert (await fake.click(alice, lobby, "rami:lobby:aihard:")).response_type == 7
        assert (await fake.click(alice, lobby, "rami:lobby:start:")).response_type == 7
        row = await self.store.active_game(channel)
        assert row is not None
        self.game_id = row.id
        self.humans = {u.id: RemoteHuman(fake, self.store, u, channel, row.id,
                                         seed=self.seed * 10 + n)
                       for n, u in enumerate((alice, bob))}

    async def now(self) -> Saved:
        return await saved(self.store, self.game_id)

    async def play(self, *, stop: Callable[[Saved], bool] = lambda _: False,
                   timeout: float = 90.0) -> Saved:
        """Play the people's turns (and click Next round) until the match is over or
        ``stop`` holds before a person's turn; the game as it then stands."""
        assert self.humans is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            now = await self.now()
            if now.over:
                return now
            user = now.current_user
            if user is not None:
                if stop(now):
                    return now
                await self.humans[user].play_turn()
                continue
            if now.between_rounds and (table := _next_round(self.fake, self.channel)):
                await self.fake.click(next(iter(self.humans.values())).user, table,
                                      "rami:table:next:")
            await asyncio.sleep(0.02)
        now = await self.now()
        phase = now.game.phase if now.game is not None else None
        raise AssertionError(f"game {self.game_id} did not get on within {timeout} s: "
                             f"{now.doc.status}, {phase}, version {now.row.version}")


def _next_round(fake: FakeDiscord, channel: int) -> Message | None:
    """The channel's message with a Next round button (None: not posted yet)."""
    try:
        return last_with(fake, channel, "rami:table:next:")
    except AssertionError:
        return None


def turns_played_for(log: list[LogEntry], doc: TableDoc) -> int:
    """How many people's turns the bot played for them (a timed-out turn): runs of log
    entries without an actor on a person's seat."""
    runs, previous = 0, None
    for entry in log:
        seat = _SEAT.match(entry.action)
        timed_out = (seat is not None and entry.actor is None
                     and doc.seats[int(seat[1])].user_id is not None)
        key = int(seat[1]) if seat is not None and timed_out else None
        if key is not None and key != previous:
            runs += 1
        previous = key
    return runs


def versions_contiguous(log: list[LogEntry]) -> bool:
    """The log's versions are 1, 2, 3… with no gap and no repeat."""
    return [entry.version for entry in log] == list(range(1, len(log) + 1))
