"""A player's private hand message (the rack in tile rummy), and what they just did in
words (its first line).

Pure functions from an engine view to a :class:`~bot.discord_app.core.replies.Reply`:
the picture (drawn by the caller), its text with the pieces numbered from 1 as the
menus number them, and the components of the game's kind (a try of the daily
championship passes its own button and menu classes).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord_app.cards.components import HandButton, HandPick, LayOffButton, hand_items
from bot.discord_app.core import emojis
from bot.discord_app.core import layout as layouts
from bot.discord_app.core.components import MAX_OPTIONS, view_of
from bot.discord_app.core.i18n import t
from bot.discord_app.core.replies import Picture, Reply
from bot.discord_app.core.text import (
    COLOUR,
    discard_top,
    melds_shown,
    piece_code,
    piece_shown,
    piece_text,
    pieces_shown,
    pieces_text,
    safe_name,
    starts_with_vowel,
)
from bot.discord_app.hand.opening import opening_blocks, suggest_buttons
from bot.discord_app.tiles import present as tiles_present
from bot.discord_app.tiles.components import rack_items
from bot.session import display_order
from bot.session.card_clicks import card_of_value
from engine import RuleSet, RummyError
from engine.actions import Action, unhandled
from engine.ai.variant import card_variant
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.names import shown_name
from engine.opening import OpeningPlan
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
from engine.views import MeldView, Phase, Piece, PlayerView

Items = list[discord.ui.Item[Any]]


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
    owner: int | None = None,
    button: type[HandButton] = HandButton,
    pick: type[HandPick] = HandPick,
    layout: bool = False,
    rules: RuleSet | None = None,
    attached: tuple[str, str] | None = None,
    opening: OpeningPlan | None = None,
) -> Reply:
    """``owner``'s private hand message (the rack in tile rummy): picture, alt text,
    numbered notation and components (``button`` and ``pick``: a try's classes,
    ``channel_id`` then naming the try).

    ``layout``: as a layout message (:func:`hand_layout`, ``rules`` telling which table
    melds the cards picked fit, ``opening`` the opening they make,
    :func:`~.opening.proposed`; ``attached``: the picture the edited message already
    has, ``(filename, alt text)``, shown again without sending it); else text and rows of
    buttons under it."""
    order = display_order(view, sort)
    texts, choices, faces = _pieces_shown(tuple(view.hand[i] for i in order), lang,
                                          emojis.SHOWN.version)
    chosen = selected or {}
    my_turn = _is_my_turn(view)
    menus: Items
    buttons: Items
    if view.kind is Kind.TILES:
        title, turn = "bot.tiles.title", tiles_present.turn_lines(view, lang)
        board = tiles_present.draft_lines(view, lang)
        menus, buttons = rack_items(
            channel_id, lang, tiles=choices, selected=chosen, sort=sort, my_turn=my_turn,
            pool_empty=view.stock_size == 0, editing=view.draft is not None, owner=owner,
            tile_emojis=faces)
    else:
        title, turn, board = "bot.hand.title", _turn_lines(view, lang), []
        melds = [(str(m.number), _meld_line(m, lang)) for m in view.melds]
        menus, buttons = hand_items(
            channel_id, lang, cards=choices, card_emojis=faces, melds=melds, selected=chosen,
            sort=sort,
            can_draw=my_turn and view.phase is Phase.DRAW,
            can_play=my_turn and view.phase is Phase.PLAY, owner=owner, button=button,
            pick=pick)
    heading = t(title, lang, count=len(texts))
    if layout:
        head, status = _hand_lines(view, texts, lang, title=heading, turn=turn, board=board,
                                   note=note, names=names)
        fitting = [] if rules is None or button is not HandButton or (
            view.kind is Kind.TILES) else fitting_melds(view, chosen, rules)
        proposal = [] if rules is None or button is not HandButton else opening_blocks(
            view, opening, rules, channel_id=channel_id, lang=lang)
        if button is HandButton:
            buttons = [*buttons, *suggest_buttons(view, channel_id, lang)]
        return hand_layout(head, status, menus, buttons, picture=picture, attached=attached,
                           my_turn=my_turn,
                           lay_offs=[(m, _meld_line(m, lang)) for m in fitting],
                           channel_id=channel_id, lang=lang, opening=proposal)
    text = _hand_text(view, texts, lang, title=heading, turn=turn,
                      board=board, note=note, names=names)
    return Reply(content=text, pictures=[picture] if picture is not None else [],
                 view=view_of(*menus, *buttons), ephemeral=True)


def hand_layout(head: Sequence[str], status: Sequence[str], menus: Items, buttons: Items, *,
                picture: Picture | None, my_turn: bool,
                attached: tuple[str, str] | None = None,
                lay_offs: Sequence[tuple[MeldView, str]], channel_id: int,
                lang: str, opening: Sequence[layouts.Block] = ()) -> Reply:
    """The hand as a layout message: the pieces (``head``), the picture (none in text
    only), the menus that pick them; what the turn asks (``status``) and its buttons; the
    opening the cards picked make (``opening``: :func:`~.opening.opening_blocks`); then
    each table meld the cards picked fit (``lay_offs``: the meld and its line) with its
    lay-off button beside it, the first left out where room runs short. Its accent colour
    says it is the player's turn."""
    blocks: list[layouts.Block] = [layouts.text("\n".join(head))]
    if picture is not None:
        blocks.append(layouts.gallery([(picture.filename, picture.alt)]))
    elif attached is not None:  # already on the message: referenced, not sent again
        blocks.append(layouts.gallery([attached]))
    blocks += [layouts.row(menu) for menu in menus]
    blocks.append(layouts.text("\n".join(status)))
    blocks += [layouts.row(*buttons[i:i + 5]) for i in range(0, len(buttons), 5)]
    blocks += opening
    if lay_offs:
        blocks.append(layouts.separator())
    label = t("bot.button.layoff_on", lang)
    for meld, line in lay_offs:
        blocks.append(layouts.section([line], LayOffButton(meld.number, channel_id, label)))
    return Reply(layout=layouts.layout(blocks, accent=COLOUR.value if my_turn else None),
                 pictures=[picture] if picture is not None else [], ephemeral=True)


