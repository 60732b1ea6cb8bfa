"""One way to answer an interaction: within Discord's 3 seconds, errors made friendly,
and never more than Discord accepts.

A handler builds a :class:`Reply`; :func:`answer` runs it, defers when the work takes
longer than :data:`DEFER_AFTER` seconds, and sends the result. It is the single error
path of the bot: a :class:`~engine.RummyError` (bad notation, illegal move, not your
turn…) becomes an ephemeral message in the player's language and nothing changes; any
other exception is logged with its traceback and the player gets an apology.

A :class:`Reply` is within Discord's limits from the moment it is made (content, embeds,
menus, buttons, files: :data:`LIMITS`): whatever sends one, an interaction answer or a
channel message, sends something Discord accepts, never a 400 that leaves the player
with "The application did not respond". Errors also quote typed input cut
(:func:`engine.i18n.quote`), so what is cut here is only ever a backstop.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import re
import time
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import discord
from discord.webhook.async_ import async_context, interaction_message_response_params

from bot.discord_app.core import layout as layouts
from bot.discord_app.core.i18n import t
from engine import RummyError

log = logging.getLogger("rami.bot")

DEFER_AFTER = 2.0  # seconds; Discord wants a first answer within 3
SLOW_MS = 1000.0  # an answer slower than this is logged as a warning
NO_PINGS = discord.AllowedMentions.none()
# Discord's limits on a message (characters unless said otherwise).
LIMITS = {
    "content": 2000, "embeds": 10, "embed_total": 6000, "title": 256, "description": 4096,
    "fields": 25, "field_name": 256, "field_value": 1024, "footer": 2048, "author": 256,
    "files": 10, "filename": 64, "alt": 1024, "options": 25, "option": 100,
    "placeholder": 150, "label": 80, "components": layouts.MOST_COMPONENTS,
    "layout_text": layouts.MOST_TEXT,
}  # fmt: skip
CUT = "…"
ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])
# Items made once and shared by many messages, fitted when made (:func:`fitted`).
_FITTED: weakref.WeakSet[discord.ui.Item[Any]] = weakref.WeakSet()
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
# Told of each answer: what was answered, how (answered, refused, failed), the
# interaction's type (command, component, modal) and the seconds it took.
AnswerObserver = Callable[[str, str, str, float], None]


@dataclass(frozen=True, slots=True)
class Picture:
    """A PNG to attach (``render.Picture`` has the same shape)."""

    png: bytes
    alt: str
    filename: str


@dataclass(frozen=True, slots=True)
class Reply:
    """What to send: a message body, and whether only the caller sees it.

    Either the classic body (``content``, ``embeds``, ``view``: rows of buttons) or a
    ``layout`` (Discord's layout components, sent with the flag ``IS_COMPONENTS_V2``:
    then no content, embeds nor view; its pictures are ``pictures`` referenced as
    ``attachment://<filename>``, :mod:`~bot.discord_app.core.layout`).

    Raises:
        TypeError: a layout given with content, embeds or a view.
    """

    content: str | None = None
    embeds: Sequence[discord.Embed] = ()
    pictures: Sequence[Picture] = ()
    view: discord.ui.View | None = None
    layout: discord.ui.LayoutView | None = None
    ephemeral: bool = False
    update: bool = False  # edit the clicked message instead of sending a new one
    allowed_mentions: discord.AllowedMentions = field(default_factory=lambda: NO_PINGS)
    # The player's hand this message shows (its channel and owner), to refresh it later.
    hand: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        # Within Discord's limits from the start (the embeds and the view are fitted in
        # place: they are built for this reply, and fitting twice changes nothing).
        if self.layout is not None and (self.content is not None or self.embeds
                                        or self.view is not None):
            raise TypeError("a layout message has no content, embeds or view")
        if self.content is not None:
            object.__setattr__(self, "content", cut(self.content, LIMITS["content"]))
        renamed = {p.filename: safe_filename(p.filename) for p in self.pictures}
        embeds = list(self.embeds)[: LIMITS["embeds"]]
        _fit_embeds(embeds)
        object.__setattr__(self, "embeds", embeds)
        object.__setattr__(self, "pictures", [
            _fitted_picture(p) for p in list(self.pictures)[: LIMITS["files"]]])
        if self.view is not None:
            _fit_view(self.view)
        if self.layout is not None:
            _fit_layout(self.layout, renamed)

    @property
    def is_layout(self) -> bool:
        """Whether it is sent with the flag ``IS_COMPONENTS_V2``."""
        return self.layout is not None

    def text(self) -> str:
        """What it says, either form: content, each embed's title, description and
        fields, and a layout's texts, one after the other (a screen reader's order)."""
        parts = [self.content or ""]
        for embed in self.embeds:
            parts += [embed.title or "", embed.description or ""]
            parts += [part for f in embed.fields for part in (f.name or "", f.value or "")]
        if self.layout is not None:
            parts.append(layouts.shown_text(self.layout))
        return "\n".join(part for part in parts if part)

    def body(self) -> dict[str, Any]:
        """Its content, embeds and components as discord.py's send and edit take them (a
        layout: the view only, content and embeds not sent)."""
        if self.layout is not None:
            return {"view": self.layout}
        return {"content": self.content, "embeds": list(self.embeds), "view": self.view}

    def files(self) -> list[discord.File]:
        return [
            discord.File(io.BytesIO(p.png), filename=p.filename, description=p.alt)
            for p in self.pictures
        ]

    def as_ephemeral(self) -> Reply:
        return replace(self, ephemeral=True, update=False)


@dataclass(frozen=True, slots=True)
class Sent:
    """The message an answer sent or edited, as Discord's answer says: its id and the ids
    of its attachments (a picture shown there can be kept by id in a later edit)."""

    message_id: int
    attachments: tuple[int, ...] = ()

    @classmethod
    def of(cls, message: discord.Message | None, message_id: int | None = None) -> Sent | None:
        if message is None:
            return None if message_id is None else cls(message_id)
        return cls(message.id, tuple(a.id for a in message.attachments))


def error_reply(text: str) -> Reply:
    return Reply(content=text, ephemeral=True)


def cut(text: str, most: int) -> str:
    """``text`` in at most ``most`` characters (an ellipsis says it was cut)."""
    return text if len(text) <= most else text[: most - len(CUT)] + CUT


def _fitted_picture(picture: Picture) -> Picture:
    """``picture`` with a name Discord keeps and its alt text within the limit (itself
    when both are already: the pictures the bot draws)."""
    filename, alt = safe_filename(picture.filename), cut(picture.alt, LIMITS["alt"])
    if filename == picture.filename and alt is picture.alt:
        return picture
    return replace(picture, filename=filename, alt=alt)


@functools.lru_cache(maxsize=256)
def safe_filename(name: str) -> str:
    """An attachment's name as Discord keeps it: letters, digits, ``._-``, short."""
    stem, dot, extension = name.rpartition(".")
    if not (dot and re.fullmatch(r"[A-Za-z0-9]{1,8}", extension)):
        stem, extension = name, ""
    stem = _UNSAFE_NAME.sub("_", stem).strip("._") or "file"
    room = LIMITS["filename"] - len(extension) - 1
    return f"{stem[:room]}.{extension}" if extension else stem[: LIMITS["filename"]]


