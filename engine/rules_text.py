"""A rule set in words: the summary players read in ``/rummy rules`` and in a lobby.

Every sentence comes from the text catalog (keys ``rules.summary.*``) and every figure from
the :class:`~engine.rules.RuleSet`, so the summary can never disagree with the rules the
engine plays. Each line is one topic (the deck, the deal, a turn, the opening, melds,
jokers, going out, the stock, hand values, scoring, the match end); a parameter that does
not matter under the others (the joker rules without jokers) is left out.

Card rummy and tile rummy have their own wording (tiles, rack, pool); the tile rules the
tile engine does not take from the rule set (its turn, its sets, its scoring) are fixed
sentences.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from engine.i18n import Catalog, Msg, catalog, count
from engine.rules import AceOpening, DiscardPick, JokerSwap, Kind, RuleSet, Scoring, StockEnd


def summary(rules: RuleSet, lang: str) -> tuple[str, ...]:
    """``rules`` as a player reads them in ``lang``, one line per topic (the deck, the
    deal, drawing, opening, jokers, going out, scoring, the match end), every figure read
    from the parameters. Put in words once per rule set, language and catalog (a lobby
    shows it at each change: ~70 messages to look up and fill)."""
    return _summary(rules, lang, catalog())


@lru_cache(maxsize=256)
def _summary(rules: RuleSet, lang: str, words: Catalog) -> tuple[str, ...]:
    lines = _tiles(rules) if rules.kind is Kind.TILES else _cards(rules)
    return tuple(" ".join(words.text(s.key, lang, **s.params) for s in line) for line in lines)


Line = list[Msg]  # the sentences of one line


def _cards(rules: RuleSet) -> Iterator[Line]:
    yield [Msg("rules.summary.deck", decks=count("decks", rules.decks),
               jokers=_jokers(rules.jokers), total=count("cards", rules.deck_size))]
    yield [_players(rules)]
    yield [_deal(rules, "cards")]
    yield [_turn(rules), *_discard_pick(rules)]
    yield _opening(rules)
    yield [Msg("rules.summary.melds.ace_high") if rules.ace_high
           else Msg("rules.summary.melds.ace_low")]
    if rules.jokers:
        yield _jokers_line(rules)
    yield [Msg(f"rules.summary.going_out.{rules.going_out.value}")]
    yield [_reshuffle(rules), _stock_end(rules)]
    if rules.jokers:
        yield [Msg("rules.summary.hand_values", ace=rules.ace_hand_value,
                   joker=rules.joker_hand_value)]
    else:
        yield [Msg("rules.summary.hand_values.no_jokers", ace=rules.ace_hand_value)]
    yield _scoring(rules)
    yield _match(rules)


def _tiles(rules: RuleSet) -> Iterator[Line]:
    yield [Msg("rules.summary.tiles.pool", copies=count("copies", rules.decks),
               jokers=_jokers(rules.jokers), total=count("tiles", rules.deck_size))]
    yield [_players(rules)]
    yield [_deal(rules, "tiles")]
    yield [Msg("rules.summary.tiles.turn")]
    yield [Msg("rules.summary.tiles.sets")]
    if rules.opening_minimum or rules.opening_minimum_two_players:
        yield [Msg("rules.summary.tiles.opening", minimum=_opening_figure(rules))]
    else:
        yield [Msg("rules.summary.tiles.opening.none")]
    yield [Msg("rules.summary.tiles.rearrange")]
    yield [Msg("rules.summary.tiles.pool_empty")]
    yield [Msg("rules.summary.tiles.hand_values", joker=rules.joker_hand_value)]
    yield [Msg("rules.summary.tiles.scoring")]
    yield _match(rules)


def _jokers(number: int) -> Msg:
    return count("jokers", number) if number else Msg("rules.summary.no_jokers")


def _players(rules: RuleSet) -> Msg:
    if rules.min_players == rules.max_players:
        return Msg("rules.summary.players.exact", players=rules.min_players)
    return Msg("rules.summary.players", low=rules.min_players, high=rules.max_players)


def _deal(rules: RuleSet, noun: str) -> Msg:
    """The cards (tiles) dealt, per player count when they differ: player counts dealt
    the same number run together ("7 with 3 or 4")."""
    runs: list[tuple[int, int, int]] = []  # (fewest players, most players, size)
    for players, size in sorted(rules.hand_sizes):
        if not rules.min_players <= players <= rules.max_players:
            continue  # a size for a player count the variant is not played by
        if runs and runs[-1][2] == size and runs[-1][1] == players - 1:
            runs[-1] = (runs[-1][0], players, size)
        else:
            runs.append((players, players, size))
    if len(runs) == 1:
        return Msg("rules.summary.deal", pieces=count(noun, runs[0][2]))
    (low, high, size), *rest = runs
    parts = [Msg("rules.summary.deal.first", pieces=count(noun, size), players=_seats(low, high))]
    parts += [Msg("rules.summary.deal.more", size=size, players=_seats(low, high))
              for low, high, size in rest]
    joined = parts[-1]
    for part in reversed(parts[:-1]):  # "a, b, c" as "a, {b, {c}}": the catalog's comma
        joined = Msg("rules.summary.list", first=part, rest=joined)
    return Msg("rules.summary.deal.by_players", sizes=joined)


def _seats(low: int, high: int) -> Msg:
    if low == high:
        return Msg("rules.summary.seats.one", players=low)
    if high == low + 1:
        return Msg("rules.summary.seats.two", low=low, high=high)
    return Msg("rules.summary.seats.range", low=low, high=high)


def _turn(rules: RuleSet) -> Msg:
    if rules.draw_from_discard:
        return Msg("rules.summary.turn.stock_or_discard")
    return Msg("rules.summary.turn.stock_only")


def _discard_pick(rules: RuleSet) -> Line:
    if not rules.draw_from_discard:
        return []
    line = [Msg(f"rules.summary.discard_pick.{rules.discard_pick.value}"), *_identical(rules)]
    if rules.single_card_no_discard_pick:
        line.append(Msg("rules.summary.discard_pick.single_card"))
    return line


def _identical(rules: RuleSet) -> Line:
    """Whether a card identical to the one taken from the discard pile may be discarded,
    where two cards can be identical (two decks, two jokers)."""
    twins, jokers = rules.decks > 1, rules.jokers > 1
    if not (twins or jokers):
        return []
    copy = Msg("rules.summary.identical.both" if twins and jokers
               else "rules.summary.identical.twin" if twins
               else "rules.summary.identical.joker")
    if rules.discard_pick is DiscardPick.LAY_BACK:
        # Laying the card straight back is allowed: only the copy after laying cards counts.
        return ([Msg("rules.summary.discard_pick.lay_back_identical", copy=copy)]
                if rules.identical_discard_ban else [])
    if rules.identical_discard_ban:
        return [Msg("rules.summary.discard_pick.identical", copy=copy)]
    return [Msg("rules.summary.discard_pick.identical_allowed", copy=copy)]


def _opening_figure(rules: RuleSet) -> Msg:
    """The opening minimum, with the two-player figure when it differs."""
    points = count("points", rules.opening_minimum)
    if rules.opening_minimum_two_players == rules.opening_minimum:
        return points
    two = count("points", rules.opening_minimum_two_players)
    return Msg("rules.summary.opening.two_players", points=points, two=two)


def _opening(rules: RuleSet) -> Line:
    if rules.opening_minimum or rules.opening_minimum_two_players:
        line = [Msg("rules.summary.opening", minimum=_opening_figure(rules)),
                _opening_count(rules)]
    else:
        line = [Msg("rules.summary.opening.none")]
    if rules.lay_off_before_opening:
        line.append(Msg("rules.summary.opening.lay_off_before"))
    if not rules.lay_off_in_opening_turn:
        line.append(Msg("rules.summary.opening.no_lay_off"))
    if rules.first_turn_meld_ban:
        line.append(Msg("rules.summary.opening.first_turn_ban"))
    return line


def _opening_count(rules: RuleSet) -> Msg:
    ace = rules.ace_opening
    if ace is AceOpening.BY_PLACE and not rules.ace_high:
        ace = AceOpening.ONE  # an ace that is always low is always the A of A-2-3
    return Msg(f"rules.summary.opening.count.{ace.value}")


def _jokers_line(rules: RuleSet) -> Line:
    line = [Msg(f"rules.summary.meld_jokers.{rules.meld_jokers.value}"),
            Msg(f"rules.summary.joker_swap.{rules.joker_swap.value}")]
    if rules.joker_swap is not JokerSwap.NEVER:
        line.append(Msg("rules.summary.joker_swap.lay_again") if rules.swapped_joker_must_be_laid
                    else Msg("rules.summary.joker_swap.keep"))
    line.append(Msg("rules.summary.joker_discard.allowed") if rules.joker_discard
                else Msg("rules.summary.joker_discard.last"))
    return line


def _reshuffle(rules: RuleSet) -> Msg:
    if rules.max_reshuffles:
        return Msg("rules.summary.reshuffle", count=rules.max_reshuffles)
    return Msg("rules.summary.reshuffle.never")


def _stock_end(rules: RuleSet) -> Msg:
    # A card round ends a blocked stock as it ends one with no winner (every hand scores).
    end = StockEnd.NO_WINNER if rules.stock_end is StockEnd.BLOCKED else rules.stock_end
    return Msg(f"rules.summary.stock_end.{end.value}")


def _scoring(rules: RuleSet) -> Line:
    if rules.scoring is Scoring.WINNER_COLLECTS:
        # The card round gives the winner the other hands: no penalty, no multiplier.
        return [Msg("rules.summary.scoring.winner_collects")]
    line = [Msg("rules.summary.scoring.penalty")]
    penalty, penalty_rami_sec = rules.never_melded_penalty, rules.never_melded_penalty_rami_sec
    if rules.rami_sec_multiplier > 1 or (penalty and penalty_rami_sec != penalty):
        line.append(Msg("rules.summary.rami_sec.meaning"))
    if penalty and penalty_rami_sec == penalty:
        line.append(Msg("rules.summary.never_melded", points=count("points", penalty)))
    elif penalty:
        line.append(Msg("rules.summary.never_melded.rami_sec", points=count("points", penalty),
                        rami_sec=count("points", penalty_rami_sec)))
    if rules.rami_sec_multiplier > 1:
        line.append(Msg("rules.summary.rami_sec", factor=rules.rami_sec_multiplier))
    return line


def match_end(rules: RuleSet) -> Msg:
    """How a match of ``rules`` ends and who wins, in one sentence (« Partie : elle
    s'arrête quand un joueur atteint 1 000 points ; le plus petit total gagne. »)."""
    return _match(rules)[0]


def _match(rules: RuleSet) -> Line:
    if rules.target == 0:
        # One round: every seat tied for the best score wins (see engine.game.decide).
        return [Msg("rules.summary.match.single.high") if rules.high_wins
                else Msg("rules.summary.match.single.low"), Msg("rules.summary.match.tie_shared")]
    best = "high" if rules.high_wins else "low"
    end = Msg(f"rules.summary.match.{rules.match_end.value}.{best}",
              points=count("points", rules.target))
    return [end,
            Msg("rules.summary.match.tie_plays_on") if rules.tie_plays_on
            else Msg("rules.summary.match.tie_shared")]
