# Resuming the saved game: a solitaire's Play from ui.solitaire.game, cribbage's
# Crib from ui.cribbage.resume, a grid game's GridPlay from ui.grid.game (raced on the
# cable: then ui.race.solo's or ui.race.grid's, around it). Kept apart
# from the games (which import ui.saved to ask before a new one replaces it) so that
# each loads only its own; only the app and the menu use it, and the app lets it go
# with them (ui.app.HELPERS).
from rules import forget
from ui.saved import describe


def offer(app):
    """The saved game, said in words: A resumes it, B goes back."""
    app.visit("Confirm", "Resume the game?", describe(app) + " is saved.",
              "A: resume  B: back", lambda: resume(app))


def resume(app):
    """Load the saved game and show it; False if there is none (the menu is
    shown) or it cannot be resumed (it is set aside, and a note says so)."""
    data = app.saves.load_current()
    if data is None:
        app.home()
        return False
    if data.get("left") is not None:
        return _left(app, data)
    try:
        game = data.get("game")
        if game == "cribbage":
            from ui.cribbage.resume import resumed

            forget("ui.cribbage.resume")  # read once: the table does without it
        elif game == "grid":
            from ui.grid.game import resumed
        elif game == "board":
            from ui.board.game import resumed
        else:
            from ui.solitaire.game import resumed
        play = resumed(app, data)
        if game != "cribbage" and data.get("link") is not None:
            # Raced on the cable: the game read as alone, then the other's beside it.
            if game == "grid":
                from ui.race.grid import resumed as raced
            else:
                from ui.race.solo import resumed as raced
            play = raced(app, play, data)
    except (ValueError, KeyError, TypeError, IndexError) as e:
        lines = app.saves.set_aside_current(str(e))
        app.go("Notice", ["The saved game cannot be resumed."] + lines)
        return False
    app.play = play
    play.show()
    return True


def _left(app, data):
    """A game on the cable the other device left (issue 37, link.left), cut short by the
    power on its way to the history: recorded now (once: its number was stamped first), and
    said on a note; a record that is not one the device writes sets the save aside."""
    from storage.saves import rules

    rec = data["left"]
    if type(rec) is not dict or rules().game_record(dict(rec, n=1)) is not None:
        app.go("Notice", ["The saved game cannot be resumed."] + app.saves.set_aside_current("bad left"))
        return False
    app.saves.add_game(rec, current=data)
    app.saves.clear_current()
    app.go("Notice", [rec["people"][1] + " left the game. It is kept in the history as left unfinished by "
                      + rec["people"][1] + " (cribbage statistics)."])
    return False
