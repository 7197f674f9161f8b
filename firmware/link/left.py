# A game on the cable left unfinished by the other device once its deal was fixed (issue
# 37; docs/link.md, What the cable does not protect): kept in the history as left by it.
# Loaded only while linking (the linking screens) and when a game is left: the table of a
# game on the cable does without it.
from link.jack import peer_text


def walked_off(screen, gave_up, game, other):
    """Linking for a new game (link.pack; the screen has app, link, pack, name and shown, the
    other's resets when this device showed its half): once the deal is fixed (both promised,
    this device's half shown) and the other's half has not come, if the other device has begun
    again since or this player gives up (gave_up), the game is kept as left unfinished by the
    other (left(): game its variant, other(peer) the other's name), and True. The other could
    know the deal (issue 37)."""
    link = screen.link
    pack = screen.pack
    shown = screen.shown
    if shown is None or pack.seed is not None or pack.problem is not None or link is None \
            or link.peer is None or not gave_up and link.resets == shown:
        return False
    left(screen.app, game, [screen.name, other(link.peer)], peer_text(link.peer[3:]))
    return True


def left(app, game, people, peer, seed=None, scores=(0, 0), current=None):
    """A game on the cable the other device left once its deal was fixed (issue 37; link.md,
    What the cable does not protect): kept in the history as left unfinished by it (variant
    "abandoned": game, the variant it was; people, this device's name then the other's; link,
    the other's id; the seed if known and both scores as they stood), a note, then the menu.
    current: the game in progress's saved state, stamped with the record on its way to the
    history (ui.resume finishes it after a power cut), then let go."""
    rec = {"variant": "abandoned", "game": game, "people": people, "link": peer, "seed": seed,
           "score": scores[0], "scores": [scores[0], scores[1]], "players": 2, "date": app.date(),
           "code": None}
    saves = app.saves
    if current is not None:
        current["left"] = rec
    saves.add_game(rec, current=current)
    if current is not None:
        saves.clear_current()
    app.play = None
    app.net = None
    app.go("Notice", [people[1] + " left the game. It is kept in the history as left unfinished by "
                      + people[1] + " (cribbage statistics)."])


def give_up(app, who, abandon):
    """The other device does not answer: its player may give the game up, kept in the history
    as left unfinished by the other (issue 37): at cribbage's CribWait, at a race's end."""
    app.visit("Confirm", "Give the game up?", "%s's device does not answer. The game is kept as left "
              "unfinished by %s." % (who, who), "A: give up  B: wait", abandon)
