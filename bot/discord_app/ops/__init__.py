"""Running the bot for real: a clean stop, health, metrics."""
