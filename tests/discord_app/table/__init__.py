"""Tests of bot/discord_app/table."""
