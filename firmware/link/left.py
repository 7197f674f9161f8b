# A game on the cable left unfinished by the other device once its deal was fixed (issue
# 37; docs/link.md, What the cable does not protect): kept in the history as left by it.
# Loaded only while linking (the linking screens) and when a game is left: the table of a
# game on the cable does without it.
from link.jack import other_name, who


def walked_off(screen, gave_up, game):
    """Linking for a new game (link.pack; the screen has app, link, pack, name and shown, the
    other's resets when this device showed its half): once the deal is fixed (both promised,
    this device's half shown) and the other's half has not come, if the other device has begun
    again since or this player gives up (gave_up), the game is kept as left unfinished by the
    other (left(): game its variant), and True. The other could know the deal (issue 37)."""
    link = screen.link
    pack = screen.pack
    shown = screen.shown
    if shown is None or pack.seed is not None or pack.problem is not None or link is None \
            or link.peer is None or not gave_up and link.resets == shown:
        return False
    screen.shown = None
    # Begun again: the note over the linking screen, whose exchange starts again (issue 37: an
    # honest reset looks the same from here, and its player has chosen the game again).
    left(screen.app, game, [screen.name, other_name(link, screen.name)], who(link)[1], stay=not gave_up)
    return True


def left(app, game, people, peer, seed=None, scores=(0, 0), current=None, stay=False):
    """A game on the cable the other device left once its deal was fixed (issue 37; link.md,
    What the cable does not protect): kept in the history as left unfinished by it (variant
    "abandoned": game, the variant it was; people, this device's name then the other's; link,
    the other's id; the seed if known and both scores as they stood), a note, then the menu.
    current: the game in progress's saved state, stamped with the record on its way to the
    history (ui.resume finishes it after a power cut), then let go. stay: the note over this
    screen (a linking screen, which goes on), else the menu under it."""
    rec = {"variant": "abandoned", "game": game, "people": people, "link": peer, "seed": seed,
           "score": scores[0], "scores": [scores[0], scores[1]], "players": 2, "date": app.date(),
           "code": None}
    saves = app.saves
    if current is not None:
        current["left"] = rec
    saves.add_game(rec, current=current)
    if current is not None:
        saves.clear_current()
    note = [people[1] + " left the game. It is kept in the history as left unfinished by " + people[1]
            + " (cribbage statistics)."]
    if stay:
        app.visit("Notice", note)
        return
    app.play = None
    app.net = None
    app.go("Notice", note)


def give_up(app, who, abandon):
    """The other device does not answer: its player may give the game up, kept in the history
    as left unfinished by the other (issue 37): at cribbage's CribWait, at a race's end."""
    app.visit("Confirm", "Give the game up?", "%s's device does not answer. The game is kept as left "
              "unfinished by %s." % (who, who), "A: give up  B: wait", abandon)
