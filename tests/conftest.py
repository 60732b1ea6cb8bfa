"""Fixtures for every test."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def logging_as_it_was() -> Iterator[None]:
    """Put the logging set-up back after each test: a test that starts the bot's logging
    (``setup_logging``) must not leave a handler behind, nor the root level it chose,
    for the tests that follow (a handler writing into a capture closed since made every
    later record print "I/O operation on closed file")."""
    loggers = [logging.getLogger(), logging.getLogger("discord")]
    saved = [(logger, list(logger.handlers), logger.level) for logger in loggers]
    yield
    for logger, handlers, level in saved:
        logger.handlers[:] = handlers
        logger.setLevel(level)
