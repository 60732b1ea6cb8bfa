"""``rummy-bot try``: the Discord bot played from the terminal through a fake Discord.

``commands`` reads a typed slash command as Discord's client would.
"""
