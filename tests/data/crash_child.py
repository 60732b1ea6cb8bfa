"""The child process of the crash test: plays several games at once, saving after every
action, until killed (or done). Prints one line per committed save: "<channel> <version>".

    python crash_child.py DB_PATH SEED GAMES ACTIONS

Resumes the games it finds active, so the parent can kill it and start it again. Each state
records the version and action it belongs to, so the parent can check state and log agree.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys

from data import Store, StoredGame

SUITS = "cdhs"
RANKS = "A23456789TJQK"


def next_state(state: dict[str, object], version: int, rng: random.Random) -> tuple[str, str]:
    """A realistic-sized synthetic state (hands of cards, ~4 KB) that changes every action."""
    cards = [rank + suit for suit in SUITS for rank in RANKS] * 2
    rng.shuffle(cards)
    action = f"discard {cards[0]} #{version}"
    new = {
        **state,
        "version": version,
        "last_action": action,
        "hands": [cards[i * 14 : (i + 1) * 14] for i in range(4)],
        "discard_pile": cards[56:90],
        "history": [f"move {n}" for n in range(version % 120)],
    }
    return json.dumps(new), action


async def play(store: Store, game: StoredGame, actions: int, seed: int) -> None:
    rng = random.Random(seed * 100_003 + game.channel_id * 1_009 + game.version)
    state = json.loads(game.state)
    version = game.version
    while version < actions:
        text, action = next_state(state, version + 1, rng)
        version = await store.save(
            game.id, text, actor=game.channel_id, action=action, expected_version=version
        )
        state = json.loads(text)
        print(game.channel_id, version, flush=True)
        # Games move at different paces, so a batch holds saves of a varying set of games.
        for _ in range(rng.randrange(4)):
            await asyncio.sleep(0)
    await store.end_game(game.id, "finished", json.dumps({**state, "over": True}))


async def main(path: str, seed: int, games: int, actions: int) -> None:
    async with await Store.open(path) as store:
        active = {game.channel_id: game for game in await store.active_games()}
        for channel in range(1, games + 1):
            if channel not in active and not await _finished(store, channel):
                start = json.dumps({"version": 0, "last_action": None, "channel": channel})
                active[channel] = await store.create_game(channel, 1, channel, "classic", start)
        print("ready", flush=True)
        await asyncio.gather(*(play(store, game, actions, seed) for game in active.values()))
    print("done", flush=True)


async def _finished(store: Store, channel: int) -> bool:
    # Game ids are created in channel order by the first run: game id == channel.
    game = await store.game(channel)
    return game is not None and game.status == "finished"


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
