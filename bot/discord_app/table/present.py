"""What the channel shows of a table, and the table's private answers: the lobby, the
table, a round's and a match's results, the score sheet, the rules.

Pure functions from session snapshots to :class:`~bot.discord_app.core.replies.Reply`
objects (text in the reader's language, pictures drawn by the caller, the components of
:mod:`.components`); nothing here talks to Discord or to the session.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence

import discord

from bot.discord_app.core import layout as layouts
from bot.discord_app.core.choices import variant_names
from bot.discord_app.core.components import view_of
from bot.discord_app.core.i18n import t
from bot.discord_app.core.replies import Picture, Reply
from bot.discord_app.core.text import (
    COLOUR,
    code_name,
    discard_top,
    melds_shown,
    mention,
    piece_shown,
    pieces_shown,
    pieces_text,
    safe_name,
    seat_name,
    seat_title,
    turn_time_line,
    variant_name,
)
from bot.discord_app.ratings import present as ratings_present
from bot.discord_app.table.components import (
    TableAction,
    TableButton,
    lobby_buttons,
    rules_buttons,
    table_buttons,
)
from bot.discord_app.tiles.present import play_change
from bot.session import Seat, Snapshot, Status, round_ending, round_seat_lines
from data import RatingChange
from engine import RuleSet, rules_summary
from engine.actions import Action, unhandled
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.i18n import count
from engine.rules import Kind
from engine.tiles.actions import (
    Add,
    Confirm,
    DrawTile,
    Move,
    NewSet,
    Pass,
    Play,
    Reset,
    Split,
    TakeBack,
    Undo,
)
from engine.views import (
    MeldView,
    Phase,
    Piece,
    PublicView,
    SeatView,
    opened_words,
    seat_opened,
)


# ---------------------------------------------------------------------- lobby
def lobby(snapshot: Snapshot, lang: str, played: RuleSet, turn_s: float | None = None, *,
          layout: bool = True) -> Reply:
    """The lobby message: the rules the table will deal with (``played``: the server's
    overrides and the chosen target included), how long a turn may take (``turn_s``
    seconds, 0: no limit; None: not said), the seats, and what to do; the buttons in rows
    below (``layout`` False: an embed, to edit a lobby posted before layouts)."""
    players = ", ".join(
        f"<@{s.user_id}>" if s.user_id is not None else seat_title(s, lang)
        for s in snapshot.seats
    ) or t("bot.lobby.nobody", lang)
    rules = [*rules_summary(played, lang)]
    seats = [t("bot.lobby.target", lang, count=played.target) if played.target
             else t("bot.lobby.single_round", lang)]
    if turn_s is not None:
        seats.append(turn_time_line(turn_s, lang))
    seats += [t("bot.lobby.players", lang, count=len(snapshot.seats), players=players),
              t("bot.lobby.howto", lang, creator=f"<@{snapshot.created_by}>")]
    title = t("bot.lobby.title", lang, variant=variant_name(snapshot.variant, lang))
    buttons = lobby_buttons(snapshot.channel_id, lang)
    if not layout:
        embed = discord.Embed(title=title, description="\n".join([*rules, "", *seats]),
                              colour=COLOUR)
        return Reply(embeds=[embed], view=view_of(*buttons))
    rows = [layouts.row(*shown) for number in (0, 1)
            if (shown := [b for b in buttons if b.item.row == number])]
    blocks: list[layouts.Block] = [
        layouts.text("\n".join([f"### {title}", *rules])), layouts.separator(),
        layouts.text("\n".join(seats)), *rows]
    return Reply(layout=layouts.layout(blocks, accent=COLOUR.value))


def lobby_closed(snapshot: Snapshot, lang: str, code: str, *, layout: bool = True) -> Reply:
    """The lobby once started or cancelled (``layout`` False: an embed, for a lobby
    posted before layouts)."""
    title = t("bot.lobby.title", lang, variant=variant_name(snapshot.variant, lang))
    if layout:
        return Reply(layout=layouts.layout([layouts.text(f"### {title}\n{t(code, lang)}")],
                                           accent=COLOUR.value))
    embed = discord.Embed(title=title, description=t(code, lang), colour=COLOUR)
    return Reply(embeds=[embed], view=discord.ui.View())


# ---------------------------------------------------------------------- table
def _meld_lines(melds: Sequence[MeldView], lang: str) -> str:
    return "\n".join(f"`{m.number}` {pieces_text(m.pieces, lang)}" for m in melds)


# The accent colour of the table message: the colour of the seat to play (its place at
# the table), else the bot's.
SEAT_COLOURS = (0x3BA55D, 0x5865F2, 0xEB459E, 0xFAA61A, 0x1ABC9C, 0xED4245)


def table(snapshot: Snapshot, lang: str,
          last_move: str | None = None, picture: Picture | None = None) -> Reply:
    """The public table as a layout message: the title, whose turn, the piles and the
    last move; the table picture; each seat; the melds; the buttons. Its accent colour is
    the seat's to play."""
    view = snapshot.view
    assert view is not None
    turn = None
    accent = COLOUR.value
    if snapshot.status is Status.PLAYING and view.phase in (Phase.DRAW, Phase.PLAY):
        turn = mention(snapshot, view.current, lang)
        accent = SEAT_COLOURS[view.current % len(SEAT_COLOURS)]
    shown = None if picture is None else (picture.filename, picture.alt)
    blocks = [*table_blocks(view, snapshot.variant, snapshot.seats, lang, turn=turn,
                            last_move=last_move, picture=shown),
              layouts.row(*table_buttons(snapshot.channel_id, lang))]
    return Reply(layout=layouts.layout(blocks, accent=accent),
                 pictures=[picture] if picture is not None else [])


