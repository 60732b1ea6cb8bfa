"""The bot's texts in English and French, the player's language, and the command translator.

Every text a player reads goes through the engine's message catalog
(:func:`engine.errors.render_message`) under a ``bot.`` code registered here, with named
placeholders. A player's language is, in order: their saved preference, their Discord
client's locale (French for any ``fr*`` locale), the server's setting, English.
Slash command names and descriptions are translated for Discord's French locale by
:class:`RamiTranslator` from the same catalog (``locale_str(..., key=code)``).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from engine.errors import register_messages, render_message

Language = str
DEFAULT_LANGUAGE: Language = "en"


def t(code: str, lang: Language, **params: Any) -> str:
    """The text of ``code`` in ``lang`` with ``params`` filled in."""
    return render_message(code, lang, **params)


def language_of_locale(locale: discord.Locale | str | None) -> Language | None:
    """``"fr"`` for any French locale, ``"en"`` for an English one, else ``None``."""
    if locale is None:
        return None
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    if value.lower().startswith("fr"):
        return "fr"
    if value.lower().startswith("en"):
        return "en"
    return None


def resolve_language(
    preference: Language | None,
    client_locale: discord.Locale | str | None,
    guild_language: Language | None,
) -> Language:
    """A player's language: saved preference, a French client, server setting, English.

    Only a French client locale decides: Discord defaults to English, so an English
    client in a French server reads the server's language.
    """
    french_client = "fr" if language_of_locale(client_locale) == "fr" else None
    for candidate in (preference, french_client, guild_language):
        if candidate in ("en", "fr"):
            return candidate
    return DEFAULT_LANGUAGE


class RamiTranslator(app_commands.Translator):
    """Gives Discord the French names and descriptions of the commands from the catalog."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = string.extras.get("key")
        if code is None or language_of_locale(locale) != "fr":
            return None
        text = render_message(code, "fr")
        return None if text == code else text


# Command names must be lower case, without spaces, at most 32 characters.
COMMAND_TEXTS: dict[str, dict[str, str]] = {
    "bot.cmd.rummy": {"en": "rummy", "fr": "rami"},
    "bot.cmd.rummy.desc": {"en": "Play rummy in this channel", "fr": "Jouer au rami dans ce salon"},
    "bot.cmd.new": {"en": "new", "fr": "nouvelle"},
    "bot.cmd.new.desc": {
        "en": "Open a game lobby in this channel",
        "fr": "Ouvrir une partie dans ce salon",
    },
    "bot.cmd.join": {"en": "join", "fr": "rejoindre"},
    "bot.cmd.join.desc": {"en": "Take a seat in the lobby", "fr": "Prendre une place à la table"},
    "bot.cmd.leave": {"en": "leave", "fr": "quitter"},
    "bot.cmd.leave.desc": {"en": "Leave the lobby", "fr": "Quitter la table avant le début"},
    "bot.cmd.start": {"en": "start", "fr": "commencer"},
    "bot.cmd.start.desc": {"en": "Deal the first round", "fr": "Distribuer la première manche"},
    "bot.cmd.hand": {"en": "hand", "fr": "main"},
    "bot.cmd.hand.desc": {
        "en": "Show your hand (only you see it)",
        "fr": "Voir votre main (vous seul la voyez)",
    },
    "bot.cmd.draw": {"en": "draw", "fr": "piocher"},
    "bot.cmd.draw.desc": {
        "en": "Draw from the stock or take the discard",
        "fr": "Piocher dans le talon ou prendre la défausse",
    },
    "bot.cmd.meld": {"en": "meld", "fr": "poser"},
    "bot.cmd.meld.desc": {
        "en": "Lay melds from your hand",
        "fr": "Poser des combinaisons de votre main",
    },
    "bot.cmd.layoff": {"en": "layoff", "fr": "ajouter"},
    "bot.cmd.layoff.desc": {
        "en": "Add cards to a meld on the table",
        "fr": "Ajouter des cartes à une combinaison posée",
    },
    "bot.cmd.swap": {"en": "swap", "fr": "echanger"},
    "bot.cmd.swap.desc": {
        "en": "Take a joker from a meld by putting the card it stands for",
        "fr": "Prendre un joker en posant la carte qu'il remplace",
    },
    "bot.cmd.discard": {"en": "discard", "fr": "defausser"},
    "bot.cmd.discard.desc": {
        "en": "Discard a card and end your turn",
        "fr": "Défausser une carte et finir votre tour",
    },
    "bot.cmd.table": {"en": "table", "fr": "table"},
    "bot.cmd.table.desc": {"en": "Show the table again", "fr": "Afficher de nouveau la table"},
    "bot.cmd.score": {"en": "score", "fr": "score"},
    "bot.cmd.score.desc": {
        "en": "Show the match score sheet", "fr": "Afficher la feuille de score",
    },
    "bot.cmd.rules": {"en": "rules", "fr": "regles"},
    "bot.cmd.rules.desc": {"en": "Explain the rules", "fr": "Expliquer les règles"},
    "bot.cmd.end": {"en": "end", "fr": "terminer"},
    "bot.cmd.end.desc": {
        "en": "Stop the game (its creator or Manage Server)",
        "fr": "Arrêter la partie (son créateur ou Gérer le serveur)",
    },
    "bot.opt.variant": {"en": "variant", "fr": "variante"},
    "bot.opt.variant.desc": {"en": "Which rules", "fr": "Quelles règles"},
    "bot.opt.target": {"en": "target", "fr": "objectif"},
    "bot.opt.target.desc": {
        "en": "Score that ends the match (0: a single round)",
        "fr": "Score qui termine la partie (0 : une seule manche)",
    },
    "bot.opt.source": {"en": "source", "fr": "source"},
    "bot.opt.source.desc": {"en": "stock or discard", "fr": "talon ou défausse"},
    "bot.opt.cards": {"en": "cards", "fr": "cartes"},
    "bot.opt.cards.desc": {
        "en": "Cards, e.g. 7h 8h 9h | Qs Qd Qc",
        "fr": "Cartes, p. ex. 7h 8h 9h | Qs Qd Qc",
    },
    "bot.opt.meld": {"en": "meld", "fr": "combinaison"},
    "bot.opt.meld.desc": {
        "en": "Number of the meld on the table",
        "fr": "Numéro de la combinaison sur la table",
    },
    "bot.opt.card": {"en": "card", "fr": "carte"},
    "bot.opt.card.desc": {"en": "One card, e.g. 7h", "fr": "Une carte, p. ex. 7h"},
    "bot.choice.stock": {"en": "stock", "fr": "talon"},
    "bot.choice.discard": {"en": "discard pile", "fr": "défausse"},
}

