"""The terminal says issue 30's refusal in the player's language and plays on: seed 4 of
rami51 deals the player the twin of the discard top, 8♠."""

from __future__ import annotations

from tests.terminal.helpers import between_prompts, hand_lines, play

RAMI51 = ["--variant", "rami51", "--seed", "4", "--plain"]


def test_discarding_the_twin_of_the_card_taken_is_refused_and_another_goes() -> None:
    _, text = play(RAMI51, "draw discard\ndiscard 8s\ndiscard 1\nquit\n")
    answers = between_prompts(text)
    assert answers[1].startswith(
        "You took 8♠ from the discard pile: this turn you may discard neither it nor a card "
        "identical to it. Discard another card.")
    held = hand_lines(text)
    assert held[-2].count("8♠") == 2  # the refusal changed nothing
    assert answers[2].startswith("You discarded A♣.")  # another card goes: the turn ends
    assert held[-1].count("8♠") == 2 and "A♣" not in held[-1]


def test_the_refusal_is_french_for_a_french_player() -> None:
    _, text = play([*RAMI51, "--lang", "fr"], "draw discard\ndiscard 8p\nquit\n")
    assert ("Vous avez pris 8♠ dans la défausse : ce tour-ci, vous ne pouvez défausser ni "
            "cette carte ni une carte identique. Défaussez-en une autre.") in text
