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
