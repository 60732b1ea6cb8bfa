"""Tile rummy through the fake Discord, as a person would play it.

The move is chosen with the engine's solver from the seat's own view (what the rack
message shows); it is then made only through Discord: ``/rummy tiles …`` commands
(``slash``), or the rack message's menu and buttons, opened with the table's My hand
button (``buttons``).
"""

from __future__ import annotations

from bot.discord_app.fake import FakeDiscord, Interaction, Message, User
from bot.session.tile_edits import table_sets, whole_rack
from engine import format_tiles, solve
from engine.tiles.tile import Tile
from engine.views import Phase, PlayerView
from tests.e2e.harness import BotHarness
from tests.e2e.players import Seated, Style, is_hand, last_with


def text_of(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    return format_tiles(tiles)


def answered_with_rack(it: Interaction) -> bool:
    reply = it.reply
    assert reply.ephemeral, reply.text()
    return is_hand(reply)


def table_message(fake: FakeDiscord, channel: int) -> Message:
    return last_with(fake, channel, "rami:table:hand:")


def menu_values(message: Message, tiles: tuple[Tile, ...]) -> list[str] | None:
    """The rack menu's values naming ``tiles`` (each position once), None if one is missing."""
    options = message.component("rami:pick:a:")["options"]
    values: list[str] = []
    for tile in tiles:
        wanted = text_of([tile])
        value = next((o["value"] for o in options
                      if o["value"].partition(":")[2] == wanted and o["value"] not in values),
                     None)
        if value is None:
            return None
        values.append(value)
    return values


class TilePlayer(Seated):
    """A seated person playing tile rummy through the fake Discord."""

    def __init__(self, fake: FakeDiscord, harness: BotHarness, user: User, channel: int,
                 style: Style) -> None:
        super().__init__(fake, harness, user, channel, style)
        self.turns = 0
        self.laid = 0  # turns that laid tiles
        self.used: set[str] = set()  # commands and buttons used

    async def play_turn(self) -> None:
        view = await self.view()
        assert view.current == view.seat and view.phase is Phase.PLAY
        opening = not view.seats[view.seat].has_opened
        solution = solve(table_sets(view), whole_rack(view), await self.rules(),
                         "opening" if opening else "tiles")
        if self.style == "slash":
            laid = await self._slash(view, solution, opening)
        else:
            laid = await self._buttons(solution)
        self.turns += 1
        self.laid += laid
        after = await self.view()
        assert after.current != view.seat or after.phase is not Phase.PLAY

    async def _cmd(self, command: str, **options: object) -> Interaction:
        self.used.add(command)
        return await self.fake.slash(self.user, self.channel, f"rummy tiles {command}",
                                     **options)

    async def _end_turn(self, view: PlayerView) -> None:
        it = await self._cmd("draw" if view.stock_size else "pass")
        assert answered_with_rack(it), it.reply.text()

    async def _slash(self, view: PlayerView, solution: object, opening: bool) -> bool:
        if solution is None:
            await self._end_turn(view)
            return False
        if opening:
            new_sets = solution.table[len(view.melds):]  # type: ignore[attr-defined]
            it = await self._cmd("play", tiles=" | ".join(text_of(s) for s in new_sets))
            if answered_with_rack(it):
                return True
        else:
            placed = solution.placed  # type: ignore[attr-defined]
            it = await self._cmd("arrange", tiles=text_of(placed))
            if answered_with_rack(it):
                it = await self._cmd("confirm")
                if answered_with_rack(it):
                    return True
                assert answered_with_rack(await self._cmd("reset"))
        await self._end_turn(await self.view())
        return False

    async def _click(self, message: Message, action: str) -> Interaction:
        self.used.add(action)
        return await self.fake.click(self.user, message, f"rami:tiles:{action}:")

    async def _buttons(self, solution: object) -> bool:
        it = await self.fake.click(self.user, table_message(self.fake, self.channel),
                                   "rami:table:hand:")
        assert answered_with_rack(it), it.reply.text()
        rack = it.reply
        view = await self.view()
        end = "draw" if view.stock_size else "pass"
        values = None
        if solution is not None:
            values = menu_values(rack, solution.placed)  # type: ignore[attr-defined]
        if values is not None:
            picked = await self.fake.select(self.user, rack, "rami:pick:a:", values)
            assert picked.response_type == 7, picked.reply.text()
            it = await self._click(rack, "arrange")
            if answered_with_rack(it):
                rack = it.reply
                it = await self._click(rack, "confirm")
                if answered_with_rack(it):
                    return True
                assert answered_with_rack(await self._click(rack, "reset"))
        it = await self._click(rack, end)
        assert answered_with_rack(it), it.reply.text()
        return False
