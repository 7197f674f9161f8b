# The saved game in progress, in words, and asking before a new game replaces it.
# The games import this; resuming one is ui.resume's, which imports the games.


def ask_first(app, anew):
    """anew() starts a new game: at once, or after asking if one is saved."""
    if app.saves.has_current():
        app.visit("Confirm", "Start a new game?", describe(app) + " will be lost.",
                  "A: new game  B: keep it", anew)
        return
    anew()


def describe(app):
    """The saved game in a few words: "Your Patience game at deal 3 of 5"."""
    try:
        data = app.saves.load_current()
        if data.get("game") == "cribbage":
            return "Your cribbage game"
        if data.get("game") == "board":
            return "The game on the board"
        if data.get("game") == "grid":
            return _saved_grid(data)
        from rules.match import restore
        from ui.calls import SHORT

        g = restore(data).games[0]
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        return "Your saved game"
    s = "Your " + SHORT[g.kind] + " game"
    return s + (", over but not yet recorded," if g.over else " at deal %d of %d" % (
        g.round, g.deals))


def _saved_grid(data):
    """"Your Poker Patience game at card 7 of 25", from the first player's grid."""
    from binascii import unhexlify

    from rules.grids import load

    g = load(unhexlify(data["grids"][0]))
    if g.over:
        return "Your " + g.title + " game, over but not yet recorded,"
    return "Your %s game at card %d of %d" % (g.title, g.turn + 1, g.cards)
