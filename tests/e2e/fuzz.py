"""A seeded fuzzer of the bot through the fake Discord.

Random and malformed interactions: every synced command with options of any type and
size (huge and odd Unicode text, numbers that are not, missing and unknown options),
autocomplete, clicks and menu picks on any message by anyone (stale ones included), forged
and unknown custom ids, forms, direct messages and threads, bursts sent at once, and
restarts and kills of the bot in between; legitimate moves and a short turn time-out keep
games going deep (rounds over, matches over, rematches). It checks that the bot never
stops, answers every interaction within Discord's limits and never with an apology, logs
no error, and that every saved game agrees with its log (:mod:`tests.e2e.consistency`).

``Fuzzer(fake, harness, seed).run(seconds)`` returns its :class:`Findings`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.discord_app.core.layout import MOST_COMPONENTS, MOST_TEXT
from bot.discord_app.core.replies import LIMITS
from bot.discord_app.fake import (
    MANAGE_GUILD,
    MEMBER_PERMISSIONS,
    FakeDiscord,
    Interaction,
    Message,
    User,
    option_type,
    snowflake,
)
from bot.discord_app.fake.limits import COMPONENTS_V2
from bot.session import Status
from data import Store
from engine import format_cards
from engine.ai import choose_action
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.i18n import t
from engine.tiles.actions import Pass, Play
from engine.tiles.tile import format_tiles
from engine.views import Phase
from tests.e2e import raw
from tests.e2e.consistency import inconsistent_games
from tests.e2e.harness import BotHarness
from tests.e2e.players import with_component

ANSWER_WITHIN = 10.0  # seconds: far more than Discord's 3 (the machine is shared)
PLAUSIBLE = [
    "7h", "10♥", "Q♠ Q♥ Q♦", "7h 8h 9h | qs qh qd", "1 2 3", "1", "3", "jk", "k5 k6 k7",
    "r1 r2 r3 | b4 b5 b6", "stock", "discard", "easy", "hard", "classic", "rami51", "tiles",
    "target", "jokers", "hand_sizes", "opening_minimum", "50", "true", "one", "2:10, 3:7",
    "16", "0", "auto", "fr", "dark",
]  # fmt: skip
ODD = [
    "", " ", "x" * 6000, "|" * 6000, "²", "١٢", "9" * 5000, "-1", "-" + "9" * 400, "\u200b",
    "\u202eevil", "🃏" * 500, "e\u0301" * 300, "\x00", "<@123456789012345678>", "@everyone",
    "[Free Nitro](https://evil.example)", "```", "%s %d {0} {name} {token!r}", "\\", "null",
    "NaN", "1e9", "ᚠᛇᚻ", "𝟕𝐡", "７ｈ", "#1", "1.5", "0x10", " 7h ", "7h,8h;9h", "||||",
]  # fmt: skip
NAMES = ["alice", "Bob", "[Free Nitro](https://evil.example)", "@everyone", "**bold**",
         "\u202eevil", "ζωή", "🃏 joker 🃏", "x" * 32, "`tick`"]
BOT_TASKS = ("discord.py: ", "discord-ui-", "CommandTree-invoker", "computer:", "timer:",
             "publisher-")


@dataclass
class Findings:
    """What a run sent and what it found wrong (``problems`` empty: nothing)."""

    sent: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    restarts: int = 0
    kills: int = 0
    games: int = 0

    def summary(self) -> str:
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self.sent.items()))
        return (f"{sum(self.sent.values())} interactions ({kinds}); {self.restarts} restarts, "
                f"{self.kills} kills; {self.games} games checked; "
                f"{len(self.problems)} problems")


class _Errors(logging.Handler):
    """Error records of a run (those of a bot being killed do not count)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.seen: list[str] = []
        self.quiet = False

    def emit(self, record: logging.LogRecord) -> None:
        if not self.quiet:
            self.seen.append(f"{record.name}: {record.getMessage()[:300]}")


