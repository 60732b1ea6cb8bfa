"""The sample pictures of the docs: ``python -m render.gallery docs/img`` writes one picture
of each kind (a hand in each theme, a rack, tables, score sheets, rankings, decks)
drawn from the seeded sample views of :mod:`render.samples`."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from engine.cards.card import Card
from render.paint import (
    render_daily_ranking,
    render_hand,
    render_leaderboard,
    render_scores,
    render_table,
)
from render.picture import encode
from render.samples import daily_ranking, deck_sheet, leaderboard, player_view, public_view
from render.themes import THEMES


def write_samples(folder: Path) -> list[Path]:
    """Write the sample pictures into ``folder``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, png: bytes) -> None:
        path = folder / name
        path.write_bytes(png)
        written.append(path)

    view = player_view()
    for theme in THEMES:
        save(f"hand-{theme}.png", render_hand(view, theme=theme, playable={0, 3, 5}).png)
    taken = next(piece for piece in view.hand if isinstance(piece, Card) and piece.rank == 8)
    marked = replace(view, taken_from_discard=taken, current=0)
    save("hand-fr.png", render_hand(marked, lang="fr", sort="rank", playable={1, 4}).png)
    save("rack.png", render_hand(player_view(tiles=True)).png)
    save("table.png", render_table(public_view(), highlight_seat=1).png)
    dark = public_view(players=4, melds=9)
    save("table-dark-fr.png", render_table(dark, theme="dark", back="red", lang="fr").png)
    save("tile-table.png", render_table(public_view(tiles=True, players=4, melds=12)).png)
    scores = public_view(players=4)
    save("scores.png", render_scores(public_view()).png)
    save("scores-dark-fr.png", render_scores(scores, theme="dark", lang="fr").png)
    save("leaderboard.png", render_leaderboard(leaderboard(), title="Leaderboard · Rami 51").png)
    save("daily.png", render_daily_ranking(daily_ranking(),
                                           title="Championnat du 4 mars · Rami 30",
                                           lang="fr").png)
    for theme in ("classic", "four-colour", "dark"):
        save(f"deck-{theme}.png", encode(deck_sheet(THEMES[theme]), THEMES[theme]))
    return written


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "docs/img")
    for path in write_samples(folder):
        print(path, path.stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
