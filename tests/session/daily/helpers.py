"""Helpers of the daily championship's tests: a store, a settable clock, a player's policy."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.session import Player, SessionError
from bot.session.daily import Daily, TryState
from data import Store
from engine.actions import Action
from engine.ai import choose_action
from engine.variants import variant
from tests.data.helpers import Clock

GUILD = 7
SECRET = b"the secret of the tests' deals"  # so that every run deals the same games
ALICE, BOB = Player(1, "Alice"), Player(2, "Bob")
PARIS = ZoneInfo("Europe/Paris")

__all__ = ["ALICE", "BOB", "GUILD", "PARIS", "SECRET", "Clock", "at", "finish_try", "new_daily",
           "play_to_end", "player_move", "refused"]


def new_daily(store: Store, clock: Clock) -> Daily:
    """The championship on ``store`` (a process of the bot), with the tests' secret."""
    return Daily(store, clock=clock, secret_source=lambda: SECRET)


@contextlib.contextmanager
def refused(code: str) -> Iterator[None]:
    """Expect the session to refuse with the catalog key ``code``."""
    with pytest.raises(SessionError) as error:
        yield
    assert error.value.code == code


def at(year: int, month: int, day: int, hour: int = 12, minute: int = 0, second: int = 0,
       zone: str = "Europe/Paris") -> float:
    """An instant written on a zone's clock."""
    return datetime(year, month, day, hour, minute, second, tzinfo=ZoneInfo(zone)).timestamp()


def player_move(state: TryState) -> Action:
    """The move a test player makes in a position: the medium computer's, drawn from the
    position alone, so that two players in the same position make the same move."""
    view = state.view
    rng = random.Random(f"player:{view.turn}:{len(view.hand)}:{view.phase}:{len(view.melds)}")
    return choose_action(view, variant(view.variant).with_overrides(target=0), "medium", rng)


async def finish_try(daily: Daily, guild_id: int, player: Player,
                     moves: list[tuple[int, Action]] | None = None) -> TryState:
    """Start (or continue) the player's try with ``play`` and play it to its end,
    collecting every move (the player's as seat 0) in ``moves``."""
    return await play_to_end(daily, guild_id, player, await daily.play(guild_id, player), moves)


async def play_to_end(daily: Daily, guild_id: int, player: Player, state: TryState,
                      moves: list[tuple[int, Action]] | None = None) -> TryState:
    """Play the try ``state`` shows to its end, as its message's buttons would."""
    while state.result is None:
        action = player_move(state)
        if moves is not None:
            moves.append((0, action))
        state = await daily.act(guild_id, player.user_id, [action], ref=state.ref)
        if moves is not None:
            moves.extend(state.moves)
    return state