def _fit_embeds(embeds: Sequence[discord.Embed]) -> None:
    for embed in embeds:
        if embed.title:
            embed.title = cut(embed.title, LIMITS["title"])
        if embed.description:
            embed.description = cut(embed.description, LIMITS["description"])
        fields = embed.fields[: LIMITS["fields"]]
        embed.clear_fields()
        for shown in fields:
            embed.add_field(name=cut(shown.name or "\u200b", LIMITS["field_name"]),
                            value=cut(shown.value or "\u200b", LIMITS["field_value"]),
                            inline=bool(shown.inline))
        if embed.footer.text:
            embed.set_footer(text=cut(embed.footer.text, LIMITS["footer"]),
                             icon_url=embed.footer.icon_url)
        if embed.author.name:
            embed.set_author(name=cut(embed.author.name, LIMITS["author"]),
                             url=embed.author.url, icon_url=embed.author.icon_url)
    # All embeds of a message together: the last embed's fields, then its description,
    # give way first.
    for embed in reversed(embeds):
        while embed.fields and _over(embeds) > 0:
            embed.remove_field(len(embed.fields) - 1)
        over = _over(embeds)
        if over > 0 and embed.description:
            room = max(len(CUT), len(embed.description) - over)
            embed.description = cut(embed.description, room)


