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

from render.draw import background
from render.themes import Theme

Quantise = Callable[[Image.Image], Image.Image]  # an RGB image onto a palette ("P")


class Blocks:
    """The palette versions of blocks made by cached functions, keyed by the function
    and its arguments (or any image kept under a key of its own, :meth:`kept`); the
    least recently used are forgotten beyond ``maxsize``."""

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
        return self.kept((make, args), lambda: quantise(make(*args)))

    def kept(self, key: Hashable, build: Callable[[], Image.Image]) -> Image.Image:
        """The image kept under ``key``, else ``build()`` kept under it (built outside the
        lock: two threads may both build it, and the last one is kept)."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                return kept
        built = build()
        with self._lock:
            self._kept[key] = built
            while len(self._kept) > self.maxsize:
                self._kept.popitem(last=False)
        return built

    def clear(self) -> None:
        """Forget every block (tests that watch blocks being drawn)."""
        with self._lock:
            self._kept.clear()


_CORNER = 20  # the rim (4 px) and the felt's rounded corner (14 px) fit in this square
_SMALL = 2 * _CORNER + 1  # a felt whose middle row and column are plain rim and felt


def _small_felt(theme: Theme) -> Image.Image:
    return background(_SMALL, _SMALL, theme.felt, theme.felt_dark)


def felt(theme: Theme, width: int, height: int, quantise: Quantise) -> Image.Image:
    """The empty felt of a ``width`` × ``height`` picture (:func:`render.draw.background`)
    on the palette, built from a small felt mapped once: its corners pasted as they are,
    its middle row and column stretched along the sides, the middle filled with the felt
    (exactly the big felt mapped, without mapping a megapixel)."""
    if width < _SMALL or height < _SMALL:
        return quantise(background(width, height, theme.felt, theme.felt_dark))
    return _FELTS.kept((theme, width, height),
                       lambda: _build_felt(theme, width, height, quantise)).copy()


def _build_felt(theme: Theme, width: int, height: int, quantise: Quantise) -> Image.Image:
    small = _FELT_PARTS.get(quantise, _small_felt, theme)
    c, far_x, far_y = _CORNER, width - _CORNER, height - _CORNER
    image = Image.new("P", (width, height), small.getpixel((c, c)))
    image.putpalette(small.getpalette() or [])
    for (x0, y0), at in (((0, 0), (0, 0)), ((c + 1, 0), (far_x, 0)),
                         ((0, c + 1), (0, far_y)), ((c + 1, c + 1), (far_x, far_y))):
        image.paste(small.crop((x0, y0, x0 + c, y0 + c)), at)
    if far_x > c:
        for y0, at_y in ((0, 0), (c + 1, far_y)):
            side = small.crop((c, y0, c + 1, y0 + c)).resize((far_x - c, c), _NEAREST)
            image.paste(side, (c, at_y))
    if far_y > c:
        for x0, at_x in ((0, 0), (c + 1, far_x)):
            side = small.crop((x0, c, x0 + c, c + 1)).resize((c, far_y - c), _NEAREST)
            image.paste(side, (at_x, c))
    return image


_FELT_PARTS = Blocks(maxsize=16)
# The felts of the latest picture sizes (a table keeps its size for a while), ~1 MB each.
FELTS_KEPT = 16
_FELTS = Blocks(maxsize=FELTS_KEPT)
_NEAREST = Image.Resampling.NEAREST
