"""Bringing the application's emojis up to date with the faces drawn now, at the start.

The faces are drawn in a thread (~1 s, once per process). One process of a cluster
uploads (cluster 0, as with the command sync): it reads the application's list (one
request), uploads what is missing and deletes Rami's stale emojis
(:func:`~bot.discord_app.core.emojis.plan`); the others only read the list, again a few
times while faces are missing (cluster 0 may still be uploading). A refused upload (the
2,000 reached, a picture refused, Discord down) is logged in one line and its face stays
written as text; the bot serves all along, the loading being a task of its own.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass

import discord

from bot.discord_app.core import emojis
from bot.discord_app.core.emojis import Held
from render.emoji import all_pngs

log = logging.getLogger("rami.bot")

READ_AGAIN = (5.0, 15.0, 30.0, 60.0, 120.0)  # seconds: a reader's waits while faces miss


@dataclass(frozen=True, slots=True)
class Loaded:
    """What a loading did: faces shown, emojis uploaded and deleted, faces left as text."""

    shown: int
    uploaded: int
    deleted: int
    failed: int
    seconds: float


async def load(client: discord.Client, *, uploads: bool,
               read_again: tuple[float, ...] = READ_AGAIN) -> Loaded:
    """Show the application's emojis of the faces drawn now (``uploads``: upload and
    delete first). Never raises for Discord's refusals: they are logged."""
    started = time.perf_counter()
    wanted = await asyncio.to_thread(all_pngs)
    try:
        held = await _held(client)
    except discord.HTTPException as exc:
        log.warning("emojis not loaded, cards written as text: listing failed status=%s "
                    "code=%s %s", exc.status, exc.code, exc.text)
        return Loaded(0, 0, 0, len(wanted), time.perf_counter() - started)
    if not uploads:
        return await _read(client, wanted, held, read_again, started)
    todo = emojis.plan(wanted, held)
    shown = dict(todo.keep)
    failed = list(todo.over_limit)
    uploaded = deleted = 0
    refusal = ""
    app = client.application_id
    assert app is not None  # known from the login on
    for emoji in todo.delete:  # first: their room is the new pictures'
        try:
            await client.http.delete_application_emoji(app, emoji.id)
            deleted += 1
        except discord.HTTPException as exc:
            refusal = refusal or f"delete {emoji.name}: status={exc.status} code={exc.code}"
    for key, name in todo.upload.items():
        try:
            made = await client.create_application_emoji(name=name, image=wanted[key])
        except discord.HTTPException as exc:
            failed.append(key)
            refusal = refusal or f"upload {name}: status={exc.status} code={exc.code} {exc.text}"
            if exc.code == 30018 or exc.status >= 500:  # the limit, or Discord down
                failed += [k for k in todo.upload if k not in shown and k not in failed
                           and k != key]
                break
            continue
        shown[key] = Held(made.id, made.name)
        uploaded += 1
    emojis.use(shown)
    loaded = Loaded(len(shown), uploaded, deleted, len(failed), time.perf_counter() - started)
    if failed or refusal:
        log.warning("emojis partly loaded, %d faces written as text: %s%s", len(failed),
                    refusal or "the application's 2000 emojis are reached",
                    f" over_limit={len(todo.over_limit)}" if todo.over_limit else "")
    log.info("emojis loaded shown=%d uploaded=%d deleted=%d failed=%d seconds=%.2f",
             loaded.shown, uploaded, deleted, loaded.failed, loaded.seconds)
    return loaded


async def _held(client: discord.Client) -> list[Held]:
    return [Held(emoji.id, emoji.name) for emoji in await client.fetch_application_emojis()]


async def _read(client: discord.Client, wanted: dict[str, bytes], held: list[Held],
                read_again: tuple[float, ...], started: float) -> Loaded:
    """Show what the application holds, reading again while faces are missing."""
    waits = iter(read_again)
    while True:
        todo = emojis.plan(wanted, held)
        emojis.use(todo.keep)
        missing = len(wanted) - len(todo.keep)
        wait = next(waits, None) if missing else None
        if wait is None:
            break
        await asyncio.sleep(wait)
        try:
            held = await _held(client)
        except discord.HTTPException:
            continue
    loaded = Loaded(len(todo.keep), 0, 0, missing, time.perf_counter() - started)
    log.info("emojis read shown=%d missing=%d seconds=%.2f", loaded.shown, missing,
             loaded.seconds)
    return loaded
