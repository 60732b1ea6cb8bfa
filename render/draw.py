"""Drawing primitives shared by every picture: fonts, cached text, rounded shapes, shadows.

Everything costly is drawn once and cached: a text is rasterised into a mask once per
(text, size, weight) and then stamped in any colour; a rounded rectangle's antialiased
mask once per (width, height, radius). A picture is then mostly a handful of cheap pastes.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Literal

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from render.themes import RGB

Anchor = Literal["left", "centre", "right"]
SUPERSAMPLE = 4  # shapes are drawn this many times larger, then reduced: smooth edges


def _font_path(bold: bool) -> str:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return str(resources.files("render") / "fonts" / name)


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The project's DejaVu Sans at ``size`` pixels (the em size)."""
    return ImageFont.truetype(_font_path(bold), size)


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, bold: bool = False) -> Image.Image:
    """``text`` rasterised as an ``L`` mask; the box spans the font's ascent to descent."""
    face = font(size, bold)
    ascent, descent = face.getmetrics()
    width = max(1, int(face.getlength(text) + 0.999))
    mask = Image.new("L", (width, ascent + descent), 0)
    ImageDraw.Draw(mask).text((0, 0), text, font=face, fill=255)
    return mask


def text_width(text: str, size: int, bold: bool = False) -> int:
    return text_mask(text, size, bold).width


def text_height(size: int, bold: bool = False) -> int:
    ascent, descent = font(size, bold).getmetrics()
    return int(ascent + descent)


@lru_cache(maxsize=1024)
def fit(text: str, size: int, bold: bool, max_width: int) -> str:
    """``text``, cut and ended with “…” if needed so that it is at most ``max_width`` wide."""
    if text_width(text, size, bold) <= max_width:
        return text
    cut = text
    while cut and text_width(cut + "…", size, bold) > max_width:
        cut = cut[:-1]
    return cut.rstrip() + "…"


@lru_cache(maxsize=1024)
def fit_size(text: str, size: int, bold: bool, max_width: int,
             smallest: int = 12) -> tuple[str, int]:
    """``text`` and the largest size from ``size`` down to ``smallest`` at which it is at
    most ``max_width`` wide; at ``smallest`` it is cut with “…” if it must be (:func:`fit`)."""
    for candidate in range(size, smallest - 1, -1):
        if text_width(text, candidate, bold) <= max_width:
            return text, candidate
    return fit(text, smallest, bold, max_width), smallest


@lru_cache(maxsize=512)
def two_lines(text: str, size: int, bold: bool, max_width: int) -> tuple[str, str]:
    """``text`` on two lines at most ``max_width`` wide, cut between words where it can
    (else between letters); the second line ends with “…” if even two are too few."""
    words = text.split(" ")
    cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    fitting = [cut for cut in cuts if text_width(cut[0], size, bold) <= max_width]
    if fitting:  # the longest first line that fits, the rest below
        first, rest = max(fitting, key=lambda cut: len(cut[0]))
    else:
        first = fit(text, size, bold, max_width)[:-1]  # as much as fits, without the "…"
        rest = text[len(first):].lstrip()
    return first, fit(rest, size, bold, max_width)


def draw_text(
    image: Image.Image,
    xy: tuple[int, int],
    text: str,
    size: int,
    colour: RGB,
    *,
    bold: bool = False,
    anchor: Anchor = "left",
    middle: bool = False,
) -> int:
    """Stamp ``text`` at ``xy`` (left, centre or right; top, or vertical middle); its width."""
    if not text:
        return 0
    mask = text_mask(text, size, bold)
    x, y = xy
    if anchor == "centre":
        x -= mask.width // 2
    elif anchor == "right":
        x -= mask.width
    if middle:
        y -= mask.height // 2
    image.paste(colour, (x, y), mask)
    return mask.width


@lru_cache(maxsize=512)
def rounded_mask(width: int, height: int, radius: int) -> Image.Image:
    """An antialiased ``L`` mask of a rounded rectangle filling ``width`` × ``height``."""
    s = SUPERSAMPLE
    big = Image.new("L", (width * s, height * s), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1), radius=radius * s, fill=255
    )
    return big.resize((width, height), Image.Resampling.BOX)


@lru_cache(maxsize=256)
def shadow_mask(width: int, height: int, radius: int, blur: int, alpha: int) -> Image.Image:
    """A soft shadow of a rounded rectangle, ``blur`` pixels wider on every side."""
    mask = Image.new("L", (width + 4 * blur, height + 4 * blur), 0)
    body = rounded_mask(width, height, radius).point(lambda v: v * alpha // 255)
    mask.paste(body, (2 * blur, 2 * blur))
    return mask.filter(ImageFilter.GaussianBlur(blur))


def shadow(
    image: Image.Image,
    box: tuple[int, int, int, int],
    radius: int,
    blur: int,
    alpha: int,
    offset: tuple[int, int] = (3, 4),
) -> None:
    """Drop a soft black shadow under the rounded rectangle ``box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    mask = shadow_mask(x1 - x0, y1 - y0, radius, blur, alpha)
    image.paste((0, 0, 0), (x0 - 2 * blur + offset[0], y0 - 2 * blur + offset[1]), mask)


def panel(
    image: Image.Image,
    box: tuple[int, int, int, int],
    radius: int,
    fill: RGB,
    outline: RGB | None = None,
    line: int = 2,
) -> None:
    """A filled rounded rectangle, with an optional ``line``-pixel outline, antialiased."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    if outline is not None:
        image.paste(outline, (x0, y0), rounded_mask(width, height, radius))
        x0, y0, width, height = x0 + line, y0 + line, width - 2 * line, height - 2 * line
        radius = max(0, radius - line)
    image.paste(fill, (x0, y0), rounded_mask(width, height, radius))


def paste_sprite(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an ``RGBA`` sprite through its own alpha."""
    image.paste(sprite, xy, sprite)


@lru_cache(maxsize=64)
def _background(size: tuple[int, int], felt: RGB, rim: RGB) -> Image.Image:
    image = Image.new("RGB", size, rim)
    panel(image, (4, 4, size[0] - 4, size[1] - 4), 14, felt)
    return image


def background(width: int, height: int, felt: RGB, rim: RGB) -> Image.Image:
    """A fresh felt of ``width`` × ``height`` with a darker rim (copied from a cache)."""
    return _background((width, height), felt, rim).copy()


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
