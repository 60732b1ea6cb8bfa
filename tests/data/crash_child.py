"""The child process of the crash test: plays several real engine games at once (seeded
random legal moves), saving after every action, until killed or every game is over.
Prints one line per committed save: "<channel> <version>".

    python crash_child.py DB_PATH SEED GAMES MAX_ACTIONS

Resumes the games it finds active, so the parent can kill it and start it again. Each saved
state records the version and action it belongs to, so the parent can check that the state
and the log agree.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys

from data import Store, StoredGame
from engine import Game, variant
from engine.views import Phase

PLAYERS = ("Ann", "Bob", "Cat")


def state_text(game: Game, version: int, action: str | None) -> str:
    return json.dumps({"version": version, "last_action": action, "game": game.to_json()})


def next_action(game: Game, rng: random.Random) -> str:
    """Play one action (a random legal move, or dealing the next round); return its text."""
    if game.phase is Phase.ROUND_OVER:
        game.start_next_round()
        return f"round {game.round_number} dealt"
    move = rng.choice(game.legal_moves())
    seat = game.current
    game.apply(seat, move)
    return f"seat {seat + 1}: {move}"


async def play(store: Store, stored: StoredGame, max_actions: int, seed: int) -> None:
    rng = random.Random(seed * 100_003 + stored.channel_id * 1_009 + stored.version)
    game = Game.from_json(json.loads(stored.state)["game"])
    version = stored.version
    while version < max_actions and game.phase is not Phase.MATCH_OVER:
        action = next_action(game, rng)
        version = await store.save(
            stored.id, state_text(game, version + 1, action), actor=stored.channel_id,
            action=action, expected_version=version,
        )  # fmt: skip
        print(stored.channel_id, version, flush=True)
        # Games move at different paces, so a batch holds saves of a varying set of games.
        for _ in range(rng.randrange(4)):
            await asyncio.sleep(0)
    final = json.loads(state_text(game, version, action if version else None))
    await store.end_game(stored.id, "finished", json.dumps({**final, "over": True}))


async def main(path: str, seed: int, games: int, max_actions: int) -> None:
    async with await Store.open(path) as store:
        active = {game.channel_id: game for game in await store.active_games()}
        for channel in range(1, games + 1):
            if channel not in active and await store.game(channel) is None:
                # Game ids are given in channel order by the first run: game id == channel.
                game = Game.new(variant("classic"), PLAYERS, seed=channel)
                start = state_text(game, 0, None)
                active[channel] = await store.create_game(channel, 1, channel, "classic", start)
        print("ready", flush=True)
        await asyncio.gather(*(play(store, game, max_actions, seed) for game in active.values()))
    print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
