"""The terminal's side of ``rummy-bot try``: a person plays through the fake Discord as two or
three members of its server, one line at a time.

A line is a slash command (``/rummy new variant:rami51``, read by
:mod:`~bot.discord_app.tryout.commands`), a button's number (``3``) or a menu's with the
options chosen (``6 1 2``), on the last message shown with buttons or on message ``#5``
(``#5 3``), ``@bob`` to act as another member, or one of the console's words (help,
show, commands, quit; in the reader's language or English). After each interaction the
console waits until the bot has done everything it queued (its answers, the computer
players' turns, the channel's messages), then shows the acting member what changed for
them: the channel's messages, new or edited, and their own private messages (the
ephemeral answers, only they see). A member who comes back (``@alice``) is shown what
changed while they were away. Pictures are written to a folder and their paths shown.
A line that cannot be done (an unknown word, no such message or button, a number out of
range, a command Discord's client would refuse) is answered with what would work, and
nothing is sent to the bot.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.discord_app.client import RamiBot
from bot.discord_app.fake import LOADING, FakeDiscord, Interaction, Message, User
from bot.discord_app.tryout import commands as slash
from bot.discord_app.tryout.commands import BadInput
from bot.discord_app.tryout.show import controls, label, message_lines, shown_path
from bot.terminal import editing
from engine.i18n import quote, reading_order, t
from engine.notation_words import fold

log = logging.getLogger("rami.try")

IDLE_TIMEOUT = 30.0  # seconds the bot may take to finish what an interaction started
SHOWN_AT_MOST = 10  # messages `show` prints, the newest
WORDS = ("help", "quit", "show", "commands")  # the console's own words
_PRESS = re.compile(r"^(?:#(\d+)\s+)?(\d+)(?:\s+(.*))?$", re.S)


def words_of(name: str, lang: str) -> list[str]:
    """The words that say the console word ``name`` in ``lang`` (help and quit: the
    terminal game's own)."""
    key = f"local.read.{name}" if name in ("help", "quit") else f"local.try.read.{name}"
    return t(key, lang).split()


def word_of(text: str, lang: str) -> str | None:
    """The console word (one of :data:`WORDS`) ``text`` is, in any language, or None."""
    wanted = fold(text)
    for language in reading_order(lang):
        for name in WORDS:
            if wanted in (fold(word) for word in words_of(name, language)):
                return name
    return None


@dataclass
class Member:
    """A member of the fake server the person acts as, and what they have seen."""

    user: User
    seen: dict[int, str] = field(default_factory=dict)  # message id → the text shown
    last: int | None = None  # the last message shown to them with buttons or menus


class Console:
    """Plays ``members`` of ``fake``'s server in ``channel``, the bot connected to it."""

    def __init__(self, fake: FakeDiscord, bot: RamiBot, members: Sequence[User], lang: str,
                 out: TextIO, pictures: Path, log: str = "") -> None:
        self.fake, self.bot, self.lang, self.out = fake, bot, lang, out
        self.log = log  # where the bot's log is, to say
        self.channel = fake.channels[0]
        self.members = [Member(user) for user in members]
        self.member = self.members[0]
        self.pictures = pictures
        self.numbers: dict[int, int] = {}  # message id → the number shown
        self.written: dict[int, str] = {}  # attachment id → the file it was written to

    # ------------------------------------------------------------------ the lines
    def say(self, key: str, **params: Any) -> None:
        print(t(key, self.lang, **params), file=self.out)

    @property
    def prompt(self) -> str:
        return t("local.try.prompt", self.lang, member=self.member.user.name)

    async def handle(self, line: str) -> bool:
        """Do one line; False when the person leaves."""
        text = line.strip()
        try:
            if not text:
                self.show_changes(quiet=False)
            elif text.startswith("@"):
                self.switch(text[1:].strip())
            elif text.startswith("/"):
                await self.command(text)
            elif _PRESS.match(text):
                await self.press(text)
            else:
                return self.word(text)
        except BadInput as refused:
            print(refused.message(self.lang), file=self.out)
        except Exception as error:  # the fake or the bot failed: said, logged, played on
            log.exception("a line failed")
            self.say("local.try.broken", error=type(error).__name__, log=self.log)
        return True

    def word(self, text: str) -> bool:
        first, _, rest = text.partition(" ")
        match word_of(first, self.lang):
            case "quit":
                return False
            case "help":
                self.say("local.try.help")
            case "commands":
                self.say("local.try.commands", member=self.member.user.name)
                for line in slash.listing(self.fake.guild_commands, self.lang):
                    print("  " + line, file=self.out)
            case "show":
                self.show(rest.strip())
            case _:
                raise BadInput("local.try.unknown", text=quote(text))
        return True

    def words(self) -> editing.Words:
        """What Tab completes: the commands' and members' names, the console's words,
        then the subcommands and options."""
        first = [f"@{member.user.name}" for member in self.members]
        rest: list[str] = []
        for language in reading_order(self.lang):
            first += [word for name in WORDS for word in words_of(name, language)]

        def walk(definition: dict[str, Any], top: bool) -> None:
            names = {definition["name"], *(definition.get("name_localizations") or {}).values()}
            kind = definition.get("type")
            (first if top else rest).extend(
                f"/{name}" if top else f"{name}:" if kind not in (1, 2) else name
                for name in names)
            for option in definition.get("options") or []:
                walk(option, False)

        for definition in self.fake.guild_commands:
            walk(definition, True)
        return editing.Words(first=first, rest=rest)

    # ------------------------------------------------------------------ acting
    def switch(self, name: str) -> None:
        names = ", ".join(member.user.name for member in self.members)
        if name.isdigit() and 1 <= int(name) <= len(self.members):
            chosen = self.members[int(name) - 1]
        else:
            found = [m for m in self.members if fold(m.user.name) == fold(name)]
            if not found:
                raise BadInput("local.try.no_member", name=quote(name) or "@", members=names,
                               last=len(self.members))
            chosen = found[0]
        if chosen is self.member:
            self.say("local.try.already", member=chosen.user.name)
            return
        self.member = chosen
        self.say("local.try.now", member=chosen.user.name)
        self.show_changes(quiet=False)

    async def command(self, text: str) -> None:
        names = {member.user.name: member.user.id for member in self.members}
        guild = self.fake.guild_of(self.channel)
        channels = {self.fake.channel_payload(c)["name"]: c for c in guild.channels}
        command = slash.read(text, self.fake.guild_commands, self.lang, members=names,
                             channels=channels)
        data = self.fake.command_data(
            list(command.path),
            [{"name": o.name, "type": o.type, "value": o.value} for o in command.options])
        found = slash.resolved(
            command, {user.id: user.member() for user in self.fake.users.values()},
            {c: self.fake.channel_payload(c) for c in guild.channels})
        if found:
            data["resolved"] = found
        await self.interact(self.fake.command(self.member.user, self.channel, data,
                                              wait=False))

    async def press(self, text: str) -> None:
        found = _PRESS.match(text)
        assert found is not None
        message = self.message(found.group(1))
        number, rest = int(found.group(2)), (found.group(3) or "").split()
        usable = controls(message)
        shown_number = self.numbers[message.id]
        if not usable:
            raise BadInput("local.try.no_controls", number=shown_number)
        if not 1 <= number <= len(usable):
            raise BadInput("local.try.no_control", number=shown_number, last=len(usable),
                           given=number)
        control = usable[number - 1]
        user = self.member.user
        if control.get("disabled"):
            raise BadInput("local.try.disabled_button", control=number, label=label(control))
        if control["type"] == 2:
            if rest:
                raise BadInput("local.try.button_alone", control=number)
            await self.interact(self.fake.click(user, message, control["custom_id"],
                                                wait=False))
            return
        values = self.options(control, number, rest)
        await self.interact(self.fake.select(user, message, control["custom_id"], values,
                                             wait=False))

    def options(self, menu: dict[str, Any], number: int, given: list[str]) -> list[str]:
        """The values of the options ``given`` (their numbers) in ``menu``, checked as
        Discord's client checks a pick."""
        options = menu.get("options") or []
        low, high = int(menu.get("min_values", 1)), int(menu.get("max_values", 1))
        if not given:
            raise BadInput("local.try.menu_needs", control=number, last=len(options))
        picked = [] if given == ["-"] else given
        chosen: list[int] = []
        for word in picked:
            if not word.isdigit() or not 1 <= int(word) <= len(options):
                raise BadInput("local.try.no_option", control=number, last=len(options),
                               given=quote(word))
            if int(word) in chosen:
                raise BadInput("local.try.menu_twice", given=word)
            chosen.append(int(word))
        if not low <= len(chosen) <= high:
            raise BadInput("local.try.menu_count", control=number, low=low, high=high)
        return [str(options[index - 1]["value"]) for index in chosen]

    def message(self, number: str | None) -> Message:
        """Message ``#number`` as this member sees it, or the last one shown to them with
        buttons or menus."""
        member = self.member
        if number is None:
            last = self.fake.messages.get(member.last) if member.last is not None else None
            if last is not None and self.sees(last) and controls(last):
                return last
            with_controls = [m for m in self.visible() if controls(m)]
            if not with_controls:
                raise BadInput("local.try.no_current", member=member.user.name)
            self.number_of(with_controls[-1])
            return with_controls[-1]
        by_number = {shown: mid for mid, shown in self.numbers.items()}
        message = self.fake.messages.get(by_number.get(int(number), -1))
        if message is None or message.deleted:
            raise BadInput("local.try.no_message", number=int(number), member=member.user.name)
        if not self.sees(message):
            owner = self.owners().get(message.id)
            raise BadInput("local.try.private", number=int(number), owner=owner.name
                           if owner is not None else "?")
        return message

    async def interact(self, sending: Any) -> None:
        """Send an interaction, wait for its answer and for the bot to be idle, then show
        what changed."""
        it: Interaction = await sending
        try:
            await self.fake.settle(it)
            await asyncio.wait_for(self.bot.wait_idle(), IDLE_TIMEOUT)
        except TimeoutError:
            self.say("local.try.no_answer", seconds=int(self.fake.settle_timeout))
        self.show_changes(quiet=True)

    # ------------------------------------------------------------------ showing
    def owners(self) -> dict[int, User]:
        """Who each interaction's answers belong to (the private ones are theirs alone)."""
        return {message.id: it.user for it in list(self.fake.interactions.values())
                for message in it.replies}

    def sees(self, message: Message, owners: dict[int, User] | None = None) -> bool:
        if message.deleted or message.flags & LOADING:
            return False
        if not message.ephemeral:
            return True
        owner = (owners or self.owners()).get(message.id)
        return owner is not None and owner.id == self.member.user.id

    def visible(self) -> list[Message]:
        """The messages this member sees now, oldest first."""
        owners = self.owners()
        return sorted((m for m in list(self.fake.messages.values()) if self.sees(m, owners)),
                      key=lambda m: m.id)

    def number_of(self, message: Message) -> int:
        return self.numbers.setdefault(message.id, len(self.numbers) + 1)

    def lines(self, message: Message, updated: bool) -> list[str]:
        owners = self.owners()
        channel = self.fake.channel_payload(message.channel_id)["name"]
        owner = owners.get(message.id)
        where = (t("local.try.where.private", self.lang, channel=channel, member=owner.name)
                 if message.ephemeral and owner is not None
                 else t("local.try.where.public", self.lang, channel=channel))
        names = {user.id: user.name for user in self.fake.users.values()}
        names[self.fake.bot_user.id] = self.fake.bot_user.name
        channels = {c: self.fake.channel_payload(c)["name"]
                    for guild in self.fake.guilds.values() for c in guild.channels}
        return message_lines(message, self.number_of(message), self.lang, where=where,
                             updated=updated, names=names, channels=channels,
                             pictures=[self.picture(a) for a in message.attachments])

    def picture(self, attachment: Any) -> tuple[str, str | None]:
        """The file ``attachment`` was written to (written the first time it is shown)."""
        if attachment.id not in self.written:
            self.pictures.mkdir(parents=True, exist_ok=True)
            path = self.pictures / f"{len(self.written) + 1:03d}-{attachment.filename}"
            path.write_bytes(attachment.data)
            self.written[attachment.id] = shown_path(path)
        return self.written[attachment.id], attachment.description

    def show_changes(self, *, quiet: bool) -> None:
        """Show this member the messages that changed since they last looked (and say so
        when nothing did, unless ``quiet``)."""
        member, changed = self.member, False
        for message_id in [mid for mid in member.seen if self.fake.messages[mid].deleted]:
            self.say("local.try.deleted", number=self.numbers[message_id])
            del member.seen[message_id]
            changed = True
        for message in self.visible():
            text = "\n".join(self.lines(message, updated=False))
            if member.seen.get(message.id) == text:
                continue
            updated = message.id in member.seen
            member.seen[message.id] = text
            self.print(message, updated)
            changed = True
        if not changed and not quiet:
            self.say("local.try.nothing_new", member=member.user.name)

    def print(self, message: Message, updated: bool) -> None:
        print("\n".join(self.lines(message, updated)), file=self.out)
        if controls(message):
            self.member.last = message.id

    def show(self, what: str) -> None:
        """``show``: the newest messages this member sees; ``show #5``: one of them."""
        if what:
            number = what.removeprefix("#")
            if not number.isdigit():
                raise BadInput("local.try.show_which", text=quote(what))
            messages = [self.message(number)]
        else:
            messages = self.visible()[-SHOWN_AT_MOST:]
            if not messages:
                self.say("local.try.nothing_yet", member=self.member.user.name)
        for message in messages:
            self.member.seen[message.id] = "\n".join(self.lines(message, updated=False))
            self.print(message, updated=False)

