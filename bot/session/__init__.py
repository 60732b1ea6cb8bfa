"""The session layer, with no Discord in it: one table per channel (lobby, turns, computer
seats and turn timers, score booking, the saved document), the players' preferences and
language, and how a hand is numbered. The Discord front end, the terminal game and the
tests all drive it, so that a rule, a save or a computer turn is written once."""
