"""Player-facing texts of the card round, in English and French (``str.format`` named
placeholders; registered in the errors catalog by ``engine.card_round``)."""

from __future__ import annotations

CARD_MESSAGES: dict[str, dict[str, str]] = {
    "round.deck": {
        "en": "The deck must hold exactly the {cards} cards of {variant}.",
        "fr": "Le paquet doit contenir exactement les {cards} cartes de {variant}.",
    },
    "move.round_over": {
        "en": "The round is over.",
        "fr": "La manche est terminée.",
    },
    "move.not_your_turn": {
        "en": "It is not your turn.",
        "fr": "Ce n'est pas votre tour.",
    },
    "move.draw_first": {
        "en": "Draw a card first, from the stock or the discard pile.",
        "fr": "Piochez d'abord une carte, dans la pioche ou la défausse.",
    },
    "move.unknown": {
        "en": "{action} is not an action of this game.",
        "fr": "{action} n'est pas une action de ce jeu.",
    },
    "draw.already": {
        "en": "You have already drawn this turn: meld, lay off or discard.",
        "fr": "Vous avez déjà pioché ce tour-ci : posez, complétez ou défaussez.",
    },
    "draw.discard_not_allowed": {
        "en": "With these rules you may only draw from the stock.",
        "fr": "Avec ces règles, on ne pioche que dans la pioche.",
    },
    "draw.discard_empty": {
        "en": "The discard pile is empty: draw from the stock.",
        "fr": "La défausse est vide : piochez dans la pioche.",
    },
    "draw.single_card": {
        "en": "With a single card in hand you may not take the discard: draw from "
        "the stock.",
        "fr": "Avec une seule carte en main, vous ne pouvez pas prendre la défausse : "
        "piochez dans la pioche.",
    },
    "draw.source": {
        "en": "Draw from “stock” or “discard”, not “{source}”.",
        "fr": "Piochez dans « stock » (pioche) ou « discard » (défausse), pas « {source} ».",
    },
    "move.first_turn": {
        "en": "Nobody lays cards during their own first turn of the round.",
        "fr": "Personne ne pose de cartes pendant son premier tour de la manche.",
    },
    "move.not_in_hand": {
        "en": "You do not hold {card}.",
        "fr": "Vous n'avez pas {card} en main.",
    },
    "move.out_by_discard": {
        "en": "You go out only by discarding your last card: keep one card to discard.",
        "fr": "On ne sort qu'en défaussant sa dernière carte : gardez une carte à "
        "défausser.",
    },
    "move.nothing_to_discard": {
        "en": "That would leave you no card you may discard to end your turn.",
        "fr": "Il ne vous resterait aucune carte que vous puissiez défausser pour finir "
        "votre tour.",
    },
    "meld.none": {"en": "No meld given.", "fr": "Aucune combinaison donnée."},
    "meld.nth": {
        "en": "Meld {number}: {reason_en}",
        "fr": "Combinaison {number} : {reason_fr}",
    },
    "meld.opening_short": {
        "en": "Your opening must reach {minimum} points together; these melds make "
        "{total}. Nothing was laid.",
        "fr": "Votre première pose doit atteindre {minimum} points au total ; ces "
        "combinaisons en font {total}. Rien n'a été posé.",
    },
    "move.no_such_meld": {
        "en": "There is no meld {number} on the table ({count} melds).",
        "fr": "Il n'y a pas de combinaison {number} sur la table ({count} combinaisons).",
    },
    "layoff.not_opened": {
        "en": "You may lay off only once you have opened (laid your first melds).",
        "fr": "Vous ne pouvez compléter qu'après votre première pose.",
    },
    "layoff.opening_turn": {
        "en": "No laying off in the turn of your opening: wait for your next turn.",
        "fr": "Pas de complément pendant le tour de votre première pose : attendez le "
        "tour suivant.",
    },
    "swap.not_allowed": {
        "en": "Jokers cannot be swapped in this variant.",
        "fr": "On ne peut pas échanger de joker dans cette variante.",
    },
    "swap.not_opened": {
        "en": "You may swap a joker only once you have opened.",
        "fr": "Vous ne pouvez échanger un joker qu'après votre première pose.",
    },
    "swap.complete_group": {
        "en": "A joker may be taken only from a complete group of four cards.",
        "fr": "On ne peut reprendre un joker que dans un carré complet de quatre cartes.",
    },
    "swap.joker_unplayable": {
        "en": "The joker you win must be laid again this turn, and you could not lay it.",
        "fr": "Le joker récupéré doit être rejoué ce tour-ci, et vous ne pourriez pas "
        "le poser.",
    },
    "swap.lay_joker_first": {
        "en": "Lay the joker you took from the table before discarding.",
        "fr": "Posez le joker récupéré sur la table avant de vous défausser.",
    },
    "discard.joker": {
        "en": "A joker may be discarded only as your last, winning card.",
        "fr": "On ne peut défausser un joker que comme dernière carte, pour gagner.",
    },
    "discard.taken": {
        "en": "You may not discard {card}, the card you took from the discard pile, "
        "this turn.",
        "fr": "Vous ne pouvez pas défausser {card}, la carte prise dans la défausse, "
        "ce tour-ci.",
    },
}
