"""``rummy-bot try`` as a person uses it: a real process, lines piped in, its output read.

Each step writes one line and waits until the next prompt (``alice>``) comes back, then
checks what was shown: the lobby, a member joining, the table, a hand only its member sees,
a button pressed, refusals that change nothing, and a clean end (end of input, Ctrl-C).
Deals are seeded (``--seed``); nothing sleeps for a fixed time.
"""

from __future__ import annotations

import asyncio
import re
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.signals import sigint_handled_by

PROMPT = re.compile(r"(\w+)> $")
TIMEOUT = 60.0  # seconds a step may take on a loaded machine


class Trying:
    """``rummy-bot try`` running in ``folder``, driven line by line."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.process: asyncio.subprocess.Process | None = None
        self.member = ""

    async def start(self, *flags: str) -> str:
        """Start it; what it showed before its first prompt."""
        # As a terminal's foreground job: Ctrl-C heard, whatever this test run has (run
        # as a background job, it ignores SIGINT, and exec would keep it ignored).
        with sigint_handled_by(signal.default_int_handler):
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "try", "--seed", "7", "--db", "rami.sqlite3",
                *flags, cwd=self.folder, stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        return await self.prompted()

    async def prompted(self) -> str:
        """Everything shown up to the next prompt (the prompt left out)."""
        assert self.process is not None and self.process.stdout is not None
        shown = b""
        while not PROMPT.search(shown.decode(errors="replace")):
            chunk = await asyncio.wait_for(self.process.stdout.read(4096), TIMEOUT)
            if not chunk:
                raise AssertionError(f"it ended before its prompt:\n{shown.decode()}")
            shown += chunk
        text = shown.decode()
        found = PROMPT.search(text)
        assert found is not None
        self.member = found.group(1)
        return text[:found.start()]

    async def send(self, line: str) -> str:
        """Type ``line``; what it showed before the next prompt."""
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        await self.process.stdin.drain()
        return await self.prompted()

    async def press(self, label: str, shown: str) -> str:
        """Press the button ``label`` of what was just ``shown`` (by the number shown)."""
        found = re.findall(rf"\[(\d+)\] {re.escape(label)}(?! \()", shown)
        assert found, f"no button {label!r} in:\n{shown}"
        return await self.send(found[-1])

    async def end(self) -> tuple[int, str]:
        """Close its input; its exit status and what it showed last."""
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.close()
        return await self.finished()

    async def finished(self) -> tuple[int, str]:
        assert self.process is not None and self.process.stdout is not None
        rest = await asyncio.wait_for(self.process.stdout.read(), TIMEOUT)
        return await asyncio.wait_for(self.process.wait(), TIMEOUT), rest.decode()


@pytest.fixture
async def trying(tmp_path: Path) -> AsyncIterator[Trying]:
    driven = Trying(tmp_path)
    yield driven
    if driven.process is not None and driven.process.returncode is None:
        driven.process.kill()
        await driven.process.wait()


def headers(shown: str) -> list[str]:
    """The header line of each message shown (``── #2 · #table-1``)."""
    return [line for line in shown.split("\n") if line.startswith("── #")]


async def test_two_members_open_join_start_and_play_a_button(
        trying: Trying, tmp_path: Path) -> None:
    intro = await trying.start()
    assert "127.0.0.1:" in intro and "alice, bob" in intro and trying.member == "alice"

    lobby = await trying.send("/rummy new variant:classic")
    assert headers(lobby) == ["── #1 · #table-1"]
    assert "Classic rummy: new game" in lobby and "Players (1): @alice" in lobby
    assert "[1] Join  [2] Leave  [3] Start  [4] Cancel" in lobby

    seen_by_bob = await trying.send("@bob")
    assert trying.member == "bob" and "You are bob now." in seen_by_bob
    assert "Classic rummy: new game" in seen_by_bob  # bob had not seen the lobby yet
    joined = await trying.press("Join", seen_by_bob)
    assert headers(joined) == ["── #1 · #table-1 (edited)"]
    assert "Players (2): @alice, @bob" in joined

    back = await trying.send("@alice")
    assert "Players (2): @alice, @bob" in back  # what changed while alice was away
    started = await trying.press("Start", back)
    assert "Classic rummy, round 1" in started and "@alice to play." in started
    table = re.search(r"picture: (\S+table\.png)", started)
    assert table is not None and (tmp_path / table.group(1)).read_bytes()[:4] == b"\x89PNG"

    hand = await trying.press("My hand", started)
    assert headers(hand) == ["── #4 · #table-1, only alice sees it"]
    assert "Your hand (10 cards)" in hand and "[1] menu: Cards to meld" in hand
    picture = re.search(r"picture: (\S+hand\.png)", hand)
    assert picture is not None and (tmp_path / picture.group(1)).exists()
    assert "[8] Discard (not now)" in hand  # one draws first

    drawn = await trying.press("Draw from stock", hand)
    assert "── #4 · #table-1, only alice sees it (edited)" in drawn
    assert "Your hand (11 cards)" in drawn and "Stock: 30 cards" in drawn

    bob_again = await trying.send("@bob")
    assert "Stock: 30 cards" in bob_again  # the table, edited in place
    assert "Your hand" not in bob_again and "only alice" not in bob_again
    assert "private to alice" in await trying.send("#4 1")

    status, last = await trying.end()
    assert status == 0 and "The bot and the fake Discord are stopped." in last


# Lines that cannot be done, and what is said (one process for them all: each starts a bot).
REFUSALS = [
    ("99", "Message #1 has buttons and menus 1 to 7: 99 is none of them."),
    ("#9 1", "alice sees no message #9."),
    ("1 2", "1 is a button: type its number alone."),
    ("/rummy nope", "/rummy has no “nope”"),
    ("/rummy new variant:poker", "variant: takes one of classic"),
    ("/rummy new target:lots", "target: takes a number, not “lots”."),
    ("/rummy new target:-5", "target: takes 0 to 100000, not -5."),
    ("/rummy meld", "/rummy meld cards: — missing: cards."),
    ("hello", "“hello” is no command here."),
    ("@zoe", "No member “zoe”: alice, bob (or @1 to @2)."),
]


async def test_a_line_that_cannot_be_done_says_why_and_changes_nothing(
        trying: Trying) -> None:
    await trying.start()
    await trying.send("/rummy new")
    for line, said in REFUSALS:
        refused = await trying.send(line)
        assert said in refused, (line, refused)
        assert headers(refused) == [], line  # nothing was sent to the bot
        assert trying.member == "alice"
    assert "Nothing new for alice." in await trying.send("")
    status, _ = await trying.end()
    assert status == 0


async def test_in_french_and_ctrl_c_leaves_cleanly(trying: Trying) -> None:
    intro = await trying.start("--lang", "fr", "--members", "3")
    assert "alice, bruno, chloé" in intro and "Tapez /rami nouvelle" in intro
    lobby = await trying.send("/rami nouvelle rami30")
    assert "Rami 30 : nouvelle partie" in lobby and "[1] Rejoindre" in lobby
    assert "Vous êtes maintenant chloé." in await trying.send("@chloe")
    assert trying.process is not None
    trying.process.send_signal(signal.SIGINT)
    status, last = await trying.finished()
    assert status == 0 and "Le bot et le faux Discord sont arrêtés." in last
