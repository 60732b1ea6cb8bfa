"""Helpers shared by the store tests."""

from __future__ import annotations


class Clock:
    """A clock the test moves by hand (no sleeping, no timing assertions)."""

    def __init__(self, now: float = 1_764_000_000.0) -> None:  # 2025-11-24, a Monday
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
