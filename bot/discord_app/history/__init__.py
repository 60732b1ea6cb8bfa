"""``/rummy history`` and ``/rummy replay``: a player's finished matches, one match's
rounds, and a match replayed step by step or a round as an animated picture."""
