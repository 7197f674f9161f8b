# The saved game in progress: resuming it (a solitaire's Play from ui.game,
# cribbage's Crib from ui.cribgame, a grid game's GridPlay from ui.gridgame),
# and asking before a new game replaces it. Kept apart from the games so that
# each loads only its own; only screens use it, and the app lets it go with
# them (ui.app.HELPERS).


def offer(app):
    """The saved game, said in words: A resumes it, B goes back."""
    app.visit("Confirm", "Resume the game?", _saved_game(app) + " is saved.",
              "A: resume  B: back", lambda: resume(app))


def resume(app):
    """Load the saved game and show it; False if there is none (the menu is
    shown) or it cannot be resumed (it is set aside, and a note says so)."""
    data = app.saves.load_current()
    if data is None:
        app.go("Menu")
        return False
    try:
        game = data.get("game")
        if game == "cribbage":
            from ui.cribgame import resumed
        elif game == "grid":
            from ui.gridgame import resumed
        else:
            from ui.game import resumed
        play = resumed(app, data)
    except (ValueError, KeyError, TypeError, IndexError) as e:
        lines = app.saves.set_aside_current(str(e))
        app.go("Notice", ["The saved game cannot be resumed."] + lines)
        return False
    app.play = play
    play.show()
    return True


def ask_first(app, anew):
    """anew() starts a new game: at once, or after asking if one is saved."""
    if app.saves.has_current():
        app.visit("Confirm", "Start a new game?", _saved_game(app) + " will be lost.",
                  "A: new game  B: keep it", anew)
        return
    anew()


def _saved_game(app):
    """The saved game in a few words: "Your Patience game at deal 3 of 5"."""
    try:
        data = app.saves.load_current()
        if data.get("game") == "cribbage":
            return "Your cribbage game"
        if data.get("game") == "grid":
            return _saved_grid(data)
        from rules.match import restore
        from ui.words import SHORT

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
