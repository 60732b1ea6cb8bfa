"""The rating model: OpenSkill's Plackett-Luce, wrapped for a finished match of rummy.

Glossary: a *skill* is a rating, ``mu`` (the estimate) and ``sigma`` (its uncertainty);
its *ordinal* ``mu - 3 sigma`` is the conservative value the boards sort by; a *rater*
is who a rating belongs to in one server and variant: a person (``user:<id>``) or a
computer level (``computer:<level>``: every computer of that level shares it, so that
beating hard computers counts more than beating easy ones); a *place* is a seat's rank
in the match (0 the best; equal totals share a place).

Plackett-Luce ranks any number of players, with ties, in one update, which is what a
table of two to six seats needs (see the commit that chose it over TrueSkill and
Glicko-2). Pure: no I/O; the store (data/ratings.py) reads and writes the numbers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from data.accounts import DELETED_NAME

MODEL = PlackettLuce()
PROVISIONAL_MATCHES = 5  # a rating of fewer matches is marked as provisional
DEFAULT_LEVEL = "medium"  # the level of a stored computer seat that does not say it
_OLD_STARS = re.compile(r"CPU \d+ (★{1,3})")
_STAR_LEVELS = {1: "easy", 2: "medium", 3: "hard"}


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating: ``mu`` and ``sigma`` (a new player's: 25 and 25/3)."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        """The conservative value, ``mu - 3 sigma``: 0 for a new player."""
        return self.mu - 3 * self.sigma


NEW = Skill()


@dataclass(frozen=True, slots=True)
class SeatResult:
    """What the model needs of a seat of a finished match."""

    user_id: int | None
    name: str
    total: int
    won: bool
    level: str | None = None


def rater(seat: SeatResult) -> str | None:
    """Whose rating a seat moves: ``user:<id>``, ``computer:<level>``, or None for a
    forgotten player's seat (rated from a new rating, then dropped)."""
    if seat.user_id is not None:
        return f"user:{seat.user_id}"
    if seat.level is not None:
        return f"computer:{seat.level}"
    if seat.name == DELETED_NAME:
        return None
    stars = _OLD_STARS.fullmatch(seat.name)  # a match saved with its computers' stars
    return f"computer:{_STAR_LEVELS[len(stars[1])] if stars else DEFAULT_LEVEL}"


def places(seats: Sequence[SeatResult]) -> list[int]:
    """Every seat's place (0 the best, equal totals share one): the winners first, then
    the totals in the order the winners' total shows (low wins unless the winners hold
    the highest total)."""
    best = [s.total for s in seats if s.won]
    high_wins = bool(best) and any(s.total < best[0] for s in seats)
    keys = [(not s.won, -s.total if high_wins else s.total) for s in seats]
    ordered = sorted(set(keys))
    return [ordered.index(key) for key in keys]


def rate(priors: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """The skills after one match of ``len(priors)`` seats at ``ranks`` (0 the best).

    Raises:
        ValueError: fewer than two seats, or not one rank per seat.
    """
    if len(priors) < 2 or len(ranks) != len(priors):
        raise ValueError(f"a rated match has two seats or more, each with a rank:"
                         f" {len(priors)} seats, {len(ranks)} ranks")
    teams = [[MODEL.rating(mu=p.mu, sigma=p.sigma)] for p in priors]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in after]


@dataclass(frozen=True, slots=True)
class SeatChange:
    """One seat's rating before and after a match (``rater`` None: a forgotten player)."""

    seat: int
    rater: str | None
    before: Skill
    after: Skill


def rate_match(seats: Sequence[SeatResult],
               current: Mapping[str, Skill]) -> tuple[list[SeatChange], dict[str, Skill]]:
    """Every seat's change, and the new skill of every rater of the match, from their
    ``current`` skills (a rater missing there is new).

    Several computers of one level share a rating: each seat is rated from the same
    prior, and the level's new skill is the mean of theirs (so a table of three hard
    computers moves the level as much as one, not three times as much). A match of a
    single seat changes nothing.
    """
    keys = [rater(seat) for seat in seats]
    priors = [current.get(key, NEW) if key is not None else NEW for key in keys]
    if len(seats) < 2:
        return [SeatChange(i, k, p, p) for i, (k, p) in enumerate(zip(keys, priors,
                                                                       strict=True))], {}
    after = rate(priors, places(seats))
    shared: dict[str, list[Skill]] = {}
    for key, skill in zip(keys, after, strict=True):
        if key is not None:
            shared.setdefault(key, []).append(skill)
    new = {key: Skill(sum(s.mu for s in group) / len(group),
                      sum(s.sigma for s in group) / len(group))
           for key, group in shared.items()}
    changes = [SeatChange(index, key, prior, new[key] if key is not None else skill)
               for index, (key, prior, skill) in enumerate(zip(keys, priors, after,
                                                               strict=True))]
    return changes, new
