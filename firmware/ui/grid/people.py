# The grid games for several players (issue 25): the hand-over screen. A module
# of its own, loaded only when several play, so that a lone player's table
# carries none of it.
from drivers.buttons import A, B_LONG
from ui import gfx
from ui.deliberate import Deliberate


class GridPass:
    """Every grid hidden while the device goes to the next player: no card on the
    glass, and no score (a score tells of a grid). A, after a pause (a burst of A
    from the last player stops here), when only that player is looking; B held pauses."""

    def __init__(self, app):
        self.app = app
        self.play = app.play
        self.meant = Deliberate(app)

    def tick(self, now):
        if self.meant.tick(now):
            self.app.redraw()

    def key(self, k):
        play = self.play
        if k == A and self.meant.a():
            play.holder = play.turn  # that player has the device
            play.show()
        elif k == B_LONG:
            self.app.visit("Pause")

    def draw(self, fb):
        play = self.play
        g = play.game
        who = play.name(play.turn)
        gfx.bar(fb, "Card %d of %d" % (g.turn + 1, g.cards))
        gfx.center(fb, who + "'s turn", 22)
        gfx.center(fb, "pass it over", 31)
        if self.meant.ready:
            gfx.center(fb, "A when only " + who, 46)
            gfx.center(fb, "is looking", 55)
