"""Signal dispositions for tests that send Ctrl-C, to themselves or to a process they start.

A test run started as a background job of a non-interactive shell (``make test &``)
ignores SIGINT, and an ignored signal stays ignored across ``exec``: a process started
from it would not see a Ctrl-C at all. :func:`sigint_handled_by` sets it for a block.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

Handler = Callable[[int, FrameType | None], object] | signal.Handlers


@contextmanager
def sigint_handled_by(handler: Handler) -> Iterator[None]:
    """SIGINT handled by ``handler`` for the block, then as it was before (a handler, not
    an ignored signal, is set back to the default in a process started meanwhile)."""
    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
