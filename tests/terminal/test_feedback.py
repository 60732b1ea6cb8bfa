"""What the terminal says after each command: the card drawn, positions as shown, one
answer per question, names that follow the level, and a finished round that shows every
hand and waits for Enter."""

from __future__ import annotations

import re

import pytest

from bot.terminal import commands
from engine import NotationError, parse_card, parse_cards, variant
from engine.cards.actions import Draw, Meld
from engine.cards.stacked import stacked_deck
from engine.game import Game
from tests.terminal.helpers import between_prompts, cards_of, hand_lines, play

CLASSIC = ["--variant", "classic", "--seed", "4", "--plain"]


def test_a_draw_says_which_card_came_and_it_is_in_the_hand_next() -> None:
    _, text = play(CLASSIC, "draw\nquit\n")
    drawn = re.search(r"You drew (\S+)\.", text)
    assert drawn is not None
    before, after = hand_lines(text)[-2:]
    assert drawn.group(1) not in cards_of(before) and drawn.group(1) in cards_of(after)


def test_a_card_named_by_its_position_is_the_one_shown_there() -> None:
    _, text = play(CLASSIC, "draw\ndiscard 1\nquit\n")
    shown = hand_lines(text)[-2]  # after the draw: 11 cards, numbered as shown
    first = cards_of(shown)[0]
    assert shown.startswith(f"1:{first}")
    after = cards_of(hand_lines(text)[-1])
    assert len(after) == 10 and first not in after


def test_hand_and_table_are_answered_once_each() -> None:
    _, text = play(CLASSIC, "table\nhand\nquit\n")
    table, hand = between_prompts(text)[:2]
    assert table.count("Discard pile:") == 1 and "Your hand" not in table
    assert hand.count("Your hand:") == 1 and "Discard pile" not in hand
    assert len(hand.strip().splitlines()) == 1


def test_after_a_level_change_the_players_show_their_new_level() -> None:
    _, text = play(CLASSIC, "level hard\nquit\n")
    after = text.split("now play at level hard")[1]
    assert "CPU 1 · hard: 10 cards" in after
    assert not re.search(r"CPU 1 · medium:", after)


def test_a_finished_round_shows_every_hand_and_waits_for_enter() -> None:
    script = "draw\ndiscard\n" * 60 + "score\n\nquit\n"
    _, text = play([*CLASSIC, "--level", "hard"], script)
    result = text.split("— Round 1 is over —\n")[1].splitlines()
    assert result[0] == "CPU 1 went out."
    assert re.fullmatch(r"  You: 0 this round, 0 in all; left in hand: (\S+ ){9}\S+",
                        result[1])
    assert re.fullmatch(r"  CPU 1: \d+ this round, \d+ in all", result[2])
    assert result[3] == "Press Enter to deal round 2 (score, table, hand and quit work " \
                        "meanwhile)."
    waiting = text.split("Press Enter to deal round 2")[1].split("— Round 2 —")[0]
    assert "The round is over: press Enter to deal the next one." in waiting  # draw refused
    assert "  CPU 1: " in waiting  # the score asked meanwhile
    assert "— Round 2 —" in text


def test_discard_alone_after_laying_the_card_drawn_asks_which_card() -> None:
    rules = variant("classic")
    hands = [parse_cards("7h 8h 2c 3d 4s jc qd kd 5s 6c"),
             parse_cards("2s 3s 4c 5d 6d 7d 8d 9d 10c jh")]
    deck = stacked_deck(rules, hands, discard=parse_card("ah"), stock=parse_cards("9h"))
    game = Game.new(rules, ["ann", "bob"], 1, deck=deck)
    game.apply(0, Draw("stock"))
    game.apply(0, Meld((tuple(parse_cards("7h 8h 9h")),)))
    view = game.view(0)
    with pytest.raises(NotationError) as refused:
        commands.parse("discard", "", view, rules)
    assert refused.value.message("en") == (
        "The card you drew, 9♥, is no longer in your hand: name the card to discard "
        "(discard <card>, or its position: discard 3).")


def test_the_next_rounds_computer_moves_come_after_its_title() -> None:
    _, text = play([*CLASSIC, "--level", "hard"], "draw\ndiscard\nnext\n" * 40 + "quit\n")
    dealt = text.split("Press Enter to deal round 2")[1].split("\n> ", 1)[1]
    assert dealt.startswith("— Round 2 —\nCPU 1 ")
    assert text.count("— Round 2 —") == 1


def test_a_stock_reshuffle_is_said_with_how_many_are_left() -> None:
    _, text = play(["--variant", "classic", "--seed", "1", "--plain", "--level", "easy"],
                   "draw\ndiscard\n" * 45 + "quit\n")
    said = "The stock ran out: the discard pile, shuffled, is the new stock (2 more " \
           "reshuffles allowed this round)."
    assert text.count(said) == 1
    before = text.split(said)[0].rsplit("Discard pile:", 1)[1]
    assert "stock: 0" in before.splitlines()[0]  # said when the stock had run out


@pytest.mark.parametrize(("args", "title", "end"), [
    (["--variant", "classic"], "Totals after 0 rounds:",
     "Match: it ends when a player reaches 100 points; the highest total wins."),
    (["--variant", "rami51", "--lang", "fr"], "Totaux après 0 manche :",
     "Partie : elle s'arrête quand un joueur atteint 1000 points ; le plus petit total gagne."),
])
def test_the_score_has_a_title_and_says_how_the_match_ends(args: list[str], title: str,
                                                           end: str) -> None:
    _, text = play([*args, "--seed", "4", "--plain"], "score\nquit\n")
    answer = between_prompts(text)[0].splitlines()
    assert answer[0] == title
    assert answer[-1] == end
    assert len(answer) == 4  # the title, both players' totals, how the match ends