class Fuzzer:
    """Random interactions for the bot of ``harness``, seeded: a run replays."""

    def __init__(self, fake: FakeDiscord, harness: BotHarness, seed: int) -> None:
        self.fake, self.harness, self.rng = fake, harness, random.Random(seed)
        self.found = Findings()
        perms = MEMBER_PERMISSIONS | MANAGE_GUILD
        self.users = [fake.owner] + [
            fake.add_user(name, permissions=perms if n % 4 == 0 else MEMBER_PERMISSIONS,
                          locale="fr" if n % 3 == 0 else "en-US")
            for n, name in enumerate(NAMES)]
        self.threads = [(snowflake(), self.rng.choice(fake.channels)) for _ in range(2)]
        self.commands = _leaves(fake.guild_commands)
        self.internal = {t("bot.error.internal", lang) for lang in ("en", "fr")}
        self.errors = _Errors()

    # ------------------------------------------------------------------ the run
    async def run(self, seconds: float) -> Findings:
        """Fuzz for ``seconds``, then check every saved game; returns the findings."""
        steps: list[tuple[Callable[[], Awaitable[None]], int]] = [
            (self._command, 30), (self._click, 25), (self._move, 25), (self._autocomplete, 6),
            (self._forged, 5), (self._burst, 4), (self._restart, 1), (self._kill, 1)]
        actions, weights = zip(*steps, strict=True)
        logging.getLogger().addHandler(self.errors)
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        try:
            while loop.time() < end:
                await self.rng.choices(actions, weights)[0]()
                self._check_alive()
            await self._settle_bot()
            self._check_messages()
            await self._check_games()
        finally:
            logging.getLogger().removeHandler(self.errors)
        self.found.problems += [f"logged: {line}" for line in self.errors.seen]
        return self.found

    async def _settle_bot(self) -> None:
        assert self.harness.bot is not None
        for channel in self._channels():
            await self.harness.bot.tables.idle(channel)
        await self.harness.idle()

    async def _check_games(self) -> None:
        """Check every saved game once the bot is stopped (its turn timer would otherwise
        play between reading a game and reading its log)."""
        await self.harness.stop()
        store = await Store.open(self.harness.db_path)
        try:
            self.found.problems += await inconsistent_games(store)
            while await store.game(self.found.games + 1) is not None:
                self.found.games += 1
        finally:
            await store.close()

    def _check_alive(self) -> None:
        task = self.harness._task
        if task is not None and task.done():
            error = task.exception() if not task.cancelled() else "cancelled"
            self.found.problems.append(f"the bot stopped: {error!r}")
            raise AssertionError(self.found.problems[-1])

    # ------------------------------------------------------------------ interactions
    async def _answered(self, label: str, it: Interaction) -> None:
        """Wait for the answer of ``it`` and check it."""
        self.found.sent[label] += 1
        try:
            await self.fake.settle(it, ANSWER_WITHIN)
        except TimeoutError:
            self.found.problems.append(f"{label}: no answer to {_data_of(it)}")
            return
        for message in it.replies:
            if message.text() and message.text().strip() in self.internal:
                self.found.problems.append(f"{label}: 'something went wrong' for {_data_of(it)}")
        if it.choices is not None:
            self._check_choices(label, it.choices)

    def _check_choices(self, label: str, choices: list[dict[str, Any]]) -> None:
        if len(choices) > 25 or any(not 1 <= len(str(c["name"])) <= 100
                                    or len(str(c["value"])) > 100 for c in choices):
            self.found.problems.append(f"{label}: autocomplete beyond Discord's limits")

    def _place(self) -> tuple[raw.Place, int | None, int | None]:
        """Where an interaction comes from: mostly a channel, sometimes a thread or a DM."""
        roll = self.rng.random()
        if roll < 0.05:
            return "dm", snowflake(), None
        if roll < 0.15:
            thread, parent = self.rng.choice(self.threads)
            return "thread", thread, parent
        return "channel", self.rng.choice(self.fake.channels), None

    async def _command(self) -> None:
        it = await self._send_command(*self.rng.choice(self.commands))
        await self._answered("command", it)

    async def _send_command(self, path: str, spec: list[dict[str, Any]]) -> Interaction:
        place, channel, parent = self._place()
        data = raw.command_data(self.fake, path, self._options(spec))
        if self.rng.random() < 0.02:
            data["name"] = "bogus"  # a command the bot does not have
        return await raw.send(self.fake, self.rng.choice(self.users), raw.COMMAND, data,
                              place=place, channel_id=channel, parent_id=parent,
                              locale=self.rng.choice(["en-US", "fr", "de"]))

    async def _autocomplete(self) -> None:
        candidates = [(p, s) for p, s in self.commands if any(o.get("autocomplete") for o in s)]
        path, spec = self.rng.choice(candidates)
        options = self._options(spec)
        focusable = [o for o in options if o["type"] in (3, 4)]
        if not focusable:
            return
        focused = self.rng.choice(focusable)
        focused["focused"] = True
        focused["value"] = str(focused["value"])[:6000]
        place, channel, parent = self._place()
        it = await raw.send(self.fake, self.rng.choice(self.users), raw.AUTOCOMPLETE,
                            raw.command_data(self.fake, path, options), place=place,
                            channel_id=channel, parent_id=parent)
        await self._answered("autocomplete", it)

    async def _click(self) -> None:
        messages = [m for m in self.fake.all_messages() if m.custom_ids()]
        if not messages:
            return await self._command()
        message = self.rng.choice(messages)
        component = self.rng.choice([c for c in message.flat_components() if "custom_id" in c])
        data: dict[str, Any] = {"custom_id": component["custom_id"],
                                "component_type": component["type"]}
        if component["type"] == 3:
            values = [o["value"] for o in component.get("options", [])]
            picked = self.rng.sample(values, self.rng.randint(0, len(values)))
            data["values"] = picked if self.rng.random() < 0.8 else [self._text()]
        owner = self._owner(message)
        user = owner if owner is not None and self.rng.random() < 0.6 else self.rng.choice(
            self.users)
        place, channel, parent = self._where(message.channel_id)
        it = await raw.send(self.fake, user, raw.COMPONENT, data, message=message, place=place,
                            channel_id=channel, parent_id=parent)
        await self._answered("click", it)

    async def _forged(self) -> None:
        channel = self.rng.choice([*self.fake.channels, 1, snowflake()])
        family = self.rng.choice(["lobby", "table", "hand", "tiles", "pick", "rules", "forget",
                                  "nope", ""])
        custom_id = self.rng.choice([
            f"rami:{family}:{self.rng.choice(['join', 'draw', 'a', 'next', 'yes', 'x'])}:{channel}",
            f"rami:{family}:{self._text()[:60]}", self._text()[:100], "rami:pick:a:1:2:3"])
        message = self.rng.choice([None, *self.fake.all_messages()[-5:]])
        kind = raw.MODAL if self.rng.random() < 0.1 else raw.COMPONENT
        data = {"custom_id": custom_id, "component_type": self.rng.choice([2, 3]),
                "values": [self._text()[:100]], "components": []}
        place, where, parent = (self._place() if message is None
                                else self._where(message.channel_id))
        it = await raw.send(self.fake, self.rng.choice(self.users), kind, data, message=message,
                            place=place, channel_id=where, parent_id=parent)
        await self._answered("forged", it)

    async def _burst(self) -> None:
        """Several interactions at the same instant (double clicks, races)."""
        sent: list[Awaitable[None]] = []
        for _ in range(self.rng.randint(2, 4)):
            if self.rng.random() < 0.5:
                it = await self._send_command(*self.rng.choice(self.commands))
                sent.append(self._answered("burst", it))
            else:
                sent.append(self._click())
        await asyncio.gather(*sent)

    # ------------------------------------------------------------------ playing
    async def _move(self) -> None:
        """A legitimate step: a seated human's move, the next round, a start, a lobby."""
        bot = self.harness.bot
        assert bot is not None
        channel = self.rng.choice(self._channels())
        snapshot = await bot.tables.snapshot(channel)
        if snapshot is None or snapshot.status is Status.MATCH_OVER:
            user = self.rng.choice(self.users)
            variant = self.rng.choice(["classic", "rami51", "rami30", "gameduell", "tiles"])
            await self._play_command(user, channel, "rummy new", variant=variant, target=1)
            await self._play_command(user, channel, "rummy join")
            return
        seated = [s for s in snapshot.seats if s.user_id is not None]
        if snapshot.status is Status.LOBBY:
            user = self._user(seated[0].user_id) if seated else self.rng.choice(self.users)
            if len(snapshot.seats) < 2:
                await self._play_command(self.rng.choice(self.users), channel, "rummy join")
            else:
                await self._play_command(user, channel, "rummy start")
            return
        view = snapshot.view
        if view is None or view.phase not in (Phase.DRAW, Phase.PLAY):
            await self._next_round(channel, seated)
            return
        seat = snapshot.seats[view.current]
        if seat.user_id is None:
            return
        mine = await bot.tables.hand(channel, seat.user_id)
        if mine.current != mine.seat or mine.phase not in (Phase.DRAW, Phase.PLAY):
            return  # the turn timed out meanwhile (the snapshot is a moment older)
        action = choose_action(mine, snapshot.rules, "easy", self.rng)
        command, options = _as_command(action)
        await self._play_command(self._user(seat.user_id), channel, command, **options)

    async def _next_round(self, channel: int, seated: list[Any]) -> None:
        buttons = with_component(self.fake, channel, "rami:table:next:")
        if buttons and seated:
            place, _, parent = self._where(channel)
            it = await raw.send(self.fake, self._user(seated[0].user_id), raw.COMPONENT,
                                {"custom_id": buttons[-1].custom_ids()[0], "component_type": 2},
                                message=buttons[-1], place=place, channel_id=channel,
                                parent_id=parent)
            await self._answered("move", it)

    async def _play_command(self, user: User, channel: int, path: str, **options: Any) -> None:
        typed = [{"name": k, "type": option_type(v), "value": v} for k, v in options.items()]
        place, _, parent = self._where(channel)
        it = await raw.send(self.fake, user, raw.COMMAND,
                            raw.command_data(self.fake, path, typed), place=place,
                            channel_id=channel, parent_id=parent)
        await self._answered("move", it)

    # ------------------------------------------------------------------ restarts and kills
    async def _restart(self) -> None:
        self.found.restarts += 1
        await self.harness.restart()

    async def _kill(self) -> None:
        """An interaction in flight, then the bot dies where it stands: its tasks are
        cancelled wherever they are (what was committed stays), and a new bot starts on
        the same database."""
        self.found.kills += 1
        await self._send_command(*self.rng.choice(self.commands))  # left unanswered
        await asyncio.sleep(self.rng.random() * 0.02)
        self.errors.quiet = True  # what a dying bot logs is not a finding
        try:
            me = asyncio.current_task()
            for task in asyncio.all_tasks():
                name = task.get_name()
                coro = getattr(task.get_coro(), "__qualname__", "")
                if task is not me and (name.startswith(BOT_TASKS) or coro == "_guarded"):
                    task.cancel()
            with contextlib.suppress(Exception):
                await self.harness.stop()
            await self.harness.start()
            await asyncio.sleep(0.05)  # stray tasks of the dead bot end meanwhile
        finally:
            self.errors.quiet = False

    # ------------------------------------------------------------------ values
    def _options(self, spec: list[dict[str, Any]]) -> list[dict[str, Any]]:
        options = []
        for option in spec:
            required = option.get("required", False)
            if self.rng.random() < (0.03 if required else 0.5):
                continue  # a required option missing, or an optional one left out
            options.append({"name": option["name"], "type": option["type"],
                            "value": self._value(option)})
        if self.rng.random() < 0.03:
            options.append({"name": "bogus", "type": 3, "value": self._text()})
        return options

    def _value(self, option: dict[str, Any]) -> Any:
        roll, kind = self.rng.random(), option["type"]
        if roll < 0.05:  # the wrong type
            return self.rng.choice([None, True, 3.5, 10**30, [1, 2], {"a": 1}, "7", -5])
        if option.get("choices") and roll < 0.6:
            return self.rng.choice(option["choices"])["value"]
        if kind == 4:
            low, high = option.get("min_value", -10), option.get("max_value", 300)
            return self.rng.choice([self.rng.randint(low, high), low - 1, high + 1, 0,
                                    2**53, -(2**53)])
        if kind == 5:
            return self.rng.random() < 0.5
        if kind in (6, 7):
            return str(self.rng.choice([*self.fake.channels, *(u.id for u in self.users)]))
        return self._text()

    def _text(self) -> str:
        roll = self.rng.random()
        if roll < 0.45:
            return self.rng.choice(PLAUSIBLE)
        if roll < 0.85:
            return self.rng.choice(ODD)
        ranges = [(0x20, 0x7E), (0xA0, 0x24F), (0x300, 0x36F), (0x590, 0x6FF),
                  (0x4E00, 0x4FFF), (0x1F300, 0x1F64F), (0x2000, 0x206F), (0x1, 0x1F)]
        size = self.rng.choice([1, 5, 40, 300, 3000])
        return "".join(chr(self.rng.randint(*self.rng.choice(ranges))) for _ in range(size))

    # ------------------------------------------------------------------ helpers
    def _where(self, channel: int) -> tuple[raw.Place, int, int | None]:
        """Where a message of ``channel`` is: one of the guild's channels, a thread (and
        its parent), or else a direct message."""
        if channel in self.fake.channels:
            return "channel", channel, None
        parent = dict(self.threads).get(channel)
        return ("thread", channel, parent) if parent is not None else ("dm", channel, None)

    def _channels(self) -> list[int]:
        return [*self.fake.channels, *(thread for thread, _ in self.threads)]

    def _user(self, user_id: int | None) -> User:
        return next((u for u in self.users if u.id == user_id), self.users[0])

    def _owner(self, message: Message) -> User | None:
        """Who the bot answered with ``message`` (its interaction's user), if anyone."""
        for it in self.fake.interactions.values():
            if it.id == message.interaction_id:
                return it.user
        return None

    def _check_messages(self) -> None:
        """Every body the bot ever sent is within Discord's limits."""
        for message in self.fake.all_messages():
            for body in message.payloads:
                problem = _beyond_limits(body)
                if problem:
                    self.found.problems.append(f"message {message.id}: {problem}")


