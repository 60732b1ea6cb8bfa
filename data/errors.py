"""Errors raised by the store, one class per kind, all subclasses of :class:`StoreError`."""

from __future__ import annotations


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class SchemaTooNew(StoreError):
    """The database was written by a newer Rami than this one: refuse to touch it."""

    def __init__(self, path: str, found: int, known: int) -> None:
        self.path = path
        self.found = found
        self.known = known
        super().__init__(
            f"the database {path!r} has schema version {found}, but this version of Rami "
            f"only knows schema versions up to {known}; upgrade Rami (or point it at "
            "another database file) instead of downgrading the database"
        )


class MigrationError(StoreError):
    """A migration file is missing, misnumbered, or failed to apply (nothing was changed)."""


class GameNotFound(StoreError, LookupError):
    """No game has that id."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"no game with id {game_id}")


class GameExists(StoreError):
    """The channel already has an active game."""

    def __init__(self, channel_id: int, game_id: int) -> None:
        self.channel_id = channel_id
        self.game_id = game_id
        super().__init__(f"channel {channel_id} already has an active game (id {game_id})")


class GameNotActive(StoreError):
    """The game has ended (finished, cancelled, expired or corrupt): it takes no more saves."""

    def __init__(self, game_id: int, status: str) -> None:
        self.game_id = game_id
        self.status = status
        super().__init__(f"game {game_id} is {status}, not active")


class StaleState(StoreError):
    """Someone saved the game after the version the caller loaded."""

    def __init__(self, game_id: int, expected: int, found: int) -> None:
        self.game_id = game_id
        self.expected = expected
        self.found = found
        super().__init__(f"game {game_id} is at version {found}, not {expected}: reload and retry")


class MatchExists(StoreError):
    """The match of that game was already recorded (its statistics count once)."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"the match of game {game_id} is already recorded")


class ChallengeLimit(StoreError):
    """The player already used every try of the day's challenge."""

    def __init__(self, user_id: int, day: str, limit: int) -> None:
        self.user_id = user_id
        self.day = day
        self.limit = limit
        super().__init__(f"player {user_id} already played {limit} tries of the {day} challenge")


class ChallengeClosed(StoreError):
    """That day of the championship has closed (or was never opened): no try starts there."""

    def __init__(self, guild_id: int, day: str) -> None:
        self.guild_id = guild_id
        self.day = day
        super().__init__(f"the {day} championship of guild {guild_id} is closed or unknown")


class ChallengeBusy(StoreError):
    """The player already has a try in progress in that guild."""

    def __init__(self, guild_id: int, user_id: int) -> None:
        self.guild_id = guild_id
        self.user_id = user_id
        super().__init__(f"player {user_id} already has a try in progress in guild {guild_id}")


class TryNotPlaying(StoreError, LookupError):
    """No try in progress has that key (it ended, or the player's data was deleted)."""

    def __init__(self, guild_id: int, day: str, user_id: int, number: int) -> None:
        self.key = (guild_id, day, user_id, number)
        super().__init__(f"try {number} of player {user_id} on {day} (guild {guild_id}) "
                         "is not in progress")


class CorruptRow(StoreError):
    """A row could not be read back (raised internally; the row is then isolated)."""


class TooManyChannels(StoreError, ValueError):
    """A guild would have more channels with a turn time-out of their own than ``most``
    (nothing was written)."""

    def __init__(self, most: int) -> None:
        self.most = most
        super().__init__(f"channel_timeouts: at most {most} channels")
