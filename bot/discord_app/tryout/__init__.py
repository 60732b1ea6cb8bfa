"""``rummy-bot try``: the Discord bot played from the terminal through a fake Discord.

``app`` starts the fake Discord (:mod:`bot.discord_app.fake`) and the real bot connected
to it (:mod:`bot.discord_app.on_fake`) and reads the person's lines; ``console`` plays
them as members of the fake server and shows what each member sees; ``commands`` reads a
typed slash command as Discord's client would; ``show`` writes a message as text.
"""
