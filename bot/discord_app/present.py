"""What the bot shows: lobby, table, hand, round and match results, rules, as replies.

Pure functions from session snapshots and engine views to :class:`bot.replies.Reply`
objects (text in the player's language, pictures from ``render``, components from
``bot.discord_app.views``); nothing here talks to Discord or to the session.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import multiprocessing
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import discord

from bot.discord_app import tile_present, views
from bot.discord_app.i18n import t
from bot.discord_app.replies import Picture, Reply
from bot.session.tables import Snapshot, Status
from engine import variant
from engine.cards.card import Card, format_card
from engine.i18n import count
from engine.rules import Kind
from engine.rules import variant as rule_set
from engine.tiles.tile import format_tile
from engine.views import MeldView, Phase, Piece, PlayerView, PublicView
from render import render_hand, render_scores, render_table, sorted_hand

COLOUR = discord.Colour.dark_green()
VARIANTS = ("classic", "rami51", "rami30", "gameduell", "tiles")


def piece_text(piece: Piece) -> str:
    return format_card(piece) if isinstance(piece, Card) else format_tile(piece)


def pieces_text(pieces: Iterable[Piece]) -> str:
    return " ".join(piece_text(p) for p in pieces)


# Pictures take milliseconds of CPU: the bot draws them off the event loop with
# :func:`draw`, so these functions touch nothing but their arguments.
_painters: concurrent.futures.Executor | None = None
_painter_count = 0


def set_painters(count: int) -> None:
    """Draw pictures in ``count`` processes (0: in threads of this process)."""
    global _painter_count
    if count != _painter_count:
        stop_painters()
        _painter_count = count


def stop_painters() -> None:
    """Stop the painting processes (they start again on the next picture)."""
    global _painters
    pool, _painters = _painters, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def _painter_pool() -> concurrent.futures.Executor | None:
    global _painters
    if _painters is None and _painter_count > 0:
        context = multiprocessing.get_context("forkserver")
        _painters = concurrent.futures.ProcessPoolExecutor(_painter_count, mp_context=context)
    return _painters


async def draw(function: Callable[..., Picture], *args: Any, **kwargs: Any) -> Picture:
    """Run a picture function in a painting process, or in a thread when there is none
    (``RAMI_PAINTERS=0``, the default).

    Composing a picture holds the GIL for part of its milliseconds; processes avoid that,
    at the price of sending the view and the PNG between processes. On the two busy
    cores of the test machine, threads measured as well or better (bench/bot_bench.py).
    """
    global _painters
    pool = _painter_pool()
    if pool is not None:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, functools.partial(function, *args, **kwargs))
        except concurrent.futures.process.BrokenProcessPool:
            _painters = None  # a painter died (killed, out of memory): start afresh next time
    return await asyncio.to_thread(function, *args, **kwargs)


def table_picture(view: PublicView, lang: str, theme: str = "classic") -> Picture:
    drawn = render_table(view, theme=theme, lang=lang)
    return Picture(png=drawn.png, alt=drawn.alt, filename=drawn.filename)


def scores_picture(view: PublicView, lang: str, theme: str = "classic") -> Picture:
    drawn = render_scores(view, theme=theme, lang=lang)
    return Picture(png=drawn.png, alt=drawn.alt, filename=drawn.filename)


def hand_picture(view: PlayerView, lang: str, *, sort: str = "suit", theme: str = "classic",
                 back: str = "blue") -> Picture:
    drawn = render_hand(view, theme=theme, back=back, sort=sort, lang=lang)
    return Picture(png=drawn.png, alt=drawn.alt, filename=drawn.filename)


def _attach(embed: discord.Embed, picture: Picture | None) -> list[Picture]:
    if picture is None:
        return []
    embed.set_image(url=f"attachment://{picture.filename}")
    return [picture]


def variant_name(variant: str, lang: str) -> str:
    return t(f"variant.{variant}", lang)


def mention(snapshot: Snapshot, seat: int) -> str:
    user = snapshot.seats[seat].user_id
    return f"<@{user}>" if user is not None else snapshot.seats[seat].name


# ---------------------------------------------------------------------- lobby
def lobby(snapshot: Snapshot, lang: str, target: int | None = None) -> Reply:
    players = ", ".join(
        f"<@{s.user_id}>" if s.user_id is not None else s.name for s in snapshot.seats
    ) or t("bot.lobby.nobody", lang)
    lines = [t(f"bot.rules.{snapshot.variant}", lang), ""]
    if target is not None:
        lines.append(t("bot.lobby.target", lang, count=target) if target
                     else t("bot.lobby.single_round", lang))
    lines.append(t("bot.lobby.players", lang, count=len(snapshot.seats), players=players))
    lines.append(t("bot.lobby.howto", lang, creator=f"<@{snapshot.created_by}>"))
    embed = discord.Embed(
        title=t("bot.lobby.title", lang, variant=variant_name(snapshot.variant, lang)),
        description="\n".join(lines), colour=COLOUR,
    )
    return Reply(embeds=[embed], view=views.lobby_view(snapshot.channel_id, lang))


def lobby_closed(snapshot: Snapshot, lang: str, code: str) -> Reply:
    embed = discord.Embed(
        title=t("bot.lobby.title", lang, variant=variant_name(snapshot.variant, lang)),
        description=t(code, lang), colour=COLOUR,
    )
    return Reply(embeds=[embed], view=discord.ui.View())


# ---------------------------------------------------------------------- table
def _meld_lines(melds: Sequence[MeldView]) -> str:
    return "\n".join(f"`{m.number}` {pieces_text(m.pieces)}" for m in melds)


def table(snapshot: Snapshot, lang: str, last_move: str | None = None,
          picture: Picture | None = None) -> Reply:
    """The public table: whose turn, piles, seats and melds, plus the table picture."""
    view = snapshot.view
    assert view is not None
    lines = []
    if snapshot.status is Status.PLAYING and view.phase in (Phase.DRAW, Phase.PLAY):
        lines.append(t("bot.table.turn", lang, player=mention(snapshot, view.current)))
    tiles = view.kind is Kind.TILES
    top = piece_text(view.discard_top) if view.discard_top is not None else t(
        "bot.table.empty", lang)
    lines.append(t("bot.tiles.table.pool", lang, count=view.stock_size) if tiles
                 else t("bot.table.piles", lang, stock=count("cards", view.stock_size), top=top))
    if last_move:
        lines.append(t("bot.table.last", lang, move=last_move))
    embed = discord.Embed(
        title=t("bot.table.title", lang, variant=variant_name(snapshot.variant, lang),
                round=view.round_number),
        description="\n".join(lines), colour=COLOUR,
    )
    seats = "\n".join(
        t("bot.table.seat", lang, name=s.name,
          pieces=count("tiles" if tiles else "cards", s.hand_size),
          score=count("points", view.totals[s.seat]),
          opened=t("bot.table.opened", lang) if s.has_opened else "")
        for s in view.seats
    )
    embed.add_field(name="\u200b", value=seats[:1024], inline=False)
    words = "bot.tiles.table" if tiles else "bot.table"
    embed.add_field(name=t(f"{words}.melds", lang),
                    value=_meld_lines(view.melds)[:1024] or t(f"{words}.no_melds", lang),
                    inline=False)
    return Reply(embeds=[embed], pictures=_attach(embed, picture),
                 view=views.table_view(snapshot.channel_id, lang))


def move_text(player: str, words: str, lang: str) -> str:
    """The session's description of a move (``"layoff 7♥ 8♥ 3"``) in the reader's language."""
    kind, _, rest = words.partition(" ")
    args = rest.split()
    if kind == "draw":
        code = "bot.move.take" if rest == "discard" else "bot.move.draw"
        return t(code, lang, player=player)
    if kind == "meld":
        return t("bot.move.meld", lang, player=player, cards=rest)
    if kind == "layoff" and args:
        return t("bot.move.layoff", lang, player=player, cards=" ".join(args[:-1]),
                 meld=args[-1])
    if kind == "swapjoker" and len(args) == 2:
        return t("bot.move.swap", lang, player=player, card=args[0], meld=args[1])
    if kind == "discard":
        return t("bot.move.discard", lang, player=player, card=rest)
    if kind == "leave":
        return t("bot.move.leave", lang, player=player)
    if kind in ("confirm", "play"):
        return t("bot.move.tiles_laid", lang, player=player)
    if kind in ("newset", "add", "move", "split", "takeback", "undo", "reset"):
        return t("bot.move.tiles_edit", lang, player=player)  # the draft stays private
    if kind == "drawtile":
        return t("bot.move.draw_tile", lang, player=player)
    if kind == "pass":
        return t("bot.move.pass", lang, player=player)
    return f"{player}: {words}"


def table_closed(snapshot: Snapshot, lang: str, by: str | None) -> Reply:
    text = t("bot.match.ended", lang, player=by) if by else t("bot.lobby.cancelled", lang)
    embed = discord.Embed(title=variant_name(snapshot.variant, lang), description=text,
                          colour=COLOUR)
    return Reply(embeds=[embed], view=discord.ui.View())


def ping(snapshot: Snapshot, lang: str) -> tuple[str, int] | None:
    """The turn reminder and the one user it may ping, when a human is to play."""
    seat = snapshot.current_seat
    if seat is None or seat.user_id is None:
        return None
    return t("bot.table.ping", lang, mention=f"<@{seat.user_id}>"), seat.user_id


# ---------------------------------------------------------------------- scores
def _score_lines(view: PublicView, snapshot: Snapshot, lang: str) -> list[str]:
    last = view.rounds[-1] if view.rounds else None
    return [
        t("bot.round.line", lang, name=seat.name,
          points=last.points[index] if last else 0, total=view.totals[index])
        for index, seat in enumerate(snapshot.seats)
    ]


def round_over(snapshot: Snapshot, lang: str, picture: Picture | None = None) -> Reply:
    view = snapshot.view
    assert view is not None and view.rounds
    last = view.rounds[-1]
    lines = []
    if last.winner is not None:
        code = "bot.round.rami_sec" if last.rami_sec else "bot.round.went_out"
        lines.append(t(code, lang, player=snapshot.seats[last.winner].name))
    else:
        lines.append(t("bot.round.no_winner", lang))
    lines += _score_lines(view, snapshot, lang)
    embed = discord.Embed(title=t("bot.round.title", lang, round=last.number),
                          description="\n".join(lines), colour=COLOUR)
    pictures = _attach(embed, picture)
    over = snapshot.status is Status.MATCH_OVER or view.phase is Phase.MATCH_OVER
    component = None if over else views.round_over_view(snapshot.channel_id, lang)
    return Reply(embeds=[embed], pictures=pictures, view=component)


def ranking(view: PublicView) -> list[int]:
    """Seats from first to last."""
    return sorted(range(len(view.seats)), key=lambda s: view.totals[s],
                  reverse=view.high_wins)


def match_over(snapshot: Snapshot, lang: str) -> Reply:
    view = snapshot.view
    assert view is not None
    order = ranking(view)
    lines = [t("bot.match.winner", lang, player=snapshot.seats[order[0]].name)]
    lines += [t("bot.match.line", lang, place=place, name=snapshot.seats[seat].name,
                total=view.totals[seat]) for place, seat in enumerate(order, 1)]
    embed = discord.Embed(title=t("bot.match.title", lang), description="\n".join(lines),
                          colour=COLOUR)
    return Reply(embeds=[embed], view=views.match_over_view(snapshot.channel_id, lang))


def score_sheet(snapshot: Snapshot, lang: str, picture: Picture | None = None) -> Reply:
    view = snapshot.view
    embed = discord.Embed(title=t("score.title", lang), colour=COLOUR)
    if view is None or not view.rounds:
        embed.description = t("bot.score.none", lang)
        return Reply(embeds=[embed], ephemeral=True)
    header = " | ".join(["#", *(s.name for s in snapshot.seats)])
    rows = [" | ".join([str(r.number), *(str(p) for p in r.points)]) for r in view.rounds]
    rows.append(" | ".join(["=", *(str(total) for total in view.totals)]))
    embed.description = "```\n" + "\n".join([header, *rows])[:4000] + "\n```"
    return Reply(embeds=[embed], pictures=_attach(embed, picture), ephemeral=True)


# ---------------------------------------------------------------------- rules
def rules(variant: str, lang: str) -> Reply:
    embed = discord.Embed(title=variant_name(variant, lang),
                          description=t(f"bot.rules.{variant}", lang), colour=COLOUR)
    tiles = rule_set(variant).kind is Kind.TILES
    footer = "bot.rules.tiles.commands" if tiles else "bot.rules.commands"
    embed.set_footer(text=t(footer, lang))
    return Reply(embeds=[embed], ephemeral=True, view=views.rules_view(VARIANTS, variant, lang))


# ---------------------------------------------------------------------- hand
def display_order(view: PlayerView, sort: str, order: Sequence[int] | None = None) -> list[int]:
    """Hand indexes in the order shown (position p is ``result[p - 1]``)."""
    try:
        return sorted_hand(view.hand, sort, order)
    except ValueError:
        return sorted_hand(view.hand, "suit")


def hand(
    view: PlayerView,
    channel_id: int,
    lang: str,
    *,
    sort: str = "suit",
    note: str | None = None,
    names: Sequence[str] = (),
    selected: dict[str, set[str]] | None = None,
    picture: Picture | None = None,
) -> Reply:
    """The private hand message: picture, alt text, numbered notation and components."""
    order = display_order(view, sort)
    if view.kind is Kind.TILES:
        return tile_present.tile_hand(view, channel_id, lang, order, sort=sort, note=note,
                                      names=names, selected=selected, picture=picture)
    shown = [view.hand[i] for i in order]
    playing = view.phase in (Phase.DRAW, Phase.PLAY)
    my_turn = playing and view.current == view.seat
    lines = []
    if note:
        lines.append(note)
    lines.append("**" + t("bot.hand.title", lang, count=len(shown)) + "**")
    lines.append("  ".join(f"`{pos}` {piece_text(p)}" for pos, p in enumerate(shown, 1)))
    if not playing:
        lines.append(t("bot.hand.over", lang))
    elif my_turn and view.phase is Phase.DRAW:
        top = piece_text(view.discard_top) if view.discard_top is not None else t(
            "bot.table.empty", lang)
        lines.append(t("bot.hand.draw", lang, top=top))
    elif my_turn:
        if view.drawn is not None:
            lines.append(t("bot.hand.drawn", lang, card=piece_text(view.drawn)))
        if view.must_lay is not None:
            lines.append(t("bot.hand.must_lay", lang, card=piece_text(view.must_lay)))
        lines.append(t("bot.hand.play", lang))
    else:
        name = names[view.current] if view.current < len(names) else view.seats[view.current].name
        lines.append(t("bot.hand.waiting", lang, player=name))
    if playing and view.opening_needed:
        lines.append(t("bot.hand.opening", lang, count=view.opening_needed))
    if len(shown) > views.MAX_OPTIONS:
        lines.append(t("bot.hand.too_many", lang))
    pictures = [picture] if picture is not None else []
    cards = [(f"{pos}:{piece_text(p)}", f"{pos}. {piece_text(p)}")
             for pos, p in enumerate(shown, 1)]
    melds = [(str(m.number), t("bot.select.meld_option", lang, number=m.number,
                                cards=pieces_text(m.pieces))) for m in view.melds]
    components = views.hand_view(
        channel_id, lang, cards=cards, melds=melds, selected=selected or {}, sort=sort,
        can_draw=my_turn and view.phase is Phase.DRAW,
        can_play=my_turn and view.phase is Phase.PLAY,
    )
    return Reply(content="\n".join(lines)[:2000], pictures=pictures, view=components,
                 ephemeral=True)


def action_note(action: object, view: PlayerView, lang: str) -> str | None:
    """What the player just did, in words (the first line of the refreshed hand)."""
    name = type(action).__name__
    if view.kind is Kind.TILES:
        return tile_present.tile_note(action, lang)
    if name == "Draw":
        if getattr(action, "source", "stock") == "discard":
            return None if view.drawn is None else t(
                "bot.note.take", lang, card=piece_text(view.drawn))
        return None  # the hand says "You drew …"
    if name == "Meld":
        melds = getattr(action, "melds", ())
        return t("bot.note.meld", lang, cards=" | ".join(pieces_text(m) for m in melds))
    if name == "LayOff":
        return t("bot.note.layoff", lang, cards=pieces_text(getattr(action, "cards", ())),
                 meld=getattr(action, "meld", 0) + 1)
    if name == "SwapJoker":
        return t("bot.note.swap", lang, card=piece_text(action.card),  # type: ignore[attr-defined]
                 meld=getattr(action, "meld", 0) + 1)
    if name == "Discard":
        return t("bot.note.discard", lang, card=piece_text(action.card))  # type: ignore[attr-defined]
    return None


def variant_key(name: str | None) -> str:
    """The canonical variant name for ``name`` (an alias such as "51"), else rami51.

    Raises:
        RuleError: an unknown variant (its message lists the known ones).
    """
    if not name:
        return "rami51"
    return str(variant(name).name)
