"""The terminal game (``rummy-bot play``): a match against computer players in a terminal,
on the same session layer as the Discord bot."""
