"""The terminal game's text user interface: one game shown and played line by line.

:class:`Terminal` shows the computer players' moves, the table, the hand numbered as its
picture and what to do; it reads a command per line (the engine's notation, positions in
the hand, and the terminal's own words: help, hand, table, score, sort, level, pictures,
hint and arrange in tile rummy, quit) and answers every refusal with the engine's message
in the player's language. A finished round shows how it ended and every hand, and waits
for Enter before the next is dealt; a finished match shows the winners and the totals.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TextIO

from bot.session import SessionError
from bot.session.tile_edits import arranged, best_play
from bot.terminal import commands, editing, screen
from bot.terminal.table import TerminalTable
from engine import RummyError
from engine.ai import LEVELS, level_name, read_level
from engine.ai.tile_plans import view_table
from engine.cards.actions import Draw
from engine.cards.card import Card, format_card
from engine.hand_order import Sort
from engine.i18n import Msg, count, t
from engine.names import shown_name
from engine.notation_words import KEYWORDS, VERBS, word
from engine.rules import Kind
from engine.rules_text import match_end
from engine.tiles.actions import Confirm, DrawTile, Play, Sets
from engine.views import Phase


class Terminal:
    """The text user interface of one local game (a table of the local file, or a try of
    the daily championship)."""

    def __init__(self, table: TerminalTable, lang: str, out: TextIO, *, colour: bool = True,
                 pictures: Path | None = None, history: Path | None = None,
                 pictures_asked: Path | None = None) -> None:
        self.table = table
        self.pictures_asked = pictures_asked  # where `pictures` saves without --pictures
        self.history = history
        self.lang = lang
        self.out = out
        self.colour = colour
        self.pictures = pictures
        self._shown = -1  # the game's version last shown in full
        self._round = 0  # the round last announced
        self._reported = 0  # the last round whose result was shown
        self._reshuffles = (0, 0)  # the round and its reshuffles last said
        self._seen: Sets = ()  # the tile sets last shown: the numbers the reader saw

    def say(self, code: str, **params: Any) -> None:
        print(t(code, self.lang, **params), file=self.out)

    def run(self, lines: TextIO) -> int:
        """Play until the match ends, the player quits or the input ends; returns 0.
        On a terminal, lines are edited with readline (:mod:`bot.terminal.editing`)."""
        reader = editing.reader(lines, self.out, self.history, self.words)
        try:
            return self._play(reader)
        finally:
            reader.close()

    def _play(self, reader: editing.LineReader) -> int:
        while True:
            phase = self._advance()
            if phase is Phase.MATCH_OVER:
                self._match_over()
                return 0
            if phase is Phase.ROUND_OVER:
                self._report_round()
            elif self.table.version != self._shown:
                self._show_turn()
            line = reader.read(t("local.prompt", self.lang))
            if not line:
                print(file=self.out)
            if not line or not self.handle(line, phase):
                print(self.table.saved.text(self.lang), file=self.out)
                return 0

    def words(self) -> editing.Words:
        """The words Tab completes, as the help lists them in the reader's language: the
        commands and action words, then keywords, sorts, levels and the pieces in hand."""
        lang, kind = self.lang, self.table.rules.kind
        commands_shown = [text for name in commands.COMMANDS
                          if (name not in commands.TILE_COMMANDS if kind is Kind.CARDS
                              else name != "next")  # a tile match is one round
                          for text in t(f"local.read.{name}", lang).split()]
        verbs = [text for name in VERBS[kind]
                 for text in (word(name, lang), *t(f"notation.read.{name}", lang).split())]
        keywords = [text for name in KEYWORDS
                    for text in (word(name, lang), *t(f"notation.read.{name}", lang).split())]
        sorts = [text for name in commands.SORT_WORDS
                 for text in t(f"local.read.sort.{name}", lang).split()]
        levels = [level_name(level, lang) for level in LEVELS]
        hand = self.table.view().hand
        pieces = [format_card(piece, lang) if isinstance(piece, Card) else str(piece)
                  for piece in hand]
        return editing.Words(first=[*verbs, *commands_shown],
                             rest=[*keywords, *sorts, *levels, *pieces])

    def _advance(self) -> Phase:
        """Show the computer players' moves until a human must act; the phase then."""
        while (moved := self.table.computer_move()) is not None:
            view = self.table.public_view()
            if view.phase is not Phase.ROUND_OVER:  # a new round's moves: under its title
                self._announce_round(view.round_number)
            name = view.seats[moved.seat].name  # as saved
            print(screen.describe(name, moved.action, moved.before, self.colour, self.lang,
                                  seen=self._seen), file=self.out)
            self._say_reshuffle()
        return self.table.phase

    def handle(self, line: str, phase: Phase | None = None) -> bool:
        """Run one command line; False when the player quits."""
        word, _, rest = line.strip().partition(" ")
        word = word.lower()
        over = (phase or self.table.phase) is Phase.ROUND_OVER
        tiles = self.table.rules.kind is Kind.TILES
        command = commands.command_of(word, self.lang) if word else None
        try:
            if over and (not word or command == "next"):
                self.table.next_round()
            elif command == "quit":
                return False
            elif command == "help":
                self._help(tiles)
            elif command == "hand":
                print(screen.hand_line(self.table.view(), self.table.sort, self.colour,
                                       self.lang), file=self.out)
            elif command == "table":
                self._show_table()
            elif command == "score":
                self._show_scores(final=False)
            elif command == "sort":
                self._sort(rest.strip().lower())
            elif command == "level":
                self._level(rest)
            elif command == "pictures":
                self._save_pictures(quiet=False)
            elif tiles and command == "hint":
                self._hint()
            elif tiles and command == "arrange":
                self._arrange(rest)
            elif over and commands.is_action_word(word, self.table.rules.kind, self.lang):
                self.say("local.round_is_over")
            elif word:
                self._act(word, rest)
        except RummyError as error:
            print(error.message(self.lang), file=self.out)
        return True

    # ------------------------------------------------------------ commands

    def _act(self, word: str, rest: str) -> None:
        """Play the action the line names; say which card was drawn, or echo any other
        move in full with the cards' symbols (a card misread shows at once)."""
        table = self.table
        view = table.view()
        action = commands.parse(word, rest, view, table.rules, self.lang, table.sort)
        if action is None:
            self.say("local.unknown", word=word)
            return
        before = view_table(view)
        table.apply_all(commands.steps(action))
        if isinstance(action, Confirm):  # what the draft laid, not the word typed
            action = Play.between(before, view_table(table.view()))
        if not isinstance(action, Draw | DrawTile):
            print(screen.describe(view.seats[view.seat].name, action, before,
                                  self.colour, self.lang), file=self.out)
            self._say_reshuffle()
            return
        drawn = table.view().drawn
        if drawn is not None:
            took = isinstance(action, Draw) and action.source == "discard"
            self.say("local.took" if took else "local.drew",
                     piece=screen.piece_text(drawn, self.colour, self.lang))

    def _help(self, tiles: bool) -> None:
        self.say("local.help.tiles" if tiles else "local.help.cards")

    def _sort(self, wanted: str) -> None:
        """Sort by ``wanted`` (suit or rank, colour or number in tile rummy, in the
        reader's words), or switch when none is given; say which order was chosen. The
        choice is saved for the next games too.

        Raises:
            SessionError: a word that names no sort (``local.sort``, naming the words).
        """
        kind = "tiles" if self.table.rules.kind is Kind.TILES else "cards"
        if wanted:
            found = commands.sort_of(wanted, self.lang)
            if found is None:
                raise SessionError("local.sort", sort=wanted, sorts=Msg(f"local.sorts.{kind}"))
            sort = Sort(found)
        else:
            sort = Sort.RANK if self.table.sort == Sort.SUIT else Sort.SUIT
        self.table.set_sort(sort)
        self.say("local.sorted", sort=Msg(f"sort.tiles.{sort}" if kind == "tiles"
                                           else f"sort.{sort}"))
        print(screen.hand_line(self.table.view(), self.table.sort, self.colour, self.lang),
              file=self.out)

    def _level(self, text: str) -> None:
        level = read_level(text, self.lang)
        self.table.set_level(level)
        self.say("local.level", level=level_name(level, self.lang))

    def _my_turn(self) -> bool:
        view = self.table.view()
        if view.current != view.seat or view.phase not in (Phase.DRAW, Phase.PLAY):
            self.say("bot.tiles.not_your_turn")
            return False
        return True

    def _hint(self) -> None:
        """The solver's best play, shown; nothing is played."""
        if not self._my_turn():
            return
        view = self.table.view()
        solution = best_play(view, self.table.rules)
        if solution is None:
            opening = not view.seats[view.seat].has_opened
            why = t("bot.tiles.no_hint.opening" if opening else "bot.tiles.no_hint.play",
                    self.lang)
            self.say("bot.tiles.no_hint", why=why)
            return
        sets = "\n".join(f"  {number:>2}) {screen.pieces_text(tiles, self.colour, self.lang)}"
                         for number, tiles in enumerate(solution.table, 1))
        self.say("local.hint", placed=count("tiles", solution.tiles_placed),
                 points=count("points", solution.value),
                 tiles=screen.pieces_text(solution.placed, self.colour, self.lang), table=sets)

    def _arrange(self, text: str) -> None:
        """Fit rack tiles into the draft, edit by edit, for the player to confirm."""
        if not self._my_turn():
            return
        view = self.table.view()
        tiles = commands.read_tiles(text, view, self.table.sort, self.lang)
        edits = arranged(view, tiles, self.table.rules)
        written = screen.pieces_text(tiles, self.colour, self.lang)
        if edits is None:
            self.say("bot.tiles.no_arrangement", count=len(tiles), tiles=written)
            return
        self.table.apply_all(edits)
        self.say("local.arranged", count=len(tiles), tiles=written)

    # ------------------------------------------------------------ showing

    def _show_turn(self) -> None:
        view = self.table.view()
        self._shown = self.table.version
        self._announce_round(view.round_number)
        self._save_pictures(quiet=True)
        self._show_table()
        print(screen.hand_line(view, self.table.sort, self.colour, self.lang), file=self.out)
        kind = "tiles" if view.kind is Kind.TILES else "cards"
        self.say(f"local.turn.{kind}.{view.phase.value}")

    def _say_reshuffle(self) -> None:
        """Say when the discard pile has become the stock again, and how many more times
        it may this round (card variants with reshuffles)."""
        view = self.table.public_view()
        now = (view.round_number, view.reshuffles)
        if view.phase is Phase.ROUND_OVER or now == self._reshuffles:
            self._reshuffles = now
            return
        new_round = now[0] != self._reshuffles[0]
        self._reshuffles = now
        if view.reshuffles and not new_round:
            left = self.table.rules.max_reshuffles - view.reshuffles
            if left:
                self.say("local.reshuffled", count=left)
            else:
                self.say("local.reshuffled.last")

    def _announce_round(self, number: int) -> None:
        """``— Round 2 —``, once, before anything of that round is shown."""
        if number != self._round:
            self._round = number
            self.say("local.round", number=number)

    def _show_table(self) -> None:
        self._seen = view_table(self.table.view())
        for line in screen.show_table(self.table.view(), self.colour, self.lang,
                                      self.table.levels()):
            print(line, file=self.out)

    def _report_round(self) -> None:
        """The result of the last finished round, once, with its pictures."""
        snapshot = self.table.snapshot()
        if snapshot.view is None or not snapshot.view.rounds:
            return
        number = snapshot.view.rounds[-1].number
        if number == self._reported:
            return
        self._reported = number
        for line in screen.round_result(snapshot, self.colour, self.lang):
            print(line, file=self.out)
        self._save_pictures(quiet=True)
        if snapshot.view.phase is Phase.ROUND_OVER:
            self.say("local.next_round", number=number + 1)

    def _match_over(self) -> None:
        self._report_round()
        self._show_scores(final=True)

    def _show_scores(self, *, final: bool) -> None:
        view = self.table.public_view()
        if final:
            winners = self.table.outcome_winners()
            names = ", ".join(shown_name(view.seats[w].name, self.lang) for w in winners)
            self.say("local.match_over", winners=names or "—")
        self.say("local.score.title", count=len(view.rounds))
        for seat in view.seats:
            self.say("local.total_line", name=shown_name(seat.name, self.lang),
                     total=view.totals[seat.seat])
        if not final:
            print(match_end(self.table.rules).text(self.lang), file=self.out)

    def _save_pictures(self, *, quiet: bool) -> None:
        """Write ``hand.png`` and ``table.png`` (the game as it stands) into the pictures
        folder: after every move with ``--pictures DIR``; when asked (``quiet`` False)
        without it, into the default folder beside the games' file."""
        folder = self.pictures if self.pictures is not None or quiet else self.pictures_asked
        if folder is None:
            if not quiet:
                self.say("local.no_pictures")
            return
        from render import render_hand, render_table

        view = self.table.view()
        folder.mkdir(parents=True, exist_ok=True)
        hand = render_hand(view, sort=self.table.sort, lang=self.lang)
        table = render_table(view, lang=self.lang)
        (folder / "hand.png").write_bytes(hand.png)
        (folder / "table.png").write_bytes(table.png)
        if not quiet:
            self.say("local.pictures", folder=str(folder))