def _over(embeds: Sequence[discord.Embed]) -> int:
    return sum(len(embed) for embed in embeds) - LIMITS["embed_total"]


def fitted(item: ItemT) -> ItemT:
    """``item`` within Discord's limits for good: an item made once and shared by the
    messages that show it (a hand's buttons and menus), never changed afterwards. The
    replies showing it then skip it when they are fitted: a hand's two menus of fourteen
    options were most of a hand message's fitting."""
    _fit_item(item)
    _FITTED.add(item)
    return item


def _fit_items(items: Sequence[discord.ui.Item[Any]]) -> None:
    """Cut what exceeds Discord's limits in these menus and buttons (only what does:
    discord.py checks every value set again)."""
    for child in items:
        if child not in _FITTED:
            _fit_item(child)


def _fit_item(child: discord.ui.Item[Any]) -> None:
    most = LIMITS["option"]
    item = getattr(child, "item", child)  # a DynamicItem wraps its button or menu
    if isinstance(item, discord.ui.Select):
        if len(item.options) > LIMITS["options"]:
            item.options = item.options[: LIMITS["options"]]
        for option in item.options:
            if len(option.label) > most:
                option.label = cut(option.label, most)
            if len(option.value) > most:
                option.value = option.value[:most]
            if option.description and len(option.description) > most:
                option.description = cut(option.description, most)
        if item.max_values > len(item.options):
            item.max_values = len(item.options)
        if item.placeholder and len(item.placeholder) > LIMITS["placeholder"]:
            item.placeholder = cut(item.placeholder, LIMITS["placeholder"])
    elif isinstance(item, discord.ui.Button) and item.label and len(
            item.label) > LIMITS["label"]:
        item.label = cut(item.label, LIMITS["label"])


def _fit_media(media: discord.MediaGalleryItem | discord.ui.Thumbnail[Any],
               renamed: dict[str, str]) -> None:
    url = media.media.url
    name = url.removeprefix("attachment://")
    if url.startswith("attachment://") and renamed.get(name, name) != name:
        media.media = f"attachment://{renamed[name]}"
    if media.description and len(media.description) > LIMITS["alt"]:
        media.description = cut(media.description, LIMITS["alt"])


def _fit_layout(view: discord.ui.LayoutView, renamed: dict[str, str]) -> None:
    """Cut what exceeds Discord's limits in a layout: its texts (the last ones give way
    first), alt texts, menus and buttons; pictures renamed as their files were. The
    layout is walked once."""
    shown_texts: list[discord.ui.TextDisplay[Any]] = []
    size = 0
    for item in layouts.walk(view):
        if isinstance(item, discord.ui.TextDisplay):
            shown_texts.append(item)
            size += len(item.content)
        elif isinstance(item, discord.ui.MediaGallery):
            for media in item.items:
                _fit_media(media, renamed)
        elif isinstance(item, discord.ui.Thumbnail):
            _fit_media(item, renamed)
        elif item not in _FITTED:
            _fit_item(item)
    over = size - LIMITS["layout_text"]
    for shown in reversed(shown_texts):
        if over <= 0:
            break
        room = max(len(CUT), len(shown.content) - over)
        over -= len(shown.content) - min(room, len(shown.content))
        shown.content = cut(shown.content, room)


def _fit_view(view: discord.ui.View) -> None:
    _fit_items(view.children)