def _leaves(commands: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Every command path the bot synced (``rummy settings rule``) and its options."""
    found: list[tuple[str, list[dict[str, Any]]]] = []

    def walk(path: str, options: list[dict[str, Any]]) -> None:
        groups = [o for o in options if o["type"] in (1, 2)]
        if not groups:
            found.append((path, options))
        for group in groups:
            walk(f"{path} {group['name']}", group.get("options", []))

    for command in commands:
        walk(command["name"], command.get("options", []))
    return found


def _as_command(action: object) -> tuple[str, dict[str, Any]]:
    """A legitimate move as the slash command a player would type."""
    match action:
        case Draw(source=source):
            return "rummy draw", {"source": source}
        case Meld(melds=melds):
            return "rummy meld", {"cards": " | ".join(format_cards(m, ascii=True) for m in melds)}
        case LayOff(cards=cards, meld=meld):
            return "rummy layoff", {"cards": format_cards(cards, ascii=True), "meld": meld + 1}
        case SwapJoker(card=card, meld=meld):
            return "rummy swap", {"card": format_cards((card,), ascii=True), "meld": meld + 1}
        case Discard(card=card):
            return "rummy discard", {"card": format_cards((card,), ascii=True)}
        case Play(added=added, replacing=()):
            return "rummy tiles play", {"tiles": " | ".join(format_tiles(s) for s in added)}
        case Pass():
            return "rummy tiles pass", {}
    return "rummy tiles draw", {}  # a tile drawn, or a rearrangement a command cannot say


def _beyond_limits(body: dict[str, Any]) -> str | None:
    content = body.get("content") or ""
    if len(content) > LIMITS["content"]:
        return f"content of {len(content)} characters"
    embeds = body.get("embeds") or []
    total = 0
    for embed in embeds:
        fields = embed.get("fields") or []
        if len(embed.get("description") or "") > LIMITS["description"] or len(fields) > 25:
            return "an embed beyond its limits"
        if any(len(f.get("value") or "") > LIMITS["field_value"] for f in fields):
            return "an embed field beyond 1,024 characters"
        total += len(embed.get("title") or "") + len(embed.get("description") or "") + sum(
            len(f.get("name") or "") + len(f.get("value") or "") for f in fields)
    if total > LIMITS["embed_total"] or len(embeds) > LIMITS["embeds"]:
        return "embeds beyond 6,000 characters in all"
    nested = _nested(body.get("components") or [])
    if int(body.get("flags") or 0) & COMPONENTS_V2 and (
            len(nested) > MOST_COMPONENTS
            or sum(len(c.get("content") or "") for c in nested if c.get("type") == 10)
            > MOST_TEXT):
        return "a layout beyond 40 components or 4,000 characters"
    for row in body.get("components") or []:
        for component in _nested(row.get("components", [])):
            options = component.get("options") or []
            if len(options) > 25 or any(len(o.get("label", "")) > 100 for o in options):
                return "a menu beyond its limits"
            if len(component.get("custom_id", "")) > 100:
                return "a custom_id beyond 100 characters"
    return None


def _nested(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, inside rows, containers and sections (accessories too)."""
    found: list[dict[str, Any]] = []
    for component in components:
        found.append(component)
        found += _nested(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            found += _nested([component["accessory"]])
    return found


def _data_of(it: Interaction) -> str:
    return f"{it.label or it.kind} in {it.channel_id}"

