"""Rami's bot package: the session layer and its front ends (Discord, the terminal).

Importing it adds the interfaces' catalog to the engine's (:func:`engine.i18n.add_catalog`):
``bot/locales/<lang>/LC_MESSAGES/rami_bot.po`` holds the words of Discord (``bot.*``) and of
the terminal (``local.*``), the engine's catalog those of the rules. Every module of the bot
is imported through this package, so the terminal, Discord and the tests all see both.
"""

from pathlib import Path

from engine.i18n import add_catalog

LOCALE_DIR = Path(__file__).with_name("locales")
DOMAIN = "rami_bot"

add_catalog(LOCALE_DIR, DOMAIN)