def fitting_melds(view: PlayerView, selected: dict[str, set[str]],
                  rules: RuleSet) -> list[MeldView]:
    """The table melds the cards picked in the first menu may be laid off on now (none
    when it is not the player's play, or they may not lay off yet)."""
    picked = sorted(selected.get("a", set()))
    if not picked or not (_is_my_turn(view) and view.phase is Phase.PLAY):
        return []
    try:
        cards = tuple(card_of_value(value) for value in picked)
    except RummyError:
        return []
    variant = card_variant(rules)
    if not variant.may_lay_off(view):
        return []
    return [meld for meld in view.melds if variant.extends(meld, cards)]


def _meld_line(meld: MeldView, lang: str) -> str:
    return t("bot.select.meld_option", lang, number=meld.number,
             cards=pieces_text(meld.pieces, lang))


def _is_playing(view: PlayerView) -> bool:
    return view.phase in (Phase.DRAW, Phase.PLAY)


def _is_my_turn(view: PlayerView) -> bool:
    return _is_playing(view) and view.current == view.seat


def _hand_text(view: PlayerView, texts: Sequence[str], lang: str, *, title: str,
               turn: Sequence[str], board: Sequence[str], note: str | None,
               names: Sequence[str]) -> str:
    """The hand message's text: ``note``, ``title``, the pieces numbered from 1, ``board``
    (the tile draft), then ``turn`` on the player's turn, whom they wait for otherwise."""
    head, status = _hand_lines(view, texts, lang, title=title, turn=turn, board=board,
                               note=note, names=names)
    return "\n".join([*head, *status])[:2000]  # Discord's limit


