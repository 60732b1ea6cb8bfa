"""The Discord front end: the client, the slash commands, the buttons and menus, what the
bot shows in a channel, and the handlers that turn an interaction into a session call."""