MESSAGES: dict[str, dict[str, str]] = {
    # Variants and their short rules.
    "bot.variant.classic": {"en": "Classic rummy", "fr": "Rami classique"},
    "bot.variant.rami51": {"en": "Rami 51", "fr": "Rami 51"},
    "bot.variant.rami30": {"en": "Rami 30", "fr": "Rami 30"},
    "bot.variant.gameduell": {"en": "GameDuell rummy", "fr": "Rami GameDuell"},
    "bot.variant.tiles": {"en": "Tile rummy", "fr": "Rami des chiffres"},
    "bot.rules.classic": {
        "en": "One deck, 7 cards each (10 with two players). On your turn draw from the stock "
        "or take the top discard, lay melds (runs of 3+ cards of one suit, groups of 3-4 of a "
        "rank) or lay off on any meld, then discard. The first to empty their hand wins the "
        "round and scores the others' cards.",
        "fr": "Un jeu, 7 cartes chacun (10 à deux). À votre tour, piochez dans le talon ou "
        "prenez la défausse, posez des combinaisons (suites de 3 cartes ou plus d'une couleur, "
        "brelans et carrés) ou complétez celles posées, puis défaussez. Le premier à vider sa "
        "main gagne la manche et marque les cartes des autres.",
    },
    "bot.rules.rami51": {
        "en": "Two decks and four jokers, 14 cards each. Your first melds must total at least "
        "51 points (face cards 10, ace 11 or 1 in a run). Draw, meld or lay off once opened, "
        "swap a joker for the card it stands for, then discard. Cards left in hand count "
        "against you; the match ends when someone reaches the target.",
        "fr": "Deux jeux et quatre jokers, 14 cartes chacun. Vos premières combinaisons doivent "
        "valoir au moins 51 points (figures 10, as 11 ou 1 dans une suite). Piochez, posez ou "
        "complétez une fois ouvert, échangez un joker contre la carte qu'il remplace, puis "
        "défaussez. Les cartes restées en main comptent contre vous ; la partie s'arrête quand "
        "quelqu'un atteint l'objectif.",
    },
    "bot.rules.rami30": {
        "en": "Like Rami 51 with an opening of 30 points.",
        "fr": "Comme le Rami 51, avec une ouverture de 30 points.",
    },
    "bot.rules.gameduell": {
        "en": "Two decks and six jokers, the GameDuell rules: an opening of 40 points, a card "
        "taken from the discard pile must be played that turn.",
        "fr": "Deux jeux et six jokers, les règles GameDuell : une ouverture de 40 points, une "
        "carte prise dans la défausse doit être jouée dans le tour.",
    },
    "bot.rules.tiles": {
        "en": "Tiles numbered 1-13 in four colours, 14 each. Open with 30 points, then rearrange "
        "the table freely as long as every set is valid at the end of your turn.",
        "fr": "Des tuiles de 1 à 13 en quatre couleurs, 14 chacun. Ouvrez avec 30 points, puis "
        "réarrangez la table librement tant que chaque série est valide à la fin du tour.",
    },
    "bot.rules.commands": {
        "en": "Commands: /rummy new, join, start, hand, draw, meld, layoff, swap, discard, table, "
        "score, end. Cards are written 7h 10s Qd Ac jk (or 7♥ 10♠ Q♦ A♣).",
        "fr": "Commandes : /rami nouvelle, rejoindre, commencer, main, piocher, poser, ajouter, "
        "echanger, defausser, table, score, terminer. Les cartes s'écrivent 7h 10s Qd Ac jk "
        "(ou 7♥ 10♠ Q♦ A♣, V D R acceptés).",
    },
    # Buttons and menus.
    "bot.button.join": {"en": "Join", "fr": "Rejoindre"},
    "bot.button.leave": {"en": "Leave", "fr": "Quitter"},
    "bot.button.add_ai": {"en": "Add computer player", "fr": "Ajouter un joueur ordinateur"},
    "bot.button.start": {"en": "Start", "fr": "Commencer"},
    "bot.button.cancel": {"en": "Cancel", "fr": "Annuler"},
    "bot.button.draw": {"en": "Draw from stock", "fr": "Piocher"},
    "bot.button.take": {"en": "Take discard", "fr": "Prendre la défausse"},
    "bot.button.meld": {"en": "Meld", "fr": "Poser"},
    "bot.button.layoff": {"en": "Lay off", "fr": "Ajouter"},
    "bot.button.swap": {"en": "Swap joker", "fr": "Échanger le joker"},
    "bot.button.discard": {"en": "Discard", "fr": "Défausser"},
    "bot.button.sort": {"en": "Sort: {sort}", "fr": "Tri : {sort}"},
    "bot.button.hand": {"en": "My hand", "fr": "Ma main"},
    "bot.button.score": {"en": "Score", "fr": "Score"},
    "bot.button.next_round": {"en": "Next round", "fr": "Manche suivante"},
    "bot.button.new_match": {"en": "New match", "fr": "Nouvelle partie"},
    "bot.sort.suit": {"en": "by suit", "fr": "par couleur"},
    "bot.sort.rank": {"en": "by rank", "fr": "par valeur"},
    "bot.sort.own": {"en": "as drawn", "fr": "ordre d'arrivée"},
    "bot.select.cards": {
        "en": "Cards to meld, lay off or discard",
        "fr": "Cartes à poser, ajouter ou défausser",
    },
    "bot.select.cards2": {"en": "A second meld (optional)", "fr": "Une deuxième combinaison"},
    "bot.select.meld": {
        "en": "Table meld to lay off on or swap from",
        "fr": "Combinaison de la table à compléter",
    },
    "bot.select.meld_option": {
        "en": "Meld {number}: {cards}", "fr": "Combinaison {number} : {cards}",
    },
    # Lobby.
    "bot.lobby.title": {"en": "{variant}: new game", "fr": "{variant} : nouvelle partie"},
    "bot.lobby.players": {
        "en": "Players ({count}): {players}", "fr": "Joueurs ({count}) : {players}",
    },
    "bot.lobby.nobody": {"en": "nobody yet", "fr": "personne pour l'instant"},
    "bot.lobby.target": {"en": "Match to {target} points.", "fr": "Partie en {target} points."},
    "bot.lobby.single_round": {"en": "A single round.", "fr": "Une seule manche."},
    "bot.lobby.howto": {
        "en": "Click Join to take a seat; {creator} starts the game.",
        "fr": "Cliquez sur Rejoindre pour prendre place ; {creator} lance la partie.",
    },
    "bot.lobby.started": {"en": "The game has started.", "fr": "La partie a commencé."},
    "bot.lobby.cancelled": {"en": "The game was cancelled.", "fr": "La partie a été annulée."},
    "bot.lobby.opened": {"en": "Lobby opened.", "fr": "Table ouverte."},
    "bot.lobby.joined": {"en": "You have a seat.", "fr": "Vous avez une place."},
    "bot.lobby.left": {"en": "You left the table.", "fr": "Vous avez quitté la table."},
    "bot.computer": {"en": "Computer {number}", "fr": "Ordinateur {number}"},
    # Table.
    "bot.table.title": {
        "en": "{variant}, round {round}", "fr": "{variant}, manche {round}",
    },
    "bot.table.turn": {"en": "{player} to play.", "fr": "À {player} de jouer."},
    "bot.table.piles": {
        "en": "Stock: {stock} cards · discard pile: {top}",
        "fr": "Talon : {stock} cartes · défausse : {top}",
    },
    "bot.table.empty": {"en": "empty", "fr": "vide"},
    "bot.table.seat": {
        "en": "{name}: {cards} cards, {score} points{opened}",
        "fr": "{name} : {cards} cartes, {score} points{opened}",
    },
    "bot.table.opened": {"en": " (opened)", "fr": " (ouvert)"},
    "bot.table.melds": {"en": "Melds on the table", "fr": "Combinaisons posées"},
    "bot.table.no_melds": {"en": "No melds yet.", "fr": "Aucune combinaison."},
    "bot.table.ping": {"en": "{mention}, your turn.", "fr": "{mention}, à vous de jouer."},
    "bot.table.last": {"en": "Last move: {move}", "fr": "Dernier coup : {move}"},
    "bot.table.reposted": {"en": "The table is posted below.", "fr": "La table est affichée."},
    # Hand.
    "bot.hand.title": {"en": "Your hand ({count} cards)", "fr": "Votre main ({count} cartes)"},
    "bot.hand.draw": {
        "en": "Your turn: draw from the stock or take the discard ({top}).",
        "fr": "À vous : piochez ou prenez la défausse ({top}).",
    },
    "bot.hand.play": {
        "en": "Meld or lay off if you can, then discard one card.",
        "fr": "Posez ou complétez si vous pouvez, puis défaussez une carte.",
    },
    "bot.hand.waiting": {"en": "Waiting for {player}.", "fr": "En attente de {player}."},
    "bot.hand.opening": {
        "en": "Your opening needs {points} points.",
        "fr": "Votre ouverture doit valoir {points} points.",
    },
    "bot.hand.drawn": {"en": "You drew {card}.", "fr": "Vous avez pioché {card}."},
    "bot.hand.must_lay": {
        "en": "Lay the joker {card} again this turn.",
        "fr": "Reposez le joker {card} pendant ce tour.",
    },
    "bot.hand.too_many": {
        "en": "The menus show your first 25 cards; use the commands for the others.",
        "fr": "Les menus montrent vos 25 premières cartes ; utilisez les commandes pour "
        "les autres.",
    },
    "bot.hand.over": {"en": "The round is over.", "fr": "La manche est terminée."},
    # Moves as the table reports them.
    "bot.move.draw": {"en": "{player} drew from the stock.", "fr": "{player} a pioché."},
    "bot.move.take": {
        "en": "{player} took the top of the discard pile.",
        "fr": "{player} a pris la carte de la défausse.",
    },
    "bot.move.leave": {
        "en": "{player} left; a computer player took the seat.",
        "fr": "{player} est parti ; un joueur ordinateur a pris sa place.",
    },
    "bot.move.timeout": {
        "en": "{move} (time ran out)",
        "fr": "{move} (temps écoulé)",
    },
    "bot.move.meld": {"en": "{player} laid {cards}.", "fr": "{player} a posé {cards}."},
    "bot.move.layoff": {
        "en": "{player} laid off {cards} on meld {meld}.",
        "fr": "{player} a ajouté {cards} à la combinaison {meld}.",
    },
    "bot.move.swap": {
        "en": "{player} swapped {card} for the joker of meld {meld}.",
        "fr": "{player} a échangé {card} contre le joker de la combinaison {meld}.",
    },
    "bot.move.discard": {"en": "{player} discarded {card}.", "fr": "{player} a défaussé {card}."},
    # Round and match ends.
    "bot.round.title": {"en": "Round {round} is over", "fr": "Fin de la manche {round}"},
    "bot.round.went_out": {"en": "{player} went out.", "fr": "{player} a fini."},
    "bot.round.rami_sec": {"en": "{player} went out in one go (rami sec)!",
                           "fr": "{player} a fini d'un coup (rami sec) !"},
    "bot.round.no_winner": {"en": "Nobody went out.", "fr": "Personne n'a fini."},
    "bot.round.line": {
        "en": "{name}: {points} this round, {total} in all",
        "fr": "{name} : {points} cette manche, {total} au total",
    },
    "bot.match.title": {"en": "The match is over", "fr": "La partie est terminée"},
    "bot.match.line": {"en": "{place}. {name}: {total}", "fr": "{place}. {name} : {total}"},
    "bot.match.winner": {"en": "{player} wins!", "fr": "{player} gagne !"},
    "bot.match.ended": {"en": "The game was stopped by {player}.",
                        "fr": "La partie a été arrêtée par {player}."},
    "bot.score.title": {"en": "Score sheet", "fr": "Feuille de score"},
    "bot.score.none": {"en": "No round finished yet.", "fr": "Aucune manche terminée."},
    # What goes wrong, and what would work.
    "bot.error.internal": {
        "en": "Something went wrong on our side; nothing was changed. Please try again.",
        "fr": "Un problème de notre côté ; rien n'a changé. Réessayez, s'il vous plaît.",
    },
    "bot.error.no_game": {
        "en": "There is no game in this channel. Start one with /rummy new.",
        "fr": "Aucune partie dans ce salon. Lancez-en une avec /rami nouvelle.",
    },
    "bot.error.guild_only": {
        "en": "Rummy is played in a server channel.",
        "fr": "Le rami se joue dans un salon de serveur.",
    },
    "bot.error.pick_cards": {
        "en": "Pick cards in the first menu, then click {button} again.",
        "fr": "Choisissez des cartes dans le premier menu, puis cliquez de nouveau sur {button}.",
    },
    "bot.error.pick_one": {
        "en": "Pick exactly one card in the first menu to discard.",
        "fr": "Choisissez une seule carte dans le premier menu pour la défausser.",
    },
    "bot.error.pick_meld": {
        "en": "Pick the table meld in the last menu, then click {button} again.",
        "fr": "Choisissez la combinaison de la table dans le dernier menu, puis cliquez de "
        "nouveau sur {button}.",
    },
    "bot.error.bad_source": {
        "en": "Draw from 'stock' or 'discard', not {source!r}.",
        "fr": "Piochez dans le 'talon' ou la 'défausse', pas {source!r}.",
    },
    "bot.error.bad_variant": {
        "en": "There is no variant {name!r}; choose one of {names}.",
        "fr": "La variante {name!r} n'existe pas ; choisissez parmi {names}.",
    },
    "bot.error.not_allowed_end": {
        "en": "Only the player who created the game or a member with Manage Server can end it.",
        "fr": "Seul le créateur de la partie ou un membre avec Gérer le serveur peut l'arrêter.",
    },
    "bot.error.not_yours": {
        "en": "This hand belongs to another player; use /rummy hand to see yours.",
        "fr": "Cette main est à un autre joueur ; utilisez /rami main pour voir la vôtre.",
    },
    "bot.error.position": {
        "en": "{token} is not a position in your hand: positions go from 1 to {count}.",
        "fr": "{token} n'est pas une position de votre main : elles vont de 1 à {count}.",
    },
    "bot.error.one_card": {
        "en": "Give exactly one card here, e.g. 7h or its position 3 (not {token!r}).",
        "fr": "Donnez une seule carte ici, p. ex. 7h ou sa position 3 (pas {token!r}).",
    },
    "bot.error.pick_one_swap": {
        "en": "Pick exactly one card in the first menu: the card the joker stands for.",
        "fr": "Choisissez une seule carte dans le premier menu : celle que remplace le joker.",
    },
    "bot.note.take": {"en": "You took {card}.", "fr": "Vous avez pris {card}."},
    "bot.note.meld": {"en": "You laid {cards}.", "fr": "Vous avez posé {cards}."},
    "bot.note.layoff": {
        "en": "You laid off {cards} on meld {meld}.",
        "fr": "Vous avez ajouté {cards} à la combinaison {meld}.",
    },
    "bot.note.swap": {
        "en": "You swapped {card} for the joker of meld {meld}.",
        "fr": "Vous avez échangé {card} contre le joker de la combinaison {meld}.",
    },
    "bot.note.discard": {"en": "You discarded {card}.", "fr": "Vous avez défaussé {card}."},
    "bot.error.option": {
        "en": "One of the options is out of range; see the command's description.",
        "fr": "Une des options est hors limites ; voyez la description de la commande.",
    },
    "bot.error.slow": {
        "en": "Still working on it…",
        "fr": "Encore un instant…",
    },
}

register_messages(COMMAND_TEXTS)
register_messages(MESSAGES)