class Answer:
    """Answering one interaction, once: ``async with replies.to(interaction, what) as
    answer:`` runs the handler's body, which sets ``answer.reply``; leaving the block sends
    it. It is the single error path of the bot's handlers: a :class:`~engine.RummyError`
    raised in the body (bad notation, illegal move, not your turn…) becomes a private
    message in the player's language and nothing changes; any other exception is logged
    with its traceback and the player gets an apology. A body that takes longer than
    :data:`DEFER_AFTER` seconds is deferred meanwhile (Discord wants a first answer within
    3), and its reply then fills the deferred answer in. ``lang`` is the player's
    language (``language(interaction)``, English when it cannot be read).

    ``what`` names the command or component in the logs; ``public``: a command's reply
    meant for the channel (a deferral then shows publicly "thinking"). Once the block is
    left, ``sent`` is the message Discord says was sent (None: not said, or it failed)
    and ``refused`` whether the reply was the error path's. ``answered`` is set once the
    answer went to Discord (or failed: then ``failed``): a follow-up sent before would be
    refused (:mod:`~bot.discord_app.core.followups` waits for it).
    """

    def __init__(self, interaction: discord.Interaction, what: str,
                 language: Callable[[discord.Interaction], Awaitable[str]], *,
                 public: bool = False,
                 after: Callable[[Answer], Awaitable[None]] | None = None,
                 observe: AnswerObserver | None = None) -> None:
        self.interaction, self.what, self.public = interaction, what, public
        self._language = language
        self.lang = "en"  # the player's, once the block is entered
        self.reply: Reply | None = None
        self.sent: Sent | None = None
        self.refused = False
        self._after = after
        self._observe = observe
        self.failed = False  # an error, or Discord refused the answer
        self._started = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._deferring: asyncio.Future[None] | None = None
        self.answered = asyncio.Event()

    async def __aenter__(self) -> Answer:
        self._started = time.perf_counter()
        try:
            self.lang = await self._language(self.interaction)
        except Exception:  # the error path must answer even when the store does not
            log.exception("language lookup failed user=%s", self.interaction.user.id)
        self._timer = asyncio.get_running_loop().call_later(DEFER_AFTER, self._defer)
        return self

    def _defer(self) -> None:
        update = _probably_update(self.interaction)
        self._deferring = asyncio.ensure_future(
            _defer(self.interaction, update=update, public=self.public))

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        traceback: object) -> bool:
        if self._timer is not None:
            self._timer.cancel()
        if error is not None and not isinstance(error, Exception):
            self.failed = True
            self.answered.set()
            return False  # cancelled, or the process is stopping: nothing to answer
        reply = self._refusal(error) if error is not None else self.reply
        if reply is None:
            self.failed = True
            log.error("handler gave no reply what=%s", self.what)
            reply = error_reply(t("bot.error.internal", self.lang))
        deferred = await self._deferred()
        interaction = self.interaction
        try:
            if deferred and self.public and reply.ephemeral and not _probably_update(
                    interaction):
                # Deferred in public, but the answer is private (a refusal): say it privately.
                await interaction.delete_original_response()
                deferred = False
            self.sent = await send(interaction, reply, deferred=deferred)
        except discord.HTTPException:
            self.failed = True
            log.exception("reply failed what=%s", self.what)
        finally:
            self.answered.set()
        elapsed_ms = (time.perf_counter() - self._started) * 1000
        if self._observe is not None:
            outcome = "failed" if self.failed else "refused" if self.refused else "answered"
            self._observe(self.what, outcome, _type_name(interaction), elapsed_ms / 1000)
        log.log(
            logging.WARNING if elapsed_ms > SLOW_MS else logging.DEBUG,
            "answered what=%s user=%s channel=%s ms=%.1f deferred=%s",
            self.what, interaction.user.id, interaction.channel_id, elapsed_ms, deferred,
        )
        if self._after is not None:
            await self._after(self)
        return True

    async def _deferred(self) -> bool:
        """Whether the answer was deferred (waiting for the deferral under way, if any)."""
        if self._deferring is None:
            return False
        try:
            await self._deferring
        except discord.HTTPException:
            log.warning("deferral failed what=%s", self.what)
        return self.interaction.response.is_done()

    def _refusal(self, error: Exception) -> Reply:
        interaction = self.interaction
        self.refused = True
        if isinstance(error, RummyError):
            log.info("refused what=%s user=%s channel=%s code=%s", self.what,
                     interaction.user.id, interaction.channel_id, error.code)
            return error_reply(error.message(self.lang))
        self.failed = True
        log.error("handler failed what=%s user=%s channel=%s", self.what, interaction.user.id,
                  interaction.channel_id, exc_info=error)
        return error_reply(t("bot.error.internal", self.lang))


