"""Skill ratings in the Discord front end: what the rating board, the end of a match and
``/rummy stats`` show of them (:mod:`.present`). The commands that show them are the
player's own (``bot/discord_app/player``); the ratings move in the store."""
