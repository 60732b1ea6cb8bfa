"""The application's emojis at the start, through the fake Discord: drawing the faces, a
first start uploading them all, a restart uploading nothing, a changed picture replacing
its one emoji; ``--sheet PATH`` also writes every face on one picture to look at.

    .venv/bin/python bench/emoji_bench.py
    .venv/bin/python bench/emoji_bench.py --sheet /tmp/emojis.png

On loopback the upload costs the fake's and discord.py's work only: on Discord each
creation is a rate-limited request (tens to hundreds of milliseconds), so the first start's
upload takes about a minute there, in the background of a bot already serving.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

from bot.discord_app import emoji_upload, on_fake
from bot.discord_app.fake import FakeDiscord
from render import emoji


async def one_start(fake: FakeDiscord, db: Path) -> tuple[emoji_upload.Loaded, float]:
    """A bot started, its emojis loaded, stopped: what the loading did, and the seconds
    from the start to the emojis shown."""
    began = time.perf_counter()
    bot, running = await on_fake.start(on_fake.fake_settings(fake, db), load_emojis=True,
                                       guild_ready_timeout=0.01)
    try:
        loaded = await bot.emoji_loading
        return loaded, time.perf_counter() - began
    finally:
        await on_fake.stop(bot, running)


def report(label: str, loaded: emoji_upload.Loaded, total: float) -> None:
    print(f"{label:<20} shown={loaded.shown:>3} uploaded={loaded.uploaded:>3} "
          f"deleted={loaded.deleted} loading={loaded.seconds:6.3f} s "
          f"start_to_shown={total:6.3f} s")


async def main(options: argparse.Namespace) -> None:
    began = time.perf_counter()
    pngs = emoji.all_pngs()
    drawn = time.perf_counter() - began
    sizes = sorted(len(png) for png in pngs.values())
    print(f"faces={len(pngs)} drawn_cold={drawn:.3f} s bytes_total={sum(sizes)} "
          f"bytes_max={sizes[-1]} bytes_median={sizes[len(sizes) // 2]}")
    if options.sheet:
        Path(options.sheet).write_bytes(emoji.emoji_sheet())
        print(f"sheet written to {options.sheet}")
    fake = FakeDiscord()
    await fake.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / "rami.sqlite3"
            for label in ("first start", "restart"):
                report(label, *await one_start(fake, db))
            redrawn = dict(pngs)
            redrawn["cQs"] = pngs["cKs"]  # a new design of the queen of spades
            emoji_upload.all_pngs = lambda: redrawn  # type: ignore[assignment]
            report("one picture changed", *await one_start(fake, db))
    finally:
        await fake.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sheet", help="write every face on one PNG there")
    asyncio.run(main(parser.parse_args(sys.argv[1:])))
