"""What every feature of the Discord front end shares: answering an interaction within
Discord's limits (:mod:`.replies`), the catalog's texts for Discord (:mod:`.i18n`), the
channel permissions the bot needs, the pictures drawn off the event loop, the channel
messages sent on discord.py's low-level routes, and the choices offered by commands."""
