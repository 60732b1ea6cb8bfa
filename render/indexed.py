"""Opaque blocks on a theme's palette, mapped once and kept.

A picture composed of opaque cached blocks (a table's meld boxes, seat boxes, piles and
header) can be composed directly on the palette: each block is mapped onto the palette
once, when first needed, and then pasted as indexes, one byte a pixel. Mapping onto a
fixed palette is the same pixel by pixel whatever surrounds a pixel (no dithering), so the
picture is exactly the one mapped as a whole, without the per-picture mapping (~2.5 ms for
a large table, bench/render_bench.py).

The mapping is given by the caller (:func:`render.picture.to_palette`), since the palette
is learnt from pictures composed in RGB by the modules that use this one.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

Quantise = Callable[[Image.Image], Image.Image]  # an RGB image onto a palette ("P")


class Blocks:
    """The palette versions of blocks made by cached functions, keyed by the function
    and its arguments; the least recently used are forgotten beyond ``maxsize``."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._kept: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, quantise: Quantise | None, make: Callable[..., Image.Image],
            *args: Hashable) -> Image.Image:
        """``make(*args)`` (an opaque RGB block), on the palette when ``quantise`` is
        given; the caller must not change the image returned."""
        if quantise is None:
            return make(*args)
        key = (make, args)
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                return kept
        indexed = quantise(make(*args))
        with self._lock:
            self._kept[key] = indexed
            while len(self._kept) > self.maxsize:
                self._kept.popitem(last=False)
        return indexed

    def clear(self) -> None:
        """Forget every block (tests that watch blocks being drawn)."""
        with self._lock:
            self._kept.clear()
