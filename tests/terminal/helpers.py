"""Shared helpers of the terminal tests: the game driven by a script on its standard input,
and reading its transcript."""

from __future__ import annotations

import io

from bot.terminal import app as local


def play(argv: list[str], script: str) -> tuple[int, str]:
    """Run ``rummy-bot play argv`` on ``script``; its exit status and its output."""
    out = io.StringIO()
    status = local.run(argv, io.StringIO(script), out)
    return status, out.getvalue()


def hand_lines(text: str) -> list[str]:
    """The hands shown, in order, without the ``Your hand:`` label."""
    lines = (line.removeprefix("> ") for line in text.splitlines())  # after a prompt too
    return [line.split(":", 1)[1].strip() for line in lines
            if line.startswith(("Your hand:", "Your rack:", "Votre main :",
                                "Votre chevalet :"))]


def cards_of(hand: str) -> list[str]:
    """``1:7♥  2:8♥`` → ``["7♥", "8♥"]``."""
    return [item.split(":", 1)[1] for item in hand.split()]


def between_prompts(text: str) -> list[str]:
    """The output after each prompt, up to the next one (what each command printed)."""
    return text.split("\n> ")[1:] if "\n> " in text else []
