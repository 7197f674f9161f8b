# The grid games for several players: the hand-over screen (GridPass)
# and the final places (GridRank: RIGHT shows the chosen player's review, A
# records the games and asks for high scores' initials). A module of its own,
# loaded only when several play, so that a lone player's table carries none of it.
from drivers.buttons import A, B_LONG, DOWN, RIGHT, UP
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


class GridRank:
    """Several players on one deal: their places, best first. UP/DOWN pick a
    player, RIGHT shows that grid's review; A records the games."""

    def __init__(self, app):
        self.app = app
        self.play = app.play
        self.cur = 0
        self.meant = Deliberate(app)

    def order(self):
        """The players, best first (ties in seat order), with their places."""
        places = self.play.places()
        return sorted(range(len(places)), key=lambda i: (places[i], i)), places

    def key(self, k):
        n = self.play.players
        if k == A:
            if self.meant.a():
                self.play.finish()
            return
        self.meant.other()
        if k == UP or k == DOWN:
            self.cur = (self.cur + (1 if k == DOWN else -1)) % n
        elif k == RIGHT:
            self.app.visit("GridOver", self.order()[0][self.cur])
            return
        self.app.redraw()

    def draw(self, fb):
        play = self.play
        g = play.games[0]
        gfx.bar(fb, "Final places")
        order, places = self.order()
        y = 11
        for row in range(len(order)):
            i = order[row]
            lit = row == self.cur
            if lit:
                fb.fill_rect(0, y - 1, 128, 9, 1)
            c = 0 if lit else 1
            gfx.text(fb, "%d. %s" % (places[i], play.name(i)), 2, y, c)
            gfx.right(fb, "%d" % play.games[i].score, 110, y, c)
            if play.games[i].won:
                gfx.text(fb, "*", 114, y, c)
            y += 9
        gfx.text(fb, "*%d wins  > review" % g.target, 2, 56)
