"""The finished picture, and the PNG encoding that keeps it small and fast.

A picture is composed in RGB, then mapped onto the theme's fixed 256-colour palette and
saved as an 8-bit PNG: mapping onto a known palette costs a fraction of a millisecond
(unlike computing a palette per picture), and the PNG is three to five times smaller and
faster to compress than RGB. The palette is computed once per theme from sample
pictures drawn in that theme (:mod:`render.samples`), plus the theme's exact colours.

The PNG is written here rather than by Pillow: its rows unfiltered (the best filter for a
palette picture) and deflated by ISA-L (:mod:`isal`), which measured eight times faster
than zlib at Pillow's level 3 for 5 % more bytes (about 1 ms instead of 8 for a
1000×1000 table: the bot's largest cost per move, bench/render_bench.py).
"""

from __future__ import annotations

import io
import struct
import threading
import zlib
from dataclasses import dataclass
from functools import lru_cache

from isal import isal_zlib
from PIL import Image

from render.samples import palette_sample
from render.themes import BACKS, MEDAL_INK, MEDALS, RGB, Theme

ALT_LIMIT = 1000  # Discord accepts attachment descriptions up to 1024 characters
COMPRESS_LEVEL = 1  # ISA-L's; its level 3 is six times slower for 3 % fewer bytes
BYTE_BUDGET = 100_000  # above it (a table of 30+ melds), pay for ISA-L's level 3
DENSE_LEVEL = 3
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True, slots=True)
class Picture:
    """An encoded PNG picture with its alt text (for screen readers and slow connections)."""

    png: bytes
    alt: str
    width: int
    height: int
    filename: str

    def __repr__(self) -> str:
        return (
            f"Picture({self.filename!r}, {self.width}×{self.height}, {len(self.png)} bytes, "
            f"alt={self.alt[:40]!r}…)"
        )


def _key_colours(theme: Theme) -> list[RGB]:
    """Colours that must be exact in every picture of ``theme``."""
    colours: list[RGB] = [
        theme.felt,
        theme.felt_dark,
        theme.panel,
        theme.panel_line,
        theme.text,
        theme.text_dim,
        theme.accent,
        theme.good,
        theme.bad,
        theme.you,
        theme.card_face,
        theme.card_edge,
        theme.court_frame,
        theme.joker_face,
        theme.joker_ink,
        theme.joker_star,
        theme.tile_face,
        theme.tile_edge,
        theme.rack,
        theme.rack_dark,
        (0, 0, 0),
        (255, 255, 255),
        *theme.card_ink,
        *theme.tile_ink,
    ]
    colours += [*MEDALS.values(), MEDAL_INK]
    for back in BACKS.values():
        colours += [back.field, back.lattice, back.emblem]
    unique: list[RGB] = []
    for colour in colours:
        if colour not in unique:
            unique.append(colour)
    return unique


_palette_lock = threading.RLock()


def theme_palette(theme: Theme) -> Image.Image:
    """The ``P`` image holding ``theme``'s 256-colour palette (computed on first use, once:
    painters asking at the same time wait for the first, rather than each spending the
    half-second it takes)."""
    with _palette_lock:
        return _theme_palette(theme)


@lru_cache(maxsize=16)
def _theme_palette(theme: Theme) -> Image.Image:
    exact = _key_colours(theme)
    sample = palette_sample(theme)
    learnt = sample.quantize(256 - len(exact), method=Image.Quantize.MAXCOVERAGE)
    learnt_palette = learnt.getpalette() or []
    flat: list[int] = [channel for colour in exact for channel in colour]
    flat += learnt_palette[: 3 * (256 - len(exact))]
    flat += [0] * (768 - len(flat))
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat)
    return palette


def to_palette(image: Image.Image, theme: Theme) -> Image.Image:
    """``image`` (RGB) mapped onto ``theme``'s palette: each pixel its nearest colour, the
    same whatever the pixels around it (no dithering)."""
    return image.quantize(palette=theme_palette(theme), dither=Image.Dither.NONE)


def encode(image: Image.Image, theme: Theme) -> bytes:
    """``image`` as an 8-bit PNG on ``theme``'s palette: an RGB image is mapped onto it, a
    ``P`` image is taken to be on it already (composed from :func:`to_palette`'s
    blocks)."""
    palette = theme_palette(theme)
    indexed = image if image.mode == "P" else to_palette(image, theme)
    rows = _unfiltered_rows(indexed)
    colours = bytes((palette.getpalette() or [])[:768]).ljust(768, b"\0")
    png = _png(indexed.width, indexed.height, colours, isal_zlib.compress(rows, COMPRESS_LEVEL))
    if len(png) > BYTE_BUDGET:
        png = _png(indexed.width, indexed.height, colours, isal_zlib.compress(rows, DENSE_LEVEL))
    return png


def _unfiltered_rows(indexed: Image.Image) -> bytes:
    """The pixels of a ``P`` image as PNG scan lines, each led by its filter byte 0 (none):
    the image pasted one column right of a column of zeros, so that Pillow lays them out."""
    framed = Image.new("P", (indexed.width + 1, indexed.height), 0)
    framed.paste(indexed, (1, 0))
    return framed.tobytes()


def _png(width: int, height: int, palette: bytes, deflated: bytes) -> bytes:
    """A PNG file of an 8-bit palette picture from its deflated scan lines."""
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return _SIGNATURE + b"".join(
        _chunk(kind, data)
        for kind, data in ((b"IHDR", header), (b"PLTE", palette), (b"IDAT", deflated),
                           (b"IEND", b""))
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(data, zlib.crc32(kind)))


def encode_rgb(image: Image.Image) -> bytes:
    """``image`` as a true-colour PNG (used to build palettes and for comparisons)."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()


def shorten(alt: str, limit: int = ALT_LIMIT) -> str:
    """``alt`` cut at a word boundary with “…” if longer than ``limit`` characters."""
    if len(alt) <= limit:
        return alt
    return alt[: limit - 1].rsplit(" ", 1)[0] + "…"


def finish(image: Image.Image, theme: Theme, alt: str, filename: str) -> Picture:
    """Encode ``image`` and wrap it with its alt text."""
    return Picture(encode(image, theme), shorten(alt), image.width, image.height, filename)
