"""A round replayed as an animated GIF, to share: one frame per step (the table everybody
saw, :func:`render.render_table`), within a size in bytes.

Frames differ in height (a table grows as melds are laid): each is placed on a canvas of
the largest, in the theme's felt. A GIF too large is made again smaller (scaled by
:data:`SHRINK`), and past :data:`SMALLEST` with every other frame dropped (the last one
always kept: the end of the round), until it fits.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from engine.views import PublicView
from render.paint import render_table
from render.picture import Picture, shorten
from render.themes import get_theme

FRAME_MS = 700  # each step's time on screen
LAST_FRAME_MS = 3000  # the round's end stays longer
SHRINK = 0.8
SMALLEST = 0.35  # below this scale the tables cannot be read: drop frames instead


def render_round_animation(views: Sequence[PublicView], *, max_bytes: int,
                           theme: str = "classic", lang: str = "en",
                           alt: str = "") -> Picture:
    """The steps ``views`` of a round as an animated GIF of at most ``max_bytes``.

    Raises:
        ValueError: no views, an unknown theme or language, or no GIF of even one frame
            fits in ``max_bytes``.
    """
    if not views:
        raise ValueError("an animation needs at least one view")
    felt = get_theme(theme).felt
    frames = [Image.open(io.BytesIO(render_table(view, theme=theme, lang=lang).png))
              for view in views]
    width = max(frame.width for frame in frames)
    height = max(frame.height for frame in frames)
    canvas = [_on_canvas(frame, width, height, felt) for frame in frames]
    scale, kept = 1.0, list(range(len(canvas)))
    while True:
        data = _gif([canvas[i] for i in kept], scale)
        if len(data) <= max_bytes:
            size = (round(width * scale), round(height * scale))
            return Picture(data, shorten(alt), size[0], size[1], "round.gif")
        if scale * SHRINK >= SMALLEST:
            scale *= SHRINK
        elif len(kept) > 1:
            fewer = sorted({*kept[::2], kept[-1]})
            kept = fewer if len(fewer) < len(kept) else kept[-1:]
        else:
            raise ValueError(f"no animation fits in {max_bytes} bytes")


def _on_canvas(frame: Image.Image, width: int, height: int,
               felt: tuple[int, int, int]) -> Image.Image:
    canvas = Image.new("RGB", (width, height), felt)
    canvas.paste(frame.convert("RGB"), (0, 0))
    return canvas


def _gif(frames: Sequence[Image.Image], scale: float) -> bytes:
    if scale != 1.0:
        frames = [frame.resize((max(1, round(frame.width * scale)),
                                max(1, round(frame.height * scale))), Image.Resampling.BOX)
                  for frame in frames]
    # One palette for the whole animation (the first frame's, adaptive): frames then
    # differ only where the table changed, which the GIF encoder stores as small boxes.
    first = frames[0].quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    palettized = [first] + [frame.quantize(palette=first, dither=Image.Dither.NONE)
                            for frame in frames[1:]]
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(palettized) - 1) + [LAST_FRAME_MS]
    palettized[0].save(out, format="GIF", save_all=True, append_images=palettized[1:],
                       duration=durations, loop=0, optimize=False, disposal=1)
    return out.getvalue()
