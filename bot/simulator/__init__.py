"""The simulator (``rummy-bot simulate``): many computer matches, and what they say of the
levels."""
