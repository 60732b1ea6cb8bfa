"""Public follow-ups of the interactions answered in a channel: messages that cost nothing
against Discord's global limit.

Discord limits a bot to 50 requests per second on every route but the interactions' own:
an interaction's answer, its follow-ups (``POST /webhooks/{application}/{token}``) and their
edits and deletes are free of it, for the 15 minutes the interaction's token lives. So a
message the channel would get anyway right after a player's move (the next player's ping,
a round's results) is sent as a public follow-up of the latest interaction answered in
that channel, and the channel route is kept for when there is none (a computer's turn long
after, a restart, a lobby started long ago) or Discord refuses the token (404 code 10015,
401 code 50027): then the message goes to the channel, never lost.

A follow-up is never sent before its interaction is answered (Discord answers 10015):
:meth:`Followups.token` waits for the :class:`~bot.discord_app.core.replies.Answer`'s
``answered`` event (at most :data:`ANSWER_WAIT` seconds), without holding the answer back.

Tokens are kept in memory only, a few per channel: one is a secret and expires anyway, and
after a restart the channel route is used.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

if TYPE_CHECKING:
    from discord.types.message import Message

    from bot.discord_app.core.channel_api import Kept
    from bot.discord_app.core.replies import Answer, Reply

log = logging.getLogger("rami.bot.discord_app.followups")

TOKEN_LIFE = 15 * 60.0  # seconds an interaction's token lives on Discord
USABLE_FOR = TOKEN_LIFE - 60.0  # seconds a token is used: a minute spare for slow requests
# and clocks (the hand messages keep theirs as long: bot.discord_app.hand)
ANSWER_WAIT = 3.0  # seconds a follow-up waits for its interaction's answer (Discord's 3 s)
KEPT = 3  # tokens kept per channel (the newest may not be answered, or refused)
SWEEP_EVERY = 256  # tokens noted between two sweeps of the expired ones
UNKNOWN_WEBHOOK = 10015  # Discord's code: the interaction is unknown or not answered
INVALID_TOKEN = 50027  # Discord's code: the token expired


@dataclass(frozen=True, slots=True)
class Token:
    """An interaction of a channel whose token may carry follow-ups."""

    interaction: discord.Interaction
    answer: Answer
    noted_at: float  # the clock's time when the interaction came

    @property
    def webhook(self) -> discord.Webhook:
        return self.interaction.followup


def refused(error: BaseException) -> bool:
    """Whether Discord refused the token itself (unknown or unanswered interaction, an
    expired token): the channel route is then used."""
    return isinstance(error, discord.HTTPException) and (
        error.code in (UNKNOWN_WEBHOOK, INVALID_TOKEN) or error.status in (401, 404))


class Followups:
    """The channels' latest answered interactions, and sending through their tokens."""

    def __init__(self, clock: Callable[[], float] = time.time,
                 answer_wait: float = ANSWER_WAIT) -> None:
        self.clock = clock
        self.answer_wait = answer_wait
        self._tokens: dict[int, deque[Token]] = {}
        self._noted = 0

    def note(self, answer: Answer) -> None:
        """``answer`` is under way: once answered, its interaction's token may carry the
        channel's next messages (an interaction in a guild channel only: a direct
        message's follow-ups would land in the DM)."""
        interaction = answer.interaction
        channel = interaction.channel_id
        if channel is None or interaction.guild_id is None:
            return
        tokens = self._tokens.get(channel)
        if tokens is None:
            tokens = self._tokens[channel] = deque(maxlen=KEPT)
        tokens.append(Token(interaction, answer, self.clock()))
        self._noted += 1
        if self._noted % SWEEP_EVERY == 0:
            self._sweep()

    def _sweep(self) -> None:
        """Forget the channels whose every token expired (a long run keeps little)."""
        now = self.clock()
        for channel in [c for c, tokens in self._tokens.items()
                        if not tokens or now - tokens[-1].noted_at >= USABLE_FOR]:
            del self._tokens[channel]

    def young(self, token: Token) -> bool:
        """Whether ``token`` may still be used."""
        return self.clock() - token.noted_at < USABLE_FOR

    async def token(self, channel_id: int) -> Token | None:
        """The newest token of the channel that is answered and young, waiting for the
        answer of the newest (at most ``answer_wait`` seconds); None: the channel route."""
        tokens = self._tokens.get(channel_id)
        if not tokens:
            return None
        for token in reversed(list(tokens)):
            if not self.young(token):
                break  # the older ones are older still
            answered = token.answer.answered
            if not answered.is_set():
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self.answer_wait):
                        await answered.wait()
            if answered.is_set() and not token.answer.failed and self.young(token):
                return token
        return None

    def forget(self, token: Token) -> None:
        """Discord refused ``token``: never use it again."""
        tokens = self._tokens.get(token.interaction.channel_id or 0)
        if tokens is not None and token in tokens:
            tokens.remove(token)

    async def send(self, token: Token, reply: Reply,
                   mentions: discord.AllowedMentions) -> Message:
        """Send ``reply`` as a public follow-up of ``token``'s interaction; Discord's answer
        (the new message).

        Raises:
            discord.HTTPException: Discord refused or failed (:func:`refused`: the token).
        """
        webhook = token.webhook
        # As ``Webhook.send`` does, without a ``WebhookMessage`` made of the answer nor the
        # view stored: its items are dynamic, routed by their custom_id.
        with handle_message_parameters(
                **reply.body(), files=reply.files(), allowed_mentions=mentions,
                previous_allowed_mentions=None) as params:
            sent = await async_context.get().execute_webhook(
                webhook.id, token.interaction.token, session=webhook.session,
                proxy=webhook.proxy, proxy_auth=webhook.proxy_auth,
                payload=params.payload, multipart=params.multipart, files=params.files,
                wait=True, with_components=reply.view is not None or reply.is_layout)
        return cast("Message", sent)

    async def delete(self, token: Token, message_id: int) -> None:
        """Delete a follow-up of ``token``'s interaction (already gone: done).

        Raises:
            discord.HTTPException: Discord refused or failed (:func:`refused`: the token,
                which a 404 of code 10015 says, where 10008 says the message is gone).
        """
        webhook = token.webhook
        try:
            await async_context.get().delete_webhook_message(
                webhook.id, token.interaction.token, message_id, session=webhook.session,
                proxy=webhook.proxy, proxy_auth=webhook.proxy_auth)
        except discord.NotFound as error:
            if error.code == UNKNOWN_WEBHOOK:
                raise


