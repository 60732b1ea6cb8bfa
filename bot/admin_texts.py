"""Texts of the server settings, preferences, leaderboard, statistics and forget-me commands.

Registered in the engine's catalog (``register_messages``) in English and French with
named placeholders; command and option names are ``locale_str`` keyed by their code, so
:class:`bot.i18n.RamiTranslator` gives Discord the French names.
"""

from __future__ import annotations

from discord.app_commands import locale_str

from engine.errors import register_messages, render_message


def loc(code: str) -> locale_str:
    """A command, option or choice name: the English text, translated by its code."""
    return locale_str(render_message(code, "en"), key=code)


# Command names: lower case, no spaces, at most 32 characters.
COMMAND_TEXTS: dict[str, dict[str, str]] = {
    "bot.admin.cmd.settings": {"en": "settings", "fr": "reglages"},
    "bot.admin.cmd.settings.desc": {
        "en": "Server settings (Manage Server)", "fr": "Réglages du serveur (Gérer le serveur)",
    },
    "bot.admin.cmd.show": {"en": "show", "fr": "voir"},
    "bot.admin.cmd.show.desc": {
        "en": "Show this server's settings", "fr": "Voir les réglages de ce serveur",
    },
    "bot.admin.cmd.variant": {"en": "variant", "fr": "variante"},
    "bot.admin.cmd.variant.desc": {
        "en": "Set the variant new games use", "fr": "Choisir la variante des nouvelles parties",
    },
    "bot.admin.cmd.rule": {"en": "rule", "fr": "regle"},
    "bot.admin.cmd.rule.desc": {
        "en": "Change one rule of a variant on this server",
        "fr": "Changer une règle d'une variante sur ce serveur",
    },
    "bot.admin.cmd.rule_reset": {"en": "rule-reset", "fr": "regle-effacer"},
    "bot.admin.cmd.rule_reset.desc": {
        "en": "Go back to the standard rules of a variant (one rule or all)",
        "fr": "Revenir aux règles standard d'une variante (une règle ou toutes)",
    },
    "bot.admin.cmd.timeout": {"en": "timeout", "fr": "delai"},
    "bot.admin.cmd.timeout.desc": {
        "en": "Seconds a player has for a turn before it is played for them",
        "fr": "Secondes accordées pour un tour avant qu'il soit joué à la place du joueur",
    },
    "bot.admin.cmd.language": {"en": "language", "fr": "langue"},
    "bot.admin.cmd.language.desc": {
        "en": "The server's language (players may choose their own)",
        "fr": "La langue du serveur (chaque joueur peut choisir la sienne)",
    },
    "bot.admin.cmd.channels": {"en": "channels", "fr": "salons"},
    "bot.admin.cmd.channels.desc": {
        "en": "Channels where games may be started (none: everywhere)",
        "fr": "Salons où l'on peut lancer une partie (aucun : partout)",
    },
    "bot.admin.cmd.prefs": {"en": "prefs", "fr": "preferences"},
    "bot.admin.cmd.prefs.desc": {
        "en": "Your card theme, card back, hand order and language",
        "fr": "Votre thème de cartes, dos de carte, ordre de la main et langue",
    },
    "bot.admin.cmd.leaderboard": {"en": "leaderboard", "fr": "classement"},
    "bot.admin.cmd.leaderboard.desc": {
        "en": "The best players of this server", "fr": "Les meilleurs joueurs de ce serveur",
    },
    "bot.admin.cmd.stats": {"en": "stats", "fr": "statistiques"},
    "bot.admin.cmd.stats.desc": {
        "en": "A player's statistics on this server",
        "fr": "Les statistiques d'un joueur sur ce serveur",
    },
    "bot.admin.cmd.forget": {"en": "forget-me", "fr": "oublie-moi"},
    "bot.admin.cmd.forget.desc": {
        "en": "Delete your preferences and statistics",
        "fr": "Effacer vos préférences et vos statistiques",
    },
    # Options.
    "bot.admin.opt.parameter": {"en": "parameter", "fr": "parametre"},
    "bot.admin.opt.parameter.desc": {
        "en": "The rule to change, e.g. target", "fr": "La règle à changer, p. ex. target",
    },
    "bot.admin.opt.value": {"en": "value", "fr": "valeur"},
    "bot.admin.opt.value.desc": {
        "en": "Its new value, e.g. 500, true, one",
        "fr": "Sa nouvelle valeur, p. ex. 500, vrai, one",
    },
    "bot.admin.opt.variant.desc": {
        "en": "Which variant (default: the server's)",
        "fr": "Quelle variante (par défaut : celle du serveur)",
    },
    "bot.admin.opt.seconds": {"en": "seconds", "fr": "secondes"},
    "bot.admin.opt.seconds.desc": {
        "en": "From 15 to 86400", "fr": "De 15 à 86400",
    },
    "bot.admin.opt.language": {"en": "language", "fr": "langue"},
    "bot.admin.opt.language.desc": {"en": "English, French or automatic",
                                    "fr": "Anglais, français ou automatique"},
    "bot.admin.opt.action": {"en": "action", "fr": "action"},
    "bot.admin.opt.action.desc": {
        "en": "Add or remove a channel, or allow every channel",
        "fr": "Ajouter ou retirer un salon, ou autoriser tous les salons",
    },
    "bot.admin.opt.channel": {"en": "channel", "fr": "salon"},
    "bot.admin.opt.channel.desc": {
        "en": "Which channel (default: this one)", "fr": "Quel salon (par défaut : celui-ci)",
    },
    "bot.admin.opt.theme": {"en": "theme", "fr": "theme"},
    "bot.admin.opt.theme.desc": {"en": "Colours of your pictures",
                                 "fr": "Couleurs de vos images"},
    "bot.admin.opt.back": {"en": "back", "fr": "dos"},
    "bot.admin.opt.back.desc": {"en": "Colour of the card backs",
                                "fr": "Couleur du dos des cartes"},
    "bot.admin.opt.sort": {"en": "sort", "fr": "tri"},
    "bot.admin.opt.sort.desc": {"en": "Order of your hand", "fr": "Ordre de votre main"},
    "bot.admin.opt.period": {"en": "period", "fr": "periode"},
    "bot.admin.opt.period.desc": {"en": "All time, this month or this week",
                                  "fr": "Depuis toujours, ce mois-ci ou cette semaine"},
    "bot.admin.opt.member": {"en": "member", "fr": "membre"},
    "bot.admin.opt.member.desc": {"en": "Whose statistics (default: yours)",
                                  "fr": "Les statistiques de qui (par défaut : les vôtres)"},
    # Choices.
    "bot.admin.choice.en": {"en": "English", "fr": "anglais"},
    "bot.admin.choice.fr": {"en": "French", "fr": "français"},
    "bot.admin.choice.auto": {"en": "automatic", "fr": "automatique"},
    "bot.admin.choice.add": {"en": "add", "fr": "ajouter"},
    "bot.admin.choice.remove": {"en": "remove", "fr": "retirer"},
    "bot.admin.choice.clear": {"en": "allow every channel", "fr": "autoriser tous les salons"},
    "bot.admin.choice.all": {"en": "all time", "fr": "depuis toujours"},
    "bot.admin.choice.month": {"en": "this month", "fr": "ce mois-ci"},
    "bot.admin.choice.week": {"en": "this week", "fr": "cette semaine"},
    "bot.admin.theme.classic": {"en": "classic", "fr": "classique"},
    "bot.admin.theme.four-colour": {"en": "four colours", "fr": "quatre couleurs"},
    "bot.admin.theme.dark": {"en": "dark", "fr": "sombre"},
    "bot.admin.theme.dark-four-colour": {"en": "dark, four colours",
                                         "fr": "sombre, quatre couleurs"},
    "bot.admin.back.blue": {"en": "blue", "fr": "bleu"},
    "bot.admin.back.red": {"en": "red", "fr": "rouge"},
    "bot.admin.back.green": {"en": "green", "fr": "vert"},
    "bot.admin.back.black": {"en": "black", "fr": "noir"},
}

