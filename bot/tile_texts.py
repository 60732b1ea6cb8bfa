"""The bot's texts for tile rummy and computer levels, in English and French.

Command names: lower case, no spaces, at most 32 characters (Discord's rule).
"""

from __future__ import annotations

from engine.errors import register_messages

TILE_TEXTS: dict[str, dict[str, str]] = {
    # Commands: /rummy tiles … (/rami tuiles …) and /rummy level (/rami niveau).
    "bot.cmd.tiles": {"en": "tiles", "fr": "tuiles"},
    "bot.cmd.tiles.desc": {"en": "Tile rummy: play your turn",
                           "fr": "Rami des tuiles : jouer votre tour"},
    "bot.cmd.tplay": {"en": "play", "fr": "jouer"},
    "bot.cmd.tplay.desc": {
        "en": "Lay new sets from your rack and confirm (sets separated by |)",
        "fr": "Poser de nouvelles séries de votre chevalet et valider (séparées par |)",
    },
    "bot.cmd.tnew": {"en": "new", "fr": "nouvelle"},
    "bot.cmd.tnew.desc": {"en": "Start a new set on your draft",
                          "fr": "Commencer une nouvelle série sur votre brouillon"},
    "bot.cmd.tadd": {"en": "add", "fr": "ajouter"},
    "bot.cmd.tadd.desc": {"en": "Add rack tiles to a set of the draft",
                          "fr": "Ajouter des tuiles du chevalet à une série du brouillon"},
    "bot.cmd.tmove": {"en": "move", "fr": "deplacer"},
    "bot.cmd.tmove.desc": {"en": "Move tiles from one set to another (or to a new set)",
                           "fr": "Déplacer des tuiles d'une série à une autre (ou une nouvelle)"},
    "bot.cmd.tsplit": {"en": "split", "fr": "couper"},
    "bot.cmd.tsplit.desc": {"en": "Cut a set in two before a tile",
                            "fr": "Couper une série en deux avant une tuile"},
    "bot.cmd.ttakeback": {"en": "takeback", "fr": "reprendre"},
    "bot.cmd.ttakeback.desc": {
        "en": "Take tiles you placed this turn back to your rack",
        "fr": "Reprendre sur votre chevalet des tuiles posées pendant ce tour",
    },
    "bot.cmd.tundo": {"en": "undo", "fr": "annuler"},
    "bot.cmd.tundo.desc": {"en": "Undo your last change",
                           "fr": "Annuler votre dernière modification"},
    "bot.cmd.treset": {"en": "reset", "fr": "recommencer"},
    "bot.cmd.treset.desc": {"en": "Back to the table as it was at the start of your turn",
                            "fr": "Revenir à la table du début de votre tour"},
    "bot.cmd.tconfirm": {"en": "confirm", "fr": "valider"},
    "bot.cmd.tconfirm.desc": {"en": "Lay your draft (every set must be valid)",
                              "fr": "Poser votre brouillon (chaque série doit être valide)"},
    "bot.cmd.tdraw": {"en": "draw", "fr": "piocher"},
    "bot.cmd.tdraw.desc": {"en": "Draw a tile: ends your turn, the draft is discarded",
                           "fr": "Piocher une tuile : fin du tour, le brouillon est abandonné"},
    "bot.cmd.tpass": {"en": "pass", "fr": "passer"},
    "bot.cmd.tpass.desc": {"en": "Pass (only when the pool is empty)",
                           "fr": "Passer (seulement quand la pioche est vide)"},
    "bot.cmd.thint": {"en": "hint", "fr": "conseil"},
    "bot.cmd.thint.desc": {"en": "Show privately the best play (nothing is played)",
                           "fr": "Voir en privé le meilleur coup (rien n'est joué)"},
    "bot.cmd.tarrange": {"en": "arrange", "fr": "arranger"},
    "bot.cmd.tarrange.desc": {
        "en": "Fit these rack tiles into the table on your draft, for you to confirm",
        "fr": "Placer ces tuiles du chevalet sur la table de votre brouillon, à valider",
    },
    "bot.cmd.level": {"en": "level", "fr": "niveau"},
    "bot.cmd.level.desc": {"en": "Change a computer player's level",
                           "fr": "Changer le niveau d'un joueur ordinateur"},
    "bot.opt.tiles": {"en": "tiles", "fr": "tuiles"},
    "bot.opt.tiles.desc": {"en": "Tiles, e.g. k5 k6 k7 (or rack positions 1 2 3)",
                           "fr": "Des tuiles, p. ex. k5 k6 k7 (ou positions 1 2 3)"},
    "bot.opt.sets.desc": {"en": "Sets separated by |, e.g. k5 k6 k7 | r9 b9 o9",
                          "fr": "Séries séparées par |, p. ex. k5 k6 k7 | r9 b9 o9"},
    "bot.opt.set": {"en": "set", "fr": "serie"},
    "bot.opt.set.desc": {"en": "Set number as shown", "fr": "Numéro de la série affiché"},
    "bot.opt.front": {"en": "front", "fr": "devant"},
    "bot.opt.front.desc": {"en": "Put the tiles in front of the set",
                           "fr": "Mettre les tuiles au début de la série"},
    "bot.opt.from": {"en": "from", "fr": "de"},
    "bot.opt.from.desc": {"en": "Set the tiles come from", "fr": "Série d'où viennent les tuiles"},
    "bot.opt.to": {"en": "to", "fr": "vers"},
    "bot.opt.to.desc": {"en": "Set they go to (leave empty: a new set)",
                        "fr": "Série où elles vont (vide : une nouvelle série)"},
    "bot.opt.at": {"en": "at", "fr": "position"},
    "bot.opt.at.desc": {"en": "Cut before this tile (1 = first)",
                        "fr": "Couper avant cette tuile (1 = la première)"},
    "bot.opt.seat": {"en": "seat", "fr": "place"},
    "bot.opt.seat.desc": {"en": "The computer player's seat",
                          "fr": "La place du joueur ordinateur"},
    "bot.opt.level": {"en": "level", "fr": "niveau"},
    "bot.opt.level.desc": {"en": "easy, medium or hard", "fr": "facile, moyen ou difficile"},
    # Levels.
    "bot.level.easy": {"en": "easy ★", "fr": "facile ★"},
    "bot.level.medium": {"en": "medium ★★", "fr": "moyen ★★"},
    "bot.level.hard": {"en": "hard ★★★", "fr": "difficile ★★★"},
    "bot.button.add_ai_level": {"en": "Computer: {level}", "fr": "Ordinateur : {level}"},
    "bot.level.changed": {
        "en": "{name} now plays at level {level}.",
        "fr": "{name} joue maintenant au niveau {level}.",
    },
    # The rack message.
    "bot.tiles.title": {"en": "Your rack ({count} tiles)", "fr": "Votre chevalet ({count} tuiles)"},
    "bot.tiles.turn": {
        "en": "Your turn: lay tiles (menu + Arrange for me, or /rummy tiles play), then Confirm; "
        "or Draw a tile.",
        "fr": "À vous : posez des tuiles (menu + Arranger pour moi, ou /rami tuiles jouer), puis "
        "Valider ; ou Piochez une tuile.",
    },
    "bot.tiles.turn_empty": {
        "en": "Your turn: lay tiles, or Pass (the pool is empty).",
        "fr": "À vous : posez des tuiles, ou Passez (la pioche est vide).",
    },
    "bot.tiles.draft": {"en": "**Your draft** (not laid yet):",
                        "fr": "**Votre brouillon** (pas encore posé) :"},
    "bot.tiles.unfinished": {"en": "(not valid yet)", "fr": "(pas encore valide)"},
    "bot.tiles.select": {"en": "Pick tiles, then Arrange for me",
                         "fr": "Choisissez des tuiles, puis Arranger pour moi"},
    "bot.tiles.button.draw": {"en": "Draw tile", "fr": "Piocher une tuile"},
    "bot.tiles.button.pass": {"en": "Pass", "fr": "Passer"},
    "bot.tiles.button.undo": {"en": "Undo", "fr": "Annuler"},
    "bot.tiles.button.reset": {"en": "Reset", "fr": "Recommencer"},
    "bot.tiles.button.confirm": {"en": "Confirm", "fr": "Valider"},
    "bot.tiles.button.hint": {"en": "Hint", "fr": "Conseil"},
    "bot.tiles.button.arrange": {"en": "Arrange for me", "fr": "Arranger pour moi"},
    "bot.tiles.hint": {
        "en": "Best play ({count} tiles, {points} points): lay {tiles}.\nThe table would be:\n"
        "{table}\nNothing was played: use Arrange for me or the commands, then Confirm.",
        "fr": "Meilleur coup ({count} tuiles, {points} points) : posez {tiles}.\nLa table "
        "serait :\n{table}\nRien n'a été joué : utilisez Arranger pour moi ou les commandes, "
        "puis Valider.",
    },
    "bot.tiles.no_hint": {
        "en": "No play lays a tile from your rack now ({why}): draw a tile.",
        "fr": "Aucun coup ne pose de tuile de votre chevalet maintenant ({why}) : piochez.",
    },
    "bot.tiles.no_hint.opening": {"en": "the opening needs 30 points from the rack alone",
                                  "fr": "l'ouverture demande 30 points du chevalet seul"},
    "bot.tiles.no_hint.play": {"en": "no set can take them", "fr": "aucune série ne les accepte"},
    "bot.tiles.no_arrangement": {
        "en": "{tiles} cannot be fitted into a valid table. Nothing changed.",
        "fr": "{tiles} ne peuvent pas former une table valide. Rien n'a changé.",
    },
    "bot.tiles.pick": {
        "en": "Pick tiles of your rack in the menu first, then press {button}.",
        "fr": "Choisissez d'abord des tuiles de votre chevalet dans le menu, puis {button}.",
    },
    "bot.tiles.not_tiles": {
        "en": "This is a card game: use /rummy meld, layoff, swap and discard.",
        "fr": "C'est une partie de cartes : utilisez /rami poser, ajouter, echanger, defausser.",
    },
    "bot.tiles.not_your_turn": {
        "en": "It is not your turn: the hint and the editing are for your own turn.",
        "fr": "Ce n'est pas votre tour : le conseil et les modifications sont pour votre tour.",
    },
    "bot.note.tiles.edit": {"en": "Draft: {what}.", "fr": "Brouillon : {what}."},
    "bot.note.tiles.newset": {"en": "new set {tiles}", "fr": "nouvelle série {tiles}"},
    "bot.note.tiles.add": {"en": "{tiles} added to set {set}",
                           "fr": "{tiles} ajoutées à la série {set}"},
    "bot.note.tiles.move": {"en": "{tiles} moved from set {source} to {target}",
                            "fr": "{tiles} déplacées de la série {source} vers {target}"},
    "bot.note.tiles.new_set": {"en": "a new set", "fr": "une nouvelle série"},
    "bot.note.tiles.split": {"en": "set {set} cut before tile {at}",
                             "fr": "série {set} coupée avant la tuile {at}"},
    "bot.note.tiles.takeback": {"en": "{tiles} taken back from set {set}",
                                "fr": "{tiles} reprises de la série {set}"},
    "bot.note.tiles.undo": {"en": "last change undone", "fr": "dernière modification annulée"},
    "bot.note.tiles.reset": {"en": "back to the start of your turn",
                             "fr": "retour au début de votre tour"},
    "bot.note.tiles.laid": {"en": "You laid your tiles.", "fr": "Vous avez posé vos tuiles."},
    "bot.note.tiles.arranged": {
        "en": "Arranged {tiles} on your draft: press Confirm to lay it.",
        "fr": "{tiles} placées sur votre brouillon : appuyez sur Valider pour poser.",
    },
    "bot.move.tiles_laid": {"en": "{player} played on the table.",
                            "fr": "{player} a joué sur la table."},
    "bot.move.tiles_edit": {"en": "{player} is working on the table…",
                            "fr": "{player} prépare son coup…"},
    "bot.move.draw_tile": {"en": "{player} drew a tile.", "fr": "{player} a pioché une tuile."},
    "bot.move.pass": {"en": "{player} passed.", "fr": "{player} a passé."},
    "bot.tiles.table.pool": {"en": "Pool: {stock} tiles", "fr": "Pioche : {stock} tuiles"},
    "bot.tiles.table.seat": {
        "en": "{name}: {cards} tiles, {score} points{opened}",
        "fr": "{name} : {cards} tuiles, {score} points{opened}",
    },
    "bot.tiles.table.melds": {"en": "Sets on the table", "fr": "Séries posées"},
    "bot.tiles.table.no_melds": {"en": "No sets yet.", "fr": "Aucune série."},
    "bot.tiles.sort.suit": {"en": "by colour", "fr": "par couleur"},
    "bot.tiles.sort.rank": {"en": "by number", "fr": "par numéro"},
    "bot.tiles.sort.own": {"en": "as drawn", "fr": "ordre d'arrivée"},
    "bot.rules.tiles.commands": {
        "en": "Tiles: /rummy tiles play, new, add, move, split, takeback, undo, reset, confirm, "
        "draw, pass, hint, arrange. Tiles are written k5 (black), b7 (blue), o12 (orange), "
        "r1 (red), jk.",
        "fr": "Tuiles : /rami tuiles jouer, nouvelle, ajouter, deplacer, couper, reprendre, "
        "annuler, recommencer, valider, piocher, passer, conseil, arranger. Les tuiles "
        "s'écrivent k5 (noir), b7 (bleu), o12 (orange), r1 (rouge), jk.",
    },
}

register_messages(TILE_TEXTS)