async def edit_message(webhook: discord.Webhook, message_id: int, reply: Reply,
                       attachments: list[discord.File | Kept]) -> Message:
    """Edit a message of an interaction's token (``webhook``) to ``reply``, with these
    ``attachments`` (pictures uploaded, or kept by id); Discord's answer (the message).

    As ``Webhook.edit_message`` does, without a ``WebhookMessage`` made of the answer (its
    layout, menus and emojis read for the ids of its attachments alone) nor the view
    stored: its items are dynamic, routed by their custom_id.

    Raises:
        discord.HTTPException: Discord refused or failed.
    """
    view = reply.layout if reply.layout is not None else reply.view or discord.utils.MISSING
    body = {} if reply.layout is not None else {"content": reply.content}
    with handle_message_parameters(
            **body, view=view, attachments=attachments,  # type: ignore[arg-type]
            allowed_mentions=reply.allowed_mentions,
            previous_allowed_mentions=getattr(webhook._state, "allowed_mentions", None),
    ) as params:
        return await async_context.get().edit_webhook_message(
            webhook.id, webhook.token or "", message_id, session=webhook.session,
            proxy=webhook.proxy, proxy_auth=webhook.proxy_auth, payload=params.payload,
            multipart=params.multipart, files=params.files, with_components=bool(view))
