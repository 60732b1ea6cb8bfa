"""The words drawn in the pictures and written in their alt texts, in English and French."""

from __future__ import annotations

from typing import Literal

from engine.views import Phase, PlayerView, PublicView

LANGS = ("en", "fr")

LABELS: dict[str, dict[str, str]] = {
    "your_hand": {"en": "Your hand", "fr": "Votre main"},
    "your_rack": {"en": "Your rack", "fr": "Votre chevalet"},
    "cards": {"en": "{n} cards", "fr": "{n} cartes"},
    "card_one": {"en": "1 card", "fr": "1 carte"},
    "tiles": {"en": "{n} tiles", "fr": "{n} tuiles"},
    "tile_one": {"en": "1 tile", "fr": "1 tuile"},
    "sort_suit": {"en": "by suit", "fr": "par couleur"},
    "sort_rank": {"en": "by rank", "fr": "par valeur"},
    "sort_own": {"en": "your order", "fr": "votre ordre"},
    "sort_colour": {"en": "by colour", "fr": "par couleur"},
    "sort_number": {"en": "by number", "fr": "par nombre"},
    "your_turn": {"en": "Your turn", "fr": "À vous"},
    "turn_of": {"en": "{name}'s turn", "fr": "À {name} de jouer"},
    "round": {"en": "Round {n}", "fr": "Manche {n}"},
    "stock": {"en": "Stock: {n}", "fr": "Pioche : {n}"},
    "reshuffled": {"en": "reshuffled {n}×", "fr": "remélangée {n} fois"},
    "pool": {"en": "Pool: {n}", "fr": "Réserve : {n}"},
    "discard": {"en": "Discard: {n}", "fr": "Défausse : {n}"},
    "discard_empty": {"en": "Discard: empty", "fr": "Défausse : vide"},
    "discard_top": {"en": "discard pile top {card}", "fr": "haut de la défausse {card}"},
    "drawn": {"en": "just drawn", "fr": "piochée"},
    "drawn_tile": {"en": "just drawn", "fr": "piochée"},
    "playable": {"en": "can be laid", "fr": "peut être posée"},
    "keep": {"en": "may not be discarded", "fr": "ne peut pas être défaussée"},
    "must_lay": {"en": "must be laid again", "fr": "à reposer"},
    "opening": {"en": "Opening: {n} points to lay", "fr": "Ouverture : {n} points à poser"},
    "no_melds": {"en": "No meld on the table yet", "fr": "Aucune combinaison posée"},
    "no_sets": {"en": "No set on the table yet", "fr": "Aucune série posée"},
    "draft": {
        "en": "Your turn in progress (not confirmed)",
        "fr": "Votre tour en cours (non validé)",
    },
    "melds": {"en": "Melds", "fr": "Combinaisons"},
    "meld": {"en": "meld", "fr": "combinaison"},
    "sets": {"en": "Sets", "fr": "Séries"},
    "table": {"en": "Table", "fr": "Table"},
    "points": {"en": "{n} pts", "fr": "{n} pts"},
    "opened": {"en": "opened", "fr": "a ouvert"},
    "you": {"en": "you", "fr": "vous"},
    "stands_for": {"en": "joker as {card}", "fr": "joker pour {card}"},
    "players": {"en": "Players", "fr": "Joueurs"},
    "score_sheet": {"en": "Score sheet", "fr": "Feuille de marque"},
    "total": {"en": "Total", "fr": "Total"},
    "target_high": {"en": "First to {n} wins", "fr": "Le premier à {n} gagne"},
    "target_low": {
        "en": "Ends at {n} · lowest total wins",
        "fr": "Fin à {n} · le plus petit total gagne",
    },
    "single_high": {"en": "Highest total wins", "fr": "Le plus grand total gagne"},
    "single_low": {"en": "Lowest total wins", "fr": "Le plus petit total gagne"},
    "no_rounds": {"en": "No round finished yet", "fr": "Aucune manche terminée"},
    "went_out": {"en": "went out", "fr": "a fini"},
    "rami_sec": {"en": "rami sec", "fr": "rami sec"},
    "stock_exhausted": {"en": "stock exhausted", "fr": "pioche épuisée"},
    "blocked": {"en": "blocked", "fr": "bloquée"},
    "rank": {"en": "#", "fr": "#"},
    "player": {"en": "Player", "fr": "Joueur"},
    "matches": {"en": "Matches", "fr": "Parties"},
    "wins": {"en": "Wins", "fr": "Victoires"},
    "pts": {"en": "Points", "fr": "Points"},
    "leaderboard_empty": {"en": "Nobody has played yet", "fr": "Personne n'a encore joué"},
    "leader": {"en": "leader", "fr": "en tête"},
    "round_short": {"en": "R{n}", "fr": "M{n}"},
    "round_over": {"en": "Round over", "fr": "Manche terminée"},
    "match_over": {"en": "Match over", "fr": "Partie terminée"},
    "variant_classic": {"en": "Classic rummy", "fr": "Rami classique"},
    "variant_rami51": {"en": "Rami 51", "fr": "Rami 51"},
    "variant_rami30": {"en": "Rami 30", "fr": "Rami 30"},
    "variant_gameduell": {"en": "Rami 51 (GameDuell)", "fr": "Rami 51 (GameDuell)"},
    "variant_tiles": {"en": "Tile rummy", "fr": "Rami des tuiles"},
    "hand_size_cards": {"en": "{n} in hand", "fr": "{n} en main"},
    "seat_alt": {"en": "{name}: {count}, {score} points", "fr": "{name} : {count}, {score} points"},
    "players_alt": {"en": "Players", "fr": "Joueurs"},
    "melds_alt": {"en": "Melds", "fr": "Combinaisons"},
    "sets_alt": {"en": "Sets", "fr": "Séries"},
}


def variant_name(variant: str, lang: str) -> str:
    """The display name of a variant (the variant's own name if unknown)."""
    key = f"variant_{variant}"
    return label(key, lang) if key in LABELS else variant


def label(key: str, lang: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` (English for an unknown language), filled with ``params``."""
    texts = LABELS[key]
    return texts.get(lang, texts["en"]).format(**params)


def count_label(kind: str, n: int, lang: str) -> str:
    """``"13 cards"`` / ``"1 tile"``: ``kind`` is ``"card"`` or ``"tile"``."""
    if n == 1:
        return label(f"{kind}_one", lang)
    return label(f"{kind}s", lang, n=n)


def check_lang(lang: str) -> str:
    """The language code of ``lang``: ``"en"`` or ``"fr"``; a Discord locale such as
    ``"fr-FR"`` or ``"en-GB"`` gives its language.

    Raises:
        ValueError: any other language; the message lists the valid ones.
    """
    code = lang.strip().lower().replace("_", "-").split("-", 1)[0]
    if code not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
    return code


def colon(lang: str) -> str:
    """The colon and its spaces: French puts a space before it."""
    return " : " if lang == "fr" else ": "


def turn_text(view: PublicView, lang: str) -> tuple[str, Literal["yours", "other", "over", ""]]:
    """Whose turn it is (or that the round or match is over), and which case that is."""
    if view.phase == Phase.MATCH_OVER:
        return label("match_over", lang), "over"
    if view.phase == Phase.ROUND_OVER:
        return label("round_over", lang), "over"
    if not 0 <= view.current < len(view.seats):
        return "", ""
    if isinstance(view, PlayerView) and view.seat == view.current:
        return label("your_turn", lang), "yours"
    return label("turn_of", lang, name=view.seats[view.current].name), "other"