def _type_name(interaction: discord.Interaction) -> str:
    """The interaction's type as a metric's label: command, component, modal…"""
    return {discord.InteractionType.application_command: "command",
            discord.InteractionType.component: "component",
            discord.InteractionType.modal_submit: "modal"}.get(interaction.type, "other")


def _probably_update(interaction: discord.Interaction) -> bool:
    return interaction.type is discord.InteractionType.component


async def _defer(interaction: discord.Interaction, *, update: bool, public: bool) -> None:
    if interaction.response.is_done():
        return
    if update:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=not public, thinking=True)


async def send(
    interaction: discord.Interaction, reply: Reply, *, deferred: bool = False
) -> Sent | None:
    """Send ``reply`` as the interaction's answer (or a follow-up once answered).

    Returns the message sent or edited, when Discord says it.
    """
    if not interaction.response.is_done():
        return await _respond(interaction, reply,
                              update=reply.update and interaction.message is not None)
    if deferred and (reply.update or interaction.type is not discord.InteractionType.component):
        # A deferred answer is filled in: the clicked message, or the "thinking" one.
        edited = await interaction.edit_original_response(**_edit(reply))
        return Sent.of(edited)
    body = reply.body()
    body["view"] = body["view"] or discord.utils.MISSING
    if "content" in body:
        body["content"] = reply.content or discord.utils.MISSING
    sent = await interaction.followup.send(
        **body,
        files=reply.files(),
        ephemeral=True,
        allowed_mentions=reply.allowed_mentions,
        wait=True,
    )
    return Sent.of(sent)


async def _respond(interaction: discord.Interaction, reply: Reply, *,
                   update: bool) -> Sent | None:
    """The interaction's answer: a new message, or (``update``) the clicked message
    edited, sent as discord.py's ``response.send_message`` and ``edit_message`` send it,
    but reading from Discord's answer only what :class:`Sent` keeps (the message's id and
    its attachments'): discord.py would make a whole message of it, its layout, menus and
    emojis (131 µs for a hand message's two menus of 14 options, timed alone) for an
    object nobody reads."""
    response, state = interaction.response, interaction._state
    body = _edit(reply) if update else {**reply.body(), "files": reply.files(),
                                        "allowed_mentions": reply.allowed_mentions}
    view = body.pop("view", None) or discord.utils.MISSING
    if update:
        kind = discord.InteractionResponseType.message_update
        if view is not discord.utils.MISSING and interaction.message is not None:
            state.prevent_view_updates_for(interaction.message.id)
        flags: Any = discord.utils.MISSING
    else:
        kind = discord.InteractionResponseType.channel_message
        flags = discord.MessageFlags(ephemeral=True) if reply.ephemeral else (
            discord.utils.MISSING)
    params = interaction_message_response_params(
        type=kind.value, view=view, flags=flags,
        previous_allowed_mentions=state.allowed_mentions, **body)
    http = state.http
    data = await async_context.get().create_interaction_response(
        interaction.id, interaction.token, session=interaction._session, proxy=http.proxy,
        proxy_auth=http.proxy_auth, params=params)
    response._response_type = kind  # answered: discord.py refuses a second answer
    answer: dict[str, Any] = dict(data or {})
    message: dict[str, Any] = (answer.get("resource") or {}).get("message") or {}
    said = answer.get("interaction", {}).get("response_message_id")
    message_id = message.get("id", said)
    if view is not discord.utils.MISSING and not view.is_finished() and (
            view.is_dispatchable()):  # a live view (none of the bot's are): kept, as sent
        state.store_view(view, None if message_id is None else int(message_id))
    if message_id is None:
        return None
    return Sent(int(message_id), tuple(int(a["id"]) for a in message.get("attachments", ())))


def _edit(reply: Reply) -> dict[str, Any]:
    """What editing a message to ``reply`` sends, either way Discord offers to edit it (a
    reply without pictures leaves the message's attachments as they are)."""
    return {
        **reply.body(),
        "attachments": reply.files() if reply.pictures else discord.utils.MISSING,
        "allowed_mentions": reply.allowed_mentions,
    }