def table_blocks(view: PublicView, variant: str, seats: Sequence[Seat], lang: str, *,
                 turn: str | None = None, last_move: str | None = None,
                 picture: tuple[str, str] | None = None) -> list[layouts.Block]:
    """A table as a layout's blocks (the public table message's, a daily try's): the
    title, whose ``turn`` it is (who to name, when it is someone's), the piles and
    ``last_move``; the picture (``(filename, alt text)``, attached); each seat
    (``seats``: as saved, for a computer's level); the melds."""
    title = t("bot.table.title", lang, variant=variant_name(variant, lang),
              round=view.round_number)
    blocks: list[layouts.Block] = [
        layouts.text("\n".join([f"### {title}", *_table_lines(view, lang, turn, last_move)]))]
    if picture is not None:
        blocks.append(layouts.gallery([picture]))
    words = "bot.tiles.table" if view.kind is Kind.TILES else "bot.table"
    blocks += [
        layouts.text("\n".join(_seat_line(seats, view, s, lang) for s in view.seats)),
        layouts.separator(),
        layouts.text(f"**{t(f'{words}.melds', lang)}**\n"
                     + (_meld_lines(view.melds, lang) or t(f"{words}.no_melds", lang))),
    ]
    return blocks


def _table_lines(view: PublicView, lang: str, turn: str | None,
                 last_move: str | None) -> list[str]:
    """Whose ``turn`` it is, the piles and ``last_move``, one line each."""
    lines = []
    if turn is not None:
        lines.append(t("bot.table.turn", lang, player=turn))
    lines.append(t("bot.tiles.table.pool", lang, count=view.stock_size)
                 if view.kind is Kind.TILES
                 else t("bot.table.piles", lang, stock=count("cards", view.stock_size),
                        top=discard_top(view, lang)))
    if last_move:
        lines.append(t("bot.table.last", lang, move=last_move))
    return lines


def table_embed(view: PublicView, variant: str, seats: Sequence[Seat], lang: str,
                turn: str | None = None, last_move: str | None = None) -> discord.Embed:
    """A table in words as an embed, for a daily try's message sent before layouts (an
    edit cannot give it the layout flag): what :func:`table_blocks` shows."""
    lines = _table_lines(view, lang, turn, last_move)
    tiles = view.kind is Kind.TILES
    embed = discord.Embed(
        title=t("bot.table.title", lang, variant=variant_name(variant, lang),
                round=view.round_number),
        description="\n".join(lines), colour=COLOUR,
    )
    listed = "\n".join(_seat_line(seats, view, s, lang) for s in view.seats)
    embed.add_field(name="\u200b", value=listed[:1024], inline=False)
    words = "bot.tiles.table" if tiles else "bot.table"
    embed.add_field(name=t(f"{words}.melds", lang),
                    value=_meld_lines(view.melds, lang)[:1024] or t(f"{words}.no_melds", lang),
                    inline=False)
    return embed


def _seat_line(seats: Sequence[Seat], view: PublicView, seat: SeatView, lang: str) -> str:
    """A seat on the table message: name (a computer's level in words), pieces, score,
    and whether it has opened where that matters."""
    opened = seat_opened(view, seat)
    return _seat_text(seats[seat.seat], view.kind is Kind.TILES, seat.hand_size,
                      view.totals[seat.seat], opened, lang)


@functools.lru_cache(maxsize=4096)
def _seat_text(saved: Seat, tiles: bool, pieces: int, score: int, opened: bool | None,
               lang: str) -> str:
    """A seat's line, written once per state: three of a table's four seats read the
    same after a move (``opened``: None where the table has no opening minimum)."""
    params = {"name": seat_title(saved, lang),
              "pieces": count("tiles" if tiles else "cards", pieces),
              "score": count("points", score)}
    if opened is None:
        return t("bot.table.seat", lang, **params)
    return t("bot.table.seat.opening", lang, status=opened_words(opened), **params)