MESSAGES: dict[str, dict[str, str]] = {
    # Server settings.
    "bot.admin.refused": {
        "en": "Only members with the Manage Server permission can change Rami's settings "
        "on this server.",
        "fr": "Seuls les membres ayant la permission Gérer le serveur peuvent changer les "
        "réglages de Rami sur ce serveur.",
    },
    "bot.admin.title": {"en": "Rami settings of this server",
                        "fr": "Réglages de Rami sur ce serveur"},
    "bot.admin.default_variant": {"en": "Default variant: {variant}",
                                  "fr": "Variante par défaut : {variant}"},
    "bot.admin.timeout": {"en": "Turn time-out: {seconds} s",
                          "fr": "Délai par tour : {seconds} s"},
    "bot.admin.language": {"en": "Server language: {language}",
                           "fr": "Langue du serveur : {language}"},
    "bot.admin.language.none": {"en": "each player's own", "fr": "celle de chaque joueur"},
    "bot.admin.channels": {"en": "Games allowed in: {channels}",
                           "fr": "Parties autorisées dans : {channels}"},
    "bot.admin.channels.all": {"en": "every channel", "fr": "tous les salons"},
    "bot.admin.overrides": {"en": "Rule changes: {changes}",
                            "fr": "Règles modifiées : {changes}"},
    "bot.admin.overrides.none": {"en": "none (standard rules)", "fr": "aucune (règles standard)"},
    "bot.admin.saved": {"en": "Saved.", "fr": "Enregistré."},
    "bot.admin.variant_set": {
        "en": "New games on this server now use {variant}.",
        "fr": "Les nouvelles parties de ce serveur utilisent maintenant {variant}.",
    },
    "bot.admin.rule_set": {
        "en": "{variant}: {parameter} is now {value} on this server. Games already "
        "running keep their rules.",
        "fr": "{variant} : {parameter} vaut maintenant {value} sur ce serveur. Les parties "
        "en cours gardent leurs règles.",
    },
    "bot.admin.rule_reset": {
        "en": "{variant}: {parameter} is back to its standard value.",
        "fr": "{variant} : {parameter} revient à sa valeur standard.",
    },
    "bot.admin.rules_reset": {
        "en": "{variant}: every rule is back to standard.",
        "fr": "{variant} : toutes les règles reviennent au standard.",
    },
    "bot.admin.rule_not_set": {
        "en": "{variant}: {parameter} was not changed on this server; nothing to reset.",
        "fr": "{variant} : {parameter} n'a pas été changé sur ce serveur ; rien à effacer.",
    },
    "bot.admin.effective": {"en": "Rules of {variant} on this server",
                            "fr": "Règles de {variant} sur ce serveur"},
    "bot.admin.effective.legend": {"en": "★ changed on this server",
                                   "fr": "★ modifié sur ce serveur"},
    "bot.admin.timeout_set": {
        "en": "A player now has {seconds} s for a turn.",
        "fr": "Un joueur a maintenant {seconds} s pour son tour.",
    },
    "bot.admin.language_set": {
        "en": "Server language: {language}.", "fr": "Langue du serveur : {language}.",
    },
    "bot.admin.channel_added": {"en": "Games may be started in {channel}.",
                                "fr": "On peut lancer une partie dans {channel}."},
    "bot.admin.channel_removed": {"en": "Games may no longer be started in {channel}.",
                                  "fr": "On ne peut plus lancer de partie dans {channel}."},
    "bot.admin.channels_cleared": {"en": "Games may be started in every channel.",
                                   "fr": "On peut lancer une partie dans tous les salons."},
    "bot.admin.bad_setting": {
        "en": "That value cannot be saved: {detail}",
        "fr": "Cette valeur ne peut pas être enregistrée : {detail}",
    },
    # Preferences.
    "bot.prefs.title": {"en": "Your preferences", "fr": "Vos préférences"},
    "bot.prefs.line": {
        "en": "Theme: {theme} · card back: {back} · hand: {sort} · language: {language}",
        "fr": "Thème : {theme} · dos : {back} · main : {sort} · langue : {language}",
    },
    "bot.prefs.saved": {"en": "Saved; your next hand picture uses them.",
                        "fr": "Enregistré ; votre prochaine image de main les utilise."},
    "bot.prefs.auto": {"en": "automatic", "fr": "automatique"},
    "bot.prefs.bad": {"en": "That preference cannot be saved: {detail}",
                      "fr": "Cette préférence ne peut pas être enregistrée : {detail}"},
    # Leaderboard and statistics.
    "bot.board.title": {"en": "Leaderboard · {scope} · {period}",
                        "fr": "Classement · {scope} · {period}"},
    "bot.board.all_variants": {"en": "all variants", "fr": "toutes variantes"},
    "bot.board.line": {
        "en": "{rank}. {name}: {won} won of {played}, {rounds} rounds won, {points} points",
        "fr": "{rank}. {name} : {won} gagnées sur {played}, {rounds} manches gagnées, "
        "{points} points",
    },
    "bot.board.empty": {
        "en": "No finished match on this server for {scope}, {period}.",
        "fr": "Aucune partie terminée sur ce serveur pour {scope}, {period}.",
    },
    "bot.stats.title": {"en": "Statistics of {name}", "fr": "Statistiques de {name}"},
    "bot.stats.line": {
        "en": "{variant}: {played} played, {won} won, {rounds} rounds won, {points} points, "
        "{secs} rami secs",
        "fr": "{variant} : {played} jouées, {won} gagnées, {rounds} manches gagnées, "
        "{points} points, {secs} rami secs",
    },
    "bot.stats.total": {"en": "All variants", "fr": "Toutes variantes"},
    "bot.stats.none": {
        "en": "{name} has not finished a match on this server yet.",
        "fr": "{name} n'a encore terminé aucune partie sur ce serveur.",
    },
    # Forget me.
    "bot.forget.ask": {
        "en": "This deletes your preferences and your statistics, on every server. Matches "
        "you played stay in the others' history as \"deleted player\". It cannot be undone. "
        "Delete?",
        "fr": "Cela efface vos préférences et vos statistiques, sur tous les serveurs. Les "
        "parties jouées restent dans l'historique des autres, sous « joueur supprimé ». "
        "C'est définitif. Effacer ?",
    },
    "bot.forget.confirm": {"en": "Delete my data", "fr": "Effacer mes données"},
    "bot.forget.cancel": {"en": "Keep it", "fr": "Garder"},
    "bot.forget.done": {
        "en": "Done: your preferences and statistics are deleted ({total} records).",
        "fr": "C'est fait : vos préférences et statistiques sont effacées "
        "({total} enregistrements).",
    },
    "bot.forget.kept": {"en": "Nothing was deleted.", "fr": "Rien n'a été effacé."},
    "bot.forget.not_yours": {
        "en": "Only the player who asked can answer this; use /rummy forget-me for your "
        "own data.",
        "fr": "Seul le joueur qui l'a demandé peut répondre ; utilisez /rami oublie-moi "
        "pour vos propres données.",
    },
}

register_messages(COMMAND_TEXTS)
register_messages(MESSAGES)
