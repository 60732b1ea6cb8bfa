"""What the bot shows: lobby, table, hand, round and match results, rules, as replies.

Pure functions from session snapshots and engine views to :class:`bot.replies.Reply`
objects (text in the player's language, pictures drawn by ``bot.discord_app.core.pictures``,
components from the :class:`~bot.discord_app.views.Components` they are given); nothing
here talks to Discord or to the session.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import discord

from bot.discord_app import tile_present
from bot.discord_app.core.choices import variant_names
from bot.discord_app.core.i18n import t
from bot.discord_app.core.replies import Picture, Reply
from bot.discord_app.views import MAX_OPTIONS, Components
from bot.session import Seat, Snapshot, Status, display_order, round_ending, round_seat_lines
from engine import RuleSet, rules_summary
from engine.actions import Action
from engine.ai import level_name
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.card import Card, format_card, write_codes
from engine.i18n import count
from engine.names import shown_name
from engine.rules import Kind
from engine.tiles.tile import format_tile
from engine.views import (
    MeldView,
    Phase,
    Piece,
    PlayerView,
    PublicView,
    SeatView,
    opening_status,
)

COLOUR = discord.Colour.dark_green()


def piece_text(piece: Piece, lang: str, *, ascii: bool = False) -> str:
    """A card as ``lang`` writes it (``D♠`` in French; ``Dp`` with ``ascii``), or a tile."""
    return format_card(piece, lang, ascii=ascii) if isinstance(piece, Card) else format_tile(piece)


def pieces_text(pieces: Iterable[Piece], lang: str) -> str:
    return " ".join(piece_text(p, lang) for p in pieces)


def melds_text(melds: Iterable[Iterable[Piece]], lang: str) -> str:
    """Melds or sets written one after the other: ``7♥ 8♥ 9♥ | Q♠ Q♥ Q♦``."""
    return " | ".join(pieces_text(meld, lang) for meld in melds)


def piece_code(piece: Piece) -> str:
    """A piece as a menu value holds it: the same in every language."""
    return write_codes([piece]) if isinstance(piece, Card) else format_tile(piece)




def _attach(embed: discord.Embed, picture: Picture | None) -> list[Picture]:
    if picture is None:
        return []
    embed.set_image(url=f"attachment://{picture.filename}")
    return [picture]


def variant_name(variant: str, lang: str) -> str:
    return t(f"variant.{variant}", lang)


@functools.lru_cache(maxsize=4096)  # the names at the tables: every message shows them
def escaped(text: str) -> str:
    """Text a member typed (a name) as a message shows it: markdown and mentions escaped,
    so that a member called ``[Free Nitro](https://evil.example)`` or ``@everyone`` is
    shown as typed, never as a link, a heading or a ping."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def safe_name(name: str, lang: str) -> str:
    """A seat's name as a message shows it to a reader of ``lang``: a name the game gave
    in words (:func:`engine.names.shown_name`), escaped (:func:`escaped`). Every name a
    message shows goes through it (a mention, ``<@id>``, is not a name: Discord writes
    the name itself)."""
    return escaped(shown_name(name, lang))


def _code_name(name: str, lang: str) -> str:
    """A seat's name inside a code block, where markdown is not read but a backtick ends
    it."""
    return shown_name(name, lang).replace("`", "'")


def seat_name(snapshot: Snapshot, seat: int, lang: str) -> str:
    """The name of ``seat`` as a reader of ``lang`` sees it (a computer's in words)."""
    return safe_name(snapshot.seats[seat].name, lang)


def seat_title(seat: Seat, lang: str, *, markdown: bool = True) -> str:
    """A seat as the lobby and the table list it: its name, and a computer's level in
    words (``Ordi 1 · difficile``); ``markdown=False`` where Discord shows text as it is
    (a command's choices), so nothing is escaped."""
    name = safe_name(seat.name, lang) if markdown else shown_name(seat.name, lang)
    if seat.level is None:
        return name
    return t("bot.table.computer", lang, name=name, level=level_name(seat.level, lang))


def mention(snapshot: Snapshot, seat: int, lang: str) -> str:
    user = snapshot.seats[seat].user_id
    return f"<@{user}>" if user is not None else seat_name(snapshot, seat, lang)


# ---------------------------------------------------------------------- lobby
def lobby(snapshot: Snapshot, lang: str, components: Components, played: RuleSet) -> Reply:
    """The lobby message: the rules the table will deal with (``played``: the server's
    overrides and the chosen target included), the seats, and what to do."""
    players = ", ".join(
        f"<@{s.user_id}>" if s.user_id is not None else seat_title(s, lang)
        for s in snapshot.seats
    ) or t("bot.lobby.nobody", lang)
    lines = [*rules_summary(played, lang), ""]
    lines.append(t("bot.lobby.target", lang, count=played.target) if played.target
                 else t("bot.lobby.single_round", lang))
    lines.append(t("bot.lobby.players", lang, count=len(snapshot.seats), players=players))
    lines.append(t("bot.lobby.howto", lang, creator=f"<@{snapshot.created_by}>"))
    embed = discord.Embed(
        title=t("bot.lobby.title", lang, variant=variant_name(snapshot.variant, lang)),
        description="\n".join(lines)[:4096], colour=COLOUR,  # Discord's limit
    )
    return Reply(embeds=[embed], view=components.lobby_view(snapshot.channel_id, lang))


def lobby_closed(snapshot: Snapshot, lang: str, code: str) -> Reply:
    embed = discord.Embed(
        title=t("bot.lobby.title", lang, variant=variant_name(snapshot.variant, lang)),
        description=t(code, lang), colour=COLOUR,
    )
    return Reply(embeds=[embed], view=discord.ui.View())


# ---------------------------------------------------------------------- table
def _discard_top(view: PublicView | PlayerView, lang: str) -> str:
    """The card on the discard pile, or "empty"."""
    if view.discard_top is None:
        return t("bot.table.empty", lang)
    return piece_text(view.discard_top, lang)


def _meld_lines(melds: Sequence[MeldView], lang: str) -> str:
    return "\n".join(f"`{m.number}` {pieces_text(m.pieces, lang)}" for m in melds)


def meld_choices(melds: Sequence[MeldView], current: str,
                 lang: str) -> list[discord.app_commands.Choice[int]]:
    """The melds (or sets) whose number starts with what was typed, for an autocomplete."""
    return [
        discord.app_commands.Choice(name=f"{m.number}: {pieces_text(m.pieces, lang)}"[:100],
                                    value=m.number)
        for m in melds if not current or str(m.number).startswith(current.strip())
    ][:25]  # Discord offers 25 choices at most


def table(snapshot: Snapshot, lang: str, components: Components,
          last_move: str | None = None, picture: Picture | None = None) -> Reply:
    """The public table: whose turn, piles, seats and melds, plus the table picture."""
    view = snapshot.view
    assert view is not None
    turn = None
    if snapshot.status is Status.PLAYING and view.phase in (Phase.DRAW, Phase.PLAY):
        turn = mention(snapshot, view.current, lang)
    embed = table_embed(view, snapshot.variant, snapshot.seats, lang, turn, last_move)
    return Reply(embeds=[embed], pictures=_attach(embed, picture),
                 view=components.table_view(snapshot.channel_id, lang))


def table_embed(view: PublicView, variant: str, seats: Sequence[Seat], lang: str,
                turn: str | None = None, last_move: str | None = None) -> discord.Embed:
    """A table in words: whose ``turn`` it is (who to name, when it is someone's), the
    piles, ``last_move``, each seat (``seats``: as saved, for a computer's level) and the
    melds."""
    lines = []
    if turn is not None:
        lines.append(t("bot.table.turn", lang, player=turn))
    tiles = view.kind is Kind.TILES
    lines.append(t("bot.tiles.table.pool", lang, count=view.stock_size) if tiles
                 else t("bot.table.piles", lang, stock=count("cards", view.stock_size),
                        top=_discard_top(view, lang)))
    if last_move:
        lines.append(t("bot.table.last", lang, move=last_move))
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
    noun = "tiles" if view.kind is Kind.TILES else "cards"
    params = {"name": seat_title(seats[seat.seat], lang),
              "pieces": count(noun, seat.hand_size),
              "score": count("points", view.totals[seat.seat])}
    status = opening_status(view, seat)
    if status is None:
        return t("bot.table.seat", lang, **params)
    return t("bot.table.seat.opening", lang, status=status, **params)


def move_text(player: str, move: Action, lang: str) -> str:
    """A move as the table's "last move" line, in the reader's language (a draft edit
    stays private: only "working on the table" is said of it); ``player`` is the name as
    shown (:func:`safe_name`)."""
    if isinstance(move, Draw):
        code = "bot.move.take" if move.source == "discard" else "bot.move.draw"
        return t(code, lang, player=player)
    if isinstance(move, Meld):
        return t("bot.move.meld", lang, player=player, cards=melds_text(move.melds, lang))
    if isinstance(move, LayOff):
        return t("bot.move.layoff", lang, player=player, cards=pieces_text(move.cards, lang),
                 meld=move.meld + 1)
    if isinstance(move, SwapJoker):
        return t("bot.move.swap", lang, player=player, card=piece_text(move.card, lang),
                 meld=move.meld + 1)
    if isinstance(move, Discard):
        return t("bot.move.discard", lang, player=player, card=piece_text(move.card, lang))
    return tile_present.tile_move_text(player, move, lang)


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
def round_over(snapshot: Snapshot, lang: str, components: Components,
               picture: Picture | None = None) -> Reply:
    view = snapshot.view
    assert view is not None and view.rounds
    last = view.rounds[-1]
    lines = [round_ending(snapshot, lang, name=safe_name),
             *round_seat_lines(snapshot, lang, lambda pieces: pieces_text(pieces, lang),
                               name=safe_name)]
    embed = discord.Embed(title=t("bot.round.title", lang, round=last.number),
                          description="\n".join(lines), colour=COLOUR)
    pictures = _attach(embed, picture)
    over = snapshot.status is Status.MATCH_OVER or view.phase is Phase.MATCH_OVER
    component = None if over else components.round_over_view(snapshot.channel_id, lang)
    return Reply(embeds=[embed], pictures=pictures, view=component)


def ranking(view: PublicView) -> list[int]:
    """Seats from first to last."""
    return sorted(range(len(view.seats)), key=lambda s: view.totals[s],
                  reverse=view.high_wins)


def match_over(snapshot: Snapshot, lang: str, components: Components) -> Reply:
    view = snapshot.view
    assert view is not None
    order = ranking(view)
    lines = [t("bot.match.winner", lang, player=seat_name(snapshot, order[0], lang))]
    lines += [t("bot.match.line", lang, place=place, name=seat_name(snapshot, seat, lang),
                total=view.totals[seat]) for place, seat in enumerate(order, 1)]
    embed = discord.Embed(title=t("bot.match.title", lang), description="\n".join(lines),
                          colour=COLOUR)
    return Reply(embeds=[embed], view=components.match_over_view(snapshot.channel_id, lang))


def score_sheet(snapshot: Snapshot, lang: str, picture: Picture | None = None) -> Reply:
    view = snapshot.view
    embed = discord.Embed(title=t("score.title", lang), colour=COLOUR)
    if view is None or not view.rounds:
        embed.description = t("bot.score.none", lang)
        return Reply(embeds=[embed], ephemeral=True)
    header = " | ".join(["#", *(_code_name(s.name, lang) for s in snapshot.seats)])
    rows = [" | ".join([str(r.number), *(str(p) for p in r.points)]) for r in view.rounds]
    rows.append(" | ".join(["=", *(str(total) for total in view.totals)]))
    embed.description = "```\n" + "\n".join([header, *rows])[:4000] + "\n```"
    return Reply(embeds=[embed], pictures=_attach(embed, picture), ephemeral=True)


# ---------------------------------------------------------------------- rules
def rules(played: RuleSet, lang: str, components: Components) -> Reply:
    """The rules of a variant as ``played`` (a server's overrides applied), with buttons
    for the other variants."""
    # One line per topic; an embed description holds 4,096 characters at most.
    embed = discord.Embed(title=variant_name(played.name, lang),
                          description="\n".join(rules_summary(played, lang))[:4096], colour=COLOUR)
    footer = "bot.rules.tiles.commands" if played.kind is Kind.TILES else "bot.rules.commands"
    embed.set_footer(text=t(footer, lang))
    return Reply(embeds=[embed], ephemeral=True,
                 view=components.rules_view(variant_names(), played.name, lang))


# ---------------------------------------------------------------------- hand
def hand(
    view: PlayerView,
    channel_id: int,
    lang: str,
    components: Components,
    *,
    sort: str = "suit",
    note: str | None = None,
    names: Sequence[str] = (),
    selected: dict[str, set[str]] | None = None,
    picture: Picture | None = None,
    owner: int | None = None,
    daily: bool = False,
) -> Reply:
    """``owner``'s private hand message (the rack in tile rummy): picture, alt text,
    numbered notation and components (``daily``: a try's, ``channel_id`` naming the
    try)."""
    order = display_order(view, sort)
    texts = [piece_text(view.hand[i], lang) for i in order]
    options = _piece_options([view.hand[i] for i in order], texts)
    chosen = selected or {}
    my_turn = _is_my_turn(view)
    if view.kind is Kind.TILES:
        title, turn = "bot.tiles.title", tile_present.turn_lines(view, lang)
        board = tile_present.draft_lines(view, lang)
        buttons = components.tile_hand_view(
            channel_id, lang, tiles=options, selected=chosen, sort=sort, my_turn=my_turn,
            pool_empty=view.stock_size == 0, editing=view.draft is not None, owner=owner)
    else:
        title, turn, board = "bot.hand.title", _turn_lines(view, lang), []
        melds = [(str(m.number), t("bot.select.meld_option", lang, number=m.number,
                                    cards=pieces_text(m.pieces, lang))) for m in view.melds]
        buttons = components.hand_view(
            channel_id, lang, cards=options, melds=melds, selected=chosen, sort=sort,
            can_draw=my_turn and view.phase is Phase.DRAW,
            can_play=my_turn and view.phase is Phase.PLAY, owner=owner, daily=daily)
    text = _hand_text(view, texts, lang, title=t(title, lang, count=len(texts)), turn=turn,
                      board=board, note=note, names=names)
    return Reply(content=text, pictures=[picture] if picture is not None else [], view=buttons,
                 ephemeral=True)


def _is_playing(view: PlayerView) -> bool:
    return view.phase in (Phase.DRAW, Phase.PLAY)


def _is_my_turn(view: PlayerView) -> bool:
    return _is_playing(view) and view.current == view.seat


def _hand_text(view: PlayerView, texts: Sequence[str], lang: str, *, title: str,
               turn: Sequence[str], board: Sequence[str], note: str | None,
               names: Sequence[str]) -> str:
    """The hand message's text: ``note``, ``title``, the pieces numbered from 1, ``board``
    (the tile draft), then ``turn`` on the player's turn, whom they wait for otherwise."""
    lines = [note] if note else []
    lines.append(f"**{title}**")
    lines.append("  ".join(f"`{pos}` {text}" for pos, text in enumerate(texts, 1)))
    lines += board
    if not _is_playing(view):
        lines.append(t("bot.hand.over", lang))
    elif _is_my_turn(view):
        lines += turn
    else:
        name = names[view.current] if view.current < len(names) else view.seats[view.current].name
        lines.append(t("bot.hand.waiting", lang, player=safe_name(name, lang)))
    if _is_playing(view) and view.opening_needed:
        lines.append(t("bot.hand.opening", lang, count=view.opening_needed))
    if len(texts) > MAX_OPTIONS:
        lines.append(t("bot.hand.too_many", lang))
    return "\n".join(lines)[:2000]  # Discord's limit


def _piece_options(pieces: Sequence[Piece], texts: Sequence[str]) -> list[tuple[str, str]]:
    """The pieces menu's options (value, label), numbered as in the message: the label in
    the player's language, the value the piece's code (the same in every language)."""
    return [(f"{pos}:{piece_code(piece)}", f"{pos}. {text}")
            for pos, (piece, text) in enumerate(zip(pieces, texts, strict=True), 1)]


def _turn_lines(view: PlayerView, lang: str) -> list[str]:
    """What the player whose turn it is does now: draw, or play (after the card drawn)."""
    if view.phase is Phase.DRAW:
        return [t("bot.hand.draw", lang, top=_discard_top(view, lang))]
    lines = []
    if view.drawn is not None:
        lines.append(t("bot.hand.drawn", lang, card=piece_text(view.drawn, lang)))
    if view.must_lay is not None:
        lines.append(t("bot.hand.must_lay", lang, card=piece_text(view.must_lay, lang)))
    lines.append(t("bot.hand.play", lang))
    return lines


def action_note(action: object, view: PlayerView, lang: str) -> str | None:
    """What the player just did, in words (the first line of the refreshed hand)."""
    if view.kind is Kind.TILES:
        return tile_present.tile_note(action, lang)
    if isinstance(action, Draw):
        if action.source == "discard" and view.drawn is not None:
            return t("bot.note.take", lang, card=piece_text(view.drawn, lang))
        return None  # the hand says "You drew …"
    if isinstance(action, Meld):
        return t("bot.note.meld", lang, cards=melds_text(action.melds, lang))
    if isinstance(action, LayOff):
        return t("bot.note.layoff", lang, cards=pieces_text(action.cards, lang),
                 meld=action.meld + 1)
    if isinstance(action, SwapJoker):
        return t("bot.note.swap", lang, card=piece_text(action.card, lang), meld=action.meld + 1)
    if isinstance(action, Discard):
        return t("bot.note.discard", lang, card=piece_text(action.card, lang))
    return None