def move_text(player: str, move: Action, lang: str) -> str:
    """A move as the table's "last move" line, in the reader's language (a draft edit
    stays private: only "working on the table" is said of it); ``player`` is the name as
    shown (:func:`~bot.discord_app.core.text.safe_name`)."""
    match move:
        case Draw(source=source):
            code = "bot.move.take" if source == "discard" else "bot.move.draw"
            return t(code, lang, player=player)
        case Meld(melds=melds):
            return t("bot.move.meld", lang, player=player, cards=melds_shown(melds, lang))
        case LayOff(cards=cards, meld=meld):
            return t("bot.move.layoff", lang, player=player, cards=pieces_shown(cards, lang),
                     meld=meld + 1)
        case SwapJoker(card=card, meld=meld):
            return t("bot.move.swap", lang, player=player, card=piece_shown(card, lang),
                     meld=meld + 1)
        case Discard(card=card):
            return t("bot.move.discard", lang, player=player, card=piece_shown(card, lang))
        case Play():
            return t("bot.move.tiles_played", lang, player=player,
                     change=play_change(move, lang))
        case Confirm():
            return t("bot.move.tiles_laid", lang, player=player)
        case DrawTile():
            return t("bot.move.draw_tile", lang, player=player)
        case Pass():
            return t("bot.move.pass", lang, player=player)
        case NewSet() | Add() | Move() | Split() | TakeBack() | Undo() | Reset():
            return t("bot.move.tiles_edit", lang, player=player)
        case _:
            unhandled(move)


def table_closed(snapshot: Snapshot, lang: str, by: str | None, *,
                 layout: bool = True) -> Reply:
    """The table message once the game ended (``layout``: the message is a layout one;
    else one posted before layouts, which an edit cannot turn into one)."""
    text = t("bot.match.ended", lang, player=by) if by else t("bot.lobby.cancelled", lang)
    title = variant_name(snapshot.variant, lang)
    if layout:
        return Reply(layout=layouts.layout([layouts.text(f"### {title}\n{text}")],
                                           accent=COLOUR.value))
    embed = discord.Embed(title=title, description=text, colour=COLOUR)
    return Reply(embeds=[embed], view=discord.ui.View())


def ping(snapshot: Snapshot, lang: str) -> tuple[str, int] | None:
    """The turn reminder and the one user it may ping, when a human is to play."""
    seat = snapshot.current_seat
    if seat is None or seat.user_id is None:
        return None
    return t("bot.table.ping", lang, mention=f"<@{seat.user_id}>"), seat.user_id


# ---------------------------------------------------------------------- scores
def round_over(snapshot: Snapshot, lang: str,
               picture: Picture | None = None) -> Reply:
    view = snapshot.view
    assert view is not None and view.rounds
    last = view.rounds[-1]
    description = _round_lines(snapshot, lang, pieces_shown)
    if len(description) > layouts.MOST_TEXT:  # the emojis' markup made it too long
        description = _round_lines(snapshot, lang, pieces_text)
    over = snapshot.status is Status.MATCH_OVER or view.phase is Phase.MATCH_OVER
    ending, *seats = description.split("\n")
    blocks: list[layouts.Block] = [
        layouts.text(f"### {t('bot.round.title', lang, round=last.number)}\n{ending}")]
    if picture is not None:
        blocks.append(layouts.gallery([(picture.filename, picture.alt)]))
    blocks += [layouts.text(line) for line in _seat_blocks(seats)]
    if not over:
        blocks.append(layouts.row(TableButton(TableAction.NEXT, snapshot.channel_id,
                                              t("bot.button.next_round", lang),
                                              discord.ButtonStyle.success)))
    return Reply(layout=layouts.layout(blocks, accent=COLOUR.value),
                 pictures=[picture] if picture is not None else [])


def _seat_blocks(lines: Sequence[str]) -> list[str]:
    """The lines of a round's results, a text each seat (its line and the lines below it
    that are indented or continue it); all in one when there are many."""
    blocks: list[str] = []
    for line in lines:
        if blocks and (line.startswith((" ", "\u2003", "-", "•")) or not line.strip()):
            blocks[-1] += "\n" + line
        else:
            blocks.append(line)
    return blocks if len(blocks) <= 12 else ["\n".join(lines)]


def _round_lines(snapshot: Snapshot, lang: str,
                 write: Callable[[Iterable[Piece], str], str]) -> str:
    lines = [round_ending(snapshot, lang, name=safe_name),
             *round_seat_lines(snapshot, lang, lambda pieces: write(pieces, lang),
                               name=safe_name)]
    return "\n".join(lines)


