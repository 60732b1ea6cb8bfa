"""Tests of bot/discord_app/daily."""