def _hand_lines(view: PlayerView, texts: Sequence[str], lang: str, *, title: str,
                turn: Sequence[str], board: Sequence[str], note: str | None,
                names: Sequence[str]) -> tuple[list[str], list[str]]:
    """:func:`_hand_text`'s lines in two parts: the pieces (with ``note``, ``title`` and
    ``board``), and the turn's status."""
    lines = [note] if note else []
    lines.append(f"**{title}**")
    lines.append("  ".join(f"`{pos}` {text}" for pos, text in enumerate(texts, 1)))
    lines += board
    status: list[str] = []
    if not _is_playing(view):
        status.append(t("bot.hand.over", lang))
    elif _is_my_turn(view):
        status += turn
    else:
        name = names[view.current] if view.current < len(names) else view.seats[view.current].name
        shown = shown_name(name, lang)
        key = "bot.hand.waiting.vowel" if starts_with_vowel(shown) else "bot.hand.waiting"
        status.append(t(key, lang, player=safe_name(name, lang)))  # « d'alice », « de Bruno »
    if _is_playing(view) and view.opening_needed:
        status.append(t("bot.hand.opening", lang, count=view.opening_needed))
    if len(texts) > MAX_OPTIONS:
        status.append(t("bot.hand.too_many", lang))
    return lines, status


@functools.lru_cache(maxsize=1024)
def _pieces_shown(pieces: tuple[Piece, ...], lang: str, shown: int
                  ) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...],
                             tuple[discord.PartialEmoji | None, ...]]:
    """The pieces of a hand in the order shown: as ``lang`` writes them, as the menus
    offer them (value, label) and their emojis (those shown at version ``shown``), made
    once per hand (a pick, a refresh and the Sort button show the same)."""
    texts = tuple(piece_text(piece, lang) for piece in pieces)
    return (texts, tuple(_piece_options(pieces, texts)),
            tuple(emojis.emoji_of(piece, lang) for piece in pieces))


def _piece_options(pieces: Sequence[Piece], texts: Sequence[str]) -> list[tuple[str, str]]:
    """The pieces menu's options (value, label), numbered as in the message: the label in
    the player's language, the value the piece's code (the same in every language)."""
    return [(f"{pos}:{piece_code(piece)}", f"{pos}. {text}")
            for pos, (piece, text) in enumerate(zip(pieces, texts, strict=True), 1)]


def _turn_lines(view: PlayerView, lang: str) -> list[str]:
    """What the player whose turn it is does now: draw, or play (after the card drawn)."""
    if view.phase is Phase.DRAW:
        return [t("bot.hand.draw", lang, top=discard_top(view, lang))]
    lines = []
    if view.drawn is not None:
        lines.append(t("bot.hand.drawn", lang, card=piece_shown(view.drawn, lang)))
    if view.must_lay is not None:
        lines.append(t("bot.hand.must_lay", lang, card=piece_shown(view.must_lay, lang)))
    lines.append(t("bot.hand.play", lang))
    return lines


def action_note(action: Action, view: PlayerView, lang: str) -> str | None:
    """What the player just did, in words (the first line of the refreshed hand; None:
    the hand says it already)."""
    match action:
        case Draw(source=source):
            if source == "discard" and view.drawn is not None:
                return t("bot.note.take", lang, card=piece_shown(view.drawn, lang))
            return None  # the hand says "You drew …"
        case Meld(melds=melds):
            return t("bot.note.meld", lang, cards=melds_shown(melds, lang))
        case LayOff(cards=cards, meld=meld):
            return t("bot.note.layoff", lang, cards=pieces_shown(cards, lang), meld=meld + 1)
        case SwapJoker(card=card, meld=meld):
            return t("bot.note.swap", lang, card=piece_shown(card, lang), meld=meld + 1)
        case Discard(card=card):
            return t("bot.note.discard", lang, card=piece_shown(card, lang))
        case Play():
            return t("bot.note.tiles.played", lang,
                     change=tiles_present.play_change(action, lang))
        case Confirm():
            return t("bot.note.tiles.laid", lang)
        case DrawTile() | Pass():
            return None
        case NewSet() | Add() | Move() | Split() | TakeBack() | Undo() | Reset():
            return t("bot.note.tiles.edit", lang, what=tiles_present.set_edit(action, lang))
        case _:
            unhandled(action)