def ranking(view: PublicView) -> list[int]:
    """Seats from first to last."""
    return sorted(range(len(view.seats)), key=lambda s: view.totals[s],
                  reverse=view.high_wins)


def match_over(snapshot: Snapshot, lang: str,
               ratings: Sequence[RatingChange] = ()) -> Reply:
    """The final ranking, and (``ratings``) each seat's skill rating before and after."""
    view = snapshot.view
    assert view is not None
    order = ranking(view)
    lines = [t("bot.match.winner", lang, player=seat_name(snapshot, order[0], lang))]
    lines += [t("bot.match.line", lang, place=place, name=seat_name(snapshot, seat, lang),
                total=view.totals[seat]) for place, seat in enumerate(order, 1)]
    lines += rating_lines(snapshot, ratings, lang)
    blocks: list[layouts.Block] = [
        layouts.text(f"### {t('bot.match.title', lang)}\n{lines[0]}"), layouts.separator(),
        layouts.text("\n".join(lines[1:])),
        layouts.row(TableButton(TableAction.REMATCH, snapshot.channel_id,
                                t("bot.button.new_match", lang), discord.ButtonStyle.success))]
    return Reply(layout=layouts.layout(blocks, accent=COLOUR.value))


def rating_lines(snapshot: Snapshot, ratings: Sequence[RatingChange], lang: str) -> list[str]:
    """The ratings' part of the match results (issue 26; nothing when none moved)."""
    lines = ratings_present.match_lines(ratings, [seat.name for seat in snapshot.seats], lang)
    return ["", *lines] if lines else []


SCORE_ROWS_ROOM = 3800  # characters of the score sheet's rows, within a layout's 4,000
MOST_RULE_TEXTS = 20  # text displays of the rules message, within the 40 components


def score_sheet(snapshot: Snapshot, lang: str, picture: Picture | None = None) -> Reply:
    """The score sheet, privately, as a layout: its title, the picture (none in text
    only) and every round's points in columns, then the totals (the oldest rounds left
    out when they pass Discord's 4,000 characters)."""
    view = snapshot.view
    heading = layouts.text(f"### {t('score.title', lang)}")
    if view is None or not view.rounds:
        return Reply(layout=layouts.layout([heading, layouts.text(t("bot.score.none", lang))],
                                           accent=COLOUR.value), ephemeral=True)
    header = " | ".join(["#", *(code_name(s.name, lang) for s in snapshot.seats)])
    rows = [" | ".join([str(r.number), *(str(p) for p in r.points)]) for r in view.rounds]
    totals = " | ".join(["=", *(str(total) for total in view.totals)])
    while rows and len("\n".join([header, *rows, totals])) > SCORE_ROWS_ROOM:
        rows.pop(0)
    sheet = "\n".join([header, *rows, totals])[:SCORE_ROWS_ROOM]
    blocks: list[layouts.Block] = [heading]
    if picture is not None:
        blocks.append(layouts.gallery([(picture.filename, picture.alt)]))
    blocks.append(layouts.text(f"```\n{sheet}\n```"))
    return Reply(layout=layouts.layout(blocks, accent=COLOUR.value),
                 pictures=[picture] if picture is not None else [], ephemeral=True)


# ---------------------------------------------------------------------- rules
def rules(played: RuleSet, lang: str, *, layout: bool = True) -> Reply:
    """The rules of a variant as ``played`` (a server's overrides applied), privately: its
    name, a text per topic, the commands, and a button per other variant (``layout``
    False: an embed, to edit a rules message sent before layouts)."""
    summary = rules_summary(played, lang)
    footer = "bot.rules.tiles.commands" if played.kind is Kind.TILES else "bot.rules.commands"
    buttons = rules_buttons(variant_names(), played.name, lang)
    if not layout:  # an embed's description holds 4,096 characters at most
        embed = discord.Embed(title=variant_name(played.name, lang),
                              description="\n".join(summary)[:4096], colour=COLOUR)
        embed.set_footer(text=t(footer, lang))
        return Reply(embeds=[embed], ephemeral=True, view=view_of(*buttons))
    blocks: list[layouts.Block] = [
        layouts.text(f"### {variant_name(played.name, lang)}"),
        *layouts.texts_of(summary, MOST_RULE_TEXTS), layouts.separator(),
        layouts.text(f"-# {t(footer, lang)}"),
        *(layouts.row(*buttons[i:i + 5]) for i in range(0, len(buttons), 5))]
    return Reply(layout=layouts.layout(blocks, accent=COLOUR.value), ephemeral=True)
